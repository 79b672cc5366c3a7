"""Game ids: presets (a family plus option values) and their aliases."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import RuleError, quote

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class Preset:
    """A named game: a family with option values, a default table size and its source."""

    id: str
    family: type[Game]
    title: str
    summary: str
    options: Mapping[str, Any] = field(default_factory=dict)
    aliases: tuple[str, ...] = ()
    players: int = 4
    min_players: int | None = None
    max_players: int | None = None
    source: str = ""
    notes: str = ""


_PRESETS: dict[str, Preset] = {}
_ALIASES: dict[str, str] = {}


def register(preset: Preset) -> Preset:
    for name in (preset.id, *preset.aliases):
        if name in _PRESETS or name in _ALIASES:
            raise ValueError(f"game id {name!r} registered twice")
    # Options are checked now, so a broken preset fails at import, not in a game.
    preset.family.RULES.build(preset.options)
    _PRESETS[preset.id] = preset
    for alias in preset.aliases:
        _ALIASES[alias] = preset.id
    return preset


def presets() -> list[Preset]:
    return list(_PRESETS.values())


def game_ids() -> list[str]:
    """Every preset id followed by its aliases, in registration order."""
    out: list[str] = []
    for preset in _PRESETS.values():
        out.append(preset.id)
        out.extend(preset.aliases)
    return out


def lookup(game_id: object) -> Preset:
    if type(game_id) is not str:
        raise RuleError(f"a game id is text, like 'bullshit', not {quote(game_id)}")
    key = game_id[:64].strip().lower().replace("-", "_")
    key = _ALIASES.get(key, key)
    preset = _PRESETS.get(key)
    if preset is None:
        raise RuleError(f"unknown game {quote(game_id)}; 'bluffhouse games' lists them")
    return preset
