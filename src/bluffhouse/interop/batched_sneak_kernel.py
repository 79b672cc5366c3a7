"""The compiled core of the batched Sneak environment: N games stepped in lockstep.

As :mod:`.batched_kernel` for the Cheat family: each game is one row of an int32 array, every
function takes one row, and the observation is written exactly as
:class:`~bluffhouse.encodings.SneakObservation` writes it.  Here: the row's layout, the
combinations (compared as :mod:`bluffhouse.sneak.combos` compares them: a key of the type,
then the deciding values, highest first), the transitions and the observation; the masks are
:mod:`.batched_sneak_masks`, the calls over the whole batch :mod:`.batched_sneak_steps`.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..pokerbull.fast import _randbelow
from .batched_jit import _jit
from .batched_kernel import _squash

TURN, WINDOW, OVER = 0, 1, 2
# combination types, as bluffhouse.sneak.combos numbers them
NOTHING, FLUSH, STRAIGHT, STRAIGHT_FLUSH, MATCH, SINGLE = 0, 1, 2, 3, 4, 5
# event types, as SneakObservation.EVENT_TYPES numbers them
EV_DEAL, EV_DRAW, EV_SNEAK, EV_FLAUNT, EV_CHALLENGE, EV_PASS = 0, 1, 2, 3, 4, 5
EV_WON, EV_REVEAL, EV_UNCONTESTED, EV_DEAL_END, EV_OVER = 6, 7, 8, 9, 10
# an event's "kind" (a won lead's, a reveal's)
HOW_NONE, HOW_SNEAK, HOW_FLAUNT = 0, 1, 2
# the groups of a listing (see _group)
G_DRAW, G_PASS, G_SINGLE, G_MATCH, G_SF, G_STRAIGHT, G_FLUSH, G_SNEAK = 0, 1, 2, 3, 4, 5, 6, 7
G_CHALLENGE, G_BEAT_SINGLE, G_BEAT = 8, 9, 10
# which of the codec's tables a group's sets are looked up in
T_SNEAK, T_FLAUNT, T_CHALLENGE = 0, 1, 2
#: the most cards one set may hold (two packs' cards)
MOST = 104

# ---------------------------------------------------------------------- the config array
(
    C_N,
    C_HIST,
    C_PACKS,
    C_TARGET,
    C_MUST_BEAT,
    C_LIST_LIMIT,
    C_MAXSTEPS,
    C_REWARD_RANK,
    C_DRAW_ID,
    C_PASS_ID,
    C_SNEAK_START,
    C_FLAUNT_START,
    C_NIDS,
    C_NTYPES,
    C_O_HAND,
    C_O_SEATS,
    C_O_MISC,
    C_O_LEAD,
    C_O_OWN,
    C_O_WON,
    C_O_HIST,
    C_HANDS,
    C_SIZES,
    C_STOCK,
    C_WON,
    C_SCORES,
    C_STARTED,
    C_LEAD,
    C_CHAL,
    C_CHALLENGED,
    C_DECLINED,
    C_WINDOW,
    C_SEEN,
    C_EVENTS,
    C_RANK,
    C_SHARED,
    C_ROWLEN,
) = range(37)
N_CONFIG = 37

# ---------------------------------------------------------------------- the row's scalars
(
    S_PHASE,
    S_TURN,
    S_DEALER,
    S_DEAL_NO,
    S_STOCK_N,
    S_LEADER,
    S_LEAD_KIND,
    S_LEAD_N,
    S_WIN_N,
    S_STEPS,
    S_TRUNC,
    S_WINNER,
    S_NEV,
) = range(13)
N_SCALARS = 13


def row_layout(players: int, history: int, packs: int) -> dict[str, int]:
    """The offsets of a game's row for ``players`` seats, ``history`` events and ``packs``."""
    n = players
    at = N_SCALARS
    out: dict[str, int] = {}
    for name, size in (
        ("hands", n * 52),
        ("sizes", n),
        ("stock", 52 * packs),
        ("won", n),
        ("scores", n),
        ("started", n),
        ("lead", 52),
        ("chal", n * 52),
        ("challenged", n),
        ("declined", n),
        ("window", n),
        ("seen", n * n * 52),
        ("events", history * 4),
        ("rank", n),
        ("shared", n),
    ):
        out[name] = at
        at += size
    out["rowlen"] = at
    return out


