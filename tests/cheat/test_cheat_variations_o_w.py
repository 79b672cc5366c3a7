"""Seed 004, variations O-W: Egyptian, Hawaiian, Jump-in, Royals, Only One, Chinese Bluff,
Goes without Saying, Sinner's Bluff, British Cheat."""

from __future__ import annotations

import pytest
from cheat_util import (
    call,
    claims_listed,
    decline_all,
    events,
    hand,
    new,
    pas,
    play,
    types_listed,
)

import bluffhouse as bh

DEAL = [
    ["AS", "AH", "2C", "9D", "KD"],
    ["2S", "2H", "3C", "4H", "KS"],
    ["3S", "3H", "4D", "8C", "QS"],
]


# ------------------------------------------------------------------ O: Egyptian Bluff
def test_egyptian_ace_of_hearts_starts_then_fork() -> None:
    """ "In Egyptian Bluff, the player with the ace of hearts goes first, the following player
    can play a card one rank above, below or the rank as the first player." """
    deal = [["2C", "9D"], ["2S", "3C"], ["AH", "QS", "KH"]]
    s = new("egyptian_bluff", deal)
    assert s.to_act == [2]
    assert events(s, "first_player")[-1]["seat"] == 2
    play(s, 2, ["AH"], "A")
    decline_all(s)
    assert s.to_act == [0]
    assert claims_listed(s, 0) == {"K", "A", "2"}


def test_egyptian_winner_of_the_call_leads_any_rank() -> None:
    """ "If a player challenges a call correctly, the violator picks up all the cards and drinks
    while the challenger starts with a any card(s) the wish. If the challenger was wrong, they
    must pick up all the cards and drink and the Player who laid the cards starts" """
    deal = [["2C", "9D"], ["2S", "3C"], ["AH", "QS", "KH"]]
    s = new("egyptian_bluff", deal)
    play(s, 2, ["QS"], "A")
    call(s, 1)
    assert "QS" in hand(s, 2)
    assert s.to_act == [1]
    assert claims_listed(s, 1) == set("A23456789TJQK")
    s = new("egyptian_bluff", deal)
    play(s, 2, ["AH"], "A")
    call(s, 0)
    assert "AH" in hand(s, 0)
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] is None


# ------------------------------------------------------------------ P: Hawaiian Bluff
def test_hawaiian_challenge_at_any_time_even_out_of_turn() -> None:
    """ "In Hawaiian Bluff, A player can challenge another player at any time, even if it is not
    their turn." """
    s = new("hawaiian_bluff", DEAL)
    play(s, 0, ["AS"], "A")
    assert sorted(s.to_act) == [1, 2]
    assert s.view(None)["turn"] == 1
    assert types_listed(s, 2) == {"call", "pass"}
    assert "play" in types_listed(s, 1) and "call" in types_listed(s, 1)
    play(s, 1, ["KS"], "2")
    # Seat 0's play is safe now; seat 1's can be called by 0 (not on turn) and 2 (on turn).
    assert sorted(s.to_act) == [0, 2]
    call(s, 0)
    assert events(s, "call")[-1]["target"] == 1
    assert events(s, "call")[-1]["truthful"] is False
    assert s.to_act == [1]


# ------------------------------------------------------------------ Q: Jump-in
def test_jump_in_no_turns_anybody_plays_or_calls() -> None:
    """ "there are no turns and anybody may play or call another player's bluff at any time." """
    s = new("jump_in", DEAL)
    assert sorted(s.to_act) == [0, 1, 2]
    assert "play" in types_listed(s, 2)
    play(s, 2, ["QS"], "A")
    assert sorted(s.to_act) == [0, 1, 2]
    assert "play" not in types_listed(s, 2)  # not twice in a row
    assert {"call", "pass", "play"} <= types_listed(s, 1)
    assert claims_listed(s, 1) == {"2"}
    play(s, 1, ["2S"], "2")
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is True
    assert "QS" in hand(s, 2)


def test_jump_in_when_nobody_jumps_in_the_next_seat_must_play() -> None:
    """Jump-in reading: when every player lets the moment go by, the player after the last one
    to play must play (else the game could stall)."""
    s = new("jump_in", DEAL)
    play(s, 2, ["QS"], "A")
    for seat in (0, 1, 2):
        pas(s, seat)
    assert s.to_act == [0]
    assert "pass" in types_listed(s, 0)  # the seed-004 pickup pass
    play(s, 0, ["2C"], "2")
    assert sorted(s.to_act) == [0, 1, 2]


