"""Random 4-player games of Sneak to 100 points per second, through the public API.

Each game: ``bh.new_game("sneak", players=4, seed=...)``, then until it is over a random seat of
``to_act`` applies a random one of its ``legal_actions``.

The baseline, measured in the same run, is a bare driver loop with no rules: for every decision
the Sneak games made, it builds a list of as many action dicts as the engine offered and picks
one at random.  It is the floor any engine driven this way could reach, so the ratio
(baseline time / Sneak time, i.e. Sneak speed as a fraction of the floor) shows what the rules
cost on top of the driver itself.

Usage: python bench/sneak_speed.py [--games N] [--seed S] [--players P]
"""

from __future__ import annotations

import argparse
import random
import time

import bluffhouse as bh


def play_sneak(games: int, seed: int, players: int) -> tuple[float, int, list[int]]:
    sizes: list[int] = []
    actions = 0
    start = time.perf_counter()
    for g_no in range(games):
        rng = random.Random(seed + g_no)
        state = bh.new_game("sneak", players=players, seed=seed + g_no)
        while not state.over:
            seat = rng.choice(state.to_act)
            legal = state.legal_actions(seat)
            sizes.append(len(legal))
            state.apply(seat, rng.choice(legal))
            actions += 1
    return time.perf_counter() - start, actions, sizes


def play_baseline(sizes: list[int], seed: int) -> float:
    rng = random.Random(seed)
    start = time.perf_counter()
    for n in sizes:
        legal = [{"type": "sneak", "cards": ["AS"]} for _ in range(n)]
        rng.choice(legal)
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    args = ap.parse_args()
    sneak_s, actions, sizes = play_sneak(args.games, args.seed, args.players)
    base_s = play_baseline(sizes, args.seed)
    gps = args.games / sneak_s
    base_gps = args.games / base_s
    print(
        f"sneak: {args.games} random {args.players}-player games to 100 points in "
        f"{sneak_s:.2f} s: {gps:.1f} games/s, {actions / sneak_s:,.0f} actions/s, "
        f"{actions / args.games:.0f} actions/game"
    )
    print(f"baseline (bare driver loop, same decisions): {base_gps:.1f} games/s")
    print(
        f"ratio sneak/baseline: {gps / base_gps:.3f} (the rules engine runs at "
        f"{100 * gps / base_gps:.1f}% of the driver floor)"
    )


if __name__ == "__main__":
    main()
