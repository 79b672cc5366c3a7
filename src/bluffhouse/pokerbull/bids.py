"""Poker Bull bids: the notation, the order of bids, whether a bid exists among cards, and
whether a bid is guaranteed to exist among any ``n`` cards of the deck.

A bid names a poker hand that can be made from ALL the cards the players hold together.  It
is a category, then optional specifications from the left, then an optional ``natural``
qualifier (made without jokers)::

    high A | pair | pair 7 | two_pair K 9 | trips 4 | straight 9 | flush S J 6 4
    full_house 3 2 | quads 6 | straight_flush H 9 | royal_flush S | five 6 | quads 6 natural

Meaning ("contains" semantics): a bid exists among some cards when a handful of them (at most
five), with each joker standing for any card, shows the named pattern: ``high A`` an ace,
``pair 7`` two sevens, ``two_pair K 9`` two kings and two nines, ``straight 9`` a 5 6 7 8 9,
``flush S J 6 4`` five spades of different ranks among them the jack, six and four,
``full_house 3 2`` three threes and two twos, ``five 6`` five sixes (jokers needed), and so on.
A better hand showing the pattern counts (trips make ``pair``, a straight flush ``flush`` and
``straight``); a different hand of the category does not (a 6-to-T straight is no
``straight 9``).  A partial bid (``pair``, ``flush S``, ``two_pair K``) exists when some
completion does, and ``straight_flush`` / ``straight_flush S`` also when a royal flush (of
the suit) does: it is five cards of the suit in a row, the best straight flush.  The rules
page states each category's reading; ``tests/pokerbull/test_bid_oracle.py`` checks every bid
against brute force written from it.

Order: category first (high < pair < two_pair < trips < straight < flush < full_house < quads
< straight_flush < royal_flush < five), then the specifications compared left to right (ranks
by value, ace high, a straight by its top card so 5-4-3-2-A is the lowest; suits by the suit
order in force), a missing specification counting below any given one, and last the qualifier
(a natural hand above the same hand with jokers, or below it under variation #2).  Every
"more specific" bid (the same hand with more of its parts named) is therefore also higher, so
"higher or more specific" is decided by one strict total order on all bids.

Everything here is parametrised by a :class:`Universe` (the ranks and suits in the deck) so
that the tests can compare it with brute force on small decks; the game always uses
:data:`FULL`.
"""

from __future__ import annotations

import itertools
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from ..cards import JOKER
from ..errors import IllegalAction

CATEGORIES: tuple[str, ...] = (
    "high",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
    "royal_flush",
    "five",
)
(HIGH, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH, ROYAL, FIVE) = (
    range(11)
)
CATEGORY_INDEX: dict[str, int] = {name: i for i, name in enumerate(CATEGORIES)}
#: How many cards of one rank an "of a kind" category needs.
KIND: dict[int, int] = {HIGH: 1, PAIR: 2, TRIPS: 3, QUADS: 4, FIVE: 5}
#: The most cards a bid's pattern uses (the handful a hand is made from).
HAND = 5
#: Category levels: royal flushes move to ROYAL_TOP_LEVEL under variation #1.
ROYAL_TOP_LEVEL = 11

#: Poker values 0..12 stand for 2 3 4 5 6 7 8 9 T J Q K A.
VALUE_TEXT = "23456789TJQKA"
SUIT_TEXT = "SHDC"
ACE = 12
FIVE_HIGH = 3  # the top of the wheel 5-4-3-2-A
VALUE_INDEX: dict[str, int] = {t: i for i, t in enumerate(VALUE_TEXT)}
VALUE_INDEX["10"] = 8
#: The poker value of a card int (cards.py ranks A=0..K=12 become A=12, 2=0 .. K=11).
VALUE_OF: tuple[int, ...] = tuple(((c >> 2) + 12) % 13 for c in range(52))

RANK_WORDS = (
    "twos",
    "threes",
    "fours",
    "fives",
    "sixes",
    "sevens",
    "eights",
    "nines",
    "tens",
    "jacks",
    "queens",
    "kings",
    "aces",
)


class Bid(NamedTuple):
    """A parsed bid.  ``spec`` holds poker values (and, first, a suit index for the flush
    categories); a flush's ranks are kept highest first."""

    cat: int
    spec: tuple[int, ...] = ()
    natural: bool = False

    def text(self) -> str:
        return bid_text(self)


@dataclass(frozen=True)
class Universe:
    """The card identities in the deck: these poker values in the first ``suits`` suits.  A
    joker stands for any one of them."""

    values: tuple[int, ...] = tuple(range(13))
    suits: int = 4

    @property
    def mask(self) -> int:
        return sum(1 << v for v in self.values)

    @property
    def size(self) -> int:
        return len(self.values) * self.suits

    def cards(self) -> list[int]:
        """The natural cards of this universe as card ints (cards.py numbering)."""
        return sorted(((v + 1) % 13) * 4 + s for v in self.values for s in range(self.suits))


