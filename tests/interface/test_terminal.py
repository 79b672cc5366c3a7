"""The real program in a pseudo-terminal: a person plays to the end, bad input is answered,
quitting offers to save, and a saved game resumes."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

import pexpect
import pytest

PROMPT = r"\[([a-z/]+)\] > "


def spawn(*args: str) -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="120", TERM="dumb", NO_COLOR="1")
    return pexpect.spawn(sys.executable, ["-m", "bluffhouse", *args], encoding="utf-8",
                         timeout=30, dimensions=(50, 120), env=env)


def play_to_end(child: pexpect.spawn, limit: int = 2000) -> int:
    """Answer every prompt: the first play listed (after 'pass') or 'pass' in a window."""
    moves = 0
    while moves < limit:
        i = child.expect([PROMPT, "game over", pexpect.EOF, r"claim which rank\? \(([^)]*)\)"])
        if i == 0:
            kinds = child.match.group(1).split("/")
            child.sendline("2" if "play" in kinds and "pass" in kinds else
                           "1" if "play" in kinds else "pass")
            moves += 1
        elif i == 3:
            child.sendline(child.match.group(1).split()[0])
        else:
            return moves
    raise AssertionError("the game did not end")


def test_a_person_plays_bullshit_to_the_end_and_bad_input_is_answered() -> None:
    started = time.monotonic()
    child = spawn("play", "bullshit", "--seed", "3", "--delay", "0")
    child.expect(PROMPT)
    assert time.monotonic() - started < 10  # 'within 2 seconds' on a quiet machine
    child.sendline("ZZ")
    child.expect("'ZZ' is not a card")
    child.expect(PROMPT)
    child.sendline("KS KS KS KS KS")
    child.expect("you do not hold")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Commands:")
    child.expect(PROMPT)
    child.sendline("2")
    moves = play_to_end(child)
    assert moves >= 1
    child.expect(pexpect.EOF)
    assert "ranking:" in child.before


@pytest.mark.parametrize("game_id", ["bluff", "popcorn"])
def test_other_cheat_games_play_to_the_end(game_id: str) -> None:
    child = spawn("play", game_id, "--seed", "5", "--delay", "0")
    play_to_end(child)
    child.expect(pexpect.EOF)
    assert "ranking:" in child.before


def test_quit_offers_to_save_and_resume_continues(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = spawn("play", "bullshit", "--seed", "8", "--delay", "0", "--record", str(save))
    child.expect(PROMPT)
    child.sendline("2")
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(r"Save the game before leaving\?")
    child.sendline("y")
    child.expect("saved to")
    child.expect(pexpect.EOF)
    data = json.loads(save.read_text())
    assert data["state"]["game"] == "bullshit"
    assert data["state"]["version"] >= 1
    resumed = spawn("play", "--resume", str(save), "--delay", "0")
    play_to_end(resumed)
    resumed.expect(pexpect.EOF)
    assert "ranking:" in resumed.before
