"""What a view costs as a game gets long: ``view(seat)`` and ``events_for(seat, since)`` at
1,000 / 10,000 / 100,000 actions, each as a ratio to its cost at 1,000 measured in the same run.

    python bench/view_cost.py [--games bullshit,poker_bull,sneak] [--at 1000,10000,100000]

Long games are reached with the no-progress rule off (``stall_limit=0``) and a policy that
never ends them: Bullsh*t, every play called and a one-card hand passing (so nobody goes
out); Poker Bull, always the lowest bid (a hand runs to thousands of bids); Sneak, random
actions to an unreachable target score.  At each length the game takes 60 more actions,
and after each one the acting seat's view (and the events since its previous view) is
timed, as a bot or a client asks after every move: the median is reported.  For scale, the
log copied the way views were built before (every event dict copied for every view) is timed
too.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

SAMPLES = 60


def _bullshit_step(state: Any, rng: random.Random) -> None:
    seat = state.to_act[0]
    legal = state.legal_actions(seat)
    kinds = {a["type"] for a in legal}
    if "call" in kinds:
        action = {"type": "call"}
    elif len(state.hands[seat]) <= 1 and "pass" in kinds:
        action = {"type": "pass"}
    else:
        plays = [a for a in legal if a["type"] == "play" and len(a["cards"]) == 1]
        action = plays[rng.randrange(len(plays))] if plays else legal[0]
    state.apply(seat, action)


def _poker_bull_step(state: Any, rng: random.Random) -> None:
    seat = state.to_act[0]
    space = state.space
    indices, start = space.listed_range(state._standing_at, sum(state.sizes))
    if start < len(indices):
        state.apply(seat, {"type": "bid", "bid": space.texts[indices[start]]})
    else:
        state.apply(seat, {"type": "call"})


def _random_step(state: Any, rng: random.Random) -> None:
    seat = state.to_act[0]
    state.apply(seat, state.sample_action(seat, rng))


GAMES: dict[str, tuple[dict[str, Any], Callable[[Any, random.Random], None]]] = {
    "bullshit": ({"stall_limit": 0}, _bullshit_step),
    "poker_bull": ({"stall_limit": 0}, _poker_bull_step),
    "sneak": ({"target": 10_000}, _random_step),
}


def old_events_for(state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The log as views built it before: every event dict copied, for every view."""
    out = []
    for event in state.events:
        item = {k: (v.copy() if type(v) is list else v) for k, v in event[0].items()}
        if seat is not None and len(event) > 1:
            for who, extra in event[1]:
                if who == seat:
                    for k, v in extra.items():
                        item[k] = v.copy() if type(v) is list else v
        out.append(item)
    return out


def measure(game_id: str, marks: list[int], seed: int) -> list[dict[str, Any]]:
    import bluffhouse as bh

    options, step = GAMES[game_id]
    state: Any = bh.new_game(game_id, seed=seed, **options)
    rng = random.Random(seed)
    clock = time.perf_counter
    seen: dict[int, int] = {}  # per seat: the log's length at its previous view
    actions = 0
    rows = []
    for mark in marks:
        while actions < mark:
            step(state, rng)
            actions += 1
            if state.over:
                raise RuntimeError(f"{game_id} ended after {actions} actions")
        views, sinces, olds = [], [], []
        for _ in range(SAMPLES):
            step(state, rng)
            actions += 1
            seat = state.to_act[0]
            start = clock()
            state.view(seat)
            views.append(clock() - start)
            start = clock()
            state.events_for(seat, seen.get(seat, 0))
            sinces.append(clock() - start)
            seen[seat] = len(state.events)
            if len(olds) < 5:
                start = clock()
                old_events_for(state, seat)
                olds.append(clock() - start)
        rows.append(
            {
                "game": game_id,
                "actions": mark,
                "events": len(state.events),
                "view_us": statistics.median(views) * 1e6,
                "since_us": statistics.median(sinces) * 1e6,
                "old_us": statistics.median(olds) * 1e6,
            }
        )
    base = rows[0]
    for row in rows:
        row["view_ratio"] = row["view_us"] / base["view_us"]
        row["since_ratio"] = row["since_us"] / base["since_us"]
        row["old_ratio"] = row["old_us"] / base["old_us"]
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids")
    ap.add_argument("--at", default="1000,10000,100000", help="game lengths in actions")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    marks = sorted(int(x) for x in args.at.split(","))
    print(
        f"{'game':11} {'actions':>8} {'events':>8} {'view µs':>9} {'x 1k':>6} "
        f"{'since µs':>9} {'x 1k':>6} {'old copy µs':>12} {'x 1k':>6}"
    )
    for game_id in args.games.split(","):
        if game_id not in GAMES:
            ap.error(f"no long-game driver for {game_id!r}; choose from {', '.join(GAMES)}")
        for row in measure(game_id, marks, args.seed):
            print(
                f"{row['game']:11} {row['actions']:>8,} {row['events']:>8,} "
                f"{row['view_us']:>9.1f} {row['view_ratio']:>6.2f} {row['since_us']:>9.1f} "
                f"{row['since_ratio']:>6.2f} {row['old_us']:>12.1f} {row['old_ratio']:>6.1f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
