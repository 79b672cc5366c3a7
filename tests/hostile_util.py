"""Shared helpers for the hostile-input tests: games at many points of random play, and
hypothesis strategies for what a stranger might send (any JSON-like value, nested, huge,
wrong in type or shape, or a legal action bent out of shape)."""

from __future__ import annotations

import functools
import json
import random
from typing import Any

from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.cards import CARD_TEXT
from bluffhouse.registry import presets

#: The longest refusal message accepted as "short": what a message quotes of the input is
#: cut to 60 characters; the longest fixed texts (the list of the Cheat family's options in
#: "unknown option") are about 450.
MESSAGE_LIMIT = 600

PRESET_IDS = [p.id for p in presets()]
#: A few presets of every family, covering the unusual phases (bids, jump-in, table cheats,
#: suit claims, count lies, grow mode, two packs).
SAMPLE_IDS = [
    "bluff", "specificity", "anything_goes_cheat", "jump_in", "spanish_bluff", "eightshit",
    "poker_bull_rising", "sneak",
]


@functools.cache
def states(game_id: str, seed: int = 0, players: int | None = None,
           at: tuple[int, ...] = (0, 5, 30, 120, 400)) -> tuple[str, ...]:
    """Saves of one random game of ``game_id`` after the given numbers of actions (those it
    reaches) and at its end (or after 600 actions), as JSON text."""
    game = bh.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    saves = []
    steps = 0
    while True:
        if steps in at:
            saves.append(game.to_json())
        if game.over or steps == 600:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))
        steps += 1
    if steps not in at:
        saves.append(game.to_json())
    return tuple(saves)


def nest(depth: int, leaf: Any = 1, kind: str = "list") -> Any:
    """``leaf`` inside ``depth`` lists (or dicts)."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"type": value}
    return value


# --------------------------------------------------------------------- strategies
CARDISH = [*CARD_TEXT, "as", "10H", "1H", "7X", " AS", "JK ", "", "A", "QQ"]
WORDS = ["play", "call", "pass", "believe", "check", "bid", "cheat", "accuse", "show", "draw",
         "sneak", "flaunt", "challenge", "hide", "give", "peek", "pair 7", "flush S J",
         "high A", "five A", "straight_flush H 9", "royal_flush S natural", "trips", "A", "K",
         "7", "JK", "S", "H", "type", "cards", "claim", "rank", "count", "suit", "seat"]

leaves = st.one_of(
    st.none(), st.booleans(),
    st.integers(-3, 12), st.integers(), st.integers(10**20, 10**30),
    st.sampled_from([-(10**400), 2**63, -1]),
    st.integers(4400, 6000).map(lambda digits: -(10**digits)),  # past str()'s 4300 digits
    st.floats(allow_nan=True, allow_infinity=True), st.sampled_from([1.0, 0.0, 2.5]),
    st.text(max_size=12), st.sampled_from(CARDISH), st.sampled_from(WORDS),
    st.sampled_from(["x" * 5000, "AS " * 3000, "pair " * 2000]),
)
json_like = st.recursive(
    leaves,
    lambda inner: st.lists(inner, max_size=5)
    | st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), inner,
                      max_size=5),
    max_leaves=12,
)
deep = st.builds(nest, st.integers(50, 20_000), st.none() | st.just("AS"),
                 st.sampled_from(["list", "dict"]))
hostile = st.one_of(json_like, deep, st.builds(lambda n: ["AS"] * n, st.integers(50, 100_000)))


@st.composite
def bent_action(draw: st.DrawFn, legal: list[dict[str, Any]]) -> Any:
    """A legal action bent out of shape: a key's value replaced, a key added or removed, a
    card or claim field spoiled, or an action of another game's shape."""
    if not legal or draw(st.integers(0, 9)) == 0:
        kind = draw(st.sampled_from(WORDS))
        return {"type": kind, **draw(st.dictionaries(st.sampled_from(WORDS), hostile,
                                                     max_size=3))}
    action = json.loads(json.dumps(draw(st.sampled_from(legal))))
    how = draw(st.integers(0, 5))
    keys = list(action)
    if how == 0:
        action[draw(st.sampled_from(keys))] = draw(hostile)
    elif how == 1:
        action[draw(st.sampled_from(WORDS) | st.text(max_size=8))] = draw(hostile)
    elif how == 2:
        del action[draw(st.sampled_from(keys))]
    elif how == 3 and isinstance(action.get("cards"), list) and action["cards"]:
        cards = action["cards"]
        cards[draw(st.integers(0, len(cards) - 1))] = draw(hostile)
    elif how == 4 and isinstance(action.get("claim"), dict):
        claim = action["claim"]
        claim[draw(st.sampled_from(["rank", "count", "suit", "extra"]))] = draw(hostile)
    else:
        action = draw(hostile)
    return action


