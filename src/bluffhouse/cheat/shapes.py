"""The Cheat family's actions, events and view, as ``TypedDict``\\ s (see
:mod:`bluffhouse.shapes`)."""

from typing import Any, Literal, NotRequired, TypedDict

from ..shapes import Card, GameOverEvent, OutEvent, Rank, Suit, ViewCore


# ---------------------------------------------------------------------- actions
class Claim(TypedDict):
    """What a play says it is: ``count`` cards of ``rank`` (and of ``suit`` under
    Specificity)."""

    rank: Rank
    count: int
    suit: NotRequired[Suit]


class PlayAction(TypedDict):
    type: Literal["play"]
    cards: list[Card]
    claim: Claim


class CallAction(TypedDict):
    type: Literal["call"]


class PassAction(TypedDict):
    """Pass the turn (pick up the pile, or let the round go by, by the rules' ``turn_pass``),
    or let a play stand in a call window."""

    type: Literal["pass"]


class BelieveAction(TypedDict):
    type: Literal["believe"]


class CheckAction(TypedDict):
    type: Literal["check"]


class BidAction(TypedDict):
    """Spanish Bluff's bidding: how many of the highest rank it holds."""

    type: Literal["bid"]
    count: int
    rank: NotRequired[Rank]


class TableCheatAction(TypedDict):
    """British Cheat's table cheats: hide ``cards``, give ``cards`` to ``seat``, or peek at a
    card of ``seat``'s."""

    type: Literal["cheat"]
    cheat: Literal["hide", "give", "peek"]
    cards: NotRequired[list[Card]]
    seat: NotRequired[int]


class AccuseAction(TypedDict):
    type: Literal["accuse"]
    seat: int


class ShowAction(TypedDict):
    """Answering a call (``call_answer``): the cards laid, or ``cards`` of the hand swapped
    in."""

    type: Literal["show"]
    cards: NotRequired[list[Card]]


CheatAction = (
    PlayAction
    | CallAction
    | PassAction
    | BelieveAction
    | CheckAction
    | BidAction
    | TableCheatAction
    | AccuseAction
    | ShowAction
)


# ---------------------------------------------------------------------- events
class DealEvent(TypedDict):
    type: Literal["deal"]
    hand_sizes: list[int]
    dealer: int
    cards: NotRequired[list[Card]]  # the viewer's own hand


class FirstPlayerEvent(TypedDict):
    type: Literal["first_player"]
    seat: int
    why: str
    face_up: NotRequired[list[Card]]


class PlayEvent(TypedDict):
    """A play: the claim in public; ``laid`` where a count may lie (the cards really laid);
    the cards themselves only to the player."""

    type: Literal["play"]
    seat: int
    rank: Rank
    count: int
    suit: NotRequired[Suit]
    laid: NotRequired[int]
    cards: NotRequired[list[Card]]


class CallEvent(TypedDict):
    """A call (or, with ``word`` "I believe", a belief) settled: the cards turned over,
    whether the claim was true, whether the caller was right."""

    type: Literal["call", "believe"]
    seat: int
    target: int
    cards: list[Card]
    truthful: bool
    right: bool
    word: str
    swapped_in: NotRequired[list[Card]]
    swapped_out: NotRequired[list[Card]]


class TurnedOverEvent(TypedDict):
    """``lie_out_takes_pile``: a play that emptied a hand stood uncalled and is turned over;
    it was a lie, so its player takes the pile instead of going out."""

    type: Literal["turned_over"]
    seat: int
    cards: list[Card]


class CalledEvent(TypedDict):
    """A call under ``call_answer``: the called player answers before it is settled."""

    type: Literal["called"]
    seat: int
    target: int
    word: str


class CheckEvent(TypedDict):
    type: Literal["check"]
    seat: int
    target: int
    cards: NotRequired[list[Card]]  # to the checker only


class SeatEvent(TypedDict):
    """An event that names only its seat: ``decline`` (let a play stand), ``bid_pass``."""

    type: Literal["decline", "bid_pass"]
    seat: int