# ====================================================================== combinations
@_jit
def _value(card: int) -> int:
    rank = card >> 2
    return 14 if rank == 0 else rank + 1


@_jit
def _key(cards: Any, k: int, out: Any) -> int:
    """``combos.key`` of the sorted ``cards[:k]`` into ``out`` (type, values...); its length."""
    if k == 1:
        out[0] = SINGLE
        out[1] = _value(cards[0])
        return 2
    vals = out[1 : 1 + k]
    for i in range(k):
        vals[i] = _value(cards[i])
    vals.sort()
    vals[:] = vals[::-1].copy()
    first = vals[0]
    same = True
    for i in range(1, k):
        if vals[i] != first:
            same = False
            break
    if same:
        out[0] = MATCH
        return 2
    suit = cards[0] & 3
    flush = True
    for i in range(1, k):
        if cards[i] & 3 != suit:
            flush = False
            break
    distinct = True
    for i in range(1, k):
        if vals[i] == vals[i - 1]:
            distinct = False
            break
    if distinct:
        top = 0
        if vals[0] - vals[k - 1] == k - 1:
            top = vals[0]
        elif vals[0] == 14 and vals[1] - 1 == k - 1:
            top = vals[1]
        if top:
            out[0] = STRAIGHT_FLUSH if flush else STRAIGHT
            out[1] = top
            return 2
    out[0] = FLUSH if flush else NOTHING
    return 1 + k


@_jit
def _greater(a: Any, la: int, b: Any, lb: int) -> bool:
    """Whether key ``a`` is greater than key ``b``, as tuples compare."""
    for i in range(min(la, lb)):
        if a[i] != b[i]:
            return bool(a[i] > b[i])
    return la > lb


@_jit
def _beats(lead: Any, lk: Any, ll: int, cards: Any, k: int, kb: Any) -> bool:
    """``combos.beats_flaunt`` of ``cards[:k]`` on the flaunted ``lead`` (its key ``lk``)."""
    if k == 1:
        return bool((lead[0] & 3) == (cards[0] & 3) and _value(cards[0]) > _value(lead[0]))
    kl = _key(cards, k, kb)
    return bool(kb[0] == lk[0] and _greater(kb, kl, lk, ll))


# ====================================================================== the lead
@_jit
def lead_limit(r: Any, cfg: Any, seat: int) -> int:
    """Most cards ``seat`` may lead: no more than the largest hand among the others."""
    n = cfg[C_N]
    others = 0
    for s in range(n):
        if s != seat and r[cfg[C_SIZES] + s] > others:
            others = r[cfg[C_SIZES] + s]
    own = r[cfg[C_SIZES] + seat]
    return own if own < others else others


@_jit
def expand(counts: Any, first: int, stop: int, step: int, out: Any) -> int:
    """The cards of ``counts`` (copies by card) from ``first`` to ``stop`` by ``step``, each
    as many times as it is held, into ``out`` in increasing order; how many."""
    n = 0
    for c in range(first, stop, step):
        for _ in range(counts[c]):
            out[n] = c
            n += 1
    return n


@_jit
def _lead_cards(r: Any, cfg: Any, out: Any) -> int:
    return int(expand(r[cfg[C_LEAD] : cfg[C_LEAD] + 52], 0, 52, 1, out))


# ====================================================================== transitions
@_jit
def _log(r: Any, cfg: Any, kind: int, who: int, count: int, how: int) -> None:
    at = cfg[C_EVENTS] + (r[S_NEV] % cfg[C_HIST]) * 4
    r[at] = kind
    r[at + 1] = who
    r[at + 2] = count
    r[at + 3] = how
    r[S_NEV] += 1


@_jit
def _see(r: Any, cfg: Any, viewer: int, seat: int, cards: Any, k: int) -> None:
    """``viewer`` saw ``seat`` win ``cards[:k]`` (its memory of the cards won this deal)."""
    n = cfg[C_N]
    at = cfg[C_SEEN] + (viewer * n + seat) * 52
    for i in range(k):
        r[at + cards[i]] += 1


