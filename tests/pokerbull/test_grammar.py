"""The bid grammar the browser builds bids from (``bluffhouse.pokerbull.grammar``) describes
exactly the engine's bids: every bid of the game's space is a kind of the grammar with each
part's value in the list the part names, and the lists hold nothing the pack lacks."""

from __future__ import annotations

from typing import Any

import pytest

from bluffhouse.pokerbull.bids import bid_space
from bluffhouse.pokerbull.grammar import bid_grammar
from typed_games import pokerbull_game


def _allowed(grammar: Any, values: str, before: list[str]) -> list[str]:
    ranks: list[str] = grammar["ranks"]
    if values == "ranks_above_lowest":
        return ranks[1:]
    if values == "ranks_below_previous":
        return [r for r in ranks if ranks.index(r) < ranks.index(before[-1])]
    if values == "ranks_except_previous":
        return [r for r in ranks if r != before[-1]]
    if values in ("suits", "straight_tops", "straight_flush_tops"):
        return list(grammar[values])
    assert values in ("ranks", "flush_ranks")
    return ranks


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"lowest_rank": "9"},
        {"suits": 2},
        {"suit_order": "SHDC"},
        {"jokers": 0},
    ],
)
def test_every_bid_of_the_space_fits_the_grammar(options: dict[str, Any]) -> None:
    rules = pokerbull_game(seed=0, **options).rules
    grammar = bid_grammar(rules)
    kinds = {c["id"]: c["parts"] for c in grammar["categories"]}
    space = bid_space(rules.universe, rules.order, rules.jokers)
    seen_kinds = set()
    for text in space.texts:
        cat, *spec = text.split(" ")
        if spec and spec[-1] == "natural":
            spec.pop()
        seen_kinds.add(cat)
        parts = kinds[cat]
        for i, value in enumerate(spec):
            part = parts[min(i, len(parts) - 1)]
            assert value in _allowed(grammar, part["values"], spec[:i]), (text, part)
        if spec and parts[-1]["values"] == "flush_ranks":
            ranks = spec[1:]
            assert ranks == sorted(ranks, key=grammar["ranks"].index, reverse=True), text
    assert seen_kinds <= set(kinds)
    assert set(grammar["suits"]) <= set("SHDC"[: rules.suits])
    assert grammar["ranks"][0] == rules.lowest_rank.replace("10", "T")


def test_suits_are_listed_weakest_first_by_the_games_order() -> None:
    grammar = bid_grammar(pokerbull_game(seed=0, suit_order="SHDC").rules)
    assert grammar["suits"] == ["C", "D", "H", "S"]
