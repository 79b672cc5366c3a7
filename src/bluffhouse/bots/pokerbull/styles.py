"""Poker Bull's fixed styles (see ``bluffhouse.bots.styles``): one habit, the rest played
like ``counter_v1`` (frozen: a yardstick does not move with the bot it measures).  A "call"
is a call; a "lie" is a bid that the bidder's own cards do not make (a truthful bid is one
its own hand already shows)."""

from __future__ import annotations

import random
from bisect import bisect_right

from ...pokerbull.bids import exists, parse_bid_cached, summarize
from ..base import Action, Choices, View
from ..search import Policy
from .counter import NEAR_RAISES, PER_CATEGORY, known_of
from .counter import counter_v1 as counter  # (the styles' frozen counter)
from .judgement import Odds, raises

CALL: Action = {"type": "call"}


def style_policy(style: str) -> Policy:
    def policy(view: View, choices: Choices, rng: random.Random) -> Action:
        k = known_of(view)
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


#: The threshold bidder: it calls a standing bid less likely than CALL_BELOW, and raises to
#: the lowest bid at least RAISE_AT likely (the imagined deals behind both: THRESHOLD_SAMPLES).
#: These (a rare caller, a bold raiser) were the hardest for ``counter`` of those tried at the
#: rising, higher-hand tables; ``threshold_even`` bids and calls at even odds.
CALL_BELOW = 0.1
RAISE_AT = 0.3
THRESHOLD_SAMPLES = 120


def threshold_policy(call_below: float = CALL_BELOW, raise_at: float = RAISE_AT) -> Policy:
    """A bidder by fixed odds and the hands alone, blind to every house rule that changes what
    a call judges: it calls when the standing bid is less than ``call_below`` likely to be
    there (its own cards and a uniform rest), otherwise raises to the lowest bid at least
    ``raise_at`` likely (the nearest bids, then the lowest few of every higher category);
    with none, it calls (or, opening, bids the lowest bid)."""

    def threshold(view: View, choices: Choices, rng: random.Random) -> Action:
        k = known_of(view)
        sums = [
            summarize([*k.own, *rng.sample(k.rest, k.unseen)]) for _ in range(THRESHOLD_SAMPLES)
        ]
        odds = Odds(sums, k.space, False)  # (blind to variation #4: the named hand alone)

        if k.standing is not None and odds(k.standing) < call_below:
            return CALL
        total = sum(k.sizes)
        for i in sorted(raises(k.space, total, k.at, NEAR_RAISES, PER_CATEGORY)):
            if odds(k.space.bids[i]) >= raise_at:
                return {"type": "bid", "bid": k.space.texts[i]}
        if k.standing is not None:
            return CALL
        full, _ = k.space.open_bids(total)
        return {"type": "bid", "bid": k.space.texts[full[0]]}

    return threshold


POLICIES: dict[str, Policy] = {
    name: style_policy(name) for name in ("always_call", "never_call", "always_lie", "never_lie")
}
POLICIES["threshold"] = threshold_policy()
POLICIES["threshold_even"] = threshold_policy(0.5, 0.5)
