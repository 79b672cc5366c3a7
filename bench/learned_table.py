"""The learned bot's published tables: the shipped weights in the ``learned`` seat of one of
its tables against every opponent table of the bot suite, and ``counter`` in the same seat
for comparison, the figures the docs quote.

    python bench/learned_table.py [--table bullshit|poker_bull] [--games 200] [--workers 2]
                                  [--seed 0] [--write FILE]

``--table bullshit`` (the default): 4-player Bullsh*t against the Cheat suite's opponents;
``--table poker_bull``: 3-player Poker Bull (the rule text, the suite's ``poker_bull_3``)
against the Poker Bull suite's.  It prints a Markdown table: per opponent table, the learned
seat's win share over the games with a winner, its 95% (Wilson) interval and how it stands
to a fair share (``+`` above, ``-`` below, ``=`` within), the games with a winner out of
those played, how it played (time a move; in the Cheat family the share of its lies called
and the cards taken a game) and ``counter``'s share in that seat.  ``--write FILE`` puts it
into FILE in place of the table's block (between ``<!-- learned-table`` or
``<!-- learned-table-poker_bull`` and the matching ``<!-- /learned-table... -->``), with the
fingerprint of the weights and bots it measured (``bluffhouse.bots.learned.play_fingerprint``
of the table's game): a test fails when the table's weights or the bots that play at it (the
shared bot modules and its family's) change and the table was not measured again.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import sys
import time
from pathlib import Path

from bluffhouse.arena import (
    POKER_BULL_OPPONENTS,
    SUITE_OPPONENTS,
    SUITE_RULES,
    SuiteCell,
    run_suite,
)
from bluffhouse.bots.learned import play_fingerprint

#: Each table: (the suite, its rule set, the opponents, the seats).
TABLES = {
    "bullshit": ("rules", "bullshit", SUITE_OPPONENTS, 4),
    "poker_bull": ("poker_bull", "poker_bull_3", POKER_BULL_OPPONENTS, 3),
}
WORDS = {2: "two", 3: "three", 4: "four"}


def markers(name: str) -> tuple[str, str]:
    """The lines that open and close a table's block in the docs."""
    tail = "" if name == "bullshit" else f"-{name}"
    return f"<!-- learned-table{tail} ", f"<!-- /learned-table{tail} -->"


def _share(cell: SuiteCell) -> str:
    d = cell.as_dict()
    if d["win_share"] is None:
        return "none decided"
    low, high = d["ci95"]
    mark = {"above": "+", "below": "-", "even": "="}[d["verdict"]]
    return f"{d['win_share']:.1%} [{low:.1%}, {high:.1%}] {mark}"


def _habits(cell: SuiteCell, cheat: bool) -> str:
    if not cheat:
        return f"{cell.move_ms:.1f} ms"
    rate = cell.caught_rate
    lies = f"{rate:.0%} of {cell.lies}" if rate is not None else "no lies"
    return f"{cell.move_ms:.1f} ms, {lies}, {cell.taken_per_game:.1f}"


def table(name: str, games: int, workers: int, seed: int) -> tuple[str, float]:
    """The Markdown table of table ``name`` and the seconds it took."""
    suite, rules, opponents, players = TABLES[name]
    cheat = name != "poker_bull"
    start = time.perf_counter()
    cells = run_suite(
        suite, games, workers=workers, seed=seed, bots=("learned", "counter"), rules=(rules,)
    )
    seconds = time.perf_counter() - start
    habits = "ms a move, lies called, cards taken a game" if cheat else "ms a move"
    rows = [
        "| opponents | `learned`: wins (95% interval) | decided / games "
        f"| `learned`: {habits} | `counter` in its seat |",
        "|---|---|---|---|---|",
    ]
    for opponent in opponents:
        learned = next(c for c in cells if c.bot == "learned" and c.opponent == opponent)
        counter = next((c for c in cells if c.bot == "counter" and c.opponent == opponent), None)
        rows.append(
            f"| {opponent.replace('+', ' + ')} | {_share(learned)} "
            f"| {learned.decided} / {learned.games} | {_habits(learned, cheat)} "
            f"| {_share(counter) if counter else f'a fair share ({WORDS[players]} counters)'} |"
        )
    return "\n".join(rows), seconds


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=tuple(TABLES), default="bullshit", help="which table")
    ap.add_argument("--games", type=int, default=200, help="games a cell (default 200)")
    ap.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--write", metavar="FILE", help="put the table into FILE's learned-table block")
    args = ap.parse_args(argv)
    load = os.getloadavg()[0]
    # (of the code the games are about to play)
    fingerprint = play_fingerprint(SUITE_RULES[TABLES[args.table][1]][0])
    body, seconds = table(args.table, args.games, args.workers, args.seed)
    when = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    note = (
        "`python bench/learned_table.py"
        + ("" if args.table == "bullshit" else f" --table {args.table}")
        + f" --games {args.games} --workers {args.workers} "
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
    begin, end = markers(args.table)
    block = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if not block.search(text):
        print(f"learned_table: {path} has no {begin}... {end} block", file=sys.stderr)
        return 2
    fresh = f"{begin}fingerprint={fingerprint} -->\n{note}\n\n{body}\n{end}"
    path.write_text(block.sub(lambda _: fresh, text, count=1), encoding="utf-8")
    print(f"\nwritten into {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
