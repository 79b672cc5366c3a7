"""bluffhouse: the bluffing card games, as a pure engine with bots and front ends.

>>> import bluffhouse as bh
>>> state = bh.new_game("bullshit", players=4, seed=7)
>>> state.to_act
[0]
"""

from . import cheat as _cheat  # noqa: F401  (registers the Cheat family's game ids)
from . import pokerbull as _pokerbull  # noqa: F401  (registers the Poker Bull game ids)
from . import sneak as _sneak  # noqa: F401  (registers Sneak's game ids)
from .api import SaveError, list_games, load, new_game
from .errors import IllegalAction, RuleError
from .game import Game
from .registry import Preset, lookup, presets

__all__ = [
    "Game",
    "IllegalAction",
    "Preset",
    "RuleError",
    "SaveError",
    "list_games",
    "load",
    "lookup",
    "new_game",
    "presets",
]
__version__ = "0.1.0"