@_jit
def _start_deal(r: Any, mt: Any, cfg: Any, deck: Any) -> None:
    """A new deal: the packs shuffled into the stock (``random.Random.shuffle``'s draws from
    the game's Mersenne Twister, as the engine's), empty hands, the dealer's left to play."""
    n = cfg[C_N]
    r[S_DEAL_NO] += 1
    cards = deck.copy()
    for i in range(cards.shape[0] - 1, 0, -1):
        j = _randbelow(mt, i + 1)
        t = cards[i]
        cards[i] = cards[j]
        cards[j] = t
    for i in range(cards.shape[0]):
        r[cfg[C_STOCK] + i] = cards[i]
    r[S_STOCK_N] = cards.shape[0]
    for i in range(n * 52):
        r[cfg[C_HANDS] + i] = 0
    for i in range(n * n * 52):
        r[cfg[C_SEEN] + i] = 0
    for s in range(n):
        r[cfg[C_SIZES] + s] = 0
        r[cfg[C_WON] + s] = 0
        r[cfg[C_STARTED] + s] = 0
    r[S_LEADER] = -1
    r[S_LEAD_N] = 0
    r[S_WIN_N] = 0
    _log(r, cfg, EV_DEAL, -1, -1, HOW_NONE)
    # the turn passes to the dealer's left (the stock is full: see _advance)
    r[S_PHASE] = TURN
    r[S_TURN] = (r[S_DEALER] + 1) % n


@_jit
def _advance(r: Any, mt: Any, cfg: Any, deck: Any, prev: int) -> None:
    """The turn passes to the left of ``prev``; with the stock gone and at most one hand
    holding cards, the deal ends."""
    n = cfg[C_N]
    sizes = cfg[C_SIZES]
    if r[S_STOCK_N] == 0:
        holders = 0
        for s in range(n):
            if r[sizes + s] > 0:
                holders += 1
        if holders <= 1:
            _end_deal(r, mt, cfg, deck)
            return
    for step in range(1, n + 1):
        seat = (prev + step) % n
        if r[S_STOCK_N] > 0 or r[sizes + seat] > 0:
            r[S_PHASE] = TURN
            r[S_TURN] = seat
            return


@_jit
def _end_deal(r: Any, mt: Any, cfg: Any, deck: Any) -> None:
    n = cfg[C_N]
    sizes = cfg[C_SIZES]
    for s in range(n):
        k = r[sizes + s]
        if k > 0:  # the last holder wins its own cards, unseen
            hand = r[cfg[C_HANDS] + s * 52 : cfg[C_HANDS] + (s + 1) * 52]
            cards = np.empty(k, dtype=np.int64)
            expand(hand, 0, 52, 1, cards)
            hand[:] = 0
            r[sizes + s] = 0
            r[cfg[C_WON] + s] += k
            _see(r, cfg, s, s, cards, k)
            _log(r, cfg, EV_UNCONTESTED, s, k, HOW_NONE)
    top = 0
    for s in range(n):
        r[cfg[C_SCORES] + s] += r[cfg[C_WON] + s]
        if r[cfg[C_SCORES] + s] > top:
            top = r[cfg[C_SCORES] + s]
    _log(r, cfg, EV_DEAL_END, -1, -1, HOW_NONE)
    if top >= cfg[C_TARGET]:
        # ranked by score, equal scores in seat order; a shared top score is a shared win
        leaders = 0
        winner = -1
        for s in range(n):
            r[cfg[C_SHARED] + s] = 0
            if r[cfg[C_SCORES] + s] == top:
                r[cfg[C_SHARED] + s] = 1
                leaders += 1
                winner = s
        r[S_WINNER] = winner if leaders == 1 else -1
        placed = np.zeros(n, dtype=np.bool_)
        for place in range(n):
            best = -1
            for s in range(n):
                if not placed[s] and (best < 0 or r[cfg[C_SCORES] + s] > r[cfg[C_SCORES] + best]):
                    best = s
            placed[best] = True
            r[cfg[C_RANK] + place] = best
        r[S_PHASE] = OVER
        _log(r, cfg, EV_OVER, r[S_WINNER], -1, HOW_NONE)
        return
    r[S_DEALER] = (r[S_DEALER] + 1) % n
    _start_deal(r, mt, cfg, deck)


