"""A masked policy and PPO in numpy alone: what the self-play trainer and the PPO example use.

:class:`Policy` is one hidden layer (tanh) with a policy head over the full action space and a
value head; illegal actions are masked out of its softmax.  :func:`ppo_update` runs PPO's
clipped objective, a value loss and an entropy bonus, the gradients written out by hand (so
that training needs nothing past numpy), with Adam.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[Any]
#: An illegal action's logit.
NEG = np.float32(-1e9)


@dataclass
class Settings:
    """PPO's settings (the defaults are the trainer's)."""

    lr: float = 3e-4
    epochs: int = 2
    minibatch: int = 1024
    clip: float = 0.2
    entropy: float = 0.01
    value_coef: float = 0.5
    lam: float = 0.95  # GAE's lambda (gamma is 1: rewards come at the end of a game)


@dataclass
class Policy:
    """obs -> tanh(obs W1 + b1) -> logits (W2, b2) and value (Wv, bv), with Adam's moments."""

    params: dict[str, Array]
    moments: dict[str, list[Array]] = field(default_factory=dict)
    t: int = 0
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def new(cls, inputs: int, actions: int, hidden: int, rng: np.random.Generator) -> Policy:
        def init(rows: int, cols: int, gain: float) -> Array:
            out: Array = rng.standard_normal((rows, cols)) * gain / np.sqrt(rows)
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

    def forward(self, obs: Array) -> tuple[Array, Array, Array]:
        """(hidden layer, logits, values) of a batch of observations."""
        p = self.params
        h = np.tanh(obs @ p["W1"] + p["b1"])
        return h, h @ p["W2"] + p["b2"], (h @ p["Wv"] + p["bv"])[:, 0]

    def act(self, obs: Array, mask: Array, rng: np.random.Generator) -> tuple[Array, Array, Array]:
        """(actions drawn from the masked policy, their log-probabilities, the values)."""
        _, logits, value = self.forward(obs)
        probs, logp = masked_softmax(logits, mask)
        u = rng.random((probs.shape[0], 1))
        act = (probs.cumsum(axis=1) < u).sum(axis=1).clip(0, probs.shape[1] - 1)
        act = np.where(mask[np.arange(len(act)), act] > 0, act, probs.argmax(axis=1))
        return act, logp[np.arange(len(act)), act], value

    def adam(self, grads: dict[str, Array], lr: float) -> None:
        self.t += 1
        for name, g in grads.items():
            m, v = self.moments.setdefault(name, [np.zeros_like(g), np.zeros_like(g)])
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            mhat = m / (1 - 0.9**self.t)
            vhat = v / (1 - 0.999**self.t)
            self.params[name] -= (lr * mhat / (np.sqrt(vhat) + 1e-8)).astype(np.float32)

    def save(self, path: str | Path) -> None:
        """The weights and ``meta`` (JSON) in one ``.npz``."""
        np.savez(
            path,
            meta=np.array(json.dumps(self.meta)),
            **self.params,  # type: ignore[arg-type]
        )

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        with np.load(path) as data:
            params = {k: data[k] for k in data.files if k != "meta"}
            meta = json.loads(str(data["meta"])) if "meta" in data.files else {}
        return cls(params, meta=meta)


def masked_softmax(logits: Array, mask: Array) -> tuple[Array, Array]:
    """(probabilities, log-probabilities) over the legal actions only."""
    z = np.where(mask > 0, logits, NEG)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * (mask > 0)
    total = e.sum(axis=1, keepdims=True)
    return e / total, z - np.log(total)


def advantages(
    values: Array, rewards: Array, done: Array, following: Array, lam: float
) -> tuple[Array, Array]:
    """GAE (gamma 1) backwards along each seat's own decisions: ``following[i]`` is the index
    of the same seat's next decision in the same game (-1: none in this rollout, which then
    bootstraps on the decision's own value).  Returns (advantages, returns)."""
    n = len(values)
    adv = np.zeros(n, np.float32)
    for i in range(n - 1, -1, -1):
        j = following[i]
        if done[i]:
            nxt, carry = 0.0, 0.0
        elif j < 0:
            nxt, carry = values[i], 0.0
        else:
            nxt, carry = values[j], adv[j]
        adv[i] = rewards[i] + nxt - values[i] + lam * carry
    return adv, adv + values


