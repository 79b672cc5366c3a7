"""A yardstick: ``bluffhouse simulate bullshit --bots always_call --games 10`` ends in
seconds, every game ended by the no-progress rule and reported as stalled (the Python API and
the command line)."""

from __future__ import annotations

import json
import subprocess
import sys
import time

import pytest

from bluffhouse.simulate import simulate

#: CPU seconds allowed (about 15 on the development machine; before the rule the ten games ran
#: to simulate's cap of 20,000 actions each, over 25 minutes)
BUDGET = 60


@pytest.mark.slow
def test_always_call_tables_stall_quickly_through_the_api() -> None:
    start = time.process_time()
    stats = simulate("bullshit", 10, ["always_call"] * 4, 4, seed=0)
    assert time.process_time() - start < BUDGET
    data = stats.as_dict()
    assert data["games"] == 10 and data["stalled"] == 10 and data["unfinished"] == 0
    assert stats.actions < 10 * 1100  # the default limit (1,000) after a few actions


@pytest.mark.slow
def test_always_call_tables_stall_quickly_from_the_command_line() -> None:
    start = time.perf_counter()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "bluffhouse",
            "simulate",
            "bullshit",
            "--bots",
            "always_call",
            "--games",
            "10",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["stalled"] == 10 and data["unfinished"] == 0
    assert time.perf_counter() - start < 4 * BUDGET  # wall time, on a shared machine
