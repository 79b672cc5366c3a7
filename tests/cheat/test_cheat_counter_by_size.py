"""``counter`` reads each seat's calls of plays of one card and of several apart
(``Reading.by_size``): a table that judges a claim by the odds of its count lets big lies
stand that it would call as one card, and a hand holding none of the rank to be claimed
bluffs in the size the table lets stand.  ``counter_v1`` keeps the pooled reading."""

from __future__ import annotations

import random

from cheat_util import call, decline_all, new, play

import bluffhouse as bh
from bluffhouse.bots import Choices
from bluffhouse.bots.cheat.counter import play_counter
from bluffhouse.bots.cheat.knowledge import Knowledge, call_rates, rates_by_laid
from bluffhouse.bots.cheat.reading import COUNTER_READING, COUNTER_V1, Table
from bluffhouse.cards import CARD_INDEX, RANK_INDEX


def _lets_big_plays_stand() -> bh.Game:
    """Three seats of Bullsh*t: seats 1 and 2 call plays of one card (true ones too) and let
    every play of two cards stand; seat 0, holding no ten, is to claim tens."""
    deal = [
        ["AS", "3S", "3H", "5S", "6S", "6H", "2S", "2H", "4S", "4H", "7S", "8S", "9S", "JC"],
        ["AH", "4D", "7C", "7D", "8H", "TD", "TH", "JD", "QD", "KD", "9H", "3D"],
        ["2C", "2D", "4C", "5C", "5D", "8C", "9C", "9D", "TC", "QC", "KC", "6C"],
    ]
    g = new("bullshit", deal)
    play(g, 0, ["AS"], "A")
    call(g, 1)  # a true ace called: seat 1 takes it and leads aces again
    play(g, 1, ["AH"], "A")
    decline_all(g)
    play(g, 2, ["2C", "2D"], "2")
    decline_all(g)
    play(g, 0, ["3S", "3H"], "3")
    decline_all(g)
    play(g, 1, ["4D"], "4")
    call(g, 2)
    play(g, 2, ["4C"], "4")
    decline_all(g)
    play(g, 0, ["5S"], "5")
    call(g, 2)
    play(g, 2, ["5C", "5D"], "5")
    decline_all(g)
    play(g, 0, ["6S", "6H"], "6")
    decline_all(g)
    play(g, 1, ["7C", "7D"], "7")
    decline_all(g)
    play(g, 2, ["8C"], "8")
    g.apply(0, {"type": "pass"})  # seat 0 lets it stand, seat 1 calls
    call(g, 1)
    play(g, 1, ["8H"], "8")
    decline_all(g)
    play(g, 2, ["9C", "9D"], "9")
    decline_all(g)
    assert g.to_act == [0]
    return g


def _calls_big_plays() -> bh.Game:
    """Three seats of Bullsh*t: every play of two cards is called by the seat after it,
    every play of one card let stand; seat 0, holding no queen, is to claim queens."""
    deal = [
        ["AS", "AH", "2S", "6S", "6H", "7S", "9S", "5S", "8S", "TS", "9H", "3S", "KS"],
        ["AD", "3D", "4H", "8H", "8D", "TD", "QH", "QD", "KH", "5H", "7H"],
        ["2C", "2D", "4C", "4D", "5C", "6C", "8C", "JC", "QC", "KC", "7C"],
    ]
    g = new("bullshit", deal)
    for seat, cards, rank, caller in [
        (0, ["AS", "AH"], "A", 1),
        (1, ["AD"], "A", None),
        (2, ["2C", "2D"], "2", 0),
        (0, ["2S"], "2", None),
        (1, ["3D"], "3", None),
        (2, ["4C", "4D"], "4", 1),
        (1, ["4H"], "4", None),
        (2, ["5C"], "5", None),
        (0, ["6S", "6H"], "6", 2),
        (2, ["6C"], "6", None),
        (0, ["7S"], "7", None),
        (1, ["8H", "8D"], "8", 2),
        (2, ["8C"], "8", None),
        (0, ["9S"], "9", None),
        (1, ["TD"], "T", None),
        (2, ["JC"], "J", None),
    ]:
        play(g, seat, cards, rank)
        if caller is None:
            decline_all(g)
        else:
            call(g, caller)  # every one of these is true: the caller takes the pile and leads
    assert g.to_act == [0]
    return g


def _lie_laid(action: dict[str, object], rank: str) -> int:
    """The cards of ``action`` laid as ``rank`` that are not of it (a lie's size)."""
    assert action["type"] == "play", action
    claim = action["claim"]
    assert isinstance(claim, dict) and claim["rank"] == rank
    cards = action["cards"]
    assert isinstance(cards, list)
    assert all(CARD_INDEX[c] >> 2 != RANK_INDEX[rank] for c in cards)
    return len(cards)


def test_the_record_of_calls_is_kept_by_the_cards_laid() -> None:
    """Each chance to call a play is counted under its size, a call or a decline alike."""
    view = _lets_big_plays_stand().view(0)
    k = Knowledge.from_view(view)
    # Seat 1: called the one-card ace and eight, let the one-card five stand (and its own
    # plays are no chances); let all five plays of two cards stand.
    assert k.calls_by_laid[1] == [[2, 3], [0, 5]]
    assert k.calls_by_laid[2] == [[2, 4], [0, 3]]
    assert k.calls_by_laid[0] == [[0, 4], [0, 4]]
    ones, several, *_ = rates_by_laid(k)
    rates = call_rates(k)
    for seat in (1, 2):
        assert several[seat] < rates[seat] < ones[seat]
    # The fold kept between decisions reads the same record as one read afresh.
    assert Knowledge.from_view(view).calls_by_laid == k.calls_by_laid


def test_counter_bluffs_in_the_size_the_table_lets_stand() -> None:
    """At a table that lets plays of two cards stand and calls plays of one, a hand holding
    no ten claims two of them rather than one; ``counter_v1``, reading the pooled record
    (big claims called more), lies in one card."""
    g = _lets_big_plays_stand()
    view = g.view(0)
    k = Knowledge.from_view(view)
    table = Table.of(k, view, COUNTER_READING).by_size(k)
    assert table.p_called(2, False, lie=True) < 0.5 * table.p_called(1, False, lie=True)
    pooled = Table.of(k, view, COUNTER_V1)
    assert pooled.p_called(2, False, lie=True) > pooled.p_called(1, False, lie=True)
    counter = play_counter(view, Choices(g, 0), random.Random(1), reading=COUNTER_READING)
    assert _lie_laid(counter, "T") >= 2
    frozen = play_counter(view, Choices(g, 0), random.Random(1), reading=COUNTER_V1)
    assert _lie_laid(frozen, "T") == 1


def test_counter_bluffs_one_card_where_big_plays_are_called() -> None:
    """Where every play of two cards was called and every play of one let stand, the same
    reading keeps the bluff to one card."""
    g = _calls_big_plays()
    view = g.view(0)
    k = Knowledge.from_view(view)
    table = Table.of(k, view, COUNTER_READING).by_size(k)
    assert table.p_called(2, False, lie=True) > 3 * table.p_called(1, False, lie=True)
    counter = play_counter(view, Choices(g, 0), random.Random(1), reading=COUNTER_READING)
    assert _lie_laid(counter, "Q") == 1
