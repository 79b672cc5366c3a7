"""The ``learned`` bot's old home: it now lives in :mod:`bluffhouse.cheat.learned` (the bots
layer, so that the lobby, the terminal game and the registry can offer it), weights and all.
The names are kept here for code that imports them from the research package."""

from __future__ import annotations

from ..cheat.learned import (
    ABSTRACT,
    BELIEFS,
    WEIGHTS,
    LearnedBot,
    Observation,
    abstract_actions,
    abstract_of,
    belief_features,
    forward,
    knowledge,
    load_policy,
)

__all__ = ["ABSTRACT", "BELIEFS", "WEIGHTS", "LearnedBot", "Observation", "abstract_actions",
           "abstract_of", "belief_features", "forward", "knowledge", "load_policy"]
