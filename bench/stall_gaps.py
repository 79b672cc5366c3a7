"""The longest run of actions without progress in normally played Cheat-family games: the
evidence behind the default of the no-progress rule (``stall_limit``), which must never end a
game that is being played normally.

    python bench/stall_gaps.py [--games N] [--bots random,counter,mixed] [--workers W] [--json]

Every preset is played with the rule off (``stall_limit=0``) by tables of ``random`` bots,
of ``counter`` bots, and of one ``counter`` among ``random`` bots ("mixed"), at its usual table
size and at 3 and 6 seats; after every action the engine's own count of actions since the last
progress (``quiet``) is read, and its largest value in any game is reported (with the 99.9th
percentile of the per-game largest, and the longest game).  Progress is what the rule counts:
a hand smaller than its smallest yet, a player out, cards out of play (docs/rules/cheat.md).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

LINEUPS = ("random", "counter", "mixed")
#: A game still running after this many actions is counted as unfinished (as simulate does).
CAP = 20_000


def presets() -> list[str]:
    from bluffhouse.registry import presets as all_presets

    return [p.id for p in all_presets() if p.family.FAMILY == "cheat"]


def table(lineup: str, players: int) -> list[str]:
    if lineup == "mixed":
        return ["counter"] + ["random"] * (players - 1)
    return [lineup] * players


def play(job: tuple[str, str, int, int]) -> dict[str, Any]:
    """One game with the rule off; its largest count of actions without progress."""
    import bluffhouse as bh
    from bluffhouse.bots import Choices, make_bot

    game_id, lineup, players, seed = job
    state: Any = bh.new_game(game_id, players=players, seed=seed, stall_limit=0)
    names = table(lineup, players)
    # the lineup turns one seat a game, so the counter sits everywhere in "mixed"
    names = names[seed % players :] + names[: seed % players]
    bots = [make_bot(name, seed=seed * 1009 + s) for s, name in enumerate(names)]
    longest = steps = 0
    error = None
    try:
        while not state.over and steps < CAP:
            seat = state.to_act[0]
            bot = bots[seat]
            state.apply(
                seat, bot.act(state.view(seat) if bot.wants_view else None, Choices(state, seat))
            )
            steps += 1
            if state.quiet > longest:
                longest = state.quiet
    except Exception as exc:  # a bot's bug is reported with the game, not fatal to the run
        error = f"{type(exc).__name__}: {exc}"
    return {
        "game": game_id,
        "lineup": lineup,
        "players": players,
        "seed": seed,
        "gap": longest,
        "steps": steps,
        "over": state.over,
        "error": error,
    }


def players_for(game_id: str) -> list[int]:
    from bluffhouse.registry import lookup

    preset = lookup(game_id)
    low = preset.min_players or 2
    high = preset.max_players or 10
    return sorted({p for p in (3, preset.players, 6) if low <= p <= high})


def summarize(rows: list[dict[str, Any]]) -> dict[str, Any]:
    gaps = sorted(r["gap"] for r in rows)
    return {
        "games": len(rows),
        "max_gap": gaps[-1],
        "p999_gap": gaps[min(len(gaps) - 1, int(len(gaps) * 0.999))],
        "median_gap": gaps[len(gaps) // 2],
        "longest_game": max(r["steps"] for r in rows),
        "unfinished": sum(1 for r in rows if not r["over"]),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games per preset, lineup and size")
    ap.add_argument(
        "--bots",
        default=",".join(LINEUPS),
        help="lineups: random, counter, mixed (one counter among random bots)",
    )
    ap.add_argument(
        "--games-counter",
        type=int,
        default=None,
        help="games for lineups with counter bots (slower; default --games)",
    )
    ap.add_argument("--presets", default="", help="comma-separated preset ids (default all)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    ap.add_argument(
        "--rows",
        default="",
        help="also write every game's row to this file (JSON lines, as they finish)",
    )
    args = ap.parse_args(argv)
    lineups = [x.strip() for x in args.bots.split(",") if x.strip()]
    for lineup in lineups:
        if lineup not in LINEUPS:
            ap.error(f"unknown lineup {lineup!r}; choose from {', '.join(LINEUPS)}")
    games = presets() if not args.presets else args.presets.split(",")
    jobs = []
    for game_id in games:
        for lineup in lineups:
            count = args.games
            if lineup != "random" and args.games_counter is not None:
                count = args.games_counter
            for players in players_for(game_id):
                jobs += [(game_id, lineup, players, seed) for seed in range(count)]
    # mixed, so that a run cut short still covers every preset
    random.Random(0).shuffle(jobs)
    start = time.perf_counter()
    rows = []
    sink = open(args.rows, "w") if args.rows else None  # noqa: SIM115
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for row in pool.map(play, jobs, chunksize=2):
            rows.append(row)
            if sink is not None:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
    if sink is not None:
        sink.close()

    seconds = time.perf_counter() - start
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        by.setdefault((row["game"], row["lineup"]), []).append(row)
    table_rows = [{"game": g, "lineup": lineup, **summarize(rs)} for (g, lineup), rs in by.items()]
    overall = summarize(rows)
    out = {"seconds": round(seconds, 1), "overall": overall, "rows": table_rows}
    if args.json:
        print(json.dumps(out))
        return 0
    print(
        f"{'game':22} {'lineup':8} {'games':>6} {'max gap':>8} {'p99.9':>6} {'median':>7} "
        f"{'longest':>8} {'unfinished':>10}"
    )
    for r in table_rows:
        print(
            f"{r['game']:22} {r['lineup']:8} {r['games']:>6} {r['max_gap']:>8} "
            f"{r['p999_gap']:>6} {r['median_gap']:>7} {r['longest_game']:>8} "
            f"{r['unfinished']:>10}"
        )
    print(
        f"all: {overall['games']} games, longest run without progress {overall['max_gap']} "
        f"actions ({seconds:.0f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
