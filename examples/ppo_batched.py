"""Masked PPO on the batched environment, in numpy alone: a small policy learns seat 0 of
4-player Bullsh*t against seats playing uniformly random legal actions (or, with
``--self-play``, every seat with the same policy).

    python examples/ppo_batched.py [--game bullshit] [--updates 30] [--envs 256] [--steps 64]

Each update plays ``--steps`` steps of ``--envs`` games (every seat stepped by this script:
the policy for the learning seats, a random legal id for the others), then runs PPO's clipped
objective over the learning seats' decisions with the illegal actions masked out of the
softmax (``bluffhouse.interop.ppo``, which the self-play trainer uses too).  It prints, per
update, the learning seat's share of the games that ended (a fair share is 1/players) and
the policy's entropy.  The network is one hidden layer (tanh) with a policy and a value head;
the gradients are written out by hand, so nothing past numpy is needed.  ``--save FILE.npz``
keeps the weights.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from bluffhouse.interop.batched import BatchedCheat
from bluffhouse.interop.ppo import Policy, Settings, advantages, ppo_update


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    picks: np.ndarray = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
    return picks


def main(argv: list[str] | None = None) -> dict[str, float]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="bullshit")
    ap.add_argument("--envs", type=int, default=256)
    ap.add_argument("--steps", type=int, default=64, help="steps of every game per update")
    ap.add_argument("--updates", type=int, default=30)
    ap.add_argument("--hidden", type=int, default=64)
    ap.add_argument("--lr", type=float, default=3e-4)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--minibatch", type=int, default=1024)
    ap.add_argument("--clip", type=float, default=0.2)
    ap.add_argument("--entropy", type=float, default=0.01)
    ap.add_argument("--value-coef", type=float, default=0.5)
    ap.add_argument("--lam", type=float, default=0.95, help="GAE's lambda (gamma is 1)")
    ap.add_argument("--self-play", action="store_true", help="every seat plays the policy")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="write the weights to this .npz")
    args = ap.parse_args(argv)

    env = BatchedCheat(args.game, num_envs=args.envs, seed=args.seed)
    rng = np.random.default_rng(args.seed)
    net = Policy.new(env.observation_size, env.num_actions, args.hidden, rng)
    settings = Settings(
        lr=args.lr,
        epochs=args.epochs,
        minibatch=args.minibatch,
        clip=args.clip,
        entropy=args.entropy,
        value_coef=args.value_coef,
        lam=args.lam,
    )
    batch = env.reset()
    players = env.players
    learners = np.arange(players) if args.self_play else np.array([0])
    # per game and seat: the index of its last decision this update (-1: none yet)
    last = np.full((args.envs, players), -1)
    print(
        f"{args.game}: {env.observation_size} inputs, {env.num_actions} actions, "
        f"learning seat{'s' if args.self_play else ''} {' '.join(map(str, learners))}"
    )
    start = time.perf_counter()
    share = 0.0
    for update in range(1, args.updates + 1):
        rows: dict[str, list[np.ndarray]] = {k: [] for k in ("obs", "mask", "act", "logp", "val")}
        owner: list[np.ndarray] = []
        rewards: list[float] = []
        done: list[bool] = []
        nxt: list[int] = []
        last[:] = -1
        won = games = 0
        count = 0
        for _ in range(args.steps):
            learning = np.isin(batch.seat, learners)
            actions = random_legal(batch.mask, rng)
            if learning.any():
                obs = np.asarray(batch.obs[learning])
                mask = np.asarray(batch.mask[learning])
                act, logp, value = net.act(obs, mask, rng)
                actions[learning] = act
                envs = np.flatnonzero(learning)
                for e in envs:
                    seat = int(batch.seat[e])
                    if last[e, seat] >= 0:
                        nxt[last[e, seat]] = count
                    last[e, seat] = count
                    owner.append(np.array([e, seat]))
                    rewards.append(0.0)
                    done.append(False)
                    nxt.append(-1)
                    count += 1
                rows["obs"].append(obs)
                rows["mask"].append(mask)
                rows["act"].append(act)
                rows["logp"].append(logp)
                rows["val"].append(value)
            batch = env.step(actions)
            for e in np.flatnonzero(batch.terminated | batch.truncated):
                games += 1
                won += int(batch.rewards[e, 0] > 0)
                for seat in learners:
                    i = last[e, seat]
                    if i >= 0:
                        rewards[i] = float(batch.rewards[e, seat])
                        done[i] = True
                        last[e, seat] = -1
        data = {k: np.concatenate(v) for k, v in rows.items()}
        adv, data["ret"] = advantages(
            data["val"], np.array(rewards), np.array(done), np.array(nxt), args.lam
        )
        data["adv"] = adv
        entropy = ppo_update(net, data, settings, seed=update)
        share = won / games if games else float("nan")
        print(
            f"update {update:3d}: {count:6d} decisions, seat 0 won {won:4d} of {games:4d} "
            f"games ({share:.1%}), entropy {entropy:.2f}, {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    if args.save:
        net.save(args.save)
        print(f"weights written to {args.save}")
    return {"share": share, "seconds": time.perf_counter() - start}


if __name__ == "__main__":
    main()
