"""The golden playthrough: a fixed seed and fixed driver give exactly the stored game."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sneak_helpers import play_golden

import bluffhouse as bh

GOLDEN = Path(__file__).with_name("golden_sneak.json")


def stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(GOLDEN.read_text())
    return data


def test_the_driver_reproduces_the_stored_game() -> None:
    expected = stored()
    got = json.loads(json.dumps(play_golden()))
    assert got["actions"] == expected["actions"]
    assert got["events"] == expected["events"]
    assert got["result"] == expected["result"]


def test_replaying_the_stored_actions_gives_the_stored_transcript() -> None:
    expected = stored()
    setup = expected["setup"]
    g = bh.new_game("sneak", players=setup["players"], seed=setup["seed"], **setup["options"])
    for seat, action in expected["actions"]:
        assert g.is_legal(seat, action)
        g.apply(seat, action)
    assert g.over and g.result == expected["result"]
    assert g.view(None)["events"] == expected["events"]
    kinds = {e["type"] for e in expected["events"]}
    assert {
        "draw",
        "sneak",
        "flaunt",
        "challenge",
        "pass",
        "reveal",
        "won",
        "deal_end",
        "game_over",
    } <= kinds
