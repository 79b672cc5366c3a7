"""The command line: games, rules, simulate, and clear errors instead of tracebacks."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import bluffhouse as bh
from bluffhouse.cli import main, rules_text
from bluffhouse.registry import Preset, lookup, presets

CHEAT_IDS = [p.id for p in presets() if p.family.FAMILY == "cheat"]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bluffhouse", *args],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_games_lists_every_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    for preset in presets():
        assert preset.id in out
    assert "cheat" in out  # an alias is shown beside its preset


def test_rules_prints_every_option_with_type_default_and_meaning() -> None:
    text = rules_text(lookup("eightshit"))
    for info in lookup("eightshit").family.RULES.options():
        assert info.name in text
        assert info.doc[:40] in text
    assert "this game: 2" in text  # decks, changed by the preset


@pytest.mark.parametrize("game_id", CHEAT_IDS)
def test_simulate_json_for_every_cheat_preset(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", game_id, "--games", "2", "--bots", "random", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2
    assert data["unfinished"] == 0
    assert data["games_per_second"] > 0
    assert data["mean_length"] > 0
    assert len(data["wins"]) == data["players"]
    assert sum(data["wins"]) == 2


def test_simulate_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "popcorn", "--games", "5", "--seed", "11", "--json"])
    first = json.loads(capsys.readouterr().out)
    main(["simulate", "popcorn", "--games", "5", "--seed", "11", "--json"])
    second = json.loads(capsys.readouterr().out)
    assert first["wins"] == second["wins"]
    assert first["mean_length"] == second["mean_length"]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["simulate", "nosuchgame"], "unknown game 'nosuchgame'"),
        (["simulate", "bullshit", "--option", "decks=9"], "decks must be at most 2"),
        (["simulate", "bullshit", "--option", "colour=red"], "unknown option 'colour'"),
        (["simulate", "bullshit", "--option", "count_lies=perhaps"], "not true or false"),
        (["simulate", "bullshit", "--bots", "genius"], "unknown bot 'genius'"),
        (["simulate", "bluff", "--players", "2"], "played by 3 to 10 players"),
        (["rules", "nosuchgame"], "unknown game"),
        (["play", "--resume", "/nonexistent/file.json"], "cannot read /nonexistent/file.json"),
    ],
)
def test_bad_input_is_a_clear_error_not_a_traceback(args: list[str], words: str) -> None:
    proc = run_cli(*args)
    assert proc.returncode == 2
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr


def test_rule_error_names_the_option() -> None:
    with pytest.raises(bh.RuleError, match="option jokers"):
        bh.new_game("bullshit", jokers=4)  # one pack has two jokers
    with pytest.raises(bh.RuleError, match="unknown option 'wild'"):
        bh.new_game("bullshit", wild=True)
    with pytest.raises(bh.RuleError, match="max_cards must be a whole number"):
        bh.new_game("bullshit", max_cards="4")
    with pytest.raises(bh.RuleError, match="sequence cannot be 'sideways'"):
        bh.new_game("bullshit", sequence="sideways")


@pytest.mark.parametrize("preset", presets(), ids=lambda p: p.id)
def test_rules_open_with_how_to_play_then_every_option(preset: Preset) -> None:
    text = rules_text(preset)
    assert text.index("How to play") < text.index("Options (change with --option")
    family = preset.family.FAMILY
    assert {
        "poker_bull": "bid two_pair K 9",
        "sneak": "straight flush",
        "cheat": "'7h 7d as Q' claims two queens",
    }[family] in text
    for info in preset.family.RULES.options():
        assert f"  {info.name} ({info.type_name}," in text
        assert f"default: {info.default!r}" in text
    markdown = rules_text(preset, markdown=True)
    assert "## How to play" in markdown and markdown.count("```") == 2