FULL = Universe()


@dataclass(frozen=True)
class Order:
    """The rules that order bids: suit order, variation #1 and variation #2."""

    suits: str = "SHCD"  # highest first
    royal_over_five: str = "no"  # no | natural | all
    jokers_high: bool = False

    @property
    def suit_strength(self) -> tuple[int, ...]:
        """Strength per suit index (S H D C), higher is better."""
        return _suit_strength(self.suits)


@cache
def _suit_strength(suits: str) -> tuple[int, ...]:
    return tuple(3 - suits.index(s) for s in SUIT_TEXT)


DEFAULT_ORDER = Order()


# ====================================================================== straights
def window(top: int) -> int:
    """Bit mask of the five values of the straight whose top card is ``top`` (3 = five-high)."""
    if top == FIVE_HIGH:
        return (1 << ACE) | 0b1111
    return 0b11111 << (top - 4)


@cache
def straight_tops(universe: Universe) -> tuple[int, ...]:
    m = universe.mask
    return tuple(t for t in range(FIVE_HIGH, ACE + 1) if window(t) & m == window(t))


@cache
def sf_tops(universe: Universe) -> tuple[int, ...]:
    """Straight-flush tops: to the king at most (to the ace it is a royal flush)."""
    return tuple(t for t in straight_tops(universe) if t != ACE)


def has_royal(universe: Universe) -> bool:
    return ACE in straight_tops(universe)


@cache
def straight_set_masks(universe: Universe) -> frozenset[int]:
    return frozenset(window(t) for t in straight_tops(universe))


# ====================================================================== notation
def _value_token(tok: str, universe: Universe, what: str) -> int:
    value = VALUE_INDEX.get(tok.upper())
    if value is None:
        raise IllegalAction(f"{tok!r} is not a rank ({what}): use 2-9, T, J, Q, K or A")
    if value not in universe.values:
        raise IllegalAction(f"there are no {RANK_WORDS[value]} in this deck")
    return value


def _suit_token(tok: str, universe: Universe) -> int:
    suit = SUIT_TEXT.find(tok.upper()) if len(tok) == 1 else -1
    if suit < 0:
        raise IllegalAction(f"{tok!r} is not a suit: use S, H, D or C")
    if suit >= universe.suits:
        raise IllegalAction(f"there is no suit {tok.upper()} in this deck")
    return suit