@_jit
def _take(r: Any, cfg: Any, seat: int, cards: Any, k: int) -> None:
    at = cfg[C_HANDS] + seat * 52
    for i in range(k):
        r[at + cards[i]] -= 1
    r[cfg[C_SIZES] + seat] -= k


@_jit
def _lead(r: Any, cfg: Any, seat: int, kind: int, cards: Any, k: int) -> None:
    n = cfg[C_N]
    _take(r, cfg, seat, cards, k)
    r[cfg[C_STARTED] + seat] = 1
    for c in range(52):
        r[cfg[C_LEAD] + c] = 0
    for i in range(k):
        r[cfg[C_LEAD] + cards[i]] += 1
    r[S_LEADER] = seat
    r[S_LEAD_KIND] = kind
    r[S_LEAD_N] = k
    for i in range(n * 52):
        r[cfg[C_CHAL] + i] = 0
    w = 0
    for step in range(1, n):
        s = (seat + step) % n
        r[cfg[C_CHALLENGED] + s] = 0
        r[cfg[C_DECLINED] + s] = 0
        if r[cfg[C_SIZES] + s] >= k:
            r[cfg[C_WINDOW] + w] = s
            w += 1
    r[cfg[C_CHALLENGED] + seat] = 0
    r[cfg[C_DECLINED] + seat] = 0
    r[S_WIN_N] = w
    _log(r, cfg, EV_FLAUNT if kind == HOW_FLAUNT else EV_SNEAK, seat, k, HOW_NONE)
    r[S_PHASE] = WINDOW
    r[S_TURN] = seat


@_jit
def _answered(r: Any, mt: Any, cfg: Any, deck: Any, seat: int) -> None:
    """``seat`` has answered the lead: out of the window, which closes when it is empty."""
    w = r[S_WIN_N]
    at = cfg[C_WINDOW]
    j = 0
    for i in range(w):
        if r[at + i] != seat:
            r[at + j] = r[at + i]
            j += 1
    r[S_WIN_N] = j
    if j == 0:
        _close_window(r, mt, cfg, deck)


@_jit
def _close_window(r: Any, mt: Any, cfg: Any, deck: Any) -> None:
    """Everyone has answered: the lead is won unchallenged, or the best play takes the table."""
    n = cfg[C_N]
    leader = r[S_LEADER]
    k = r[S_LEAD_N]
    kind = r[S_LEAD_KIND]
    lead = np.empty(MOST, dtype=np.int64)
    _lead_cards(r, cfg, lead)
    any_challenge = False
    for s in range(n):
        if r[cfg[C_CHALLENGED] + s]:
            any_challenge = True
    if not any_challenge:
        r[cfg[C_WON] + leader] += k
        if kind == HOW_FLAUNT:
            for v in range(n):
                _see(r, cfg, v, leader, lead, k)
        else:
            _see(r, cfg, leader, leader, lead, k)
        _log(r, cfg, EV_WON, leader, k, kind)
    else:
        lk = np.empty(k + 1, dtype=np.int64)
        kb = np.empty(k + 1, dtype=np.int64)
        best_key = np.empty(k + 1, dtype=np.int64)
        ll = _key(lead, k, lk)
        best_key[:ll] = lk[:ll]
        best_len = ll
        best = leader
        cards = np.empty(k, dtype=np.int64)
        taken = k
        for step in range(1, n):
            s = (leader + step) % n
            if not r[cfg[C_CHALLENGED] + s]:
                continue
            taken += k
            expand(r[cfg[C_CHAL] + s * 52 : cfg[C_CHAL] + (s + 1) * 52], 0, 52, 1, cards)
            if kind == HOW_FLAUNT and not _beats(lead, lk, ll, cards, k, kb):
                continue
            kl = _key(cards, k, kb)
            if _greater(kb, kl, best_key, best_len):
                best = s
                best_key[:kl] = kb[:kl]
                best_len = kl
        r[cfg[C_WON] + best] += taken
        # every play is turned up: each seat sees the winner take the lead and the challenges
        # (the rows of those who did not challenge hold no cards)
        for v in range(n):
            _see(r, cfg, v, best, lead, k)
            seen = cfg[C_SEEN] + (v * n + best) * 52
            for i in range(n * 52):
                r[seen + i % 52] += r[cfg[C_CHAL] + i]
        _log(r, cfg, EV_REVEAL, best, taken, kind)
    for s in range(n):
        r[cfg[C_CHALLENGED] + s] = 0
        r[cfg[C_DECLINED] + s] = 0
    for i in range(n * 52):
        r[cfg[C_CHAL] + i] = 0
    for c in range(52):
        r[cfg[C_LEAD] + c] = 0
    r[S_LEADER] = -1
    r[S_LEAD_N] = 0
    r[S_WIN_N] = 0
    _advance(r, mt, cfg, deck, leader)