# ------------------------------------------------------------------ R: Royals Cheat
def test_royals_only_ace_to_ten_claimed() -> None:
    """ "Royal cards (Jack, Queen and King) are not valid plays. Players May only call out A
    through 10 and must "bluff" out their royal cards. Players must call Ace through 10, then
    Ace again." """
    deal = [
        ["AS", "4S", "7S", "TS", "JD"],
        ["2S", "5S", "8S", "JS", "QD"],
        ["3S", "6S", "9S", "QS", "KD"],
    ]
    s = new("royals_cheat", deal)
    for i, rank in enumerate("A23456789T"):
        assert claims_listed(s, i % 3) == {rank}
        play(s, i % 3, [hand(s, i % 3)[0]], rank)
        decline_all(s)
    assert s.view(1)["claim_rank"] == "A"
    with pytest.raises(bh.IllegalAction, match="aces"):
        play(s, 1, ["JS"], "J")
    play(s, 1, ["JS"], "A")
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is False


# ------------------------------------------------------------------ S: Only One
def test_only_one_card_revealed_at_random_decides() -> None:
    """ "the accuser is only allowed to reveal one of the cards played at random. If the card is
    of the declared rank, the caller picks up the cards. If the card is not of the declared
    rank, the previous person picks up all the cards" """
    outcomes = set()
    for seed in range(12):
        s = new("only_one", DEAL, seed=seed)
        play(s, 0, ["AS", "KD"], "A")
        call(s, 1)
        ev = events(s, "call")[-1]
        assert len(ev["cards"]) == 1 and ev["cards"][0] in ("AS", "KD")
        other = "KD" if ev["cards"][0] == "AS" else "AS"
        assert other not in str(s.view(None)["events"])
        assert other not in str(s.view(2)["events"])
        if ev["cards"] == ["AS"]:
            assert ev["truthful"] is True and len(hand(s, 1)) == 7
        else:
            assert ev["truthful"] is False and len(hand(s, 0)) == 5
        outcomes.add(ev["cards"][0])
    assert outcomes == {"AS", "KD"}


# ------------------------------------------------------------------ T: Chinese Bluff
def test_chinese_only_the_next_player_acts_and_may_skip() -> None:
    """ "(only) during their turn Players may either Play more cards of the same rank, say
    "Skip/Pass", say "I doubt it", or say "I Believe"" "If the Player says "Skip or Pass", the
    next player goes" """
    s = new("chinese_bluff", DEAL)
    assert claims_listed(s, 0) == set("A23456789TJQK")
    play(s, 0, ["2C"], "9")
    assert s.to_act == [1]
    assert {"play", "pass", "call", "believe"} == types_listed(s, 1)
    assert claims_listed(s, 1) == {"9"}
    with pytest.raises(bh.IllegalAction):
        call(s, 2)
    pas(s, 1)
    assert s.to_act == [2]
    assert types_listed(s, 2) == {"play", "pass"}  # seat 0's play is no longer open to doubt


def test_chinese_i_doubt_it() -> None:
    """ "If the challenger is right, the previous person picks up all the cards, Drinks, and the
    challenger starts a new round. If the challenge is wrong, the challenger picks up all the
    Cards, Drinks, and the next person starts a new round with the rank of his choice" """
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["2C"], "9")
    call(s, 1)
    assert events(s, "call")[-1]["word"] == "I doubt it"
    assert "2C" in hand(s, 0)
    assert s.to_act == [1] and s.view(1)["claim_rank"] is None
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["9D"], "9")
    call(s, 1)
    assert "9D" in hand(s, 1)
    assert s.to_act == [2] and claims_listed(s, 2) == set("A23456789TJQK")


def test_chinese_i_believe() -> None:
    """ "Say "I Believe". If the Accuser is wrong, The Accuser picks up all the cards, drinks, and
    the next person starts a new round with the rank of their choice. If the accuser is right,
    all the cards on the table are removed from the game and the accuser starts a new round" """
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["9D"], "9")
    s.apply(1, {"type": "believe"})
    assert events(s, "believe")[-1]["right"] is True
    assert events(s, "removed")[-1] == {"type": "removed", "count": 1}
    assert s.view(None)["discarded"] == 1 and s.view(None)["pile_size"] == 0
    assert s.to_act == [1] and s.view(1)["claim_rank"] is None
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["2C"], "9")
    s.apply(1, {"type": "believe"})
    assert events(s, "believe")[-1]["right"] is False
    assert "2C" in hand(s, 1)
    assert s.to_act == [2] and s.view(2)["claim_rank"] is None


def test_chinese_believed_bluff_that_empties_a_hand_goes_out() -> None:
    """ "If the Accuser is wrong, The Accuser picks up all the cards" (the believed play stands,
    so a player it emptied is out; the game may not stall with an empty-handed leader)."""
    s = new("chinese_bluff", [["AS", "2C"], ["2S", "KS", "3D"], ["3H", "QS", "4D"]])
    play(s, 0, ["AS", "2C"], "7")
    s.apply(1, {"type": "believe"})
    assert s.result is not None and s.result["winner"] == 0


