"""The batched environment's abstract actions and belief features against the Python
environments': the same deals and abstract ids played through both, every abstract mask, the
concrete action each id stands for, every observation with its belief features compared, for
every Cheat preset it covers and Poker Bull's options; the refusals and the Gymnasium vector
form."""

from __future__ import annotations

from typing import Any

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

import bluffhouse as bh  # noqa: E402
from bluffhouse.cheat.fast_spec import supported_presets  # noqa: E402
from bluffhouse.interop.abstract import PokerBullAbstraction, abstraction  # noqa: E402
from bluffhouse.interop.batched import BatchedCheat  # noqa: E402
from bluffhouse.interop.batched_games import batched_env  # noqa: E402
from bluffhouse.interop.batched_poker import BatchedPokerBull  # noqa: E402
from bluffhouse.interop.batched_poker_abstract import POKER_ABSTRACT_SIZE  # noqa: E402
from bluffhouse.interop.table import acting_seat  # noqa: E402

PRESETS = supported_presets()


class Reference:
    """One game of the Python engine dealt as a game of the batch, read through the Python
    abstraction (its ids' actions and its belief features) and the observation encoder."""

    def __init__(self, env: BatchedCheat, game: int) -> None:
        self.env = env
        self.game = env.config.new_game(seed=0, deal=env.hands(game))
        self.memories = [env.encoder.memory(s) for s in range(env.players)]

    def observe(self, seat: int, abstract: Any) -> Any:
        view = self.game.view(seat)
        return np.concatenate(
            [
                self.env.encoder.encode(view, self.memories[seat]),
                abstract.features(self.game, seat, view),
            ]
        )


def _differential(game: str, steps: int, num_envs: int = 3, seed: int = 1, **kw: Any) -> int:
    """Plays ``steps`` abstract steps of ``num_envs`` games through both; the games that
    ended."""
    env = BatchedCheat(game, num_envs=num_envs, seed=seed, actions="abstract", beliefs=True, **kw)
    abstract = abstraction(env.config)
    batch = env.reset()
    refs = [Reference(env, e) for e in range(num_envs)]
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        concrete = env.concrete_ids()
        actions = np.zeros(num_envs, dtype=np.int64)
        for e, ref in enumerate(refs):
            seat = acting_seat(ref.game)
            where = f"{game} game {e} step {step}"
            assert batch.seat[e] == seat, where
            view = ref.game.view(seat)
            options = abstract.options(ref.game, seat, view)
            want = np.zeros(16, dtype=np.int8)
            want[list(options)] = 1
            np.testing.assert_array_equal(batch.mask[e], want, err_msg=where)
            for i, action in options.items():
                assert env.codec.encode(action, view) == concrete[e, i], where
            np.testing.assert_allclose(
                batch.obs[e], ref.observe(seat, abstract), rtol=0, atol=1e-5, err_msg=where
            )
            legal = np.flatnonzero(batch.mask[e])
            plays = legal[legal >= 2]
            pick = plays if len(plays) and rng.random() < 0.8 else legal
            actions[e] = int(rng.choice(pick))
            ref.game.apply(seat, options[int(actions[e])])
        batch = env.step(actions)
        for e, ref in enumerate(refs):
            assert bool(batch.terminated[e]) == ref.game.over, f"{game} game {e} step {step}"
            if ref.game.over:
                last = int(batch.final_seat[e])
                np.testing.assert_allclose(
                    batch.final_obs[e], ref.observe(last, abstract), rtol=0, atol=1e-5
                )
                refs[e] = Reference(env, e)
                ended += 1
    return ended


@pytest.mark.parametrize("game", PRESETS)
def test_abstract_actions_and_beliefs_equal_the_python_environments(game: str) -> None:
    _differential(game, steps=120, stall_limit=60)


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        ("bullshit", {"players": 6, "stall_limit": 60}),
        ("bullshit", {"players": 2, "stall_limit": 60}),
        ("popcorn", {"players": 3, "max_cards": 2, "stall_limit": 60}),
        # (every other seat is asked before each next play: more steps a game)
        ("bullshit", {"callers": "anytime", "stall_limit": 60, "steps": 500}),
    ],
)
def test_abstract_actions_and_beliefs_with_options(game: str, kw: dict[str, Any]) -> None:
    assert _differential(game, **{"steps": 200, **kw}) >= 1