def parse_bid(text: object, universe: Universe = FULL) -> Bid:
    """A bid from its notation (any case); IllegalAction saying what is wrong otherwise.

    >>> parse_bid("two_pair K 9").text()
    'two_pair K 9'
    >>> parse_bid("pair 1")
    Traceback (most recent call last):
    ...
    bluffhouse.errors.IllegalAction: '1' is not a rank (pair): use 2-9, T, J, Q, K or A
    """
    if not isinstance(text, str):
        raise IllegalAction(f"a bid is text like 'pair 7' or 'flush S J', not {text!r}")
    tokens = text.replace(",", " ").split()
    if not tokens:
        raise IllegalAction("a bid needs a category, like 'pair 7' or 'flush S'")
    natural = False
    if tokens[-1].lower() == "natural":
        natural = True
        tokens.pop()
        if not tokens:
            raise IllegalAction(
                "'natural' qualifies a hand: write it after one, like 'pair 7 natural'"
            )
    if any(t.lower() == "natural" for t in tokens):
        raise IllegalAction("'natural' goes last, like 'flush S J natural'")
    name = tokens[0].lower().replace("-", "_")
    cat = CATEGORY_INDEX.get(name)
    if cat is None:
        raise IllegalAction(f"{tokens[0]!r} is not a hand; the hands are: " + ", ".join(CATEGORIES))
    args = tokens[1:]
    spec: tuple[int, ...]
    if cat in KIND:
        if len(args) > 1:
            raise IllegalAction(f"{name} names at most one rank, like '{name} 7'")
        spec = (_value_token(args[0], universe, name),) if args else ()
        if cat == FIVE and natural:
            raise IllegalAction("five of a kind is made with jokers only; it cannot be natural")
    elif cat in (TWO_PAIR, FULL_HOUSE):
        if len(args) > 2:
            raise IllegalAction(f"{name} names at most two ranks, like '{name} K 9'")
        spec = tuple(_value_token(a, universe, name) for a in args)
        if len(spec) == 2 and spec[0] == spec[1]:
            raise IllegalAction(f"{name} needs two different ranks")
        if cat == TWO_PAIR:
            if len(spec) == 2 and spec[0] < spec[1]:
                raise IllegalAction("two_pair names the higher pair first, like 'two_pair K 9'")
            if spec and not any(v < spec[0] for v in universe.values):
                raise IllegalAction(
                    f"no pair ranks below {RANK_WORDS[spec[0]]}: they cannot "
                    "be the higher pair of two pair"
                )
    elif cat == STRAIGHT:
        if len(args) > 1:
            raise IllegalAction("a straight names its top card only, like 'straight 9'")
        spec = ()
        if args:
            top = _value_token(args[0], universe, "a straight's top card")
            if top not in straight_tops(universe):
                raise IllegalAction("a straight's top card is 5 to A (5 for 5-4-3-2-A)")
            spec = (top,)
        elif not straight_tops(universe):
            raise IllegalAction("this deck holds no straights")
    elif cat == FLUSH:
        if len(args) > 6:
            raise IllegalAction("a flush names a suit and at most five ranks, like 'flush S J 6 4'")
        if len(universe.values) < 5:
            raise IllegalAction("this deck holds no flushes")
        if not args:
            spec = ()
        else:
            suit = _suit_token(args[0], universe)
            values = [_value_token(a, universe, "flush") for a in args[1:]]
            if len(set(values)) != len(values):
                raise IllegalAction("a flush's ranks are all different")
            values.sort(reverse=True)
            if len(values) == 5 and sum(1 << v for v in values) in straight_set_masks(universe):
                better = (
                    "royal_flush " + SUIT_TEXT[suit]
                    if values[0] == ACE and values[4] != 0
                    else f"straight_flush {SUIT_TEXT[suit]} "
                    + VALUE_TEXT[values[1] if values[0] == ACE else values[0]]
                )
                raise IllegalAction(
                    f"five ranks in a row of one suit are not a flush: bid '{better}'"
                )
            spec = (suit, *values)
    elif cat == STRAIGHT_FLUSH:
        if len(args) > 2:
            raise IllegalAction(
                "a straight flush names a suit and its top card, like 'straight_flush H 9'"
            )
        if not sf_tops(universe):
            raise IllegalAction("this deck holds no straight flushes")
        spec = ()
        if args:
            suit = _suit_token(args[0], universe)
            spec = (suit,)
            if len(args) == 2:
                top = _value_token(args[1], universe, "a straight flush's top card")
                if top == ACE:
                    raise IllegalAction(
                        "a straight flush to the ace is a royal flush: bid "
                        f"'royal_flush {SUIT_TEXT[suit]}'"
                    )
                if top not in sf_tops(universe):
                    raise IllegalAction("a straight flush's top card is 5 to K (5 for 5-4-3-2-A)")
                spec = (suit, top)
    else:  # ROYAL
        if len(args) > 1:
            raise IllegalAction("a royal flush names its suit only, like 'royal_flush S'")
        if not has_royal(universe):
            raise IllegalAction("this deck holds no royal flushes")
        spec = (_suit_token(args[0], universe),) if args else ()
    return Bid(cat, spec, natural)


_PARSED: dict[str, Bid] = {}
_PARSED_LIMIT = 1 << 16


def parse_bid_cached(text: object) -> Bid:
    """:func:`parse_bid` on the full deck, remembering the answers by text (a bid is parsed
    once however often it is played); malformed text raises as parse_bid does."""
    if type(text) is str:
        bid = _PARSED.get(text)
        if bid is None:
            bid = parse_bid(text)
            if len(_PARSED) >= _PARSED_LIMIT:
                _PARSED.clear()
            _PARSED[text] = bid
        return bid
    return parse_bid(text)


def bid_text(bid: Bid) -> str:
    """The canonical notation: lowercase category, upper-case ranks and suits."""
    parts = [CATEGORIES[bid.cat]]
    spec = bid.spec
    if bid.cat in (FLUSH, STRAIGHT_FLUSH, ROYAL) and spec:
        parts.append(SUIT_TEXT[spec[0]])
        spec = spec[1:]
    parts.extend(VALUE_TEXT[v] for v in spec)
    if bid.natural:
        parts.append("natural")
    return " ".join(parts)


def describe(bid: Bid) -> str:
    """The bid in words, for messages."""
    return f"'{bid_text(bid)}'"


# ====================================================================== order
def level(bid: Bid, order: Order = DEFAULT_ORDER) -> int:
    if bid.cat == ROYAL and (
        order.royal_over_five == "all" or (order.royal_over_five == "natural" and bid.natural)
    ):
        return ROYAL_TOP_LEVEL
    return bid.cat


