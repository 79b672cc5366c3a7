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
from typed_games import cheat_game

#: Digests of random-bot games.  Recorded before the short paths were written; bluff, bullshit,
#: liar_liar, popcorn and specificity again when the random bot's second draw after turning a
#: call down became ``sample_action_other`` (in a call-or-pass window: the pass, with no draw).
#: ``test_short_paths_play_as_the_long_way`` checks the short paths against the long way.
#: eightshit again when ``deck_ranks="auto"`` took the aces in (A K Q .., as documented);
#: eightshit and hawaiian_bluff again when ``callers="anytime"`` listed the seats that may
#: still call before the player on turn (the first seat to act is another one).
PINNED = {
    "bullshit": "2f9ff066327733f0",
    "popcorn": "395c8ee85974d8b1",
    "liar_liar": "e75b63f60846dd8a",
    "specificity": "45ea5aec84d48b45",
    "hawaiian_bluff": "13809708b9ec38cf",
    "eightshit": "3435e068fa253d14",
    "chinese_bluff": "eb7bc8c973648382",
    "bluff": "3379ebc7e4c5f7ca",
}


def _digest(game_id: str, seeds: range = range(3), limit: int = 400) -> str:
    h = hashlib.sha256()
    for seed in seeds:
        for line in _record(game_id, seed, False, limit)[:-1]:  # the actions, not the end
            h.update(line.encode())
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
    state = cheat_game("bullshit", players=4, seed=11)
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


def _record(game_id: str, seed: int, long_way: bool, limit: int) -> list[str]:
    """A random-bot game as its actions, then its final state; ``long_way`` turns the short
    paths of sampling and applying off (the flags that choose them), leaving the rules alone."""
    state = bh.new_game(game_id, players=4, seed=seed)
    if long_way:
        state._plain_window = state._plain_turn = state._plain_play = False  # type: ignore[attr-defined]
    bots = [make_bot("random", seed=seed * 10 + s) for s in range(4)]
    out = []
    for _ in range(limit):
        if state.over:
            break
        seat = state.to_act[0]
        action = bots[seat].act(None, Choices(state, seat))
        out.append(json.dumps([seat, action], sort_keys=True))
        state.apply(seat, action)
    out.append(state.to_json())
    return out


@pytest.mark.parametrize("game_id", sorted(PINNED))
def test_short_paths_play_as_the_long_way(game_id: str) -> None:
    """The same bots, the same draws, the same game, with the short paths on or off."""
    for seed in range(3):
        assert _record(game_id, seed, False, 600) == _record(game_id, seed, True, 600)
