"""Fixtures for the browser tests: a real ``bluffhouse serve`` on a free loopback port and
Debian's Chromium driven by Playwright (../shared/STACK.md: never ``playwright install``).

Without Playwright or a Chromium the tests skip on a developer's machine; under CI they fail,
so CI never passes without having played the games in a browser. The Chromium is
``$BLUFFHOUSE_CHROMIUM`` if set, else the first of ``chromium``, ``chromium-browser``,
``google-chrome`` on the PATH (Debian's ``/usr/bin/chromium`` wrapper is swapped for the real
binary beside it, which starts without a shell warning).
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))  # serverkit: the real server in a subprocess


def in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


if not in_ci():
    pytest.importorskip("playwright", reason="the browser extra is not installed")
    pytest.importorskip("starlette", reason="the server extra is not installed")


def chromium_path() -> str | None:
    wanted = os.environ.get("BLUFFHOUSE_CHROMIUM")
    if wanted:
        return wanted
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            real = Path("/usr/lib/chromium/chromium")
            if name == "chromium" and real.exists():
                return str(real)
            return found
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: a test that drives a real Chromium")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Headless Chromium for one test module. Playwright runs its own event loop while it is
    started, so it is stopped after each module: a session-wide one (pytest-playwright's)
    would make every later ``asyncio.run`` in the session fail."""
    path = chromium_path()
    if path is None:
        message = (
            "no Chromium found: install Debian's `chromium` (.ci/run does) or set "
            "BLUFFHOUSE_CHROMIUM to a Chromium binary"
        )
        if in_ci():
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=path,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-dev-shm-usage",
            ],
        )
        yield launched
        launched.close()


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Any]:
    """Start servers (SQLite in the test's folder); stop them at the end and check that none
    logged a traceback."""
    from serverkit import started_servers

    with started_servers(tmp_path) as make:
        yield make


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One server for the tests of a module that do not restart it."""
    from serverkit import one_server

    with one_server(tmp_path_factory.mktemp("browser-shared")) as server:
        yield server


@pytest.fixture(scope="session")
def shots_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where screenshots go: ``$BLUFFHOUSE_SCREENSHOTS`` (e.g. docs/screenshots, to refresh the
    README's pictures), else a temporary folder."""
    wanted = os.environ.get("BLUFFHOUSE_SCREENSHOTS")
    folder = Path(wanted) if wanted else tmp_path_factory.mktemp("screenshots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder
