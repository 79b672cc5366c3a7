"""The environments' legal ids (``ActionCodec.legal_ids``: Cheat's plays and Poker Bull's bids
taken from the engine in compact form, never listed as dicts) are exactly the ids of
``legal_actions`` listed and encoded one by one (``ActionCodec.legal``), on random reachable
states of every preset and of option mixes."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from interop_util import walk_without_listing

import bluffhouse as bh
from bluffhouse.encodings import (
    ActionCodec,
    action_codec,
    configure,
    ids_of,
)
from bluffhouse.game import Game
from bluffhouse.interop.table import Table
from bluffhouse.registry import presets

CHEAT = [p.id for p in presets() if p.family.FAMILY == "cheat"]
POKER_BULL = [p.id for p in presets() if p.family.FAMILY == "poker_bull"]


def listed_ids(codec: ActionCodec, game: Game, seat: int) -> np.ndarray:
    """The reference: every listed action encoded one by one."""
    return ids_of(codec.legal(game.legal_actions(seat), game.view(seat)))


def check_game(
    codec: ActionCodec, game: Game, rng: random.Random, steps: int, every: int = 1
) -> int:
    """Plays ``steps`` random actions, comparing both ways at every ``every``-th state for
    each seat that may act; the number of comparisons."""
    compared = 0
    for step in range(steps):
        if game.over:
            break
        if step % every == 0:
            for seat in game.to_act:
                fast = codec.legal_ids(game, seat, game.view(seat))
                slow = listed_ids(codec, game, seat)
                assert fast.dtype == np.intp
                assert np.array_equal(fast, slow), (
                    game.game_id,
                    step,
                    seat,
                    sorted(set(fast) ^ set(slow))[:10],
                )
                compared += 1
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))
    return compared


@pytest.mark.parametrize("game_id", CHEAT + POKER_BULL + ["sneak"])
def test_legal_ids_equal_the_listing_every_preset(game_id: str) -> None:
    config = configure(game_id)
    codec = action_codec(config)
    rng = random.Random(7)
    game = config.new_game(seed=7)
    assert check_game(codec, game, rng, 60, every=2) > 0


CHEAT_OPTIONS: dict[str, Any] = {
    "decks": st.sampled_from([1, 2]),
    "jokers": st.sampled_from([0, 1, 2]),
    "jokers_as": st.sampled_from(["wild", "rank"]),
    "max_cards": st.sampled_from([0, 1, 2, 3, 4, 6]),
    "count_lies": st.booleans(),
    "claim_suit": st.booleans(),
    "last_card_truthful": st.booleans(),
    "sequence": st.sampled_from(["up", "down", "up_or_down", "fork", "round", "free"]),
    "first_rank": st.sampled_from(["A", "any"]),
    "after_call_rank": st.sampled_from(["same", "next", "free"]),
    "turn_pass": st.sampled_from(["none", "round", "pickup"]),
    "deck_ranks": st.sampled_from(["all", "auto"]),
    "jump_in": st.booleans(),
    "table_cheats": st.booleans(),
    "call_answer": st.booleans(),
}


def cheat_property(examples: int, steps: int) -> Any:
    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(
        game_id=st.sampled_from(CHEAT),
        players=st.sampled_from([None, 2, 3, 5]),
        options=st.fixed_dictionaries({}, optional=CHEAT_OPTIONS),
        play_limit=st.sampled_from([None, 1, 2, 5]),
        seed=st.integers(0, 10_000),
    )
    def check(
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        play_limit: int | None,
        seed: int,
    ) -> None:
        cheat_case(game_id, players, options, play_limit, seed, steps)

    return check


def cheat_case(
    game_id: str,
    players: int | None,
    options: dict[str, Any],
    play_limit: int | None,
    seed: int,
    steps: int,
) -> None:
    try:
        config = configure(game_id, players, **options)
        codec = action_codec(config, **({} if play_limit is None else {"play_limit": play_limit}))
    except bh.RuleError:
        assume(False)
        return
    rng = random.Random(seed)
    game = config.new_game(seed=seed)
    check_game(codec, game, rng, steps)


def test_cheat_legal_ids_equal_the_listing() -> None:
    cheat_property(examples=4, steps=30)()


@pytest.mark.slow
def test_cheat_legal_ids_equal_the_listing_at_length() -> None:
    cheat_property(examples=20, steps=150)()


def poker_bull_property(examples: int, steps: int) -> Any:
    @settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(
        game_id=st.sampled_from(POKER_BULL),
        players=st.sampled_from([None, 2, 3, 6]),
        options=st.fixed_dictionaries(
            {},
            optional={
                "jokers": st.sampled_from([0, 1, 2]),
                "mode": st.sampled_from(["shrink", "grow"]),
                "jokers_leave_at": st.sampled_from([0, 10, 30]),
                "lowest_rank": st.sampled_from(["2", "9", "J"]),
                "suits": st.sampled_from([2, 3, 4]),
            },
        ),
        seed=st.integers(0, 10_000),
    )
    def check(game_id: str, players: int | None, options: dict[str, Any], seed: int) -> None:
        try:
            config = configure(game_id, players, **options)
        except bh.RuleError:
            assume(False)
            return
        codec = action_codec(config)
        rng = random.Random(seed)
        game = config.new_game(seed=seed)
        check_game(codec, game, rng, steps)

    return check


def test_poker_bull_legal_ids_equal_the_listing() -> None:
    poker_bull_property(examples=5, steps=40)()


@pytest.mark.slow
def test_poker_bull_legal_ids_equal_the_listing_at_length() -> None:
    poker_bull_property(examples=12, steps=250)()


def test_large_hands_cut_as_the_listing_is() -> None:
    """Hands of many ranks with free claims and lying counts: the listing stops at 10,000
    plays (smallest first), and the ids stop with it."""
    deal = [
        [f"{r}{s}" for r in "A23456789TJQK" for s in "SH"],
        [f"{r}{s}" for r in "A23456789TJQK" for s in "DC"],
    ]
    for game_id, options in (
        ("egyptian_bluff", {}),
        ("free_for_all", {}),
        ("chinese_bluff", {"count_lies": True, "max_cards": 0}),
    ):
        config = configure(game_id, 2, **options)
        codec = action_codec(config)
        game = config.new_game(seed=1, deal=deal)
        seat = game.to_act[0]
        listed = game.legal_actions(seat)
        fast = codec.legal_ids(game, seat, game.view(seat))
        assert np.array_equal(fast, listed_ids(codec, game, seat))
        assert len(fast) > 0
        assert len(listed) >= 10_000 or game_id == "egyptian_bluff"


@pytest.mark.parametrize(
    "game_id",
    ["bullshit", "egyptian_bluff", "specificity", "liar_liar", "poker_bull", "poker_bull_rising"],
)
def test_legal_ids_list_no_plays(game_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of the compact form: the environments never list the plays or bids as
    dicts (the listing costs as much as the rest of an environment step)."""
    walk_without_listing(Table(game_id), 3, 60, monkeypatch)
