"""Masked PPO on the batched environment, in numpy alone: a small policy learns seat 0 of
4-player Bullsh*t against seats playing uniformly random legal actions (or, with
``--self-play``, every seat with the same policy).

    python examples/ppo_batched.py [--game bullshit] [--updates 30] [--envs 256] [--steps 64]

Each update plays ``--steps`` steps of ``--envs`` games (every seat stepped by this script:
the policy for the learning seats, a random legal id for the others), then runs PPO's clipped
objective over the learning seats' decisions with the illegal actions masked out of the
softmax.  It prints, per update, the learning seat's share of the games that ended (a fair
share is 1/players) and the policy's entropy.  The network is one hidden layer (tanh) with a
policy and a value head; the gradients are written out by hand so that the example needs
nothing past numpy.  ``--save FILE.npz`` keeps the weights.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, field

import numpy as np

from bluffhouse.interop.batched import BatchedCheat

NEG = np.float32(-1e9)  # an illegal action's logit


@dataclass
class Net:
    """obs -> tanh(obs W1 + b1) -> logits (W2, b2) and value (Wv, bv), with Adam's moments."""

    params: dict[str, np.ndarray]
    moments: dict[str, list[np.ndarray]] = field(default_factory=dict)
    t: int = 0

    @classmethod
    def new(cls, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> Net:
        def init(rows: int, cols: int, gain: float) -> np.ndarray:
            out: np.ndarray = rng.standard_normal((rows, cols)) * gain / np.sqrt(rows)
            return out.astype(np.float32)

        return cls(
            {
                "W1": init(inputs, hidden, 1.0),
                "b1": np.zeros(hidden, np.float32),
                "W2": init(hidden, actions, 0.01),
                "b2": np.zeros(actions, np.float32),
                "Wv": init(hidden, 1, 1.0),
                "bv": np.zeros(1, np.float32),
            }
        )

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        p = self.params
        h = np.tanh(obs @ p["W1"] + p["b1"])
        return h, h @ p["W2"] + p["b2"], (h @ p["Wv"] + p["bv"])[:, 0]

    def adam(self, grads: dict[str, np.ndarray], lr: float) -> None:
        self.t += 1
        for name, g in grads.items():
            m, v = self.moments.setdefault(name, [np.zeros_like(g), np.zeros_like(g)])
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            mhat = m / (1 - 0.9**self.t)
            vhat = v / (1 - 0.999**self.t)
            self.params[name] -= lr * mhat / (np.sqrt(vhat) + 1e-8)


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(probabilities, log-probabilities) over the legal actions only."""
    z = np.where(mask > 0, logits, NEG)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * (mask > 0)
    total = e.sum(axis=1, keepdims=True)
    return e / total, z - np.log(total)


def sample(probs: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One action per row, drawn from its probabilities."""
    u = rng.random((probs.shape[0], 1))
    picks: np.ndarray = (probs.cumsum(axis=1) < u).sum(axis=1).clip(0, probs.shape[1] - 1)
    return picks


def random_legal(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    picks: np.ndarray = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
    return picks


def ppo_update(net: Net, data: dict[str, np.ndarray], args: argparse.Namespace) -> float:
    """PPO's clipped objective, a value loss and an entropy bonus over ``data``; returns the
    policy's mean entropy."""
    n = len(data["act"])
    rng = np.random.default_rng(net.t)
    entropy = 0.0
    for _ in range(args.epochs):
        order = rng.permutation(n)
        for lo in range(0, n, args.minibatch):
            idx = order[lo : lo + args.minibatch]
            obs, mask, act = data["obs"][idx], data["mask"][idx], data["act"][idx]
            adv, ret, old = data["adv"][idx], data["ret"][idx], data["logp"][idx]
            b = len(idx)
            h, logits, value = net.forward(obs)
            probs, logp_all = masked_softmax(logits, mask)
            logp = logp_all[np.arange(b), act]
            ratio = np.exp(logp - old)
            clipped = np.where(adv >= 0, ratio > 1 + args.clip, ratio < 1 - args.clip)
            d_logp = np.where(clipped, 0.0, -ratio * adv) / b  # d(policy loss)/d(log p(a))
            dz = -probs * d_logp[:, None]
            dz[np.arange(b), act] += d_logp
            plogp = np.where(mask > 0, probs * logp_all, 0.0)
            ent = -plogp.sum(axis=1)
            dz += args.entropy * (plogp + probs * ent[:, None]) / b  # -(entropy bonus)
            dv = 2 * args.value_coef * (value - ret) / b
            p = net.params
            dh = dz @ p["W2"].T + dv[:, None] @ p["Wv"].T
            dpre = dh * (1 - h * h)
            grads = {
                "W2": h.T @ dz,
                "b2": dz.sum(axis=0),
                "Wv": h.T @ dv[:, None],
                "bv": dv.sum(keepdims=True),
                "W1": obs.T @ dpre,
                "b1": dpre.sum(axis=0),
            }
            net.adam({k: g.astype(np.float32) for k, g in grads.items()}, args.lr)
            entropy = float(ent.mean())
    return entropy


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
    net = Net.new(env.observation_size, env.num_actions, args.hidden, rng)
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
                _, logits, value = net.forward(obs)
                probs, logp_all = masked_softmax(logits, mask)
                act = sample(probs, rng)
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
                rows["logp"].append(logp_all[np.arange(len(act)), act])
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
        val = data["val"]
        adv = np.zeros(count, np.float32)
        # GAE backwards along each seat's own decisions (gamma 1): a decision's successor is
        # the same seat's next decision in the same game
        for i in range(count - 1, -1, -1):
            j = nxt[i]
            following = 0.0 if done[i] or j < 0 else val[j]
            carry = 0.0 if done[i] or j < 0 else adv[j]
            if j < 0 and not done[i]:
                following = val[i]  # the rollout stopped mid-game: bootstrap on itself
            delta = rewards[i] + following - val[i]
            adv[i] = delta + args.lam * carry
        data["ret"] = adv + val
        data["adv"] = (adv - adv.mean()) / (adv.std() + 1e-8)
        entropy = ppo_update(net, data, args)
        share = won / games if games else float("nan")
        print(
            f"update {update:3d}: {count:6d} decisions, seat 0 won {won:4d} of {games:4d} "
            f"games ({share:.1%}), entropy {entropy:.2f}, {time.perf_counter() - start:.0f} s",
            flush=True,
        )
    if args.save:
        np.savez(args.save, **net.params)  # type: ignore[arg-type]
        print(f"weights written to {args.save}")
    return {"share": share, "seconds": time.perf_counter() - start}


if __name__ == "__main__":
    main()
