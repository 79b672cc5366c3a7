"""Trains the ``learned`` bot: a masked policy-gradient agent (sb3-contrib's MaskablePPO) for
one seat of 4-player ``bullshit``, against tables drawn each game from a mix of ``counter``,
every fixed style and ``random`` (half the tables three seats of one of them, as the arena
measures it).

By default (``--actions abstract``) the policy chooses among the 16 abstract actions of
``bluffhouse.bots.cheat.learned`` (pass, call, a play of ``t`` true and ``b`` bluff cards) and
sees the environments' Cheat observation vector (``bluffhouse.bots.learned.observation``,
the encoder of :mod:`bluffhouse.encodings`) with ``counter``'s belief features appended (the
chance the last play is true, each seat's call rate); ``--actions full`` trains over the full
action space on the Gymnasium environment (``bluffhouse/Bullshit-v0``) instead, as the first
shipped policy was (it learned far less: the research guide).

Policy gradients from a random start need far more games than a laptop core plays in half an
hour (a Bullsh*t game against card counters is a few hundred decisions, and the counters' own
moves cost most of each step), so the policy first imitates ``counter`` (``--imitate N``: the
counter seats' decisions in N-decision worth of games against the same mix, learned by cross
entropy on the same network, the value net learning each decision's final reward), then
MaskablePPO improves it for ``--timesteps`` steps (reward by place at the end: a game ended by
the no-progress rule is ranked by cards held).

Run on a laptop CPU (one core; needs ``pip install -e '.[research,learn]'``, which takes a
CPU build of torch)::

    python -m bluffhouse.interop.train --seed 1 --out learned_bullshit.npz

(the defaults are the shipped policy's run: 60,000 imitated decisions, 10 epochs, 61,440 PPO
steps) prints progress bars and, at the end, the policy's weights as a numpy file: what
``bluffhouse.bots.learned`` (the ``learned`` bot) plays with, no torch needed.  Everything
is seeded from ``--seed`` (the tables, the bots, torch on one thread).  ``--check N`` plays N
games of the saved policy against ``--check-bots`` when training ends.  ``--evaluate
OPPONENTS`` trains nothing: it plays the arena's games of the weights in ``--out`` against each
opponent and prints the table of docs/research.md (the arena's figures, and how the games
ended by the no-progress rule ranked the learned seat)::

    python -m bluffhouse.interop.train --evaluate random,counter,always_call --games 24 \
        --out src/bluffhouse/bots/cheat/learned_bullshit.npz

(``--no-progress`` prints a line per game with the running figures instead of bars, and a
run stopped with Ctrl-C or SIGTERM still prints the table of the games it played.)  Only
weights over the abstract actions play (the ``learned`` bot's); ``--actions full`` trains a
research comparison that this script's ``--check`` and ``--evaluate`` refuse.
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

#: Opponents a seat is drawn from each game (one name per entry: the counter weighs most).
MIX = (
    "counter",
    "counter",
    "counter",
    "always_call",
    "never_call",
    "always_lie",
    "never_lie",
    "random",
)
GAME = "bullshit"
PLAYERS = 4


def _need_learn_extra() -> Any:
    try:
        import torch  # type: ignore[import-not-found,unused-ignore]
        from sb3_contrib import MaskablePPO  # type: ignore[import-not-found,unused-ignore]
    except ImportError as exc:  # pragma: no cover - depends on the install
        sys.exit(
            f"training needs torch and sb3-contrib: pip install -e '.[research,learn]' ({exc})"
        )
    return torch, MaskablePPO


def make_env(seed: int, mix: tuple[str, ...] = MIX, max_steps: int = 600) -> Any:
    """The Gymnasium env with a fresh opponent lineup drawn from ``mix`` every game and a
    random learning seat (all seeded from ``seed``)."""
    import gymnasium as gym

    from .gymnasium import BluffhouseEnv

    class MixedTables(gym.Wrapper):  # type: ignore[type-arg,misc,unused-ignore]
        def __init__(self) -> None:
            super().__init__(
                BluffhouseEnv(
                    game=GAME,
                    players=PLAYERS,
                    seat=None,
                    bots="random",
                    reward="rank",
                    max_steps=max_steps,
                )
            )
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


def imitation_data(
    samples: int, seed: int, mix: tuple[str, ...] = MIX, progress: bool = True
) -> tuple[np.ndarray, np.ndarray]:
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


# ---------------------------------------------------------------------- abstract actions
#: The shipped run's opponents (``--actions abstract``): counter weighs most, then every
#: fixed style, always_call twice (the bot the public learned Cheat agents lost to).
STYLE_MIX = (
    "counter",
    "counter",
    "counter",
    "always_call",
    "always_call",
    "never_call",
    "always_lie",
    "never_lie",
    "sometimes_lie",
    "calls_third",
    "random",
)
#: Chance that a table is three seats of one opponent (as the arena measures it), not three
#: drawn apart.
SAME_TABLE = 0.5


def draw_lineup(rng: random.Random, mix: tuple[str, ...]) -> list[str]:
    """Three opponents: one name thrice (``SAME_TABLE`` of the games), else three draws."""
    if rng.random() < SAME_TABLE:
        return [rng.choice(mix)] * (PLAYERS - 1)
    return [rng.choice(mix) for _ in range(PLAYERS - 1)]


def make_abstract_env(seed: int, mix: tuple[str, ...] = STYLE_MIX) -> Any:
    """A Gymnasium env over the abstract actions of ``bluffhouse.bots.cheat.learned`` (16 ids):
    one learning seat (a random seat each game) against three bots drawn by
    :func:`draw_lineup`; the observation is the encoder's vector and the belief features, the
    reward comes at the end, by place (+1 first ... -1 last; a stalled game is ranked by
    cards held, as the engine ranks it)."""
    import gymnasium as gym
    from gymnasium import spaces

    from ..api import new_game
    from ..bots import Choices, make_bot
    from ..bots.cheat.learned import (
        ABSTRACT,
        BELIEFS,
        abstract_actions,
        belief_features,
        knowledge,
    )
    from ..bots.learned import observation
    from ..encodings import rewards

    encoder = observation(GAME, PLAYERS)

    class AbstractTables(gym.Env):  # type: ignore[type-arg,misc,unused-ignore]
        def __init__(self) -> None:
            self.observation_space = spaces.Box(-1.0, 1.0, (encoder.size + BELIEFS,), np.float32)
            self.action_space = spaces.Discrete(len(ABSTRACT))
            self._rng = random.Random(seed)
            self._legal: dict[int, Any] = {}

        def _advance(self) -> None:
            game = self.game
            while not game.over:
                seat = game.to_act[0]
                if seat == self.seat:
                    return
                bot = self.bots[seat]
                game.apply(
                    seat, bot.act(game.view(seat) if bot.wants_view else None, Choices(game, seat))
                )

        def _observe(self) -> np.ndarray:
            view = self.game.view(self.seat)
            k = knowledge(view)
            self._legal = abstract_actions(view, k, Choices(self.game, self.seat))
            if not self._legal:  # nothing the abstraction names: its first legal action
                self._legal = {0: Choices(self.game, self.seat).all()[0]}
            return np.concatenate(
                [encoder.encode(view, self.memory), belief_features(view, k)]
            ).astype(np.float32)

        def reset(self, *, seed: int | None = None, options: Any = None) -> Any:
            super().reset(seed=seed)
            while True:
                self.game = new_game(GAME, players=PLAYERS, seed=self._rng.getrandbits(63))
                self.seat = self._rng.randrange(PLAYERS)
                names = iter(draw_lineup(self._rng, mix))
                self.bots = {
                    s: make_bot(next(names), seed=self._rng.getrandbits(63))
                    for s in range(PLAYERS)
                    if s != self.seat
                }
                self.memory = encoder.memory(self.seat)
                self._advance()
                if not self.game.over:
                    return self._observe(), {}

        def step(self, action: Any) -> Any:
            chosen = self._legal.get(int(action))
            if chosen is None:  # outside the mask: a loss (MaskablePPO never does it)
                return self._observe(), -1.0, True, False, {}
            self.game.apply(self.seat, chosen)
            self._advance()
            if self.game.over:
                reward = rewards(self.game.result, PLAYERS, "rank")[self.seat]
                done = np.zeros(encoder.size + BELIEFS, np.float32)
                return done, float(reward), True, False, {}
            return self._observe(), 0.0, False, False, {}

        def action_masks(self) -> np.ndarray:
            mask = np.zeros(len(ABSTRACT), dtype=bool)
            mask[list(self._legal)] = True
            return mask

    return AbstractTables()


def abstract_imitation(
    samples: int, seed: int, mix: tuple[str, ...] = STYLE_MIX, progress: bool = True
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``samples`` decisions of ``counter`` at tables drawn as the training tables are (one
    counter seat at least; every counter seat's decisions are kept): (observations, abstract
    ids, the deciding seat's reward at the end of its game: the value net's target)."""
    from ..api import new_game
    from ..bots import Choices, make_bot
    from ..bots.cheat.learned import abstract_of, belief_features, knowledge
    from ..bots.learned import observation
    from ..encodings import rewards

    encoder = observation(GAME, PLAYERS)
    rng = random.Random(seed)
    xs: list[np.ndarray] = []
    ys: list[int] = []
    returns: list[float] = []
    bar = _bar(samples, "imitating counter", progress)
    while len(ys) < samples:
        game = new_game(GAME, players=PLAYERS, seed=rng.getrandbits(63))
        names = ["counter", *draw_lineup(rng, mix)]
        rng.shuffle(names)
        bots = [make_bot(name, seed=rng.getrandbits(63)) for name in names]
        memories = [encoder.memory(s) for s in range(PLAYERS)]
        seats: list[int] = []
        while not game.over:
            seat = game.to_act[0]
            view = game.view(seat)
            action = bots[seat].act(view, Choices(game, seat))
            if names[seat] == "counter":
                i = abstract_of(action, view)
                if i is not None:
                    k = knowledge(view)
                    xs.append(
                        np.concatenate(
                            [encoder.encode(view, memories[seat]), belief_features(view, k)]
                        )
                    )
                    ys.append(i)
                    seats.append(seat)
                    bar(1)
            game.apply(seat, action)
        end = rewards(game.result, PLAYERS, "rank")
        returns.extend(end[s] for s in seats)
    bar(0, done=True)
    n = samples
    return (
        np.stack(xs[:n]).astype(np.float32),
        np.array(ys[:n], dtype=np.int64),
        np.array(returns[:n], dtype=np.float32),
    )


