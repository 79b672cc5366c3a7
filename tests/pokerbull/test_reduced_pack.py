"""Reduced packs (options ``lowest_rank`` and ``suits``): the small Poker Bull games a solver
can search whole.  The whole pack is unchanged; a reduced one deals, bids, judges, saves and is
played by every bot with its own cards only."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.bots import make_bot
from bluffhouse.pokerbull.bids import FULL, Order, Universe, bid_space
from bluffhouse.pokerbull.fast import fast_rules
from bluffhouse.simulate import play_game

HEADS_UP = {"players": 2, "lowest_rank": "K", "suits": 2, "jokers": 0, "grow_limit": 1}


def heads_up(seed: int = 0, **setup: object) -> bh.Game:
    return bh.new_game("poker_bull_rising", seed=seed, **HEADS_UP, **setup)  # type: ignore[arg-type]


def test_whole_pack_bid_spaces_are_unchanged() -> None:
    assert len(bid_space(FULL, Order(), 2).bids) == 19_724
    assert len(bid_space(FULL, Order(), 0).bids) == 9_855


def test_reduced_pack_deals_only_its_cards() -> None:
    pack = {"KS", "KH", "AS", "AH"}
    for seed in range(40):
        game = heads_up(seed)
        view = game.view(0)
        assert view["deck_size"] == 4
        assert set(view["hand"]) <= pack
        assert set(game.view(1)["hand"]) <= pack


def test_bids_are_the_hands_the_pack_can_make() -> None:
    game = heads_up(deal=[["KS"], ["AH"]])
    bids = [a["bid"] for a in game.legal_actions(0)]
    # 'high' is certain among two cards; two suits make no trips, no flush, no straight
    assert bids == [
        "high K",
        "high A",
        "pair",
        "pair K",
        "pair A",
        "two_pair",
        "two_pair A",
        "two_pair A K",
    ]
    with pytest.raises(bh.IllegalAction, match="cannot be made from this pack"):
        game.apply(0, {"type": "bid", "bid": "trips K"})
    with pytest.raises(bh.IllegalAction, match="K A in spades, hearts"):
        game.apply(0, {"type": "bid", "bid": "pair 7"})
    # two suits of Q K A: the trips are gone, the two pairs are there
    three = bid_space(Universe((10, 11, 12), 2), Order(), 0)
    assert "trips" not in three.texts and "two_pair A Q" in three.texts


def test_a_call_is_judged_on_the_pack() -> None:
    game = heads_up(deal=[["KS"], ["KH"]])
    game.apply(0, {"type": "bid", "bid": "pair K"})
    game.apply(1, {"type": "call"})
    assert game.result is not None and game.result["winner"] == 0  # the pair was there
    game = heads_up(deal=[["KS"], ["AH"]])
    game.apply(0, {"type": "bid", "bid": "pair"})
    game.apply(1, {"type": "call"})
    assert game.result is not None and game.result["winner"] == 1


def test_cards_outside_the_pack_are_refused_in_a_deal() -> None:
    with pytest.raises(bh.RuleError, match="QS"):
        heads_up(deal=[["QS"], ["AH"]])


def test_a_pack_too_small_for_the_table_is_refused() -> None:
    with pytest.raises(bh.RuleError, match="do not fit in the deck"):
        bh.new_game(
            "poker_bull_rising", players=3, lowest_rank="A", suits=2, jokers=0, grow_limit=1
        )
    with pytest.raises(bh.RuleError, match="hand_size"):
        bh.new_game("poker_bull", players=3, lowest_rank="Q", suits=4, jokers=0)


def test_a_reduced_pack_game_saves_and_loads() -> None:
    game = heads_up(3)
    game.apply(0, game.legal_actions(0)[2])
    again = bh.load(game.to_json())
    assert again.view(1) == game.view(1)
    assert again.legal_actions(1) == game.legal_actions(1)


@pytest.mark.parametrize(
    "bot",
    [
        "random",
        "honest",
        "counter",
        "always_call",
        "never_lie",
        "always_lie",
        "never_call",
        pytest.param("ismcts", marks=pytest.mark.slow),
    ],
)
def test_every_bot_plays_a_reduced_pack(bot: str) -> None:
    """Three seats, two jokers, tens up in three suits: the bots picture the unseen cards from
    this pack (a bid from outside it would be refused).  A short stall limit keeps tables that
    never call (a hand of hundreds of bids) quick."""
    for seed in range(1 if bot == "ismcts" else 3):
        game = bh.new_game(
            "poker_bull",
            players=3,
            seed=seed,
            lowest_rank="T",
            suits=3,
            hand_size=2,
            stall_limit=30,
        )
        play_game(game, [make_bot(bot, seed=seed * 3 + s) for s in range(3)])
        assert game.over
        for event in game.events_all():
            for card in event.get("cards", []):
                assert card in {"JK", *(r + s for r in "TJQKA" for s in "SHD")}


def test_the_integer_path_refuses_reduced_packs() -> None:
    with pytest.raises(ValueError, match="whole pack"):
        fast_rules({"lowest_rank": "K"})


@pytest.mark.parametrize(
    ("game_id", "setup", "match"),
    [
        # shrink: 4 x 5 cards from 6 ranks in 3 suits and 2 jokers are the whole 20-card pack
        (
            "poker_bull",
            {"players": 4, "lowest_rank": "9", "suits": 3, "jokers": 2},
            "hold all 20 cards",
        ),
        # grow: two players of up to two cards each, from a 4-card pack without jokers
        (
            "poker_bull_rising",
            {"players": 2, "lowest_rank": "K", "suits": 2, "jokers": 0, "grow_limit": 2},
            "lower grow_limit",
        ),
        # once the jokers leave, 15 cards in play are the 15 natural cards of the pack
        (
            "poker_bull",
            {"players": 3, "lowest_rank": "T", "suits": 3, "jokers": 2, "jokers_leave_at": 15},
            "jokers_leave_at",
        ),
        # a recharge at 12 cards gives 3 players a card each: 15, the whole pack without jokers
        (
            "poker_bull",
            {
                "players": 3,
                "lowest_rank": "T",
                "suits": 3,
                "jokers": 0,
                "hand_size": 4,
                "recharge_at": 12,
            },
            "use at most 11",
        ),
    ],
)
def test_rules_that_could_put_the_whole_pack_in_play_are_refused(
    game_id: str, setup: dict[str, object], match: str
) -> None:
    """With every card of the pack in play each hand it can make is certain, so no bid is in
    doubt and nothing is legal: the seat to act was stuck (found by the research encoders'
    property test).  Such rules are refused, and so is such a deal or save."""
    with pytest.raises(bh.RuleError, match=match):
        bh.new_game(game_id, seed=0, **setup)  # type: ignore[arg-type]


def test_a_deal_of_the_whole_pack_is_refused_and_so_is_such_a_save() -> None:
    """Three seats of one card from the six queens, kings and aces of two suits: fine; two
    cards each would put the whole pack in play."""
    small = {"players": 3, "lowest_rank": "Q", "suits": 2, "jokers": 0, "hand_size": 1}
    whole = [["QS", "QH"], ["KS", "KH"], ["AS", "AH"]]
    with pytest.raises(bh.RuleError, match="all 6 cards of the deck are dealt"):
        bh.new_game("poker_bull", seed=0, deal=whole, **small)  # type: ignore[arg-type]
    game = bh.new_game("poker_bull", seed=0, deal=[["QS"], ["KH"], ["AS"]], **small)  # type: ignore[arg-type]
    save = json.loads(game.to_json())
    deal, private = save["events"][0]
    deal["sizes"] = [2, 2, 2]
    for seat, part in private:
        part["cards"] = whole[seat]
    save["state"]["sizes"] = [2, 2, 2]
    save["state"]["hands"] = [[44, 45], [48, 49], [0, 1]]
    with pytest.raises(bh.SaveError, match="all 6 cards of the deck in play"):
        bh.load(json.dumps(save))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_seat_asked_to_act_can_bid_under_any_rules(data: st.DataObject) -> None:
    """Random rules a game accepts (pack, jokers, mode, sizes, variations #5a/#5b), played
    by random bids and calls to the end: whoever is to act always has a legal action."""
    mode = data.draw(st.sampled_from(["shrink", "grow"]))
    setup: dict[str, object] = {
        "players": data.draw(st.integers(2 if mode == "grow" else 3, 6)),
        "lowest_rank": data.draw(st.sampled_from(["2", "8", "T", "Q", "K"])),
        "suits": data.draw(st.integers(1, 4)),
        "jokers": data.draw(st.integers(0, 2)),
        "mode": mode,
        "stall_limit": 40,
    }
    if mode == "grow":
        setup["grow_limit"] = data.draw(st.integers(1, 5))
    else:
        setup["hand_size"] = data.draw(st.integers(0, 5))
        setup["jokers_leave_at"] = data.draw(st.sampled_from([0, 0, 4, 8, 12, 20]))
        setup["recharge_at"] = data.draw(st.sampled_from([0, 0, 3, 6, 10]))
    try:
        game = bh.new_game("poker_bull", seed=data.draw(st.integers(0, 99)), **setup)  # type: ignore[arg-type]
    except bh.RuleError:
        return
    rng = random.Random(0)
    for _ in range(2_000):
        if game.over:
            break
        for seat in game.to_act:
            assert game.legal_actions(seat), (setup, game.to_json())
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
