"""The garbage collector's share of a step through each research interface, beside the engine's
own step (what the wrappers keep alive, the collector traverses).

    python bench/interop_gc.py [--game sneak] [--steps 40000] [--seed 1]

Each path of ``bench/interop_speed.py`` (``engine``, ``pettingzoo``, ``gymnasium``,
``openspiel``, ``openspiel_observer``) plays one uncounted game, then at least ``--steps``
steps in whole games, with a ``gc.callbacks`` hook timing every collection.  Printed per path:
the wall time a step, and per generation the collections, their time a step and a collection.
A collection of the young generations costs in proportion to the young objects alive
(a view held across a step, with its log of a thousand events, is one); one of the oldest
generation to everything alive (a cache of many objects).
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Callable, Iterator

import interop_speed as paths  # (this directory)


def loops(game: str, seed: int) -> dict[str, Callable[[], Iterator[int]]]:
    """The paths of ``interop_speed.py`` but ``simulate`` (which draws without a view), each a
    maker of its games (steps per game)."""
    makers = paths.path_makers(game, seed, [])
    del makers["simulate"]
    return makers


def measure(games: Iterator[int], steps: int) -> tuple[int, float, dict[int, tuple[int, float]]]:
    """(steps played, seconds, {generation: (collections, seconds)}) of whole games from
    ``games`` until at least ``steps`` steps, after one uncounted game."""
    next(games)
    found: dict[int, tuple[int, float]] = {}
    started = [0.0]

    def hook(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
            return
        count, took = found.get(info["generation"], (0, 0.0))
        found[info["generation"]] = (count + 1, took + time.perf_counter() - started[0])

    gc.collect()
    gc.callbacks.append(hook)
    try:
        played = 0
        begin = time.perf_counter()
        while played < steps:
            played += next(games)
        wall = time.perf_counter() - begin
    finally:
        gc.callbacks.remove(hook)
    return played, wall, found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="sneak")
    ap.add_argument("--steps", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.steps < 1:
        ap.error("--steps must be at least 1")
    print(f"{args.game}: random games, the collector's time per generation")
    for name, make in loops(args.game, args.seed).items():
        played, wall, found = measure(make(), args.steps)
        parts = []
        total = 0.0
        for generation in sorted(found):
            count, took = found[generation]
            total += took
            parts.append(
                f"gen {generation}: {count} x {took / count * 1e6:,.0f} us = "
                f"{took / played * 1e6:.2f} us a step"
            )
        print(
            f"  {name:18s} {wall / played * 1e6:6.1f} us a step, collector "
            f"{total / played * 1e6:5.2f} us ({'; '.join(parts) or 'no collection'})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
