"""One golden playthrough per preset: a fixed seed and a fixed action sequence, replayed and
compared with the stored transcript (every public event) and result.

Regenerate after an intended rules change with::

    .venv/bin/python tests/pokerbull/test_golden.py --regen
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import bluffhouse as bh

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES: list[tuple[str, int, int]] = [
    ("poker_bull", 3, 2024),
    ("poker_bull_no_jokers", 3, 7),
    ("poker_bull_rising", 3, 99),
]


def _transcript(g: bh.Game) -> list[str]:
    return [json.dumps(e, sort_keys=True) for e in g.view(None)["events"]]


def _generate(game_id: str, players: int, seed: int) -> dict[str, Any]:
    """The policy that chose the stored actions: call a third of the time, else one of the
    twenty lowest legal bids."""
    g = bh.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    actions: list[list[Any]] = []
    while not g.over:
        seat = g.to_act[0]
        acts = g.legal_actions(seat)
        if acts[-1]["type"] == "call" and rng.random() < 0.34:
            action = acts[-1]
        else:
            bids = [a for a in acts if a["type"] == "bid"] or acts
            action = bids[rng.randrange(min(20, len(bids)))]
        g.apply(seat, action)
        actions.append([seat, action])
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "actions": actions,
        "transcript": _transcript(g),
        "result": g.result,
    }


@pytest.mark.parametrize(("game_id", "players", "seed"), CASES)
def test_golden_playthrough(game_id: str, players: int, seed: int) -> None:
    stored = json.loads((GOLDEN / f"{game_id}.json").read_text())
    g = bh.new_game(stored["game"], players=stored["players"], seed=stored["seed"])
    for seat, action in stored["actions"]:
        assert g.to_act == [seat]
        g.apply(seat, action)
    assert g.over
    assert g.result == stored["result"]
    assert _transcript(g) == stored["transcript"]


if __name__ == "__main__" and "--regen" in sys.argv:
    GOLDEN.mkdir(exist_ok=True)
    for case in CASES:
        data = _generate(*case)
        lines = ["{"]
        for i, (name, value) in enumerate(data.items()):
            comma = "," if i < len(data) - 1 else ""
            if isinstance(value, list):
                items = ",\n  ".join(json.dumps(v) for v in value)
                lines.append(f' "{name}": [\n  {items}\n ]{comma}')
            else:
                lines.append(f' "{name}": {json.dumps(value)}{comma}')
        lines.append("}")
        (GOLDEN / f"{case[0]}.json").write_text("\n".join(lines) + "\n")
        print(case[0], len(data["actions"]), "actions", data["result"])
