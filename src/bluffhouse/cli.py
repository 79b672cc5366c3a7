"""``bluffhouse``: list games, print their rules, simulate bot games, play in the terminal."""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__
from .api import SaveError, list_games, new_game
from .bots import bot_names, check_bots_fit, parse_bot_list
from .errors import IllegalAction, RuleError
from .howto import rules_text
from .registry import Preset, lookup, presets

#: ``play --level``: how well the bots play, as a bot name (``--bots`` overrides it).
LEVELS = {"easy": "random", "normal": "counter", "hard": "ismcts"}
INSTALL_ARENA = "pip install 'bluffhouse[arena]'"
INSTALL_CLUSTER = "pip install 'bluffhouse[cluster]'"


class UsageError(ValueError):
    """A command line that cannot be carried out as given (exit status 2, one line)."""


# ---------------------------------------------------------------- argument checks
class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line errors: what is wrong and where to read more, no usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")


def _whole(text: str) -> int:
    """A whole number typed in ASCII digits (never int() of a 5,000-digit string)."""
    t = text.strip()
    digits = t[1:] if t[:1] in "+-" else t
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 30:
        shown = t if len(t) <= 20 else t[:20] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a whole number of at most 30 digits")
    return int(t)


def whole_number(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (either may be open)."""

    def parse(text: str) -> int:
        n = _whole(text)
        if low is not None and n < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {n}")
        if high is not None and n > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {n}")
        return n

    parse.__name__ = "whole number"
    return parse


def seconds(high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from 0 to ``high`` (no nan, no infinity)."""

    def parse(text: str) -> float:
        try:
            value = float(text) if len(text) <= 40 else math.nan
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:20]!r} is not a number of seconds") from None
        if not math.isfinite(value) or value < 0:
            raise argparse.ArgumentTypeError(f"must be from 0 to {high:g} seconds, not {text[:20]}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:g} seconds, not {value:g}")
        return value

    parse.__name__ = "seconds"
    return parse


def _writable_folder(folder: Path, what: str) -> None:
    """UsageError unless ``folder`` exists and a file can be created in it (tried for real:
    permission bits do not tell, for root or on a read-only mount)."""
    if not folder.is_dir():
        raise UsageError(f"{what}: there is no folder {folder}")
    try:
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".bluffhouse-probe-"):
            pass
    except OSError as exc:
        raise UsageError(f"{what}: cannot write into {folder} ({exc.strerror or exc})") from None


def check_new_file(path: str, option: str, keep: str | None = None) -> None:
    """``path`` can be written as a new file: its folder exists and is writable, it is not a
    folder, and it does not exist yet (an earlier file is never replaced) unless it is
    ``keep``, the file a resumed game came from."""
    target = Path(path)
    what = f"{option} {path}"
    if target.is_dir():
        raise UsageError(f"{what} is a folder; name a file in it, like {target / 'game.json'}")
    _writable_folder(target.parent, what)
    if target.exists() and not (keep and os.path.exists(keep) and os.path.samefile(path, keep)):
        raise UsageError(
            f"{what}: the file exists already and would be replaced; name a new "
            f"file (or continue that game: bluffhouse play --resume {path})"
        )


def _parse_options(preset: Preset, pairs: Sequence[str]) -> dict[str, Any]:
    """KEY=VALUE strings into typed option values (RuleError names a bad one)."""
    rules = preset.family.RULES
    out: dict[str, Any] = {}
    for pair in pairs:
        if "=" not in pair:
            raise RuleError(f"--option takes KEY=VALUE, not {pair!r}")
        key, value = pair.split("=", 1)
        info = rules.option_info(key.strip())
        out[info.name] = info.parse(value.strip())
    return out


# ---------------------------------------------------------------- games / rules
def cmd_games(args: argparse.Namespace) -> int:
    rows = []
    for preset in presets():
        names = preset.id + (f" ({', '.join(preset.aliases)})" if preset.aliases else "")
        rows.append((names, preset.summary))
    if args.json:
        print(
            json.dumps(
                [
                    {
                        "id": p.id,
                        "aliases": list(p.aliases),
                        "title": p.title,
                        "summary": p.summary,
                        "family": p.family.FAMILY,
                        "players": p.players,
                    }
                    for p in presets()
                ],
                indent=2,
            )
        )
        return 0
    width = max(len(n) for n, _ in rows)
    for names, summary in rows:
        print(f"{names:<{width}}  {summary}")
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    print(rules_text(lookup(args.game), markdown=args.markdown))
    return 0