@_jit
def apply(r: Any, mt: Any, cfg: Any, deck: Any, tables: Any, seat: int, a: int) -> None:
    """Seat ``seat`` takes action id ``a`` (legal: the caller checked the mask)."""
    if r[S_PHASE] == WINDOW:
        if a == cfg[C_PASS_ID]:
            r[cfg[C_DECLINED] + seat] = 1
            _log(r, cfg, EV_PASS, seat, -1, HOW_NONE)
        else:
            k = tables.set_size[a]
            cards = tables.set_cards[a, :k].astype(np.int64)
            _take(r, cfg, seat, cards, k)
            for i in range(k):
                r[cfg[C_CHAL] + seat * 52 + cards[i]] += 1
            r[cfg[C_CHALLENGED] + seat] = 1
            _log(r, cfg, EV_CHALLENGE, seat, k, HOW_NONE)
        _answered(r, mt, cfg, deck, seat)
        return
    if a == cfg[C_DRAW_ID]:
        r[S_STOCK_N] -= 1
        card = r[cfg[C_STOCK] + r[S_STOCK_N]]
        r[cfg[C_HANDS] + seat * 52 + card] += 1
        r[cfg[C_SIZES] + seat] += 1
        r[cfg[C_STARTED] + seat] = 1
        _log(r, cfg, EV_DRAW, seat, -1, HOW_NONE)
        _advance(r, mt, cfg, deck, seat)
        return
    k = tables.set_size[a]
    cards = tables.set_cards[a, :k].astype(np.int64)
    _lead(r, cfg, seat, HOW_FLAUNT if a >= cfg[C_FLAUNT_START] else HOW_SNEAK, cards, k)


@_jit
def acting_seat(r: Any, cfg: Any) -> int:
    """The seat asked next: on a turn its player, in a window the first to answer in turn
    order from the leader's left (as the environments' ``acting_seat``)."""
    if r[S_PHASE] == WINDOW:
        return int(r[cfg[C_WINDOW]])
    return int(r[S_TURN])


