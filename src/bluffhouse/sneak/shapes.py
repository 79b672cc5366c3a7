"""Sneak's actions, events and view, as ``TypedDict``\\ s (see :mod:`bluffhouse.shapes`)."""

from typing import Any, Literal, NotRequired, TypedDict

from ..shapes import Card, GameOverEvent, ViewCore


# ---------------------------------------------------------------------- actions
class DrawAction(TypedDict):
    type: Literal["draw"]


class PassAction(TypedDict):
    """Decline to challenge a lead."""

    type: Literal["pass"]


class LeadAction(TypedDict):
    """Lead ``cards`` face down (sneak) or face up (flaunt), or challenge a lead with them."""

    type: Literal["sneak", "flaunt", "challenge"]
    cards: list[Card]


SneakAction = DrawAction | PassAction | LeadAction


# ---------------------------------------------------------------------- events
class DealStartEvent(TypedDict):
    type: Literal["deal_start"]
    deal: int
    dealer: int
    stock_size: int
    hand_sizes: list[int]
    out_of_play: NotRequired[int]
    cards: NotRequired[list[Card]]  # the viewer's own hand


class DrawEvent(TypedDict):
    type: Literal["draw"]
    seat: int
    stock_size: int
    card: NotRequired[Card]  # to the drawer only


class LeadEvent(TypedDict):
    """A lead: a flaunt shows its cards and names its combo; a sneak shows them only to its
    player; a challenge likewise until the reveal."""

    type: Literal["flaunt", "sneak", "challenge"]
    seat: int
    count: int
    cards: NotRequired[list[Card]]
    combo: NotRequired[str]


class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int


class WonEvent(TypedDict):
    """A lead nobody challenged: its player wins its cards (a sneak's unseen)."""

    type: Literal["won"]
    seat: int
    kind: Literal["sneak", "flaunt"]
    count: int
    challenged: bool
    cards: NotRequired[list[Card]]


class RevealPlay(TypedDict):
    seat: int
    cards: list[Card]
    combo: str


class RevealEvent(TypedDict):
    """A challenged lead: every play turned up, the winner takes them all."""

    type: Literal["reveal"]
    kind: Literal["sneak", "flaunt"]
    winner: int
    count: int
    plays: list[RevealPlay]


class UncontestedEvent(TypedDict):
    type: Literal["uncontested"]
    seat: int
    count: int
    cards: NotRequired[list[Card]]


class DealEndEvent(TypedDict):
    type: Literal["deal_end"]
    deal: int
    won: list[int]
    scores: list[int]


SneakEvent = (
    DealStartEvent
    | DrawEvent
    | LeadEvent
    | PassEvent
    | WonEvent
    | RevealEvent
    | UncontestedEvent
    | DealEndEvent
    | GameOverEvent
)


# ---------------------------------------------------------------------- the view
class SneakView(ViewCore):
    stock_size: int
    won: list[int]
    scores: list[int]
    target: int
    packs: int
    deal: int
    dealer: int
    deal_scores: list[list[int]]
    phase: str
    turn: int | None
    started: list[bool]
    sneaking: bool
    lead_limit: int | None
    lead: dict[str, Any] | None
    challenges: list[Any]
    challenged: list[int]
    declined: list[int]
    out_of_play: int
