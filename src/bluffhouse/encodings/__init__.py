"""Fixed-size encodings of a game configuration, for learning agents and game solvers.

Two things are encoded, both from the public surface only (``legal_actions``, or the same in
compact form, and ``view(seat)``), so nothing a seat may not know can reach an encoding:

- **Actions**: a fixed integer action space per configuration (game id, players, options),
  with a codec both ways (:class:`ActionCodec`): ``encode`` gives an action of
  ``legal_actions(seat)`` its id, ``decode`` turns an id back into an action ``apply``
  accepts, and ``mask`` marks the legal ids.  Plays that lay cards are *multisets of card
  groups*: ranks where the rules make suits irrelevant (the contract lets ``legal_actions``
  list such plays once), single cards where suits matter (Specificity, Sneak); decoding picks
  the concrete cards deterministically from the hand, spreading suits.
- **Observations**: a fixed-length numeric vector of ``view(seat)`` (:class:`ObservationEncoder`:
  own hand, hand sizes, pile, claims, cards seen revealed and where they went, recent history,
  scores; every value in [0, 1], seats counted from the viewer's left) and a string form.

docs/research.md has the tables: every block, and the size of each action space and why.

The package keeps one module per responsibility: :mod:`.base` (configurations, card multisets,
the action codec's base), :mod:`.observation` (the observation encoder's base and the memory of
a seat), one module per family (:mod:`.cheat`, :mod:`.pokerbull`, :mod:`.sneak`: the family's
codec and encoder), :mod:`.families` (the codec and encoder of a configuration),
:mod:`.rewards` and :mod:`.docs` (the sizes table; ``python -m bluffhouse.encodings``
rewrites it).  Every name is importable from here.
"""

from __future__ import annotations

from .base import (
    CARDS,
    CLAIM_RANKS,
    HISTORY,
    SNEAK_ANY,
    SNEAK_COMBO,
    UNLIMITED_PLAY,
    Action,
    ActionCodec,
    GameConfig,
    Ids,
    LegalIds,
    Mask,
    Multisets,
    Segment,
    Vector,
    View,
    as_id,
    bounded_multisets,
    camel_case,
    configure,
    ids_of,
    relative,
    spread_suits,
)
from .cheat import (
    CHEAT_PHASES,
    CheatCodec,
    CheatObservation,
    claim_choices,
)
from .docs import (
    size_table,
    write_docs,
)
from .families import (
    action_codec,
    observation_encoder,
)
from .observation import (
    Layout,
    Memory,
    ObservationEncoder,
    event_text,
    squash,
)
from .pokerbull import (
    PokerBullCodec,
    PokerBullObservation,
)
from .rewards import (
    REWARDS,
    check_reward,
    reward_bounds,
    rewards,
)
from .sneak import (
    SNEAK_COMBOS,
    SNEAK_PHASES,
    SneakCodec,
    SneakObservation,
    flauntable_sets,
)

__all__ = [
    "CARDS",
    "CHEAT_PHASES",
    "CLAIM_RANKS",
    "HISTORY",
    "REWARDS",
    "SNEAK_ANY",
    "SNEAK_COMBO",
    "SNEAK_COMBOS",
    "SNEAK_PHASES",
    "UNLIMITED_PLAY",
    "Action",
    "ActionCodec",
    "CheatCodec",
    "CheatObservation",
    "GameConfig",
    "Ids",
    "Layout",
    "LegalIds",
    "Mask",
    "Memory",
    "Multisets",
    "ObservationEncoder",
    "PokerBullCodec",
    "PokerBullObservation",
    "Segment",
    "SneakCodec",
    "SneakObservation",
    "Vector",
    "View",
    "action_codec",
    "as_id",
    "bounded_multisets",
    "camel_case",
    "check_reward",
    "claim_choices",
    "configure",
    "event_text",
    "flauntable_sets",
    "ids_of",
    "observation_encoder",
    "relative",
    "reward_bounds",
    "rewards",
    "size_table",
    "spread_suits",
    "squash",
    "write_docs",
]