# ---------------------------------------------------------------- simulate
def cmd_simulate(args: argparse.Namespace) -> int:
    from .simulate import simulate

    preset = lookup(args.game)
    options = _parse_options(preset, args.option or [])
    players = args.players or preset.players
    bots = parse_bot_list(args.bots, players)
    check_bots_fit(bots, preset.id, players, options)  # the learned bot: one table only
    new_game(preset.id, players=players, seed=args.seed, **options)  # validate before timing
    stats = simulate(preset.id, args.games, bots, players, seed=args.seed, options=options)
    data = stats.as_dict()
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games of {preset.id}, {players} players, bots {','.join(bots)}")
    print(f"  {ends_line(data)}")
    print(f"  {data['games_per_second']} games/s, {data['actions_per_second']} actions/s")
    finished = data["finished"]
    if finished:
        print(
            f"  over the {finished} finished game(s): mean length {data['mean_length']} "
            "actions; wins:"
        )
        for seat, (wins, rate) in enumerate(zip(data["wins"], data["win_rate"], strict=True)):
            print(f"    seat {seat} ({bots[seat]}): {wins} wins ({rate:.1%})")
    else:
        print("  no game finished normally: no win rates or mean length to report")
    if data["stalled"]:
        leaders = ", ".join(f"seat {s} {n}" for s, n in enumerate(data["stall_wins"]))
        print(
            f"  over the {data['stalled']} game(s) ended by the no-progress rule: mean length "
            f"{data['mean_length_stalled']} actions; first by cards held: {leaders}"
        )
    return 0


def ends_line(data: dict[str, Any]) -> str:
    """How the games ended, in words: '10 games: 0 finished, 10 ended by the no-progress rule
    (stall_limit=1000), 0 unfinished (stopped at 20000 actions)'."""
    limit = data.get("stall_limit")
    rule = f" (stall_limit={limit})" if limit is not None else ""
    return (
        f"{data['games']} games: {data['finished']} finished, {data['stalled']} ended by "
        f"the no-progress rule{rule}, {data['unfinished']} unfinished (stopped at "
        f"{data['max_actions']} actions)"
    )


# ---------------------------------------------------------------- play
def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import Record, TerminalGame

    if args.record:
        check_new_file(args.record, "--record", keep=args.resume)
    if args.resume:
        history, state = Record.read(args.resume)
        humans, bots = history.humans, history.bots
        record = args.record or args.resume
    else:
        preset = lookup(args.game)
        options = _parse_options(preset, args.option or [])
        players = args.players or preset.players
        if not 1 <= args.humans <= players:
            raise UsageError(f"--humans must be from 1 to {players} (the seats at the table)")
        humans = list(range(args.humans))
        lineup = args.bots or LEVELS[args.level]
        names = parse_bot_list(lineup, players - args.humans) if players > args.humans else []
        check_bots_fit(names, preset.id, players, options)
        bots = ["human"] * args.humans + names
        state = new_game(preset.id, players=players, seed=args.seed, **options)
        history = None
        record = args.record
    if args.hint and lookup(state.game_id).family.FAMILY != "poker_bull":
        raise UsageError(
            f"--hint gives the chance that a Poker Bull bid is there; "
            f"{state.game_id} has no bids to judge"
        )
    game = TerminalGame(
        state,
        humans=humans,
        bots=bots,
        delay=args.delay,
        record=record,
        seed=args.seed,
        countdown=args.countdown,
        hint=args.hint,
        history=history,
    )
    return game.run()