# ====================================================================== observation
@_jit
def observe(r: Any, cfg: Any, v: int, out: Any) -> None:
    """Seat ``v``'s observation vector of the row, written into ``out`` (zeroed here)."""
    n = cfg[C_N]
    out[:] = 0.0
    copies = float(cfg[C_PACKS])
    total = 52.0 * copies
    target = float(cfg[C_TARGET])
    phase = r[S_PHASE]
    hand = cfg[C_HANDS] + v * 52
    for c in range(52):
        k = r[hand + c]
        if k:
            out[cfg[C_O_HAND] + c] = min(1.0, k / copies)
    leader = r[S_LEADER] if phase == WINDOW else -1
    for p in range(n):
        s = (v + p) % n
        at = cfg[C_O_SEATS] + 10 * p
        out[at] = min(1.0, r[cfg[C_SIZES] + s] / 13)
        out[at + 1] = min(1.0, r[cfg[C_WON] + s] / total)
        out[at + 2] = min(1.0, r[cfg[C_SCORES] + s] / target)
        if r[cfg[C_STARTED] + s]:
            out[at + 3] = 1.0
        if phase == TURN and s == r[S_TURN]:
            out[at + 4] = 1.0
            out[at + 5] = 1.0
        if s == r[S_DEALER]:
            out[at + 6] = 1.0
        if s == leader:
            out[at + 7] = 1.0
        if phase == WINDOW:
            if r[cfg[C_CHALLENGED] + s]:
                out[at + 8] = 1.0
            if r[cfg[C_DECLINED] + s]:
                out[at + 9] = 1.0
    if phase == WINDOW:
        for i in range(r[S_WIN_N]):
            out[cfg[C_O_SEATS] + 10 * ((r[cfg[C_WINDOW] + i] - v) % n) + 4] = 1.0
    at = cfg[C_O_MISC]
    out[at] = min(1.0, r[S_STOCK_N] / total)
    out[at + 2] = _squash(float(r[S_DEAL_NO]), 5.0)
    if r[S_STOCK_N] > 0:
        out[at + 3] = 1.0
    if phase == TURN:
        out[at + 4] = min(1.0, lead_limit(r, cfg, r[S_TURN]) / 13)
    out[at + 5 + phase] = 1.0
    if phase == WINDOW:
        at = cfg[C_O_LEAD]
        k = r[S_LEAD_N]
        out[at] = 1.0
        flaunt = r[S_LEAD_KIND] == HOW_FLAUNT
        if flaunt:
            out[at + 1] = 1.0
        out[at + 2] = min(1.0, k / 13)
        if flaunt or v == leader:
            for c in range(52):
                got = r[cfg[C_LEAD] + c]
                if got:
                    out[at + 3 + c] = min(1.0, got / copies)
        if flaunt:
            lead = np.empty(MOST, dtype=np.int64)
            _lead_cards(r, cfg, lead)
            kb = np.empty(k + 1, dtype=np.int64)
            _key(lead, k, kb)
            out[at + 3 + 52 + (SINGLE - kb[0])] = 1.0
        if r[cfg[C_CHALLENGED] + v]:
            for c in range(52):
                got = r[cfg[C_CHAL] + v * 52 + c]
                if got:
                    out[cfg[C_O_OWN] + c] = min(1.0, got / copies)
    seen = cfg[C_SEEN] + v * n * 52
    for s in range(n):
        dst = cfg[C_O_WON] + ((s - v) % n) * 52
        for c in range(52):
            got = r[seen + s * 52 + c]
            if got:
                out[dst + c] = min(1.0, got / copies)
    hist = cfg[C_HIST]
    width = cfg[C_NTYPES] + 1 + n + 3
    shown = r[S_NEV] if r[S_NEV] < hist else hist
    for i in range(shown):
        ev = cfg[C_EVENTS] + ((r[S_NEV] - 1 - i) % hist) * 4
        row = cfg[C_O_HIST] + i * width
        out[row + r[ev]] = 1.0
        who = r[ev + 1]
        if who >= 0:
            out[row + cfg[C_NTYPES] + 1 + (who - v) % n] = 1.0
        count = r[ev + 2]
        if count > 0:
            out[row + cfg[C_NTYPES] + 1 + n] = min(1.0, count / 13)
        how = r[ev + 3]
        if how == HOW_SNEAK:
            out[row + cfg[C_NTYPES] + 2 + n] = 1.0
        elif how == HOW_FLAUNT:
            out[row + cfg[C_NTYPES] + 3 + n] = 1.0


@_jit
def result_rewards(r: Any, cfg: Any, out: Any) -> None:
    """Every seat's reward of a finished row (``win``: a shared top score splits it)."""
    n = cfg[C_N]
    if cfg[C_REWARD_RANK]:
        for place in range(n):
            out[r[cfg[C_RANK] + place]] = (n - 1 - 2 * place) / (n - 1)
        return
    shared = 0
    for s in range(n):
        shared += r[cfg[C_SHARED] + s]
    share = 1.0 / shared if shared else 0.0
    for s in range(n):
        mine = share if r[cfg[C_SHARED] + s] else 0.0
        out[s] = (mine - 1.0 / n) * n / (n - 1) if shared else 0.0
