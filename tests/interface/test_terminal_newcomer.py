"""The terminal game as a newcomer meets it, in a pseudo-terminal: the ace of spades can be
typed, the call window says what is judged and is a real window (bots do not answer before the
person), help and rules belong to the game being played, nothing typed ends the game, Ctrl-D
never overwrites an earlier save, and hot-seat clears the scrollback between players."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect
import pytest

import bluffhouse as bh

PROMPT = r"\[([a-z/]+)\] > "
CLEAR = "\x1b[H\x1b[2J\x1b[3J"


def spawn(*args: str, cwd: Path | None = None) -> pexpect.spawn:
    env = dict(os.environ, COLUMNS="200", TERM="dumb", NO_COLOR="1")
    return pexpect.spawn(
        sys.executable,
        ["-m", "bluffhouse", *args],
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 200),
        env=env,
        cwd=cwd,
    )


def saved_table(tmp_path: Path) -> Path:
    """A Bullsh*t table where seat 0 leads and must claim aces, holding the ace of spades
    (and no other ace); seat 1 holds every two."""
    pack = [r + s for r in "A23456789TJQK" for s in "SHDC"]
    twos = ["2S", "2H", "2D", "2C"]
    rest = [c for c in pack if c not in ("AS", "AH", "AD", "AC", *twos)]
    deal = [
        ["AS", *rest[:12]],
        [*twos, "AH", *rest[12:20]],
        ["AD", *rest[20:32]],
        ["AC", *rest[32:]],
    ]
    state = bh.new_game("bullshit", players=4, seed=2, deal=deal)
    path = tmp_path / "table.json"
    path.write_text(state.to_json())
    return path


def test_the_ace_of_spades_windows_help_rules_and_a_huge_number(tmp_path: Path) -> None:
    child = spawn("play", "--resume", str(saved_table(tmp_path)), "--delay", "0")
    child.expect(r"your play: claim A")
    child.expect(PROMPT)
    child.sendline("as")  # the ace of spades, not the claim keyword
    child.expect(r"you play 1 × A \(A♠\)")
    # The next window: what is judged, and 'play' refused where no play is legal.
    child.expect(r"seat 1 \(counter\) claims \d × 2: call or pass\?")
    child.expect(PROMPT)
    child.sendline("play 5s")
    child.expect("you cannot play cards now; you may: call, pass")
    child.expect(PROMPT)
    child.sendline("9" * 5000)  # today's int() limit is 4,300 digits
    child.expect(r"there is no action '9999999999999999\.\.\.'")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect(r"Bullsh\*t commands:")
    child.expect(r"AS, as +the ace of spades")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("How to play")
    child.expect("'7h 7d as Q' claims two queens")
    child.expect(r"Options \(change with --option KEY=VALUE\)")
    child.expect(PROMPT)
    child.sendline("pass")
    child.expect(r"seat 2 \(counter\) claims")
    child.terminate(force=True)


def test_poker_bull_and_sneak_have_their_own_help_and_how_to() -> None:
    child = spawn("play", "poker_bull", "--seed", "3", "--delay", "0")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Poker Bull commands:")
    child.expect("bid pair 7")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("How to play")
    child.expect("bid two_pair K 9")
    child.expect("bid full_house 3 2")
    child.expect("Options")
    child.terminate(force=True)
    child = spawn("play", "sneak", "--seed", "4", "--delay", "0")
    child.expect(PROMPT)
    child.sendline("help")
    child.expect("Sneak commands:")
    child.expect("sneak 7h 7d")
    child.expect(PROMPT)
    child.sendline("rules")
    child.expect("How to play")
    child.expect(r"match +same rank")
    child.expect(r"straight flush +in sequence and one suit")
    child.expect("Options")
    child.terminate(force=True)


def test_a_person_answers_call_windows_before_bots_that_sit_before_them() -> None:
    """Bots that call everything sit at seats 1-3. The person is asked in every window; their
    answer counts where they are first from the claimant's left (after seat 3's play), and
    comes after the bot's where a bot is first (after seats 1 and 2)."""
    child = spawn("play", "bullshit", "--bots", "always_call", "--seed", "4", "--delay", "0")
    seen: set[int] = set()
    for _ in range(80):
        i = child.expect([r"seat (\d) \(always_call\) claims [^\r\n]*: call or pass\?", PROMPT])
        if i == 0:
            claimant = int(child.match.group(1))
            child.expect(PROMPT)
            child.sendline("call")
            if claimant == 3:
                child.expect(r"you call “Bullsh\*t!” on always_call 3")
            else:
                child.expect(r"always_call \d answered first, from the player's left")
            seen.add(claimant)
            if 3 in seen and seen - {3}:
                break
        else:
            kinds = child.match.group(1).split("/")
            child.sendline("2" if "play" in kinds and "pass" in kinds else "1")
    else:
        raise AssertionError(f"windows seen from {seen}")
    child.terminate(force=True)


