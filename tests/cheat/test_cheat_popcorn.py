"""Seed 001, Popcorn: ranks in sequence, 1-4 cards a play, anyone calls "Popcorn!"."""

from __future__ import annotations

import pytest
from cheat_util import call, claims_listed, decline_all, events, hand, new, pas, play

import bluffhouse as bh

DEAL4 = [
    ["AS", "AH", "2C", "9D", "KD"],
    ["2S", "2H", "3C", "4H", "KS"],
    ["3S", "3H", "4D", "8C", "QS"],
    ["4S", "5H", "5D", "6C", "QH"],
]


def test_ranks_in_sequence_from_aces_round_to_aces() -> None:
    """ "The first player begins by playing/discarding their aces ... The next player in line
    then plays twos, the player after that three's and so on up through kings. After kings, the
    next player plays aces again and so on." """
    s = new("popcorn", DEAL4)
    assert s.view(0)["claim_rank"] == "A"
    assert claims_listed(s, 0) == {"A"}
    expected = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A", "2"]
    seat = 0
    for rank in expected:
        assert s.to_act == [seat]
        assert s.view(seat)["claim_rank"] == rank
        card = hand(s, seat)[0]
        play(s, seat, [card], rank)
        decline_all(s)
        seat = (seat + 1) % 4
    with pytest.raises(bh.IllegalAction, match="threes"):
        play(s, 3, [hand(s, 3)[0]], "2")


def test_one_to_four_cards_a_play() -> None:
    """ "each turn a player lays 1-4 cards" ("you would play one, two, three or four cards face
    down and announce they are seven")."""
    s = new("popcorn", [["AS", "AH", "AD", "AC", "2S"], ["2H", "3C"]])
    with pytest.raises(bh.IllegalAction, match="at most 4 cards"):
        play(s, 0, ["AS", "AH", "AD", "AC", "2S"], "A")
    with pytest.raises(bh.IllegalAction, match="one or more"):
        play(s, 0, [], "A")
    assert max(len(a["cards"]) for a in s.legal_actions(0) if a["type"] == "play") == 4
    play(s, 0, ["AS", "AH", "2S"], "A")
    assert s.view(None)["events"][-1] == {"type": "play", "seat": 0, "rank": "A", "count": 3}


def test_count_must_be_true() -> None:
    """ "He/she would say "I have two aces"" (the count is the number of cards laid)."""
    s = new("popcorn", DEAL4)
    with pytest.raises(bh.IllegalAction, match="count"):
        play(s, 0, ["AS"], "A", count=2)


def test_caller_wrong_takes_whole_pile_play_continues_with_next_player_and_rank() -> None:
    """ "if they are real ... then the person who called the bluff must take the entire pile of
    cards and add it to their hand." "After a bluff is called and resolved, play continues with
    the next person in line playing the next rank as usual." """
    s = new("popcorn", DEAL4)
    play(s, 0, ["AS", "AH"], "A")
    decline_all(s)
    play(s, 1, ["2S", "2H"], "2")
    assert sorted(s.to_act) == [0, 2, 3]
    call(s, 3)
    ev = events(s, "call")[-1]
    assert ev["word"] == "Popcorn" and ev["truthful"] is True and ev["cards"] == ["2S", "2H"]
    assert sorted(hand(s, 3)) == sorted(["4S", "5H", "5D", "6C", "QH", "AS", "AH", "2S", "2H"])
    assert s.view(None)["pile_size"] == 0
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] == "3"


def test_bluffer_caught_takes_pile_play_continues_with_next_player() -> None:
    """ "If the player who played the cards was indeed bluffing, then they must take the entire
    pile and add it to their hand." """
    s = new("popcorn", DEAL4)
    play(s, 0, ["AS", "KD"], "A")
    call(s, 2)
    assert sorted(hand(s, 0)) == sorted(["AS", "AH", "2C", "9D", "KD"])
    assert events(s, "take")[-1] == {"type": "take", "seat": 0, "count": 2}
    assert s.to_act == [1]
    assert s.view(1)["claim_rank"] == "2"


