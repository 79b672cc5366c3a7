"""Self-play training on the batched environment: a masked policy learns every seat it holds
against itself and a league of its past versions, with rollouts in this process or as Ray
tasks, checkpoints, and a strength curve.

    python -m bluffhouse.interop.selfplay train --game bullshit --updates 100 --out runs/a
    python -m bluffhouse.interop.selfplay train ... --ray [--workers 8] | --address HOST:PORT
    python -m bluffhouse.interop.selfplay evaluate runs/a/ckpt-00100.npz --against random,counter
    python -m bluffhouse.interop.selfplay strength runs/a --against random,counter --games 20
    python -m bluffhouse.interop.selfplay export runs/a/ckpt-00040.npz --out learned.npz

Each update plays ``--rollouts`` rollouts of ``--envs`` complete games (the batched
environment; a game longer than ``--max-steps`` actions is cut and scores 0). In each game
every seat is the learner with probability 1 - ``--league-share``, else a member drawn from
the league: a past version or one of the fixed styles of ``--styles`` (:mod:`.league`; at
least one seat learns; with an empty league every seat does); only the
learner's decisions train it (PPO, :mod:`.ppo`); a game ended by the no-progress rule scores
nothing (``--stalled draw``, the default: a policy otherwise learns to stall while it holds
the fewest cards) or as the engine ranks it (``--stalled win``). Every ``--league-every``
updates (0: never) the policy joins the league (at most ``--league-size`` kept, the oldest
leaving) and is written as ``ckpt-NNNNN.npz`` (``--save-every``: checkpoints at a cadence of
their own); ``curve.csv`` gets a line an update (decisions, the
learner's share of the wins over seats it held, entropy, time). A run is reproducible from its
seed: each rollout is seeded by the update and its number, and the rollouts are merged in
order, so a Ray run trains the very same weights as a local one. ``train`` resumes from the
latest checkpoint in ``--out``; ``train --start-from WEIGHTS`` starts a new run from the
learned bot's weights (the shipped ones, say) rather than random ones. ``evaluate`` seats a
checkpoint against bluffhouse bots (one learning seat through the Gymnasium environment) and
prints its win rate against each; ``strength`` does so for every checkpoint of a run and
writes ``strength.csv`` and, with matplotlib (the ``arena`` extra), the strength curve
``strength.png``.  ``export`` writes a
checkpoint over the abstract actions with the belief features as weights the ``learned`` bot
plays (its layers and training notes: ``bluffhouse.bots.learned.load_policy``).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from ..errors import RuleError
from .batched_games import batched_env
from .league import StylePlayer, style
from .ppo import Array, Policy, Settings, advantages, imitate, masked_softmax, ppo_update

#: Rollout results: the learner's decisions and the rollout's statistics.
Rollout = dict[str, Any]


@dataclass
class TrainConfig:
    """A training run's settings (what ``train`` takes; the CLI's flags)."""

    game: str = "bullshit"
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    envs: int = 16
    rollouts: int = 2
    max_steps: int = 3000
    updates: int = 50
    hidden: int = 64
    #: every this many updates the policy joins the league (0: never; with ``imitate`` the
    #: imitation stays its one past version)
    league_every: int = 5
    league_share: float = 0.5
    league_size: int = 8
    #: a checkpoint every this many updates (0: when the policy joins the league), and one
    #: at the end
    save_every: int = 0
    #: a game ended by the no-progress rule: "draw" (no reward: winning it by holding the
    #: fewest cards when it stalls is no way to play) or "win" (as the engine ranks it)
    stalled: str = "draw"
    seed: int = 0
    #: the action space ("full" or "abstract": the 16 ids of the Cheat family) and whether
    #: the observation carries the belief features (both the batched environment's options)
    actions: str = "full"
    beliefs: bool = False
    #: fixed styles seated in the league beside the past versions (:mod:`.league`; they
    #: read the abstract actions and the belief features)
    styles: list[str] = field(default_factory=list)
    #: a fixed style the new policy first imitates (supervised, over ``imitate_games`` games
    #: of that style's decisions) before self-play; "" starts from random weights
    imitate: str = ""
    imitate_games: int = 512
    #: weights the learned bot plays (``export``'s format: the shipped ones, for instance)
    #: a new run starts from instead of random weights (the value head starts afresh)
    start_from: str = ""
    ppo: Settings = field(default_factory=Settings)

    def env_options(self) -> dict[str, Any]:
        """The environments' keywords: the rules' options and the action space's."""
        return {**self.options, "actions": self.actions, "beliefs": self.beliefs}


