"""Poker Bull's hooks for the generic ISMCTS bot (see ``bluffhouse.bots.search``).

Played against card counters, a bid is far more often true than the cards a seat holds make
it look (in games between ``counter`` bots, bids that a counter judged less than 20% likely
were true about 60% of the time): bidders name what their own cards make likely.  So:

- :func:`search_determinize`: deals from a pool of uniform deals of the unseen cards
  (:class:`_Pool`, one per view), each weighted by the odds that its holders would have bid
  what they bid this hand: how likely each bidder, holding what the deal gives it, would judge
  its bids (exact for a named "of a kind" bid), raised to ``SHARPNESS``.  The plain uniform
  sampler is :func:`bluffhouse.bots.pokerbull.counter.determinize`.
- :func:`model_step`: the ``counter`` policy in miniature, from one seat's own cards on a
  sampled deal (fewer imagined deals and raises, the same judgement): what the other seats do
  in the search, for the first ``MODEL_DEPTH`` moves after the root (then the cheap
  ``rollout_step`` of counter.py).
- :func:`candidates`: at the root the call and the ``ROOT_RAISES`` raises ``counter``'s
  judgement rates best on the pool's weighted deals (a raise as risky as the next seat's
  record of calling false bids says, as ``counter`` reads it); every other move is the
  model's.
- The model calls as each seat has called: where its judgement calls, a seat whose record
  shows it calls false bids less often than ``counter`` assumes keeps the call only in that
  proportion (a seat that never calls is modelled raising on).
- :func:`rollout` plays the current hand to its call; :func:`evaluate` scores that hand (the
  loser 0.25, or 0 if it went out, everybody else 1), and a call at the root by its exact
  expectation over the pool.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache

from ...cards import JOKER
from ...game import Game
from ...pokerbull.bids import (
    FULL,
    KIND,
    VALUE_OF,
    Bid,
    BidSpace,
    Summary,
    Universe,
    exists,
    parse_bid_cached,
    summarize,
)
from ...pokerbull.engine import PokerBullGame
from ...pokerbull.rules import PokerBullRules
from ..base import Action, View
from ..search import ViewMemo
from . import counter as counter_bot
from .judgement import CALL_RISK, Odds, action_of, judge

CALL: Action = {"type": "call"}

#: The search budget a move: iterations, capped by seconds (one core).
ITERATIONS = 150
TIME_LIMIT = 0.5

#: The search's deals for one view (weighted by the odds of the bids made this hand), the
#: imagined deals behind each odds, its floor and how sharply players bid what they believe.
POOL = 100
JUDGE_SAMPLES = 12
FLOOR = 0.03
SHARPNESS = 3.0
#: The model: imagined deals and raises weighed (the nearest, then the lowest per category).
MODEL_SAMPLES = 16
MODEL_NEAR = 10
MODEL_PER_CATEGORY = 2
#: Moves after the root played by the model (the cheaper rollout policy after them).
MODEL_DEPTH = 3
#: Root: how many raises are searched, among those weighed.
ROOT_RAISES = 4
ROOT_NEAR = 40
ROOT_PER_CATEGORY = 6


# ====================================================================== inference
@lru_cache(maxsize=65536)
def _at_least(pool: int, good: int, drawn: int, need: int) -> float:
    """The chance that ``drawn`` cards taken from ``pool`` (``good`` of them good) hold at
    least ``need`` good ones (hypergeometric)."""
    if need <= 0:
        return 1.0
    total = math.comb(pool, drawn)
    miss = sum(
        math.comb(good, i) * math.comb(pool - good, drawn - i)
        for i in range(min(need - 1, good, drawn) + 1)
    )
    return 1.0 - miss / total


def bid_odds(
    hand: Sequence[int],
    bids: Sequence[Bid],
    rest: Sequence[int],
    unseen: int,
    rng: random.Random,
    universe: Universe = FULL,
    space: BidSpace | None = None,
    higher_counts: bool = False,
) -> float:
    """How likely the player holding ``hand`` thinks each of its ``bids`` is (exactly for a
    named "of a kind" bid, else on ``JUDGE_SAMPLES`` imagined deals of the ``unseen`` other
    cards from ``rest``, shared), each raised to ``SHARPNESS`` and multiplied: the odds that it
    bid them (players bid what they believe).  Under variation #4 (``higher_counts``, with the
    game's ``space``) a bid is judged by whether it stands: it or any higher hand is there."""
    sums: list[Summary] | None = None
    odds = 1.0
    for bid in bids:
        if higher_counts and space is not None:
            if sums is None:
                sums = [summarize([*hand, *rng.sample(rest, unseen)]) for _ in range(JUDGE_SAMPLES)]
            p = sum(1 for s in sums if space.stands(bid, s, True)) / JUDGE_SAMPLES
        elif bid.cat in KIND and bid.spec:
            v = bid.spec[0]
            have = sum(1 for c in hand if c != JOKER and VALUE_OF[c] == v)
            good = sum(1 for c in rest if c != JOKER and VALUE_OF[c] == v)
            if not bid.natural:
                have += sum(1 for c in hand if c == JOKER)
                good += sum(1 for c in rest if c == JOKER)
            p = _at_least(len(rest), good, unseen, KIND[bid.cat] - have)
        else:
            if sums is None:
                sums = [summarize([*hand, *rng.sample(rest, unseen)]) for _ in range(JUDGE_SAMPLES)]
            p = sum(1 for s in sums if exists(bid, s, universe)) / JUDGE_SAMPLES
        odds *= max(p, FLOOR) ** SHARPNESS
    return float(odds)


