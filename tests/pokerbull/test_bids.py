"""Bid notation, order, existence and the guaranteed-bid test, each against brute force."""

from __future__ import annotations

import itertools
import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pokerbull_model import brute_exists, naive_rank

from bluffhouse import IllegalAction
from bluffhouse.cards import JOKER, parse_card
from bluffhouse.pokerbull.bids import (
    DEFAULT_ORDER,
    FULL,
    Order,
    Universe,
    all_bids,
    bid_space,
    bid_text,
    exists,
    guaranteed,
    key,
    max_avoid,
    may_follow,
    parse_bid,
    refines,
    summarize,
    witness,
)

FULL_BIDS = all_bids(FULL, jokers=True)
FULL_TEXTS = [bid_text(b) for b in FULL_BIDS]
# Small decks for exhaustive checks: (universe, jokers in the deck).
SMALL = [
    (Universe((12, 0, 1, 2, 3, 4), 2), 2),  # A 2 3 4 5 6, two suits: the wheel and 6-high
    (Universe((8, 9, 10, 11, 12), 3), 1),  # T J Q K A, three suits: royal flushes
    (Universe((6, 7, 8, 9, 10, 11, 12), 2), 0),  # 8 .. A, no jokers
    # 9 .. A, two suits, two jokers: straight flushes and royal flushes side by side (a royal
    # flush makes 'straight_flush' and 'straight_flush S', also in max_avoid).
    (Universe((7, 8, 9, 10, 11, 12), 2), 2),
]


def _is_full(bid_text_: str) -> bool:
    """Fully specified: every specification named."""
    bid = parse_bid(bid_text_)
    need = {
        "high": 1,
        "pair": 1,
        "trips": 1,
        "quads": 1,
        "five": 1,
        "two_pair": 2,
        "full_house": 2,
        "straight": 1,
        "flush": 6,
        "straight_flush": 2,
        "royal_flush": 1,
    }
    return len(bid.spec) == need[bid_text_.split()[0]]


# ---------------------------------------------------------------- notation
def test_every_bid_round_trips() -> None:
    assert len(set(FULL_TEXTS)) == len(FULL_TEXTS)
    for bid, text in zip(FULL_BIDS, FULL_TEXTS, strict=True):
        assert parse_bid(text) == bid
        assert bid_text(parse_bid(text)) == text


@given(st.sampled_from(FULL_TEXTS), st.randoms(use_true_random=False))
def test_round_trip_is_case_insensitive(text: str, rnd: random.Random) -> None:
    mixed = "".join(c.upper() if rnd.random() < 0.5 else c.lower() for c in text)
    assert bid_text(parse_bid(mixed)) == text
    assert parse_bid(bid_text(parse_bid(mixed))) == parse_bid(text)


def test_notation_examples() -> None:
    assert bid_text(parse_bid("Flush s j 6 4")) == "flush S J 6 4"
    assert bid_text(parse_bid("flush S 4 J 6")) == "flush S J 6 4"  # any order in, canonical out
    assert bid_text(parse_bid("straight 10")) == "straight T"
    assert bid_text(parse_bid("two-pair k 9 NATURAL")) == "two_pair K 9 natural"
    assert bid_text(parse_bid("  pair   ")) == "pair"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "needs a category"),
        ("   ", "needs a category"),
        (None, "is text"),
        (7, "is text"),
        ("natural", "qualifies a hand"),
        ("pair natural 7", "goes last"),
        ("kind 7", "not a hand"),
        ("pair 7 8", "at most one rank"),
        ("pair X", "not a rank"),
        ("pair 1", "not a rank"),
        ("two_pair 9 K", "higher pair first"),
        ("two_pair 9 9", "two different ranks"),
        ("two_pair 2", "below twos"),
        ("full_house 3 3", "two different ranks"),
        ("full_house 3 2 4", "at most two ranks"),
        ("straight 4", "top card is 5 to A"),
        ("straight 9 8", "top card only"),
        ("flush J", "not a suit"),
        ("flush S J J", "all different"),
        ("flush S A K Q J T 9", "at most five ranks"),
        ("flush S 9 8 7 6 5", "straight_flush S 9"),
        ("flush H A K Q J T", "royal_flush H"),
        ("flush D A 5 4 3 2", "straight_flush D 5"),
        ("straight_flush H A", "royal_flush H"),
        ("straight_flush H 4", "5 to K"),
        ("straight_flush 9", "not a suit"),
        ("royal_flush S H", "suit only"),
        ("five 6 natural", "cannot be natural"),
    ],
)
def test_bad_bid_text(text: object, says: str) -> None:
    with pytest.raises(IllegalAction, match=says):
        parse_bid(text)