@lru_cache(maxsize=4)
def _env(game: str, players: int | None, envs: int, max_steps: int, options: str) -> Any:
    """The batched environment of a rollout (kept per process: its tables take a moment)."""
    import json

    return batched_env(game, envs, players, max_steps=max_steps, **json.loads(options))


def rollout(job: tuple[dict[str, Any], dict[str, Array], list[dict[str, Array]], int]) -> Rollout:
    """One rollout: ``envs`` complete games (see the module notes), played where it runs."""
    import json

    cfg, learner_params, league_params, seed = job
    env = _env(
        cfg["game"], cfg["players"], cfg["envs"], cfg["max_steps"], json.dumps(cfg["options"])
    )
    rng = np.random.default_rng(seed)
    learner = Policy(learner_params)
    beliefs = env.observation_size - env.encoder.size
    league: list[Policy | StylePlayer] = [Policy(p) for p in league_params]
    league += [StylePlayer(env.config.family, name, beliefs) for name in cfg.get("styles", ())]
    n, players = env.num_envs, env.players
    # each game's seats: -1 the learner, k the league's k-th member
    roles = np.full((n, players), -1)
    if league:
        others = rng.random((n, players)) < cfg["league_share"]
        picks = rng.integers(0, len(league), (n, players))
        roles = np.where(others, picks, -1)
        for e in range(n):
            if (roles[e] >= 0).all():
                roles[e, rng.integers(0, players)] = -1
    batch = env.reset(seed=seed)
    finished = np.zeros(n, dtype=bool)
    last = np.full((n, players), -1)
    rows: dict[str, list[Array]] = {k: [] for k in ("obs", "mask", "act", "logp", "val")}
    rewards: list[float] = []
    done: list[bool] = []
    following: list[int] = []
    count = 0
    won = held = 0
    while not finished.all():
        actions = (rng.random(batch.mask.shape, dtype=np.float32) * batch.mask).argmax(axis=1)
        role = roles[np.arange(n), batch.seat]
        for who in np.unique(role[~finished]):
            at = np.flatnonzero((role == who) & ~finished)
            obs, mask = np.asarray(batch.obs[at]), np.asarray(batch.mask[at])
            policy = learner if who < 0 else league[who]
            act, logp, value = policy.act(obs, mask, rng)
            actions[at] = act
            if who >= 0:
                continue
            for j, e in enumerate(at.tolist()):
                seat = int(batch.seat[e])
                if last[e, seat] >= 0:
                    following[int(last[e, seat])] = count + j
                last[e, seat] = count + j
            count += len(at)
            rewards.extend([0.0] * len(at))
            done.extend([False] * len(at))
            following.extend([-1] * len(at))
            for key, value_ in (("obs", obs), ("mask", mask), ("act", act), ("logp", logp)):
                rows[key].append(value_)
            rows["val"].append(value)
        batch = env.step(actions)
        for e in np.flatnonzero((batch.terminated | batch.truncated) & ~finished).tolist():
            finished[e] = True
            draw = bool(batch.stalled[e]) and cfg.get("stalled", "draw") == "draw"
            for seat in range(players):
                if roles[e, seat] < 0:
                    held += 1
                    reward = 0.0 if draw else float(batch.rewards[e, seat])
                    won += int(reward > 0)
                    i = int(last[e, seat])
                    if i >= 0:
                        rewards[i] = reward
                        done[i] = True
    data: Rollout = {k: np.concatenate(v) if v else np.zeros(0) for k, v in rows.items()}
    data["rewards"] = np.array(rewards, np.float32)
    data["done"] = np.array(done)
    data["following"] = np.array(following)
    data["won"], data["held"], data["games"] = won, held, n
    return data


