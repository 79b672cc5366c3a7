"""Integer-action Poker Bull for bulk simulation of random games with exact rules.

A bid is its index in the sorted bid table of the hand's deck (:class:`BidSpace`), a call is
``CALL`` (-1).  A random game picks, at every turn, one action uniformly from exactly what
``legal_actions`` lists (the documented subset while more than 10,000 bids are legal), so it
is the game ``state.apply(seat, state.sample_action(seat, rng))`` plays: the same deals (the
engine's ``random.Random(seed)`` shuffles a fresh deck each hand) and, from a chooser
``random.Random(choice_seed)``, the same actions.  Every rule that decides the game is exact:
the guaranteed-bid test (``max_avoid``), the existence check with jokers wild, the
higher-or-more-specific rule.

Two paths:

- :class:`FastGame`: step by step in pure Python, no dicts, no validation beyond what the
  integers guarantee.
- :func:`simulate_random`: whole games in one compiled loop when numba is installed (the same
  code runs as plain Python otherwise, with the same results).  It carries its own
  Mersenne Twister (CPython's ``random``: ``init_by_array`` seeding, ``getrandbits`` and the
  ``_randbelow`` rejection loop), so its deals and choices are CPython's, draw for draw.

Supported rules: every option except ``higher_hand_counts`` (variation #4) and
``jokers_leave_at`` (variation #5a), which raise ValueError here.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, TypeVar

from ..cards import build_deck
from ..errors import RuleError
from .bids import (
    FULL,
    LIST_LIMIT,
    BidSpace,
    bid_space,
    exists,
    summarize,
)
from .rules import NATURAL_DECK, PokerBullRules

try:  # optional: the [fast] extra
    import numpy as np

    HAVE_NUMPY = True
except ImportError:  # pragma: no cover - exercised where numpy is missing
    np = None  # type: ignore[assignment]
    HAVE_NUMPY = False
try:
    import numba

    HAVE_NUMBA = HAVE_NUMPY and not getattr(numba.config, "DISABLE_JIT", False)
except ImportError:  # pragma: no cover - exercised where numba is missing
    numba = None  # type: ignore[assignment]
    HAVE_NUMBA = False
#: Whether the bulk core runs compiled: numba installed, and BLUFFHOUSE_NO_NUMBA unset when
#: this module was imported (the same code then runs as plain Python on lists).
COMPILED = HAVE_NUMBA and not os.environ.get("BLUFFHOUSE_NO_NUMBA")

CALL = -1
#: Longest trace a traced game records (a 10-player game runs to a few thousand actions).
TRACE_LIMIT = 20_000

F = TypeVar("F", bound=Callable[..., Any])


def _jit(func: F) -> F:
    if COMPILED:
        return numba.njit(cache=True)(func)  # type: ignore[return-value]
    return func


def fast_rules(rules: PokerBullRules | Mapping[str, Any] | None = None) -> PokerBullRules:
    """The rules as PokerBullRules (options as for ``new_game``), refusing the two variations
    and the reduced packs the integer path does not play."""
    if rules is None:
        rules = PokerBullRules.build({})
    elif not isinstance(rules, PokerBullRules):
        rules = PokerBullRules.build(dict(rules))
    if rules.higher_hand_counts:
        raise ValueError("the integer path does not play higher_hand_counts (variation #4)")
    if rules.jokers_leave_at:
        raise ValueError("the integer path does not play jokers_leave_at (variation #5a)")
    if rules.universe != FULL:
        raise ValueError("the integer path plays the whole pack only (lowest_rank=2, suits=4)")
    return rules


# ====================================================================== step by step
class FastGame:
    """One random-game-ready Poker Bull game on integers (pure Python).  The same seed deals
    what ``bluffhouse.new_game(..., seed=seed)`` deals, hand after hand."""

    def __init__(
        self,
        players: int = 5,
        seed: int = 0,
        rules: PokerBullRules | Mapping[str, Any] | None = None,
        first: int = 0,
    ) -> None:
        r = fast_rules(rules)
        r.validate(players)
        if not 3 <= players <= 10 and not (r.mode == "grow" and players == 2):
            raise RuleError(f"Poker Bull is played by 3 to 10 players, not {players}")
        self.rules = r
        self.players = players
        self.rng = random.Random(seed)
        self.space: BidSpace = bid_space(FULL, r.order, r.jokers)
        self.sizes = [r.start_size(players)] * players
        self.out: list[int] = []
        self.recharged = False
        self.hand_no = 0
        self.actions = 0
        self.winner = -1
        self.loser = -1
        self.turn = first
        self._new_hand(first)

    @property
    def over(self) -> bool:
        return self.winner >= 0

    def _new_hand(self, starter: int) -> None:
        deck = build_deck(1, self.rules.jokers)
        self.rng.shuffle(deck)
        self.deck = deck
        self.total = sum(self.sizes)
        self.hand_no += 1
        self.standing = CALL
        self.bidder = -1
        self.turn = starter
        self.starter = starter

    def hands(self) -> list[list[int]]:
        """This hand's cards per seat (card ints, sorted), as the engine deals them."""
        out, at = [], 0
        for size in self.sizes:
            out.append(sorted(self.deck[at : at + size]))
            at += size
        return out

    def listed(self) -> tuple[list[int], int, int]:
        """``(indices, start, count)``: the bids listed now are ``indices[start:]``;
        ``count`` is the number of actions listed (bids, plus the call when allowed)."""
        indices, start = self.space.listed_range(self.standing, self.total)
        return indices, start, len(indices) - start + (self.standing >= 0)

    def sample(self, rng: random.Random) -> int:
        """An action drawn as ``state.sample_action(seat, rng)`` draws it."""
        indices, start = self.space.listed_range(self.standing, self.total)
        count = len(indices) - start
        pick = rng.randrange(count + (self.standing >= 0))
        return CALL if pick == count else indices[start + pick]

    def text(self, action: int) -> str | None:
        """The bid's canonical text (None for the call)."""
        return None if action == CALL else self.space.texts[action]

    def step(self, action: int) -> None:
        """Apply a bid index or CALL (trusted: drawn by :meth:`sample`)."""
        self.actions += 1
        if action != CALL:
            self.standing = action
            self.bidder = self.turn
            self.turn = self._next_in(self.turn)
            return
        caller = self.turn
        made = exists(self.space.bids[self.standing], summarize(self.deck[: self.total]))
        loser = caller if made else self.bidder
        self.loser = loser
        r = self.rules
        sizes = self.sizes
        if r.mode == "grow":
            sizes[loser] = 0 if sizes[loser] >= r.grow_limit else sizes[loser] + 1
        else:
            sizes[loser] -= 1
        if sizes[loser] == 0:
            self.out.append(loser)
        alive = [s for s in range(self.players) if sizes[s] > 0]
        if len(alive) == 1:
            self.winner = alive[0]
            return
        if r.recharge_at and not self.recharged and sum(sizes) <= r.recharge_at:
            self.recharged = True
            for s in alive:
                sizes[s] += 1
        self._new_hand(self._next_in(caller))

    def _next_in(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            s = (seat + step) % self.players
            if self.sizes[s] > 0:
                return s
        return seat


def play_random(
    players: int = 5,
    seed: int = 0,
    choice_seed: int | None = None,
    rules: PokerBullRules | Mapping[str, Any] | None = None,
) -> FastGame:
    """One random game step by step; the chooser is ``random.Random(choice_seed)`` (default:
    :func:`choice_seed_of` ``(seed)``)."""
    game = FastGame(players, seed, rules)
    rng = random.Random(choice_seed_of(seed) if choice_seed is None else choice_seed)
    while game.winner < 0:
        game.step(game.sample(rng))
    return game


def choice_seed_of(seed: int) -> int:
    """The chooser's seed for the game with this deal seed (another Mersenne Twister key)."""
    return seed + (1 << 32)


# ====================================================================== tables
@dataclass(frozen=True)
class Tables:
    """The bid table of one deck as flat integer arrays (numpy when numba runs them, lists
    otherwise).  ``full``/``sub`` hold, per total of cards ``t`` (row ``t`` of width
    ``n``), the indices of the bids not guaranteed among ``t`` cards and of those in the
    listed subset; ``full_len``/``sub_len`` their lengths."""

    n: int
    cat: Any
    nspec: Any
    spec: Any  # n x 6, -1 padded
    natural: Any
    full: Any
    full_len: Any
    sub: Any
    sub_len: Any


TOTALS = NATURAL_DECK + 3


@lru_cache(maxsize=8)
def tables(rules: PokerBullRules, as_numpy: bool) -> Tables:
    space = bid_space(FULL, rules.order, rules.jokers)
    n = len(space.bids)
    cat, nspec, spec, natural = [], [], [], []
    for b in space.bids:
        cat.append(b.cat)
        nspec.append(len(b.spec))
        spec.extend(list(b.spec) + [-1] * (6 - len(b.spec)))
        natural.append(int(b.natural))
    full = [0] * (TOTALS * n)
    sub = [0] * (TOTALS * n)
    full_len, sub_len = [], []
    for t in range(TOTALS):
        f, s = space.open_bids(t)
        full[t * n : t * n + len(f)] = f
        sub[t * n : t * n + len(s)] = s
        full_len.append(len(f))
        sub_len.append(len(s))
    parts: list[Any] = [cat, nspec, spec, natural, full, full_len, sub, sub_len]
    if as_numpy:
        parts = [np.asarray(p, dtype=np.int64) for p in parts]
    return Tables(n, *parts)


# ====================================================================== the compiled core
_M32 = 0xFFFFFFFF
_N = 624


@_jit
def _init_genrand(mt: Any, s: int) -> None:
    mt[0] = s & 0xFFFFFFFF
    for i in range(1, 624):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    mt[624] = 624


@_jit
def _seed(mt: Any, seed: int) -> None:
    """CPython's ``random.seed(seed)`` for 0 <= seed < 2**64: init_by_array on its 32-bit
    words."""
    lo = seed & 0xFFFFFFFF
    hi = (seed >> 32) & 0xFFFFFFFF
    keylen = 2 if hi else 1
    _init_genrand(mt, 19650218)
    i, j = 1, 0
    k = keylen if keylen > 624 else 624
    for _ in range(k):
        prev = mt[i - 1]
        word = lo if j == 0 else hi
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1664525) & 0xFFFFFFFF)) + word + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
        if j >= keylen:
            j = 0
    for _ in range(623):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ (((prev ^ (prev >> 30)) * 1566083941) & 0xFFFFFFFF)) - i) & 0xFFFFFFFF
        i += 1
        if i >= 624:
            mt[0] = mt[623]
            i = 1
    mt[0] = 0x80000000
    mt[624] = 624