def cmd_arena(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from .arena import missing_extras, record_line, run_arena, save_outputs, stream_path

    preset = lookup(args.game)
    options = _parse_options(preset, args.option or [])
    players = args.players or preset.players
    lineup = parse_bot_list(args.bots, players)
    check_bots_fit(lineup, preset.id, players, options)
    new_game(preset.id, players=players, seed=args.seed, **options)  # bad options: now
    # Every path is checked before the first game: an hour of games must not be lost to a
    # typo in a folder name.
    prior = read_ratings(args.ratings) if args.ratings else None
    if args.out:
        prepare_out(args.out, preset.id, args.seed)
    missing = missing_extras()
    if "openskill" in missing:
        kept = f"; {args.ratings} is left as it was" if args.ratings else ""
        note(f"no ratings: openskill is not installed{kept} ({INSTALL_ARENA})")
    if "matplotlib" in missing and args.out:
        note(f"no PNG chart: matplotlib is not installed ({INSTALL_ARENA})")
    target = None
    if args.ray or args.address:
        from .cluster import ClusterError, RayTarget, require_ray

        try:
            require_ray()
        except ClusterError as exc:
            raise UsageError(f"--{'address' if args.address else 'ray'}: {exc}") from None
        cpus = args.workers if args.workers > 1 else None
        target = RayTarget(args.address, None if args.address else cpus)
    stream = None
    if args.out:
        stream = stream_path(preset.id, args.seed, args.out).open("w", encoding="utf-8")
    quiet = args.json or args.quiet or not sys.stderr.isatty()

    def keep(records: list[Any]) -> None:
        if stream is not None:
            stream.writelines(record_line(rec) + "\n" for rec in records)
            stream.flush()

    lost = None
    try:
        with Progress(disable=quiet, transient=True) as bar:
            task = bar.add_task(f"{preset.id}: {','.join(lineup)}", total=args.games)
            try:
                result = run_arena(
                    preset.id,
                    lineup,
                    args.games,
                    players,
                    seed=args.seed,
                    workers=args.workers,
                    options=options,
                    prior_ratings=prior,
                    progress=lambda n: bar.advance(task, n),
                    ray=target,
                    on_records=keep,
                )
            except ClusterError as exc:
                partial = getattr(exc, "partial", None)
                if partial is None:
                    note(str(exc))
                    return 2
                lost, result = exc, partial
    finally:
        if stream is not None:
            stream.close()
    if lost is not None:
        done = len(result.records)
        note(f"{lost} ({done} of {args.games} games finished, {args.games - done} did not)")
    data = result.as_dict()
    # The results are printed first, so that a failure to write a file loses nothing.
    if args.json:
        print(json.dumps(data), flush=True)
    else:
        print_arena(data, preset.id)
    failed = False
    if args.ratings and result.ratings:
        try:
            Path(args.ratings).write_text(json.dumps(result.ratings, indent=2), encoding="utf-8")
        except OSError as exc:
            failed = True
            note(f"cannot write the ratings to {args.ratings}: {exc.strerror or exc}")
    if args.out:
        try:
            for path in save_outputs(result, args.out):
                if not args.json:
                    print(f"wrote {path}")
        except OSError as exc:
            failed = True
            note(f"cannot write into {args.out}: {exc.strerror or exc}")
    if result.nodes and not args.json:
        print(f"ran on {result.nodes} Ray node{'s' if result.nodes > 1 else ''}")
    return 1 if failed or lost is not None else 0


def note(text: str) -> None:
    print(f"bluffhouse: {text}", file=sys.stderr, flush=True)


def print_arena(data: dict[str, Any], game: str) -> None:
    """The arena's table; the bots' figures are over the games that finished normally."""
    print(f"{data['games']} games of {game} in {data['seconds']} s, seats rotated every game")
    print(f"  {ends_line(data)}")
    if not data["finished"]:
        print("  no game finished normally: no win rates, places or ratings to report")
        return
    print(
        f"  over the {data['finished']} finished game(s): mean length {data['mean_length']} actions"
    )
    print(
        f"{'bot':<12} {'games':>6} {'wins':>6} {'win rate':>9} {'95% interval':>16} "
        f"{'place':>6} {'ms/move':>8} {'rating':>8}"
    )
    for name, row in data["bots"].items():
        rating = data["ratings"].get(name, {}).get("ordinal")
        low, high = row["ci95"]
        print(
            f"{name:<12} {row['games']:>6} {row['wins']:>6} {row['win_rate']:>9.1%} "
            f"{f'[{low:.1%}, {high:.1%}]':>16} {row['mean_place'] or 0:>6.2f} "
            f"{row['ms_per_decision'] or 0:>8.2f} "
            f"{'' if rating is None else f'{rating:.2f}':>8}"
        )


def read_ratings(path: str) -> dict[str, dict[str, float]] | None:
    """The ratings in ``path`` (None if it does not exist yet), after checking that it can be
    written back; UsageError for a folder that is missing or a file that is not ratings."""
    target = Path(path)
    if target.is_dir():
        raise UsageError(
            f"--ratings {path} is a folder; name a file, like {target / 'ratings.json'}"
        )
    _writable_folder(target.parent, f"--ratings {path}")
    if not target.exists():
        return None
    try:
        data = json.loads(target.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"cannot read ratings from {path}: {exc.strerror or exc}") from None
    except (ValueError, RecursionError):
        raise UsageError(
            f"{path} is not a ratings file (not JSON); name another file or move it away"
        ) from None
    good = isinstance(data, dict) and all(
        isinstance(name, str)
        and isinstance(r, dict)
        and all(type(r.get(k)) in (int, float) and math.isfinite(r[k]) for k in ("mu", "sigma"))
        and r["sigma"] > 0
        for name, r in data.items()
    )
    if not good:
        raise UsageError(
            f"{path} is not a ratings file: it must map bot names to "
            '{"mu": number, "sigma": number above 0}; name another file or '
            "move it away"
        )
    return {name: {"mu": float(r["mu"]), "sigma": float(r["sigma"])} for name, r in data.items()}


def prepare_out(out: str, game: str, seed: int) -> None:
    """The ``--out`` folder exists (made if needed) and takes files, before any game."""
    from .arena import output_paths, stream_path

    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise UsageError(
            f"--out {out} is a file; --out names a folder for the JSON, CSV and PNG files"
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(f"--out {out}: cannot make the folder ({exc.strerror or exc})") from None
    _writable_folder(folder, f"--out {out}")
    for path in [*output_paths(game, seed, out), stream_path(game, seed, out)]:
        if path.is_dir():
            raise UsageError(f"--out {out}: {path} is a folder, where the results go")


def cmd_replay(args: argparse.Namespace) -> int:
    from .terminal import replay

    return replay(args.file, seat=args.seat, everything=args.all, pause=not args.no_pause)


# ---------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    ap = ArgumentParser(
        prog="bluffhouse",
        description="The bluffing card games: play in the terminal, read the rules, simulate.",
    )
    ap.add_argument("--version", action="version", version=f"bluffhouse {__version__}")
    sub = ap.add_subparsers(dest="command", metavar="COMMAND")

    p = sub.add_parser("games", help="every game id with a one-line description")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("rules", help="the rules of a game and all its options")
    p.add_argument("game", help="a game id (see 'bluffhouse games')")
    p.add_argument("--markdown", action="store_true", help="print Markdown")
    p.set_defaults(func=cmd_rules)

    p = sub.add_parser("play", help="play a game in the terminal against bots")
    p.add_argument("game", nargs="?", default="bullshit", help="a game id (default bullshit)")
    p.add_argument(
        "--players", type=whole_number(1), help="seats at the table (default: the game's)"
    )
    p.add_argument("--seed", type=whole_number(), help="seed for the shuffle (default: random)")
    p.add_argument(
        "--level",
        choices=list(LEVELS),
        default="normal",
        help="how well the bots play: easy (random moves), normal (counter: counts "
        "cards, judges claims; the default), hard (ismcts: searches, slower)",
    )
    p.add_argument(
        "--bots",
        default=None,
        help="bots for the other seats, comma-separated, instead of --level "
        f"({', '.join(bot_names())})",
    )
    p.add_argument(
        "--humans",
        type=whole_number(1),
        default=1,
        help="people at this keyboard (hot-seat), seats 0.. (default 1)",
    )
    p.add_argument(
        "--option",
        action="append",
        metavar="KEY=VALUE",
        help="a rule option (see 'bluffhouse rules GAME'); repeatable",
    )
    p.add_argument(
        "--delay",
        type=seconds(60),
        default=0.6,
        help="seconds a bot takes for each move, 0 to 60 (default 0.6)",
    )
    p.add_argument(
        "--record", metavar="FILE", help="save the game in this new file as it goes (JSON)"
    )
    p.add_argument(
        "--resume", metavar="FILE", help="continue a saved game (it goes on saving into that file)"
    )
    p.add_argument(
        "--countdown",
        type=seconds(3600),
        default=0.0,
        metavar="SECONDS",
        help="answer a challenge window within this time or pass (default 0: wait)",
    )
    p.add_argument(
        "--hint",
        action="store_true",
        help="show the chance that the standing bid exists (Poker Bull)",
    )
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("arena", help="a tournament between bots: win rates and ratings")
    p.add_argument("game", help="a game id")
    p.add_argument("--bots", required=True, help="one bot per seat, comma-separated")
    p.add_argument(
        "--games", type=whole_number(1), default=200, help="how many games (default 200)"
    )
    p.add_argument(
        "--players",
        type=whole_number(1),
        help="seats (default: the game's; a shorter bot list repeats its last name)",
    )
    p.add_argument(
        "--workers",
        type=whole_number(1, 256),
        default=1,
        help="parallel processes, 1 to 256 (default 1)",
    )
    p.add_argument("--seed", type=whole_number(), default=0, help="first game's seed (default 0)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rule option")
    p.add_argument(
        "--out",
        metavar="DIR",
        help="save JSON, CSV and a PNG chart in this folder (made if missing), and every game "
        "as it finishes (one JSON line a game: a killed run keeps them)",
    )
    p.add_argument(
        "--ratings",
        metavar="FILE",
        help="openskill ratings carried across runs (read, updated, written); "
        f"ratings and the chart need {INSTALL_ARENA}",
    )
    p.add_argument(
        "--ray",
        action="store_true",
        help="run the games as Ray tasks on a cluster started on this machine (loopback only; "
        f"--workers CPUs, default every core); needs {INSTALL_CLUSTER}",
    )
    p.add_argument(
        "--address",
        metavar="HOST:PORT",
        help="run the games on the existing Ray cluster at this address (implies --ray)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("replay", help="step through a recorded game")
    p.add_argument("file", help="a file written by 'bluffhouse play --record'")
    p.add_argument(
        "--seat", type=whole_number(0), help="show what this seat saw (default: a spectator)"
    )
    p.add_argument("--all", action="store_true", help="show every card (everything)")
    p.add_argument("--no-pause", action="store_true", help="print it all without stopping")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="bot-only games: win rates, lengths, speed")
    p.add_argument("game", help="a game id")
    p.add_argument(
        "--games", type=whole_number(1), default=100, help="how many games (default 100)"
    )
    p.add_argument("--players", type=whole_number(1), help="seats (default: the game's)")
    p.add_argument("--bots", default="random", help="bots per seat, comma-separated")
    p.add_argument("--seed", type=whole_number(), default=0, help="first game's seed (default 0)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rule option")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_simulate)

    from .server.cli import add_parser as add_serve  # standard library only until it runs

    add_serve(sub)
    return ap


def main(argv: Sequence[str] | None = None) -> int:
    ap = build_parser()
    args = ap.parse_args(argv)
    if not getattr(args, "func", None):
        ap.print_help()
        return 0
    try:
        return int(args.func(args))
    except (RuleError, IllegalAction, SaveError, ValueError) as exc:
        print(f"bluffhouse: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # output piped into 'head' and the like
        sys.stderr.close()
        return 0
    except OSError as exc:  # a file that cannot be read or written, named, in one line
        where = f" {exc.filename}" if exc.filename else ""
        print(f"bluffhouse: cannot use{where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except EOFError:
        print("\nbluffhouse: the input was closed", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nbluffhouse: interrupted", file=sys.stderr)
        return 130


__all__ = ["build_parser", "list_games", "main", "rules_text"]