def test_chinese_everyone_skips_the_pile_is_discarded() -> None:
    """ "If the Player says "Skip or Pass", the next player goes" (a full round of skips discards
    the pile unseen and the last to skip leads, as in seed 000)."""
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["2C"], "9")
    pas(s, 1)
    pas(s, 2)
    assert s.view(None)["discarded"] == 1
    assert s.to_act == [2] and s.view(2)["claim_rank"] is None


# ------------------------------------------------------------------ U: Goes without Saying
def test_goes_without_saying_turning_over_is_the_call() -> None:
    """ "Players do not have to say "Bullsh*t", "Cheat", "Bluff", ect. Turning over an
    opponent's play signifies they are bluffing the play." """
    s = new("goes_without_saying", DEAL)
    assert s.view(None)["call_word"] == "(turns the cards over)"
    play(s, 0, ["KD"], "A")
    call(s, 2)
    ev = events(s, "call")[-1]
    assert ev["word"] == "(turns the cards over)" and ev["cards"] == ["KD"]
    assert "KD" in hand(s, 0)


# ------------------------------------------------------------------ V: Sinner's Bluff
def test_sinners_bluff_continues_for_second_and_third() -> None:
    """ "After one player goes out, the game may continue to determine second place, third,
    etc." """
    s = new("sinners_bluff", [["AS"], ["2S", "3S"], ["3H", "5S", "6S"]])
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert not s.over and s.view(None)["finished"] == [0]
    play(s, 1, ["2S"], "2")
    decline_all(s)
    play(s, 2, ["3H"], "3")
    decline_all(s)
    play(s, 1, ["3S"], "4")
    call(s, 2)  # right: seat 1 takes the pile back
    assert not s.over
    assert s.to_act == [1]


# ------------------------------------------------------------------ W: British Cheat
BRIT = [
    ["AS", "AH", "2C", "9D", "KD"],
    ["2S", "2H", "3C", "4H", "KS"],
    ["3S", "3H", "4D", "8C", "QS"],
]


def test_british_same_or_one_up_or_down() -> None:
    """ "if unchallenged, the next player has to play the same or one up or one down." """
    s = new("british_cheat", BRIT)
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert claims_listed(s, 1) == {"K", "A", "2"}


def test_british_extra_cards_laid_caught_by_call() -> None:
    """ "A player may attempt to include extra cards when laying doww." """
    s = new("british_cheat", BRIT)
    play(s, 0, ["AS", "AH", "KD"], "A", count=2)
    assert events(s, "play")[-1]["laid"] == 3
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is False
    assert len(hand(s, 0)) == 5


def test_british_slip_a_card_to_another_player() -> None:
    """ "The players may attempt to interfere with the cards dealt, and pass cards on to other
    players." """
    s = new("british_cheat", BRIT)
    s.apply(0, {"type": "cheat", "cheat": "give", "seat": 2, "cards": ["KD"]})
    assert "KD" in hand(s, 2) and "KD" not in hand(s, 0)
    assert events(s, "cheat_private", 0)[-1]["cards"] == ["KD"]
    assert events(s, "cheat_private", 2)[-1]["from"] == 0
    assert "KD" not in str(s.view(1)["events"]) and "KD" not in str(s.view(None)["events"])
    s.apply(1, {"type": "accuse", "seat": 0})
    assert events(s, "accuse")[-1]["caught"] is True
    assert "KD" in hand(s, 0) and "KD" not in hand(s, 2)


def test_british_peek_at_a_neighbour() -> None:
    """ "A player may attempt to sneak a look at another Player's cards." """
    s = new("british_cheat", BRIT)
    s.apply(0, {"type": "cheat", "cheat": "peek", "seat": 1})
    seen = events(s, "cheat_private", 0)[-1]
    assert seen["cheat"] == "peek" and seen["cards"][0] in BRIT[1]
    assert "cards" not in events(s, "cheat_private", None)[-1]
    assert "cards" not in events(s, "cheat_private", 2)[-1]


def test_british_out_of_turn_play_and_accusation() -> None:
    """ "Players may attempt to take turn out of order, pretending it was their turn (including
    first play)." """
    s = new("british_cheat", BRIT)
    assert "play" in types_listed(s, 2)
    play(s, 2, ["QS"], "A")
    assert events(s, "play")[-1]["out_of_turn"] is True
    decline_all(s)
    assert s.view(None)["turn"] == 0
    s.apply(1, {"type": "accuse", "seat": 2})
    assert events(s, "accuse")[-1] == {
        "type": "accuse",
        "seat": 1,
        "target": 2,
        "caught": True,
        "cheats": ["out_of_turn"],
    }
    assert "QS" in hand(s, 2)
    assert s.to_act[0] == 2


