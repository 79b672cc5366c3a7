"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling et al. 2012).

Each iteration samples a full game consistent with what the seat knows (the family's
``determinize`` hook), walks one shared tree keyed by actions, choosing among the actions
available in that sample by UCB1 with availability counts, expands one node, plays on with
the family's ``rollout`` (the random policy to the end where a family gives none), and
credits every seat that chose on the way with its own score (the family's ``evaluate``).
A family's ``candidates`` say which moves the searching seat weighs and what the other seats
do: the Cheat family, for one, models them as ``counter`` players, bent toward how often
each has called so far.  The budget is a number of iterations (reproducible for a seed) with
a time cap per move.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import ClassVar

from ..game import Game
from .base import Action, Bot, Choices, View, register_bot
from .search import FamilyHooks, action_key, default_evaluate, hooks_for
from .simple import CHALLENGES

#: Above this many legal actions a node searches a sample of them (plus every non-play).
WIDE = 24
SAMPLE_WIDTH = 16


class _Node:
    __slots__ = ("avail", "children", "reward", "visits")

    def __init__(self) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0


def _ucb_choice(node: _Node, keys: dict[str, Action], c: float) -> str:
    """UCB1 with availability counts: the child to follow among those available now."""
    best, best_value = "", -1.0
    for k in keys:
        ch = node.children[k]
        value = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
        if value > best_value:
            best, best_value = k, value
    return best


def default_candidates(state: Game, seat: int, rng: random.Random) -> list[Action]:
    legal = state.legal_actions(seat)
    if len(legal) <= WIDE:
        return legal
    rest = [a for a in legal if a["type"] != "play"]
    plays = [a for a in legal if a["type"] == "play"]
    return rest + rng.sample(plays, min(SAMPLE_WIDTH, len(plays)))


def rollout_action(state: Game, seat: int, rng: random.Random) -> Action:
    """The random bot's policy: uniform, a challenge kept one time in five."""
    action = state.sample_action(seat, rng)
    if action["type"] in CHALLENGES and rng.random() >= 0.2:
        for _ in range(16):
            other = state.sample_action(seat, rng)
            if other["type"] not in CHALLENGES:
                return other
    return action


class Allowed:
    """Whether the rules allow a move now, asked of each move the search weighs (and kept):
    a listing of every legal action stops at the smallest plays of a big hand (the engine's
    cap where any count may be laid), and a search filtered by it never weighs its biggest
    truths."""

    def __init__(self, legal: Choices) -> None:
        self._legal = legal
        self._known: dict[str, bool] = {}

    def __call__(self, action: Action) -> bool:
        key = action_key(action)
        ok = self._known.get(key)
        if ok is None:
            ok = self._known[key] = self._legal.is_legal(action)
        return ok

    def every(self) -> list[Action]:
        """Every legal action, as listed (the fallback where no candidate is legal)."""
        return self._legal.all()


def root_moves(
    state: Game,
    seat: int,
    candidates: Callable[[Game, int, random.Random], list[Action]],
    allowed: Allowed,
    prior: Action | None,
    rng: random.Random,
) -> list[Action]:
    """The searching seat's moves at the root: the family's candidates in a sampled state
    that the rules allow in the real one (else every listed action), with ``prior``, once
    each."""
    moves = [a for a in candidates(state, seat, rng) if allowed(a)] or allowed.every()
    if prior is not None and allowed(prior):
        moves.append(prior)
    return list({action_key(a): a for a in moves}.values())


@register_bot
class ISMCTSBot(Bot):
    level = "Hard"
    character = "thinks several moves ahead"
    personas = ("Iris", "Ike", "Ivy", "Ingo")
    name = "ismcts"
    summary = "information-set Monte Carlo tree search over sampled hidden cards"
    wants_view: ClassVar[bool] = True
    iterations = 400
    time_limit = 1.0  # seconds a move, at most
    exploration = 0.7
    max_rollout = 2000

    def act(self, view: View | None, legal: Choices) -> Action:
        actions = legal.all()
        if len(actions) == 1 or view is None:
            return actions[0]
        hooks = hooks_for(view)
        if hooks.determinize is None:
            return actions[self.rng.randrange(len(actions))]
        prior = None
        if hooks.prior_margin is not None and hooks.counter is not None:
            prior = hooks.counter(view, legal, self.rng)
            if hooks.model_informed is not None and not hooks.model_informed(view):
                return prior
        return self.search(view, legal, hooks, prior)

    def search(
        self,
        view: View,
        legal: Choices,
        hooks: FamilyHooks,
        prior: Action | None = None,
    ) -> Action:
        """The most visited of the root's moves; with ``prior`` (the family's rule-based
        move, ``FamilyHooks.prior_margin`` set) that move unless another was visited at least
        ``prior_margin`` times as often and scored ``prior_edge`` more on average."""
        assert hooks.determinize is not None
        rng = self.rng
        me = view["seat"]
        candidates = hooks.candidates or default_candidates
        evaluate = hooks.evaluate or default_evaluate
        allowed = Allowed(legal)
        root = _Node()
        root_keys: dict[str, Action] = {}
        # Family budgets apply while the class defaults are in force (a caller that sets the
        # class or instance attributes keeps its own).
        iterations = self.iterations
        if hooks.iterations is not None and iterations == ISMCTSBot.iterations == 400:
            iterations = hooks.iterations
        time_limit = self.time_limit
        if hooks.time_limit is not None and time_limit == ISMCTSBot.time_limit == 1.0:
            time_limit = hooks.time_limit
        deadline = time.perf_counter() + time_limit
        root_choices: list[Action] | None = None
        for _ in range(iterations):
            if time.perf_counter() > deadline:
                break
            state = hooks.determinize(view, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            first = True
            while not state.over:
                # The searching seat moves first at the root when it is among several that
                # may act now (a challenge window).
                seat = me if first and me in state.to_act else state.to_act[0]
                if first and seat == me:
                    if root_choices is None:
                        root_choices = root_moves(state, seat, candidates, allowed, prior, rng)
                        root_keys = {action_key(a): a for a in root_choices}
                    options = root_choices
                else:
                    options = candidates(state, seat, rng)
                first = False
                if not options:
                    break  # a sampled state where the seat has no move: judged as it stands
                keyed = {action_key(a): a for a in options}
                for k in keyed:
                    child = node.children.get(k)
                    if child is not None:
                        child.avail += 1
                fresh = [k for k in keyed if k not in node.children]
                if fresh:
                    k = fresh[rng.randrange(len(fresh))]
                    child = _Node()
                    child.avail = 1
                    node.children[k] = child
                    state.apply(seat, keyed[k])
                    path.append((child, seat))
                    break
                best = _ucb_choice(node, keyed, self.exploration)
                node = node.children[best]
                state.apply(seat, keyed[best])
                path.append((node, seat))
            if hooks.rollout is not None:
                hooks.rollout(state, rng)
            else:
                steps = 0
                while not state.over and steps < self.max_rollout:
                    seat = state.to_act[0]
                    state.apply(seat, rollout_action(state, seat, rng))
                    steps += 1
            scores = evaluate(state)
            for child, seat in path:
                child.visits += 1
                child.reward += scores[seat]
        ranked = [(ch.visits, k) for k, ch in root.children.items() if k in root_keys]
        if not ranked:
            actions = allowed.every()
            return actions[rng.randrange(len(actions))]
        ranked.sort(key=lambda vk: (-vk[0], vk[1]))
        if prior is not None and hooks.prior_margin is not None:
            kept = root.children.get(action_key(prior))
            top = root.children[ranked[0][1]]
            if kept is not None and (
                top.visits < hooks.prior_margin * kept.visits
                or top.reward / max(1, top.visits)
                < kept.reward / max(1, kept.visits) + hooks.prior_edge
            ):
                return root_keys.get(action_key(prior), prior)
        return root_keys[ranked[0][1]]