def test_win_only_by_surviving_the_call_on_the_last_play() -> None:
    """ "To win you must get rid of all your cards and survive any challenges from other
    players." """
    deal = [["AS", "3S"], ["2S", "QD", "QC"], ["5S", "KH"]]
    s = new("popcorn", deal)
    play(s, 0, ["AS"], "A")
    decline_all(s)
    play(s, 1, ["2S"], "2")
    decline_all(s)
    play(s, 2, ["KH"], "3")
    decline_all(s)
    # Seat 0 empties its hand with a lie; the call catches it and the game goes on.
    play(s, 0, ["3S"], "4")
    assert not s.over and s.view(None)["phase"] == "window"
    call(s, 1)
    assert not s.over
    assert hand(s, 0) != []
    # A hand-emptying play that nobody calls wins.
    s2 = new("popcorn", deal)
    play(s2, 0, ["AS"], "A")
    decline_all(s2)
    play(s2, 1, ["2S"], "2")
    decline_all(s2)
    play(s2, 2, ["KH"], "3")
    decline_all(s2)
    play(s2, 0, ["3S"], "4")
    assert not s2.over
    decline_all(s2)
    assert s2.result is not None and s2.result["winner"] == 0


def test_truthful_last_play_survives_the_call_and_wins() -> None:
    """ "Most likely this means that to win a player will go out playing a "real" card." """
    s = new("popcorn", [["AS"], ["2S", "QD"], ["5S", "KH"]])
    play(s, 0, ["AS"], "A")
    call(s, 2)
    assert s.result is not None and s.result["winner"] == 0
    assert s.result["ranking"][0] == 0


def test_reverse_rank_order() -> None:
    """ "Reverse rank: You can play starting with aces but go backwards to kings, then queens,
    jack and so on." """
    s = new("popcorn_reverse", DEAL4)
    for seat, rank in [(0, "A"), (1, "K"), (2, "Q"), (3, "J")]:
        assert s.view(seat)["claim_rank"] == rank
        assert claims_listed(s, seat) == {rank}
        play(s, seat, [hand(s, seat)[0]], rank)
        decline_all(s)
    assert s.view(0)["claim_rank"] == "T"


def test_up_or_down_one_above_or_below() -> None:
    """ "if the last rank played is eights, the next player can choose to play or bluff nines or
    sevens. If the player decides to go with sevens, the player after that could choose sixes or
    eights." (and the first play claims aces; A neighbours both 2 and K)"""
    s = new("popcorn_up_or_down", DEAL4)
    assert claims_listed(s, 0) == {"A"}
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert claims_listed(s, 1) == {"2", "K"}
    assert s.view(1)["claim_rank"] is None
    play(s, 1, ["KS"], "K")
    decline_all(s)
    assert claims_listed(s, 2) == {"Q", "A"}
    play(s, 2, ["QS"], "Q")
    decline_all(s)
    assert claims_listed(s, 3) == {"J", "K"}
    with pytest.raises(bh.IllegalAction):
        play(s, 3, ["QH"], "Q")


def test_two_decks_for_bigger_groups() -> None:
    """ "For bigger groups play with two decks." """
    s = bh.new_game("popcorn_two_decks", players=6, seed=2)
    assert sum(s.view(None)["hand_sizes"]) == 104
    s = new("popcorn_two_decks", [["AS", "AS", "2H"], ["2S", "2S"]])
    play(s, 0, ["AS", "AS"], "A")
    assert hand(s, 0) == ["2H"]
    call(s, 1)
    assert events(s, "call")[-1]["cards"] == ["AS", "AS"]
    assert hand(s, 1) == ["AS", "AS", "2S", "2S"]


