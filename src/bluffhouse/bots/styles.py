"""Fixed-style bots: one habit held whatever happens, the rest of the game played like
``counter``.  They are the yardsticks a search bot must not lose to: a style that beats it
would be a hole an opponent could exploit for ever.

- ``always_call``: calls (challenges) every claim it may;
- ``never_call``: lets every claim stand;
- ``always_lie``: every claim it makes is false where its cards allow one;
- ``never_lie``: every claim it makes is true (it passes, or makes the smallest claim, when
  it cannot);
- ``sometimes_lie``: calls one play in five it may call and lies in one play in five;
- ``calls_third``: calls one play in three it may call, otherwise plays like ``counter``;
- ``liar_80`` and ``liar_60``: lie in four plays in five (three in five) where the truth was
  open to them; they call like ``counter``;
- ``threshold`` and ``threshold_even`` (Poker Bull only): bidders by fixed odds that know the
  hands but none of the house rules and read nothing into the others' bids: ``threshold``
  calls a bid its own cards make less than 10% likely and otherwise raises to the lowest bid
  at least 30% likely; ``threshold_even`` does both at even odds.

What a "call" and a "lie" are in each family is the family's own: its package's
``styles.POLICIES``.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, ClassVar

from .base import Action, Bot, Choices, View, register_bot
from .search import Policy, family_package

#: The characters the fixed styles sit as: their names at a table, and what they do.
CHARACTERS: dict[str, tuple[tuple[str, ...], str]] = {
    "always_call": (("Callum", "Callie", "Cal"), "calls every claim"),
    "never_call": (("Nell", "Ned", "Nina"), "never calls"),
    "always_lie": (("Liam", "Lia", "Lars"), "always lies"),
    "never_lie": (("Vera", "Vic", "Val"), "never lies"),
    "sometimes_lie": (("Sam", "Sid", "Sue"), "lies now and then"),
    "calls_third": (("Tess", "Ted", "Tia"), "calls one claim in three"),
    "liar_80": (("Lou", "Luz", "Lev"), "lies in most plays"),
    "liar_60": (("Mo", "Mia", "Max"), "lies more often than not"),
    "threshold": (("Theo", "Thea", "Tom"), "bids the odds, rarely calls"),
    "threshold_even": (("Evan", "Eve", "Ezra"), "bids and calls at even odds"),
}

STYLES = {
    "always_call": "calls every claim it may; otherwise plays like counter",
    "never_call": "never calls; otherwise plays like counter",
    "always_lie": "every claim it makes is false where it can be; calls like counter",
    "never_lie": "every claim it makes is true; calls like counter",
    "sometimes_lie": "calls one play in five it may call, lies in one play in five",
    "calls_third": "calls one play in three it may call; otherwise plays like counter",
    "liar_80": "lies in four plays in five where it could tell the truth; calls like counter",
    "liar_60": "lies in three plays in five where it could tell the truth; calls like counter",
    "threshold": "Poker Bull: calls a bid under 10% odds, else raises to the lowest at 30%",
    "threshold_even": "Poker Bull: calls a bid under even odds, else raises to the lowest even",
}
#: Styles of one family only: style -> that family.
ONLY_FAMILY = {"threshold": "poker_bull", "threshold_even": "poker_bull"}

#: Where a family has no policy of its own for a mixed style: (the chance of the first
#: policy, the first, the rest), drawn afresh at each decision.
MIXES: dict[str, tuple[float, str, str]] = {
    "calls_third": (1 / 3, "always_call", "never_call"),
    "sometimes_lie": (0.2, "always_lie", "never_lie"),
    "liar_80": (0.8, "always_lie", "never_lie"),
    "liar_60": (0.6, "always_lie", "never_lie"),
}


class StyleBot(Bot):
    wants_view: ClassVar[bool] = True

    @classmethod
    def refuses(cls, game: str, players: int, options: Mapping[str, Any]) -> str | None:
        family = ONLY_FAMILY.get(cls.name)
        if family is None:
            return None
        from ..registry import lookup

        try:
            preset = lookup(game)
        except (KeyError, ValueError):
            return None  # the table itself is refused elsewhere, with its own message
        if family != preset.family.FAMILY:
            return f"the {cls.name} bot plays only Poker Bull, not {preset.id}: pick another bot"
        return None

    def act(self, view: View | None, legal: Choices) -> Action:
        if view is None:
            raise ValueError(f"the {self.name} bot needs its view")
        try:
            package = family_package(view["game"])
            module = importlib.import_module(f"bluffhouse.bots.{package}.styles")
        except ModuleNotFoundError:
            module = None
        policies: dict[str, Policy] = getattr(module, "POLICIES", {})
        policy = policies.get(self.name)
        if policy is None and self.name in MIXES:
            # A mix of the family's own styles (its call and lie rates only roughly the
            # style's: Poker Bull and Sneak; the Cheat family has exact ones).
            chance, first, rest = MIXES[self.name]
            policy = policies.get(first if self.rng.random() < chance else rest)
        if policy is None:
            raise ValueError(f"no {self.name} style for {view['game']} yet")
        action: Action = policy(view, legal, self.rng)
        return action


for _name, _summary in STYLES.items():
    register_bot(
        type(
            f"{_name.title().replace('_', '')}Bot",
            (StyleBot,),
            {
                "name": _name,
                "summary": _summary,
                "__doc__": _summary,
                "personas": CHARACTERS[_name][0],
                "character": CHARACTERS[_name][1],
            },
        )
    )
