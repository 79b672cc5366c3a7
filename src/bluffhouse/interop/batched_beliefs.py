"""The belief features of the batched Cheat environment (``beliefs=True``): the 24 numbers of
:func:`bluffhouse.bots.cheat.learned.belief_features`, what ``counter`` reads of the table,
worked out in compiled code from a card counting kept in each game's row.

The counting is :class:`bluffhouse.bots.cheat.knowledge.Knowledge`'s, for the rules the
batched environment plays: every event the kernel logs is folded into every seat's
counting as it happens (:func:`fold`, called by the kernel's log), and a seat's features
settle it against what its view shows (its hand, the hand sizes), as ``Knowledge.from_view``
does.  Those rules move no card out of play and have no table cheats, checks or beliefs, so
the parts of the counting that only they feed are left out.  A differential test checks every
feature against the Python counting, game after game.

The block of a row (at ``cfg[C_KNOW]``): the seats' shared record (hand sizes by the log,
each seat's called plays and how many were true, its calls and chances to call, the play
standing, the copies of each card in the packs, the claims in the pile by seat and rank),
then per seat: the cards it knows in each hand, those of them each holder may have laid
since (``soft``), its own cards in the pile, other cards it saw go into the pile, what it
knew of the last player's hand before that play, and the cards each seat laid since its
known cards became uncertain.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .batched_jit import _jit
from .batched_layout import (
    A_NORDER,
    A_ORDER,
    A_SEQ,
    C_ALLOW,
    C_CALLERS,
    C_HAND,
    C_KNOW,
    C_LASTC,
    C_LOW,
    C_N,
    C_SIZE,
    C_WILD,
    EV_CALL,
    EV_DEAL,
    EV_DECLINE,
    EV_PASS,
    EV_PLAY,
    EV_TAKE,
    NCARDS,
    S_LAST,
    S_LCOUNT,
    S_LRANK,
    S_NALLOW,
    S_PHASE,
    S_PILE,
    S_QUIET,
    TURN,
    WINDOW,
)

#: The features (as ``bots.cheat.learned.BELIEFS``).
BELIEFS = 24
#: hand and pile sizes are divided by this (two hands' worth) and clipped at 1
SCALE = 26.0
#: the callers code of "anyone may call until the next play" (fast_spec.CALLER_CODES)
ANYTIME = 3
#: a seat's call record starts from a Beta prior: PRIOR chances at PRIOR_RATE (knowledge's)
PRIOR, PRIOR_RATE = 3.0, 0.25


# ---------------------------------------------------------------------- the block's layout
def block_size(players: int) -> int:
    """The ints of a row's counting for ``players`` seats."""
    return _shared(players) + players * _per_seat(players)


def _shared(n: int) -> int:
    return n + 2 * n + n + n + 1 + 1 + NCARDS + n * 14


def _per_seat(n: int) -> int:
    return 2 * n * NCARDS + 4 * NCARDS + n


@_jit
def _offsets(n: int, v: int) -> tuple[int, int, int, int, int, int, int, int]:
    """Within the block: (sizes, record, calls, chances, standing, deck, claims) shared, then
    viewer ``v``'s start; see :func:`_seat_parts` for its parts.  The int after ``standing``
    holds the seats that answered the standing play (bit ``1 << seat``)."""
    sizes = 0
    record = sizes + n
    calls = record + 2 * n
    chances = calls + n
    standing = chances + n
    deck = standing + 2
    claims = deck + NCARDS
    view = claims + n * 14 + v * (2 * n * NCARDS + 4 * NCARDS + n)
    return sizes, record, calls, chances, standing, deck, claims, view


@_jit
def _seat_parts(n: int, view: int) -> tuple[int, int, int, int, int, int, int]:
    """A viewer's parts: known (n x 53), soft (n x 53), mine in the pile, seen in the pile,
    known of the last player before its play, the uncertain part of that, laid since (n)."""
    known = view
    soft = known + n * NCARDS
    mine = soft + n * NCARDS
    seen = mine + NCARDS
    before = seen + NCARDS
    before_soft = before + NCARDS
    laid_since = before_soft + NCARDS
    return known, soft, mine, seen, before, before_soft, laid_since


