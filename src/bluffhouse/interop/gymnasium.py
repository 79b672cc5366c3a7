"""Every bluffhouse game as a single-agent Gymnasium environment: one seat learns, the other
seats are bluffhouse bots.

Importing this module registers ``bluffhouse/<GameId>-v0`` for every game id and alias
(CamelCase: ``bluffhouse/Bullshit-v0``, ``bluffhouse/PokerBull-v0``, ``bluffhouse/Sneak-v0``,
``bluffhouse/BullshitA-v0``)::

    import gymnasium as gym
    import bluffhouse.interop.gymnasium  # noqa: F401  (registers the ids)

    env = gym.make("bluffhouse/Bullshit-v0", bots="counter", seat=0)
    obs, info = env.reset(seed=1)
    action = env.action_space.sample(info["action_mask"])

``gymnasium.make_vec(id, num_envs=N, vectorization_mode="vector_entry_point")`` gives the
batched environment instead (:mod:`.gym_vector`: every seat stepped by the caller, for the
Cheat-family games it covers; the others are refused by name).

Observations are the learning seat's observation vector; the legal actions are
``info["action_mask"]`` (int8 over the fixed action space).  ``bots`` names the other seats'
bots (``counter`` by default: card counting, the bar a learned agent must clear; any name of
``bluffhouse.bots``, a comma list or a list, a shorter list repeating its last name);
``seat`` is the learning seat (None: a random seat each game).  The reward comes at the end
(``reward="win"``: +1 for a win, -1/(n-1) otherwise; ``"rank"``: by place).  An action id the
mask does not mark ends the episode as a loss for the learning seat (``illegal="lose"``, the
default, so that unmasked samplers such as ``check_env``'s get an answer) or raises
``bh.IllegalAction`` (``illegal="raise"``).
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from ..api import list_games
from ..bots import Choices, make_bot, parse_bot_list
from ..bots.base import Bot
from ..encodings import camel_case, reward_bounds
from ..errors import IllegalAction, RuleError, quote
from .table import Table, check_settings

__all__ = ["DEFAULT_BOTS", "BluffhouseEnv", "env_id", "register_all"]

#: The other seats' bots unless named: the card counter.
DEFAULT_BOTS = "counter"
#: Games in a row a reset may see end before the learning seat acts, before giving up.
RESET_TRIES = 50
#: What an action id outside the mask does.
ILLEGAL = ("lose", "raise")


class BluffhouseEnv(gym.Env[np.ndarray, np.int64]):  # type: ignore[type-arg,misc,unused-ignore]
    """One learning seat against bots (see the module notes)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 4}  # noqa: RUF012 (Env's)

    def __init__(
        self,
        game: str = "bullshit",
        players: int | None = None,
        seat: int | None = 0,
        bots: str | list[str] = DEFAULT_BOTS,
        render_mode: str | None = None,
        reward: str = "win",
        max_steps: int | None = None,
        history: int = 8,
        illegal: str = "lose",
        **options: Any,
    ) -> None:
        if illegal not in ILLEGAL:
            raise RuleError(f"illegal must be one of {', '.join(ILLEGAL)}, not {quote(illegal)}")
        self.illegal = illegal
        check_settings(render_mode, self.metadata["render_modes"], max_steps)
        self.table = Table(game, players, reward=reward, history=history, **options)
        n = self.table.players
        if seat is not None and (type(seat) is not int or not 0 <= seat < n):
            raise RuleError(f"seat must be a seat from 0 to {n - 1} or None, not {quote(seat)}")
        text = bots if isinstance(bots, str) else ",".join(bots)
        try:
            names = parse_bot_list(text, n - 1)
        except ValueError as exc:
            raise RuleError(f"bots: {exc}") from None
        self.bot_names = names
        self.fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.render_mode = render_mode
        self.max_steps = max_steps
        self.observation_space = spaces.Box(0.0, 1.0, (self.table.observation_size,), np.float32)
        self.action_space = spaces.Discrete(self.table.action_size)
        self._bots: dict[int, Bot] = {}
        self._steps = 0
        self._ended = False
        self._seeder = random.Random()

    # ------------------------------------------------------------------ gym interface
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
            self._seeder = random.Random(seed)
        for _ in range(RESET_TRIES):
            self.table.new()
            n = self.table.players
            self.seat = (
                self.fixed_seat if self.fixed_seat is not None else self._seeder.randrange(n)
            )
            others = [s for s in range(n) if s != self.seat]
            self._bots = {
                s: make_bot(name, seed=self._seeder.getrandbits(63))
                for s, name in zip(others, self.bot_names, strict=True)
            }
            self._steps = 0
            self._ended = False
            self._play_bots()
            if not self.table.current().over:
                return self._observation(), self._info()
        raise RuntimeError(
            f"{RESET_TRIES} games in a row ended before seat {self.seat} could act"
        )  # pragma: no cover - a game where one seat never acts

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        game = self.table.current()
        if game.over or self._ended:
            raise RuntimeError("the episode is over: call reset()")
        try:
            self.table.act(self.seat, action)
        except IllegalAction as exc:
            if self.illegal == "raise":
                raise
            self._ended = True
            low = reward_bounds(self.table.players, self.table.reward)[0]
            info = self._info()
            info["illegal"] = str(exc)
            return self._observation(), low, True, False, info
        self._steps += 1
        self._play_bots()
        game = self.table.current()
        terminated = game.over
        reward = self.table.rewards()[self.seat] if terminated else 0.0
        truncated = not terminated and self.max_steps is not None and self._steps >= self.max_steps
        info = self._info()
        if terminated:
            info["result"] = game.result
        if self.render_mode == "human":
            self.render()
        return self._observation(), float(reward), terminated, bool(truncated), info

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.table.text(self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def action_masks(self) -> np.ndarray:
        """The legal-action mask now (the method sb3-contrib's MaskablePPO asks for); every
        action once the episode is over (see _info)."""
        return self._mask()

    # ------------------------------------------------------------------ inside
    def _play_bots(self) -> None:
        """The bots act until the learning seat is asked, or the game ends."""
        game = self.table.current()
        while not game.over:
            seat = self.table.acting()
            if seat == self.seat:
                return
            bot = self._bots[seat]
            view = game.view(seat) if bot.wants_view else None
            game.apply(seat, bot.act(view, Choices(game, seat)))
        self.table._cache = None

    def _observation(self) -> np.ndarray:
        return self.table.observe(self.seat)[0].copy()

    def _mask(self) -> np.ndarray:
        """The legal-action mask; once the episode is over, every action: nothing is legal
        then, but the next action is never played (the next call is ``reset``, or a vector
        environment's autoreset step, which ignores it), and a masked sampler fed an empty
        mask fails (pgx marks a finished game's actions all legal alike)."""
        _, mask, _ = self.table.observe(self.seat)
        if self._ended or self.table.current().over:
            return np.ones_like(mask)
        return mask.copy()

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask(), "seat": self.seat}


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game id: ``bluffhouse/PokerBull-v0``."""
    return f"bluffhouse/{camel_case(game_id)}-v0"


def register_all() -> list[str]:
    """Registers every game id and alias (again only where missing); returns the ids."""
    out = []
    for game_id in list_games():
        name = env_id(game_id)
        if name not in gym.registry:
            gym.register(
                id=name,
                entry_point=f"{__name__}:BluffhouseEnv",
                vector_entry_point=f"{__package__}.gym_vector:BatchedVectorEnv",
                kwargs={"game": game_id},
            )
        out.append(name)
    return out


register_all()
