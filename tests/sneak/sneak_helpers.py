"""Shared helpers of the Sneak tests: scripted stocks, short-hand actions, a random player."""

from __future__ import annotations

import random
from typing import Any

import bluffhouse as bh
from bluffhouse.cards import CARD_TEXT, build_deck


def pack_texts(packs: int = 1) -> list[str]:
    return [CARD_TEXT[c] for c in build_deck(packs)]


def stock_of(*cards: str, pad: bool = True, packs: int = 1) -> list[str]:
    """A stock whose top cards are ``cards`` (in draw order), then, with ``pad``, the rest of the
    packs in a fixed order (so the stock does not run out and sneaking stays allowed)."""
    out = list(cards)
    if pad:
        rest = pack_texts(packs)
        for c in cards:
            rest.remove(c)
        out += rest
    return out


def new(stock: list[str], players: int = 2, **options: Any) -> bh.Game:
    return bh.new_game("sneak", players=players, seed=1, stock=stock, **options)


def draw(g: bh.Game, times: int = 1) -> None:
    """The seat on turn draws, ``times`` turns in a row."""
    for _ in range(times):
        assert len(g.to_act) == 1
        g.apply(g.to_act[0], {"type": "draw"})


def act(g: bh.Game, seat: int, kind: str, *cards: str) -> None:
    action: dict[str, Any] = {"type": kind}
    if cards:
        action["cards"] = list(cards)
    g.apply(seat, action)


def hand(g: bh.Game, seat: int) -> list[str]:
    return list(g.view(seat)["hand"])


def last_event(g: bh.Game, kind: str, seat: int | None = None) -> dict[str, Any]:
    for event in reversed(g.view(seat)["events"]):
        if event["type"] == kind:
            return dict(event)
    raise AssertionError(f"no {kind} event")


def random_step(g: bh.Game, rng: random.Random) -> tuple[int, dict[str, Any]]:
    seat = rng.choice(g.to_act)
    action = rng.choice(g.legal_actions(seat))
    g.apply(seat, action)
    return seat, action


GOLDEN_SETUP: dict[str, Any] = {
    "players": 3,
    "seed": 20240611,
    "options": {"target": 40},
    "driver_seed": 77,
}


def play_golden() -> dict[str, Any]:
    """The golden playthrough: a fixed game played by a seeded random driver to its end."""
    setup = GOLDEN_SETUP
    g = bh.new_game("sneak", players=setup["players"], seed=setup["seed"], **setup["options"])
    rng = random.Random(setup["driver_seed"])
    actions = []
    while not g.over:
        seat = g.to_act[rng.randrange(len(g.to_act))]
        legal = g.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        g.apply(seat, action)
        actions.append([seat, action])
    return {
        "setup": setup,
        "actions": actions,
        "result": g.result,
        "events": g.view(None)["events"],
    }
