"""Scripted-stock scenarios for every rule of Sneak (stock= fixes the draws, top first)."""

from __future__ import annotations

from typing import Any

import pytest
from sneak_helpers import act, draw, hand, last_event, new, pack_texts, stock_of

import bluffhouse as bh


def duel(lead: list[str], chal: list[str], kind: str = "sneak", **options: Any) -> bh.Game:
    """Two players: seat 0 draws ``lead``, seat 1 draws ``chal`` (alternately); seat 0 is then on
    turn."""
    order = [c for pair in zip(lead, chal, strict=True) for c in pair]
    g = new(stock_of(*order), players=2, **options)
    draw(g, len(order))
    assert g.to_act == [0]
    return g


def settle(lead: list[str], chal: list[str], kind: str = "sneak", **options: Any) -> int:
    """Seat 0 leads ``lead`` (sneak or flaunt), seat 1 challenges with ``chal``: the winner."""
    g = duel(lead, chal, **options)
    act(g, 0, kind, *lead)
    assert g.to_act == [1]
    act(g, 1, "challenge", *chal)
    event = last_event(g, "reveal")
    assert g.view(None)["won"][event["winner"]] == 2 * len(lead)
    assert g.view(None)["won"][1 - event["winner"]] == 0
    return int(event["winner"])


# --------------------------------------------------------------------------- setup and turns
def test_first_turn_of_each_player_is_a_draw() -> None:
    g = new(stock_of("AS", "KH", "QD"), players=3)
    for seat in range(3):
        assert g.to_act == [seat]
        assert g.legal_actions(seat) == [{"type": "draw"}]
        with pytest.raises(bh.IllegalAction, match="first turn"):
            act(g, seat, "sneak", "AS")
        draw(g)
    assert g.view(0)["hand"] == ["AS"] and g.view(1)["hand"] == ["KH"]
    kinds = {a["type"] for a in g.legal_actions(0)}
    assert kinds == {"draw", "sneak", "flaunt"}


def test_dealers_left_starts_and_turns_pass_left() -> None:
    g = new(stock_of(), players=4)
    assert g.view(None)["dealer"] == 3 and g.to_act == [0]
    g = new(stock_of(), players=4, first=2)
    assert g.view(None)["dealer"] == 1
    order = []
    for _ in range(6):
        order.append(g.to_act[0])
        draw(g)
    assert order == [2, 3, 0, 1, 2, 3]


def test_draw_takes_the_top_card_and_is_private() -> None:
    g = new(stock_of("7H", "2C"), players=2)
    draw(g)
    assert hand(g, 0) == ["7H"]
    assert g.view(None)["stock_size"] == 51 and g.view(None)["hand_sizes"] == [1, 0]
    assert last_event(g, "draw", 0)["card"] == "7H"
    assert "card" not in last_event(g, "draw", 1)
    assert "card" not in last_event(g, "draw", None)


def test_lead_size_limit_is_the_largest_opponent_hand() -> None:
    # Seats draw 0,1,2,0,1,2: everyone holds two; seat 0 then draws a third card.
    g = new(stock_of("9S", "2H", "3D", "9H", "4C", "5C", "9D"), players=3)
    draw(g, 7)
    assert hand(g, 0) == ["9S", "9H", "9D"]
    act(g, 1, "flaunt", "2H")  # seat 1 leads one card; nobody challenges
    act(g, 2, "pass")
    act(g, 0, "pass")
    act(g, 2, "flaunt", "3D")
    act(g, 0, "pass")
    act(g, 1, "pass")
    # Seat 0 holds three nines; seats 1 and 2 hold one card each: one card at most.
    assert g.to_act == [0] and g.view(None)["lead_limit"] == 1
    assert max(len(a.get("cards", [])) for a in g.legal_actions(0)) == 1
    assert not g.is_legal(0, {"type": "flaunt", "cards": ["9S", "9H"]})
    with pytest.raises(bh.IllegalAction, match="at most 1 card"):
        act(g, 0, "sneak", "9S", "9H")
    assert g.is_legal(0, {"type": "flaunt", "cards": ["9D"]})