@_jit
def _genrand(mt: Any) -> int:
    if mt[624] >= 624:
        for kk in range(624):
            y = (mt[kk] & 0x80000000) | (mt[(kk + 1) % 624] & 0x7FFFFFFF)
            v = mt[(kk + 397) % 624] ^ (y >> 1)
            if y & 1:
                v ^= 0x9908B0DF
            mt[kk] = v
        mt[624] = 0
    y = mt[mt[624]]
    mt[624] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    y ^= y >> 18
    return y  # type: ignore[no-any-return]


@_jit
def _randbelow(mt: Any, n: int) -> int:
    """``random.Random._randbelow(n)`` for 1 <= n < 2**32."""
    k = 0
    m = n
    while m:
        k += 1
        m >>= 1
    r = _genrand(mt) >> (32 - k)
    while r >= n:
        r = _genrand(mt) >> (32 - k)
    return r


@_jit
def _popcount(x: int) -> int:
    c = 0
    while x:
        x &= x - 1
        c += 1
    return c


@_jit
def _window(top: int) -> int:
    if top == 3:
        return (1 << 12) | 0b1111
    return 0b11111 << (top - 4)


@_jit
def _need2(c: int) -> int:
    return 2 - c if c < 2 else 0


@_jit
def _need3(c: int) -> int:
    return 3 - c if c < 3 else 0


