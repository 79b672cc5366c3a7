"""Sneak's hooks for the generic ISMCTS bot (see ``bluffhouse.bots.search``).

- :func:`search_determinize`: the uniform deal of :func:`bluffhouse.bots.sneak.counter.determinize`
  judged by what the others did face down: a few uniform deals are drawn and one is kept with
  the odds that a card-counting player would have made the sneak on the table (its best card,
  or now and then its worst) and the face-down challenges to it (its best cards), since a
  uniform deal makes every sneak look like a bluff.
- :func:`model_answer`, :func:`model_turn`: the other seats' policy in the search and everybody's
  in rollouts: ``counter``'s answer to a lead (from the seat's own cards on the sampled deal,
  the odds of a one-card challenge computed exactly), and its turn in outline.
- :func:`candidates`: the searching seat weighs a handful of moves, ``counter``'s among them at
  the root (draw, sneak its best or worst card, flaunt its best; pass or its best answer).
- :func:`rollout` plays ``ROLLOUT_STEPS`` moves on; :func:`evaluate` compares a seat's cards
  won this deal plus the worth of its hand (``HAND_WORTH``: what a card of each value goes on
  to win, fitted on games between counters) with the others' average.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

from ...cards import CARD_TEXT, build_deck
from ...game import Game
from ...sneak import combos as cb
from ...sneak.engine import SneakGame
from ..base import Action, View
from ..search import ViewMemo
from . import counter as counter_bot

#: The search budget a move: iterations, capped by seconds (one core).
ITERATIONS = 100
TIME_LIMIT = 0.3
#: Uniform deals drawn per search deal, one kept by the odds of the face-down plays.
DRAWS = 8
#: Rollout length in actions after the tree: just enough to settle a challenge window.  Longer
#: rollouts of the outline policy drowned the evaluation in its noise: against ``counter``,
#: 20 games each at 2, 3 and 4 seats, 0 steps won 20/20 at every size, 2 won 19, 20 and 20,
#: 4 won 17, 20 and 20, 8 won 14 of 20 heads up, and 12 (the old value) 0 of 20 heads up (the
#: "known weakness") and 17 of 20 at four.
ROLLOUT_STEPS = 2
#: What a card in hand is worth against a card won, by its value (2 .. ace) and the number of
#: players: the cards a counting player goes on to win this deal for each card of that value
#: it holds (linear fits over the positions of 40 games between ``counter`` bots for each table
#: size, to 30 points, smoothed).  Heads up a high card is worth no more than a low one; at a
#: bigger table it draws challenges that it wins.
HAND_WORTH = {
    2: (0.8,) * 13,
    3: (0.85, 0.85, 0.85, 0.9, 0.9, 0.95, 0.95, 0.9, 0.85, 0.9, 1.05, 1.15, 1.6),
    4: (0.85, 0.85, 0.8, 0.8, 0.85, 0.85, 0.85, 0.95, 1.0, 1.2, 1.7, 2.05, 2.3),
}
#: How sure of winning a seat is from its lead over the best other (lower: sharper).
TEMPERATURE = 3.0


DRAW: Action = {"type": "draw"}
PASS: Action = {"type": "pass"}


def _act(kind: str, cards: Sequence[int]) -> Action:
    return {"type": kind, "cards": [CARD_TEXT[c] for c in sorted(cards)]}


# ====================================================================== inference
def _sneak_odds(lead: Sequence[int], hand: Sequence[int]) -> float:
    """How likely a counting player holding ``hand`` and ``lead`` sneaks ``lead``: it sneaks
    its best card, or (less often) its worst as a bluff."""
    if len(lead) != 1:
        return 1.0
    v = cb.value(lead[0])
    values = [cb.value(c) for c in hand]
    if not values:
        return 1.0
    if v >= max(values):
        return 1.0
    if v <= min(values):
        return 0.25
    return 0.03


def _challenge_odds(cards: Sequence[int], hand: Sequence[int]) -> float:
    """A counting player challenges a sneak with its best cards."""

    best = counter_bot.best_of(sorted([*hand, *cards]), len(cards))
    if best is None:
        return 1.0
    return 1.0 if cb.key(best) <= cb.key(cards) else 0.05


def likelihood(g: SneakGame, me: int) -> float:
    lead = g.lead
    if lead is None or g.phase != "window":
        return 1.0
    weight = 1.0
    leader: int = lead["seat"]
    if lead["kind"] == "sneak" and leader != me:
        weight *= _sneak_odds(lead["cards"], g.hands[leader])
    if lead["kind"] == "sneak":
        for s, cs in g.challenges:
            if s != me:
                weight *= _challenge_odds(cs, g.hands[s])
    return weight


def _hidden(view: View) -> bool:
    """Whether the view shows face-down plays by others worth judging."""
    lead = view.get("lead")
    if lead is None or view["phase"] != "window" or lead["kind"] != "sneak":
        return False
    return lead["seat"] != view["seat"] or any(c["cards"] is None for c in view["challenges"])


def search_determinize(view: View, rng: random.Random) -> Game:

    if not _hidden(view):
        return counter_bot.determinize(view, rng)
    me: int = view["seat"]
    pool: list[Game] = []
    weights: list[float] = []
    for _ in range(DRAWS):
        g = counter_bot.determinize(view, rng)
        assert isinstance(g, SneakGame)
        pool.append(g)
        weights.append(likelihood(g, me))
    return rng.choices(pool, weights=weights)[0]


# ====================================================================== the model
def _unseen_of(state: SneakGame, seat: int) -> list[int]:
    """The cards ``seat`` cannot place, roughly: all but its hand, the cards won and a flaunt
    on the table."""
    pack = Counter(_pack(state._packs))
    pack.subtract(state.hands[seat])
    for w in state.won:
        pack.subtract(w)
    lead = state.lead
    if lead is not None and (lead["kind"] == "flaunt" or lead["seat"] == seat):
        pack.subtract(lead["cards"])
    return list(pack.elements())


_PACKS: dict[int, list[int]] = {}


def _pack(packs: int) -> list[int]:
    if packs not in _PACKS:
        _PACKS[packs] = build_deck(packs)
    return _PACKS[packs]


def model_answer(state: SneakGame, seat: int, rng: random.Random) -> Action:
    """``counter``'s answer to a lead: a flaunt is challenged with the cheapest set that beats
    it; a sneak with the seat's best cards when they beat at least ``CHALLENGE_ODDS`` of the leads
    the unseen cards could make (exact for one card, sampled for more)."""

    lead = state.lead
    assert lead is not None
    hand = state.hands[seat]
    size = len(lead["cards"])
    if lead["kind"] == "flaunt":
        return counter_bot.flaunt_answer(hand, lead["cards"])
    mine = counter_bot.best_of(hand, size)
    if mine is None:
        return PASS
    pool = _unseen_of(state, seat)
    if len(pool) < size:
        return PASS
    if size == 1:
        top = cb.value(mine[0])
        odds = sum(1 for c in pool if cb.value(c) < top) / len(pool)
    else:
        my_key = cb.key(mine)
        samples = counter_bot.CHALLENGE_SAMPLES
        wins = sum(1 for _ in range(samples) if my_key > cb.key(rng.sample(pool, size)))
        odds = wins / samples
    return _act("challenge", mine) if odds >= counter_bot.CHALLENGE_ODDS else PASS


def model_turn(state: SneakGame, seat: int, rng: random.Random) -> Action:
    """``counter``'s turn in outline (without its flaunt arithmetic): draw at first and while
    weak, sneak a king or ace now and then, and once the stock is gone flaunt the best card."""
    hand = state.hands[seat]
    limit = state._lead_limit(seat)
    stock = bool(state.stock)
    if stock and (not state.started[seat] or limit == 0):
        return DRAW
    if limit == 0:
        return DRAW
    top = max(hand, key=cb.value)
    if not stock:
        return _act("flaunt", [top])
    if len(hand) >= 3:
        if cb.value(top) >= 13 and rng.random() < 0.6:
            return _act("sneak", [top])
        if len(hand) >= 5 and rng.random() < 0.2:
            return _act("sneak", [min(hand, key=cb.value)])
    if len(hand) >= 8:
        return _act("sneak", [top])
    return DRAW


def _step(state: SneakGame, seat: int, rng: random.Random) -> Action:
    if state.phase == "window":
        return model_answer(state, seat, rng)
    return model_turn(state, seat, rng)


# ====================================================================== search hooks
_root: ViewMemo[list[Action]] = ViewMemo(lambda view: [])


def _turn_handful(state: SneakGame, seat: int) -> list[Action]:
    """Sneaking time: draw, sneak the best card (to draw challenges) or the worst (a bluff),
    flaunt the best card or a combo."""
    hand = state.hands[seat]
    out: list[Action] = [DRAW]
    if not state.started[seat] or state._lead_limit(seat) < 1:
        return out
    top = max(hand, key=cb.value)
    low = min(hand, key=cb.value)
    out += [_act("sneak", [top]), _act("flaunt", [top])]
    if len(hand) >= 3:
        out.append(_act("sneak", [low]))
    return out


def candidates(state: Game, seat: int, rng: random.Random) -> list[Action]:
    """The searching seat weighs a handful of moves (``counter``'s among them at the root); the
    others play the model."""

    assert isinstance(state, SneakGame)
    me = state.__dict__.get("_search_seat", seat)
    if seat != me:
        return [_step(state, seat, rng)]
    if state.phase == "turn" and state.stock:
        out = _turn_handful(state, seat)
    else:
        out = counter_bot.own_moves(state, seat)
    view = state.__dict__.get("_search_view")
    if view is not None and len(state.events) == state.__dict__.get("_search_events"):
        memo = _root(view)
        if not memo:
            from ..base import Choices

            memo.append(counter_bot.counter(view, Choices.of(state.legal_actions(seat), seat), rng))
        if memo[0] not in out:
            out = [*out, memo[0]]
    return out


def rollout(state: Game, rng: random.Random) -> None:
    assert isinstance(state, SneakGame)
    for _ in range(ROLLOUT_STEPS):
        if state.over:
            return
        seat = state.to_act[0]
        state.apply(seat, _step(state, seat, rng))


def _hand_worth(hand: Sequence[int], players: int) -> float:
    worth = HAND_WORTH[min(players, 4)]
    return sum(worth[cb.value(c) - 2] for c in hand)


def evaluate(state: Game) -> list[float]:
    """Finished: 1 for each winner, else 0; cut short: a logistic of each seat's lead over the
    others' average in this deal (cards won, and the worth of its hand)."""
    assert isinstance(state, SneakGame)
    n = state.players
    result = state.result
    if result is not None:
        shared = result.get("shared") or [result["winner"]]
        return [1.0 if s in shared else 0.0 for s in range(n)]
    worth = [len(state.won[s]) + _hand_worth(state.hands[s], n) for s in range(n)]
    total = sum(worth)
    out = []
    for s in range(n):
        others = (total - worth[s]) / max(1, n - 1)
        out.append(1.0 / (1.0 + math.exp(-(worth[s] - others) / TEMPERATURE)))
    return out


def determinize(view: View, rng: random.Random) -> Game:
    """:func:`search_determinize`, marked for the root's candidates."""
    g = search_determinize(view, rng)
    g.__dict__["_search_view"] = view
    g.__dict__["_search_events"] = len(g.events)
    return g
