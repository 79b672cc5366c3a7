"""A common house rule set: a pass leaves the last play open to a call by the next player on
their turn (``turn_pass="open"`` with ``callers="turn"``); when everyone else has passed, the
last player to have played leads again on the same pile; and a player who empties the hand
with a lie that stands takes the pile (``lie_out_takes_pile``)."""

from __future__ import annotations

from typing import Any

import pytest
from cheat_util import call, events, new, pas, play

import bluffhouse as bh
from bluffhouse.arena import SUITE_RULES
from bluffhouse.cards import RANK_INDEX
from bluffhouse.cheat.fast_spec import unsupported_reason
from typed_games import cheat_game

#: The suite's rule set of these house rules (the leader names the rank, 1-6 cards, two
#: wild jokers, the next player calls on their turn).
HOUSE: dict[str, Any] = dict(SUITE_RULES["open_passes"][1])
DEAL = [["AH", "AS", "3S", "7D"], ["KS", "2H", "9C", "QD"], ["5S", "6H", "8C", "QS"]]


def _kinds(state: bh.Game, seat: int) -> set[str]:
    return {a["type"] for a in state.legal_actions(seat)}


def test_a_pass_leaves_the_play_open_to_the_next_players_call() -> None:
    state = new("bullshit", DEAL, **HOUSE)
    play(state, 0, ["AH", "3S"], "A")  # a lie: one ace and a three
    assert "call" in _kinds(state, 1)
    pas(state, 1)
    assert state.to_act == [2] and "call" in _kinds(state, 2)  # still open to seat 2
    call(state, 2)
    settled = events(state, "call")[-1]
    assert settled["target"] == 0 and settled["right"] is True
    assert state.view(0)["hand_sizes"][0] == 4  # seat 0 took its two cards back


def test_when_everyone_else_passes_the_last_player_leads_again_on_the_same_pile() -> None:
    state = new("bullshit", DEAL, **HOUSE)
    play(state, 0, ["AH", "AS"], "A")
    pas(state, 1)
    pas(state, 2)
    view = state.view(None)
    assert state.to_act == [0] and view["pile_size"] == 2  # the pile stays
    assert view["last_play"] is None and not events(state, "discard")
    assert "call" not in _kinds(state, 0)
    play(state, 0, ["7D"], "7")  # a new round: seat 0 names any rank
    assert events(state, "play")[-1]["rank"] == "7"


def test_going_out_on_a_lie_that_stands_takes_the_pile() -> None:
    state = new("bullshit", [["AH", "3S"], ["KS", "2H"], ["5S", "6H"]], **HOUSE)
    play(state, 0, ["AH", "3S"], "A")  # empties seat 0's hand with a lie
    pas(state, 1)
    pas(state, 2)  # it stands: turned over, a lie
    turned = events(state, "turned_over")[-1]
    assert turned == {"type": "turned_over", "seat": 0, "cards": ["AH", "3S"]}
    assert not state.over and state.view(0)["hand_sizes"][0] == 2  # the pile, back in hand
    truthful = new("bullshit", [["AH", "AS"], ["KS", "2H"], ["5S", "6H"]], **HOUSE)
    play(truthful, 0, ["AH", "AS"], "A")
    pas(truthful, 1)
    pas(truthful, 2)
    assert truthful.over and truthful.result is not None and truthful.result["winner"] == 0


def test_the_rules_need_a_turn_call_and_a_last_play_that_can_lie() -> None:
    with pytest.raises(bh.RuleError, match="callers='turn'"):
        bh.new_game("bullshit", players=3, turn_pass="open")
    with pytest.raises(bh.RuleError, match="lie_out_takes_pile"):
        bh.new_game("bluff", players=3, lie_out_takes_pile=True)  # a last card must be true
    rules = cheat_game("bullshit", players=3, **HOUSE).rules
    assert unsupported_reason(rules) is not None


def test_a_save_goes_on_identically() -> None:
    state = new("bullshit", DEAL, **HOUSE)
    play(state, 0, ["AH", "3S"], "A")
    pas(state, 1)
    again = bh.load(state.to_json())
    for game in (state, again):
        call(game, 2)
    assert state.to_json() == again.to_json()