def key(bid: Bid, order: Order = DEFAULT_ORDER) -> tuple[int, ...]:
    """The sort key: the bid order is the order of these tuples."""
    spec = bid.spec
    if spec and bid.cat in (FLUSH, STRAIGHT_FLUSH, ROYAL):
        spec = (order.suit_strength[spec[0]], *spec[1:])
    qual = int(bid.natural) ^ int(order.jokers_high)
    return (level(bid, order), *spec, *((-1,) * (6 - len(spec))), qual)


def refines(old: Bid, new: Bid) -> bool:
    """``new`` is ``old`` made more specific: the same hand with more of its parts named."""
    if new.cat != old.cat or new.natural != old.natural or new == old:
        return False
    if new.cat == FLUSH:
        if not old.spec:
            return True
        return (
            bool(new.spec) and new.spec[0] == old.spec[0] and set(old.spec[1:]) <= set(new.spec[1:])
        )
    return len(new.spec) > len(old.spec) and new.spec[: len(old.spec)] == old.spec


def may_follow(old: Bid | None, new: Bid, order: Order = DEFAULT_ORDER) -> bool:
    """The seed's rule: a bid must be higher than the standing one, or the same hand more
    specific.  (Every refinement is also higher in :func:`key`, which the tests check.)"""
    if old is None:
        return True
    return key(new, order) > key(old, order) or refines(old, new)


# ====================================================================== existence
class Summary(NamedTuple):
    """The cards in play as counts: per value, per suit (a bit mask of values) and jokers."""

    counts: tuple[int, ...]
    suits: tuple[int, ...]
    present: int
    jokers: int


def summarize(cards: Iterable[int]) -> Summary:
    counts = [0] * 13
    suits = [0, 0, 0, 0]
    jokers = 0
    for c in cards:
        if c == JOKER:
            jokers += 1
        else:
            v = VALUE_OF[c]
            counts[v] += 1
            suits[c & 3] |= 1 << v
    return Summary(tuple(counts), tuple(suits), suits[0] | suits[1] | suits[2] | suits[3], jokers)


def _d(c: int) -> int:  # jokers a pair still needs
    return 2 - c if c < 2 else 0


def _e(c: int) -> int:  # jokers a trips still needs
    return 3 - c if c < 3 else 0


def exists(bid: Bid, s: Summary, universe: Universe = FULL) -> bool:
    """Whether the bid can be made from the summarised cards (jokers wild)."""
    cat, spec = bid.cat, bid.spec
    j = 0 if bid.natural else s.jokers
    counts = s.counts
    if cat in KIND:
        if spec:
            return counts[spec[0]] + j >= KIND[cat]
        return max(counts[v] for v in universe.values) + j >= KIND[cat]
    if cat == TWO_PAIR:
        if len(spec) == 2:
            return _d(counts[spec[0]]) + _d(counts[spec[1]]) <= j
        if len(spec) == 1:
            h = spec[0]
            return _d(counts[h]) + min(_d(counts[v]) for v in universe.values if v < h) <= j
        ds = sorted(_d(counts[v]) for v in universe.values)
        return len(ds) >= 2 and ds[0] + ds[1] <= j
    if cat == FULL_HOUSE:
        if len(spec) == 2:
            return _e(counts[spec[0]]) + _d(counts[spec[1]]) <= j
        if len(spec) == 1:
            t = spec[0]
            return _e(counts[t]) + min(_d(counts[v]) for v in universe.values if v != t) <= j
        cs = sorted((counts[v] for v in universe.values), reverse=True)
        return len(cs) >= 2 and _e(cs[0]) + _d(cs[1]) <= j
    if cat == STRAIGHT:
        absent = ~s.present
        if spec:
            return (window(spec[0]) & absent).bit_count() <= j
        return any((window(t) & absent).bit_count() <= j for t in straight_tops(universe))
    if cat == FLUSH:
        if not spec:
            return max(s.suits[x].bit_count() for x in range(universe.suits)) + j >= 5
        have = s.suits[spec[0]]
        named = 0
        for v in spec[1:]:
            named |= 1 << v
        k = len(spec) - 1
        missing = (named & ~have).bit_count()
        others = (have & ~named).bit_count()
        return missing + max(0, 5 - k - others) <= j
    if cat == STRAIGHT_FLUSH:
        # A named top is that run exactly; without one any run of the suit counts, the royal
        # flush included (it is the best straight flush, and contains the hand named).
        suits = (spec[0],) if spec else range(universe.suits)
        tops = (spec[1],) if len(spec) == 2 else straight_tops(universe)
        return any((window(t) & ~s.suits[x]).bit_count() <= j for x in suits for t in tops)
    # ROYAL
    suits = (spec[0],) if spec else range(universe.suits)
    return any((window(ACE) & ~s.suits[x]).bit_count() <= j for x in suits)


