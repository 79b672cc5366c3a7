"""Every house rule has words for people: a label (not its key) and a group its family names,
and the options whose values are ranks say so (a front end offers rank pickers for them)."""

from __future__ import annotations

import pytest

from bluffhouse.cheat import CheatRules
from bluffhouse.pokerbull import PokerBullRules
from bluffhouse.rules import Rules
from bluffhouse.sneak import SneakRules


@pytest.mark.parametrize("rules", [CheatRules, PokerBullRules, SneakRules])
def test_every_option_has_a_label_and_a_group(rules: type[Rules]) -> None:
    for info in rules.options():
        assert info.group in rules.GROUPS, info.name
        assert info.label and info.label != info.name and "_" not in info.label, info.name
    used = {info.group for info in rules.options()}
    assert used == set(rules.GROUPS)  # no empty group


def test_the_rank_options_are_marked() -> None:
    inputs = {i.name: i.input for i in CheatRules.options() if i.input}
    assert inputs == {"deck_ranks": "ranks", "claim_ranks": "ranks", "first_rank": "rank"}
    assert {i.name for i in PokerBullRules.options() if i.input} == {"lowest_rank"}
