"""Zero-sum rewards from a game's result, shared by every environment."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import RuleError, quote

# ====================================================================== rewards
REWARDS = ("win", "rank")


def rewards(result: Mapping[str, Any] | None, players: int, how: str = "win") -> list[float]:
    """Zero-sum rewards from a game's result.

    ``win``: the winner +1, every other seat -1/(players-1); a shared win (Sneak's shared top
    score) splits it.  ``rank``: linear in the final place, +1 first to -1 last."""
    n = players
    if not result:
        return [0.0] * n
    if how == "rank":
        ranking = list(result.get("ranking") or [])
        out = [0.0] * n
        for place, s in enumerate(ranking):
            out[s] = (n - 1 - 2 * place) / (n - 1)
        return out
    winner = result.get("winner")
    won = [winner] if type(winner) is int else list(result.get("shared") or [])
    if not won:
        return [0.0] * n
    share = 1.0 / len(won)
    return [((share if s in won else 0.0) - 1.0 / n) * n / (n - 1) for s in range(n)]


def reward_bounds(players: int, how: str = "win") -> tuple[float, float]:
    """The lowest and highest reward a seat can get."""
    if how == "rank":
        return -1.0, 1.0
    return -1.0 / (players - 1), 1.0


def check_reward(how: object) -> str:
    if how not in REWARDS:
        raise RuleError(f"reward must be one of {', '.join(REWARDS)}, not {quote(how)}")
    return str(how)