def demonstrations(job: tuple[dict[str, Any], int]) -> dict[str, Array]:
    """A rollout of the fixed styles alone (``cfg["imitate"]`` and the league's styles, each
    seat one of them, at least one the teacher): the teacher's decisions (obs, mask, act)."""
    import json

    cfg, seed = job
    env = _env(
        cfg["game"], cfg["players"], cfg["envs"], cfg["max_steps"], json.dumps(cfg["options"])
    )
    rng = np.random.default_rng(seed)
    beliefs = env.observation_size - env.encoder.size
    names = [cfg["imitate"], *(x for x in cfg.get("styles", ()) if x != cfg["imitate"])]
    cast = [StylePlayer(env.config.family, name, beliefs) for name in names]
    n, players = env.num_envs, env.players
    roles = rng.integers(0, len(cast), (n, players))
    roles[np.arange(n), rng.integers(0, players, n)] = 0
    batch = env.reset(seed=seed)
    finished = np.zeros(n, dtype=bool)
    rows: dict[str, list[Array]] = {"obs": [], "mask": [], "act": []}
    while not finished.all():
        # (a finished game goes on as a fresh one nobody records: any legal id will do)
        actions = batch.mask.argmax(axis=1)
        role = roles[np.arange(n), batch.seat]
        for who in np.unique(role[~finished]):
            at = np.flatnonzero((role == who) & ~finished)
            obs, mask = np.asarray(batch.obs[at]), np.asarray(batch.mask[at])
            act, _, _ = cast[who].act(obs, mask, rng)
            actions[at] = act
            if who == 0:
                rows["obs"].append(obs)
                rows["mask"].append(mask)
                rows["act"].append(act)
        batch = env.step(actions)
        finished |= batch.terminated | batch.truncated
    return {k: np.concatenate(v) for k, v in rows.items()}


def _merge(
    policy: Policy, parts: list[Rollout], lam: float
) -> tuple[dict[str, Array], dict[str, float]]:
    """The rollouts' decisions as one batch, with their advantages.  The log-probabilities
    and values are computed again here, by this process's arithmetic: a worker elsewhere
    (another BLAS, other threads) may differ in the last bits, and the same seed must train
    the same weights wherever its rollouts ran."""
    out: dict[str, list[Array]] = {k: [] for k in ("obs", "mask", "act", "logp", "adv", "ret")}
    won = held = 0
    for part in parts:
        if len(part["act"]):
            _, logits, value = policy.forward(part["obs"])
            logp = masked_softmax(logits, part["mask"])[1][np.arange(len(part["act"])), part["act"]]
        else:
            logp = value = np.zeros(0, np.float32)
        adv, ret = advantages(value, part["rewards"], part["done"], part["following"], lam)
        out["logp"].append(logp)
        for key in ("obs", "mask", "act"):
            out[key].append(part[key])
        out["adv"].append(adv)
        out["ret"].append(ret)
        won += part["won"]
        held += part["held"]
    data = {k: np.concatenate(v) for k, v in out.items()}
    return data, {"share": won / held if held else float("nan"), "decisions": len(data["act"])}


def _checkpoints(folder: Path) -> list[Path]:
    return sorted(folder.glob("ckpt-*.npz"))


#: Each count's flag and the least it may be.
_COUNTS = {
    "rollouts": 1, "max_steps": 1, "updates": 0, "hidden": 1, "league_every": 0,
    "league_size": 0, "save_every": 0, "imitate_games": 1,
}  # fmt: skip


def _check_counts(cfg: TrainConfig) -> None:
    """A RuleError naming the flag of a count out of range (a run would do nothing, or
    nothing sensible, with it)."""
    for name, least in _COUNTS.items():
        value = getattr(cfg, name)
        if not isinstance(value, int) or value < least:
            raise RuleError(
                f"--{name.replace('_', '-')} must be a whole number from {least}, not {value!r}"
            )
    if not 0.0 <= cfg.league_share <= 1.0:
        raise RuleError(f"--league-share is a chance from 0 to 1, not {cfg.league_share!r}")


