"""bench/interop_gc.py times the garbage collector's share of each interface's step (the figures
are printed, never asserted)."""

from __future__ import annotations

import gc

import pytest

from bench_util import load_bench

pytest.importorskip("numpy")


def test_collections_are_counted_and_the_hook_removed() -> None:
    bench = load_bench("interop_gc")
    hooks = list(gc.callbacks)
    played, wall, found = bench.measure(bench.loops("poker_bull", 3)["pettingzoo"](), 200)
    assert played >= 200 and wall > 0
    assert all(count > 0 and took >= 0 for count, took in found.values())
    assert set(found) <= {0, 1, 2}
    assert gc.callbacks == hooks
    assert set(bench.loops("sneak", 1)) == {
        "engine",
        "pettingzoo",
        "gymnasium",
        "openspiel",
        "openspiel_observer",
    }
