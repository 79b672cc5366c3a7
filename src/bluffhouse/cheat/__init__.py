"""The Cheat family: one engine, many presets."""

from . import presets as _presets  # noqa: F401  (registers the game ids)
from .engine import CheatGame
from .rules import CheatRules

__all__ = ["CheatGame", "CheatRules"]