def evaluate(
    opponents: list[str],
    games: int,
    seed: int,
    weights: Path,
    progress: bool = True,
    log: Any = None,
) -> list[dict[str, Any]]:
    """The arena's games (``bluffhouse arena bullshit --bots learned,OPPONENT --games N --seed
    S``: the same seeds and seatings) with ``weights`` in the learned seat, per opponent: the
    games that finished normally and the learned seat's wins among them (the arena's figures),
    and, of the games the no-progress rule ended (ranked by cards held), those where the
    learned seat held the fewest cards alone, and its mean place there.

    With ``log`` (a text stream), one line per game with the running figures, flushed: a long
    run (``ismcts`` takes minutes a game) shows where it stands.  Interrupted (Ctrl-C, or
    SIGTERM under :func:`main`), it returns the rows of the games played so far, the last row
    marked ``stopped``: game ``i`` is the same whatever ``games`` is, so those rows are what
    ``--games`` set to the games played gives."""
    from ..arena import play_one, wilson
    from ..bots.cheat import learned

    rows = []
    saved = learned.WEIGHTS
    learned.WEIGHTS = Path(weights)
    try:
        for opponent in opponents:
            lineup = ["learned", opponent, opponent, opponent]
            bar = _bar(games, f"learned vs {opponent}", progress)
            finished = wins = stalled = stall_wins = played = 0
            places: list[int] = []
            stopped = False
            start = time.perf_counter()
            try:
                for index in range(games):
                    record = play_one(GAME, lineup, PLAYERS, seed, index, {})
                    me = record.seating.index("learned")
                    if record.finished:
                        finished += 1
                        wins += record.winner == me
                    elif record.end == "stalled":
                        stalled += 1
                        stall_wins += record.winner == me
                        places.append(record.ranking.index(me) + 1)
                    played += 1
                    bar(1)
                    if log is not None:
                        low, high = wilson(wins, finished)
                        print(
                            f"game {index + 1}/{games} vs {opponent}: {record.end}, "
                            f"learned seat {me} {'won' if record.winner == me else 'lost'}"
                            f"; so far {wins} wins of {finished} finished "
                            f"[{low:.1%}, {high:.1%}], {stalled} stalled; "
                            f"{time.perf_counter() - start:.0f} s",
                            file=log,
                            flush=True,
                        )
            except KeyboardInterrupt:
                stopped = True
            bar(0, done=True)
            low, high = wilson(wins, finished) if finished else (0.0, 1.0)
            rows.append(
                {
                    "opponent": opponent,
                    "games": played,
                    "finished": finished,
                    "wins": wins,
                    "ci95": (low, high),
                    "stalled": stalled,
                    "stall_wins": stall_wins,
                    "stall_place": sum(places) / len(places) if places else None,
                    "stopped": stopped,
                }
            )
            if stopped:
                break
    finally:
        learned.WEIGHTS = saved
    return rows