@_jit
def _matches(card: int, rank: int, wild: int) -> bool:
    if card == 52:
        return wild == 1 or rank == 13
    return card >> 2 == rank


# ---------------------------------------------------------------------- folding the log
@_jit
def _placed(known: Any, n: int, v: int, cards: Any, holder: int, deck: Any) -> None:
    """``cards`` (counts per card) are somewhere else than any hand but ``holder``'s (-1:
    none): each leaves the other seats' known cards where the packs hold too few for both
    (``Knowledge._placed``, over ``known`` (n x 53) of viewer ``v``)."""
    for c in range(NCARDS):
        elsewhere = cards[c]
        if elsewhere <= 0:
            continue
        for s in range(n):
            if s == holder or s == v or known[s, c] == 0:  # noqa: SIM109 (numba)
                continue
            here = 0
            for t in range(n):
                if t != holder and t != v:
                    here += known[t, c]
            excess = elsewhere + here + (known[holder, c] if holder >= 0 else 0) - deck[c]
            if excess > 0:
                known[s, c] -= min(excess, known[s, c])


@_jit
def _trim(known: Any, seat: int, size: int, rank: int, wild: int) -> None:
    """``seat`` holds at most ``size`` cards: its known cards dropped beyond that, those
    matching ``rank`` first, the lowest first (``Knowledge._trim``)."""
    over = -size
    for c in range(NCARDS):
        over += known[seat, c]
    for first in (True, False):
        for c in range(NCARDS):
            if over <= 0:
                return
            if _matches(c, rank, wild) != first:
                continue
            drop = min(over, known[seat, c])
            known[seat, c] -= drop
            over -= drop


