"""CPU instructions of a rule-based bot's move in every rule set of the bots' suite, counted
exactly by valgrind (a figure a busy, shared machine does not blur; ``suite_speed.py`` times
the same moves in CPU time).

    python bench/bot_instructions.py [--bot counter] [--opponent always_lie] [--games 2]

The bot plays seat 0 against ``--opponent`` in each rule set, games ``0..N-1`` seeded as the
suite seeds them (``bench/suite_speed.py``).  Two runs under cachegrind play the same games:
one where every decision of seat 0 is also made twice more by fresh copies of the bot (the
copies' moves are thrown away), one without; the difference over the extra decisions is the
cost of a move (its knowledge's fold over the log kept between calls, as in play).  Compare
two versions of the code by running it in each checkout; needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys

from instructions import _count  # (this directory: the valgrind runner of the interfaces)

_RUN = """
import sys
sys.path.insert(0, sys.argv[1])
from suite_games import suite_games, turns
from bluffhouse.arena import SUITE_RULES
from bluffhouse.bots import Choices, make_bot
bot, opponent, games, extra = sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5])
moves = 0
for rules in SUITE_RULES:
    for state, bots in suite_games(rules, bot, opponent, games):
        for seat, player, view in turns(state, bots, 3000):
            if seat == 0:
                moves += 1
                for _ in range(extra):
                    make_bot(bot, seed=1).act(view, Choices(state, seat))
            state.apply(seat, player.act(view, Choices(state, seat)))
print("moves", moves)
"""

#: Decisions of seat 0 made again as copies in the counted run.
EXTRA = 2


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="counter")
    ap.add_argument("--opponent", default="always_lie")
    ap.add_argument("--games", type=int, default=2, help="games of each rule set")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    here = os.path.dirname(os.path.abspath(__file__))
    runs = []
    for extra in (EXTRA, 0):
        total, out = _count([_RUN, here, args.bot, args.opponent, str(args.games), str(extra)])
        found = re.search(r"moves (\d+)", out)
        if found is None:
            print(f"the counted run printed no move count: {out[-500:]!r}", file=sys.stderr)
            return 1
        runs.append((total, int(found.group(1))))
    (full, moves), (base, _) = runs
    each = (full - base) / max(1, moves * EXTRA)
    print(
        f"{args.bot} against {args.opponent}, {args.games} game(s) of every suite rule set: "
        f"{each / 1e6:.2f} million instructions a move ({moves} moves); the whole run "
        f"without the copies: {base / 1e9:.2f} billion"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