def test_a_lead_opens_a_window_for_every_seat_with_enough_cards() -> None:
    # 4 players; seat 3 keeps only one card, so it cannot answer a two-card lead.
    g = new(stock_of("2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S"), players=4)
    draw(g, 8)  # everyone holds two
    act(g, 0, "flaunt", "2S")
    for s in (1, 2, 3):
        act(g, s, "pass")
    act(g, 1, "flaunt", "3S")
    for s in (2, 3, 0):
        act(g, s, "pass")
    act(g, 2, "draw")
    act(g, 3, "flaunt", "5S")  # seat 3 now holds one card
    for s in (0, 1, 2):
        act(g, s, "pass")
    assert g.to_act == [0]
    act(g, 0, "sneak", "6S")
    assert g.to_act == [1, 2, 3]  # leader's left first; everyone holds a card
    for s in (1, 2, 3):
        act(g, s, "pass")
    act(g, 1, "draw")  # seat 1: 7S AS; seat 2: 4S 8S AH; seat 3: 9S; seat 0: nothing
    assert g.view(None)["hand_sizes"] == [0, 2, 3, 1]
    act(g, 2, "sneak", "4S", "8S")
    assert g.to_act == [1]  # seats 3 (one card) and 0 (none) cannot answer two cards
    with pytest.raises(bh.IllegalAction, match="may not act"):
        act(g, 3, "pass")


def test_window_takes_only_challenge_or_pass() -> None:
    g = duel(["5S", "6S"], ["KH", "QH"])
    act(g, 0, "sneak", "5S")
    with pytest.raises(bh.IllegalAction, match="challenge the lead or pass"):
        act(g, 1, "draw")
    with pytest.raises(bh.IllegalAction, match="at least one card"):
        g.apply(1, {"type": "challenge", "cards": []})
    with pytest.raises(bh.IllegalAction, match="same number of cards as the lead: 1"):
        act(g, 1, "challenge", "KH", "QH")
    with pytest.raises(bh.IllegalAction, match="do not hold"):
        g.apply(1, {"type": "challenge", "cards": ["2C"]})
    with pytest.raises(bh.IllegalAction, match="unknown action"):
        g.apply(1, {"type": "call"})
    act(g, 1, "pass")
    with pytest.raises(bh.IllegalAction, match="no lead to challenge"):
        act(g, 1, "pass")


# --------------------------------------------------------------------------- sneaking
def test_unchallenged_sneak_is_won_unseen() -> None:
    g = duel(["QH", "3C"], ["4D", "5D"])
    act(g, 0, "sneak", "QH", "3C")
    assert g.view(1)["lead"] == {
        "seat": 0,
        "kind": "sneak",
        "count": 2,
        "cards": None,
        "combo": None,
    }
    assert g.view(0)["lead"]["cards"] == ["3C", "QH"]
    act(g, 1, "pass")
    assert g.view(None)["won"] == [2, 0]
    assert g.to_act == [1]  # the turn passes to the leader's left
    for viewer in (1, None):
        text = str(g.view(viewer))
        assert "QH" not in text and "3C" not in text
    assert last_event(g, "won", 0)["cards"] == ["3C", "QH"]


def test_sneak_singleton_highest_card_wins_regardless_of_suit() -> None:
    assert settle(["5S"], ["KH"]) == 1
    assert settle(["AS"], ["KS"]) == 0  # the ace is high
    assert settle(["2D"], ["3C"]) == 1


def test_sneak_tie_goes_to_the_leader() -> None:
    assert settle(["7S"], ["7H"]) == 0
    assert settle(["9S", "TS"], ["9H", "TH"]) == 0  # equal straight flushes


def test_sneak_several_challengers_order_from_the_leaders_left() -> None:
    # Seat 1 leads; seats 2 and 0 both challenge with a king: seat 2 is nearer the leader's
    # left, so it wins the tie even though seat 0 challenged first.
    g = new(stock_of("KD", "2S", "KH", "3D"), players=3)
    draw(g, 4)  # seat 0: KD 3D; seat 1: 2S; seat 2: KH
    act(g, 1, "sneak", "2S")
    assert g.to_act == [2, 0]
    act(g, 0, "challenge", "KD")
    assert g.view(None)["challenged"] == [0]
    # Nothing is revealed while the window is open.
    for viewer in (None, 1, 2):
        assert "KD" not in str(g.view(viewer)["events"])
    act(g, 2, "challenge", "KH")
    event = last_event(g, "reveal")
    assert [p["seat"] for p in event["plays"]] == [1, 2, 0]
    assert [p["cards"] for p in event["plays"]] == [["2S"], ["KH"], ["KD"]]
    assert event["winner"] == 2 and event["count"] == 3
    assert g.view(None)["won"] == [0, 0, 3]
    assert g.to_act == [2]  # left of the leader (seat 1), whoever won


