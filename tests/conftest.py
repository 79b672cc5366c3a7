"""Lets every test import the shared helpers at the top of ``tests/`` (``bot_games``) under any
import mode."""

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def pytest_configure(config: pytest.Config) -> None:
    """Registers the ``slow`` marker (tests over a few seconds; plain runs may skip them with
    ``-m "not slow"``, CI runs them)."""
    config.addinivalue_line("markers", "slow: a test that takes more than a few seconds")
