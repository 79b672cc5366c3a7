"""The cap on plays (``turn_limit``, a common house rule: "after so many turns the fewest
cards win"): the game ends once the last allowed play is settled, ranked by cards held."""

from __future__ import annotations

from typing import Any

import pytest
from cheat_util import call, decline_all, new, play

import bluffhouse as bh
from bluffhouse.cheat.fast_spec import unsupported_reason
from typed_games import cheat_game

ONE_CARD_ANY_RANK: dict[str, Any] = {
    "sequence": "free",
    "first_rank": "any",
    "max_cards": 1,
    "turn_pass": "none",
    "callers": "anyone",
}


def _game(limit: int) -> bh.Game:
    deal = [["AH", "3S", "7D"], ["AS", "2H", "9C", "KD"], ["5S", "6H", "8C", "QD"]]
    return new("bullshit", deal, turn_limit=limit, **ONE_CARD_ANY_RANK)


def test_the_game_ends_when_the_last_allowed_play_is_settled() -> None:
    state = _game(3)
    play(state, 0, ["AH"], "A")
    decline_all(state)
    play(state, 1, ["2H"], "2")
    decline_all(state)
    assert not state.over
    play(state, 2, ["8C"], "5")  # the third play: a lie, still open to a call
    assert not state.over and state.view(None)["phase"] == "window"
    call(state, 0)  # settled: seat 2 takes the pile (3 cards) ...
    assert state.over  # ... and the cap ends the game before the next turn
    result = state.result
    assert result is not None and result["end"] == "turn_limit"
    assert result["cards_left"] == [2, 3, 6]
    assert result["ranking"] == [0, 1, 2] and result["winner"] == 0
    over = state.view(None)["events"][-1]
    assert over["type"] == "game_over" and over["end"] == "turn_limit"


def test_a_tie_for_the_fewest_cards_has_no_winner() -> None:
    state = _game(2)
    play(state, 0, ["AH"], "A")
    decline_all(state)
    play(state, 1, ["2H"], "2")
    decline_all(state)  # both seats 0 and 1 hold ... 2 and 3 cards: seat 0 wins
    assert state.over and state.result is not None and state.result["winner"] == 0
    tied = new(
        "bullshit",
        [["AH", "3S"], ["AS", "2H"]],
        turn_limit=1,
        **ONE_CARD_ANY_RANK,
    )
    play(tied, 0, ["AH"], "A")
    call(tied, 1)  # wrong: seat 1 takes the ace; 1 card against 3
    assert tied.over and tied.result is not None and tied.result["winner"] == 0
    even = new("bullshit", [["AH", "3S"], ["AS", "2H", "4C"]], turn_limit=1, **ONE_CARD_ANY_RANK)
    play(even, 0, ["AH"], "A")
    decline_all(even)  # 1 card against 3: no tie
    assert even.result is not None and even.result["winner"] == 0
    level = new("bullshit", [["AH", "3S", "4S"], ["AS", "2H"]], turn_limit=1, **ONE_CARD_ANY_RANK)
    play(level, 0, ["AH"], "A")
    decline_all(level)  # 2 cards each: a shared lead, no winner
    assert level.result is not None and level.result["winner"] is None
    assert level.result["end"] == "turn_limit"


def test_a_save_of_a_capped_game_goes_on_identically() -> None:
    state = _game(4)
    play(state, 0, ["AH"], "A")
    decline_all(state)
    again = bh.load(state.to_json())
    for game in (state, again):
        play(game, 1, ["2H"], "2")
        decline_all(game)
    assert state.to_json() == again.to_json()


def test_no_cap_by_default_and_the_integer_engines_refuse_one() -> None:
    state = _game(0)
    for _ in range(6):
        seat = state.to_act[0]
        cards = state.view(seat)["hand"][:1]
        play(state, seat, cards, "A")
        if not state.over:
            decline_all(state)
    assert not state.over or (state.result is not None and "end" not in state.result)
    rules = cheat_game("bullshit", players=3, turn_limit=40).rules
    assert unsupported_reason(rules) == "turn_limit"
    with pytest.raises(bh.RuleError, match="turn_limit"):
        bh.new_game("bullshit", players=3, turn_limit=-1)
