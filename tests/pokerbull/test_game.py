"""Scripted deals (deal=) for every sentence of seed 002, its variations and the rising preset."""

from __future__ import annotations

from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse import IllegalAction, RuleError
from bluffhouse.game import Game


def bid(g: Game, seat: int, text: str) -> None:
    g.apply(seat, {"type": "bid", "bid": text})


def call(g: Game, seat: int) -> dict[str, Any]:
    g.apply(seat, {"type": "call"})
    shows: list[dict[str, Any]] = [e for e in g.view(None)["events"] if e["type"] == "call"]
    return shows[-1]


def legal(g: Game, seat: int, text: str) -> bool:
    return g.is_legal(seat, {"type": "bid", "bid": text})


FIVE_EACH = [
    ["AS", "KS", "QS", "JS", "2D"],
    ["2H", "3H", "4H", "5H", "7C"],
    ["2C", "9D", "7S", "8S", "9C"],
]


# ------------------------------------------------------------------ the deal
@pytest.mark.parametrize(("players", "size"), [(3, 5), (4, 5), (6, 5), (7, 4), (10, 4)])
def test_five_cards_each_four_with_seven_or_more(players: int, size: int) -> None:
    for game_id in ("poker_bull", "poker_bull_no_jokers"):
        g = bh.new_game(game_id, players=players, seed=3)
        view = g.view(0)
        assert view["dealt"] == [size] * players
        assert len(view["hand"]) == size
        assert view["deck_size"] == (54 if game_id == "poker_bull" else 52)
    assert bh.new_game("poker_bull", players=4, seed=1, hand_size=3).view(None)["dealt"] == [3] * 4


def test_jokers_are_in_the_deck_unless_left_out() -> None:
    seen = {"poker_bull": False, "poker_bull_no_jokers": False}
    for game_id in seen:
        for seed in range(40):
            g = bh.new_game(game_id, players=6, seed=seed)
            if any("JK" in g.view(s)["hand"] for s in range(6)):
                seen[game_id] = True
    assert seen == {"poker_bull": True, "poker_bull_no_jokers": False}


def test_left_of_dealer_bids_first_and_cannot_call() -> None:
    g = bh.new_game("poker_bull", players=4, seed=2)
    assert g.to_act == [0]
    assert {"type": "call"} not in g.legal_actions(0)
    with pytest.raises(IllegalAction, match="nobody has bid yet"):
        g.apply(0, {"type": "call"})
    assert bh.new_game("poker_bull", players=4, seed=2, first=2).to_act == [2]


def test_no_pass_the_next_player_bids_higher_or_calls() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH)
    bid(g, 0, "pair 9")
    assert g.to_act == [1]
    kinds = {a["type"] for a in g.legal_actions(1)}
    assert kinds == {"bid", "call"}
    with pytest.raises(IllegalAction, match="unknown action type 'pass'"):
        g.apply(1, {"type": "pass"})
    with pytest.raises(IllegalAction, match="may not act now"):
        bid(g, 2, "pair T")


# ------------------------------------------------------------------ guaranteed bids
def test_no_pair_among_more_than_13_cards() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH)  # 15 cards
    with pytest.raises(IllegalAction, match="certain to be there among 15 cards"):
        bid(g, 0, "pair")
    assert legal(g, 0, "pair 7")
    assert "pair" not in [a["bid"] for a in g.legal_actions(0)]
    small = bh.new_game(
        "poker_bull",
        players=3,
        seed=1,
        deal=[
            ["AS", "KS", "QS"],
            ["2H", "3H", "4H", "5H"],
            ["2C", "9D", "7S", "8S", "9C", "TD"][:5],
        ],
    )  # 12 cards
    assert legal(small, 0, "pair")
    assert "pair" in [a["bid"] for a in small.legal_actions(0)]


