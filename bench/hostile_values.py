"""What a stranger might send the engine, built once for the fuzzer and for the tests.

bench/fuzz_engine.py draws from a ``random.Random`` for hours; tests/hostile_util.py draws
through hypothesis (to shrink what it finds).  Both build the same hostile values (actions
of any JSON-like shape, legal actions bent out of shape, damaged saves) from these
builders, which take their choices from a :class:`Chooser`: :class:`RandomChooser` here, a
hypothesis ``draw`` in the tests.  Each action builder returns ``(value, code)``: the value,
and a Python expression that rebuilds it (the fuzzer's reproducers print it; huge numbers
and deep nesting cannot be written with ``repr()`` or as JSON).

It imports only the standard library and the package's card names (the package never
imports it, nor anything under tests/).
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, Protocol, TypeVar

from bluffhouse.cards import CARD_TEXT

_T = TypeVar("_T")
Made = tuple[Any, str]

#: Card-like texts: every card, and near misses (lower case, "10H", padding, doubled).
CARDISH = [*CARD_TEXT, "as", "10H", "1H", "7X", " AS", "JK ", "", "A", "QQ", "AS AS"]
#: Words of every family's actions, bids and fields.
WORDS = [
    "play",
    "call",
    "pass",
    "believe",
    "check",
    "bid",
    "cheat",
    "accuse",
    "show",
    "draw",
    "sneak",
    "flaunt",
    "challenge",
    "hide",
    "give",
    "peek",
    "pair 7",
    "flush S J",
    "high A",
    "five A",
    "straight_flush H 9",
    "royal_flush S natural",
    "two_pair K 9",
    "trips",
    "A",
    "K",
    "7",
    "JK",
    "S",
    "H",
    "type",
    "cards",
    "claim",
    "rank",
    "count",
    "suit",
    "seat",
    "turn",
    "window",
    "over",
    "natural",
    "pair",
]
#: Stands for a deeply nested value in a save's text (json.dumps cannot write one).
DEEP_MARK = "__deep__"


class Chooser(Protocol):
    """Where the builders take their choices from."""

    def integer(self, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high`` (both included)."""
        ...

    def pick(self, options: Sequence[_T]) -> _T:
        """One of ``options``."""
        ...


class RandomChooser:
    """Choices from a ``random.Random`` (the fuzzer)."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def integer(self, low: int, high: int) -> int:
        return self.rng.randint(low, high)

    def pick(self, options: Sequence[_T]) -> _T:
        return self.rng.choice(options)


def chance(c: Chooser, percent: int) -> bool:
    """True ``percent`` times in a hundred."""
    return c.integer(0, 99) < percent


def nest(depth: int, leaf: Any = None, kind: str = "list") -> Any:
    """``leaf`` inside ``depth`` lists (or dicts under "type")."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"type": value}
    return value


# ====================================================================== actions
def leaf(c: Chooser) -> Made:
    """A hostile scalar: None, bools, small, huge and past-str() numbers, floats with NaN
    and infinities, card-like text, action words, odd unicode, long text, a huge list of
    one card, or a value nested thousands deep."""
    pick = c.integer(0, 15)
    if pick == 0:
        return None, "None"
    if pick == 1:
        b = c.pick([True, False])
        return b, repr(b)
    if pick in (2, 3):
        n = c.integer(-3, 12)
        return n, repr(n)
    if pick == 4:
        k = c.pick([19, 30, 63, 64, 100, 400, 4299, 4301, 5000, 20000])
        sign = c.pick([1, -1])
        return sign * 10**k, f"{'-' if sign < 0 else ''}10**{k}"
    if pick == 5:
        x = c.pick([0.0, 1.0, 2.5, -1.0, 1e308, math.inf, -math.inf, math.nan])
        return x, f"float({str(x)!r})"
    if pick in (6, 7):
        t = c.pick(CARDISH)
        return t, repr(t)
    if pick in (8, 9):
        t = c.pick(WORDS)
        return t, repr(t)
    if pick == 10:
        t = "".join(
            chr(c.integer(32, 126) if chance(c, 50) else c.integer(0x80, 0x2FFF))
            for _ in range(c.integer(0, 11))
        )
        return t, repr(t)
    if pick == 11:
        base = c.pick(["x", "AS ", "pair ", "\u00e9", "["])
        times = c.pick([100, 5000, 300_000])
        return base * times, f"{base!r} * {times}"
    if pick == 12:
        n = c.integer(50, 100_000)
        return ["AS"] * n, f"['AS'] * {n}"
    depth = c.pick([50, 999, 1001, 5000, 50_000, 200_000])
    inner, inner_code = c.pick([(None, "None"), ("AS", "'AS'"), (1, "1")])
    kind = c.pick(["list", "dict"])
    return _nested(depth, inner, kind), f"nest({depth}, {inner_code}, {kind!r})"


#: ``leaf``'s few deep values, each made once (the engine never changes its input, so one
#: object serves every input that uses it; 200,000 levels take a while to build).
_nested = functools.cache(nest)