def seats_for(game: bh.Game) -> st.SearchStrategy[Any]:
    """Mostly seats that may act, sometimes any seat, sometimes something else entirely."""
    return st.one_of(
        st.sampled_from(game.to_act or [0]), st.integers(0, game.players - 1),
        st.sampled_from([-1, game.players, 1.0, True, False, None, "0", [0], 10**100]),
        hostile,
    )


# --------------------------------------------------------------------- damaged saves
#: Stands for a deeply nested value in a save's text (json.dumps cannot write one).
DEEP_MARK = "__deep__"
save_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(-(2**70), 2**70),
    st.sampled_from([10**400, -(10**400), 2**53 + 1, 1.0, 0.5, 1e308, "", "x" * 5000,
                     "turn", "window", "over", "AS", "JK", "pair 7", DEEP_MARK, [], {},
                     [0], [[]], {"type": "deal"}, [[{"type": "x"}]], [1] * 2000]),
    st.text(max_size=8),
    st.lists(st.integers(-1, 60), max_size=8),
)


def _children(node: Any) -> list[Any]:
    if type(node) is dict:
        return list(node)
    if type(node) is list:
        return list(range(len(node)))
    return []


@st.composite
def damaged_save(draw: st.DrawFn, text: str) -> str:
    """``text`` (a save) with one part spoiled: a value replaced (wrong type, out of range,
    huge, deeply nested), a key or entry deleted, an entry duplicated, a number moved by one,
    or a card moved from one list to another (which keeps the cards conserved)."""
    data = json.loads(text)
    if draw(st.integers(0, 5)) == 0:
        data = _move_a_card(draw, data)
    else:
        parent: Any = data
        key: Any = draw(st.sampled_from(["state"] * 3 + list(data)))
        if key == "state":
            parent, key = data["state"], draw(st.sampled_from(list(data["state"])))
        while _children(parent[key]) and draw(st.integers(0, 2)):
            parent, key = parent[key], draw(st.sampled_from(_children(parent[key])))
        how = draw(st.integers(0, 4))
        value = parent[key]
        if how == 0:
            parent[key] = draw(save_values)
        elif how == 1:
            del parent[key]
        elif how == 2 and type(parent) is list:
            parent.insert(key, json.loads(json.dumps(value)))
        elif how == 3 and type(value) is int and type(value) is not bool:
            parent[key] = value + draw(st.sampled_from([-1, 1, -100, 100, 2**40]))
        else:
            parent[key] = draw(save_values)
    out = json.dumps(data, separators=(",", ":"))
    depth = draw(st.integers(100, 200_000))
    return out.replace(f'"{DEEP_MARK}"', "[" * depth + "]" * depth)


def _move_a_card(draw: st.DrawFn, data: dict[str, Any]) -> dict[str, Any]:
    state = data["state"]
    holders: list[list[int]] = []
    for name in ("hands", "pile", "discarded", "hidden", "stock", "won", "out"):
        value = state.get(name)
        if type(value) is list and value and all(type(v) is list for v in value):
            holders.extend(value)
        elif type(value) is list and all(type(v) is int for v in value):
            holders.append(value)
    full = [h for h in holders if h]
    if not full:
        return data
    source = draw(st.sampled_from(full))
    target = draw(st.sampled_from(holders))
    card = source.pop(draw(st.integers(0, len(source) - 1)))
    target.append(card)
    target.sort()
    return data
