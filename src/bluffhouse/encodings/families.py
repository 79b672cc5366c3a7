"""The codec and encoder of a configuration, by its family."""

from __future__ import annotations

from typing import Any

from ..errors import RuleError, quote
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

#: Each family's action codec and observation encoder.
_CODECS: dict[str, type[ActionCodec]] = {
    "cheat": CheatCodec,
    "poker_bull": PokerBullCodec,
    "sneak": SneakCodec,
}
_ENCODERS: dict[str, type[ObservationEncoder]] = {
    "cheat": CheatObservation,
    "poker_bull": PokerBullObservation,
    "sneak": SneakObservation,
}


def action_codec(config: GameConfig, **limits: Any) -> ActionCodec:
    """The action codec of a configuration.  ``limits``: Cheat ``play_limit`` (the largest play
    in the space where the rules set none; default 4), Sneak ``any_limit`` and
    ``combo_limit`` (defaults 3 and 5); Poker Bull's space takes none."""
    kind = _CODECS.get(config.family)
    if kind is None:  # pragma: no cover - every registered family has one
        raise RuleError(f"no action encoding for the {config.family} family")
    return kind(config, **limits)


def observation_encoder(config: GameConfig, history: int = HISTORY) -> ObservationEncoder:
    """The observation encoder of a configuration."""
    kind = _ENCODERS.get(config.family)
    if kind is None:  # pragma: no cover
        raise RuleError(f"no observation encoding for the {config.family} family")
    if type(history) is not int or not 0 <= history <= 256:
        raise RuleError(f"history must be a whole number from 0 to 256, not {quote(history)}")
    return kind(config, history)
