"""The Cheat search's model of ``counter`` opponents: where a call is a choice of
the turn, the seat on turn weighs it against its best play, as the counter does, so a bluff
into a big pile is expected to be called; and the quick card counts the rollouts use."""

from __future__ import annotations

import random
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from cheat_util import EIGHTSHIT_DEAL, call, decline_all, new, play
from hypothesis import given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.cheat import sampling, search
from bluffhouse.bots.ismcts import Allowed, root_moves
from bluffhouse.bots.search import _HOOKS, hooks_for_game
from bluffhouse.cheat.listing import LIST_LIMIT


def _sample(g: Any, seat: int) -> Any:
    """A sampled game from ``seat``'s view, as the search sees it."""
    sample = sampling.search_determinize(g.view(seat), random.Random(5))
    sample.__dict__["_search_seat"] = seat
    return sample


def _eightshit_pile(**options: Any) -> Any:
    """Eightsh*t (a call is a choice of the next player's turn, anyone's until the next play):
    seat 0 leads three queens onto nothing, seat 1 lets them stand with three of its own,
    seat 2 claims three more.  Seat 0 is to move with a pile of nine.  ``options``: rules
    changed from the preset's."""
    deal = [
        ["QS", "QH", "QD", "AS", "TS", "JS", "KS"],
        ["QC", "QS", "QH", "AH", "TH", "JH", "KH"],
        ["KC", "KD", "TD", "AD", "JD", "AC", "TC"],
    ]
    g = new("eightshit", deal, first=0, **options)
    play(g, 0, ["QS", "QH", "QD"], "Q")
    play(g, 1, ["QC", "QS", "QH"], "Q")
    play(g, 2, ["KC", "KD", "TD"], "Q")
    if not options:
        assert g.to_act == [1, 0]  # seat 1 may still call, before seat 0's play closes its chance
    return g


def test_a_counter_on_turn_calls_a_sure_lie_on_a_big_pile() -> None:
    g = _eightshit_pile()
    sample = _sample(g, 0)
    item = sampling.info(g.view(0))
    assert search.call_worth_more(sample, 0, 2, 0.0, item)
    assert not search.call_worth_more(sample, 0, 2, 1.0, item)


def test_the_search_models_the_call_of_a_claim_the_packs_cannot_hold() -> None:
    # Nine queens claimed of a two-pack deck's eight and four jokers is possible, but seat 0
    # holds none now: the model's odds make seat 2's claim doubtful.  Where only the next
    # player calls, as a choice of its turn, the counter-on-turn model weighs the call
    # against its best play (a bluff into that pile) and calls it.
    def calls(g: Any) -> int:
        sample = _sample(g, 0)
        item = sampling.info(g.view(0))
        return sum(search.counter_calls(sample, 0, item, random.Random(seed)) for seed in range(40))

    assert calls(_eightshit_pile(callers="turn")) >= 30
    # Where anyone may call until the next play, the player on turn is asked last, and a
    # counter calls there only below the bar of its calls off its turn: read near 0.4, the
    # claim mostly stands, as the real counter lets it stand.
    assert calls(_eightshit_pile()) <= 20
    view = _eightshit_pile().view(0)
    assert make_bot("counter", seed=1).act(view, Choices(_eightshit_pile(), 0))["type"] == "play"


@settings(max_examples=100, deadline=None)
@given(hand=st.lists(st.integers(0, 52), max_size=30), rank=st.integers(0, 13), wild=st.booleans())
def test_held_count_counts_what_matches(hand: list[int], rank: int, wild: bool) -> None:
    state: Any = SimpleNamespace(_wild=wild)
    assert search._held_count(state, hand, rank) == sum(
        search._matches(state, c, rank) for c in hand
    )


