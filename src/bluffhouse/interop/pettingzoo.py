"""Every bluffhouse game as a PettingZoo AEC environment.

>>> from bluffhouse.interop.pettingzoo import env
>>> e = env(game="bullshit", players=4)
>>> e.reset(seed=7)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs)
['action_mask', 'observation']

Agents are ``player_0`` .. ``player_{n-1}`` (seat numbers).  Observations are dicts of the
seat's observation vector (``encodings.ObservationEncoder``) and its action mask over the fixed
action space (``encodings.ActionCodec``; read-only: the table reuses a mask nobody holds any
more, so copy it to change it); a challenge window is taken seat by seat, in turn order from
the player.  Rewards come at the end (``reward="win"``: +1 to the winner, -1/(n-1) to the
others; ``"rank"``: by place); every agent terminates when the game is over, and all are
truncated after ``max_steps`` actions if that is set.  ``render_mode="ansi"`` returns the
spectator's view as text, ``"human"`` prints it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,unused-ignore]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped,unused-ignore]

from .table import Table, check_settings

__all__ = ["env", "raw_env"]


def env(
    game: str = "bullshit",
    players: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> Any:
    """The AEC environment of ``game`` (any game id) for ``players`` seats (the game's usual
    number by default), with rules ``options``; wrapped to check the order of calls and that
    actions lie in the action space."""
    base = raw_env(game=game, players=players, render_mode=render_mode, **options)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(base))


class _AgentIter:
    """What ``agent_iter`` returns: iterable (once or again) like PettingZoo's own."""

    __slots__ = ("env", "max_iter")

    def __init__(self, env: raw_env, max_iter: int) -> None:
        self.env = env
        self.max_iter = max_iter

    def __iter__(self) -> Iterator[str]:
        env = self.env
        left = self.max_iter
        while left > 0 and env.agents:
            left -= 1
            yield env.agent_selection


class raw_env(AECEnv):  # type: ignore[misc,unused-ignore]
    """The unwrapped environment (see the module notes)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "bluffhouse_v0",
        "is_parallelizable": False,
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str = "bullshit",
        players: int | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        history: int = 8,
        **options: Any,
    ) -> None:
        super().__init__()
        check_settings(render_mode, self.metadata["render_modes"], max_steps)
        self.table = Table(game, players, reward=reward, history=history, **options)
        self.render_mode = render_mode
        self.max_steps = max_steps
        n = self.table.players
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat = {name: s for s, name in enumerate(self.possible_agents)}
        size = self.table.observation_size
        actions = self.table.action_size
        self.observation_spaces = {
            name: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for name in self.possible_agents
        }
        self.action_spaces = {name: spaces.Discrete(actions) for name in self.possible_agents}
        self._steps = 0

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the AEC interface
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self.table.seed(seed)
        self.table.new()
        self._steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.table.acting()]

    def observe(self, agent: str) -> dict[str, Any]:
        cache = self.table._observed(self._seat[agent])
        return {"observation": cache[2], "action_mask": cache[3]}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """AECEnv's ``last``, with the observation read here (once a step: a call saved)."""
        agent = self.agent_selection
        if observe:
            cache = self.table._observed(self._seat[agent])
            observation: dict[str, Any] | None = {"observation": cache[2], "action_mask": cache[3]}
        else:
            observation = None
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def agent_iter(self, max_iter: int = 2**63) -> Iterable[str]:
        """AECEnv's ``agent_iter`` (the agent asked, until no agent is left or ``max_iter``
        steps), as a generator: cheaper to resume each step than an iterator's method."""
        return _AgentIter(self, max_iter)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        table = self.table
        seat = table.act(self._seat[agent], action)
        self._steps += 1
        if seat >= 0 and (self.max_steps is None or self._steps < self.max_steps):
            # (every reward stays 0 until the end: reset, the dead steps and every step before
            # left them so, and adding them would change nothing)
            self.agent_selection = self.possible_agents[seat]
            if self.render_mode == "human":
                self.render()
            return
        game = table.game
        assert game is not None
        if game.over:
            for a in self.agents:
                self.rewards[a] = 0.0
            for a, value in zip(self.possible_agents, table.rewards(), strict=True):
                if a in self.rewards:
                    self.rewards[a] = value
                    self.terminations[a] = True
            self.infos = {a: {"result": game.result} for a in self.agents}
            self.agent_selection = self.agents[(self.agents.index(agent) + 1) % len(self.agents)]
            self._accumulate_rewards()
        else:
            # (every reward stays 0 until the end: reset, the dead steps and every step before
            # left them so, and adding them would change nothing)
            if self.max_steps is not None and self._steps >= self.max_steps:
                for a in self.agents:
                    self.truncations[a] = True
            self.agent_selection = self.possible_agents[table.acting()]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        game = self.table.current()
        text = self.table.text(None)
        if not game.over:
            text += f"\nasked: {self.agent_selection}"
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release (the game is plain Python data)."""
