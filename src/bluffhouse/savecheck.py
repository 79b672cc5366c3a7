"""The checks a save passes before it becomes a game: shapes of JSON values, declared as data.

A family declares the shape of each of its state fields (``Game.STATE_SHAPES``) with the small
constructors below; ``Game._from_data`` checks every field against its shape, then the
family's own consistency rules (card conservation, phases, seats), then the whole game.
Each shape is a function ``(value, game, what)`` that returns nothing or raises
:class:`SaveError` naming the field (``what``) and quoting the bad value briefly.  Checks are
linear in the size of the save, so a load takes bounded time for any text of bounded size.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from .cards import CARD_TEXT
from .errors import SaveError, quote

if TYPE_CHECKING:
    from .game import Game

Shape = Callable[[Any, "Game", str], None]

#: The largest count or number a save may hold where the game sets no tighter bound.
BIG = 1 << 53
#: How deeply JSON containers may nest in a free-form part of a save (events, result extras).
JSON_DEPTH = 6
#: Where ``listing``'s length is the number of players.
PLAYERS = -1
_CARD_TEXTS = frozenset(CARD_TEXT)


def damaged(what: str, problem: str) -> SaveError:
    """The error for a save whose ``what`` has ``problem``."""
    return SaveError(f"the saved game is damaged: {what} {problem}")


def whole(low: int = 0, high: int = BIG) -> Shape:
    """An int (not a bool or a float) from ``low`` to ``high``."""

    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not int or not low <= value <= high:
            raise damaged(what, f"must be a whole number from {low} to {high}, not {quote(value)}")

    return check


def seat(*also: int) -> Shape:
    """A seat of the game (``0..players-1``), or one of the sentinels ``also`` (like -1)."""

    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not int or not (0 <= value < game.players or value in also):
            extra = "".join(f" or {a}" for a in also)
            raise damaged(
                what, f"must be a seat from 0 to {game.players - 1}{extra}, not {quote(value)}"
            )

    return check


def flag() -> Shape:
    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not bool:
            raise damaged(what, f"must be true or false, not {quote(value)}")

    return check


def choice(*options: str) -> Shape:
    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not str or value not in options:
            raise damaged(what, f"must be one of {', '.join(options)}, not {quote(value)}")

    return check


def text(most: int = 200) -> Shape:
    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not str or len(value) > most:
            raise damaged(what, f"must be text of at most {most} characters, not {quote(value)}")

    return check


def optional(shape: Shape) -> Shape:
    """``None`` or a value of ``shape``."""

    def check(value: Any, game: Game, what: str) -> None:
        if value is not None:
            shape(value, game, what)

    return check


def listing(
    item: Shape, length: int | None = None, most: int = BIG, distinct: bool = False
) -> Shape:
    """A list of ``item``s: exactly ``length`` of them (``PLAYERS``: one per seat), or at most
    ``most``; ``distinct``: no value twice."""

    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not list:
            raise damaged(what, f"must be a list, not {quote(value)}")
        size = game.players if length == PLAYERS else length
        if size is not None and len(value) != size:
            raise damaged(what, f"must hold {size} entries, not {len(value)}")
        if len(value) > most:
            raise damaged(what, f"may hold at most {most} entries, not {len(value)}")
        _each(item, value, game, what)
        if distinct and len(set(value)) != len(value):
            raise damaged(what, f"names a value twice: {quote(value)}")

    return check


def _each(item: Shape, values: list[Any], game: Game, what: str) -> None:
    """``item`` on each of ``values``; the error names the first bad one by its index (the
    names are made only then: a save has many values)."""
    try:
        for x in values:
            item(x, game, what)
    except SaveError:
        for i, x in enumerate(values):
            item(x, game, f"{what}[{i}]")
        raise


def per_seat(item: Shape) -> Shape:
    """A list holding one ``item`` per seat."""
    return listing(item, length=PLAYERS)


def seats(*also: int) -> Shape:
    """A list of distinct seats."""
    return listing(seat(*also), most=64, distinct=True)


def cards(most: int = 1000) -> Shape:
    """A list of cards (ints ``0..52``; whether the packs hold them is the family's check)."""
    slow = listing(whole(0, 52), most=most)

    def check(value: Any, game: Game, what: str) -> None:
        if (
            type(value) is list
            and len(value) <= most
            and all(type(c) is int for c in value)
            and (not value or (min(value) >= 0 and max(value) <= 52))
        ):
            return
        slow(value, game, what)  # words the problem

    return check


def card_texts(most: int = 1000) -> Shape:
    """A list of cards as texts, in the canonical spelling (``"AS"``, ``"TD"``, ``"JK"``)."""

    def check(value: Any, game: Game, what: str) -> None:
        listing(text(2), most=most)(value, game, what)
        for card in value:
            if card not in _CARD_TEXTS:
                raise damaged(what, f"holds {quote(card)}, which is not a card")

    return check


def record(fields: Mapping[str, Shape], optional: Mapping[str, Shape] | None = None) -> Shape:
    """A dict with exactly the keys of ``fields`` (and any of ``optional``), each value of its
    shape."""
    every = {**fields, **(optional or {})}

    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not dict:
            raise damaged(what, f"must be a dict, not {quote(value)}")
        if value.keys() != fields.keys() and not fields.keys() <= value.keys() <= every.keys():
            missing = [k for k in fields if k not in value]
            extra = [k for k in value if k not in every]
            words = []
            if missing:
                words.append(f"lacks {', '.join(missing)}")
            if extra:
                words.append(f"has unknown key(s) {quote(extra)}")
            raise damaged(what, " and ".join(words))
        for key, x in value.items():
            every[key](x, game, f"{what}.{key}")

    return check


def row(*shapes: Shape) -> Shape:
    """A list of fixed length, each position of its own shape."""

    def check(value: Any, game: Game, what: str) -> None:
        if type(value) is not list or len(value) != len(shapes):
            raise damaged(what, f"must be a list of {len(shapes)} entries, not {quote(value)}")
        for i, (x, shape) in enumerate(zip(value, shapes, strict=True)):
            shape(x, game, f"{what}[{i}]")

    return check


def json_value(depth: int = JSON_DEPTH) -> Shape:
    """Any value the engine itself could have written into a free-form part (text, whole
    numbers, true/false, null, lists and string-keyed dicts), nested at most ``depth`` deep."""

    def check(value: Any, game: Game, what: str) -> None:
        problem = _json(value, depth)
        if problem:
            raise damaged(what, problem)

    return check


def _json(value: Any, depth: int) -> str:
    """What is wrong with ``value`` as a free-form JSON part ("" if nothing)."""
    kind = type(value)
    if kind is str or kind is bool or value is None:
        return ""
    if kind is int:
        return "" if -BIG <= value <= BIG else f"holds a number out of range: {quote(value)}"
    if kind is list or kind is dict:
        if depth <= 0:
            return "is nested too deeply"
        if kind is dict:
            for k, v in value.items():
                if type(k) is not str:  # pragma: no cover - JSON keys are text
                    return f"has a key that is not text: {quote(k)}"
                problem = _json(v, depth - 1)
                if problem:
                    return problem
        else:
            for v in value:
                problem = _json(v, depth - 1)
                if problem:
                    return problem
        return ""
    return f"holds {quote(value)}, which a save never holds"


def check_events(events: Any, game: Game) -> None:
    """The log: a list of events, each ``[public]`` or ``[public, [[seat, private], ...]]``,
    where ``public`` is a dict with a text ``"type"`` and the parts are plain JSON values."""
    if type(events) is not list:
        raise damaged("events", f"must be a list, not {quote(events)}")
    players = game.players
    for i, event in enumerate(events):
        if type(event) is not list or not 1 <= len(event) <= 2:
            raise damaged(
                f"events[{i}]", f"must be [public] or [public, private], not {quote(event)}"
            )
        public = event[0]
        if type(public) is not dict or type(public.get("type")) is not str:
            raise damaged(
                f"events[{i}]", f"must start with a dict that has a 'type', not {quote(public)}"
            )
        problem = _json(public, JSON_DEPTH - 1)
        if len(event) == 2:
            private = event[1]
            if type(private) is not list or not private:
                raise damaged(
                    f"events[{i}]",
                    f"has a private part that is not a list of [seat, dict]: {quote(private)}",
                )
            for entry in private:
                if (
                    type(entry) is not list
                    or len(entry) != 2
                    or type(entry[0]) is not int
                    or not 0 <= entry[0] < players
                    or type(entry[1]) is not dict
                ):
                    raise damaged(
                        f"events[{i}]",
                        f"has a private part that is not a list of [seat, dict]: {quote(private)}",
                    )
                problem = problem or _json(entry[1], JSON_DEPTH - 1)
        if problem:
            raise damaged(f"events[{i}]", problem)


def check_result(result: Any, game: Game) -> None:
    """``None``, or the result of a finished game: ``winner`` (a seat or None), ``ranking``
    (distinct seats), ``scores`` (one whole number per seat) and the family's extra keys."""
    if result is None:
        return
    if type(result) is not dict:
        raise damaged("result", f"must be null or a dict, not {quote(result)}")
    for key in ("winner", "ranking", "scores"):
        if key not in result:
            raise damaged("result", f"lacks {key}")
    optional(seat())(result["winner"], game, "result.winner")
    seats()(result["ranking"], game, "result.ranking")
    per_seat(whole(-BIG, BIG))(result["scores"], game, "result.scores")
    json_value(JSON_DEPTH - 1)(result, game, "result")


def check_rng(rng: Any) -> tuple[Any, ...]:
    """The state of a ``random.Random`` as ``to_json`` writes it: ``[3, [624 words and a
    position], gauss]``; returned as ``setstate`` takes it."""
    if type(rng) is not list or len(rng) != 3:
        raise damaged("rng", "must be [version, state, gauss]")
    version, internal, gauss = rng
    if version != 3 or type(version) is not int:
        raise damaged("rng", f"has version {quote(version)}; only version 3 is known")
    if type(internal) is not list or len(internal) != 625:
        raise damaged("rng", "must hold 625 numbers (624 words and a position)")
    words = internal[:624]
    if not (all(type(w) is int for w in words) and min(words) >= 0 and max(words) < 1 << 32):
        bad = next(w for w in words if type(w) is not int or not 0 <= w < 1 << 32)
        raise damaged("rng", f"holds {quote(bad)}, which is not a 32-bit word")
    pos = internal[624]
    if type(pos) is not int or not 0 <= pos <= 624:
        raise damaged("rng", f"has position {quote(pos)}; it must be from 0 to 624")
    if gauss is not None and (
        type(gauss) is not float or gauss != gauss or gauss in (float("inf"), float("-inf"))
    ):
        raise damaged("rng", f"has gauss {quote(gauss)}; it must be null or a number")
    return (version, tuple(internal), gauss)


def same_cards(
    found: Iterable[int], expected: Counter[int], where: str, text: Callable[[int], str]
) -> None:
    """Card conservation: the cards ``found`` across the state are exactly ``expected`` (a
    multiset); the error names a card that is missing, extra, or held too often."""
    have = Counter(found)
    if have == expected:
        return
    for card, count in sorted(have.items()):
        if count > expected.get(card, 0):
            times = expected.get(card, 0)
            raise damaged(
                where,
                f"hold {text(card)} {count} time(s), but the game has it "
                f"{times} time(s): a card is duplicated",
            )
    for card, count in sorted(expected.items()):
        if have.get(card, 0) < count:
            raise damaged(where, f"lack {text(card)}: a card of the game is missing")
    raise damaged(where, "do not hold the cards of the game")  # pragma: no cover


def within_cards(
    found: Iterable[int], packs: Counter[int], where: str, text: Callable[[int], str]
) -> None:
    """The cards of a deal come from the packs: none that the packs lack, none more often
    than the packs hold it.  A deal may leave cards out (CONTRACT: undealt cards are out of
    play for that game), so fewer is fine."""
    for card, count in sorted(Counter(found).items()):
        if count > packs.get(card, 0):
            raise damaged(
                where,
                f"hold {text(card)} {count} time(s), but the packs have it "
                f"{packs.get(card, 0)} time(s): a card is duplicated",
            )


def sorted_cards(hands: list[list[int]], what: str) -> None:
    """Hands are kept in order (the views show them so, and listing plays relies on it)."""
    for s, hand in enumerate(hands):
        if any(a > b for a, b in pairwise(hand)):
            raise damaged(f"{what}[{s}]", "is not in card order")


def seats_among(found: Iterable[int], allowed: Iterable[int], what: str, why: str) -> None:
    """Each seat ``found`` (a field's seats: a window, a list of bidders, the seat on turn) is
    one of ``allowed`` (those that may be there, typically the seats still in the game);
    else the error names the first that is not and says ``why`` it cannot be."""
    permitted = set(allowed)
    for s in found:
        if s not in permitted:
            raise damaged(what, f"names seat {s}, {why}")
