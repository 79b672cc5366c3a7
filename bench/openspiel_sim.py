"""OpenSpiel's own random simulation (``pyspiel.random_sim_test`` with serialisation) on the
default games at full size: the wall time and the peak memory of each, one process a game.

    python bench/openspiel_sim.py [--games bullshit,eightshit,poker_bull,sneak,bluff]

OpenSpiel's test keeps a copy of every state of the game it plays (a Bullsh*t game of random
moves runs to thousands of actions), so both figures grow with the game's length: here they
show what a state costs to copy, apply, name and read.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

ONE = """
import json, resource, sys, time
import pyspiel
import bluffhouse.interop.openspiel  # noqa: F401  (registers python_bluffhouse)
spec = sys.argv[1]
game = pyspiel.load_game(spec)
start = time.perf_counter()
pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
print(json.dumps({"seconds": time.perf_counter() - start,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

DEFAULTS = {
    "bullshit": "python_bluffhouse(game=bullshit)",
    "eightshit": "python_bluffhouse(game=eightshit)",
    "poker_bull": "python_bluffhouse(game=poker_bull)",
    "sneak": "python_bluffhouse(game=sneak,players=4)",
    "bluff": "python_bluffhouse(game=bluff)",
}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(DEFAULTS), help="comma-separated")
    args = ap.parse_args(argv)
    print(f"{'game':<44} {'seconds':>8} {'peak MB':>8}")
    for name in args.games.split(","):
        spec = DEFAULTS.get(name)
        if spec is None:
            print(f"openspiel_sim: unknown game {name!r}; known: {', '.join(DEFAULTS)}")
            return 2
        done = subprocess.run(
            [sys.executable, "-c", ONE, spec], capture_output=True, text=True, check=False
        )
        if done.returncode:
            print(f"{spec:<44} failed: {done.stderr.strip().splitlines()[-1:]}")
            continue
        got = json.loads(done.stdout.strip().splitlines()[-1])
        print(f"{spec:<44} {got['seconds']:>8.1f} {got['peak_mb']:>8.0f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
