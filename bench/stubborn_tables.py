"""Tables of stubborn bots (fixed styles, honest, random) in Poker Bull and Sneak: do their
games end without a no-progress rule?  The evidence that those two families need none
(docs/rules/poker_bull.md and sneak.md, "Games that stall").

    python bench/stubborn_tables.py [--games N] [--seconds S] [--workers W]

Each game runs until it ends or for ``--seconds``; printed per game and style: the games that
ended, the longest game in actions, and (Poker Bull) the most actions in one hand.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

STYLES = ("always_call", "never_call", "always_lie", "never_lie", "honest", "random", "counter")
GAMES = ("poker_bull", "poker_bull_no_jokers", "poker_bull_rising", "sneak")


def play(job: tuple[str, str, int, int, float]) -> dict[str, Any]:
    import bluffhouse as bh
    from bluffhouse.bots import Choices, make_bot

    game_id, style, players, seed, seconds = job
    # the no-progress rule off: these runs ask whether the games end without it
    options = {"stall_limit": 0} if "stall_limit" in bh.new_game(game_id).rules.as_dict() else {}
    state: Any = bh.new_game(game_id, players=players, seed=seed, **options)

    bots = [make_bot(style, seed=seed * 1009 + s) for s in range(players)]
    steps = 0
    hand_steps = most_in_hand = 0
    hand = None
    end = time.perf_counter() + seconds
    while not state.over and time.perf_counter() < end:
        seat = state.to_act[0]
        bot = bots[seat]
        state.apply(
            seat, bot.act(state.view(seat) if bot.wants_view else None, Choices(state, seat))
        )
        steps += 1
        now = getattr(state, "hand_no", None) or getattr(state, "deal_no", None)
        hand_steps = hand_steps + 1 if now == hand else 1
        hand = now
        most_in_hand = max(most_in_hand, hand_steps)
    return {
        "game": game_id,
        "style": style,
        "players": players,
        "seed": seed,
        "steps": steps,
        "over": state.over,
        "most_in_hand": most_in_hand,
        "hands": hand,
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4, help="games per game id, style and size")
    ap.add_argument("--seconds", type=float, default=120.0, help="time cap per game")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--rows", default="", help="also write each game's row (JSON lines)")
    ap.add_argument("--styles", default=",".join(STYLES), help="comma-separated bot names")
    ap.add_argument("--ids", default=",".join(GAMES), help="comma-separated game ids")
    args = ap.parse_args(argv)
    jobs = [
        (g, s, p, seed, args.seconds)
        for g in args.ids.split(",")
        for s in args.styles.split(",")
        for p in ((3, 5) if g != "sneak" else (2, 4))
        for seed in range(args.games)
    ]
    rows = []
    sink = open(args.rows, "w") if args.rows else None  # noqa: SIM115
    with ProcessPoolExecutor(max(1, args.workers)) as pool:
        for row in pool.map(play, jobs):
            rows.append(row)
            if sink is not None:
                sink.write(json.dumps(row) + "\n")
                sink.flush()
    by: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for row in rows:
        by.setdefault((row["game"], row["style"]), []).append(row)
    print(f"{'game':22} {'style':12} {'ended':>7} {'longest':>8} {'most in a hand':>15}")
    for (g, s), rs in by.items():
        print(
            f"{g:22} {s:12} {sum(r['over'] for r in rs):>3}/{len(rs):<3} "
            f"{max(r['steps'] for r in rs):>8} {max(r['most_in_hand'] for r in rs):>15}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
