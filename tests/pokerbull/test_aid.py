"""The player aid: exact where the unseen cards can be enumerated, a seeded estimate otherwise."""

from __future__ import annotations

import itertools
from fractions import Fraction

from pokerbull_model import brute_exists

import bluffhouse as bh
from bluffhouse.cards import CARD_INDEX, build_deck
from bluffhouse.pokerbull import bid_probability, parse_bid
from bluffhouse.pokerbull.bids import FULL


def test_exact_matches_enumeration_by_brute_force() -> None:
    g = bh.new_game("poker_bull_rising", players=3, seed=5)  # one card each
    view = g.view(0)
    own = [CARD_INDEX[t] for t in view["hand"]]
    rest = build_deck(1, 2)
    for c in own:
        rest.remove(c)
    for text in ("pair", "high A", "pair 7", "trips", "high K natural"):
        bid = parse_bid(text)
        hits = sum(
            brute_exists(bid, own + list(pick), FULL) for pick in itertools.combinations(rest, 2)
        )
        expected = Fraction(hits, len(list(itertools.combinations(rest, 2))))
        got = bid_probability(view, text)
        assert got.exact and got.stderr == 0
        assert abs(got.p - float(expected)) < 1e-12, text


def test_a_pair_with_a_joker_in_hand_is_certain() -> None:
    g = bh.new_game("poker_bull_rising", players=3, seed=1, deal=[["JK"], ["2S"], ["3S"]])
    assert bid_probability(g.view(0), "pair").p == 1.0
    # At least one of the two unseen cards is one of the three other twos.
    assert abs(bid_probability(g.view(1), "pair 2 natural").p - (1 - 1225 / 1378)) < 1e-12


def test_monte_carlo_is_seeded_and_agrees_with_the_exact_answer() -> None:
    g = bh.new_game(
        "poker_bull", players=3, seed=8, deal=[["AS", "KS", "7H"], ["2C", "3C"], ["9D"]]
    )
    view = g.view(0)
    exact = bid_probability(view, "flush S")
    assert exact.exact
    estimate = bid_probability(view, "flush S", samples=4000, seed=3, exact_limit=0)
    again = bid_probability(view, "flush S", samples=4000, seed=3, exact_limit=0)
    assert estimate == again and not estimate.exact and estimate.samples == 4000
    assert abs(estimate.p - exact.p) <= 4 * max(estimate.stderr, 1e-3)
    pair = bid_probability(view, "pair A", samples=4000, seed=1, exact_limit=0)
    assert pair.stderr > 0
    assert abs(pair.p - bid_probability(view, "pair A").p) <= 4 * pair.stderr


def test_big_tables_estimate() -> None:
    g = bh.new_game("poker_bull", players=5, seed=2)
    assert bid_probability(g.view(1), "flush", samples=200, seed=0).p == 1.0  # 25 > 16 cards
    result = bid_probability(g.view(1), "flush S A", samples=2000, seed=0)
    assert not result.exact and 0 < result.p < 1 and result.stderr < 0.02
    certain = bid_probability(g.view(1), "pair 2", samples=500, seed=0)
    assert 0 < certain.p <= 1


def test_a_royal_flush_in_hand_makes_straight_flush_of_its_suit_certain() -> None:
    """The aid counts with the game's existence check: T-A of spades makes 'straight_flush S'
    (it used to count only the deals that held the nine of spades too)."""
    g = bh.new_game(
        "poker_bull", players=3, seed=1, deal=[["TS", "JS", "QS", "KS", "AS"], ["2C", "3C"], ["9D"]]
    )
    view = g.view(0)
    for text in ("straight_flush", "straight_flush S", "straight_flush S natural"):
        assert bid_probability(view, text, samples=50).p == 1.0, text
    assert bid_probability(view, "straight_flush S K", samples=50).p < 1.0
