"""Independent, deliberately naive models of Poker Bull bids for the tests: existence by
trying every handful of at most five cards with every joker assignment, and a hand-written
comparison of fully specified bids."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from bluffhouse.cards import JOKER
from bluffhouse.pokerbull.bids import (
    ACE,
    FIVE,
    FLUSH,
    FULL_HOUSE,
    HIGH,
    PAIR,
    QUADS,
    ROYAL,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    Bid,
    Universe,
)

Concrete = tuple[int, int]  # (poker value 0..12 with 2=0 .. A=12, suit)


def concrete(card: int) -> Concrete:
    return (((card >> 2) + 12) % 13, card & 3)


def run(top: int) -> set[int]:
    """The values of the straight with this top card (3: 5-4-3-2-A)."""
    if top == 3:
        return {12, 0, 1, 2, 3}
    return set(range(top - 4, top + 1))


def makes(bid: Bid, cards: Sequence[Concrete], universe: Universe) -> bool:
    """Whether these concrete cards (at most five) show the bid's pattern."""
    cnt = Counter(v for v, _ in cards)
    vals = universe.values
    cat, spec = bid.cat, bid.spec
    kinds = {HIGH: 1, PAIR: 2, TRIPS: 3, QUADS: 4, FIVE: 5}
    if cat in kinds:
        ranks = spec if spec else vals
        return any(cnt[r] >= kinds[cat] for r in ranks)
    if cat == TWO_PAIR:
        highs = [spec[0]] if spec else list(vals)
        for h in highs:
            lows = [spec[1]] if len(spec) == 2 else [v for v in vals if v < h]
            if any(cnt[h] >= 2 and cnt[lo] >= 2 for lo in lows):
                return True
        return False
    if cat == FULL_HOUSE:
        trips = [spec[0]] if spec else list(vals)
        for t in trips:
            pairs = [spec[1]] if len(spec) == 2 else [v for v in vals if v != t]
            if any(cnt[t] >= 3 and cnt[p] >= 2 for p in pairs):
                return True
        return False
    if cat == STRAIGHT:
        tops = [spec[0]] if spec else [t for t in range(3, 13) if run(t) <= set(vals)]
        present = set(cnt)
        return any(run(t) <= present for t in tops)
    suits = [spec[0]] if spec else list(range(universe.suits))
    if cat == FLUSH:
        named = set(spec[1:])
        for s in suits:
            in_suit = {v for v, x in cards if x == s}
            if len(in_suit) >= 5 and named <= in_suit:
                return True
        return False
    if cat == STRAIGHT_FLUSH:  # unless a top is named, a royal flush is a straight flush too
        tops = [spec[1]] if len(spec) == 2 else [t for t in range(3, 13) if run(t) <= set(vals)]
    else:
        assert cat == ROYAL
        tops = [ACE]
    for s in suits:
        in_suit = {v for v, x in cards if x == s}
        if any(run(t) <= in_suit for t in tops):
            return True
    return False


def brute_exists(bid: Bid, cards: Sequence[int], universe: Universe) -> bool:
    """Try every handful of min(5, len) cards and every way to play its jokers."""
    identities = [(v, s) for v in universe.values for s in range(universe.suits)]
    size = min(5, len(cards))
    for hand in itertools.combinations(cards, size):
        naturals = [concrete(c) for c in hand if c != JOKER]
        k = size - len(naturals)
        if k and bid.natural:
            # A natural bid may still be made from this handful's natural cards alone.
            if makes(bid, naturals, universe):
                return True
            continue
        for extra in itertools.combinations_with_replacement(identities, k):
            if makes(bid, naturals + list(extra), universe):
                return True
    return False


CATEGORY_ORDER = [
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
]


def naive_rank(
    bid_text: str, suits: str = "SHCD", royal: str = "no", jokers_high: bool = False
) -> tuple[object, ...]:
    """A comparable tuple for a bid, worked out from its text alone."""
    tokens = bid_text.split()
    natural = tokens[-1] == "natural"
    if natural:
        tokens = tokens[:-1]
    cat = CATEGORY_ORDER.index(tokens[0])
    level = cat
    if tokens[0] == "royal_flush" and (royal == "all" or (royal == "natural" and natural)):
        level = 99
    value = "23456789TJQKA"
    parts: list[int] = []
    for tok in tokens[1:]:
        if (
            tok in ("S", "H", "D", "C")
            and tokens[0] in ("flush", "straight_flush", "royal_flush")
            and not parts
        ):
            parts.append(10 - suits.index(tok))
        else:
            parts.append(value.index(tok))
    while len(parts) < 6:
        parts.append(-5)  # anything not named sorts below everything named
    nat_rank = (0 if natural else 1) if jokers_high else (1 if natural else 0)
    return (level, *parts, nat_rank)
