"""Golden playthroughs: one stored transcript per preset (see golden_play.py)."""

from __future__ import annotations

import json

import pytest
from cheat_util import PRESET_IDS
from golden_play import path_for, transcript


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_golden_playthrough(game_id: str) -> None:
    """The engine plays the stored game exactly as recorded (run golden_play.py --update only
    after a deliberate change of behaviour)."""
    stored = json.loads(path_for(game_id).read_text())
    now = json.loads(json.dumps(transcript(game_id), sort_keys=True))
    assert now["start"] == stored["start"], "the deal changed"
    for i, (a, b) in enumerate(zip(now["steps"], stored["steps"], strict=False)):
        assert a == b, f"step {i} differs"
    assert now == stored
