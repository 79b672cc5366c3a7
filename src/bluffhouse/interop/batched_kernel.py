"""The compiled core of the batched Cheat environment: N games stepped in lockstep on ints.

Each game is one row of an int32 array (its scalars, then its per-seat and per-card blocks, at
the offsets of :class:`Offsets`), so a whole batch is two arrays (the rows and the random
generators' states) and every function here takes one row.  The transitions are the reference
engine's for the rules :func:`bluffhouse.cheat.fast_spec.supports` accepts, with its events and
what each seat's view shows; the observation and the legal-action mask are written exactly as
:class:`~bluffhouse.encodings.CheatObservation` and :class:`~bluffhouse.encodings.CheatCodec`
write them (checked value for value by the differential test).  Compiled with numba
(``pip install bluffhouse[fast]``) when it is installed, else run as plain Python (the same
results, far slower).
The masks are :mod:`.batched_masks`'s, and the calls over the whole batch
:mod:`.batched_steps`'s.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .batched_beliefs import fold
from .batched_jit import _jit, _jit_inline
from .batched_layout import (
    C_AFTER,
    C_ALLOW,
    C_CALL_ID,
    C_CALLERS,
    C_CALLS,
    C_CAUGHT,
    C_CLAIM_SLOTS,
    C_EVENTS,
    C_FIN,
    C_FIRSTP,
    C_GONE,
    C_HAND,
    C_HIST,
    C_KCUP,
    C_KNOW,
    C_KNOWN,
    C_LASTC,
    C_LEADER,
    C_LIST_LIMIT,
    C_LOW,
    C_MASK_PAD,
    C_MAXC,
    C_MAXSTEPS,
    C_N,
    C_NCL,
    C_NDECK,
    C_NFIRST,
    C_NGROUPS,
    C_NTYPES,
    C_O_ALLOWED,
    C_O_CLAIM,
    C_O_HAND,
    C_O_HIST,
    C_O_KNOWN,
    C_O_LAST,
    C_O_PHASE,
    C_O_SEATS,
    C_O_SUIT,
    C_O_TABLE,
    C_PASS_ID,
    C_PILE,
    C_PLAY_START,
    C_RANK,
    C_RANKING,
    C_REWARD_RANK,
    C_ROW,
    C_ROWLEN,
    C_SIPS,
    C_SIZE,
    C_STALL,
    C_TURNPASS,
    C_WILD,
    C_WIN,
    C_WORDS,
    EV_CALL,
    EV_CUP,
    EV_DEAL,
    EV_DECLINE,
    EV_FIRST,
    EV_OUT,
    EV_OVER,
    EV_PASS,
    EV_PLAY,
    EV_POUR,
    EV_TAKE,
    EVENT_WIDTH,
    F_COPIES,
    F_HAND,
    F_HAND_JOKER,
    F_JCOPIES,
    F_MAXCOUNT,
    F_STALL,
    F_TOTAL,
    JOKER,
    KING,
    MASK_ANY,
    MASK_WINDOW,
    N_CONFIG,
    N_SCALARS,
    NCARDS,
    NO_WINNER,
    OVER,
    PHASE_SLOT,
    S_CUP,
    S_CUPFULL,
    S_LAST,
    S_LCOUNT,
    S_LEAD,
    S_LRANK,
    S_LTRUE,
    S_MASKED,
    S_NALLOW,
    S_NEV,
    S_NFIN,
    S_NWIN,
    S_PHASE,
    S_PILE,
    S_POURS,
    S_PREV,
    S_QUIET,
    S_STALLED,
    S_STEPS,
    S_TRUNC,
    S_TURN,
    S_WINNER,
    TURN,
    VALUES,
    WINDOW,
    row_layout,
)

#: The layout's names are the kernel's too (read as ``batched_kernel.C_...``).
__all__ = [
    "C_AFTER",
    "C_ALLOW",
    "C_CALLERS",
    "C_CALLS",
    "C_CALL_ID",
    "C_CAUGHT",
    "C_CLAIM_SLOTS",
    "C_EVENTS",
    "C_FIN",
    "C_FIRSTP",
    "C_GONE",
    "C_HAND",
    "C_HIST",
    "C_KCUP",
    "C_KNOW",
    "C_KNOWN",
    "C_LASTC",
    "C_LEADER",
    "C_LIST_LIMIT",
    "C_LOW",
    "C_MASK_PAD",
    "C_MAXC",
    "C_MAXSTEPS",
    "C_N",
    "C_NCL",
    "C_NDECK",
    "C_NFIRST",
    "C_NGROUPS",
    "C_NTYPES",
    "C_O_ALLOWED",
    "C_O_CLAIM",
    "C_O_HAND",
    "C_O_HIST",
    "C_O_KNOWN",
    "C_O_LAST",
    "C_O_PHASE",
    "C_O_SEATS",
    "C_O_SUIT",
    "C_O_TABLE",
    "C_PASS_ID",
    "C_PILE",
    "C_PLAY_START",
    "C_RANK",
    "C_RANKING",
    "C_REWARD_RANK",
    "C_ROW",
    "C_ROWLEN",
    "C_SIPS",
    "C_SIZE",
    "C_STALL",
    "C_TURNPASS",
    "C_WILD",
    "C_WIN",
    "C_WORDS",
    "EVENT_WIDTH",
    "EV_CALL",
    "EV_CUP",
    "EV_DEAL",
    "EV_DECLINE",
    "EV_FIRST",
    "EV_OUT",
    "EV_OVER",
    "EV_PASS",
    "EV_PLAY",
    "EV_POUR",
    "EV_TAKE",
    "F_COPIES",
    "F_HAND",
    "F_HAND_JOKER",
    "F_JCOPIES",
    "F_MAXCOUNT",
    "F_STALL",
    "F_TOTAL",
    "JOKER",
    "KING",
    "MASK_ANY",
    "MASK_WINDOW",
    "NCARDS",
    "NO_WINNER",
    "N_CONFIG",
    "N_SCALARS",
    "OVER",
    "PHASE_SLOT",
    "S_CUP",
    "S_CUPFULL",
    "S_LAST",
    "S_LCOUNT",
    "S_LEAD",
    "S_LRANK",
    "S_LTRUE",
    "S_MASKED",
    "S_NALLOW",
    "S_NEV",
    "S_NFIN",
    "S_NWIN",
    "S_PHASE",
    "S_PILE",
    "S_POURS",
    "S_PREV",
    "S_QUIET",
    "S_STALLED",
    "S_STEPS",
    "S_TRUNC",
    "S_TURN",
    "S_WINNER",
    "TURN",
    "VALUES",
    "WINDOW",
    "acting_seat",
    "observe",
    "result_rewards",
    "rewards_of",
    "row_layout",
]


# ====================================================================== random numbers
@_jit
def _next_random(rng: Any, e: int) -> int:
    """splitmix64: the next 31-bit value of game ``e``'s generator."""
    x = (rng[e] + np.uint64(0x9E3779B97F4A7C15)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    rng[e] = x
    z = x
    z = ((z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    z = ((z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)) & np.uint64(0xFFFFFFFFFFFFFFFF)
    z = z ^ (z >> np.uint64(31))
    return int(z >> np.uint64(33))


# ====================================================================== seats and events
@_jit
def _next_active(r: Any, cfg: Any, seat: int) -> int:
    n = cfg[C_N]
    g = cfg[C_GONE]
    for step in range(1, n + 1):
        s = (seat + step) % n
        if r[g + s] == 0:
            return int(s)
    return int(seat)


@_jit
def _log(
    r: Any,
    cfg: Any,
    kind: int,
    seat: int,
    target: int,
    rank: int,
    count: int,
    truthful: int,
    right: int,
    pickup: int,
) -> None:
    at = cfg[C_EVENTS] + (r[S_NEV] % cfg[C_HIST]) * EVENT_WIDTH
    r[at] = kind
    r[at + 1] = seat
    r[at + 2] = target
    r[at + 3] = rank
    r[at + 4] = count
    r[at + 5] = truthful
    r[at + 6] = right
    r[at + 7] = pickup
    r[S_NEV] += 1
    if cfg[C_KNOW] > 0:  # the seats' card counting, for the belief features
        fold(r, cfg, kind, seat, target, rank, count, truthful)


@_jit
def _set_allowed(r: Any, cfg: Any, after: Any, after_n: Any, rank: int) -> None:
    """The claims after a standing claim of ``rank`` (-1: none yet)."""
    k = after_n[rank + 1]
    a = cfg[C_ALLOW]
    for i in range(k):
        r[a + i] = after[rank + 1, i]
    r[S_NALLOW] = k


@_jit
def _set_claimable(r: Any, cfg: Any, claimable: Any) -> None:
    a = cfg[C_ALLOW]
    for i in range(cfg[C_NCL]):
        r[a + i] = claimable[i]
    r[S_NALLOW] = cfg[C_NCL]


# ====================================================================== transitions
@_jit
def _end_game(r: Any, cfg: Any, stalled: bool) -> None:
    n = cfg[C_N]
    nfin = r[S_NFIN]
    rk = cfg[C_RANK]
    for i in range(nfin):
        r[rk + i] = r[cfg[C_FIN] + i]
    k = nfin
    # the seats still in by cards held, fewest first, ties in seat order (insertion sort)
    for s in range(n):
        if r[cfg[C_GONE] + s]:
            continue
        size = r[cfg[C_SIZE] + s]
        j = k
        while j > nfin and r[cfg[C_SIZE] + r[rk + j - 1]] > size:
            r[rk + j] = r[rk + j - 1]
            j -= 1
        r[rk + j] = s
        k += 1
    winner = r[rk]
    sizes = cfg[C_SIZE]
    if stalled and nfin == 0 and k - nfin > 1 and r[sizes + r[rk]] == r[sizes + r[rk + 1]]:
        winner = NO_WINNER
    r[S_WINNER] = winner
    r[S_STALLED] = 1 if stalled else 0
    r[S_PHASE] = OVER  # (a game stalled in a window keeps the window: the view shows it)
    _log(r, cfg, EV_OVER, -1, -1, -1, -1, 0, 0, 0)


@_jit
def _go_out(r: Any, cfg: Any, seat: int) -> None:
    r[S_QUIET] = 0
    r[cfg[C_FIN] + r[S_NFIN]] = seat
    r[S_NFIN] += 1
    r[cfg[C_GONE] + seat] = 1
    _log(r, cfg, EV_OUT, seat, -1, -1, -1, 0, 0, 0)
    active = cfg[C_N] - r[S_NFIN]
    if cfg[C_RANKING] == 0 or active <= 1:
        _end_game(r, cfg, False)


@_jit
def _stand_last(r: Any, cfg: Any) -> None:
    p = r[S_LAST]
    if p < 0:
        return
    r[S_LAST] = -1
    if r[cfg[C_SIZE] + p] == 0 and r[cfg[C_GONE] + p] == 0:
        _go_out(r, cfg, p)


@_jit
def _begin_turn(r: Any, seat: int) -> None:
    r[S_PHASE] = TURN
    r[S_TURN] = seat


@_jit
def _next_turn_after_play(r: Any, cfg: Any, after: Any, after_n: Any, player: int) -> None:
    nxt = _next_active(r, cfg, player)
    _set_allowed(r, cfg, after, after_n, r[S_PREV])
    r[S_LEAD] = 0
    _begin_turn(r, nxt)


@_jit
def _open_window(r: Any, cfg: Any, after: Any, after_n: Any, player: int) -> None:
    n = cfg[C_N]
    w = cfg[C_WIN]
    k = 0
    for step in range(1, n):
        s = (player + step) % n
        if r[cfg[C_GONE] + s] == 0:
            r[w + k] = s
            k += 1
    callers = cfg[C_CALLERS]
    if callers == 1 or callers == 2:
        k = min(k, 1)
    r[S_NWIN] = k
    if callers <= 1:
        r[S_PHASE] = WINDOW
        r[S_TURN] = player
        return
    _next_turn_after_play(r, cfg, after, after_n, player)


@_jit
def _take_pile(r: Any, cfg: Any, seat: int, scratch: Any) -> None:
    n = cfg[C_N]
    taken = r[S_PILE]
    hand = cfg[C_HAND] + seat * NCARDS
    pile = cfg[C_PILE]
    kings = 0
    cards = scratch[-NCARDS:]  # the pile's distinct cards
    ncards = 0
    for c in range(NCARDS):
        k = r[pile + c]
        if k:
            r[hand + c] += k
            cards[ncards] = c
            ncards += 1
            if c < JOKER and c >> 2 == KING:
                kings += k
    r[cfg[C_SIZE] + seat] += taken
    r[cfg[C_SIPS] + seat] += taken
    _log(r, cfg, EV_TAKE, seat, -1, -1, taken, 0, 0, 0)
    # every seat's memory: the cards it knew in the pile (some of the pile's) go to the
    # taker's hand
    places = n + 1
    for v in range(n):
        base = cfg[C_KNOWN] + v * places * NCARDS
        into = base + _known_place(v, seat, n)
        moved = 1 if v != seat else 0
        for i in range(ncards):
            at = cards[i] * places
            r[into + at] += r[base + at] * moved
            r[base + at] = 0
    if cfg[C_KCUP] and taken:
        if r[S_CUPFULL]:
            r[cfg[C_SIPS] + seat] += r[S_CUP]
            _log(r, cfg, EV_CUP, seat, -1, -1, -1, 0, 0, 0)
            r[S_CUP] = 0
            r[S_POURS] = 0
            r[S_CUPFULL] = 0
        if kings:
            r[S_CUP] += kings
            r[S_POURS] += kings
            _log(r, cfg, EV_POUR, seat, -1, -1, -1, 0, 0, 0)
            if r[S_POURS] >= 4:
                r[S_CUPFULL] = 1
    for c in range(NCARDS):
        r[pile + c] = 0
    r[S_PILE] = 0


@_jit
def _open_round(r: Any, cfg: Any, seat: int) -> None:
    r[S_LEAD] = 1
    _begin_turn(r, seat)


@_jit
def _call(
    r: Any, cfg: Any, claimable: Any, after: Any, after_n: Any, caller: int, scratch: Any
) -> None:
    n = cfg[C_N]
    player = r[S_LAST]
    truthful = r[S_LTRUE]
    rank = r[S_LRANK]
    r[cfg[C_CALLS] + caller] += 1
    r[S_LAST] = -1
    r[S_NWIN] = 0
    _log(r, cfg, EV_CALL, caller, player, -1, -1, truthful, 1 - truthful, 0)
    # every seat sees the cards turned over
    places = n + 1
    lastc = cfg[C_LASTC]
    cards = scratch[-NCARDS:]
    ncards = 0
    for c in range(NCARDS):
        if r[lastc + c]:
            cards[ncards] = c
            ncards += 1
    for v in range(n):
        base = cfg[C_KNOWN] + v * places * NCARDS
        held = base + _known_place(v, player, n) if v != player else -1
        for i in range(ncards):
            c = cards[i]
            k = r[lastc + c]
            at = c * places
            if held >= 0:
                r[held + at] = max(r[held + at] - k, 0)
            r[base + at] = max(r[base + at], k)
    if not truthful:
        r[cfg[C_CAUGHT] + player] += 1
    loser = caller if truthful else player
    _take_pile(r, cfg, loser, scratch)
    if r[cfg[C_SIZE] + player] == 0:
        _go_out(r, cfg, player)
        if r[S_PHASE] == OVER:
            return
    winner = player if loser == caller else caller
    how = cfg[C_LEADER]
    if how == 0:
        leader = loser
    elif how == 1:
        leader = winner if r[cfg[C_GONE] + winner] == 0 else _next_active(r, cfg, winner)
    elif how == 2:
        leader = _next_active(r, cfg, player)
    else:
        leader = caller if not truthful else _next_active(r, cfg, caller)
    after_rule = cfg[C_AFTER]
    if after_rule == 0:
        r[cfg[C_ALLOW]] = rank
        r[S_NALLOW] = 1
        _open_round(r, cfg, leader)
    elif after_rule == 1:
        _set_allowed(r, cfg, after, after_n, rank)
        _open_round(r, cfg, leader)
        r[S_LEAD] = 0
    else:
        _set_claimable(r, cfg, claimable)
        _open_round(r, cfg, leader)


@_jit
def _decline(r: Any, cfg: Any, after: Any, after_n: Any, seat: int) -> None:
    _log(r, cfg, EV_DECLINE, seat, -1, -1, -1, 0, 0, 0)
    w = cfg[C_WIN]
    k = r[S_NWIN]
    j = 0
    for i in range(k):
        s = r[w + i]
        if s != seat:
            r[w + j] = s
            j += 1
    r[S_NWIN] = j
    if r[S_PHASE] == WINDOW and j == 0:
        player = r[S_LAST]
        _stand_last(r, cfg)
        if r[S_PHASE] != OVER:
            _next_turn_after_play(r, cfg, after, after_n, player)


@_jit
def _pass_turn(r: Any, cfg: Any, after: Any, after_n: Any, seat: int, scratch: Any) -> None:
    _stand_last(r, cfg)
    r[S_NWIN] = 0
    if r[S_PHASE] == OVER:
        return
    _log(r, cfg, EV_PASS, seat, -1, -1, -1, 0, 0, 1)
    if r[S_PILE]:
        _take_pile(r, cfg, seat, scratch)
    rank = r[cfg[C_ALLOW]] if r[S_NALLOW] > 0 else r[S_PREV]
    r[S_PREV] = rank
    r[S_LEAD] = 0
    _set_allowed(r, cfg, after, after_n, rank)
    _begin_turn(r, _next_active(r, cfg, seat))


@_jit
def _play(
    r: Any,
    cfg: Any,
    after: Any,
    after_n: Any,
    group_cards: Any,
    ms_counts: Any,
    seat: int,
    action: int,
    scratch: Any,
) -> None:
    r[S_NWIN] = 0
    _stand_last(r, cfg)
    if r[S_PHASE] == OVER:
        return
    slots = cfg[C_CLAIM_SLOTS]
    off = action - cfg[C_PLAY_START]
    at = off // slots
    claim = r[cfg[C_ALLOW] + off % slots]
    hand = cfg[C_HAND] + seat * NCARDS
    pile = cfg[C_PILE]
    lastc = cfg[C_LASTC]
    laid = r[lastc : lastc + NCARDS]
    for c in range(NCARDS):
        laid[c] = 0
    places = cfg[C_N] + 1
    known = cfg[C_KNOWN] + seat * places * NCARDS
    # the cards: group by group, the suits spread as evenly as possible (the codec's choice)
    suits = scratch[:4]
    for i in range(4):
        suits[i] = 0
    wild = cfg[C_WILD]
    truthful = 1
    k = 0
    for g in range(cfg[C_NGROUPS]):
        need = ms_counts[at, g]
        for _ in range(need):
            best = -1
            for j in range(group_cards.shape[1]):
                c = group_cards[g, j]
                if c < 0:
                    break
                if r[hand + c] > 0:
                    if c == JOKER:
                        best = c
                        break
                    if best < 0 or suits[c & 3] < suits[best & 3]:
                        best = c
            r[hand + best] -= 1
            r[pile + best] += 1
            r[lastc + best] += 1
            r[known + best * places] += 1  # the player's own memory: the pile
            if best != JOKER:
                suits[best & 3] += 1
                if best >> 2 != claim:
                    truthful = 0
            elif not wild and claim != 13:
                truthful = 0
            k += 1
    size = r[cfg[C_SIZE] + seat] - k
    r[cfg[C_SIZE] + seat] = size
    if size < r[cfg[C_LOW] + seat]:
        r[cfg[C_LOW] + seat] = size
        r[S_QUIET] = 0
    r[S_PILE] += k
    r[S_LAST] = seat
    r[S_LRANK] = claim
    r[S_LTRUE] = truthful
    r[S_LCOUNT] = k
    r[S_PREV] = claim
    r[S_LEAD] = 0
    _log(r, cfg, EV_PLAY, seat, -1, claim, k, 0, 0, 0)
    _open_window(r, cfg, after, after_n, seat)


@_jit_inline
def acting_seat(r: Any, cfg: Any) -> int:
    """The seat asked now (an environment asks the window's seats one at a time, in turn
    order from the player: the first of them; under ``callers="anytime"`` the other seats
    that may still call the last play before the player on turn, whose play closes their
    chance); -1 once the game is over."""
    phase = r[S_PHASE]
    if phase == OVER:
        return -1
    if phase == WINDOW:
        return int(r[cfg[C_WIN]])
    turn = r[S_TURN]
    if cfg[C_CALLERS] == 3:
        w = cfg[C_WIN]
        for i in range(r[S_NWIN]):
            if r[w + i] != turn:
                return int(r[w + i])
    return int(turn)


@_jit_inline
def _apply(
    r: Any,
    cfg: Any,
    claimable: Any,
    after: Any,
    after_n: Any,
    group_cards: Any,
    ms_counts: Any,
    action: int,
    scratch: Any,
) -> None:
    seat = acting_seat(r, cfg)
    r[S_QUIET] += 1  # progress in the transition sets it back to 0
    if action == cfg[C_CALL_ID]:
        _call(r, cfg, claimable, after, after_n, seat, scratch)
    elif action == cfg[C_PASS_ID]:
        if r[S_PHASE] == TURN and seat == r[S_TURN]:
            _pass_turn(r, cfg, after, after_n, seat, scratch)
        else:
            _decline(r, cfg, after, after_n, seat)
    else:
        _play(r, cfg, after, after_n, group_cards, ms_counts, seat, action, scratch)
    if r[S_PHASE] != OVER and r[S_QUIET] >= cfg[C_STALL]:
        _end_game(r, cfg, True)
    r[S_STEPS] += 1
    if r[S_PHASE] != OVER and cfg[C_MAXSTEPS] > 0 and r[S_STEPS] >= cfg[C_MAXSTEPS]:
        r[S_TRUNC] = 1


# ====================================================================== new games
@_jit
def _deal(r: Any, rng: Any, e: int, cfg: Any, deck: Any, claimable: Any, first_claims: Any) -> None:
    n = cfg[C_N]
    for i in range(cfg[C_ROWLEN]):
        r[i] = 0
    ndeck = cfg[C_NDECK]
    cards = deck.copy()
    for i in range(ndeck - 1, 0, -1):
        j = _next_random(rng, e) % (i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    for i in range(ndeck):
        s = i % n
        r[cfg[C_HAND] + s * NCARDS + cards[i]] += 1
        r[cfg[C_SIZE] + s] += 1
    _start(r, cfg, claimable, first_claims)


@_jit
def _start(r: Any, cfg: Any, claimable: Any, first_claims: Any) -> None:
    """A dealt row's first turn (the hands and sizes set)."""
    n = cfg[C_N]
    for s in range(n):
        r[cfg[C_LOW] + s] = r[cfg[C_SIZE] + s]
    r[S_LAST] = -1
    r[S_PREV] = -1
    r[S_WINNER] = NO_WINNER
    _log(r, cfg, EV_DEAL, -1, -1, -1, -1, 0, 0, 0)
    for s in range(n):
        if r[cfg[C_SIZE] + s] == 0:
            _go_out(r, cfg, s)
            if r[S_PHASE] == OVER:
                return
    starter = 0
    if cfg[C_FIRSTP] == 1:
        for s in range(n):
            if r[cfg[C_HAND] + s * NCARDS + 1] > 0:  # 1 == AH
                starter = s
                break
        _log(r, cfg, EV_FIRST, starter, -1, -1, -1, 0, 0, 0)
    if r[cfg[C_GONE] + starter]:
        starter = _next_active(r, cfg, starter)
    if cfg[C_NFIRST] > 0:
        a = cfg[C_ALLOW]
        for i in range(cfg[C_NFIRST]):
            r[a + i] = first_claims[i]
        r[S_NALLOW] = cfg[C_NFIRST]
    else:
        _set_claimable(r, cfg, claimable)
    _open_round(r, cfg, starter)
    r[S_QUIET] = 0


# ====================================================================== what a seat sees
@_jit
def _known_place(viewer: int, holder: int, n: int) -> int:
    """Where seat ``viewer``'s memory of a card in ``holder``'s hand sits in its block (card
    ``c`` of place ``p`` at ``c * (n + 1) + p``: place 0 the pile, 1 out of play, then the
    other seats from the viewer's left), the observation's order, so observing is one pass."""
    return 1 + (holder - viewer) % n


@_jit
def _seat_hot(out: Any, at: int, viewer: int, other: int, n: int) -> None:
    if 0 <= other < n:
        out[at + (other - viewer) % n] = 1.0


@_jit
def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


@_jit_inline
def observe(r: Any, cfg: Any, fcfg: Any, after_n: Any, after: Any, v: int, out: Any) -> None:
    """Seat ``v``'s observation vector of the row, written into ``out`` (zeroed here)."""
    n = cfg[C_N]
    for i in range(out.shape[0]):
        out[i] = 0.0
    total = max(1.0, fcfg[F_TOTAL])
    max_count = fcfg[F_MAXCOUNT]
    phase = r[S_PHASE]
    hand = r[cfg[C_HAND] + v * NCARDS : cfg[C_HAND] + (v + 1) * NCARDS]
    dst = out[cfg[C_O_HAND] : cfg[C_O_HAND] + NCARDS]
    for c in range(JOKER):
        dst[c] = fcfg[F_HAND + min(hand[c], VALUES - 1)]
    dst[JOKER] = fcfg[F_HAND_JOKER + min(hand[JOKER], VALUES - 1)]
    # seats, from the viewer's left
    o = cfg[C_O_SEATS]
    turn = r[S_TURN] if phase != OVER else -1
    for s in range(n):
        at = o + ((s - v) % n) * 12
        out[at] = min(1.0, r[cfg[C_SIZE] + s] / total)
        gone = r[cfg[C_GONE] + s]
        out[at + 1] = 1.0 if gone else 0.0
        in_window = False
        for i in range(r[S_NWIN]):
            if r[cfg[C_WIN] + i] == s:
                in_window = True
        if phase == WINDOW:
            to_act = in_window
        elif phase == TURN:
            to_act = s == turn or (cfg[C_CALLERS] == 3 and in_window)
        else:
            to_act = False
        out[at + 3] = 1.0 if to_act else 0.0
        out[at + 4] = 1.0 if s == turn else 0.0
        out[at + 5] = 1.0 if in_window else 0.0
        out[at + 8] = _squash(r[cfg[C_SIPS] + s], total)
        out[at + 9] = _squash(r[cfg[C_CALLS] + s], 10.0)
        out[at + 10] = _squash(r[cfg[C_CAUGHT] + s], 10.0)
    o = cfg[C_O_TABLE]
    out[o] = min(1.0, r[S_PILE] / total)
    out[o + 2] = _squash(r[S_CUP], 4.0)
    out[o + 3] = min(1.0, r[S_QUIET] / fcfg[F_STALL])
    out[o + 4] = 1.0 if r[S_LEAD] else 0.0
    out[o + 5] = 1.0 if phase == OVER else 0.0
    out[cfg[C_O_PHASE] + (0 if phase == TURN else 1 if phase == WINDOW else 6)] = 1.0
    nallow = r[S_NALLOW]
    if phase != WINDOW:
        for i in range(nallow):
            out[cfg[C_O_ALLOWED] + r[cfg[C_ALLOW] + i]] = 1.0
    claim = 14
    if phase != OVER and (r[S_LEAD] == 0 or nallow == 1):
        if phase == WINDOW and r[S_LAST] >= 0:
            if after_n[r[S_LRANK] + 1] == 1:
                claim = after[r[S_LRANK] + 1, 0]
        elif nallow == 1:
            claim = r[cfg[C_ALLOW]]
    out[cfg[C_O_CLAIM] + claim] = 1.0
    out[cfg[C_O_SUIT] + 4] = 1.0
    last = r[S_LAST]
    if last >= 0:
        at = cfg[C_O_LAST]
        out[at] = 1.0
        _seat_hot(out, at + 1, v, last, n)
        at += 1 + n
        out[at + r[S_LRANK]] = 1.0
        at += 14
        out[at] = min(1.0, r[S_LCOUNT] / max_count)
        out[at + 1] = min(1.0, r[S_LCOUNT] / max_count)
        out[at + 2 + n] = 1.0
    # cards last known in the pile, out of play (never, under these rules) and other hands,
    # kept in the observation's own order (see _known_place)
    # (slices, so the loops are vectorized: no index may wrap around)
    places = n + 1
    size = NCARDS * places
    src = r[cfg[C_KNOWN] + v * size : cfg[C_KNOWN] + (v + 1) * size]
    dst = out[cfg[C_O_KNOWN] : cfg[C_O_KNOWN] + size]
    copies = fcfg[F_COPIES]
    for i in range(JOKER * places):
        dst[i] = min(1.0, src[i] / copies)
    copies = max(1.0, fcfg[F_JCOPIES])
    for i in range(JOKER * places, size):
        dst[i] = min(1.0, src[i] / copies)
    # the recent events, newest first
    hist = cfg[C_HIST]
    row = cfg[C_ROW]
    ntypes = cfg[C_NTYPES]
    nev = r[S_NEV]
    shown = min(nev, hist)
    o = cfg[C_O_HIST]
    for j in range(shown):
        ev = cfg[C_EVENTS] + ((nev - 1 - j) % hist) * EVENT_WIDTH
        at = o + j * row
        out[at + r[ev]] = 1.0
        at += ntypes + 1
        seat = r[ev + 1]
        if seat >= 0:
            out[at + (seat - v) % n] = 1.0
        else:
            out[at + n] = 1.0
        at += n + 1
        target = r[ev + 2]
        if target >= 0:
            out[at + (target - v) % n] = 1.0
        else:
            out[at + n] = 1.0
        at += n + 1
        rank = r[ev + 3]
        out[at + (rank if rank >= 0 else 14)] = 1.0
        at += 15
        if r[ev + 4] >= 0:
            out[at] = min(1.0, r[ev + 4] / max(max_count, 1.0))
        out[at + 1] = 1.0 if r[ev + 5] else 0.0
        out[at + 2] = 1.0 if r[ev + 6] else 0.0
        out[at + 3] = 1.0 if r[ev + 7] else 0.0


@_jit
def rewards_of(r: Any, n: int, by_rank: int, ranking: int, winner: int, out: Any) -> None:
    """Every seat's reward of a finished game (``win``, or ``rank`` where ``by_rank``, as
    ``encodings.rewards``): ``ranking`` is where the row's ranking starts, ``winner`` -1 for
    none.  Both families' kernels call it."""
    if by_rank:
        for place in range(n):
            out[r[ranking + place]] = (n - 1 - 2 * place) / (n - 1)
        return
    for s in range(n):
        out[s] = 0.0 if winner < 0 else ((1.0 if s == winner else 0.0) - 1.0 / n) * n / (n - 1)


@_jit
def result_rewards(r: Any, cfg: Any, out: Any) -> None:
    """Every seat's reward of a finished row."""
    rewards_of(r, cfg[C_N], cfg[C_REWARD_RANK], cfg[C_RANK], r[S_WINNER], out)
