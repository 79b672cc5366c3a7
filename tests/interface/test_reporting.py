"""How ``simulate`` and ``arena`` report the ends of games: finished normally, ended by the
engine's no-progress rule ("stalled"), or unfinished (stopped at the action cap), in text and
JSON; win rates and mean lengths are over finished games and say so (never "0 games, mean
length 0" for games that did not finish)."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import bluffhouse.arena as arena_mod
import bluffhouse.simulate as sim_mod
from bluffhouse.cli import main

#: Four honest players never finish Specificity: the no-progress rule ends every game.
STALLING = ["specificity", "--bots", "honest", "--option", "stall_limit=40"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    assert main(list(args)) == 0
    return capsys.readouterr().out


def test_simulate_reports_stalled_games(capsys: pytest.CaptureFixture[str]) -> None:
    text = run(capsys, "simulate", *STALLING, "--games", "3")
    assert (
        "3 games: 0 finished, 3 ended by the no-progress rule (stall_limit=40), "
        "0 unfinished (stopped at 20000 actions)"
    ) in text
    assert "no game finished normally: no win rates or mean length" in text
    assert "mean length 0 " not in text
    data = json.loads(run(capsys, "simulate", *STALLING, "--games", "3", "--json"))
    assert (data["games"], data["finished"], data["stalled"], data["unfinished"]) == (3, 0, 3, 0)
    assert data["stall_limit"] == 40
    assert data["mean_length"] is None and data["mean_length_stalled"] > 40
    assert data["win_rate"] == [None] * 4 and data["win_rate_over"] == "finished"
    assert sum(data["stall_wins"]) <= 3 and sum(data["wins"]) == 0  # a tie has no leader


def test_simulate_reports_unfinished_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sim_mod, "MAX_ACTIONS", 5)
    text = run(capsys, "simulate", "popcorn", "--games", "4")
    assert "4 games: 0 finished, 0 ended by the no-progress rule (stall_limit=" in text
    assert "4 unfinished (stopped at 5 actions)" in text
    data = json.loads(run(capsys, "simulate", "popcorn", "--games", "4", "--json"))
    assert (data["finished"], data["stalled"], data["unfinished"]) == (0, 0, 4)
    assert data["mean_length"] is None and data["win_rate"] == [None] * 4


def test_simulate_rates_are_over_finished_games(monkeypatch: pytest.MonkeyPatch) -> None:
    lengths = sim_mod.simulate("popcorn", 6, ["random"] * 4, 4, seed=3).lengths
    cap = sorted(lengths)[2]
    monkeypatch.setattr(sim_mod, "MAX_ACTIONS", cap)
    data = sim_mod.simulate("popcorn", 6, ["random"] * 4, 4, seed=3).as_dict()
    done = [n for n in lengths if n <= cap]
    assert data["finished"] == len(done) and data["unfinished"] == 6 - len(done)
    assert 0 < data["finished"] < 6
    assert sum(data["wins"]) == data["finished"]
    assert sum(data["win_rate"]) == pytest.approx(1.0, abs=1e-3)
    assert data["mean_length"] == round(sum(done) / len(done), 2)


def test_arena_reports_stalled_and_unfinished_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = [
        "arena",
        "specificity",
        "--bots",
        "honest",
        "--option",
        "stall_limit=40",
        "--games",
        "4",
        "--quiet",
    ]
    text = run(capsys, *args)
    assert (
        "4 games: 0 finished, 4 ended by the no-progress rule (stall_limit=40), 0 unfinished"
    ) in text
    assert "no game finished normally: no win rates, places or ratings" in text
    data = json.loads(run(capsys, *args, "--json", "--out", str(tmp_path)))
    assert (data["games"], data["finished"], data["stalled"], data["unfinished"]) == (4, 0, 4, 0)
    assert data["mean_length"] is None and data["stats_over"] == "finished"
    assert data["bots"]["honest"]["games"] == 0
    rows = list(csv.DictReader((tmp_path / "arena-specificity-0.csv").open()))
    assert {r["end"] for r in rows} == {"stalled"} and {r["won"] for r in rows} == {"0"}
    monkeypatch.setattr(arena_mod, "MAX_ACTIONS", 3)
    data = json.loads(
        run(capsys, "arena", "popcorn", "--bots", "random", "--games", "2", "--json", "--quiet")
    )
    assert (data["finished"], data["stalled"], data["unfinished"]) == (0, 0, 2)