def bid_exists(bid: Bid, cards: Iterable[int], universe: Universe = FULL) -> bool:
    return exists(bid, summarize(cards), universe)


def witness(bid: Bid, cards: Sequence[int], universe: Universe = FULL) -> list[int]:
    """The handful of ``cards`` (at most five) that shows ``bid``, for a showdown to point at;
    ``[]`` when the bid is not there.  Cards are dropped one by one (jokers first, then the
    lowest) while the bid still stands: what is left cannot lose a card, and as some handful
    of at most five shows the bid, that handful is what is left."""
    if not exists(bid, summarize(cards), universe):
        return []
    kept = list(cards)
    trial = sorted(range(len(kept)), key=lambda i: (kept[i] != JOKER, VALUE_OF[kept[i] % 52]))
    dropped: set[int] = set()
    for i in trial:
        rest = [c for k, c in enumerate(kept) if k != i and k not in dropped]
        if exists(bid, summarize(rest), universe):
            dropped.add(i)
    return [c for k, c in enumerate(kept) if k not in dropped]


# ====================================================================== guaranteed bids
@cache
def hitting_number(universe: Universe, tops: tuple[int, ...], need: int) -> int:
    """The fewest values to leave out so that every straight window with these tops misses at
    least ``need`` of its values (exact search over all subsets of the universe's values)."""
    if not tops:
        return 0
    values = universe.values
    wins = [window(t) for t in tops]
    for size in range(len(values) + 1):
        for combo in itertools.combinations(values, size):
            mask = sum(1 << v for v in combo)
            if all((w & mask).bit_count() >= need for w in wins):
                return size
    return len(values) + 1  # cannot happen for need <= 5


def _kind_cap(k: int, j: int, ns: int) -> int | None:
    """Most cards of one rank that still fall short of ``k`` of a kind with ``j`` jokers."""
    return None if k - 1 - j < 0 else min(ns, k - 1 - j)


@cache
def _flush_named_avoid(k: int, m: int, j: int) -> int | None:
    """Most cards of one suit (of ``m`` ranks) that, with ``j`` jokers, hold no flush naming
    ``k`` given ranks: ``a`` of the named ranks and ``b`` others present."""
    best: int | None = None
    for a in range(k + 1):
        for b in range(m - k + 1):
            if (k - a) + max(0, 5 - k - b) > j:
                best = max(best or 0, a + b)
    return best


def _max_natural(bid: Bid, universe: Universe, j: int) -> int | None:
    """The most natural cards of the universe that, with ``j`` jokers, do not make the bid
    (None: every set does).  Each case is an exact optimisation over the counts that matter."""
    cat, spec = bid.cat, bid.spec
    if j >= HAND:  # five jokers alone make any bid
        return None
    m, ns = len(universe.values), universe.suits
    counts = range(ns + 1)
    if cat in KIND:
        cap = _kind_cap(KIND[cat], j, ns)
        if cap is None:
            return None
        return (m - 1) * ns + cap if spec else m * cap
    if cat in (TWO_PAIR, FULL_HOUSE):
        first = _d if cat == TWO_PAIR else _e
        best: int | None = None
        if len(spec) == 2:
            for a in counts:
                for b in counts:
                    if first(a) + _d(b) > j:
                        best = max(best or 0, a + b + (m - 2) * ns)
            return best
        if len(spec) == 1:
            top = spec[0]
            # The ranks that could complete the hand: below the high pair, or any other rank.
            free = sum(1 for v in universe.values if v < top) if cat == TWO_PAIR else m - 1
            fixed = m - 1 - free
            for a in counts:
                rem = j - first(a)
                cap = ns if rem < 0 else min(ns, 1 - rem)
                if cap < 0:
                    continue
                best = max(best or 0, a + free * cap + fixed * ns)
            return best
        # Unspecified: only the two largest counts matter (see the rules page).
        for a in counts:
            for b in range(a + 1):
                if first(a) + _d(b) > j:
                    best = max(best or 0, a + (m - 1) * b)
        return best
    if cat == STRAIGHT:
        if spec:
            return (m - (j + 1)) * ns
        return (m - hitting_number(universe, straight_tops(universe), j + 1)) * ns
    if cat == FLUSH:
        if not spec:
            return ns * min(m, 4 - j) if j <= 4 else None
        k = len(spec) - 1
        if k == 0:
            return (ns - 1) * m + min(m, 4 - j)
        most = _flush_named_avoid(k, m, j)
        return None if most is None else (ns - 1) * m + most
    if cat == STRAIGHT_FLUSH:
        if len(spec) == 2:
            return ns * m - (j + 1)
        # Every run of the suit, the royal one included (as in exists).
        h = hitting_number(universe, straight_tops(universe), j + 1)
        return ns * m - (h if spec else ns * h)
    # ROYAL
    return ns * m - ((j + 1) if spec else ns * (j + 1))


