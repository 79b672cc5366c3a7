"""Views share nothing with the game: whatever a client does to what it was given
(``view(seat)`` of every seat and the spectator, ``legal_actions``, ``result``, ``to_act``),
the game and every later view stay as they were.  Each part handed out is a fresh copy or
refuses changes (the event log's read-only events)."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

import bluffhouse as bh

#: Several presets of each family, covering every view extra (bids, table cheats and hidden
#: cards, answers to calls, jump-in, suit claims; Poker Bull's showdown; Sneak's reveals).
GAMES = [
    ("bullshit", 4),
    ("anything_goes_cheat", 4),
    ("british_cheat", 3),
    ("spanish_bluff", 4),
    ("jump_in", 3),
    ("specificity", 3),
    ("kings_cup", 4),
    ("eightshit", 4),
    ("poker_bull", 4),
    ("poker_bull_rising", 3),
    ("poker_bull_no_jokers", 5),
    ("sneak", 3),
    ("sneak", 5),
]
MARK = "<changed>"


def tamper(value: Any) -> None:
    """Change everything inside ``value`` a client could: every list appended to and each of
    its items replaced, every dict given a new key and each value replaced, depth first.  A
    part that refuses a change (read-only) is left as it is."""
    if isinstance(value, list):
        for i in range(len(value)):
            tamper(value[i])
            _try(value.__setitem__, i, MARK)
        _try(value.append, MARK)
    elif isinstance(value, dict):
        for key in list(value):
            tamper(value[key])
            _try(value.__setitem__, key, MARK)
        _try(value.__setitem__, "added_by_client", MARK)


def _try(change: Any, *args: Any) -> None:
    # a read-only part refuses: that is independence too
    with contextlib.suppress(TypeError, AttributeError):
        change(*args)


def snapshot(game: bh.Game) -> dict[str, str]:
    """Everything a client can read, as JSON text."""
    seats: list[int | None] = [None, *range(game.players)]
    out = {
        "save": game.to_json(),
        "result": json.dumps(game.result),
        "to_act": json.dumps(game.to_act),
    }
    for seat in seats:
        out[f"view {seat}"] = json.dumps(game.view(seat), sort_keys=True)
    for seat in game.to_act:
        out[f"legal {seat}"] = json.dumps(game.legal_actions(seat), sort_keys=True)
    return out


def tamper_with_everything(game: bh.Game) -> None:
    for seat in [None, *range(game.players)]:
        tamper(game.view(seat))
    for seat in game.to_act:
        tamper(game.legal_actions(seat))
    tamper(game.result)
    tamper(game.to_act)


def check_independence(game_id: str, players: int, seed: int, every: int) -> None:
    game = bh.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while True:
        if steps % every == 0 or game.over:
            before = snapshot(game)
            tamper_with_everything(game)
            after = snapshot(game)
            for key, text in before.items():
                assert after[key] == text, f"{game_id}: changing a client's copy changed {key}"
        if game.over or steps >= 240:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))
        steps += 1


@pytest.mark.parametrize(
    ("game_id", "players"), [("anything_goes_cheat", 4), ("poker_bull", 4), ("sneak", 3)]
)
def test_nothing_handed_out_is_shared_with_the_game(game_id: str, players: int) -> None:
    check_independence(game_id, players, seed=0, every=20)


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_nothing_handed_out_is_shared_in_any_family(game_id: str, players: int, seed: int) -> None:
    check_independence(game_id, players, seed=seed, every=11)


def test_poker_bull_showdown_hands_are_the_viewers_own() -> None:
    """Appending to a list in the showdown changed the game and what the spectator saw."""
    game = bh.new_game("poker_bull", players=3, seed=4)
    while game.view(None)["showdown"] is None:
        seat = game.to_act[0]
        action = (
            {"type": "call"}
            if game.is_legal(seat, {"type": "call"})
            else game.legal_actions(seat)[0]
        )
        game.apply(seat, action)
    mine = game.view(0)["showdown"]
    shown = json.dumps(game.view(None)["showdown"])
    mine["hands"][0].append("AS")
    mine["hands"].append(["KS"])
    assert json.dumps(game.view(None)["showdown"]) == shown
