"""Seed 000, Bluff: one card a play, the leader names the round's rank, pass or call."""

from __future__ import annotations

import pytest
from cheat_util import call, claims_listed, decline_all, events, hand, new, pas, play

import bluffhouse as bh

DEAL = [["7S", "7H", "2C", "9D"], ["7D", "KS", "3C", "4H"], ["QH", "QS", "4D", "8C"]]


def test_leader_plays_one_card_and_names_any_rank() -> None:
    """ "This player must place a single card in the middle of the circle, face down. He/she
    should announce the rank of the card ... he/she can play a card that doesn't match the rank
    announced." """
    s = new("bluff", DEAL)
    assert s.to_act == [0]
    assert s.view(0)["claim_rank"] is None
    assert claims_listed(s, 0) == set("A23456789TJQK")
    with pytest.raises(bh.IllegalAction, match="at most one card"):
        play(s, 0, ["7S", "7H"], "7")
    play(s, 0, ["2C"], "Q")
    assert s.view(None)["pile_size"] == 1
    assert hand(s, 0) == ["7S", "7H", "9D"]


def test_next_player_passes_or_plays_the_rounds_rank() -> None:
    """ "The next player has two choices. He/she can pass the turn without playing a card, or
    play a single card facedown on the pile. By playing a card, he/she is claiming that it is of
    the same rank as the first card." """
    s = new("bluff", DEAL)
    play(s, 0, ["2C"], "Q")
    decline_all(s)
    assert s.to_act == [1]
    assert s.view(1)["claim_rank"] == "Q"
    assert claims_listed(s, 1) == {"Q"}
    assert {"type": "pass"} in s.legal_actions(1)
    with pytest.raises(bh.IllegalAction, match="queens"):
        play(s, 1, ["7D"], "7")
    play(s, 1, ["KS"], "Q")
    decline_all(s)
    pas(s, 2)
    assert s.to_act == [0]


def test_leader_may_not_pass() -> None:
    """ "This player must place a single card in the middle of the circle" (the leader plays)."""
    s = new("bluff", DEAL)
    assert {"type": "pass"} not in s.legal_actions(0)
    with pytest.raises(bh.IllegalAction, match="lead"):
        pas(s, 0)


def test_any_player_may_call_right_after_the_card() -> None:
    """ "If at any point in the game a player thinks another is bluffing, he/she can say
    "Bluff!" right after the card is set down." """
    s = new("bluff", DEAL)
    play(s, 0, ["2C"], "Q")
    assert sorted(s.to_act) == [1, 2]
    assert {"type": "call"} in s.legal_actions(2)
    pas(s, 1)
    assert s.to_act == [2]
    call(s, 2)
    assert events(s, "call")[-1]["word"] == "Bluff"


def test_bluff_caught_bluffer_takes_pile_and_caller_starts_new_round() -> None:
    """ "If it is the wrong card, the player who bluffed must take all the cards from the pile."
    "If a player is challenged, the player who wins the challenge starts the next round." """
    s = new("bluff", DEAL)
    play(s, 0, ["7S"], "7")
    decline_all(s)
    play(s, 1, ["KS"], "7")
    call(s, 2)
    shown = events(s, "call")[-1]
    assert shown["cards"] == ["KS"] and shown["truthful"] is False
    assert hand(s, 1) == ["3C", "4H", "7S", "7D", "KS"]
    assert s.view(None)["pile_size"] == 0
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] is None
    assert claims_listed(s, 2) == set("A23456789TJQK")


def test_truthful_card_challenger_takes_pile_and_player_starts_new_round() -> None:
    """ "However, if he/she didn't bluff, the challenger must take all of the cards from the
    pile." "the player who wins the challenge starts the next round." """
    s = new("bluff", DEAL)
    play(s, 0, ["7S"], "7")
    call(s, 1)
    assert sorted(hand(s, 1)) == sorted(["7D", "KS", "3C", "4H", "7S"])
    assert s.to_act == [0]
    assert s.view(0)["claim_rank"] is None


def test_everyone_passes_pile_discarded_unseen_last_passer_leads() -> None:
    """ "If everyone passes, the pile is discarded without revealing the cards, and the player
    who passed last starts a new round." """
    s = new("bluff", DEAL)
    play(s, 0, ["2C"], "9")
    decline_all(s)
    play(s, 1, ["3C"], "9")
    decline_all(s)
    pas(s, 2)
    assert s.to_act == [0]
    pas(s, 0)
    view = s.view(None)
    assert view["pile_size"] == 0 and view["discarded"] == 2
    discard = events(s, "discard")[-1]
    assert "cards" not in discard
    for seat in range(3):
        assert all("cards" not in e for e in events(s, "discard", seat))
    assert s.to_act == [0]
    assert view["claim_rank"] is None
    assert {"type": "pass"} not in s.legal_actions(0)