def test_counter_reads_that_going_out_on_a_lie_takes_the_pile() -> None:
    """``counter`` judges a lie that empties its hand as sure to come back with the pile under
    ``lie_out_takes_pile`` (so it is worth what keeping the pile is), where ``counter_v1``,
    frozen before the rule, judges it by the table's call rates; elsewhere they agree."""
    from bluffhouse.bots.cheat.knowledge import Knowledge
    from bluffhouse.bots.cheat.reading import COUNTER_READING, COUNTER_V1, Table

    deal = [["KS", "2H", "9C", "QD"], ["AH", "3S"], ["5S", "6H", "8C", "QS"]]
    state = new("bullshit", deal, **HOUSE)
    play(state, 0, ["KS", "2H"], "A")
    pas(state, 1)
    pas(state, 2)  # everyone passed: seat 0 leads again, the pile (two cards) stays
    play(state, 0, ["9C"], "9")  # seat 1 to play nines, holding none
    view = state.view(1)
    k = Knowledge.from_view(view)
    now = Table.of(k, view, COUNTER_READING)
    then = Table.of(k, view, COUNTER_V1)
    lie_out = now.play_value(2, False)  # both cards as nines: the hand emptied by a lie
    assert lie_out < then.play_value(2, False)
    plain = new("bullshit", deal, **{**HOUSE, "lie_out_takes_pile": False})
    play(plain, 0, ["KS", "2H"], "A")
    pas(plain, 1)
    pas(plain, 2)
    play(plain, 0, ["9C"], "9")
    pview = plain.view(1)
    pk = Knowledge.from_view(pview)
    assert Table.of(pk, pview, COUNTER_READING).play_value(2, False) == Table.of(
        pk, pview, COUNTER_V1
    ).play_value(2, False)


def _set_laid_again() -> bh.Game:
    """Seat 3 lays again the whole set of aces (four and both jokers) that it took on a wrong
    call, everyone having seen it; seat 0, next, holds none of the rank, and its own call
    would hand it the set and the lead."""
    deal = [
        ["9S", "2H", "2D", "2C", "TS", "TC"],
        ["AS", "AH", "AD", "AC", "JK", "JK", "KS"],
        ["QD", "8C", "7S", "QH", "QC"],
        ["3S", "4S", "5S", "6S", "8S"],
    ]
    state = new("bullshit", deal, **HOUSE)
    play(state, 0, ["9S"], "9")
    call(state, 1)  # wrong: seat 1 takes the nine and leads
    play(state, 1, ["AS", "AH", "AD", "AC", "JK", "JK"], "A")
    pas(state, 2)
    call(state, 3)  # wrong again: seat 3 takes the set and leads
    play(state, 3, ["AS", "AH", "AD", "AC", "JK", "JK"], "A")
    return state


def test_counter_calls_a_set_it_can_lay_again_at_once_to_take_the_lead() -> None:
    """Where a pass leaves the play open and an all-pass gives its player the lead again, a
    pass is not free: ``counter`` calls a true set it can lay again at once (the call costs
    a turn and wins the lead), where ``counter_v1`` passes and waits with cards it cannot
    play."""
    import random

    from bluffhouse.bots import Choices
    from bluffhouse.bots.cheat.counter import counter_policy, counter_v1_policy, lead_after_call
    from bluffhouse.bots.cheat.knowledge import Knowledge
    from bluffhouse.bots.cheat.reading import COUNTER_READING, COUNTER_V1, Table

    state = _set_laid_again()
    assert state.to_act == [0]
    view = state.view(0)
    for seed in range(3):
        assert counter_policy(view, Choices(state, 0), random.Random(seed)) == {"type": "call"}
        assert counter_v1_policy(view, Choices(state, 0), random.Random(seed)) == {"type": "pass"}
    k = Knowledge.from_view(view)
    now, then = Table.of(k, view, COUNTER_READING), Table.of(k, view, COUNTER_V1)
    ace = RANK_INDEX["A"]
    # A lost call: the six come back with the pile and are laid again at once.
    assert lead_after_call(k, now, 0, 3, False, ace, 6.0) == 6.0
    assert lead_after_call(k, then, 0, 3, False, ace, 6.0) == 3.0  # its three twos only
    # A pass lets seat 3 lay again when seats 1 and 2 let the set stand.
    assert now.relays is not None and now.relays[0] == 3 and 0 < now.relays[1] < 6
    assert then.relays is None and now.pass_value(False) < then.pass_value(False)
