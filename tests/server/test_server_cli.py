"""`bluffhouse serve`: settings from options and the environment, the data folder, and a clear
word when the server extra is missing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from bluffhouse.cli import build_parser, main
from bluffhouse.server.cli import settings_from
from bluffhouse.server.config import Settings, data_dir, default_db_url


def test_options_then_environment_then_defaults(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("BLUFFHOUSE_HOST", "BLUFFHOUSE_PORT", "BLUFFHOUSE_DB"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", "/data/here")
    plain = settings_from(build_parser().parse_args(["serve"]))
    assert (plain.host, plain.port) == ("127.0.0.1", 8000)
    assert plain.db == default_db_url() == "sqlite:////data/here/bluffhouse/server.sqlite3"
    assert data_dir() == Path("/data/here/bluffhouse")
    monkeypatch.setenv("BLUFFHOUSE_HOST", "0.0.0.0")
    monkeypatch.setenv("BLUFFHOUSE_PORT", "9001")
    monkeypatch.setenv("BLUFFHOUSE_DB", "postgresql+psycopg://u@h/db")
    env = settings_from(build_parser().parse_args(["serve"]))
    assert (env.host, env.port, env.db) == ("0.0.0.0", 9001, "postgresql+psycopg://u@h/db")
    given = settings_from(
        build_parser().parse_args(
            ["serve", "--host", "::1", "--port", "7", "--db", "sqlite:///x.db"]
        )
    )
    assert (given.host, given.port, given.db) == ("::1", 7, "sqlite:///x.db")
    monkeypatch.setenv("BLUFFHOUSE_PORT", "eighty")
    with pytest.raises(ValueError, match="BLUFFHOUSE_PORT"):
        Settings.from_env()


def test_serve_without_the_server_extra_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'bluffhouse[server]'" in err and "uvicorn" in err


def test_the_command_line_does_not_load_the_server_until_serve_runs() -> None:
    code = (
        "import sys, bluffhouse.cli; bluffhouse.cli.build_parser(); "
        "print(sorted(m for m in ('starlette', 'uvicorn', 'sqlalchemy') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stderr