class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int
    pickup: NotRequired[bool]


class TakeEvent(TypedDict):
    """A seat takes the pile (``from`` another seat: a call's pile handed on)."""

    type: Literal["take"]
    seat: int
    count: int
    cards: NotRequired[list[Card]]  # to the taker (and the giver) only


TakeFromEvent = TypedDict(
    "TakeFromEvent",
    {
        "type": Literal["take"],
        "seat": int,
        "count": int,
        "from": int,
        "cards": NotRequired[list[Card]],
    },
)


class PileGoneEvent(TypedDict):
    """The pile leaves play: ``discard`` (everyone passed: Bluff), ``removed`` (a called lie's
    pile under ``after_call`` rules)."""

    type: Literal["discard", "removed"]
    count: int
    leader: NotRequired[int]


class CardsGoneEvent(TypedDict):
    """Cards leave play: ``set_aside`` (a set of four), ``lost`` (a player out by a rule)."""

    type: Literal["set_aside", "lost"]
    seat: int
    cards: list[Card]
    why: NotRequired[str]


class CupEvent(TypedDict):
    type: Literal["cup"]
    seat: int
    sips: int


class PourEvent(TypedDict):
    type: Literal["pour"]
    seat: int
    kings: int
    cup: int


class SpanishBidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    count: int
    rank: Rank


class TableCheatEvent(TypedDict):
    """A table cheat: public is only that ``seat`` did one; the details go to the seats it
    touches (``cheat``: hide, give, given, peek)."""

    type: Literal["cheat_private"]
    seat: int
    cheat: NotRequired[Literal["hide", "give", "given", "peek"]]
    cards: NotRequired[list[Card]]
    to: NotRequired[int]
    at: NotRequired[int]


TableCheatSeenEvent = TypedDict(
    "TableCheatSeenEvent",
    {
        "type": Literal["cheat_private"],
        "seat": int,
        "cheat": Literal["given"],
        "from": int,
        "cards": list[Card],
    },
)


class AccuseEvent(TypedDict):
    type: Literal["accuse"]
    seat: int
    target: int
    caught: bool
    cheats: list[str]


CheatEvent = (
    DealEvent
    | FirstPlayerEvent
    | PlayEvent
    | CallEvent
    | CalledEvent
    | CheckEvent
    | SeatEvent
    | PassEvent
    | TakeEvent
    | TakeFromEvent
    | PileGoneEvent
    | CardsGoneEvent
    | CupEvent
    | PourEvent
    | SpanishBidEvent
    | TableCheatEvent
    | TurnedOverEvent
    | TableCheatSeenEvent
    | AccuseEvent
    | OutEvent
    | GameOverEvent
)


# ---------------------------------------------------------------------- the view
class LastPlay(TypedDict):
    """The play that may be called: who, the claim, and how many cards were laid."""

    seat: int
    rank: Rank
    count: int
    laid: int
    caller: NotRequired[int]  # under call_answer, once called


class StandingBid(TypedDict):
    """Spanish Bluff: the highest bid so far."""

    seat: int
    count: int


class CheatView(ViewCore):
    """A seat's view of a Cheat-family game: the core keys and the table's public state;
    ``cup`` (King's Cup), ``bid`` (bidding for the lead) and ``hidden`` / ``hidden_sizes``
    (table cheats) where the rules have them, ``table`` (the engine's bookkeeping as the seat
    may know it) in a seated view only."""

    phase: str
    turn: int | None
    leading: bool
    pile_size: int
    claim_rank: Rank | None
    claim_ranks: list[Rank] | None
    claim_suit: Suit | None
    last_play: LastPlay | None
    finished: list[int]
    lost: list[int]
    discarded: int
    sips: list[int]
    call_word: str
    cup: NotRequired[int]
    bid: NotRequired[StandingBid | None]
    hidden: NotRequired[list[Card]]
    hidden_sizes: NotRequired[list[int]]
    table: NotRequired[dict[str, Any]]