@_jit
def fold(
    r: Any, cfg: Any, kind: int, seat: int, target: int, rank: int, count: int, truthful: int
) -> None:
    """One logged event folded into every seat's counting (``Knowledge._read``)."""
    n = cfg[C_N]
    kb = cfg[C_KNOW]
    wild = cfg[C_WILD]
    sizes, record, calls, chances, standing_at, deck_at, claims, _ = _offsets(n, 0)
    k = r[kb:]
    deck = k[deck_at : deck_at + NCARDS]
    standing = k[standing_at]
    # who let the standing play go, or called it
    answered = standing_at + 1  # the seats that declined the standing play, as bits
    if (kind == EV_CALL or kind == EV_DECLINE) and seat >= 0:  # noqa: SIM109 (numba)
        k[chances + seat] += 1
        k[answered] |= 1 << seat
        if kind == EV_CALL:
            k[calls + seat] += 1
    elif (
        (kind == EV_PLAY or kind == EV_PASS)  # noqa: SIM109 (numba has no tuple `in` here)
        and cfg[C_CALLERS] == ANYTIME
        and standing >= 0
        and standing != seat
    ):
        for s in range(n):
            if s != standing and k[sizes + s] > 0 and not (k[answered] >> s) & 1:
                k[chances + s] += 1
    if kind == EV_PLAY:
        k[standing_at] = seat
        k[answered] = 0
    elif kind != EV_DECLINE:
        k[standing_at] = -1
    if kind == EV_DEAL:
        for s in range(n):
            k[sizes + s] = r[cfg[C_SIZE] + s]
        for c in range(NCARDS):
            total = 0
            for s in range(n):
                total += r[cfg[C_HAND] + s * NCARDS + c]
            deck[c] = total
        k[standing_at] = -1
    elif kind == EV_PLAY:
        k[claims + seat * 14 + rank] += count
        k[sizes + seat] -= count
        left = max(0, k[sizes + seat])
        lastc = r[cfg[C_LASTC] : cfg[C_LASTC] + NCARDS]
        for v in range(n):
            view = _offsets(n, v)[7]
            known_at, soft_at, mine, _, before, before_soft, laid_since = _seat_parts(n, view)
            known = k[known_at : known_at + n * NCARDS].reshape((n, NCARDS))
            soft = k[soft_at : soft_at + n * NCARDS].reshape((n, NCARDS))
            if seat == v:
                for c in range(NCARDS):
                    k[mine + c] += lastc[c]
            overlap = False
            for c in range(NCARDS):
                k[before + c] = known[seat, c]
                k[before_soft + c] = min(known[seat, c], soft[seat, c])
            if seat == v:
                continue
            _trim(known, seat, left, rank, wild)
            most = count  # known cards of the claimed rank most likely went down
            for c in range(NCARDS):
                if most <= 0:
                    break
                if _matches(c, rank, wild):
                    drop = min(most, known[seat, c])
                    known[seat, c] -= drop
                    most -= drop
            for c in range(NCARDS):
                if known[seat, c] > 0 and soft[seat, c] > 0:
                    overlap = True
            if not overlap:
                k[laid_since + seat] = 0
            k[laid_since + seat] += count
            for c in range(NCARDS):
                soft[seat, c] = known[seat, c]
    elif kind == EV_CALL:
        k[record + 2 * target] += truthful
        k[record + 2 * target + 1] += 1
        lastc = r[cfg[C_LASTC] : cfg[C_LASTC] + NCARDS]
        for v in range(n):
            view = _offsets(n, v)[7]
            known_at, _, _, seen, _, _, _ = _seat_parts(n, view)
            known = k[known_at : known_at + n * NCARDS].reshape((n, NCARDS))
            if v != target:  # the turned cards were not its own: it sees them go in
                for c in range(NCARDS):
                    k[seen + c] += lastc[c]
            _placed(known, n, v, lastc, -1, deck)
    elif kind == EV_TAKE:
        pile_known = np.zeros(NCARDS, dtype=np.int64)
        for v in range(n):
            view = _offsets(n, v)[7]
            known_at, _, mine, seen, _, _, _ = _seat_parts(n, view)
            known = k[known_at : known_at + n * NCARDS].reshape((n, NCARDS))
            for c in range(NCARDS):
                pile_known[c] = k[mine + c] + k[seen + c]
            _placed(known, n, v, pile_known, seat if seat != v else -1, deck)
            if seat != v:
                for c in range(NCARDS):
                    known[seat, c] += pile_known[c]
            for c in range(NCARDS):
                k[mine + c] = 0
                k[seen + c] = 0
        for i in range(n * 14):
            k[claims + i] = 0
        k[sizes + seat] += count


# ---------------------------------------------------------------------- the features
@_jit
def _log_comb(a: int, b: int) -> float:
    if b < 0 or b > a:
        return -math.inf
    return math.lgamma(a + 1.0) - math.lgamma(b + 1.0) - math.lgamma(a - b + 1.0)


@_jit
def _chance_held(
    sizes: Any, player: int, rank: int, count: int, before: Any, unseen: Any, wild: int
) -> float:
    """``knowledge._chance_held``: the chance the player held ``count`` cards of ``rank``
    before its play, its known cards then ``before`` and the rest drawn from ``unseen``."""
    sure = 0
    held = 0
    good = 0
    pool = 0
    for c in range(NCARDS):
        held += before[c]
        pool += unseen[c]
        if _matches(c, rank, wild):
            sure += before[c]
            good += unseen[c]
    unknown = max(0, sizes[player] + count - held)
    need = max(0, count - sure)
    if need == 0:
        return 1.0
    if good < need or unknown < need:
        return 0.0
    log_total = _log_comb(pool, unknown) if pool >= unknown else 0.0
    hit = 0.0
    for i in range(need, min(good, unknown) + 1):
        term = _log_comb(good, i) + _log_comb(pool - good, unknown - i)
        if term > -math.inf:
            hit += math.exp(term - log_total)
    return min(1.0 - 1e-9, hit)