# ---------------------------------------------------------------- order
@pytest.mark.parametrize(
    "order", [Order(), Order("SHDC"), Order("SHCD", "natural", True), Order("SHCD", "all")]
)
def test_order_is_total_on_full_bids_and_matches_the_model(order: Order) -> None:
    full = [t for t in FULL_TEXTS if _is_full(t)]
    mine = sorted(full, key=lambda t: key(parse_bid(t), order))
    model = sorted(
        full, key=lambda t: naive_rank(t, order.suits, order.royal_over_five, order.jokers_high)
    )
    assert mine == model
    keys = [key(parse_bid(t), order) for t in mine]
    assert all(a < b for a, b in itertools.pairwise(keys))  # strict: no ties


@given(st.sampled_from(FULL_TEXTS), st.sampled_from(FULL_TEXTS), st.sampled_from(FULL_TEXTS))
def test_order_is_strict_and_transitive(a: str, b: str, c: str) -> None:
    ka, kb, kc = (key(parse_bid(x)) for x in (a, b, c))
    assert (ka == kb) == (a == b)
    if ka < kb and kb < kc:
        assert ka < kc
    assert may_follow(parse_bid(a), parse_bid(b)) != (
        a == b or may_follow(parse_bid(b), parse_bid(a))
    )


def test_seed_order_examples() -> None:
    def k(text: str, order: Order = DEFAULT_ORDER) -> tuple[int, ...]:
        return key(parse_bid(text), order)

    chain = [
        "high A",
        "pair 2",
        "two_pair 3 2",
        "trips 2",
        "straight 5",
        "straight 6",
        "flush D",
        "flush C",
        "flush H",
        "flush S",
        "full_house 2 3",
        "quads 2",
        "straight_flush S 5",
        "royal_flush D",
        "royal_flush S",
        "five 2",
    ]
    assert [k(t) for t in chain] == sorted(k(t) for t in chain)
    # Four sixes and a king beat three sixes, a king and a joker.
    assert k("quads 6 natural") > k("quads 6")
    assert k("quads 6 natural", Order(jokers_high=True)) < k("quads 6", Order(jokers_high=True))
    assert k("flush C") > k("flush D")
    assert k("flush D", Order("SHDC")) > k("flush C", Order("SHDC"))
    assert k("straight_flush C 9") > k("straight_flush D K")
    assert k("royal_flush D natural", Order(royal_over_five="natural")) > k("five A")
    assert k("royal_flush S", Order(royal_over_five="natural")) < k("five 2")
    assert k("royal_flush D", Order(royal_over_five="all")) > k("five A")
    # The seed's example of "more specific" and of "higher".
    old = parse_bid("flush S J 6 4")
    assert refines(old, parse_bid("flush S J 9 6 4"))
    assert not refines(old, parse_bid("flush S J 9 7 3"))
    assert may_follow(old, parse_bid("flush S J 9 7 3"))
    assert not may_follow(old, parse_bid("flush S J 6"))
    assert not may_follow(old, parse_bid("flush S J 5 4 3"))


