"""The bulk kernel of the integer Cheat engine: whole games of random bots in one call.

:func:`simulate_random` runs :func:`_sim_kernel`, compiled with numba (``pip install
bluffhouse[fast]``) when it is installed, else the same code as plain Python (identical
results, slower): integer arithmetic on flat buffers only, and its own generator, so that the
two agree exactly.  The step-by-step engine (:mod:`.fast_game`) plays the same rules and the
same policy one action at a time; the kernel is apart because numba compiles it as a whole.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .fast_spec import MAX_ACTIONS, SLOTS, FastSpec, spec_for

_numba: Any
_np: Any
try:  # the optional fast extra
    import numba as _numba
    import numpy as _np

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    _numba = None
    _np = None
    HAVE_NUMBA = False


def _plain(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


_jit: Callable[[Callable[..., Any]], Any] = (
    _numba.njit(cache=True, nogil=True) if HAVE_NUMBA else _plain
)

# kernel parameter slots (FastSpec.params)
(
    P_N,
    P_SEQ,
    P_MAX,
    P_WILD,
    P_CALLERS,
    P_TURNPASS,
    P_LEADER,
    P_AFTER,
    P_END,
    P_KCUP,
    P_FIRSTP,
    P_NCL,
    P_NFIRST,
    P_NDECK,
    P_FIRST,
    P_MAXSTEPS,
    P_TRACE,
    P_STALL,
) = range(18)
# scalar state slots
(
    S_PHASE,
    S_TURN,
    S_WLEN,
    S_LAST,
    S_LRANK,
    S_LTRUE,
    S_PREV,
    S_NALLOW,
    S_PILE,
    S_NFIN,
    S_CUP,
    S_POURS,
    S_FULL,
    S_NACTIVE,
    S_RS1,
    S_RS2,
    S_G,
    S_QUIET,
) = range(18)
N_STATE = 18
#: out_end codes: how each game of the kernel ended
END_OUT, END_STALLED, END_UNFINISHED = 0, 1, 2
_M1 = 2147483563
_M2 = 2147483399


@_jit
def _sim_kernel(
    prm: Any,
    claimable: Any,
    first_claims: Any,
    deck: Any,
    seeds: Any,
    out_winner: Any,
    out_steps: Any,
    out_rank: Any,
    out_sips: Any,
    out_end: Any,
    low: Any,
    hands: Any,
    size: Any,
    pile: Any,
    gone: Any,
    fin: Any,
    win: Any,
    allowed: Any,
    ways: Any,
    grp: Any,
    play: Any,
    cards: Any,
    st: Any,
    tr_deck: Any,
    tr_act: Any,
) -> int:
    """Whole games of random bots.  Runs compiled (numba, arrays) or as plain Python (lists)
    with identical results: integer arithmetic only, and its own generator (L'Ecuyer's
    combined LCG, seeded per game)."""
    n: int = prm[P_N]
    seq = prm[P_SEQ]
    max_cards = prm[P_MAX]
    wild = prm[P_WILD]
    callers = prm[P_CALLERS]
    turn_pass = prm[P_TURNPASS]
    leader_rule = prm[P_LEADER]
    after_rule = prm[P_AFTER]
    ranking_end = prm[P_END]
    kcup = prm[P_KCUP]
    first_player = prm[P_FIRSTP]
    ncl = prm[P_NCL]
    nfirst = prm[P_NFIRST]
    ndeck = prm[P_NDECK]
    first_fixed = prm[P_FIRST]
    max_steps = prm[P_MAXSTEPS]
    trace = prm[P_TRACE]
    stall = prm[P_STALL]
    R = 14
    span = 2147483562  # values rnd() returns: 0 .. span-1
    keep_below = span // 5  # RandomBot keeps a challenge with probability 0.2

    def rnd() -> int:
        s1 = (st[S_RS1] * 40014) % 2147483563
        s2 = (st[S_RS2] * 40692) % 2147483399
        st[S_RS1] = s1
        st[S_RS2] = s2
        z: int = s1 - s2
        if z < 1:
            z += 2147483562
        return z - 1

    def below(k: int) -> int:
        lim = span - span % k
        z = rnd()
        while z >= lim:
            z = rnd()
        return z % k

    def next_active(seat: int) -> int:
        for step in range(1, n + 1):
            s = (seat + step) % n
            if gone[s] == 0:
                return s
        return seat

    def set_after(rank: int) -> None:
        if seq == 5:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
            return
        if seq == 4:
            allowed[0] = rank
            st[S_NALLOW] = 1
            return
        i = -1
        for j in range(ncl):
            if claimable[j] == rank:
                i = j
        up = claimable[0]
        down = claimable[0]
        if i >= 0:
            up = claimable[(i + 1) % ncl]
            down = claimable[(i - 1 + ncl) % ncl]
        na = 1
        if seq == 0:
            allowed[0] = up
        elif seq == 1:
            allowed[0] = down
        elif seq == 2:
            allowed[0] = up
            if down != up:
                allowed[1] = down
                na = 2
        else:
            allowed[0] = rank
            if up != rank:
                allowed[na] = up
                na += 1
            if down != rank and down != up:
                allowed[na] = down
                na += 1
        st[S_NALLOW] = na

    def end_game() -> None:
        off = st[S_G] * n
        nf = st[S_NFIN]
        for i in range(nf):
            out_rank[off + i] = fin[i]
        k = nf
        for s in range(n):
            if gone[s] == 0:
                j = k
                while j > nf and (size[out_rank[off + j - 1]] > size[s]):
                    out_rank[off + j] = out_rank[off + j - 1]
                    j -= 1
                out_rank[off + j] = s
                k += 1
        st[S_PHASE] = 2

    def go_out(p: int) -> None:
        st[S_QUIET] = 0
        fin[st[S_NFIN]] = p
        st[S_NFIN] += 1
        gone[p] = 1
        st[S_NACTIVE] -= 1
        if ranking_end == 0 or st[S_NACTIVE] <= 1:
            end_game()

    def stand_last() -> None:
        p = st[S_LAST]
        if p < 0:
            return
        st[S_LAST] = -1
        if size[p] == 0 and gone[p] == 0:
            go_out(p)

    def take_pile(seat: int) -> None:
        ps = st[S_PILE]
        b = seat * R
        for r in range(R):
            hands[b + r] += pile[r]
        size[seat] += ps
        out_sips[st[S_G] * n + seat] += ps
        if kcup != 0 and ps > 0:
            if st[S_FULL] != 0:
                out_sips[st[S_G] * n + seat] += st[S_CUP]
                st[S_CUP] = 0
                st[S_POURS] = 0
                st[S_FULL] = 0
            kings = pile[12]
            if kings > 0:
                st[S_CUP] += kings
                st[S_POURS] += kings
                if st[S_POURS] >= 4:
                    st[S_FULL] = 1
        for r in range(R):
            pile[r] = 0
        st[S_PILE] = 0

    def next_turn_after_play(player: int) -> None:
        nxt = next_active(player)
        set_after(st[S_PREV])
        st[S_PHASE] = 0
        st[S_TURN] = nxt

    def open_window(player: int) -> None:
        k = 0
        for step in range(1, n):
            s = (player + step) % n
            if gone[s] == 0:
                win[k] = s
                k += 1
        if callers <= 1:
            st[S_PHASE] = 1
            st[S_TURN] = player
            st[S_WLEN] = k if callers == 0 else min(k, 1)
            return
        st[S_WLEN] = k if callers == 3 else min(k, 1)
        next_turn_after_play(player)

    def do_play(seat: int, k: int, claim: int) -> None:
        st[S_WLEN] = 0
        stand_last()
        if st[S_PHASE] == 2:
            return
        b = seat * R
        truthful = 1
        for r in range(R):
            c = play[r]
            if c > 0:
                hands[b + r] -= c
                pile[r] += c
                if r != claim and not (r == 13 and wild != 0):
                    truthful = 0
        size[seat] -= k
        if size[seat] < low[seat]:
            low[seat] = size[seat]
            st[S_QUIET] = 0
        st[S_PILE] += k
        st[S_LAST] = seat

        st[S_LRANK] = claim
        st[S_LTRUE] = truthful
        st[S_PREV] = claim
        open_window(seat)

    def decline(seat: int) -> None:
        wl = st[S_WLEN]
        j = 0
        for i in range(wl):
            if win[i] != seat:
                win[j] = win[i]
                j += 1
        st[S_WLEN] = j
        if st[S_PHASE] == 1 and j == 0:
            player = st[S_LAST]
            stand_last()
            if st[S_PHASE] != 2:
                next_turn_after_play(player)

    def do_call(caller: int) -> None:
        p = st[S_LAST]
        truthful = st[S_LTRUE]
        rank = st[S_LRANK]
        st[S_LAST] = -1
        st[S_WLEN] = 0
        loser = caller if truthful != 0 else p
        take_pile(loser)
        if size[p] == 0 and truthful != 0:
            go_out(p)
            if st[S_PHASE] == 2:
                return
        winner = p if loser == caller else caller
        if leader_rule == 0:
            lead = loser
        elif leader_rule == 1:
            lead = winner
            for i in range(st[S_NFIN]):
                if fin[i] == winner:
                    lead = next_active(winner)
        elif leader_rule == 2:
            lead = next_active(p)
        else:
            lead = caller if truthful == 0 else next_active(caller)
        if after_rule == 0:
            allowed[0] = rank
            st[S_NALLOW] = 1
        elif after_rule == 1:
            set_after(rank)
        else:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
        st[S_PHASE] = 0
        st[S_TURN] = lead

    def pass_turn(seat: int) -> None:
        stand_last()
        st[S_WLEN] = 0
        if st[S_PHASE] == 2:
            return
        if st[S_PILE] > 0:
            take_pile(seat)
        rank = allowed[0] if st[S_NALLOW] > 0 else st[S_PREV]
        st[S_PREV] = rank
        set_after(rank)
        st[S_PHASE] = 0
        st[S_TURN] = next_active(seat)

    games = len(seeds)
    for g in range(games):
        st[S_G] = g
        gs = seeds[g]
        st[S_RS1] = 1 + gs % 2147483562
        st[S_RS2] = 1 + (gs // 2147483562 + gs % 2147483398 * 7 + 12345) % 2147483398
        for _ in range(8):
            rnd()
        # deal: Fisher-Yates, then round the table as the reference deals
        for i in range(ndeck):
            cards[i] = deck[i]
        for i in range(ndeck - 1, 0, -1):
            j = below(i + 1)
            c = cards[i]
            cards[i] = cards[j]
            cards[j] = c
        if trace != 0:
            for i in range(ndeck):
                tr_deck[g * ndeck + i] = cards[i]
        for i in range(n * R):
            hands[i] = 0
        for s in range(n):
            size[s] = 0
            gone[s] = 0
            out_sips[g * n + s] = 0
        for r in range(R):
            pile[r] = 0
        starter = 0
        found = n
        for i in range(ndeck):
            c = cards[i]
            s = i % n
            hands[s * R + (13 if c == 52 else c >> 2)] += 1
            size[s] += 1
            if c == 1 and s < found:
                found = s
        if first_fixed >= 0:
            starter = first_fixed
        elif first_player == 1 and found < n:
            starter = found
        if nfirst > 0:
            for j in range(nfirst):
                allowed[j] = first_claims[j]
            st[S_NALLOW] = nfirst
        else:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
        st[S_PHASE] = 0
        st[S_TURN] = starter
        st[S_WLEN] = 0
        st[S_LAST] = -1
        st[S_LRANK] = -1
        st[S_LTRUE] = 0
        st[S_PREV] = -1
        st[S_PILE] = 0
        st[S_NFIN] = 0
        st[S_CUP] = 0
        st[S_POURS] = 0
        st[S_FULL] = 0
        st[S_NACTIVE] = n
        st[S_QUIET] = 0
        for s in range(n):
            low[s] = size[s]
        stalled = 0
        steps = 0
        while st[S_PHASE] != 2 and steps < max_steps:
            phase = st[S_PHASE]
            st[S_QUIET] += 1  # progress in the transition sets it back to 0
            seat = win[0] if phase == 1 else st[S_TURN]
            on_turn = phase == 0
            if on_turn and callers == 3:
                # the other seats that may call are asked first, as the engine's to_act lists
                for i in range(st[S_WLEN]):
                    if win[i] != seat:
                        seat = win[i]
                        on_turn = False
                        break
            last = st[S_LAST]
            can_call = 0
            if last >= 0 and last != seat and (phase == 1 or callers >= 2):
                can_call = 1
            can_pass = 1 if (phase == 1 or not on_turn or turn_pass == 1) else 0
            nplay = 0
            most = 0
            ng = 0
            if on_turn and size[seat] > 0:
                most = min(max_cards, size[seat])
                b = seat * R
                for r in range(R):
                    if hands[b + r] > 0:
                        grp[ng] = r
                        ng += 1
                w = most + 1
                for k in range(w):
                    ways[ng * w + k] = 0
                ways[ng * w] = 1
                for i in range(ng - 1, -1, -1):
                    cap = hands[b + grp[i]]
                    for k in range(w):
                        tot = 0
                        for t in range(min(cap, k) + 1):
                            tot += ways[(i + 1) * w + k - t]
                        ways[i * w + k] = tot
                total = 0
                for k in range(1, w):
                    total += ways[k]
                nplay = total * st[S_NALLOW]
            nother = can_call + can_pass
            ntot = nother + nplay
            pick = below(ntot)
            if pick < can_call and rnd() >= keep_below:
                for _ in range(64):
                    p2 = below(ntot)
                    if p2 >= can_call:
                        pick = p2
                        break
            if pick < can_call:
                action = 1
                do_call(seat)
            elif pick < nother:
                action = 0
                if on_turn:
                    pass_turn(seat)
                else:
                    decline(seat)
            else:
                w = most + 1
                pick = below(nplay // st[S_NALLOW])
                k = 1
                while pick >= ways[k]:
                    pick -= ways[k]
                    k += 1
                for r in range(R):
                    play[r] = 0
                left = k
                packed = 0
                b = seat * R
                for i in range(ng):
                    if left == 0:
                        break
                    cap = hands[b + grp[i]]
                    t = min(cap, left)
                    while t >= 0:
                        here = ways[(i + 1) * w + left - t]
                        if pick < here:
                            play[grp[i]] = t
                            packed |= t << (4 * grp[i])
                            left -= t
                            break
                        pick -= here
                        t -= 1
                claim = allowed[below(st[S_NALLOW])]
                action = ((claim + 1) << 56) | packed
                do_play(seat, k, claim)
            if trace != 0 and steps < trace:
                tr_act[g * trace + steps] = action
            steps += 1
            if stall > 0 and st[S_QUIET] >= stall and st[S_PHASE] != 2:
                end_game()  # the no-progress rule: ranked as ever, the winner below
                stalled = 1
        out_steps[g] = steps
        if st[S_PHASE] == 2:
            out_winner[g] = out_rank[g * n]
            out_end[g] = END_OUT
            if stalled != 0:
                out_end[g] = END_STALLED
                if (
                    st[S_NFIN] == 0
                    and st[S_NACTIVE] > 1
                    and size[out_rank[g * n]] == size[out_rank[g * n + 1]]
                ):
                    out_winner[g] = -1  # several share the fewest cards: no winner
        else:
            out_winner[g] = -1
            out_end[g] = END_UNFINISHED
    return 0


@dataclass
class SimResult:
    """What :func:`simulate_random` returns: per game, the winner (-1: stopped unfinished, or
    a stalled game where several share the fewest cards), how it ended (None: a player went
    out; "stalled": the no-progress rule; "unfinished": stopped at ``max_actions``), the
    number of actions, the ranking and the sips; with ``trace``, the shuffled packs and the
    actions (for :func:`replay_check`)."""

    spec: FastSpec
    seeds: list[int]
    winners: list[int]
    ends: list[str | None]
    steps: list[int]
    rankings: list[list[int]]
    sips: list[list[int]]
    seconds: float
    compiled: bool
    decks: list[list[int]] | None = None
    actions: list[list[int]] | None = None

    @property
    def games(self) -> int:
        return len(self.seeds)

    def deal(self, g: int) -> list[list[int]]:
        """The hands game ``g`` was dealt (needs ``trace``)."""
        assert self.decks is not None
        cards = self.decks[g]
        n = self.spec.players
        return [sorted(cards[i::n]) for i in range(n)]

    def as_dict(self) -> dict[str, Any]:
        n = self.spec.players
        wins = [0] * n
        for w in self.winners:
            if w >= 0:
                wins[w] += 1
        total = sum(self.steps)
        return {
            "game": self.spec.game_id,
            "players": n,
            "games": self.games,
            "unfinished": sum(1 for e in self.ends if e == "unfinished"),
            "stalled": sum(1 for e in self.ends if e == "stalled"),
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "actions_per_second": round(total / self.seconds, 1) if self.seconds else None,
            "mean_length": round(total / self.games, 2) if self.games else 0,
            "wins": wins,
            "compiled": self.compiled,
        }


def simulate_random(
    game_id: str | FastSpec,
    games: int,
    players: int | None = None,
    seed: int = 0,
    *,
    compiled: bool | None = None,
    trace: int = 0,
    first: int | None = None,
    max_actions: int = MAX_ACTIONS,
    **options: Any,
) -> SimResult:
    """``games`` games of random bots (RandomBot's policy), game ``g`` seeded ``seed + g``.

    ``compiled``: None uses numba when it is installed; False runs the same kernel as plain
    Python (identical results).  ``trace``: record the deal and up to that many actions of each
    game (for :func:`replay_check`)."""
    import time

    spec = game_id if isinstance(game_id, FastSpec) else spec_for(game_id, players, **options)
    if compiled is None:
        compiled = HAVE_NUMBA
    if compiled and not HAVE_NUMBA:
        raise RuntimeError("numba is not installed: pip install 'bluffhouse[fast]'")
    n = spec.players
    seeds = [seed + g for g in range(games)]
    if any(not 0 <= s < 2**53 for s in seeds):
        raise ValueError("seeds must be from 0 to 2**53")
    prm = spec.params(-1 if first is None else first, max_actions, trace)
    ndeck = len(spec.deck)
    sizes = {
        "out_winner": games,
        "out_steps": games,
        "out_rank": games * n,
        "out_sips": games * n,
        "out_end": games,
        "low": n,
        "hands": n * SLOTS,
        "size": n,
        "pile": SLOTS,
        "gone": n,
        "fin": n,
        "win": n,
        "allowed": SLOTS,
        "ways": (SLOTS + 1) * (spec.max_cards + 2),
        "grp": SLOTS,
        "play": SLOTS,
        "cards": ndeck,
        "st": N_STATE,
        "tr_deck": games * ndeck if trace else 1,
        "tr_act": games * trace if trace else 1,
    }
    bufs: dict[str, Any]
    if compiled:
        np = _np

        def arr(values: Sequence[int]) -> Any:
            return np.asarray(values, dtype=np.int64) if len(values) else np.zeros(1, np.int64)

        bufs = {k: np.zeros(v, dtype=np.int64) for k, v in sizes.items()}
        if trace:
            bufs["tr_act"][:] = -1
        kernel: Any = _sim_kernel
        args = [arr(prm), arr(spec.claimable), arr(spec.first_claims), arr(spec.deck), arr(seeds)]
    else:
        bufs = {k: [0] * v for k, v in sizes.items()}
        if trace:
            bufs["tr_act"] = [-1] * sizes["tr_act"]
        kernel = getattr(_sim_kernel, "py_func", _sim_kernel)
        args = [
            list(prm),
            list(spec.claimable),
            list(spec.first_claims),
            list(spec.deck),
            list(seeds),
        ]
    start = time.perf_counter()
    kernel(*args, *bufs.values())
    seconds = time.perf_counter() - start

    def rows(flat: Any, width: int) -> list[list[int]]:
        values = [int(x) for x in flat]
        return [values[i * width : (i + 1) * width] for i in range(games)]

    ends = (None, "stalled", "unfinished")
    result = SimResult(
        spec=spec,
        seeds=seeds,
        winners=[int(x) for x in bufs["out_winner"]],
        ends=[ends[int(x)] for x in bufs["out_end"]],
        steps=[int(x) for x in bufs["out_steps"]],
        rankings=rows(bufs["out_rank"], n),
        sips=rows(bufs["out_sips"], n),
        seconds=seconds,
        compiled=compiled,
    )
    if trace:
        result.decks = rows(bufs["tr_deck"], ndeck)
        result.actions = [[a for a in row if a >= 0] for row in rows(bufs["tr_act"], trace)]
    return result


def warm_up() -> None:
    """Compile the kernel now (numba caches it on disk after the first time)."""
    if HAVE_NUMBA:
        simulate_random("bullshit", 1, compiled=True)
