"""Seed 004, variations A-J: Rank Fork, King's cup, Liar Liar, Joker's Wild, Flying Solo,
Specificity, Free-for-All, Cheat (anything goes), Joker's Top, Check."""

from __future__ import annotations

import pytest
from cheat_util import (
    LETTERS,
    call,
    claims_listed,
    decline_all,
    events,
    hand,
    new,
    play,
    types_listed,
)

import bluffhouse as bh

DEAL = [
    ["AS", "AH", "2C", "9D", "KD"],
    ["2S", "2H", "3C", "4H", "KS"],
    ["3S", "3H", "4D", "8C", "QS"],
]


@pytest.mark.parametrize(("letter", "game_id"), sorted(LETTERS.items()))
def test_every_variation_is_reachable_by_its_letter(letter: str, game_id: str) -> None:
    """ "Variations A-W" are each reachable as bullshit_<letter>."""
    a = bh.new_game(f"bullshit_{letter}", players=4, seed=11)
    b = bh.new_game(game_id, players=4, seed=11)
    assert a.view(None)["game"] == game_id
    assert a.to_json() == b.to_json()
    assert f"bullshit_{letter}" in bh.list_games() and game_id in bh.list_games()


# ------------------------------------------------------------------ A: Rank Fork
def test_rank_fork_same_or_one_either_side() -> None:
    """ "a Player may place any number of cards which are either the same rank as the last card
    played or one rank above or below the played card. With Ace counting as both high and low.
    For Example if Scotty plays Queens, then Paddy can either play Queens, Kings, Jacks" """
    s = new("rank_fork", DEAL)
    assert claims_listed(s, 0) == {"A"}
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert claims_listed(s, 1) == {"K", "A", "2"}
    assert s.view(1)["claim_rank"] is None
    play(s, 1, ["KS"], "K")
    decline_all(s)
    assert claims_listed(s, 2) == {"Q", "K", "A"}
    play(s, 2, ["QS"], "Q")
    decline_all(s)
    assert claims_listed(s, 0) == {"J", "Q", "K"}
    with pytest.raises(bh.IllegalAction, match="not twos"):
        play(s, 0, ["2C"], "2")


# ------------------------------------------------------------------ B: King's cup
def test_kings_cup_pours_and_the_next_pickup_drinks_it() -> None:
    """ "if a Player draws any King they pour into the cup and the player that breaks the circle
    of cards must drink the cup (not the fourth King)." """
    deal = [["KS", "KH", "KD", "KC", "AS", "AH"], ["2S", "3C"], ["4D", "5C"]]
    s = new("kings_cup", deal)
    assert s.view(None)["cup"] == 0
    play(s, 0, ["KS", "KH", "KD", "KC"], "A")
    call(s, 1)  # right: seat 0 takes back the four kings, pouring four
    pour = events(s, "pour")[-1]
    assert pour == {"type": "pour", "seat": 0, "kings": 4, "cup": 4}
    assert s.view(None)["sips"] == [4, 0, 0]  # the fourth king's holder does not drink the cup
    assert events(s, "cup") == []
    play(s, 0, ["AS", "AH"], "A")
    call(s, 2)  # wrong: seat 2 picks up next and drinks the cup
    assert events(s, "cup")[-1] == {"type": "cup", "seat": 2, "sips": 4}
    assert s.view(None)["sips"] == [4, 0, 2 + 4]
    assert s.view(None)["cup"] == 0


def test_no_cup_outside_variation_b() -> None:
    """Variation B is an option: plain Bullsh*t has no cup."""
    s = new("bullshit", [["KS", "KH"], ["2S"], ["3S"]])
    play(s, 0, ["KS", "KH"], "A")
    call(s, 1)
    assert events(s, "pour") == [] and "cup" not in s.view(None)


# ------------------------------------------------------------------ C: Liar Liar
def test_liar_liar_count_lie_is_legal_and_caught_by_a_call() -> None:
    """ "Some play that Players may put down three cards and say they are playing only two." """
    deal = [["AS", "AH", "AD", "2C"], ["2S", "3C"], ["4D", "5C"]]
    s = new("liar_liar", deal)
    play(s, 0, ["AS", "AH", "AD"], "A", count=2)
    ev = events(s, "play")[-1]
    assert ev["count"] == 2 and ev["laid"] == 3
    call(s, 1)
    ev = events(s, "call")[-1]
    assert ev["truthful"] is False and ev["right"] is True
    assert sorted(hand(s, 0)) == sorted(["AS", "AH", "AD", "2C"])
    # Listed plays include count lies.
    s = new("liar_liar", deal)
    assert {"type": "play", "cards": ["AS"], "claim": {"rank": "A", "count": 3}} in (
        s.legal_actions(0)
    )


