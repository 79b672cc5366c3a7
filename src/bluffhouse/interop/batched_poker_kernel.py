"""The compiled core of the batched Poker Bull environment: N games stepped in lockstep.

As :mod:`.batched_kernel` for the Cheat family: each game is one row of an int32 array, every
function takes one row, and the observation and mask are written exactly as
:class:`~bluffhouse.encodings.PokerBullObservation` and the Poker Bull codec write them.  A
call's showdown is decided by the integer engine's existence check
(:func:`bluffhouse.pokerbull.fast._exists`, on the whole pack) and the best hand present by a
scan down the bid order that skips every run of bids whose head is absent (as
``BidSpace.best_scan``).
"""

from __future__ import annotations

from typing import Any

from ..pokerbull.fast import _exists, _randbelow, _seed
from .batched_jit import _jit
from .batched_kernel import _next_random, _squash, rewards_of

JOKER = 52
NCARDS = 53
PLAY, OVER = 0, 2
# event types, as PokerBullObservation.EVENT_TYPES numbers them
EV_DEAL, EV_BID, EV_CALL, EV_LOSE, EV_OUT, EV_RECHARGE, EV_OVER = 0, 1, 2, 3, 4, 5, 7

# ---------------------------------------------------------------------- the config array
(
    C_N,
    C_HIST,
    C_GROW,
    C_GROW_LIMIT,
    C_RECHARGE,
    C_STALL,
    C_HIGHER,
    C_LIST_LIMIT,
    C_NBIDS,
    C_START_SIZE,
    C_NDECK,
    C_JOKERS,
    C_MAXSTEPS,
    C_CALL_ID,
    C_BID_START,
    C_NTYPES,
    C_NCATS,
    C_REWARD_RANK,
    # observation block starts
    C_O_HAND,
    C_O_SEATS,
    C_O_BID,
    C_O_BIDS,
    C_O_MISC,
    C_O_SHOW,
    C_O_HIST,
    # row offsets
    C_SIZES,
    C_OUT,
    C_HANDS,
    C_BIDHIST,
    C_SHOWN,
    C_EVENTS,
    C_RANK,
    C_ROWLEN,
) = range(33)
N_CONFIG = 33

# ---------------------------------------------------------------------- the row's scalars
(
    S_PHASE,
    S_TURN,
    S_STARTER,
    S_BID,
    S_BIDDER,
    S_NBIDS,
    S_HAND_NO,
    S_NOUT,
    S_RECHARGED,
    S_SHOW,
    S_SH_CALLER,
    S_SH_BIDDER,
    S_SH_LOSER,
    S_SH_EXISTS,
    S_SH_HIGHER,
    S_SH_BEST,
    S_WINNER,
    S_STALLED,
    S_STEPS,
    S_TRUNC,
    S_NEV,
    S_MASKED,
    S_MTOTAL,
    S_MLO,
) = range(24)
N_SCALARS = 24
#: S_MASKED: what the row's last mask marked, so that only that is cleared: anything (clear
#: the whole row), or the call and the bids from S_MLO on of the list of all bids (or of the
#: listed subset) for S_MTOTAL cards in play
MASK_ANY, MASK_FULL, MASK_SUB = 0, 1, 2


def row_layout(players: int, history: int) -> dict[str, int]:
    """The offsets of a game's row for ``players`` seats and ``history`` bids and events."""
    n = players
    at = N_SCALARS
    out: dict[str, int] = {}
    for name, size in (
        ("sizes", n),
        ("out", n),
        ("hands", n * NCARDS),
        ("bidhist", history * 2),
        ("shown", n * NCARDS),
        ("events", history * 2),
        ("rank", n),
    ):
        out[name] = at
        at += size
    out["rowlen"] = at
    return out


# ====================================================================== seats and events
@_jit
def _next_in(r: Any, cfg: Any, seat: int) -> int:
    n = cfg[C_N]
    for step in range(1, n + 1):
        s = (seat + step) % n
        if r[cfg[C_SIZES] + s] > 0:
            return int(s)
    return int(seat)


@_jit
def _log(r: Any, cfg: Any, kind: int, seat: int) -> None:
    at = cfg[C_EVENTS] + (r[S_NEV] % cfg[C_HIST]) * 2
    r[at] = kind
    r[at + 1] = seat
    r[S_NEV] += 1