# ------------------------------------------------------------------ higher or more specific
def test_higher_or_more_specific_as_in_the_seed() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH)
    bid(g, 0, "flush S J 6 4")
    assert legal(g, 1, "flush S J 9 6 4")  # more specific
    assert legal(g, 1, "flush S J 9 7 3")  # not more specific, but higher
    assert not legal(g, 1, "flush S J 6")  # less specific
    assert not legal(g, 1, "flush S J 5 4 3")  # neither
    assert not legal(g, 1, "flush S J 6 4")  # the same bid again
    with pytest.raises(IllegalAction, match="neither higher than the standing bid"):
        bid(g, 1, "flush H A")
    bid(g, 1, "flush S J 9 6 4")
    assert not legal(g, 2, "flush S J 9 6")
    bid(g, 2, "flush S J 9 7 3")
    assert g.view(None)["history"] == [
        {"seat": 0, "bid": "flush S J 6 4"},
        {"seat": 1, "bid": "flush S J 9 6 4"},
        {"seat": 2, "bid": "flush S J 9 7 3"},
    ]
    assert g.view(None)["bid"] == "flush S J 9 7 3" and g.view(None)["bidder"] == 2


def test_bad_bid_text_is_illegal_and_says_why() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1)
    before = g.to_json()
    for action, says in [
        ({"type": "bid", "bid": "pear 7"}, "not a hand"),
        ({"type": "bid", "bid": "pair Z"}, "not a rank"),
        ({"type": "bid"}, "needs its bid"),
        ({"type": "bid", "bid": 7}, "is text"),
        ({"type": "bid", "bid": "flush S 9 8 7 6 5"}, "straight_flush S 9"),
    ]:
        with pytest.raises(IllegalAction, match=says):
            g.apply(0, action)
    assert g.to_json() == before


# ------------------------------------------------------------------ calls
def test_call_when_the_hand_exists_with_a_joker_the_caller_loses() -> None:
    deal = [
        ["7S", "JK", "2D", "4C", "9H"],
        ["AS", "KD", "QH", "3C", "5S"],
        ["6D", "8C", "TH", "JC", "2S"],
    ]
    g = bh.new_game("poker_bull", players=3, seed=4, deal=deal)
    bid(g, 0, "pair 7")
    shown = call(g, 1)
    assert shown["exists"] and shown["loser"] == 1
    assert shown["hands"] == [
        ["2D", "4C", "7S", "9H", "JK"],
        ["AS", "3C", "5S", "QH", "KD"],
        ["2S", "6D", "8C", "TH", "JC"],
    ]
    view = g.view(None)
    assert view["dealt"] == [5, 4, 5]  # only the loser gets one fewer
    assert view["hand_number"] == 2 and view["bid"] is None
    assert g.to_act == [2]  # the player after the caller starts
    assert view["showdown"]["hands"] == shown["hands"]


def test_call_when_the_hand_is_missing_the_bidder_loses() -> None:
    deal = [
        ["7S", "JK", "2D", "4C", "9H"],
        ["AS", "KD", "QH", "3C", "5S"],
        ["6D", "8C", "TH", "JC", "2S"],
    ]
    g = bh.new_game("poker_bull", players=3, seed=4, deal=deal)
    bid(g, 0, "pair 7 natural")
    bid(g, 1, "straight 9")
    shown = call(g, 2)
    # 5S 6D 7S 8C 9H: the straight is there, so the caller loses.
    assert shown["exists"] and shown["loser"] == 2
    g2 = bh.new_game("poker_bull", players=3, seed=4, deal=deal)
    bid(g2, 0, "pair 7 natural")
    shown = call(g2, 1)
    assert not shown["exists"] and shown["loser"] == 0
    assert g2.view(None)["dealt"] == [4, 5, 5]
    assert g2.to_act == [2]


