"""A script of ``bench/`` loaded as a module, for the tests that run a benchmark briefly (its
figures are printed, never asserted)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load_bench(name: str) -> ModuleType:
    """``bench/<name>.py`` as a module, registered under ``name`` (a script's dataclasses look
    their module up), with ``bench/`` on the import path as when the script runs (scripts
    import their siblings: ``suite_games``, ``interop_speed``)."""
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
