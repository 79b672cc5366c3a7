"""The rule-based card-counting bots, ``counter`` and its frozen first version ``counter_v1``:
one name each, a policy per family (see search.py)."""

from __future__ import annotations

from typing import ClassVar

from .base import Action, Bot, Choices, View, register_bot
from .search import hooks_for


@register_bot
class CounterBot(Bot):
    level = "Normal"
    character = "counts every card"
    personas = ("Cass", "Cole", "Cora", "Carl")
    name = "counter"
    summary = "tracks every public card and claim to judge calls and bluffs"
    wants_view: ClassVar[bool] = True

    def act(self, view: View | None, legal: Choices) -> Action:
        if view is None:
            raise ValueError("the counter bot needs its view")
        hooks = hooks_for(view)
        if hooks.counter is None:
            raise ValueError(f"no counter policy for {view['game']} yet")
        return hooks.counter(view, legal, self.rng)


@register_bot
class CounterV1Bot(Bot):
    level = ""
    character = "the first edition of the card counter"
    personas = ("Cassie",)
    name = "counter_v1"
    summary = "counter as first published, frozen: a yardstick that does not move"
    wants_view: ClassVar[bool] = True

    def act(self, view: View | None, legal: Choices) -> Action:
        if view is None:
            raise ValueError("the counter_v1 bot needs its view")
        hooks = hooks_for(view)
        policy = hooks.counter_v1 or hooks.counter
        if policy is None:
            raise ValueError(f"no counter policy for {view['game']} yet")
        return policy(view, legal, self.rng)
