"""Actions a learner can use: a small abstract action space and belief features, an option of
the PettingZoo and Gymnasium environments (``actions="abstract"``, ``beliefs=True``).

The default action space lists every concrete action (2,383 ids in Bullsh\\*t, 19,725 in
Poker Bull); a learner spends most of its budget learning which of them are the same move.
The abstraction gives it the choices a player makes and lets the card counter fill in the
rest:

- **Cheat family** (16 ids, the ``learned`` bot's): 0 let the moment go by (decline a call,
  or take the pile instead of playing), 1 call, then a play of ``t`` true cards of the rank to
  claim and ``b`` bluff cards (1 <= t + b <= 4), the bluff cards those ``counter`` would spare
  (of the ranks it will not have to claim soon).  The rank claimed is the first the play may
  claim.  Beliefs (24): what ``counter`` reads of the table (the chance the last play is true,
  each seat's call rate, its cards of the coming claims...: ``bots.cheat.learned``).
- **Poker Bull** (8 ids): 0 call, then raise to the lowest of ``counter``'s candidate raises
  whose chance to stand is at least 95%, 80%, 60%, 40%, 20% (ids 1-5), 6 the nearest raise
  and 7 the raise ``counter`` values most, the chances judged over deals ``counter`` imagines
  (the unseen cards drawn at random, weighed by the others' bids).  Beliefs (8): the chance
  the standing bid stands, then the chance of each raise id's bid (0 where there is none).

Each abstract id stands for one concrete action, so a game through the abstraction is a game
of the engine: the environments apply that action.  Sneak and the Cheat rules whose plays
name suits or lie about counts have no abstraction here and are refused by name.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np

from ..bots import Choices
from ..bots.pokerbull.learned import RAISE_LEVELS as POKER_RAISE_LEVELS
from ..encodings import GameConfig, Vector, action_codec
from ..errors import IllegalAction, RuleError
from ..game import Game

Action = dict[str, Any]
View = Mapping[str, Any]

#: The environments' values of ``actions``.
ACTION_SPACES = ("full", "abstract")
#: Poker Bull: the chances a raise id asks for, in order (ids 1 to 5; id 6: the nearest raise,
#: id 7: ``counter``'s raise).
RAISE_LEVELS = POKER_RAISE_LEVELS


class Abstraction:
    """An abstract action space and its belief features for one configuration."""

    size = 0
    beliefs = 0
    names: tuple[str, ...] = ()

    def options(self, game: Game, seat: int, view: View) -> dict[int, Action]:
        """The legal abstract ids of ``seat`` now, each with the concrete action it stands
        for."""
        raise NotImplementedError

    def features(self, game: Game, seat: int, view: View) -> Vector:
        raise NotImplementedError

    def describe(self, index: int) -> str:
        return self.names[index] if 0 <= index < self.size else "out of range"


class CheatAbstraction(Abstraction):
    """The Cheat family's (see the module notes)."""

    def __init__(self, config: GameConfig) -> None:
        from ..bots.cheat import learned

        r = config.rules_object()
        for bad, why in ((r.claim_suit, "claim_suit"), (r.count_lies, "count_lies")):
            if bad:
                raise RuleError(
                    f"actions='abstract' has no abstraction of {config.label}: its plays use {why}"
                )
        self._learned = learned
        self._codec = action_codec(config)
        self.size = len(learned.ABSTRACT)
        self.beliefs = learned.BELIEFS
        self.names = cheat_action_names()

    def options(self, game: Game, seat: int, view: View) -> dict[int, Action]:
        """``counter``'s choice of cards for each id, laid as the full action space lays
        that play's id (the same cards whichever environment applies it: the batched one
        works in those ids)."""
        learned = self._learned
        out: dict[int, Action] = learned.abstract_actions(
            view, learned.knowledge(view), Choices(game, seat)
        )
        for i, action in out.items():
            if action.get("type") == "play":
                concrete = self._codec.encode(action, view)
                if concrete is not None:
                    out[i] = self._codec.decode(concrete, view)
        return out

    def features(self, game: Game, seat: int, view: View) -> Vector:
        learned = self._learned
        out: Vector = learned.belief_features(view, learned.knowledge(view))
        return out


def cheat_action_names() -> tuple[str, ...]:
    """The Cheat family's abstract ids named (``describe``)."""
    from ..bots.cheat.learned import ABSTRACT

    return tuple(
        kind if kind != "play" else f"play {t} true + {b} bluff" for kind, t, b in ABSTRACT
    )


class PokerBullAbstraction(Abstraction):
    """Poker Bull's (see the module notes; the ids and features are the ``learned`` bot's,
    :mod:`bluffhouse.bots.pokerbull.learned`).  The imagined deals are drawn from ``seed``'s
    generator, so a seeded environment plays the same games."""

    def __init__(self, config: GameConfig, seed: int = 0) -> None:
        from ..bots.pokerbull import learned

        self._learned = learned
        self.size = learned.SIZE
        self.beliefs = learned.BELIEFS
        self.names = learned.NAMES
        self._rng = random.Random(seed)
        self._kept: tuple[Any, ...] | None = None

    def seed(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def _judged(self, game: Game, seat: int, view: View) -> Any:
        """The judgement of the view, once per game version and seat."""
        key = (id(game), game.version, seat)
        if self._kept is not None and self._kept[0] == key:
            return self._kept[1]
        out = self._learned.judged(view, self._rng)
        self._kept = (key, out)
        return out

    def options(self, game: Game, seat: int, view: View) -> dict[int, Action]:
        out: dict[int, Action] = self._learned.abstract_actions(
            view, self._judged(game, seat, view)
        )
        return out

    def features(self, game: Game, seat: int, view: View) -> Vector:
        if view.get("over") or seat not in (view.get("to_act") or ()):
            return np.zeros(self.beliefs, dtype=np.float32)
        out: Vector = self._learned.belief_features(self._judged(game, seat, view))
        return out


def abstraction(config: GameConfig, seed: int = 0) -> Abstraction:
    """The abstraction of a configuration; RuleError naming what has none."""
    if config.family == "cheat":
        return CheatAbstraction(config)
    if config.family == "poker_bull":
        return PokerBullAbstraction(config, seed)
    raise RuleError(
        f"actions='abstract' covers the Cheat family and Poker Bull; {config.game} is a "
        f"{config.family.title()} game"
    )


def check_actions(actions: object) -> str:
    if actions not in ACTION_SPACES:
        raise RuleError(f"actions must be one of {', '.join(ACTION_SPACES)}, not {actions!r}")
    return str(actions)


def illegal(index: int, abstract: Abstraction, seat: int) -> IllegalAction:
    return IllegalAction(
        f"abstract action id {index} ({abstract.describe(index)}) is not legal for seat "
        f"{seat} now; choose an id the action mask marks"
    )
