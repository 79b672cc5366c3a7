"""The batched environment of any game it covers: :func:`batched_env` picks the family's
(:class:`~.batched.BatchedCheat`, :class:`~.batched_poker.BatchedPokerBull`,
:class:`~.batched_sneak.BatchedSneak`)."""

from __future__ import annotations

from typing import Any

from ..encodings import configure
from ..errors import RuleError
from .batched import BatchedCheat
from .batched_poker import BatchedPokerBull
from .batched_sneak import BatchedSneak
from .table import split_options

__all__ = ["batched_env"]


def batched_env(
    game: str = "bullshit", num_envs: int = 1, players: int | None = None, **kwargs: Any
) -> BatchedCheat | BatchedPokerBull | BatchedSneak:
    """``num_envs`` games of ``game`` in lockstep (keywords as for :class:`BatchedCheat`), of
    whichever family the game is."""
    rules, _ = split_options(
        {
            k: v
            for k, v in kwargs.items()
            if k not in ("seed", "reward", "history", "max_steps", "actions", "beliefs")
        }
    )
    family = configure(game, players, **rules).family
    if family == "sneak" and (kwargs.get("actions", "full") != "full" or kwargs.get("beliefs")):
        raise RuleError(
            "the batched environment offers actions='abstract' and beliefs=True for the Cheat "
            f"family and Poker Bull; {game} is a Sneak game (Sneak has no abstraction)"
        )
    if family == "sneak":
        kwargs = {k: v for k, v in kwargs.items() if k not in ("actions", "beliefs")}
    if family == "poker_bull":
        return BatchedPokerBull(game, num_envs, players, **kwargs)
    if family == "sneak":
        return BatchedSneak(game, num_envs, players, **kwargs)
    if family == "cheat":
        return BatchedCheat(game, num_envs, players, **kwargs)
    raise RuleError(f"the batched environment has no game of the {family} family")
