"""bench/sneak_step_parts.py times every part of a PettingZoo step and of the engine's step
(the figures are printed, never asserted)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("numpy")

BENCH = Path(__file__).resolve().parents[2] / "bench" / "sneak_step_parts.py"


def test_every_part_is_timed() -> None:
    spec = importlib.util.spec_from_file_location("sneak_step_parts", BENCH)
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    parts: dict[str, int] = {}
    steps = bench.table_parts(1, 3, parts)
    assert steps > 0
    assert set(parts) == {"seat asked", "view", "observation: catch-up",
                          "observation: the rest", "legal ids", "mask", "agent's choice", "act"}
    engine: dict[str, int] = {}
    assert bench.engine_parts(1, 3, engine) > 0
    assert set(engine) == {"view", "legal_actions", "apply"}
