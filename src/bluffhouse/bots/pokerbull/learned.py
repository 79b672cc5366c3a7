"""Poker Bull's side of the ``learned`` bot: its abstract actions and belief features, read
from the seat's view alone (the research environments' ``actions="abstract"`` and
``beliefs=True`` take them from here, so the bot and its training see the same thing).

Each decision imagines ``COUNTER_SAMPLES`` deals as ``counter`` does (its own cards and a
uniform draw of the unseen ones, twice as many where others have bid this hand, resampled by
the likelihood of their bids) and judges by the rules in force the standing bid and
``counter``'s candidate raises that the engine lists:

- the ids (8): 0 call, 1-5 raise to the lowest candidate raise whose chance to stand is at
  least 95%, 80%, 60%, 40%, 20%, 6 the nearest raise, 7 the raise ``counter`` values most
  (its own choice of raise where the next seat calls a false bid at ``CALL_RISK``: without
  it the ids held only about half of ``counter``'s raises, so a policy could not even play
  as ``counter`` does);
- the features (8): the standing bid's chance to stand (0 opening), then each raise id's
  chance (0 where it has none).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from ...pokerbull.bids import Bid
from ..base import Action
from .counter import COUNTER_SAMPLES, NEAR_RAISES, PER_CATEGORY, estimates, known_of
from .judgement import CALL_RISK, Odds, judge

#: The weights shipped for the bot's Poker Bull table (trained by self-play).
WEIGHTS = Path(__file__).with_name("learned_poker_bull.npz")
#: The table they were trained for (their notes say the same).
GAME = "poker_bull"
PLAYERS = 3
#: The chances a raise id asks for, in order (ids 1 to 5; id 6: the nearest raise; id 7:
#: ``counter``'s raise).
RAISE_LEVELS = (0.95, 0.8, 0.6, 0.4, 0.2)
#: The abstract ids and the belief features.
SIZE = 3 + len(RAISE_LEVELS)
BELIEFS = SIZE
NAMES = (
    "call",
    *(f"raise, stands {p:.0%}" for p in RAISE_LEVELS),
    "the nearest raise",
    "counter's raise",
)


class Judged(NamedTuple):
    """A decision judged: the standing bid's chance to stand (0 opening), each listed
    candidate raise's ``(bid index, chance)`` in candidate order, and the raise ``counter``
    values most among them (None: no raise is listed)."""

    standing: float
    rated: list[tuple[int, float]]
    counter: int | None


def judged(view: Mapping[str, Any], rng: random.Random) -> Judged:
    """The standing bid's and the listed candidate raises' chances to stand, over deals drawn
    from ``rng`` (its state decides the deals: the environments seed it per game), and the
    raise ``counter``'s values pick, by ``judgement.judge`` itself."""
    k = known_of(dict(view))
    sums = estimates(k, rng, COUNTER_SAMPLES)
    odds = Odds(sums, k.space, k.rules.higher_hand_counts)
    total = sum(k.sizes)
    indices, start = k.space.listed_range(k.at, total)
    listed = set(indices[start:])
    chances: dict[Bid, float] = {}

    def chance(bid: Bid) -> float:
        got = chances.get(bid)
        if got is None:
            got = chances[bid] = odds(bid)
        return got

    values = judge(
        k.space, None, k.at, total, chance, NEAR_RAISES, PER_CATEGORY,
        call_risk=CALL_RISK, top_called=True,
    )  # fmt: skip
    rated = [(i, chance(k.space.bids[i])) for _, i in values if i in listed]
    best, best_value = None, -1.0
    for value, i in values:
        if i in listed and value > best_value:
            best, best_value = i, value
    standing = odds(k.standing) if k.standing is not None else 0.0
    return Judged(standing, rated, best)


def chosen(judgement: Judged) -> list[int | None]:
    """The bid index of each raise id (None: no candidate raise qualifies)."""
    rated = judgement.rated
    out: list[int | None] = []
    for level in RAISE_LEVELS:
        out.append(next((i for i, p in rated if p >= level), None))
    out.append(rated[0][0] if rated else None)
    out.append(judgement.counter)
    return out


def abstract_actions(view: Mapping[str, Any], judgement: Judged) -> dict[int, Action]:
    """The legal abstract ids now, each with the bid (or the call) it stands for."""
    texts = known_of(dict(view)).space.texts
    out: dict[int, Action] = {}
    if view.get("bid") is not None:
        out[0] = {"type": "call"}
    for j, index in enumerate(chosen(judgement), start=1):
        if index is not None:
            out[j] = {"type": "bid", "bid": texts[index]}
    return out


def belief_features(judgement: Judged) -> Any:
    """The ``BELIEFS`` numbers: the standing bid's chance, then each raise id's."""
    import numpy as np

    out = np.zeros(BELIEFS, dtype=np.float32)
    chance = dict(judgement.rated)
    out[0] = judgement.standing
    for j, index in enumerate(chosen(judgement), start=1):
        if index is not None:
            out[j] = chance[index]
    return out
