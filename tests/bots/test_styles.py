"""The fixed-style bots (always/never call, always/never lie) in every family: each keeps its
habit, and every decision it makes is legal."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cards import CARD_INDEX
from bluffhouse.pokerbull.bids import FULL, exists, parse_bid_cached, summarize

STYLES = ["always_call", "never_call", "always_lie", "never_lie"]
CALLS = {"bullshit": "call", "poker_bull": "call", "sneak": "challenge"}


def _decisions(
    game_id: str, style: str, players: int = 3, steps: int = 400
) -> Iterator[tuple[bh.Game, int, dict[str, Any]]]:
    """(state before, seat, action) for every decision of the style seats (all but seat 0)."""
    bots = [make_bot("counter" if s == 0 else style, seed=s) for s in range(players)]
    g = bh.new_game(game_id, players=players, seed=5)
    for _ in range(steps):
        if g.over:
            return
        seat = g.to_act[0]
        action = bots[seat].act(g.view(seat), Choices(g, seat))
        assert g.is_legal(seat, action), (game_id, style, action)
        if seat:
            yield g, seat, action
        g.apply(seat, action)


@pytest.mark.parametrize("game_id", ["bullshit", "poker_bull", "sneak"])
@pytest.mark.parametrize("style", STYLES)
def test_styles_play_legal_moves(game_id: str, style: str) -> None:
    kinds = {a["type"] for _, _, a in _decisions(game_id, style)}
    assert kinds, (game_id, style)
    if style == "never_call":
        assert CALLS[game_id] not in kinds


@pytest.mark.parametrize("game_id", ["bullshit", "poker_bull"])
def test_always_call_calls_every_claim_it_may(game_id: str) -> None:
    chances = 0
    for g, seat, action in _decisions(game_id, "always_call"):
        if g.is_legal(seat, {"type": "call"}):
            chances += 1
            assert action == {"type": "call"}
    assert chances >= 5


def test_sneak_always_call_challenges_every_sneak_it_can_match() -> None:
    chances = 0
    for g, seat, action in _decisions("sneak", "always_call", steps=800):
        view = g.view(seat)
        lead = view.get("lead")
        if (
            view["phase"] == "window"
            and lead
            and lead["kind"] == "sneak"
            and len(view["hand"]) >= lead["count"]
        ):
            chances += 1
            assert action["type"] == "challenge"
    assert chances >= 3


def test_poker_bull_lying_styles() -> None:
    for style in ("never_lie", "always_lie"):
        bids = 0
        for g, seat, action in _decisions("poker_bull", style, steps=300):
            if action["type"] != "bid":
                continue
            bids += 1
            own = summarize([CARD_INDEX[c] for c in g.view(seat)["hand"]])
            shown = exists(parse_bid_cached(action["bid"]), own, FULL)
            assert shown == (style == "never_lie"), (style, action)
        assert bids >= 3, style


def test_sneak_lying_styles() -> None:
    sneaks = 0
    for _, _, action in _decisions("sneak", "never_lie", steps=800):
        assert action["type"] != "sneak"
    for g, _, action in _decisions("sneak", "always_lie", steps=800):
        sneaks += action["type"] == "sneak"
        if action["type"] == "flaunt":
            assert g.view(0)["stock_size"] == 0  # flaunting only once sneaking is over
    assert sneaks >= 3


def test_style_bots_need_their_view() -> None:
    bot = make_bot("always_call", seed=0)
    with pytest.raises(ValueError, match="needs its view"):
        bot.act(None, Choices.of([{"type": "pass"}]))