def test_four_sixes_beat_three_sixes_and_a_joker() -> None:
    deal = [
        ["6S", "6H", "6D", "KS", "JK"],
        ["2H", "3H", "4D", "9H", "7C"],
        ["2C", "9D", "7S", "8S", "TC"],
    ]
    g = bh.new_game("poker_bull", players=3, seed=1, deal=deal)
    bid(g, 0, "quads 6")
    assert legal(g, 1, "quads 6 natural")
    bid(g, 1, "quads 6 natural")
    assert not legal(g, 2, "quads 6")
    shown = call(g, 2)
    assert not shown["exists"] and shown["loser"] == 1


def test_ace_is_low_in_the_wheel() -> None:
    deal = [
        ["AS", "2H", "3D", "4C", "KS"],
        ["5H", "9D", "9C", "TC", "QD"],
        ["2C", "7D", "7S", "8S", "JC"],
    ]
    g = bh.new_game("poker_bull_no_jokers", players=3, seed=1, deal=deal)
    bid(g, 0, "straight 5")
    assert not legal(g, 1, "straight 5")
    shown = call(g, 1)
    assert shown["exists"] and shown["loser"] == 1


ROYAL_ON_THE_TABLE = [
    ["TS", "JS", "2D", "2C", "9H"],
    ["QS", "KS", "3H", "3C", "7D"],
    ["AS", "8C", "8D", "4H", "4C"],
]


@pytest.mark.parametrize(
    ("text", "made"),
    [
        ("straight_flush", True),
        ("straight_flush S", True),
        ("straight_flush S natural", True),
        ("straight_flush H", False),
        ("straight_flush S K", False),
        ("royal_flush S", True),
        ("straight A", True),
        ("flush S A K", True),
        ("straight 9", False),
    ],
)
def test_a_royal_flush_is_a_straight_flush_of_its_suit(text: str, made: bool) -> None:
    """A better hand containing the named one counts: T-A of spades makes 'straight_flush S'
    (five spades in a row) but not 'straight_flush S K' (that run needs the nine)."""
    g = bh.new_game("poker_bull", players=3, seed=1, deal=ROYAL_ON_THE_TABLE)
    bid(g, 0, text)
    shown = call(g, 1)
    assert shown["exists"] == made
    assert shown["loser"] == (1 if made else 0)
    assert shown["best"] == "royal_flush S natural"


def test_elimination_start_player_skips_the_out_and_the_last_one_wins() -> None:
    g = bh.new_game("poker_bull", players=4, seed=9, deal=[["7S"], ["8S"], ["9S"], ["TS"]])
    bid(g, 0, "high 7")
    bid(g, 1, "straight 9")  # four cards cannot hold a straight
    shown = call(g, 2)
    assert shown["loser"] == 1 and not shown["exists"]
    view = g.view(None)
    assert view["out"] == [1] and view["dealt"] == [1, 0, 1, 1]
    assert g.to_act == [3]
    assert any(e["type"] == "out" and e["seat"] == 1 for e in view["events"])
    bid(g, 3, "five A")  # three cards cannot hold five of a kind
    call(g, 0)
    assert g.view(None)["out"] == [1, 3]
    assert g.to_act == [2]  # after the caller (0) comes 1, who is out
    bid(g, 2, "five A")
    assert g.to_act == [0]  # 3 and 1 are skipped
    call(g, 0)
    assert g.over and g.to_act == []
    assert g.result == {
        "winner": 0,
        "ranking": [0, 2, 3, 1],
        "scores": [3, 1, 3, 2],
        "cards_left": [1, 0, 0, 0],
        "hands_played": 3,
    }
    with pytest.raises(IllegalAction, match="over"):
        bid(g, 0, "pair A")


# ------------------------------------------------------------------ variations
def test_variation_1_royal_flush_above_five_of_a_kind() -> None:
    deal = FIVE_EACH
    for royal, natural_ok, any_ok in [
        ("no", False, False),
        ("natural", True, False),
        ("all", True, True),
    ]:
        g = bh.new_game("poker_bull", players=3, seed=1, deal=deal, royal_over_five=royal)
        bid(g, 0, "five A")
        assert legal(g, 1, "royal_flush D natural") is natural_ok
        assert legal(g, 1, "royal_flush S") is any_ok