@pytest.mark.slow
@pytest.mark.parametrize("game", ["bullshit", "jokers_wild", "hawaiian_bluff", "popcorn_reverse"])
def test_abstract_actions_and_beliefs_at_full_size(game: str) -> None:
    """The presets' own no-progress limits: long games, big hands, a long record."""
    _differential(game, steps=1500, num_envs=2, seed=7)


def test_an_illegal_abstract_id_is_refused_with_nothing_changed() -> None:
    env = BatchedCheat("bullshit", num_envs=2, seed=0, actions="abstract")
    batch = env.reset()
    before = (batch.obs.copy(), batch.mask.copy(), env.concrete_ids())
    bad = np.array([int(np.flatnonzero(batch.mask[0] == 0)[0]), 0], dtype=np.int64)
    with pytest.raises(bh.IllegalAction, match=r"game 0: action id \d+ \((pass|call|play)"):
        env.step(bad)
    np.testing.assert_array_equal(env._batch().obs, before[0])
    np.testing.assert_array_equal(env._batch().mask, before[1])
    np.testing.assert_array_equal(env.concrete_ids(), before[2])
    with pytest.raises(bh.IllegalAction, match="out of range"):
        env.step(np.array([16, 0]))


def test_each_abstract_id_stands_for_a_legal_concrete_id() -> None:
    env = BatchedCheat("jokers_wild", num_envs=64, seed=3, actions="abstract")
    full = BatchedCheat("jokers_wild", num_envs=64, seed=3)
    batch, fb = env.reset(), full.reset()
    rng = np.random.default_rng(3)
    for _ in range(200):
        concrete = env.concrete_ids()
        marked = batch.mask == 1
        assert marked.any(axis=1).all()  # never all zeros, the last step of a game included
        assert ((concrete >= 0) == marked).all()
        # the pass and the call are the full space's own ids
        np.testing.assert_array_equal(concrete[:, :2] >= 0, fb.mask[:, [1, 0]] == 1)
        keys = rng.random(batch.mask.shape) * batch.mask
        choice = keys.argmax(axis=1)
        batch = env.step(choice)
        fb = full.step(concrete[np.arange(64), choice])
        np.testing.assert_array_equal(batch.obs, fb.obs)  # the same games, played alike


def test_the_options_are_checked_and_refused_by_name() -> None:
    with pytest.raises(bh.RuleError, match="actions must be one of full, abstract"):
        BatchedCheat("bullshit", actions="tiny")
    with pytest.raises(bh.RuleError, match="beliefs must be true or false"):
        BatchedCheat("bullshit", beliefs="yes")  # type: ignore[arg-type]
    with pytest.raises(bh.RuleError, match="Sneak has no abstraction"):
        batched_env("sneak", beliefs=True)
    with pytest.raises(bh.RuleError, match="concrete_ids"):
        BatchedCheat("bullshit").concrete_ids()


@pytest.mark.parametrize(("env_id", "size", "ids"), [("Bullshit", 947, 16), ("PokerBull", 589, 8)])
def test_gymnasium_make_vec_offers_the_abstraction(env_id: str, size: int, ids: int) -> None:
    gym = pytest.importorskip("gymnasium")
    import bluffhouse.interop.gymnasium  # noqa: F401

    envs = gym.make_vec(
        f"bluffhouse/{env_id}-v0",
        num_envs=8,
        vectorization_mode="vector_entry_point",
        actions="abstract",
        beliefs=True,
    )
    single = gym.make(f"bluffhouse/{env_id}-v0", actions="abstract", beliefs=True)
    assert envs.single_action_space == single.action_space
    assert envs.single_observation_space.shape == single.observation_space.shape == (size,)
    obs, info = envs.reset(seed=0)
    assert info["action_mask"].shape == (8, ids)
    rng = np.random.default_rng(0)
    for _ in range(50):
        keys = rng.random(info["action_mask"].shape) * info["action_mask"]
        obs, _, _, _, info = envs.step(keys.argmax(axis=1))
        assert obs.shape == (8, size)
        assert info["action_mask"].any(axis=1).all()
    np.testing.assert_array_equal(envs.unwrapped.action_masks(), info["action_mask"])
    envs.close()
    single.close()


