"""The abstract action space of the batched Cheat environment (``actions="abstract"``): the
same 16 ids as the PettingZoo and Gymnasium environments' (:mod:`.abstract`), worked out in
compiled code for every game of the batch after each step.

Each abstract id stands for one concrete id of the full action space: 0 the pass (decline a
call, or pass the turn), 1 the call, 2-15 a play of ``t`` true cards of the rank to claim and
``b`` bluff cards, the rank the first the play may claim, the true cards the hand's lowest
of that rank (wild jokers last), the bluff cards those ``counter`` spares: not of a rank it
will have to claim soon, no wild joker before other cards, the fewest held of their rank
first, then the lowest card.  An id is legal when its concrete play is: the hand's own
cards, within the rules' size (the full space's mask of a big hand lists only some of its
plays, as the engine's listing does).
The table of a configuration (:class:`AbstractTables`) is built once in Python.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..bots.cheat.learned import ABSTRACT
from ..cards import JOKER
from ..encodings import CheatCodec
from .abstract import cheat_action_names
from .batched_beliefs import _matches
from .batched_jit import _jit
from .batched_layout import (
    A_BASE,
    A_CALL,
    A_NORDER,
    A_ORDER,
    A_PASS,
    A_SEQ,
    A_WILD,
    C_ALLOW,
    C_GONE,
    C_HAND,
    C_N,
    S_NALLOW,
    S_PHASE,
    S_TURN,
    TURN,
)

__all__ = ["ABSTRACT_NAMES", "ABSTRACT_SIZE", "AbstractTables", "abstract_batch"]

#: The abstract ids (16): pass, call, then the plays of ``ABSTRACT``'s (t, b) in order.
ABSTRACT_SIZE = len(ABSTRACT)
ABSTRACT_NAMES = cheat_action_names()
#: Where the play ids start, and each play id's true and bluff cards.
_PLAYS = np.array([(t, b) for kind, t, b in ABSTRACT if kind == "play"], dtype=np.int64)
_FIRST_PLAY = ABSTRACT_SIZE - len(_PLAYS)
#: at most this many cards in an abstract play
MOST = 4


class AbstractTables:
    """The arrays the kernel reads for one configuration: its config (``A_*``), each card's
    group, and the concrete play id (claim choice 0) of every multiset of up to four groups,
    keyed by :func:`_key`."""

    def __init__(self, codec: CheatCodec, group_of: npt.NDArray[np.int64]) -> None:
        r = codec.rules
        order = list(codec.claims)
        seq = {"up": 1, "down": -1}.get(r.sequence, 0)
        cfg = np.zeros(A_ORDER + max(1, len(order)), dtype=np.int64)
        cfg[A_SEQ] = seq
        cfg[A_WILD] = int(r.jokers > 0 and r.jokers_as == "wild")
        cfg[A_NORDER] = len(order)
        base = len(codec.groups) + 1
        cfg[A_BASE] = base
        cfg[A_PASS] = codec._by_kind["pass"].start
        cfg[A_CALL] = codec._by_kind["call"].start
        cfg[A_ORDER : A_ORDER + len(order)] = order
        ids = np.full(base**MOST, -1, dtype=np.int64)
        start = codec._by_kind["play"].start
        per_set = codec.claim_slots * codec.count_slots * codec.suit_slots
        for at, ms in enumerate(codec.multisets.items):
            if len(ms) <= MOST:
                key = 0
                for g in ms:  # sorted groups, as the kernel builds the key
                    key = key * base + g + 1
                ids[key] = start + at * per_set
        self.cfg = cfg
        self.group_of = group_of
        self.ids = ids
        self.plays = _PLAYS


@_jit
def _rank_of(card: int) -> int:
    return 13 if card == 52 else card >> 2


@_jit
def abstract_batch(
    rows: Any,
    cfg: Any,
    acfg: Any,
    group_of: Any,
    ids: Any,
    plays: Any,
    seats: Any,
    mask: Any,
    out_mask: Any,
    out_ids: Any,
) -> None:
    """Each game's abstract mask and the concrete id of each legal abstract id (-1 else)."""
    hand = np.zeros(53, dtype=np.int64)
    left = np.zeros(53, dtype=np.int64)
    held = np.zeros(14, dtype=np.int64)
    future = np.zeros(14, dtype=np.int64)
    true_cards = np.zeros(60, dtype=np.int64)
    chosen = np.zeros(MOST, dtype=np.int64)
    n = cfg[C_N]
    wild = acfg[A_WILD]
    base = acfg[A_BASE]
    norder = acfg[A_NORDER]
    for e in range(rows.shape[0]):
        r = rows[e]
        seat = seats[e]
        for i in range(out_mask.shape[1]):
            out_mask[e, i] = 0
            out_ids[e, i] = -1
        for i in range(2):
            concrete = acfg[A_PASS] if i == 0 else acfg[A_CALL]
            if mask[e, concrete] == 1:
                out_mask[e, i] = 1
                out_ids[e, i] = concrete
        if r[S_PHASE] != TURN or r[S_NALLOW] == 0 or seat != r[S_TURN]:
            continue
        rank = r[cfg[C_ALLOW]]
        # the ranks of the claims to come: its next turns' in a sequence, else the other
        # ranks the play may claim
        for i in range(14):
            future[i] = 0
        if acfg[A_SEQ] != 0:
            pos = 0
            for i in range(norder):
                if acfg[A_ORDER + i] == rank:
                    pos = i
                    break
            gone = 0
            for s in range(n):
                gone += r[cfg[C_GONE] + s]
            active = max(2, n - gone)
            for i in range(1, 4):
                future[acfg[A_ORDER + (pos + acfg[A_SEQ] * active * i) % norder]] = 1
        else:
            for i in range(1, r[S_NALLOW]):
                future[r[cfg[C_ALLOW] + i]] = 1
        size = 0
        ntrue = 0
        h = cfg[C_HAND] + seat * 53
        for c in range(53):
            hand[c] = r[h + c]
            size += hand[c]
            if _matches(c, rank, wild):
                for _ in range(hand[c]):
                    true_cards[ntrue] = c
                    ntrue += 1
        for p in range(plays.shape[0]):
            t = plays[p, 0]
            b = plays[p, 1]
            if t > ntrue or t + b > size:
                continue
            for c in range(53):
                left[c] = hand[c]
            for i in range(t):
                left[true_cards[i]] -= 1
                chosen[i] = true_cards[i]
            for i in range(14):
                held[i] = 0
            for c in range(53):
                held[_rank_of(c)] += left[c]
            # the b cheapest spare cards, one at a time
            ok = True
            for j in range(b):
                best = -1
                best_key = 0
                for c in range(53):
                    if left[c] <= 0 or _matches(c, rank, wild):
                        continue
                    rk = _rank_of(c)
                    key = ((future[rk] * 2 + (c == JOKER)) * 64 + held[rk]) * 64 + c
                    if best < 0 or key < best_key:
                        best = c
                        best_key = key
                if best < 0:
                    ok = False
                    break
                left[best] -= 1
                chosen[t + j] = best
            if not ok:
                continue
            # the concrete id: the sorted groups' key
            m = t + b
            for i in range(1, m):  # insertion sort of the groups
                g = group_of[chosen[i]]
                c = chosen[i]
                j = i - 1
                while j >= 0 and group_of[chosen[j]] > g:
                    chosen[j + 1] = chosen[j]
                    j -= 1
                chosen[j + 1] = c
            key = 0
            for i in range(m):
                key = key * base + group_of[chosen[i]] + 1
            concrete = ids[key]
            # any play of the hand's own cards within the rules' size is legal on its turn
            # (the space holds no bigger one), listed in the full mask or not: a big hand's
            # mask lists some of its plays only, as the engine's listing does
            if concrete >= 0:
                out_mask[e, _FIRST_PLAY + p] = 1
                out_ids[e, _FIRST_PLAY + p] = concrete
