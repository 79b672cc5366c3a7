"""CPU time of a rule-based bot's move in every rule set of the bots' suite.

    python bench/suite_speed.py [--bot counter] [--opponent always_call] [--games 6]

``bench/bot_speed.py`` times the bots at the same decisions of 3-player Bullsh*t (presets
only); the suite's rule sets (``bluffhouse.arena.SUITE_RULES``) take other paths through
``counter`` (sets put aside, calls as a turn's choice, Bluff's free pass).  Here the bot plays
seat 0 against ``--opponent`` in each rule set, games ``0..N-1`` seeded as the suite seeds
them, and every ``act`` of seat 0 is timed (CPU time of the process).  Printed per rule set:
moves, mean, median, 95th percentile and worst in milliseconds.  The process's very first
decision builds lazy tables (tens of milliseconds, once) and is printed apart.
"""

from __future__ import annotations

import argparse
import statistics
import time

from suite_games import suite_games, turns  # (this directory)

from bluffhouse.arena import SUITE_RULES
from bluffhouse.bots import Choices

#: Actions a game may take before it is left (the no-progress rule ends them sooner).
MAX_ACTIONS = 3000


def times_in(rules: str, bot: str, opponent: str, games: int) -> list[float]:
    """Seconds of CPU for each ``act`` of ``bot`` (seat 0) in ``games`` games of ``rules``."""
    out: list[float] = []
    for state, bots in suite_games(rules, bot, opponent, games):
        for seat, player, view in turns(state, bots, MAX_ACTIONS):
            start = time.process_time()
            action = player.act(view, Choices(state, seat))
            if seat == 0:
                out.append(time.process_time() - start)
            state.apply(seat, action)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="counter")
    ap.add_argument("--opponent", default="always_call")
    ap.add_argument("--games", type=int, default=6)
    args = ap.parse_args()
    first = True
    for rules in SUITE_RULES:
        ms = [t * 1000 for t in times_in(rules, args.bot, args.opponent, args.games)]
        if first and ms:
            print(f"first decision of the process (lazy tables): {ms.pop(0):.1f} ms")
            first = False
        if not ms:
            print(f"{rules:20s} no moves")
            continue
        ms.sort()
        print(
            f"{rules:20s} {args.bot} vs {args.opponent}: {len(ms):5d} moves, mean "
            f"{statistics.mean(ms):.2f} ms, median {statistics.median(ms):.2f}, 95th "
            f"percentile {ms[int(len(ms) * 0.95)]:.2f}, worst {ms[-1]:.2f}"
        )


if __name__ == "__main__":
    main()
