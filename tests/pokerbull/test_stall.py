"""Poker Bull's no-progress rule: a hand whose bidding reaches ``stall_limit`` bids without a
call ends the game as stalled, ranked by the cards the players still in would be dealt."""

from __future__ import annotations

from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.pokerbull.rules import STALL_LIMIT
from typed_games import pokerbull_game


def _bid_lowest(state: Any, times: int) -> None:
    for _ in range(times):
        if state.over:
            return
        seat = state.to_act[0]
        bids = [a for a in state.legal_actions(seat) if a["type"] == "bid"]
        state.apply(seat, bids[0])


def test_a_hand_of_endless_bidding_ends_the_game_as_stalled() -> None:
    state = bh.new_game("poker_bull", players=3, seed=3, stall_limit=6)
    _bid_lowest(state, 5)
    assert not state.over
    _bid_lowest(state, 1)
    assert state.over and state.to_act == []
    result = state.result
    assert result is not None
    assert result["end"] == "stalled"
    assert result["winner"] is None  # everyone still holds 5 cards
    assert result["ranking"] == [0, 1, 2]
    assert state.view(None)["events"][-1] == {
        "type": "game_over",
        "winner": None,
        "ranking": [0, 1, 2],
        "end": "stalled",
    }


def test_a_call_is_progress_and_the_ranking_follows_the_cards() -> None:
    state = bh.new_game("poker_bull", players=3, seed=3, stall_limit=4)
    _bid_lowest(state, 3)
    seat = state.to_act[0]
    state.apply(seat, {"type": "call"})  # a hand settled: the count starts again
    loser = state.view(None)["showdown"]["loser"]
    _bid_lowest(state, 3)
    assert not state.over
    _bid_lowest(state, 1)
    result = state.result
    assert result is not None
    assert result["end"] == "stalled"
    assert result["ranking"][-1] == loser  # it lost a card: fewest now, last
    others = [s for s in range(3) if s != loser]
    assert result["winner"] is None and result["ranking"][:2] == others
    assert result["cards_left"][loser] == 4


def test_in_grow_mode_fewer_cards_rank_first() -> None:
    state = bh.new_game(
        "poker_bull_rising",
        players=3,
        seed=3,
        stall_limit=3,
        deal=[["AS"], ["KH", "QH"], ["2C", "3C"]],
    )
    _bid_lowest(state, 3)
    result = state.result
    assert result is not None
    assert result["end"] == "stalled"
    assert result["winner"] == 0 and result["ranking"] == [0, 1, 2]


def test_normal_endings_are_unchanged_and_the_rule_can_be_off() -> None:
    assert pokerbull_game(seed=1).rules.stall_limit == STALL_LIMIT == 500
    state = bh.new_game("poker_bull", players=3, seed=3, stall_limit=0)
    _bid_lowest(state, 700)
    assert not state.over
    with pytest.raises(bh.RuleError, match="stall_limit"):
        bh.new_game("poker_bull", stall_limit=-2)
