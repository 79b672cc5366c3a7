"""The shapes of what crosses the engine's boundary, shared by every family: cards as text,
the events every family logs, a finished game's result and the keys every view has.

Each family adds its own in ``<family>/shapes.py`` (its actions, its events, its view's
extra keys), so that a bot, a front end or a test can name the exact JSON it reads.  They are
``TypedDict``\\ s: the engine's values stay plain dicts and lists (a view is JSON as it is),
and strict mypy checks code that annotates with them.  ``tests/core/test_shapes.py`` plays
every preset and checks each action, event and view against them, key by key and type by
type, so the shapes cannot drift from what the engine sends.
"""

from typing import Any, Literal, NotRequired, TypedDict

#: A card as text: rank then suit (``"TS"`` is the ten of spades), or ``"JK"`` for a joker.
Card = str
#: A rank as text: ``"A"``, ``"2"`` .. ``"9"``, ``"T"``, ``"J"``, ``"Q"``, ``"K"``, or
#: ``"JK"`` (the jokers' rank, where a rule lets them be claimed).
Rank = str
#: A suit as text: ``"S"``, ``"H"``, ``"D"`` or ``"C"``.
Suit = str


class GameOverEvent(TypedDict):
    """The last event of every game.  ``winner`` is None for a shared win; ``end`` says how
    a game ended that did not end the usual way (``"stalled"``)."""

    type: Literal["game_over"]
    winner: int | None
    ranking: list[int]
    end: NotRequired[str]


class OutEvent(TypedDict):
    """A player is out of cards (the Cheat family: done, at ``place``) or out of the game
    (Poker Bull)."""

    type: Literal["out"]
    seat: int
    place: int


class Result(TypedDict):
    """A finished game's result (``Game.result``, and a view's ``result``): the winner (None
    for a shared win), every seat from first to last, and the scores; the family adds its own
    keys (cards left, hands played, sips...)."""

    winner: int | None
    ranking: list[int]
    scores: list[Any]


class ViewCore(TypedDict):
    """The keys of every family's view (``Game.view(seat)``; ``seat`` None is a spectator's,
    which holds no hand).  ``events`` is the seat's redacted log from ``since``; ``rules``
    (the rules in force) is in every seated view, and in a spectator's where the family
    shows it."""

    game: str
    seat: int | None
    players: int
    hand: list[Card]
    hand_sizes: list[int]
    to_act: list[int]
    over: bool
    result: dict[str, Any] | None
    version: int
    rules: NotRequired[dict[str, Any]]
    events: list[dict[str, Any]]