class _Pool:
    """Deals of the unseen cards for one view, each weighted by the odds that the others would
    have bid what they bid this hand holding what it gives them."""

    def __init__(self, view: View) -> None:

        k = counter_bot.known_of(view)
        self.k = k
        self.others: dict[int, list[Bid]] = {}
        for h in view["history"]:
            if h["seat"] != k.seat:
                self.others.setdefault(h["seat"], []).append(parse_bid_cached(h["bid"]))
        self.deals: list[list[int]] = []
        self.sums: list[Summary] = []
        self.cum: list[float] = []
        self.total = 0.0
        self.odds: Odds | None = None

    def fill(self, rng: random.Random) -> None:
        k = self.k
        total = sum(k.sizes)
        for _ in range(POOL):
            drawn = rng.sample(k.rest, k.unseen)
            weight = 1.0
            if self.others:
                held: dict[int, list[int]] = {}
                at = 0
                for s, n in enumerate(k.sizes):
                    if s != k.seat:
                        held[s] = drawn[at : at + n]
                        at += n
                for s, bids in self.others.items():
                    hand = held[s]
                    weight *= bid_odds(
                        hand,
                        bids,
                        _rest(k.rules, k.jokers, sorted(hand)),
                        total - len(hand),
                        rng,
                        k.space.universe,
                        k.space,
                        k.rules.higher_hand_counts,
                    )
            self.deals.append(drawn)
            self.sums.append(summarize([*k.own, *drawn]))
            self.total += weight
            self.cum.append(self.total)

    def pick(self, rng: random.Random) -> list[int]:
        return self.deals[
            bisect_right(self.cum, rng.random() * self.total)
            if self.total > 0
            else rng.randrange(len(self.deals))
        ]

    def p(self, bid: Bid) -> float:
        """The weighted chance that ``bid`` stands (is there, or by variation #4 a higher hand
        is)."""
        if self.odds is None:
            weights = [c - last for c, last in zip(self.cum, [0.0, *self.cum[:-1]], strict=True)]
            self.odds = Odds(self.sums, self.k.space, self.k.rules.higher_hand_counts, weights)
        return self.odds(bid)


_pools = ViewMemo(_Pool)


def pool(view: View, rng: random.Random) -> _Pool:
    got = _pools(view)
    if not got.deals:
        got.fill(rng)
    return got


def search_determinize(view: View, rng: random.Random) -> Game:

    got = pool(view, rng)
    return counter_bot.deal_unseen(got.k, got.pick(rng), rng)


_REST: dict[tuple[Universe, int, tuple[int, ...]], list[int]] = {}


def _rest(rules: PokerBullRules, jokers: int, own: list[int]) -> list[int]:
    key = (rules.universe, jokers, tuple(own))
    rest = _REST.get(key)
    if rest is None:
        rest = rules.pack(jokers)
        for c in own:
            rest.remove(c)
        if len(_REST) > 4096:
            _REST.clear()
        _REST[key] = rest
    return rest


def model_step(state: PokerBullGame, seat: int, rng: random.Random) -> Action:
    """What ``counter`` would do from ``seat``'s cards on this deal, judged on fewer imagined
    deals (drawn like counter's: uniform deals kept by its reading of the others' bids)."""

    own = state.hands[seat]
    rest = _rest(state.rules, state.jokers_in, own)
    unseen = sum(len(h) for h in state.hands) - len(own)
    sizes = [len(h) for h in state.hands]
    others = [(s, parse_bid_cached(b)) for s, b in state.history if s != seat]
    sums: list[Summary] = []
    if others:
        pool: list[list[int]] = []
        weights: list[float] = []
        for _ in range(2 * MODEL_SAMPLES):
            drawn = rng.sample(rest, unseen)
            held: dict[int, Sequence[int]] = {}
            at = 0
            for s, n in enumerate(sizes):
                if s != seat:
                    held[s] = drawn[at : at + n]
                    at += n
            pool.append(drawn)
            weight = 1.0
            for s, bid in others:
                weight *= counter_bot._support(bid, held.get(s, ()))
            weights.append(weight)
        for drawn in rng.choices(pool, weights=weights, k=MODEL_SAMPLES):
            sums.append(summarize([*own, *drawn]))
    else:
        for _ in range(MODEL_SAMPLES):
            sums.append(summarize([*own, *rng.sample(rest, unseen)]))
    space = state.space
    standing = None if state.bid is None else parse_bid_cached(state.bid)
    at = space.position(standing)
    rated = judge(
        space,
        standing,
        at,
        sum(sizes),
        Odds(sums, space, state.rules.higher_hand_counts),
        MODEL_NEAR,
        MODEL_PER_CATEGORY,
    )
    if not rated:
        return state.sample_action(seat, rng)
    best = max(rated, key=lambda vi: vi[0])
    if best[1] < 0 and len(rated) > 1:
        # The judgement calls; the seat calls as often as its record shows it does.
        record: dict[int, float] = state.__dict__.get("_search_calls") or {}
        keep = record.get(seat, CALL_RISK) / CALL_RISK
        if keep < 1.0 and rng.random() >= keep:
            best = max((vi for vi in rated if vi[1] >= 0), key=lambda vi: vi[0])
    return action_of(space, best[1])


