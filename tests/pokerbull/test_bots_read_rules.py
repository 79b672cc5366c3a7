"""The Poker Bull bots read the rules in force: under variation #4 (a higher hand also makes
the bid) a bid stands when the pool's best hand is at least the bid, and ``counter``'s odds,
``ismcts``'s candidates, its rollouts and the silent seat's default move all judge it so; the
threshold bidders know the hands and nothing else."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffhouse.bots import Choices, bot_refusal, make_bot
from bluffhouse.bots.pokerbull import search as pbs
from bluffhouse.bots.pokerbull.judgement import Odds
from bluffhouse.pokerbull import PokerBullGame
from bluffhouse.pokerbull.aid import bid_probability
from bluffhouse.pokerbull.bids import (
    DEFAULT_ORDER,
    FULL,
    Bid,
    bid_space,
    exists,
    parse_bid,
    summarize,
)
from bot_games import small_bot
from typed_games import pokerbull_game

SPACE = bid_space(FULL, DEFAULT_ORDER, 2)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10_000), st.booleans())
def test_stands_is_the_engines_verdict(seed: int, higher: bool) -> None:
    """Whatever the deal and the bid, a call fails exactly when ``BidSpace.stands`` says."""
    rng = random.Random(seed)
    game = pokerbull_game("poker_bull", players=3, seed=seed, higher_hand_counts=higher)
    bid = rng.choice(game.legal_actions(game.to_act[0]))
    seat = game.to_act[0]
    game.apply(seat, bid)
    pool = [c for h in game.hands for c in h]
    stands = game.space.stands(
        game.space.bids[game.space.position(_parse(bid["bid"]))], summarize(pool), higher
    )
    caller = game.to_act[0]
    game.apply(caller, {"type": "call"})
    shown = [e[0] for e in game.events if e[0]["type"] == "call"][-1]
    assert (shown["loser"] == caller) == stands


def _parse(text: str) -> Bid:
    return parse_bid(text)


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000))
def test_the_odds_under_variation_4_count_deals_where_the_bid_stands(seed: int) -> None:
    rng = random.Random(seed)
    deck = [*range(52), 52, 52]
    sums = [summarize(rng.sample(deck, 9)) for _ in range(30)]
    weights = [rng.random() for _ in sums]
    for higher in (False, True):
        odds = Odds(sums, SPACE, higher, weights)
        for i in rng.sample(range(len(SPACE.bids)), 25):
            bid = SPACE.bids[i]
            want = sum(
                w for s, w in zip(sums, weights, strict=True) if SPACE.stands(bid, s, higher)
            )
            assert abs(odds(bid) - want / sum(weights)) < 1e-9
            if not higher:
                assert (
                    abs(
                        odds(bid)
                        - sum(w for s, w in zip(sums, weights, strict=True) if exists(bid, s))
                        / sum(weights)
                    )
                    < 1e-9
                )


def _spot(higher: bool) -> PokerBullGame:
    """Seat 1 bid "pair 4"; seat 2 holds 9S JD KC. With no four in its hand the pair of fours
    is unlikely among the nine cards; but some pair of fours or better (a pair of the other
    hands' cards, or of one of its own) is likely, and under variation #4 that saves the bid."""
    deal = [["2S", "5D", "6C"], ["7C", "8H", "TS"], ["9S", "JD", "KC"]]
    game = pokerbull_game(
        "poker_bull_no_jokers", players=3, seed=2, deal=deal, hand_size=3, higher_hand_counts=higher
    )
    game.apply(0, {"type": "bid", "bid": "high Q"})
    game.apply(1, {"type": "bid", "bid": "pair 4"})
    assert game.to_act == [2]
    return game


def test_counter_calls_an_unlikely_pair_but_not_where_a_higher_hand_saves_it() -> None:
    for seed in range(5):
        plain = _spot(False)
        assert make_bot("counter", seed).act(plain.view(2), Choices(plain, 2)) == {"type": "call"}
        house = _spot(True)
        action = make_bot("counter", seed).act(house.view(2), Choices(house, 2))
        assert action["type"] == "bid", action


def test_ismcts_bids_on_where_a_higher_hand_saves_the_bid() -> None:
    house = _spot(True)
    got = pbs.pool(house.view(2), random.Random(1))
    assert got.k.standing is not None
    stands = got.p(got.k.standing)
    assert stands > 0.9  # (its deals are weighed by the bids: seat 1 likely holds fours)
    action = make_bot("ismcts", 3).act(house.view(2), Choices(house, 2))
    assert action["type"] == "bid", action
    plain = _spot(False)
    assert pbs.pool(plain.view(2), random.Random(1)).p(_parse("pair 4")) < stands - 0.1


def test_the_rollouts_call_by_the_rules_in_force() -> None:
    from bluffhouse.bots.pokerbull.counter import rollout_step

    rng = random.Random(4)
    moves = [rollout_step(_spot(True), 2, rng)["type"] for _ in range(30)]
    assert moves.count("call") < 15


def test_the_player_aid_and_a_silent_seat_read_variation_4() -> None:
    from bluffhouse.server.moves import default_move

    house, plain = _spot(True), _spot(False)
    aid = bid_probability(house.view(2), "pair 4")
    assert aid.stands > 0.6 and aid.p < 0.2
    assert (
        bid_probability(plain.view(2), "pair 4").stands
        == bid_probability(plain.view(2), "pair 4").p
    )
    assert default_move(plain, 2) == {"type": "call"}
    assert default_move(house, 2)["type"] == "bid"


def test_the_threshold_bidders_play_only_poker_bull_and_read_no_house_rule() -> None:
    assert bot_refusal("threshold", "bullshit", 4) is not None
    assert bot_refusal("threshold", "poker_bull", 4) is None
    # blind to variation #4: both bidders call the pair of fours they think unlikely
    for name in ("threshold_even",):
        assert make_bot(name, 1).act(_spot(True).view(2), Choices(_spot(True), 2)) == {
            "type": "call"
        }


#: Every rule option that changes what a call judges, what a bid may be or how hands grow.
OPTIONS: list[dict[str, Any]] = [
    {"jokers": 0},
    {"jokers": 1},
    {"suit_order": "SHDC"},
    {"royal_over_five": "natural"},
    {"royal_over_five": "all"},
    {"jokers_high": True},
    {"higher_hand_counts": True},
    {"mode": "grow", "grow_limit": 3},
    {"hand_size": 2},
    {"jokers_leave_at": 12},
    {"recharge_at": 20},
    {"lowest_rank": "9", "suits": 3},
]


@pytest.mark.parametrize("options", OPTIONS, ids=[",".join(o) for o in OPTIONS])
def test_every_rule_option_reaches_the_bots(options: dict[str, Any]) -> None:
    """The rules the bots read from a view are the rules in force (so their bid space, odds
    and candidate bids are the game's), the search's sampled deals are games of those rules
    holding the seat's own cards, and every move they make is legal."""
    from bluffhouse.bots.pokerbull import counter as pbc

    game = pokerbull_game("poker_bull", players=3, seed=5, **options)
    rng = random.Random(5)
    bots = {0: make_bot("counter", 1), 1: small_bot("ismcts", 2), 2: make_bot("threshold", 3)}
    for _ in range(12):
        if game.over:
            break
        seat = game.to_act[0]
        view = game.view(seat)
        known = pbc.known_of(view)
        assert known.rules == game.rules
        assert known.space.order == game.space.order
        assert known.space.universe == game.space.universe
        assert known.jokers == game.jokers_in
        drawn = pbs.determinize(view, rng)
        assert isinstance(drawn, PokerBullGame) and drawn.rules == game.rules
        assert drawn.hands[seat] == game.hands[seat]
        assert [len(h) for h in drawn.hands] == [len(h) for h in game.hands]
        action = bots[seat].act(view, Choices(game, seat))
        assert game.is_legal(seat, action), (options, action)
        game.apply(seat, action)


def test_counter_v1_stays_blind_to_variation_4_as_published() -> None:
    """The frozen yardstick: ``counter_v1`` judges the standing bid by whether the named hand
    is there, as ``counter`` did before it read the rules in force."""
    for seed in range(3):
        house = _spot(True)
        assert make_bot("counter_v1", seed).act(house.view(2), Choices(house, 2)) == {
            "type": "call"
        }