# ------------------------------------------------------------------ D: Joker's Wild
def test_jokers_wild_any_denomination() -> None:
    """ "Some play with Jokers, which can be used as any denomination." """
    s = bh.new_game("jokers_wild", players=4, seed=2)
    assert sum(s.view(None)["hand_sizes"]) == 54
    deal = [["JK", "AS", "2C"], ["2S", "3C"], ["4D", "5C"]]
    s = new("jokers_wild", deal)
    play(s, 0, ["JK", "AS"], "A")
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is True
    assert s.view(None)["hand_sizes"][1] == 4
    s = new("jokers_wild", deal)
    play(s, 0, ["JK", "2C"], "A")
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is False


# ------------------------------------------------------------------ E: Flying Solo
def test_flying_solo_one_card_at_a_time() -> None:
    """ "Some play that players may only play one card at a time." """
    s = new("flying_solo", DEAL)
    with pytest.raises(bh.IllegalAction, match="one card"):
        play(s, 0, ["AS", "AH"], "A")
    assert all(len(a["cards"]) == 1 for a in s.legal_actions(0) if a["type"] == "play")
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert s.view(1)["claim_rank"] == "2"


# ------------------------------------------------------------------ F: Specificity
def test_specificity_same_suit_as_previous_and_call_checks_suit() -> None:
    """ "Some play that players must play one card at a time while calling out and playing the
    same suit as the previous player." """
    s = new("specificity", DEAL)
    with pytest.raises(bh.IllegalAction, match="suit"):
        play(s, 0, ["AS"], "A")
    assert {a["claim"]["suit"] for a in s.legal_actions(0) if a["type"] == "play"} == set("SHDC")
    play(s, 0, ["AS"], "A", suit="S")
    assert events(s, "play")[-1]["suit"] == "S"
    decline_all(s)
    assert s.view(1)["claim_suit"] == "S"
    assert {a["claim"]["suit"] for a in s.legal_actions(1) if a["type"] == "play"} == {"S"}
    with pytest.raises(bh.IllegalAction, match="S, the suit"):
        play(s, 1, ["2H"], "2", suit="H")
    play(s, 1, ["2H"], "2", suit="S")  # right rank, wrong suit: a lie
    call(s, 2)
    ev = events(s, "call")[-1]
    assert ev["truthful"] is False and ev["cards"] == ["2H"]
    assert "2H" in hand(s, 1)


def test_specificity_true_suit_survives_the_call() -> None:
    """ "calling out and playing the same suit as the previous player" (a true card stands)."""
    s = new("specificity", DEAL)
    play(s, 0, ["AH"], "A", suit="H")
    decline_all(s)
    play(s, 1, ["2H"], "2", suit="H")
    call(s, 0)
    assert events(s, "call")[-1]["truthful"] is True
    assert "2H" in hand(s, 0)


# ------------------------------------------------------------------ G: Free-for-All
def test_free_for_all_any_rank_any_amount_count_lies() -> None:
    """ "players may play any amount and rank of cards regardless of the cards played by the
    previous person. Players must at least claim the cards are the same denomination. Players
    may also lie about the number of cards played." """
    deal = [["AS", "AH", "2C", "9D", "KD", "5S"], ["2S", "2H", "3C"], ["3S", "4D"]]
    s = new("free_for_all", deal)
    assert claims_listed(s, 0) == set("A23456789TJQK")
    play(s, 0, ["AS", "AH", "2C", "9D", "KD"], "7", count=2)
    decline_all(s)
    assert claims_listed(s, 1) == set("A23456789TJQK")
    play(s, 1, ["2S", "2H"], "2", count=2)
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is True
    assert s.view(None)["hand_sizes"][2] == 2 + 7


