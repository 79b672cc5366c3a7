"""The fast Sneak path of the environments equals the plain one, on random Sneak states and
options: the observation vector (``SneakObservation``, read event by event with a memory)
equals the encoder as first written (``sneak_reference.py``), the legal ids taken from the
engine's ``legal_sets`` equal the ids of ``legal_actions`` encoded one by one, ``legal_sets``
is ``legal_actions`` in compact form (the capped lists of large hands too), and the masks a
table reuses are never changed while anyone holds them."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from interop_util import flaunt_twins, walk_without_listing
from sneak_reference import ReferenceSneakObservation

from bluffhouse.cards import CARD_INDEX, CARD_TEXT
from bluffhouse.encodings import action_codec, configure, ids_of, observation_encoder
from bluffhouse.errors import RuleError
from bluffhouse.interop.table import Table

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def sneak_setups(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 7))
    packs = draw(
        st.sampled_from([0, 1, 2] if players == 4 else ([0, 1] if players < 4 else [0, 2]))
    )
    options: dict[str, Any] = {
        "players": players,
        "packs": packs,
        "flaunt_challenges": draw(st.sampled_from(["must_beat", "any"])),
    }
    if draw(st.booleans()):
        options["target"] = draw(st.integers(1, 120))
    return options


def compact(action: dict[str, Any]) -> tuple[str, tuple[int, ...]]:
    return action["type"], tuple(CARD_INDEX[c] for c in action.get("cards", []))


def big_deal(config: Any, rng: random.Random) -> dict[str, Any]:
    """A start with large hands (the capped listing of ``legal_actions``) and a short stock."""
    n = config.players
    packs = int(config.rules_object().pack_count(n))
    cards = [c for c in range(52) for _ in range(packs)]
    rng.shuffle(cards)
    size = min(len(cards) // (n + 1), 16)
    hands = [[CARD_TEXT[c] for c in cards[s * size : (s + 1) * size]] for s in range(n)]
    stock = [CARD_TEXT[c] for c in cards[n * size : n * size + 5]]
    return {"deal": hands, "stock": stock}


@SETTINGS
@given(
    options=sneak_setups(),
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 120),
    big=st.booleans(),
)
def test_fast_sneak_equals_the_reference(
    options: dict[str, Any], seed: int, steps: int, big: bool
) -> None:
    config = configure("sneak", **options)
    fast = observation_encoder(config)
    ref = ReferenceSneakObservation(config)
    codec = action_codec(config)
    rng = random.Random(seed)
    game: Any = config.new_game(seed=seed, **(big_deal(config, rng) if big else {}))
    seats = list(range(config.players))
    memories = {s: fast.memory(s) for s in seats}
    lists = {s: fast.memory(s) for s in seats}  # (encode_list's own memories)
    partial = {s: fast.memory(s) for s in seats}  # (read from views with ``since``)
    checked = 0
    for _ in range(steps):
        if game.over:
            break
        for seat in [None, *seats]:
            view = game.view(seat)
            got = fast.encode(view, memories[seat] if seat is not None else None)
            want = ref.encode(view)  # every event read afresh: the plain reading
            assert got.dtype == want.dtype == np.float32
            assert np.array_equal(got, want), (seat, np.flatnonzero(got != want)[:8])
            into = np.full(fast.size, np.nan, dtype=np.float32)  # (OpenSpiel's tensor)
            fast.encode_into(into, view)
            assert np.array_equal(into, want), seat
            listed_floats = fast.encode_list(view, lists[seat] if seat is not None else None)
            assert type(listed_floats) is list and listed_floats == want.tolist(), seat
            if seat is not None:  # the view from the events its memory has not read (tables)
                since = partial[seat].count
                part = game.view(seat, since)
                assert np.array_equal(fast.encode(part, partial[seat], since), want), seat
        for seat in game.to_act:
            listed = game.legal_actions(seat)
            assert game.legal_sets(seat) == [compact(a) for a in listed]
            fast_ids = codec.legal_ids(game, seat, game.view(seat))
            slow_ids = ids_of(codec.legal(listed, game.view(seat)))
            assert np.array_equal(fast_ids, slow_ids)
            checked += 1
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))
    assert checked or game.over
    assert game.legal_sets(-1) == [] and game.legal_sets("0") == []


def three_seats_after(steps: int, seed: int) -> tuple[Any, Any, random.Random]:
    """(an encoder, a 3-seat Sneak game after ``steps`` random actions, the rng that drew
    them)."""
    config = configure("sneak", players=3)
    game: Any = config.new_game(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
    return observation_encoder(config), game, rng


def test_listed_floats_are_the_vectors_float32_values_off_the_tables_too() -> None:
    """``encode_list`` (OpenSpiel's ``observation_tensor``) takes the seats' values from the
    encoder's tables, whose floats are float32 values; a value off the tables (a forged view)
    is worked out as the plain reading does, and its float is still the vector's float32."""
    encoder, game, _ = three_seats_after(12, seed=2)
    view = game.view(1)
    forged = {**view, "hand_sizes": [500, 5, 7], "scores": [10**6, 1, 2], "deal": 10**4}
    for each in (view, forged):
        listed = encoder.encode_list(each)
        want = encoder.encode(each)
        assert all(type(x) is float for x in listed)
        assert listed == want.tolist()
        assert np.array_equal(np.array(listed, dtype=np.float64), want.astype(np.float64))


def test_a_view_from_an_unread_event_is_refused() -> None:
    """A view whose log starts past what the memory has read (or before event 0) would leave
    events unread: refused, naming the event to ask from."""
    encoder, game, rng = three_seats_after(30, seed=4)
    memory = encoder.memory(0)
    encoder.encode(game.view(0, 0), memory, 0)
    read = memory.count
    for _ in range(5):
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
    for since in (read + 1, -1):
        with pytest.raises(RuleError, match=f"ask the view from event {read} on"):
            encoder.encode(game.view(0, since), memory, since)
    vector = encoder.encode(game.view(0, read), memory, read)
    assert np.array_equal(vector, encoder.encode(game.view(0)))


@pytest.mark.parametrize("flaunts", ["must_beat", "any"])
@pytest.mark.parametrize("players", [2, 4, 5])
def test_equal_legal_keys_list_equal_sets(players: int, flaunts: str) -> None:
    """``legal_key``'s promise, which the tables' kept legal ids rest on: states of games with
    the same rules that give equal keys list the same legal sets (and the keys do meet: a
    first draw whatever the hand, a window on leads of the same size)."""
    config = configure("sneak", players=players, flaunt_challenges=flaunts)
    seen: dict[Any, list[tuple[str, tuple[int, ...]]]] = {}
    met = 0
    for seed in range(4):
        rng = random.Random(seed)
        game: Any = config.new_game(seed=seed)
        for _ in range(400):
            if game.over:
                break
            for seat in game.to_act:
                key, sets = game.legal_key(seat), game.legal_sets(seat)
                hash(key)
                if key in seen:
                    assert seen[key] == sets, key
                    met += 1
                else:
                    seen[key] = sets
            seat = game.to_act[rng.randrange(len(game.to_act))]
            game.apply(seat, game.sample_action(seat, rng))
        assert game.legal_key(-1) == game.legal_key(players) == ("none",)
    assert met > 50
    assert {key[0] for key in seen} >= {
        "draw",
        "turn",
        "beat" if flaunts == "must_beat" else "window",
    }


def test_big_hands_list_the_capped_subset() -> None:
    """Hands of 26 cards list more than 10,000 leads: ``legal_sets`` keeps the same subset."""
    config = configure("sneak", players=2)
    rng = random.Random(3)
    cards = list(range(52))
    rng.shuffle(cards)
    hands = [[CARD_TEXT[c] for c in sorted(cards[:26])], [CARD_TEXT[c] for c in cards[26:]]]
    game: Any = config.new_game(seed=3, deal=hands, stock=[])
    seat = game.to_act[0]
    listed = game.legal_actions(seat)
    assert len(listed) == 10_000
    assert game.legal_sets(seat) == [compact(a) for a in listed]
    codec = action_codec(config)
    view = game.view(seat)
    assert np.array_equal(codec.legal_ids(game, seat, view), ids_of(codec.legal(listed, view)))


def test_masks_are_read_only_and_never_change_while_held() -> None:
    table = Table("sneak")
    table.seed(5)
    game = table.new()
    held: list[tuple[Any, list[int]]] = []
    rng = random.Random(5)
    for step in range(200):
        if game.over:
            break
        seat = table.acting()
        _, mask, ids = table.observe(seat)
        assert not mask.flags.writeable
        with pytest.raises(ValueError):
            mask[0] = 1
        assert np.flatnonzero(mask).tolist() == ids.tolist()
        if step % 3 == 0:
            held.append((mask, ids.tolist()))
        table.act(seat, int(ids[rng.randrange(len(ids))]))
    for mask, ids_kept in held:  # (the others were let go: reused, each marking its own ids)
        assert np.flatnonzero(mask).tolist() == ids_kept
    assert len(table._masks) <= 4


def test_the_table_lists_no_sneak_actions(monkeypatch: pytest.MonkeyPatch) -> None:
    """The point of ``legal_sets``: an environment step never lists Sneak's actions as dicts."""
    walk_without_listing(Table("sneak"), 4, 150, monkeypatch)


def test_what_is_derived_from_a_mask_keeps_it_from_reuse() -> None:
    """A slice or a ``view(bool)`` of a handed-out mask holds the array under it, not the mask:
    the table must not refill that array while it is held, nor while the mask itself is."""
    table = Table("sneak")
    first, second = np.array([3, 40_000], dtype=np.intp), np.array([5], dtype=np.intp)
    mask = table.mask(first)
    derived = mask.view(bool)[:]
    del mask
    held = table.mask(second)
    assert np.flatnonzero(derived).tolist() == [3, 40_000]
    assert np.flatnonzero(held).tolist() == [5]
    del derived, held  # both let go: the next mask reuses one of them
    again = table.mask(np.array([9], dtype=np.intp))
    assert np.flatnonzero(again).tolist() == [9]
    assert len(table._masks) == 2


def refused_ids(codec: Any, view: dict[str, Any], legal: list[int]) -> list[Any]:
    """Ids a seat may not take now: unmarked ones (in a challenge window, the other id of a
    legal challenge's cards too: the flaunt of a set whose challenge takes its sneak's id),
    ids outside the space, and things that are no id."""
    out: list[Any] = [-1, codec.size, np.int64(codec.size + 3), "7", 2.0, True]
    out += [i for i in (0, 1, 2, codec.size - 1) if i not in legal]
    out.append(next(i for i in range(codec.size) if i not in legal))
    return out + flaunt_twins(codec, legal, 20)


def test_the_listed_apply_refuses_anything_not_listed_now() -> None:
    """The engine's unchecked ``_apply_listed`` (the environments' Sneak step) refuses a stale
    version, a seat not asked and an action type of the other phase, changing nothing."""
    from bluffhouse.sneak.engine import SneakGame

    game = bh_new("sneak", 3, 4)
    assert isinstance(game, SneakGame)
    seat = game.to_act[0]
    save = game.to_json()
    for args in [
        (seat, "draw", (), game.version + 1),
        ((seat + 1) % 3, "draw", (), game.version),
        (seat, "pass", (), game.version),
        (seat, "challenge", (3,), game.version),
    ]:
        with pytest.raises(AssertionError):
            game._apply_listed(*args)
        assert game.to_json() == save
    game._apply_listed(seat, "draw", (), game.version)
    assert game.version == 1


def bh_new(game_id: str, players: int, seed: int) -> Any:
    import bluffhouse as bh

    return bh.new_game(game_id, players, seed=seed)


def test_table_steps_equal_the_engines_apply() -> None:
    """A game stepped by id through the table (legal ids applied as listed, unchecked) is the
    game the engine's validating ``apply`` makes of the decoded actions: same event log and
    version at every step, same saves (state and generator too), and a save loads back to the
    same game."""
    import bluffhouse as bh

    table = Table("sneak", 3, target=20)
    table.seed(8)
    game = table.new()
    twin = bh.load(game.to_json())
    rng = random.Random(8)
    phases = set()
    for step in range(300):
        if game.over:
            break
        seat = table.acting()
        _, _, ids = table.observe(seat)
        i = int(ids[rng.randrange(len(ids))])
        view = twin.view(seat)
        phases.add(view["phase"])
        twin.apply(seat, table.codec.decode(i, view))
        table.act(seat, i)
        assert game.version == twin.version and game.events == twin.events
        if step % 50 == 0:
            assert game.to_json() == twin.to_json()
    assert game.over and phases == {"turn", "window"}
    assert game.to_json() == twin.to_json()
    assert bh.load(game.to_json()).to_json() == game.to_json()


def test_environments_refuse_ids_not_legal_now_changing_nothing() -> None:
    """PettingZoo and Gymnasium (Sneak, whose legal ids the engine takes back unchecked) refuse
    an id the mask does not mark, out of range, or no id at all, with the game unchanged: in
    turns and in challenge windows."""
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    import bluffhouse as bh
    from bluffhouse.interop.gymnasium import BluffhouseEnv
    from bluffhouse.interop.pettingzoo import raw_env

    env = raw_env(game="sneak", players=3)
    env.reset(seed=3)
    table = env.table
    rng = random.Random(3)
    phases = set()
    for _ in range(30):
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        assert not (terminated or truncated)
        legal = np.flatnonzero(obs["action_mask"]).tolist()
        view = table.current().view(env._seat[agent])
        phases.add(view["phase"])
        save = table.current().to_json()
        for bad in refused_ids(table.codec, view, legal):
            with pytest.raises(bh.IllegalAction):
                env.step(bad)
            assert table.current().to_json() == save and env.agent_selection == agent
        env.step(legal[rng.randrange(len(legal))])
    assert phases == {"turn", "window"}

    gym_env = BluffhouseEnv(game="sneak", players=3, bots="random", illegal="raise")
    _, info = gym_env.reset(seed=4)
    for _ in range(12):
        legal = np.flatnonzero(info["action_mask"]).tolist()
        game = gym_env.table.current()
        save = game.to_json()
        for bad in refused_ids(gym_env.table.codec, game.view(gym_env.seat), legal):
            with pytest.raises(bh.IllegalAction):
                gym_env.step(bad)
            assert game.to_json() == save
        _, _, terminated, _, info = gym_env.step(legal[rng.randrange(len(legal))])
        if terminated:
            break
