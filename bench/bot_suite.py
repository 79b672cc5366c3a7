"""The bots' benchmark suite: every rule set of ``bluffhouse.arena.SUITE_RULES`` against every
opponent style, one bot under test in one seat, seats rotated every game.

    python bench/bot_suite.py [--suite rules] [--games 200] [--search-games 40] [--workers 16]
                              [--bots counter,ismcts] [--rules bullshit,bluff]
                              [--opponents random,counter] [--seed 0] [--json]
                              [--ray | --address HOST:PORT] [--out FILE.jsonl [--resume]]
                              [--quiet]

prints, per rule set, each opponent's row: each bot's win share over the games with a winner
(finished normally, or ended by the no-progress rule and ranked by cards held: a table of
``always_call`` bots rarely finishes otherwise), its 95% (Wilson) interval, ``+`` where the
whole interval is above a fair share, ``-`` below, ``=`` where it straddles it, and the games
with a winner out of those played.  The games run in
``--workers`` processes (the same seed gives the same table whatever their number, a search
bot's time cap aside); ``ismcts`` thinks up to a second a move, so its cells play
``--search-games`` games each.  ``--ray`` runs them as Ray tasks on a cluster started on this
machine (``--workers`` CPUs), ``--address`` on an existing cluster (``pip install
'bluffhouse[cluster]'``): the same table for the same seed.  A progress bar counts the games
(on standard error; ``--quiet`` or no terminal: none), and ``--out`` writes every game as it
finishes, one JSON line each (its rule set, bot and opponent, the seed, the code's fingerprint
and the game's record), so a run that is stopped keeps what it played; ``--resume`` plays on
from such a file: its games count, only the missing ones are played (and added to it), so a
table too long for one sitting (``ismcts`` across every cell) is built over several.  A file's
games of another seed or another version of the code are refused, never mixed in.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

from rich.progress import Progress

from bluffhouse.arena import (
    SUITE_RULES,
    SUITES,
    GameRecord,
    SuiteCell,
    code_fingerprint,
    record_line,
    record_of,
    run_suite,
    suite_table,
)
from bluffhouse.cluster import ClusterError, RayTarget, require_ray


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--suite", default="rules", choices=list(SUITES))
    ap.add_argument("--games", type=int, default=200, help="games a cell (default 200)")
    ap.add_argument(
        "--search-games", type=int, default=40, help="games a cell for ismcts (default 40)"
    )
    ap.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)"
    )
    ap.add_argument("--bots", help="only these bots under test, comma-separated")
    ap.add_argument(
        "--rules", help=f"only these rule sets, comma-separated ({', '.join(SUITE_RULES)})"
    )
    ap.add_argument("--opponents", help="only these opponents, comma-separated")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="one JSON object")
    ap.add_argument("--ray", action="store_true", help="the games as Ray tasks on this machine")
    ap.add_argument("--address", metavar="HOST:PORT", help="the games on this Ray cluster")
    ap.add_argument("--out", metavar="FILE", help="every game as it finishes, a JSON line each")
    ap.add_argument(
        "--resume",
        action="store_true",
        help="play on from the games already in --out (the same seed and code): only the "
        "missing ones are played, and added to it",
    )
    ap.add_argument("--quiet", action="store_true", help="no progress bar")
    args = ap.parse_args(argv)
    if args.resume and not args.out:
        ap.error("--resume plays on from the games of --out FILE: name the file")
    code = code_fingerprint()
    played: dict[tuple[str, str, str], dict[int, GameRecord]] = {}
    if args.out:
        try:
            played = kept_games(Path(args.out), args.seed, code, args.resume)
        except (OSError, ValueError) as exc:
            print(f"bot_suite: {exc}", file=sys.stderr)
            return 2
        if played:
            kept = sum(len(games) for games in played.values())
            print(f"bot_suite: {kept} games kept from {args.out}", file=sys.stderr)
    target = None
    if args.ray or args.address:
        try:
            require_ray()
        except ClusterError as exc:
            print(f"bot_suite: {exc}", file=sys.stderr)
            return 2
        target = RayTarget(args.address, None if args.address else args.workers)
    bots = tuple(args.bots.split(",")) if args.bots else None
    rules = tuple(args.rules.split(",")) if args.rules else None
    opponents = tuple(args.opponents.split(",")) if args.opponents else None
    start = time.perf_counter()
    mode = "a" if args.resume else "w"
    stream = open(args.out, mode, encoding="utf-8") if args.out else None  # noqa: SIM115
    quiet = args.json or args.quiet or not sys.stderr.isatty()
    try:
        with Progress(disable=quiet, transient=True) as bar:
            task = bar.add_task(f"suite {args.suite}", total=None)

            def keep(cell: SuiteCell, records: list[GameRecord]) -> None:
                bar.advance(task, len(records))
                if stream is not None:
                    where = {
                        "rules": cell.rules,
                        "bot": cell.bot,
                        "opponent": cell.opponent,
                        "seed": args.seed,
                        "code": code,
                    }
                    for rec in records:
                        stream.write(
                            json.dumps({**where, "record": json.loads(record_line(rec))}) + "\n"
                        )
                    stream.flush()

            cells = run_suite(
                args.suite,
                args.games,
                args.search_games,
                workers=args.workers,
                seed=args.seed,
                bots=bots,
                rules=rules,
                opponents=opponents,
                ray=target,
                on_records=keep,
                played=played,
            )
    except ValueError as exc:
        print(f"bot_suite: {exc}", file=sys.stderr)
        return 2
    except ClusterError as exc:
        partial = getattr(exc, "partial", None)
        print(f"bot_suite: {exc}", file=sys.stderr)
        if partial is None:
            return 2
        print(suite_table(partial))
        return 1
    finally:
        if stream is not None:
            stream.close()
    seconds = time.perf_counter() - start
    if args.json:
        print(
            json.dumps(
                {
                    "suite": args.suite,
                    "seed": args.seed,
                    "workers": args.workers,
                    "seconds": round(seconds, 1),
                    "cells": [c.as_dict() for c in cells],
                }
            )
        )
        return 0
    print(
        f"suite {args.suite}, seed {args.seed}: {sum(c.games for c in cells)} games in "
        f"{seconds:.0f} s on {args.workers} worker(s)\n"
    )
    print(suite_table(cells))
    return 0


def kept_games(
    path: Path, seed: int, code: str, resume: bool
) -> dict[tuple[str, str, str], dict[int, GameRecord]]:
    """The games a run wrote to ``path``, by cell and index, where ``resume`` plays on from
    them (a line cut short at the end, by a run stopped mid-write, is dropped from the file);
    without it, a file that holds games is refused rather than written over."""
    if not path.exists() or path.is_dir() or path.stat().st_size == 0:
        if path.is_dir():
            raise ValueError(f"--out {path} is a folder: name a file")
        return {}
    if not resume:
        raise ValueError(
            f"--out {path} already holds games: --resume plays on from them, or name a new file"
        )
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    unended = lines.pop()  # "" where the file ends with a whole line
    if unended:
        try:
            json.loads(unended)
            lines.append(unended)
        except ValueError:
            pass  # cut short by a run stopped mid-write: dropped
    played: dict[tuple[str, str, str], dict[int, GameRecord]] = {}
    for number, line in enumerate(lines, 1):
        try:
            data = json.loads(line)
            cell = (str(data["rules"]), str(data["bot"]), str(data["opponent"]))
            record = record_of(data["record"])
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}, line {number}: not a suite game ({exc})") from None
        if data.get("seed") != seed:
            raise ValueError(
                f"{path}, line {number}: a game of seed {data.get('seed')}, not {seed}: "
                "resume with its seed, or name a new file"
            )
        if data.get("code") != code:
            raise ValueError(
                f"{path}, line {number}: a game played by another version of the code "
                f"({data.get('code')}, this one is {code}): its figures would not be this "
                "code's; name a new file"
            )
        played.setdefault(cell, {})[record.index] = record
    if unended:  # only once every line is read and accepted: new lines follow whole ones
        path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return played


if __name__ == "__main__":
    raise SystemExit(main())