def ppo_update(policy: Policy, data: dict[str, Array], s: Settings, seed: int = 0) -> float:
    """PPO over ``data`` (obs, mask, act, logp, adv, ret); returns the policy's mean entropy
    over the last minibatch."""
    n = len(data["act"])
    rng = np.random.default_rng(seed)
    adv_all = data["adv"]
    adv_all = (adv_all - adv_all.mean()) / (adv_all.std() + 1e-8)
    entropy = 0.0
    for _ in range(s.epochs):
        order = rng.permutation(n)
        for lo in range(0, n, s.minibatch):
            idx = order[lo : lo + s.minibatch]
            obs, mask, act = data["obs"][idx], data["mask"][idx], data["act"][idx]
            adv, ret, old = adv_all[idx], data["ret"][idx], data["logp"][idx]
            b = len(idx)
            h, logits, value = policy.forward(obs)
            probs, logp_all = masked_softmax(logits, mask)
            logp = logp_all[np.arange(b), act]
            ratio = np.exp(logp - old)
            clipped = np.where(adv >= 0, ratio > 1 + s.clip, ratio < 1 - s.clip)
            d_logp = np.where(clipped, 0.0, -ratio * adv) / b  # d(policy loss)/d(log p(a))
            dz = -probs * d_logp[:, None]
            dz[np.arange(b), act] += d_logp
            plogp = np.where(mask > 0, probs * logp_all, 0.0)
            ent = -plogp.sum(axis=1)
            dz += s.entropy * (plogp + probs * ent[:, None]) / b  # -(entropy bonus)
            dv = 2 * s.value_coef * (value - ret) / b
            policy.adam(_gradients(policy, obs, h, dz, dv), s.lr)
            entropy = float(ent.mean())
    return entropy


def _gradients(
    policy: Policy, obs: Array, h: Array, dz: Array, dv: Array | None
) -> dict[str, Array]:
    """The weights' gradients (float32) from the loss's gradients at the logits (``dz``) and
    at the values (``dv``; None: the value head is left alone), back through the tanh layer
    ``h`` of ``obs``."""
    p = policy.params
    dh = dz @ p["W2"].T
    grads = {"W2": h.T @ dz, "b2": dz.sum(axis=0)}
    if dv is not None:
        dh = dh + dv[:, None] @ p["Wv"].T
        grads.update(Wv=h.T @ dv[:, None], bv=dv.sum(keepdims=True))
    dpre = dh * (1 - h * h)
    grads.update(W1=obs.T @ dpre, b1=dpre.sum(axis=0))
    return {k: g.astype(np.float32) for k, g in grads.items()}


def imitate(
    policy: Policy, data: dict[str, Array], lr: float, epochs: int, minibatch: int, seed: int = 0
) -> float:
    """Supervised steps towards a teacher's choices (``obs``, ``mask``, ``act``): the masked
    policy's cross-entropy, the value head untouched.  Returns the share of the teacher's
    choices the policy ranks first after the last epoch (its agreement)."""
    n = len(data["act"])
    rng = np.random.default_rng(seed)
    for _ in range(epochs):
        order = rng.permutation(n)
        for lo in range(0, n, minibatch):
            idx = order[lo : lo + minibatch]
            obs, mask, act = data["obs"][idx], data["mask"][idx], data["act"][idx]
            b = len(idx)
            h, logits, _ = policy.forward(obs)
            probs, _ = masked_softmax(logits, mask)
            dz = probs.copy()
            dz[np.arange(b), act] -= 1.0
            dz /= b
            policy.adam(_gradients(policy, obs, h, dz, None), lr)
    _, logits, _ = policy.forward(data["obs"])
    probs, _ = masked_softmax(logits, data["mask"])
    return float((probs.argmax(axis=1) == data["act"]).mean()) if n else float("nan")
