"""Random play on the batched environment: 1,024 games of 4-player Bullsh*t in lockstep, every
seat stepped by the caller with a uniformly drawn legal action, until a number of games end.

    python examples/random_batched.py [--game bullshit] [--envs 1024] [--games 2000]

Prints the steps per second and each seat's share of the wins (random seats: about even).
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bluffhouse.interop.batched import BatchedCheat


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bullshit")
    ap.add_argument("--envs", type=int, default=1024)
    ap.add_argument("--games", type=int, default=2000, help="stop once this many ended")
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    env = BatchedCheat(args.game, num_envs=args.envs, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    batch = env.reset()
    wins = np.zeros(env.players)
    ended = steps = 0
    start = time.perf_counter()
    while ended < args.games:
        # a uniformly drawn legal id per game: the largest random key among the legal ids
        keys = rng.random(batch.mask.shape, dtype=np.float32) * batch.mask
        batch = env.step(keys.argmax(axis=1))
        steps += env.num_envs
        for e in np.flatnonzero(batch.terminated):
            ended += 1
            wins += batch.rewards[e] > 0  # the winner's reward is the only positive one
    seconds = time.perf_counter() - start
    rate = steps / seconds
    print(f"{args.game}: {ended} games, {steps:,} steps in {seconds:.1f} s ({rate:,.0f} steps/s)")
    print("wins by seat:", " ".join(f"{w / max(1, wins.sum()):.1%}" for w in wins))


if __name__ == "__main__":
    main()