@settings(max_examples=40, deadline=None)
@given(
    hand=st.lists(st.integers(0, 52), max_size=30),
    allowed=st.lists(st.integers(0, 13), max_size=14, unique=True),
    wild=st.booleans(),
    suit=st.integers(-1, 3),
)
def test_truths_and_the_most_held_match_card_by_card(
    hand: list[int], allowed: list[int], wild: bool, suit: int
) -> None:
    """The rollouts' quick truth lists (one pass over the hand) and best truth count give
    what testing each card against each claimable rank gives."""
    state: Any = SimpleNamespace(
        _wild=wild,
        hands=[hand],
        allowed=allowed,
        rules=SimpleNamespace(claim_suit=suit >= 0),
        _suit_required=lambda: suit,
    )
    want = []
    for rank in allowed:
        cards = [
            c
            for c in hand
            if search._matches(state, c, rank) and (suit < 0 or c == 52 or c & 3 == suit)
        ]
        if cards:
            want.append((rank, cards))
    want.sort(key=lambda rc: -len(rc[1]))
    assert search._truth_options(state, 0) == want
    assert search._most_held(state, hand) == max(
        (search._held_count(state, hand, rank) for rank in allowed), default=0
    )


def _mid_game(game: str, steps: int, seed: int) -> Any:
    """A game of four ``counter`` bots, ``steps`` moves in."""
    g = bh.new_game(game, players=4, seed=seed)
    bots = [make_bot("counter", seed=s) for s in range(4)]
    for _ in range(steps):
        seat = g.to_act[0]
        g.apply(seat, bots[seat].act(g.view(seat), Choices(g, seat)))
    return g


