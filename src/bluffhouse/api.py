"""The entry points of the public surface: list, make and load games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .errors import RuleError
from .game import SAVE_FORMAT, Game
from .registry import Preset, game_ids, lookup
from .rules import Rules


class SaveError(ValueError):
    """Text that is not a saved bluffhouse game (or a damaged one)."""


def list_games() -> list[str]:
    """Every game id and preset id (aliases included)."""
    return game_ids()


def new_game(
    game_id: str,
    players: int | None = None,
    seed: int | None = None,
    deal: Sequence[Sequence[str]] | None = None,
    stock: Sequence[str] | None = None,
    first: int | None = None,
    **options: Any,
) -> Game:
    """A new game of ``game_id``; options override the preset's, each one validated."""
    preset = lookup(game_id)
    family = preset.family
    if options:
        rules = family.RULES.build(preset.options, options)
    else:  # a preset as it stands: its rules are built once (they are frozen)
        rules = _PRESET_RULES.get(preset.id) or _preset_rules(preset)
    if players is None:
        players = preset.players
    return family.create(preset, rules, players, seed, deal, stock, first)


_PRESET_RULES: dict[str, Rules] = {}


def _preset_rules(preset: Preset) -> Rules:
    rules = _PRESET_RULES[preset.id] = preset.family.RULES.build(preset.options)
    return rules


def load(text: str | bytes) -> Game:
    """A game from ``Game.to_json`` text; it continues exactly as the saved one would have."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as exc:
        raise SaveError(f"not a saved game: the text is not JSON ({exc})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game: expected format {SAVE_FORMAT!r}")
    try:
        preset = lookup(data["game"])
        return preset.family._from_data(preset, data)
    except RuleError as exc:
        raise SaveError(f"cannot load the saved game: {exc}") from None
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveError(f"the saved game is damaged (missing or bad {exc})") from None
