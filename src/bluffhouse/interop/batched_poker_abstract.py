"""Poker Bull's abstract actions and belief features in the batched environment
(``actions="abstract"``, ``beliefs=True``): the 8 ids and 8 features of :mod:`.abstract`,
worked out in compiled code for every game of the batch after each step.

As the Python abstraction does, each decision judges the standing bid and ``counter``'s
candidate raises over deals the seat imagines: ``COUNTER_SAMPLES`` draws of the unseen cards
(twice as many where others have bid this hand, then resampled by the likelihood of their
bids), from a Mersenne Twister of its own per game, drawn as ``random.Random``'s ``sample``
and ``choices`` draw (so a game's abstraction seeded alike in the Python environment makes
the same judgements: the differential test checks it).  Id 0 calls, ids 1-5 raise to the
lowest candidate raise whose chance to stand is at least 95%, 80%, 60%, 40%, 20%, id 6 to
the nearest raise, id 7 to the raise ``counter`` values most (``judgement.judge``'s values,
the next seat taken to call a false raise at ``CALL_RISK``); the features are the standing
bid's chance and each raise id's.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.pokerbull.counter import COUNTER_SAMPLES, NEAR_RAISES, PER_CATEGORY
from ..bots.pokerbull.judgement import CALL_RISK, PRESS
from ..bots.pokerbull.learned import NAMES, RAISE_LEVELS, SIZE
from ..pokerbull.bids import FULL_HOUSE, KIND, TWO_PAIR, VALUE_OF
from ..pokerbull.fast import _bisect_right as _bisect_floats
from ..pokerbull.fast import _exists, _genrand, _randbelow
from .batched_jit import _jit
from .batched_poker_kernel import (
    C_BID_START,
    C_BIDHIST,
    C_CALL_ID,
    C_HANDS,
    C_HIGHER,
    C_HIST,
    C_SIZES,
    JOKER,
    NCARDS,
    OVER,
    S_BID,
    S_HAND_NO,
    S_NBIDS,
    S_PHASE,
    S_TURN,
    _best,
    _bisect_right,
    _total,
)

__all__ = [
    "POKER_ABSTRACT_SIZE",
    "POKER_NAMES",
    "PokerAbstractTables",
    "poker_abstract_batch",
    "seed_games",
]

#: 0 call, 1-5 the raise levels, 6 the nearest raise, 7 counter's raise
POKER_ABSTRACT_SIZE = SIZE
_LEVELS = np.array(RAISE_LEVELS, dtype=np.float64)
#: the ids named, as the Python abstraction names them
POKER_NAMES = NAMES


class PokerAbstractTables:
    """What the kernel reads for one configuration: the pack in the engine's order, each
    bid's supporting ranks (the ranks whose cards make a player likelier to name it, as
    ``counter`` reads a bid; 0: none), and each game's own generator and this hand's bids."""

    def __init__(self, space: Any, pack: list[int], num_envs: int, cap: int) -> None:
        support = np.zeros(len(space.bids), dtype=np.int64)
        for i, bid in enumerate(space.bids):
            if bid.spec and (bid.cat in KIND or bid.cat in (TWO_PAIR, FULL_HOUSE)):
                mask = 0
                for v in bid.spec:
                    mask |= 1 << v
                support[i] = mask
        self.support = support
        self.pack = np.array(pack, dtype=np.int64)
        self.value_of = np.array([*VALUE_OF, 13], dtype=np.int64)
        self.levels = _LEVELS
        self.mt = np.zeros((num_envs, 625), dtype=np.int64)
        self.seeds = np.zeros(num_envs, dtype=np.int64)
        #: per game: the hand number, the bids read so far, then (seat, bid) of each
        self.bids = np.zeros((num_envs, 2 + 2 * cap), dtype=np.int64)
        self.cap = cap


@_jit
def _random(mt: Any) -> float:
    """``random.Random.random()``: 53 bits from two draws."""
    a = _genrand(mt) >> 5
    b = _genrand(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


@_jit
def _sample(mt: Any, pool: Any, n: int, k: int, out: Any, work: Any, taken: Any) -> None:
    """``random.Random.sample(pool[:n], k)`` into ``out``."""
    setsize = 21
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3) / math.log(4))
    if n <= setsize:
        for i in range(n):
            work[i] = pool[i]
        for i in range(k):
            j = _randbelow(mt, n - i)
            out[i] = work[j]
            work[j] = work[n - i - 1]
    else:
        for i in range(n):
            taken[i] = 0
        for i in range(k):
            j = _randbelow(mt, n)
            while taken[j]:
                j = _randbelow(mt, n)
            taken[j] = 1
            out[i] = pool[j]


@_jit
def _read_bids(r: Any, cfg: Any, log: Any, cap: int, fresh: bool) -> None:
    """This hand's bids in ``log`` (hand number, count, then seat and bid of each), read from
    the row's ring of recent bids: called after every step, so at most one is new."""
    if fresh or log[0] != r[S_HAND_NO] or log[1] > r[S_NBIDS]:
        log[0] = r[S_HAND_NO]
        log[1] = 0
    hist = cfg[C_HIST]
    while log[1] < r[S_NBIDS] and log[1] < cap:
        i = log[1]
        at = cfg[C_BIDHIST] + (i % hist) * 2
        log[2 + 2 * i] = r[at]
        log[3 + 2 * i] = r[at + 1]
        log[1] += 1