@_jit
def beliefs(r: Any, cfg: Any, acfg: Any, me: int, out: Any, known: Any, scratch: Any) -> None:
    """Seat ``me``'s 24 features of the row, into ``out`` (``learned.belief_features``);
    ``known`` (n x 53) and ``scratch`` (8 x 53) are work space."""
    n = cfg[C_N]
    kb = cfg[C_KNOW]
    wild = cfg[C_WILD]
    k = r[kb:]
    _, record, calls, chances, _, deck_at, claims, view = _offsets(n, me)
    known_at, soft_at, mine, seen, before_at, before_soft_at, laid_since = _seat_parts(n, view)
    soft = k[soft_at : soft_at + n * NCARDS].reshape((n, NCARDS))
    deck = k[deck_at : deck_at + NCARDS]
    for i in range(out.shape[0]):
        out[i] = 0.0
    phase = r[S_PHASE]
    hand = r[cfg[C_HAND] + me * NCARDS : cfg[C_HAND] + (me + 1) * NCARDS]
    sizes = r[cfg[C_SIZE] : cfg[C_SIZE] + n]
    # the counting settled against the view: nothing it holds or saw elsewhere is in another
    # hand, and no seat holds more known cards than its hand
    for s in range(n):
        for c in range(NCARDS):
            known[s, c] = k[known_at + s * NCARDS + c]
    here = scratch[0]
    for c in range(NCARDS):
        here[c] = hand[c] + k[mine + c] + k[seen + c]
    _placed(known, n, me, here, -1, deck)
    for s in range(n):
        if s != me:
            _trim(known, s, sizes[s], -1, wild)
    for c in range(NCARDS):
        known[me, c] = 0
    # the rank to claim now (on turn) or next (in a window), and the three after it
    norder = acfg[A_NORDER]
    step = -1 if acfg[A_SEQ] == -1 else 1
    last = r[S_LAST]
    pos = -1
    if phase == TURN and r[S_NALLOW] > 0:
        pos = _index(acfg, r[cfg[C_ALLOW]])
    elif last >= 0:
        pos = _index(acfg, r[S_LRANK]) + (me - last) % n
    held = scratch[7]
    for i in range(15):
        held[i] = 0
    for c in range(52):
        held[c >> 2] += hand[c]
    out[0] = 1.0 if phase == TURN else 0.0
    out[1] = 1.0 if phase == WINDOW else 0.0
    if pos >= 0 and norder > 0:
        for i in range(4):
            rank_i = acfg[A_ORDER + (pos + step * n * i) % norder]
            out[2 + i] = held[rank_i] / 4
    total = 0
    for c in range(NCARDS):
        total += hand[c]
    out[6] = min(1.0, total / SCALE)
    out[7] = min(1.0, r[S_PILE] / SCALE)
    for d in range(1, min(n, 4)):
        s = (me + d) % n
        out[6 + 2 * d] = min(1.0, sizes[s] / SCALE)
        out[7 + 2 * d] = (k[calls + s] + PRIOR_RATE * PRIOR) / (k[chances + s] + PRIOR)
    if last >= 0 and phase == WINDOW:
        rank = r[S_LRANK]
        count = r[S_LCOUNT]
        truthful = k[record + 2 * last]
        called = k[record + 2 * last + 1]
        out[14] = 1.0
        out[15] = count / 4
        out[16] = min(1.0, sizes[last] / SCALE)
        out[17] = 1.0 if sizes[last] == 0 else 0.0
        out[18] = _p_truthful(
            k,
            n,
            me,
            last,
            rank,
            count,
            sizes,
            hand,
            known,
            soft,
            deck,
            mine,
            seen,
            before_at,
            before_soft_at,
            laid_since,
            claims,
            truthful,
            called,
            wild,
            scratch,
        )
        out[19] = 1.0 if (called - truthful + 1) / (called + 3) > 0.5 else 0.0
        out[20] = ((last - me) % n) / max(1, n - 1)
        rank_total = 0
        for c in range(NCARDS):
            if (13 if c == 52 else c >> 2) == rank:
                rank_total += deck[c]
        out[21] = 1.0 if held[rank] + count > rank_total else 0.0
    out[22] = min(1.0, r[S_QUIET] / 1000)
    out[23] = 1.0 if total <= r[cfg[C_LOW] + me] else 0.0