def test_bluff_card_count_lie_is_caught_by_the_call() -> None:
    """ "players can play more cards on the discard pile than they say they really are. For
    example, I might say "Three queens" while really playing four cards ... This type of bluff
    is challenged in the usual way." """
    deal = [["AS", "AH", "AD", "AC"], ["2S", "3S"], ["4S", "5S"]]
    s = new("popcorn_count_bluff", deal)
    play(s, 0, ["AS", "AH", "AD", "AC"], "A", count=3)
    assert s.view(None)["events"][-1]["count"] == 3
    call(s, 1)
    ev = events(s, "call")[-1]
    assert ev["truthful"] is False and ev["right"] is True
    assert len(hand(s, 0)) == 4
    # The same play claimed at its true count is truthful.
    s = new("popcorn_count_bluff", deal)
    play(s, 0, ["AS", "AH", "AD", "AC"], "A", count=4)
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is True


def test_bluff_card_count_may_lay_five_but_claims_stay_one_to_four() -> None:
    """ "I might say "Three queens" while really playing four cards (or five if you really want
    to risk it)": the laid cards go up to five (``max_laid=5``), the claim stays 1-4."""
    deal = [["AS", "AH", "AD", "AC", "2S", "9S"], ["2H", "3S"], ["4S", "5S"]]
    s = new("popcorn_count_bluff", deal)
    five = {
        "type": "play",
        "cards": ["AS", "AH", "AD", "AC", "2S"],
        "claim": {"rank": "A", "count": 3},
    }
    assert s.is_legal(0, five)
    assert not s.is_legal(0, {**five, "cards": [*five["cards"], "9S"]})
    with pytest.raises(bh.IllegalAction, match="claim from 1 to 4"):
        play(s, 0, ["AS", "AH", "AD", "AC", "2S"], "A", count=5)
    with pytest.raises(bh.IllegalAction, match="at most 5 cards"):
        play(s, 0, ["AS", "AH", "AD", "AC", "2S", "9S"], "A", count=4)
    plays = [a for a in s.legal_actions(0) if a["type"] == "play"]
    assert max(len(a["cards"]) for a in plays) == 5
    assert {a["claim"]["count"] for a in plays} == {1, 2, 3, 4}
    s.apply(0, five)
    assert s.view(None)["last_play"] == {"seat": 0, "rank": "A", "count": 3, "laid": 5}
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is False
    assert len(hand(s, 0)) == 6
    # Plain Popcorn still lays at most four, and max_laid needs count lies.
    with pytest.raises(bh.IllegalAction, match="at most 4 cards"):
        play(new("popcorn", deal), 0, ["AS", "AH", "AD", "AC", "2S"], "A")
    with pytest.raises(bh.RuleError, match="max_laid"):
        new("popcorn", deal, max_laid=5)


def test_pass_is_not_a_popcorn_turn() -> None:
    """Popcorn has no passing turn: "each turn a player lays 1-4 cards claiming that rank"."""
    s = new("popcorn", DEAL4)
    with pytest.raises(bh.IllegalAction, match="must play"):
        pas(s, 0)


@pytest.mark.parametrize("game_id", ["popcorn", "popcorn_reverse", "popcorn_up_or_down"])
def test_two_to_ten_players_one_deck(game_id: str) -> None:
    """ "2 to 10 players" "Use a standard pack of 52 cards. Deal all the cards to the players as
    evenly as possible." """
    for players in (2, 10):
        sizes = bh.new_game(game_id, players=players, seed=1).view(None)["hand_sizes"]
        assert sum(sizes) == 52 and max(sizes) - min(sizes) <= 1
    for players in (1, 11):
        with pytest.raises(bh.RuleError, match="players"):
            bh.new_game(game_id, players=players, seed=1)


def test_two_decks_a_play_may_hold_every_card_of_a_rank_the_packs_hold() -> None:
    """Popcorn's two-deck variation: five aces (of the eight the packs hold) can go down in one
    play; the one-deck games keep four."""
    deal = [["AS", "AS", "AH", "AD", "AC", "2C"], ["3S", "4S"], ["5S", "6S"]]
    s = new("popcorn_two_decks", deal)
    assert s.rules.max_cards == 8
    play(s, 0, ["AS", "AS", "AH", "AD", "AC"], "A")
    assert events(s, "play")[-1]["count"] == 5
    assert new("popcorn", [["AS", "2C"], ["3S"], ["4S"]]).rules.max_cards == 4
