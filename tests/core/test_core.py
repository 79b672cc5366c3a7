"""Engine core: card texts, saves, and the docs generated from the rules data."""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

import pytest

import bluffhouse as bh
from bluffhouse.cards import CARD_TEXT, JOKER, build_deck, parse_card, parse_cards, shuffle
from bluffhouse.docs import cli as docs_cli
from bluffhouse.docs import families, family_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_card_texts_round_trip() -> None:
    for card, text in enumerate(CARD_TEXT):
        assert parse_card(text) == card
        assert parse_card(text.lower()) == card
    assert parse_card("10h") == parse_card("TH")
    assert parse_cards("7h, 7d") == [parse_card("7H"), parse_card("7D")]
    assert CARD_TEXT[JOKER] == "JK"


@pytest.mark.parametrize("bad", ["1H", "7X", "", "AS AS", 7, None])
def test_bad_card_text_names_the_problem(bad: object) -> None:
    with pytest.raises(bh.IllegalAction, match="is not a card"):
        parse_card(bad)


def test_decks() -> None:
    assert len(build_deck()) == 52
    two = build_deck(decks=2, jokers=4)
    assert len(two) == 108
    assert Counter(two)[parse_card("QS")] == 2
    assert len(build_deck(ranks=[0, 9])) == 8


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not JSON"),
        ("[]", "expected format"),
        ('{"format": "bluffhouse-state/1", "game": "nosuch"}', "unknown game"),
        ('{"format": "bluffhouse-state/1", "game": "bullshit"}', "damaged"),
    ],
)
def test_load_refuses_bad_text_clearly(text: str, words: str) -> None:
    with pytest.raises(bh.SaveError, match=words):
        bh.load(text)


def test_seed_none_draws_and_records_a_seed() -> None:
    state = bh.new_game("bullshit")
    again = bh.new_game("bullshit", seed=state.seed)
    assert state.view(0)["hand"] == again.view(0)["hand"]
    assert json.loads(state.to_json())["seed"] == state.seed


def test_new_game_argument_errors() -> None:
    with pytest.raises(bh.RuleError, match="unknown game"):
        bh.new_game("nosuch")
    with pytest.raises(bh.RuleError, match="players"):
        bh.new_game("bullshit", players=1)
    with pytest.raises(bh.RuleError, match="first must be a seat"):
        bh.new_game("bullshit", players=4, first=4)
    with pytest.raises(bh.RuleError, match="seed must be a whole number"):
        bh.new_game("bullshit", seed="x")  # type: ignore[arg-type]
    with pytest.raises(bh.RuleError, match="deal"):
        bh.new_game("bullshit", players=2, deal=[["AS"], ["AS"]])
    with pytest.raises(bh.RuleError, match="no stock"):
        bh.new_game("bullshit", stock=["AS"])


def test_errors_are_value_errors() -> None:
    assert issubclass(bh.IllegalAction, ValueError)
    assert issubclass(bh.RuleError, ValueError)


def test_view_of_a_seat_that_does_not_exist() -> None:
    state = bh.new_game("bullshit", players=4, seed=1)
    with pytest.raises(bh.IllegalAction, match="no seat 9"):
        state.view(9)


@pytest.mark.parametrize("family", families())
def test_generated_option_docs_match_the_code(family: str) -> None:
    path = ROOT / "docs" / "rules" / f"{family}-options.md"
    assert path.read_text(encoding="utf-8") == family_markdown(family), (
        f"{path} is stale: run python -m bluffhouse.docs"
    )


def test_the_docs_command_explains_itself_and_writes_nothing_for_a_flag(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--help`` once wrote the tables under a folder named ``--help``."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as done:
        docs_cli(["--help"])
    assert done.value.code == 0 and "options.md" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        docs_cli([str(tmp_path / "missing")])
    assert done.value.code == 2 and "no such folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert docs_cli([str(tmp_path)]) == 0
    assert (tmp_path / "docs" / "rules" / "cheat-options.md").exists()


def test_every_family_has_a_rules_page() -> None:
    for preset in bh.presets():
        page = preset.family.FAMILY
        assert (ROOT / "docs" / "rules" / f"{page}.md").exists(), page


def test_shuffle_draws_as_random_shuffle() -> None:
    """cards.shuffle is random.shuffle with the draws made inline: the same order, the same RNG
    state after, so seeded deals never change."""
    for seed in range(40):
        a, b = random.Random(seed), random.Random(seed)
        for size in (0, 1, 2, 3, 17, 52, 54, 108):
            want, got = list(range(size)), list(range(size))
            a.shuffle(want)
            shuffle(b, got)
            assert got == want
        assert a.getstate() == b.getstate()
