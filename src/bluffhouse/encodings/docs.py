"""The table of action-space sizes and observation lengths in docs/research.md."""

from __future__ import annotations

from .base import (
    configure,
)
from .families import action_codec, observation_encoder


# ====================================================================== the docs' table
def size_table() -> str:
    """The Markdown table of every preset's action space and observation length (at its usual
    number of players), block by block: the table of docs/research.md."""
    from ..registry import presets

    lines = ["| game | players | action ids | of which | observation |", "|---|---|---|---|---|"]
    for preset in presets():
        config = configure(preset.id)
        codec = action_codec(config)
        enc = observation_encoder(config)
        parts = ", ".join(f"{kind} {size:,}" for kind, size, _ in codec.table() if size > 1)
        singles = [kind for kind, size, _ in codec.table() if size == 1]
        if singles:
            each = "1 each" if len(singles) > 1 else "1"
            parts = f"{', '.join(singles)}: {each}; {parts}"
        lines.append(
            f"| `{preset.id}` | {config.players} | {codec.size:,} | {parts} | {enc.size:,} |"
        )
    for game_id in ("bullshit", "poker_bull", "sneak"):
        config = configure(game_id)
        enc = observation_encoder(config)
        lines += [
            "",
            f"Observation blocks of `{game_id}` ({config.players} players, {enc.size:,} values):",
            "",
            "| block | values | meaning |",
            "|---|---|---|",
        ]
        lines += [f"| `{name}` | {size:,} | {meaning} |" for name, size, meaning in enc.blocks()]
    return "\n".join(lines) + "\n"


def write_docs(root: str = ".") -> int:
    """Rewrites the sizes block of ``docs/research.md`` (between ``<!-- sizes -->`` marks)."""
    import re
    from pathlib import Path

    path = Path(root) / "docs" / "research.md"
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(
        r"<!-- sizes -->\n.*?<!-- /sizes -->",
        lambda _: f"<!-- sizes -->\n{size_table()}<!-- /sizes -->",
        text,
        flags=re.S,
    )
    if not count:
        raise SystemExit(f"{path} has no <!-- sizes --> block")
    path.write_text(new, encoding="utf-8")
    print(f"wrote {path}")
    return 0
