"""Agent steps per second of the batched environment on one core, against the Gymnasium
environment and the numba kernel's whole random games, measured in the same run.

    python bench/batched_env.py [--games bullshit,kings_cup,popcorn_two_decks,poker_bull,sneak]
                                [--envs 256] [--seconds 5] [--parts] [--abstract]

Each row is one configuration: the batched environment (``batched_env``, ``--envs`` games in
lockstep) stepping every seat with a uniformly drawn legal id (drawn by a compiled sampler,
timed apart: ``env``: the environment's own calls, ``+ policy``: with the drawing), the
Gymnasium environment (``gym.make``, bots="random" on the other seats; every action counted,
the learner's and the bots') and the kernel's random games (``simulate_random`` of
``bluffhouse.cheat.fast_kernel`` or ``bluffhouse.pokerbull.fast``: random play, no observation,
no mask; Sneak has no such kernel: its column is empty).  An agent step is one action of one
seat, with its observation and its mask written.  Pin the process to one core (``taskset -c
0``) for the one-core figure; numba runs the kernel on one thread either way.

``--parts`` adds, for the Cheat games, where a step's time goes: the observation and the mask
written again apart (the same states, right after the step wrote them: their caches warm, so
these are lower bounds) and the rest of the step (the transition and the batch's own
bookkeeping) by difference.

``--abstract`` adds, for the Cheat games and Poker Bull, the abstract actions with the belief
features (``actions="abstract", beliefs=True``) in both environments: the batched one works
out the ids and ``counter``'s reading (the Cheat card counting; Poker Bull's imagined deals)
in compiled code, the Gymnasium one in Python.
"""

from __future__ import annotations

import argparse
import os
import time
from typing import Any

import numba
import numpy as np

from bluffhouse.cheat.fast_kernel import simulate_random
from bluffhouse.interop.batched_games import batched_env
from bluffhouse.pokerbull import fast as poker_fast


@numba.njit(cache=True)
def _draw(mask: Any, state: Any, out: Any) -> None:
    """A uniformly drawn legal id of each row (xorshift, so the drawing costs little)."""
    for e in range(mask.shape[0]):
        row = mask[e]
        total = 0
        for i in range(row.shape[0]):
            total += row[i]
        x = state[0]
        x ^= (x << np.uint64(13)) & np.uint64(0xFFFFFFFFFFFFFFFF)
        x ^= x >> np.uint64(7)
        x ^= (x << np.uint64(17)) & np.uint64(0xFFFFFFFFFFFFFFFF)
        state[0] = x
        pick = int(x % np.uint64(total))
        for i in range(row.shape[0]):
            if row[i]:
                if pick == 0:
                    out[e] = i
                    break
                pick -= 1


def batched(game: str, envs: int, seconds: float, **kw: Any) -> tuple[float, float]:
    """(environment steps/s, steps/s with the drawing) over about ``seconds`` (``kw``: the
    environment's keywords)."""
    env = batched_env(game, num_envs=envs, seed=0, **kw)
    batch = env.reset()
    state = np.array([88172645463325252], dtype=np.uint64)
    actions = np.zeros(envs, dtype=np.int64)
    _draw(batch.mask, state, actions)
    env.step(actions)  # compiled by now
    batch = env.reset(seed=0)
    in_env = drawing = 0.0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        t0 = time.perf_counter()
        _draw(batch.mask, state, actions)
        t1 = time.perf_counter()
        batch = env._step(actions)  # (the drawn ids are legal: no check)
        t2 = time.perf_counter()
        drawing += t1 - t0
        in_env += t2 - t1
        steps += envs
    return steps / in_env, steps / (in_env + drawing)


def parts(game: str, envs: int, seconds: float) -> tuple[float, float, float]:
    """Microseconds per agent step: (the whole step, its observation, its mask)."""
    from bluffhouse.interop import batched_steps
    from bluffhouse.interop.batched import BatchedCheat

    env = BatchedCheat(game, num_envs=envs, seed=0)
    batch = env.reset()
    state = np.array([88172645463325252], dtype=np.uint64)
    actions = np.zeros(envs, dtype=np.int64)
    out = np.zeros_like(env._obs)

    def mask_again() -> None:
        batched_steps.mask_batch(
            env._rows,
            env._cfg,
            env._bad,
            env._big,
            env._group_of,
            env._seat,
            env._mask,
            env._mask64,
            env._scratch,
            env._words,
        )

    env._observe_into(env._seat, out)
    mask_again()  # (compiled by now)
    step = observing = masking = 0.0
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _draw(batch.mask, state, actions)
        t0 = time.perf_counter()
        batch = env._step(actions)
        t1 = time.perf_counter()
        env._observe_into(env._seat, out)
        t2 = time.perf_counter()
        mask_again()
        t3 = time.perf_counter()
        step += t1 - t0
        observing += t2 - t1
        masking += t3 - t2
        steps += envs
    return tuple(x / steps * 1e6 for x in (step, observing, masking))  # type: ignore[return-value]