@lru_cache(maxsize=1 << 16)
def max_avoid(bid: Bid, universe: Universe = FULL, deck_jokers: int = 2) -> int:
    """The most cards of the deck (the universe plus ``deck_jokers`` jokers) that can be held
    together without making the bid.  A bid is guaranteed among ``n`` cards exactly when
    ``n > max_avoid``.  Only up to four jokers are weighed (five make every bid), so any
    joker count costs the same."""
    if deck_jokers < 0:
        raise ValueError(f"a deck holds no fewer than 0 jokers, not {deck_jokers}")
    if bid.natural:
        nat = _max_natural(bid, universe, 0)
        assert nat is not None
        return deck_jokers + nat
    best = -1
    for j in range(min(deck_jokers, HAND - 1) + 1):
        nat = _max_natural(bid, universe, j)
        if nat is not None:
            best = max(best, j + nat)
    return best


def guaranteed(bid: Bid, total: int, universe: Universe = FULL, deck_jokers: int = 2) -> bool:
    """Whether every set of ``total`` cards from the deck makes the bid."""
    return total > max_avoid(bid, universe, deck_jokers)


# ====================================================================== the bid space
def all_bids(universe: Universe = FULL, jokers: bool = True) -> list[Bid]:
    """Every valid bid in this universe (``natural`` ones and five of a kind only when the
    deck has jokers), in no particular order."""
    vals = universe.values
    suits = range(universe.suits)
    plain: list[Bid] = []
    for cat in (HIGH, PAIR, TRIPS, QUADS) + ((FIVE,) if jokers else ()):
        plain.append(Bid(cat))
        plain.extend(Bid(cat, (v,)) for v in vals)
    plain.append(Bid(TWO_PAIR))
    for h in vals:
        lows = [v for v in vals if v < h]
        if lows:
            plain.append(Bid(TWO_PAIR, (h,)))
            plain.extend(Bid(TWO_PAIR, (h, low)) for low in lows)
    plain.append(Bid(FULL_HOUSE))
    for t in vals:
        plain.append(Bid(FULL_HOUSE, (t,)))
        plain.extend(Bid(FULL_HOUSE, (t, p)) for p in vals if p != t)
    if straight_tops(universe):
        plain.append(Bid(STRAIGHT))
        plain.extend(Bid(STRAIGHT, (t,)) for t in straight_tops(universe))
    if len(vals) >= 5:
        plain.append(Bid(FLUSH))
        straights = straight_set_masks(universe)
        high_first = sorted(vals, reverse=True)
        for x in suits:
            plain.append(Bid(FLUSH, (x,)))
            for size in range(1, 6):
                for combo in itertools.combinations(high_first, size):
                    if size == 5 and sum(1 << v for v in combo) in straights:
                        continue
                    plain.append(Bid(FLUSH, (x, *combo)))
    if sf_tops(universe):
        plain.append(Bid(STRAIGHT_FLUSH))
        for x in suits:
            plain.append(Bid(STRAIGHT_FLUSH, (x,)))
            plain.extend(Bid(STRAIGHT_FLUSH, (x, t)) for t in sf_tops(universe))
    if has_royal(universe):
        plain.append(Bid(ROYAL))
        plain.extend(Bid(ROYAL, (x,)) for x in suits)
    if not jokers:
        return plain
    return plain + [b._replace(natural=True) for b in plain if b.cat != FIVE]


#: Above this many legal bids, ``legal_actions`` lists the subset described in
#: :meth:`BidSpace.legal_after` (the contract's allowance); ``is_legal`` decides any bid.
LIST_LIMIT = 10_000


def _listed_in_subset(bid: Bid) -> bool:
    """The documented subset: everything except flushes that name three or more ranks."""
    return bid.cat != FLUSH or len(bid.spec) <= 3


