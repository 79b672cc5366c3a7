"""Fixtures for the server tests: servers on loopback, SQLite files, PostgreSQL databases.

PostgreSQL comes from BLUFFHOUSE_TEST_PG_URL (``.ci/run`` starts a throwaway cluster and sets
it). Without it the PostgreSQL tests skip on a developer's machine, but under CI they fail:
CI must never pass without having run them.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

if os.environ.get("CI", "").lower() in ("", "0", "false", "no"):
    pytest.importorskip("starlette", reason="the server extra is not installed")
    pytest.importorskip("websockets", reason="the server extra is not installed")
# under CI a missing server extra is an import error: the server tests never skip there

sys.path.insert(0, str(Path(__file__).resolve().parent))

from serverkit import ServerProc, one_server, started_servers

PG_ENV = "BLUFFHOUSE_TEST_PG_URL"


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


@pytest.fixture
def pg_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database for one test, dropped afterwards."""
    base = os.environ.get(PG_ENV)
    if not base:
        if _in_ci():
            pytest.fail(f"CI must run the PostgreSQL tests: set {PG_ENV} "
                        "(.ci/run starts a throwaway cluster)")
        pytest.skip(f"PostgreSQL tests need {PG_ENV}")
    import sqlalchemy as sa

    name = f"bh_test_{secrets.token_hex(6)}"
    try:
        admin = sa.create_engine(base, isolation_level="AUTOCOMMIT",
                                 connect_args={"client_encoding": "utf8"})
        with admin.connect() as conn:
            conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    except Exception as exc:
        pytest.fail(f"PostgreSQL at {PG_ENV} is unreachable: {exc}")
    url = sa.make_url(base).set(database=name).render_as_string(hide_password=False)
    yield url
    with admin.connect() as conn:
        conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.sqlite3'}"


@pytest.fixture
def make_server(tmp_path: Path) -> Iterator[Callable[..., ServerProc]]:
    """Start servers; at the end stop them and check that none logged a traceback."""
    with started_servers(tmp_path) as make:
        yield make


@pytest.fixture
def server(make_server: Callable[..., ServerProc]) -> ServerProc:
    return make_server()


@pytest.fixture(scope="module")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProc]:
    """One server for a whole test module (each test makes its own rooms)."""
    with one_server(tmp_path_factory.mktemp("shared")) as server:
        yield server