def test_turn_passes_left_of_the_leader_not_to_the_winner() -> None:
    g = new(stock_of("AS", "2S", "3S", "KD"), players=3)
    draw(g, 4)  # seat 0: AS KD, seat 1: 2S, seat 2: 3S
    act(g, 1, "sneak", "2S")
    act(g, 2, "pass")
    act(g, 0, "challenge", "AS")
    assert last_event(g, "reveal")["winner"] == 0
    assert g.to_act == [2]


# --------------------------------------------------------------------------- combos (sneak)
COMBO_CASES = [
    # lead, challenge, winner
    (["9S", "9H"], ["5H", "6H"], 0),  # match > straight flush
    (["5H", "6H"], ["2S", "2D"], 1),
    (["5H", "6H"], ["QS", "KD"], 0),  # straight flush > straight
    (["QS", "KD"], ["AC", "9C"], 0),  # straight > flush
    (["AS", "QD"], ["2C", "9C"], 1),  # flush > no combo at all
    (["KS", "JD"], ["AS", "3D"], 1),  # no combo vs no combo: the higher top card
    (["AS", "4D"], ["AH", "3C"], 0),  # ... then the next
    (["9S", "9H"], ["TD", "TC"], 1),  # higher match
    (["AS", "KD"], ["QS", "JD"], 0),  # A-K is a straight, ace high
    (["AS", "2D"], ["2S", "3D"], 1),  # A-2 is a straight, ace low (top card 2)
    (["AS", "2D", "3C"], ["KS", "QD", "JC"], 1),
    (["QS", "KD", "AC"], ["JS", "QD", "KC"], 0),
    (["KS", "AD", "2C"], ["2H", "5H", "9H"], 1),  # K-A-2 is no sequence
    (["AH", "5H", "3H"], ["AS", "5S", "4S"], 1),  # flushes: top card, then the next
    (["AH", "2H"], ["2S", "3S"], 1),  # straight flush, ace low
    (["KH", "AH"], ["QS", "KS"], 0),  # straight flush, ace high
    (["4S", "4H", "4D"], ["JC", "QC", "KC"], 0),  # three of a kind > straight flush
    (["2S", "2H"], ["AS", "AH"], 1),  # aces are the highest match
]


@pytest.mark.parametrize(("lead", "chal", "winner"), COMBO_CASES)
def test_sneak_combo_comparisons(lead: list[str], chal: list[str], winner: int) -> None:
    assert settle(lead, chal) == winner


def test_reveal_names_the_combos() -> None:
    g = duel(["AS", "2D", "3C"], ["5H", "7H", "9H"])
    act(g, 0, "sneak", "AS", "2D", "3C")
    act(g, 1, "challenge", "5H", "7H", "9H")
    plays = last_event(g, "reveal")["plays"]
    assert [p["combo"] for p in plays] == ["straight", "flush"]


# --------------------------------------------------------------------------- flaunting
def test_flaunt_must_be_a_card_or_a_combo() -> None:
    g = duel(["AS", "QD"], ["2C", "3C"])
    with pytest.raises(bh.IllegalAction, match="a flaunt is one card or a combo"):
        act(g, 0, "flaunt", "AS", "QD")
    assert g.is_legal(0, {"type": "sneak", "cards": ["AS", "QD"]})
    flaunts = [a["cards"] for a in g.legal_actions(0) if a["type"] == "flaunt"]
    assert sorted(flaunts) == [["AS"], ["QD"]]


def test_flaunt_is_public_and_unchallenged_flaunt_is_won() -> None:
    g = duel(["8C", "8D"], ["2C", "3H"])
    act(g, 0, "flaunt", "8C", "8D")
    lead = g.view(None)["lead"]
    assert lead["cards"] == ["8D", "8C"] and lead["combo"] == "match"
    act(g, 1, "pass")
    assert g.view(None)["won"] == [2, 0]


def test_flaunted_singleton_beaten_only_by_a_higher_card_of_its_suit() -> None:
    g = duel(["7S"], ["KH"])
    act(g, 0, "flaunt", "7S")
    assert g.legal_actions(1) == [{"type": "pass"}]  # KH is the wrong suit
    with pytest.raises(bh.IllegalAction, match="higher card of its suit"):
        act(g, 1, "challenge", "KH")
    assert settle(["7S"], ["9S"], kind="flaunt") == 1
    g = duel(["7S"], ["5S"])
    act(g, 0, "flaunt", "7S")
    assert not g.is_legal(1, {"type": "challenge", "cards": ["5S"]})
    assert settle(["KS"], ["AS"], kind="flaunt") == 1  # ace high