# ------------------------------------------------------------------ H: Cheat (anything goes)
def test_anything_goes_hide_a_card_then_caught_by_an_accusation() -> None:
    """ "Some play that players may to attempt to get rid of their cards by any means (i.e.
    hiding their cards)" """
    s = new("anything_goes_cheat", DEAL)
    s.apply(1, {"type": "cheat", "cheat": "hide", "cards": ["KS"]})
    assert "KS" not in hand(s, 1)
    assert s.view(1)["hidden"] == ["KS"]
    assert s.view(None)["hidden_sizes"] == [0, 1, 0]
    assert s.view(0)["hidden"] == []
    # Nobody else sees what was hidden.
    for viewer in (None, 0, 2):
        assert "KS" not in str(s.view(viewer)["events"])
    s.apply(2, {"type": "accuse", "seat": 1})
    ev = events(s, "accuse")[-1]
    assert ev["caught"] is True and ev["cheats"] == ["hide"]
    assert "KS" in hand(s, 1)
    assert s.view(None)["hidden_sizes"] == [0, 0, 0]


def test_anything_goes_wrong_accusation_costs_the_pile() -> None:
    """Accusing an honest player: the accuser takes the pile (the reading of Variation H/W)."""
    s = new("anything_goes_cheat", DEAL)
    play(s, 0, ["AS", "AH"], "A")
    s.apply(2, {"type": "accuse", "seat": 1})
    assert events(s, "accuse")[-1]["caught"] is False
    assert hand(s, 2) == ["AS", "AH", "3S", "3H", "4D", "8C", "QS"]
    assert s.to_act[0] == 2


# ------------------------------------------------------------------ I: Joker's Top
def test_jokers_top_jokers_rank_between_kings_and_aces() -> None:
    """ "Some play with Jokers as a separate rank between Kings and Aces." """
    deal = [["AS", "KD", "JK"], ["2S", "QC", "JK"], ["3S", "KS"]]
    s = new("jokers_top", deal)
    for seat, rank in [(0, "A"), (1, "2"), (2, "3")]:
        play(s, seat, [hand(s, seat)[0]], rank)
        decline_all(s)
    # Walk the sequence on to kings with one card a play.
    deal = [
        ["AS", "4S", "7S", "TS", "KD", "QD"],
        ["2S", "5S", "8S", "JS", "JK", "QC"],
        ["3S", "6S", "9S", "QS", "KS", "5D"],
    ]
    s = new("jokers_top", deal)
    for i, rank in enumerate("A23456789TJQ"):
        play(s, i % 3, [hand(s, i % 3)[0]], rank)
        decline_all(s)
    play(s, 0, ["KD"], "K")
    decline_all(s)
    assert claims_listed(s, 1) == {"JK"}
    assert s.view(1)["claim_rank"] == "JK"
    play(s, 1, ["JK"], "JK")
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is True
    assert claims_listed(s, 2) == {"JK"}  # the caller took the pile and resumes with jokers
    play(s, 2, ["KS"], "JK")
    decline_all(s)
    assert claims_listed(s, 0) == {"A"}


def test_jokers_top_a_joker_is_not_wild() -> None:
    """ "Jokers as a separate rank" (a joker claimed as an ace is a lie)."""
    s = new("jokers_top", [["JK", "AS"], ["2S", "3C"], ["4D", "5C"]])
    play(s, 0, ["JK"], "A")
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is False


# ------------------------------------------------------------------ J: Check
def test_check_private_look_then_may_not_call() -> None:
    """ "a player may "check" or look at the last played card(s), amking sure not to allow any
    other players see. If a player "checks", they may not call the bluff" """
    s = new("check", DEAL)
    play(s, 0, ["KD"], "A")
    assert {"call", "check", "pass"} <= types_listed(s, 1)
    s.apply(1, {"type": "check"})
    look = events(s, "check", 1)[-1]
    assert look["cards"] == ["KD"] and look["target"] == 0
    for viewer in (None, 0, 2):
        assert "cards" not in events(s, "check", viewer)[-1]
        assert "KD" not in str(s.view(viewer)["events"]) or viewer == 0
    assert 1 not in s.to_act
    with pytest.raises(bh.IllegalAction):
        call(s, 1)
    assert s.to_act == [2]
    call(s, 2)
    assert events(s, "call")[-1]["truthful"] is False


def test_check_only_in_variation_j() -> None:
    """Checking is Variation J only."""
    s = new("bullshit", DEAL)
    play(s, 0, ["KD"], "A")
    with pytest.raises(bh.IllegalAction, match="not part of these rules"):
        s.apply(1, {"type": "check"})
