"""The codec and encoder of a configuration, by its family."""

from __future__ import annotations

from typing import Any

from ...errors import RuleError, quote
from .base import (
    HISTORY,
    ActionCodec,
    GameConfig,
)
from .cheat import CheatCodec, CheatObservation
from .observation import (
    ObservationEncoder,
)
from .pokerbull import PokerBullCodec, PokerBullObservation
from .sneak import SneakCodec, SneakObservation


def action_codec(config: GameConfig, **limits: Any) -> ActionCodec:
    """The action codec of a configuration.  ``limits``: Cheat ``play_limit`` (the largest play
    in the space where the rules set none; default 4), Sneak ``any_limit`` and
    ``combo_limit`` (defaults 3 and 5)."""
    if config.family == "cheat":
        return CheatCodec(config, **limits)
    if config.family == "poker_bull":
        if limits:
            raise RuleError(f"Poker Bull's action space takes no limits, not {sorted(limits)}")
        return PokerBullCodec(config)
    if config.family == "sneak":
        return SneakCodec(config, **limits)
    raise RuleError(f"no action encoding for the {config.family} family")  # pragma: no cover


def observation_encoder(config: GameConfig, history: int = HISTORY) -> ObservationEncoder:
    """The observation encoder of a configuration."""
    kinds: dict[str, type[ObservationEncoder]] = {
        "cheat": CheatObservation, "poker_bull": PokerBullObservation,
        "sneak": SneakObservation,
    }
    kind = kinds.get(config.family)
    if kind is None:  # pragma: no cover
        raise RuleError(f"no observation encoding for the {config.family} family")
    if type(history) is not int or not 0 <= history <= 256:
        raise RuleError(f"history must be a whole number from 0 to 256, not {quote(history)}")
    return kind(config, history)
