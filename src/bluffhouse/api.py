"""The entry points of the public surface: list, make and load games."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .errors import RuleError, SaveError, quote
from .game import SAVE_FORMAT, Game
from .registry import Preset, game_ids, lookup
from .rules import Rules

__all__ = ["SaveError", "list_games", "load", "new_game"]


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
    """A game from ``Game.to_json`` text; it continues exactly as the saved one would have.

    Anything else is refused with SaveError naming the problem, in time linear in the size of
    the text: text that is not JSON, another format, an unknown game, fields of the wrong type
    or out of range, rules that cannot be played, and impossible states (cards duplicated or
    missing, seats or phases that do not exist, a log that is not one)."""
    if not isinstance(text, str | bytes | bytearray):
        raise SaveError(f"a saved game is text, not {quote(text)}")
    try:
        data = json.loads(text)
    except RecursionError:
        raise SaveError("not a saved game: the JSON is nested too deeply") from None
    except (TypeError, ValueError) as exc:
        raise SaveError(f"not a saved game: the text is not JSON ({str(exc)[:80]})") from None
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveError(f"not a saved game: expected format {SAVE_FORMAT!r}")
    try:
        preset = lookup(data.get("game"))
    except RuleError as exc:
        raise SaveError(f"cannot load the saved game: {exc}") from None
    try:
        return preset.family._from_data(preset, data)
    except SaveError:
        raise
    except (
        KeyError,
        TypeError,
        ValueError,
        IndexError,
        AttributeError,
        AssertionError,
        RecursionError,
    ) as exc:
        # A last line of defence: the checks of _from_data name every problem they know of.
        raise SaveError(
            f"the saved game is damaged ({type(exc).__name__}: {str(exc)[:80]})"
        ) from None
