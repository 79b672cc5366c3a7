"""The integer path (bluffhouse.pokerbull.fast) against the reference engine, move for move."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from bluffhouse.pokerbull import fast
from typed_games import pokerbull_game

# every test here runs the compiled core: loaded from the cache conftest.py warms
pytestmark = pytest.mark.usefixtures("compiled_kernels")

RULES: list[tuple[str, int, dict[str, Any]]] = [
    ("poker_bull", 5, {}),
    ("poker_bull_no_jokers", 4, {}),
    ("poker_bull_rising", 3, {}),
    (
        "poker_bull",
        6,
        {
            "jokers_high": True,
            "royal_over_five": "natural",
            "suit_order": "SHDC",
            "recharge_at": 12,
        },
    ),
    ("poker_bull", 3, {"jokers": 1, "royal_over_five": "all", "hand_size": 3}),
]


def _options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    base: dict[str, dict[str, Any]] = {
        "poker_bull_no_jokers": {"jokers": 0},
        "poker_bull_rising": {"mode": "grow"},
    }
    return {**base.get(game_id, {}), **options}


@pytest.mark.parametrize(("game_id", "players", "options"), RULES)
def test_step_path_matches_the_engine(game_id: str, players: int, options: dict[str, Any]) -> None:
    for seed in (1, 2):
        g = pokerbull_game(game_id, players=players, seed=seed, **options)
        f = fast.FastGame(players, seed, _options(game_id, options))
        rng_f, rng_g = random.Random(seed), random.Random(seed)
        while not g.over:
            if not g.history:  # a new hand: the same deal
                assert [sorted(h) for h in g.hands] == f.hands()
            seat = g.to_act[0]
            assert seat == f.turn and not f.over
            action = f.sample(rng_f)
            reference = g.sample_action(seat, rng_g)
            assert f.text(action) == reference.get("bid")
            assert (action == fast.CALL) == (reference["type"] == "call")
            g.apply(seat, reference)
            f.step(action)
            if action == fast.CALL:
                assert g.showdown is not None and g.showdown["loser"] == f.loser
                sizes = g.result["cards_left"] if g.result else g.sizes
                assert sizes == f.sizes
            else:
                assert g.bid == f.text(f.standing)
        assert g.result is not None and g.result["winner"] == f.winner
        assert g.result["hands_played"] == f.hand_no


def _replay_trace(game_id: str, players: int, options: dict[str, Any], seed: int) -> None:
    winner, rows = fast.trace_random(players, seed, rules=_options(game_id, options))
    g = pokerbull_game(game_id, players=players, seed=seed, **options)
    rng = random.Random(fast.choice_seed_of(seed))
    for action, seat, loser, *sizes in rows:
        assert g.to_act == [seat]
        reference = g.sample_action(seat, rng)
        if action == fast.CALL:
            assert reference == {"type": "call"}
        else:
            assert reference == {"type": "bid", "bid": g.space.texts[action]}
        g.apply(seat, reference)
        if action == fast.CALL:
            assert g.showdown is not None and g.showdown["loser"] == loser
            assert (g.result["cards_left"] if g.result else g.sizes) == sizes
    assert g.result is not None and g.result["winner"] == winner


@pytest.mark.parametrize(("game_id", "players", "options"), RULES)
def test_bulk_core_matches_the_engine(game_id: str, players: int, options: dict[str, Any]) -> None:
    pytest.importorskip("numba")
    assert fast.COMPILED
    for seed in (3, 4, 2**40 + 7):
        _replay_trace(game_id, players, options, seed)


def test_bulk_equals_step_by_step() -> None:
    pytest.importorskip("numba")
    bulk = fast.simulate_random(30, players=5, seed=100)
    for g in range(30):
        f = fast.play_random(5, 100 + g)
        assert (bulk["winners"][g], bulk["lengths"][g], bulk["hands"][g]) == (
            f.winner,
            f.actions,
            f.hand_no,
        )


def test_mersenne_twister_is_cpythons() -> None:
    """The bulk core's generator (compiled where numba runs it) is CPython's, draw for draw."""
    for seed in (0, 1, 12345, 2**32 - 1, 2**32, 2**40 + 3, 2**62 + 5):
        mt: Any = fast._buffers(1, fast.COMPILED, 0)[0]
        fast._seed(mt, seed)
        ref = random.Random(seed)
        assert [int(x) for x in mt[:624]] == list(ref.getstate()[1][:624])
        for n in (1, 2, 3, 54, 1000, 19_999):
            assert fast._randbelow(mt, n) == ref.randrange(n)
        assert [fast._genrand(mt) for _ in range(700)] == [ref.getrandbits(32) for _ in range(700)]


def test_pure_python_fallback_gives_the_same_games() -> None:
    pytest.importorskip("numba")
    code = (
        "import json; from bluffhouse.pokerbull import fast; assert not fast.COMPILED; "
        "print(json.dumps(fast.simulate_random(3, players=4, seed=9, "
        "rules={'recharge_at': 10})))"
    )
    env = {**os.environ, "BLUFFHOUSE_NO_NUMBA": "1"}
    out = subprocess.run(
        [sys.executable, "-c", code],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(out.stdout) == fast.simulate_random(
        3, players=4, seed=9, rules={"recharge_at": 10}
    )


def test_unsupported_rules_are_refused() -> None:
    with pytest.raises(ValueError, match="higher_hand_counts"):
        fast.FastGame(5, 0, {"higher_hand_counts": True})
    with pytest.raises(ValueError, match="jokers_leave_at"):
        fast.simulate_random(1, 5, rules={"jokers_leave_at": 10})