def test_flaunted_combo_beaten_only_by_a_higher_combo_of_its_type() -> None:
    g = duel(["5S", "6H"], ["2S", "2D"])
    act(g, 0, "flaunt", "5S", "6H")
    assert not g.is_legal(1, {"type": "challenge", "cards": ["2S", "2D"]})  # a match: wrong type
    assert settle(["5S", "6H"], ["6S", "7D"], kind="flaunt") == 1
    g = duel(["AS", "KH"], ["QS", "JD"])
    act(g, 0, "flaunt", "AS", "KH")
    assert g.legal_actions(1) == [{"type": "pass"}]  # Q-J cannot beat A-K
    g = duel(["AS", "2H"], ["2S", "3D"])
    act(g, 0, "flaunt", "AS", "2H")  # ace low: top card 2
    assert {"type": "challenge", "cards": ["2S", "3D"]} in g.legal_actions(1)


def test_flaunt_challenges_any_option_loses_the_weak_challenge() -> None:
    assert settle(["7S"], ["KH"], kind="flaunt", flaunt_challenges="any") == 0
    assert settle(["5S", "6H"], ["2S", "2D"], kind="flaunt", flaunt_challenges="any") == 0
    assert settle(["7S"], ["9S"], kind="flaunt", flaunt_challenges="any") == 1


def test_flaunt_challenges_are_revealed_together() -> None:
    g = new(stock_of("7S", "9S", "KS", "2H", "3H", "4H"), players=3)
    draw(g, 6)  # seat 0: 7S 2H, seat 1: 9S 3H, seat 2: KS 4H
    act(g, 0, "flaunt", "7S")
    act(g, 1, "challenge", "9S")
    assert g.view(1)["challenges"] == [{"seat": 1, "count": 1, "cards": ["9S"]}]
    assert g.view(2)["challenges"] == [{"seat": 1, "count": 1, "cards": None}]
    assert "9S" not in str(g.view(2)) and "9S" not in str(g.view(None))
    act(g, 2, "challenge", "KS")
    event = last_event(g, "reveal")
    assert event["winner"] == 2
    assert [p["cards"] for p in event["plays"]] == [["7S"], ["9S"], ["KS"]]
    assert g.view(None)["won"] == [0, 0, 3] and g.to_act == [1]


# --------------------------------------------------------------------------- endgame, scoring
def test_endgame_no_sneaking_and_the_last_holder_wins_uncontested() -> None:
    g = new(stock_of("AS", "2S", "3S", "4H", "5D", pad=False), players=2, target=100)
    assert g.view(None)["out_of_play"] == 47
    draw(g, 4)  # seat 0: AS 3S, seat 1: 2S 4H
    act(g, 0, "sneak", "3S")
    act(g, 1, "pass")
    draw(g)  # seat 1 draws the last card: 2S 4H 5D
    assert g.view(None)["sneaking"] is False
    assert {a["type"] for a in g.legal_actions(0)} == {"flaunt"}
    with pytest.raises(bh.IllegalAction, match="sneaking is over"):
        act(g, 0, "sneak", "AS")
    with pytest.raises(bh.IllegalAction, match="nothing left to draw"):
        act(g, 0, "draw")
    act(g, 0, "flaunt", "AS")
    act(g, 1, "pass")
    # Seat 0 is out of cards: seat 1 is the last holder and wins its 3 cards uncontested.
    event = last_event(g, "uncontested", 1)
    assert event["seat"] == 1 and event["cards"] == ["2S", "4H", "5D"]
    assert "cards" not in last_event(g, "uncontested", 0)
    end = last_event(g, "deal_end")
    assert end["won"] == [2, 3] and end["scores"] == [2, 3]
    view = g.view(None)
    assert view["deal"] == 2 and view["dealer"] == 0 and view["stock_size"] == 52
    assert view["out_of_play"] == 0 and view["won"] == [0, 0] and view["scores"] == [2, 3]
    assert g.to_act == [1]  # left of the new dealer
    assert g.legal_actions(1) == [{"type": "draw"}]


