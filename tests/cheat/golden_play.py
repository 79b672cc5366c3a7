"""Golden playthroughs of every Cheat-family preset: a fixed seed and a seeded, deterministic
choice of action, recorded step by step as the spectator and the acting seat see it.

Regenerate the stored transcripts (only after a deliberate change of behaviour) with:

    .venv/bin/python tests/cheat/golden_play.py --update
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "golden"
MAX_STEPS = 70

for _path in (HERE, HERE.parent):  # its helpers, and the tests' shared ones (run as a script)
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from cheat_util import PRESET_IDS  # noqa: E402

import bluffhouse as bh  # noqa: E402


def _play_key(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def pick(rng: random.Random, state: Any) -> tuple[int, dict[str, Any]]:
    """The seat is to_act[0]; its action is chosen by type, then by a canonical order, so the
    choice does not depend on the order legal_actions lists things in.  A play's cards are then
    made concrete as the lowest cards of the chosen ranks in the hand (suits are irrelevant
    there unless the game claims suits), so which equal card the list names does not matter."""
    seat = state.to_act[0]
    actions = state.legal_actions(seat)
    kinds = sorted({a["type"] for a in actions})
    kind = rng.choice(kinds)
    if kind != "play":
        return seat, rng.choice(sorted((a for a in actions if a["type"] == kind), key=_play_key))
    suits = state.rules.claim_suit
    plays = {}
    for a in actions:
        if a["type"] != "play":
            continue
        cards = sorted(a["cards"]) if suits else sorted(c[0] for c in a["cards"])
        plays[json.dumps([len(cards), cards, a["claim"]], sort_keys=True)] = a
    keys = sorted(plays)
    # Prefer small plays a little, so games move on rather than dump whole hands.
    key = keys[min(int(rng.random() ** 2 * len(keys)), len(keys) - 1)]
    action = json.loads(json.dumps(plays[key]))
    if not suits:
        hand = list(state.view(seat)["hand"])
        concrete = []
        for card in action["cards"]:
            same = [c for c in hand if c[0] == card[0] and (c == "JK") == (card == "JK")]
            concrete.append(same[0])
            hand.remove(same[0])
        action["cards"] = concrete
    return seat, action


def transcript(game_id: str) -> dict[str, Any]:
    seed = sum(map(ord, game_id))
    rng = random.Random(seed)
    state = bh.new_game(game_id, seed=seed)
    steps: list[dict[str, Any]] = []
    seen = 0
    while not state.over and len(steps) < MAX_STEPS:
        seat, action = pick(rng, state)
        state.apply(seat, action)
        public = state.view(None)["events"]
        own = state.view(seat)["events"]
        steps.append(
            {
                "seat": seat,
                "action": action,
                "public": public[seen:],
                "own": [e for e, p in zip(own[seen:], public[seen:], strict=True) if e != p],
            }
        )
        seen = len(public)
    return {
        "game": game_id,
        "seed": seed,
        "players": state.players,
        "start": {
            str(s): bh.new_game(game_id, seed=seed).view(s)["hand"] for s in range(state.players)
        },
        "steps": steps,
        "over": state.over,
        "result": state.result,
        "hands": [state.view(s)["hand"] for s in range(state.players)],
        "final_view": {k: v for k, v in state.view(None).items() if k != "events"},
    }


def path_for(game_id: str) -> Path:
    return GOLDEN / f"{game_id}.json"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--update", action="store_true", help="rewrite the stored transcripts")
    args = ap.parse_args()
    changed = 0
    for game_id in PRESET_IDS:
        data = transcript(game_id)
        path = path_for(game_id)
        text = json.dumps(data, indent=1, sort_keys=True) + "\n"
        old = path.read_text() if path.exists() else None
        if old != text:
            changed += 1
            print(f"{game_id}: {'differs' if old else 'missing'}")
            if args.update:
                GOLDEN.mkdir(exist_ok=True)
                path.write_text(text)
    print(f"{changed} of {len(PRESET_IDS)} transcripts {'rewritten' if args.update else 'differ'}")
    return 1 if changed and not args.update else 0


if __name__ == "__main__":
    sys.exit(main())
