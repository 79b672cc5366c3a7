"""The batched Cheat environment against the Python engine: the same deals and actions played
through both, every observation, mask, acting seat, reward and end compared value for value,
for every preset it covers; its refusals, reproducibility and the Gymnasium vector form."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import bluffhouse as bh  # noqa: E402
from bluffhouse.cheat.fast_spec import supported_presets  # noqa: E402
from bluffhouse.encodings import rewards  # noqa: E402
from bluffhouse.interop.batched import BatchedCheat, BatchedGames  # noqa: E402
from bluffhouse.interop.batched_games import batched_env  # noqa: E402
from bluffhouse.interop.batched_poker import BatchedPokerBull  # noqa: E402
from bluffhouse.interop.batched_sneak import BatchedSneak  # noqa: E402
from bluffhouse.interop.table import acting_seat  # noqa: E402

PRESETS = supported_presets()


class Reference:
    """One game of the Python engine dealt as a game of the batch, observed as the
    environments observe it (the same encoder and codec, a memory per seat)."""

    def __init__(self, env: BatchedGames, game: int) -> None:
        self.env = env
        self.game = self.deal(env, game)
        self.memories = [env.encoder.memory(s) for s in range(env.players)]

    @staticmethod
    def deal(env: Any, game: int) -> Any:
        return env.config.new_game(seed=0, deal=env.hands(game))

    def observe(self, seat: int) -> Any:
        return self.env.encoder.encode(self.game.view(seat), self.memories[seat])

    def mask(self, seat: int) -> Any:
        ids = self.env.codec.legal_ids(self.game, seat, self.game.view(seat))
        out = np.zeros(self.env.num_actions, dtype=np.int8)
        out[ids] = 1
        return out

    def act(self, action: int) -> None:
        seat = acting_seat(self.game)
        self.game.apply(seat, self.env.codec.decode(action, self.game.view(seat)))


def _choose(mask: Any, rng: Any, call_id: int, pass_id: int) -> int:
    """A legal id, drawn so that games end both ways: plays often stand (a window is mostly
    let go by) and large plays come often, so hands empty; calls still come."""
    ids = np.flatnonzero(mask)
    plays = ids[ids > max(call_id, pass_id)]
    if len(plays) == 0:
        if mask[pass_id] and (not mask[call_id] or rng.random() < 0.8):
            return pass_id
        return call_id if mask[call_id] else int(ids[0])
    if mask[call_id] and rng.random() < 0.15:
        return call_id
    if rng.random() < 0.35:
        return int(plays[-1])  # the largest play of the table's last size
    return int(rng.choice(plays))


def _differential(game: str, steps: int, num_envs: int = 3, seed: int = 1, **kw: Any) -> int:
    """Plays ``steps`` steps of ``num_envs`` games through both; the games that ended."""
    env = BatchedCheat(game, num_envs=num_envs, seed=seed, **kw)
    batch = env.reset()
    refs = [Reference(env, e) for e in range(num_envs)]
    rng = np.random.default_rng(seed)
    call_id = env.codec._by_kind["call"].start
    pass_id = env.codec._by_kind["pass"].start
    ended = 0
    for step in range(steps):
        actions = np.zeros(num_envs, dtype=np.int64)
        for e, ref in enumerate(refs):
            seat = acting_seat(ref.game)
            where = f"{game} game {e} step {step}"
            assert batch.seat[e] == seat, where
            np.testing.assert_array_equal(batch.obs[e], ref.observe(seat), err_msg=where)
            np.testing.assert_array_equal(batch.mask[e], ref.mask(seat), err_msg=where)
            actions[e] = _choose(batch.mask[e], rng, call_id, pass_id)
            ref.act(int(actions[e]))
        batch = env.step(actions)
        for e, ref in enumerate(refs):
            assert bool(batch.terminated[e]) == ref.game.over, f"{game} game {e} step {step}"
            stalled = ref.game.over and (ref.game.result or {}).get("end") == "stalled"
            assert bool(batch.stalled[e]) == stalled
            if ref.game.over:
                want = rewards(ref.game.result, env.players, env.reward)
                np.testing.assert_allclose(batch.rewards[e], want, rtol=0, atol=1e-6)
                last = int(batch.final_seat[e])
                np.testing.assert_array_equal(batch.final_obs[e], ref.observe(last))
                for s in range(env.players):  # every seat's view of the end (observe())
                    assert ref.observe(s).shape == batch.final_obs[e].shape
                refs[e] = Reference(env, e)
                ended += 1
            else:
                assert not batch.rewards[e].any()
    return ended


@pytest.mark.parametrize("game", PRESETS)
def test_batched_equals_the_python_engine(game: str) -> None:
    ended = _differential(game, steps=250, stall_limit=60)
    assert ended >= 1, f"no game of {game} ended: the end was not compared"


@pytest.mark.slow
@pytest.mark.parametrize("game", PRESETS)
def test_batched_equals_the_python_engine_at_full_size(game: str) -> None:
    """The presets' own options (the default no-progress limit: games run thousands of
    steps), long enough for games to end."""
    _differential(game, steps=2500, num_envs=2, seed=7)


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        ("bullshit", {"reward": "rank", "stall_limit": 60}),
        ("higherarchy", {"history": 3, "stall_limit": 80}),
        ("bullshit", {"players": 6, "stall_limit": 60}),
        ("popcorn", {"players": 3, "max_cards": 2}),
        ("bullshit", {"players": 2, "stall_limit": 60}),
    ],
)
def test_batched_equals_the_python_engine_with_options(game: str, kw: dict[str, Any]) -> None:
    assert _differential(game, steps=250, **kw) >= 1


def test_every_seat_is_observed_as_the_engine_shows_it() -> None:
    env = BatchedCheat("kings_cup", num_envs=2, seed=3)
    batch = env.reset()
    refs = [Reference(env, e) for e in range(2)]
    rng = np.random.default_rng(3)
    for _ in range(120):
        for seat in range(env.players):
            got = env.observe(np.full(2, seat))
            for e, ref in enumerate(refs):
                np.testing.assert_array_equal(got[e], ref.observe(seat))
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in batch.mask])
        for ref, a in zip(refs, actions, strict=True):
            ref.act(int(a))
        batch = env.step(actions)
        for e, ref in enumerate(refs):
            if ref.game.over:
                refs[e] = Reference(env, e)


def test_the_same_seed_plays_the_same_games() -> None:
    def run(seed: int) -> list[Any]:
        env = BatchedCheat("bullshit", num_envs=4, seed=seed)
        batch = env.reset()
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(50):
            seen.append(batch.obs.copy())
            batch = env.step(np.argmax(batch.mask * rng.random(batch.mask.shape), axis=1))
        return seen

    a, b, c = run(5), run(5), run(6)
    assert all(np.array_equal(x, y) for x, y in zip(a, b, strict=True))
    assert not np.array_equal(a[0], c[0])
    env = BatchedCheat("bullshit", num_envs=4, seed=5)
    first = env.reset().obs.copy()
    env.step(np.argmax(env.reset(seed=5).mask, axis=1))
    assert np.array_equal(env.reset(seed=5).obs, first)


def test_games_of_one_batch_are_dealt_apart() -> None:
    env = BatchedCheat("bullshit", num_envs=8, seed=0)
    env.reset()
    assert len({tuple(map(tuple, env.hands(e))) for e in range(8)}) == 8


def test_an_illegal_action_is_refused_with_nothing_changed() -> None:
    env = BatchedCheat("bullshit", num_envs=3, seed=2)
    batch = env.reset()
    before = (env._rows.copy(), batch.obs.copy(), batch.mask.copy())
    bad = np.argmax(batch.mask, axis=1)
    bad[1] = int(np.flatnonzero(batch.mask[1] == 0)[-1])
    with pytest.raises(bh.IllegalAction, match="game 1: action id"):
        env.step(bad)
    for wrong in ([0, 1], np.array([0.5, 1.0, 2.0]), np.full(3, env.num_actions), np.full(3, -1)):
        with pytest.raises(bh.IllegalAction):
            env.step(wrong)
    assert np.array_equal(env._rows, before[0])
    assert np.array_equal(env.reset(seed=2).obs, before[1])


def test_the_mask_is_never_empty_and_the_buffers_are_read_only() -> None:
    env = BatchedCheat("hawaiian_bluff", num_envs=16, seed=1)  # games of a few steps
    batch = env.reset()
    rng = np.random.default_rng(1)
    # Calls kept one time in five (every seat may call each play: called half the time by
    # each, the pile never settles and no game ends).
    call = env.codec._by_kind["call"].start
    ended = 0
    for _ in range(200):
        assert (batch.mask.sum(axis=1) > 0).all()
        assert not batch.obs.flags.writeable and not batch.mask.flags.writeable
        weights = batch.mask * rng.random(batch.mask.shape)
        weights[:, call] *= 0.2
        batch = env.step(np.argmax(weights, axis=1))
        ended += int(batch.terminated.sum())
    assert ended > 16


def test_truncation_after_max_steps() -> None:
    env = BatchedCheat("bullshit", num_envs=2, seed=4, max_steps=10)
    batch = env.reset()
    for step in range(10):
        batch = env.step(np.argmax(batch.mask, axis=1))
        assert batch.truncated.all() == (step == 9)
    assert (batch.final_seat >= 0).all() and not batch.rewards.any()


@pytest.mark.parametrize(
    ("game", "kw", "words"),
    [
        ("poker_bull", {}, "poker_bull is a Poker Bull game \\(BatchedPokerBull plays it\\)"),
        ("sneak", {}, "sneak is a Sneak game \\(BatchedSneak plays it\\)"),
        ("jump_in", {}, "does not cover jump_in/4p: its rules use jump_in"),
        ("bullshit", {"check": True}, "its rules use check"),
        ("bullshit", {"num_envs": 0}, "num_envs must be a whole number from 1"),
        ("bullshit", {"max_steps": 0}, "max_steps must be"),
        ("bullshit", {"reward": "money"}, "reward must be one of"),
        ("bullshit", {"players": 1}, "players"),
    ],
)
def test_what_it_does_not_cover_is_refused_by_name(
    game: str, kw: dict[str, Any], words: str
) -> None:
    with pytest.raises(bh.RuleError, match=words):
        BatchedCheat(game, **kw)


def test_exact_deals_are_checked_as_the_engine_checks_them() -> None:
    env = BatchedCheat("bullshit", num_envs=1)
    with pytest.raises(bh.RuleError, match="is not a card"):
        env.reset(deals=[[["XX"], [], [], []]])
    with pytest.raises(bh.RuleError, match="one deal per game"):
        env.reset(deals=[])


def test_gymnasium_make_vec_gives_the_batched_environment() -> None:
    gym = pytest.importorskip("gymnasium")
    import bluffhouse.interop.gymnasium  # noqa: F401  (registers the ids)
    from bluffhouse.interop.gym_vector import BatchedVectorEnv

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gym.make_vec(
            "bluffhouse/Bullshit-v0",
            num_envs=4,
            vectorization_mode="vector_entry_point",
            stall_limit=50,  # (random games end sooner)
        )
    assert isinstance(env, BatchedVectorEnv)
    single = gym.make("bluffhouse/Bullshit-v0", stall_limit=50).unwrapped
    assert env.single_observation_space == single.observation_space
    assert env.single_action_space == single.action_space
    obs, info = env.reset(seed=3)
    assert obs.shape == (4, single.observation_space.shape[0])
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(3000):
        mask = info["action_mask"]
        assert mask.shape == (4, single.action_space.n) and (mask.sum(axis=1) > 0).all()
        actions = np.array([int(rng.choice(np.flatnonzero(m))) for m in mask])
        obs, reward, terminated, _truncated, info = env.step(actions)
        assert obs in env.observation_space
        for e in np.flatnonzero(terminated):
            ended += 1
            seat = info["acted"][e]
            assert reward[e] == info["rewards"][e, seat]
            assert info["_final_obs"][e] and info["final_obs"][e].shape == obs[e].shape
            assert abs(info["rewards"][e].sum()) < 1e-5  # zero-sum
        if ended >= 2:
            break
    assert ended >= 2
    poker = gym.make_vec(
        "bluffhouse/PokerBull-v0", num_envs=2, vectorization_mode="vector_entry_point"
    )
    assert isinstance(poker.unwrapped.batch, BatchedPokerBull)
    sneak = gym.make_vec(
        "bluffhouse/Sneak-v0", num_envs=2, vectorization_mode="vector_entry_point", players=3
    )
    assert isinstance(sneak.unwrapped.batch, BatchedSneak)
    assert sneak.single_action_space == gym.make("bluffhouse/Sneak-v0", players=3).action_space


# ---------------------------------------------------------------------- Poker Bull
class PokerReference(Reference):
    """A game of the Python engine with the batch's game seed: it deals the same hands,
    hand after hand."""

    @staticmethod
    def deal(env: Any, game: int) -> Any:
        return env.config.new_game(seed=int(env.game_seeds()[game]))


def _poker_differential(game: str, steps: int, num_envs: int = 3, **kw: Any) -> int:
    env = BatchedPokerBull(game, num_envs=num_envs, seed=1, **kw)
    batch = env.reset()
    refs = [PokerReference(env, e) for e in range(num_envs)]
    rng = np.random.default_rng(1)
    ended = 0
    for step in range(steps):
        actions = np.zeros(num_envs, dtype=np.int64)
        for e, ref in enumerate(refs):
            seat = acting_seat(ref.game)
            where = f"{game} game {e} step {step}"
            assert batch.seat[e] == seat, where
            np.testing.assert_array_equal(batch.obs[e], ref.observe(seat), err_msg=where)
            np.testing.assert_array_equal(batch.mask[e], ref.mask(seat), err_msg=where)
            legal = np.flatnonzero(batch.mask[e])
            call = legal[0] == 0
            # calls often (a hand per few bids), else a bid drawn low in the list
            if call and rng.random() < 0.35:
                actions[e] = 0
            else:
                bids = legal[1:] if call else legal
                actions[e] = int(bids[int(rng.integers(0, min(len(bids), 60)))])
            ref.game.apply(seat, env.codec.decode(int(actions[e]), ref.game.view(seat)))
        batch = env.step(actions)
        for e, ref in enumerate(refs):
            assert bool(batch.terminated[e]) == ref.game.over
            stalled = ref.game.over and (ref.game.result or {}).get("end") == "stalled"
            assert bool(batch.stalled[e]) == stalled
            if ref.game.over:
                want = rewards(ref.game.result, env.players, env.reward)
                np.testing.assert_allclose(batch.rewards[e], want, rtol=0, atol=1e-6)
                last = int(batch.final_seat[e])
                np.testing.assert_array_equal(batch.final_obs[e], ref.observe(last))
                refs[e] = PokerReference(env, e)
                ended += 1
    return ended


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        ("poker_bull", {}),
        ("poker_bull_no_jokers", {}),
        ("poker_bull_rising", {}),
        ("poker_bull", {"higher_hand_counts": True}),
        ("poker_bull", {"recharge_at": 8}),
        ("poker_bull", {"players": 3, "reward": "rank"}),
        ("poker_bull", {"players": 7}),
        ("poker_bull", {"stall_limit": 3}),
        ("poker_bull_rising", {"grow_limit": 3, "players": 5, "history": 3}),
    ],
)
def test_batched_poker_bull_equals_the_python_engine(game: str, kw: dict[str, Any]) -> None:
    assert _poker_differential(game, steps=300, **kw) >= 2


def test_a_batched_poker_bull_game_replays_from_its_seed() -> None:
    env = BatchedPokerBull("poker_bull", num_envs=2, seed=9)
    env.reset()
    for e, seed in enumerate(env.game_seeds()):
        ref = bh.new_game("poker_bull", seed=int(seed))
        assert [sorted(h) for h in env.hands(e)] == [
            sorted(bh.cards.CARD_INDEX[c] for c in ref.view(s)["hand"]) for s in range(4)
        ]


@pytest.mark.parametrize(
    ("game", "kw", "words"),
    [
        ("poker_bull", {"jokers_leave_at": 10}, "its rules use jokers_leave_at"),
        ("poker_bull", {"lowest_rank": "9"}, "the whole pack only"),
        ("bullshit", {}, "BatchedPokerBull plays Poker Bull; bullshit is not Poker Bull"),
        ("poker_bull", {"num_envs": 0}, "num_envs must be a whole number from 1"),
    ],
)
def test_what_the_poker_bull_batch_does_not_cover_is_refused(
    game: str, kw: dict[str, Any], words: str
) -> None:
    with pytest.raises(bh.RuleError, match=words):
        BatchedPokerBull(game, **kw)


def test_batched_env_picks_the_family() -> None:
    assert isinstance(batched_env("popcorn", 2), BatchedCheat)
    assert isinstance(batched_env("poker_bull", 2, players=3), BatchedPokerBull)
    assert isinstance(batched_env("sneak", 2, players=3, any_limit=2), BatchedSneak)
    env = batched_env("poker_bull", 4, seed=2)
    env.reset()
    with pytest.raises(bh.IllegalAction, match=r"game 0: action id 19725 \(out of range\)"):
        env.step(np.full(4, env.num_actions))
