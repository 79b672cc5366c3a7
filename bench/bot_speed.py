"""Time a move of the Cheat family's rule-based bots (``counter`` and the fixed styles).

    python bench/bot_speed.py [--games N] [--players P] [--game ID] [--json]

Games of ``--game`` (default ``bullshit`` at three seats: hands of 17-18 cards) are played by
``honest`` (seat 0) against ``random``, the same games whatever the bots measured; at every
decision of seat 0 the same view is given to
each bot measured, and the time of its ``act`` is recorded.  The baseline, measured at the same
decisions in the same run, is what every bot used to do first: list every legal action
(``Choices.all()``), whose cost grows with the hand.  Figures: mean, median and 95th
percentile in milliseconds, overall and on decisions with a hand of 15 or more cards, and each
bot's mean as a ratio to the baseline's.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot

#: Each decision is timed this many times and the fastest kept.
REPEAT = 3
BOTS = ("counter", "always_call", "never_call", "always_lie", "never_lie")


def collect(game: str, players: int, games: int) -> list[tuple[bh.Game, int]]:
    """Decision points (a copy of the state, the seat to act) where seat 0, an ``honest`` bot
    (which never changes with the bots measured), decides; the other seats play ``random``."""
    points: list[tuple[bh.Game, int]] = []
    for g in range(games):
        state = bh.new_game(game, players=players, seed=g)
        bots = [make_bot("honest" if s == 0 else "random", seed=g * 10 + s) for s in range(players)]
        steps = 0
        while not state.over and steps < 3000:
            seat = state.to_act[0]
            if seat == 0:
                points.append((state.copy(), seat))
            view = state.view(seat) if bots[seat].wants_view else None
            state.apply(seat, bots[seat].act(view, Choices(state, seat)))
            steps += 1
    return points


def summary(times: list[float]) -> dict[str, float]:
    ms = sorted(1000 * t for t in times)
    return {
        "mean": round(statistics.fmean(ms), 3),
        "median": round(statistics.median(ms), 3),
        "p95": round(ms[int(0.95 * (len(ms) - 1))], 3),
        "max": round(ms[-1], 3),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bullshit")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    points = collect(args.game, args.players, args.games)
    turns = [
        i
        for i, (s, seat) in enumerate(points)
        if any(a["type"] == "play" for a in s.legal_actions(seat)[:40])
    ]
    big = [i for i in turns if len(points[i][0].view(0)["hand"]) >= 15]
    times: dict[str, list[float]] = {"baseline: list every legal action": []}
    times.update({name: [] for name in BOTS})
    clock = time.process_time  # CPU time: other work on a shared machine is not counted
    for state, seat in points:
        view = state.view(seat)
        best = []
        for _ in range(REPEAT):
            start = clock()
            Choices(state, seat).all()
            best.append(clock() - start)
        times["baseline: list every legal action"].append(min(best))
        for name in BOTS:
            best = []
            for _ in range(REPEAT):  # the fastest of a few: a shared machine's pauses aside
                bot = make_bot(name, seed=1)
                start = clock()
                bot.act(view, Choices(state, seat))
                best.append(clock() - start)
            times[name].append(min(best))
    base = statistics.fmean(times["baseline: list every legal action"])
    out: dict[str, Any] = {
        "game": args.game,
        "players": args.players,
        "decisions": len(points),
        "turns": len(turns),
        "turns_hand_15_plus": len(big),
        "python": sys.version.split()[0],
        "bots": {},
    }
    for name, ts in times.items():
        row = summary(ts)
        row["turns"] = summary([ts[i] for i in turns]) if turns else {}
        row["turns_hand_15_plus"] = summary([ts[i] for i in big]) if big else {}
        row["ratio_to_baseline"] = round(statistics.fmean(ts) / base, 3)
        out["bots"][name] = row
    if args.json:
        print(json.dumps(out))
        return 0
    print(
        f"{args.game}, {args.players} players: {len(points)} decisions of seat 0, "
        f"{len(turns)} of them turns to play ({len(big)} with 15+ cards); ms a decision"
    )
    print(
        f"{'':36} {'all mean':>8} {'p95':>7} {'turn mean':>9} {'p95':>7} "
        f"{'15+ mean':>8} {'p95':>7} {'max':>7} {'x base':>7}"
    )
    empty = {"mean": 0.0, "p95": 0.0, "max": 0.0}
    for name, row in out["bots"].items():
        t = row["turns"] or empty
        b = row["turns_hand_15_plus"] or empty
        print(
            f"{name:36} {row['mean']:>8.3f} {row['p95']:>7.3f} {t['mean']:>9.3f} "
            f"{t['p95']:>7.3f} {b['mean']:>8.3f} {b['p95']:>7.3f} {row['max']:>7.3f} "
            f"{row['ratio_to_baseline']:>7.2f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
