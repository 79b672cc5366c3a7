"""Generated documentation: the options table of each family and what each preset changes.

``python -m bluffhouse.docs`` rewrites ``docs/rules/<family>-options.md``; a test checks the
files match the code, so the docs cannot drift from the rules data.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .registry import presets


def family_markdown(family: str) -> str:
    chosen = [p for p in presets() if family == p.family.FAMILY]
    if not chosen:
        raise ValueError(f"no game family {family!r}")
    rules_cls = chosen[0].family.RULES
    lines = [
        f"# {family}: options and presets",
        "",
        "Generated from the code by `python -m bluffhouse.docs`; do not edit by hand.",
        "`bluffhouse rules GAME` prints the same for one game id.",
        "",
        "## Options",
        "",
        "| option | type | default | values | meaning |",
        "|---|---|---|---|---|",
    ]
    for info in rules_cls.options():
        lines.append(
            f"| `{info.name}` | {info.type_name} | `{info.default!r}` | "
            f"{info.describe_values().replace(' | ', ', ')} | {info.doc} |"
        )
    lines += [
        "",
        "## Presets",
        "",
        "| id | aliases | players | source | options changed |",
        "|---|---|---|---|---|",
    ]
    for p in chosen:
        changed = p.family.RULES.build(p.options).changed()
        opts = ", ".join(f"`{k}={v!r}`" for k, v in changed.items()) or "(defaults)"
        low = p.min_players or p.family.MIN_PLAYERS
        high = p.max_players or p.family.MAX_PLAYERS
        lines.append(
            f"| `{p.id}` | {', '.join(p.aliases)} | {low}-{high} ({p.players}) | "
            f"{p.source} | {opts} |"
        )
    return "\n".join(lines) + "\n"


def families() -> list[str]:
    out: list[str] = []
    for p in presets():
        if p.family.FAMILY not in out:
            out.append(p.family.FAMILY)
    return out


def main(root: str = ".") -> int:
    for family in families():
        path = Path(root) / "docs" / "rules" / f"{family}-options.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(family_markdown(family), encoding="utf-8")
        print(f"wrote {path}")
    return 0


def cli(argv: list[str] | None = None) -> int:
    """The command line: ``--help`` explains, an unknown flag is refused, a folder is checked."""
    ap = argparse.ArgumentParser(
        prog="python -m bluffhouse.docs",
        description="Rewrite docs/rules/<family>-options.md from the rules data.",
    )
    ap.add_argument(
        "root",
        nargs="?",
        default=".",
        help="the repository folder holding docs/ (default: the current folder)",
    )
    args = ap.parse_args(argv)
    if not Path(args.root).is_dir():
        ap.error(f"no such folder: {args.root}")
    return main(args.root)


if __name__ == "__main__":
    sys.exit(cli())
