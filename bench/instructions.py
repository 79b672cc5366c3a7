"""CPU instructions per game of random bots, counted exactly by valgrind: a speed figure that a
busy, shared machine does not blur (wall-clock figures there swing by a third from run to run).

    python bench/instructions.py [GAME] [--games N] [--players N]

It runs ``bluffhouse.simulate`` under ``valgrind --tool=cachegrind`` twice, with N games and
with none (imports and warm-up alike), and prints the difference divided by N.  Compare two
versions of the code by running it in each checkout; needs valgrind on the PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys

_RUN = """
import sys
from bluffhouse.simulate import simulate
game, players, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
simulate(game, 5, ["random"] * players, players, seed=10**6)
if games:
    simulate(game, games, ["random"] * players, players, seed=1)
"""


def instructions(game: str, players: int, games: int) -> int:
    env = dict(os.environ, PYTHONHASHSEED="0")  # sets and dicts iterate alike in every run
    done = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", _RUN, game, str(players), str(games)],
        capture_output=True, text=True, env=env, check=True,
    )
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="bullshit")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    each = (instructions(args.game, args.players, args.games)
            - instructions(args.game, args.players, 0)) / args.games
    print(f"{args.game}, {args.players} players, random bots: "
          f"{each / 1e6:.3f} million instructions a game ({args.games} games)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
