"""Bot-only games: the loop behind ``bluffhouse simulate`` and the speed benchmarks."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from .api import new_game
from .bots import Bot, Choices, make_bot
from .game import Action, Game

#: A game still running after this many actions is stopped and counted as unfinished.
MAX_ACTIONS = 20_000


@dataclass
class SimStats:
    game: str
    players: int
    bots: list[str]
    games: int = 0
    unfinished: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        per_bot: dict[str, dict[str, float]] = {}
        for seat, name in enumerate(self.bots):
            entry = per_bot.setdefault(name, {"seats": 0, "wins": 0})
            entry["seats"] += 1
            entry["wins"] += self.wins[seat]
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "unfinished": self.unfinished,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "mean_length": round(sum(self.lengths) / len(self.lengths), 2) if self.lengths else 0,
            "wins": list(self.wins),
            "win_rate": [round(w / self.games, 4) if self.games else 0.0 for w in self.wins],
            "wins_by_bot": per_bot,
        }


class _SeatChoices(Choices):
    """One seat's choices for a whole game, made once (a fresh ``Choices`` per action cost more
    than some of the actions).  Nothing is kept between decisions: ``all`` lists afresh, and
    ``sample`` and ``sample_other`` are the game's own samplers bound to the seat, one call
    less on the commonest path of a bot game."""

    __slots__ = ("sample", "sample_other")  # shadow the methods: the instance's own callables

    def __init__(self, state: Game, seat: int) -> None:
        super().__init__(state, seat)
        self.sample = partial(state.sample_action, seat)  # type: ignore[method-assign]
        self.sample_other = partial(state.sample_action_other, seat)  # type: ignore[method-assign]

    def all(self) -> list[Action]:
        return self._lister(self.seat)  # type: ignore[no-any-return]


def play_game(state: Game, bots: list[Bot], max_actions: int = MAX_ACTIONS) -> int:
    """Run bots on ``state`` to the end; the first seat in ``to_act`` decides each time.
    Returns the number of actions applied."""
    steps = 0
    apply = state.apply
    views = [bot.wants_view for bot in bots]
    acts = [bot.act for bot in bots]
    choices = [_SeatChoices(state, seat) for seat in range(len(bots))]
    if not any(views):  # the same loop, without asking for views nobody reads
        while state._result is None and steps < max_actions:
            seat = state._act[0]
            apply(seat, acts[seat](None, choices[seat]))
            steps += 1
        return steps
    while state._result is None and steps < max_actions:
        seat = state._act[0]
        apply(seat, acts[seat](state.view(seat) if views[seat] else None, choices[seat]))
        steps += 1
    return steps


def simulate(
    game_id: str,
    games: int,
    bots: list[str],
    players: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
) -> SimStats:
    stats = SimStats(game_id, players, list(bots), wins=[0] * players)
    start = time.perf_counter()
    for g in range(games):
        state = new_game(game_id, players=players, seed=seed + g, **(options or {}))
        table = [make_bot(name, seed=(seed + g) * 1000 + s) for s, name in enumerate(bots)]
        steps = play_game(state, table)
        stats.actions += steps
        stats.games += 1
        stats.lengths.append(steps)
        result = state._result  # read only: ``result`` would copy it for nothing
        if result is None:
            stats.unfinished += 1
        elif result["winner"] is not None:
            stats.wins[result["winner"]] += 1
    stats.seconds = time.perf_counter() - start
    return stats
