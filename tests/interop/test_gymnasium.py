"""The Gymnasium environment: registration of every game id, Gymnasium's own env checker for
every family, the action mask in info, the bots on the other seats."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import bluffhouse as bh  # noqa: E402
from bluffhouse.interop import gymnasium as bg  # noqa: E402

CASES = [
    ("Bullshit", {}),
    ("Bluff", {}),
    ("AnythingGoesCheat", {}),
    ("JumpIn", {}),
    ("Eightshit", {}),
    ("PokerBull", {}),
    ("PokerBullRising", {"players": 2}),
    ("Sneak", {}),
    ("Sneak", {"players": 2}),
    ("BullshitA", {}),
]


def _check(name: str, **kwargs: Any) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's advice included: none expected
        env = gym.make(f"bluffhouse/{name}-v0", **kwargs)
        check_env(env.unwrapped)


def test_every_game_id_is_registered() -> None:
    ids = bg.register_all()
    assert len(ids) == len(bh.list_games())
    for name in (
        "bluffhouse/Bullshit-v0",
        "bluffhouse/PokerBull-v0",
        "bluffhouse/Sneak-v0",
        "bluffhouse/Cheat-v0",
        "bluffhouse/BullshitW-v0",
        "bluffhouse/PopcornTwoDecks-v0",
    ):
        assert name in gym.registry


@pytest.mark.parametrize("name, kwargs", CASES)
def test_check_env_random_bots(name: str, kwargs: dict[str, Any]) -> None:
    _check(name, bots="random", **kwargs)


@pytest.mark.slow
@pytest.mark.parametrize("name, kwargs", CASES)
def test_check_env_default_bots(name: str, kwargs: dict[str, Any]) -> None:
    _check(name, **kwargs)


def test_episode_with_the_mask() -> None:
    env = gym.make("bluffhouse/Bullshit-v0", bots="random", seat=2)
    first, info = env.reset(seed=5)
    assert info["seat"] == 2 and first.shape == env.observation_space.shape
    rng = np.random.default_rng(0)
    steps, total = 0, 0.0
    terminated = truncated = False
    while not (terminated or truncated) and steps < 3000:
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert np.array_equal(mask, env.unwrapped.action_masks())
        _, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
        steps += 1
    assert terminated and "result" in info
    assert total in (1.0, -1 / 3)
    # the game is over: no action is legal, and none will be played; the mask is never empty
    assert info["action_mask"].all() and env.unwrapped.action_masks().all()


def test_a_vector_env_with_next_step_autoreset_never_hands_out_an_empty_mask() -> None:
    """Gymnasium's vector environments autoreset on the step after an episode ends: the mask
    in that step's info (and every other) must let a masked sampler draw."""
    envs = gym.make_vec(
        "bluffhouse/PokerBull-v0", num_envs=2, vectorization_mode="sync", bots="random"
    )
    _, info = envs.reset(seed=3)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        masks = info["action_mask"]
        assert all(m.any() for m in masks)
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in masks])
        _, _, terminated, truncated, info = envs.step(actions)
        ended += int(np.sum(terminated | truncated))
    assert ended >= 2
    envs.close()


def test_same_seed_same_episode() -> None:
    def run() -> list[Any]:
        env = gym.make("bluffhouse/PokerBull-v0", bots="counter", players=3)
        obs, info = env.reset(seed=9)
        out = [obs]
        for _ in range(8):
            ids = np.flatnonzero(info["action_mask"])
            obs, _reward, terminated, _truncated, info = env.step(int(ids[len(ids) // 2]))
            out.append(obs)
            if terminated:
                break
        return out

    first, second = run(), run()
    assert all(np.array_equal(a, b) for a, b in zip(first, second, strict=True))


def test_illegal_ids() -> None:
    env = gym.make("bluffhouse/Bullshit-v0", bots="random")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _obs, reward, terminated, _truncated, info = env.step(illegal)
    assert terminated and reward == -1 / 3 and "not legal" in info["illegal"]
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    strict = gym.make("bluffhouse/Bullshit-v0", bots="random", illegal="raise")
    _, info = strict.reset(seed=1)
    with pytest.raises(bh.IllegalAction, match="not legal"):
        strict.step(illegal)


def test_random_seat_and_bot_lists() -> None:
    env = gym.make("bluffhouse/Sneak-v0", seat=None, bots=["random", "honest"], players=3)
    seats = set()
    for seed in range(8):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
    assert len(seats) > 1
    assert env.unwrapped.bot_names == ["random", "honest"]


def test_bad_settings_are_named() -> None:
    with pytest.raises(bh.RuleError, match="bots"):
        gym.make("bluffhouse/Bullshit-v0", bots="nobody")
    with pytest.raises(bh.RuleError, match="seat"):
        gym.make("bluffhouse/Bullshit-v0", seat=7)
    with pytest.raises(bh.RuleError, match="illegal"):
        gym.make("bluffhouse/Bullshit-v0", illegal="ignore")
    # the checks the environments share (interop/table.py)
    with pytest.raises(bh.RuleError, match=r"render_mode must be one of \['ansi', 'human'\]"):
        bg.BluffhouseEnv(game="bullshit", render_mode="rgb_array")
    with pytest.raises(bh.RuleError, match="max_steps must be a whole number from 1, not 0"):
        bg.BluffhouseEnv(game="bullshit", max_steps=0)
