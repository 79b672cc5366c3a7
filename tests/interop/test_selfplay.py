"""Self-play on the batched environment: a tiny run writes its checkpoints and curve, joins its
league, resumes where it stopped, gives the very same weights on Ray as in this process for
the same seed, and a checkpoint plays against bluffhouse bots."""

from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from bluffhouse.interop.ppo import Policy  # noqa: E402
from bluffhouse.interop.selfplay import (  # noqa: E402
    TrainConfig,
    evaluate,
    rollout,
    strength,
    train,
)

TINY = {"game": "popcorn", "envs": 4, "rollouts": 2, "max_steps": 300, "league_every": 2}


def test_a_run_writes_checkpoints_and_its_curve_and_resumes(tmp_path: Path) -> None:
    train(TrainConfig(**TINY, updates=4), tmp_path, quiet=True)  # type: ignore[arg-type]
    names = sorted(p.name for p in tmp_path.glob("ckpt-*.npz"))
    assert names == ["ckpt-00002.npz", "ckpt-00004.npz"]
    rows = list(csv.DictReader((tmp_path / "curve.csv").open()))
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4]
    assert all(int(r["decisions"]) > 0 and 0 <= float(r["learner_share"]) <= 1 for r in rows)
    first = Policy.load(tmp_path / "ckpt-00004.npz")
    assert first.meta["update"] == 4 and first.meta["config"]["game"] == "popcorn"
    # going on: from the latest checkpoint, to update 6
    train(TrainConfig(**TINY, updates=6), tmp_path, quiet=True)  # type: ignore[arg-type]
    rows = list(csv.DictReader((tmp_path / "curve.csv").open()))
    assert [int(r["update"]) for r in rows] == [1, 2, 3, 4, 5, 6]
    later = Policy.load(tmp_path / "ckpt-00006.npz")
    assert not np.array_equal(later.params["W2"], first.params["W2"])


def test_league_seats_play_past_versions() -> None:
    rng = np.random.default_rng(0)
    learner = Policy.new(923, 2383, 8, rng).params
    past = Policy.new(923, 2383, 8, rng).params
    job = ({**TINY, "players": None, "options": {}, "league_share": 1.0}, learner, [past], 5)
    out = rollout(job)
    # every seat but one (at least one seat learns) is the past version: the learner holds one
    # seat of four in each game
    assert out["held"] == out["games"] == 4
    alone = rollout(({**job[0], "league_share": 0.0}, learner, [past], 5))
    assert alone["held"] == 16  # no league seat: the learner holds every seat
    assert len(alone["act"]) > len(out["act"])


def test_the_same_seed_trains_the_same_weights(tmp_path: Path) -> None:
    cfg = TrainConfig(**TINY, updates=2, seed=3)  # type: ignore[arg-type]
    a = train(cfg, tmp_path / "a", quiet=True)
    b = train(cfg, tmp_path / "b", quiet=True)
    for key in a.params:
        np.testing.assert_array_equal(a.params[key], b.params[key])


