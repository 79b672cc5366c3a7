"""The batched Sneak environment against the Python engine: the same seeds and actions played
through both, every observation, mask, acting seat, reward and end compared value for value,
over every option (packs, players, the reading of a challenge to a flaunt, the target, the
action space's limits), with hands big enough that the engine caps its listing; its
refusals, truncation and reproducibility."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import bluffhouse as bh  # noqa: E402
from bluffhouse.encodings import rewards  # noqa: E402
from bluffhouse.interop.batched_sneak import BatchedSneak  # noqa: E402
from bluffhouse.interop.table import acting_seat  # noqa: E402
from bluffhouse.sneak.engine import LIST_LIMIT, SneakGame  # noqa: E402


class SneakReference:
    """One game of the Python engine with the batch's game seed (it shuffles the same stock,
    deal after deal), observed as the environments observe it."""

    def __init__(self, env: BatchedSneak, game: int) -> None:
        self.env = env
        made = env.config.new_game(seed=int(env.game_seeds()[game]))
        assert isinstance(made, SneakGame)
        self.game = made
        self.memories = [env.encoder.memory(s) for s in range(env.players)]

    def observe(self, seat: int) -> Any:
        return self.env.encoder.encode(self.game.view(seat), self.memories[seat])

    def mask(self, seat: int) -> Any:
        ids = self.env.codec.legal_ids(self.game, seat, self.game.view(seat))
        out = np.zeros(self.env.num_actions, dtype=np.int8)
        out[ids] = 1
        return out


def _differential(policy: str, steps: int, num_envs: int = 3, **kw: Any) -> Counter[str]:
    """Plays ``steps`` steps of ``num_envs`` games through both, the batch's seat choosing
    by ``policy`` (``mixed``: a uniformly drawn legal id, a challenge window passed half the
    time; ``hoard``: a draw whenever there is one, so hands grow big); what was met."""
    env = BatchedSneak("sneak", num_envs=num_envs, seed=1, **kw)
    batch = env.reset()
    refs = [SneakReference(env, e) for e in range(num_envs)]
    rng = np.random.default_rng(1)
    met: Counter[str] = Counter()
    draw_id = env.codec._by_kind["draw"].start
    pass_id = env.codec._by_kind["pass"].start
    for step in range(steps):
        actions = np.zeros(num_envs, dtype=np.int64)
        for e, ref in enumerate(refs):
            game = ref.game
            seat = acting_seat(game)
            where = f"game {e} step {step}"
            assert batch.seat[e] == seat, where
            np.testing.assert_array_equal(batch.obs[e], ref.observe(seat), err_msg=where)
            np.testing.assert_array_equal(batch.mask[e], ref.mask(seat), err_msg=where)
            if len(game.legal_sets(seat)) == LIST_LIMIT:
                met["capped listing"] += 1
            legal = np.flatnonzero(batch.mask[e])
            view = game.view(seat)
            window = view["phase"] == "window"
            if policy == "hoard" and batch.mask[e][draw_id]:
                action = draw_id
            elif window and batch.mask[e][pass_id] and rng.random() < 0.5:
                action = pass_id
            else:
                action = int(rng.choice(legal))
            if window and action != pass_id:
                met[f"challenge to a {view['lead']['kind']}"] += 1
            actions[e] = action
            game.apply(seat, env.codec.decode(action, view))
        batch = env.step(actions)
        for e, ref in enumerate(refs):
            assert bool(batch.terminated[e]) == ref.game.over, f"game {e} step {step}"
            assert not batch.stalled[e]
            if ref.game.over:
                want = rewards(ref.game.result, env.players, env.reward)
                np.testing.assert_allclose(batch.rewards[e], want, rtol=0, atol=1e-6)
                last = int(batch.final_seat[e])
                np.testing.assert_array_equal(batch.final_obs[e], ref.observe(last))
                if len((ref.game.result or {}).get("shared") or ()) > 1:
                    met["shared win"] += 1
                refs[e] = SneakReference(env, e)
                met["ended"] += 1
            else:
                assert not batch.rewards[e].any()
    return met


@pytest.mark.parametrize(
    ("policy", "steps", "kw", "must_meet"),
    [
        ("mixed", 600, {"target": 20}, ("ended", "challenge to a sneak", "challenge to a flaunt")),
        ("hoard", 400, {"players": 2, "target": 30}, ("ended", "capped listing")),
        pytest.param(
            "mixed",
            400,
            {"players": 7, "target": 15, "flaunt_challenges": "any", "reward": "rank"},
            ("ended", "challenge to a flaunt"),
            marks=pytest.mark.slow,
        ),
        pytest.param(
            "mixed",
            400,
            {"players": 5, "packs": 2, "target": 25, "history": 3},
            ("ended",),
            marks=pytest.mark.slow,
        ),
        pytest.param(
            "hoard",
            300,
            {"players": 4, "packs": 2, "target": 60, "any_limit": 2, "combo_limit": 6},
            ("capped listing", "challenge to a flaunt"),
            marks=pytest.mark.slow,
        ),
        pytest.param("mixed", 300, {"players": 3, "target": 8}, ("ended",), marks=pytest.mark.slow),
    ],
)
def test_batched_sneak_equals_the_python_engine(
    policy: str, steps: int, kw: dict[str, Any], must_meet: tuple[str, ...]
) -> None:
    met = _differential(policy, steps, **kw)
    for what in must_meet:
        assert met[what], f"no {what} was met: {dict(met)}"


def test_a_batched_sneak_game_replays_from_its_seed() -> None:
    env = BatchedSneak("sneak", num_envs=2, seed=9)
    env.reset()
    first = env.game_seeds()
    for e, seed in enumerate(first):
        ref = bh.new_game("sneak", seed=int(seed))
        assert ref.view(None)["stock_size"] == 52
        assert env.hands(e) == [[] for _ in range(4)]  # (Sneak starts with empty hands)
    env.reset(seed=9)
    assert (env.game_seeds() == first).all()


def test_truncation_and_an_illegal_action() -> None:
    env = BatchedSneak("sneak", num_envs=2, seed=4, max_steps=5)
    batch = env.reset()
    with pytest.raises(bh.IllegalAction, match=r"game 0: action id 1 \(pass\) is not legal"):
        env.step(np.ones(2, dtype=np.int64))  # a pass, with no lead to pass on
    for step in range(5):
        batch = env.step(np.argmax(batch.mask, axis=1))
        assert batch.truncated.all() == (step == 4)
    assert (batch.final_seat >= 0).all() and not batch.rewards.any()


@pytest.mark.parametrize(
    ("game", "kw", "words"),
    [
        ("bullshit", {}, "BatchedSneak plays Sneak; bullshit is not Sneak"),
        ("sneak", {"packs": 2, "players": 3}, "3 players use one pack"),
        ("sneak", {"any_limit": 9}, "any_limit must be a whole number from 1 to 8"),
        ("sneak", {"num_envs": 0}, "num_envs must be a whole number from 1"),
    ],
)
def test_what_the_sneak_batch_refuses(game: str, kw: dict[str, Any], words: str) -> None:
    with pytest.raises(bh.RuleError, match=words):
        BatchedSneak(game, **kw)
