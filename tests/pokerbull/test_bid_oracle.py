"""Every Poker Bull bid, in every category, with and without specifications, with jokers and
``natural``, against a brute-force oracle written from the rules page alone
(docs/rules/poker_bull.md, "When a bid exists"):

    a bid exists when some handful of five of the cards in play (all of them when there are
    fewer), each joker in it played as any card at all, shows the named pattern; a natural
    bid when such a handful shows it with its natural cards alone.

The oracle enumerates exactly that: every handful, every way to play its jokers, and for each
resulting concrete hand the set of bid texts it shows, worked out from the hand directly.  It
shares no code with ``bids.py`` (it only reads the bid texts the engine lists), and it is
compared with the engine's existence check (``bids.exists``, which the engine, the bots, the
player aid and the search all use) and with the integer engine's (``fast._exists``) on every
bid of the game at once.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bluffhouse.cards import JOKER
from bluffhouse.pokerbull import fast
from bluffhouse.pokerbull.bids import DEFAULT_ORDER, FULL, bid_space, exists, summarize
from bluffhouse.pokerbull.rules import PokerBullRules

RANKS = "23456789TJQKA"  # index = poker value, the ace high
SUITS = "SHDC"  # card ints number the suits in this order (card & 3)
IDENTITIES = [(v, s) for v in range(13) for s in range(4)]
#: The five values of each straight, keyed by its top card (3 = the 5 of 5-4-3-2-A).
RUNS = {
    top: frozenset({12, 0, 1, 2, 3} if top == 3 else range(top - 4, top + 1))
    for top in range(3, 13)
}
Card = tuple[int, int]  # (value 0..12 with 2 = 0 and A = 12, suit index)


def card_of(c: int) -> Card:
    """A card int (cards.py: rank A=0 .. K=12 times four, plus the suit) as (value, suit)."""
    return ((c >> 2) + 12) % 13, c & 3


def shown(hand: Sequence[Card]) -> set[str]:
    """Every bid text (without ``natural``) that this concrete hand of at most five cards shows,
    straight from the rules page's table: a hand shows each pattern it contains."""
    out: set[str] = {"high"} if hand else set()
    count: dict[int, int] = {}
    for v, _ in hand:
        count[v] = count.get(v, 0) + 1
    for v, c in count.items():
        for need, name in ((1, "high"), (2, "pair"), (3, "trips"), (4, "quads"), (5, "five")):
            if c >= need:
                out |= {name, f"{name} {RANKS[v]}"}
    for hi, lo in itertools.permutations(count, 2):
        if count[hi] >= 2 and count[lo] >= 2 and hi > lo:
            out |= {"two_pair", f"two_pair {RANKS[hi]}", f"two_pair {RANKS[hi]} {RANKS[lo]}"}
        if count[hi] >= 3 and count[lo] >= 2:
            out |= {"full_house", f"full_house {RANKS[hi]}", f"full_house {RANKS[hi]} {RANKS[lo]}"}
    if len(count) < 5:  # no straight, and no flush (five different ranks) either
        return out
    for top, run in RUNS.items():
        if run <= count.keys():
            out |= {"straight", f"straight {RANKS[top]}"}
    for s in range(4):
        values = {v for v, x in hand if x == s}
        if len(values) < 5:  # five cards of the suit, all of different ranks
            continue
        suit = SUITS[s]
        out |= {"flush", f"flush {suit}"}
        run_top = next((t for t, run in RUNS.items() if run == values), None)
        for k in range(1, 6):
            for named in itertools.combinations(sorted(values, reverse=True), k):
                if k < 5 or run_top is None:  # five in a row is bid as a straight flush
                    out.add(f"flush {suit} " + " ".join(RANKS[v] for v in named))
        if run_top is not None:  # a royal flush is also the best straight flush of its suit
            out |= {"straight_flush", f"straight_flush {suit}"}
            if run_top == 12:
                out |= {"royal_flush", f"royal_flush {suit}"}
            else:
                out.add(f"straight_flush {suit} {RANKS[run_top]}")
    return out


