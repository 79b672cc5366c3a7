"""OpenSpiel's CFR on small bluffhouse configurations: NashConv over the iterations.

Each configuration's whole tree is written once as EFG (``bluffhouse.interop.openspiel.to_efg``)
and solved natively by OpenSpiel's C++ CFR; ``--direct N`` also runs the first N iterations
straight on ``python_bluffhouse`` (slow: every node is a Python state) and prints both NashConvs,
which agree.

``--speed`` times instead: the milliseconds an iteration takes on each configuration's tree and
straight on the Python game, beside OpenSpiel's own Kuhn poker in C++ (``kuhn_poker``) and
in Python (``python_kuhn_poker``): the cost of any game written in Python, measured in the
same run.

Usage: python bench/openspiel_cfr.py [--iterations 1000] [--direct 0] [--speed] [SPEC ...]
"""

from __future__ import annotations

import argparse
import time

import pyspiel

from bluffhouse.interop.openspiel import to_efg

SPECS = [
    # heads-up Poker Bull, one card each from KS KH AS AH (options lowest_rank, suits), one hand
    "python_bluffhouse(game=poker_bull_rising,players=2,lowest_rank=K,suits=2,jokers=0,"
    "grow_limit=1)",
    "python_bluffhouse(game=bullshit,players=2,deal_from=ASAHKSKH,deal_size=1,stall_limit=4)",
    "python_bluffhouse(game=flying_solo,players=2,deal_from=ASAHKSKH,deal_size=2,stall_limit=3)",
]
REPORT = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000)


def per_iteration(game: pyspiel.Game, seconds: float = 3.0) -> float:
    """Milliseconds per CFR iteration on ``game`` (after a first one), over about
    ``seconds``."""
    solver = pyspiel.CFRSolver(game)
    solver.evaluate_and_update_policy()
    done = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or done < 2:
        solver.evaluate_and_update_policy()
        done += 1
    return (time.perf_counter() - start) / done * 1000


def speed(specs: list[str]) -> None:
    from open_spiel.python.games import kuhn_poker  # noqa: F401  (registers python_kuhn_poker)

    print("| game | on the tree (C++) | straight on the Python game | ratio |")
    print("|---|---:|---:|---:|")
    pairs = [(s, pyspiel.load_efg_game(to_efg(pyspiel.load_game(s))), s) for s in specs]
    kuhn = pyspiel.load_game("kuhn_poker")
    rows = [("kuhn_poker / python_kuhn_poker", kuhn, "python_kuhn_poker")]
    rows += [(s, tree, s) for s, tree, _ in pairs]
    for name, fast, slow in rows:
        fast_ms = per_iteration(fast)
        slow_ms = per_iteration(pyspiel.load_game(slow))
        print(f"| `{name}` | {fast_ms:.3f} ms | {slow_ms:.1f} ms | {slow_ms / fast_ms:,.0f}x |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("specs", nargs="*", default=SPECS)
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--direct", type=int, default=0)
    ap.add_argument("--speed", action="store_true", help="time an iteration instead")
    args = ap.parse_args()
    if args.speed:
        speed(args.specs)
        return
    for spec in args.specs:
        game = pyspiel.load_game(spec)
        start = time.perf_counter()
        text = to_efg(game)
        efg = pyspiel.load_efg_game(text)
        print(
            f"{spec}\n  tree: {len(text.splitlines()) - 2:,} nodes, exported in "
            f"{time.perf_counter() - start:.1f} s"
        )
        solver = pyspiel.CFRSolver(efg)
        direct = pyspiel.CFRSolver(game) if args.direct else None
        start = time.perf_counter()
        for i in range(1, args.iterations + 1):
            solver.evaluate_and_update_policy()
            same = ""
            if direct is not None and i <= args.direct:
                direct.evaluate_and_update_policy()
                same = (
                    f"  (straight on python_bluffhouse: "
                    f"{pyspiel.nash_conv(game, direct.average_policy()):.6f})"
                )
            if i in REPORT or i == args.iterations or same:
                conv = pyspiel.nash_conv(efg, solver.average_policy())
                print(
                    f"  CFR iteration {i:6d}: NashConv {conv:.6f}{same}  "
                    f"[{time.perf_counter() - start:.1f} s]",
                    flush=True,
                )


if __name__ == "__main__":
    main()
