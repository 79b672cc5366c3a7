"""The abstract action space and the belief features (``actions="abstract"``,
``beliefs=True``) of the PettingZoo and Gymnasium environments: each library's own checker,
every abstract id standing for the concrete action it names, games played to the end, and
what has no abstraction refused by name."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import bluffhouse as bh  # noqa: E402
import bluffhouse.interop.gymnasium  # noqa: E402  (registers the ids)
from bluffhouse.cards import RANK_INDEX  # noqa: E402
from bluffhouse.interop.abstract import RAISE_LEVELS  # noqa: E402
from bluffhouse.interop.table import Table  # noqa: E402


@pytest.mark.parametrize(
    ("name", "kw", "obs", "actions"),
    [
        ("Bullshit", {}, 923 + 24, 16),
        ("Popcorn", {"players": 3}, None, 16),
        ("PokerBull", {}, 581 + 8, 8),
        ("PokerBullRising", {"players": 3}, None, 8),
    ],
)
def test_gymnasium_checks_the_abstract_environment(
    name: str, kw: dict[str, Any], obs: int | None, actions: int
) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gym.make(f"bluffhouse/{name}-v0", actions="abstract", beliefs=True, **kw)
        check_env(env.unwrapped)
    assert env.action_space.n == actions
    if obs is not None:
        assert env.observation_space.shape == (obs,)
    _, info = env.reset(seed=3)
    rng = np.random.default_rng(3)
    # (a random learner against three counters: one of these games runs to 657 steps)
    for _ in range(2000):
        mask = info["action_mask"]
        assert mask.shape == (actions,) and mask.any()
        _, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        if terminated or truncated:
            assert info["action_mask"].all()  # the last step's mask: never all zeros
            break
    else:
        pytest.fail("no game ended in 2,000 learner steps")


def test_pettingzoo_checks_the_abstract_environment() -> None:
    from pettingzoo.test import api_test

    from bluffhouse.interop.pettingzoo import env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (the dict observation's advice, as in test_pettingzoo)
        api_test(env(game="poker_bull", actions="abstract", beliefs=True), num_cycles=20)
        api_test(env(game="bullshit", actions="abstract"), num_cycles=20)


def test_each_cheat_id_lays_the_cards_it_names() -> None:
    table = Table("bullshit", actions="abstract", beliefs=True)
    table.seed(5)
    game = table.new()
    rng = np.random.default_rng(5)
    plays = 0
    while not game.over and plays < 60:
        seat = table.acting()
        _, _, ids = table.observe(seat)
        assert table._options is not None
        options = table._options[2]
        assert sorted(options) == list(ids)
        view = game.view(seat)
        for i, action in options.items():
            kind, t, b = bh.bots.cheat.learned.ABSTRACT[i]
            assert action["type"] == kind
            if kind == "play":
                rank = action["claim"]["rank"]
                true = sum(1 for c in action["cards"] if RANK_INDEX[c[0]] == RANK_INDEX[rank])
                assert (true, len(action["cards"]) - true) == (t, b)
                assert rank == view["claim_ranks"][0]
            assert game.is_legal(seat, action)
        table.act(seat, int(rng.choice(ids)))
        plays += 1


def test_each_poker_bull_raise_is_as_likely_as_it_says() -> None:
    table = Table("poker_bull", actions="abstract", beliefs=True)
    table.seed(2)
    game = table.new()
    for _ in range(12):
        if game.over:
            break
        seat = table.acting()
        vector, _, ids = table.observe(seat)
        beliefs = vector[-8:]
        options = table._options[2] if table._options else {}
        for j, level in enumerate(RAISE_LEVELS, start=1):
            if j in options:
                assert beliefs[j] >= level  # the raise id's bid stands at least that often
        if 0 in options:
            assert options[0] == {"type": "call"}
        bids = [options[j]["bid"] for j in sorted(options) if j]
        assert all(game.is_legal(seat, {"type": "bid", "bid": b}) for b in bids)
        table.act(seat, int(ids[-1]))


def test_an_abstract_id_not_legal_now_is_refused_with_nothing_changed() -> None:
    table = Table("poker_bull", actions="abstract")
    table.seed(1)
    game = table.new()
    seat = table.acting()
    table.observe(seat)
    before = game.to_json()
    with pytest.raises(bh.IllegalAction, match=r"abstract action id 0 \(call\) is not legal"):
        table.act(seat, 0)  # nobody has bid yet
    assert game.to_json() == before


@pytest.mark.parametrize(
    ("game", "kw", "words"),
    [
        ("sneak", {"actions": "abstract"}, "covers the Cheat family and Poker Bull; sneak"),
        ("specificity", {"actions": "abstract"}, "its plays use claim_suit"),
        ("bullshit", {"actions": "tiny"}, "actions must be one of full, abstract"),
        ("bullshit", {"beliefs": "yes"}, "beliefs must be true or false"),
        ("sneak", {"beliefs": True}, "sneak is a Sneak game"),
    ],
)
def test_what_has_no_abstraction_is_refused_by_name(
    game: str, kw: dict[str, Any], words: str
) -> None:
    with pytest.raises(bh.RuleError, match=words):
        Table(game, **kw)
