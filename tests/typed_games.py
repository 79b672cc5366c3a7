"""``bh.new_game`` typed as the family it makes, for tests that read a family's own state and
rules (``bh.new_game`` returns the base ``Game``)."""

from __future__ import annotations

from typing import Any

import bluffhouse as bh
from bluffhouse.cheat import CheatGame
from bluffhouse.pokerbull import PokerBullGame
from bluffhouse.sneak import SneakGame


def cheat_game(game_id: str, **kwargs: Any) -> CheatGame:
    game = bh.new_game(game_id, **kwargs)
    assert isinstance(game, CheatGame)
    return game


def pokerbull_game(game_id: str = "poker_bull", **kwargs: Any) -> PokerBullGame:
    game = bh.new_game(game_id, **kwargs)
    assert isinstance(game, PokerBullGame)
    return game


def sneak_game(game_id: str = "sneak", **kwargs: Any) -> SneakGame:
    game = bh.new_game(game_id, **kwargs)
    assert isinstance(game, SneakGame)
    return game
