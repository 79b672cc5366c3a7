"""The command line as a newcomer meets it: every bad argument, path or file gives one clear
line (exit status 2 for usage errors) and no traceback; paths are checked before any game is
played; nothing written earlier is lost; the arena says what to install when its extra is
missing."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.terminal import Record

PY = sys.executable


def run_cli(
    *args: str, cwd: Path | None = None, timeout: float = 120, stdin: Any = subprocess.DEVNULL
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [PY, "-m", "bluffhouse", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        stdin=stdin,
    )


def main_line(capsys: pytest.CaptureFixture[str], *args: str, code: int = 2) -> str:
    """Run the command line in this process: its exit status and its one line on stderr."""
    from bluffhouse.cli import main

    assert main(list(args)) == code
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    return lines[0]


def one_clear_line(proc: subprocess.CompletedProcess[str], code: int = 2) -> str:
    assert proc.returncode == code, proc.stderr
    assert "Traceback" not in proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, proc.stderr
    return lines[0]


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["play", "--players", "0"], "--players: must be at least 1, not 0"),
        (["play", "--players", "-2"], "--players: must be at least 1, not -2"),
        (["simulate", "bullshit", "--players", "0"], "--players: must be at least 1"),
        (["arena", "bullshit", "--bots", "random", "--players", "-1"], "at least 1"),
        (["simulate", "bullshit", "--games", "-5"], "--games: must be at least 1, not -5"),
        (["simulate", "bullshit", "--games", "0"], "--games: must be at least 1, not 0"),
        (["arena", "bullshit", "--bots", "random", "--games", "0"], "--games: must be at least"),
        (
            ["arena", "bullshit", "--bots", "random", "--workers", "-3"],
            "--workers: must be at least 1, not -3",
        ),
        (["arena", "bullshit", "--bots", "random", "--workers", "100000"], "at most 256"),
        (["play", "--delay", "-1"], "--delay: must be from 0 to 60 seconds"),
        (["play", "--delay", "nan"], "--delay: must be from 0 to 60 seconds"),
        (["play", "--delay", "inf"], "--delay: must be from 0 to 60 seconds"),
        (["play", "--countdown", "-1"], "--countdown: must be from 0 to 3600 seconds"),
        (["play", "--countdown", "1e400"], "--countdown"),
        (["play", "--humans", "0"], "--humans: must be at least 1"),
        (["play", "--humans", "9"], "--humans must be from 1 to 4"),
        (["play", "--seed", "9" * 5000], "is not a whole number"),
        (["simulate", "bullshit", "--seed", "x"], "'x' is not a whole number"),
        (["replay", "x.json", "--seat", "-1"], "--seat: must be at least 0"),
        (["play", "bullshit", "--hint"], "--hint gives the chance that a Poker Bull bid"),
        (["play", "sneak", "--hint"], "sneak has no bids to judge"),
        (["play", "--level", "expert"], "invalid choice: 'expert'"),
    ],
)
def test_argument_checks_are_one_clear_line(args: list[str], words: str) -> None:
    assert words in one_clear_line(run_cli(*args))


def test_level_chooses_the_bots_and_is_documented() -> None:
    helptext = run_cli("play", "--help").stdout
    for word in ("--level", "easy", "normal", "hard", "counter", "ismcts", "random"):
        assert word in helptext
    from bluffhouse.cli import LEVELS, build_parser

    assert LEVELS == {"easy": "random", "normal": "counter", "hard": "ismcts"}
    args = build_parser().parse_args(["play"])
    assert args.level == "normal" and args.bots is None  # a newcomer meets counter bots


# ---------------------------------------------------------------- the arena's paths
def arena(*extra: str, games: str = "3", **kw: Any) -> subprocess.CompletedProcess[str]:
    return run_cli(
        "arena", "popcorn", "--bots", "honest,random", "--games", games, "--quiet", *extra, **kw
    )


def test_arena_out_naming_a_file_fails_before_any_game(tmp_path: Path) -> None:
    target = tmp_path / "results.txt"
    target.write_text("keep me")
    started = time.monotonic()
    # 10**6 games would take hours: the check must come first.
    proc = arena("--out", str(target), games="1000000", timeout=60)
    line = one_clear_line(proc)
    assert "--out" in line and "is a file" in line
    assert time.monotonic() - started < 60
    assert target.read_text() == "keep me"


@pytest.mark.parametrize("where", ["under_a_file", "proc"])
def test_arena_out_that_cannot_be_made_fails_before_any_game(tmp_path: Path, where: str) -> None:
    (tmp_path / "plain").write_text("x")
    out = str(tmp_path / "plain" / "sub") if where == "under_a_file" else "/proc/bluffhouse-out"
    line = one_clear_line(arena("--out", out, games="1000000", timeout=60))
    assert f"--out {out}" in line


def test_arena_out_in_a_folder_that_takes_no_files(tmp_path: Path) -> None:
    import os

    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("this user writes anywhere (root): permission bits cannot lock it")
        line = one_clear_line(arena("--out", str(folder), games="1000000", timeout=60))
        assert "cannot write into" in line
    finally:
        folder.chmod(0o700)


def test_arena_ratings_checks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "no" / "such" / "ratings.json"
    line = one_clear_line(arena("--ratings", str(missing), games="1000000", timeout=60))
    assert "there is no folder" in line
    damaged = tmp_path / "ratings.json"
    lineup = ("arena", "popcorn", "--bots", "random", "--games", "1000000", "--quiet")
    for text in (
        "{not json",
        "[1, 2]",
        '{"random": {"mu": "high"}}',
        '{"random": {"mu": 25, "sigma": -1}}',
        '{"random": {"mu": NaN, "sigma": 1}}',
        "[" * 100000,
    ):
        damaged.write_text(text)
        line = main_line(capsys, *lineup, "--ratings", str(damaged))
        assert "is not a ratings file" in line
        assert damaged.read_text() == text  # left as it was
    assert "is a folder" in main_line(capsys, *lineup, "--ratings", str(tmp_path))


def test_arena_writes_every_output_and_reports_ends(tmp_path: Path) -> None:
    proc = arena("--out", str(tmp_path / "new" / "dir"), "--ratings", str(tmp_path / "r.json"))
    assert proc.returncode == 0, proc.stderr
    assert "3 games: 3 finished, 0 ended by the no-progress rule" in proc.stdout
    assert "0 unfinished (stopped at 20000 actions)" in proc.stdout
    folder = tmp_path / "new" / "dir"
    names = {p.name for p in folder.iterdir()}
    assert names == {
        "arena-popcorn-0.json",
        "arena-popcorn-0.csv",
        "arena-popcorn-0.png",
        "arena-popcorn-0.games.jsonl",  # every game as it finished
    }
    games = [json.loads(line) for line in (folder / "arena-popcorn-0.games.jsonl").open()]
    assert sorted(g["game"] for g in games) == [0, 1, 2]
    assert all(g["end"] == "finished" and len(g["seating"]) == 4 for g in games)
    assert json.loads((tmp_path / "r.json").read_text())


BLOCK = (
    "import sys; sys.modules['openskill'] = None; sys.modules['matplotlib'] = None; "
    "from bluffhouse.cli import main; sys.exit(main(sys.argv[1:]))"
)


def test_arena_without_its_extra_says_what_to_install_and_writes_what_it_can(
    tmp_path: Path,
) -> None:
    ratings = tmp_path / "ratings.json"
    proc = subprocess.run(
        [
            PY,
            "-c",
            BLOCK,
            "arena",
            "popcorn",
            "--bots",
            "honest,random",
            "--games",
            "3",
            "--out",
            str(tmp_path),
            "--ratings",
            str(ratings),
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert proc.stderr.count("pip install 'bluffhouse[arena]'") == 2  # ratings, chart
    assert "no ratings: openskill is not installed" in proc.stderr
    assert "no PNG chart: matplotlib is not installed" in proc.stderr
    data = json.loads(proc.stdout)
    assert data["games"] == 3 and data["ratings"] == {}
    assert (tmp_path / "arena-popcorn-0.json").exists()
    assert (tmp_path / "arena-popcorn-0.csv").exists()
    assert not (tmp_path / "arena-popcorn-0.png").exists()
    assert not ratings.exists()


# ---------------------------------------------------------------- records
def make_record(path: Path, game: str = "bullshit", moves: int = 6) -> dict[str, Any]:
    state = bh.new_game(game, players=4, seed=5)
    record = Record(state.to_json(), [0], ["human", "random", "random", "random"])
    for _ in range(moves):
        seat = state.to_act[0]
        action = state.legal_actions(seat)[-1]
        state.apply(seat, action)
        record.actions.append([seat, action])
    record.save(str(path), state)
    return dict(json.loads(path.read_text()))


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (lambda d: d.update(humans=[7]), "'humans' must list distinct seats from 0 to 3"),
        (lambda d: d.update(humans=[0, 0]), "'humans' must list distinct seats"),
        (lambda d: d.update(humans="0"), "'humans' must list distinct seats"),
        (lambda d: d.update(bots=["human", "random"]), "'bots' must name one bot for each"),
        (
            lambda d: d.update(bots=["human", "random", "random", "nobody"]),
            "seat 3's bot 'nobody' is not a bot",
        ),
        (lambda d: d.update(actions=[[0]]), "'actions' must be a list of [seat, action]"),
        (lambda d: d["state"].update(to_act=[9]), "seat"),
        (lambda d: d["state"].update(to_act=[-1]), "seat"),
        (lambda d: d.pop("start"), "damaged record: no start"),
        (lambda d: d["start"].update(players=3), "(its starting game)"),
        (lambda d: d["state"].update(game="nosuchgame"), "(its current game)"),
    ],
)
def test_an_edited_record_is_refused_plainly_by_resume_and_replay(
    tmp_path: Path, edit: Any, words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    data = make_record(path)
    edit(data)
    path.write_text(json.dumps(data))
    for args in (
        ["play", "--resume", str(path), "--delay", "0"],
        ["replay", str(path), "--no-pause"],
    ):
        line = main_line(capsys, *args)
        assert str(path) in line and words in line, line


def test_an_edited_record_as_the_user_meets_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    data = make_record(path)
    data["humans"], data["state"]["to_act"] = [5], [8]
    path.write_text(json.dumps(data))
    for args in (["play", "--resume", str(path)], ["replay", str(path)]):
        assert "damaged" in one_clear_line(run_cli(*args))


def test_replay_with_stdin_closed_shows_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    make_record(path)
    proc = run_cli("replay", str(path), stdin=subprocess.DEVNULL)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "input closed" in proc.stdout
    assert "the replay reaches the recorded end" in proc.stdout


def test_replay_of_a_record_with_an_illegal_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    data = make_record(path)
    data["actions"][2] = [data["actions"][2][0], {"type": "dance"}]
    path.write_text(json.dumps(data))
    proc = run_cli("replay", str(path), "--no-pause")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    out = " ".join(proc.stdout.split())
    assert "move 3 of the record" in out and "the record was changed" in out


def test_replay_seat_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    make_record(path)
    assert "has seats 0 to 3" in one_clear_line(run_cli("replay", str(path), "--seat", "4"))


def test_record_into_a_missing_folder_or_over_a_file(tmp_path: Path) -> None:
    line = one_clear_line(run_cli("play", "--record", str(tmp_path / "no" / "game.json")))
    assert "there is no folder" in line
    line = one_clear_line(run_cli("play", "--record", str(tmp_path)))
    assert "is a folder" in line
    earlier = tmp_path / "earlier.json"
    earlier.write_text("an earlier game")
    line = one_clear_line(run_cli("play", "--record", str(earlier)))
    assert "exists already" in line
    assert earlier.read_text() == "an earlier game"
    # A resumed game may go on saving into its own file.
    path = tmp_path / "game.json"
    make_record(path)
    proc = run_cli("play", "--resume", str(path), "--record", str(path), "--delay", "0")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr


def test_stdin_closed_at_the_prompt_saves_to_a_new_file(tmp_path: Path) -> None:
    earlier = tmp_path / "bluffhouse-save.json"
    earlier.write_text("an earlier save")
    proc = run_cli("play", "bullshit", "--seed", "1", "--delay", "0", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr
    assert earlier.read_text() == "an earlier save"
    fresh = tmp_path / "bluffhouse-save-2.json"
    assert "saved to bluffhouse-save-2.json" in proc.stdout
    _, state = Record.read(str(fresh))
    assert state.game_id == "bullshit"
