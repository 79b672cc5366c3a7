"""Lets every test import the shared helpers at the top of ``tests/`` (``bot_games``) under any
import mode."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)


def pytest_configure(config: pytest.Config) -> None:
    """Registers the ``slow`` marker (tests over a few seconds; plain runs may skip them with
    ``-m "not slow"``, CI runs them)."""
    config.addinivalue_line("markers", "slow: a test that takes more than a few seconds")
    _start_warming_kernels(config)


# ------------------------------------------------------------------ numba kernels under xdist
# Each xdist worker that runs a compiled-kernel test would compile the numba kernels itself
# (about 40 s of CPU for the Cheat kernel, 12 s for Poker Bull's). Instead the controller starts
# one process that compiles them into numba's disk cache while the workers run other tests; the
# tests that need them ask for the `compiled_kernels` fixture, which waits for that process (a
# shared lock on a file it holds exclusively) and then loads them from the cache.
def _start_warming_kernels(config: pytest.Config) -> None:
    if hasattr(config, "workerinput") or not getattr(config.option, "tx", None):
        return  # a worker, or not an xdist run
    try:
        import fcntl

        import numba  # noqa: F401
    except ImportError:
        return
    lock = Path(tempfile.mkdtemp(prefix="bluffhouse-warm-")) / "kernels.lock"
    fd = os.open(lock, os.O_CREAT | os.O_RDWR)
    fcntl.flock(fd, fcntl.LOCK_EX)  # held by the child's inherited copy until it exits
    try:
        proc = subprocess.Popen(
            [sys.executable, str(Path(__file__).with_name("warm_kernels.py"))],
            pass_fds=(fd,),
            stdout=subprocess.DEVNULL,
        )
    finally:
        os.close(fd)
    config.stash[_WARM] = (proc, str(lock))


_WARM = pytest.StashKey[tuple[subprocess.Popen[bytes], str]]()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """(xdist, controller) Gives each worker the warm-up's lock file."""
    warm = node.config.stash.get(_WARM, None)
    if warm is not None:
        node.workerinput["bluffhouse_warm_lock"] = warm[1]


def pytest_unconfigure(config: pytest.Config) -> None:
    """(controller) Stops a warm-up still running and removes its lock file's folder."""
    warm = config.stash.get(_WARM, None)
    if warm is not None:
        if warm[0].poll() is None:
            warm[0].kill()
            warm[0].wait()
        shutil.rmtree(Path(warm[1]).parent, ignore_errors=True)


@pytest.fixture(scope="session")
def compiled_kernels(request: pytest.FixtureRequest) -> None:
    """Waits until the controller's warm-up (if any) has compiled the numba kernels."""
    lock = getattr(request.config, "workerinput", {}).get("bluffhouse_warm_lock")
    if lock:
        import fcntl

        with open(lock) as f:
            fcntl.flock(f, fcntl.LOCK_SH)
