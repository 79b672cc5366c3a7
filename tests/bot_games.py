"""Games played by named bots, for the bot tests of every family."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.base import Bot

#: Called before each decision with the state, the seat to act and its view.
Check = Callable[[bh.Game, int, dict[str, Any]], None]


def small_bot(name: str, seed: int, iterations: int = 20) -> Bot:
    """``make_bot``, with a small search budget and no time cap for ``ismcts``: fast, and the
    same decisions on any machine."""
    bot = make_bot(name, seed=seed)
    if name == "ismcts":
        bot.iterations = iterations  # type: ignore[attr-defined]
        bot.time_limit = 60.0  # type: ignore[attr-defined]
    return bot


def play_bots(
    game_id: str,
    names: list[str],
    seed: int,
    *,
    limit: int,
    check: Check | None = None,
    iterations: int = 20,
    **options: Any,
) -> bh.Game:
    """Seat ``s`` is ``names[s]`` (seeded ``seed * 10 + s``); the first seat to act decides,
    every decision must be legal, and ``check`` sees each one first.  Stops after ``limit``
    actions."""
    state = bh.new_game(game_id, players=len(names), seed=seed, **options)
    bots = [small_bot(n, seed * 10 + s, iterations) for s, n in enumerate(names)]
    for _ in range(limit):
        if state.over:
            break
        seat = state.to_act[0]
        view = state.view(seat)
        if check is not None:
            check(state, seat, view)
        action = bots[seat].act(view, Choices(state, seat))
        assert state.is_legal(seat, action), (names[seat], action)
        state.apply(seat, action)
    return state
