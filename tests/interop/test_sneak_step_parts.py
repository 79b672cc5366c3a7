"""bench/sneak_step_parts.py times every part of a PettingZoo step and of the engine's step
(the figures are printed, never asserted)."""

from __future__ import annotations

import pytest

from bench_util import load_bench

pytest.importorskip("numpy")


def test_every_part_is_timed() -> None:
    bench = load_bench("sneak_step_parts")
    parts: dict[str, int] = {}
    steps = bench.table_parts(1, 3, parts)
    assert steps > 0
    assert set(parts) == {
        "seat asked",
        "view",
        "observation: catch-up",
        "observation: the rest",
        "legal ids",
        "mask",
        "agent's choice",
        "act",
    }
    engine: dict[str, int] = {}
    assert bench.engine_parts(1, 3, engine) > 0
    assert set(engine) == {"view", "legal_actions", "apply"}
