"""The event log as viewers get it: read-only events built once per viewer and shared, equal
to a fresh build of the redacted log; ``events_for``/``events_all`` since a point; copies,
saves and pickles carry no cache."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.game import FrozenDict, FrozenList, freeze

GAMES = [
    ("bullshit", 4),
    ("british_cheat", 4),
    ("check", 3),
    ("anything_goes_cheat", 4),
    ("poker_bull", 3),
    ("poker_bull_rising", 4),
    ("sneak", 3),
]


def reference_log(state: Any, seat: int | None) -> list[dict[str, Any]]:
    """The redacted log built from scratch, as views built it before the cache."""
    out = []
    for event in state.events:
        item = dict(event[0])
        if seat is not None and len(event) > 1:
            for who, extra in event[1]:
                if who == seat:
                    item.update(extra)
        out.append(item)
    return out


def reference_all(state: Any) -> list[dict[str, Any]]:
    out = []
    for event in state.events:
        item = dict(event[0])
        if len(event) > 1:
            item["private"] = {str(who): dict(extra) for who, extra in event[1]}
        out.append(item)
    return out


def _random_game(game_id: str, players: int, seed: int, actions: int, look: bool = True) -> Any:
    """A game of random actions; with ``look`` every seat and the spectator view it after
    every action (so the caches grow one event at a time)."""
    state = bh.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if state.over:
            break
        seat = rng.choice(state.to_act)
        state.apply(seat, state.sample_action(seat, rng))
        if look:
            for viewer in [None, *range(players)]:
                if rng.random() < 0.5:
                    state.view(viewer)
    return state


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_views_built_bit_by_bit_equal_a_fresh_build(game_id: str, players: int) -> None:
    for seed in range(3):
        state = _random_game(game_id, players, seed, 250)
        for viewer in [None, *range(players)]:
            assert state.view(viewer)["events"] == reference_log(state, viewer)
            assert state.events_for(viewer) == reference_log(state, viewer)
            # the same log as JSON, so equal in every client too
            assert json.loads(json.dumps(state.view(viewer)))["events"] == json.loads(
                json.dumps(reference_log(state, viewer))
            )
        assert state.events_all() == reference_all(state)


def test_events_are_read_only_and_shared() -> None:
    state = _random_game("bullshit", 4, 1, 60)
    first = state.view(0)
    events = first["events"]
    assert all(type(e) is FrozenDict for e in events)
    dealt = events[0]
    assert type(dealt["cards"]) is FrozenList
    before = state.to_json()
    attempts: tuple[Callable[[], object], ...] = (
        lambda: dealt.__setitem__("type", "x"),
        lambda: dealt.pop("type"),
        lambda: dealt.update(a=1),
        lambda: dealt.clear(),
        lambda: dealt.setdefault("z", 1),
        lambda: dealt.popitem(),
        lambda: dealt.__delitem__("type"),
        lambda: dealt["cards"].append("AS"),
        lambda: dealt["cards"].sort(),
        lambda: dealt["cards"].__setitem__(0, "AS"),
        lambda: dealt["cards"].extend(["AS"]),
        lambda: dealt["cards"].pop(),
        lambda: dealt["cards"].remove(dealt["cards"][0]),
        lambda: dealt["cards"].clear(),
        lambda: dealt["cards"].reverse(),
        lambda: dealt["cards"].insert(0, "AS"),
    )
    for attempt in attempts:
        with pytest.raises(TypeError, match="read-only"):
            attempt()
    with pytest.raises(TypeError):
        cards = dealt["cards"]
        cards += ["AS"]
    # the view's own list is the viewer's to change
    events.append({"type": "mine"})
    events.clear()
    assert state.to_json() == before
    second = state.view(0)["events"]
    assert second[0] is dealt  # built once, shared by every later view
    assert second == reference_log(state, 0)
    assert state.view(None)["events"][1] is state.view(2)["events"][1] or (
        len(state.events[1]) > 1
    )  # public events are one object for every viewer


def test_frozen_events_copy_pickle_and_serialise_as_plain_values() -> None:
    event = freeze({"type": "take", "cards": ["AS", "7H"], "nested": {"a": [1, 2]}})
    assert event == {"type": "take", "cards": ["AS", "7H"], "nested": {"a": [1, 2]}}
    assert json.loads(json.dumps(event)) == event
    again = pickle.loads(pickle.dumps(event))
    assert again == event and type(again) is FrozenDict and type(again["cards"]) is FrozenList
    assert copy.deepcopy(event) is event and copy.copy(event) is event
    assert freeze(event) is event
    plain = dict(event)
    plain["type"] = "x"  # a copy is the caller's own
    assert event["type"] == "take"
    mutable = json.loads(json.dumps(event))
    mutable["cards"].append("2C")


def test_events_since() -> None:
    state = _random_game("bullshit", 4, 2, 120, look=False)
    for viewer in (None, 0, 3):
        full = state.events_for(viewer)
        for since in (0, 1, 17, len(full) - 1, len(full), len(full) + 5, -3):
            assert state.events_for(viewer, since) == full[since:]
        assert state.events_for(viewer, len(full)) == []
    every = state.events_all()
    assert state.events_all(10) == every[10:]
    for game_id in ("bullshit", "poker_bull", "sneak"):  # a view from an event on
        game = _random_game(game_id, 3, 3, 60, look=False)
        for viewer in (None, 0, 1):
            whole = game.view(viewer)
            for since in (0, 5, len(whole["events"]), -2):
                part = game.view(viewer, since)
                assert part["events"] == whole["events"][since:]
                assert {k: v for k, v in part.items() if k != "events"} == {
                    k: v for k, v in whole.items() if k != "events"
                }
    with pytest.raises(bh.IllegalAction, match="since"):
        state.view(0, "3")
    with pytest.raises(bh.IllegalAction, match="no seat"):
        state.events_for(7)
    with pytest.raises(bh.IllegalAction, match="no seat"):
        state.events_for(True)
    with pytest.raises(bh.IllegalAction, match="since"):
        state.events_for(0, "3")
    # a client keeping its copy: the new events each time add up to the log
    state = bh.new_game("poker_bull", players=3, seed=4)
    rng = random.Random(4)
    kept: list[dict[str, Any]] = []
    while not state.over and len(kept) < 400:
        kept += state.events_for(1, len(kept))
        seat = state.to_act[0]
        state.apply(seat, state.sample_action(seat, rng))
    kept += state.events_for(1, len(kept))
    assert kept == reference_log(state, 1)


def test_saves_and_swapped_logs_carry_no_cache_and_copies_their_own() -> None:
    state = _random_game("sneak", 3, 5, 150)
    seen = state.view(1)["events"]
    clone = state.copy()
    # a copy's events built for its viewers are shared, in a cache of its own
    assert clone._event_cache is not None and clone._event_cache is not state._event_cache
    assert clone._event_cache.log is clone.events
    assert clone.view(1)["events"] == seen
    clone.apply(clone.to_act[0], clone.sample_action(clone.to_act[0], random.Random(1)))
    assert state.view(1)["events"] == seen  # the original's are its own
    assert "cache" not in state.to_json()
    loaded = bh.load(state.to_json())
    assert loaded.view(1)["events"] == seen
    assert pickle.loads(pickle.dumps(state)).view(None)["events"] == state.view(None)["events"]
    # a log replaced by another (a search's sampled game does this) is read afresh
    state.events = state.events[:10]
    assert state.view(1)["events"] == reference_log(state, 1)
    assert len(state.view(1)["events"]) == 10
    state.events.append([{"type": "note", "seat": 1}])
    assert state.view(2)["events"][-1] == {"type": "note", "seat": 1}


def test_a_view_does_not_copy_the_log_again() -> None:
    """The cost of a view grows with the events new since that viewer's last view, not with
    the log: an event is frozen once per viewer, however many views show it."""
    import bluffhouse.game as core

    state = _random_game("bullshit", 4, 3, 300, look=False)
    calls = 0
    real = core.freeze

    def counting(value: Any) -> Any:
        nonlocal calls
        calls += 1
        return real(value)

    state.view(0)
    core.freeze = counting
    try:
        for _ in range(5):
            state.view(0)
        assert calls == 0
        before = len(state.events)
        seat = state.to_act[0]
        state.apply(seat, state.sample_action(seat, random.Random(0)))
        new = len(state.events) - before
        state.view(0)
        # each new event (a dict and a few lists inside) frozen once: not the whole log again
        assert 0 < calls <= 8 * new < before

    finally:
        core.freeze = real
