"""The ``learned`` bot: its shipped weights load with numpy alone, fit the encodings of
4-player Bullsh*t, and play whole games (elsewhere it plays as ``counter``)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

import bluffhouse as bh
from bluffhouse.bots import bot_names, make_bot
from bluffhouse.interop.learned import WEIGHTS, LearnedBot, forward, load_policy
from bluffhouse.interop.table import build
from bluffhouse.simulate import play_game


def test_the_shipped_weights_fit_the_encodings_of_their_table() -> None:
    layers, meta = load_policy(str(WEIGHTS))
    assert meta["game"] == "bullshit" and meta["players"] == 4
    _, codec, encoder = build("bullshit", 4)
    assert layers[0][0].shape[0] == encoder.size
    assert layers[-1][0].shape[1] == codec.size
    assert all(w.dtype == np.float32 for w, _ in layers)
    logits = forward(layers, np.zeros(encoder.size, dtype=np.float32))
    assert logits.shape == (codec.size,) and np.isfinite(logits).all()
    assert WEIGHTS.stat().st_size < 1_000_000  # small enough to ship


def test_playing_needs_no_torch() -> None:
    assert "learned" in bot_names()
    game = bh.new_game("bullshit", seed=3)
    play_game(game, [make_bot("learned", seed=1), *(make_bot("random", seed=s)
                                                    for s in range(3))], max_actions=60)
    assert "torch" not in sys.modules  # playing imports numpy only


def _game(seed: int, seat: int) -> dict[str, object]:
    game = bh.new_game("bullshit", seed=seed)
    bots = [LearnedBot(seed=seed) if s == seat else make_bot("random", seed=seed * 4 + s)
            for s in range(4)]
    play_game(game, bots)
    assert game.result is not None
    return dict(game.result)


def test_it_plays_whole_games_and_is_seeded() -> None:
    results = [_game(seed, seed % 4) for seed in range(4)]
    assert results == [_game(seed, seed % 4) for seed in range(4)]


def test_another_game_is_played_as_counter() -> None:
    game = bh.new_game("poker_bull", players=3, seed=2)
    learned = LearnedBot(seed=5)
    play_game(game, [learned, make_bot("random", seed=1), make_bot("random", seed=2)])
    assert game.over
    assert learned._stand_in is not None and learned._stand_in.name == "counter"
    other = bh.new_game("bullshit", players=3, seed=2)  # another table of the same game
    play_game(other, [LearnedBot(seed=5), make_bot("random", seed=1), make_bot("random", seed=2)])
    assert other.over


def test_players_are_not_offered_the_learned_bot() -> None:
    """Too weak to play people: `play` and the server's lobby (the bots registry as the command
    line and the server load it) do not list it; only `simulate` and `arena` register it."""
    code = ("import bluffhouse.cli, bluffhouse.server.app; from bluffhouse.bots import bot_names; "
            "print('learned' in bot_names())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
