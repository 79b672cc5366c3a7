"""Sneak's fixed styles (see ``bluffhouse.bots.styles``): one habit, the rest played like
``counter``.  A "call" is a challenge; a "lie" is a sneak, the face-down lead that may be a
bluff (a flaunt shows its cards, so it cannot lie)."""

from __future__ import annotations

import random

from ...sneak import combos as cb
from ..base import Action, Choices, View
from ..search import Policy
from .counter import DRAW, PASS, _act, _known, best_of, counter


def _challenge(view: View) -> Action:
    """The strongest challenge its hand can lay against the lead (one that beats a flaunt
    where the rules ask it to), or a pass when it has none."""
    k = _known(view)
    size = k.lead_count
    if len(k.hand) < size or size == 0:
        return PASS
    if k.lead_kind == "flaunt" and k.lead_cards is not None:
        beat = cb.flaunt_beaters(k.hand, k.lead_cards, scan=2000)
        if beat:
            return _act("challenge", max(beat, key=cb.key))
        if k.rules.flaunt_challenges == "must_beat":
            return PASS
    mine = best_of(k.hand, size)
    return PASS if mine is None else _act("challenge", mine)


def style_policy(style: str) -> Policy:
    def policy(view: View, choices: Choices, rng: random.Random) -> Action:
        if view["phase"] == "window":
            if style == "always_call":
                return _challenge(view)
            if style == "never_call":
                return PASS
        action = counter(view, choices, rng)
        k = _known(view)
        if style == "never_lie" and action["type"] == "sneak":
            if view["stock_size"]:
                return DRAW
            return _act("flaunt", [max(k.hand, key=cb.value)])
        if style == "always_lie" and action["type"] == "flaunt" and view["stock_size"]:
            # The same number of its weakest cards, face down (while sneaking lasts).
            size = len(action["cards"])
            weakest = sorted(k.hand, key=cb.value)[:size]
            return _act("sneak", weakest)
        return action

    policy.__name__ = style
    return policy


POLICIES: dict[str, Policy] = {
    name: style_policy(name) for name in ("always_call", "never_call", "always_lie", "never_lie")
}