def test_the_search_keeps_the_counter_move_unless_another_is_clearly_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With ``prior_margin`` set the search returns the ``counter`` policy's move unless a
    move was visited that many times as often and scored ``prior_edge`` more on average:
    with a margin or an edge no move can reach, always the counter's; with no margin, the
    most visited move."""
    hooks = hooks_for_game("bluff")
    assert hooks.prior_margin is not None and hooks.counter is not None
    kept = differ = 0
    # (positions where the search's best move is not the counter's: in the first four it
    # used to call claims the count allowed, which it no longer searches)
    for seed in range(4, 8):
        g = _mid_game("bluff", 9 + seed, seed)
        seat = g.to_act[0]
        view, choices = g.view(seat), Choices(g, seat)
        for margin, edge in ((1e9, 0.0), (1.0, 1.5), (None, 0.0)):
            monkeypatch.setitem(
                _HOOKS, "cheat", replace(hooks, prior_margin=margin, prior_edge=edge)
            )
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
    assert kept == 8 and differ >= 1


def _my_bluff() -> Any:
    """Bluff, four seats: seat 0 leads a lie (a two claimed as a king) and seat 1 may call."""
    deal = [
        ["2S", "3H", "4D", "5C"],
        ["6S", "7H", "8D", "9C"],
        ["TS", "JH", "QD", "AC"],
        ["2H", "3D", "4C", "5S"],
    ]
    g = new("bluff", deal, first=0)
    play(g, 0, ["2S"], "K")
    assert 1 in g.to_act
    return g


@pytest.mark.parametrize("record, low, high", [((12, 12), 0.75, 1.0), ((0, 12), 0.0, 0.25)])
def test_a_seat_meets_the_searchers_lies_as_its_record_on_them_shows(
    record: tuple[int, int], low: float, high: float
) -> None:
    """How often a seat is modelled to call the searching seat's own lie follows what it did
    with its earlier lies (it called all twelve, or none), not its overall call rate: a
    tight Bluff table calls few plays and most lies, and a model bent by the overall rate
    (as for other plays) let the search bluff into counters that call it."""
    g = _my_bluff()
    sample = _sample(g, 0)
    item = sampling.info(g.view(0))
    item.k.lie_calls[1], item.k.lie_chances[1] = record
    share = (
        sum(search.counter_calls(sample, 1, item, random.Random(seed)) for seed in range(200)) / 200
    )
    assert low <= share <= high


def _crowded_round() -> Any:
    """Bluff: a round of fives claimed eight times over (seat 1's two claims true, seats 2
    and 3 lying), then seat 0 claims a ninth with a two."""
    deal = [
        ["5D", "5S", "2S", "3H", "4D", "6C", "7C", "8C"],
        ["5C", "5H", "JH", "QH", "KH", "AH", "2H", "3C"],
        ["9C", "TS", "JC", "QD", "KC", "AC", "2C", "3S"],
        ["9D", "TD", "JD", "QC", "KD", "AD", "2D", "3D"],
    ]
    g = new("bluff", deal, first=0)
    for seat, card in (
        (0, "5D"),
        (1, "5C"),
        (2, "9C"),
        (3, "9D"),
        (0, "5S"),
        (1, "5H"),
        (2, "TS"),
        (3, "TD"),
    ):
        play(g, seat, [card], "5")
        decline_all(g)
    play(g, 0, ["2S"], "5")
    return g


def test_the_model_doubts_a_claim_the_pile_has_named_too_often() -> None:
    """A ``counter`` whose own two fives lie in a pile that claims eight (its ``_crowded``)
    calls a ninth: the search's model of it does too.  It used to let every such lie stand
    (its odds ignored the pile's claims), so the search bluffed into crowded Bluff rounds."""
    g = _crowded_round()
    assert make_bot("counter", seed=0).act(g.view(1), Choices(g, 1)) == {"type": "call"}
    view = g.view(0)
    item = sampling.info(view)
    # (seat 1 let six counted lies stand here and has never called: modelled as a seat that
    # calls little, see below; the model of a counter is what this test reads)
    item.calls_at_all[1] = 1.0
    calls = 0
    for seed in range(10):
        sample = sampling.search_determinize(view, random.Random(seed))
        sample.__dict__["_search_seat"] = 0
        calls += sum(search.counter_calls(sample, 1, item, random.Random(s)) for s in range(4))
    assert calls >= 30


def _root(g: Any, seat: int) -> list[dict[str, Any]]:
    """The searching seat's candidates in a sample of the position itself."""
    return search.candidates(_sample(g, seat), seat, random.Random(3))


def test_the_search_does_not_doubt_a_bluff_claim_it_cannot_rule_out() -> None:
    """In Bluff, where a follow may pass for free, its players lie only by choice, and the
    search's own calls of claims the count allows went wrong: it searches a call only of a
    claim the count rules out (``counter``'s call is added by the bot where it calls)."""
    deal = [
        ["5D", "5S", "2S", "3H"],
        ["5C", "7H", "8D", "9C"],
        ["TS", "JH", "QD", "AC"],
        ["2H", "3D", "4C", "6S"],
    ]
    g = new("bluff", deal, first=1)
    play(g, 1, ["5C"], "5")
    assert 0 in g.to_act
    assert {"type": "call"} not in _root(g, 0)
    deal = [
        ["5D", "5S", "5H", "5C"],
        ["2S", "7H", "8D", "9C"],
        ["TS", "JH", "QD", "AC"],
        ["2H", "3D", "4C", "6S"],
    ]
    g = new("bluff", deal, first=1)
    play(g, 1, ["2S"], "5")
    assert {"type": "call"} in _root(g, 0)


def test_a_lie_called_on_an_empty_pile_is_not_tried_again() -> None:
    """Bullsh*t: a lie that is the whole pile, called, only goes back to its player, who
    leads the same rank again before the same callers: the search leaves lies out of that
    lead (it passes or tells the truth), where it used to repeat them (caught 114 times in
    one game against ``counter``)."""
    deal = [
        ["2S", "3H", "4D", "5C", "6S"],
        ["AS", "7H", "8D", "9C", "TS"],
        ["AH", "JH", "QD", "KC", "TH"],
        ["AD", "3D", "4C", "6H", "7S"],
    ]
    g = new("bullshit", deal, first=0)
    play(g, 0, ["2S"], "A")
    call(g, 1)
    assert g.to_act == [0] and g.view(0)["pile_size"] == 0
    moves = _root(g, 0)
    assert moves and all(m["type"] == "pass" for m in moves)


def test_a_seat_that_goes_out_uncalled_does_so_before_any_call() -> None:
    """``turn_call_sets`` (a call is a choice of the next player's turn, the final play cannot
    be called): a seat holding one play's worth of cards lays them and wins, as ``counter``
    does, rather than call.  The rollouts used to make it call a player about to go out
    (which a counter does where it cannot go out itself), so the search judged letting such a
    player stand nearly harmless and missed calls that alone could stop it."""
    from bluffhouse.arena import SUITE_RULES

    _, options, _ = SUITE_RULES["turn_call_sets"]
    deal = [
        ["2S", "3H", "4D", "5C"],
        ["7S", "8H", "9D"],
        ["TS", "JH", "QD", "KC", "AS"],
        ["2H", "3D", "4C", "6S", "7H"],
    ]
    g = new("bullshit", deal, first=0, **options)
    play(g, 0, ["2S"], "K")
    assert g.to_act == [1]
    counter = make_bot("counter", seed=0).act(g.view(1), Choices(g, 1))
    assert counter["type"] == "play" and len(counter["cards"]) == 3
    for seed in range(6):
        sample = _sample(g, 2)
        action = search.rollout_step(sample, 1, random.Random(seed))
        assert action["type"] == "play" and len(action["cards"]) == 3  # its sampled hand


def test_a_seat_that_lets_counted_lies_stand_is_modelled_to_call_little() -> None:
    """A pile that claims more fives than the pack holds holds a lie anyone can count, and a
    card counter calls most of those; seats that let three such plays stand in a row and
    never call anything are modelled as calling little (the search took strangers for
    counters all game long, and against a table that never calls it laid small lies a
    counter would have laid big)."""
    g = _crowded_round()
    view = g.view(0)
    item = sampling.info(view)
    calls, chances = item.k.counted_calls, item.k.counted_chances
    assert calls == [0, 0, 0, 0]
    assert all(chances[s] >= 3 for s in (1, 2, 3))
    assert all(item.calls_at_all[s] < 0.3 for s in (1, 2, 3))
    modelled = 0
    for seed in range(10):
        sample = sampling.search_determinize(view, random.Random(seed))
        sample.__dict__["_search_seat"] = 0
        modelled += sum(
            search.counter_calls(sample, 1, item, random.Random(seed * 20 + s)) for s in range(20)
        )
    assert modelled <= 75  # of 200


def _leaving_two() -> Any:
    """The suite's ``turn_call_sets`` (only the next player calls; the final play cannot be
    called): seat 0 claims three aces a turn, the others one, every claim a lie, until seat
    0's fifth play leaves it two cards; seat 1, the only one who may call it, let the four
    before stand (three of them past the six aces and jokers the pack holds)."""
    from bluffhouse.arena import SUITE_RULES

    _, options, _ = SUITE_RULES["turn_call_sets"]
    deal = [
        [
            *("2S", "2H", "2D", "3S", "3H", "3D", "4S", "4H", "4D"),
            *("5S", "5H", "5D", "6S", "6H", "6D", "7S", "7H"),
        ],
        ["8S", "8H", "8D", "9S", "9H", "9D"],
        ["TS", "TH", "TD", "JS", "JH", "JD"],
        ["QS", "QH", "QD", "KS", "KH", "KD"],
    ]
    g = new("bullshit", deal, first=0, **options)
    hands = [list(h) for h in deal]
    for _ in range(5):
        for seat in range(4):
            if g.to_act[0] != seat:
                break
            count = 3 if seat == 0 else 1
            cards, hands[seat] = hands[seat][:count], hands[seat][count:]
            play(g, seat, cards, "A")
            if seat == 0 and len(hands[0]) == 2:
                return g
    raise AssertionError("the script did not reach seat 0's fifth play")


def test_a_play_that_goes_out_next_is_not_modelled_called_by_a_seat_that_lets_lies_stand() -> None:
    """Where the final play cannot be called a card counter calls any play that leaves its
    player able to go out next turn; a seat that has let counted lies stand and never
    called is modelled calling it far less often (the search saw its own run to the last
    cards called every time, and laid two cards a turn where three went out first)."""
    g = _leaving_two()
    assert g.to_act[0] == 1
    view = g.view(0)
    item = sampling.info(view)
    assert item.calls_at_all[1] < 0.6
    called = 0
    for seed in range(40):
        sample = sampling.search_determinize(view, random.Random(seed))
        sample.__dict__["_search_seat"] = 0
        called += search.counter_calls(sample, 1, item, random.Random(seed))
    assert called <= 26
    item.calls_at_all[1] = 1.0  # a seat that has called before: a counter, as modelled
    called = 0
    for seed in range(40):
        sample = sampling.search_determinize(view, random.Random(seed))
        sample.__dict__["_search_seat"] = 0
        called += search.counter_calls(sample, 1, item, random.Random(seed))
    assert called == 40


def test_the_search_plays_the_counter_move_until_the_others_have_shown_how_they_call() -> None:
    """Until every other seat has had two chances to call, the model of its calls is the
    prior alone: the bot plays the ``counter`` move unsearched (its first lead of junk into
    a table that calls everything lost the lead for good where a call's winner leads: 0 of
    16 games of ``bluff_six_jokers`` against ``always_call``, 6 with this)."""
    g = bh.new_game("bluff", players=3, seed=4, max_cards=6, jokers=2)
    seat = g.to_act[0]
    view, choices = g.view(seat), Choices(g, seat)
    assert not search.model_informed(view)
    bot = make_bot("ismcts", seed=1)
    rng = random.Random()
    rng.setstate(bot.rng.getstate())
    hooks = hooks_for_game("bluff")
    assert hooks.counter is not None
    assert bot.act(view, choices) == hooks.counter(view, choices, rng)
    # Two rounds of plays later every seat has had its chances, and the search decides.
    bots = [make_bot("counter", seed=s) for s in range(3)]
    while not search.model_informed(g.view(g.to_act[0])):
        s = g.to_act[0]
        g.apply(s, bots[s].act(g.view(s), Choices(g, s)))
    k = sampling.info(g.view(g.to_act[0])).k
    assert all(k.chances[s] >= search.INFORMED_AFTER for s in range(3) if s != g.to_act[0])


def test_the_search_weighs_plays_the_listing_of_legal_actions_leaves_out() -> None:
    """Where any count may be laid (Eightsh*t), a big hand has more plays than
    ``legal_actions`` lists (the smallest first, up to ``LIST_LIMIT``): the search's moves are
    its candidates checked one by one with the rules, so its biggest truth is among them.
    Filtered by the listing, it was not, and the search led small lies where ``counter``
    led eight kings."""
    deal = [
        ["KS", "KS", "KH", "KH", "KD", "KD", "JK", "JK", "AS", "9S", "TS", "JS", "QS"],
        ["AH", "9H", "TH"],
        ["AD", "9D", "TD"],
        ["AC", "9C", "TC"],
    ]
    g = new("eightshit", deal, first=0)
    listed = g.legal_actions(0)
    assert len(listed) >= LIST_LIMIT
    assert max(len(a.get("cards", ())) for a in listed) < 8
    choices = Choices(g, 0)
    moves = root_moves(
        _sample(g, 0), 0, search.candidates, Allowed(choices), None, random.Random(0)
    )
    kings = [a for a in moves if a["type"] == "play" and a["claim"]["rank"] == "K"]
    assert any(len(a["cards"]) == 8 for a in kings)
    assert all(g.is_legal(0, a) for a in moves)
    # The move the bot makes is legal whatever it is (the rules, not the listing, say so).
    bot = make_bot("ismcts", seed=3)
    bot.iterations = 30  # type: ignore[attr-defined]
    assert g.is_legal(0, bot.act(g.view(0), choices))


def test_a_seat_off_its_turn_is_modelled_answering_as_counter_does() -> None:
    """Under ``callers="anytime"`` a seat off its turn answers a play as ``counter`` does
    there: a call by value, for claims below WEIGHED_CALL_BELOW, or below LIAR_CALL_BELOW
    for a play of several cards by a seat whose called plays of several cards were mostly
    lies (the model's fixed bar let the liars' big claims stand where counter calls them)."""
    g = new("eightshit", EIGHTSHIT_DEAL, first=0)
    play(g, 0, ["9S", "9H", "9D", "9C"], "9")
    assert g.to_act == [2, 3, 1]
    sample = _sample(g, 1)
    item = sampling.info(g.view(1))
    assert search.weighed_call(sample, 2, 0, 0.2, item)
    assert not search.weighed_call(sample, 2, 0, 0.4, item)
    item.k.record_by_laid[0][1] = [1, 3]  # three of its plays of several cards called, one true
    assert search.weighed_call(sample, 2, 0, 0.4, item)
    assert not search.weighed_call(sample, 2, 0, 0.6, item)
    item.k.record_by_laid[0] = [[0, 5], [0, 0]]  # one-card lies say nothing of bigger claims
    assert not search.weighed_call(sample, 2, 0, 0.4, item)