def train(cfg: TrainConfig, out: str | Path, ray: Any = None, quiet: bool = False) -> Policy:
    """Trains (or goes on training from the latest checkpoint in ``out``) for
    ``cfg.updates`` updates in all; ``ray``: a :class:`~bluffhouse.cluster.RayTarget` to run
    the rollouts as Ray tasks (None: in this process).  Returns the policy."""
    _check_counts(cfg)
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    probe = batched_env(cfg.game, 1, cfg.players, **cfg.env_options())
    asked = [("--styles", name) for name in cfg.styles]
    asked += [("--imitate", cfg.imitate)] if cfg.imitate else []
    for flag, name in asked:
        if cfg.actions != "abstract" or not cfg.beliefs:
            raise RuleError(
                f"the fixed styles ({flag}) play over the abstract actions with the belief "
                "features: add --actions abstract --beliefs"
            )
        style(probe.config.family, name)  # (a RuleError naming the styles there are)
    kept = _checkpoints(folder)
    rng = np.random.default_rng(cfg.seed)
    if kept:
        policy = Policy.load(kept[-1])
        start = int(policy.meta.get("update", 0))
    else:
        policy = Policy.new(probe.observation_size, probe.num_actions, cfg.hidden, rng)
        start = 0
        if cfg.start_from:
            _start_from(policy, cfg, probe)
    members = [q for q in (Policy.load(p) for p in kept) if q.meta.get("league", True)]
    league = [q.params for q in members[-cfg.league_size :]] if cfg.league_size > 0 else []
    job_cfg = {
        "game": cfg.game,
        "players": cfg.players,
        "options": cfg.env_options(),
        "envs": cfg.envs,
        "max_steps": cfg.max_steps,
        "league_share": cfg.league_share,
        "stalled": cfg.stalled,
        "styles": list(cfg.styles),
    }
    curve = folder / "curve.csv"
    new_curve = not curve.exists()
    runner = None
    if ray is not None:
        from ..cluster import RayRunner

        runner = RayRunner[Any, Rollout](ray).__enter__()
    try:
        if cfg.imitate and not kept:
            policy = _first_imitation(cfg, job_cfg, policy, runner, quiet)
            policy.meta = {"update": 0, "config": asdict(cfg), "league": True}
            policy.save(folder / "ckpt-00000.npz")
            league = [{k: v.copy() for k, v in policy.params.items()}]
        with curve.open("a", newline="") as fh:
            writer = csv.writer(fh)
            if new_curve:
                writer.writerow(["update", "decisions", "learner_share", "entropy", "seconds"])
            began = time.perf_counter()
            for update in range(start + 1, cfg.updates + 1):
                jobs = [
                    (job_cfg, policy.params, league, cfg.seed * 1_000_003 + update * 101 + j)
                    for j in range(cfg.rollouts)
                ]
                parts = _run(rollout, jobs, runner)
                data, stats = _merge(policy, parts, cfg.ppo.lam)
                entropy = ppo_update(policy, data, cfg.ppo, seed=cfg.seed + update)
                seconds = time.perf_counter() - began
                writer.writerow(
                    [update, stats["decisions"], round(stats["share"], 4), round(entropy, 4),
                     round(seconds, 1)]
                )  # fmt: skip
                fh.flush()
                if not quiet:
                    print(
                        f"update {update}: {stats['decisions']} decisions, the learner won "
                        f"{stats['share']:.1%} of its seats, entropy {entropy:.2f}, "
                        f"{seconds:.0f} s",
                        flush=True,
                    )
                joins = update == cfg.updates or (
                    cfg.league_every > 0 and update % cfg.league_every == 0
                )
                every = cfg.save_every or cfg.league_every
                if joins or (every > 0 and update % every == 0):
                    policy.meta = {"update": update, "config": asdict(cfg), "league": joins}
                    policy.save(folder / f"ckpt-{update:05d}.npz")
                if joins and cfg.league_size > 0:
                    copy = {k: v.copy() for k, v in policy.params.items()}
                    league = [*league, copy][-cfg.league_size :]
    finally:
        if runner is not None:
            runner.__exit__(None, None, None)
    return policy


