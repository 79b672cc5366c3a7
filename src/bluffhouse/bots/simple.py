"""Baseline bots that work for every game: random and honest."""

from __future__ import annotations

from typing import ClassVar

from .base import Action, Bot, Choices, View, register_bot
from .search import hooks_for_game

#: Action types that challenge another player's claim.
CHALLENGES = frozenset({"call", "accuse", "believe"})


@register_bot
class RandomBot(Bot):
    """Uniform over the legal actions, except that a challenge drawn is kept only with
    probability ``keep_challenge`` (otherwise it draws one of the other actions, uniformly:
    ``Choices.sample_other``).  Pure uniform play makes a four-player Cheat table call almost
    every play (each of three seats calls half the time) and games run to hundreds of actions;
    keeping one challenge in five makes each seat call about one play in ten."""

    name = "random"
    level = "Easy"
    character = "plays at random"
    personas = ("Robin", "Rudy", "Rae", "Rex")
    summary = "uniformly random legal actions; a challenge drawn is kept one time in five"
    wants_view: ClassVar[bool] = False
    keep_challenge = 0.2

    def act(self, view: View | None, legal: Choices) -> Action:
        rng = self.rng
        action = legal.sample(rng)
        if action["type"] not in CHALLENGES or rng.random() < self.keep_challenge:
            return action
        other = legal.sample_other(rng, CHALLENGES)
        return action if other is None else other


@register_bot
class HonestBot(Bot):
    """Never lies when it can help it and never calls: it plays the largest truthful play it
    holds, passes when it may, and otherwise lays the fewest cards it must."""

    name = "honest"
    character = "never lies, never calls"
    personas = ("Hank", "Hope", "Hal", "Hazel")
    summary = "never lies if it can avoid it, never calls"
    wants_view: ClassVar[bool] = False

    def act(self, view: View | None, legal: Choices) -> Action:
        game = view["game"] if view is not None else legal.game
        if game is not None:
            honest = hooks_for_game(game).honest
            if honest is not None:  # the family says what honesty means there
                return honest(view if view is not None else legal.view(), legal, self.rng)
        actions = legal.all()
        plays = [a for a in actions if a["type"] == "play"]
        others = [a for a in actions if a["type"] not in CHALLENGES and a["type"] != "play"]
        truthful = [a for a in plays if _truthful_play(a)]
        if truthful:
            return max(truthful, key=lambda a: len(a["cards"]))
        passes = [a for a in others if a["type"] == "pass"]
        if passes:
            return passes[0]
        if plays:
            return min(plays, key=lambda a: (len(a["cards"]), a["claim"].get("count", 0)))
        if others:
            return others[0]
        return actions[0]


def _truthful_play(action: Action) -> bool:
    claim = action.get("claim") or {}
    rank = claim.get("rank")
    cards = action.get("cards") or []
    if claim.get("count", len(cards)) != len(cards):
        return False
    suit = claim.get("suit")
    return all(
        (c[0] == rank or (rank == "JK" and c == "JK")) and (suit is None or c[1] == suit)
        for c in cards
    )
