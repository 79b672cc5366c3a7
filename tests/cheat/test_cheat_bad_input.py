"""Bad input: every refusal is a bh.IllegalAction whose message names the problem, and the
state is left exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest
from cheat_util import call, decline_all, new, pas, play

import bluffhouse as bh

DEAL = [["AS", "AH", "2C", "9D"], ["2S", "2H", "3C", "KS"], ["3S", "3H", "4D", "QS"]]


def refused(state: bh.Game, seat: int, action: Any, words: str) -> str:
    before = state.to_json()
    with pytest.raises(bh.IllegalAction) as err:
        state.apply(seat, action)
    message = str(err.value)
    assert words in message, message
    assert isinstance(err.value, ValueError)
    assert state.to_json() == before
    assert not state.is_legal(seat, action)
    return message


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (None, "an action is a dict"),
        (["play"], "an action is a dict"),
        ({}, "needs a 'type'"),
        ({"type": None}, "needs a 'type'"),
        ({"type": "dance"}, "unknown action type 'dance'"),
        ({"type": "play"}, "a play lays one or more cards"),
        ({"type": "play", "cards": [], "claim": {"rank": "A"}}, "one or more cards"),
        ({"type": "play", "cards": "AS", "claim": {"rank": "A"}}, "one or more cards"),
        ({"type": "play", "cards": ["A*"], "claim": {"rank": "A"}}, "'A*' is not a card"),
        ({"type": "play", "cards": [7], "claim": {"rank": "A"}}, "7 is not a card"),
        ({"type": "play", "cards": ["AS"]}, "a play needs a claim"),
        ({"type": "play", "cards": ["AS"], "claim": "A"}, "a play needs a claim"),
        ({"type": "play", "cards": ["AS"], "claim": {"rank": "1"}}, "is not a rank"),
        (
            {"type": "play", "cards": ["AS"], "claim": {"rank": "A", "count": "1"}},
            "count must be a number",
        ),
        ({"type": "play", "cards": ["AS"], "claim": {"rank": "A", "suit": "S"}}, "no suit"),
        ({"type": "believe"}, "'I believe' is not part of these rules"),
        ({"type": "call"}, "no play to call"),
        ({"type": "cheat", "cheat": "hide", "cards": ["AS"]}, "unknown action type 'cheat'"),
    ],
)
def test_malformed_actions(action: Any, words: str) -> None:
    """An action is a dict with a 'type' key; plays carry cards and a claim."""
    s = new("bullshit", DEAL)
    refused(s, 0, action, words)


def test_card_not_in_hand() -> None:
    s = new("bullshit", DEAL)
    refused(s, 0, {"type": "play", "cards": ["KS"], "claim": {"rank": "A"}}, "do not hold KS")
    refused(
        s,
        0,
        {"type": "play", "cards": ["AS", "AS"], "claim": {"rank": "A"}},
        "do not hold AS (that many times)",
    )
    s = new("popcorn_two_decks", [["AS", "AS"], ["2S"]])
    refused(
        s,
        0,
        {"type": "play", "cards": ["AS", "AS", "AS"], "claim": {"rank": "A"}},
        "(that many times)",
    )


def test_wrong_claim() -> None:
    s = new("bullshit", DEAL)
    msg = refused(
        s,
        0,
        {"type": "play", "cards": ["2C"], "claim": {"rank": "2"}},
        "you must claim aces, not twos",
    )
    assert "aces" in msg
    refused(
        s,
        0,
        {"type": "play", "cards": ["2C"], "claim": {"rank": "A", "count": 2}},
        "you laid 1 card(s) but claimed 2",
    )
    s = new("liar_liar", DEAL)
    refused(
        s,
        0,
        {"type": "play", "cards": ["2C"], "claim": {"rank": "A", "count": 5}},
        "you may claim from 1 to 4 cards, not 5",
    )
    s = new("specificity", DEAL)
    play(s, 0, ["AS"], "A", suit="S")
    decline_all(s)
    refused(
        s,
        1,
        {"type": "play", "cards": ["2S"], "claim": {"rank": "2", "suit": "H"}},
        "you must claim S, the suit of the last play",
    )
    refused(
        s,
        1,
        {"type": "play", "cards": ["2S"], "claim": {"rank": "2", "suit": "X"}},
        "claim a suit too",
    )
    s = new("royals_cheat", DEAL)
    s2 = new("bluff", DEAL)
    refused(
        s2, 0, {"type": "play", "cards": ["AS", "AH"], "claim": {"rank": "A"}}, "at most one card"
    )
    refused(s, 0, {"type": "play", "cards": ["2C"], "claim": {"rank": "K"}}, "must claim aces")


def test_acting_out_of_turn() -> None:
    s = new("bullshit", DEAL)
    msg = refused(
        s, 1, {"type": "play", "cards": ["2S"], "claim": {"rank": "A"}}, "seat 1 may not act now"
    )
    assert "waiting for seat 0" in msg
    refused(s, 2, {"type": "pass"}, "may not act now")
    play(s, 0, ["AS"], "A")
    refused(s, 0, {"type": "call"}, "seat 0 may not act now")
    refused(
        s,
        1,
        {"type": "play", "cards": ["2S"], "claim": {"rank": "2"}},
        "it is not your turn to play; you may call or pass",
    )
    s = new("popcorn", DEAL)
    play(s, 0, ["AS"], "A")
    pas(s, 1)
    refused(s, 1, {"type": "call"}, "may not act now")
    s = new("chinese_bluff", DEAL)
    play(s, 0, ["AS"], "A")
    refused(s, 2, {"type": "call"}, "seat 2 may not act now")


def test_no_such_seat() -> None:
    s = new("bullshit", DEAL)
    refused(s, 3, {"type": "pass"}, "there is no seat 3")
    refused(s, -1, {"type": "pass"}, "there is no seat -1")
    with pytest.raises(bh.IllegalAction, match="no seat"):
        s.view(5)


def test_after_the_end() -> None:
    s = new("bullshit", [["AS"], ["2S"], ["3S"]])
    play(s, 0, ["AS"], "A")
    decline_all(s)
    assert s.over
    for seat in range(3):
        refused(s, seat, {"type": "pass"}, "the game is over")
        refused(
            s, seat, {"type": "play", "cards": ["2S"], "claim": {"rank": "2"}}, "the game is over"
        )
        assert s.legal_actions(seat) == []


def test_own_play_cannot_be_called_and_checked_play_cannot_be_called() -> None:
    s = new("jump_in", DEAL)
    play(s, 2, ["QS"], "A")
    assert 2 in s.to_act
    refused(s, 2, {"type": "call"}, "you cannot call your own play")
    refused(s, 2, {"type": "play", "cards": ["3S"], "claim": {"rank": "2"}}, "you played last")
    s = new("check", DEAL)
    play(s, 0, ["9D"], "A")
    s.apply(1, {"type": "check"})
    refused(s, 1, {"type": "call"}, "seat 1 may not act now")


def test_pass_refusals_say_why() -> None:
    s = new("popcorn", DEAL)
    refused(s, 0, {"type": "pass"}, "you must play: passing your turn is not part of these rules")
    s = new("bluff", DEAL)
    refused(s, 0, {"type": "pass"}, "you lead this round: play at least one card")


def test_bluff_last_card_must_be_truthful_message() -> None:
    s = new("bluff", [["7S", "2C"], ["KS"], ["QH", "QS"]])
    play(s, 0, ["2C"], "7")
    decline_all(s)
    refused(
        s,
        1,
        {"type": "play", "cards": ["KS"], "claim": {"rank": "7"}},
        "your last card must go out truthfully",
    )


def test_spanish_bids_are_checked() -> None:
    s = new("spanish_bluff", [["AS", "AH"], ["AD"], ["9S"], ["TS"]])
    refused(s, 0, {"type": "bid", "count": 0}, "your bid must be from 1 to 8")
    refused(s, 0, {"type": "bid", "count": "two"}, "a bid names how many")
    refused(s, 0, {"type": "bid", "count": 2, "rank": "Q"}, "highest rank, A")
    refused(
        s,
        0,
        {"type": "play", "cards": ["AS"], "claim": {"rank": "A"}},
        "unknown action type 'play'",
    )
    s.apply(0, {"type": "bid", "count": 2, "rank": "A"})
    refused(s, 1, {"type": "bid", "count": 2}, "from 3 to 8")


def test_table_cheat_refusals() -> None:
    s = new("british_cheat", DEAL)
    refused(s, 1, {"type": "cheat", "cheat": "steal"}, "a table cheat is 'hide', 'give' or 'peek'")
    refused(s, 1, {"type": "cheat", "cheat": "hide", "cards": ["AS"]}, "you do not hold 'AS'")
    refused(
        s,
        1,
        {"type": "cheat", "cheat": "give", "seat": 1, "cards": ["2S"]},
        "slip the card to another player",
    )
    refused(s, 0, {"type": "accuse", "seat": 0}, "accuse another player")
    s.apply(1, {"type": "cheat", "cheat": "hide", "cards": ["2S"]})
    refused(
        s,
        1,
        {"type": "cheat", "cheat": "hide", "cards": ["2H"]},
        "you have a cheat still open to accusation",
    )


def test_a_seat_dealt_no_cards_is_out_at_once() -> None:
    """A scripted deal may leave a seat empty-handed: it is out (first out wins), never stuck."""
    s = new("popcorn", [["AS"], [], ["2S"]])
    assert s.result is not None and s.result["winner"] == 1
    s = new("higherarchy", [["AS"], [], ["2S"]])
    assert not s.over and s.view(None)["finished"] == [1]
    assert s.to_act == [0]
    play(s, 0, ["AS"], "A")
    assert s.to_act == [2]
    call(s, 2)
    assert s.result is not None and s.result["ranking"] == [1, 0, 2]


def test_unknown_options_and_deals_are_rule_errors() -> None:
    with pytest.raises(bh.RuleError, match="no_such"):
        bh.new_game("bullshit", players=3, no_such=1)
    with pytest.raises(bh.RuleError, match="not in the packs"):
        new("bullshit", [["AS", "AS"], ["2S"], ["3S"]])
    with pytest.raises(bh.RuleError, match="not a card"):
        new("bullshit", [["A?"], ["2S"], ["3S"]])
    with pytest.raises(bh.RuleError, match="no stock"):
        bh.new_game("bullshit", players=3, stock=["AS"])
