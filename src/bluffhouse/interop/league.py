"""The fixed styles of the self-play league: the suite's opponents' habits, played over the
abstract actions from the belief features, so that a batched rollout can seat them beside the
learner and its past versions (the bots themselves are Python and play one game at a time).

Each style reads only what its seat's observation holds: the abstract action mask and the
belief features at the end of the vector (``counter``'s reading of the table).  They are
stand-ins for the bots of the same name, not copies: ``threshold`` calls a standing bid under
10% and raises to the lowest bid at least 40% likely (the bot: 30%, a level the abstraction
does not name), ``counter`` weighs the call against each raise as ``counter`` weighs them with
one rate of calling false raises, and so on; the learned bot's figures are measured against the
bots themselves (``selfplay strength``, ``bench/learned_table.py``).

    python -m bluffhouse.interop.selfplay train --game poker_bull --players 3 \\
        --actions abstract --beliefs --styles threshold,counter,never_call ...
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..bots.cheat.learned import ABSTRACT
from ..bots.pokerbull.judgement import CALL_RISK
from ..errors import RuleError
from .ppo import Array

#: A style's move for one decision: (abstract mask, belief features, generator) -> id.
Move = Callable[[Array, Array, np.random.Generator], int]

# ---------------------------------------------------------------------- Cheat (16 ids)
_PASS, _CALL = 0, 1
_PLAY = {(t, b): i for i, (kind, t, b) in enumerate(ABSTRACT) if kind == "play"}
#: the belief feature of the last play's chance to be true (see bots.cheat.learned)
_P_TRUE = 18


def _cheat_play(mask: Array, bluff: str) -> int:
    """A play by the style's habit: ``truth`` the most true cards without a bluff card (a
    one-card bluff when it holds none), ``lie`` one bluff card beside the most true cards,
    ``any`` the truth where it can, else a one-card bluff."""
    plays = [(t, b, i) for (t, b), i in _PLAY.items() if mask[i]]
    if not plays:
        return int(np.flatnonzero(mask)[0])
    honest = sorted((t, i) for t, b, i in plays if b == 0)
    lies = sorted((t, i) for t, b, i in plays if b == 1)
    if bluff == "lie" and lies:
        return lies[-1][1]
    if honest:
        return honest[-1][1]
    if lies:
        return lies[0][1]
    return min(plays)[2]


def _cheat_style(calls: str, bluff: str) -> Move:
    def move(mask: Array, feats: Array, rng: np.random.Generator) -> int:
        if mask[_CALL]:
            if calls == "third":
                call = rng.random() < 1 / 3
            elif calls == "counter":
                call = float(feats[_P_TRUE]) < 0.35
            else:
                call = calls == "always"
            if call:
                return _CALL
        if mask[_PASS] and not any(mask[i] for i in _PLAY.values()):
            return _PASS
        return _cheat_play(mask, bluff)

    return move


# ---------------------------------------------------------------------- Poker Bull (8 ids)
#: 0 the call, 1-5 the lowest raise at least 95%, 80%, 60%, 40%, 20% likely, 6 the nearest,
#: 7 counter's own raise
_NEAREST = 6
_COUNTERS = 7


def _raise(mask: Array, levels: tuple[int, ...]) -> int:
    for i in (*levels, _NEAREST):
        if mask[i]:
            return i
    return 0


def _poker_threshold(call_below: float, levels: tuple[int, ...]) -> Move:
    def move(mask: Array, feats: Array, rng: np.random.Generator) -> int:
        if mask[0] and feats[0] < call_below:
            return 0
        pick = _raise(mask, levels)
        return pick if mask[pick] else int(np.flatnonzero(mask)[0])

    return move


def _poker_counter(mask: Array, feats: Array, rng: np.random.Generator) -> int:
    """Counter's choice: the call against its own raise (id 7), by its values."""
    if not mask[_COUNTERS]:
        return 0 if mask[0] else _raise(mask, (1, 2, 3, 4, 5))
    if mask[0] and 1.0 - float(feats[0]) > 1.0 - CALL_RISK * (1.0 - float(feats[_COUNTERS])):
        return 0
    return _COUNTERS


def _poker_always_call(mask: Array, feats: Array, rng: np.random.Generator) -> int:
    return 0 if mask[0] else _raise(mask, (3, 4, 5))


def _poker_never_call(mask: Array, feats: Array, rng: np.random.Generator) -> int:
    pick = _raise(mask, (3, 4, 5, 2, 1))
    return pick if mask[pick] and pick else int(np.flatnonzero(mask)[0])


def _random(mask: Array, feats: Array, rng: np.random.Generator) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.integers(0, len(legal))])


STYLES: dict[str, dict[str, Move]] = {
    "cheat": {
        "always_call": _cheat_style("always", "any"),
        "never_call": _cheat_style("never", "any"),
        "always_lie": _cheat_style("counter", "lie"),
        "never_lie": _cheat_style("counter", "truth"),
        "calls_third": _cheat_style("third", "any"),
        "counter": _cheat_style("counter", "any"),
        "random": _random,
    },
    "poker_bull": {
        "threshold": _poker_threshold(0.1, (4, 5)),
        "threshold_even": _poker_threshold(0.5, (3, 4)),
        "always_call": _poker_always_call,
        "never_call": _poker_never_call,
        "honest": _poker_threshold(-1.0, (1, 2)),
        "counter": _poker_counter,
        "random": _random,
    },
}


class StylePlayer:
    """A fixed style seated in a rollout: ``act`` as :class:`~.ppo.Policy` acts (the ids, and
    zeros for the log-probabilities and values nobody trains on)."""

    def __init__(self, family: str, name: str, beliefs: int) -> None:
        self.name = name
        self.beliefs = beliefs
        self._move = style(family, name)

    def act(self, obs: Array, mask: Array, rng: np.random.Generator) -> tuple[Array, Array, Array]:
        feats = obs[:, obs.shape[1] - self.beliefs :]
        acts = np.array(
            [self._move(mask[r], feats[r], rng) for r in range(len(mask))], dtype=np.int64
        )
        zeros = np.zeros(len(mask), np.float32)
        return acts, zeros, zeros


def style(family: str, name: str) -> Move:
    """The move of style ``name`` in ``family``; RuleError naming the styles there are."""
    kept = STYLES.get(family)
    if kept is None:
        raise RuleError(
            f"the league's fixed styles play the Cheat family and Poker Bull, not {family}"
        )
    if name not in kept:
        raise RuleError(
            f"no league style {name!r} for {family.replace('_', ' ')}; the styles: "
            f"{', '.join(kept)}"
        )
    return kept[name]