def test_empty_handed_players_are_skipped_once_the_stock_is_out() -> None:
    g = new(stock_of("AS", "2S", "3S", "4H", "5D", "6C", pad=False), players=3)
    draw(g, 6)  # seat 0: AS 4H, seat 1: 2S 5D, seat 2: 3S 6C
    act(g, 0, "flaunt", "AS")
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 1, "flaunt", "2S", "5D") if False else act(g, 1, "flaunt", "2S")
    act(g, 2, "pass")
    act(g, 0, "pass")
    act(g, 2, "flaunt", "3S")
    act(g, 0, "pass")
    act(g, 1, "pass")
    act(g, 0, "flaunt", "4H")
    act(g, 1, "pass")
    act(g, 2, "pass")
    act(g, 1, "flaunt", "5D")
    assert g.to_act == [2]  # seat 0 holds no card: it cannot answer
    act(g, 2, "pass")
    # Seat 2 is the last holder: deal over.
    assert last_event(g, "deal_end")["won"] == [2, 2, 2]


def test_a_shared_top_score_at_the_target_is_a_shared_win() -> None:
    g = new(stock_of("AS", "2S", "3S", "4H", pad=False), players=2, target=2)
    draw(g, 4)  # seat 0: AS 3S, seat 1: 2S 4H
    act(g, 0, "flaunt", "AS")
    act(g, 1, "pass")
    act(g, 1, "flaunt", "4H")
    act(g, 0, "pass")
    act(g, 0, "flaunt", "3S")
    assert g.legal_actions(1) == [{"type": "pass"}]  # 2S cannot beat a flaunted 3S
    act(g, 1, "pass")
    # Seat 0 won 2 cards; seat 1 won 1 and its last card uncontested: 2 - 2.
    assert g.over
    assert g.result == {
        "winner": None,
        "ranking": [0, 1],
        "scores": [2, 2],
        "deals": 1,
        "shared": [0, 1],
    }
    assert last_event(g, "game_over")["winner"] is None


def _scripted_policy(g: bh.Game) -> None:
    """Seat 0 sneaks its first listed sneak once it holds two cards; seat 1 challenges with its
    first listed challenge; everyone else draws, passes or flaunts its first flaunt."""
    seat = g.to_act[0]
    legal = g.legal_actions(seat)
    by_type: dict[str, list[dict[str, Any]]] = {}
    for a in legal:
        by_type.setdefault(a["type"], []).append(a)
    if seat == 0 and "sneak" in by_type and len(hand(g, 0)) >= 2:
        choice = by_type["sneak"][0]
    elif seat == 1 and "challenge" in by_type:
        choice = by_type["challenge"][0]
    else:
        choice = (by_type.get("draw") or by_type.get("pass") or by_type["flaunt"])[0]
    g.apply(seat, choice)


def test_scoring_across_deals_until_the_target() -> None:
    g = new(stock_of("KS", "QS", "JS", "TS", "9S", "8S", pad=False), players=2, target=60)
    steps = 0
    while not g.over:
        before = g.view(None)["scores"]
        deal = g.view(None)["deal"]
        _scripted_policy(g)
        steps += 1
        after = g.view(None)
        if after["deal"] != deal and not g.over:
            assert max(after["scores"]) < 60 and after["dealer"] == after["deal"] % 2
            assert after["scores"] == [
                a + b for a, b in zip(before, after["deal_scores"][-1], strict=True)
            ]
        assert steps < 5000
    view = g.view(None)
    result = g.result
    assert result is not None
    deal_scores = view["deal_scores"]
    assert sum(deal_scores[0]) == 6  # the scripted first deal held only six cards
    assert all(sum(d) == 52 for d in deal_scores[1:])
    assert len(deal_scores) >= 3 and result["deals"] == len(deal_scores)
    totals = [sum(d[s] for d in deal_scores) for s in range(2)]
    assert result["scores"] == totals == view["scores"]
    before_last = [t - d for t, d in zip(totals, deal_scores[-1], strict=True)]
    assert max(before_last) < 60 <= max(totals)
    best = max(totals)
    expected_winner = totals.index(best) if totals.count(best) == 1 else None
    assert result["winner"] == expected_winner
    assert result["ranking"] == sorted(range(2), key=lambda s: (-totals[s], s))
    assert g.to_act == [] and g.legal_actions(0) == []
    with pytest.raises(bh.IllegalAction, match="over"):
        act(g, 0, "draw")


