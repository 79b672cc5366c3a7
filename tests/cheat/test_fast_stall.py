"""The integer Cheat engine keeps the no-progress rule exactly as the reference engine does:
games that stall are compared move for move too (step API, kernel as plain Python and
compiled)."""

from __future__ import annotations

import random

import pytest

from bluffhouse.cheat import fast as F

needs_numba = pytest.mark.skipif(not F.HAVE_NUMBA, reason="numba is not installed")
# small limits, so that random games stall often (and some still end normally)
CASES = [
    ("bullshit", 25),
    ("higherarchy", 25),
    ("popcorn", 12),
    ("hawaiian_bluff", 2),
    ("jokers_top", 30),
]


@pytest.mark.parametrize(("game_id", "limit"), CASES)
def test_kernel_games_that_stall_replay_through_the_reference(game_id: str, limit: int) -> None:
    spec = F.spec_for(game_id, stall_limit=limit)
    res = F.simulate_random(spec, 30, seed=5, compiled=False, trace=F.MAX_ACTIONS)
    assert "stalled" in res.ends
    assert res.actions is not None
    for g in range(res.games):
        fast = F.replay_check(spec, res.deal(g), res.actions[g])  # compares the results too
        assert fast.end == res.ends[g]
        assert fast.winner == res.winners[g] and fast.ranking == res.rankings[g]
    stats = res.as_dict()
    assert stats["stalled"] == res.ends.count("stalled") and stats["unfinished"] == 0


def test_step_api_stalls_with_any_seat_acting() -> None:
    spec = F.spec_for("bullshit", stall_limit=15)
    stalled = 0
    for seed in range(6):
        rng = random.Random(seed)
        deal = F.FastCheat.deal_for(spec, rng)
        game = F.FastCheat(spec, deal)
        actions, seats = [], []
        while not game.over:
            seat = rng.choice(game.to_act)
            action = game.random_action(seat, rng)
            actions.append(action)
            seats.append(seat)
            game.step(action, seat)
        stalled += game.end == "stalled"
        F.replay_check(spec, deal, actions, seats=seats)
    assert stalled


def test_the_rule_off_and_unfinished_games() -> None:
    res = F.simulate_random(
        F.spec_for("bullshit", stall_limit=3), 10, seed=1, compiled=False, max_actions=2
    )
    assert res.ends == ["unfinished"] * 10 and res.as_dict()["unfinished"] == 10
    res = F.simulate_random("bullshit", 20, seed=1, compiled=False, stall_limit=0)
    assert res.ends.count(None) == 20


@needs_numba
@pytest.mark.usefixtures("compiled_kernels")
def test_compiled_kernel_agrees() -> None:
    spec = F.spec_for("bullshit", stall_limit=25)
    plain = F.simulate_random(spec, 40, seed=9, compiled=False)
    fast = F.simulate_random(spec, 40, seed=9, compiled=True)
    assert fast.ends == plain.ends and fast.winners == plain.winners
    assert fast.rankings == plain.rankings and fast.steps == plain.steps
    assert "stalled" in fast.ends and None in fast.ends
