"""The batched environment as a Gymnasium vector environment, every seat stepped by the caller.

``gymnasium.make_vec("bluffhouse/Bullshit-v0", num_envs=N,
vectorization_mode="vector_entry_point")`` returns a :class:`BatchedVectorEnv` for the games
the batched environment covers (the Cheat family's presets that
:class:`~bluffhouse.interop.batched.BatchedCheat` plays, Poker Bull and Sneak; importing
:mod:`bluffhouse.interop.gymnasium` registers the ids).  Unlike the single environment, no
seat is played by a bot: each step takes the action of the seat asked in each game
(``info["seat"]``), whichever seat that is.

- ``observation``: the observation of the seat asked next (``info["seat"]``);
  ``info["action_mask"]``: its legal ids, as the single environment gives them.
- ``reward``: the reward of the seat that acted (``info["acted"]``) when its action ended the
  game (else 0); ``info["rewards"]`` holds every seat's (N, players).
- Autoreset is same-step (``gymnasium.vector.AutoresetMode.SAME_STEP``): a game that ends is
  dealt anew in the step that ended it, so the observation and mask returned are the new
  game's (the mask never all zeros); ``info["final_obs"]`` holds the ended game's last
  observation of ``info["acted"]``, with ``info["_final_obs"]`` marking those games.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv

from .batched import Batch
from .batched_games import batched_env

__all__ = ["BatchedVectorEnv"]


class BatchedVectorEnv(VectorEnv):  # type: ignore[misc,unused-ignore]
    """N games of one configuration (see the module notes).  Keywords as for
    :class:`~bluffhouse.interop.batched.BatchedCheat`; ``render_mode`` is not offered (render
    one game through the single environment)."""

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (VectorEnv's)

    def __init__(self, num_envs: int = 1, game: str = "bullshit", **kwargs: Any) -> None:
        kwargs.pop("max_episode_steps", None)  # (gymnasium passes the spec's: there is none)
        self.batch = batched_env(game, num_envs=num_envs, **kwargs)
        self.num_envs = num_envs
        size = self.batch.observation_size
        self.single_observation_space = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.single_action_space = spaces.Discrete(self.batch.num_actions)
        self.observation_space = spaces.Box(0.0, 1.0, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete(np.full(num_envs, self.batch.num_actions))
        self._acted = np.full(num_envs, -1, dtype=np.int64)

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        super().reset(seed=seed)
        batch = self.batch.reset(seed=seed)
        self._acted[:] = -1
        return batch.obs.copy(), self._info(batch, self._acted)

    def step(
        self, actions: Any
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acted = self.batch._seat.copy()
        batch = self.batch.step(np.asarray(actions).reshape(self.num_envs))
        reward = batch.rewards[np.arange(self.num_envs), acted].astype(np.float32)
        info = self._info(batch, acted)
        ended = batch.terminated | batch.truncated
        if ended.any():
            info["final_obs"] = batch.final_obs.copy()
            info["_final_obs"] = ended.copy()
        return (
            batch.obs.copy(),
            reward,
            batch.terminated.copy(),
            batch.truncated.copy(),
            info,
        )

    def action_masks(self) -> np.ndarray:
        """The legal-action masks now (N, actions): what sb3-contrib's maskable policies ask."""
        return self.batch._mask.copy()

    @staticmethod
    def _info(batch: Batch, acted: np.ndarray) -> dict[str, Any]:
        return {
            "action_mask": batch.mask.copy(),
            "seat": batch.seat.copy(),
            "acted": acted,
            "rewards": batch.rewards.copy(),
        }
