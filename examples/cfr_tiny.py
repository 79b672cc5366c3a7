"""CFR on a tiny configuration: heads-up Bullsh*t, one card each from AS AH KS KH, a no-progress
limit of four actions.  OpenSpiel's C++ CFR solves the game's whole tree, exported from
bluffhouse in Gambit's EFG format, and prints NashConv (0 at an equilibrium) as it goes; with
``--direct N`` it also runs N iterations straight on the Python game, which agree.

    python examples/cfr_tiny.py [--iterations 1000] [--direct 0] [SPEC]

SPEC is any ``python_bluffhouse(...)`` string small enough to export (a few thousand nodes).
"""

from __future__ import annotations

import argparse
import time

import pyspiel

from bluffhouse.interop.openspiel import to_efg

TINY = "python_bluffhouse(game=bullshit,players=2,deal_from=ASAHKSKH,deal_size=1,stall_limit=4)"


def main(argv: list[str] | None = None) -> float:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", nargs="?", default=TINY)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--direct", type=int, default=0, help="iterations on the Python game too")
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.spec)
    start = time.perf_counter()
    text = to_efg(game)
    tree = pyspiel.load_efg_game(text)
    print(
        f"{args.spec}: {len(text.splitlines()) - 2:,} nodes, exported in "
        f"{time.perf_counter() - start:.1f} s"
    )
    solver = pyspiel.CFRSolver(tree)
    direct = pyspiel.CFRSolver(game) if args.direct else None
    conv = float("nan")
    for i in range(1, args.iterations + 1):
        solver.evaluate_and_update_policy()
        line = ""
        if direct is not None and i <= args.direct:
            direct.evaluate_and_update_policy()
            line = f", on the Python game {pyspiel.nash_conv(game, direct.average_policy()):.4f}"
        if i & (i - 1) == 0 or i == args.iterations or line:
            conv = pyspiel.nash_conv(tree, solver.average_policy())
            print(f"iteration {i:5d}: NashConv {conv:.4f}{line}")
    return conv


if __name__ == "__main__":
    main()
