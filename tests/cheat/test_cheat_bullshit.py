"""Seed 004, Bullsh*t (the classic) and Higherarchy."""

from __future__ import annotations

import pytest
from cheat_util import call, claims_listed, decline_all, events, hand, new, pas, play

import bluffhouse as bh

DEAL = [
    ["AS", "AH", "2C", "9D", "KD"],
    ["2S", "2H", "3C", "4H", "KS"],
    ["3S", "3H", "4D", "8C", "QS"],
]


def test_alias_cheat_is_bullshit() -> None:
    """ "Also Known as... Cheat" (the id `cheat` is an alias of `bullshit`)."""
    s = bh.new_game("cheat", players=4, seed=5)
    assert s.view(None)["game"] == "bullshit"
    assert bh.new_game("bullshit", players=4, seed=5).to_json() == s.to_json()


def test_whole_deck_dealt() -> None:
    """ "The entire deck of cards is dealt out among all players." """
    s = bh.new_game("bullshit", players=3, seed=4)
    assert s.view(None)["hand_sizes"] == [18, 17, 17]


def test_any_number_face_down_claiming_aces_count_must_be_true() -> None:
    """ "The starting player begins by laying down the number of aces they have face down."
    "The player must be truthful about how many cards they laid on the table." """
    s = new("bullshit", DEAL)
    assert claims_listed(s, 0) == {"A"}
    with pytest.raises(bh.IllegalAction, match="count must be true"):
        play(s, 0, ["AS", "2C"], "A", count=1)
    play(s, 0, ["AS", "2C"], "A")
    assert events(s, "play")[-1]["count"] == 2
    assert "laid" not in events(s, "play")[-1]


def test_pickup_pass_takes_pile_and_sips_then_next_rank() -> None:
    """ "If a Player does not have any of the denomination to be played, and chooses not to lie,
    they still must pick up the cards in the deck and drink the same amount." "If the play is
    not called play continues to the next player" """
    s = new("bullshit", DEAL)
    play(s, 0, ["AS", "AH"], "A")
    decline_all(s)
    assert {"type": "pass"} in s.legal_actions(1)
    pas(s, 1)
    assert hand(s, 1) == ["AS", "AH", "2S", "2H", "3C", "4H", "KS"]
    assert s.view(None)["sips"] == [0, 2, 0]
    assert s.view(None)["pile_size"] == 0
    take = events(s, "take")[-1]
    assert take == {"type": "take", "seat": 1, "count": 2}
    assert events(s, "take", 1)[-1]["cards"] == ["AS", "AH"]
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] == "3"


def test_call_right_violator_takes_pile_sips_and_resumes_with_same_rank() -> None:
    """ "If the accuser is correct, the violator must take (approximately) one sip per number of
    cards in the stack and add the stack to their hand." "The player who was forced to pick up
    the deck resumes the game by playing the same denomination as the last card played before
    the challenge." """
    s = new("bullshit", DEAL)
    play(s, 0, ["AS"], "A")
    decline_all(s)
    play(s, 1, ["KS", "3C"], "2")
    call(s, 2)
    assert events(s, "call")[-1]["cards"] == ["KS", "3C"]
    assert s.view(None)["sips"] == [0, 3, 0]
    assert len(hand(s, 1)) == 6
    assert s.to_act == [1]
    assert s.view(1)["claim_rank"] == "2"
    assert claims_listed(s, 1) == {"2"}


def test_call_wrong_accuser_takes_pile_and_resumes_with_same_rank() -> None:
    """ "If the accuser is wrong, the accuser must drink the decided amount and add the stack to
    their hand rather than the Player who laid the card(s)." """
    s = new("bullshit", DEAL)
    play(s, 0, ["AS", "AH"], "A")
    call(s, 2)
    assert s.view(None)["sips"] == [0, 0, 2]
    assert hand(s, 2) == ["AS", "AH", "3S", "3H", "4D", "8C", "QS"]
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] == "A"


def test_first_out_wins() -> None:
    """ "Play continues until a Player runs out of cards and is the winner." """
    s = new("bullshit", [["AS"], ["2S", "3S"], ["4S", "5S"]])
    play(s, 0, ["AS"], "A")
    assert not s.over
    decline_all(s)
    assert s.over
    assert s.result is not None
    assert s.result["winner"] == 0
    assert s.result["ranking"][0] == 0
    assert s.result["sips"] == [0, 0, 0]
    assert s.legal_actions(1) == []


def test_higherarchy_plays_on_until_one_player_has_cards() -> None:
    """ "Some play until only one player has cards, creating a Higherarchy" """
    s = new("higherarchy", [["AS"], ["2S", "3S"], ["3H", "5S", "6S"]])
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert not s.over
    assert s.view(None)["finished"] == [0]
    assert s.to_act == [1]
    play(s, 1, ["2S"], "2")
    assert sorted(s.to_act) == [2]  # seat 0 is out and no longer calls
    decline_all(s)
    play(s, 2, ["3H"], "3")
    decline_all(s)
    play(s, 1, ["3S"], "4")
    decline_all(s)
    assert s.over
    assert s.result is not None
    assert s.result["ranking"] == [0, 1, 2]
    assert s.result["winner"] == 0
