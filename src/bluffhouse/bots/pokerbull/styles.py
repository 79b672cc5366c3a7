"""Poker Bull's fixed styles (see ``bluffhouse.bots.styles``): one habit, the rest played
like ``counter``.  A "call" is a call; a "lie" is a bid that the bidder's own cards do not
make (a truthful bid is one its own hand already shows)."""

from __future__ import annotations

import random
from bisect import bisect_right

from ...pokerbull.bids import exists, parse_bid_cached, summarize
from ..base import Action, Choices, View
from ..search import Policy
from .counter import _known, counter

CALL: Action = {"type": "call"}


def style_policy(style: str) -> Policy:
    def policy(view: View, choices: Choices, rng: random.Random) -> Action:
        k = _known(view)
        may_call = k.standing is not None
        if style == "always_call" and may_call:
            return CALL
        action = counter(view, choices, rng)
        if style == "always_call":
            return action
        full, _ = k.space.open_bids(sum(k.sizes))
        higher = full[bisect_right(full, k.at) :]
        if style == "never_call":
            if action["type"] == "call" and higher:
                return {"type": "bid", "bid": k.space.texts[higher[0]]}
            return action
        if action["type"] == "call":
            return action  # the lying styles call like counter
        own = summarize(k.own)
        shown = exists(parse_bid_cached(action["bid"]), own, k.space.universe)
        if style == "never_lie" and not shown:
            for i in higher:
                if exists(k.space.bids[i], own, k.space.universe):
                    return {"type": "bid", "bid": k.space.texts[i]}
            return CALL if may_call else action
        if style == "always_lie" and shown:
            for i in higher:
                if not exists(k.space.bids[i], own, k.space.universe):
                    return {"type": "bid", "bid": k.space.texts[i]}
        return action

    policy.__name__ = style
    return policy


POLICIES: dict[str, Policy] = {
    name: style_policy(name) for name in ("always_call", "never_call", "always_lie", "never_lie")
}
