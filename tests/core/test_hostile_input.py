"""Hostile input: anything a client sends is refused with IllegalAction (RuleError
for ``new_game``), with a short message and the state unchanged, or it is a legal action and
applies; never another exception type, never a hang.  ``is_legal`` agrees with ``apply`` on
any input."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bench_util import load_bench
from bluffhouse.errors import QUOTE_LIMIT, quote
from hostile_util import (
    EVERY_PRESET_EXAMPLES,
    MESSAGE_LIMIT,
    PRESET_IDS,
    SAMPLE_IDS,
    bent_action,
    hostile,
    nest,
    seats_for,
    states,
)

SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)


def attempt(game: bh.Game, seat: Any, action: Any) -> bool:
    """Try ``action`` for ``seat``: True if it applied (then ``is_legal`` said yes), False if
    it was refused as the contract says (IllegalAction, short message, state unchanged, and
    ``is_legal`` said no).  Any other exception fails the test."""
    before = game.to_json()
    started = time.process_time()
    legal = game.is_legal(seat, action)
    assert game.to_json() == before, "is_legal changed the state"
    trial = game.copy()
    try:
        trial.apply(seat, action)
    except bh.IllegalAction as exc:
        message = str(exc)
        assert not legal, f"is_legal said yes, apply refused: {message}"
        assert len(message) <= MESSAGE_LIMIT, message[:200]
        assert trial.to_json() == before, "a refused action changed the state"
        applied = False
    else:
        assert legal, f"is_legal said no, apply accepted {quote(action)}"
        json.dumps(trial.view(None))
        applied = True
    assert time.process_time() - started < 2.0, f"slow on {quote(action)}"
    return applied


def check_hostile(data: st.DataObject, game_id: str) -> None:
    saves = states(game_id)
    game = bh.load(data.draw(st.sampled_from(saves)))
    seat = data.draw(seats_for(game))
    legal = game.legal_actions(seat) if type(seat) is int else []
    action = data.draw(st.one_of(hostile, bent_action(legal)))
    attempt(game, seat, action)


@pytest.mark.parametrize("game_id", SAMPLE_IDS)
@settings(SETTINGS, max_examples=25)
@given(data=st.data())
def test_hostile_actions_are_refused_or_legal(game_id: str, data: st.DataObject) -> None:
    check_hostile(data, game_id)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PRESET_IDS)
@settings(SETTINGS, max_examples=EVERY_PRESET_EXAMPLES)
@given(data=st.data())
def test_hostile_actions_every_preset(game_id: str, data: st.DataObject) -> None:
    check_hostile(data, game_id)


def check_every_legal_action(game_id: str) -> None:
    for text in states(game_id):
        game = bh.load(text)
        for seat in game.to_act:
            legal = game.legal_actions(seat)
            assert legal, f"seat {seat} is to act with nothing to do"
            for action in legal[:: max(1, len(legal) // 12)]:
                assert attempt(game, seat, action), action


@pytest.mark.parametrize("game_id", SAMPLE_IDS)
def test_every_legal_action_applies(game_id: str) -> None:
    check_every_legal_action(game_id)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_every_legal_action_applies_every_preset(game_id: str) -> None:
    check_every_legal_action(game_id)


# --------------------------------------------------------------------- the examples
def refused(game: bh.Game, seat: Any, action: Any, words: str = "") -> str:
    assert not attempt(game, seat, action)
    with pytest.raises(bh.IllegalAction) as err:
        game.apply(seat, action)
    message = str(err.value)
    assert words in message, message
    return message


@pytest.mark.parametrize("game_id", ["bullshit", "anything_goes_cheat", "poker_bull", "sneak"])
def test_deep_nesting_anywhere_is_refused(game_id: str) -> None:
    """A RecursionError came from repr() of the input in the refusal message."""
    game = bh.new_game(game_id, players=4, seed=1)
    seat = game.to_act[0]
    for depth in (1_000, 100_000):
        for kind in ("list", "dict"):
            deep = nest(depth, "AS", kind)
            refused(game, seat, deep)
            refused(game, deep, {"type": "pass"}, "there is no seat")
            for key in ("type", "cards", "claim", "bid", "seat", "cheat"):
                refused(game, seat, {"type": "play", key: deep})
            refused(game, seat, {"type": "play", "cards": [deep], "claim": {"rank": "A"}})
            refused(game, seat, {"type": "play", "cards": ["AS"], "claim": {"rank": deep}})
            refused(game, seat, {"type": "bid", "bid": deep})
            with pytest.raises(bh.IllegalAction):
                game.view(deep)
            assert game.legal_actions(deep) == []


@pytest.mark.parametrize("game_id", ["anything_goes_cheat", "british_cheat"])
@pytest.mark.parametrize("bad", [1.0, True, 2.0, "1", [1], None, 10**100])
def test_a_seat_must_be_an_int(game_id: str, bad: Any) -> None:
    """An accusation of seat 1.0 passed is_legal, then failed half way through apply."""
    game = bh.new_game(game_id, players=4, seed=3)
    assert game.is_legal(0, {"type": "accuse", "seat": 1})
    refused(game, 0, {"type": "accuse", "seat": bad}, "accuse another player")
    hand = game.view(0)["hand"]
    refused(game, 0, {"type": "cheat", "cheat": "give", "seat": bad, "cards": hand[:1]})
    refused(game, 0, {"type": "cheat", "cheat": "peek", "seat": bad})
    refused(game, bad, {"type": "pass"}, "there is no seat")


def test_counts_and_numbers_must_be_ints() -> None:
    game = bh.new_game("liar_liar", players=3, seed=2)
    card = game.view(0)["hand"][0]
    for bad in (1.0, True, "1", 10**5000, -(10**5000), float("nan")):
        refused(game, 0, {"type": "play", "cards": [card], "claim": {"rank": "A", "count": bad}})
    game = bh.new_game("spanish_bluff", players=3, seed=2)
    seat = game.to_act[0]
    for bad in (1.0, True, 10**5000):
        refused(game, seat, {"type": "bid", "count": bad})


@pytest.mark.parametrize("game_id", ["bullshit", "specificity", "poker_bull", "sneak"])
def test_refusals_quote_input_briefly(game_id: str) -> None:
    """One refusal once echoed 468,000 characters of input."""
    game = bh.new_game(game_id, players=4, seed=5)
    seat = game.to_act[0]
    huge = "Z" * 468_000
    for action in (
        huge,
        {"type": huge},
        {"type": "play", "cards": [huge], "claim": {}},
        {"type": "play", "cards": ["AS"], "claim": {"rank": huge}},
        {"type": "bid", "bid": huge},
        {"type": "sneak", "cards": huge},
        {"type": "pass", huge: 1},
        ["AS"] * 100_000,
        10**5000,
    ):
        message = refused(game, seat, action)
        assert len(message) <= MESSAGE_LIMIT
        assert "ZZZZ" not in message or "..." in message
    message = refused(game, huge, {"type": "pass"})
    assert len(message) < 120


@pytest.mark.parametrize(
    ("game_id", "action", "words"),
    [
        ("bullshit", {"type": "call", "target": 99}, "unknown key 'target'"),
        ("bullshit", {"type": "pass", "seat": 1}, "unknown key 'seat'"),
        ("poker_bull", {"type": "bid", "bid": "pair", "when": "now"}, "unknown key 'when'"),
        ("poker_bull", {"type": "call", "target": 1}, "unknown key 'target'"),
        ("sneak", {"type": "draw", "cards": ["AS"]}, "unknown key 'cards'"),
        (
            "anything_goes_cheat",
            {"type": "cheat", "cheat": "peek", "seat": 1, "cards": ["AS"]},
            "unknown key 'cards'",
        ),
    ],
)
def test_unknown_keys_are_refused_by_name(game_id: str, action: dict[str, Any], words: str) -> None:
    game = bh.new_game(game_id, players=4, seed=1)
    while action["type"] == "call" and not game.is_legal(game.to_act[0], {"type": "call"}):
        seat = game.to_act[0]  # play on until a call is possible
        game.apply(seat, next(a for a in game.legal_actions(seat) if a["type"] != "pass"))
    seat = game.to_act[0]
    refused(game, seat, action, words)


def test_unknown_keys_in_plays_and_claims() -> None:
    """The Cheat fast paths (plain plays, plain windows) refuse extra keys too."""
    game = bh.new_game("bullshit", players=3, deal=[["AS", "2S"], ["3S", "4S"], ["5S", "6S"]])
    play = {"type": "play", "cards": ["AS"], "claim": {"rank": "A"}}
    refused(game, 0, {**play, "note": "hi"}, "unknown key 'note'")
    refused(game, 0, {**play, "claim": {"rank": "A", "sure": True}}, "unknown key 'sure'")
    refused(game, 0, {**play, "claim": {"rank": "A", "suit": "S"}}, "no suit")
    game.apply(0, play)
    refused(game, 1, {"type": "pass", "x": 1}, "unknown key 'x'")
    refused(game, 1, {"type": "call", "x": 1}, "unknown key 'x'")
    game.apply(1, {"type": "pass"})


def test_suit_claims_are_one_letter() -> None:
    """'' and 'SH' are substrings of 'SHDC' and were read as spades."""
    game = bh.new_game("specificity", players=3, deal=[["AS", "2S"], ["3S", "4S"], ["5S", "6S"]])
    for bad in ("", "SH", " ", "spades", 1):
        refused(
            game,
            0,
            {"type": "play", "cards": ["AS"], "claim": {"rank": "A", "suit": bad}},
            "claim a suit",
        )
    assert game.is_legal(0, {"type": "play", "cards": ["AS"], "claim": {"rank": "A", "suit": "s"}})


def test_views_and_lists_of_hostile_seats() -> None:
    game = bh.new_game("bullshit", players=4, seed=1)
    bad_seats: tuple[Any, ...] = (4, -1, 1.0, True, "0", [0], 10**5000, nest(50_000))
    for bad in bad_seats:
        with pytest.raises(bh.IllegalAction) as err:
            game.view(bad)
        assert len(str(err.value)) < 120
        assert game.legal_actions(bad) == []


def test_quote() -> None:
    assert quote("AS") == "'AS'"
    assert quote([1, "x"]) == "[1, 'x']"
    assert len(quote("x" * 10**6)) == QUOTE_LIMIT
    assert quote("x" * 10**6).endswith("...")
    assert quote(nest(10**5)) == "[[[[...]]]]"
    assert quote(10**5000) == "<a 5001-digit number>"
    assert quote(object()) == "<object>"
    assert quote((1,)) == "(1,)"


# --------------------------------------------------------------------- new_game
option_names = st.sampled_from(
    [
        "decks",
        "jokers",
        "max_cards",
        "sequence",
        "call_word",
        "deck_ranks",
        "hand_size",
        "mode",
        "packs",
        "target",
        "nope",
    ]
)


@settings(SETTINGS, max_examples=80)
@given(
    game_id=st.sampled_from(SAMPLE_IDS),
    players=st.none() | hostile,
    seed=st.none() | hostile,
    first=st.none() | hostile,
    deal=st.none() | hostile,
    stock=st.none() | hostile,
    options=st.dictionaries(option_names, hostile, max_size=2),
)
def test_new_game_refuses_hostile_options(
    game_id: str,
    players: Any,
    seed: Any,
    first: Any,
    deal: Any,
    stock: Any,
    options: dict[str, Any],
) -> None:
    started = time.process_time()
    try:
        game = bh.new_game(
            game_id, players=players, seed=seed, deal=deal, stock=stock, first=first, **options
        )
    except bh.RuleError as exc:
        assert len(str(exc)) <= MESSAGE_LIMIT, str(exc)[:200]
    else:
        json.dumps(game.view(None))
        assert bh.load(game.to_json()).to_json() == game.to_json()
    assert time.process_time() - started < 2.0


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"players": 10**5000}, "players"),
        ({"players": 4.0}, "players must be a whole number"),
        ({"players": True}, "players must be a whole number"),
        ({"seed": 10**5000}, "seed must be a whole number"),
        ({"seed": 1.5}, "seed must be a whole number"),
        ({"first": 1.0}, "first must be a seat"),
        ({"decks": 10**5000}, "option decks must be at most 2"),
        ({"decks": 2.0}, "option decks must be a whole number"),
        ({"max_cards": True}, "option max_cards must be a whole number"),
        ({"call_word": "x" * 100_000}, "at most 64 characters"),
        ({"sequence": nest(100_000)}, "option sequence must be text"),
        ({"deal": [[nest(100_000)]] * 4}, "is not a card"),
        ({"deal": [["AS"] * 100_000] * 4}, "is dealt 100000 cards"),
        ({"x" * 10_000: 1}, "unknown option"),
    ],
)
def test_new_game_refusals_are_short(options: dict[str, Any], words: str) -> None:
    with pytest.raises(bh.RuleError) as err:
        bh.new_game("bullshit", **options)
    assert words in str(err.value)
    assert len(str(err.value)) <= MESSAGE_LIMIT


def test_unknown_game_ids_are_quoted_briefly() -> None:
    for bad in ("x" * 100_000, nest(100_000), 7, None):
        with pytest.raises(bh.RuleError) as err:
            bh.new_game(bad)  # type: ignore[arg-type]
        assert len(str(err.value)) <= 200


# --------------------------------------------------------------------- the fuzzer
def test_the_fuzzer_runs_clean(capsys: pytest.CaptureFixture[str]) -> None:
    """bench/fuzz_engine.py (the long-run fuzzer) runs, tries inputs and finds nothing."""
    fuzz = load_bench("fuzz_engine")
    code = fuzz.main(["--seconds", "3", "--workers", "1", "--seed", "7", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert out["findings"] == [] and code == 0
    assert out["inputs"] >= 1 and out["games"] >= 1
