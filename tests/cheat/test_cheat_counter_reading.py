"""How ``counter`` reads the table it plays: each seat's call record (on its own lies, on
plays it could see were false, on claims its cards rule out), who is near out, what a call
or a set is worth, which lies a table lets stand; each read with a scripted game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from cheat_util import (
    EIGHTSHIT_DEAL,
    TURN_CALL_SETS,
    act_as,
    bot_turns,
    call,
    decline_all,
    new,
    pas,
    play,
)

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.cheat.counter import (
    _barred_turn_call,
    _big_lie_stood,
    _untested,
    _weighed_call,
    _worth_testing,
    call_bar,
    choose_play,
    claim_exposure,
    claim_odds,
    counter_response,
    crowds_by_play,
    lead_after_call,
    pile_naturals,
    play_counter,
    sets_on_taking,
)
from bluffhouse.bots.cheat.knowledge import (
    Knowledge,
    blind_call_rates,
    call_rates,
    exposed_call_rates,
    lie_call_rates,
    p_claim,
    p_truthful,
)
from bluffhouse.bots.cheat.reading import COUNTER_READING, COUNTER_V1, Table
from bluffhouse.cards import CARD_INDEX, RANK_INDEX


# ---------------------------------------------------------------- adapting to the table
def _padded_share(opponent: str, seeds: range) -> float:
    """The share of ``counter``'s true plays (seat 0) padded with a card that does not make
    the claim, against three ``opponent`` bots."""
    true = padded = 0
    for seed in seeds:
        g = bh.new_game("bullshit", players=4, seed=seed)
        bots = [make_bot("counter" if s == 0 else opponent, seed=seed * 10 + s) for s in range(4)]
        for seat, action in bot_turns(g, bots, 240):
            if seat == 0 and action["type"] == "play":
                rank = action["claim"]["rank"]
                good = sum(c[0] == rank for c in action["cards"])
                if good:
                    true += 1
                    padded += good < len(action["cards"])
    return padded / max(1, true)


def test_counter_pads_only_where_the_table_lets_plays_stand() -> None:
    """Its call-rate record of each opponent (a Beta prior) decides: a table that never calls
    gets padded plays, one that calls everything gets none (the issue: against a calling
    table the first honest leader wins)."""
    assert _padded_share("always_call", range(2)) == 0.0
    assert _padded_share("never_call", range(4)) > 0.3


# ---------------------------------------------------------------- a call as a turn's choice
def test_counter_goes_out_uncalled_rather_than_call() -> None:
    """Under ``callers="turn"`` a call takes the turn: with a hand that goes out in one play
    that cannot be called, it plays it, however doubtful the play before it (a counter used to
    call seat 0's three kings here, and lose the turn it could win on)."""
    deal = [["2C", "3D", "4H", "5S", "6C", "7D"], ["KS", "KH"], ["9C", "9D", "TC", "TD"]]
    g = new("bullshit", deal, **TURN_CALL_SETS)
    play(g, 0, ["2C", "3D", "4H"], "K")  # a lie, and likely one: seat 1 holds two kings
    action = act_as("counter", g, 1)
    assert sorted(action["cards"]) == ["KH", "KS"]
    g.apply(1, action)
    assert g.result is not None and g.result["winner"] == 1


def _caller_table() -> bh.Game:
    """Three seats under the first rule set; seat 2 has called both plays it could (one
    true, one a lie), and seat 0 has just claimed two sevens (with two nines) on seat 1's
    two sevens: seat 1 holds no seven."""
    deal = [
        ["AS", "2S", "3S", "9C", "9D", "TC", "4D", "6C"],
        ["AH", "2H", "3H", "8C", "8D", "7S", "7H", "5C"],
        ["AD", "2D", "3D", "QC", "QD", "JC", "JD", "KC"],
    ]
    g = new("bullshit", deal, **TURN_CALL_SETS)
    play(g, 0, ["AS"], "A")
    play(g, 1, ["AH"], "A")
    call(g, 2)  # true: seat 2 takes the pile and leads
    play(g, 2, ["QC"], "Q")
    play(g, 0, ["2S"], "Q")
    play(g, 1, ["8C"], "Q")
    call(g, 2)  # a lie: seat 1 takes the pile and leads
    play(g, 1, ["7S", "7H"], "7")
    play(g, 2, ["JC"], "7")
    play(g, 0, ["9C", "9D"], "7")
    return g


def test_counter_calls_rather_than_bluff_into_a_table_that_calls() -> None:
    """With no card of the rank, a bluff into a next player who calls what it may is a pile
    picked up; a call of a doubtful play may hand the pile back.  Under ``callers="turn"``
    the counter weighs the call against its plays (it used to bluff one card here)."""
    g = _caller_table()
    view = g.view(1)
    k = Knowledge.from_view(view)
    assert counter_response(k, view, Choices(g, 1), random.Random(1)) is None  # not the bar
    bluff = choose_play(k, view, Choices(g, 1), random.Random(1))
    assert bluff is not None and bluff["type"] == "play"  # the plays alone: a bluff
    assert act_as("counter", g, 1) == {"type": "call"}


def test_calls_on_its_own_lies_are_read_apart() -> None:
    """A seat that lets this seat's true plays stand but calls its lie is expected to call its
    next lie more often than its plays in general (a Beta prior at its overall rate)."""
    deal = [["AS", "2S", "3S", "4S", "5S", "6S", "7S"], ["AH", "2H", "3H", "4H", "5H", "6H", "7H"]]
    g = new("bullshit", deal, callers="turn")
    play(g, 0, ["AS"], "A")
    play(g, 1, ["2H"], "2")  # lets a true ace stand
    play(g, 0, ["3S"], "3")
    play(g, 1, ["4H"], "4")  # and a true three
    play(g, 0, ["7S"], "5")
    call(g, 1)  # but calls the lie
    view = g.view(0)
    k = Knowledge.from_view(view)
    assert (k.lie_calls[1], k.lie_chances[1]) == (1, 1)
    rates, lies = call_rates(k), lie_call_rates(k)
    assert lies[1] > 0.5 > rates[1]
    table = Table.of(k, view)
    assert table.p_called(1, False, lie=True) > 1.5 * table.p_called(1, False)


def test_under_anytime_every_seat_that_let_a_play_go_declined_it() -> None:
    """``callers="anytime"``: a play stands once the next play is made, and every seat still
    in could have called it until then, not only the player on turn (who alone was counted
    before, so the others' call rates stayed at the prior however many plays they let go)."""
    deal = [["AS", "2S", "3S"], ["2H", "4H", "5H"], ["3H", "6H", "7H"]]
    g = new("bullshit", deal, callers="anytime")
    play(g, 0, ["3S"], "A")  # a lie of seat 0's
    play(g, 1, ["2H"], "2")  # nobody called it
    k = Knowledge.from_view(g.view(0))
    assert k.chances == [0, 1, 1] and k.calls == [0, 0, 0]
    assert k.lie_chances == [0, 1, 1] and k.lie_calls == [0, 0, 0]


def test_under_anytime_a_seat_that_declined_is_not_counted_again() -> None:
    """A seat asked before the player on turn (``to_act`` lists it first) that passed let
    the play go once: the next play does not count its chance a second time."""
    deal = [["AS", "2S", "3S"], ["2H", "4H", "5H"], ["3H", "6H", "7H"]]
    g = new("bullshit", deal, callers="anytime")
    play(g, 0, ["3S"], "A")  # a lie of seat 0's
    assert g.to_act == [2, 1]
    pas(g, 2)
    play(g, 1, ["2H"], "2")
    k = Knowledge.from_view(g.view(0))
    assert k.chances == [0, 1, 1] and k.lie_chances == [0, 1, 1]
    g = new("bullshit", deal, callers="anytime")
    play(g, 0, ["3S"], "A")
    call(g, 2)
    k = Knowledge.from_view(g.view(0))
    assert k.chances == [0, 0, 1] and k.calls == [0, 0, 1]


def test_off_its_turn_under_anytime_counter_answers_the_play() -> None:
    """Eightsh*t: seat 2 may call seat 0's opening of four nines before seat 1 plays.  Off
    its turn a call is all it has: ``counter`` answers the play as a call outside its turn
    and lets a likely truth stand; ``counter_v1`` weighs the call against plays it may not
    make, and calls it (three of its four calls of that kind were wrong)."""
    g = new("eightshit", EIGHTSHIT_DEAL, first=0)
    play(g, 0, ["9S", "9H", "9D", "9C"], "9")
    assert g.to_act == [2, 3, 1]
    view = g.view(2)
    assert make_bot("counter", seed=1).act(view, Choices(g, 2)) == {"type": "pass"}
    assert make_bot("counter_v1", seed=1).act(view, Choices(g, 2)) == {"type": "call"}


def test_a_claim_of_a_seat_whose_called_plays_were_lies_is_called_at_higher_odds() -> None:
    """Off its turn ``counter`` calls by value only claims unlikely to be true: below 0.35,
    as the count reads them, where anyone may call until the next play (0.25 elsewhere), for
    most seats; below 0.5 for a play of several cards by a seat
    whose called plays of several cards were more often lies than true (tables of liars
    showed claims at 0.3-0.7 that were nearly all lies, and nobody called them).  Its
    one-card lies do not count: a seat holding none of the rank lies because it must."""
    g = new("eightshit", EIGHTSHIT_DEAL, first=0)
    play(g, 0, ["9S", "9H", "9D", "9C"], "9")
    view = g.view(2)
    k = Knowledge.from_view(view)
    left = view["hand_sizes"][0]
    assert _weighed_call(k, view, 0.2, 0, left, COUNTER_READING)
    assert _weighed_call(k, view, 0.3, 0, left, COUNTER_READING)
    assert not _weighed_call(k, view, 0.4, 0, left, COUNTER_READING)
    assert call_bar(k, 0, 4) == 0.35
    assert call_bar(replace(k, rules=replace(k.rules, callers="turn")), 0, 4) == 0.25
    k.record_by_laid[0][1] = [1, 3]  # three of its plays of several cards called, one true
    assert _weighed_call(k, view, 0.4, 0, left, COUNTER_READING)
    assert not _weighed_call(k, view, 0.6, 0, left, COUNTER_READING)
    k.record_by_laid[0][1] = [2, 4]  # as many true as lies: the count's bar
    assert not _weighed_call(k, view, 0.4, 0, left, COUNTER_READING)
    k.record_by_laid[0] = [[0, 5], [0, 0]]  # five one-card lies called, nothing bigger
    assert not _weighed_call(k, view, 0.4, 0, left, COUNTER_READING)


def test_where_anyone_may_call_a_strangers_record_starts_from_the_others() -> None:
    """Eightsh*t: seat 0's and seat 2's one-card lies have been called, and seat 1, whose
    plays nobody has called yet, lays one card as an ace.  From a third honest and two thirds
    true when held, seat 3 would read that claim at 0.77; beside the others' records (two
    plays called, both lies) it reads it at about 0.5.  Only the counter pools, only where
    anyone may call; with no record yet the two reads agree."""
    g = new("eightshit", EIGHTSHIT_DEAL, first=0)
    play(g, 0, ["KS"], "9")
    view = g.view(3)
    k = Knowledge.from_view(view)
    assert p_claim(k, view, by_laid=True, pooled=True) == p_claim(k, view, by_laid=True)
    call(g, 2)  # a lie: seat 0 takes it, seat 2 leads
    play(g, 2, ["KS"], "A")
    call(g, 0)  # a lie again: seat 0 leads
    play(g, 0, ["AS"], "A")
    for seat in g.to_act[:-1]:
        pas(g, seat)
    play(g, 1, ["KH"], "A")
    view = g.view(3)
    k = Knowledge.from_view(view)
    assert k.record == [[0, 1], [0, 0], [0, 1], [0, 0]]
    alone = p_claim(k, view, by_laid=True)
    pooled = p_claim(k, view, by_laid=True, pooled=True)
    assert 0.75 < alone < 0.8 and 0.45 < pooled < 0.55
    assert claim_odds(k, view, COUNTER_READING) == pooled
    assert claim_odds(k, view, COUNTER_V1) == alone
    turn = replace(k, rules=replace(k.rules, callers="turn"))
    assert claim_odds(turn, view, COUNTER_READING) == alone


def test_on_its_turn_asked_last_counter_calls_only_below_its_bar() -> None:
    """Eightsh*t: three seats lay ten nines between them, each play let stand by the others,
    all true; seat 3, on turn and asked last, holds no nine and no joker and reads seat 2's
    three nines as true at 0.6.  Weighed against its plays alone, every bluff into that
    pile looked sure to be called, and the call won; now, as off its turn, a claim read
    above the bar is let stand, and it lays one card as a nine."""
    deal = [
        ["9S", "9H", "9D", "JK", "AH", "TS", "TD", "JS", "QS", "KS"],
        ["9C", "9S", "JK", "AC", "TH", "TC", "JH", "JD", "QH", "KC"],
        ["9H", "9D", "9C", "JK", "QD", "KD", "AS", "AH", "TH", "JS"],
        ["AD", "AC", "TD", "JD", "QS", "KS", "QH", "KH", "QC", "KD"],
    ]
    g = new("eightshit", deal, first=0)
    for seat, cards in (
        (0, ["9S", "9H", "9D", "JK"]),
        (1, ["9C", "9S", "JK"]),
        (2, ["9H", "9D", "9C"]),
    ):
        play(g, seat, cards, "9")
        for other in g.to_act[:-1]:
            pas(g, other)
    assert g.to_act == [3]
    view = g.view(3)
    assert 0.5 < p_claim(Knowledge.from_view(view), view, by_laid=True) < 0.7
    before = replace(COUNTER_READING, bars_turn_calls=False)
    assert play_counter(view, Choices(g, 3), random.Random(1), reading=before) == {"type": "call"}
    move = play_counter(view, Choices(g, 3), random.Random(1), reading=COUNTER_READING)
    assert move["type"] == "play" and move["claim"] == {"rank": "9", "count": 1}
    k = Knowledge.from_view(view)
    assert _barred_turn_call(k, view, COUNTER_READING)
    assert not _barred_turn_call(k, view, COUNTER_V1)
    k.doubted[2], k.doubted_true[2] = 5, 0  # five of its doubted plays called, all lies
    assert p_claim(k, view, by_laid=True) < 0.25
    assert not _barred_turn_call(k, view, COUNTER_READING)  # weighed by value, as before
    # A claim that leaves its player one card is weighed by value alone; two: held to the bar.
    for rest in (["QD"], ["QD", "KD"]):
        g = new("eightshit", [*deal[:2], ["9H", "9D", "9C", *rest], deal[3]], first=0)
        nines = ((0, ["9S", "9H", "9D", "JK"]), (1, ["9C", "9S", "JK"]), (2, ["9H", "9D", "9C"]))
        for seat, laid in nines:
            play(g, seat, laid, "9")
            for other in g.to_act[:-1]:
                pas(g, other)
        view = g.view(3)
        assert view["hand_sizes"][2] == len(rest) and g.to_act == [3]
        k = Knowledge.from_view(view)
        assert claim_odds(k, view, COUNTER_READING) >= call_bar(k, 2, 3)  # above the bar
        assert _barred_turn_call(k, view, COUNTER_READING) == (len(rest) > 1)
    # Where only the next player calls, it is not asked last: no bar on its turn.
    g = new("eightshit", deal, first=0, callers="turn")
    play(g, 0, ["9S", "9H", "9D", "JK"], "9")
    view = g.view(1)
    assert not _barred_turn_call(Knowledge.from_view(view), view, COUNTER_READING)


def test_at_a_quiet_table_a_strangers_lead_is_tested_with_a_call() -> None:
    """Eightsh*t: seat 0 leads four nines that are three kings and a jack; seat 3, holding
    three nines and two jokers, reads the claim as true at 0.4, above the bar of its calls
    off its turn.  Where the others have let nine plays stand without a call, the lead is
    worth a call to see how seat 0 plays (a table of liars nobody calls never shows its lies
    otherwise).  Not where seat 0 has
    shown a truth, where the table calls, before the table has shown anything, in a pile
    bigger than the lead, or where a seat holding none of the rank may pass instead."""
    g = new("eightshit", EIGHTSHIT_DEAL, first=0)
    play(g, 0, ["KS", "KH", "KC", "JS"], "9")
    view = g.view(3)
    left = view["hand_sizes"][0]

    def quiet() -> Knowledge:
        k = Knowledge.from_view(view)
        k.chances = [3, 3, 3, 0]
        return k

    k = quiet()
    p = p_claim(k, view, by_laid=True)
    assert 0.25 < p < 0.5
    assert _worth_testing(k, view, p, 0)
    assert _weighed_call(k, view, p, 0, left, COUNTER_READING)
    assert not _weighed_call(k, view, p, 0, left, COUNTER_V1)
    k = quiet()
    k.record[0] = [1, 1]  # one of its plays called, true
    assert not _weighed_call(k, view, p, 0, left, COUNTER_READING)
    k = quiet()
    k.calls = [1, 1, 1, 0]  # a third of the chances taken
    assert not _weighed_call(k, view, p, 0, left, COUNTER_READING)
    k = quiet()
    k.chances = [1, 1, 1, 0]
    assert not _weighed_call(k, view, p, 0, left, COUNTER_READING)
    assert not _worth_testing(quiet(), {**view, "pile_size": 9}, p, 0)
    assert not _worth_testing(quiet(), view, 0.55, 0)
    g = new("eightshit", EIGHTSHIT_DEAL, first=0, turn_pass="round")  # a pass is free
    play(g, 0, ["KS", "KH", "KC", "JS"], "9")
    k = Knowledge.from_view(g.view(3))
    k.chances = [3, 3, 3, 0]
    assert not _worth_testing(k, g.view(3), p, 0)


def test_plays_past_what_the_packs_hold_are_counted_lies() -> None:
    """A play whose claim, with the pile's other claims of that rank, names more cards than
    the pack holds beside those seen leaving play is a lie anyone can count: each seat's
    calls and chances on those are kept apart (a card counter calls most of them)."""
    deal = [
        ["AS", "AH", "2S", "9S"],
        ["AD", "AC", "2H", "9H"],
        ["3H", "4H", "5H", "9D"],
        ["6H", "7H", "8H", "9C"],
    ]
    g = new("bullshit", deal, sequence="round", first_rank="any")
    play(g, 0, ["AS", "AH", "2S"], "A")  # three aces claimed of four: room enough
    decline_all(g)
    k = Knowledge.from_view(g.view(2))
    assert k.counted_chances == [0, 0, 0, 0] and not k.standing_counted
    play(g, 1, ["AD", "AC"], "A")  # five aces claimed: a lie somewhere, for anyone
    assert Knowledge.from_view(g.view(2)).standing_counted
    pas(g, 2)
    call(g, 3)
    k = Knowledge.from_view(g.view(2))
    assert k.counted_chances == [0, 0, 1, 1] and k.counted_calls == [0, 0, 0, 1]


def test_a_hand_that_goes_out_next_turn_is_valued_as_nearly_out() -> None:
    """Where the final play cannot be called, a hand of at most ``max_cards`` cards goes out
    on its next turn whatever it lays: the counter's value of hand sizes reads it so (two
    cards left is worth far more than four), and a play that gets there is expected to draw
    calls like a last play."""
    deal = [
        ["2C", "3D", "4H", "5S", "6C", "7D"],
        ["KS", "KH", "QC", "QD", "JC"],
        ["9C", "9D", "TC", "TD", "8C"],
    ]
    gains = []
    for final_call, near in ((False, True), (True, False)):
        g = new("bullshit", deal, **{**TURN_CALL_SETS, "final_call": final_call})
        view = g.view(0)
        table = Table.of(Knowledge.from_view(view), view)
        gains.append(table.value([2, 5, 5]) - table.value([4, 5, 5]))
        # A bluff of three cards down to three: called like a last play, unlike one card.
        assert (table.play_value(3, False) < table.play_value(1, False)) is near
    assert gains[0] > 1.5 * gains[1]


def test_a_claim_the_pile_already_names_too_often_is_exposed() -> None:
    """A bluff's chance of being called reads what the callers can rule out: with three aces
    claimed in the pile, a claim of two more is a lie to anyone, and a claim of one is one
    to a caller holding the last ace (a seat that calls what it can rule out calls it; one
    that lets such claims stand does not)."""
    deal = [["2S", "3S", "4S", "5S"], ["9H", "8H", "7H", "6H"], ["AS", "KC", "QC", "JC"]]
    g = new("bullshit", deal, sequence="round", first_rank="any", callers="turn")
    play(g, 0, ["2S", "3S", "4S"], "A")
    view = g.view(1)
    k = Knowledge.from_view(view)
    table = Table.of(k, view)
    assert table.callers == [2]
    ace, nine = RANK_INDEX["A"], RANK_INDEX["9"]
    assert claim_exposure(k, view, table, ace, 2) == {2: 1.0}
    assert 0.0 < claim_exposure(k, view, table, ace, 1)[2] < 1.0
    assert claim_exposure(k, view, table, nine, 1)[2] < 0.01  # no nine claimed: all held?
    exposed = claim_exposure(k, view, table, ace, 2)
    table.exposed_rates = [1.0] * 3
    assert table.p_called(2, False, lie=True, exposed=exposed) == 1.0
    table.exposed_rates = [0.0] * 3
    assert table.p_called(2, False, lie=True, exposed=exposed) == table.p_called(2, False, lie=True)


# ---------------------------------------------------------------- sets put aside
def test_counter_calls_to_put_a_set_aside() -> None:
    """Where full sets are put aside (``discard_sets``), seat 1 knows seat 0's three fives
    (it saw them taken): laying its own five on them would hand the caller a set to shed;
    calling them takes the pile and puts the set aside itself (and it leads).  Without
    the rule it lays the five."""
    deal = [
        ["9C", "9D", "KD", "QC", "4C", "7C"],
        ["5D", "2C", "3D", "7H", "8S", "JC", "TD", "2D"],
        ["5S", "5H", "5C", "AS", "AH", "4D", "6D", "6S"],
    ]
    five = RANK_INDEX["5"]
    for sets, expected in ((False, "play"), (True, "call")):
        g = new("bullshit", deal, first=2, **{**TURN_CALL_SETS, "jokers": 0, "discard_sets": sets})
        play(g, 2, ["5S", "5H", "5C"], "5")
        call(g, 0)  # true: seat 0 takes the three fives, in everyone's sight
        play(g, 0, ["5S", "5H", "5C"], "5")
        view = g.view(1)
        k = Knowledge.from_view(view)
        assert sets_on_taking(k, view, 1, five, []) == (4.0 if sets else 0.0)
        assert sets_on_taking(k, view, 2, five, [CARD_INDEX["5D"]]) == (4.0 if sets else 0.0)
        assert act_as("counter", g, 1)["type"] == expected
    g.apply(1, {"type": "call"})
    assert len(g.view(1)["hand"]) == 7 and g.to_act == [1]  # 8 + 3 - 4, and it leads


def test_counter_keeps_a_card_back_rather_than_hand_the_caller_a_set() -> None:
    """Seat 0 leads holding three kings; it saw seat 1 take the fourth back after a call.
    Its biggest truth, the three kings, would let seat 1 call, put the set aside and lead
    its last three cards out (the final play cannot be called): it lays a truth that
    cannot complete the set (a king kept back, or another rank)."""
    deal = [
        ["KH", "KD", "KC", "QC", "QD", "4S", "5S", "6D"],
        ["KS", "7H", "9C", "9D", "TC"],
        ["8C", "3H", "3D", "JS", "JD", "AC"],
    ]
    g = new("bullshit", deal, first=1, **{**TURN_CALL_SETS, "jokers": 0})
    play(g, 1, ["KS"], "A")
    call(g, 2)  # right: seat 1 takes its king back, in everyone's sight
    play(g, 1, ["7H"], "7")
    play(g, 2, ["8C"], "7")
    play(g, 0, ["4S"], "7")
    call(g, 1)  # right: seat 0 takes the pile and leads
    assert g.to_act == [0] and g.view(0)["hand_sizes"] == [10, 4, 5]
    view = g.view(0)
    k = Knowledge.from_view(view)
    kings = [CARD_INDEX[c] for c in ("KH", "KD", "KC")]
    assert sets_on_taking(k, view, 1, RANK_INDEX["K"], kings) == 4.0
    for seed in range(3):
        action = act_as("counter", g, 0, seed=seed)
        rank = action["claim"]["rank"]
        assert all(c[0] == rank for c in action["cards"])  # a truth
        assert not {"KH", "KD", "KC"} <= set(action["cards"])


def test_a_wrong_call_brings_back_the_claimed_cards() -> None:
    """A wrong call means the claim was true: its cards of the rank come back with the
    pile, and with two of the rank in hand a true pair called puts the set aside.  Read
    cautiously (claims not believed) the same pile brings nothing back."""
    deal = [
        ["5H", "5C", "KD", "QC", "9H", "4S", "7S", "6D"],
        ["KS", "7H", "9C", "9D", "TC", "2C", "2D"],
        ["5S", "5D", "3H", "3D", "JS", "JD", "AC"],
    ]
    g = new("bullshit", deal, first=2, **{**TURN_CALL_SETS, "jokers": 0})
    play(g, 2, ["5S", "5D"], "5")
    view = g.view(0)
    k = Knowledge.from_view(view)
    five = RANK_INDEX["5"]
    assert sets_on_taking(k, view, 0, five, []) == 0.0
    assert sets_on_taking(k, view, 0, five, [], last_true=True) == 4.0
    assert pile_naturals(k, five, last_only=True) == 2.0


# ---------------------------------------------------------------- who leads after a call
def test_a_lost_call_is_worth_the_lead_it_gives() -> None:
    """Where the loser of a call leads a rank of its choice (``after_call_rank="free"``), a
    wrong call costs the pile less the cards the caller then lays at once (its biggest true
    play); where the winner leads, a right call gives that lead."""
    deal = [["2C", "3D", "4H"], ["KS", "KH", "KD", "QC", "JD"], ["9C", "9D", "TC", "TD"]]
    for leader, wrong, right in (("loser", 3.0, 0.0), ("winner", 0.0, 3.0)):
        g = new("bullshit", deal, **{**TURN_CALL_SETS, "after_call_leader": leader})
        play(g, 0, ["2C"], "A")
        view = g.view(1)
        k = Knowledge.from_view(view)
        table = Table.of(k, view)
        ace = RANK_INDEX["A"]
        assert lead_after_call(k, table, 1, 0, False, ace) == wrong  # three kings, max 3
        assert lead_after_call(k, table, 1, 0, True, ace) == right


# ---------------------------------------------------------------- learning the table
def _eightshit_table(visible_lies: bool) -> bh.Game:
    """Eightsh*t, three seats: seats 1 and 2 lay two cards a play, claiming one ace each
    time (a lie anyone can see) or two (one nobody can rule out); nobody calls.  Seat 0,
    to play, holds five cards none of which is an ace."""
    deal = [
        ["AS", "AD", "KH", "QD", "JC", "TS", "TH"],
        ["AH", "KS", "QH", "JD", "TC", "KD", "QS", "JH", "TD"],
        ["AC", "KC", "QC", "JS", "TD", "KD", "QC", "JH", "TC"],
    ]
    g = new("eightshit", deal, first=1)
    count = 1 if visible_lies else None
    play(g, 1, ["KS", "QH"], "A", count=count)
    play(g, 2, ["KC", "QC"], "A", count=count)
    play(g, 0, ["AS"], "A")
    play(g, 1, ["JD", "TC"], "A", count=count)
    play(g, 2, ["JS", "TD"], "A", count=count)
    play(g, 0, ["AD"], "A")
    play(g, 1, ["AH"], "A")
    play(g, 2, ["AC"], "A")
    return g


def test_counter_dumps_its_hand_where_the_table_lets_visible_lies_stand() -> None:
    """A table whose record shows it lets plays stand that anyone can see are false (a
    claimed count other than the cards laid) hardly calls a last play: there the counter
    lays its whole hand at once.  The same hands with no such record: a smaller bluff."""
    lax = _eightshit_table(True)
    k = Knowledge.from_view(lax.view(0))
    assert k.sure_chances == [4, 2, 2] and k.sure_calls == [0, 0, 0]
    assert Table.of(k, lax.view(0)).lets_lies
    action = act_as("counter", lax, 0)
    assert sorted(action["cards"]) == sorted(lax.view(0)["hand"])
    careful = _eightshit_table(False)
    assert len(act_as("counter", careful, 0)["cards"]) < len(careful.view(0)["hand"])


def test_doubted_claims_that_were_true_raise_the_odds() -> None:
    """A seat whose claims that this seat could not rule out turned up true when called is
    believed more (p_claim above p_truthful); one whose such claims were lies, less.  A
    table that lies only when it holds nothing of the rank shows it so."""
    deal = [
        ["AS", "4S", "5S", "6S", "7S"],
        ["AD", "2H", "9H", "TH", "JH"],
        ["2C", "3C", "6C", "9C", "TC"],
    ]
    for truth in (True, False):
        g = new(
            "bullshit",
            deal,
            callers="turn",
            sequence="round",
            first_rank="any",
            after_call_rank="free",
        )
        play(g, 0, ["AS"], "A")
        play(g, 1, ["AD"] if truth else ["2H"], "A")  # seat 0 cannot rule it out
        call(g, 2)
        if truth:  # seat 2 took the pile and leads; seat 0's lie is called
            play(g, 2, ["2C"], "2")
            play(g, 0, ["4S"], "2")
            call(g, 1)
            play(g, 0, ["5S"], "5")
        play(g, 1, ["9H"], "5")  # doubtful
        view = g.view(0)
        k = Knowledge.from_view(view)
        assert (k.doubted[1], k.doubted_true[1]) == (1, int(truth))
        assert (p_claim(k, view) > p_truthful(k, view)) is truth


def test_a_seat_that_lets_lies_it_could_rule_out_stand_is_read_so() -> None:
    """Each of this seat's lies is weighed by the chance the next seat could rule it out
    from its own cards: one that lets such lies stand is expected to let the next stand
    too (a never-calling table is padded into), one that calls them, to call."""
    deal = [
        ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"],
        ["AH", "AD", "AC", "KH", "KD", "KC", "QH", "QD"],
    ]
    for calls in (False, True):
        g = new(
            "bullshit",
            deal,
            callers="turn",
            sequence="round",
            first_rank="any",
            after_call_rank="free",
        )
        play(g, 0, ["2S", "3S"], "A")
        play(g, 1, ["AH", "AD"], "A")
        play(g, 0, ["4S"], "A")  # a fifth ace: anyone holding an ace rules it out
        if calls:
            call(g, 1)
        else:
            play(g, 1, ["KH"], "A")
        k = Knowledge.from_view(g.view(0))
        assert 1.0 <= k.exposed_chances[1] < 1.5  # surely, and the first lie hardly
        rate = exposed_call_rates(k)[1]
        assert (rate > 0.9) if calls else (rate < 0.2)


def test_a_seat_that_has_called_is_expected_to_call_what_it_can_rule_out() -> None:
    """A seat that has called anything calls a claim it can rule out, whatever its record on
    this seat's lies it could have ruled out says (a seat that calls at random lets most of
    them stand, and padding into it lost: in bullshit against calls_third, 8 of 32
    games with that record read, 15 of 32 without)."""
    deal = [
        ["9S", "9H", "2S", "3S", "4S", "5S", "6S", "7S"],
        ["AH", "AD", "AC", "KH", "KD", "KC", "QH", "QD"],
    ]
    g = new(
        "bullshit", deal, callers="turn", sequence="round", first_rank="any", after_call_rank="free"
    )
    play(g, 0, ["9S", "9H"], "9")
    call(g, 1)  # a true play called: seat 1 takes it and leads
    play(g, 1, ["AH", "AD", "AC"], "A")
    play(g, 0, ["2S", "3S"], "A")  # five aces claimed: a lie to anyone
    play(g, 1, ["KH"], "A")  # let stand
    play(g, 0, ["4S", "5S"], "A")
    play(g, 1, ["KD"], "A")  # let stand again
    view = g.view(0)
    k = Knowledge.from_view(view)
    assert k.exposed_chances[1] == 2.0 and exposed_call_rates(k)[1] < 0.5
    table = Table.of(k, view)
    assert table.exposed_rates[1] == 1.0
    ace = RANK_INDEX["A"]
    exposed = claim_exposure(k, view, table, ace, 1)
    assert exposed == {1: 1.0}
    assert table.p_called(1, False, lie=True, exposed=exposed) == 1.0


def test_a_seat_that_passed_on_the_rank_cannot_rule_a_claim_of_it_out() -> None:
    """Bluff (``turn_pass="round"``): a seat that passed while the round's rank was to be
    claimed holds none of it, so a claim of that rank is exposed only to the others, whose
    share of the unplaced cards grows (bluff_six_jokers against never_lie, 29 ->
    38 of 64 games)."""
    deal = [
        ["AS", "AH", "AD", "2S", "3S"],
        ["4H", "5H", "6H", "7H", "8H"],
        ["4C", "5C", "6C", "7C", "8C"],
        ["9S", "9H", "TS", "TH", "JS"],
    ]
    g = new("bluff", deal, first=0)
    play(g, 0, ["AS"], "A")
    decline_all(g)
    pas(g, 1)
    pas(g, 2)
    view = g.view(3)
    k = Knowledge.from_view(view)
    ace = RANK_INDEX["A"]
    assert [ace in v for v in k.void] == [False, True, True, False]
    table = Table.of(k, view)
    exposed = claim_exposure(k, view, table, ace, 1)
    assert exposed[1] == exposed[2] == 0.0
    k.void = [set() for _ in k.void]
    unread = claim_exposure(k, view, table, ace, 1)
    assert unread[1] > 0.0 and exposed[0] > unread[0]


def test_calls_of_lies_a_seat_could_not_rule_out_are_read_apart() -> None:
    """Where a pass is free (Bluff), a lie's chance of being called is read claim by claim:
    at each seat's rate on this seat's lies it could not rule out (blind_call_rates), or at
    its rate on those it could.  A table that calls only what it can rule out (a never-lying
    one, judging by the odds) is bluffed into where its cards cannot tell; elsewhere the
    record is kept but not read."""
    deal = [
        ["2S", "3S", "4S", "5S", "6S", "7S"],
        ["4H", "5H", "6H", "7H", "8H"],
        ["4C", "5C", "6C", "7C", "8C"],
        ["9S", "9H", "TS", "TH", "JS"],
    ]
    g = new("bluff", deal, first=0, max_cards=6)
    play(g, 0, ["2S", "3S", "4S", "5S", "6S"], "A")  # five aces: a lie to anyone
    call(g, 1)
    view = g.view(0)
    k = Knowledge.from_view(view)
    assert (k.lie_calls[1], k.blind_calls[1], k.blind_chances[1]) == (1, 0.0, 0.0)
    blind = blind_call_rates(k)
    assert blind[1] < lie_call_rates(k)[1]
    table = Table.of(k, view)
    assert table.blind_rates == blind
    unexposed = dict.fromkeys(table.callers, 0.0)
    assert table.p_called(1, False, lie=True, exposed=unexposed) < table.p_called(
        1, False, lie=True
    )
    g = new("bullshit", deal, first=0)
    view = g.view(0)
    assert Table.of(Knowledge.from_view(view), view).blind_rates == []


# ---------------------------------------------------------------- records by cards laid
def _record_table(multi: bool) -> dict[str, Any]:
    """Three seats: seat 1's called play of two cards was true, its called play of one card
    a lie; it now claims tens with two cards (``multi``) or one, seat 2 to answer."""
    deal = [
        ["AS", "4S", "5S", "6S", "7S", "8S"],
        ["AD", "AH", "2H", "9H", "TH", "JH"],
        ["2C", "3C", "6C", "9C", "TC", "QC"],
    ]
    g = new(
        "bullshit", deal, callers="turn", sequence="round", first_rank="any", after_call_rank="free"
    )
    play(g, 0, ["AS"], "A")
    play(g, 1, ["AD", "AH"], "A")  # true
    call(g, 2)  # seat 2 takes the pile and leads
    play(g, 2, ["2C"], "2")
    play(g, 0, ["4S"], "2")
    play(g, 1, ["9H"], "2")  # a lie of one card
    call(g, 2)  # seat 1 takes the pile and leads
    play(g, 1, ["TH", "JH"] if multi else ["TH"], "T")
    return g.view(2)


def test_called_plays_are_read_apart_by_the_cards_laid() -> None:
    """``counter`` reads a player's called plays of one card apart from its bigger ones: a
    player whose big claims turned up true and whose one-card claim was a lie (a table that
    lies only when it holds nothing of the rank, and then in one card) is believed more on
    its next big claim and less on its next one-card claim than the pooled record says.
    The fixed styles keep the pooled reading (Popcorn, up or down, against
    ``never_lie``, 17% -> 28% on 512 games)."""
    for multi in (True, False):
        view = _record_table(multi)
        k = Knowledge.from_view(view)
        assert k.record[1] == [1, 2]
        assert k.record_by_laid[1] == [[0, 1], [1, 1]]
        assert sum(part[1] for part in k.record_by_laid[0] + k.record_by_laid[2]) == (
            k.record[0][1] + k.record[2][1]
        )
        pooled, apart = p_truthful(k, view), p_truthful(k, view, by_laid=True)
        assert 0.0 < pooled < 1.0
        assert (apart > pooled) if multi else (apart < pooled)
        assert p_claim(k, view, by_laid=True) != p_claim(k, view)


def _untested_positions(games: int) -> Iterator[tuple[bh.Game, dict[str, Any], Knowledge]]:
    """Positions of ``popcorn_up_or_down`` against three ``honest`` seats (they never call and
    never lie while they can help it) where seat 0 holds a truth to play on a pile of more
    than 8 cards, nobody having called yet and no big lie having stood."""
    for seed in range(games):
        g = bh.new_game("popcorn_up_or_down", players=4, seed=seed)
        bots = [make_bot("counter", seed=seed)] + [
            make_bot("honest", seed=seed + s) for s in (1, 2, 3)
        ]
        for seat, _ in bot_turns(g, bots, 400):
            view = g.view(seat)
            if seat != 0 or not view.get("claim_ranks") or view.get("last_play"):
                continue
            k = Knowledge.from_view(view)
            if view["pile_size"] > 8 and not any(k.calls) and _untested(k, Table.of(k, view)):
                yield g, view, k


def _lies_laid(k: Knowledge, action: dict[str, Any] | None) -> int:
    assert action is not None and action["type"] == "play"
    rank = RANK_INDEX[action["claim"]["rank"]]
    return sum(not k.matches(CARD_INDEX[c], rank) for c in action["cards"])


def test_counter_risks_no_big_lie_on_a_big_pile_at_an_untested_table() -> None:
    """Before anyone calls, a table that calls the claims it can rule out looks like one that
    calls nothing, and a padded claim on a big pile is what the first calls (49 of 49 called
    in Popcorn against ``never_lie``): there ``counter`` lays at most one card
    of lies, where the same hand without that caution (the fixed styles' reading) pads
    more.  Once a big lie of its own has stood, it pads as before."""
    compared = 0
    for g, view, k in _untested_positions(12):
        styles = choose_play(k, view, Choices(g, 0), random.Random(1))
        if _lies_laid(k, styles) < 2:
            continue
        compared += 1
        assert (
            _lies_laid(
                k, choose_play(k, view, Choices(g, 0), random.Random(1), reading=COUNTER_READING)
            )
            <= 1
        )
        k.big_lie_stood = True
        assert (
            choose_play(k, view, Choices(g, 0), random.Random(1), reading=COUNTER_READING) == styles
        )
    assert compared >= 3


def test_a_big_lie_that_stood_is_seen_in_the_pile() -> None:
    """Another player's claim of three aces, with every ace in this seat's hand, stood (play
    went on): the table lets a big lie pass, and ``counter`` no longer treats it as
    untested.  A one-card claim beyond the packs says less (a table that calls only what it
    can rule out lets most of those stand), and is not read so."""
    for laid in (3, 1):
        deal = [
            ["AS", "AD", "AC", "AH", "7S", "8S"],
            ["2H", "3H", "4H", "9H", "TH", "JH"],
            ["2C", "3C", "5C", "6C", "TC", "QC"],
            ["2D", "3D", "4D", "9D", "TD", "JD"],
        ]
        g = new("popcorn_up_or_down", deal, first=1)
        play(g, 1, ["2H", "3H", "4H"][:laid], "A")
        decline_all(g)
        play(g, 2, ["2C"], "2")  # play went on past it
        decline_all(g)
        k = Knowledge.from_view(g.view(0))
        assert _big_lie_stood(k) is (laid == 3)


def test_its_own_big_lie_that_stood_is_remembered() -> None:
    """The fold marks a lie of more than one card of this seat's that play went on past; a
    lie of one card, or a big lie called, is not marked."""
    deal = [["AS", "7S", "8S", "9S"], ["2H", "3H", "4H", "9H"], ["2C", "3C", "5C", "6C"]]
    for laid, called in ((2, False), (1, False), (2, True)):
        g = new("popcorn_up_or_down", deal, first=0)
        play(g, 0, ["7S", "8S"][:laid], "A")
        if called:
            call(g, 1)
        else:
            decline_all(g)
            play(g, 1, ["2H"], "2")
        k = Knowledge.from_view(g.view(0))
        assert k.big_lie_stood is (laid == 2 and not called)


def test_counter_weighs_a_call_of_a_first_play_by_value() -> None:
    """Popcorn, up or down: seat 0 opens claiming two aces where seat 1 holds three of the four.
    The pile is that play alone, and the liar does not lay again after a right call (the
    sequence moves on), so the call costs seat 1 at most two cards and denies seat 0 its
    progress: ``counter`` weighs it by value and calls; ``counter_v1``'s fixed bar calls only
    a pile bigger than the play and lets it stand.  A seat that cannot rule the claim out
    lets it stand either way."""
    from bluffhouse.bots.cheat.counter import counter_policy, counter_v1_policy

    deal = [
        ["2S", "3H", "4D", "5C", "6S", "7H"],
        ["AS", "AH", "AD", "9C", "TC", "JD"],
        ["QD", "8C", "7S", "QH", "QC", "KD"],
        ["3S", "4S", "5S", "6H", "8S", "KS"],
    ]
    state = new("popcorn_up_or_down", deal)
    play(state, 0, ["2S", "3H"], "A")
    assert state.to_act == [1, 2, 3]
    for seed in range(3):
        seat1 = state.view(1)
        assert counter_policy(seat1, Choices(state, 1), random.Random(seed)) == {"type": "call"}
        assert counter_v1_policy(seat1, Choices(state, 1), random.Random(seed)) == {"type": "pass"}
        seat2 = state.view(2)
        assert counter_policy(seat2, Choices(state, 2), random.Random(seed)) == {"type": "pass"}


#: Seat 0 holds two aces and a joker beside odd cards; the others, odd cards of their own.
JUNK_LEAD_DEAL = [
    ["AS", "AH", "JK", "4C", "7D", "9H", "QC"],
    ["2S", "3H", "5D", "6C", "8S", "TC", "KD"],
    ["2H", "3S", "5C", "6D", "8H", "TD", "KS"],
    ["2D", "3C", "5H", "6H", "8C", "TH", "KH"],
]
#: ... the cards it keeps to follow on aces.
JUNK_LEAD_KEEP = {"AS", "AH", "JK"}


def test_counter_leads_cards_it_will_not_need_where_a_caught_lead_only_comes_back() -> None:
    """The leader names the rank, and after a right call the loser leads again: a lead's lie,
    called, only comes back to its player (the pile is that play alone), at the cost of a
    turn.  Seat 0 holds two aces and a joker beside odd cards: ``counter`` leads odd cards
    claimed as aces and keeps the aces and the joker to follow on them; ``counter_v1`` leads
    the truth.  Where a right call makes the caller lead (Bluff's rule), and right after its
    own lead came back, ``counter`` leads the truth."""
    from bluffhouse.bots.cheat.counter import counter_policy, counter_v1_policy

    for seed in range(3):
        g = new("bullshit", JUNK_LEAD_DEAL, first=0, **TURN_CALL_SETS)
        lead = counter_policy(g.view(0), Choices(g, 0), random.Random(seed))
        assert lead["type"] == "play" and lead["claim"]["rank"] == "A", lead
        assert 1 <= len(lead["cards"]) <= 3 and not JUNK_LEAD_KEEP & set(lead["cards"]), lead
        truth = counter_v1_policy(g.view(0), Choices(g, 0), random.Random(seed))
        assert {"AS", "AH"} <= set(truth["cards"]), truth
        g.apply(0, lead)
        call(g, 1)  # right: the lie comes back to seat 0, who leads again
        assert g.to_act == [0] and len(g.view(0)["hand"]) == 7
        again = counter_policy(g.view(0), Choices(g, 0), random.Random(seed))
        assert {"AS", "AH"} <= set(again["cards"]), again  # not the same circle twice
        bluff_rule = new(
            "bullshit",
            JUNK_LEAD_DEAL,
            first=0,
            **{**TURN_CALL_SETS, "after_call_leader": "winner"},
        )
        there = counter_policy(bluff_rule.view(0), Choices(bluff_rule, 0), random.Random(seed))
        assert {"AS", "AH"} <= set(there["cards"]), there


def test_counter_leads_odd_cards_after_a_call_it_lost_too() -> None:
    """A pile taken on a call of its own that proved wrong (the loser leads) leaves it leading
    afresh, as a lead of its own that came back does not: the next lead's lie, called, still
    only comes back to it.  Seat 0 calls seat 3's true two, takes it and leads: odd cards
    claimed as aces, the aces and the joker kept to follow."""
    from bluffhouse.bots.cheat.counter import counter_policy

    for seed in range(3):
        g = new("bullshit", JUNK_LEAD_DEAL, first=3, **TURN_CALL_SETS)
        play(g, 3, ["2D"], "2")
        call(g, 0)  # wrong: seat 0 takes the two and leads
        assert g.to_act == [0] and len(g.view(0)["hand"]) == 8
        lead = counter_policy(g.view(0), Choices(g, 0), random.Random(seed))
        assert lead["type"] == "play" and lead["claim"]["rank"] == "A", lead
        assert not JUNK_LEAD_KEEP & set(lead["cards"]), lead


def test_counter_pads_with_cards_it_will_not_need_and_keeps_the_truth() -> None:
    """Where the rank stays for the round, a truth padded with odd cards is laid as that many
    odd cards alone: called, either play comes back whole; let stand, the truth is still in
    hand to follow on the same rank.  Seat 1 follows a claim of a nine holding the nine of
    spades: ``counter_v1`` lays it with an odd card as two nines, ``counter`` two odd cards."""
    from bluffhouse.bots.cheat.counter import counter_policy, counter_v1_policy

    deal = [
        ["4C", "7D", "TD", "QS", "2H", "3S", "5S", "6D"],
        ["9S", "2C", "3D", "5H", "6S", "8D", "KC", "JH"],
        ["2D", "3H", "5C", "6H", "8S", "TC", "KD", "JC"],
        ["2S", "3C", "5D", "6C", "8H", "TH", "KH", "JD"],
    ]
    g = new("bullshit", deal, first=0, **TURN_CALL_SETS)
    play(g, 0, ["4C"], "9")
    for seed in range(3):
        padded = counter_v1_policy(g.view(1), Choices(g, 1), random.Random(seed))
        assert "9S" in padded["cards"] and len(padded["cards"]) == 2, padded
        kept = counter_policy(g.view(1), Choices(g, 1), random.Random(seed))
        assert kept["claim"] == {"rank": "9", "count": 2}, kept
        assert "9S" not in kept["cards"] and len(kept["cards"]) == 2, kept


def _race_table() -> bh.Game:
    """``turn_call_sets`` (the final play cannot be called, three cards a play at most): every
    seat lays three fives, then one, and nobody calls; seat 0 holds five cards, none a five,
    and the pile sixteen."""
    deal = [
        ["5C", "5D", "5H", "6C", "6S", "JC", "JD", "QD", "QH"],
        ["2C", "3D", "4H", "7S", "8C", "9D", "TC", "KD", "AH"],
        ["2D", "3H", "4S", "7C", "8D", "9H", "TD", "KH", "AS"],
        ["2H", "3S", "4C", "7D", "8H", "9S", "TH", "KS", "AC"],
    ]
    g = new("bullshit", deal, first=0, **TURN_CALL_SETS)
    for seat, cards in enumerate((["5C", "5D", "5H"], ["2C", "3D", "4H"], ["2D", "3H", "4S"])):
        play(g, seat, cards, "5")
    play(g, 3, ["2H", "3S", "4C"], "5")
    for seat, card in enumerate(("6C", "7S", "7C", "7D")):
        play(g, seat, [card], "5")
    return g


def test_at_a_table_that_calls_nothing_counter_makes_the_play_that_leaves_it_nearly_out() -> None:
    """Where the final play cannot be called, a hand of three goes out next turn.  Seat 1,
    the only seat that may call seat 0, has let both its plays stand: ``counter`` lays two,
    down to three cards; read without the race (a seat that has called nothing taken to call
    such a play as readily as a last play) it lays one and loses a tempo."""
    g = _race_table()
    assert len(g.view(0)["hand"]) == 5
    plain = replace(COUNTER_READING, reads_race=False)
    for seed in range(3):
        raced = play_counter(g.view(0), Choices(g, 0), random.Random(seed), reading=COUNTER_READING)
        assert raced["type"] == "play" and len(raced["cards"]) == 2, raced
        slow = play_counter(g.view(0), Choices(g, 0), random.Random(seed), reading=plain)
        assert slow["type"] == "play" and len(slow["cards"]) == 1, slow


def test_a_play_down_to_a_hand_about_to_go_out_is_feared_only_from_a_seat_that_calls() -> None:
    """Read so (Reading.reads_race), a seat that has called nothing is taken to call a play
    down to three cards no more readily than another; one that has called, as readily as a
    last play."""
    g = _race_table()
    view = g.view(0)
    quiet = Table.of(Knowledge.from_view(view), view, COUNTER_READING)
    plain = replace(quiet, reads_race=False)
    assert quiet.p_called(2, True, lie=True) < 0.5 * plain.p_called(2, True, lie=True)
    calling = replace(quiet, has_called=[True] * 4)
    assert calling.p_called(2, True, lie=True) == plain.p_called(2, True, lie=True)


def test_a_big_claim_on_a_crowded_rank_is_one_draw_from_its_real_cards() -> None:
    """Where the pile's claims of a rank name more cards than the pack holds, at most the pack's
    cards among them are real.  ``counter`` judges a claim of two there as one draw from
    them, as a claim of one (the claims that overfill a rank are mostly one-card lies, and a
    seat's real cards go down together); ``counter_v1`` as two independent draws."""
    deal = [
        ["2S", "3S", "4S", "5S", "6S"],
        ["2H", "3H", "4H", "5H", "6H"],
        ["2D", "3D", "4D", "5D", "6D"],
        ["7C", "8C", "9C", "TC", "JC"],
    ]
    g = new("bullshit", deal, sequence="round", first_rank="any", first=0)
    for seat, cards in ((0, ["2S"]), (1, ["2H"]), (2, ["2D"]), (3, ["7C"]), (0, ["3S"])):
        play(g, seat, cards, "A")
        decline_all(g)
    play(g, 1, ["3H", "4H"], "A")  # six aces named by others, seat 3 holds none: four real
    view = g.view(3)
    k = Knowledge.from_view(view)
    counted = p_truthful(k, view, by_laid=True)
    one_draw = p_truthful(k, view, by_laid=True, one_draw=True)
    assert 0 < counted < one_draw
    assert abs(one_draw / counted - 6 / 4) < 1e-6  # (4/6) against (4/6) squared
    # Read so only where the sequence names each rank and no one may pass (the crowding
    # claims are forced lies there): not in this round, nor in Popcorn for counter_v1.
    assert not crowds_by_play(k, COUNTER_READING)
    popcorn = bh.new_game("popcorn_up_or_down", players=4, seed=1)
    k = Knowledge.from_view(popcorn.view(0))
    assert crowds_by_play(k, COUNTER_READING) and not crowds_by_play(k, COUNTER_V1)