@_jit
def _exists(
    cat: int, ns: int, spec: Any, at: int, natural: int, counts: Any, suits: Any, jokers: int
) -> bool:
    """bids.exists on the full deck, for the bid whose specification starts at spec[at]."""
    j = 0 if natural else jokers
    if cat == 0 or cat == 1 or cat == 3 or cat == 7 or cat == 10:
        need = 1 if cat == 0 else 2 if cat == 1 else 3 if cat == 3 else 4 if cat == 7 else 5
        if ns:
            return bool(counts[spec[at]] + j >= need)
        most = 0
        for v in range(13):
            if counts[v] > most:
                most = counts[v]
        return bool(most + j >= need)
    if cat == 2:  # two pair
        if ns == 2:
            return bool(_need2(counts[spec[at]]) + _need2(counts[spec[at + 1]]) <= j)
        if ns == 1:
            h = spec[at]
            low = 9
            for v in range(h):
                d = _need2(counts[v])
                if d < low:
                    low = d
            return bool(_need2(counts[h]) + low <= j)
        a, b = 9, 9
        for v in range(13):
            d = _need2(counts[v])
            if d < a:
                a, b = d, a
            elif d < b:
                b = d
        return bool(a + b <= j)
    if cat == 6:  # full house
        if ns == 2:
            return bool(_need3(counts[spec[at]]) + _need2(counts[spec[at + 1]]) <= j)
        if ns == 1:
            t = spec[at]
            low = 9
            for v in range(13):
                if v != t:
                    d = _need2(counts[v])
                    if d < low:
                        low = d
            return bool(_need3(counts[t]) + low <= j)
        a, b = -1, -1
        for v in range(13):
            c = counts[v]
            if c > a:
                a, b = c, a
            elif c > b:
                b = c
        return bool(_need3(a) + _need2(b) <= j)
    present = suits[0] | suits[1] | suits[2] | suits[3]
    if cat == 4:  # straight
        if ns:
            return bool(_popcount(_window(spec[at]) & ~present) <= j)
        for t in range(3, 13):  # noqa: SIM110  (numba: no generator expressions)
            if _popcount(_window(t) & ~present) <= j:
                return True
        return False
    if cat == 5:  # flush
        if ns == 0:
            most = 0
            for x in range(4):
                c = _popcount(suits[x])
                if c > most:
                    most = c
            return bool(most + j >= 5)
        have = suits[spec[at]]
        named = 0
        for i in range(1, ns):
            named |= 1 << spec[at + i]
        k = ns - 1
        missing = _popcount(named & ~have)
        others = _popcount(have & ~named)
        extra = 5 - k - others
        return bool(missing + (extra if extra > 0 else 0) <= j)
    if cat == 8:  # straight flush: without a named top, the royal run (to 12) counts too
        for x in range(4):
            if ns >= 1 and x != spec[at]:
                continue
            for t in range(3, 13):
                if ns == 2 and t != spec[at + 1]:
                    continue
                if _popcount(_window(t) & ~suits[x]) <= j:
                    return True
        return False
    # royal flush
    for x in range(4):
        if ns >= 1 and x != spec[at]:
            continue
        if _popcount(_window(12) & ~suits[x]) <= j:
            return True
    return False


