"""The games of the bots' rule-set suite one turn at a time, for the benchmarks that look
inside them: :func:`suite_cell_games` gives a suite cell's own games (seats rotated and bots
seeded as ``bench/bot_suite.py`` and ``bluffhouse arena --suite`` play them:
``call_record.py``), :func:`suite_games` games ``0..N-1`` of the rule set with the bot always
in seat 0 (``suite_speed.py``, ``bot_instructions.py``: the same decisions before and after a
change, whatever seat the suite would give it)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import bluffhouse as bh
from bluffhouse.arena import SUITE_RULES, game_of, table_of
from bluffhouse.bots import make_bot


def suite_games(rules: str, bot: str, opponent: str, games: int) -> Iterator[tuple[Any, list[Any]]]:
    """(the new game, its bots by seat) for each of games ``0..games-1`` of the rule set
    ``rules``."""
    preset, options, players = SUITE_RULES[rules]
    for g in range(games):
        state = bh.new_game(preset, players=players, seed=g, **options)
        yield (
            state,
            [make_bot(bot if s == 0 else opponent, seed=g * 10 + s) for s in range(players)],
        )


def suite_cell_games(
    rules: str, bot: str, opponent: str, games: int, seed: int = 0
) -> Iterator[tuple[Any, list[Any], int]]:
    """(the new game, its bots by seat, the seat of the bot under test) for each of the games
    ``0..games-1`` of the suite cell (``opponent``: a style, or a mixed table joined by
    ``+``), exactly as the suite plays them."""
    preset, options, players = SUITE_RULES[rules]
    for index in range(games):
        lineup = table_of(bot, opponent, players, index)
        state, bots, _ = game_of(preset, lineup, players, seed, index, options)
        yield state, bots, (-index) % players  # (the lineup's first seat, rotated)


def turns(state: Any, bots: list[Any], most: int) -> Iterator[tuple[int, Any, Any]]:
    """(the seat to act, its bot, its view or None where the bot reads none) at each turn of
    ``state`` until it is over or ``most`` turns have passed (the no-progress rule ends
    games sooner); the caller applies the seat's action before asking for the next turn."""
    for _ in range(most):
        if state.over:
            return
        seat = state.to_act[0]
        player = bots[seat]
        yield seat, player, state.view(seat) if player.wants_view else None