def test_ctrl_d_never_overwrites_an_earlier_save(tmp_path: Path) -> None:
    earlier = tmp_path / "bluffhouse-save.json"
    earlier.write_text("an earlier save")
    child = spawn("play", "bullshit", "--seed", "8", "--delay", "0", cwd=tmp_path)
    child.expect(PROMPT)
    child.sendeof()
    child.expect(r"Save the game before leaving\? \[Y/n\]")
    child.sendeof()  # the input is gone: save, to a new name
    child.expect("saved to bluffhouse-save-2.json")
    child.expect(pexpect.EOF)
    assert earlier.read_text() == "an earlier save"
    data = json.loads((tmp_path / "bluffhouse-save-2.json").read_text())
    assert data["state"]["game"] == "bullshit"


def test_hot_seat_clears_the_scrollback_and_waits_for_the_next_player() -> None:
    child = spawn("play", "bullshit", "--seed", "6", "--delay", "0", "--humans", "2")
    child.expect_exact(CLEAR)
    child.expect(r"Pass the keyboard to player 0 \(seat 0\), then press Enter")
    child.sendline("")
    child.expect_exact(CLEAR)
    child.expect(r"your hand: ([^\r\n]+)")
    first_hand = child.match.group(1)
    child.expect(PROMPT)
    child.sendline("2")
    child.expect_exact(CLEAR)  # screen and scrollback, before the next player comes
    child.expect(r"Pass the keyboard to player 1 \(seat 1\), then press Enter")
    assert first_hand not in child.before
    child.sendline("")
    child.expect_exact(CLEAR)
    child.expect(PROMPT)
    assert first_hand not in child.before
    assert "player 1" in child.before
    child.terminate(force=True)


def test_events_about_the_player_read_in_the_second_person() -> None:
    from bluffhouse.narration import describe

    def name(seat: int) -> str:
        return "you" if seat == 0 else f"counter {seat}"

    play = {"type": "play", "seat": 0, "rank": "Q", "count": 2, "cards": ["QS", "QH"]}
    assert describe(play, name, 0) == "you play 2 × Q (Q♠ Q♥)"
    assert (
        describe({"type": "pass", "seat": 0, "pickup": True}, name, 0)
        == "you pass and pick up the pile"
    )
    assert (
        describe({"type": "out", "seat": 0, "place": 1}, name, 0)
        == "you are out of cards (place 1)"
    )
    showdown = {
        "type": "call",
        "hand": 1,
        "caller": 1,
        "bidder": 0,
        "bid": "pair 7",
        "hands": [["7S"], ["7H"]],
        "exists": True,
        "higher_exists": False,
        "best": "pair 7",
        "loser": 1,
    }
    assert describe(showdown, name, 0, "poker_bull").startswith(
        "counter 1 calls your pair 7: it is there"
    )
    assert (
        describe({"type": "pass", "seat": 2, "pickup": True}, name, 0)
        == "counter 2 passes and picks up the pile"
    )


FUZZ_GAMES = [
    "bullshit",
    "check",
    "jump_in",
    "british_cheat",
    "spanish_bluff",
    "specificity",
    "chinese_bluff",
    "poker_bull",
    "sneak",
]


@pytest.mark.parametrize("humans", [1, 2])
@pytest.mark.parametrize("game_id", FUZZ_GAMES)
def test_random_typing_never_breaks_the_game(
    game_id: str, humans: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever is typed (numbers, commands, junk, the ace of spades, huge numbers), every
    game and window kind goes on or ends cleanly, and a closed input saves the game."""
    import builtins
    import io
    import random
    import re

    from rich.console import Console

    from bluffhouse.terminal import TerminalGame

    monkeypatch.chdir(tmp_path)
    rng = random.Random(f"{game_id}{humans}")
    state = bh.new_game(game_id, seed=humans)
    bots = ["human"] * humans + ["random"] * (state.players - humans)
    game = TerminalGame(
        state,
        humans=list(range(humans)),
        bots=bots,
        delay=0,
        seed=1,
        console=Console(file=io.StringIO(), width=100),
    )
    typed = [0]

    def fake_input(prompt: str = "") -> str:
        typed[0] += 1
        if typed[0] > 150:
            raise EOFError  # the input closes: the game must be saved, not lost
        if "claim which rank" in prompt:
            return str(rng.choice(re.findall(r"\((.*)\)", prompt)[0].split() or ["A"]))
        if "claim which suit" in prompt:
            return rng.choice("SHDCX")
        if rng.random() < 0.15:
            return rng.choice(
                [
                    "help",
                    "list",
                    "hand",
                    "rules",
                    "AS",
                    "as as Q",
                    "play 5s",
                    "9" * 5000,
                    "",
                    "call",
                    "zz",
                    "pass",
                    "bid 2",
                    "accuse 1",
                ]
            )
        return str(rng.randint(1, 12))

    monkeypatch.setattr(builtins, "input", fake_input)
    assert game.run() == 0
    assert state.over or (tmp_path / "bluffhouse-save.json").exists()
    # The record holds exactly what was applied, in order: it replays to the same state.
    again = bh.load(game.history.start)
    for seat, action in game.history.actions:
        again.apply(seat, action)
    assert again.to_json() == state.to_json()
