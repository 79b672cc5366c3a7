"""The bots' benchmark suite: every rule set against every opponent style, in parallel
processes, one table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bluffhouse.arena import (
    SUITE_OPPONENTS,
    SUITE_RULES,
    SUITES,
    SuiteCell,
    play_one,
    run_suite,
    suite_table,
    table_of,
)
from bluffhouse.bots import bot_names

ROOT = Path(__file__).resolve().parents[2]


def test_the_suite_covers_the_issue_rule_sets_and_styles() -> None:
    assert len(SUITE_RULES) >= 6
    assert {"bullshit", "bluff", "eightshit", "popcorn_up_or_down"} <= set(SUITE_RULES)
    game, options, players = SUITE_RULES["turn_call_sets"]
    assert game == "bullshit" and players == 4
    assert options["callers"] == "turn" and options["final_call"] is False
    assert SUITE_RULES["bluff_six_jokers"][2] == 3
    styles = {name for table in SUITE_OPPONENTS for name in table.split("+")}
    assert styles <= set(bot_names())
    assert "counter_v1" in SUITE_OPPONENTS  # the fixed yardstick
    assert sum("+" in table for table in SUITE_OPPONENTS) >= 2  # mixed tables
    assert SUITES["rules"][1] == ("counter", "ismcts")


def test_a_narrowed_suite_gives_the_same_cells_on_one_or_two_workers() -> None:
    kwargs = {"bots": ("counter",), "rules": ("bullshit",), "opponents": ("random", "honest")}
    one = run_suite("rules", 2, workers=1, **kwargs)  # type: ignore[arg-type]
    two = run_suite("rules", 2, workers=2, **kwargs)  # type: ignore[arg-type]
    assert [_outcome(c) for c in one] == [_outcome(c) for c in two]
    assert [(c.bot, c.opponent, c.games) for c in one] == [
        ("counter", "random", 2),
        ("counter", "honest", 2),
    ]
    row = one[0].as_dict()
    assert row["fair_share"] == 0.25 and row["verdict"] in ("above", "even", "below")
    text = suite_table(one)
    assert "bullshit" in text and "random" in text and "honest" in text


def _outcome(cell: SuiteCell) -> dict[str, object]:
    """A cell's figures but its time a move (which no seed fixes)."""
    return {k: v for k, v in cell.as_dict().items() if k != "move_ms"}


def test_each_game_counts_the_lies_told_and_called_and_the_cards_taken() -> None:
    rec = play_one(
        "bullshit", ["always_lie", "always_call", "never_lie", "never_call"], 4, 3, 0, {}
    )
    liar, caller, honest, quiet = range(4)
    assert rec.lies[liar] > 0 and rec.caught[liar] == rec.lies[liar]  # every lie is called
    assert rec.lies[honest] == 0 and rec.caught[honest] == 0
    assert rec.taken[liar] > 0  # a lie called: the liar picks up the pile
    assert rec.caught[caller] <= rec.lies[caller] and rec.caught[quiet] <= rec.lies[quiet]
    assert sum(rec.taken) > 0
    other = play_one("poker_bull", ["counter", "random", "random"], 3, 0, 0, {})
    assert other.lies == other.caught == other.taken == []


def test_the_suite_prints_each_bots_time_a_move_lies_called_and_cards_taken() -> None:
    (cell,) = run_suite(
        "rules", 2, bots=("always_lie",), rules=("bullshit",), opponents=("always_call",)
    )
    row = cell.as_dict()
    assert row["lies"] > 0 and row["caught"] == row["lies"] and row["caught_rate"] == 1.0
    assert row["taken_per_game"] > 0 and row["move_ms"] >= 0
    assert f"100% of {row['lies']} lies called" in suite_table([cell])
    (bull,) = run_suite(
        "poker_bull", 1, bots=("counter",), rules=("rising_higher_3",), opponents=("random",)
    )
    assert bull.as_dict()["lies"] is None and "lies" not in suite_table([bull])


def test_unknown_names_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="unknown suite 'nope'"):
        run_suite("nope", 1)
    with pytest.raises(ValueError, match="unknown rule set 'nope'"):
        run_suite("rules", 1, rules=("nope",))
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        run_suite("rules", 1, opponents=("nope",))


def test_the_bench_script_prints_the_table(tmp_path: Path) -> None:
    stream = tmp_path / "games.jsonl"
    out = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "bot_suite.py"),
            "--games",
            "1",
            "--workers",
            "1",
            "--bots",
            "counter",
            "--rules",
            "bluff",
            "--opponents",
            "honest,random",
            "--out",
            str(stream),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert "bluff: bluff (as the preset), 4 players, fair share 25.0%" in out.stdout
    assert "honest" in out.stdout
    games = [json.loads(line) for line in stream.read_text().splitlines()]
    assert sorted(g["opponent"] for g in games) == ["honest", "random"]  # each game streamed
    assert all(g["rules"] == "bluff" and g["record"]["seating"][0] == "counter" for g in games)


def test_a_mixed_table_seats_each_style_and_counts_each_rivals_wins() -> None:
    assert table_of("counter", "a+b+c", 4, 0) == ["counter", "a", "b", "c"]
    # four styles for three seats: a different run of three each game
    assert table_of("counter", "a+b+c+d", 4, 1) == ["counter", "b", "c", "d"]
    assert table_of("counter", "a+b+c+d", 4, 3) == ["counter", "d", "a", "b"]
    assert table_of("counter", "a+b", 3, 0) == ["counter", "a", "b"]
    assert table_of("counter", "never_lie", 3, 5) == ["counter", "never_lie", "never_lie"]
    cells = run_suite(
        "rules",
        6,
        bots=("counter",),
        rules=("bullshit",),
        opponents=("honest+random+never_lie",),
    )
    cell = cells[0]
    assert cell.decided == 6
    assert sum(cell.rival_seats.values()) == 18  # three rival seats a game
    assert cell.wins + sum(cell.rival_wins.values()) == 6  # one winner a game
    text = suite_table(cells)
    assert "honest+random+never_lie" in text and "never_lie won, a seat" in text
