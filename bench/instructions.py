"""CPU instructions per game of random bots, or per step of each research interface, counted
exactly by valgrind: a speed figure that a busy, shared machine does not blur (wall-clock figures
there swing by a third from run to run).

    python bench/instructions.py [GAME] [--games N] [--players N]
    python bench/instructions.py [GAME] --interface engine,pettingzoo,gymnasium,openspiel,...
                                 [--games N] [--players N] [--seed S]

Each figure is two runs under ``valgrind --tool=cachegrind``, one with N games after a warm-up
and one with the warm-up alone (imports, tables built), and prints the difference divided by
the games (``simulate``) or by the steps those games took (the interfaces).

``--interface`` (a comma list, or ``all``) picks the paths of ``bench/interop_speed.py``, with
the same random agents (each action uniform among the legal ones; the environments' agents read
the mask with ``np.flatnonzero(mask.view(bool))``):

- ``simulate`` (the default): ``bluffhouse.simulate`` with ``random`` bots, per game (N=100);
- ``engine``: the seat's ``view``, ``legal_actions``, a uniform choice, ``apply`` (the engine's
  own step, the base of the interfaces' ratio);
- ``pettingzoo``: ``last()`` (observation and mask) and ``step`` of the AEC env;
- ``gymnasium``: one learning seat against ``random`` bots, per action (the bots' too);
- ``openspiel``: ``python_bluffhouse``'s ``legal_actions``, the current player's
  ``observation_tensor`` and ``apply_action``;
- ``openspiel_observer``: the same with the observation read through OpenSpiel's observer
  (``make_observation(game).set_from(state, player)``) instead of a list of floats.

For the interfaces N defaults to 3 games (Sneak: about 3,000 steps, a few minutes a path); the
warm-up is one game of the same path.  With ``engine`` in the list, each other path's figure is
also printed as a multiple of the engine's step (the wrapping overhead).  Compare two
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

#: One interface's path of bench/interop_speed.py: a warm-up game, then N games; prints the
#: steps of those N games.
_STEPS = """
import sys
sys.path.insert(0, sys.argv[1])
import interop_speed as paths
interface, game, players = sys.argv[2], sys.argv[3], sys.argv[4]
seed, games = int(sys.argv[5]), int(sys.argv[6])
seats = None if players == "-" else int(players)
if interface == "gymnasium":
    loop = paths.gymnasium_loop(game, seed, [], seats)
elif interface == "openspiel_observer":
    loop = paths.openspiel_loop(game, seed, seats, observer=True)
else:
    loop = getattr(paths, interface + "_loop")(game, seed, seats)
next(loop)
print("steps", sum(next(loop) for _ in range(games)))
"""

INTERFACES = ("engine", "pettingzoo", "gymnasium", "openspiel", "openspiel_observer")


def _count(args: list[str]) -> tuple[int, str]:
    """(instructions, stdout) of ``python -c args...`` under cachegrind."""
    # PYTHONHASHSEED: sets and dicts iterate alike in every run; one OpenBLAS thread: numpy's
    # idle BLAS threads spin under valgrind and add thousands of instructions a step at random.
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    done = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            *args,
        ],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the counted run failed:\n{done.stderr[-2000:]}")
    found = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    if found is None:
        raise RuntimeError(f"valgrind printed no instruction count:\n{done.stderr[-2000:]}")
    return int(found.group(1).replace(",", "")), done.stdout


def instructions(game: str, players: int, games: int) -> int:
    """Instructions of ``simulate`` with ``games`` random games after a warm-up of 5."""
    return _count([_RUN, game, str(players), str(games)])[0]


def per_step(
    interface: str, game: str, players: int | None, games: int, seed: int
) -> tuple[float, int]:
    """(instructions a step, steps counted) of ``games`` games through ``interface``."""
    here = os.path.dirname(os.path.abspath(__file__))
    seats = "-" if players is None else str(players)
    runs = []
    for count in (games, 0):
        total, out = _count([_STEPS, here, interface, game, seats, str(seed), str(count)])
        found = re.search(r"steps (\d+)", out)
        if found is None:
            raise RuntimeError(f"the {interface} run printed no step count: {out[-500:]!r}")
        runs.append((total, int(found.group(1))))
    (full, steps), (warm, _) = runs
    return (full - warm) / max(1, steps), steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game", nargs="?", default="bullshit")
    ap.add_argument(
        "--interface",
        default="simulate",
        help=f"simulate (per game), or a comma list of {', '.join(INTERFACES)} (per step), or all",
    )
    ap.add_argument(
        "--games", type=int, default=None, help="games counted (simulate: 100; interfaces: 3)"
    )
    ap.add_argument(
        "--players",
        type=int,
        default=None,
        help="seats (simulate: 4; interfaces: the game's usual number)",
    )
    ap.add_argument("--seed", type=int, default=1, help="the interfaces' seed")
    args = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    if args.games is not None and args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    if args.interface == "simulate":
        games = args.games or 100
        players = args.players or 4
        each = (
            instructions(args.game, players, games) - instructions(args.game, players, 0)
        ) / games
        print(
            f"{args.game}, {players} players, random bots: "
            f"{each / 1e6:.3f} million instructions a game ({games} games)"
        )
        return 0
    chosen = list(INTERFACES) if args.interface == "all" else args.interface.split(",")
    unknown = [name for name in chosen if name not in INTERFACES]
    if unknown:
        print(
            f"--interface: {unknown[0]!r} is not one of simulate, {', '.join(INTERFACES)}, all",
            file=sys.stderr,
        )
        return 2
    games = args.games or 3
    seats = "usual players" if args.players is None else f"{args.players} players"
    print(
        f"{args.game} ({seats}), random masked actions, {games} games after a warm-up game "
        "(instructions a step):"
    )
    engine = None
    for name in sorted(chosen, key=INTERFACES.index):
        each, steps = per_step(name, args.game, args.players, games, args.seed)
        if name == "engine":
            engine = each
        ratio = f"  {each / engine:5.2f} x engine" if engine else ""
        print(
            f"  {name:10s} {each:12,.0f} instructions a step ({steps:,} steps){ratio}", flush=True
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
