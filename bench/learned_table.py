"""The learned bot's published table: the shipped weights in the ``learned`` seat of
4-player Bullsh*t against every opponent table of the bot suite, and ``counter`` in the same
seat for comparison, the figures the docs quote.

    python bench/learned_table.py [--games 200] [--workers 2] [--seed 0] [--write FILE]

prints a Markdown table: per opponent table, the learned seat's win share over the games with
a winner, its 95% (Wilson) interval and how it stands to a fair share of 25% (``+`` above,
``-`` below, ``=`` within), the games with a winner out of those played, how it played (time
a move, the share of its lies called, cards taken a game) and ``counter``'s share in that
seat.  ``--write FILE`` puts it into FILE in place of the block between the
``<!-- learned-table`` and ``<!-- /learned-table -->`` lines, with the fingerprint of the
weights and bots it measured (``bluffhouse.bots.cheat.learned.play_fingerprint``): a test
fails when the weights or any bot change and the table was not measured again.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import sys
import time
from pathlib import Path

from bluffhouse.arena import SUITE_OPPONENTS, SuiteCell, run_suite
from bluffhouse.bots.cheat.learned import play_fingerprint

BEGIN = "<!-- learned-table"
END = "<!-- /learned-table -->"


def _share(cell: SuiteCell) -> str:
    d = cell.as_dict()
    if d["win_share"] is None:
        return "none decided"
    low, high = d["ci95"]
    mark = {"above": "+", "below": "-", "even": "="}[d["verdict"]]
    return f"{d['win_share']:.1%} [{low:.1%}, {high:.1%}] {mark}"


def _habits(cell: SuiteCell) -> str:
    rate = cell.caught_rate
    lies = f"{rate:.0%} of {cell.lies}" if rate is not None else "no lies"
    return f"{cell.move_ms:.1f} ms, {lies}, {cell.taken_per_game:.1f}"


def table(games: int, workers: int, seed: int) -> tuple[str, float]:
    """The Markdown table and the seconds it took."""
    start = time.perf_counter()
    cells = run_suite(
        "rules", games, workers=workers, seed=seed, bots=("learned", "counter"), rules=("bullshit",)
    )
    seconds = time.perf_counter() - start
    rows = [
        "| opponents | `learned`: wins (95% interval) | decided / games "
        "| `learned`: ms a move, lies called, cards taken a game | `counter` in its seat |",
        "|---|---|---|---|---|",
    ]
    for opponent in SUITE_OPPONENTS:
        learned = next(c for c in cells if c.bot == "learned" and c.opponent == opponent)
        counter = next((c for c in cells if c.bot == "counter" and c.opponent == opponent), None)
        rows.append(
            f"| {opponent.replace('+', ' + ')} | {_share(learned)} "
            f"| {learned.decided} / {learned.games} | {_habits(learned)} "
            f"| {_share(counter) if counter else 'a fair share (four counters)'} |"
        )
    return "\n".join(rows), seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200, help="games a cell (default 200)")
    ap.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", metavar="FILE", help="put the table into FILE's learned-table block")
    args = ap.parse_args(argv)
    load = os.getloadavg()[0]
    fingerprint = play_fingerprint()  # (of the code the games are about to play)
    body, seconds = table(args.games, args.workers, args.seed)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    note = (
        f"`python bench/learned_table.py --games {args.games} --workers {args.workers} "
        f"--seed {args.seed}`, {when}, {seconds:.0f} s on {args.workers} worker(s) of "
        f"{os.cpu_count()} cores, load {load:.1f} at the start:"
    )
    print(note)
    print()
    print(body)
    if not args.write:
        return 0
    path = Path(args.write)
    text = path.read_text(encoding="utf-8")
    block = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END), re.S)
    if not block.search(text):
        print(f"learned_table: {path} has no {BEGIN} ... {END} block", file=sys.stderr)
        return 2
    fresh = f"{BEGIN} fingerprint={fingerprint} -->\n{note}\n\n{body}\n{END}"
    path.write_text(block.sub(lambda _: fresh, text, count=1), encoding="utf-8")
    print(f"\nwritten into {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
