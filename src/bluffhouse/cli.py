"""``bluffhouse``: list games, print their rules, simulate bot games, play in the terminal."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__
from .api import SaveError, list_games, new_game
from .bots import bot_names, parse_bot_list
from .errors import IllegalAction, RuleError
from .registry import Preset, lookup, presets


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
        print(json.dumps([{"id": p.id, "aliases": list(p.aliases), "title": p.title,
                           "summary": p.summary, "family": p.family.FAMILY,
                           "players": p.players} for p in presets()], indent=2))
        return 0
    width = max(len(n) for n, _ in rows)
    for names, summary in rows:
        print(f"{names:<{width}}  {summary}")
    return 0


def rules_text(preset: Preset, markdown: bool = False) -> str:
    """The rules of a game id: its summary, source and every option with type, default, meaning."""
    rules_cls = preset.family.RULES
    values = rules_cls.build(preset.options)
    lines: list[str] = []
    head = "# " if markdown else ""
    lines.append(f"{head}{preset.title} ({preset.id})")
    lines.append("")
    lines.append(preset.summary)
    if preset.aliases:
        lines.append(f"Also: {', '.join(preset.aliases)}.")
    lines.append(f"Family: {preset.family.FAMILY}. Source: {preset.source or 'bluffhouse'}.")
    low = preset.min_players or preset.family.MIN_PLAYERS
    high = preset.max_players or preset.family.MAX_PLAYERS
    lines.append(f"Players: {low} to {high} (default {preset.players}).")
    lines.append(f"Readings of the rule text: docs/rules/{preset.family.FAMILY}.md.")
    lines.append("")
    lines.append(("## " if markdown else "") + "Options (change with --option KEY=VALUE)")
    lines.append("")
    if markdown:
        lines.append("| option | type | this game | default | values | meaning |")
        lines.append("|---|---|---|---|---|---|")
    for info in rules_cls.options():
        here = getattr(values, info.name)
        mark = "" if here == info.default else " *"
        if markdown:
            values_text = info.describe_values().replace(" | ", ", ")
            lines.append(f"| `{info.name}` | {info.type_name} | `{here!r}`{mark} | "
                         f"`{info.default!r}` | {values_text} | {info.doc} |")
        else:
            lines.append(f"  {info.name} ({info.type_name}, {info.describe_values()})")
            lines.append(f"      this game: {here!r}{mark}   default: {info.default!r}")
            lines.append(f"      {info.doc}")
    lines.append("")
    lines.append("(* differs from the family default)")
    return "\n".join(lines)


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
    new_game(preset.id, players=players, seed=args.seed, **options)  # validate before timing
    stats = simulate(preset.id, args.games, bots, players, seed=args.seed, options=options)
    data = stats.as_dict()
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games of {preset.id}, {players} players, bots {','.join(bots)}")
    print(f"  {data['games_per_second']} games/s, {data['actions_per_second']} actions/s, "
          f"mean length {data['mean_length']} actions, unfinished {data['unfinished']}")
    for seat, (wins, rate) in enumerate(zip(data["wins"], data["win_rate"], strict=True)):
        print(f"  seat {seat} ({bots[seat]}): {wins} wins ({rate:.1%})")
    return 0


# ---------------------------------------------------------------- play
def cmd_play(args: argparse.Namespace) -> int:
    from .terminal import Record, TerminalGame

    if args.resume:
        history, state = Record.read(args.resume)
        humans, bots = history.humans, history.bots
        record = args.record or args.resume
    else:
        preset = lookup(args.game)
        options = _parse_options(preset, args.option or [])
        players = args.players or preset.players
        if not 1 <= args.humans <= players:
            raise RuleError(f"--humans must be from 1 to {players}")
        humans = list(range(args.humans))
        names = parse_bot_list(args.bots, players - args.humans) if players > args.humans \
            else []
        bots = ["human"] * args.humans + names
        state = new_game(preset.id, players=players, seed=args.seed, **options)
        history = None
        record = args.record
    game = TerminalGame(state, humans=humans, bots=bots, delay=args.delay, record=record,
                        seed=args.seed, countdown=args.countdown, hint=args.hint,
                        history=history)
    return game.run()


def cmd_arena(args: argparse.Namespace) -> int:
    from rich.progress import Progress

    from .arena import run_arena, save_outputs

    preset = lookup(args.game)
    options = _parse_options(preset, args.option or [])
    players = args.players or preset.players
    lineup = parse_bot_list(args.bots, players)
    prior = None
    if args.ratings:
        try:
            with open(args.ratings, encoding="utf-8") as fh:
                prior = json.load(fh)
        except FileNotFoundError:
            prior = None
        except (OSError, ValueError) as exc:
            raise SaveError(f"cannot read ratings from {args.ratings}: {exc}") from None
    quiet = args.json or args.quiet or not sys.stderr.isatty()
    with Progress(disable=quiet, transient=True) as bar:
        task = bar.add_task(f"{preset.id}: {','.join(lineup)}", total=args.games)
        result = run_arena(preset.id, lineup, args.games, players, seed=args.seed,
                           workers=args.workers, options=options, prior_ratings=prior,
                           progress=lambda n: bar.advance(task, n))
    data = result.as_dict()
    if args.ratings and result.ratings:
        with open(args.ratings, "w", encoding="utf-8") as fh:
            json.dump(result.ratings, fh, indent=2)
    if args.out:
        for path in save_outputs(result, args.out):
            if not args.json:
                print(f"wrote {path}")
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games of {preset.id} in {data['seconds']} s, "
          f"mean length {data['mean_length']} actions, seats rotated every game")
    print(f"{'bot':<12} {'games':>6} {'wins':>6} {'win rate':>9} {'95% interval':>16} "
          f"{'place':>6} {'ms/move':>8} {'rating':>8}")
    for name, row in data["bots"].items():
        rating = data["ratings"].get(name, {}).get("ordinal")
        low, high = row["ci95"]
        print(f"{name:<12} {row['games']:>6} {row['wins']:>6} {row['win_rate']:>9.1%} "
              f"{f'[{low:.1%}, {high:.1%}]':>16} {row['mean_place'] or 0:>6.2f} "
              f"{row['ms_per_decision'] or 0:>8.2f} "
              f"{'' if rating is None else f'{rating:.2f}':>8}")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    from .terminal import replay

    return replay(args.file, seat=args.seat, everything=args.all, pause=not args.no_pause)


# ---------------------------------------------------------------- main
def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(
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
    p.add_argument("--players", type=int, help="seats at the table (default: the game's)")
    p.add_argument("--seed", type=int, help="seed for the shuffle (default: random)")
    p.add_argument("--bots", default="random",
                   help=f"bots for the other seats, comma-separated ({', '.join(bot_names())})")
    p.add_argument("--humans", type=int, default=1,
                   help="people at this keyboard (hot-seat), seats 0.. (default 1)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE",
                   help="a rule option (see 'bluffhouse rules GAME'); repeatable")
    p.add_argument("--delay", type=float, default=0.6,
                   help="seconds a bot takes for each move (default 0.6)")
    p.add_argument("--record", metavar="FILE", help="save the game here as it goes (JSON)")
    p.add_argument("--resume", metavar="FILE", help="continue a saved game")
    p.add_argument("--countdown", type=float, default=0.0, metavar="SECONDS",
                   help="answer a challenge window within this time or pass (default: wait)")
    p.add_argument("--hint", action="store_true",
                   help="show the chance that the standing bid exists (Poker Bull)")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("arena", help="a tournament between bots: win rates and ratings")
    p.add_argument("game", help="a game id")
    p.add_argument("--bots", required=True, help="one bot per seat, comma-separated")
    p.add_argument("--games", type=int, default=200, help="how many games (default 200)")
    p.add_argument("--players", type=int,
                   help="seats (default: the game's; a shorter bot list repeats its last name)")
    p.add_argument("--workers", type=int, default=1, help="parallel processes (default 1)")
    p.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rule option")
    p.add_argument("--out", metavar="DIR", help="save JSON, CSV and a PNG chart here")
    p.add_argument("--ratings", metavar="FILE",
                   help="openskill ratings carried across runs (read, updated, written)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_arena)

    p = sub.add_parser("replay", help="step through a recorded game")
    p.add_argument("file", help="a file written by 'bluffhouse play --record'")
    p.add_argument("--seat", type=int, help="show what this seat saw (default: a spectator)")
    p.add_argument("--all", action="store_true", help="show every card (everything)")
    p.add_argument("--no-pause", action="store_true", help="print it all without stopping")
    p.set_defaults(func=cmd_replay)

    p = sub.add_parser("simulate", help="bot-only games: win rates, lengths, speed")
    p.add_argument("game", help="a game id")
    p.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    p.add_argument("--players", type=int, help="seats (default: the game's)")
    p.add_argument("--bots", default="random", help="bots per seat, comma-separated")
    p.add_argument("--seed", type=int, default=0, help="first game's seed (default 0)")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="a rule option")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=cmd_simulate)
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
    except KeyboardInterrupt:
        print("\nbluffhouse: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into 'head' and the like
        sys.stderr.close()
        return 0




__all__ = ["build_parser", "list_games", "main", "rules_text"]
