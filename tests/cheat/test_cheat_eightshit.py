"""Seed 004, variations K-N: Eightsh*t, Foursh*t, Spanish Bluff, Canadian Bluff."""

from __future__ import annotations

import pytest
from cheat_util import call, claims_listed, events, hand, new, pas, play

import bluffhouse as bh

# Four players: the packs hold ranks 9 T J Q K A (two packs each) and four jokers.
DEAL = [
    ["AS", "AH", "9C", "TD", "JK"],
    ["9S", "9H", "TC", "JD", "QS"],
    ["TS", "TH", "JC", "QD", "KS"],
    ["JS", "JH", "QC", "KD", "KH"],
]


def test_two_packs_four_jokers_auto_ranks() -> None:
    """ "Two decks are used instead of one so that there are 8 of every card and usually all four
    jokers are used" "Players may chose which ranks to use in the decks (usually a couple ranks
    more than total players)." """
    s = bh.new_game("eightshit", players=4, seed=3)
    v = s.view(None)
    assert sum(v["hand_sizes"]) + v["discarded"] == 6 * 8 + 4
    cards = [c for seat in range(4) for c in hand(s, seat)]
    assert cards.count("JK") == 4
    assert {c[0] for c in cards if c != "JK"} <= set("9TJQKA")
    assert (
        cards.count("KS") + sum(1 for e in events(s, "set_aside") for c in e["cards"] if c == "KS")
        == 2
    )
    five = bh.new_game("eightshit", players=5, seed=3)
    assert {c[0] for seat in range(5) for c in hand(five, seat) if c != "JK"} <= set("89TJQKA")
    with pytest.raises(bh.RuleError):
        new("eightshit", [["8S"], ["KS"], ["KH"], ["QS"]])  # no eights in these packs


def test_leader_names_any_rank_and_everyone_follows_it() -> None:
    """ "The Starting player may place whatever they like face down on the table" "If the first
    player plays kings, all the other players must also play kings or a Joker (wild) for that
    round." """
    s = new("eightshit", DEAL)
    assert claims_listed(s, 0) == set("9TJQKA")
    assert s.view(0)["claim_rank"] is None
    play(s, 0, ["AS", "AH"], "K")
    assert s.view(None)["turn"] == 1
    assert claims_listed(s, 1) == {"K"}
    assert s.view(1)["claim_rank"] == "K"
    with pytest.raises(bh.IllegalAction, match="kings"):
        play(s, 1, ["QS"], "Q")
    play(s, 1, ["QS"], "K")
    assert claims_listed(s, 2) == {"K"}


def test_more_cards_than_claimed_is_caught() -> None:
    """ "A player may also play more cards than they claim to play (although a "bullsh*t"
    challenge catches this)." """
    s = new("eightshit", DEAL)
    play(s, 0, ["AS", "AH", "JK"], "A", count=2)
    call(s, 2)
    ev = events(s, "call")[-1]
    assert ev["truthful"] is False and ev["right"] is True
    s = new("eightshit", DEAL)
    play(s, 0, ["AS", "AH", "JK"], "A", count=3)  # the joker is wild
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is True


def test_anyone_may_call_at_any_moment_until_the_next_play() -> None:
    """ "At any moment any player can challenge the last player to play cards on the table by
    saying "bullsh*t" and turning the cards over." """
    s = new("eightshit", DEAL)
    play(s, 0, ["AS"], "A")
    # Seat 1's turn has begun; seats 2 and 3 may still call seat 0's play.  They come first
    # in to_act, from the player's left, and the player on turn last: its play closes their
    # chance, so a table that asks the seats of to_act in order asks them before it.
    assert s.to_act == [2, 3, 1]
    assert s.view(None)["turn"] == 1
    assert {"type": "call"} in s.legal_actions(3)
    pas(s, 3)
    assert s.to_act == [2, 1]
    play(s, 1, ["9S"], "A")
    # The new play closes the chance to call the old one.
    assert s.to_act == [3, 0, 2]
    assert s.view(None)["last_play"]["seat"] == 1