def test_last_passer_leads_when_the_player_is_not_the_last_card_layer() -> None:
    """ "the player who passed last starts a new round" (here seat 1 passes last)."""
    s = new("bluff", DEAL)
    play(s, 0, ["2C"], "9")
    decline_all(s)
    pas(s, 1)
    pas(s, 2)
    assert s.to_act == [2]
    assert s.view(None)["discarded"] == 1


def test_last_card_must_match_the_rounds_rank() -> None:
    """ "The game ends when it is a player's turn, that player has one card left, and the card
    either matches the current rank of the round" (an unmatching last card is passed)."""
    s = new("bluff", [["7S", "2C"], ["KS"], ["QH", "QS"]])
    play(s, 0, ["2C"], "7")
    decline_all(s)
    assert s.to_act == [1]
    assert [a["type"] for a in s.legal_actions(1)] == ["pass"]
    with pytest.raises(bh.IllegalAction, match="truthfully"):
        play(s, 1, ["KS"], "7")
    pas(s, 1)
    play(s, 2, ["QH"], "7")
    decline_all(s)
    # Seat 0 holds one card that matches the round's rank: it goes out and the game ends.
    play(s, 0, ["7S"], "7")
    assert s.over and s.to_act == []
    assert s.result is not None
    assert s.result["winner"] == 0
    assert s.result["ranking"][0] == 0


def test_last_card_ends_the_game_when_starting_a_new_round() -> None:
    """ "... or they are starting a new round." (the leader's one card is always true)."""
    s = new("bluff", [["7S", "2C"], ["KS", "KH"], ["QH", "QS"]])
    play(s, 0, ["2C"], "5")
    call(s, 1)
    assert s.to_act == [1]
    s2 = new("bluff", [["7S", "2C"], ["KS", "KH"], ["QH", "QS"]])
    play(s2, 0, ["2C"], "2")
    call(s2, 1)  # wrong: seat 1 takes the pile, seat 0 starts a new round with one card
    assert s2.to_act == [0]
    assert s2.view(0)["claim_rank"] is None
    play(s2, 0, ["7S"], "7")
    assert s2.result is not None and s2.result["winner"] == 0


def test_one_deck_no_jokers_hands_even() -> None:
    """ "It requires one standard 52 card deck. Remove the jokers from the deck." "the players'
    hands shouldn't differ by more than one card." """
    s = bh.new_game("bluff", players=5, seed=3)
    sizes = s.view(None)["hand_sizes"]
    assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1
    assert all("JK" not in hand(s, seat) for seat in range(5))
    with pytest.raises(bh.RuleError):
        bh.new_game("bluff", players=2)


def test_hand_sizes_are_public_hands_private() -> None:
    """ "Players may look at their hands, but must keep them private. The cards should be kept
    visible at all times." (every view shows every hand's size, and only its own cards)"""
    s = new("bluff", DEAL)
    play(s, 0, ["2C"], "Q")
    for viewer in (None, 0, 1, 2):
        view = s.view(viewer)
        assert view["hand_sizes"] == [3, 4, 4]
        assert view["hand"] == ([] if viewer is None else hand(s, viewer))
    assert "2C" not in str(s.view(1)) and "2C" not in str(s.view(None))
    assert "2C" in str(s.view(0)["events"])


def test_a_last_card_that_may_not_go_out_is_passed_even_when_leading() -> None:
    """Where the rank is not the leader's to choose (here the first rank is fixed, as
    `after_call_rank="same"` fixes it after a call), a leader whose one card is not of that rank
    has no legal play: the last card goes out only truthfully. They pass instead of leaving the
    game stuck (found by the bot property tests), and the turn moves on."""
    s = new("bluff", [["7S"], ["2C", "AC"], ["4D", "8C"]], first_rank="A", after_call_rank="same")
    assert s.to_act == [0] and s.view(0)["leading"]
    assert s.legal_actions(0) == [{"type": "pass"}]
    with pytest.raises(bh.IllegalAction):
        play(s, 0, ["7S"], "A")
    pas(s, 0)
    assert s.to_act == [1] and s.legal_actions(1)
    # the one card that may go out still does, and a leader with a play still may not pass
    s = new("bluff", [["AS"], ["2C", "AC"], ["4D", "8C"]], first_rank="A", after_call_rank="same")
    assert {"type": "pass"} not in s.legal_actions(0)
    play(s, 0, ["AS"], "A")