def value(c: Chooser, depth: int = 0) -> Made:
    """Any JSON-like value (and a few that are not: NaN, huge ints), sometimes a container."""
    if depth > 2 or chance(c, 60):
        return leaf(c)
    if chance(c, 50):
        items = [value(c, depth + 1) for _ in range(c.integer(0, 4))]
        return [v for v, _ in items], "[" + ", ".join(code for _, code in items) + "]"
    pairs = [(key(c), value(c, depth + 1)) for _ in range(c.integer(0, 4))]
    out = {k: v for (k, _), (v, _) in pairs}
    code = "{" + ", ".join(f"{kc}: {vc}" for (_, kc), (_, vc) in pairs) + "}"
    return out, code


def key(c: Chooser) -> Made:
    """A dict key: mostly a known word, sometimes junk, sometimes very long."""
    if chance(c, 80):
        t = c.pick(WORDS)
        return t, repr(t)
    base = c.pick(["x", "type", "k"])
    times = c.pick([1, 3, 100, 100_000])
    return base * times, f"{base!r} * {times}"


def bent(c: Chooser, legal: list[dict[str, Any]]) -> Made:
    """A legal action bent out of shape (a key's value replaced, a key added or removed, a
    card or a claim field spoiled, the type replaced), or an action of some other shape."""
    if not legal or chance(c, 15):
        kind = c.pick(WORDS)
        parts: dict[Any, tuple[Any, str, str]] = {"type": (kind, repr("type"), repr(kind))}
        for _ in range(c.integer(0, 2)):
            (k, kc), (v, vc) = key(c), value(c)
            parts[k] = (v, kc, vc)
        return _dict(parts)
    base = json.loads(json.dumps(c.pick(legal)))
    parts = {k: (v, repr(k), repr(v)) for k, v in base.items()}
    how = c.integer(0, 5)
    names = list(parts)
    if how == 0:
        name = c.pick(names)
        v, vc = value(c)
        parts[name] = (v, repr(name), vc)
    elif how == 1:
        (k, kc), (v, vc) = key(c), value(c)
        parts[k] = (v, kc, vc)
    elif how == 2 and len(names) > 1:
        del parts[c.pick(names[1:])]
    elif how == 3 and isinstance(base.get("cards"), list) and base["cards"]:
        cards = [(card, repr(card)) for card in base["cards"]]
        cards[c.integer(0, len(cards) - 1)] = value(c)
        parts["cards"] = (
            [card for card, _ in cards],
            "'cards'",
            "[" + ", ".join(code for _, code in cards) + "]",
        )
    elif how == 4 and isinstance(base.get("claim"), dict):
        claim = {k: (v, repr(k), repr(v)) for k, v in base["claim"].items()}
        field_name = c.pick(["rank", "count", "suit", "extra"])
        v, vc = value(c)
        claim[field_name] = (v, repr(field_name), vc)
        inner, inner_code = _dict(claim)
        parts["claim"] = (inner, "'claim'", inner_code)
    elif how == 5:
        if chance(c, 50):
            return value(c)
        v, vc = value(c)
        parts["type"] = (v, "'type'", vc)
    return _dict(parts)


def _dict(parts: dict[Any, tuple[Any, str, str]]) -> Made:
    """A dict and its code from {key: (value, key code, value code)}."""
    return (
        {k: v for k, (v, _, _) in parts.items()},
        "{" + ", ".join(f"{kc}: {vc}" for _, kc, vc in parts.values()) + "}",
    )


# ====================================================================== damaged saves
def save_value(c: Chooser) -> Any:
    """A value to put in a save where it does not belong: wrong types, out of range, huge,
    a phase or card word, lists of numbers, a deeply nested list (``DEEP_MARK``)."""
    pick = c.integer(0, 7)
    if pick == 0:
        return c.pick(
            [
                None,
                True,
                False,
                "",
                "x" * 5000,
                DEEP_MARK,
                [],
                {},
                1.0,
                0.5,
                1e308,
                [0],
                [[]],
                {"type": "deal"},
                [[{"type": "x"}]],
                [1] * 2000,
            ]
        )
    if pick == 1:
        return c.pick([10**400, -(10**400), 2**53 + 1, 2**64, -1, 2**70, -(2**70)])
    if pick == 2:
        return c.pick(["turn", "window", "over", "AS", "JK", "pair 7", "jump", "bid"])
    if pick == 3:
        return [c.integer(-1, 60) for _ in range(c.integer(0, 7))]
    if pick == 4:
        return [[c.integer(-1, 60)] for _ in range(c.integer(0, 4))]
    if pick == 5:
        return {"type": c.pick(WORDS), "seat": c.integer(-1, 9)}
    if pick == 6:
        return "".join(chr(c.integer(32, 0x2FFF)) for _ in range(c.integer(0, 8)))
    return c.integer(-3, 60)


