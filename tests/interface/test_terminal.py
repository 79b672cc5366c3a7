"""The real program in a pseudo-terminal: a person plays to the end, bad input is answered,
quitting offers to save, and a saved game resumes."""

from __future__ import annotations

import json
import os
import re
import sys
import time
from pathlib import Path

import pexpect
import pytest

PROMPT = r"\[([a-z/]+)\] > "


def spawn(*args: str) -> pexpect.spawn:
    """The program in a pseudo-terminal. New games get the easy (random) bots: these tests play
    whole games through the prompt, and random bots keep them fast; the default bots are met
    in test_terminal_newcomer.py."""
    if args[:1] == ("play",) and "--resume" not in args and "--bots" not in args:
        args = (*args, "--level", "easy")
    env = dict(os.environ, COLUMNS="120", TERM="dumb", NO_COLOR="1")
    return pexpect.spawn(
        sys.executable,
        ["-m", "bluffhouse", *args],
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
        env=env,
    )


def play_to_end(child: pexpect.spawn, limit: int = 2000) -> int:
    """Answer every prompt: the first play listed (after 'pass') or 'pass' in a window."""
    moves = 0
    while moves < limit:
        i = child.expect([PROMPT, "game over", pexpect.EOF, r"claim which rank\? \(([^)]*)\)"])
        if i == 0:
            kinds = child.match.group(1).split("/")
            child.sendline(
                "2" if "play" in kinds and "pass" in kinds else "1" if "play" in kinds else "pass"
            )
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
    child.expect(r"Bullsh\*t commands:")  # the help of the game being played
    child.expect(PROMPT)
    child.sendline("2")
    moves = play_to_end(child)
    assert moves >= 1
    summary = decline_rematch(child)
    assert "ranking:" in summary


@pytest.mark.parametrize("game_id", ["bluff", "popcorn"])
def test_other_cheat_games_play_to_the_end(game_id: str) -> None:
    child = spawn("play", game_id, "--seed", "5", "--delay", "0")
    play_to_end(child)
    summary = decline_rematch(child)
    assert "ranking:" in summary


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
    summary = decline_rematch(resumed)
    assert "ranking:" in summary


def test_a_recorded_game_replays_to_the_same_end(tmp_path: Path) -> None:
    save = tmp_path / "rec.json"
    child = spawn("play", "popcorn", "--seed", "12", "--delay", "0", "--record", str(save))
    play_to_end(child)
    decline_rematch(child)
    data = json.loads(save.read_text())
    assert data["format"] == "bluffhouse-record/1"
    assert data["actions"], "the record holds every action"
    assert data["state"]["result"] is not None
    for extra in (["--all"], ["--seat", "0"], []):
        replay = spawn("replay", str(save), "--no-pause", *extra)
        replay.expect("the replay reaches the recorded end")
        replay.expect(pexpect.EOF)
    # Stepping waits for Enter between moves.
    stepping = spawn("replay", str(save), "--seat", "1")
    stepping.expect(r"\[1/\d+\] Enter for the next move")
    stepping.sendline("")
    stepping.expect(r"\[2/\d+\] Enter for the next move")
    stepping.terminate(force=True)


def test_a_tampered_record_is_reported(tmp_path: Path) -> None:
    save = tmp_path / "rec.json"
    child = spawn("play", "bullshit", "--seed", "2", "--delay", "0", "--record", str(save))
    play_to_end(child)
    decline_rematch(child)
    data = json.loads(save.read_text())
    data["actions"] = data["actions"][:-1]
    save.write_text(json.dumps(data))
    replay = spawn("replay", str(save), "--no-pause")
    replay.expect("does not reach the recorded end")
    replay.expect(pexpect.EOF)
    replay.close()
    assert replay.exitstatus == 1


def test_countdown_passes_for_a_silent_player() -> None:
    child = spawn("play", "bullshit", "--seed", "3", "--delay", "0", "--countdown", "0.5")
    for _ in range(200):
        i = child.expect([r"\(0\.5 s\) \[", PROMPT])
        if i == 0:
            break
        kinds = child.match.group(1).split("/")
        child.sendline("2" if "play" in kinds and "pass" in kinds else "pass")
    else:
        raise AssertionError("no challenge window came to the human")
    child.expect(r"no answer in 0\.5 s: pass")
    child.terminate(force=True)


def test_hot_seat_hides_hands_between_players() -> None:
    child = spawn("play", "bullshit", "--seed", "6", "--delay", "0", "--humans", "2")
    child.expect(r"Pass the keyboard to player 0 \(seat 0\)")
    child.sendline("")
    child.expect(PROMPT)
    child.sendline("2")
    child.expect("Pass the keyboard to player 1")
    child.sendline("")
    child.expect(PROMPT)
    child.terminate(force=True)


