"""``counter`` reads the table as well as the rules: how likely the next seat is to call a
false raise comes from that seat's record in the hands shown so far (every hand is shown at
its call), not from one rate for every table, so it raises freely into a seat that never
calls and calls sooner ahead of a seat that calls whatever is false.  ``counter_v1`` stays as
published."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.pokerbull.counter import (
    RISK_PRIOR,
    false_bid_calls,
    false_bid_rates,
    known_of,
    raise_risk,
)
from bluffhouse.bots.pokerbull.judgement import CALL_RISK, judge
from bluffhouse.pokerbull import PokerBullGame
from bluffhouse.pokerbull.bids import DEFAULT_ORDER, FULL, bid_space, parse_bid, summarize
from typed_games import pokerbull_game


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.booleans(), st.integers(3, 5))
def test_the_record_counts_each_seats_calls_of_false_bids(
    seed: int, higher: bool, players: int
) -> None:
    """Random games: the record read from a view equals the one counted from the engine's own
    hands, bid by bid (a bid is faced by the seat that acts next)."""
    rng = random.Random(seed)
    game = pokerbull_game(
        "poker_bull", players=players, seed=seed, higher_hand_counts=higher, stall_limit=0
    )
    want: dict[int, list[int]] = {}
    bids: list[tuple[int, str]] = []
    for _ in range(300):
        if game.over:
            break
        seat = game.to_act[0]
        actions = game.legal_actions(seat)
        call = actions[0]["type"] == "call"
        if call and rng.random() < 0.3:
            pool = summarize([c for hand in game.hands for c in hand])
            for i, (_, text) in enumerate(bids):
                if not game.space.stands(parse_bid(text), pool, higher):
                    faced = bids[i + 1][0] if i + 1 < len(bids) else seat
                    got = want.setdefault(faced, [0, 0])
                    got[1] += 1
                    got[0] += i + 1 == len(bids)
            bids = []
            game.apply(seat, actions[0])
            continue
        raises = actions[1:] if call else actions
        action = raises[min(len(raises) - 1, int(rng.expovariate(0.3)))]
        bids.append((seat, action["bid"]))
        game.apply(seat, action)
    view = game.view(0)
    record = false_bid_calls(view, known_of(view))
    assert record == {s: (c[0], c[1]) for s, c in want.items() if c[1]}


def _spot() -> PokerBullGame:
    """Seat 1 bid "pair Q"; seat 2 holds 9S JD KC and no queen: the pair is unlikely enough
    among the nine cards that a counter that fears its raise being called calls it, likely
    enough that one that fears nothing raises."""
    deal = [["2S", "5D", "6C"], ["7C", "8H", "TS"], ["9S", "JD", "KC"]]
    game = pokerbull_game("poker_bull_no_jokers", players=3, seed=2, deal=deal, hand_size=3)
    game.apply(0, {"type": "bid", "bid": "high Q"})
    game.apply(1, {"type": "bid", "bid": "pair Q"})
    assert game.to_act == [2]
    return game


def _with_record(view: dict[str, Any], calls: bool, hands: int = 6) -> dict[str, Any]:
    """The view with ``hands`` earlier hands shown before its own (no pair among the cards):
    in each, seat 0 (the seat after seat 2) called the false bid it faced when ``calls``,
    else let both false bids it faced go by."""
    earlier: list[dict[str, Any]] = []
    shown = [["2C", "3D", "4H"], ["6S", "7D", "8C"], ["9H", "JS", "KD"]]
    for h in range(hands):
        earlier.append({"type": "deal", "hand": h + 1, "sizes": [3, 3, 3], "starter": 2})
        earlier.append({"type": "bid", "seat": 2, "bid": "trips A"})
        if calls:
            caller, bidder, bid = 0, 2, "trips A"
        else:
            for seat, text in ((0, "quads 2"), (1, "quads 3"), (2, "quads 4"), (0, "quads 5")):
                earlier.append({"type": "bid", "seat": seat, "bid": text})
            caller, bidder, bid = 1, 0, "quads 5"
        earlier.append(
            {"type": "call", "hand": h + 1, "caller": caller, "bidder": bidder, "bid": bid,
             "hands": shown}
        )  # fmt: skip
        earlier.append({"type": "lose", "seat": bidder, "cards_next": 3})
    out = dict(view)
    out["events"] = earlier + list(view["events"])
    return out


def test_the_risk_of_a_raise_is_the_next_seats_record() -> None:
    game = _spot()
    view = game.view(2)
    never = _with_record(view, calls=False)
    always = _with_record(view, calls=True)
    assert false_bid_calls(never, known_of(never))[0] == (0, 12)
    assert false_bid_calls(always, known_of(always))[0] == (6, 6)
    assert raise_risk(view, known_of(view)) == pytest.approx(CALL_RISK)  # no record: the prior
    assert raise_risk(never, known_of(never)) == pytest.approx(
        CALL_RISK * RISK_PRIOR / (12 + RISK_PRIOR)
    )
    assert raise_risk(always, known_of(always)) > raise_risk(never, known_of(never))


def test_counter_raises_into_a_seat_that_never_calls_a_false_bid() -> None:
    """Fails with one rate for every table: ``counter`` called here whatever the next seat
    had shown."""
    for seed in range(8):
        game = _spot()
        view = game.view(2)
        never = _with_record(view, calls=False)
        action = make_bot("counter", seed).act(never, Choices(game, 2))
        assert action["type"] == "bid", action
        assert make_bot("counter", seed).act(view, Choices(game, 2)) == {"type": "call"}
        always = _with_record(view, calls=True)
        assert make_bot("counter", seed).act(always, Choices(game, 2)) == {"type": "call"}
        # the yardstick reads no record
        assert make_bot("counter_v1", seed).act(never, Choices(game, 2)) == {"type": "call"}


def test_the_highest_bid_is_judged_sure_to_be_called() -> None:
    """Nothing is left to raise to after the highest bid: the next seat must call it."""
    space = bid_space(FULL, DEFAULT_ORDER, 0)
    top = space.open_bids(6)[0][-1]
    at = space.open_bids(6)[0][-2]
    rated = dict((i, v) for v, i in judge(space, None, at, 6, lambda b: 0.1, 5, 1, 0.0, True))
    assert rated[top] == pytest.approx(0.1)  # 1 - 1.0 * (1 - 0.1), no press for the only pick
    free = dict((i, v) for v, i in judge(space, None, at, 6, lambda b: 0.1, 5, 1, 0.0, False))
    assert free[top] == pytest.approx(1.0)


def test_the_search_models_each_seat_calling_as_its_record_shows() -> None:
    """``ismcts``'s model of the others: where the counter's judgement calls, a seat that has
    never called a false bid raises on; a seat without a record, or one that calls more than
    the counter assumes, calls as the judgement says."""
    from bluffhouse.bots.pokerbull import search as pbs

    def moves(record: dict[int, float]) -> list[str]:
        out = []
        for seed in range(30):
            game = _spot()
            game.__dict__["_search_calls"] = record
            out.append(pbs.model_step(game, 2, random.Random(seed))["type"])
        return out

    assert moves({}).count("call") >= 20
    assert moves({2: 0.9}) == moves({})
    assert moves({2: 0.0}).count("call") == 0
    view = _with_record(_spot().view(2), calls=False)
    record = false_bid_rates(view)
    assert record[0] == pytest.approx(CALL_RISK * RISK_PRIOR / (12 + RISK_PRIOR))
    assert record[0] < record[1]  # seat 1 called each hand's last false bid
