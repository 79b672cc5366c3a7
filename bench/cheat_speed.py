"""Speed of 4-player Bullsh*t with random bots, every path measured in one run on one core.

    python bench/cheat_speed.py [--games N] [--json] [--no-pin]

(a) the public API: ``bluffhouse.simulate``'s loop (Choices + ``apply`` with full validation);
(b) the integer engine step by step in Python (:class:`bluffhouse.cheat.fast.FastCheat`);
(c) the bulk simulator compiled with numba (and the same kernel run as plain Python);
(d) the baseline: a bare-rules plain-Python loop of the same game, written below.
Every figure is also given as a ratio to the baseline measured in the same run; the Python
paths take turns in slices (``--rounds``), so a shared machine's changes of speed fall on all.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from typing import Any

GAME = "bullshit"
PLAYERS = 4


# ---------------------------------------------------------------------- (d) the baseline
def baseline_game(rng: random.Random) -> int:
    """One game of 4-player Bullsh*t, bare rules: ranks in order from aces, 1-4 cards a play,
    pass = take the pile, anyone calls; random bots with RandomBot's policy (uniform over the
    legal actions, a drawn call kept one time in five).  Returns the number of actions."""
    deck = [r for r in range(13) for _ in range(4)]
    rng.shuffle(deck)
    hands = [[0] * 13 for _ in range(PLAYERS)]
    for i, r in enumerate(deck):
        hands[i % PLAYERS][r] += 1
    sizes = [13] * PLAYERS
    pile: list[int] = []
    turn, rank, actions = 0, 0, 0
    while True:
        hand = hands[turn]
        most = min(4, sizes[turn])
        # multisets of 1..most cards of hand: suffix counts, then one drawn uniformly
        groups = [r for r in range(13) if hand[r]]
        suffix = [[1] + [0] * most]
        for r in reversed(groups):
            nxt, c = suffix[-1], hand[r]
            suffix.append([sum(nxt[k - t] for t in range(min(c, k) + 1)) for k in range(most + 1)])
        suffix.reverse()
        plays = sum(suffix[0][1:])
        actions += 1
        if rng.randrange(1 + plays) == 0:  # pass: take the pile, the rank moves on
            for r in pile:
                hand[r] += 1
            sizes[turn] += len(pile)
            pile = []
            rank = (rank + 1) % 13
            turn = (turn + 1) % PLAYERS
            continue
        k = 1
        pick = rng.randrange(plays)
        while pick >= suffix[0][k]:
            pick -= suffix[0][k]
            k += 1
        laid: list[int] = []
        left = k
        for i, r in enumerate(groups):
            for t in range(min(hand[r], left), -1, -1):
                here = suffix[i + 1][left - t]
                if pick < here:
                    laid.extend([r] * t)
                    left -= t
                    break
                pick -= here
            if not left:
                break
        for r in laid:
            hand[r] -= 1
        sizes[turn] -= k
        pile.extend(laid)
        truthful = all(r == rank for r in laid)
        player = turn
        caller = -1
        for step in range(1, PLAYERS):
            seat = (player + step) % PLAYERS
            actions += 1
            # RandomBot in a window: call or pass drawn evenly, a call kept one time in five
            if rng.randrange(2) == 0 and rng.random() < 0.2:
                caller = seat
                break
        if caller < 0:
            if sizes[player] == 0:
                return actions
            rank = (rank + 1) % 13
            turn = (player + 1) % PLAYERS
            continue
        loser = caller if truthful else player
        for r in pile:
            hands[loser][r] += 1
        sizes[loser] += len(pile)
        pile = []
        if sizes[player] == 0:
            return actions
        turn = loser


def run_baseline(games: int, seed: int) -> tuple[float, int]:
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = sum(baseline_game(rng) for _ in range(games))
    return time.perf_counter() - start, actions


# ---------------------------------------------------------------------- the measured paths
def run_public(games: int, seed: int) -> tuple[float, int]:
    from bluffhouse.simulate import simulate

    stats = simulate(GAME, games, ["random"] * PLAYERS, PLAYERS, seed=seed)
    return stats.seconds, stats.actions


def run_step(games: int, seed: int) -> tuple[float, int]:
    from bluffhouse.cheat.fast import FastCheat, play_random_game, spec_for

    spec = spec_for(GAME, PLAYERS)
    rng = random.Random(seed)
    start = time.perf_counter()
    actions = 0
    for _ in range(games):
        game = FastCheat(spec, FastCheat.deal_for(spec, rng))
        actions += play_random_game(game, rng)
    return time.perf_counter() - start, actions


def run_kernel(games: int, seed: int, compiled: bool) -> tuple[float, int]:
    from bluffhouse.cheat.fast import simulate_random

    res = simulate_random(GAME, games, PLAYERS, seed=seed, compiled=compiled)
    return res.seconds, sum(res.steps)


def measure_interleaved(
    paths: list[tuple[str, Any]], games: int, seed: int, rounds: int
) -> list[dict[str, Any]]:
    """Each path plays ``games`` games in ``rounds`` slices, the paths taking turns (in
    alternating order), so a shared machine speeding up or slowing down during the run weighs
    on every path alike and the ratios stay fair."""
    per = max(1, games // rounds)
    totals = {name: [0.0, 0, 0] for name, _ in paths}
    for r in range(rounds):
        order = paths if r % 2 == 0 else paths[::-1]
        for name, fn in order:
            seconds, actions = fn(per, seed + r * per)
            total = totals[name]
            total[0] += seconds
            total[1] += actions
            total[2] += per
    return [summary_row(name, *totals[name]) for name, _ in paths]


def summary_row(name: str, seconds: float, actions: int, games: int) -> dict[str, Any]:
    return {
        "path": name,
        "games": games,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1),
        "actions_per_second": round(actions / seconds, 1),
        "mean_actions": round(actions / games, 1),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000, help="games for the Python paths")
    ap.add_argument("--bulk-games", type=int, default=200_000, help="games for numba")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--rounds",
        type=int,
        default=6,
        help="slices the Python paths take turns in (fair ratios on a busy machine)",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument("--no-pin", action="store_true", help="do not pin to one CPU core")
    ap.add_argument("--no-numba", action="store_true", help="skip the compiled bulk path")
    args = ap.parse_args(argv)

    if not args.no_pin and hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    if not args.no_numba:
        os.environ.setdefault("NUMBA_NUM_THREADS", "1")
    from bluffhouse.cheat.fast import HAVE_NUMBA, warm_up

    g = args.games
    # warm-ups: imports, caches and the numba compile are not timed
    run_public(20, 10**6)
    run_step(20, 10**6)
    run_baseline(20, 10**6)
    rows = measure_interleaved(
        [
            ("baseline: bare-rules plain Python", run_baseline),
            ("public API (simulate loop, validated)", run_public),
            ("int engine step by step (Python)", run_step),
            ("bulk kernel as plain Python", lambda n, sd: run_kernel(n, sd, False)),
        ],
        g,
        args.seed,
        args.rounds,
    )
    if HAVE_NUMBA and not args.no_numba:
        warm_up()
        seconds, actions = run_kernel(args.bulk_games, args.seed, True)
        rows.append(summary_row("bulk kernel compiled (numba)", seconds, actions, args.bulk_games))
    base = rows[0]["games_per_second"]
    for row in rows:
        row["ratio_to_baseline"] = round(row["games_per_second"] / base, 2)
    out = {
        "game": GAME,
        "players": PLAYERS,
        "bots": "random",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else None,
        "numba": HAVE_NUMBA,
        "paths": rows,
    }
    if args.json:
        print(json.dumps(out))
        return 0
    print(f"{GAME}, {PLAYERS} players, random bots; Python {out['python']}, one core {out['cpus']}")
    print(f"{'path':42} {'games/s':>11} {'actions/s':>12} {'actions':>8} {'x baseline':>11}")
    for row in rows:
        print(
            f"{row['path']:42} {row['games_per_second']:>11,.1f} "
            f"{row['actions_per_second']:>12,.0f} {row['mean_actions']:>8} "
            f"{row['ratio_to_baseline']:>11.2f}"
        )
    if not HAVE_NUMBA and not args.no_numba:
        print("numba is not installed: pip install 'bluffhouse[fast]' for the compiled path")
    return 0


if __name__ == "__main__":
    sys.exit(main())