def _run(work: Any, jobs: list[Any], runner: Any) -> list[Any]:
    """``work`` over ``jobs`` in this process or as Ray tasks (``runner``), in the jobs' order
    (merged in order, the same seed trains the same weights wherever they ran)."""
    if runner is None:
        return [work(job) for job in jobs]
    done = dict(runner.run(work, jobs))
    return [done[i] for i in range(len(jobs))]


def _start_from(policy: Policy, cfg: TrainConfig, probe: Any) -> None:
    """Puts the learned bot's weights of ``cfg.start_from`` into the new policy, or a
    RuleError naming what does not fit (another table, action space or size)."""
    from ..bots.learned import load_policy

    try:
        layers, _ = load_policy(cfg.start_from)
    except KeyError:
        layers = []
    if len(layers) != 2:
        raise RuleError(
            f"{cfg.start_from} is not a learned bot's weights file (w0 b0 w1 b1 and its "
            "notes: selfplay export writes one)"
        )
    (w0, b0), (w1, b1) = layers
    wanted = (probe.observation_size, cfg.hidden, probe.num_actions)
    got = (w0.shape[0], w0.shape[1], w1.shape[1])
    if got != wanted:
        raise RuleError(
            f"{cfg.start_from} holds a {got[0]} -> {got[1]} -> {got[2]} policy; this run "
            f"needs {wanted[0]} -> {wanted[1]} -> {wanted[2]} (the table, --actions, "
            "--beliefs and --hidden must be those it was trained with)"
        )
    # (copies: the loader keeps its arrays for the bot, and training changes these in place)
    policy.params.update(W1=w0.copy(), b1=b0.copy(), W2=w1.copy(), b2=b1.copy())