def decline_rematch(child: pexpect.spawn) -> str:
    """The game is over: the terminal offers another at the same table; say no, and it ends.
    Returns what it printed before the offer (the summary)."""
    child.expect(r"Play again\? \[y/N\]")
    summary = str(child.before)
    child.sendline("n")
    child.expect(pexpect.EOF)
    return summary


def answer_any(child: pexpect.spawn, limit: int = 3000) -> int:
    """Play any game to the end: pass in windows, call a standing bid now and then, else the
    first listed action."""
    moves = 0
    while moves < limit:
        i = child.expect([PROMPT, "game over", pexpect.EOF])
        if i != 0:
            return moves
        kinds = child.match.group(1).split("/")
        if "bid" in kinds and "call" in kinds:
            child.sendline("call" if moves % 3 == 0 else "1")
        elif set(kinds) <= {"call", "pass", "challenge", "check", "believe"} and "pass" in kinds:
            child.sendline("pass")
        else:
            child.sendline("1")
        moves += 1
    raise AssertionError("the game did not end")


def test_a_person_plays_poker_bull_to_the_end_with_hints_and_bad_bids() -> None:
    child = spawn("play", "poker_bull", "--seed", "3", "--delay", "0", "--hint")
    child.expect(PROMPT)
    child.sendline("bid pair Z")
    child.expect(r"Z")  # the engine's message names the bad token
    child.expect(PROMPT)
    child.sendline("1")
    answer_any(child)
    summary = decline_rematch(child)
    assert "winner:" in summary
    assert "calls made:" in summary


def test_a_person_plays_sneak_to_the_end() -> None:
    child = spawn("play", "sneak", "--seed", "4", "--delay", "0", "--option", "target=40")
    child.expect(PROMPT)
    child.sendline("sneak ZZ")
    child.expect("'ZZ' is not a card")
    child.expect(PROMPT)
    child.sendline("1")
    answer_any(child)
    summary = decline_rematch(child)
    assert "scores:" in summary


def test_a_costly_pass_asks_once_and_the_game_offers_a_rematch() -> None:
    """Bullsh*t: 'pass' on your own turn picks up the pile. The prompt says so, the first such
    pass asks to confirm ('n' keeps the turn), and at the end 'y' deals a new game."""
    child = spawn("play", "bullshit", "--seed", "3", "--delay", "0")
    while True:  # until the pile holds cards on the person's turn
        child.expect(PROMPT)
        kinds = child.match.group(1).split("/")
        if "play" in kinds and "pass and pick up the pile" in child.before:
            break
        child.sendline(
            "2" if "play" in kinds and "pass" in kinds else "1" if "play" in kinds else "pass"
        )
    assert re.search(r"pass and pick up the pile \(\d+ cards?\)", child.before)
    child.sendline("pass")
    child.expect(r"Passing picks up the pile \((\d+) cards?\)\. Pass anyway\? \[y/N\]")
    child.sendline("n")
    child.expect(PROMPT)  # the turn is still the person's
    child.sendline("pass")
    child.expect(r"Pass anyway\? \[y/N\]")
    child.sendline("y")
    child.expect(r"you pass and pick up the pile")
    play_to_end(child)
    child.expect(r"Play again\? \[y/N\]")
    child.sendline("y")
    child.expect("a new game")
    child.expect(PROMPT)
    child.terminate(force=True)


def test_notation_for_people_in_the_terminal() -> None:
    """10 for T, one multiplication sign, plurals, and the claim being judged in a window."""
    child = spawn("play", "bullshit", "--seed", "3", "--delay", "0")
    seen = ""
    for _ in range(40):
        i = child.expect([PROMPT, "game over"])
        seen += child.before
        if i == 1:
            break
        kinds = child.match.group(1).split("/")
        child.sendline(
            "2" if "play" in kinds and "pass" in kinds else "1" if "play" in kinds else "pass"
        )
    child.terminate(force=True)
    assert " × " in seen and " x " not in seen
    assert "card(s)" not in seen
    assert not re.search(r"\b[0-9]+ × T\b|claim T\b", seen)
    assert "judging: " in seen


def test_the_drinking_tally_shows_only_at_a_drinking_table() -> None:
    """The sips tally (one per card picked up) is a drinking game: the terminal shows it, with
    what it is, only where the table plays King's cup."""
    import io

    from rich.console import Console

    from bluffhouse.terminal import TerminalGame
    from typed_games import cheat_game

    for game_id, shown in (("bullshit", False), ("kings_cup", True)):
        state = cheat_game(game_id, players=3, seed=1)
        state.sips[1] = 3  # as if seat 1 had picked up three cards
        out = io.StringIO()
        table = TerminalGame(
            state,
            humans=[0],
            bots=["human", "counter", "counter"],
            console=Console(file=out, width=100),
        )
        table.show_table(0)
        assert ("the drinking tally" in out.getvalue()) is shown, game_id
