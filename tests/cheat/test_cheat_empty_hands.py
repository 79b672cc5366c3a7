"""A hand emptied by any route, not only by a play that stands, is settled at once: the
player goes out (first out wins under ``end="first_out"``; under ``"ranking"`` they take the
next place).  Routes: a full set put aside after picking up a pile (Eightsh*t, Foursh*t, and
any rules with ``discard_sets``), a pile picked up on a pass, table cheats.  Left unsettled,
the player was never out and, once it had to lead, sat in ``to_act`` with no legal action."""

from __future__ import annotations

from cheat_util import call, events, hand, new, pas, play

import bluffhouse as bh


def assert_playable(state: bh.Game) -> None:
    """Every seat that may act has something to do, and only a finished game has nobody."""
    assert state.over == (state.to_act == [])
    for seat in state.to_act:
        assert state.legal_actions(seat), f"seat {seat} is in to_act with no legal action"


def test_fourshit_wrong_call_completes_a_set_and_the_caller_goes_out() -> None:
    """The issue's case: a wrong call makes seat 1 take the other half of a set of kings; the
    set goes aside and seat 1 holds nothing: it is out, and the game goes on without it."""
    s = new("fourshit", [["KS", "KH", "QS", "QH"], ["KD", "KC"], ["JS", "JH", "TS"]])
    play(s, 0, ["KS", "KH"], "K")
    call(s, 1)
    assert events(s, "set_aside")[-1] == {
        "type": "set_aside",
        "seat": 1,
        "cards": ["KS", "KH", "KD", "KC"],
    }
    assert hand(s, 1) == []
    assert s.view(None)["finished"] == [1]
    assert events(s, "out")[-1] == {"type": "out", "seat": 1, "place": 1}
    assert s.to_act == [0]  # the winner of the call leads
    assert_playable(s)
    # Seat 0 leads and seat 2, not the emptied seat 1, plays next; a right call on it then
    # hands the lead to seat 2 (seat 1 would have been stuck leading with nothing).
    play(s, 0, ["QS"], "J")
    assert s.view(None)["turn"] == 2 and 1 not in s.to_act
    call(s, 2)
    assert s.to_act == [2]
    assert_playable(s)


def test_emptied_loser_who_must_lead_hands_the_lead_on() -> None:
    """Bullsh*t with sets put aside: the loser of a call leads, but the pile it took
    completed a set and left it empty-handed: it is out and the next seat leads the same
    rank."""
    deal = [["AS", "AH", "5S"], ["AD", "AC"], ["7S", "8S"], ["9S", "TS"]]
    s = new("bullshit", deal, discard_sets=True, end="ranking")
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    assert hand(s, 1) == [] and s.view(None)["finished"] == [1]
    assert s.to_act == [2]
    assert s.view(2)["claim_rank"] == "A"
    assert_playable(s)
    # Under first_out the emptied player is the first out: it wins.
    s = new("bullshit", deal, discard_sets=True)
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    assert s.result is not None and s.result["winner"] == 1 and s.to_act == []


def test_pile_picked_up_on_a_pass_completes_a_set() -> None:
    """seed 004's pass (pick up the pile) can complete a set too."""
    s = new(
        "bullshit",
        [["AS", "AH", "5S"], ["AD", "AC"], ["7S", "8S"]],
        discard_sets=True,
        end="ranking",
    )
    play(s, 0, ["AS", "AH"], "A")
    pas(s, 1)
    pas(s, 2)  # the play stands; seat 1 must claim twos
    pas(s, 1)  # ... and passes, picking up the aces
    assert events(s, "set_aside")[-1]["seat"] == 1
    assert s.view(None)["finished"] == [1]
    assert s.to_act == [2] and s.view(2)["claim_rank"] == "3"
    assert_playable(s)


def test_jump_in_emptied_seat_on_turn_is_skipped() -> None:
    """Jump-in keeps a seat that must play if nobody jumps in; an emptied one passes it on."""
    s = new(
        "jump_in",
        [["AS", "AH", "5S"], ["AD", "AC"], ["7S", "8S"]],
        discard_sets=True,
        end="ranking",
    )
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    assert s.view(None)["finished"] == [1]
    assert s.view(None)["turn"] == 2
    assert 1 not in s.to_act
    assert_playable(s)


def test_eightshit_both_sides_of_a_call_out_in_order() -> None:
    """Two packs: a wrong call completes seat 2's eight queens; it goes out after seat 0,
    whose true last play the call proved."""
    queens = ["QS", "QS", "QH", "QH"]
    s = new("eightshit", [["QD", "QD", "QC", "QC"], ["9S", "JS"], queens, ["TS", "KS"]])
    play(s, 0, ["QD", "QD", "QC", "QC"], "Q")  # seat 0's last cards, a true claim
    call(s, 2)  # wrong: seat 2 takes them, and its eight queens go aside
    assert hand(s, 2) == []
    assert s.view(None)["finished"] == [0, 2]
    assert s.to_act == [1]  # the winner of the call is out: the seat after it leads
    assert_playable(s)


def test_table_cheats_empty_a_hand_out_once_the_cheat_is_safe() -> None:
    """British Cheat: a player who hides or slips away its last card stays in while the cheat
    can be accused, and goes out as soon as the next player takes a turn."""
    deal = [["2S", "3S", "4S"], ["5S"], ["6S", "7S"], ["8S", "9S"]]
    for cheat in ({"cheat": "hide"}, {"cheat": "give", "seat": 3}):
        s = new("british_cheat", deal)
        s.apply(1, {"type": "cheat", "cards": ["5S"], **cheat})
        assert hand(s, 1) == [] and s.view(None)["finished"] == []
        assert_playable(s)
        play(s, 0, ["2S"], "A")
        assert s.view(None)["finished"] == [1]
        assert_playable(s)