def oracle(table: Sequence[int]) -> set[str]:
    """Every bid text the table makes: the union over every handful and every play of its
    jokers; ``natural`` bids from a handful's natural cards alone."""
    size = min(5, len(table))
    found: set[str] = set()
    for handful in itertools.combinations(table, size):
        naturals = tuple(sorted(card_of(c) for c in handful if c != JOKER))
        jokers = size - len(naturals)
        found |= {f"{t} natural" for t in _shown_cached(naturals) if not t.startswith("five")}
        if jokers:
            for played in itertools.combinations_with_replacement(IDENTITIES, jokers):
                found |= _shown_cached(tuple(sorted(naturals + played)))
        else:
            found |= _shown_cached(naturals)
    return found


@lru_cache(maxsize=1 << 18)
def _shown_cached(hand: tuple[Card, ...]) -> frozenset[str]:
    return frozenset(shown(hand))


# ---------------------------------------------------------------- the oracle's own examples
def _table(text: str) -> list[int]:
    """Cards from text like 'TS JS QS KS AS JK' (JK a joker) as card ints."""
    out = []
    for tok in text.split():
        if tok == "JK":
            out.append(JOKER)
        else:
            value, suit = RANKS.index(tok[0]), SUITS.index(tok[1])
            out.append(((value + 1) % 13) * 4 + suit)
    return out


@pytest.mark.parametrize(
    ("table", "made", "not_made"),
    [
        # The issue: a royal flush is the best straight flush of its suit.
        (
            "TS JS QS KS AS",
            {
                "straight_flush",
                "straight_flush S",
                "royal_flush S",
                "straight A",
                "flush S A K",
                "straight_flush natural",
                "straight_flush S natural",
            },
            {"straight_flush S K", "straight_flush H", "five"},
        ),
        (
            "TH JH QH KH JK",
            {"straight_flush H", "royal_flush H", "straight_flush H K"},
            {"straight_flush H natural", "royal_flush H natural"},
        ),
        # A different straight does not make a named one; the wheel is the 5-high straight.
        ("6C 7D 8H 9S TS", {"straight T"}, {"straight 9", "straight J"}),
        ("AC 2D 3H 4S 5S", {"straight 5", "straight"}, {"straight A", "straight 6"}),
        # A flush's named ranks are "among its five", higher or lower ranks free.
        (
            "AS JS 6S 4S 2S",
            {"flush S J 6 4", "flush S A 2", "flush S A J 6 4 2"},
            {"flush S J 9 6 4", "flush S K"},
        ),
        (
            "JS 9S 7S 3S 2H JK",
            {"flush S J 9 7 3", "flush S J 9 7 6", "flush S A J 9 7 3"},
            {"flush S J 6 4", "flush S J 9 7 3 natural"},
        ),
        # Of a kind: more cards than named still make it; jokers fill in; two make five.
        ("7S 7H 7D", {"pair 7", "trips 7", "pair 7 natural"}, {"quads 7", "two_pair"}),
        (
            "7S 7H 7D JK JK",
            {"five 7", "quads 7", "full_house 7", "two_pair A 7"},
            {"quads 7 natural", "full_house natural"},
        ),
        # two_pair H: H is the higher pair; full_house T: the pair may be any other rank.
        ("AS AH KS KH", {"two_pair A K", "two_pair A", "pair K"}, {"two_pair K", "two_pair K Q"}),
        ("3S 3H 3D AS AH", {"full_house 3 A", "full_house 3", "two_pair A 3"}, {"full_house A"}),
        ("7S 7H 7D 7C", {"quads 7", "trips 7"}, {"two_pair", "full_house"}),
        ("JK", {"high A", "high 2"}, {"pair", "high natural"}),
    ],
)
def test_oracle_examples(table: str, made: set[str], not_made: set[str]) -> None:
    """The rules page's readings, as the oracle and the engine both see them."""
    cards = _table(table)
    got = oracle(cards)
    assert made <= got and not not_made & got, (made - got, not_made & got)
    space = bid_space(FULL, DEFAULT_ORDER, 2)
    s = summarize(cards)
    for text in made | not_made:
        bid = space.bids[space.text_index[text]]
        assert exists(bid, s, FULL) == (text in made), text


# ---------------------------------------------------------------- every bid, random tables
def _engine_made(cards: Sequence[int], jokers: int) -> set[str]:
    space = bid_space(FULL, DEFAULT_ORDER, jokers)
    s = summarize(cards)
    return {t for t, b in zip(space.texts, space.bids, strict=True) if exists(b, s, FULL)}


