"""Bots that read the rules in force.  The end rules (``final_call=False``), what
passing costs, a public record of declined calls under ``callers="turn"``, plays built from
the hand rather than listed, and a search that never crashes on any preset or option mix."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest
from cheat_util import (
    PRESET_IDS,
    TURN_CALL_SETS,
    act_as,
    bot_turns,
    new,
    play,
)
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.cheat import sampling, search
from bluffhouse.errors import RuleError


# ---------------------------------------------------------------- the public record
def test_a_turn_caller_who_plays_on_is_logged_as_declining() -> None:
    g = new(
        "bullshit", [["AS", "2S", "3S"], ["2H", "4H", "5H"], ["3H", "6H", "7H"]], callers="turn"
    )
    play(g, 0, ["AS"], "A")
    play(g, 1, ["2H"], "2")  # seat 1 could have called seat 0's play: it played on
    public = [e["type"] for e in g.view(None)["events"]]
    assert public[-2:] == ["decline", "play"]
    assert g.view(2)["events"][-2] == {"type": "decline", "seat": 1}
    g.apply(2, {"type": "call"})  # a call is a call, not a decline
    assert [e["type"] for e in g.view(None)["events"]].count("decline") == 1


def test_no_decline_is_logged_where_there_was_nothing_to_call() -> None:
    g = new("bullshit", [["AS", "2S", "3S"], ["2H", "4H", "5H"]], callers="turn")
    play(g, 0, ["AS"], "A")
    g.apply(1, {"type": "call"})  # seat 1 takes the pile and leads: nothing to decline
    leader = g.to_act[0]
    hand = g.view(leader)["hand"]
    play(g, leader, hand[:1], g.view(leader)["claim_ranks"][0])
    assert not [e for e in g.view(None)["events"] if e["type"] == "decline"]


# ---------------------------------------------------------------- the end rules
def test_counter_dumps_a_hand_that_cannot_be_called() -> None:
    # The example: 7S 9H KD with fours to claim, a final play that cannot be called.
    g = new(
        "bullshit",
        [["7S", "9H", "KD"], ["2H", "4H", "5H", "6C"], ["3H", "6H", "7H"]],
        first_rank="4",
        final_call=False,
    )
    action = act_as("counter", g, 0)
    assert sorted(action["cards"]) == ["7S", "9H", "KD"]
    g.apply(0, action)
    assert g.result is not None and g.result["winner"] == 0


def test_ismcts_weighs_only_the_uncallable_dump() -> None:
    g = new(
        "bullshit",
        [["7S", "9H", "KD"], ["2H", "4H", "5H", "6C"], ["3H", "6H", "7H"]],
        first_rank="4",
        final_call=False,
    )
    view = g.view(0)
    rng = random.Random(3)
    sample = sampling.search_determinize(view, rng)
    sample.__dict__["_search_seat"] = 0
    plays = [a for a in search.candidates(sample, 0, rng) if a["type"] == "play"]
    assert [sorted(a["cards"]) for a in plays] == [["7S", "9H", "KD"]]
    bot = make_bot("ismcts", seed=2)
    bot.iterations = 20  # type: ignore[attr-defined]
    assert sorted(bot.act(view, Choices(g, 0))["cards"]) == ["7S", "9H", "KD"]


def test_counter_calls_hard_when_the_player_before_it_would_go_out_next() -> None:
    # Seat 0 claims one ace of its four cards: likely enough that a counter lets it stand;
    # but with three cards left and a final play that cannot be called, seat 0 goes out on
    # its next turn.
    deal = [["AS", "9C", "KD", "QH"], ["2H", "4H", "5H", "6C", "8D"], ["3H", "6H", "7H", "8S"]]
    for final_call, expected in ((False, {"type": "call"}), (True, None)):
        g = new("bullshit", deal, final_call=final_call, callers="turn")
        play(g, 0, ["AS"], "A")
        action = act_as("counter", g, 1)
        if expected is None:
            assert action["type"] != "call"
        else:
            assert action == expected


# ---------------------------------------------------------------- passing
def test_counter_bluffs_rather_than_pick_up_a_pile() -> None:
    # Bullsh*t: a pass picks up the pile; with no card of the rank it bluffs one instead.
    g = new(
        "bullshit", [["AS", "AH", "9C"], ["3H", "4H", "5H", "6C", "8D"], ["3C", "6H", "7H", "8S"]]
    )
    play(g, 0, ["AS"], "A")
    g.apply(1, {"type": "pass"})
    g.apply(2, {"type": "pass"})
    action = act_as("counter", g, 1)
    assert action["type"] == "play" and action["claim"]["rank"] == "2"


def test_counter_passes_where_passing_is_free() -> None:
    # Bluff: a pass leaves the pile (an all-pass discards it), so with no card of the round's
    # rank the counter passes.
    g = new("bluff", [["AS", "AH", "9C"], ["3H", "4H", "5H", "6C", "8D"], ["3C", "6H", "7H", "8S"]])
    play(g, 0, ["AS"], "A")
    for seat in list(g.to_act):
        g.apply(seat, {"type": "pass"})
    assert act_as("counter", g, 1) == {"type": "pass"}


# ---------------------------------------------------------------- speed of listing
@pytest.mark.parametrize(
    "name",
    [
        "counter",
        "always_call",
        "never_call",
        "always_lie",
        "never_lie",
        "sometimes_lie",
        "calls_third",
    ],
)
def test_rule_bots_never_list_every_play(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A big hand's turn is decided from the hand: listing every legal play is refused."""
    g = bh.new_game("bullshit", players=3, seed=4)
    monkeypatch.setattr(type(g), "legal_actions", lambda *a: pytest.fail("listed every play"))
    for _ in bot_turns(g, [make_bot(name, seed=seat) for seat in range(3)], 30):
        pass