class BidSpace:
    """All bids of one game configuration, sorted by the bid order, with the cached answers
    the engine needs (legal bids after a standing bid, the guaranteed test, best hands)."""

    def __init__(self, universe: Universe, order: Order, deck_jokers: int) -> None:
        self.universe = universe
        self.order = order
        self.deck_jokers = deck_jokers
        # A bid the whole deck cannot make is no bid (only reduced packs have such: with two
        # suits there are no trips).
        whole = universe.size + deck_jokers
        keyed = sorted(
            (key(b, order), b)
            for b in all_bids(universe, deck_jokers > 0)
            if max_avoid(b, universe, deck_jokers) < whole
        )
        bids = [b for _, b in keyed]
        self.bids = bids
        self.keys = [k for k, _ in keyed]
        self.texts = [bid_text(b) for b in bids]
        self.avoid = [max_avoid(b, universe, deck_jokers) for b in bids]
        self.index = {b: i for i, b in enumerate(bids)}
        #: Canonical text -> index (the fast path of ``apply``: a listed bid is found by its text).
        self.text_index = {t: i for i, t in enumerate(self.texts)}
        self.listed = [_listed_in_subset(b) for b in bids]
        self._open: dict[int, tuple[list[int], list[int]]] = {}
        self._run_heads: dict[tuple[int, int, tuple[int, ...]], tuple[int, Bid]] | None = None
        self._levels: list[tuple[int, bool | None]] | None = None
        self._down = sorted(universe.values, reverse=True)
        strength = order.suit_strength
        self._suits_down = sorted(range(universe.suits), key=lambda x: -strength[x])

    def _runs(self) -> dict[tuple[int, int, tuple[int, ...]], tuple[int, Bid]]:
        """Runs of bids sharing a level and the start of their specification are contiguous
        in the order; each run is headed by a less specific bid that exists whenever any of
        the run does (with the qualifier of the run's most permissive member).  Maps each run
        to its first index and that head."""
        if self._run_heads is None:
            bids = self.bids
            runs: dict[tuple[int, int, tuple[int, ...]], list[int]] = {}
            for i, b in enumerate(bids):
                for depth in range(len(b.spec) + 1):
                    runs.setdefault((self.keys[i][0], b.cat, b.spec[:depth]), []).append(i)
            self._run_heads = {
                (lvl, cat, spec): (
                    members[0],
                    Bid(cat, spec, all(bids[i].natural for i in members)),
                )
                for (lvl, cat, spec), members in runs.items()
            }
        return self._run_heads

    def valid(self, bid: Bid) -> bool:
        return bid in self.index

    def open_bids(self, total: int) -> tuple[list[int], list[int]]:
        """The indices (in bid order) of every bid not guaranteed among ``total`` cards, and
        of those of them in the listed subset (cached per total)."""
        tables = self._open.get(total)
        if tables is None:
            avoid, listed = self.avoid, self.listed
            full = [i for i in range(len(avoid)) if avoid[i] >= total]
            tables = (full, [i for i in full if listed[i]])
            self._open[total] = tables
        return tables

    def position(self, standing: Bid | None) -> int:
        """The index of the standing bid in the order (-1: none); a bid outside this space
        gets the index of the highest bid below it."""
        if standing is None:
            return -1
        i = self.index.get(standing)
        if i is None:
            i = bisect_right(self.keys, key(standing, self.order)) - 1
        return i

    def listed_range(self, after: int, total: int) -> tuple[list[int], int]:
        """``(indices, start)``: the bids ``legal_after`` lists after the bid at index
        ``after`` (-1: none) among ``total`` cards are ``indices[start:]``.  Every bid above
        ``after`` in the order may follow it (a refinement is always higher), so this is a
        bisection into the table of bids not guaranteed among ``total`` cards; above
        LIST_LIMIT of them it switches to the documented subset."""
        full, sub = self.open_bids(total)
        start = bisect_right(full, after)
        if len(full) - start <= LIST_LIMIT:
            return full, start
        return sub, bisect_right(sub, after)

    def lists_subset(self, after: int, total: int) -> bool:
        """Whether :meth:`listed_range` gives the documented subset (more than LIST_LIMIT bids
        may follow the bid at index ``after`` among ``total`` cards) rather than every bid."""
        full, _ = self.open_bids(total)
        return len(full) - bisect_right(full, after) > LIST_LIMIT

    def legal_after(self, standing: Bid | None, total: int) -> list[str]:
        """Canonical texts of every bid that may follow ``standing`` among ``total`` cards, in
        bid order.  When there would be more than LIST_LIMIT of them, flush bids naming three
        or more ranks are left out (they stay legal: see is_legal)."""
        indices, start = self.listed_range(self.position(standing), total)
        texts = self.texts
        return [texts[i] for i in indices[start:]]

    def stands(self, bid: Bid, s: Summary, higher_counts: bool) -> bool:
        """Whether a call on ``bid`` fails with these cards (the caller loses): the bid is
        there, or, under variation #4 (``higher_counts``), a higher hand is.  Since the best
        hand present is at least every bid that is there, under variation #4 this is "the
        best hand is at least the bid"."""
        if exists(bid, s, self.universe):
            return True
        if not higher_counts:
            return False
        best = self.best(s)
        return best is not None and key(best, self.order) > key(bid, self.order)

    def best(self, s: Summary) -> Bid | None:
        """The highest bid that can be made from the cards, decided category by category
        from the top level down: the first category with any bid present gives the answer,
        its most specific bid with the largest specification (greedily, position by
        position), then the better qualifier.  The tests compare it with :meth:`best_scan`."""
        if self._levels is None:
            order = self.order
            tops: list[tuple[int, int, bool | None]] = [
                (level(Bid(c), order), c, None) for c in range(len(CATEGORIES)) if c != ROYAL
            ]
            if order.royal_over_five == "natural":
                tops += [(ROYAL_TOP_LEVEL, ROYAL, True), (ROYAL, ROYAL, False)]
            else:
                tops.append((level(Bid(ROYAL), order), ROYAL, None))
            self._levels = [(c, q) for _, c, q in sorted(tops, reverse=True)]
        naturals = self.deck_jokers > 0
        for cat, only in self._levels:
            if cat == FIVE and not naturals:
                continue
            if only is True:  # natural royals above five of a kind (variation #1)
                if not naturals:
                    continue
                spec = self._best_spec(cat, s, 0)
                if spec is not None:
                    return Bid(cat, spec, True)
                continue
            spec = self._best_spec(cat, s, s.jokers)
            if spec is None:
                continue
            if only is None and naturals and cat != FIVE:
                nat = Bid(cat, spec, True)
                if (not self.order.jokers_high) and exists(nat, s, self.universe):
                    return nat
            return Bid(cat, spec)
        return None

    def _best_spec(self, cat: int, s: Summary, j: int) -> tuple[int, ...] | None:
        """The largest full specification of a bid of this category present with ``j``
        jokers (None: none is)."""
        u = self.universe
        down = self._down
        counts = s.counts
        if cat in KIND:
            need = KIND[cat]
            for v in down:
                if counts[v] + j >= need:
                    return (v,)
            return None
        if cat in (TWO_PAIR, FULL_HOUSE):
            first = _d if cat == TWO_PAIR else _e
            for h in down:
                rest = j - first(counts[h])
                if rest < 0:
                    continue
                for low in down:
                    if low != h and (cat == FULL_HOUSE or low < h) and _d(counts[low]) <= rest:
                        return (h, low)
            return None
        if cat == STRAIGHT:
            absent = ~s.present
            for t in reversed(straight_tops(u)):
                if (window(t) & absent).bit_count() <= j:
                    return (t,)
            return None
        suits = self._suits_down
        if cat == FLUSH:
            for x in suits:
                have = s.suits[x]
                if have.bit_count() + j < 5:
                    continue
                picked: list[int] = [x]
                left, free = 5, j
                below = len(down)
                for v in down:
                    below -= 1
                    if left == 0:
                        break
                    if have >> v & 1:
                        picked.append(v)
                        left -= 1
                    elif (
                        free
                        and below >= left - 1
                        and ((have & ((1 << v) - 1)).bit_count() + free - 1 >= left - 1)
                    ):
                        picked.append(v)
                        left -= 1
                        free -= 1
                return tuple(picked)
            return None
        if cat == STRAIGHT_FLUSH:
            tops = sf_tops(u)
            for x in suits:
                missing = ~s.suits[x]
                for t in reversed(tops):
                    if (window(t) & missing).bit_count() <= j:
                        return (x, t)
            return None
        # ROYAL
        for x in suits:
            if (window(ACE) & ~s.suits[x]).bit_count() <= j:
                return (x,)
        return None

    def best_scan(self, s: Summary) -> Bid | None:
        """The highest bid that can be made from the cards: a scan down the bid order that
        skips every run whose head (``flush``, ``flush S``, ``flush S A``, ``two_pair K``
        ...) cannot be made."""
        universe = self.universe
        bids, keys, runs = self.bids, self.keys, self._runs()
        memo: dict[tuple[int, int, tuple[int, ...]], bool] = {}
        i = len(bids) - 1
        while i >= 0:
            bid = bids[i]
            lvl = keys[i][0]
            skip_to = None
            for depth in range(len(bid.spec)):
                run = (lvl, bid.cat, bid.spec[:depth])
                ok = memo.get(run)
                if ok is None:
                    ok = memo[run] = exists(runs[run][1], s, universe)
                if not ok:
                    skip_to = runs[run][0] - 1
                    break
            if skip_to is not None:
                i = skip_to
                continue
            if exists(bid, s, universe):
                return bid
            i -= 1
        return None


@lru_cache(maxsize=32)
def bid_space(universe: Universe, order: Order, deck_jokers: int) -> BidSpace:
    return BidSpace(universe, order, deck_jokers)


def texts_of(bids: Sequence[Bid]) -> list[str]:
    return [bid_text(b) for b in bids]
