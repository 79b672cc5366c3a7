"""The PettingZoo AEC environment: PettingZoo's own API, seed and render tests for every
family, windows taken seat by seat, rewards, and observations built from the seat's view only."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from interop_util import leak_case  # noqa: E402
from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

import bluffhouse as bh  # noqa: E402
from bluffhouse.encodings import configure  # noqa: E402
from bluffhouse.interop.pettingzoo import env, raw_env  # noqa: E402

#: (game id, options): several Cheat presets (windows of several seats, one seat, none: answers
#: inside the turn; table cheats; jump-in), Poker Bull and Sneak.
CASES = [
    ("bullshit", {}),
    ("bluff", {}),
    ("popcorn", {"callers": "next"}),
    ("chinese_bluff", {}),
    ("anything_goes_cheat", {}),
    ("jump_in", {}),
    ("hawaiian_bluff", {}),
    ("eightshit", {}),
    ("specificity", {}),
    ("poker_bull", {}),
    ("poker_bull_rising", {"players": 2}),
    ("sneak", {}),
    ("sneak", {"players": 2}),
]


def _quiet(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Runs a PettingZoo test without its advice warnings (a dict observation, as the
    contract asks, is 'not a NumPy array')."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


@pytest.mark.parametrize("game_id, options", CASES)
def test_api(game_id: str, options: dict[str, Any]) -> None:
    _quiet(api_test, env(game=game_id, **options), num_cycles=40)


@pytest.mark.parametrize("game_id, options", CASES)
def test_seed(game_id: str, options: dict[str, Any]) -> None:
    _quiet(seed_test, lambda: env(game=game_id, **options), num_cycles=25)


@pytest.mark.parametrize("game_id, options", CASES)
def test_render(game_id: str, options: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    _quiet(
        render_test, lambda render_mode=None: env(game=game_id, render_mode=render_mode, **options)
    )
    e = env(game=game_id, render_mode="ansi", **options)
    e.reset(seed=3)
    assert "to act" in e.render()


@pytest.mark.slow
@pytest.mark.parametrize("game_id, options", CASES)
def test_api_long(game_id: str, options: dict[str, Any]) -> None:
    _quiet(api_test, env(game=game_id, **options), num_cycles=1000)


def _play(e: Any, seed: int, steps: int) -> list[Any]:
    rng = random.Random(seed)
    asked: list[Any] = []
    for agent in e.agent_iter(steps):
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        asked.append(agent)
        e.step(int(rng.choice(ids)))
    return asked


def test_windows_are_taken_seat_by_seat() -> None:
    """After a play every other seat is asked in turn order from the player's left; each
    mask holds call and pass only."""
    e = env(game="bullshit", players=4)
    e.reset(seed=11)
    base = e.unwrapped
    assert e.agent_selection == "player_0"
    obs, *_ = e.last()
    play = next(
        i
        for i in np.flatnonzero(obs["action_mask"])
        if base.table.codec.describe(int(i)).startswith("play")
    )
    e.step(int(play))
    codec = base.table.codec
    for expected in ("player_1", "player_2", "player_3"):
        assert e.agent_selection == expected
        obs, *_ = e.last()
        assert {codec.describe(int(i)) for i in np.flatnonzero(obs["action_mask"])} == {
            "call",
            "pass",
        }
        e.step(codec._by_kind["pass"].start)
    assert e.agent_selection == "player_1"  # the play stood: the next seat's turn


def test_game_end_rewards_and_termination() -> None:
    e = env(game="poker_bull_rising", players=2, grow_limit=1)
    e.reset(seed=2)
    total = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter(500):
        obs, reward, terminated, truncated, info = e.last()
        total[agent] += reward
        if terminated or truncated:
            assert "result" in info
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[-1]))  # the highest bid, or the call
    assert not e.agents
    assert sorted(total.values()) == [-1.0, 1.0]


def test_truncation_after_max_steps() -> None:
    e = env(game="bullshit", max_steps=5)
    e.reset(seed=1)
    _play(e, 1, 40)
    assert not e.agents  # everyone truncated and stepped out


def test_illegal_and_bad_settings_are_named() -> None:
    e = env(game="bullshit")
    e.reset(seed=4)
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(bh.IllegalAction, match="not legal"):
        e.step(illegal)
    with pytest.raises(bh.RuleError, match="render_mode"):
        raw_env(game="bullshit", render_mode="rgb_array")
    with pytest.raises(bh.RuleError, match="unknown option"):
        raw_env(game="bullshit", colour="red")
    with pytest.raises(bh.RuleError, match="max_steps"):
        raw_env(game="bullshit", max_steps=0)


def test_observation_is_the_seat_view_only() -> None:
    """The leak property through the environment's own observation function."""
    config = configure("bullshit")
    e = raw_env(game="bullshit")

    def observe(game: bh.Game, seat: int) -> Any:
        e.table.game = game
        e.table.memories = [e.table.encoder.memory(s) for s in range(game.players)]
        e.table._cache = None
        return e.observe(f"player_{seat}")

    found = 0
    for seed in range(6):
        found += leak_case(config, seed, 25 + seed * 9, seed, observe) is not None
    assert found >= 4


def test_last_and_agent_iter_are_pettingzoo_own() -> None:
    """``raw_env`` answers ``last`` and ``agent_iter`` itself (fewer calls a step): on a random
    Sneak game, with a step limit and after the end, they give what AECEnv's own give."""
    from pettingzoo import AECEnv
    from pettingzoo.utils.env import AECIterable

    e = raw_env(game="sneak", max_steps=120)
    e.reset(seed=3)
    rng = random.Random(3)
    assert list(e.agent_iter(0)) == []
    mine, theirs = iter(e.agent_iter(400)), iter(AECIterable(e, 400))
    steps = 0
    for agent in mine:
        assert agent == next(theirs) == e.agent_selection
        obs, reward, terminated, truncated, info = e.last()
        own = AECEnv.last(e)
        assert (reward, terminated, truncated, info) == own[1:]
        assert np.array_equal(obs["observation"], own[0]["observation"])
        assert np.array_equal(obs["action_mask"], own[0]["action_mask"])
        assert e.last(observe=False)[0] is None
        if terminated or truncated:
            e.step(None)
            continue
        ids = np.flatnonzero(obs["action_mask"])
        e.step(int(ids[rng.randrange(len(ids))]))
        steps += 1
    assert next(theirs, None) is None  # both stop when the last agent has stepped out
    assert steps == 120 and not e.agents