def _first_imitation(
    cfg: TrainConfig, job_cfg: dict[str, Any], policy: Policy, runner: Any, quiet: bool
) -> Policy:
    """The new policy taught ``cfg.imitate``'s play (checkpoint 0 of the run)."""
    began = time.perf_counter()
    job = {**job_cfg, "imitate": cfg.imitate}
    count = max(1, -(-cfg.imitate_games // cfg.envs))
    jobs = [(job, cfg.seed * 1_000_003 + 7 + j) for j in range(count)]
    parts = _run(demonstrations, jobs, runner)
    data = {k: np.concatenate([p[k] for p in parts]) for k in ("obs", "mask", "act")}
    agreement = imitate(policy, data, lr=1e-3, epochs=8, minibatch=256, seed=cfg.seed)
    if not quiet:
        print(
            f"imitation of {cfg.imitate}: {len(data['act'])} decisions of "
            f"{count * cfg.envs} games, the policy's first choice is the style's in "
            f"{agreement:.1%}, {time.perf_counter() - began:.0f} s",
            flush=True,
        )
    return policy


def evaluate(
    path: str | Path,
    against: list[str],
    games: int = 20,
    seed: int = 0,
    search_games: int | None = None,
) -> dict[str, tuple[int, int]]:
    """The checkpoint in one seat (a different seat each game) against each bot of
    ``against`` in the others, through the Gymnasium environment: {bot: (wins, games)};
    ``search_games``: fewer games against ``ismcts`` (about a second a move)."""
    import gymnasium as gym

    from .gymnasium import env_id  # (importing it registers the ids)

    policy = Policy.load(path)
    cfg = policy.meta.get("config", {})
    game = cfg.get("game", "bullshit")
    space = {"actions": cfg.get("actions", "full"), "beliefs": cfg.get("beliefs", False)}
    out: dict[str, tuple[int, int]] = {}
    rng = np.random.default_rng(seed)
    for bot in against:
        env = gym.make(
            env_id(game), players=cfg.get("players"), bots=bot, seat=None,
            **cfg.get("options", {}), **space,
        )  # fmt: skip
        wins = 0
        count = search_games if bot == "ismcts" and search_games is not None else games
        for g in range(count):
            obs, info = env.reset(seed=seed * 7919 + g)
            while True:
                act, _, _ = policy.act(obs[None, :], info["action_mask"][None, :], rng)
                obs, reward, terminated, truncated, info = env.step(int(act[0]))
                if terminated or truncated:
                    wins += int(float(reward) > 0)
                    break
        out[bot] = (wins, count)
    return out


def strength(
    folder: str | Path,
    against: list[str],
    games: int = 20,
    seed: int = 0,
    search_games: int | None = None,
) -> list[dict[str, Any]]:
    """Every checkpoint of a run against each bot (:func:`evaluate`): one row per checkpoint
    and bot, with the win rate's 95% interval, written to ``strength.csv``; the curve to
    ``strength.png`` where matplotlib is installed."""
    from ..arena import wilson

    run = Path(folder)
    kept = _checkpoints(run)
    if not kept:
        raise RuleError(f"{run} holds no checkpoint (ckpt-NNNNN.npz)")
    rows: list[dict[str, Any]] = []
    players = 0
    for path in kept:
        policy = Policy.load(path)
        update = int(policy.meta.get("update", 0))
        for bot, (wins, n) in evaluate(path, against, games, seed, search_games).items():
            low, high = wilson(wins, n)
            rows.append(
                {"update": update, "bot": bot, "wins": wins, "games": n,
                 "rate": round(wins / n, 4), "low": round(low, 4), "high": round(high, 4)}
            )  # fmt: skip
        players = players or _players(policy)
    with (run / "strength.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    plot_strength(rows, run / "strength.png", players)
    return rows


def plot_strength(rows: list[dict[str, Any]], out: Path, players: int = 0) -> bool:
    """The strength curve of ``rows`` (``strength``'s) as a PNG: one line per bot with its
    95% band, the fair share dashed.  False where matplotlib is not installed."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    bots = list(dict.fromkeys(str(r["bot"]) for r in rows))
    fig, ax = plt.subplots(figsize=(8.5, 4.2))
    for bot in bots:
        mine = [r for r in rows if r["bot"] == bot]
        x = [int(r["update"]) for r in mine]
        ax.plot(x, [float(r["rate"]) for r in mine], marker="o", label=f"against {bot}")
        low = [float(r["low"]) for r in mine]
        ax.fill_between(x, low, [float(r["high"]) for r in mine], alpha=0.08)
    if players:
        ax.axhline(1 / players, color="grey", linestyle="--", label="a fair share")
    ax.set_xlabel("update")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_ylim(0, 1)
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=110)
    plt.close(fig)
    return True


def export(path: str | Path, out: str | Path) -> dict[str, Any]:
    """Writes checkpoint ``path`` as weights the ``learned`` bot plays (``w0 b0 w1 b1``: the
    tanh layer, then the logits; ``meta``: the table, the action space and the training
    notes, with the command that trains the same weights).  Returns the notes."""
    policy = Policy.load(path)
    cfg = policy.meta.get("config", {})
    if cfg.get("actions") != "abstract" or not cfg.get("beliefs"):
        raise RuleError(
            f"{path} was trained over {cfg.get('actions', 'full')!r} actions "
            f"{'with' if cfg.get('beliefs') else 'without'} the belief features; the learned "
            "bot plays policies over the abstract actions with the belief features "
            "(train --actions abstract --beliefs)"
        )
    players = cfg.get("players") or _players(policy)
    update = int(policy.meta.get("update", 0))
    options = " ".join(f"--option {k}={v}" for k, v in (cfg.get("options") or {}).items())
    command = (
        f"python -m bluffhouse.interop.selfplay train --game {cfg['game']}"
        + (f" --players {cfg['players']}" if cfg.get("players") else "")
        + (f" {options}" if options else "")
        + f" --actions abstract --beliefs --envs {cfg['envs']} --rollouts {cfg['rollouts']}"
        f" --max-steps {cfg['max_steps']} --updates {update} --hidden {cfg['hidden']}"
        f" --league-every {cfg['league_every']} --league-share {cfg['league_share']}"
        f" --league-size {cfg['league_size']} --stalled {cfg['stalled']} --seed {cfg['seed']}"
        + (f" --save-every {cfg['save_every']}" if cfg.get("save_every") else "")
        + (f" --styles {','.join(cfg['styles'])}" if cfg.get("styles") else "")
        + (
            f" --imitate {cfg['imitate']} --imitate-games {cfg['imitate_games']}"
            if cfg.get("imitate")
            else ""
        )
        + _ppo_flags(cfg.get("ppo") or {})
        + (f" --start-from {cfg['start_from']}" if cfg.get("start_from") else "")
        + " --out runs/learned"
    )
    meta = {
        "game": cfg["game"],
        "players": players,
        "actions": "abstract",
        "beliefs": True,
        "algorithm": "self-play PPO on the batched environment (bluffhouse.interop.selfplay)",
        "hidden": cfg["hidden"],
        "update": update,
        "seed": cfg["seed"],
        "command": command,
    }
    p = policy.params
    np.savez_compressed(
        out,
        w0=p["W1"].astype(np.float32),
        b0=p["b1"].astype(np.float32),
        w1=p["W2"].astype(np.float32),
        b1=p["b2"].astype(np.float32),
        meta=repr(meta),
    )
    return meta


def _ppo_flags(ppo: dict[str, Any]) -> str:
    """The training command's flags for PPO settings other than the defaults."""
    out = ""
    for name in ("lr", "entropy"):
        value = ppo.get(name, getattr(Settings, name))
        if value != getattr(Settings, name):
            out += f" --{name} {value}"
    return out


def _players(policy: Policy) -> int:
    cfg = policy.meta.get("config", {})
    probe = batched_env(
        cfg.get("game", "bullshit"), 1, cfg.get("players"), **cfg.get("options", {})
    )  # (the players only: the action space does not matter)
    return int(probe.players)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bluffhouse.interop.selfplay", description=__doc__.splitlines()[0]
    )
    sub = ap.add_subparsers(dest="command", required=True)
    t = sub.add_parser("train", help="train (or go on training) a policy by self-play")
    defaults = TrainConfig()
    t.add_argument("--game", default=defaults.game)
    t.add_argument("--players", type=int)
    t.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    for name in ("envs", "rollouts", "max_steps", "updates", "hidden", "league_size", "seed"):
        t.add_argument(f"--{name.replace('_', '-')}", type=int, default=getattr(defaults, name))
    t.add_argument(
        "--league-every",
        type=int,
        default=defaults.league_every,
        help="every this many updates the policy joins the league (0: never; the imitation, "
        "with --imitate, stays its one past version)",
    )
    t.add_argument(
        "--save-every",
        type=int,
        default=defaults.save_every,
        help="a checkpoint every this many updates (default: when the policy joins the "
        "league), and one at the end",
    )
    t.add_argument("--league-share", type=float, default=defaults.league_share)
    t.add_argument("--lr", type=float, default=Settings.lr, help="PPO's learning rate")
    t.add_argument(
        "--entropy",
        type=float,
        default=Settings.entropy,
        help="PPO's entropy bonus (lower it to fine-tune an imitation)",
    )
    t.add_argument(
        "--stalled",
        choices=("draw", "win"),
        default=defaults.stalled,
        help="a game ended by the no-progress rule: no reward (draw, the default) or a win "
        "for the seat holding the fewest cards (win, as the engine ranks it)",
    )
    t.add_argument(
        "--actions",
        choices=("full", "abstract"),
        default=defaults.actions,
        help="the policy's actions: every concrete action (full, the default) or the abstract "
        "ones (the Cheat family's 16: pass, call, t true and b bluff cards; Poker Bull's 8: "
        "call, raises by their chance to stand, counter's raise)",
    )
    t.add_argument(
        "--beliefs",
        action="store_true",
        help="append the belief features to the observation (counter's reading: 24 in the "
        "Cheat family, 8 in Poker Bull)",
    )
    t.add_argument(
        "--styles",
        default="",
        help="fixed styles seated in the league beside the past versions, comma-separated "
        "(with --actions abstract --beliefs; Cheat: always_call, never_call, always_lie, "
        "never_lie, calls_third, counter, random; Poker Bull: threshold, threshold_even, "
        "always_call, never_call, honest, counter, random)",
    )
    t.add_argument(
        "--imitate",
        default="",
        metavar="STYLE",
        help="a new run first learns this fixed style's play by imitation (checkpoint 0), "
        "then plays itself",
    )
    t.add_argument("--imitate-games", type=int, default=defaults.imitate_games)
    t.add_argument(
        "--start-from",
        default="",
        metavar="WEIGHTS",
        help="a new run starts from these learned-bot weights (selfplay export's format, "
        "e.g. the shipped ones) instead of random weights",
    )
    t.add_argument("--out", required=True, help="the run's folder (checkpoints, curve.csv)")
    t.add_argument("--ray", action="store_true", help="rollouts as Ray tasks on this machine")
    t.add_argument("--workers", type=int, help="--ray: the local cluster's CPUs")
    t.add_argument("--address", help="rollouts on the Ray cluster at HOST:PORT")
    t.add_argument("--quiet", action="store_true")
    e = sub.add_parser("evaluate", help="a checkpoint against bluffhouse bots")
    e.add_argument("checkpoint")
    e.add_argument("--against", default="random,counter")
    e.add_argument("--games", type=int, default=20)
    e.add_argument("--seed", type=int, default=0)
    x = sub.add_parser("export", help="a checkpoint as weights the learned bot plays")
    x.add_argument("checkpoint")
    x.add_argument("--out", required=True, help="the weights file to write (.npz)")
    c = sub.add_parser("strength", help="every checkpoint of a run against bluffhouse bots")
    c.add_argument("run", help="the run's folder")
    c.add_argument("--against", default="random,counter")
    c.add_argument("--games", type=int, default=20)
    c.add_argument("--seed", type=int, default=0)
    for p in (e, c):
        p.add_argument(
            "--search-games", type=int, help="fewer games against ismcts (a second a move)"
        )
    args = ap.parse_args(argv)
    try:
        if args.command == "strength":
            rows = strength(
                args.run, args.against.split(","), args.games, args.seed, args.search_games
            )
            for r in rows:
                print(
                    f"update {r['update']}: against {r['bot']} won {r['wins']} of "
                    f"{r['games']} ({r['rate']:.0%}, [{r['low']:.0%}, {r['high']:.0%}])"
                )
            print(f"wrote {Path(args.run) / 'strength.csv'}")
            return 0
        if args.command == "export":
            meta = export(args.checkpoint, args.out)
            print(f"wrote {args.out}: {meta['game']}, {meta['players']} players, {meta['command']}")
            return 0
        if args.command == "evaluate":
            results = evaluate(
                args.checkpoint, args.against.split(","), args.games, args.seed, args.search_games
            )
            for bot, (wins, games) in results.items():
                print(f"against {bot}: won {wins} of {games} ({wins / games:.0%})")
            return 0
        options = dict(_option(o) for o in args.option)
        cfg = TrainConfig(
            game=args.game, players=args.players, options=options, envs=args.envs,
            rollouts=args.rollouts, max_steps=args.max_steps, updates=args.updates,
            hidden=args.hidden, league_every=args.league_every, league_share=args.league_share,
            league_size=args.league_size, save_every=args.save_every, stalled=args.stalled,
            seed=args.seed,
            actions=args.actions, beliefs=args.beliefs,
            styles=[x for x in args.styles.split(",") if x],
            imitate=args.imitate, imitate_games=args.imitate_games,
            ppo=Settings(lr=args.lr, entropy=args.entropy), start_from=args.start_from,
        )  # fmt: skip
        target = None
        if args.ray or args.address:
            from ..cluster import RayTarget, require_ray

            require_ray()
            target = RayTarget(args.address, None if args.address else args.workers)
        train(cfg, args.out, ray=target, quiet=args.quiet)
        return 0
    except (RuleError, OSError, ValueError) as exc:
        print(f"selfplay: {exc}", file=sys.stderr)
        return 2


def _option(text: str) -> tuple[str, Any]:
    import json

    key, sep, value = text.partition("=")
    if not sep:
        raise RuleError(f"--option takes KEY=VALUE, not {text!r}")
    try:
        return key, json.loads(value)
    except ValueError:
        return key, value


if __name__ == "__main__":
    raise SystemExit(main())