def test_winner_of_the_call_leads_any_rank() -> None:
    """ "The player who won the challenge (did not pick up cards) begins a new round by calling
    out and playing any rank of their choice." """
    s = new("eightshit", DEAL)
    play(s, 0, ["AS"], "K")
    call(s, 3)
    assert "AS" in hand(s, 0)
    assert s.to_act == [3]
    assert claims_listed(s, 3) == set("9TJQKA")
    s = new("eightshit", DEAL)
    play(s, 0, ["AS"], "A")
    call(s, 3)
    assert s.to_act == [0]
    assert s.view(0)["claim_rank"] is None


def test_full_set_of_eight_is_set_aside() -> None:
    """ "If at any point a player has all 8 cards of a certain rank (without wilds), they must
    takes them out immediately and place them to the side." """
    kings = ["KS", "KS", "KH", "KH", "KD", "KD", "KC", "KC"]
    s = new("eightshit", [[*kings, "AS"], ["9S"], ["TS"], ["JS"]])
    assert hand(s, 0) == ["AS"]
    assert events(s, "set_aside")[-1] == {"type": "set_aside", "seat": 0, "cards": kings}
    assert s.view(None)["discarded"] == 8
    # Completing a set by picking up a pile.
    s = new(
        "eightshit",
        [["KS", "KS", "AS"], ["KH", "KH", "KD", "KD", "KC", "KC", "9S"], ["TS"], ["JS"]],
    )
    play(s, 0, ["KS", "KS"], "K")
    call(s, 1)
    assert hand(s, 1) == ["9S"]
    assert events(s, "set_aside")[-1]["seat"] == 1
    assert s.view(None)["discarded"] == 8


def test_leading_eight_cards_of_one_suit_loses() -> None:
    """ "If a player leads out with all 8 cards of a suit they automatically lose the game" """
    spades = ["AS", "AS", "9S", "9S", "TS", "TS", "JS", "JS"]
    s = new("eightshit", [[*spades, "QH"], ["9H", "QS"], ["TH", "QD"], ["JH", "KC"]])
    play(s, 0, spades, "J")
    assert s.view(None)["lost"] == [0]
    assert events(s, "lost")[-1]["seat"] == 0
    assert s.to_act == [1]
    assert s.view(1)["claim_rank"] is None
    # Not when following, nor with a joker among them, nor with seven.
    s = new("eightshit", [["9H", *spades], ["QS", "QS"], ["TH", "QD"], ["JH", "KC"]], first=1)
    play(s, 1, ["QS"], "Q")
    play(s, 2, ["TH"], "Q")
    play(s, 3, ["JH"], "Q")
    play(s, 0, spades, "Q")
    assert s.view(None)["lost"] == []
    s = new("eightshit", [[*spades[:7], "JK"], ["QS"], ["TH"], ["JH"]])
    play(s, 0, [*spades[:7], "JK"], "J")
    assert s.view(None)["lost"] == []


def test_play_until_one_player_has_cards() -> None:
    """ "The winner is the first player to get rid of all their cards. The Game ends when only
    one player (the loser) has cards left." """
    s = new("eightshit", [["AS"], ["9S"], ["TS"], ["JS", "QS"]])
    play(s, 0, ["AS"], "A")
    play(s, 1, ["9S"], "A")  # seat 0's play stands: seat 0 is out
    assert s.view(None)["finished"] == [0]
    play(s, 2, ["TS"], "A")
    assert s.view(None)["finished"] == [0, 1]
    assert not s.over
    play(s, 3, ["JS"], "A")
    assert s.over
    assert s.result is not None
    assert s.result["winner"] == 0
    assert s.result["ranking"] == [0, 1, 2, 3]


