"""Saves of states that play never reaches (the findings of a fuzz run).

A save can have every field of the right shape and every card in place and still describe
a game that crashes or sticks a few actions after it loads: a call window open on no play
(AssertionError at the call), a seat still in the game with no cards that is later handed
the turn (IndexError drawing its action).  ``bh.load`` refuses such states with SaveError:
each phase's fields must be those play leaves, and every seat still in holds cards unless
it may yet go out.  Every state that play reaches still loads (the first tests, and
tests/core/test_to_act_has_legal_actions.py, which loads each state it visits).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.registry import presets
from hostile_util import EVERY_PRESET_EXAMPLES, Drawn, check_damaged, hv, refused, states

Data = dict[str, Any]
#: Short hands (higherarchy plays on after the first player is out): seats go out soon.
SMALL = [["AS", "2S"], ["3S", "4S"], ["5S", "6S"], ["7S", "8S"]]
SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def reach(
    game_id: str, want: Callable[[Data], bool], players: int = 4, seed: int = 0, **options: Any
) -> Data:
    """The parsed save of the first state of a random game of ``game_id`` whose save
    ``want`` accepts (a few seeds are tried)."""
    for attempt in range(20):
        game = bh.new_game(game_id, players=players, seed=seed + attempt, **options)
        rng = random.Random(seed + attempt)
        for _ in range(400):
            data: Data = json.loads(game.to_json())
            if want(data):
                assert bh.load(game.to_json()).to_json() == game.to_json()
                return data
            if game.over:
                break
            seat = rng.choice(game.to_act)
            game.apply(seat, game.sample_action(seat, rng))
    raise AssertionError(f"no state of {game_id} as wanted")


def phase_is(phase: str) -> Callable[[Data], bool]:
    return lambda data: data["state"]["phase"] == phase


def text(data: Data) -> str:
    return json.dumps(data)


def empty_a_hand(data: Data, seat: int) -> None:
    """``seat``'s cards moved to another seat's hand (cards stay conserved)."""
    hands = data["state"]["hands"]
    other = next(s for s in range(len(hands)) if s != seat and hands[s])
    hands[other] = sorted(hands[other] + hands[seat])
    hands[seat] = []


def idle_seat(data: Data) -> int:
    """A seat neither on turn nor the player of the play that may still be called."""
    state = data["state"]
    last = state["last"]
    busy = {state["turn"], -1 if last is None else last["seat"]}
    return next(s for s in range(data["players"]) if s not in busy)


# --------------------------------------------------------------------- states play reaches
def test_the_player_of_a_callable_play_may_hold_no_cards() -> None:
    """Emptying a hand with a play that may still be called is reachable: it loads, and the
    player goes out when the play stands."""
    game = bh.new_game(
        "popcorn", players=3, seed=0, deal=[["AS"], ["2S", "3S", "4S"], ["5S", "6S", "7S"]]
    )
    game.apply(0, {"type": "play", "cards": ["AS"], "claim": {"rank": "A"}})
    assert game.view(None)["hand_sizes"][0] == 0 and game.to_act == [1, 2]
    loaded = bh.load(game.to_json())
    loaded.apply(1, {"type": "pass"})
    loaded.apply(2, {"type": "pass"})
    assert loaded.over and loaded.result is not None and loaded.result["winner"] == 0


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("bullshit", {"stall_limit": 30}),
        ("poker_bull", {"stall_limit": 3}),
    ],
)
def test_games_ended_by_the_no_progress_rule_load(game_id: str, options: Data) -> None:
    """A stalled game ends mid-hand, its cards still out: its save loads (a Poker Bull one
    was refused as "holds hands or bids, but the game is over")."""
    game = bh.new_game(game_id, players=3, seed=2, **options)
    rng = random.Random(2)
    while not game.over:
        seat = game.to_act[0]
        legal = game.legal_actions(seat)
        # never calling (and passing where a pass is offered) is what stalls a table
        quiet = [a for a in legal if a["type"] in ("pass", "bid")]
        game.apply(seat, quiet[0] if quiet else rng.choice(legal))
    assert game.result is not None and game.result.get("end") == "stalled"
    assert bh.load(game.to_json()).to_json() == game.to_json()


# --------------------------------------------------------------------- the fuzzer's findings
@pytest.mark.parametrize(
    "game_id",
    ["specificity", "goes_without_saying", "sinners_bluff", "popcorn", "anything_goes_cheat"],
)
def test_a_call_window_needs_the_play_it_judges(game_id: str) -> None:
    """A window open with no play to judge crashed the first call (AssertionError)."""
    data = reach(game_id, phase_is("window"))
    data["state"]["last"] = None
    refused(text(data), "last must be a play of the seat on turn in phase window")
    data = reach(game_id, phase_is("window"))
    data["state"]["turn"] = idle_seat(data)  # the play judged is not the one on turn
    refused(text(data), "last must be a play of the seat on turn")


@pytest.mark.parametrize(
    "game_id",
    [
        "popcorn",
        "popcorn_count_bluff",
        "bullshit",
        "eightshit",
        "chinese_bluff",
        "jump_in",
        "british_cheat",
    ],
)
def test_a_seat_still_in_holds_cards(game_id: str) -> None:
    """A seat still in with no cards, handed the turn later, had nothing to do: IndexError
    drawing its action (popcorn), or a game stuck on its passes."""

    def lead(d: Data) -> bool:  # (no table cheat open: a cheat's author may hold nothing)
        return (
            d["state"]["phase"] in ("turn", "jump")
            and d["state"]["last"] is None
            and not d["state"]["cheats"]
        )

    data = reach(game_id, lead)
    empty_a_hand(data, idle_seat(data))
    refused(text(data), "is empty, but seat")
    data = reach(game_id, lead)
    empty_a_hand(data, data["state"]["turn"])
    refused(text(data), "is empty, but seat")


def test_window_seats_are_in_the_game_and_not_the_player() -> None:
    data = reach("bullshit", phase_is("window"))
    data["state"]["window"].append(data["state"]["turn"])
    data["to_act"] = data["state"]["window"]
    refused(text(data), "cannot call its own play")
    data = reach(
        "higherarchy",
        lambda d: d["state"]["phase"] == "window" and bool(d["state"]["finished"]),
        deal=SMALL,
    )
    data["state"]["window"].append(data["state"]["finished"][0])
    refused(text(data), "which is out of the game")


def test_a_seat_out_is_not_on_turn() -> None:
    data = reach(
        "higherarchy",
        lambda d: d["state"]["phase"] == "turn" and bool(d["state"]["finished"]),
        deal=SMALL,
    )
    data["state"]["turn"] = data["state"]["finished"][0]
    data["to_act"] = [data["state"]["turn"]]
    refused(text(data), "turn names seat")


def test_seats_out_leave_a_game_that_goes_on() -> None:
    data = reach("higherarchy", lambda d: d["state"]["phase"] == "turn")
    state = data["state"]
    for seat in range(data["players"]):
        if seat != state["turn"]:
            empty_a_hand(data, seat)
            state["finished"].append(seat)
    refused(text(data), "fewer than two players")
    data = reach("bullshit", phase_is("turn"))
    seat = idle_seat(data)
    empty_a_hand(data, seat)
    data["state"]["finished"] = [seat]
    refused(text(data), "the first player goes out")


def test_an_answer_to_a_call_names_its_caller() -> None:
    """anything_goes_cheat's called player answers the call (variation H): the play keeps
    its caller exactly then."""
    data = reach("anything_goes_cheat", phase_is("answer"))
    del data["state"]["last"]["caller"]
    refused(text(data), "must name its caller")
    data = reach("anything_goes_cheat", phase_is("answer"))
    data["state"]["last"]["caller"] = data["state"]["turn"]
    refused(text(data), "last.caller names seat")
    data = reach("anything_goes_cheat", phase_is("window"))
    data["state"]["last"]["caller"] = idle_seat(data)
    refused(text(data), "must name its caller")


def test_bids_come_from_seats_still_bidding() -> None:
    data = reach("spanish_bluff", phase_is("bid"))
    state = data["state"]
    state["bidders"].remove(state["turn"])
    refused(text(data), "which is not bidding")
    data = reach("spanish_bluff", phase_is("bid_window"))
    data["state"]["bid"] = None
    refused(text(data), "must be the bid of the seat on turn")
    data = reach("spanish_bluff", phase_is("turn"))
    data["state"]["bid"] = [data["state"]["turn"], 2]
    refused(text(data), "bid must be null once play has begun")


def test_a_turn_has_ranks_to_claim() -> None:
    """An empty ``allowed`` left a turn with no play to draw (popcorn's sampler looped)."""
    data = reach("popcorn", phase_is("turn"))
    data["state"]["allowed"] = []
    refused(text(data), "allowed names no rank")


def test_a_plays_window_is_closed_before_the_next_turn() -> None:
    data = reach(
        "popcorn",
        lambda d: (
            d["state"]["phase"] == "turn"
            and d["state"]["last"] is None
            and len(d["state"]["pile"]) > 0
        ),
    )
    state = data["state"]
    state["window"] = [s for s in range(data["players"]) if s != state["turn"]][:1]
    refused(text(data), "there is no play to call")


def test_the_claims_after_a_play_follow_from_it() -> None:
    """Found by the random mixes below: a rank_fork window whose ``prev_rank`` was not its
    play's rank offered the next player the non-rank -1 (drawn as a claim of jokers, then
    refused by ``apply``)."""
    data = reach("rank_fork", phase_is("window"))
    data["state"]["prev_rank"] = -1
    refused(text(data), "prev_rank and prev_suit must be the claim of the last play")
    data = reach(
        "royals_cheat", lambda d: d["state"]["phase"] == "turn" and d["state"]["last"] is None
    )
    data["state"]["prev_rank"] = 12  # kings: not claimable in royals_cheat
    refused(text(data), "a rank that cannot be claimed")


def test_no_progress_counts_fit_the_game() -> None:
    data = reach("bullshit", lambda d: d["version"] > 3)
    data["state"]["quiet"] = data["version"] + 1
    refused(text(data), "quiet is")
    data = reach("bullshit", lambda d: d["version"] > 3, stall_limit=50)
    data["state"]["quiet"] = 50
    refused(text(data), "enough to have ended the game")
    data = reach("poker_bull", lambda d: len(d["state"]["history"]) == 2, players=3, stall_limit=3)
    data["rules"]["stall_limit"] = 2
    refused(text(data), "the no-progress rule ends a hand at 2")


# --------------------------------------------------------------------- at random
#: The fields of a Cheat state that say where play stands (not where the cards are).
CHEAT_FLOW = (
    "phase",
    "turn",
    "window",
    "last",
    "lead",
    "allowed",
    "finished",
    "declined",
    "checked",
    "bid",
    "bidders",
    "round_player",
    "passes",
    "prev_rank",
    "prev_suit",
)
FLOW = {
    "cheat": CHEAT_FLOW,
    "poker_bull": ("turn", "starter", "bid", "bidder", "history", "out", "sizes"),
    "sneak": ("phase", "turn", "lead", "window", "declined", "challenges", "started"),
}


@st.composite
def transplanted(draw: st.DrawFn, game_id: str) -> str:
    """A reachable save with a few of the fields that say where play stands (and its
    ``to_act``) taken from another state of the same game, or one hand emptied into
    another: each part plausible, the whole possibly a state play never reaches."""
    saves = states(game_id, seed=3, at=tuple(range(0, 200, 7)))
    fields = FLOW[bh.lookup(game_id).family.FAMILY]
    return str(
        hv.transplant(
            Drawn(draw), draw(st.sampled_from(saves)), draw(st.sampled_from(saves)), fields
        )
    )


TRANSPLANT_IDS = [
    "popcorn",
    "specificity",
    "goes_without_saying",
    "sinners_bluff",
    "anything_goes_cheat",
    "spanish_bluff",
    "jump_in",
    "chinese_bluff",
    "eightshit",
    "poker_bull",
    "sneak",
]


@pytest.mark.parametrize("game_id", TRANSPLANT_IDS)
@settings(SETTINGS, max_examples=60)
@given(data=st.data())
def test_states_mixed_from_two_are_refused_or_playable(game_id: str, data: st.DataObject) -> None:
    check_damaged(data.draw(transplanted(game_id)))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted({p.id for p in presets()} - set(TRANSPLANT_IDS)))
@settings(SETTINGS, max_examples=EVERY_PRESET_EXAMPLES)
@given(data=st.data())
def test_states_mixed_from_two_every_preset(game_id: str, data: st.DataObject) -> None:
    """The presets the quick test above leaves out (it gives its own 60 examples each)."""
    check_damaged(data.draw(transplanted(game_id)))
