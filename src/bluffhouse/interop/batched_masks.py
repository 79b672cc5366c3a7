"""The legal-action masks of the batched Cheat environment, written into numpy rows: a
window's two ids, or a turn's plays found as a bit row over the action table (see
:func:`_legal_play_bits`) and written eight ids a word, as
:class:`~bluffhouse.encodings.CheatCodec` lists them (checked id for id by the differential
test)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .batched_jit import _jit, _jit_inline
from .batched_kernel import (
    C_CALL_ID,
    C_CALLERS,
    C_CLAIM_SLOTS,
    C_HAND,
    C_LIST_LIMIT,
    C_MASK_PAD,
    C_MAXC,
    C_NGROUPS,
    C_PASS_ID,
    C_PLAY_START,
    C_SIZE,
    C_TURNPASS,
    MASK_ANY,
    MASK_WINDOW,
    NCARDS,
    OVER,
    S_LAST,
    S_MASKED,
    S_NALLOW,
    S_PHASE,
    S_TURN,
    WINDOW,
    acting_seat,
)


@_jit_inline
def legal_mask(
    r: Any,
    cfg: Any,
    bad: Any,
    big: Any,
    group_of: Any,
    seat: int,
    out: Any,
    out64: Any,
    scratch: Any,
    words: Any,
) -> int:
    """The legal ids of ``seat`` marked in ``out`` (cleared here: the whole row, or only what
    the row's last mask may have marked outside what this one writes whole); how many there
    are.  ``out64``: the same row's memory as 64-bit words, the play ids starting on a word
    (``C_MASK_PAD`` bytes before the row's first id), or an empty array (bytes only);
    ``words``: room for the plays' bit row (see :func:`_legal_play_bits`)."""
    last_mask = r[S_MASKED]
    r[S_MASKED] = MASK_ANY
    phase = r[S_PHASE]
    if phase == OVER or seat != acting_seat(r, cfg):
        _clear_mask(cfg, out, out64, last_mask, 0, 0)
        return 0
    marked = 0
    last = r[S_LAST]
    if phase == WINDOW or seat != r[S_TURN]:  # a window's seat, or one under "anytime"
        _clear_mask(cfg, out, out64, last_mask, 0, 0)
        if last >= 0 and last != seat:
            out[cfg[C_CALL_ID]] = 1
            marked += 1
        out[cfg[C_PASS_ID]] = 1
        r[S_MASKED] = MASK_WINDOW
        return marked + 1
    size = r[cfg[C_SIZE] + seat]
    nallow = r[S_NALLOW]
    plays = 0
    if size == 0 or nallow == 0:
        _clear_mask(cfg, out, out64, last_mask, 0, 0)
    else:
        limit = (cfg[C_LIST_LIMIT] + nallow - 1) // nallow
        found, done = _legal_play_bits(r, cfg, bad, big, group_of, seat, words, scratch, limit)
        first = (cfg[C_MASK_PAD] + cfg[C_PLAY_START]) >> 3
        spread = out64.shape[0] > 0 and cfg[C_CLAIM_SLOTS] == 1
        if spread and found < limit:
            # every word of the plays is written whole (eight ids a word: a byte of the bit
            # row spread), so only the rest of the row is cleared
            end = min(out64.shape[0], first + 8 * words.shape[0])
            _clear_mask(cfg, out, out64, last_mask, first, end)
            dst = out64[first:end]
            whole = dst.shape[0] >> 3
            for w in range(whole):
                bits = words[w]
                part = dst[w * 8 : w * 8 + 8]
                if bits:
                    for b in range(8):
                        part[b] = _SPREAD[(bits >> np.uint64(8 * b)) & np.uint64(255)]
                else:
                    for b in range(8):
                        part[b] = 0
            if whole < words.shape[0]:
                bits = words[whole]
                for at in range(whole * 8, dst.shape[0]):
                    dst[at] = _SPREAD[(bits >> np.uint64(8 * (at - whole * 8))) & np.uint64(255)]
            plays = found * nallow
        else:
            _clear_mask(cfg, out, out64, last_mask, 0, 0)
            plays = _mark_words(cfg, words, done, limit, nallow, out, out64, first, spread)
    # (marked after the plays: a word of plays written whole may hold these ids)
    callers = cfg[C_CALLERS]
    if last >= 0 and last != seat and (callers == 2 or callers == 3):
        out[cfg[C_CALL_ID]] = 1
        marked += 1
    if cfg[C_TURNPASS]:
        out[cfg[C_PASS_ID]] = 1
        marked += 1
    return int(marked + plays)


@_jit
def _clear_mask(
    cfg: Any, out: Any, out64: Any, last_mask: int, keep_from: int, keep_to: int
) -> None:
    """Clears what the row's last mask may have marked: after a window's mask its two ids,
    else the whole row but the words ``keep_from`` to ``keep_to`` (the caller writes them)."""
    if last_mask == MASK_WINDOW:
        out[cfg[C_CALL_ID]] = 0
        out[cfg[C_PASS_ID]] = 0
    elif out64.shape[0]:
        for w in range(keep_from):
            out64[w] = 0
        for w in range(max(keep_to, keep_from), out64.shape[0]):
            out64[w] = 0
    else:
        for i in range(out.shape[0]):
            out[i] = 0


_DEBRUIJN = np.uint64(0x03F79D71B4CB0A89)
#: the bit index of a 64-bit word with one bit set, by de Bruijn's multiply
_BIT_OF = np.array(
    [
        0, 1, 48, 2, 57, 49, 28, 3, 61, 58, 50, 42, 38, 29, 17, 4,
        62, 55, 59, 36, 53, 51, 43, 22, 45, 39, 33, 30, 24, 18, 12, 5,
        63, 47, 56, 27, 60, 41, 37, 16, 54, 35, 52, 21, 44, 32, 23, 11,
        46, 26, 40, 15, 34, 20, 31, 10, 25, 14, 19, 9, 13, 8, 7, 6,
    ],
    dtype=np.int64,
)  # fmt: skip


@_jit
def _popcount(x: Any) -> int:
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return int((x * np.uint64(0x0101010101010101)) >> np.uint64(56))


#: byte b spread to 8 bytes of 0 or 1 (bit j of b in byte j of the word, little-endian)
_SPREAD = np.array(
    [sum(((b >> j) & 1) << (8 * j) for j in range(8)) for b in range(256)], dtype=np.uint64
)


@_jit
def _held_groups(r: Any, cfg: Any, group_of: Any, seat: int, held: Any) -> None:
    """Cards of each group in ``seat``'s hand."""
    for g in range(held.shape[0]):
        held[g] = 0
    hand = cfg[C_HAND] + seat * NCARDS
    for c in range(NCARDS):
        k = r[hand + c]
        if k:
            held[group_of[c]] += k


#: words of the plays' bit row worked out at a time (the listing may stop at its cap)
CHUNK = 64


@_jit
def _legal_play_bits(
    r: Any,
    cfg: Any,
    bad: Any,
    big: Any,
    group_of: Any,
    seat: int,
    words: Any,
    scratch: Any,
    limit: int,
) -> tuple[int, int]:
    """The multisets ``seat``'s hand may lay as a bit row in ``words`` (bit ``i`` of word
    ``i // 64``: the action table's multiset ``i``): (how many, the words worked out), the
    work stopped after the chunk of words that brings the count to ``limit``.  The table's
    multisets are bit rows: ``bad[g, k]`` marks those needing more than ``k`` cards of group
    ``g``, ``big[m]`` those of more than ``m`` cards; what the hand may lay is what none of
    its rows marks."""
    ngroups = cfg[C_NGROUPS]
    held = scratch[0:ngroups]
    _held_groups(r, cfg, group_of, seat, held)
    top = bad.shape[1] - 1
    most = min(cfg[C_MAXC], r[cfg[C_SIZE] + seat], big.shape[0] - 1)
    nwords = words.shape[0]
    found = 0
    for lo in range(0, nwords, CHUNK):
        hi = min(nwords, lo + CHUNK)
        part = words[lo:hi]
        fill = big[most, lo:hi]
        for w in range(hi - lo):
            part[w] = fill[w]
        for g in range(ngroups):
            row = bad[g, min(held[g], top), lo:hi]
            for w in range(hi - lo):
                part[w] |= row[w]
        for w in range(hi - lo):
            part[w] = ~part[w]
            found += _popcount(part[w])
        if found >= limit:
            return found, hi
    return found, nwords


@_jit
def _mark_words(
    cfg: Any,
    words: Any,
    done: int,
    limit: int,
    nallow: int,
    out: Any,
    out64: Any,
    first: int,
    spread: bool,
) -> int:
    """The plays of the bit row's first ``done`` words marked (the row cleared before), as the
    engine lists them, no more than ``limit`` (the listing's cap), each with every claim it
    may make.  With ``spread`` (one claim slot, the row's words in ``out64`` from ``first``),
    whole words are written eight ids at once while they stay under the cap; the rest id by
    id."""
    start = cfg[C_PLAY_START]
    slots = cfg[C_CLAIM_SLOTS]
    found = 0
    for w in range(done):
        bits = words[w]
        if spread:
            count = _popcount(bits)
            if found + count < limit:
                at = first + w * 8
                for b in range(8):
                    byte = (bits >> np.uint64(8 * b)) & np.uint64(255)
                    if byte:
                        out64[at + b] = _SPREAD[byte]
                found += count
                continue
        while bits:
            low = bits & (~bits + np.uint64(1))
            at = w * 64 + _BIT_OF[int((low * _DEBRUIJN) >> np.uint64(58))]
            bits ^= low
            base = start + at * slots
            for s in range(nallow):
                out[base + s] = 1
            found += 1
            if found >= limit:
                return int(found * nallow)
    return int(found * nallow)