def _fast_made(cards: Sequence[int], jokers: int) -> set[str]:
    """The integer engine's answer for every bid of the table (compiled when numba runs)."""
    rules = PokerBullRules.build({"jokers": jokers})
    space = bid_space(FULL, rules.order, jokers)
    return {t for t, ok in zip(space.texts, fast.made(rules, list(cards)), strict=True) if ok}


def _check(cards: Sequence[int]) -> None:
    truth = oracle(cards)
    for deck_jokers in (2, 0) if JOKER not in cards else (2,):
        listed = set(bid_space(FULL, DEFAULT_ORDER, deck_jokers).texts)
        want = truth & listed
        got = _engine_made(cards, deck_jokers)
        assert got == want, (sorted(got - want)[:8], sorted(want - got)[:8], cards)
        got_fast = _fast_made(cards, deck_jokers)
        assert got_fast == want, (sorted(got_fast - want)[:8], sorted(want - got_fast)[:8])


DECK = [*range(52), JOKER, JOKER]


def _rich(draw: Callable[..., Any], most: int, jokers: int) -> list[int]:
    """A table built to come close to the big hands: part of a run in one suit (often up to the
    ace), some cards of one rank, a few others, and ``jokers`` jokers."""
    suit = draw(st.integers(0, 3))
    top = draw(st.sampled_from([12, 12, 11, 3, *range(4, 11)]))
    run = [((v + 1) % 13) * 4 + suit for v in RUNS[top]]
    rank = draw(st.integers(0, 12))
    kind = [((rank + 1) % 13) * 4 + x for x in range(4)]
    pool = sorted(set(run + kind))
    naturals: list[int] = draw(
        st.lists(st.sampled_from(pool), min_size=1, max_size=most - jokers, unique=True)
    )
    room = most - jokers - len(naturals)
    others = [c for c in range(52) if c not in naturals]
    naturals += draw(st.lists(st.sampled_from(others), max_size=min(room, 2), unique=True))
    return naturals + [JOKER] * jokers


@st.composite
def tables(draw: st.DrawFn) -> list[int]:
    """Random tables of 1 to 8 cards (two-joker ones up to 6), half of them rich."""
    jokers = draw(st.sampled_from([0, 0, 1, 1, 2]))
    most = 6 if jokers == 2 else 8
    if draw(st.booleans()):
        return _rich(draw, most, jokers)
    size = draw(st.integers(max(1, jokers), most))
    naturals = draw(st.permutations(range(52)))[: size - jokers]
    return naturals + [JOKER] * jokers


_SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@settings(max_examples=25, **_SETTINGS)  # type: ignore[arg-type]
@given(tables())
def test_every_bid_matches_the_oracle(cards: list[int]) -> None:
    _check(cards)


@pytest.mark.slow
@settings(max_examples=120, **_SETTINGS)  # type: ignore[arg-type]
@given(tables())
def test_every_bid_matches_the_oracle_many_tables(cards: list[int]) -> None:
    _check(cards)


@settings(max_examples=25, **_SETTINGS)  # type: ignore[arg-type]
@given(st.data())
def test_small_tables_and_jokers_alone(data: st.DataObject) -> None:
    """Tables of one to four cards (every card is in the one handful), jokers alone too."""
    jokers = data.draw(st.integers(0, 2))
    naturals = data.draw(
        st.lists(
            st.integers(0, 51), min_size=1 if not jokers else 0, max_size=4 - jokers, unique=True
        )
    )
    _check(naturals + [JOKER] * jokers)


@settings(max_examples=10, **_SETTINGS)  # type: ignore[arg-type]
@given(st.data())
def test_bigger_natural_and_one_joker_tables(data: st.DataObject) -> None:
    """Ten to twelve cards, up to one joker (the oracle is quick enough there), rich or not."""
    jokers = data.draw(st.integers(0, 1))
    if data.draw(st.booleans()):
        cards = _rich(data.draw, 8, jokers)
        extra = [c for c in range(52) if c not in cards]
        cards += data.draw(st.permutations(extra))[: data.draw(st.integers(2, 4))]
    else:
        size = data.draw(st.integers(10, 12))
        cards = data.draw(st.permutations(range(52)))[: size - jokers] + [JOKER] * jokers
    _check(cards)
