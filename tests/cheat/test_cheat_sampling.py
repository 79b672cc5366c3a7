"""The random bot's draws are part of the behaviour: the fast paths of sampling and applying
(cheat/sampling.py, CheatGame.apply) must draw and decide exactly as the plain ones did."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cheat import sampling

#: Digests of random-bot games, recorded before the fast paths were written.
PINNED = {
    "bullshit": "eca0f58df4492e54", "popcorn": "16827ae42a9ab714",
    "liar_liar": "be70bc3db8850088", "specificity": "4227e39cc62316dc",
    "hawaiian_bluff": "d4dea481dd6a0ee1", "eightshit": "54de20d960d32d6a",
    "chinese_bluff": "eb7bc8c973648382", "bluff": "b9591d998b86aee0",
}


def _digest(game_id: str, seeds: range = range(3), limit: int = 400) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        state = bh.new_game(game_id, players=4, seed=seed)
        bots = [make_bot("random", seed=seed * 10 + s) for s in range(4)]
        for _ in range(limit):
            if state.over:
                break
            seat = state.to_act[0]
            action = bots[seat].act(None, Choices(state, seat))
            h.update(json.dumps([seat, action], sort_keys=True).encode())
            state.apply(seat, action)
    return h.hexdigest()[:16]


@pytest.mark.parametrize("game_id", sorted(PINNED))
def test_random_bot_games_are_pinned(game_id: str) -> None:
    assert _digest(game_id) == PINNED[game_id]


def test_coin_is_randrange_two() -> None:
    for seed in range(20):
        a, b = random.Random(seed), random.Random(seed)
        assert [sampling.coin(a) for _ in range(300)] == [b.randrange(2) for _ in range(300)]
        assert a.getstate() == b.getstate()


def test_turn_draw_matches_count_then_sample() -> None:
    """sample_turn is count_plays, one draw, then sample_play, from the same RNG state."""
    state = bh.new_game("bullshit", players=4, seed=11)
    for seed in range(200):
        seat = state.to_act[0]
        a, b = random.Random(seed), random.Random(seed)
        got = sampling.sample_turn(state, seat, a, 1)
        plays = sampling.count_plays(state, seat)
        want = sampling.sample_play(state, seat, b) if b.randrange(1 + plays) else None
        assert got == want
        assert a.getstate() == b.getstate()
        if got is not None:
            assert state.is_legal(seat, got)


def test_quick_paths_refuse_like_the_long_way() -> None:
    """Odd but legal plays go the long way and are accepted; wrong ones are refused with the
    state unchanged."""
    state = bh.new_game("bullshit", players=4, seed=3)
    seat = state.to_act[0]
    hand = state.view(seat)["hand"]
    before = state.to_json()
    for action in (
        {"type": "play", "cards": [hand[0], hand[0]], "claim": {"rank": "A"}},
        {"type": "play", "cards": [hand[0]], "claim": {"rank": "A", "count": True}},
        {"type": "play", "cards": [hand[0]], "claim": {"rank": "2"}},
        {"type": "play", "cards": hand[:5], "claim": {"rank": "A"}},
        {"type": "play", "cards": [hand[0]], "claim": {"rank": "A", "suit": "S"}},
    ):
        with pytest.raises(bh.IllegalAction):
            state.apply(seat, action)
        assert state.to_json() == before
    state.apply(seat, {"type": "play", "cards": [hand[0].lower()], "claim": {"rank": " a "}})
    assert state.view(seat)["events"][-1]["cards"] == [hand[0]]
