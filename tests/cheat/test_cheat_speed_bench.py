"""The Cheat speed benchmark runs and reports every path against its baseline (figures are
printed by the benchmark, never asserted: see bench/cheat_speed.py)."""

from __future__ import annotations

import json

import pytest

from bench_util import load_bench


def test_the_benchmark_reports_every_path(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("cheat_speed")
    assert bench.main(["--games", "12", "--rounds", "2", "--no-numba", "--no-pin", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "bullshit" and out["players"] == 4
    paths = {row["path"]: row for row in out["paths"]}
    assert len(paths) == 4
    assert paths["baseline: bare-rules plain Python"]["ratio_to_baseline"] == 1.0
    for row in paths.values():
        assert row["games"] == 12 and row["games_per_second"] > 0 and row["mean_actions"] > 10


def test_the_suite_speed_benchmark_times_the_bots_moves() -> None:
    """bench/suite_speed.py runs a suite rule set and times the bot's moves (printed, never
    asserted: only that there are some)."""
    times = load_bench("suite_speed").times_in("bluff", "counter", "always_call", 1)
    assert times and all(t >= 0 for t in times)


def test_the_call_record_counts_a_tables_plays_and_calls() -> None:
    """bench/call_record.py: the plays, lies and calls it counts add up (the figures
    themselves are printed, never asserted)."""
    got = load_bench("call_record").record("bluff", "counter", "never_lie", 2)
    assert got["games"] == 2
    for who in ("bot", "opponents"):
        assert got[f"{who} plays"] > 0
        assert got[f"{who} lies"] <= got[f"{who} plays"]
        assert got[f"{who} calls right"] <= got[f"{who} calls"]
        by_size = [k for k in got if k.startswith(f"{who} lies of ") and "called" not in k]
        assert sum(got[k] for k in by_size) == got[f"{who} lies"]
        assert all(got[f"{k}, called"] <= got[k] for k in by_size)
        assert sum(got[f"{k}, called"] for k in by_size) == got[f"{who} lies called"]
    assert got["bot lies called"] + got["opponents lies called"] <= (
        got["bot calls right"] + got["opponents calls right"]
    )


def test_the_call_record_plays_the_suite_cells_own_games() -> None:
    """bench/call_record.py reads the games the suite plays for a cell (seats rotated, bots
    seeded alike): its bot wins what the suite's cell counts, game for game."""
    from bluffhouse.arena import run_suite

    games = 8
    for rules, opponent in (("bluff", "never_lie"), ("turn_call_sets", "counter_v1+liar_80")):
        got = load_bench("call_record").record(rules, "counter", opponent, games)
        (cell,) = run_suite(
            "rules", games, bots=("counter",), rules=(rules,), opponents=(opponent,)
        )
        assert got["games"] == games and got["bot wins"] == cell.wins, (rules, opponent)
