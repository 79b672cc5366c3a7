"""Trains the ``learned`` bot: a masked policy-gradient agent (sb3-contrib's MaskablePPO) for
one seat of 4-player ``bullshit`` on the Gymnasium environment, against tables drawn each game
from a mix of ``counter``, the fixed styles and ``random``.

Policy gradients from a random start need far more games than a laptop core plays in half an
hour (a Bullsh*t game against card counters is a few hundred decisions, and the counters' own
moves cost most of each step), so the policy first imitates ``counter`` (``--imitate N``: the
counter seats' decisions in N-decision worth of games against the same mix, learned by cross
entropy on the same network), then MaskablePPO improves it for ``--timesteps`` steps.

Run on a laptop CPU (one core; needs ``pip install -e '.[research,learn]'``, which takes a
CPU build of torch)::

    python -m bluffhouse.interop.train --seed 1 --out learned_bullshit.npz

(the defaults are the shipped policy's run: 40,000 imitated decisions, 8 epochs, 8,192 PPO
steps) prints progress bars and, at the end, the policy's weights as a numpy file: what
``bluffhouse.interop.learned`` (the ``learned`` bot) plays with, no torch needed.  Everything
is seeded from ``--seed`` (the tables, the bots, torch on one thread).  ``--check N`` plays N
games of the saved policy against ``--check-bots`` when training ends.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

#: Opponents a seat is drawn from each game (one name per entry: the counter weighs most).
MIX = ("counter", "counter", "counter", "always_call", "never_call", "always_lie", "never_lie",
       "random")
GAME = "bullshit"
PLAYERS = 4


def _need_learn_extra() -> Any:
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]
        from sb3_contrib import MaskablePPO  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the install
        sys.exit(f"training needs torch and sb3-contrib: pip install -e '.[research,learn]' "
                 f"({exc})")
    return torch, MaskablePPO


def make_env(seed: int, mix: tuple[str, ...] = MIX, max_steps: int = 600) -> Any:
    """The Gymnasium env with a fresh opponent lineup drawn from ``mix`` every game and a
    random learning seat (all seeded from ``seed``)."""
    import gymnasium as gym

    from .gymnasium import BluffhouseEnv

    class MixedTables(gym.Wrapper):  # type: ignore[type-arg,misc,unused-ignore]
        def __init__(self) -> None:
            super().__init__(BluffhouseEnv(game=GAME, players=PLAYERS, seat=None, bots="random",
                                           reward="rank", max_steps=max_steps))
            self._draw = random.Random(seed)
            self._first = True

        def reset(self, **kwargs: Any) -> Any:
            base: Any = self.env.unwrapped
            base.bot_names = [self._draw.choice(mix) for _ in range(PLAYERS - 1)]
            if self._first:
                kwargs["seed"] = seed
                self._first = False
            return self.env.reset(**kwargs)

        def action_masks(self) -> np.ndarray:
            base: Any = self.env.unwrapped
            return base.action_masks().astype(bool)  # type: ignore[no-any-return]

    return MixedTables()


def imitation_data(samples: int, seed: int, mix: tuple[str, ...] = MIX,
                   progress: bool = True) -> tuple[np.ndarray, np.ndarray]:
    """``samples`` decisions of ``counter`` (seat 0 and any other counter seat, the rest drawn
    from ``mix``), as (observation vectors, action ids): asked in the environments' order."""
    from ..bots import Choices, make_bot
    from .table import acting_seat, build

    config, codec, encoder = build(GAME, PLAYERS)
    rng = random.Random(seed)
    xs: list[np.ndarray] = []
    ys: list[int] = []
    bar = _bar(samples, "imitating counter", progress)
    while len(ys) < samples:
        game = config.new_game(seed=rng.getrandbits(63))
        names = ["counter", *(rng.choice(mix) for _ in range(PLAYERS - 1))]
        rng.shuffle(names)
        bots = [make_bot(name, seed=rng.getrandbits(63)) for name in names]
        memories = [encoder.memory(s) for s in range(PLAYERS)]
        steps = 0
        while not game.over and steps < 3000 and len(ys) < samples:
            seat = acting_seat(game)
            view = game.view(seat)
            action = bots[seat].act(view, Choices(game, seat))
            if names[seat] == "counter":
                i = codec.encode(action, view)
                if i is not None:
                    xs.append(encoder.encode(view, memories[seat]))
                    ys.append(i)
                    bar(1)
            game.apply(seat, action)
            steps += 1
    bar(0, done=True)
    return np.stack(xs), np.array(ys, dtype=np.int64)


def _bar(total: int, what: str, show: bool) -> Any:
    """A small text progress bar on stderr (rich's, which sb3 uses too)."""
    if not show:
        return lambda n, done=False: None
    from rich.progress import Progress

    progress = Progress(transient=False)
    task = progress.add_task(what, total=total)
    progress.start()

    def step(n: int, done: bool = False) -> None:
        progress.advance(task, n)
        if done:
            progress.stop()

    return step


def imitate(model: Any, xs: np.ndarray, ys: np.ndarray, epochs: int, seed: int) -> float:
    """Cross entropy of the policy's logits against the imitated ids (every id a choice: the
    mask comes back at play time); returns the last epoch's accuracy."""
    import torch  # type: ignore[import-not-found,unused-ignore]

    policy = model.policy
    params = [*policy.mlp_extractor.policy_net.parameters(), *policy.action_net.parameters()]
    opt = torch.optim.Adam(params, lr=1e-3)
    x = torch.as_tensor(xs)
    y = torch.as_tensor(ys)
    gen = torch.Generator().manual_seed(seed)
    accuracy = 0.0
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen)
        hits = 0
        for start in range(0, len(y), 256):
            pick = order[start:start + 256]
            latent = policy.mlp_extractor.forward_actor(policy.extract_features(x[pick]))
            logits = policy.action_net(latent)
            loss = torch.nn.functional.cross_entropy(logits, y[pick])
            opt.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call,unused-ignore]
            opt.step()
            hits += int((logits.argmax(1) == y[pick]).sum())
        accuracy = hits / len(y)
    return accuracy


