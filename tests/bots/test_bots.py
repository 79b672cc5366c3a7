"""Bots: lookup by name, determinism, and the uniform sampler behind the random bot."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot, parse_bot_list
from bluffhouse.simulate import play_game


def test_bot_lists() -> None:
    assert parse_bot_list("random,honest", 4) == ["random", "honest", "honest", "honest"]
    with pytest.raises(ValueError, match="unknown bot"):
        parse_bot_list("nobody", 4)
    with pytest.raises(ValueError, match="3 bots named for 2 seats"):
        parse_bot_list("random,random,random", 2)


@pytest.mark.parametrize("name", ["random", "honest"])
def test_bots_are_deterministic_given_their_seed(name: str) -> None:
    def run() -> str:
        state = bh.new_game("popcorn", players=4, seed=4)
        play_game(state, [make_bot(name, seed=s) for s in range(4)])
        return state.to_json()

    assert run() == run()


def test_honest_bot_never_lies_when_it_holds_the_rank() -> None:
    state = bh.new_game(
        "bullshit", players=3, seed=1, deal=[["AS", "AH", "5C"], ["2S", "3S"], ["4S", "6S"]]
    )
    action = make_bot("honest").act(None, Choices(state, 0))
    assert sorted(action["cards"]) == ["AH", "AS"]
    assert action["claim"] == {"rank": "A", "count": 2}


@pytest.mark.parametrize(
    ("game_id", "hand"),
    [
        ("bullshit", ["AS", "AH", "2C", "3D", "3H"]),
        ("liar_liar", ["AS", "AH", "2C", "3D", "3H"]),
        ("liar_liar", ["AS", "3H"]),  # fewer cards than the most a claim may name
        ("specificity", ["AS", "AH", "2C", "3D", "3H"]),
        ("free_for_all", ["AS", "AH", "2C", "3D", "3H"]),
    ],
)
def test_sampler_is_uniform_over_the_listed_actions(game_id: str, hand: list[str]) -> None:
    """sample_action draws each listed action about equally often (chi-square, fixed seed)."""
    state = bh.new_game(game_id, players=4, seed=3, deal=[hand, ["4S"], ["5S"], ["6S"]])
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    assert 3 <= len(legal) < 1000
    keys = [repr(a) for a in legal]
    rng = random.Random(0)
    draws = 100 * len(legal)
    seen = Counter(repr(state.sample_action(seat, rng)) for _ in range(draws))
    assert set(seen) <= set(keys), "the sampler drew an action that is not listed"
    assert set(seen) == set(keys), "the sampler never drew some listed actions"
    expected = draws / len(keys)
    chi2 = sum((seen[k] - expected) ** 2 / expected for k in keys)
    # Mean of chi-square is len-1; allow a wide margin (p far below 0.001 to fail by chance).
    assert chi2 < 2 * len(keys) + 60
    for _ in range(50):
        assert state.is_legal(seat, state.sample_action(seat, rng))


def _window(game_id: str) -> tuple[bh.Game, int]:
    """A game whose first play was just laid: the next seat is in its call window."""
    state = bh.new_game(game_id, players=4, seed=2)
    seat = state.to_act[0]
    state.apply(seat, next(a for a in state.legal_actions(seat) if a["type"] == "play"))
    return state, state.to_act[0]


def test_the_rest_of_a_call_or_pass_window_is_the_pass_without_a_draw() -> None:
    state, seat = _window("bullshit")
    assert {a["type"] for a in state.legal_actions(seat)} == {"call", "pass"}
    rng = random.Random(5)
    before = rng.getstate()
    assert Choices(state, seat).sample_other(rng, frozenset({"call"})) == {"type": "pass"}
    assert rng.getstate() == before
    assert Choices(state, seat).sample_other(rng, frozenset({"call", "pass"})) is None


@pytest.mark.parametrize("game_id", ["check", "chinese_bluff", "poker_bull"])
def test_the_rest_is_drawn_uniformly_among_the_other_actions(game_id: str) -> None:
    """Where the rest is not known at once it is drawn among the legal actions left."""
    state = bh.new_game(game_id, players=4, seed=2)
    seat = state.to_act[0]
    if game_id == "check":
        state, seat = _window(game_id)
    skip = frozenset({"call"})
    rest = [repr(a) for a in state.legal_actions(seat) if a["type"] not in skip]
    assert len(rest) >= 2
    rng = random.Random(1)
    choices = Choices(state, seat)
    draws = 60 * len(rest) if len(rest) <= 40 else 400
    seen = Counter(repr(choices.sample_other(rng, skip)) for _ in range(draws))
    assert set(seen) <= set(rest)
    if len(rest) <= 40:
        assert set(seen) == set(rest)
    listed = Choices.of(state.legal_actions(seat), seat)
    drawn = [listed.sample_other(rng, skip) for _ in range(50)]
    assert all(a is not None and a["type"] not in skip for a in drawn)
    assert Choices.of([{"type": "call"}]).sample_other(rng, skip) is None
