"""The settled knowledge of a move keeps what it works out (``unseen``, ``placed_here``,
``p_truthful`` for the view): kept values equal fresh ones, a caller may change what
``unseen`` hands it, and reading an event drops them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.cheat.knowledge import Knowledge, _p_truthful, p_truthful


def _views(game: str, seed: int, moves: int) -> Iterator[dict[str, Any]]:
    """The views of the seat to act along a game of ``counter`` bots."""
    state = bh.new_game(game, seed=seed)
    bots = [make_bot("counter", seed=seed * 10 + s) for s in range(state.players)]
    for _ in range(moves):
        if state.over:
            return
        seat = state.to_act[0]
        view = state.view(seat)
        yield view
        state.apply(seat, bots[seat].act(view, Choices(state, seat)))


@pytest.mark.parametrize("game", ["bullshit", "bluff", "popcorn_up_or_down", "eightshit"])
def test_kept_values_equal_fresh_ones(game: str) -> None:
    checked = 0
    for view in _views(game, 3, 160):
        k = Knowledge.from_view(view)
        assert k.settled
        fresh = k.clone()  # (a clone keeps nothing: it works each value out)
        assert not fresh.settled
        for by_laid in (False, True, True, False):
            # the first call works it out and keeps it, the second reads it; the other
            # reading of the record is not read from the kept one
            assert k.unseen() == fresh.unseen()
            assert k.placed_here() == fresh.placed_here()
            assert p_truthful(k, view, by_laid) == _p_truthful(fresh, view, by_laid)
        checked += 1
    assert checked > 20


def test_unseen_is_the_callers_to_change() -> None:
    view = next(v for i, v in enumerate(_views("bullshit", 5, 40)) if i == 30)
    k = Knowledge.from_view(view)
    first = k.unseen()
    expected = +first
    first.clear()
    first[0] = 99
    assert k.unseen() == expected


def test_reading_an_event_drops_what_was_kept() -> None:
    views = list(_views("bullshit", 7, 60))
    k = Knowledge.from_view(views[40])
    k.unseen()
    k.placed_here()
    p_truthful(k, views[40])
    later = views[41]
    new_events = later["events"][len(views[40]["events"]) :]
    assert new_events
    k._read(new_events[0])
    assert not k.settled
    assert k._unseen is None and k._placed_here is None and k._truth is None