def test_variation_2_joker_hands_rank_higher() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH, jokers_high=True)
    bid(g, 0, "pair 7 natural")
    assert legal(g, 1, "pair 7")
    bid(g, 1, "pair 7")
    assert not legal(g, 2, "pair 7 natural")
    plain = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH)
    bid(plain, 0, "pair 7 natural")
    assert not legal(plain, 1, "pair 7")


def test_variation_3_diamonds_above_clubs() -> None:
    g = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH)
    bid(g, 0, "flush C")
    assert not legal(g, 1, "flush D") and legal(g, 1, "flush H")
    g3 = bh.new_game("poker_bull", players=3, seed=1, deal=FIVE_EACH, suit_order="SHDC")
    bid(g3, 0, "flush C")
    assert legal(g3, 1, "flush D")
    bid(g3, 1, "flush D")
    assert not legal(g3, 2, "flush C")


def test_variation_4_a_higher_hand_saves_the_bidder() -> None:
    deal = [
        ["KS", "KH", "2D", "4C", "9H"],
        ["KD", "3D", "QH", "3C", "5S"],
        ["6D", "8C", "TH", "JC", "2S"],
    ]
    results = {}
    for rule in (False, True):
        g = bh.new_game(
            "poker_bull_no_jokers", players=3, seed=1, deal=deal, higher_hand_counts=rule
        )
        bid(g, 0, "pair 7")
        results[rule] = call(g, 1)
    assert not results[False]["exists"] and results[False]["loser"] == 0
    assert not results[True]["exists"] and results[True]["higher_exists"]
    assert results[True]["loser"] == 1
    assert results[True]["best"] == "full_house K 3"
    assert sorted(results[True]["best_cards"]) == ["3C", "3D", "KD", "KH", "KS"]


def test_variation_4_nothing_higher() -> None:
    deal = [["KS", "2H", "9H"], ["QD", "3S", "5S"], ["7C", "5C", "2D"]]
    g = bh.new_game("poker_bull_no_jokers", players=3, seed=1, deal=deal, higher_hand_counts=True)
    bid(g, 0, "trips A")
    shown = call(g, 1)
    assert shown["best"] == "two_pair 5 2" and not shown["higher_exists"]
    assert sorted(shown["best_cards"]) == ["2D", "2H", "5C", "5S"]
    assert shown["loser"] == 0


def test_variation_5a_jokers_leave() -> None:
    deal = [["7S", "JK", "2D", "4C", "9H"], ["AS", "KD", "QH", "3C", "5S"], ["6D", "8C", "TH"]]
    g = bh.new_game("poker_bull", players=3, seed=4, deal=deal, jokers_leave_at=12)
    assert g.view(None)["jokers"] == 2
    bid(g, 0, "pair 7 natural")
    call(g, 1)  # the bidder loses: 12 cards next hand
    view = g.view(None)
    assert view["jokers"] == 0 and view["deck_size"] == 52
    assert any(e["type"] == "jokers_leave" for e in view["events"])
    starter = g.to_act[0]
    with pytest.raises(IllegalAction, match="no jokers"):
        bid(g, starter, "pair 7 natural")
    with pytest.raises(IllegalAction, match="five of a kind needs jokers"):
        bid(g, starter, "five 7")
    assert legal(g, starter, "pair")  # 12 cards of 52: a pair is not certain
    while not g.over:  # no joker is ever dealt again
        for s in range(3):
            assert "JK" not in g.view(s)["hand"]
        seat = g.to_act[0]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[-1] if acts[-1]["type"] == "call" else acts[0])


