"""The legal-action masks of the batched Sneak environment: the engine's own listing of a
turn or a challenge window (``SneakGame.legal_sets``) made again in compiled code, the same
groups in the same order (draw; for each lead size the single cards or the four kinds of
combination, then the sneaks; a window's challenges, then the pass), each enumerated in the
engine's order, and the engine's cap (:func:`bluffhouse.sneak.engine.capped`: every group's
first, then the room filled group by group), so a hand too big to list whole is listed as the
engine lists it.  A card set is turned into its id by a binary search of the codec's sets,
each packed in an int64 (six bits a card)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .batched_jit import _jit
from .batched_sneak_kernel import (
    C_DRAW_ID,
    C_HANDS,
    C_LIST_LIMIT,
    C_MUST_BEAT,
    C_PASS_ID,
    C_SIZES,
    C_STARTED,
    FLUSH,
    G_BEAT,
    G_BEAT_SINGLE,
    G_CHALLENGE,
    G_DRAW,
    G_FLUSH,
    G_MATCH,
    G_PASS,
    G_SF,
    G_SINGLE,
    G_SNEAK,
    G_STRAIGHT,
    HOW_FLAUNT,
    MATCH,
    MOST,
    S_LEAD_KIND,
    S_LEAD_N,
    S_PHASE,
    S_STOCK_N,
    T_CHALLENGE,
    T_FLAUNT,
    T_SNEAK,
    TURN,
    _beats,
    _key,
    _lead_cards,
    _value,
    expand,
    lead_limit,
)


@_jit
def _mark(mask: Any, marks: Any, i: int) -> None:
    """Mark id ``i``, noting it in ``marks`` (its count first; -1: too many to note) so that
    the next listing clears only what this one marked."""
    mask[i] = 1
    n = marks[0]
    if n >= 0:
        if n + 1 < marks.shape[0]:
            marks[n + 1] = i
            marks[0] = n + 1
        else:
            marks[0] = -1


@_jit
def _visit(cards: Any, k: int, tab: int, tables: Any, mask: Any, marks: Any, emit: bool) -> None:
    """Mark the id of ``cards[:k]`` in the codec's table ``tab`` (none: a set it lacks)."""
    if not emit or k > tables.most[tab]:
        return
    key = 0
    for i in range(k):
        key |= (cards[i] + 1) << (6 * i)
    lo, hi = tables.offsets[tab], tables.offsets[tab + 1]
    j = lo + np.searchsorted(tables.keys[lo:hi], key)
    if j < hi and tables.keys[j] == key:
        _mark(mask, marks, tables.ids[j])


@_jit
def _fill(q: Any, k: int, i: int, v: int, idx: Any) -> None:
    pos = i
    u = v
    while pos < k:
        take = q[u]
        while take > 0 and pos < k:
            idx[pos] = u
            pos += 1
            take -= 1
        u += 1


@_jit
def _multisets(
    src: Any,
    length: int,
    k: int,
    flush_only: bool,
    beat: bool,
    lead: Any,
    lk: Any,
    ll: int,
    tab: int,
    tables: Any,
    mask: Any,
    marks: Any,
    emit: bool,
    quota: int,
    count: int,
) -> int:
    """Every sub-multiset of ``k`` cards of the sorted ``src[:length]`` in lexicographic order
    (``combos.sub_multisets``), kept where a flush (``flush_only``) and beating the lead
    (``beat``), visited until ``quota`` are counted; the count."""
    if k <= 0 or k > length or count >= quota:
        return count
    d = np.empty(length, dtype=np.int64)
    q = np.zeros(length + 1, dtype=np.int64)
    m = 0
    for i in range(length):
        if m and d[m - 1] == src[i]:
            q[m - 1] += 1
        else:
            d[m] = src[i]
            q[m] = 1
            m += 1
    suf = np.zeros(m + 1, dtype=np.int64)
    for u in range(m - 1, -1, -1):
        suf[u] = suf[u + 1] + q[u]
    idx = np.empty(k, dtype=np.int64)
    cards = np.empty(k, dtype=np.int64)
    kb = np.empty(k + 1, dtype=np.int64)
    _fill(q, k, 0, 0, idx)
    while True:
        for i in range(k):
            cards[i] = d[idx[i]]
        keep = True
        if flush_only:
            _key(cards, k, kb)
            keep = kb[0] == FLUSH
        if keep and beat:
            keep = _beats(lead, lk, ll, cards, k, kb)
        if keep:
            _visit(cards, k, tab, tables, mask, marks, emit)
            count += 1
            if count >= quota:
                return int(count)
        moved = False
        for i in range(k - 1, -1, -1):
            v = idx[i] + 1
            if v < m and suf[v] >= k - i:
                _fill(q, k, i, v, idx)
                moved = True
                break
        if not moved:
            return count


