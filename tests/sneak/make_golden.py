"""Rewrites golden_sneak.json from the current engine: run it only after a deliberate change
of the rules or of the order of legal_actions, and review the difference it makes."""

import json
from pathlib import Path

from sneak_helpers import play_golden

if __name__ == "__main__":
    path = Path(__file__).with_name("golden_sneak.json")
    path.write_text(json.dumps(play_golden(), indent=1) + "\n")
    print(f"wrote {path}")