# ---------------------------------------------------------------------- Poker Bull
def _poker_differential(game: str, steps: int, num_envs: int = 3, seed: int = 5, **kw: Any) -> int:
    """Poker Bull: each game replayed from its seed in the Python engine, judged by a Python
    abstraction seeded as the game's (its imagined deals drawn alike)."""
    env = BatchedPokerBull(game, num_envs, seed=seed, actions="abstract", beliefs=True, **kw)
    batch = env.reset()
    size = env.encoder.size

    def replay(e: int) -> tuple[Any, list[Any]]:
        g = env.config.new_game(seed=int(env.game_seeds()[e]))
        return g, [env.encoder.memory(s) for s in range(env.players)]

    games = [replay(e) for e in range(num_envs)]
    judges = [PokerBullAbstraction(env.config, int(s)) for s in env.abstraction_seeds()]
    rng = np.random.default_rng(seed)
    ended = 0
    for step in range(steps):
        concrete = env.concrete_ids()
        actions = np.zeros(num_envs, dtype=np.int64)
        for e, (g, memories) in enumerate(games):
            seat = acting_seat(g)
            where = f"{game} game {e} step {step}"
            assert batch.seat[e] == seat, where
            view = g.view(seat)
            options = judges[e].options(g, seat, view)
            want = np.zeros(POKER_ABSTRACT_SIZE, dtype=np.int8)
            want[list(options)] = 1
            np.testing.assert_array_equal(batch.mask[e], want, err_msg=where)
            for i, action in options.items():
                assert env.codec.encode(action, view) == concrete[e, i], where
            np.testing.assert_array_equal(
                batch.obs[e, :size], env.encoder.encode(view, memories[seat]), err_msg=where
            )
            np.testing.assert_allclose(
                batch.obs[e, size:], judges[e].features(g, seat, view), atol=1e-6, err_msg=where
            )
            actions[e] = int(rng.choice(np.flatnonzero(batch.mask[e])))
            g.apply(seat, options[int(actions[e])])
        batch = env.step(actions)
        for e, (g, _) in enumerate(games):
            assert bool(batch.terminated[e]) == g.over, f"{game} game {e} step {step}"
            if g.over:
                assert not batch.final_obs[e, size:].any()  # over: nothing judged
                games[e] = replay(e)
                ended += 1
    return ended


@pytest.mark.parametrize(
    ("game", "kw"),
    [
        ("poker_bull", {}),
        ("poker_bull_rising", {"grow_limit": 3, "players": 5, "history": 3}),
        (
            "poker_bull",
            {"players": 3, "hand_size": 1, "mode": "grow", "jokers": 0, "higher_hand_counts": True},
        ),
        ("poker_bull", {"stall_limit": 3}),
    ],
)
def test_poker_bull_abstraction_equals_the_python_environments(
    game: str, kw: dict[str, Any]
) -> None:
    _poker_differential(game, steps=60, **kw)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["poker_bull", "poker_bull_no_jokers", "poker_bull_rising"])
def test_poker_bull_abstraction_over_whole_games(game: str) -> None:
    assert _poker_differential(game, steps=300, num_envs=2, seed=11) >= 1


def test_poker_bull_abstract_ids_stand_for_legal_bids() -> None:
    env = BatchedPokerBull("poker_bull", 16, seed=2, actions="abstract")
    batch = env.reset()
    with pytest.raises(bh.RuleError, match="abstraction_seeds"):
        BatchedPokerBull("poker_bull", 1).abstraction_seeds()
    rng = np.random.default_rng(2)
    for _ in range(100):
        concrete = env.concrete_ids()
        assert ((concrete >= 0) == (batch.mask == 1)).all()
        assert batch.mask.any(axis=1).all()
        assert (concrete[:, 1:][concrete[:, 1:] >= 0] >= 1).all()  # raises are bids
        keys = rng.random(batch.mask.shape) * batch.mask
        batch = env.step(keys.argmax(axis=1))
    assert env.describe(3) == "raise, stands 60%"


def test_observing_any_seat_gives_the_belief_features_the_python_abstraction_gives() -> None:
    """``observe(seats)`` of the seats asked is the batch's own observation, belief features
    included (worked out apart, by the same numbers); in Poker Bull every other seat's
    features are zeros, as the Python abstraction's (it has no decision to judge)."""
    poker = BatchedPokerBull("poker_bull", 2, seed=4, beliefs=True)
    batch = poker.reset()
    size = poker.encoder.size
    np.testing.assert_array_equal(poker.observe(batch.seat), batch.obs)
    other = (batch.seat + 1) % poker.players
    assert not poker.observe(other)[:, size:].any()
    cheat = BatchedCheat("bullshit", 2, seed=4, beliefs=True)
    batch = cheat.reset()
    rng = np.random.default_rng(4)
    for _ in range(30):
        batch = cheat.step((rng.random(batch.mask.shape) * batch.mask).argmax(axis=1))
    np.testing.assert_array_equal(cheat.observe(batch.seat), batch.obs)
