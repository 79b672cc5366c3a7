"""The bots' benchmark suite: every rule set against every opponent style, in parallel
processes, one table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bluffhouse.arena import (
    SUITE_OPPONENTS,
    SUITE_RULES,
    SUITES,
    GameRecord,
    SuiteCell,
    game_of,
    play_one,
    record_line,
    record_of,
    run_suite,
    suite_table,
    table_of,
)
from bluffhouse.bots import Choices, bot_names

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


def test_under_anytime_calls_every_seat_that_may_call_is_asked() -> None:
    """Eightsh*t: anyone may call until the next play.  The arena asks the seats of
    ``to_act`` in order, the others before the player on turn, so a seat two places on
    calls the liar's plays (it was never asked when the player on turn came first)."""
    lineup = ["always_lie", "never_call", "never_call", "always_call"]
    rec = play_one("eightshit", lineup, 4, 3, 0, {})
    state, bots, seating = game_of("eightshit", lineup, 4, 3, 0, {})
    assert seating == lineup
    while not state.over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat), Choices(state, seat)))
    calls = [e for e in state.events_for(None) if e["type"] == "call"]
    assert any(e["seat"] == 3 and e["target"] == 0 for e in calls)
    assert rec.lies[0] > 0 and rec.caught[0] > 0


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


def _cell_figures(cells: list[SuiteCell]) -> list[dict[str, object]]:
    return [{k: v for k, v in c.as_dict().items() if k != "move_ms"} for c in cells]


def test_a_run_plays_on_from_the_games_it_kept() -> None:
    """Games already played count and are not played again: a run of four games kept, asked
    for seven, plays the other three and gives the table of seven played at once."""

    def narrow(games: int, **more: Any) -> list[SuiteCell]:
        return run_suite(
            "rules",
            games,
            bots=("counter",),
            rules=("bullshit",),
            opponents=("honest+random",),
            **more,
        )

    first: list[GameRecord] = []
    narrow(4, on_records=lambda cell, recs: first.extend(recs))
    kept = {rec.index: record_of(json.loads(record_line(rec))) for rec in first}
    fresh: list[int] = []
    resumed = narrow(
        7,
        on_records=lambda cell, recs: fresh.extend(r.index for r in recs),
        played={("bullshit", "counter", "honest+random"): kept},
    )
    assert sorted(fresh) == [4, 5, 6]  # only the missing games, and only they are streamed
    assert _cell_figures(resumed) == _cell_figures(narrow(7))


def test_a_game_record_reads_back_from_its_line() -> None:
    rec = play_one("bullshit", ["counter", "honest", "random"], 3, 0, 2, {})
    back = record_of(json.loads(record_line(rec)))
    assert back.index == 2 and back.seating == rec.seating and back.winner == rec.winner
    assert back.end == rec.end and back.finished == rec.finished and back.lies == rec.lies
    assert back.think == [round(t, 6) for t in rec.think]
    with pytest.raises(ValueError, match="not a game's record"):
        record_of({"game": 1, "seating": ["a"]})
    with pytest.raises(ValueError, match="unknown end 'sideways'"):
        record_of({**json.loads(record_line(rec)), "end": "sideways"})


def _suite(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "bot_suite.py"),
            *("--workers", "1", "--bots", "counter", "--rules", "bluff"),
            *("--opponents", "honest,random", "--quiet", "--json"),
            *args,
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_bench_script_resumes_a_stopped_run_and_never_mixes_other_games(
    tmp_path: Path,
) -> None:
    """A run stopped mid-write (its last line cut short) plays on from the games it kept
    and gives the table of a run never stopped; a file of games is never written over
    without --resume, and games of another seed or another version of the code are
    refused by name, the file left as it was."""
    whole = _suite("--games", "3")
    assert whole.returncode == 0, whole.stderr
    stream = tmp_path / "games.jsonl"
    first = _suite("--games", "2", "--out", str(stream))
    assert first.returncode == 0, first.stderr
    lines = stream.read_text().splitlines()
    assert len(lines) == 4 and all(json.loads(line)["seed"] == 0 for line in lines)
    stream.write_text("\n".join(lines[:3]) + "\n" + lines[3][:40])  # killed mid-line
    again = _suite("--games", "3", "--out", str(stream))
    assert again.returncode == 2 and "already holds games: --resume" in again.stderr
    cut = stream.read_bytes()
    refused = _suite("--games", "3", "--out", str(stream), "--resume", "--seed", "5")
    assert refused.returncode == 2 and stream.read_bytes() == cut  # refused: not touched
    resumed = _suite("--games", "3", "--out", str(stream), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert "3 games kept" in resumed.stderr
    figures = [
        [{k: v for k, v in c.items() if k != "move_ms"} for c in json.loads(run.stdout)["cells"]]
        for run in (whole, resumed)
    ]
    assert figures[0] == figures[1]
    games = [json.loads(line) for line in stream.read_text().splitlines()]
    assert sorted((g["opponent"], g["record"]["game"]) for g in games) == [
        (opp, i) for opp in ("honest", "random") for i in range(3)
    ]
    other_seed = _suite("--games", "3", "--out", str(stream), "--resume", "--seed", "5")
    assert other_seed.returncode == 2 and "a game of seed 0, not 5" in other_seed.stderr
    games[0]["code"] = "0123456789abcdef"
    stream.write_text("".join(json.dumps(g) + "\n" for g in games))
    other_code = _suite("--games", "3", "--out", str(stream), "--resume")
    assert other_code.returncode == 2 and "another version of the code" in other_code.stderr
    assert len(stream.read_text().splitlines()) == 6  # left as it was
    alone = _suite("--games", "3", "--resume")
    assert alone.returncode == 2 and "--resume plays on from the games of --out" in alone.stderr