@pytest.mark.parametrize(
    ("universe", "jokers"),
    [
        (Universe((8, 9, 10, 11, 12), 3), 1),
        (Universe((12, 0, 1, 2, 3), 3), 2),
    ],
)
def test_higher_or_more_specific_matches_brute_force(universe: Universe, jokers: int) -> None:
    """The model: higher by the hand-written ranking, or the same hand (and qualifier) whose
    existence strictly implies the standing one's over every card set of the small deck.
    (Three suits at least: with two, every full house needs a joker, which makes
    'full_house 2 A' imply 'full_house A' for reasons no real deck shares.)"""
    bids = all_bids(universe, jokers > 0)
    deck = [*universe.cards(), *[JOKER] * jokers]
    sets = [summarize(c) for size in range(6) for c in set(itertools.combinations(deck, size))]
    made = {b: frozenset(i for i, s in enumerate(sets) if exists(b, s, universe)) for b in bids}
    texts = {b: bid_text(b) for b in bids}
    for old in bids:
        for new in bids:
            specific = new.cat == old.cat and new.natural == old.natural and made[new] < made[old]
            higher = naive_rank(texts[new]) > naive_rank(texts[old])
            assert may_follow(old, new) == (higher or specific), (texts[old], texts[new])
            if refines(old, new):
                assert made[new] <= made[old] and higher, (texts[old], texts[new])


# ---------------------------------------------------------------- existence
@settings(max_examples=150, deadline=None)
@given(st.data())
def test_exists_matches_brute_force_full_deck(data: st.DataObject) -> None:
    deck = [*range(52), JOKER, JOKER]
    size = data.draw(st.integers(1, 8))
    cards = data.draw(st.permutations(deck))[:size]
    if cards.count(JOKER) == 2 and size > 6:
        cards = [c for c in cards if c != JOKER] + [JOKER]  # keep brute force quick
    bid = parse_bid(data.draw(st.sampled_from(FULL_TEXTS)))
    assert exists(bid, summarize(cards)) == brute_exists(bid, cards, FULL), (cards, bid)


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_exists_matches_brute_force_rich_hands(data: st.DataObject) -> None:
    """Card sets built to nearly make big hands (same suit, runs, many of a rank)."""
    suit = data.draw(st.integers(0, 3))
    top = data.draw(st.integers(4, 12))
    run = [((v + 1) % 13) * 4 + suit for v in range(top - 4, top + 1)]
    rank = data.draw(st.integers(0, 12))
    kind = [rank * 4 + s for s in range(4)]
    pool = [*sorted(set(run + kind)), JOKER]
    cards = data.draw(st.lists(st.sampled_from(pool), min_size=3, max_size=7, unique=True))
    extra = data.draw(st.booleans())
    if extra and JOKER not in cards:
        cards.append(JOKER)
    bid = parse_bid(data.draw(st.sampled_from(FULL_TEXTS)))
    assert exists(bid, summarize(cards)) == brute_exists(bid, cards, FULL), (cards, bid)


@pytest.mark.parametrize(("universe", "jokers"), SMALL)
def test_exists_matches_brute_force_small_decks(universe: Universe, jokers: int) -> None:
    rnd = random.Random(5)
    deck = universe.cards() + [JOKER] * jokers
    bids = all_bids(universe, jokers > 0)
    for _ in range(250):
        cards = rnd.sample(deck, rnd.randint(1, 7))
        for bid in rnd.sample(bids, 12):
            assert exists(bid, summarize(cards), universe) == brute_exists(bid, cards, universe)


# ---------------------------------------------------------------- guaranteed bids
@pytest.mark.parametrize(
    ("universe", "jokers"),
    [
        *SMALL,
        (Universe((12, 0, 1, 2, 3), 1), 7),  # more jokers than a hand has cards
    ],
)
def test_max_avoid_matches_brute_force_over_every_card_set(universe: Universe, jokers: int) -> None:
    naturals = universe.cards()
    masks = sorted(range(1 << len(naturals)), key=lambda m: -m.bit_count())
    summaries = {
        j: [
            summarize([c for i, c in enumerate(naturals) if m >> i & 1] + [JOKER] * j)
            for m in masks
        ]
        for j in range(jokers + 1)
    }
    sizes = [m.bit_count() for m in masks]
    for bid in all_bids(universe, jokers > 0):
        best = -1
        for j in range(jokers + 1):
            for size, summary in zip(sizes, summaries[j], strict=True):
                if size + j <= best:
                    break
                if not exists(bid, summary, universe):
                    best = size + j
                    break
        assert max_avoid(bid, universe, jokers) == best, bid_text(bid)


