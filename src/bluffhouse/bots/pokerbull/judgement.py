"""The Poker Bull counter's judgement of the standing bid and of the raises after it, in one
place for the counter (``counter.py``) and the search's model of it (``search.py``)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from typing import Any

from ...pokerbull.bids import Bid, BidSpace, Summary, exists, key

#: How likely the next player is taken to call a false bid (the risk of raising).
CALL_RISK = 0.8
#: Preference for higher bids among equally safe raises (they press the next player).
PRESS = 0.04

_RAISES: dict[tuple[int, int, int, int, int], list[int]] = {}


def raises(space: BidSpace, total: int, after: int, near: int, per_cat: int) -> list[int]:
    """The raises weighed after the bid at ``after``: the nearest, then the lowest few of every
    higher category (cached)."""
    key = (id(space), total, after, near, per_cat)
    picks = _RAISES.get(key)
    if picks is None:
        if len(_RAISES) > 8192:
            _RAISES.clear()
        picks = _RAISES[key] = _raises_of(space, total, after, near, per_cat)
    return picks


def _raises_of(space: BidSpace, total: int, after: int, near: int, per_cat: int) -> list[int]:
    full, _ = space.open_bids(total)
    start = bisect_right(full, after)
    picks = list(full[start : start + near])
    seen_cat: dict[int, int] = {}
    for i in full[start + near :]:
        cat = space.bids[i].cat
        n = seen_cat.get(cat, 0)
        if n < per_cat:
            seen_cat[cat] = n + 1
            picks.append(i)
    return picks


class Odds:
    """The chance that a bid stands (a call on it fails) over imagined deals, by the rules in
    force: the bid is there, or under variation #4 (``higher_counts``) any higher hand is,
    which is "the deal's best hand is at least the bid" (each deal's best hand is found once,
    weighed against every bid).  ``weights``: one per deal (cumulative ones are not)."""

    def __init__(
        self,
        sums: Sequence[Summary],
        space: BidSpace,
        higher_counts: bool,
        weights: Sequence[float] | None = None,
    ) -> None:
        self.sums = sums
        self.space = space
        self.weights = weights
        self.total = float(sum(weights)) if weights is not None else float(len(sums))
        self.best_keys: list[tuple[int, ...]] | None = None
        if higher_counts:
            order = space.order
            bests = [space.best(s) for s in sums]
            self.best_keys = [() if b is None else key(b, order) for b in bests]

    def __call__(self, bid: Bid) -> float:
        if self.total <= 0:
            return 0.0
        weights = self.weights
        if self.best_keys is not None:
            wanted = key(bid, self.space.order)
            hit_at = [i for i, k in enumerate(self.best_keys) if k and k >= wanted]
        else:
            universe = self.space.universe
            hit_at = [i for i, s in enumerate(self.sums) if exists(bid, s, universe)]
        if weights is None:
            return len(hit_at) / self.total
        return sum(weights[i] for i in hit_at) / self.total


def judge(
    space: BidSpace,
    standing: Bid | None,
    at: int,
    total: int,
    prob: Callable[[Bid], float],
    near: int,
    per_cat: int,
    call_risk: float = CALL_RISK,
    top_called: bool = False,
) -> list[tuple[float, int]]:
    """``counter``'s values, from the chances ``prob`` gives: ``(value, index)`` per raise
    weighed, and ``(value, -1)`` for the call.  ``call_risk``: how likely the next player is
    to call a false raise; with ``top_called``, a raise to the highest bid there is is called
    for sure (nothing is left to raise to)."""
    out: list[tuple[float, int]] = []
    if standing is not None:
        out.append((1.0 - prob(standing), -1))
    picks = raises(space, total, at, near, per_cat)
    top = space.open_bids(total)[0][-1] if top_called and picks else -1
    for n, i in enumerate(picks):
        p = prob(space.bids[i])
        risk = 1.0 if i == top else call_risk
        out.append((1.0 - risk * (1.0 - p) + PRESS * n / max(1, len(picks)), i))
    return out


def action_of(space: BidSpace, i: int) -> dict[str, Any]:
    """The action for an index ``judge`` rated: -1 is the call."""
    return {"type": "call"} if i < 0 else {"type": "bid", "bid": space.texts[i]}
