"""Where the wall time of a PettingZoo step of Sneak goes, part by part, beside the engine's
own step (the wrapping's overhead).

    python bench/sneak_step_parts.py [--games 4] [--seed 1]

The parts of ``Table._observed`` and ``Table.act`` called one by one, as PettingZoo's
``last()`` and ``step()`` reach them, each timed with ``perf_counter_ns`` (the timer adds
about a tenth of a microsecond a part): the seat asked, its view (the one the table kept when
it worked out the seat asked in a challenge window), the observation's catch-up of the seat's
memory with the events, the rest of the observation, the legal ids, the mask, the random
agent's choice from the mask (``np.flatnonzero``), and ``act`` (with, in a window, the next
seat's view, which the next step reuses).  Then the engine path of ``interop_speed.py``:
``view``, ``legal_actions``, ``apply``.  Printed in microseconds a step, after a warm-up game
of each.  PettingZoo's own bookkeeping (``last``, ``step``, ``agent_iter``) is not in the
parts: ``interop_speed.py`` measures the whole step.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

import bluffhouse as bh
from bluffhouse.interop.table import Table


def table_parts(games: int, seed: int, parts: dict[str, int]) -> int:
    """Steps of ``games`` random games through the table, each part's nanoseconds added to
    ``parts``."""
    table = Table("sneak")
    table.seed(seed)
    rng = random.Random(seed)
    encoder, codec = table.encoder, table.codec
    steps = 0
    clock = time.perf_counter_ns

    def tick(name: str, start: int) -> int:
        now = clock()
        parts[name] = parts.get(name, 0) + now - start
        return now

    for _ in range(games):
        game = table.new()
        while game.to_act:
            t = clock()
            seat = table.acting()
            t = tick("seat asked", t)
            kept = table._view
            if kept is not None and kept[0] is game and kept[1] == game.version and kept[2] == seat:
                view, since = kept[3], kept[4]
                table._view = None
            else:
                since = table._since(seat)
                view = game.view(seat, since)
            t = tick("view", t)
            memory = table.memories[seat]
            encoder._caught_up(seat, view["events"], memory, since)
            t = tick("observation: catch-up", t)
            vector = encoder.encode(view, memory, since)
            t = tick("observation: the rest", t)
            ids = codec.legal_ids(game, seat, view)
            t = tick("legal ids", t)
            slot = table._slot(ids)
            t = tick("mask", t)
            legal = np.flatnonzero(slot[0].view(bool))
            index = int(legal[rng.randrange(len(legal))])
            t = tick("agent's choice", t)
            table._cache = (game.version, seat, vector, slot[0], ids, view, slot[2])
            table.act(seat, index)
            tick("act", t)
            steps += 1
    return steps


def engine_parts(games: int, seed: int, parts: dict[str, int]) -> int:
    rng = random.Random(seed)
    steps = 0
    clock = time.perf_counter_ns
    for g in range(games):
        state = bh.new_game("sneak", None, seed=seed + g)
        while not state.over:
            t0 = clock()
            seat = state.to_act[0]
            state.view(seat)
            t1 = clock()
            legal = state.legal_actions(seat)
            t2 = clock()
            state.apply(seat, legal[rng.randrange(len(legal))])
            t3 = clock()
            for name, took in (("view", t1 - t0), ("legal_actions", t2 - t1), ("apply", t3 - t2)):
                parts[name] = parts.get(name, 0) + took
            steps += 1
    return steps


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    table_parts(1, 10**6, {})  # warm-up: tables built, caches filled
    engine_parts(1, 10**6, {})
    for title, measure in (("table (PettingZoo's step)", table_parts), ("engine", engine_parts)):
        parts: dict[str, int] = {}
        steps = measure(args.games, args.seed, parts)
        total = sum(parts.values()) / steps / 1000
        print(f"{title}: {steps} steps, {total:.1f} us a step")
        for name, ns in parts.items():
            print(f"  {name:24s} {ns / steps / 1000:6.1f} us")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