@_jit
def _runs(
    hand: Any,
    k: int,
    flush: bool,
    beat: bool,
    lead: Any,
    lk: Any,
    ll: int,
    tab: int,
    tables: Any,
    mask: Any,
    marks: Any,
    emit: bool,
    quota: int,
) -> int:
    """``combos.combos_of`` for straights (``flush``: straight flushes) of ``k`` cards: runs by
    their lowest position (0 the low ace, 13 the high), each the product of the suits held of
    its ranks, the last rank's suit turning fastest."""
    if k < 2 or k > 13:
        return 0
    held = np.zeros((13, 4), dtype=np.int64)
    nheld = np.zeros(13, dtype=np.int64)
    for c in range(52):
        if hand[c] > 0:
            rank = c >> 2
            held[rank, nheld[rank]] = c & 3
            nheld[rank] += 1
    pick = np.zeros(k, dtype=np.int64)
    ranks = np.empty(k, dtype=np.int64)
    cards = np.empty(k, dtype=np.int64)
    kb = np.empty(k + 1, dtype=np.int64)
    count = 0
    for low in range(0, 14 - k + 1):
        if k == 13 and low == 1:
            continue  # the same ranks as the run from the low ace: every set already seen
        ok = True
        for i in range(k):
            ranks[i] = (low + i) % 13
            if nheld[ranks[i]] == 0:
                ok = False
        if not ok:
            continue
        for i in range(k):
            pick[i] = 0
        while True:
            first = held[ranks[0], pick[0]]
            same = True
            for i in range(1, k):
                if held[ranks[i], pick[i]] != first:
                    same = False
                    break
            if same == flush:
                for i in range(k):
                    cards[i] = ranks[i] * 4 + held[ranks[i], pick[i]]
                cards.sort()
                if not beat or _beats(lead, lk, ll, cards, k, kb):
                    _visit(cards, k, tab, tables, mask, marks, emit)
                    count += 1
                    if count >= quota:
                        return int(count)
            i = k - 1
            while i >= 0:
                pick[i] += 1
                if pick[i] < nheld[ranks[i]]:
                    break
                pick[i] = 0
                i -= 1
            if i < 0:
                break
    return count


@_jit
def _group(
    g: int,
    k: int,
    hand: Any,
    lead: Any,
    lk: Any,
    ll: int,
    tables: Any,
    mask: Any,
    marks: Any,
    emit: bool,
    quota: int,
    cfg: Any,
) -> int:
    """How many sets group ``g`` of lead size ``k`` lists (up to ``quota``), marking their ids
    where ``emit``.  ``hand``: the seat's card counts; ``lead``: the lead's sorted cards, its
    key ``lk`` (for the groups of beaters)."""
    if g in (G_DRAW, G_PASS):
        if emit:
            _mark(mask, marks, cfg[C_DRAW_ID] if g == G_DRAW else cfg[C_PASS_ID])
        return 1
    src = np.empty(MOST, dtype=np.int64)
    if g in (G_SINGLE, G_BEAT_SINGLE):
        cards = np.empty(1, dtype=np.int64)
        count = 0
        tab = T_FLAUNT if g == G_SINGLE else T_CHALLENGE
        for c in range(52):
            if hand[c] > 0 and count < quota:
                if g == G_BEAT_SINGLE and not (
                    (c & 3) == (lead[0] & 3) and _value(c) > _value(lead[0])
                ):
                    continue
                cards[0] = c
                _visit(cards, 1, tab, tables, mask, marks, emit)
                count += 1
        return count
    if g in (G_SNEAK, G_CHALLENGE):
        n = expand(hand, 0, 52, 1, src)
        tab = T_SNEAK if g == G_SNEAK else T_CHALLENGE
        return int(
            _multisets(
                src, n, k, False, False, lead, lk, ll, tab, tables, mask, marks, emit, quota, 0
            )
        )
    ctype = g
    beat = False
    tab = T_FLAUNT
    if g == G_BEAT:
        beat = True
        tab = T_CHALLENGE
        ctype = G_MATCH + (MATCH - lk[0])  # the lead's type as its group
    if ctype in (G_SF, G_STRAIGHT):
        return int(
            _runs(hand, k, ctype == G_SF, beat, lead, lk, ll, tab, tables, mask, marks, emit, quota)
        )
    # matches rank by rank, flushes suit by suit: the sub-multisets of each part's cards
    match = ctype == G_MATCH
    count = 0
    for part in range(13 if match else 4):
        if match:
            n = expand(hand, part * 4, part * 4 + 4, 1, src)
        else:
            n = expand(hand, part, 52, 4, src)
        if n >= k:
            count = _multisets(
                src, n, k, not match, beat, lead, lk, ll, tab, tables, mask, marks, emit, quota,
                count,
            )  # fmt: skip
            if count >= quota:
                return int(count)
    return count


