"""``lists_subset(seat)`` says exactly when ``legal_actions`` is the documented subset (more
than 10,000 legal bids: flushes naming three or more ranks left out), so that a client offering
only listed bids (the browser table) knows to let a person build the others."""

from __future__ import annotations

import random

import pytest

import bluffhouse as bh
from bluffhouse.pokerbull import PokerBullGame
from bluffhouse.pokerbull.bids import FLUSH, parse_bid
from typed_games import pokerbull_game


def _moments(game_id: str, seed: int) -> list[PokerBullGame]:
    """A hand's opening (the subset), the same after a full house is bid (every bid listed)
    and a later moment of a random game."""
    g = pokerbull_game(game_id, players=4, seed=seed)
    seat = g.to_act[0]
    high = g.copy()
    high.apply(seat, next(a for a in g.legal_actions(seat) if a["bid"].startswith("full_house")))
    later = g.copy()
    rng = random.Random(seed)
    for _ in range(12):
        if later.over:
            break
        turn = later.to_act[0]
        later.apply(turn, later.sample_action(turn, rng))
    return [g, high] + ([later] if not later.over else [])


@pytest.mark.parametrize("game_id", ["poker_bull", "poker_bull_no_jokers", "poker_bull_rising"])
def test_lists_subset_is_true_exactly_when_legal_bids_are_left_out(game_id: str) -> None:
    seen = set()
    for g in _moments(game_id, 3):
        seat = g.to_act[0]
        listed = {a["bid"] for a in g.legal_actions(seat) if a["type"] == "bid"}
        legal = {t for t in g._space.texts if g.is_legal(seat, {"type": "bid", "bid": t})}
        left_out = legal - listed
        assert listed <= legal
        assert g.lists_subset(seat) is bool(left_out), (g.view(None)["bid"], len(left_out))
        for text in left_out:  # only the documented ones
            bid = parse_bid(text)
            assert bid.cat == FLUSH and len(bid.spec) >= 4, text
        others = [s for s in range(g.players) if s != seat]
        assert not any(g.lists_subset(s) for s in others)  # not to act: nothing listed
        seen.add(bool(left_out))
    if game_id != "poker_bull_no_jokers":  # its openings list 9,851 bids: all of them
        assert seen == {True, False}
    else:
        assert seen == {False}


def test_lists_subset_is_false_for_a_seat_not_to_act_or_no_seat() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1)
    assert g.lists_subset(0) and not g.lists_subset(7) and not g.lists_subset("0")  # type: ignore[arg-type]
