"""The Cheat search's model of ``counter`` opponents (issue 15): where a call is a choice of
the turn, the seat on turn weighs it against its best play, as the counter does, so a bluff
into a big pile is expected to be called; and the quick card counts the rollouts use."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from cheat_util import new, play
from hypothesis import given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.search import _HOOKS, hooks_for_game
from bluffhouse.cheat import search


def _sample(g: Any, seat: int) -> Any:
    """A sampled game from ``seat``'s view, as the search sees it."""
    sample = search.search_determinize(g.view(seat), random.Random(5))
    sample.__dict__["_search_seat"] = seat
    return sample


def _eightshit_pile() -> Any:
    """Eightsh*t (a call is a choice of the next player's turn, anyone's until the next play):
    seat 0 leads three queens onto nothing, seat 1 lets them stand with three of its own,
    seat 2 claims three more.  Seat 0 is to move with a pile of nine."""
    deal = [["QS", "QH", "QD", "AS", "TS", "JS", "KS"],
            ["QC", "QS", "QH", "AH", "TH", "JH", "KH"],
            ["KC", "KD", "TD", "AD", "JD", "AC", "TC"]]
    g = new("eightshit", deal, first=0)
    play(g, 0, ["QS", "QH", "QD"], "Q")
    play(g, 1, ["QC", "QS", "QH"], "Q")
    play(g, 2, ["KC", "KD", "TD"], "Q")
    assert g.to_act[0] == 0
    return g


def test_a_counter_on_turn_calls_a_sure_lie_on_a_big_pile() -> None:
    g = _eightshit_pile()
    sample = _sample(g, 0)
    item = search.info(g.view(0))
    assert search.call_worth_more(sample, 0, 2, 0.0, item)
    assert not search.call_worth_more(sample, 0, 2, 1.0, item)


def test_the_search_models_the_call_of_a_claim_the_packs_cannot_hold() -> None:
    # Nine queens claimed of a two-pack deck's eight and four jokers is possible, but seat 0
    # holds none now and saw six of its own go down: the model's odds make seat 2's claim a
    # likely lie, and the counter-on-turn model calls it, where the out-of-turn bar (a
    # three-card claim is called only below a much lower bar) would mostly let it stand.
    g = _eightshit_pile()
    sample = _sample(g, 0)
    item = search.info(g.view(0))
    calls = sum(search.counter_calls(sample, 0, item, random.Random(seed))
                for seed in range(40))
    assert calls >= 30


@settings(max_examples=100, deadline=None)
@given(hand=st.lists(st.integers(0, 52), max_size=30), rank=st.integers(0, 13),
       wild=st.booleans())
def test_held_count_counts_what_matches(hand: list[int], rank: int, wild: bool) -> None:
    state: Any = SimpleNamespace(_wild=wild)
    assert search._held_count(state, hand, rank) == sum(
        search._matches(state, c, rank) for c in hand)


def _mid_game(game: str, steps: int, seed: int) -> Any:
    """A game of four ``counter`` bots, ``steps`` moves in."""
    g = bh.new_game(game, players=4, seed=seed)
    bots = [make_bot("counter", seed=s) for s in range(4)]
    for _ in range(steps):
        seat = g.to_act[0]
        g.apply(seat, bots[seat].act(g.view(seat), Choices(g, seat)))
    return g


def test_the_search_keeps_the_counter_move_unless_another_is_clearly_better(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``prior_margin`` set the search returns the ``counter`` policy's move unless a
    move was visited that many times as often: with a margin no move can reach, always the
    counter's; with none, the most visited move, as before."""
    hooks = hooks_for_game("bluff")
    assert hooks.prior_margin is not None and hooks.counter is not None
    kept = differ = 0
    for seed in range(4):
        g = _mid_game("bluff", 9 + seed, seed)
        seat = g.to_act[0]
        view, choices = g.view(seat), Choices(g, seat)
        for margin in (1e9, None):
            monkeypatch.setitem(_HOOKS, "cheat", replace(hooks, prior_margin=margin))
            bot = make_bot("ismcts", seed=seed)
            bot.iterations = 40  # type: ignore[attr-defined]
            bot.time_limit = 30.0  # type: ignore[attr-defined]
            rng = random.Random()
            rng.setstate(bot.rng.getstate())
            counter = hooks.counter(view, choices, rng)
            action = bot.act(view, choices)
            if margin is not None:
                assert action == counter
                kept += 1
            else:
                differ += action != counter
    assert kept == 4 and differ >= 1


def _my_bluff() -> Any:
    """Bluff, four seats: seat 0 leads a lie (a two claimed as a king) and seat 1 may call."""
    deal = [["2S", "3H", "4D", "5C"], ["6S", "7H", "8D", "9C"],
            ["TS", "JH", "QD", "AC"], ["2H", "3D", "4C", "5S"]]
    g = new("bluff", deal, first=0)
    play(g, 0, ["2S"], "K")
    assert 1 in g.to_act
    return g


@pytest.mark.parametrize("record, low, high", [((12, 12), 0.75, 1.0), ((0, 12), 0.0, 0.25)])
def test_a_seat_meets_the_searchers_lies_as_its_record_on_them_shows(
        record: tuple[int, int], low: float, high: float) -> None:
    """How often a seat is modelled to call the searching seat's own lie follows what it did
    with its earlier lies (it called all twelve, or none), not its overall call rate: a
    tight Bluff table calls few plays and most lies, and a model bent by the overall rate
    (as for other plays) let the search bluff into counters that call it."""
    g = _my_bluff()
    sample = _sample(g, 0)
    item = search.info(g.view(0))
    item.k.lie_calls[1], item.k.lie_chances[1] = record
    share = sum(search.counter_calls(sample, 1, item, random.Random(seed))
                for seed in range(200)) / 200
    assert low <= share <= high
