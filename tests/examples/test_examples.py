"""The examples a researcher starts from, run as a user runs them (``python examples/X.py``)
on a small budget: each finishes, prints what its docstring promises, and the PPO example
learns to beat random seats."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("numba")

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def run(name: str, *args: str, timeout: float = 300) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


def test_every_example_is_tested_here() -> None:
    text = Path(__file__).read_text()
    for path in EXAMPLES.glob("*.py"):
        assert f'"{path.name}"' in text, f"{path.name} has no test"


def test_random_play_on_the_batched_environment() -> None:
    out = run("random_batched.py", "--games", "30", "--envs", "64")
    games = re.search(r"bullshit: (\d+) games, [\d,]+ steps", out)
    assert games and int(games.group(1)) >= 30, out
    shares = [float(x) for x in re.findall(r"([\d.]+)%", out.splitlines()[-1])]
    assert len(shares) == 4 and abs(sum(shares) - 100) < 0.5, out


def test_ppo_runs_its_updates() -> None:
    out = run(
        "ppo_batched.py", "--game", "popcorn", "--updates", "3", "--envs", "32", "--steps", "16"
    )
    assert "learning seat 0" in out
    assert len(re.findall(r"^update +\d+: +\d+ decisions", out, re.M)) == 3, out


@pytest.mark.slow
def test_ppo_learns_to_beat_random_seats(tmp_path: Path) -> None:
    weights = tmp_path / "policy.npz"
    out = run("ppo_batched.py", "--game", "popcorn", "--updates", "30", "--save", str(weights))
    shares = [float(x) / 100 for x in re.findall(r"games \(([\d.]+)%\)", out)]
    assert len(shares) >= 28, out
    # a fair share is 25%: the last five updates' games are won far more often
    assert sum(shares[-5:]) / 5 > 0.5, out
    assert weights.exists()


def test_ppo_self_play() -> None:
    out = run(
        "ppo_batched.py",
        "--game", "popcorn", "--updates", "2", "--envs", "16", "--steps", "16", "--self-play",
    )  # fmt: skip
    assert "learning seats 0 1 2 3" in out, out


def test_cfr_on_a_tiny_configuration() -> None:
    pytest.importorskip("pyspiel")
    out = run("cfr_tiny.py", "--iterations", "64", "--direct", "2")
    conv = [float(x) for x in re.findall(r"NashConv ([\d.]+)", out)]
    assert conv[0] > 1.0 and conv[-1] < 0.05, out  # 1.3125 to 0.0205 at 64 iterations
    same = re.findall(r"NashConv ([\d.]+), on the Python game ([\d.]+)", out)
    assert len(same) == 2 and all(a == b for a, b in same), out


def test_ismcts_against_counter() -> None:
    pytest.importorskip("pyspiel")
    out = run("ismcts_vs_counter.py", "--games", "2", "--simulations", "10")
    assert len(re.findall(r"^game \d+: winner", out, re.M)) == 2, out
    assert re.search(r"ISMCTS \(seat 0\) won \d of 2 games", out), out
