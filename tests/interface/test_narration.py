"""The words for events exist once, as data (``bluffhouse.narration``): every event type a
family declares has a phrase, the browser is served the same data, and the cases the browser's
renderer is checked on (``node --test tests/js``) are the ones the code makes today."""

from __future__ import annotations

import json
import shutil
import subprocess
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin

import pytest

from bluffhouse import narration
from bluffhouse.cheat import shapes as cheat_shapes
from bluffhouse.pokerbull import shapes as pokerbull_shapes
from bluffhouse.sneak import shapes as sneak_shapes

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "js" / "narration_cases.json"
EVENTS = {
    "cheat": cheat_shapes.CheatEvent,
    "poker_bull": pokerbull_shapes.PokerBullEvent,
    "sneak": sneak_shapes.SneakEvent,
}


def _event_types(union: Any) -> set[str]:
    types: set[str] = set()
    for arm in get_args(union):
        hint = typing.get_type_hints(arm)["type"]
        assert get_origin(hint) is Literal
        types.update(get_args(hint))
    return types


@pytest.mark.parametrize("family", sorted(EVENTS))
def test_every_declared_event_type_has_a_phrase(family: str) -> None:
    phrases = narration.vocabulary()["families"][family]
    missing = _event_types(EVENTS[family]) - set(phrases)
    assert not missing


def test_the_checked_cases_are_current() -> None:
    """Regenerate with ``python -m bluffhouse.narration`` after changing a phrase or an
    event."""
    stored = json.loads(CASES.read_text(encoding="utf-8"))
    assert stored["vocabulary"] == json.loads(json.dumps(narration.vocabulary()))
    assert stored["cases"] == json.loads(json.dumps(narration.cases()))


def test_the_writer_takes_help_and_a_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m bluffhouse.narration --help`` prints its usage and writes nothing (it once
    wrote the cases to a file named ``--help``); a path writes the cases there."""
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exit_info:
        narration.main(["--help"])
    assert exit_info.value.code == 0 and "usage:" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []
    assert narration.main(["cases.json"]) == 0
    assert set(json.loads((tmp_path / "cases.json").read_text("utf-8"))) == {"vocabulary", "cases"}


def test_the_grammar_the_bid_builder_is_tested_on_is_current() -> None:
    """``tests/js/grammar_nine_up.json`` (``node --test`` builds bids over it) is the grammar
    of a Poker Bull pack from the nine up as the server sends it today."""
    from bluffhouse.pokerbull.grammar import bid_grammar
    from typed_games import pokerbull_game

    stored = json.loads((ROOT / "tests" / "js" / "grammar_nine_up.json").read_text("utf-8"))
    assert stored == json.loads(
        json.dumps(bid_grammar(pokerbull_game(seed=0, lowest_rank="9").rules))
    )


def test_every_variant_fills_in_without_a_stray_brace() -> None:
    for case in json.loads(CASES.read_text(encoding="utf-8"))["cases"]:
        line = case["line"]
        assert "{" not in line and "[?" not in line and "[!" not in line, line
        assert "None" not in line and "True" not in line, line


def test_a_spectator_and_a_player_read_the_same_event_in_their_own_person() -> None:
    def name(me: int | None) -> Any:
        return lambda seat: "you" if seat == me else f"Seat {seat + 1}"

    take = {"type": "take", "seat": 1, "count": 1, "cards": ["TS"]}
    assert narration.describe(take, name(1), 1) == "you take the pile (1 card): 10♠"
    assert (
        narration.describe({**take, "count": 3, "cards": []}, name(None), None)
        == "Seat 2 takes the pile (3 cards)"
    )
    sneak_pass = {"type": "pass", "seat": 0}
    assert narration.describe(sneak_pass, name(None), None, "sneak") == "Seat 1 lets it go"
    assert narration.describe(sneak_pass, name(None), None, "cheat") == "Seat 1 passes"


def test_an_unknown_event_is_still_said() -> None:
    line = narration.describe({"type": "brand_new", "seat": 0, "count": 2}, str, None)
    assert line == "0 brand new (count 2)"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_browser_renderer_says_every_case_as_python_does() -> None:
    """``node --test tests/js`` (CI runs it too); here so a plain pytest run catches a
    JavaScript renderer that drifted."""
    out = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]


@pytest.mark.parametrize("game_id", ["bullshit", "british_cheat", "poker_bull", "sneak"])
def test_how_to_play_in_the_browser_speaks_of_clicks_not_typing(game_id: str) -> None:
    """The lobby's "How to play" is the browser's: no typed syntax ('7h 7d', 'bid pair 7')."""
    import bluffhouse as bh
    from bluffhouse.howto import how_to_play

    text = how_to_play(bh.lookup(game_id), "browser")
    assert "'7h" not in text and "bid pair" not in text and "(s)" not in text
    assert "Type the cards" in how_to_play(bh.lookup("bullshit"))  # the terminal's keeps it
