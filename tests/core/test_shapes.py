"""The typed contract is what the engine sends: every preset played (random moves and
``counter``), every legal action, every event of every seat's log and every view checked
against the family's ``TypedDict``\\ s, key by key (no key missing, none unknown) and type by
type."""

from __future__ import annotations

import random
import types
import typing
from typing import Any, Literal, NotRequired, TypedDict, Union, get_args, get_origin

import pytest

import bluffhouse as bh
from bluffhouse.arena import SUITE_RULES
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cheat import shapes as cheat_shapes
from bluffhouse.pokerbull import shapes as pokerbull_shapes
from bluffhouse.sneak import shapes as sneak_shapes

SHAPES = {
    "cheat": (cheat_shapes.CheatAction, cheat_shapes.CheatEvent, cheat_shapes.CheatView),
    "poker_bull": (
        pokerbull_shapes.PokerBullAction,
        pokerbull_shapes.PokerBullEvent,
        pokerbull_shapes.PokerBullView,
    ),
    "sneak": (sneak_shapes.SneakAction, sneak_shapes.SneakEvent, sneak_shapes.SneakView),
}


def mismatch(value: Any, tp: Any, where: str = "") -> str | None:
    """Why ``value`` is not of type ``tp`` (None: it is)."""
    if tp is Any:
        return None
    if tp is None or tp is type(None):
        return None if value is None else f"{where}: {value!r} is not None"
    origin = get_origin(tp)
    if origin is Literal:
        return None if value in get_args(tp) else f"{where}: {value!r} not in {get_args(tp)}"
    if origin in (Union, types.UnionType):
        reasons = [mismatch(value, arm, where) for arm in get_args(tp)]
        if any(r is None for r in reasons):
            return None
        return f"{where}: fits no arm of the union: " + "; ".join(str(r) for r in reasons)
    if origin is NotRequired:
        return mismatch(value, get_args(tp)[0], where)
    if origin is list:
        if not isinstance(value, list):
            return f"{where}: {value!r} is not a list"
        (item,) = get_args(tp)
        for i, x in enumerate(value):
            reason = mismatch(x, item, f"{where}[{i}]")
            if reason:
                return reason
        return None
    if origin is dict:
        return None if isinstance(value, dict) else f"{where}: {value!r} is not a dict"
    if typing.is_typeddict(tp):
        if not isinstance(value, dict):
            return f"{where}: {value!r} is not a dict ({tp.__name__})"
        hints = typing.get_type_hints(tp)
        missing = set(tp.__required_keys__) - set(value)
        unknown = set(value) - set(hints)
        if missing or unknown:
            return (
                f"{where}: {tp.__name__}: missing {sorted(missing)}, unknown "
                f"{sorted(unknown)} in {dict(value)!r}"
            )
        for key, item in value.items():
            reason = mismatch(item, hints[key], f"{where}.{key}")
            if reason:
                return reason
        return None
    if tp is bool:
        return None if type(value) is bool else f"{where}: {value!r} is not a bool"
    if tp is int:
        return None if type(value) is int else f"{where}: {value!r} is not an int"
    if tp is float:
        return None if type(value) in (int, float) else f"{where}: {value!r} is not a number"
    if tp is str:
        return None if isinstance(value, str) else f"{where}: {value!r} is not a str"
    raise AssertionError(f"the checker has no rule for {tp!r}")


def _check_game(game: bh.Game, shapes: tuple[Any, Any, Any], seen: set[str]) -> None:
    action_t, event_t, view_t = shapes
    for seat in [None, *range(game.players)]:
        view = game.view(seat)
        reason = mismatch(view, view_t, f"view({seat})")
        assert reason is None, reason
        for event in view["events"]:
            reason = mismatch(event, event_t, f"event seen by {seat}")
            assert reason is None, reason
            seen.add(event["type"])
    for seat in game.to_act:
        for action in game.legal_actions(seat)[:40]:
            reason = mismatch(action, action_t, "legal action")
            assert reason is None, reason


