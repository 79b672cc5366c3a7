"""A player aid: how likely is a bid, seen from one seat?

``bid_probability(view, bid)`` assumes the cards a seat cannot see are a uniformly random
draw from the rest of the deck (it reads nothing into the other players' bids).  It
enumerates every possible set of unseen cards when there are at most ``exact_limit`` of them,
and otherwise draws ``samples`` of them with a seeded generator and reports the standard error.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import CARD_INDEX, JOKER
from ..errors import IllegalAction
from .bids import FULL, Bid, BidSpace, bid_space, exists, parse_bid, summarize
from .rules import PokerBullRules


@dataclass(frozen=True)
class BidProbability:
    """``p``: the probability that the bid can be made from all the cards in play; ``exact``:
    whether it was computed by full enumeration (then ``stderr`` is 0); ``samples``: the card
    sets looked at."""

    p: float
    exact: bool
    stderr: float
    samples: int
    #: The probability that a call on the bid fails by the rules in force: ``p``, or under
    #: variation #4 (a higher hand also makes the bid) the chance that it or a higher hand is
    #: there.
    stands: float = -1.0

    def __post_init__(self) -> None:
        if self.stands < 0:
            object.__setattr__(self, "stands", self.p)


def bid_probability(
    view: Mapping[str, Any],
    bid: str | Bid,
    samples: int = 20_000,
    seed: int = 0,
    exact_limit: int = 50_000,
) -> BidProbability:
    """The chance, from ``view``'s seat, that ``bid`` exists among all the cards in play (and,
    as ``stands``, that a call on it fails by the rules of the view's game)."""
    if isinstance(bid, str):
        bid = parse_bid(bid)
    if samples < 1:
        raise ValueError("samples must be at least 1")
    own: list[int] = []
    for text in view.get("hand", []):
        card = CARD_INDEX.get(text)
        if card is None:
            raise IllegalAction(f"the view holds {text!r}, which is not a card")
        own.append(card)
    jokers = int(view.get("jokers", 0))
    sizes = view.get("dealt") or view.get("hand_sizes") or []
    unseen_count = sum(int(x) for x in sizes) - len(own)
    universe = FULL
    space: BidSpace | None = None  # set under variation #4: a higher hand makes the bid too
    if isinstance(view.get("rules"), Mapping) and "game" in view:
        from ..registry import lookup

        rules = PokerBullRules.build(lookup(view["game"]).options, view["rules"])
        universe = rules.universe
        if rules.higher_hand_counts:
            space = bid_space(universe, rules.order, jokers)

    def judged(cards: list[int]) -> tuple[bool, bool]:
        """(the bid is there, a call on it fails)"""
        s = summarize(cards)
        there = exists(bid, s, universe)
        return there, there or (space is not None and space.stands(bid, s, True))

    rest = [*universe.cards(), *([JOKER] * jokers)]
    for card in own:
        rest.remove(card)
    if unseen_count < 0 or unseen_count > len(rest):
        raise ValueError("the view's hand sizes do not fit the deck")
    # Jokers are interchangeable: enumerate by the number of jokers drawn, weighted.
    naturals = [c for c in rest if c != JOKER]
    spare_jokers = len(rest) - len(naturals)
    total = math.comb(len(rest), unseen_count)
    if total <= exact_limit:
        hits = held = 0
        for k in range(min(spare_jokers, unseen_count) + 1):
            weight = math.comb(spare_jokers, k)
            for combo in itertools.combinations(naturals, unseen_count - k):
                there, stands = judged([*own, *combo, *([JOKER] * k)])
                hits += weight * there
                held += weight * stands
        return BidProbability(hits / total, True, 0.0, total, held / total)
    rng = random.Random(seed)
    hits = held = 0
    for _ in range(samples):
        there, stands = judged([*own, *rng.sample(rest, unseen_count)])
        hits += there
        held += stands
    p = hits / samples
    return BidProbability(p, False, math.sqrt(p * (1 - p) / samples), samples, held / samples)