# ====================================================================== search hooks
class _Root:
    """The searching seat's candidates for one view: the call and the best-rated raises."""

    def __init__(self) -> None:
        self.actions: list[Action] | None = None


_root = ViewMemo(lambda view: _Root())


def _root_candidates(view: View, rng: random.Random) -> list[Action]:
    got = pool(view, rng)
    k = got.k
    rated = judge(
        k.space,
        k.standing,
        k.at,
        sum(k.sizes),
        got.p,
        ROOT_NEAR,
        ROOT_PER_CATEGORY,
        call_risk=counter_bot.raise_risk(view, k),
        top_called=True,
    )
    raises = sorted((vi for vi in rated if vi[1] >= 0), key=lambda vi: (-vi[0], vi[1]))
    picks = [i for _, i in raises[:ROOT_RAISES]]
    out = [CALL] if k.standing is not None else []
    return out + [action_of(k.space, i) for i in sorted(picks)]


def candidates(state: Game, seat: int, rng: random.Random) -> list[Action]:
    """At the root, the searching seat weighs the call and the best-rated raises; everybody
    else, and the searching seat later on, plays the model's move."""
    assert isinstance(state, PokerBullGame)
    me = state.__dict__.get("_search_seat", seat)
    if seat == me and len(state.events) == state.__dict__.get("_search_events", -1):
        view = state.__dict__.get("_search_view")
        if view is not None:
            memo = _root(view)
            if memo.actions is None:
                memo.actions = _root_candidates(view, rng)
            return memo.actions
    return [_step(state, seat, rng)]


def _step(state: PokerBullGame, seat: int, rng: random.Random) -> Action:
    """The model for the first MODEL_DEPTH moves after the root, then a cheaper policy."""
    since = len(state.events) - state.__dict__.get("_search_events", 0)
    if since <= MODEL_DEPTH:
        return model_step(state, seat, rng)

    return counter_bot.rollout_step(state, seat, rng)


def rollout(state: Game, rng: random.Random) -> None:
    """Plays on to the end of the current hand (its call)."""
    assert isinstance(state, PokerBullGame)
    hand = state.hand_no
    steps = 0
    while not state.over and state.hand_no == hand and steps < 60:
        seat = state.to_act[0]
        state.apply(seat, _step(state, seat, rng))
        steps += 1


def evaluate(state: Game) -> list[float]:
    """The hand the search began in decides (see :func:`.counter.evaluate`);
    when the searching seat called at the root, its score is the expectation over the search's
    deals (the call's outcome depends on nothing else), which spares the search the noise of
    one deal."""

    assert isinstance(state, PokerBullGame)
    scores = counter_bot.evaluate(state)
    since: int = state.__dict__.get("_search_events", len(state.events))
    view = state.__dict__.get("_search_view")
    if view is None or since >= len(state.events):
        return scores
    first = state.events[since][0]
    me = state.__dict__["_search_seat"]
    if first["type"] == "call" and first["caller"] == me:
        got = _pools(view)
        standing = got.k.standing
        if standing is not None and got.deals:
            p = got.p(standing)
            rules, held = got.k.rules, got.k.sizes[me]
            out = held >= rules.grow_limit if rules.mode == "grow" else held <= 1
            lose = 0.0 if out else 0.25
            scores = list(scores)
            scores[me] = p * lose + (1.0 - p)
    return scores


def determinize(view: View, rng: random.Random) -> Game:
    """:func:`search_determinize`, with the view kept for the root's candidates and each
    seat's rate of calling false bids for the model (``counter.false_bid_rates``)."""
    g = search_determinize(view, rng)
    g.__dict__["_search_view"] = view
    g.__dict__["_search_calls"] = counter_bot.false_bid_rates(view)
    return g
