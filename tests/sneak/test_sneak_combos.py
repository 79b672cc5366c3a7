"""Sneak's combination module: classification, ordering and enumeration against brute force."""

from __future__ import annotations

from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from bluffhouse.cards import CARD_INDEX, build_deck
from bluffhouse.sneak import combos as cb


def cards(*texts: str) -> list[int]:
    return [CARD_INDEX[t] for t in texts]


def test_classification() -> None:
    assert cb.kind(cards("7S")) == cb.SINGLE
    assert cb.kind(cards("7S", "7D", "7C")) == cb.MATCH
    assert cb.kind(cards("5H", "6H", "7H")) == cb.STRAIGHT_FLUSH
    assert cb.kind(cards("QS", "KH", "AD")) == cb.STRAIGHT
    assert cb.kind(cards("AS", "2H", "3D")) == cb.STRAIGHT
    assert cb.kind(cards("KS", "AH", "2D")) == cb.NOTHING  # no wrapping round the ace
    assert cb.kind(cards("2C", "9C", "KC")) == cb.FLUSH
    assert cb.kind(cards("2C", "9D")) == cb.NOTHING
    assert cb.kind(cards("7S", "7S")) == cb.MATCH  # two packs: identical cards match
    assert cb.kind(cards("7S", "7S", "8S")) == cb.FLUSH
    assert cb.key(cards("AS", "2H", "3D")) == (cb.STRAIGHT, 3)
    assert cb.key(cards("QS", "KH", "AD")) == (cb.STRAIGHT, 14)
    every_rank = [r * 4 for r in range(13)]
    assert cb.key(every_rank) == (cb.STRAIGHT_FLUSH, 14)


def test_order_of_types_and_within_types() -> None:
    match = cb.key(cards("2S", "2H"))
    sflush = cb.key(cards("KH", "AH"))
    straight = cb.key(cards("KH", "AD"))
    flush = cb.key(cards("AH", "QH"))
    nothing = cb.key(cards("AH", "QD"))
    assert match > sflush > straight > flush > nothing
    assert cb.key(cards("AH", "5H", "4H")) > cb.key(cards("AS", "5S", "3S"))
    assert cb.key(cards("AH", "2D")) < cb.key(cards("2H", "3D"))


def test_flaunt_beating() -> None:
    assert cb.beats_flaunt(cards("7S"), cards("8S"))
    assert not cb.beats_flaunt(cards("7S"), cards("8H"))
    assert not cb.beats_flaunt(cards("7S"), cards("7S"))
    assert cb.beats_flaunt(cards("5S", "6D"), cards("6S", "7D"))
    assert not cb.beats_flaunt(cards("5S", "6D"), cards("2S", "2D"))
    assert not cb.beats_flaunt(cards("5S", "6D"), cards("5H", "6C"))  # equal is no beat


hands = st.lists(st.sampled_from(build_deck(2)), min_size=0, max_size=9).map(sorted)


@settings(max_examples=150, deadline=None)
@given(hands, st.integers(min_value=1, max_value=5))
def test_sub_multisets_match_brute_force(hand: list[int], size: int) -> None:
    expected = sorted(set(combinations(hand, size)))
    got = list(cb.sub_multisets(hand, size))
    assert got == expected  # every distinct sub-multiset once, in lexicographic order


@settings(max_examples=150, deadline=None)
@given(hands, st.integers(min_value=2, max_value=5))
def test_combos_of_match_brute_force(hand: list[int], size: int) -> None:
    every = set(combinations(hand, size))
    for ctype in cb.COMBO_TYPES:
        expected = {c for c in every if cb.kind(c) == ctype}
        got = list(cb.combos_of(hand, size, ctype))
        assert len(got) == len(set(got))
        assert set(got) == expected
