"""The batched environment of any game it covers: :func:`batched_env` picks the family's
(:class:`~.batched.BatchedCheat`, :class:`~.batched_poker.BatchedPokerBull`)."""

from __future__ import annotations

from typing import Any

from ..encodings import configure
from ..errors import RuleError
from .batched import BatchedCheat
from .batched_poker import BatchedPokerBull

__all__ = ["batched_env"]


def batched_env(
    game: str = "bullshit", num_envs: int = 1, players: int | None = None, **kwargs: Any
) -> BatchedCheat | BatchedPokerBull:
    """``num_envs`` games of ``game`` in lockstep (keywords as for :class:`BatchedCheat`);
    a game of a family it does not cover (Sneak) is refused by name."""
    rules = {k: v for k, v in kwargs.items() if k not in ("seed", "reward", "history", "max_steps")}
    family = configure(game, players, **rules).family
    if family == "poker_bull":
        return BatchedPokerBull(game, num_envs, players, **kwargs)
    if family == "cheat":
        return BatchedCheat(game, num_envs, players, **kwargs)
    raise RuleError(
        f"the batched environment covers the Cheat family and Poker Bull; {game} is a "
        f"{family.title()} game"
    )
