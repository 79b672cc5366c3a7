"""legal_actions: the full list where it is small, the documented subset where it would pass
10,000 actions; is_legal decides every action exactly either way."""

from __future__ import annotations

from itertools import combinations
from math import comb

import bluffhouse as bh
from bluffhouse.cards import CARD_INDEX
from bluffhouse.sneak import combos as cb
from bluffhouse.sneak.engine import LIST_LIMIT, capped


def big_hands() -> bh.Game:
    g = bh.new_game("sneak", players=2, seed=5)
    for _ in range(40):
        g.apply(g.to_act[0], {"type": "draw"})
    assert g.view(None)["hand_sizes"] == [20, 20]
    return g


def test_small_lists_are_complete() -> None:
    g = bh.new_game("sneak", players=2, seed=9)
    for _ in range(6):
        g.apply(g.to_act[0], {"type": "draw"})
    hand = g.view(0)["hand"]
    legal = g.legal_actions(0)
    sneaks = [a for a in legal if a["type"] == "sneak"]
    assert len(sneaks) == sum(comb(3, k) for k in range(1, 4))
    ints = sorted(CARD_INDEX[c] for c in hand)
    flaunts = {tuple(a["cards"]) for a in legal if a["type"] == "flaunt"}
    expected = {
        tuple(hand[i] for i in idx)
        for k in (1, 2, 3)
        for idx in combinations(range(3), k)
        if cb.is_flauntable([ints[i] for i in idx])
    }
    assert flaunts == expected
    assert legal[0] == {"type": "draw"}


def test_huge_turn_lists_are_capped_but_keep_every_kind_and_size() -> None:
    g = big_hands()
    legal = g.legal_actions(0)
    assert len(legal) == LIST_LIMIT
    assert legal == g.legal_actions(0)  # deterministic
    assert len({repr(a) for a in legal}) == len(legal)
    types = {a["type"] for a in legal}
    assert types == {"draw", "sneak", "flaunt"}
    sizes = {len(a["cards"]) for a in legal if a["type"] == "sneak"}
    assert sizes == set(range(1, 21))
    # Every combo type the hand holds, at every size, is represented.
    hand = sorted(CARD_INDEX[c] for c in g.view(0)["hand"])
    for size in range(2, 21):
        for ctype in cb.COMBO_TYPES:
            exists = next(cb.combos_of(hand, size, ctype), None) is not None
            listed = any(
                a["type"] == "flaunt"
                and len(a["cards"]) == size
                and cb.kind([CARD_INDEX[c] for c in a["cards"]]) == ctype
                for a in legal
            )
            assert listed == exists, (size, ctype)
    for action in legal[::97]:
        assert g.is_legal(0, action)
    # An unlisted lead is still legal, and an over-long one is not.
    last_ten = {"type": "sneak", "cards": g.view(0)["hand"][-10:]}
    assert last_ten not in legal and g.is_legal(0, last_ten)
    assert not g.is_legal(0, {"type": "sneak", "cards": g.view(1)["hand"][:1]})


def test_huge_challenge_lists_are_capped_and_keep_pass() -> None:
    g = big_hands()
    lead = g.view(0)["hand"][:10]
    g.apply(0, {"type": "sneak", "cards": lead})
    legal = g.legal_actions(1)
    assert comb(20, 10) > LIST_LIMIT
    assert len(legal) == LIST_LIMIT
    assert legal[-1] == {"type": "pass"}
    assert all(a["type"] == "challenge" and len(a["cards"]) == 10 for a in legal[:-1])
    last_ten = {"type": "challenge", "cards": g.view(1)["hand"][-10:]}
    assert last_ten not in legal and g.is_legal(1, last_ten)


def test_capped_helper() -> None:
    groups = [iter([{"n": i} for i in range(5)]), iter([]), iter([{"m": i} for i in range(5)])]
    assert capped(groups, limit=4) == [{"n": 0}, {"n": 1}, {"n": 2}, {"m": 0}]
    groups = [iter([{"n": i} for i in range(2)]), iter([{"m": 0}])]
    assert capped(groups, limit=10) == [{"n": 0}, {"n": 1}, {"m": 0}]
