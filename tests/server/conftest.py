"""Fixtures for the server tests: servers on loopback, SQLite files, PostgreSQL databases.

PostgreSQL comes from BLUFFHOUSE_TEST_PG_URL (``.ci/run`` starts a throwaway cluster and sets
it). Without it the PostgreSQL tests skip on a developer's machine, but under CI they fail:
CI must never pass without having run them.
"""

from __future__ import annotations

import contextlib
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
            pytest.fail(
                f"CI must run the PostgreSQL tests: set {PG_ENV} "
                "(.ci/run starts a throwaway cluster)"
            )
        pytest.skip(f"PostgreSQL tests need {PG_ENV}")
    import sqlalchemy as sa

    name = f"bh_test_{secrets.token_hex(6)}"
    try:
        admin = sa.create_engine(
            base, isolation_level="AUTOCOMMIT", connect_args={"client_encoding": "utf8"}
        )
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


class PgCluster:
    """A PostgreSQL cluster of one test's own, which the test may stop and start (the shared
    one of ``BLUFFHOUSE_TEST_PG_URL`` serves the other tests meanwhile).  ``initdb`` refuses
    to run as root: as root it runs as the ``postgres`` user, as ``.ci/run`` does."""

    def __init__(self, folder: Path) -> None:
        import shutil

        bins = sorted(
            Path("/usr/lib/postgresql").glob("*/bin/initdb"),
            key=lambda p: int(p.parent.parent.name) if p.parent.parent.name.isdigit() else 0,
        )
        found = bins[-1].parent if bins else None
        if found is None and shutil.which("initdb"):
            found = Path(shutil.which("initdb") or "").parent
        if found is None:
            raise FileNotFoundError("no PostgreSQL server binaries (initdb, pg_ctl)")
        self.bin = found
        self.data = folder / "pgdata"
        self.data.mkdir()
        from serverkit import free_port

        self.port = free_port()
        self.as_postgres = os.geteuid() == 0
        if self.as_postgres:
            shutil.chown(folder, "postgres")
            shutil.chown(self.data, "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "--no-locale")
        self.start()
        self._run(
            "createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "bluffhouse"
        )

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/bluffhouse"

    def _run(self, tool: str, *args: str) -> None:
        import subprocess

        command = [str(self.bin / tool), *args]
        if self.as_postgres:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=60)

    def start(self) -> None:
        self._run(
            "pg_ctl",
            "-D",
            str(self.data),
            "-l",
            str(self.data / "log"),
            "-w",
            "-o",
            f"-p {self.port} -k /tmp -c listen_addresses=127.0.0.1",
            "start",
        )

    def stop(self) -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "stop")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")


@pytest.fixture
def own_pg() -> Iterator[PgCluster]:
    """A throwaway PostgreSQL cluster for one test (to stop and start under a server), in a
    folder of its own that the ``postgres`` user can reach (pytest's are private to root)."""
    import shutil
    import tempfile

    folder = Path(tempfile.mkdtemp(prefix="bh-pg-"))
    folder.chmod(0o755)
    try:
        cluster = PgCluster(folder)
    except (FileNotFoundError, OSError) as exc:
        if _in_ci():
            pytest.fail(f"CI must run the PostgreSQL outage tests: {exc}")
        pytest.skip(f"PostgreSQL outage tests need PostgreSQL's server binaries: {exc}")
    try:
        yield cluster
    finally:
        cluster.close()
        shutil.rmtree(folder, ignore_errors=True)