def test_rollouts_on_ray_train_the_same_weights(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    from bluffhouse.cluster import RayTarget

    cfg = TrainConfig(**TINY, updates=2, seed=4)  # type: ignore[arg-type]
    local = train(cfg, tmp_path / "local", quiet=True)
    on_ray = train(cfg, tmp_path / "ray", ray=RayTarget(None, 2), quiet=True)
    for key in local.params:
        np.testing.assert_array_equal(local.params[key], on_ray.params[key])


test_rollouts_on_ray_train_the_same_weights = pytest.mark.xdist_group("ray")(
    test_rollouts_on_ray_train_the_same_weights
)


def test_a_checkpoint_plays_bluffhouse_bots(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    train(TrainConfig(**TINY, updates=2), tmp_path, quiet=True)  # type: ignore[arg-type]
    results = evaluate(tmp_path / "ckpt-00002.npz", ["random", "never_call"], games=2)
    assert set(results) == {"random", "never_call"}
    assert all(games == 2 and 0 <= wins <= 2 for wins, games in results.values())


def test_the_strength_of_every_checkpoint(tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    train(TrainConfig(**TINY, updates=4), tmp_path, quiet=True)  # type: ignore[arg-type]
    rows = strength(tmp_path, ["random"], games=2)
    assert [(r["update"], r["bot"], r["games"]) for r in rows] == [
        (2, "random", 2),
        (4, "random", 2),
    ]
    assert all(r["low"] <= r["rate"] <= r["high"] for r in rows)
    assert (tmp_path / "strength.csv").read_text().startswith("update,bot,wins,games,rate")
    pytest.importorskip("matplotlib")
    assert (tmp_path / "strength.png").stat().st_size > 1000


def test_the_command_line(tmp_path: Path) -> None:
    run = [sys.executable, "-m", "bluffhouse.interop.selfplay"]
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run(
        [*run, "train", "--game", "popcorn", "--envs", "4", "--updates", "2", "--league-every",
         "1", "--max-steps", "200", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "update 2:" in done.stdout
    done = subprocess.run(
        [*run, "evaluate", str(tmp_path / "ckpt-00002.npz"), "--against", "random", "--games",
         "1"],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "against random: won" in done.stdout
    bad = subprocess.run(
        [*run, "train", "--game", "jump_in", "--updates", "1", "--out", str(tmp_path / "s")],
        capture_output=True, text=True, timeout=300, env=env,
    )  # fmt: skip
    assert bad.returncode == 2 and "does not cover jump_in/4p: its rules use jump_in" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_a_stalled_game_is_a_draw_unless_asked() -> None:
    rng = np.random.default_rng(1)
    learner = Policy.new(923, 2383, 8, rng).params
    base = {**TINY, "players": None, "options": {"stall_limit": 12}, "league_share": 0.0}
    draw = rollout(({**base, "stalled": "draw"}, learner, [], 2))
    win = rollout(({**base, "stalled": "win"}, learner, [], 2))
    # the same games (same seed and policy): every one stalls after 12 quiet actions, so a
    # draw scores nothing, and as the engine ranks it the fewest cards win
    np.testing.assert_array_equal(draw["act"], win["act"])
    assert draw["won"] == 0 and not draw["rewards"].any()
    assert win["won"] > 0 and win["rewards"].max() > 0


def test_an_abstract_run_exports_weights_the_learned_bot_plays(tmp_path: Path) -> None:
    """Over the abstract actions with the belief features, a checkpoint becomes the learned
    bot's weights: the bot plays a whole game of 4-player Bullsh*t with them, and its
    notes keep the command that trains them; a full-space checkpoint is refused by name."""
    import bluffhouse as bh
    from bluffhouse.bots import Choices, make_bot
    from bluffhouse.bots.learned import LearnedBot, load_policy
    from bluffhouse.interop.selfplay import export
    from bluffhouse.interop.table import acting_seat

    cfg = TrainConfig(
        game="bullshit", envs=2, rollouts=1, max_steps=200, updates=1, league_every=1,
        actions="abstract", beliefs=True,
    )  # fmt: skip
    train(cfg, tmp_path / "abstract", quiet=True)
    weights = tmp_path / "learned.npz"
    meta = export(tmp_path / "abstract" / "ckpt-00001.npz", weights)
    assert meta["command"].startswith("python -m bluffhouse.interop.selfplay train --game ")
    assert "--actions abstract --beliefs" in meta["command"] and "--updates 1 " in meta["command"]
    layers, notes = load_policy(str(weights))
    assert [w.shape for w, _ in layers] == [(947, 64), (64, 16)]
    assert notes["players"] == 4 and notes["actions"] == "abstract"
    game = bh.new_game("bullshit", players=4, seed=3)
    bots = [LearnedBot(seed=1, weights=weights), *(make_bot("counter", seed=s) for s in (2, 3, 4))]
    while not game.over:
        seat = acting_seat(game)
        game.apply(seat, bots[seat].act(game.view(seat), Choices(game, seat)))
    assert game.result is not None
    train(TrainConfig(**TINY, updates=1), tmp_path / "full", quiet=True)  # type: ignore[arg-type]
    with pytest.raises(bh.RuleError, match="trained over 'full' actions without the belief"):
        export(tmp_path / "full" / "ckpt-00001.npz", tmp_path / "x.npz")


def test_the_league_styles_keep_their_habits() -> None:
    """Each fixed style of the league, given a mask and the belief features, plays its habit:
    callers call, non-callers never do, liars lay a bluff card, the honest never do, and the
    Poker Bull threshold bidder calls only under its odds."""
    from bluffhouse.bots.cheat.learned import ABSTRACT, BELIEFS
    from bluffhouse.interop.league import style

    rng = np.random.default_rng(0)
    feats = np.zeros(BELIEFS, np.float32)
    window = np.zeros(16, np.int8)
    window[[0, 1]] = 1
    turn = np.zeros(16, np.int8)
    plays = {(t, b): i for i, (kind, t, b) in enumerate(ABSTRACT) if kind == "play"}
    for tb in ((1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2)):
        turn[plays[tb]] = 1
    assert style("cheat", "always_call")(window, feats, rng) == 1
    assert style("cheat", "never_call")(window, feats, rng) == 0
    feats[18] = 0.9  # the last play is likely true: the counting styles let it stand
    assert style("cheat", "counter")(window, feats, rng) == 0
    feats[18] = 0.1
    assert style("cheat", "counter")(window, feats, rng) == 1
    assert ABSTRACT[style("cheat", "never_lie")(turn, feats, rng)][1:] == (2, 0)
    assert ABSTRACT[style("cheat", "always_lie")(turn, feats, rng)][1:] == (2, 1)
    thirds = [style("cheat", "calls_third")(window, feats, rng) for _ in range(600)]
    assert 150 < thirds.count(1) < 250
    # Poker Bull: 0 the call, 1-5 raises by their chance, 6 the nearest raise, 7 counter's
    mask = np.ones(8, np.int8)
    odds = np.array([0.05, 0.99, 0.9, 0.7, 0.5, 0.3, 0.3, 0.7], np.float32)
    assert style("poker_bull", "threshold")(mask, odds, rng) == 0
    assert style("poker_bull", "never_call")(mask, odds, rng) != 0
    assert style("poker_bull", "always_call")(mask, odds, rng) == 0
    odds[0] = 0.5
    assert style("poker_bull", "threshold")(mask, odds, rng) == 4
    assert style("poker_bull", "threshold_even")(mask, odds, rng) == 3
    assert style("poker_bull", "honest")(mask, odds, rng) == 1
    # counter's values: the call is worth 1 - 0.5, its raise 1 - 0.8 (1 - 0.7) = 0.76
    assert style("poker_bull", "counter")(mask, odds, rng) == 7
    odds[0] = 0.1  # the call is worth 0.9 now
    assert style("poker_bull", "counter")(mask, odds, rng) == 0
    opening = np.array([0, 0, 0, 1, 1, 1, 1, 1], np.int8)
    assert style("poker_bull", "always_call")(opening, odds, rng) == 3
    assert style("poker_bull", "counter")(opening, odds, rng) == 7
    with pytest.raises(Exception, match="no league style 'bluffer' for poker bull; the styles"):
        style("poker_bull", "bluffer")


ABSTRACT_TINY: dict[str, Any] = {
    "game": "bullshit", "envs": 4, "rollouts": 1, "max_steps": 400, "league_every": 1,
    "actions": "abstract", "beliefs": True,
}  # fmt: skip


def test_styles_take_league_seats_and_a_run_can_start_by_imitating_one(tmp_path: Path) -> None:
    cfg = TrainConfig(
        **ABSTRACT_TINY, updates=1, styles=["always_call", "never_lie"], imitate="always_call",
        imitate_games=8, seed=2,
    )  # fmt: skip
    train(cfg, tmp_path, quiet=True)
    assert sorted(p.name for p in tmp_path.glob("ckpt-*.npz")) == [
        "ckpt-00000.npz",
        "ckpt-00001.npz",
    ]
    # checkpoint 0 is the imitation: it calls where it may, as always_call does
    from bluffhouse.interop.batched_games import batched_env

    taught = Policy.load(tmp_path / "ckpt-00000.npz")
    env = batched_env("bullshit", 16, actions="abstract", beliefs=True)
    batch = env.reset(seed=9)
    rng = np.random.default_rng(0)
    calls = asked = 0
    for _ in range(60):
        act, _, _ = taught.act(np.asarray(batch.obs), np.asarray(batch.mask), rng)
        may = np.asarray(batch.mask)[:, 1] > 0
        asked += int(may.sum())
        calls += int((act[may] == 1).sum())
        batch = env.step(act)
    assert asked > 20 and calls / asked > 0.8
    # a rollout where every other seat is a style: the learner holds one seat a game
    job_cfg = {
        "game": "bullshit", "players": None, "envs": 4, "max_steps": 400,
        "options": {"actions": "abstract", "beliefs": True}, "league_share": 1.0,
        "styles": ["never_call"],
    }  # fmt: skip
    out = rollout((job_cfg, taught.params, [], 3))
    assert out["held"] == out["games"] == 4


def test_checkpoints_keep_a_cadence_of_their_own_and_the_league_only_its_members(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--league-every 0 --save-every 1``: a checkpoint each update, and the league holds the
    imitation alone (and the end's policy); a resumed run reads the same league back."""
    cfg = TrainConfig(
        **{**ABSTRACT_TINY, "league_every": 0}, save_every=1, updates=2, imitate="never_call",
        imitate_games=4, styles=["never_call"], seed=4,
    )  # fmt: skip
    train(cfg, tmp_path, quiet=True)
    saved = sorted(tmp_path.glob("ckpt-*.npz"))
    assert [p.name for p in saved] == ["ckpt-00000.npz", "ckpt-00001.npz", "ckpt-00002.npz"]
    assert [Policy.load(p).meta["league"] for p in saved] == [True, False, True]
    from bluffhouse.interop import selfplay

    seen: list[int] = []
    real = selfplay.rollout

    def counting(job: Any) -> Any:
        seen.append(len(job[2]))
        return real(job)

    monkeypatch.setattr(selfplay, "rollout", counting)
    train(TrainConfig(**{**cfg.__dict__, "updates": 3}), tmp_path, quiet=True)
    assert seen == [2]  # the imitation and the policy of update 2 (the end of the first run)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"updates": -1}, "--updates must be a whole number from 0, not -1"),
        ({"save_every": -2}, "--save-every must be a whole number from 0, not -2"),
        ({"league_every": -1}, "--league-every must be a whole number from 0"),
        ({"rollouts": 0}, "--rollouts must be a whole number from 1, not 0"),
        ({"league_share": 1.5}, "--league-share is a chance from 0 to 1, not 1.5"),
    ],
)
def test_a_count_out_of_range_is_refused_by_its_flag(
    tmp_path: Path, change: dict[str, Any], message: str
) -> None:
    import bluffhouse as bh

    with pytest.raises(bh.RuleError, match=message):
        train(TrainConfig(**{**ABSTRACT_TINY, **change}), tmp_path, quiet=True)
    assert not list(tmp_path.iterdir())  # nothing written


def test_the_command_line_says_which_count_is_wrong(tmp_path: Path) -> None:
    out = subprocess.run(
        [sys.executable, "-m", "bluffhouse.interop.selfplay", "train", "--updates", "-1",
         "--out", str(tmp_path / "run")],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert out.returncode != 0
    assert "--updates must be a whole number from 0, not -1" in out.stderr
    assert "Traceback" not in out.stderr


def test_styles_and_imitation_need_the_abstract_actions(tmp_path: Path) -> None:
    import bluffhouse as bh

    with pytest.raises(bh.RuleError, match="add --actions abstract --beliefs"):
        cfg = TrainConfig(**TINY, updates=1, styles=["counter"])  # type: ignore[arg-type]
        train(cfg, tmp_path, quiet=True)
    with pytest.raises(bh.RuleError, match="no league style 'threshold' for cheat"):
        train(TrainConfig(**ABSTRACT_TINY, updates=1, styles=["threshold"]), tmp_path, quiet=True)


def test_a_run_can_start_from_the_shipped_weights(tmp_path: Path) -> None:
    """``start_from``: the learned bot's Bullsh*t weights become the new policy's layers
    (its first checkpoint moved on from them, not from random weights); weights of another
    table are refused by their sizes."""
    import bluffhouse as bh
    from bluffhouse.bots.cheat.learned import WEIGHTS
    from bluffhouse.bots.pokerbull.learned import WEIGHTS as POKER_WEIGHTS

    cfg = TrainConfig(**ABSTRACT_TINY, updates=1, start_from=str(WEIGHTS), seed=1)
    trained = train(cfg, tmp_path / "a", quiet=True)
    with np.load(WEIGHTS) as shipped:
        moved = np.abs(trained.params["W1"] - shipped["w0"]).max()
        fresh = Policy.new(947, 16, 64, np.random.default_rng(1)).params["W1"]
        assert 0 < moved < np.abs(fresh - shipped["w0"]).max() / 10
    from bluffhouse.interop.selfplay import export

    notes = export(tmp_path / "a" / "ckpt-00001.npz", tmp_path / "w.npz")
    assert f"--start-from {WEIGHTS}" in notes["command"]
    bad = TrainConfig(**ABSTRACT_TINY, updates=1, start_from=str(POKER_WEIGHTS))
    with pytest.raises(bh.RuleError, match="holds a 509 -> 64 -> 8 policy; this run needs 947"):
        train(bad, tmp_path / "b", quiet=True)
