"""sample_action draws exactly what legal_actions lists, uniformly, without listing it."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.pokerbull.bids import LIST_LIMIT, parse_bid


def _states(game_id: str, seed: int, **options: Any) -> list[bh.Game]:
    """Snapshots along a random game (the opening bid of each hand included)."""
    g = bh.new_game(game_id, players=5, seed=seed, **options)
    rng = random.Random(seed)
    out = []
    while not g.over:
        out.append(g.copy())
        seat = g.to_act[0]
        g.apply(seat, g.sample_action(seat, rng))
    return out


@pytest.mark.parametrize(
    ("game_id", "options"),
    [
        ("poker_bull", {}),
        ("poker_bull_no_jokers", {}),
        ("poker_bull_rising", {}),
        (
            "poker_bull",
            {
                "jokers_high": True,
                "royal_over_five": "natural",
                "suit_order": "SHDC",
                "jokers_leave_at": 15,
                "recharge_at": 12,
            },
        ),
    ],
)
def test_sample_is_the_listed_draw(game_id: str, options: dict[str, object]) -> None:
    """From the same RNG state, sample_action returns legal[rng.randrange(len(legal))]."""
    states = _states(game_id, 5, **options)
    for g in states[::3]:
        seat = g.to_act[0]
        legal = g.legal_actions(seat)
        for k in range(3):
            a, b = random.Random(k), random.Random(k)
            drawn = g.sample_action(seat, a)
            assert drawn == legal[b.randrange(len(legal))]
            assert a.getstate() == b.getstate()
            assert g.is_legal(seat, drawn)


def test_sample_draws_from_the_listed_subset_above_the_limit() -> None:
    """At the opening bid more than LIST_LIMIT bids are legal: the sampler draws from the
    documented subset (flushes naming three or more ranks left out), as legal_actions lists."""
    g = bh.new_game("poker_bull", players=5, seed=1)
    seat = g.to_act[0]
    listed = {a["bid"] for a in g.legal_actions(seat)}
    assert len(listed) < LIST_LIMIT
    rng = random.Random(0)
    seen = set()
    for _ in range(3000):
        action = g.sample_action(seat, rng)
        assert action["type"] == "bid" and action["bid"] in listed
        bid = parse_bid(action["bid"])
        assert bid.cat != 5 or len(bid.spec) <= 3
        seen.add(action["bid"])
    assert len(seen) > 900  # spread over the listed ~1,500
    assert g.is_legal(seat, {"type": "bid", "bid": "flush S A K 9 6 4"})  # still legal


def test_sample_is_uniform_chi_square() -> None:
    g = bh.new_game("poker_bull", players=3, seed=2)
    g.apply(0, {"type": "bid", "bid": "straight_flush S K"})
    seat = g.to_act[0]
    legal = g.legal_actions(seat)
    assert 10 < len(legal) < 80
    index = {repr(sorted(a.items())): i for i, a in enumerate(legal)}
    counts = [0] * len(legal)
    rng = random.Random(3)
    draws = 400 * len(legal)
    for _ in range(draws):
        action = g.sample_action(seat, rng)
        assert g.is_legal(seat, action)
        counts[index[repr(sorted(action.items()))]] += 1
    expected = draws / len(legal)
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    dof = len(legal) - 1
    # Far beyond the 0.1% critical value (about dof + 3.1 sqrt(2 dof) + 10 for these sizes).
    assert chi2 < dof + 3.1 * (2 * dof) ** 0.5 + 10, chi2
    assert all(counts)


def test_sample_refuses_when_not_to_act() -> None:
    g = bh.new_game("poker_bull", players=3, seed=2)
    with pytest.raises(bh.IllegalAction):
        g.sample_action(1, random.Random(0))


@pytest.mark.parametrize("jokers", [0, 1, 2])
def test_direct_best_matches_the_scan(jokers: int) -> None:
    """BidSpace.best (category by category) against best_scan (down the whole order)."""
    from bluffhouse.cards import build_deck
    from bluffhouse.pokerbull.bids import FULL, Order, bid_space, summarize

    rng = random.Random(jokers)
    deck = build_deck(1, jokers)
    for order in (
        Order(),
        Order("SHDC", "natural", False),
        Order("SHCD", "all", True),
        Order("SHCD", "natural", True),
    ):
        space = bid_space(FULL, order, jokers)
        for n in list(range(1, 41)) * 4:
            s = summarize(rng.sample(deck, n))
            assert space.best(s) == space.best_scan(s)
