"""Loading a save: ``bh.load`` checks the state fully (types, ranges, card
conservation, seats, phases, sizes, rules, log) and refuses anything impossible with
SaveError, quickly; every valid save loads and continues exactly as the saved game would."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.registry import presets
from hostile_util import (
    EVERY_PRESET_EXAMPLES,
    PRESET_IDS,
    SAMPLE_IDS,
    check_damaged,
    damaged_save,
    edited,
    nest,
    refused,
    states,
)

SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


# --------------------------------------------------------------------- valid saves
def continue_both(game_id: str, seed: int, split: int) -> None:
    """Play ``split`` actions, save and load, then play on with both (the same actions):
    the two games stay identical, RNG included."""
    game = bh.new_game(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(split):
        if game.over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))
    loaded = bh.load(game.to_json())
    assert loaded.to_json() == game.to_json()
    for step in range(200):
        if game.over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        action = game.sample_action(seat, rng)
        game.apply(seat, action)
        loaded.apply(seat, action)
        if step % 25 == 0:
            assert loaded.to_json() == game.to_json()
            assert loaded.view(seat) == game.view(seat)
    assert loaded.to_json() == game.to_json()


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_valid_saves_load_and_continue_identically(game_id: str) -> None:
    for split in (0, 9, 80):
        continue_both(game_id, seed=split + 3, split=split)


@pytest.mark.parametrize("game_id", SAMPLE_IDS)
def test_saves_at_many_points_load(game_id: str) -> None:
    for text in states(game_id):
        assert bh.load(text).to_json() == text


# --------------------------------------------------------------------- the examples
def _dup_card(data: dict[str, Any]) -> None:
    hands = data["state"]["hands"]
    held = next(h for h in hands if h)
    hands[1] = sorted([*hands[1], held[0]])


def _drop_card(data: dict[str, Any]) -> None:
    next(h for h in data["state"]["hands"] if h).pop()


def test_duplicated_or_missing_cards() -> None:
    for game_id in ("bullshit", "eightshit", "sneak", "anything_goes_cheat"):
        refused(edited(game_id, _dup_card), "duplicated")
        refused(edited(game_id, _drop_card), "missing")
    refused(edited("poker_bull", _dup_card), "more often than the deck")


def test_cards_may_move_between_places_if_conserved() -> None:
    """A save is judged on its own: a card moved from one hand to another is a possible
    deal (it was never mine to know which), so it loads and plays on."""

    def move(data: dict[str, Any]) -> None:
        hands = data["state"]["hands"]
        hands[2] = sorted([*hands[2], hands[3].pop()])

    game = bh.load(edited("bullshit", move, steps=0))
    rng = random.Random(0)
    while not game.over:
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))


def test_hand_sizes_must_agree_with_hands() -> None:
    def shrink(data: dict[str, Any]) -> None:
        data["state"]["sizes"][0] = 4

    refused(edited("poker_bull", shrink), "sizes says 4")

    def unsort(data: dict[str, Any]) -> None:
        data["state"]["hands"][0].reverse()

    refused(edited("bullshit", unsort), "not in card order")


@pytest.mark.parametrize("game_id", ["bullshit", "poker_bull", "sneak"])
@pytest.mark.parametrize("to_act", [[7], [-1], [1.0], [True], ["0"], [0, 0], 5, None, []])
def test_the_seats_to_act_must_exist_and_be_the_right_ones(game_id: str, to_act: Any) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["to_act"] = to_act

    refused(edited(game_id, edit), "to_act")


def test_phases_must_exist() -> None:
    for game_id, phase in (
        ("bullshit", "dance"),
        ("bullshit", "bid"),
        ("bullshit", "jump"),
        ("sneak", "dance"),
        ("bullshit", 3),
        ("sneak", None),
    ):

        def edit(data: dict[str, Any], phase: Any = phase) -> None:
            data["state"]["phase"] = phase

        refused(edited(game_id, edit), "phase")


@pytest.mark.parametrize("players", [1000, 1, 0, -3, 4.0, True, "4", None, 10**400])
def test_player_counts_within_the_preset(players: Any) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["players"] = players

    refused(edited("bullshit", edit), "players")


@pytest.mark.parametrize(
    "events",
    [
        "junk",
        7,
        None,
        {},
        [1, 2],
        [["x"]],
        [[{"no": "type"}]],
        [[{"type": 7}]],
        [[{"type": "deal"}, "private"]],
        [[{"type": "deal"}, [[9, {}]]]],
        [[{"type": "deal"}, [[0, []]]]],
        [[{"type": "x", "v": 1.5}]],
        [[{"type": "x"}, [], []]],
    ],
)
def test_junk_in_the_log(events: Any) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["events"] = events

    refused(edited("bullshit", edit), "events")


def test_junk_added_to_a_log() -> None:
    def edit(data: dict[str, Any]) -> None:
        data["events"].append([{"type": "play", "x": [[[[[[[[1]]]]]]]]}])

    refused(edited("poker_bull", edit), "nested too deeply")


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("rules", [], "rules must be a dict"),
        ("rules", {"jokers": 3}, "option jokers"),
        ("rules", {"nonsense": 1}, "unknown option"),
        ("rules", {"decks": 1.0}, "whole number"),
        ("seed", 1.5, "seed"),
        ("seed", 10**400, "seed"),
        ("version", "1", "version"),
        ("version", -1, "version"),
        ("rng", [3, [0] * 625, None, 1], "rng"),
        ("rng", [3, [2**32] * 624 + [1], None], "32-bit"),
        ("rng", [3, [0] * 624 + [999], None], "position"),
        ("rng", [2, [0] * 625, None], "version"),
        ("rng", [3, [0] * 625, "x"], "gauss"),
        ("result", {"winner": 0}, "result"),
        ("result", [], "result"),
        ("state", [], "state"),
        ("format", "bluffhouse-state/2", "format"),
        ("game", "nosuch", "unknown game"),
        ("game", ["bullshit"], "a game id is text"),
    ],
)
def test_bad_field_types(field: str, value: Any, words: str) -> None:
    def edit(data: dict[str, Any]) -> None:
        data[field] = value

    refused(edited("bullshit", edit), words)


def test_missing_and_unknown_keys() -> None:
    def drop(data: dict[str, Any]) -> None:
        del data["rng"]

    refused(edited("bullshit", drop), "lacks rng")

    def extra(data: dict[str, Any]) -> None:
        data["cheat_mode"] = True

    refused(edited("bullshit", extra), "unknown key")

    def drop_field(data: dict[str, Any]) -> None:
        del data["state"]["pile"]

    refused(edited("bullshit", drop_field), "lacks pile")

    def extra_field(data: dict[str, Any]) -> None:
        data["state"]["gold"] = 1

    refused(edited("sneak", extra_field), "unknown field")


@pytest.mark.parametrize("jokers", [10**9, 10**300, 3, -1, 1.5])
def test_a_huge_joker_count_is_refused_fast(jokers: Any) -> None:
    """A Poker Bull save with a huge joker count hung building its bids."""

    def edit(data: dict[str, Any]) -> None:
        data["state"]["jokers_in"] = jokers

    refused(edited("poker_bull", edit), "jokers_in")


def test_poker_bull_bids_must_be_bids_in_order() -> None:
    def junk(data: dict[str, Any]) -> None:
        data["state"]["bid"] = "pair of kings please"
        data["state"]["history"][-1][1] = "pair of kings please"

    def lower(data: dict[str, Any]) -> None:
        data["state"]["history"].append(data["state"]["history"][0])

    text = edited("poker_bull", lambda d: None, steps=3)
    assert json.loads(text)["state"]["history"]
    refused(edited("poker_bull", junk, steps=3), "not a bid")
    refused(edited("poker_bull", lower, steps=3), "history")


def test_sneak_scores_must_add_up() -> None:
    def edit(data: dict[str, Any]) -> None:
        data["state"]["scores"][0] += 50

    refused(edited("sneak", edit, players=3), "scores")


@pytest.mark.parametrize(
    "text",
    [
        "[" * 100_000 + "]" * 100_000,
        '{"format": "bluffhouse-state/1", "game": "bullshit", "players": '
        + "[" * 50_000
        + "]" * 50_000
        + "}",
        '{"format": "bluffhouse-state/1", "game": "bullshit", "seed": ' + "9" * 5000 + "}",
        "x" * 1_000_000,
        b"\xff\xfe",
    ],
)
def test_hostile_texts(text: Any) -> None:
    refused(text)


@pytest.mark.parametrize("value", [None, 7, [], {"a": 1}, nest(100)])
def test_a_save_is_text(value: Any) -> None:
    refused(value, "")


# --------------------------------------------------------------------- damaged saves, at random
@pytest.mark.parametrize("game_id", SAMPLE_IDS)
@settings(SETTINGS, max_examples=25)
@given(data=st.data())
def test_damaged_saves_are_refused_or_playable(game_id: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(states(game_id)))
    check_damaged(data.draw(damaged_save(text)))


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PRESET_IDS)
@settings(SETTINGS, max_examples=EVERY_PRESET_EXAMPLES)
@given(data=st.data())
def test_damaged_saves_every_preset(game_id: str, data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(states(game_id)))
    check_damaged(data.draw(damaged_save(text)))


FAMILIES: list[type[bh.Game]] = sorted({p.family for p in presets()}, key=lambda f: f.FAMILY)


@pytest.mark.parametrize("family", FAMILIES)
def test_every_state_field_has_a_shape(family: type[bh.Game]) -> None:
    """A state field without a declared shape is only checked to be plain JSON: each family
    declares one for every field it saves (a new field needs its shape in STATE_SHAPES)."""
    assert set(family.STATE_SHAPES) == set(family.STATE_FIELDS)
