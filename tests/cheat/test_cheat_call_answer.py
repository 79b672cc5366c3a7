"""Seed 004, variation H (Cheat, "anything goes"): "some play that players may lie about which
cards they just laid down after being called on a bluff" (option ``call_answer``).

After a call the called player answers alone (phase "answer"): ``{"type": "show"}`` turns the
laid cards over; ``{"type": "show", "cards": [...]}`` shows other cards, matching ones from the
hand slipped in place of laid ones, which go back to the hand.  A show that stands (the caller
took the pile) may be accused until the next turn by anyone but the caller, the pile the
caller took being the stake: a swap caught hands that pile to the swapper (as if the cards
really laid had been shown); an honest show makes the false accuser take it."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cheat_util import call, events, hand, new, play

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cards import CARD_TEXT

#: Seat 0 holds two aces besides the two cards it bluffs "two aces" with.
DEAL = [["5S", "6S", "AS", "AH", "2C"], ["7D", "8D", "9D"], ["TD", "JD", "QD"], ["3H", "4H", "KC"]]
BLUFF = {"type": "play", "cards": ["5S", "6S"], "claim": {"rank": "A", "count": 2}}


def called(deal: list[list[str]] = DEAL, **options: Any) -> bh.Game:
    """Seat 0 has bluffed two aces and seat 1 has called it."""
    s = new("anything_goes_cheat", deal, **options)
    s.apply(0, BLUFF)
    call(s, 1)
    return s


def accuse(state: bh.Game, seat: int, target: int) -> None:
    state.apply(seat, {"type": "accuse", "seat": target})


def test_the_called_player_answers_alone() -> None:
    s = called()
    view = s.view(None)
    assert view["phase"] == "answer" and s.to_act == [0]
    assert view["last_play"] == {"seat": 0, "rank": "A", "count": 2, "laid": 2, "caller": 1}
    assert events(s, "called")[-1] == {"type": "called", "seat": 1, "target": 0, "word": "Bullsh*t"}
    assert "call" not in [e["type"] for e in view["events"][-1:]]
    assert s.legal_actions(0) == [{"type": "show"}, {"type": "show", "cards": ["AS", "AH"]}]
    for seat in (1, 2, 3):
        assert s.legal_actions(seat) == []
        assert not s.is_legal(seat, {"type": "accuse", "seat": 0})
    with pytest.raises(bh.IllegalAction, match="'show'"):
        s.apply(0, {"type": "pass"})


def test_an_honest_show_of_a_bluff_loses_the_call() -> None:
    s = called()
    s.apply(0, {"type": "show"})
    ev = events(s, "call")[-1]
    assert ev["cards"] == ["5S", "6S"] and ev["truthful"] is False and ev["right"] is True
    assert "swapped_in" not in events(s, "call", viewer=0)[-1]
    assert hand(s, 0) == ["AS", "AH", "2C", "5S", "6S"]
    assert s.view(None)["phase"] == "turn" and s.view(None)["turn"] == 0
    # Nothing stood, so nothing is at stake: the caller may accuse like anyone else.
    assert s.is_legal(1, {"type": "accuse", "seat": 0})


def test_a_swapped_show_wins_the_call_and_only_the_swapper_knows() -> None:
    s = called()
    s.apply(0, {"type": "show", "cards": ["AS", "AH"]})
    ev = events(s, "call")[-1]
    assert ev["cards"] == ["AS", "AH"] and ev["truthful"] is True and ev["right"] is False
    assert hand(s, 0) == ["2C", "5S", "6S"]  # the bluffed cards came back
    assert hand(s, 1) == ["AS", "AH", "7D", "8D", "9D"]  # the caller took the aces
    own = events(s, "call", viewer=0)[-1]
    assert own["swapped_in"] == ["AS", "AH"] and own["swapped_out"] == ["5S", "6S"]
    for viewer in (None, 1, 2, 3):
        assert "swapped_in" not in events(s, "call", viewer=viewer)[-1]
    # The others' views of a swap and of an honest true show cannot be told apart.
    honest = new("anything_goes_cheat", [["AS", "AH", "2C", "5S", "6S"], *DEAL[1:]])
    honest.apply(0, {**BLUFF, "cards": ["AS", "AH"]})
    call(honest, 1)
    honest.apply(0, {"type": "show"})
    for viewer in (1, 2, 3):
        a, b = s.view(viewer), honest.view(viewer)
        assert a["table"] == b["table"]
        assert a["to_act"] == b["to_act"] and a["hand_sizes"] == b["hand_sizes"]
        assert [e["type"] for e in a["events"]] == [e["type"] for e in b["events"]]
        assert a["events"][-4:] == b["events"][-4:]
    assert s.view(0)["table"]["cheats"] == [[0, "swap", [1]]]
    assert s.view(2)["table"]["cheats"] == [[0, None, None]]


def test_a_caught_swap_gives_the_swapper_the_pile() -> None:
    s = called()
    s.apply(0, {"type": "show", "cards": ["AS", "AH"]})
    assert {"type": "accuse", "seat": 0} not in s.legal_actions(1)
    with pytest.raises(bh.IllegalAction, match="you called seat 0's play"):
        accuse(s, 1, 0)
    accuse(s, 2, 0)
    ev = events(s, "accuse")[-1]
    assert ev["caught"] is True and ev["cheats"] == ["swap"]
    # As if the cards really laid had been shown: seat 0 holds the pile, seat 1 is as before.
    assert hand(s, 0) == ["AS", "AH", "2C", "5S", "6S"]
    assert hand(s, 1) == ["7D", "8D", "9D"]
    moved = events(s, "take", viewer=1)[-2]
    assert moved == {"type": "take", "seat": 0, "count": 2, "from": 1, "cards": ["AS", "AH"]}
    assert "cards" not in events(s, "take", viewer=2)[-2]
    assert s.to_act[0] == 0 and s.view(0)["claim_rank"] == "A"


def test_a_false_accusation_of_an_honest_show_takes_the_callers_pile() -> None:
    s = new("anything_goes_cheat", [["AS", "AH", "5S"], ["7D", "8D"], ["TD", "JD"], ["3H", "4H"]])
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    s.apply(0, {"type": "show"})
    assert hand(s, 1) == ["AS", "AH", "7D", "8D"]
    accuse(s, 3, 0)
    assert events(s, "accuse")[-1]["caught"] is False
    assert hand(s, 1) == ["7D", "8D"]
    assert hand(s, 3) == ["AS", "AH", "3H", "4H"]
    assert s.view(None)["sips"][3] == 2
    assert s.to_act[0] == 3


def test_the_stake_ends_when_the_next_turn_is_taken() -> None:
    s = called()
    s.apply(0, {"type": "show", "cards": ["AS", "AH"]})
    play(s, 1, ["7D"], "A")  # the caller, who took the pile, leads: the swap is safe now
    assert s.view(0)["table"]["cheats"] == []
    for seat in list(s.to_act):
        if seat != 1:
            s.apply(seat, {"type": "pass"})
    assert hand(s, 0) == ["2C", "5S", "6S"]


def test_swaps_that_are_refused() -> None:
    s = called()
    refusals = [
        ({"type": "show", "cards": ["AS"]}, "you laid 2 card"),
        ({"type": "show", "cards": "AS"}, "you laid 2 card"),
        ({"type": "show", "cards": ["AS", "ZZ"]}, "not a card"),
        ({"type": "show", "cards": ["AS", "AD"]}, "you do not hold AD"),
        ({"type": "show", "cards": ["AS", "2C"]}, "must make your claim \\(2 x A\\) true"),
        ({"type": "show", "cards": ["AS", "AH"], "extra": 1}, "extra"),
    ]
    for action, words in refusals:
        before = s.to_json()
        with pytest.raises(bh.IllegalAction, match=words):
            s.apply(0, action)
        assert s.to_json() == before
    # The laid cards named again are the honest show.
    s.apply(0, {"type": "show", "cards": ["6S", "5S"]})
    assert events(s, "call")[-1]["truthful"] is False


def test_a_player_with_a_cheat_open_may_only_show_as_laid() -> None:
    s = new("anything_goes_cheat", DEAL)
    s.apply(0, {"type": "cheat", "cheat": "hide", "cards": ["2C"]})
    s.apply(0, BLUFF)
    call(s, 1)
    assert s.legal_actions(0) == [{"type": "show"}]
    with pytest.raises(bh.IllegalAction, match="cheat still open"):
        s.apply(0, {"type": "show", "cards": ["AS", "AH"]})


def test_jokers_and_kept_cards_in_the_listed_swaps() -> None:
    """Swaps keep the laid cards that match and are listed fewest jokers first."""
    deal = [["AS", "5S", "6S", "AH", "AD", "JK", "2C"], ["7D", "8D"], ["TD", "JD"]]
    s = new("anything_goes_cheat", deal, jokers=2, max_cards=6)
    play(s, 0, ["AS", "5S", "6S"], "A")
    call(s, 1)
    assert s.legal_actions(0) == [
        {"type": "show"},
        {"type": "show", "cards": ["AS", "AH", "AD"]},
        {"type": "show", "cards": ["AS", "AH", "JK"]},
    ]
    s.apply(0, {"type": "show", "cards": ["AS", "AD", "JK"]})  # any concrete choice applies
    assert hand(s, 0) == ["AH", "2C", "5S", "6S"]


def test_no_answer_for_a_player_who_has_no_cards_left() -> None:
    """With nothing in hand there is nothing to swap: the call is judged at once (whether a
    player is answering is public, so it may depend on public facts only)."""
    s = new("anything_goes_cheat", [["AS", "AH"], ["7D", "8D"], ["TD", "JD"]])
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    assert events(s, "call")[-1]["truthful"] is True
    assert s.view(None)["finished"] == [0]


def test_option_is_checked_and_other_presets_are_unchanged() -> None:
    with pytest.raises(bh.RuleError, match="call_answer"):
        new("bullshit", DEAL, call_answer=True)
    s = new("british_cheat", DEAL)
    s.apply(0, BLUFF)
    call(s, 1)
    assert s.view(None)["phase"] == "turn" and events(s, "call")[-1]["cards"] == ["5S", "6S"]


def test_save_and_load_in_the_answer_and_after_a_swap() -> None:
    dealt = {c for h in DEAL for c in h}
    rest = [c for c in CARD_TEXT if c != "JK" and c not in dealt]
    s = called([*DEAL[:3], DEAL[3] + rest])
    for step in ({"type": "show", "cards": ["AS", "AH"]}, {"type": "accuse", "seat": 2}):
        again = bh.load(s.to_json())
        assert again.view(0) == s.view(0) and again.legal_actions(0) == s.legal_actions(0)
        seat = 0 if step["type"] == "show" else 2
        if step["type"] == "accuse":
            step = {"type": "accuse", "seat": 0}
        s.apply(seat, step)
        again.apply(seat, step)
        assert again.to_json() == s.to_json()


@pytest.mark.parametrize("name", ["counter", "always_lie", "always_call", "never_call"])
def test_bots_cover_a_bluff_they_can_and_show_the_truth(name: str) -> None:
    bot = make_bot(name, seed=1)
    s = called()
    assert bot.act(s.view(0), Choices(s, 0)) == {"type": "show", "cards": ["AS", "AH"]}
    # A true play is shown as laid; a bluff it cannot cover too.
    s = new("anything_goes_cheat", [["AS", "AH", "AD", "2C"], *DEAL[1:]])
    play(s, 0, ["AS", "AH"], "A")
    call(s, 1)
    assert bot.act(s.view(0), Choices(s, 0)) == {"type": "show"}
    s = new("anything_goes_cheat", [["5S", "6S", "2C"], *DEAL[1:]])
    s.apply(0, BLUFF)
    call(s, 1)
    assert bot.act(s.view(0), Choices(s, 0)) == {"type": "show"}


@pytest.mark.parametrize("name", ["random", "honest", "ismcts"])
def test_other_bots_answer_legally(name: str) -> None:
    bot = make_bot(name, seed=3)
    if name == "ismcts":
        bot.iterations = 12  # type: ignore[attr-defined]
    s = called()
    action = bot.act(s.view(0), Choices(s, 0))
    assert s.is_legal(0, action)
    assert s.is_legal(0, s.sample_action(0, random.Random(1)))


def test_random_games_with_answers_keep_the_cards() -> None:
    """Random play through many answers: cards are conserved and every answer is legal."""
    answered = swapped = 0
    for seed in range(6):
        s = bh.new_game("anything_goes_cheat", players=4, seed=seed)
        total = sorted(c for h in s.hands for c in h)  # type: ignore[attr-defined]
        bots = [make_bot("always_lie" if p % 2 else "random", seed=seed + p) for p in range(4)]
        for _ in range(300):
            if s.over:
                break
            seat = s.to_act[0]
            if s.view(None)["phase"] == "answer":
                answered += 1
            action = bots[seat].act(s.view(seat), Choices(s, seat))
            swapped += "cards" in action and action["type"] == "show"
            s.apply(seat, action)
            cards = [
                c
                for part in (*s.hands, s.pile, s.discarded, *s.hidden)  # type: ignore[attr-defined]
                for c in part
            ]
            assert sorted(cards) == total
        json.loads(s.to_json())
    assert answered and swapped