def damage(c: Chooser, text: str) -> str:
    """``text`` (a save) with one part spoiled: a value replaced (wrong type, out of range,
    huge, deeply nested), a key or entry deleted, an entry duplicated, a number moved, or a
    card moved from one list to another (which keeps the cards conserved)."""
    data = json.loads(text)
    if chance(c, 20):
        move_a_card(c, data)
    else:
        parent: Any = data
        k: Any = c.pick(["state"] * 3 + list(data))
        if k == "state":
            parent, k = data["state"], c.pick(list(data["state"]))
        while _children(parent[k]) and chance(c, 60):
            parent, k = parent[k], c.pick(_children(parent[k]))
        how = c.integer(0, 4)
        old = parent[k]
        if how == 1:
            del parent[k]
        elif how == 2 and type(parent) is list:
            parent.insert(k, json.loads(json.dumps(old)))
        elif how == 3 and type(old) is int:
            parent[k] = old + c.pick([-1, 1, -100, 100, 2**40, -(2**40)])
        else:
            parent[k] = save_value(c)
    out = json.dumps(data, separators=(",", ":"))
    depth = c.pick([100, 1001, 20_000, 100_000, 200_000])
    return out.replace(f'"{DEEP_MARK}"', "[" * depth + "]" * depth)


def _children(node: Any) -> list[Any]:
    if type(node) is dict:
        return list(node)
    if type(node) is list:
        return list(range(len(node)))
    return []


def move_a_card(c: Chooser, data: dict[str, Any]) -> None:
    """One card of a save moved from where it is to another hand or pile (of any family's
    card-holding fields), kept in order there."""
    state = data["state"]
    holders: list[list[Any]] = []
    for name in ("hands", "pile", "discarded", "hidden", "stock", "won", "out"):
        v = state.get(name)
        if type(v) is list and v and all(type(h) is list for h in v):
            holders.extend(v)
        elif type(v) is list and all(type(card) is int for card in v):
            holders.append(v)
    full = [h for h in holders if h]
    if full:
        source = c.pick(full)
        target = c.pick(holders)
        target.append(source.pop(c.integer(0, len(source) - 1)))
        target.sort()


def transplant(c: Chooser, text: str, donor: str, fields: Sequence[str] = ()) -> str:
    """``text`` (a save) with one to three state fields (of ``fields``, or of any that
    differ) taken from ``donor``, another save of the same game, sometimes its ``to_act``
    too, and sometimes one seat's whole hand moved to another's: each part plausible (and
    the cards conserved), the whole possibly a state that play never reaches."""
    data, other = json.loads(text), json.loads(donor)
    state, given = data["state"], other["state"]
    names = [k for k in (fields or list(state)) if k in given and given[k] != state.get(k)]
    for _ in range(c.integer(1, 3) if names else 0):
        name = c.pick(names)
        state[name] = given[name]
    if chance(c, 50):
        data["to_act"] = other["to_act"]
    hands = state.get("hands")
    if chance(c, 25) and type(hands) is list and all(type(h) is list for h in hands):
        full = [s for s, h in enumerate(hands) if h]
        if len(full) > 1:
            seat = c.pick(full)
            to = c.pick([s for s in full if s != seat])
            hands[to] = sorted(hands[to] + hands[seat])
            hands[seat] = []
    return json.dumps(data, separators=(",", ":"))


# ====================================================================== checks
def _apply_drawn(game: Any, seat: int, rng: random.Random) -> None:
    """One action drawn for ``seat`` (not listed: listing may be slow), applied."""
    game.apply(seat, game.sample_action(seat, rng))


def plays_on(
    text: str,
    game: Any,
    rng: random.Random,
    steps: int,
    run: Callable[[Callable[[], Any]], Any] = lambda act: act(),
) -> None:
    """The contract for a save that loaded: ``game`` (loaded from ``text``) saves as the same
    game (a rule the save leaves out takes its default) and plays on ``steps`` random
    actions, every seat to act drawing one first and the views JSON (every viewer's at the
    start and when the game ends, one viewer's in turn every tenth step between: a view of a
    long game is a large text); AssertionError (or the engine's own exception) if not.
    ``run`` runs each action (the fuzzer times them)."""
    saved, now = json.loads(text), json.loads(game.to_json())
    if not now["rules"].items() >= saved.pop("rules").items():
        raise AssertionError("the loaded game has other rules")
    del now["rules"]
    if now != saved:
        raise AssertionError("the loaded game differs from the save")
    viewers = (None, *range(game.players))
    for step in range(steps):
        if step == 0 or game.over:
            for seat in viewers:
                json.dumps(game.view(seat))
        elif step % 10 == 0:
            json.dumps(game.view(viewers[step // 10 % len(viewers)]))
        if game.over:
            break
        for seat in game.to_act:  # each may act (drawn, not listed: listing may be slow)
            if not game.sample_action(seat, random.Random(1))["type"]:
                raise AssertionError(f"seat {seat} drew an action with no type")
        seat = game.to_act[rng.randrange(len(game.to_act))]
        run(partial(_apply_drawn, game, seat, rng))
