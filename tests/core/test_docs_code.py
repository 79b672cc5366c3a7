"""The code the docs show runs: every ``python`` block of the README and of the docs site
(each in a fresh namespace), and every doctest in the package's modules."""

from __future__ import annotations

import doctest
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCKS = [
    (page, i, m.group(1))
    for page in PAGES
    for i, m in enumerate(
        re.finditer(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
    )
]
SOURCES = sorted((ROOT / "src" / "bluffhouse").rglob("*.py"))
WITH_DOCTESTS = [p for p in SOURCES if ">>> " in p.read_text(encoding="utf-8")]


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT / "src").with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@pytest.mark.parametrize(
    ("page", "index", "code"), BLOCKS, ids=[f"{p.name}-{i}" for p, i, _ in BLOCKS]
)
def test_the_docs_python_blocks_run(page: Path, index: int, code: str) -> None:
    """Each block in a process of its own, as a reader would paste it (a block may register
    a bot, which must not leak into the other tests)."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=300
    )
    assert out.returncode == 0, f"{page.name} block {index}:\n{out.stderr[-3000:]}"


def test_there_are_blocks_and_doctests_to_run() -> None:
    assert any(p.name == "README.md" for p, _, _ in BLOCKS)
    assert len(WITH_DOCTESTS) >= 5


@pytest.mark.parametrize("path", WITH_DOCTESTS, ids=[_module(p) for p in WITH_DOCTESTS])
def test_the_modules_doctests_pass(path: Path) -> None:
    module = importlib.import_module(_module(path))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0
    assert result.failed == 0