@_jit
def poker_abstract_batch(
    rows: Any,
    cfg: Any,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    run_id: Any,
    run_start: Any,
    head: Any,
    full: Any,
    full_len: Any,
    mask: Any,
    fresh: Any,
    support: Any,
    pack: Any,
    value_of: Any,
    levels: Any,
    mts: Any,
    logs: Any,
    cap: int,
    out_mask: Any,
    out_ids: Any,
    features: Any,
) -> None:
    """Each game's abstract mask, the concrete id of each legal abstract id (-1 else) and
    the asking seat's 8 features (``fresh``: the games whose bids of the hand start anew)."""
    tries_most = 2 * COUNTER_SAMPLES
    sums = np.zeros((tries_most, 18), dtype=np.int64)
    weights = np.zeros(tries_most, dtype=np.float64)
    cum = np.zeros(tries_most, dtype=np.float64)
    picks = np.zeros(COUNTER_SAMPLES, dtype=np.int64)
    bests = np.zeros(tries_most, dtype=np.int64)
    mult = np.zeros(tries_most, dtype=np.int64)
    uniq = np.zeros(tries_most, dtype=np.int64)
    rest = np.zeros(NCARDS + 2, dtype=np.int64)
    drawn = np.zeros(NCARDS + 2, dtype=np.int64)
    work = np.zeros(NCARDS + 2, dtype=np.int64)
    taken = np.zeros(NCARDS + 2, dtype=np.int64)
    own = np.zeros(NCARDS, dtype=np.int64)
    left = np.zeros(NCARDS, dtype=np.int64)
    memo = np.zeros(head.shape[0], dtype=np.int64)
    seen_cat = np.zeros(32, dtype=np.int64)
    rated_i = np.zeros(full.shape[1], dtype=np.int64)
    rated_p = np.zeros(full.shape[1], dtype=np.float64)
    rated_n = np.zeros(full.shape[1], dtype=np.int64)
    bid_start = cfg[C_BID_START]
    for e in range(rows.shape[0]):
        r = rows[e]
        log = logs[e]
        _read_bids(r, cfg, log, cap, fresh[e])
        for i in range(out_mask.shape[1]):
            out_mask[e, i] = 0
            out_ids[e, i] = -1
            features[e, i] = 0.0
        if r[S_PHASE] == OVER:
            continue
        me = r[S_TURN]
        standing = r[S_BID]
        mt = mts[e]
        # the seat's cards, and the pack's others in the pack's order
        hand = cfg[C_HANDS] + me * NCARDS
        nown = 0
        for c in range(NCARDS):
            for _ in range(r[hand + c]):
                own[nown] = c
                nown += 1
        nrest = 0
        for c in range(NCARDS):
            left[c] = r[hand + c]
        for i in range(pack.shape[0]):
            c = pack[i]
            if left[c] > 0:
                left[c] -= 1
            else:
                rest[nrest] = c
                nrest += 1
        total = _total(r, cfg)
        unseen = total - nown
        others = 0
        for i in range(log[1]):
            if log[2 + 2 * i] != me:
                others += 1
        tries = COUNTER_SAMPLES * (2 if others else 1)
        for t in range(tries):
            _sample(mt, rest, nrest, unseen, drawn, work, taken)
            weight = 1.0
            if others:
                for i in range(log[1]):
                    s = log[2 + 2 * i]
                    if s == me:
                        continue
                    ranks = support[log[3 + 2 * i]]
                    if ranks == 0:
                        continue
                    # the cards drawn for seat s: the seats before it, in order, took theirs
                    at = 0
                    for q in range(s):
                        if q != me:
                            at += r[cfg[C_SIZES] + q]
                    hit = 0
                    for j in range(at, at + r[cfg[C_SIZES] + s]):
                        c = drawn[j]
                        if c == JOKER or (ranks >> value_of[c]) & 1:
                            hit += 1
                    weight *= 1.0 + 0.8 * min(hit, 2)
            weights[t] = weight
            row = sums[t]
            for i in range(18):
                row[i] = 0
            for i in range(nown + unseen):
                c = own[i] if i < nown else drawn[i - nown]
                if c == JOKER:
                    row[17] += 1
                else:
                    v = value_of[c]
                    row[v] += 1
                    row[13 + (c & 3)] |= 1 << v
        if others:
            whole = 0.0
            for t in range(tries):
                whole += weights[t]
            acc = 0.0
            for t in range(tries):
                acc += weights[t] / whole
                cum[t] = acc
            top = cum[tries - 1] + 0.0
            for p in range(COUNTER_SAMPLES):
                picks[p] = _bisect_floats(cum, 0, tries - 1, _random(mt) * top)
        else:
            for p in range(COUNTER_SAMPLES):
                picks[p] = p
        # each deal drawn once or more: judged once, counted as often as drawn
        for t in range(tries):
            mult[t] = 0
        for p in range(COUNTER_SAMPLES):
            mult[picks[p]] += 1
        nuniq = 0
        for t in range(tries):
            if mult[t] > 0:
                uniq[nuniq] = t
                nuniq += 1
        higher = cfg[C_HIGHER] == 1
        if higher:
            for u in range(nuniq):
                row = sums[uniq[u]]
                bests[u] = _best(
                    r, cfg, cat, nspec, spec, natural, run_id, run_start, head,
                    row[0:13], row[13:17], row[17], memo,
                )  # fmt: skip
        # the standing bid's chance, then the candidate raises' (counter's: the nearest few,
        # then the lowest few of every higher category), those the mask lists
        if standing >= 0:
            features[e, 0] = _chance(
                standing, higher, bests, uniq[:nuniq], mult, sums, cat, nspec, spec, natural
            )
            out_mask[e, 0] = 1
            out_ids[e, 0] = cfg[C_CALL_ID]
        row_full = full[total]
        length = full_len[total]
        start = _bisect_right(row_full, length, standing)
        for i in range(seen_cat.shape[0]):
            seen_cat[i] = 0
        nrated = 0
        npicks = 0
        for j in range(start, length):
            i = row_full[j]
            if j >= start + NEAR_RAISES:
                if seen_cat[cat[i]] >= PER_CATEGORY:
                    continue
                seen_cat[cat[i]] += 1
            npicks += 1
            if mask[e, bid_start + i] != 1:
                continue
            rated_i[nrated] = i
            rated_n[nrated] = npicks - 1
            rated_p[nrated] = _chance(
                i, higher, bests, uniq[:nuniq], mult, sums, cat, nspec, spec, natural
            )
            nrated += 1
        nlevels = levels.shape[0]
        for level in range(nlevels + 2):
            chosen = -1
            if level == nlevels + 1:  # counter's raise: its values, as judgement.judge has them
                top = row_full[length - 1] if npicks > 0 else -1
                best_value = -1.0
                for j in range(nrated):
                    risk = 1.0 if rated_i[j] == top else CALL_RISK
                    value = 1.0 - risk * (1.0 - rated_p[j]) + PRESS * rated_n[j] / max(1, npicks)
                    if value > best_value:
                        best_value = value
                        chosen = j
            else:
                for j in range(nrated):
                    if level == nlevels or rated_p[j] >= levels[level]:
                        chosen = j
                        break
            if chosen >= 0:
                out_mask[e, 1 + level] = 1
                out_ids[e, 1 + level] = bid_start + rated_i[chosen]
                features[e, 1 + level] = rated_p[chosen]


@_jit
def _chance(
    i: int,
    higher: bool,
    bests: Any,
    uniq: Any,
    mult: Any,
    sums: Any,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
) -> float:
    """The share of the imagined deals in which bid ``i`` stands (``judgement.Odds``): the
    distinct deals ``uniq``, each drawn ``mult`` times."""
    hits = 0
    for u in range(uniq.shape[0]):
        t = uniq[u]
        if higher:
            if bests[u] >= i:
                hits += mult[t]
        else:
            row = sums[t]
            if _exists(cat[i], nspec[i], spec, i * 6, natural[i], row[0:13], row[13:17], row[17]):
                hits += mult[t]
    share: float = hits / COUNTER_SAMPLES
    return share


def seed_games(tables: PokerAbstractTables, seeds: npt.NDArray[np.int64]) -> None:
    """Each game's generator seeded as ``random.Random(seed)``."""
    from ..pokerbull.fast import _seed

    for e, s in enumerate(seeds.tolist()):
        tables.seeds[e] = s
        _seed(tables.mt[e], int(s))
