"""Invariants over random play: cards conserved, views hide what they must, every listed
action applies, illegal ones change nothing, a save continues identically."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.game import Game

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("poker_bull", 3, {}),
    ("poker_bull", 5, {"higher_hand_counts": True, "royal_over_five": "natural"}),
    ("poker_bull", 7, {"jokers_high": True, "suit_order": "SHDC"}),
    ("poker_bull", 4, {"jokers_leave_at": 14, "recharge_at": 12}),
    ("poker_bull_no_jokers", 4, {}),
    ("poker_bull_rising", 4, {}),
    ("poker_bull_rising", 2, {"jokers": 1}),
]


def _deck(jokers: int) -> Counter[str]:
    deck = Counter(r + s for r in "A23456789TJQK" for s in "SHDC")
    deck["JK"] = jokers
    return deck


def _check_cards(g: Game) -> None:
    spectator = g.view(None)
    if g.over:
        assert spectator["dealt"] == [0] * g.players
        return
    hands = [g.view(s)["hand"] for s in range(g.players)]
    held: Counter[str] = Counter()
    for h in hands:
        held.update(h)
    assert not held - _deck(spectator["jokers"]), "a card not in the deck, or twice"
    assert [len(h) for h in hands] == spectator["dealt"] == spectator["hand_sizes"]
    assert spectator["cards_in_play"] == sum(spectator["dealt"])
    for seat in spectator["out"]:
        assert hands[seat] == []


def _check_views(g: Game) -> None:
    for viewer in [None, *range(g.players)]:
        view = g.view(viewer)
        json.dumps(view)
        deals = [e for e in view["events"] if e["type"] == "deal"]
        for e in deals:
            if viewer is None:
                assert "cards" not in e
        if viewer is not None and not g.over and g.view(None)["dealt"][viewer]:
            assert deals[-1]["cards"] == view["hand"]
        # The only cards a view may hold: its own hand, its own deals, and shown hands.
        for e in view["events"]:
            keys = set(e) - {
                "type",
                "seat",
                "hand",
                "sizes",
                "starter",
                "jokers",
                "bid",
                "caller",
                "bidder",
                "hands",
                "exists",
                "higher_exists",
                "best",
                "best_cards",
                "loser",
                "cards_next",
                "place",
                "cards_in_play",
                "seats",
                "winner",
                "ranking",
                "cards",
            }
            assert not keys, keys
            if e["type"] == "call":
                assert len(e["hands"]) == g.players


def _illegal_actions(g: Game, seat: int) -> list[Any]:
    view = g.view(seat)
    out: list[Any] = [
        {"type": "pass"},
        {"type": "bid", "bid": "pair 1"},
        {"type": "bid"},
        "call",
        {"type": "bid", "bid": "high"},
    ]
    if view["bid"] is not None:
        out.append({"type": "bid", "bid": view["bid"]})
    else:
        out.append({"type": "call"})
    return out


def _play(g: Game, rng: random.Random, steps: int, checks: bool) -> list[tuple[int, Any]]:
    done: list[tuple[int, Any]] = []
    while not g.over and len(done) < steps:
        seat = g.to_act[0]
        acts = g.legal_actions(seat)
        assert acts
        if checks:
            _check_cards(g)
            _check_views(g)
            for probe in rng.sample(acts, min(6, len(acts))):
                clone = g.copy()
                clone.apply(seat, probe)
            before = g.to_json()
            for bad in _illegal_actions(g, seat):
                assert not g.is_legal(seat, bad)
                with pytest.raises(bh.IllegalAction):
                    g.apply(seat, bad)
            other = (seat + 1) % g.players
            assert not g.is_legal(other, acts[0]) or other == seat
            assert g.to_json() == before
        weights = [3.0 if a["type"] == "call" else 1.0 for a in acts]
        action = (
            rng.choices(acts, weights)[0]
            if rng.random() < 0.5
            else acts[min(len(acts) - 1, rng.randrange(8))]
        )
        g.apply(seat, action)
        done.append((seat, action))
    return done


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS)
def test_random_play_invariants(game_id: str, players: int, options: dict[str, Any]) -> None:
    for seed in range(2):
        g = bh.new_game(game_id, players=players, seed=seed, **options)
        rng = random.Random(seed)
        _play(g, rng, 60, checks=True)
        _play(g, rng, 10_000, checks=False)
        if g.over:
            result = g.result
            assert result is not None
            assert sorted(result["ranking"]) == list(range(players))
            assert result["ranking"][0] == result["winner"]
            assert g.view(None)["out"] == list(reversed(result["ranking"][1:]))
            _check_cards(g)
            _check_views(g)


@pytest.mark.parametrize(("game_id", "players", "options"), CONFIGS[::2])
def test_save_and_load_continue_identically(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    g = bh.new_game(game_id, players=players, seed=11, **options)
    _play(g, random.Random(1), 30, checks=False)
    twin = bh.load(g.to_json())
    assert twin.to_json() == g.to_json()
    copy = g.copy()
    moves = _play(g, random.Random(2), 10_000, checks=False)
    for seat, action in moves:
        twin.apply(seat, action)
        copy.apply(seat, action)
    assert twin.to_json() == g.to_json() == copy.to_json()
    assert g.over


def test_same_seed_same_game_and_is_legal_matches_the_list() -> None:
    a = bh.new_game("poker_bull", players=4, seed=123)
    b = bh.new_game("poker_bull", players=4, seed=123)
    assert a.to_json() == b.to_json()
    rng = random.Random(3)
    for _ in range(40):
        seat = a.to_act[0]
        listed = {x["bid"] for x in a.legal_actions(seat) if x["type"] == "bid"}
        from bluffhouse.pokerbull.bids import FLUSH, FULL, all_bids, bid_text

        for bid in rng.sample(all_bids(FULL), 300):
            text = bid_text(bid)
            ok = a.is_legal(seat, {"type": "bid", "bid": text})
            if text in listed:
                assert ok
            elif ok:  # left out of a long list: only flushes naming three or more ranks
                assert bid.cat == FLUSH and len(bid.spec) >= 4, text
        action = rng.choice(a.legal_actions(seat))
        a.apply(seat, action)
        b.apply(seat, action)
        if a.over:
            break
    assert a.to_json() == b.to_json()
