"""Sneak's card combinations: classification, comparison and enumeration.

Cards are the ints of :mod:`bluffhouse.cards` (``rank * 4 + suit``, rank 0 = ace).  In Sneak the
ace ranks high (A K Q .. 2) except where it makes a sequence low (A-2-3...).

A combination's strength is a *key*, a tuple compared with ``>``: ``(type, values...)`` where
``type`` is one of the constants below and ``values`` are the card values that decide between
two combos of the same type, highest first (ace 14, king 13 .. two 2; an ace in a low sequence
is worth 1).  A single card has the key ``(SINGLE, value)``.  Only keys of leads of the same
size are ever compared.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, islice, product

#: Combination types, weakest first.  NOTHING is a face-down play of two or more cards that is
#: no combination at all; SINGLE is one card.
NOTHING = 0
FLUSH = 1
STRAIGHT = 2
STRAIGHT_FLUSH = 3
MATCH = 4
SINGLE = 5

TYPE_NAMES = {
    NOTHING: "nothing",
    FLUSH: "flush",
    STRAIGHT: "straight",
    STRAIGHT_FLUSH: "straight_flush",
    MATCH: "match",
    SINGLE: "single",
}
#: The combination types a lead of two or more cards may be flaunted as, best first.
COMBO_TYPES = (MATCH, STRAIGHT_FLUSH, STRAIGHT, FLUSH)

Key = tuple[int, ...]


def value(card: int) -> int:
    """A card's value with the ace high: A=14, K=13 .. 2=2."""
    rank = card >> 2
    return 14 if rank == 0 else rank + 1


def key(cards: Sequence[int]) -> Key:
    """The strength of a set of cards (see the module notes)."""
    n = len(cards)
    if n == 1:
        return (SINGLE, value(cards[0]))
    values = sorted((value(c) for c in cards), reverse=True)
    first = values[0]
    if all(v == first for v in values):
        return (MATCH, first)
    suit = cards[0] & 3
    flush = all((c & 3) == suit for c in cards)
    if len(set(values)) == n:
        run = _run_top(values)
        if run:
            return (STRAIGHT_FLUSH if flush else STRAIGHT, run)
    if flush:
        return (FLUSH, *values)
    return (NOTHING, *values)


def _run_top(values: list[int]) -> int:
    """The top value of a sequence (distinct values, highest first), 0 when not a sequence.

    The ace is tried high first (A-K-Q), then low (3-2-A, whose top is the 3)."""
    if values[0] - values[-1] == len(values) - 1:
        return values[0]
    if values[0] == 14:
        low = [*values[1:], 1]
        if low[0] - low[-1] == len(low) - 1:
            return low[0]
    return 0


def kind(cards: Sequence[int]) -> int:
    """The combination type of ``cards`` (SINGLE for one card)."""
    return key(cards)[0]


def is_flauntable(cards: Sequence[int]) -> bool:
    """A single card or a real combination (match, straight flush, straight or flush)."""
    return len(cards) == 1 or key(cards)[0] != NOTHING


def beats_flaunt(lead: Sequence[int], challenge: Sequence[int]) -> bool:
    """Whether a face-up challenge beats a flaunted lead of the same size.

    A single card is beaten only by a higher card of its suit; a combination only by a higher
    combination of the same type."""
    if len(lead) != len(challenge):
        return False
    if len(lead) == 1:
        return (lead[0] & 3) == (challenge[0] & 3) and value(challenge[0]) > value(lead[0])
    lead_key, chal_key = key(lead), key(challenge)
    return chal_key[0] == lead_key[0] and chal_key > lead_key


def flaunt_beaters(
    hand: Sequence[int], lead: Sequence[int], scan: int | None = None
) -> list[tuple[int, ...]]:
    """Every card set from ``hand`` that beats the flaunted ``lead``: single cards once each,
    in hand order; combos of the lead's type (only the first ``scan`` looked at, if given)."""
    if len(lead) == 1:
        return [(c,) for c in dict.fromkeys(hand) if beats_flaunt(lead, [c])]
    combos: Iterator[tuple[int, ...]] = combos_of(hand, len(lead), kind(lead))
    if scan is not None:
        combos = islice(combos, scan)
    return [c for c in combos if beats_flaunt(lead, c)]


def describe(cards: Sequence[int]) -> str:
    return TYPE_NAMES[key(cards)[0]]


# ------------------------------------------------------------------------------ enumeration
def sub_multisets(hand: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Every distinct sub-multiset of ``size`` cards of a sorted hand, in lexicographic order."""
    if size <= 0 or size > len(hand):
        return
    if len(set(hand)) == len(hand):
        yield from combinations(hand, size)
        return
    counts: list[list[int]] = []
    for c in hand:
        if counts and counts[-1][0] == c:
            counts[-1][1] += 1
        else:
            counts.append([c, 1])
    yield from _multi(counts, 0, size, ())


def _multi(
    counts: list[list[int]], start: int, size: int, prefix: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    if size == 0:
        yield prefix
        return
    left = sum(n for _, n in counts[start:])
    if left < size:
        return
    for i in range(start, len(counts)):
        card, n = counts[i]
        # Take k copies of this card (most first keeps the output in lexicographic order).
        for k in range(min(n, size), 0, -1):
            yield from _multi(counts, i + 1, size - k, prefix + (card,) * k)


def combos_of(hand: Sequence[int], size: int, ctype: int) -> Iterator[tuple[int, ...]]:
    """Every distinct combination of ``size`` (>= 2) cards of type ``ctype`` in a sorted hand."""
    if size < 2 or size > len(hand):
        return
    if ctype == MATCH:
        by_rank: dict[int, list[int]] = {}
        for c in hand:
            by_rank.setdefault(c >> 2, []).append(c)
        for rank in sorted(by_rank):
            cards = by_rank[rank]
            if len(cards) >= size:
                yield from sub_multisets(cards, size)
    elif ctype in (STRAIGHT, STRAIGHT_FLUSH):
        if size > 13:
            return
        held: dict[int, list[int]] = {}
        for c in hand:
            have = held.setdefault(c >> 2, [])
            if (c & 3) not in have:
                have.append(c & 3)
        seen: set[tuple[int, ...]] = set()
        # Runs by their lowest position: position 0 is the low ace, 13 the high ace.
        for low in range(0, 14 - size + 1):
            ranks = [(p % 13) for p in range(low, low + size)]
            if any(r not in held for r in ranks):
                continue
            for pick in product(*(held[r] for r in ranks)):
                same = all(s == pick[0] for s in pick)
                if same != (ctype == STRAIGHT_FLUSH):
                    continue
                combo = tuple(sorted(r * 4 + s for r, s in zip(ranks, pick, strict=True)))
                if combo not in seen:
                    seen.add(combo)
                    yield combo
    elif ctype == FLUSH:
        for suit in range(4):
            cards = [c for c in hand if (c & 3) == suit]
            if len(cards) < size:
                continue
            for combo in sub_multisets(cards, size):
                if key(combo)[0] == FLUSH:
                    yield combo