@pytest.mark.parametrize(
    "text",
    [
        "straight",
        "straight_flush",
        "straight_flush S",
        "flush S J",
        "two_pair K",
        "full_house",
        "five A",
        "pair 7 natural",
    ],
)
def test_any_joker_count_costs_the_same(text: str) -> None:
    """Five jokers make every bid, so the guaranteed test weighs at most four of them (a save
    with a huge joker count used to keep it busy for hours)."""
    bid = parse_bid(text)
    start = time.perf_counter()
    big = max_avoid(bid, FULL, 10**9)
    assert time.perf_counter() - start < 1.0
    if bid.natural:
        assert big == 10**9 - 2 + max_avoid(bid, FULL, 2)
    else:
        assert big == max_avoid(bid, FULL, 4) == max_avoid(bid, FULL, 7)
    with pytest.raises(ValueError, match="no fewer than 0 jokers"):
        max_avoid(bid, FULL, -1)


def test_guaranteed_examples_from_the_seed() -> None:
    pair = parse_bid("pair")
    assert not guaranteed(pair, 13)
    assert guaranteed(pair, 14)  # "if there are more than 13 cards, he can't say a pair"
    assert max_avoid(parse_bid("flush")) == 16
    assert max_avoid(parse_bid("straight"), FULL, 0) == 44  # leave out every 5 and every T
    assert guaranteed(parse_bid("high"), 1)
    assert not guaranteed(parse_bid("five A"), 50)
    # Without jokers in the deck.
    assert max_avoid(parse_bid("pair"), FULL, 0) == 13
    assert max_avoid(parse_bid("trips"), FULL, 0) == 26


@pytest.mark.parametrize("jokers", [0, 2])
def test_legal_list_respects_order_and_guarantee(jokers: int) -> None:
    space = bid_space(FULL, DEFAULT_ORDER, jokers)
    keys = [key(b) for b in space.bids]
    rnd = random.Random(jokers)
    for total in (3, 14, 35):
        for standing_text in [None, *rnd.sample(space.texts, 8)]:
            standing = None if standing_text is None else parse_bid(standing_text)
            floor = None if standing is None else key(standing)
            listed = space.legal_after(standing, total)
            every = [
                t
                for t, b, k in zip(space.texts, space.bids, keys, strict=True)
                if (floor is None or k > floor) and not guaranteed(b, total, FULL, jokers)
            ]
            if len(every) <= 10_000:
                assert listed == every
            else:
                assert set(listed) < set(every)
                cats = {t.split()[0] for t in every}
                assert {t.split()[0] for t in listed} == cats
                assert all(parse_bid(t).cat != 5 or len(parse_bid(t).spec) <= 3 for t in listed)


@pytest.mark.parametrize("order", [DEFAULT_ORDER, Order("SHDC", "natural", True)])
def test_best_hand_is_the_highest_bid_present(order: Order) -> None:
    rnd = random.Random(4)
    space = bid_space(FULL, order, 2)
    deck = [*range(52), JOKER, JOKER]
    for _ in range(40):
        summary = summarize(rnd.sample(deck, rnd.randint(1, 30)))
        present = [b for b in space.bids if exists(b, summary)]
        assert space.best(summary) == max(present, key=lambda b: key(b, order))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 52), min_size=1, max_size=25))
def test_the_best_hands_witness_is_a_handful_that_shows_it_and_needs_every_card(
    pool: list[int],
) -> None:
    """The cards a showdown highlights: at most five of the pool, showing the best hand, and
    none of them spare."""
    space = bid_space(FULL, DEFAULT_ORDER, 2)
    best = space.best(summarize(pool))
    assert best is not None
    shown = witness(best, pool)
    assert 1 <= len(shown) <= 5
    left = list(pool)
    for card in shown:
        left.remove(card)  # a sub-multiset of the pool
    assert exists(best, summarize(shown))
    for i in range(len(shown)):
        assert not exists(best, summarize(shown[:i] + shown[i + 1 :]))


def test_a_bid_that_is_not_there_has_no_witness() -> None:
    assert witness(parse_bid("quads A"), [parse_card("AS"), parse_card("KD")]) == []