@_jit
def legal_mask(r: Any, cfg: Any, tables: Any, seat: int, mask: Any, marks: Any) -> None:
    """The legal ids of ``seat`` now, as the codec makes them of the engine's capped listing
    (``marks``: the ids the row's last listing marked, see _mark)."""
    if marks[0] < 0:
        mask[:] = 0
    else:
        for i in range(1, marks[0] + 1):
            mask[marks[i]] = 0
    marks[0] = 0
    hand = r[cfg[C_HANDS] + seat * 52 : cfg[C_HANDS] + (seat + 1) * 52]
    lead = np.zeros(MOST, dtype=np.int64)
    lk = np.zeros(MOST + 1, dtype=np.int64)
    ll = 0
    groups = np.empty(2 + 5 * MOST, dtype=np.int64)
    sizes = np.empty(2 + 5 * MOST, dtype=np.int64)
    ng = 0
    stock = r[S_STOCK_N]
    if r[S_PHASE] == TURN:
        if stock > 0:
            groups[ng] = G_DRAW
            sizes[ng] = 0
            ng += 1
        if not (stock > 0 and r[cfg[C_STARTED] + seat] == 0):
            limit = lead_limit(r, cfg, seat)
            for k in range(1, limit + 1):
                if k == 1:
                    groups[ng] = G_SINGLE
                    sizes[ng] = 1
                    ng += 1
                else:
                    for g in (G_MATCH, G_SF, G_STRAIGHT, G_FLUSH):
                        groups[ng] = g
                        sizes[ng] = k
                        ng += 1
                if stock > 0:
                    groups[ng] = G_SNEAK
                    sizes[ng] = k
                    ng += 1
    else:
        k = r[S_LEAD_N]
        _lead_cards(r, cfg, lead)
        if r[S_LEAD_KIND] == HOW_FLAUNT and cfg[C_MUST_BEAT]:
            if k == 1:
                groups[ng] = G_BEAT_SINGLE
            else:
                ll = _key(lead, k, lk)
                groups[ng] = G_BEAT
        else:
            groups[ng] = G_CHALLENGE
        sizes[ng] = k
        ng += 1
        groups[ng] = G_PASS
        sizes[ng] = 0
        ng += 1
    # the engine's cap: every non-empty group's first, then the room filled group by group
    # (where the listing cannot reach the cap, one pass lists every group whole)
    limit_ = cfg[C_LIST_LIMIT]
    if _most_listed(r[cfg[C_SIZES] + seat], sizes, ng, limit_) <= limit_:
        for i in range(ng):
            _group(groups[i], sizes[i], hand, lead, lk, ll, tables, mask, marks, True, limit_, cfg)
        return
    found = np.zeros(ng, dtype=np.bool_)
    firsts = 0
    for i in range(ng):
        found[i] = (
            _group(groups[i], sizes[i], hand, lead, lk, ll, tables, mask, marks, False, 1, cfg) > 0
        )
        if found[i]:
            firsts += 1
    room = limit_ - firsts
    for i in range(ng):
        if found[i]:
            quota = 1 + (room if room > 0 else 0)
            got = _group(
                groups[i], sizes[i], hand, lead, lk, ll, tables, mask, marks, True, quota, cfg
            )
            room -= got - 1


@_jit
def _most_listed(held: int, sizes: Any, ng: int, cap: int) -> int:
    """A bound on how many sets the groups list for a hand of ``held`` cards (each group of
    size k at most every k-card subset: C(held, k)), counted up to past ``cap``."""
    total = 0
    for i in range(ng):
        k = sizes[i]
        if k == 0:
            total += 1
            continue
        ways = 1  # C(held, k), stopped once past the cap
        for j in range(k):
            ways = ways * (held - j) // (j + 1)
            if ways > cap:
                return cap + 1
        total += ways
        if total > cap:
            return cap + 1
    return total