def test_british_cheats_safe_once_the_next_player_takes_their_turn() -> None:
    """ "All cheats are safe as soon as the next player takes their turn." """
    s = new("british_cheat", BRIT)
    s.apply(0, {"type": "cheat", "cheat": "hide", "cards": ["KD"]})
    play(s, 0, ["AS"], "A")  # the cheat's own turn does not make it safe
    decline_all(s)
    s2 = s.copy()
    s2.apply(2, {"type": "accuse", "seat": 0})
    assert events(s2, "accuse")[-1]["caught"] is True
    assert "KD" in hand(s2, 0)
    play(s, 1, ["2S"], "2")  # the next player takes their turn: seat 0's cheat is safe
    s.apply(2, {"type": "accuse", "seat": 0})
    assert events(s, "accuse")[-1]["caught"] is False
    assert "KD" not in hand(s, 0) and s.view(0)["hidden"] == ["KD"]
    assert "AS" in hand(s, 2)  # the wrong accuser took the pile


def test_british_hiding_the_last_card_goes_out_once_safe() -> None:
    """ "Players may attempt to hide their cards." (a hand emptied by hiding goes out when the
    cheat is safe)"""
    s = new("british_cheat", [["AS", "KD"], ["2S", "2H", "3C"], ["3S", "3H", "4D"]])
    play(s, 0, ["AS"], "A")
    decline_all(s)
    s.apply(0, {"type": "cheat", "cheat": "hide", "cards": ["KD"]})
    assert hand(s, 0) == [] and not s.over
    play(s, 1, ["2S"], "2")
    assert s.result is not None and s.result["winner"] == 0


def test_british_accusation_keeps_the_rank_to_claim() -> None:
    """ "if unchallenged, the next player has to play the same or one up or one down" (after an
    accusation the sequence is not reset: at the first lead, the loser still claims aces)."""
    s = new("british_cheat", BRIT)
    s.apply(1, {"type": "accuse", "seat": 2})
    assert events(s, "accuse")[-1]["caught"] is False
    assert s.to_act[0] == 1
    assert claims_listed(s, 1) == {"A"}


def test_british_listed_plays_include_every_claimed_count() -> None:
    """ "A player may attempt to include extra cards when laying doww." (and so claim more than
    laid: every count up to four is listed even from a hand of two)"""
    s = new("british_cheat", [["AS", "2C"], ["2S", "2H", "3C"], ["3S", "3H", "4D"]])
    counts = {
        a["claim"]["count"]
        for a in s.legal_actions(0)
        if a["type"] == "play" and a["cards"] == ["AS"]
    }
    assert counts == {1, 2, 3, 4}
    assert s.is_legal(0, {"type": "play", "cards": ["AS"], "claim": {"rank": "A", "count": 4}})


def test_hawaiian_pickup_pass_ends_the_chance_to_call() -> None:
    """ "A player can challenge another player at any time" (until the play is gone: once the
    next player passes and picks the pile up, there is nothing left to call)."""
    s = new("hawaiian_bluff", DEAL)
    play(s, 0, ["AS"], "A")
    pas(s, 1)
    assert s.to_act == [2]
    assert "call" not in types_listed(s, 2)


def test_british_going_out_with_a_cheat_open_waits_until_it_is_safe() -> None:
    """ "All cheats are safe as soon as the next player takes their turn": a player who hides
    a card and then plays its last one is not out while the hidden card may still be found;
    the next player's turn makes it safe and the player goes out."""
    s = new("british_cheat", [["AS", "2D", "KD"], ["2S", "2H", "3C"], ["3S", "3H", "4D"]])
    s.apply(0, {"type": "cheat", "cheat": "hide", "cards": ["KD"]})
    play(s, 0, ["AS", "2D"], "A")
    decline_all(s)
    assert hand(s, 0) == [] and not s.over  # the hidden king is still open to accusation
    play(s, 1, ["2S"], "2")
    assert s.result is not None and s.result["winner"] == 0


def test_british_an_accusation_before_it_is_safe_keeps_the_player_in() -> None:
    s = new("british_cheat", [["AS", "2D", "KD"], ["2S", "2H", "3C"], ["3S", "3H", "4D"]])
    s.apply(0, {"type": "cheat", "cheat": "hide", "cards": ["KD"]})
    play(s, 0, ["AS", "2D"], "A")
    decline_all(s)
    s.apply(1, {"type": "accuse", "seat": 0})
    assert events(s, "accuse")[-1]["caught"] is True
    assert not s.over and "KD" in hand(s, 0) and len(hand(s, 0)) > 1