def _interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


def evaluation_table(rows: list[dict[str, Any]]) -> str:
    """The rows as the Markdown table of docs/research.md."""
    lines = [
        "| OPPONENT | games | finished normally | learned's wins | win rate (95% interval) "
        "| stalled: learned seat fewest cards | stalled: mean place |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        rate = (
            f"{r['wins'] / r['finished']:.1%} [{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"
            if r["finished"]
            else "-"
        )
        place = f"{r['stall_place']:.2f}" if r["stall_place"] is not None else "-"
        stalls = f"{r['stall_wins']} of {r['stalled']}" if r["stalled"] else "-"
        lines.append(
            f"| {r['opponent']} | {r['games']} | {r['finished']} | {r['wins']} | "
            f"{rate} | {stalls} | {place} |"
        )
    return "\n".join(lines)


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


def imitate(
    model: Any,
    xs: np.ndarray,
    ys: np.ndarray,
    epochs: int,
    seed: int,
    returns: np.ndarray | None = None,
) -> float:
    """Cross entropy of the policy's logits against the imitated ids (every id a choice: the
    mask comes back at play time); with ``returns``, the value net learns them too (squared
    error), so that PPO's first advantages are not noise that undoes the imitation.  Returns
    the last epoch's accuracy."""
    import torch  # type: ignore[import-not-found,unused-ignore]

    policy = model.policy
    params = [*policy.mlp_extractor.policy_net.parameters(), *policy.action_net.parameters()]
    if returns is not None:
        params += [*policy.mlp_extractor.value_net.parameters(), *policy.value_net.parameters()]
    opt = torch.optim.Adam(params, lr=1e-3)
    x = torch.as_tensor(xs)
    y = torch.as_tensor(ys)
    g = torch.as_tensor(returns) if returns is not None else None
    gen = torch.Generator().manual_seed(seed)
    accuracy = 0.0
    for _ in range(epochs):
        order = torch.randperm(len(y), generator=gen)
        hits = 0
        for start in range(0, len(y), 256):
            pick = order[start : start + 256]
            latent = policy.mlp_extractor.forward_actor(policy.extract_features(x[pick]))
            logits = policy.action_net(latent)
            loss = torch.nn.functional.cross_entropy(logits, y[pick])
            if g is not None:
                features = policy.extract_features(x[pick])
                value = policy.value_net(policy.mlp_extractor.forward_critic(features))
                loss = loss + 0.5 * torch.nn.functional.mse_loss(value.squeeze(1), g[pick])
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
        "MaskablePPO (see docs/research.md).",
    )
    ap.add_argument(
        "--timesteps",
        type=int,
        default=61_440,
        help="MaskablePPO steps (learning-seat decisions) after the imitation",
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=Path("learned_bullshit.npz"))
    ap.add_argument("--hidden", type=int, default=64, help="units of each of the two layers")
    ap.add_argument(
        "--imitate", type=int, default=60_000, help="counter decisions to imitate first (0: none)"
    )
    ap.add_argument("--epochs", type=int, default=10, help="passes over the imitated decisions")
    ap.add_argument("--check", type=int, default=0, help="games to play at the end")
    ap.add_argument("--check-bots", default="always_call")
    ap.add_argument(
        "--save-every",
        type=int,
        default=0,
        help="also write the weights every this many steps, a multiple of 1024 "
        "(0: only at the end)",
    )
    ap.add_argument(
        "--actions",
        choices=("abstract", "full"),
        default="abstract",
        help="the policy's actions: the 16 abstract ones of bluffhouse.interop."
        "learned (pass, call, t true and b bluff cards; with belief "
        "features) or the full action space of the encodings (2,383 ids)",
    )
    ap.add_argument(
        "--evaluate",
        metavar="OPPONENTS",
        default="",
        help="no training: play --games games of the weights in --out against "
        "each of these comma-separated bots (three seats of it) and print "
        "the table of docs/research.md",
    )
    ap.add_argument("--games", type=int, default=40, help="games per opponent (--evaluate)")
    ap.add_argument(
        "--eval-seed",
        type=int,
        default=0,
        help="the first game's seed of --evaluate (the arena's --seed)",
    )
    ap.add_argument(
        "--no-progress",
        action="store_true",
        help="no progress bars; --evaluate prints a line per game instead",
    )
    args = ap.parse_args(argv)
    if args.evaluate:
        signal.signal(signal.SIGTERM, _interrupt)  # a stopped run still prints its table
        rows = evaluate(
            [b.strip() for b in args.evaluate.split(",") if b.strip()],
            args.games,
            args.eval_seed,
            args.out,
            progress=not args.no_progress,
            log=sys.stderr if args.no_progress else None,
        )
        print(evaluation_table(rows))
        if rows and rows[-1]["stopped"]:
            print(
                f"(stopped after {rows[-1]['games']} games against {rows[-1]['opponent']}: "
                f"the figures of --games {rows[-1]['games']})"
            )
        return
    if args.save_every % 1024:
        ap.error("--save-every must be a multiple of 1024 (the steps of one PPO update)")
    torch, MaskablePPO = _need_learn_extra()
    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    np.random.seed(args.seed)
    random.seed(args.seed)
    abstract = args.actions == "abstract"
    mix = STYLE_MIX if abstract else MIX
    env = make_abstract_env(args.seed, mix) if abstract else make_env(args.seed)
    model = MaskablePPO(
        "MlpPolicy",
        env,
        seed=args.seed,
        verbose=0,
        device="cpu",
        n_steps=1024,
        batch_size=256,
        n_epochs=4,
        learning_rate=1e-4 if args.imitate else 3e-4,
        gamma=0.999 if abstract else 0.998,
        gae_lambda=0.95,
        ent_coef=(0.002 if abstract else 0.0) if args.imitate else 0.01,
        policy_kwargs={
            "net_arch": {"pi": [args.hidden, args.hidden], "vf": [args.hidden, args.hidden]}
        },
    )
    start = time.perf_counter()
    accuracy = None
    if args.imitate:
        if abstract:
            xs, ys, returns = abstract_imitation(
                args.imitate, args.seed, mix, progress=not args.no_progress
            )
            accuracy = imitate(model, xs, ys, args.epochs, args.seed, returns)
        else:
            xs, ys = imitation_data(args.imitate, args.seed, progress=not args.no_progress)
            accuracy = imitate(model, xs, ys, args.epochs, args.seed)
        print(
            f"imitated {len(ys):,} counter decisions: {accuracy:.1%} of them the policy's "
            f"top choice; {(time.perf_counter() - start) / 60:.1f} min so far",
            flush=True,
        )

    def meta(steps: int) -> dict[str, Any]:
        return {
            "game": GAME,
            "players": PLAYERS,
            "timesteps": steps,
            "seed": args.seed,
            "mix": list(mix),
            "seconds": round(time.perf_counter() - start),
            "actions": args.actions,
            "algorithm": "MaskablePPO",
            "hidden": args.hidden,
            "imitated": args.imitate,
            "imitation_accuracy": accuracy,
        }

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
    model.learn(
        total_timesteps=args.timesteps, progress_bar=not args.no_progress, callback=callback
    )
    took = time.perf_counter() - start
    export(model, args.out, meta(args.timesteps))
    print(
        f"trained {args.timesteps:,} steps in {took / 60:.1f} min; wrote {args.out} "
        f"({args.out.stat().st_size / 1024:.0f} KiB)"
    )
    if args.check:
        from ..api import new_game
        from ..bots import make_bot
        from ..bots.learned import LearnedBot
        from ..simulate import play_game

        wins = 0
        for g in range(args.check):
            game = new_game(GAME, players=PLAYERS, seed=10_000 + g)
            seat = g % PLAYERS
            bots = [
                LearnedBot(seed=g, weights=args.out)
                if s == seat
                else make_bot(args.check_bots, seed=g * 10 + s)
                for s in range(PLAYERS)
            ]
            play_game(game, bots)
            result = game.result or {}
            wins += result.get("winner") == seat
        print(f"check: {wins}/{args.check} wins against {args.check_bots}")


if __name__ == "__main__":
    main()