# ====================================================================== hands
@_jit
def _new_hand(r: Any, mt: Any, cfg: Any, deck: Any, starter: int) -> None:
    """A fresh deck shuffled (``random.Random.shuffle``'s draws from the game's Mersenne
    Twister ``mt``, as the engine's) and dealt to the seats still in, ``starter`` to open."""
    n = cfg[C_N]
    cards = deck.copy()
    for i in range(cards.shape[0] - 1, 0, -1):
        j = _randbelow(mt, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    hands = cfg[C_HANDS]
    for i in range(n * NCARDS):
        r[hands + i] = 0
    at = 0
    for s in range(n):
        for _ in range(r[cfg[C_SIZES] + s]):
            r[hands + s * NCARDS + cards[at]] += 1
            at += 1
    r[S_HAND_NO] += 1
    r[S_BID] = -1
    r[S_BIDDER] = -1
    r[S_NBIDS] = 0
    r[S_STARTER] = starter
    r[S_TURN] = starter
    _log(r, cfg, EV_DEAL, -1)


@_jit
def _deal(r: Any, rng: Any, e: int, mt: Any, seeds: Any, cfg: Any, deck: Any) -> None:
    """A new game: its seed drawn from the batch's generator, and dealt as the engine's
    ``new_game(seed=that seed)`` deals (its ``random.Random`` seeded alike)."""
    seeds[e] = (_next_random(rng, e) << 31) | _next_random(rng, e)
    _seed(mt, seeds[e])
    for i in range(cfg[C_ROWLEN]):
        r[i] = 0
    n = cfg[C_N]
    for s in range(n):
        r[cfg[C_SIZES] + s] = cfg[C_START_SIZE]
    r[S_BID] = -1
    r[S_BIDDER] = -1
    r[S_WINNER] = -1
    r[S_SH_BEST] = -1
    _new_hand(r, mt, cfg, deck, 0)


@_jit
def _finish(r: Any, cfg: Any, winner: int, stalled: bool) -> None:
    """The ranking: the winner, then those out, the last out first (a stall: the seats still
    in by the cards they would be dealt first)."""
    n = cfg[C_N]
    rk = cfg[C_RANK]
    k = 0
    if stalled:
        grow = cfg[C_GROW]
        for s in range(n):
            size = r[cfg[C_SIZES] + s]
            if size == 0:
                continue
            key = size if grow else -size
            j = k
            while j > 0:
                prev = r[cfg[C_SIZES] + r[rk + j - 1]]
                if (prev if grow else -prev) <= key:
                    break
                r[rk + j] = r[rk + j - 1]
                j -= 1
            r[rk + j] = s
            k += 1
        winner = r[rk]
        if k > 1 and r[cfg[C_SIZES] + r[rk]] == r[cfg[C_SIZES] + r[rk + 1]]:
            winner = -1
    else:
        r[rk] = winner
        k = 1
    for i in range(r[S_NOUT] - 1, -1, -1):
        r[rk + k] = r[cfg[C_OUT] + i]
        k += 1
    r[S_WINNER] = winner
    r[S_STALLED] = 1 if stalled else 0
    r[S_PHASE] = OVER
    _log(r, cfg, EV_OVER, -1)


@_jit
def _best(
    r: Any,
    cfg: Any,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    run_id: Any,
    run_start: Any,
    head: Any,
    counts: Any,
    suits: Any,
    jokers: int,
    memo: Any,
) -> int:
    """The index of the highest bid the cards make (-1: none), scanning down the bid order
    and skipping each run of bids whose head (a less specific bid present whenever any of
    the run is) is absent."""
    for i in range(memo.shape[0]):
        memo[i] = -1
    i = cfg[C_NBIDS] - 1
    while i >= 0:
        skip = -2
        for d in range(nspec[i]):
            run = run_id[i, d]
            ok = memo[run]
            if ok < 0:
                ok = (
                    1
                    if _exists(
                        head[run, 0],
                        head[run, 1],
                        head[run],
                        3,
                        head[run, 2],
                        counts,
                        suits,
                        jokers,
                    )
                    else 0
                )
                memo[run] = ok
            if ok == 0:
                skip = run_start[i, d] - 1
                break
        if skip != -2:
            i = skip
            continue
        if _exists(cat[i], nspec[i], spec, i * 6, natural[i], counts, suits, jokers):
            return int(i)
        i -= 1
    return -1


@_jit
def _call(
    r: Any,
    mt: Any,
    cfg: Any,
    deck: Any,
    value_of: Any,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    run_id: Any,
    run_start: Any,
    head: Any,
    scratch: Any,
    caller: int,
) -> None:
    n = cfg[C_N]
    counts = scratch[0:13]
    suits = scratch[13:17]
    memo = scratch[17:]
    for i in range(17):
        scratch[i] = 0
    jokers = 0
    hands = cfg[C_HANDS]
    shown = cfg[C_SHOWN]
    for s in range(n):
        for c in range(NCARDS):
            k = r[hands + s * NCARDS + c]
            r[shown + s * NCARDS + c] = k
            if k:
                if c == JOKER:
                    jokers += k
                else:
                    v = value_of[c]
                    counts[v] += k
                    suits[c & 3] |= 1 << v
    standing = r[S_BID]
    bidder = r[S_BIDDER]
    there = _exists(
        cat[standing], nspec[standing], spec, standing * 6, natural[standing], counts, suits, jokers
    )
    best = _best(
        r, cfg, cat, nspec, spec, natural, run_id, run_start, head, counts, suits, jokers, memo
    )
    higher = best > standing
    made = there or (cfg[C_HIGHER] == 1 and higher)
    loser = caller if made else bidder
    r[S_SHOW] = 1
    r[S_SH_CALLER] = caller
    r[S_SH_BIDDER] = bidder
    r[S_SH_LOSER] = loser
    r[S_SH_EXISTS] = 1 if there else 0
    r[S_SH_HIGHER] = 1 if higher else 0
    r[S_SH_BEST] = best
    _log(r, cfg, EV_CALL, -1)  # (the call event names caller and bidder, no "seat")
    at = cfg[C_SIZES] + loser
    before = r[at]
    if cfg[C_GROW]:
        r[at] = 0 if before >= cfg[C_GROW_LIMIT] else before + 1
    else:
        r[at] = before - 1
    _log(r, cfg, EV_LOSE, loser)
    if r[at] == 0:
        r[cfg[C_OUT] + r[S_NOUT]] = loser
        r[S_NOUT] += 1
        _log(r, cfg, EV_OUT, loser)
    alive = 0
    last = -1
    total = 0
    for s in range(n):
        size = r[cfg[C_SIZES] + s]
        if size > 0:
            alive += 1
            last = s
            total += size
    if alive == 1:
        for i in range(n * NCARDS):
            r[hands + i] = 0
        r[S_BID] = -1
        r[S_BIDDER] = -1
        r[S_NBIDS] = 0
        _finish(r, cfg, last, False)
        return
    if cfg[C_RECHARGE] and not r[S_RECHARGED] and total <= cfg[C_RECHARGE]:
        r[S_RECHARGED] = 1
        for s in range(n):
            if r[cfg[C_SIZES] + s] > 0:
                r[cfg[C_SIZES] + s] += 1
        _log(r, cfg, EV_RECHARGE, -1)
    _new_hand(r, mt, cfg, deck, _next_in(r, cfg, caller))


@_jit
def _bid(r: Any, cfg: Any, seat: int, index: int) -> None:
    r[S_BID] = index
    r[S_BIDDER] = seat
    at = cfg[C_BIDHIST] + (r[S_NBIDS] % cfg[C_HIST]) * 2
    r[at] = seat
    r[at + 1] = index
    r[S_NBIDS] += 1
    _log(r, cfg, EV_BID, seat)
    r[S_TURN] = _next_in(r, cfg, seat)
    if cfg[C_STALL] and r[S_NBIDS] >= cfg[C_STALL]:
        _finish(r, cfg, -1, True)


# ====================================================================== what a seat sees
@_jit
def _total(r: Any, cfg: Any) -> int:
    total = 0
    for s in range(cfg[C_N]):
        total += r[cfg[C_SIZES] + s]
    return total


@_jit
def _bisect_right(row: Any, length: int, x: int) -> int:
    """Where ``x`` goes in the sorted ``row[:length]``, after any equal entry."""
    lo = 0
    hi = length
    while lo < hi:
        mid = (lo + hi) >> 1
        if row[mid] <= x:
            lo = mid + 1
        else:
            hi = mid
    return lo


@_jit
def legal_mask(
    r: Any, cfg: Any, full: Any, full_len: Any, sub: Any, sub_len: Any, seat: int, out: Any
) -> int:
    """The legal ids of ``seat`` marked in ``out`` (cleared here: the span of ids the row's
    last mask marked): the bids the engine lists after the standing one (every bid above it
    not certain among the cards in play, or the documented subset where more than
    ``LIST_LIMIT`` are), then the call."""
    start = cfg[C_BID_START]
    last_mask = r[S_MASKED]
    if last_mask == MASK_ANY:
        for i in range(out.shape[0]):
            out[i] = 0
    else:
        table = full if last_mask == MASK_FULL else sub
        lengths = full_len if last_mask == MASK_FULL else sub_len
        total = r[S_MTOTAL]
        lo = r[S_MLO]
        length = lengths[total]
        if lo < length:  # (a list is in id order: one span holds every id it marked)
            marked = out[start + table[total, lo] : start + table[total, length - 1] + 1]
            for i in range(marked.shape[0]):
                marked[i] = 0
        out[cfg[C_CALL_ID]] = 0
    r[S_MASKED] = MASK_FULL
    r[S_MTOTAL] = 0
    r[S_MLO] = full_len[0]  # (nothing marked)
    if r[S_PHASE] == OVER or seat != r[S_TURN]:
        return 0
    total = _total(r, cfg)
    after = r[S_BID]
    row = full[total]
    length = full_len[total]
    lo = _bisect_right(row, length, after)
    r[S_MASKED] = MASK_FULL
    if length - lo > cfg[C_LIST_LIMIT]:
        row = sub[total]
        length = sub_len[total]
        lo = _bisect_right(row, length, after)
        r[S_MASKED] = MASK_SUB
    r[S_MTOTAL] = total
    r[S_MLO] = lo
    for i in range(lo, length):
        out[start + row[i]] = 1
    marked = length - lo
    if after >= 0:
        out[cfg[C_CALL_ID]] = 1
        marked += 1
    return int(marked)


@_jit
def _bid_block(
    out: Any, at: int, cfg: Any, fcfg: Any, cat: Any, natural: Any, index: int, bidder: int, v: int
) -> None:
    n = cfg[C_N]
    out[at] = 1.0
    out[at + 1] = (index + 1) / fcfg[0]
    out[at + 2 + cat[index]] = 1.0
    width = 2 + cfg[C_NCATS] + 1
    out[at + width - 1] = 1.0 if natural[index] else 0.0
    if 0 <= bidder < n:
        out[at + width + (bidder - v) % n] = 1.0


@_jit
def observe(r: Any, cfg: Any, fcfg: Any, cat: Any, natural: Any, v: int, out: Any) -> None:
    """Seat ``v``'s observation vector of the row, written into ``out`` (zeroed here)."""
    n = cfg[C_N]
    for i in range(out.shape[0]):
        out[i] = 0.0
    over = r[S_PHASE] == OVER
    # (loops over slices, so they are vectorized: no index may wrap around)
    hands = cfg[C_HANDS]
    mine = r[hands + v * NCARDS : hands + (v + 1) * NCARDS]
    dst = out[cfg[C_O_HAND] : cfg[C_O_HAND] + NCARDS]
    for c in range(NCARDS):
        dst[c] = 1.0 if mine[c] else 0.0
    o = cfg[C_O_SEATS]
    cards = 0
    for s in range(n):
        at = o + ((s - v) % n) * 7
        hand = r[hands + s * NCARDS : hands + (s + 1) * NCARDS]
        held = 0
        for c in range(NCARDS):
            held += hand[c]
        cards += held
        out[at] = min(1.0, held / 5)
        out[at + 1] = min(1.0, held / 5)
        gone = False
        for i in range(r[S_NOUT]):
            if r[cfg[C_OUT] + i] == s:
                gone = True
        out[at + 2] = 1.0 if gone else 0.0
        out[at + 3] = 1.0 if (not over and s == r[S_TURN]) else 0.0
        out[at + 4] = 1.0 if (not over and s == r[S_TURN]) else 0.0
        out[at + 5] = 1.0 if (not over and s == r[S_STARTER]) else 0.0
        out[at + 6] = 1.0 if s == r[S_BIDDER] else 0.0
    if r[S_BID] >= 0:
        _bid_block(out, cfg[C_O_BID], cfg, fcfg, cat, natural, r[S_BID], r[S_BIDDER], v)
    hist = cfg[C_HIST]
    width = 2 + cfg[C_NCATS] + 1 + n
    nb = r[S_NBIDS]
    for j in range(min(nb, hist)):
        at = cfg[C_BIDHIST] + ((nb - 1 - j) % hist) * 2
        _bid_block(out, cfg[C_O_BIDS] + j * width, cfg, fcfg, cat, natural, r[at + 1], r[at], v)
    o = cfg[C_O_MISC]
    out[o] = _squash(r[S_HAND_NO], 10.0)
    out[o + 1] = _squash(nb, 10.0)
    out[o + 2] = min(1.0, cards / (5 * n))
    out[o + 3] = min(1.0, cfg[C_JOKERS] / 2)
    out[o + 4] = 1.0 if (r[S_BID] >= 0 and not over) else 0.0
    out[o + 5] = 1.0 if r[S_RECHARGED] else 0.0
    if r[S_SHOW]:
        o = cfg[C_O_SHOW]
        out[o] = 1.0
        out[o + 1] = 1.0 if r[S_SH_EXISTS] else 0.0
        out[o + 2] = 1.0 if r[S_SH_HIGHER] else 0.0
        best = r[S_SH_BEST]
        out[o + 3] = (best + 1) / fcfg[0] if best >= 0 else 0.0
        at = o + 4
        for who in (r[S_SH_CALLER], r[S_SH_BIDDER], r[S_SH_LOSER]):
            if 0 <= who < n:
                out[at + (who - v) % n] = 1.0
            at += n
        shown = cfg[C_SHOWN]
        for s in range(n):
            base = at + ((s - v) % n) * NCARDS
            for c in range(NCARDS):
                if r[shown + s * NCARDS + c]:
                    out[base + c] = 1.0
    row = cfg[C_NTYPES] + 1 + n
    nev = r[S_NEV]
    o = cfg[C_O_HIST]
    for j in range(min(nev, hist)):
        ev = cfg[C_EVENTS] + ((nev - 1 - j) % hist) * 2
        at = o + j * row
        out[at + r[ev]] = 1.0
        seat = r[ev + 1]
        if 0 <= seat < n:
            out[at + cfg[C_NTYPES] + 1 + (seat - v) % n] = 1.0


@_jit
def result_rewards(r: Any, cfg: Any, out: Any) -> None:
    rewards_of(r, cfg[C_N], cfg[C_REWARD_RANK], cfg[C_RANK], r[S_WINNER], out)


# ====================================================================== the batch
@_jit
def step_batch(
    rows: Any,
    rng: Any,
    mt: Any,
    seeds: Any,
    actions: Any,
    cfg: Any,
    fcfg: Any,
    deck: Any,
    value_of: Any,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    run_id: Any,
    run_start: Any,
    head: Any,
    full: Any,
    full_len: Any,
    sub: Any,
    sub_len: Any,
    obs: Any,
    mask: Any,
    seat_out: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    stalled: Any,
    final_obs: Any,
    final_seat: Any,
    scratch: Any,
) -> None:
    """As the Cheat kernel's ``step_batch``: one action per game (< 0: a fresh game)."""
    for e in range(rows.shape[0]):
        r = rows[e]
        a = actions[e]
        terminated[e] = False
        truncated[e] = False
        stalled[e] = False
        for s in range(rewards.shape[1]):
            rewards[e, s] = 0.0
        final_seat[e] = -1
        if a < 0:
            _deal(r, rng, e, mt[e], seeds, cfg, deck)
        else:
            acted = r[S_TURN]
            if a == cfg[C_CALL_ID]:
                _call(
                    r, mt[e], cfg, deck, value_of, cat, nspec, spec, natural, run_id,
                    run_start, head, scratch, acted,
                )  # fmt: skip
            else:
                _bid(r, cfg, acted, a - cfg[C_BID_START])
            r[S_STEPS] += 1
            if r[S_PHASE] != OVER and cfg[C_MAXSTEPS] > 0 and r[S_STEPS] >= cfg[C_MAXSTEPS]:
                r[S_TRUNC] = 1
            if r[S_PHASE] == OVER or r[S_TRUNC]:
                if r[S_PHASE] == OVER:
                    terminated[e] = True
                    stalled[e] = r[S_STALLED] == 1
                    result_rewards(r, cfg, rewards[e])
                else:
                    truncated[e] = True
                final_seat[e] = acted
                observe(r, cfg, fcfg, cat, natural, acted, final_obs[e])
                _deal(r, rng, e, mt[e], seeds, cfg, deck)
        seat = r[S_TURN]
        seat_out[e] = seat
        observe(r, cfg, fcfg, cat, natural, seat, obs[e])
        legal_mask(r, cfg, full, full_len, sub, sub_len, seat, mask[e])


@_jit
def observe_batch(
    rows: Any, cfg: Any, fcfg: Any, cat: Any, natural: Any, seats: Any, out: Any
) -> None:
    for e in range(rows.shape[0]):
        observe(rows[e], cfg, fcfg, cat, natural, seats[e], out[e])
