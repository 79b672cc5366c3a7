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
    """Bot games counted by how they ended: ``finished`` (a normal end), ``stalled`` (ended by
    the engine's no-progress rule, ranked by cards held) and ``unfinished`` (no result when
    MAX_ACTIONS stopped them). Wins, win rates and the mean length are over finished games;
    stalled games have their own length and their own leaders (first by cards held)."""

    game: str
    players: int
    bots: list[str]
    games: int = 0
    unfinished: int = 0
    stalled: int = 0
    actions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)
    stall_wins: list[int] = field(default_factory=list)
    stall_lengths: list[int] = field(default_factory=list)
    #: The game's no-progress limit (its ``stall_limit`` option), None where it has none.
    stall_limit: int | None = None
    max_actions: int = MAX_ACTIONS

    @property
    def finished(self) -> int:
        return self.games - self.stalled - self.unfinished

    def as_dict(self) -> dict[str, Any]:
        per_bot: dict[str, dict[str, float]] = {}
        for seat, name in enumerate(self.bots):
            entry = per_bot.setdefault(name, {"seats": 0, "wins": 0})
            entry["seats"] += 1
            entry["wins"] += self.wins[seat]
        finished = self.finished
        return {
            "game": self.game,
            "players": self.players,
            "bots": self.bots,
            "games": self.games,
            "finished": finished,
            "stalled": self.stalled,
            "unfinished": self.unfinished,
            "stall_limit": self.stall_limit,
            "max_actions": self.max_actions,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "mean_length": _mean(self.lengths),
            "mean_length_stalled": _mean(self.stall_lengths),
            "wins": list(self.wins),
            "win_rate": [round(w / finished, 4) if finished else None for w in self.wins],
            "win_rate_over": "finished",
            "stall_wins": list(self.stall_wins),
            "wins_by_bot": per_bot,
        }


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


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
    stats = SimStats(
        game_id,
        players,
        list(bots),
        wins=[0] * players,
        stall_wins=[0] * players,
        max_actions=MAX_ACTIONS,
    )
    start = time.perf_counter()
    for g in range(games):
        state = new_game(game_id, players=players, seed=seed + g, **(options or {}))
        if g == 0:
            stats.stall_limit = getattr(state.rules, "stall_limit", None)
        table = [make_bot(name, seed=(seed + g) * 1000 + s) for s, name in enumerate(bots)]
        steps = play_game(state, table, MAX_ACTIONS)
        stats.actions += steps
        stats.games += 1
        result = state._result  # read only: ``result`` would copy it for nothing
        if result is None:
            stats.unfinished += 1
        elif result.get("end") == "stalled":
            stats.stalled += 1
            stats.stall_lengths.append(steps)
            if result["winner"] is not None:
                stats.stall_wins[result["winner"]] += 1
        else:
            stats.lengths.append(steps)
            if result["winner"] is not None:
                stats.wins[result["winner"]] += 1
    stats.seconds = time.perf_counter() - start
    return stats
