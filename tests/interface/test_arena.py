"""The arena: rotation, reproducibility across worker counts, intervals, outputs."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from bluffhouse.arena import run_arena, seating_for, wilson
from bluffhouse.cli import main


def test_seats_rotate_so_every_bot_sits_everywhere() -> None:
    lineup = ["a", "b", "c", "d"]
    seen: dict[str, set[int]] = {name: set() for name in lineup}
    for g in range(4):
        for seat, name in enumerate(seating_for(g, lineup, 4)):
            seen[name].add(seat)
    assert all(s == {0, 1, 2, 3} for s in seen.values())


def test_wilson_interval() -> None:
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[0] == 0.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_same_seed_same_results_whatever_the_workers() -> None:
    lineup = ["honest", "random", "random", "random"]
    one = run_arena("popcorn", lineup, 12, seed=5, workers=1).as_dict()
    two = run_arena("popcorn", lineup, 12, seed=5, workers=2).as_dict()
    for key in ("bots", "ratings", "mean_length", "games"):
        if key == "bots":
            for name in one["bots"]:
                a, b = dict(one["bots"][name]), dict(two["bots"][name])
                a.pop("ms_per_decision"), b.pop("ms_per_decision")
                assert a == b
        else:
            assert one[key] == two[key]


def test_outputs_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(
            [
                "arena",
                "bullshit",
                "--bots",
                "honest,random,random,random",
                "--games",
                "8",
                "--json",
                "--out",
                str(tmp_path),
                "--ratings",
                str(tmp_path / "ratings.json"),
            ]
        )
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    for name in ("honest", "random"):
        row = data["bots"][name]
        assert {"games", "wins", "win_rate", "ci95"} <= set(row)
        assert row["ci95"][0] <= row["win_rate"] <= row["ci95"][1]
    assert data["bots"]["honest"]["games"] == 8
    assert data["bots"]["random"]["games"] == 24
    rows = list(csv.DictReader((tmp_path / "arena-bullshit-0.csv").open()))
    assert len(rows) == 32
    assert (tmp_path / "arena-bullshit-0.png").stat().st_size > 1000
    ratings = json.loads((tmp_path / "ratings.json").read_text())
    assert set(ratings) == {"honest", "random"}
    # A second run starts from the saved ratings: sigma keeps shrinking.
    main(
        [
            "arena",
            "bullshit",
            "--bots",
            "honest,random,random,random",
            "--games",
            "8",
            "--json",
            "--seed",
            "1",
            "--ratings",
            str(tmp_path / "ratings.json"),
        ]
    )
    again = json.loads((tmp_path / "ratings.json").read_text())
    assert again["random"]["sigma"] < ratings["random"]["sigma"]
    capsys.readouterr()


def test_arena_bad_lineup(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "bullshit", "--bots", "random,nobody", "--games", "2"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err