def test_choices_is_legal_over_a_state_and_over_a_list() -> None:
    g = new("bullshit", [["AS", "AH", "9C"], ["3H", "4H", "5H"]])
    choices = Choices(g, 0)
    assert choices.is_legal({"type": "play", "cards": ["AH", "AS"], "claim": {"rank": "A"}})
    assert not choices.is_legal({"type": "play", "cards": ["3H"], "claim": {"rank": "A"}})
    assert not choices.is_legal({"type": "call"})
    fixed = Choices.of(g.legal_actions(0), 0)
    assert fixed.is_legal(
        {"type": "play", "cards": ["AH", "AS"], "claim": {"rank": "A", "count": 2}}
    )
    assert not fixed.is_legal({"type": "call"})


# ---------------------------------------------------------------- the mixed styles
def _style_rates(
    names: tuple[str, ...],
    chance: Callable[[bh.Game, int], bool],
    hit: Callable[[bh.Game, int, dict[str, Any]], bool],
) -> dict[str, float]:
    """Per style, how often its seats (beside one ``counter``) did ``hit`` where they had the
    ``chance``, over four 3-seat Bullsh*t games of 300 actions."""
    rates = {}
    for name in names:
        hits = chances = 0
        for seed in range(4):
            g = bh.new_game("bullshit", players=3, seed=seed)
            bots = [make_bot("counter" if s == 0 else name, seed=seed * 10 + s) for s in range(3)]
            for seat, action in bot_turns(g, bots, 300):
                if seat and chance(g, seat):
                    chances += 1
                    hits += hit(g, seat, action)
        rates[name] = hits / chances
    return rates


def test_mixed_styles_call_at_their_rates() -> None:
    rates = _style_rates(
        ("calls_third", "sometimes_lie"),
        lambda g, seat: g.is_legal(seat, {"type": "call"}),
        lambda g, seat, action: action["type"] == "call",
    )
    assert 0.2 < rates["calls_third"] < 0.47
    assert 0.08 < rates["sometimes_lie"] < 0.32


def _truth_open(g: bh.Game, seat: int) -> bool:
    """The seat is on turn holding a card of a rank it may claim (or a joker)."""
    view = g.view(seat)
    ranks = set(view.get("claim_ranks") or [])
    return view.get("phase") == "turn" and any(c[0] in ranks or c == "JK" for c in view["hand"])


def test_the_liars_lie_at_their_rates_where_the_truth_was_open() -> None:
    """A play is a lie when a card laid is not of the claimed rank; counted only where the
    player held a card of a rank it could claim (the truth was open to it)."""
    rates = _style_rates(
        ("liar_80", "liar_60"),
        lambda g, seat: seat == g.to_act[0] and _truth_open(g, seat),
        lambda g, seat, action: (
            action["type"] == "play"
            and any(c != "JK" and c[0] != action["claim"]["rank"] for c in action["cards"])
        ),
    )
    assert 0.65 < rates["liar_80"] < 0.95
    assert 0.42 < rates["liar_60"] < 0.78


