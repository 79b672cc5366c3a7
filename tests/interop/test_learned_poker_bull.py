"""The ``learned`` bot at 3-player Poker Bull (``bluffhouse.bots.pokerbull.learned``): its
shipped weights fit the research encodings of that table, it reads a view exactly as the
research environments' abstraction does (the same ids, bids and features for the same
generator), it plays whole games legally and reproducibly, and other Poker Bull tables refuse
it by name."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, bot_refusal, make_bot
from bluffhouse.bots.learned import LearnedBot, load_policy
from bluffhouse.bots.pokerbull import learned as home
from bluffhouse.encodings import configure
from bluffhouse.interop.abstract import PokerBullAbstraction
from bluffhouse.interop.table import acting_seat, build
from bluffhouse.simulate import play_game


def test_the_shipped_weights_fit_the_encodings_of_their_table() -> None:
    layers, meta = load_policy(str(home.WEIGHTS))
    assert (meta["game"], meta["players"], meta["actions"]) == ("poker_bull", 3, "abstract")
    assert meta["command"].startswith("python -m bluffhouse.interop.selfplay train --game ")
    _, _, encoder = build("poker_bull", 3)
    assert layers[0][0].shape[0] == encoder.size + home.BELIEFS
    assert layers[-1][0].shape[1] == home.SIZE
    assert home.WEIGHTS.stat().st_size < 1_000_000


def test_it_reads_a_view_as_the_research_abstraction_does() -> None:
    """Along a game: for the same generator state, the bot's ids, their actions and the
    belief features are the abstraction's (which the batched environment's kernel matches)."""
    game = bh.new_game("poker_bull", players=3, seed=4)
    bots = [make_bot("counter", seed=s) for s in range(3)]
    checked = 0
    while not game.over and checked < 40:
        seat = acting_seat(game)
        view = game.view(seat)
        abstraction = PokerBullAbstraction(configure("poker_bull", 3), seed=checked)
        judgement = home.judged(view, random.Random(checked))
        assert home.abstract_actions(view, judgement) == abstraction.options(game, seat, view)
        np.testing.assert_array_equal(
            home.belief_features(judgement), abstraction.features(game, seat, view)
        )
        legal = Choices(game, seat)
        assert all(legal.is_legal(a) for a in home.abstract_actions(view, judgement).values())
        game.apply(seat, bots[seat].act(view, legal))
        checked += 1
    assert checked == 40


def _game(seed: int, seat: int) -> dict[str, object]:
    game = bh.new_game("poker_bull", players=3, seed=seed)
    bots = [
        LearnedBot(seed=seed) if s == seat else make_bot("threshold", seed=seed * 3 + s)
        for s in range(3)
    ]
    play_game(game, bots)
    assert game.result is not None
    return dict(game.result)


def test_it_plays_whole_games_legally_and_is_seeded() -> None:
    results = [_game(seed, seed % 3) for seed in range(3)]
    assert results == [_game(seed, seed % 3) for seed in range(3)]
    game = bh.new_game("poker_bull", players=3, seed=11)
    bots = [make_bot("learned", seed=2), make_bot("counter", seed=3), make_bot("random", seed=4)]
    moves = 0
    while not game.over:
        seat = acting_seat(game)
        choices = Choices(game, seat)
        action = bots[seat].act(game.view(seat), choices)
        if seat == 0:
            assert choices.is_legal(action), action
            moves += 1
        game.apply(seat, action)
    assert moves > 5


def test_it_beats_random() -> None:
    """Seats rotated, 9 games against two random bidders: it wins most (a third is fair)."""
    wins = 0
    for seed in range(9):
        game = bh.new_game("poker_bull", players=3, seed=seed)
        me = seed % 3
        bots = [
            LearnedBot(seed=seed) if s == me else make_bot("random", seed=seed * 3 + s)
            for s in range(3)
        ]
        play_game(game, bots)
        wins += game.result is not None and game.result.get("winner") == me
    assert wins >= 7


@pytest.mark.parametrize(
    ("players", "options", "words"),
    [
        (4, {}, "plays only 4-player bullshit or 3-player poker_bull, not 4-player poker_bull"),
        (3, {"jokers": 0}, "these options change them (jokers)"),
    ],
)
def test_other_poker_bull_tables_refuse_it(
    players: int, options: dict[str, Any], words: str
) -> None:
    reason = bot_refusal("learned", "poker_bull", players, options)
    assert reason is not None and words in reason
    assert bot_refusal("learned", "poker_bull", 3, {}) is None
    state = bh.new_game("poker_bull", players=players, seed=1, **options)
    seat = acting_seat(state)
    with pytest.raises(ValueError, match="the learned bot plays"):
        LearnedBot(seed=1).act(state.view(seat), Choices(state, seat))
