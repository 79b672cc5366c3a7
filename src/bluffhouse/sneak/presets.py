"""The named games of Sneak (Sneak's rule text), as option values over :class:`SneakRules`."""

from __future__ import annotations

from ..registry import Preset, register
from .engine import SneakGame

SEED_SNEAK = "the Sneak rule text (by David Parlett)"


def _register_all() -> None:
    register(
        Preset(
            "sneak",
            SneakGame,
            "Sneak",
            "Draw from a shared stock, sneak cards face down or flaunt combos face up; anyone may "
            "challenge with as many cards; 1 point per card won, game to 100 (200 with two packs).",
            {},
            players=4,
            min_players=2,
            max_players=7,
            source=SEED_SNEAK,
            notes="Readings and options: docs/rules/sneak.md.",
        )
    )


_register_all()
