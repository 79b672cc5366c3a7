"""The no-progress rule (``stall_limit``): a table that repeats itself ends, ranked by cards
held, and reported as stalled; what counts as progress; saves; every preset's bookkeeping
checked against a recount from outside after every action."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from cheat_util import PRESET_IDS, call, new, play

import bluffhouse as bh
from bluffhouse.bots import make_bot
from bluffhouse.cheat.presets import ONE_CARD_STALL_LIMIT
from bluffhouse.cheat.rules import STALL_LIMIT
from bluffhouse.simulate import play_game
from typed_games import cheat_game


def _loop(state: Any, cycles: int) -> None:
    """Seat 0 lays its 3 as an ace, seat 1 calls it, seat 0 takes the card back: again."""
    for _ in range(cycles):
        if state.over:
            return
        play(state, 0, ["3S"], "A")
        if state.over:
            return
        call(state, 1)


def _quiet(state: Any) -> int:
    return int(state.view(0)["table"]["quiet"])


def test_a_forced_stalemate_ends_as_stalled_with_a_ranking_by_cards() -> None:
    state = new("bullshit", [["AH", "3S"], ["AS", "2H"]], stall_limit=10)
    play(state, 0, ["3S"], "A")  # 2 -> 1 card: a hand smaller than ever, progress
    assert _quiet(state) == 0
    call(state, 1)  # seat 0 takes its card back; the same claim again, and again ...
    assert _quiet(state) == 1
    _loop(state, 4)
    assert _quiet(state) == 9 and not state.over
    play(state, 0, ["3S"], "A")  # the tenth action in a row without progress
    assert state.over and state.to_act == []
    result = state.result
    assert result is not None
    assert result["end"] == "stalled"
    assert result["ranking"] == [0, 1] and result["winner"] == 0  # 1 card against 2
    assert result["scores"] == [1, 0]
    assert result["cards_left"] == [1, 2]
    over = state.view(None)["events"][-1]
    assert over == {"type": "game_over", "winner": 0, "ranking": [0, 1], "end": "stalled"}
    assert state.view(1)["over"] and state.legal_actions(1) == []


def test_a_stalled_tie_has_no_winner() -> None:
    state = new("bullshit", [["AH", "3S"], ["AS", "2H"]], stall_limit=9)
    play(state, 0, ["3S"], "A")
    call(state, 1)
    _loop(state, 10)  # the ninth action without progress is a call: 2 cards each

    result = state.result
    assert result is not None and result["end"] == "stalled"
    assert result["cards_left"] == [2, 2]
    assert result["winner"] is None and result["ranking"] == [0, 1]


def test_players_already_out_rank_first_and_win_a_stalled_game() -> None:
    # Higherarchy plays on after the first player is out; the other two then stall.
    state = new("higherarchy", [["AH"], ["AS", "3S"], ["2C", "2D", "9D"]], stall_limit=8)
    play(state, 0, ["AH"], "A")
    call(state, 1)  # true: seat 1 takes the pile, seat 0 is out (progress)
    assert state.view(None)["finished"] == [0]
    # seat 1 leads aces again: its 3 claimed as an ace, called by seat 2, taken back ...
    for _ in range(10):
        if state.over:
            break
        play(state, 1, ["3S"], "A")
        if state.over:
            break
        call(state, 2)
    result = state.result
    assert result is not None and result["end"] == "stalled"
    assert result["ranking"][0] == 0 and result["winner"] == 0


def test_the_rule_off_never_ends_the_loop() -> None:
    state = new("bullshit", [["AH", "3S"], ["AS", "2H"]], stall_limit=0)
    _loop(state, 1500)
    assert not state.over and _quiet(state) == 2999


def test_the_default_limits() -> None:
    assert cheat_game("bullshit", seed=1).rules.stall_limit == STALL_LIMIT == 1000
    for game_id in ("flying_solo", "specificity"):
        assert cheat_game(game_id, seed=1).rules.stall_limit == ONE_CARD_STALL_LIMIT
    with pytest.raises(bh.RuleError, match="stall_limit"):
        bh.new_game("bullshit", stall_limit=-1)


@pytest.mark.parametrize(
    ("game_id", "deal", "steps", "why"),
    [
        # Bluff: everybody passes a round: the pile is discarded, out of play
        (
            "bluff",
            [["2S", "3S", "4S"], ["2H", "3H", "4H"], ["2D", "3D", "4D"]],
            [(0, "play", ["2S"], "2"), (1, "pass"), (2, "pass"), (1, "pass"), (2, "pass")],
            "discard",
        ),
        # Bullsh*t: a player out ends the game, with progress
        ("bullshit", [["AH"], ["AS", "2S"]], [(0, "play", ["AH"], "A"), (1, "pass")], "out"),
    ],
)
def test_what_counts_as_progress(
    game_id: str, deal: list[list[str]], steps: list[tuple[Any, ...]], why: str
) -> None:
    state = new(game_id, deal, stall_limit=0)
    quiet = []
    for seat, kind, *rest in steps:
        if state.over:
            break
        if kind == "play":
            play(state, seat, rest[0], rest[1])
        else:
            state.apply(seat, {"type": kind})
        quiet.append(state.quiet)
    if why == "discard":
        assert state.view(None)["discarded"] > 0
        assert quiet[-1] == 0 and max(quiet) > 0
    else:
        assert state.result is not None and state.quiet == 0 and "end" not in state.result


def test_a_save_continues_the_count_and_an_old_save_loads() -> None:
    ranks = "A23456789TJQK"
    deal = [[r + s for s in "SH" for r in ranks], [r + s for s in "DC" for r in ranks]]
    state = new("bullshit", deal, stall_limit=10)
    play(state, 0, ["3S"], "A")
    call(state, 1)
    _loop(state, 2)
    text = state.to_json()
    loaded = bh.load(text)
    assert _quiet(loaded) == _quiet(state) == 5

    for game in (state, loaded):
        _loop(game, 10)
    assert state.result is not None
    assert loaded.result == state.result and state.result["end"] == "stalled"
    # a save made before the rule: no bookkeeping; it loads and starts counting afresh
    data = json.loads(text)
    del data["state"]["low"], data["state"]["quiet"]
    old = bh.load(json.dumps(data))
    assert old.view(0)["table"]["low"] == [26, 26] and _quiet(old) == 0

    _loop(old, 20)
    assert old.result is not None and old.result["end"] == "stalled"


def _recount(game_id: str, seed: int, players: int) -> None:
    """A random game with the rule off; after every action the engine's count of actions
    without progress equals one kept from outside: a hand smaller than its smallest yet, a
    player out or lost, or cards out of play (discarded) reset it."""
    state: Any = bh.new_game(game_id, players=players, seed=seed, stall_limit=0)
    rng = random.Random(seed)
    low = [len(h) for h in state.hands]
    gone = len(state.finished) + len(state.lost)
    out = len(state.discarded)
    quiet = 0
    for _ in range(600):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, state.sample_action(seat, rng))
        sizes = [len(h) for h in state.hands]
        progress = (
            any(s < m for s, m in zip(sizes, low, strict=True))
            or len(state.finished) + len(state.lost) > gone
            or len(state.discarded) > out
        )
        low = [min(s, m) for s, m in zip(sizes, low, strict=True)]
        gone = len(state.finished) + len(state.lost)
        out = len(state.discarded)
        quiet = 0 if progress else quiet + 1
        assert state.quiet == quiet, (game_id, seed)
        assert state.low == low


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_the_count_matches_a_recount_in_every_preset(game_id: str) -> None:
    for seed in range(3):
        _recount(game_id, seed, 3 + seed % 2)


STUBBORN = [
    (g, style)
    for g in ("bullshit", "popcorn", "higherarchy", "jump_in", "british_cheat", "chinese_bluff")
    for style in ("always_call", "always_lie")
]
STUBBORN += [
    (g, "honest")
    for g in ("specificity", "rank_fork", "jokers_top", "egyptian_bluff", "royals_cheat")
]


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "style"), STUBBORN)
def test_tables_of_stubborn_players_end(game_id: str, style: str) -> None:
    """The tables found looping for ever now end, within the default limit (or
    normally) and long before simulate's cap of 20,000 actions."""
    state = cheat_game(game_id, players=4, seed=0)
    steps = play_game(state, [make_bot(style, seed=s) for s in range(4)], 20_000)
    result = state.result
    assert result is not None, f"{game_id} with {style} did not end in {steps} actions"
    limit = state.rules.stall_limit
    if result.get("end") == "stalled":
        assert state.quiet == limit
        sizes = [len(h) for h in state.hands]
        rest = [s for s in result["ranking"] if s not in state.finished + state.lost]
        assert [sizes[s] for s in rest] == sorted(sizes[s] for s in rest)