@_jit
def _exists_each(
    n: int,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    counts: Any,
    suits: Any,
    jokers: int,
    out: Any,
) -> None:
    """``out[i]`` = whether bid ``i`` of the table exists (every bid in one compiled call: the
    tests compare them all with brute force)."""
    for i in range(n):
        out[i] = (
            1 if _exists(cat[i], nspec[i], spec, i * 6, natural[i], counts, suits, jokers) else 0
        )


def made(rules: PokerBullRules, cards: list[int]) -> list[bool]:
    """Per bid of the rules' bid table (in bid order), whether the cards make it, decided by
    the integer engine's own existence check (compiled when :data:`COMPILED`)."""
    t = tables(rules, COMPILED)
    s = summarize(cards)
    counts: Any = list(s.counts)
    suits: Any = list(s.suits)
    out: Any = [0] * t.n
    if COMPILED:
        counts, suits = np.asarray(counts, dtype=np.int64), np.asarray(suits, dtype=np.int64)
        out = np.zeros(t.n, dtype=np.int64)
    _exists_each(t.n, t.cat, t.nspec, t.spec, t.natural, counts, suits, s.jokers, out)
    return [bool(x) for x in out]


@_jit
def _bisect_right(a: Any, lo: int, hi: int, x: int) -> int:
    while lo < hi:
        mid = (lo + hi) // 2
        if x < a[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


@_jit
def _play_one(
    seed: int,
    choice_seed: int,
    players: int,
    start_size: int,
    grow: int,
    grow_limit: int,
    recharge_at: int,
    jokers: int,
    limit: int,
    n: int,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    full: Any,
    full_len: Any,
    sub: Any,
    sub_len: Any,
    mt: Any,
    cmt: Any,
    deck: Any,
    sizes: Any,
    counts: Any,
    suits: Any,
    stats: Any,
    trace: Any,
) -> int:
    """One random game; returns the winner.  ``stats`` gets [actions, hands]; ``trace``
    (rows of 3 + players: action, seat, loser or -1, then the sizes after a call), when
    longer than 0, records every action."""
    _seed(mt, seed)
    _seed(cmt, choice_seed)
    size = 52 + jokers
    for s in range(players):
        sizes[s] = start_size
    starter = 0
    recharged = False
    actions = 0
    hands = 0
    width = 3 + players
    cap = len(trace) // width
    while True:
        hands += 1
        for c in range(size):
            deck[c] = c
        for i in range(size - 1, 0, -1):
            k = _randbelow(mt, i + 1)
            t = deck[i]
            deck[i] = deck[k]
            deck[k] = t
        total = 0
        for s in range(players):
            total += sizes[s]
        standing = -1
        bidder = -1
        turn = starter
        while True:  # the bidding
            row = total * n
            start = _bisect_right(full, row, row + full_len[total], standing) - row
            count = full_len[total] - start
            table = full
            if count > limit:
                start = _bisect_right(sub, row, row + sub_len[total], standing) - row
                count = sub_len[total] - start
                table = sub
            pick = _randbelow(cmt, count + (1 if standing >= 0 else 0))
            if actions < cap:
                trace[actions * width] = -1 if pick == count else table[row + start + pick]
                trace[actions * width + 1] = turn
                trace[actions * width + 2] = -1
            actions += 1
            if pick == count:
                break
            standing = table[row + start + pick]
            bidder = turn
            for step in range(1, players + 1):
                s = (turn + step) % players
                if sizes[s] > 0:
                    turn = s
                    break
        caller = turn
        for v in range(13):
            counts[v] = 0
        for x in range(4):
            suits[x] = 0
        jk = 0
        for i in range(total):
            c = deck[i]
            if c >= 52:
                jk += 1
            else:
                v = ((c >> 2) + 12) % 13
                counts[v] += 1
                suits[c & 3] |= 1 << v
        made = _exists(
            cat[standing], nspec[standing], spec, standing * 6, natural[standing], counts, suits, jk
        )
        loser = caller if made else bidder
        if grow:
            sizes[loser] = 0 if sizes[loser] >= grow_limit else sizes[loser] + 1
        else:
            sizes[loser] -= 1
        alive = 0
        last = -1
        left = 0
        for s in range(players):
            if sizes[s] > 0:
                alive += 1
                last = s
                left += sizes[s]
        if recharge_at and alive > 1 and not recharged and left <= recharge_at:
            recharged = True
            for s in range(players):
                if sizes[s] > 0:
                    sizes[s] += 1
        if actions - 1 < cap:
            at = (actions - 1) * width
            trace[at + 2] = loser
            for s in range(players):
                trace[at + 3 + s] = sizes[s]
        if alive == 1:
            stats[0] = actions
            stats[1] = hands
            return last
        starter = caller
        for step in range(1, players + 1):
            s = (caller + step) % players
            if sizes[s] > 0:
                starter = s
                break


@_jit
def _play_many(
    seeds: Any,
    choice_seeds: Any,
    players: int,
    start_size: int,
    grow: int,
    grow_limit: int,
    recharge_at: int,
    jokers: int,
    limit: int,
    n: int,
    cat: Any,
    nspec: Any,
    spec: Any,
    natural: Any,
    full: Any,
    full_len: Any,
    sub: Any,
    sub_len: Any,
    mt: Any,
    cmt: Any,
    deck: Any,
    sizes: Any,
    counts: Any,
    suits: Any,
    stats: Any,
    trace: Any,
    winners: Any,
    lengths: Any,
    hands: Any,
) -> None:
    for g in range(len(seeds)):
        winners[g] = _play_one(
            seeds[g],
            choice_seeds[g],
            players,
            start_size,
            grow,
            grow_limit,
            recharge_at,
            jokers,
            limit,
            n,
            cat,
            nspec,
            spec,
            natural,
            full,
            full_len,
            sub,
            sub_len,
            mt,
            cmt,
            deck,
            sizes,
            counts,
            suits,
            stats,
            trace,
        )
        lengths[g] = stats[0]
        hands[g] = stats[1]


def _buffers(players: int, as_numpy: bool, trace_len: int) -> list[Any]:
    shapes = [_N + 1, _N + 1, 54, players, 13, 4, 2, trace_len]
    if as_numpy:
        return [np.zeros(k, dtype=np.int64) for k in shapes]
    return [[0] * k for k in shapes]


def _args(players: int, rules: PokerBullRules, as_numpy: bool) -> list[Any]:
    t = tables(rules, as_numpy)
    return [
        players,
        rules.start_size(players),
        int(rules.mode == "grow"),
        rules.grow_limit,
        rules.recharge_at,
        rules.jokers,
        LIST_LIMIT,
        t.n,
        t.cat,
        t.nspec,
        t.spec,
        t.natural,
        t.full,
        t.full_len,
        t.sub,
        t.sub_len,
    ]


def _check_setup(
    players: int, rules: PokerBullRules | Mapping[str, Any] | None
) -> tuple[PokerBullRules, bool]:
    r = fast_rules(rules)
    low = 2 if r.mode == "grow" else 3
    if not low <= players <= 10:
        raise RuleError(f"Poker Bull is played by {low} to 10 players here, not {players}")
    r.validate(players)
    return r, COMPILED


def trace_random(
    players: int = 5,
    seed: int = 0,
    choice_seed: int | None = None,
    rules: PokerBullRules | Mapping[str, Any] | None = None,
) -> tuple[int, list[list[int]]]:
    """One random game through the bulk core, recorded: (winner, rows of [action, seat,
    loser or -1, sizes after a call...])."""
    r, use = _check_setup(players, rules)
    width = 3 + players
    bufs = _buffers(players, use, TRACE_LIMIT * width)
    cs = choice_seed_of(seed) if choice_seed is None else choice_seed
    winner = _play_one(seed, cs, *_args(players, r, use), *bufs)
    actions = int(bufs[6][0])
    flat = [int(x) for x in bufs[7][: actions * width]]
    rows = [flat[i * width : (i + 1) * width] for i in range(actions)]
    for row in rows:
        if row[2] < 0:
            del row[3:]
    return int(winner), rows


def simulate_random(
    games: int,
    players: int = 5,
    seed: int = 0,
    rules: PokerBullRules | Mapping[str, Any] | None = None,
) -> dict[str, list[int]]:
    """``games`` random games, game ``g`` dealt by seed ``seed + g`` and chosen by
    ``random.Random(choice_seed_of(seed + g))``: the winners, lengths (actions) and hands
    played.  Compiled with numba when installed (see :data:`COMPILED`)."""
    r, use = _check_setup(players, rules)
    if seed < 0 or seed + games >= 1 << 62:
        raise ValueError("seeds must lie in 0 .. 2**62")
    seeds = [seed + g for g in range(games)]
    choice = [choice_seed_of(s) for s in seeds]
    bufs = _buffers(players, use, 0)
    if use:
        out = [np.zeros(games, dtype=np.int64) for _ in range(3)]
        _play_many(
            np.asarray(seeds, dtype=np.int64),
            np.asarray(choice, dtype=np.int64),
            *_args(players, r, use),
            *bufs,
            *out,
        )
        return {"winners": out[0].tolist(), "lengths": out[1].tolist(), "hands": out[2].tolist()}
    winners, lengths, hands = [0] * games, [0] * games, [0] * games
    core: Callable[..., None] = _play_many
    core(seeds, choice, *_args(players, r, use), *bufs, winners, lengths, hands)
    return {"winners": winners, "lengths": lengths, "hands": hands}
