"""Sneak (David Parlett): draw, sneak face down or flaunt face up, and challenge."""

from . import presets as _presets  # noqa: F401  (registers the game ids)
from .engine import SneakGame
from .rules import SneakRules

__all__ = ["SneakGame", "SneakRules"]
