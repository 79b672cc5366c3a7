"""``Game.copy`` shares the log with the original (events are never changed once logged):
the copy and the original then go their own ways exactly as two whole copies would, in every
preset, and every viewer's events read the same from either."""

from __future__ import annotations

import pickle
import random

import pytest

import bluffhouse as bh

PRESETS = [p.id for p in bh.presets()]


def _whole(game: bh.Game) -> bh.Game:
    copied: bh.Game = pickle.loads(pickle.dumps(game))
    return copied


def _play(game: bh.Game, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if game.over:
            return
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))


@pytest.mark.parametrize("game_id", PRESETS)
def test_a_copy_goes_its_own_way_as_a_whole_copy_would(game_id: str) -> None:
    for seed in range(2):
        game = bh.new_game(game_id, seed=seed)
        _play(game, random.Random(seed), 30 + 17 * seed)
        for seat in (None, *range(game.players)):
            game.view(seat)  # the viewers' events built before the copy: shared by it
        shared, whole = game.copy(), _whole(game)
        reference = _whole(game)
        # the original and the copies part ways
        _play(game, random.Random(100 + seed), 60)
        _play(reference, random.Random(100 + seed), 60)
        _play(shared, random.Random(200 + seed), 60)
        _play(whole, random.Random(200 + seed), 60)
        assert shared.to_json() == whole.to_json(), game_id
        assert game.to_json() == reference.to_json(), game_id
        for seat in (None, *range(game.players)):
            assert shared.view(seat) == whole.view(seat)
            assert game.view(seat) == reference.view(seat)
        assert shared.events_all() == whole.events_all()


def test_a_copy_of_a_long_game_does_not_copy_its_events() -> None:
    game = bh.new_game("bullshit", seed=3, stall_limit=0)
    _play(game, random.Random(3), 600)
    copied = game.copy()
    assert copied.events is not game.events and copied.events == game.events
    assert all(a is b for a, b in zip(copied.events, game.events, strict=True))
