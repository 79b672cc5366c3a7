"""Poker Bull's hooks for the generic bots (see ``bluffhouse.bots.search``).

- ``determinize``: the other hands of the current deal drawn uniformly from the cards the seat
  cannot see (each hand is dealt afresh from a full deck, and every earlier hand was shown at
  its call, so nothing else is hidden); the engine's RNG (future deals) is drawn afresh.
- ``counter``: estimates, from its own cards, the probability that the standing bid and the
  bids just above it exist (the model of :func:`bluffhouse.pokerbull.bid_probability`: the
  unseen cards are a uniform draw from the rest of the deck, computed on one shared set of
  samples), nudged by what the other players bid this hand; then calls when the standing bid
  is less likely than a raise is safe (as the next seat's record of calling false bids says),
  or raises to the highest bid that is still likely.
- ``honest``: bids the lowest legal bid its own cards make (else the lowest legal bid), and
  never calls.
- ISMCTS: the hooks are those of :mod:`bluffhouse.bots.pokerbull.search` (deals weighted by the
  bids made, the counter's judgement as the other seats' policy, the call and the best-rated
  raises at the root); from here it takes ``evaluate`` (a score that punishes losing the hand
  the search began in) and ``rollout_step`` (a cheap policy: every seat calls or raises by
  what one imagined deal, its own cards plus a random rest, shows).
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Sequence
from typing import Any

from ...cards import CARD_INDEX, JOKER
from ...game import Game
from ...pokerbull.bids import (
    FULL_HOUSE,
    KIND,
    TWO_PAIR,
    VALUE_OF,
    Bid,
    BidSpace,
    Summary,
    bid_space,
    exists,
    parse_bid_cached,
    summarize,
)
from ...pokerbull.engine import PokerBullGame
from ...pokerbull.rules import PokerBullRules
from ...registry import lookup
from ..base import Action, Choices, View
from ..search import ViewMemo
from .judgement import CALL_RISK, Odds, action_of, judge

FAMILY = "poker_bull"
CALL: Action = {"type": "call"}

#: Samples of the unseen cards behind the counter's probabilities.
COUNTER_SAMPLES = 160
#: Raises the counter weighs: the nearest ones, and the lowest few of every higher category.
NEAR_RAISES = 40
PER_CATEGORY = 6
#: How many bids a rollout player scans for the lowest raise its imagined deal makes.
SCAN = 48
#: A seat's calls of false bids start from a Beta prior: this many chances at ``CALL_RISK``.
RISK_PRIOR = 4.0


# ====================================================================== the view, parsed
def _rules(view: View) -> PokerBullRules:
    preset = lookup(view["game"])
    return PokerBullRules.build(preset.options, view.get("rules") or {})


def _cards(texts: Sequence[str]) -> list[int]:
    return [CARD_INDEX[t] for t in texts]


class _Known:
    """What one view says, in the engine's terms (cached per view: a search determinizes the
    same view hundreds of times)."""

    def __init__(self, view: View) -> None:
        self.view = view
        self.seat: int = view["seat"]
        self.rules = _rules(view)
        self.own = _cards(view["hand"])
        self.jokers: int = view["jokers"]
        self.sizes: list[int] = list(view["dealt"])
        rest = self.rules.pack(self.jokers)
        for c in self.own:
            rest.remove(c)
        self.rest = rest
        self.unseen = sum(self.sizes) - len(self.own)
        self.space = bid_space(self.rules.universe, self.rules.order, self.jokers)
        standing = view["bid"]
        self.standing: Bid | None = None if standing is None else parse_bid_cached(standing)
        self.at = self.space.position(self.standing)
        self.events = [_split_event(e, self.seat) for e in view["events"]]
        survived = [0] * view["players"]
        for e in view["events"]:
            if e["type"] == "deal":
                for s, n in enumerate(e["sizes"]):
                    if n > 0:
                        survived[s] += 1
        self.survived = survived


def _split_event(event: dict[str, Any], seat: int) -> list[Any]:
    """A view's event as the engine logs it: the public part and this seat's private part
    (only a deal's cards are private in Poker Bull)."""
    if event["type"] == "deal" and "cards" in event:
        public = {k: v for k, v in event.items() if k != "cards"}
        return [public, [[seat, {"cards": list(event["cards"])}]]]
    return [event]


#: What a seat knows of a view (its cards, the bid space, the standing bid...), made once a
#: view: public, for the research abstraction that judges raises as ``counter`` does.
known_of = ViewMemo(_Known)


# ====================================================================== determinization
def determinize(view: View, rng: random.Random) -> Game:
    """A full game whose public state and this seat's cards are the view's, and whose other
    hands are a uniform draw from the cards the seat has not seen."""
    k = known_of(view)
    return deal_unseen(k, rng.sample(k.rest, k.unseen), rng)


def deal_unseen(k: _Known, drawn: Sequence[int], rng: random.Random) -> PokerBullGame:
    """The game with the seat's own cards and ``drawn`` (the unseen cards, in any order) dealt
    to the other seats in turn."""
    hands: list[list[int]] = []
    at = 0
    for s, n in enumerate(k.sizes):
        if s == k.seat:
            hands.append(list(k.own))
        else:
            hands.append(sorted(drawn[at : at + n]))
            at += n
    return _build(k, hands, rng)


def _build(k: _Known, hands: list[list[int]], rng: random.Random) -> PokerBullGame:
    view = k.view
    g = PokerBullGame.__new__(PokerBullGame)
    g.game_id = lookup(view["game"]).id
    g.rules = k.rules
    g.players = view["players"]
    g.seed = rng.getrandbits(63)
    g.rng = random.Random(g.seed)
    g.events = list(k.events)
    g.version = view["version"]
    g._act = list(view["to_act"])
    g._result = view["result"]
    g.hands = hands
    g.sizes = list(k.sizes)
    g.out = list(view["out"])
    g.hand_no = view["hand_number"]
    g.bid = view["bid"]
    g.bidder = -1 if view["bidder"] is None else view["bidder"]
    g.history = [[h["seat"], h["bid"]] for h in view["history"]]
    g.turn = view["turn"] if view["turn"] is not None else 0
    g.starter = view["starter"] if view["starter"] is not None else 0
    g.jokers_in = k.jokers
    g.recharged = view["recharged"]
    g.survived = list(k.survived)
    g.showdown = None if view["showdown"] is None else dict(view["showdown"])
    g._derive()
    g.__dict__["_search_events"] = len(g.events)
    g.__dict__["_search_seat"] = k.seat
    return g


# ====================================================================== probabilities
def estimates(k: _Known, rng: random.Random, samples: int) -> list[Summary]:
    """Summaries of ``samples`` whole deals: own cards plus a uniform draw of the unseen ones,
    drawn with the likelihood of this hand's bids by the others (importance resampling)."""
    history = k.view["history"]
    others = [(h["seat"], parse_bid_cached(h["bid"])) for h in history if h["seat"] != k.seat]
    pool: list[tuple[float, Summary]] = []
    tries = samples * (2 if others else 1)
    sizes = k.sizes
    for _ in range(tries):
        drawn = rng.sample(k.rest, k.unseen)
        weight = 1.0
        if others:
            at = 0
            held: dict[int, list[int]] = {}
            for s, n in enumerate(sizes):
                if s != k.seat:
                    held[s] = drawn[at : at + n]
                    at += n
            for s, bid in others:
                weight *= _support(bid, held.get(s, []))
        pool.append((weight, summarize([*k.own, *drawn])))
    if not others:
        return [s for _, s in pool]
    total = sum(w for w, _ in pool)
    picks = rng.choices([s for _, s in pool], weights=[w / total for w, _ in pool], k=samples)
    return picks


def _support(bid: Bid, hand: Sequence[int]) -> float:
    """How much more likely a player holding ``hand`` is to bid ``bid`` (a soft guess: players
    tend to name ranks and suits they hold)."""
    if not bid.spec:
        return 1.0
    if bid.cat in KIND or bid.cat in (TWO_PAIR, FULL_HOUSE):
        ranks = bid.spec
        hit = sum(1 for c in hand if c == JOKER or VALUE_OF[c] in ranks)
        return 1.0 + 0.8 * min(hit, 2)
    return 1.0


# ====================================================================== counter
def counter(view: View, choices: Choices, rng: random.Random) -> Action:
    """Call when the standing bid is less likely to stand than a raise is safe, else raise
    to the best-rated bid; a bid stands by the rules in force (see judgement.Odds), and a
    raise is as safe as the next seat's record of calling false bids says (raise_risk)."""
    return _counter(view, choices, rng, reads_rules=True)


def counter_v1(view: View, choices: Choices, rng: random.Random) -> Action:
    """``counter`` as first published, frozen as a yardstick: a bid stands when the named
    hand is there, whatever the rules (it does not read variation #4), and every next seat
    calls a false raise at one rate (it reads no record)."""
    return _counter(view, choices, rng, reads_rules=False)


def _counter(view: View, choices: Choices, rng: random.Random, reads_rules: bool) -> Action:
    k = known_of(view)
    sums = estimates(k, rng, COUNTER_SAMPLES)
    space = k.space
    total = sum(k.sizes)
    best_value = -1.0
    best: Action | None = None
    rated = judge(
        space,
        k.standing,
        k.at,
        total,
        Odds(sums, space, reads_rules and k.rules.higher_hand_counts),
        NEAR_RAISES,
        PER_CATEGORY,
        call_risk=raise_risk(view, k) if reads_rules else CALL_RISK,
        top_called=reads_rules,
    )
    for value, i in rated:  # the call first (it wins when the bid is false), then the raises
        if value > best_value:
            best_value = value
            best = action_of(space, i)
    if best is None:
        return choices.sample(rng)
    return best


# ====================================================================== the call record
def raise_risk(view: View, k: _Known) -> float:
    """How likely the next seat is to call a raise of this seat's that is false: its calls
    of false bids over its chances to call one in the hands shown so far (every hand is
    shown at its call, so each bid of it is judged by the rules in force), from a prior of
    ``RISK_PRIOR`` chances at ``CALL_RISK``.  A seat that never calls makes raising free; a
    seat that calls whatever it doubts makes it dear."""
    n = view["players"]
    sizes = view["hand_sizes"]
    nxt = next(((k.seat + d) % n for d in range(1, n) if sizes[(k.seat + d) % n] > 0), None)
    return CALL_RISK if nxt is None else false_bid_rates(view).get(nxt, CALL_RISK)


def _false_bid_rates(view: View) -> dict[int, float]:
    return {
        seat: (calls + CALL_RISK * RISK_PRIOR) / (chances + RISK_PRIOR)
        for seat, (calls, chances) in false_bid_calls(view, known_of(view)).items()
    }


#: Each seat with a record, its chance of calling a false bid: its calls of the false bids it
#: faced from a prior of ``RISK_PRIOR`` chances at ``CALL_RISK`` (once a view: ``raise_risk``
#: and the search's model of the others read it).
false_bid_rates = ViewMemo(_false_bid_rates)


def false_bid_calls(view: View, k: _Known) -> dict[int, tuple[int, int]]:
    """Per seat, (its calls of false bids, its chances to call one) in the hands shown so far
    (kept per hand: a decision reads every earlier hand again)."""
    out: dict[int, list[int]] = {}
    higher = k.rules.higher_hand_counts
    bids: list[tuple[int, str]] = []
    for event in view["events"]:
        kind = event["type"]
        if kind == "deal":
            bids = []
        elif kind == "bid":
            bids.append((int(event["seat"]), str(event["bid"])))
        elif kind == "call" and bids:
            hands = tuple(tuple(h) for h in event["hands"])
            for seat, (calls, chances) in _hand_record(
                k.space, higher, tuple(bids), int(event["caller"]), hands
            ):
                got = out.setdefault(seat, [0, 0])
                got[0] += calls
                got[1] += chances
            bids = []
    return {s: (c[0], c[1]) for s, c in out.items()}


_HAND_RECORDS: dict[tuple[Any, ...], list[tuple[int, tuple[int, int]]]] = {}


def _hand_record(
    space: BidSpace,
    higher: bool,
    bids: tuple[tuple[int, str], ...],
    caller: int,
    hands: tuple[tuple[str, ...], ...],
) -> list[tuple[int, tuple[int, int]]]:
    """One shown hand's record: each bid was faced by the seat that acted next (the next
    bidder, or the caller on the last bid); per seat, (calls of false bids, false bids
    faced)."""
    memo = (id(space), higher, bids, caller, hands)
    kept = _HAND_RECORDS.get(memo)
    if kept is not None:
        return kept
    pool = summarize([CARD_INDEX[c] for h in hands for c in h])
    record: dict[int, list[int]] = {}
    for i, (_, text) in enumerate(bids):
        if space.stands(parse_bid_cached(text), pool, higher):
            continue
        faced_by = bids[i + 1][0] if i + 1 < len(bids) else caller
        got = record.setdefault(faced_by, [0, 0])
        got[1] += 1
        got[0] += i + 1 == len(bids)
    kept = [(s, (c[0], c[1])) for s, c in record.items()]
    if len(_HAND_RECORDS) > 4096:
        _HAND_RECORDS.clear()
    _HAND_RECORDS[memo] = kept
    return kept


# ====================================================================== honest
def honest(view: View, choices: Choices, rng: random.Random) -> Action:
    """Never calls, never lies when it can help it: the lowest legal bid that its own cards
    make, or else the lowest legal bid."""
    k = known_of(view)
    own = summarize(k.own)
    full, _ = k.space.open_bids(sum(k.sizes))
    start = bisect_right(full, k.at)
    for i in full[start:]:
        if exists(k.space.bids[i], own, k.space.universe):
            return {"type": "bid", "bid": k.space.texts[i]}
    if start < len(full):
        return {"type": "bid", "bid": k.space.texts[full[start]]}
    return choices.all()[0]


# ====================================================================== search hooks
def _standing_at(state: PokerBullGame) -> int:
    return state.space.position(None if state.bid is None else parse_bid_cached(state.bid))


def _imagined(state: PokerBullGame, seat: int, rng: random.Random) -> Summary:
    """A deal as ``seat`` might picture it: its own cards and a random rest."""
    own = state.hands[seat]
    rest = state.rules.pack(state.jokers_in)
    for c in own:
        rest.remove(c)
    unseen = sum(len(h) for h in state.hands) - len(own)
    return summarize([*own, *rng.sample(rest, unseen)])


def _lowest_made(space: BidSpace, full: list[int], start: int, s: Summary) -> int | None:
    """The lowest open bid from ``start`` that the cards make (a bounded scan, then the best
    hand present when it is higher)."""
    for i in full[start : start + SCAN]:
        if exists(space.bids[i], s, space.universe):
            return i
    best = space.best(s)
    if best is None:
        return None
    at = space.index.get(best)
    if at is None or start >= len(full) or at < full[start]:
        return None
    j = bisect_right(full, at) - 1
    return full[j] if j >= start else None


def rollout_step(state: PokerBullGame, seat: int, rng: random.Random) -> Action:
    """One seat's move in a rollout: it pictures one deal (its cards and a random rest), calls
    a bid that would fall on that deal, and otherwise raises to the lowest bid that stands."""
    s = _imagined(state, seat, rng)
    space = state.space
    at = _standing_at(state)
    higher = state.rules.higher_hand_counts
    if state.bid is not None and not space.stands(space.bids[at], s, higher):
        return CALL
    full, _ = space.open_bids(sum(state.sizes))
    start = bisect_right(full, at)
    i: int | None
    if higher and start < len(full):  # variation #4: the lowest raise stands if any bid does
        i = full[start] if space.stands(space.bids[full[start]], s, True) else None
    else:
        i = _lowest_made(space, full, start, s)
    if i is None:
        if state.bid is not None:
            return CALL
        return {"type": "bid", "bid": space.texts[full[start]]}
    return {"type": "bid", "bid": space.texts[i]}


def evaluate(state: Game) -> list[float]:
    """The hand the search began in decides: its loser scores 0.25 (0 if it went out), the
    others 1.  (A search walk may run into later hands; they are not counted, so that every
    branch is judged over the same horizon.)"""
    assert isinstance(state, PokerBullGame)
    n = state.players
    since: int = state.__dict__.get("_search_events", len(state.events))
    for event in state.events[since:]:
        public = event[0]
        if public["type"] == "lose":
            out = [1.0] * n
            out[public["seat"]] = 0.0 if public["cards_next"] == 0 else 0.25
            return out
    return [1.0] * n