def _play(game: bh.Game, seed: int, shapes: tuple[Any, Any, Any], seen: set[str]) -> None:
    rng = random.Random(seed)
    bots = [make_bot("counter", seed=s) if s % 2 else None for s in range(game.players)]
    steps = 0
    while not game.over and steps < 250:
        if steps % 40 == 0:
            _check_game(game, shapes, seen)
        seat = game.to_act[0]
        bot = bots[seat]
        if bot is not None:
            action = bot.act(game.view(seat), Choices(game, seat))
        else:
            action = rng.choice(game.legal_actions(seat))
        game.apply(seat, action)
        steps += 1
    _check_game(game, shapes, seen)


@pytest.mark.parametrize("preset", [p.id for p in bh.presets()])
def test_every_preset_sends_the_shapes_it_declares(preset: str) -> None:
    game = bh.new_game(preset, seed=3)
    _play(game, 3, SHAPES[type(game).FAMILY], set())


#: The suite's house-rule sets (a cap on plays; open passes and going out on a lie).
HOUSE_RULES: list[dict[str, Any]] = [
    SUITE_RULES["one_card_capped"][1],
    SUITE_RULES["open_passes"][1],
]


@pytest.mark.parametrize("options", HOUSE_RULES, ids=["turn_limit", "open_passes"])
def test_the_house_rule_tables_send_the_shapes_they_declare(options: dict[str, Any]) -> None:
    seen: set[str] = set()
    for seed in range(3):
        game = bh.new_game("bullshit", players=3, seed=seed, **options)
        _play(game, seed, SHAPES["cheat"], seen)
    # a lie that empties a hand, turned over
    lie = bh.new_game(
        "bullshit",
        players=3,
        seed=1,
        deal=[["AH", "3S"], ["KS", "2H"], ["5S", "6H"]],
        **HOUSE_RULES[1],
    )
    lie.apply(0, {"type": "play", "cards": ["AH", "3S"], "claim": {"rank": "A"}})
    lie.apply(1, {"type": "pass"})
    lie.apply(2, {"type": "pass"})
    _check_game(lie, SHAPES["cheat"], seen)
    assert "turned_over" in seen


def test_the_shapes_cover_each_familys_events() -> None:
    """The games above reach the family's everyday events (so the checks are not vacuous)."""
    want = {
        "cheat": {"deal", "play", "call", "take", "out", "game_over"},
        "poker_bull": {"deal", "bid", "call", "lose", "out", "game_over"},
        "sneak": {"deal_start", "draw", "won", "deal_end"},
    }
    for family, ids in (
        ("cheat", ["bullshit", "bluff", "cheat"]),
        ("poker_bull", ["poker_bull"]),
        ("sneak", ["sneak"]),
    ):
        seen: set[str] = set()
        for game_id in ids:
            for seed in range(3):
                _play(bh.new_game(game_id, seed=seed), seed, SHAPES[family], seen)
        assert want[family] <= seen, (family, want[family] - seen)


def test_the_checker_refuses_what_does_not_fit() -> None:
    play = {"type": "play", "seat": 1, "rank": "K", "count": 2}
    assert mismatch(play, cheat_shapes.CheatEvent) is None
    assert mismatch({**play, "count": "2"}, cheat_shapes.CheatEvent)
    assert mismatch({**play, "colour": "red"}, cheat_shapes.CheatEvent)
    assert mismatch({"type": "play", "seat": 1}, cheat_shapes.CheatEvent)
    assert mismatch({"type": "bid", "bid": 3}, pokerbull_shapes.PokerBullAction)
    assert mismatch(
        {"type": "won", "seat": 0, "kind": "sneak", "count": 2, "challenged": 1},
        sneak_shapes.SneakEvent,
    )


class _Probe(TypedDict):
    flag: bool


def test_the_checker_tells_bool_from_int() -> None:
    assert mismatch({"flag": 1}, _Probe)
    assert mismatch({"flag": True}, _Probe) is None