def test_no_passing_in_eightshit() -> None:
    """Eightsh*t's rounds end only with a call: "The Next player must play as many cards as they
    choose of the same rank as the previous player or bluff." """
    s = new("eightshit", DEAL)
    play(s, 0, ["AS"], "A")
    with pytest.raises(bh.IllegalAction, match="must play"):
        pas(s, 1)


# ------------------------------------------------------------------ L: Foursh*t
def test_fourshit_one_pack_two_jokers_sets_of_four() -> None:
    """ "A Variation of Eightsh*t played with just one deck (and often two Jokers). Same Rules
    apply." """
    s = bh.new_game("fourshit", players=4, seed=9)
    v = s.view(None)
    assert sum(v["hand_sizes"]) + v["discarded"] == 6 * 4 + 2
    s = new("fourshit", [["KS", "KH", "KD", "KC", "AS"], ["9S"], ["TS"], ["JS"]])
    assert hand(s, 0) == ["AS"]
    assert s.view(None)["discarded"] == 4


# ------------------------------------------------------------------ M: Spanish Bluff
def test_spanish_bidding_war_then_winner_of_the_challenge_starts() -> None:
    """ "Spanish Bluff is a variation of Eightsh*t that starts with a bidding war to see who has
    more of the highest card. The winner of the challenge is the first player." """
    deal = [["AS", "AH", "9S"], ["AS", "TS"], ["JS"], ["QS"]]
    s = new("spanish_bluff", deal)
    assert s.view(None)["phase"] == "bid"
    assert s.to_act == [0]
    assert {"type": "bid", "count": 1, "rank": "A"} in s.legal_actions(0)
    s.apply(0, {"type": "bid", "count": 2})
    with pytest.raises(bh.IllegalAction, match="from 3"):
        s.apply(1, {"type": "bid", "count": 2})
    s.apply(1, {"type": "bid", "count": 3})
    pas(s, 2)
    pas(s, 3)
    pas(s, 0)
    # Seat 1's bid stands unless someone calls it.
    assert s.view(None)["phase"] == "bid_window"
    assert sorted(s.to_act) == [0, 2, 3]
    call(s, 2)
    ev = events(s, "call")[-1]
    assert ev["truthful"] is False and ev["cards"] == ["AS"]
    assert s.to_act == [2]
    assert s.view(None)["phase"] == "turn"
    assert claims_listed(s, 2) == set("9TJQKA")


def test_spanish_bid_that_stands_leads() -> None:
    """ "The winner of the challenge is the first player." (an unchallenged bid wins too)"""
    s = new("spanish_bluff", [["AS", "AH", "9S"], ["AD", "TS"], ["JS"], ["QS"]])
    s.apply(0, {"type": "bid", "count": 2})
    for seat in (1, 2, 3):
        pas(s, seat)
    assert s.view(None)["phase"] == "bid_window"
    for seat in list(s.to_act):
        pas(s, seat)
    assert s.to_act == [0]
    # A true bid that is called: the bidder leads.
    s = new("spanish_bluff", [["AS", "AH", "9S"], ["AD", "TS"], ["JS"], ["QS"]])
    s.apply(0, {"type": "bid", "count": 2})
    for seat in (1, 2, 3):
        pas(s, seat)
    call(s, 3)
    assert events(s, "call")[-1]["truthful"] is True
    assert s.to_act == [0]


# ------------------------------------------------------------------ N: Canadian Bluff
def test_canadian_first_jack_dealt_face_up_starts() -> None:
    """ "In Canada, a variation of Eightsh*t is the first player to be dealt a Jack face up, and
    then the cards are re dealt face down." """
    for seed in range(5):
        s = bh.new_game("canadian_bluff", players=4, seed=seed)
        first = events(s, "first_player")[-1]
        shown = first["face_up"]
        jacks = [c for c in shown if c[0] == "J" and c != "JK"]
        assert jacks == [shown[-1]]
        assert first["seat"] == (len(shown) - 1) % 4
        assert s.to_act == [first["seat"]]
        assert s.view(None)["claim_rank"] is None