# ---------------------------------------------------------------- never a crash
OPTION_VALUES = {
    "jokers": st.sampled_from([0, 2, 4]),
    "max_cards": st.sampled_from([0, 1, 3, 4, 6]),
    "sequence": st.sampled_from(["up", "down", "up_or_down", "fork", "round", "free"]),
    "first_rank": st.sampled_from(["A", "any"]),
    "callers": st.sampled_from(["anyone", "next", "turn", "anytime"]),
    "turn_pass": st.sampled_from(["none", "round", "pickup", "open"]),
    "lie_out_takes_pile": st.booleans(),
    "final_call": st.booleans(),
    "last_card_truthful": st.booleans(),
    "discard_sets": st.booleans(),
    "count_lies": st.booleans(),
    "after_call_leader": st.sampled_from(["loser", "winner", "next"]),
    "after_call_rank": st.sampled_from(["same", "next", "free"]),
    "end": st.sampled_from(["first_out", "ranking"]),
    "turn_limit": st.sampled_from([0, 0, 3, 25]),
}


@st.composite
def tables(draw: st.DrawFn) -> tuple[str, dict[str, object], int, int, int]:
    """A Cheat preset, any mix of the options that shape plays, calls and the end (invalid
    mixes rejected), seats, a seed and how many random actions to play first."""
    game_id = draw(st.sampled_from(PRESET_IDS))
    names = draw(st.sets(st.sampled_from(sorted(OPTION_VALUES)), max_size=6))
    options = {n: draw(OPTION_VALUES[n]) for n in sorted(names)}
    return (
        game_id,
        options,
        draw(st.integers(2, 5)),
        draw(st.integers(0, 10_000)),
        draw(st.integers(0, 120)),
    )


def _table(game_id: str, options: dict[str, Any], players: int, seed: int, steps: int) -> bh.Game:
    try:
        g = bh.new_game(game_id, players=players, seed=seed, **options)
    except (RuleError, ValueError):
        assume(False)
        raise
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = g.to_act[0]
        g.apply(seat, g.sample_action(seat, rng))
    assume(not g.over and g.legal_actions(g.to_act[0]))
    return g


@settings(
    max_examples=int(os.environ.get("BOT_EXAMPLES", "40")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(tables())
def test_search_hooks_and_rule_bots_never_crash(
    table: tuple[str, dict[str, object], int, int, int],
) -> None:
    """The samplers, the search's candidates and rollouts, and the rule-based bots, on a
    random view of any preset under random options: legal moves, never an exception."""
    check_never_crash(*table)


def check_never_crash(
    game_id: str, options: dict[str, Any], players: int, seed: int, steps: int
) -> None:
    g = _table(game_id, options, players, seed, steps)
    rng = random.Random(seed)
    seat = g.to_act[0]
    view = g.view(seat)
    for sampler in (sampling.determinize, sampling.search_determinize):
        sample = sampler(view, rng)
        sample.__dict__["_search_seat"] = seat
        for _ in range(4):
            if sample.over:
                break
            mover = sample.to_act[0]
            moves = search.candidates(sample, mover, rng)
            if not moves:
                break  # a sampled corner with no legal move: the search evaluates it
            for a in moves:
                assert sample.is_legal(mover, a), a
            sample.apply(mover, moves[rng.randrange(len(moves))])
        search.rollout(sample, rng)
        search.evaluate(sample)
    for name in ("counter", "always_lie", "never_lie", "sometimes_lie", "ismcts"):
        bot = make_bot(name, seed=seed)
        if name == "ismcts":
            bot.iterations = 4  # type: ignore[attr-defined]
        action = bot.act(view, Choices(g, seat))
        assert g.is_legal(seat, action), (name, action)


@pytest.mark.slow
def test_ismcts_plays_the_first_rule_set_to_the_end() -> None:
    from bot_games import play_bots

    for seed in range(2):
        g = play_bots(
            "bullshit",
            ["ismcts", "counter", "counter", "counter"],
            seed,
            limit=1200,
            iterations=10,
            **TURN_CALL_SETS,
        )
        assert g.over
