"""What a family gives the generic bots: how to sample a full state consistent with a seat's
view (determinization), which actions are worth searching, how to judge an unfinished game,
and its rule-based ``counter`` policy.

Each family registers its hooks once (``register_family_hooks``) from its own package; the
generic ``counter`` and ``ismcts`` bots look them up by the view's game id.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ..registry import lookup

if TYPE_CHECKING:
    from ..game import Game
    from .base import Action, Choices, View

Determinize = Callable[["View", random.Random], "Game"]
Candidates = Callable[["Game", int, random.Random], "list[Action]"]
Evaluate = Callable[["Game"], "list[float]"]
Policy = Callable[["View", "Choices", random.Random], "Action"]
Rollout = Callable[["Game", random.Random], None]


@dataclass(frozen=True)
class FamilyHooks:
    """``determinize(view, rng)``: a full game whose hidden cards are drawn consistently with
    everything the seat knows, and whose public state equals the view's.
    ``candidates(state, seat, rng)``: the actions a search considers (all legal ones when
    None).  ``evaluate(state)``: a score per seat in [0, 1] for a game cut short.
    ``counter(view, choices, rng)``: the rule-based card-counting policy; ``counter_v1``: its
    first published version, frozen (``counter`` itself where the family's has not changed
    since).
    ``honest(view, choices, rng)``: what "never lies, never calls" means in this family (the
    generic honest bot when None).  ``rollout(state, rng)``: plays a sampled game on from a
    search leaf, as far as ``evaluate`` needs (the generic random rollout to the end when
    None).  ``iterations`` / ``time_limit``: the family's ISMCTS budget per move (the bot's
    class defaults when None)."""

    determinize: Determinize | None = None
    candidates: Candidates | None = None
    evaluate: Evaluate | None = None
    counter: Policy | None = None
    counter_v1: Policy | None = None
    honest: Policy | None = None
    rollout: Rollout | None = None
    iterations: int | None = None
    time_limit: float | None = None
    #: Where set, the search keeps the ``counter`` policy's move unless another was visited
    #: at least this many times as often (a guard for a family whose opponent model is
    #: rough: the search leaves the rule-based move only where it is clearly better).
    prior_margin: float | None = None
    #: ... and whose mean score is at least this much above the ``counter`` move's (a move
    #: visited more by a hair, on a root of thirty moves with a few visits each, is noise).
    prior_edge: float = 0.0
    #: ``model_informed(view)``: whether the others have shown enough of their play for the
    #: family's model of them to be worth searching; where it says no, the bot plays the
    #: ``counter`` policy's move (with ``prior_margin`` set) without a search.
    model_informed: Callable[[View], bool] | None = None


_T = TypeVar("_T")


class ViewMemo(Generic[_T]):
    """What a bot derives from a view, kept for the last few views it was asked about: the
    determinizer is called many times per decision with the same view object.  Keyed by
    identity, since a view (a dict) is not hashable and a new view is a new decision."""

    def __init__(self, make: Callable[[View], _T], size: int = 4) -> None:
        self._make = make
        self._size = size
        self._items: list[tuple[View, _T]] = []

    def __call__(self, view: View) -> _T:
        for seen, item in self._items:
            if seen is view:
                return item
        item = self._make(view)
        self._items = [(view, item), *self._items[: self._size - 1]]
        return item


_HOOKS: dict[str, FamilyHooks] = {}


def search_hooks(
    search: Any, determinize: Determinize | None = None, **policies: Any
) -> FamilyHooks:
    """A family's hooks from its search module, which names them alike in every family
    (``determinize``, ``candidates``, ``evaluate``, ``rollout``, ``ITERATIONS``,
    ``TIME_LIMIT`` and, where it has them, ``PRIOR_MARGIN``, ``PRIOR_EDGE`` and
    ``model_informed``), with its rule-based policies (``counter``, ``counter_v1``,
    ``honest``) and, where it is another, the determinizer."""
    return FamilyHooks(
        determinize=determinize or search.determinize,
        candidates=search.candidates,
        evaluate=search.evaluate,
        rollout=search.rollout,
        iterations=search.ITERATIONS,
        time_limit=search.TIME_LIMIT,
        prior_margin=getattr(search, "PRIOR_MARGIN", None),
        prior_edge=getattr(search, "PRIOR_EDGE", 0.0),
        model_informed=getattr(search, "model_informed", None),
        **policies,
    )


def register_family_hooks(family: str, hooks: FamilyHooks) -> None:
    _HOOKS[family] = hooks


def hooks_for(view: View) -> FamilyHooks:
    return hooks_for_game(view["game"])


def hooks_for_game(game_id: str) -> FamilyHooks:
    family = lookup(game_id).family.FAMILY
    _load_family_bots(family)
    return _HOOKS.get(family, FamilyHooks())


def family_package(game_id: str) -> str:
    """The package (under ``bluffhouse`` for its rules, under ``bluffhouse.bots`` for its
    bots) where a game's family lives."""
    family: str = lookup(game_id).family.FAMILY
    return {"poker_bull": "pokerbull"}.get(family, family)


def _load_family_bots(family: str) -> None:
    """Import ``bluffhouse.bots.<package>`` on first use, where the family keeps its hooks."""
    if family in _HOOKS:
        return
    import importlib

    package = {"poker_bull": "pokerbull"}.get(family, family)
    try:
        importlib.import_module(f"bluffhouse.bots.{package}")
    except ModuleNotFoundError as exc:
        if exc.name != f"bluffhouse.bots.{package}":
            raise


def default_evaluate(state: Game) -> list[float]:
    """Finished: 1 for the winner, a share by place for the rest; unfinished: fewer cards
    held is better."""
    n = state.players
    result = state.result
    if result is not None:
        scores = [0.0] * n
        for place, seat in enumerate(result["ranking"]):
            scores[seat] = 1.0 if place == 0 else 0.25 * (n - 1 - place) / max(1, n - 1)
        return scores
    sizes = state.view(None)["hand_sizes"]
    order = sorted(range(n), key=lambda s: sizes[s])
    scores = [0.0] * n
    for place, seat in enumerate(order):
        scores[seat] = 0.5 * (n - 1 - place) / max(1, n - 1)
    return scores


def action_key(action: Action) -> str:
    """A canonical text for an action: equal actions share a tree node."""
    parts = []
    for k in sorted(action):
        v = action[k]
        if k == "cards" and isinstance(v, list):
            v = sorted(v)
        elif isinstance(v, dict):
            v = sorted(v.items())
        parts.append(f"{k}={v}")
    return ";".join(parts)


def describe_hooks() -> dict[str, Any]:
    return {
        f: [
            k
            for k in ("determinize", "candidates", "evaluate", "counter", "honest", "rollout")
            if getattr(h, k) is not None
        ]
        for f, h in _HOOKS.items()
    }