def export(model: Any, path: Path, meta: dict[str, Any]) -> None:
    """The policy network's layers as float16 arrays (``w0, b0, w1, b1, ...``: tanh between
    them, the last gives the logits) with the configuration they were trained for."""
    layers = [m for m in model.policy.mlp_extractor.policy_net if hasattr(m, "weight")]
    layers.append(model.policy.action_net)
    arrays: dict[str, np.ndarray] = {}
    for i, layer in enumerate(layers):
        arrays[f"w{i}"] = layer.weight.detach().cpu().numpy().T.astype(np.float16)
        arrays[f"b{i}"] = layer.bias.detach().cpu().numpy().astype(np.float16)
    arrays["meta"] = np.array(repr(meta))
    np.savez_compressed(path, **arrays)  # type: ignore[arg-type]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(
        prog="python -m bluffhouse.interop.train",
        description="Trains the learned bot for 4-player bullshit: imitation of counter, then "
                    "MaskablePPO (see docs/research.md).")
    ap.add_argument("--timesteps", type=int, default=8192,
                    help="MaskablePPO steps (learning-seat decisions) after the imitation")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("learned_bullshit.npz"))
    ap.add_argument("--hidden", type=int, default=64, help="units of each of the two layers")
    ap.add_argument("--imitate", type=int, default=40_000,
                    help="counter decisions to imitate first (0: none)")
    ap.add_argument("--epochs", type=int, default=8, help="passes over the imitated decisions")
    ap.add_argument("--check", type=int, default=0, help="games to play at the end")
    ap.add_argument("--check-bots", default="always_call")
    ap.add_argument("--save-every", type=int, default=0,
                    help="also write the weights every this many steps, a multiple of 1024 "
                         "(0: only at the end)")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)
    if args.save_every % 1024:
        ap.error("--save-every must be a multiple of 1024 (the steps of one PPO update)")
    torch, MaskablePPO = _need_learn_extra()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    random.seed(args.seed)
    env = make_env(args.seed)
    model = MaskablePPO(
        "MlpPolicy", env, seed=args.seed, verbose=0, device="cpu",
        n_steps=1024, batch_size=256, n_epochs=4,
        learning_rate=1e-4 if args.imitate else 3e-4, gamma=0.998, gae_lambda=0.95,
        ent_coef=0.0 if args.imitate else 0.01,
        policy_kwargs={"net_arch": {"pi": [args.hidden, args.hidden],
                                    "vf": [args.hidden, args.hidden]}},
    )
    start = time.perf_counter()
    accuracy = None
    if args.imitate:
        xs, ys = imitation_data(args.imitate, args.seed, progress=not args.no_progress)
        accuracy = imitate(model, xs, ys, args.epochs, args.seed)
        print(f"imitated {len(ys):,} counter decisions: {accuracy:.1%} of them the policy's "
              f"top choice; {(time.perf_counter() - start) / 60:.1f} min so far", flush=True)

    def meta(steps: int) -> dict[str, Any]:
        return {"game": GAME, "players": PLAYERS, "timesteps": steps, "seed": args.seed,
                "mix": list(MIX), "seconds": round(time.perf_counter() - start),
                "algorithm": "MaskablePPO", "hidden": args.hidden, "imitated": args.imitate,
                "imitation_accuracy": accuracy}

    callback = None
    if args.save_every:
        export(model, args.out, meta(0))
        from stable_baselines3.common.callbacks import (  # type: ignore[import-not-found,unused-ignore]
            BaseCallback,
        )

        class Snapshot(BaseCallback):  # type: ignore[misc,unused-ignore]
            """Writes the weights so far every ``--save-every`` steps, after the update on
            them (a run that is stopped still leaves a policy, the very one a run with
            ``--timesteps`` set to those steps would give)."""

            def _on_rollout_start(self) -> None:
                steps = self.num_timesteps
                if steps and steps % args.save_every == 0:
                    export(self.model, args.out, meta(steps))

            def _on_step(self) -> bool:
                return True

        callback = Snapshot()
    model.learn(total_timesteps=args.timesteps, progress_bar=not args.no_progress,
                callback=callback)
    took = time.perf_counter() - start
    export(model, args.out, meta(args.timesteps))
    print(f"trained {args.timesteps:,} steps in {took / 60:.1f} min; wrote {args.out} "
          f"({args.out.stat().st_size / 1024:.0f} KiB)")
    if args.check:
        from ..api import new_game
        from ..bots import make_bot
        from ..simulate import play_game
        from .learned import LearnedBot

        wins = 0
        for g in range(args.check):
            game = new_game(GAME, players=PLAYERS, seed=10_000 + g)
            seat = g % PLAYERS
            bots = [LearnedBot(seed=g, weights=args.out) if s == seat
                    else make_bot(args.check_bots, seed=g * 10 + s) for s in range(PLAYERS)]
            play_game(game, bots)
            result = game.result or {}
            wins += result.get("winner") == seat
        print(f"check: {wins}/{args.check} wins against {args.check_bots}")


if __name__ == "__main__":
    main()