@_jit
def _index(acfg: Any, rank: int) -> int:
    for i in range(acfg[A_NORDER]):
        if acfg[A_ORDER + i] == rank:
            return i
    return 0


@_jit
def _p_truthful(
    k: Any,
    n: int,
    me: int,
    player: int,
    rank: int,
    count: int,
    sizes: Any,
    hand: Any,
    known: Any,
    soft: Any,
    deck: Any,
    mine: int,
    seen: int,
    before_at: int,
    before_soft_at: int,
    laid_since: int,
    claims: int,
    truthful: int,
    called: int,
    wild: int,
    scratch: Any,
) -> float:
    """``knowledge._p_truthful`` for the standing play (its count is the cards laid)."""
    unseen = scratch[1]
    before = scratch[2]
    before_soft = scratch[3]
    pool = scratch[4]
    for c in range(NCARDS):
        placed = hand[c] + k[mine + c] + k[seen + c]
        for s in range(n):
            placed += known[s, c]
        unseen[c] = max(0, deck[c] - placed)
        own = player == me
        before[c] = 0 if own else k[before_at + c]
        before_soft[c] = 0 if own else k[before_soft_at + c]
        # unseen - (before - known[player])
        pool[c] = max(0, unseen[c] - max(0, before[c] - known[player, c]))
    stays = _chance_held(sizes, player, rank, count, before, pool, wild)
    moved = 0.0
    for t in range(n):
        if t == me:
            continue
        uncertain = False
        for c in range(NCARDS):
            if t == player:
                if before_soft[c] > 0:
                    uncertain = True
            elif _matches(c, rank, wild) and min(known[t, c], soft[t, c]) > 0:
                uncertain = True
        if uncertain:
            moved = max(moved, k[laid_since + t] / max(1, sizes[t] + k[laid_since + t]))
    if moved > 0:
        sure = scratch[5]
        loose = scratch[6]
        for c in range(NCARDS):
            extra = 0
            for t in range(n):
                if t != me and t != player:
                    extra += min(known[t, c], soft[t, c])
            sure[c] = max(0, before[c] - before_soft[c])
            loose_c = unseen[c] + extra + min(before[c], before_soft[c])
            loose[c] = max(0, loose_c - max(0, before[c] - known[player, c]))
        gone = _chance_held(sizes, player, rank, count, sure, loose, wild)
        stays = (1 - moved) * stays + moved * gone
    if stays >= 1.0:
        return 1.0
    honesty = (truthful + 1) / (called + 3)
    if stays <= 0.0:
        return 0.0
    when_held = (truthful + 2) / (called + 3)
    # the pile's claims of the rank by others may name more than the packs can hold
    claimed = 0
    for s in range(n):
        if s != me:
            claimed += k[claims + s * 14 + rank]
    crowded = 1.0
    if claimed:
        room = 0
        for c in range(NCARDS):
            if _matches(c, rank, wild):
                room += deck[c] - hand[c] - k[mine + c] - k[seen + c]
        if claimed > room:
            crowded = (max(0, room) / claimed) ** count
    p: float = (honesty + (1 - honesty) * when_held * stays) * crowded
    return p


@_jit
def beliefs_of(r: Any, cfg: Any, acfg: Any, me: int, out: Any) -> None:
    """:func:`beliefs` with its own work space (a seat's features now, one game)."""
    n = cfg[C_N]
    beliefs(
        r,
        cfg,
        acfg,
        me,
        out,
        np.zeros((n, NCARDS), dtype=np.int64),
        np.zeros((8, NCARDS), dtype=np.int64),
    )
