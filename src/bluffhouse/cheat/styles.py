"""The Cheat family's fixed styles (see ``bluffhouse.bots.styles``): one habit, the rest of
the game played like ``counter``.  A "call" is a call; a "lie" is a claim the cards laid do
not make (rank, count or suit)."""

from __future__ import annotations

import random

from ..bots.base import Action, Choices, View
from ..bots.search import Policy
from ..cards import CARD_INDEX, RANK_INDEX
from .bots import (
    Knowledge,
    _fallback,
    answer_call,
    choose_play,
    counter_policy,
    counter_response,
)

CALLS = ("call",)


def style_policy(style: str) -> Policy:
    """A fixed style, the rest of the game played like ``counter``: ``always_call`` calls
    every play it may, ``never_call`` lets every play stand, ``never_lie`` plays only true
    claims (it passes, or lays the fewest cards, when it holds none), ``always_lie`` makes
    every claim false when its hand allows one."""

    def policy(view: View, choices: Choices, rng: random.Random) -> Action:
        actions = choices.all()
        if view.get("phase") == "answer":  # Cheat H: every style answers a call alike
            return answer_call(view, actions)
        types = {a["type"] for a in actions}
        if style == "always_call" and "call" in types:
            return {"type": "call"}
        if style == "never_call":
            actions = [a for a in actions if a["type"] not in CALLS] or actions
            return counter_policy(view, Choices.of(actions, choices.seat), rng)
        if style == "always_call":
            # the actions already listed (a big hand's plays cost more to list than to judge)
            return counter_policy(view, Choices.of(actions, choices.seat), rng)

        k = Knowledge.from_view(view)
        response = counter_response(k, view, actions, rng)
        if response is not None:
            return response
        plays = [a for a in actions if a["type"] == "play"]
        if not plays:
            return _fallback(actions)
        true = [a for a in plays if _is_true(k, a)]
        if style == "never_lie":
            if true:
                return max(true, key=lambda a: (len(a["cards"]), a["claim"]["rank"]))
            passes = [a for a in actions if a["type"] == "pass"]
            if passes:
                return passes[0]
            return min(plays, key=lambda a: (len(a["cards"]), a["claim"]["rank"]))
        lies = [a for a in plays if not _is_true(k, a)]
        if not lies:
            return choose_play(k, view, plays, actions, rng)
        choice = choose_play(k, view, plays, actions, rng)
        if choice["type"] != "play" or not _is_true(k, choice):
            return choice
        # Its truthful choice, turned into a lie: the same claim with one card swapped for a
        # card of another rank where it can, else any lie of the same size.
        size = len(choice["cards"])
        same = [a for a in lies if len(a["cards"]) == size
                and a["claim"] == choice["claim"]] or lies
        return same[rng.randrange(len(same))]

    policy.__name__ = style
    return policy


def _is_true(k: Knowledge, action: Action) -> bool:
    claim = action["claim"]
    rank = RANK_INDEX[claim["rank"]]
    cards = action["cards"]
    if int(claim.get("count", len(cards))) != len(cards):
        return False
    ok = all(k.matches(CARD_INDEX[c], rank) for c in cards)
    if ok and "suit" in claim:
        ok = all(c == "JK" or c[1] == claim["suit"] for c in cards)
    return ok


POLICIES: dict[str, Policy] = {name: style_policy(name) for name in
                               ("always_call", "never_call", "always_lie", "never_lie")}