def test_default_targets_and_packs() -> None:
    for players, packs, target in [(2, 1, 100), (3, 1, 100), (4, 1, 100), (5, 2, 200), (7, 2, 200)]:
        view = bh.new_game("sneak", players=players, seed=3).view(None)
        assert (view["packs"], view["target"], view["stock_size"]) == (packs, target, 52 * packs)
    view = bh.new_game("sneak", players=4, seed=3, packs=2).view(None)
    assert (view["packs"], view["target"], view["stock_size"]) == (2, 200, 104)
    assert bh.new_game("sneak", players=4, packs=2, target=50, seed=3).view(None)["target"] == 50
    with pytest.raises(bh.RuleError, match="packs"):
        bh.new_game("sneak", players=5, packs=1)
    with pytest.raises(bh.RuleError, match="packs"):
        bh.new_game("sneak", players=3, packs=2)
    with pytest.raises(bh.RuleError, match="2 to 7 players"):
        bh.new_game("sneak", players=8)
    with pytest.raises(bh.RuleError, match="flaunt_challenges"):
        bh.new_game("sneak", flaunt_challenges="never")
    with pytest.raises(bh.RuleError, match="unknown option"):
        bh.new_game("sneak", decks=2)


def test_stock_validation_and_two_packs() -> None:
    with pytest.raises(bh.RuleError, match="not a card"):
        new(["ZZ"])
    with pytest.raises(bh.RuleError, match="more times"):
        new(["AS", "AS"])
    g = bh.new_game("sneak", players=5, seed=1, stock=["AS", "AS", "KD"])
    assert g.view(None)["out_of_play"] == 101
    draw(g, 2)
    assert hand(g, 0) == ["AS"] and hand(g, 1) == ["AS"]
    g = bh.new_game("sneak", players=4, seed=1, stock=pack_texts(1)[::-1])
    draw(g)
    assert hand(g, 0) == ["KC"]


def test_two_pack_identical_cards_tie_and_match() -> None:
    order = ["7S", "7S", "7H", "7D"]
    g = bh.new_game("sneak", players=4, seed=1, packs=2, stock=stock_of(*order, packs=2))
    draw(g, 4)  # seats 0..3: 7S, 7S, 7H, 7D
    draw(g, 1)  # seat 0 draws a second card
    act(g, 1, "sneak", "7S")
    act(g, 2, "challenge", "7H")
    act(g, 3, "challenge", "7D")
    act(g, 0, "challenge", "7S")
    event = last_event(g, "reveal")
    assert event["winner"] == 1  # four sevens tie: the leader wins
    assert [p["cards"] for p in event["plays"]] == [["7S"], ["7H"], ["7D"], ["7S"]]
    # Two identical cards make a match (a pair), not a flush.
    g = bh.new_game(
        "sneak",
        players=4,
        seed=1,
        packs=2,
        stock=stock_of("9H", "2C", "3C", "4C", "9H", "5C", "6C", "7C", packs=2),
    )
    draw(g, 8)  # seat 0: 9H 9H; seats 1, 2, 3 hold two clubs each
    assert {"type": "flaunt", "cards": ["9H", "9H"]} in g.legal_actions(0)
    act(g, 0, "flaunt", "9H", "9H")
    assert g.view(None)["lead"]["combo"] == "match"


def test_deal_option_gives_starting_hands() -> None:
    g = bh.new_game("sneak", players=2, seed=4, deal=[["AS", "KS"], ["2H"]])
    view = g.view(None)
    assert view["stock_size"] == 49 and view["hand_sizes"] == [2, 1]
    assert g.legal_actions(0) == [{"type": "draw"}]  # the first turn is still a draw


def test_deal_and_stock_together_and_no_stock_to_draw() -> None:
    g = bh.new_game("sneak", players=2, seed=4, deal=[["AS", "KS"], ["2H"]], stock=[])
    view = g.view(None)
    assert view["stock_size"] == 0 and view["out_of_play"] == 49
    # Nothing to draw: the first-turn draw lapses and only flaunts remain.
    assert g.legal_actions(0) == [
        {"type": "flaunt", "cards": ["AS"]},
        {"type": "flaunt", "cards": ["KS"]},
    ]
    act(g, 0, "flaunt", "KS")
    assert g.legal_actions(1) == [{"type": "pass"}]
    act(g, 1, "pass")
    act(g, 1, "flaunt", "2H")
    act(g, 0, "pass")  # seat 1 is out of cards: seat 0 wins its ace uncontested
    assert last_event(g, "deal_end")["won"] == [2, 1]
