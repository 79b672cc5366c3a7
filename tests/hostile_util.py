"""Shared helpers for the hostile-input tests: games at many points of random play, and
hypothesis strategies for what a stranger might send (any JSON-like value, nested, huge,
wrong in type or shape, or a legal action bent out of shape)."""

from __future__ import annotations

import functools
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.registry import presets

_BENCH = str(Path(__file__).resolve().parents[1] / "bench")
if _BENCH not in sys.path:
    sys.path.insert(0, _BENCH)
import hostile_values as hv  # noqa: E402
from hostile_values import WORDS, nest  # noqa: E402

__all__ = ["WORDS", "hv", "nest"]  # and the helpers below

_T = TypeVar("_T")

#: The longest refusal message accepted as "short": what a message quotes of the input is
#: cut to 60 characters; the longest fixed texts (the list of the Cheat family's options in
#: "unknown option") are about 450.
MESSAGE_LIMIT = 600

PRESET_IDS = [p.id for p in presets()]
#: A few presets of every family, covering the unusual phases (bids, jump-in, table cheats,
#: suit claims, count lies, grow mode, two packs).
SAMPLE_IDS = [
    "bluff",
    "specificity",
    "anything_goes_cheat",
    "jump_in",
    "spanish_bluff",
    "eightshit",
    "poker_bull_rising",
    "sneak",
]
#: Examples per preset in the slow every-preset sweeps (hostile actions, damaged saves, states
#: mixed from two): 60 until the CI run neared 15 minutes; the fuzzer (bench/fuzz_engine.py)
#: is where long searches belong.
EVERY_PRESET_EXAMPLES = 40


@functools.cache
def states(
    game_id: str,
    seed: int = 0,
    players: int | None = None,
    at: tuple[int, ...] = (0, 5, 30, 120, 400),
) -> tuple[str, ...]:
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


# --------------------------------------------------------------------- strategies
# The hostile values themselves are built in bench/hostile_values.py, shared with the
# long-run fuzzer (bench/fuzz_engine.py); here they are drawn through hypothesis.
class Drawn:
    """A ``hostile_values.Chooser`` that draws through hypothesis (so examples shrink)."""

    def __init__(self, draw: st.DrawFn) -> None:
        self.draw = draw

    def integer(self, low: int, high: int) -> int:
        return self.draw(st.integers(low, high))

    def pick(self, options: Sequence[_T]) -> _T:
        return self.draw(st.sampled_from(options))


@st.composite
def _leaf(draw: st.DrawFn) -> Any:
    return hv.leaf(Drawn(draw))[0]


leaves = st.one_of(
    _leaf(),
    st.integers(),
    st.integers(4400, 6000).map(lambda digits: -(10**digits)),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=12),
)
json_like = st.recursive(
    leaves,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.dictionaries(st.one_of(st.sampled_from(WORDS), st.text(max_size=6)), inner, max_size=5)
    ),
    max_leaves=12,
)
deep = st.builds(
    nest, st.integers(50, 20_000), st.none() | st.just("AS"), st.sampled_from(["list", "dict"])
)
hostile = st.one_of(json_like, deep, st.builds(lambda n: ["AS"] * n, st.integers(50, 100_000)))


@st.composite
def bent_action(draw: st.DrawFn, legal: list[dict[str, Any]]) -> Any:
    """A legal action bent out of shape: a key's value replaced, a key added or removed, a
    card or claim field spoiled, or an action of another game's shape."""
    return hv.bent(Drawn(draw), legal)[0]


def seats_for(game: bh.Game) -> st.SearchStrategy[Any]:
    """Mostly seats that may act, sometimes any seat, sometimes something else entirely."""
    return st.one_of(
        st.sampled_from(game.to_act or [0]),
        st.integers(0, game.players - 1),
        st.sampled_from([-1, game.players, 1.0, True, False, None, "0", [0], 10**100]),
        hostile,
    )


# --------------------------------------------------------------------- damaged saves
@st.composite
def damaged_save(draw: st.DrawFn, text: str) -> str:
    """``text`` (a save) with one part spoiled: a value replaced (wrong type, out of range,
    huge, deeply nested), a key or entry deleted, an entry duplicated, a number moved, or a
    card moved from one list to another (which keeps the cards conserved)."""
    return str(hv.damage(Drawn(draw), text))


# --------------------------------------------------------------------- loading
def refused(text: str, words: str = "") -> str:
    """``bh.load(text)`` refuses with SaveError, within a second, in a short message that says
    ``words``; the message.  (Seconds of this process's CPU: other work on a shared machine
    does not count.)"""
    started = time.process_time()
    with pytest.raises(bh.SaveError) as err:
        bh.load(text)
    assert time.process_time() - started < 1.0, "a refusal took too long"
    message = str(err.value)
    assert words in message, message
    assert len(message) <= MESSAGE_LIMIT, message[:200]
    return message


def edited(
    game_id: str, edit: Any, players: int = 4, seed: int = 1, steps: int = 6, **options: Any
) -> str:
    """A save of ``game_id`` after ``steps`` random actions, with ``edit(data)`` applied."""
    game = bh.new_game(game_id, players=players, seed=seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
    data = json.loads(game.to_json())
    assert bh.load(game.to_json()).to_json() == game.to_json()
    edit(data)
    return json.dumps(data)


def check_damaged(text: str) -> None:
    """``text`` is refused with SaveError, quickly, or it loads as an equal game that plays on
    (its seats to act may act; views are JSON; nothing raises)."""
    started = time.process_time()
    try:
        game = bh.load(text)
    except bh.SaveError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT
        assert time.process_time() - started < 1.0
        return
    assert time.process_time() - started < 1.0
    hv.plays_on(text, game, random.Random(0), 40)