def gymnasium(game: str, seconds: float, **kw: Any) -> float:
    """Actions per second (every seat's) through the Gymnasium environment."""
    import gymnasium as gym

    import bluffhouse.interop.gymnasium  # noqa: F401  (registers the ids)

    env = gym.make(
        f"bluffhouse/{''.join(p.title() for p in game.split('_'))}-v0", bots="random", **kw
    )
    table = env.unwrapped.table
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=0)
    start = time.perf_counter()
    version0 = table.current().version
    actions = 0
    while time.perf_counter() - start < seconds:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            actions += table.current().version - version0
            _, info = env.reset()
            version0 = table.current().version
    actions += table.current().version - version0
    return actions / (time.perf_counter() - start)


def kernel(game: str, seconds: float) -> float | None:
    """Actions per second of the kernel's random games (None: a game without one)."""
    if game.startswith("sneak"):
        return None
    if game.startswith("poker_bull"):
        from bluffhouse.registry import lookup

        preset = lookup(game)
        rules = dict(preset.options)
        poker_fast.simulate_random(2, players=preset.players, rules=rules)  # compiled by now
        total = spent = 0.0
        while spent < seconds:
            start = time.perf_counter()
            out = poker_fast.simulate_random(
                256, players=preset.players, seed=int(total), rules=rules
            )
            spent += time.perf_counter() - start
            total += sum(out["lengths"])
        return total / spent
    simulate_random(game, 2, seed=0)  # compiled by now
    games = 64
    total = spent = 0.0
    while spent < seconds:
        result = simulate_random(game, games, seed=int(total) % 1_000_000)
        total += sum(result.steps)
        spent += result.seconds
    return total / spent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="bullshit,kings_cup,popcorn_two_decks,poker_bull,sneak")
    ap.add_argument("--envs", type=int, default=256, help="games in the batch (default 256)")
    ap.add_argument("--seconds", type=float, default=5.0, help="per measure (default 5)")
    ap.add_argument(
        "--parts", action="store_true", help="also where a step's time goes (Cheat games)"
    )
    ap.add_argument(
        "--abstract",
        action="store_true",
        help="also the abstract actions with the belief features (Cheat games, Poker Bull)",
    )
    args = ap.parse_args(argv)
    load = os.getloadavg()[0]
    print(f"one process, numba {numba.__version__}, {os.cpu_count()} cores, load {load:.2f}")
    print()
    print(
        "| game | batched env | + policy | Gymnasium env | kernel's random games "
        "| env / Gymnasium | kernel / env |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for game in args.games.split(","):
        env_rate, with_policy = batched(game, args.envs, args.seconds)
        gym_rate = gymnasium(game, args.seconds)
        kernel_rate = kernel(game, args.seconds)
        kernel_cells = (
            ("—", "—")
            if kernel_rate is None
            else (f"{kernel_rate:,.0f}", f"{kernel_rate / env_rate:.1f}x")
        )
        print(
            f"| {game} | {env_rate:,.0f} | {with_policy:,.0f} | {gym_rate:,.0f} "
            f"| {kernel_cells[0]} | {env_rate / gym_rate:,.0f}x | {kernel_cells[1]} |"
        )
    cheat = [g for g in args.games.split(",") if not g.startswith(("poker_bull", "sneak"))]
    if args.parts and cheat:
        print()
        print("| game | a step (us) | observation | mask | the rest | kernel's random action |")
        print("|---|---:|---:|---:|---:|---:|")
        for game in cheat:
            whole, observing, masking = parts(game, args.envs, args.seconds)
            action = 1e6 / (kernel(game, min(args.seconds, 2.0)) or 1.0)
            print(
                f"| {game} | {whole:.3f} | {observing:.3f} | {masking:.3f} "
                f"| {whole - observing - masking:.3f} | {action:.3f} |"
            )
    judged = [g for g in args.games.split(",") if not g.startswith("sneak")]
    if args.abstract and judged:
        print()
        print(
            "| game | batched env, abstract + beliefs | + policy | Gymnasium env, abstract + "
            "beliefs | env / Gymnasium | full space / abstract + beliefs (batched) |"
        )
        print("|---|---:|---:|---:|---:|---:|")
        kw = {"actions": "abstract", "beliefs": True}
        for game in judged:
            full, _ = batched(game, args.envs, args.seconds)
            env_rate, with_policy = batched(game, args.envs, args.seconds, **kw)
            gym_rate = gymnasium(game, args.seconds, **kw)
            print(
                f"| {game} | {env_rate:,.0f} | {with_policy:,.0f} | {gym_rate:,.0f} "
                f"| {env_rate / gym_rate:,.0f}x | {full / env_rate:.1f}x |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
