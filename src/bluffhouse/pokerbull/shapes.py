"""Poker Bull's actions, events and view, as ``TypedDict``\\ s (see :mod:`bluffhouse.shapes`).
A bid is its text (``"pair K"``, ``"two_pair K 9"``, ``"flush H A"``; :mod:`.bids` has the
grammar)."""

from typing import Any, Literal, NotRequired, TypedDict

from ..shapes import Card, GameOverEvent, OutEvent, ViewCore


# ---------------------------------------------------------------------- actions
class BidAction(TypedDict):
    type: Literal["bid"]
    bid: str


class CallAction(TypedDict):
    type: Literal["call"]


PokerBullAction = BidAction | CallAction


# ---------------------------------------------------------------------- events
class DealEvent(TypedDict):
    """A hand dealt: its number, each seat's card count, who bids first, the jokers in."""

    type: Literal["deal"]
    hand: int
    sizes: list[int]
    starter: int
    jokers: int


class OwnDealEvent(DealEvent):
    cards: list[Card]  # the viewer's own cards


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    bid: str


class ShowdownEvent(TypedDict):
    """A call: every hand shown, whether the bid (or a higher hand, by the rules) is there,
    the best hand, and who loses."""

    type: Literal["call"]
    hand: int
    caller: int
    bidder: int
    bid: str
    hands: list[list[Card]]
    exists: bool
    higher_exists: bool
    best: str
    #: The cards of ``hands`` that make the best hand (absent from games saved before it was kept).
    best_cards: NotRequired[list[Card]]
    loser: int


class LoseEvent(TypedDict):
    type: Literal["lose"]
    seat: int
    cards_next: int


class RechargeEvent(TypedDict):
    type: Literal["recharge"]
    seats: list[int]
    sizes: list[int]


class JokersLeaveEvent(TypedDict):
    type: Literal["jokers_leave"]
    cards_in_play: int


PokerBullEvent = (
    DealEvent
    | OwnDealEvent
    | BidEvent
    | ShowdownEvent
    | LoseEvent
    | RechargeEvent
    | JokersLeaveEvent
    | OutEvent
    | GameOverEvent
)


# ---------------------------------------------------------------------- the view
class PokerBullView(ViewCore):
    bid: str | None
    bidder: int | None
    turn: int | None
    starter: int | None
    dealt: list[int]
    out: list[int]
    hand_number: int
    history: list[dict[str, Any]]
    can_call: bool
    cards_in_play: int
    deck_size: int
    jokers: int
    recharged: bool
    showdown: dict[str, Any] | None