def test_variation_5b_recharge_once() -> None:
    deal = [["7S", "JK", "2D", "4C", "9H"], ["AS", "KD", "QH", "3C", "5S"], ["6D", "8C", "TH"]]
    g = bh.new_game("poker_bull", players=3, seed=4, deal=deal, recharge_at=12)
    totals = [sum(g.view(None)["dealt"])]
    while not g.over and len(totals) < 8:
        seat = g.to_act[0]
        acts = g.legal_actions(seat)
        g.apply(seat, acts[-1] if acts[-1]["type"] == "call" else acts[0])
        total = sum(g.view(None)["dealt"])
        if total != totals[-1]:
            totals.append(total)
    assert totals[:6] == [13, 15, 14, 13, 12, 11]
    assert g.view(None)["recharged"] is True
    recharges = [e for e in g.view(None)["events"] if e["type"] == "recharge"]
    assert len(recharges) == 1 and recharges[0]["seats"] == [0, 1, 2]


def test_variation_5b_skips_the_player_just_out() -> None:
    deal = [["7S"], ["AS", "KD", "QH", "3C", "5S"], ["6D", "8C", "TH", "2C", "4H"]]
    g = bh.new_game("poker_bull", players=3, seed=4, deal=deal, recharge_at=10)
    bid(g, 0, "five A")
    call(g, 1)
    assert g.view(None)["dealt"] == [0, 6, 6] and g.view(None)["out"] == [0]


# ------------------------------------------------------------------ the rising preset
def test_rising_starts_with_one_and_grows() -> None:
    g = bh.new_game("poker_bull_rising", players=3, seed=5)
    assert g.view(None)["dealt"] == [1, 1, 1]
    assert legal(g, 0, "pair")  # three cards: a pair is far from certain
    bid(g, 0, "five A")
    call(g, 1)
    assert g.view(None)["dealt"] == [2, 1, 1] and g.to_act == [2]
    assert bh.new_game("poker_bull_rising", players=2, seed=1).to_act == [0]
    with pytest.raises(RuleError):
        bh.new_game("poker_bull", players=2)


def test_rising_losing_with_five_puts_you_out() -> None:
    deal = [["5S", "5H", "5D", "5C", "KS"], ["2S"], ["3S", "4S"]]
    g = bh.new_game("poker_bull_rising", players=3, seed=5, deal=deal)
    bid(g, 0, "straight_flush S 6")  # 2 3 4 5 6 of spades: no six
    shown = call(g, 1)
    assert shown["loser"] == 0 and not shown["exists"]
    assert g.view(None)["out"] == [0] and g.view(None)["dealt"] == [0, 1, 2]
    assert g.to_act == [2]


# ------------------------------------------------------------------ set-up errors
@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"deal": [["AS"], ["KS"]]}, "one list of cards per seat"),
        ({"deal": [["AS"], ["AS"], ["KS"]]}, "more times than the deck"),
        ({"deal": [["AS"], ["XX"], ["KS"]]}, "not a card"),
        ({"deal": [["AS"], [], ["KS"]]}, "1 to 5 cards"),
        ({"deal": [["AS"] * 1, ["KS", "QS", "JS", "TS", "9S", "8S"], ["2S"]]}, "1 to 5 cards"),
        ({"stock": ["AS"]}, "no stock"),
        ({"jokers": 3}, "jokers"),
        ({"hand_size": 5, "players": 11}, "players"),
        ({"mode": "grow", "recharge_at": 10}, "mode=shrink"),
        ({"jokers": 0, "jokers_leave_at": 10}, "no jokers"),
        ({"recharge_at": 50, "players": 4}, "recharge_at"),
    ],
)
def test_setup_errors(kwargs: dict[str, Any], says: str) -> None:
    args: dict[str, Any] = {"players": 3, "seed": 1, **kwargs}
    with pytest.raises(RuleError, match=says):
        bh.new_game("poker_bull", **args)
    with pytest.raises(RuleError, match="joker"):
        bh.new_game("poker_bull_no_jokers", players=3, deal=[["JK"], ["AS"], ["KS"]])
