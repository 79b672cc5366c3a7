"""Server settings: command line first, then the environment (BLUFFHOUSE_HOST, BLUFFHOUSE_PORT,
BLUFFHOUSE_DB), then defaults; and the limits that keep one client from hurting the others."""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def data_dir() -> Path:
    """The user's data folder for bluffhouse (XDG on Linux, the usual places elsewhere)."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        return Path(base) / "bluffhouse"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "bluffhouse"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bluffhouse"


def default_db_url() -> str:
    return f"sqlite:///{data_dir() / 'server.sqlite3'}"


def sqlite_path(url: str) -> str | None:
    """The file behind a ``sqlite:///`` URL (None for other databases or in-memory ones)."""
    if not url.startswith("sqlite:///"):
        return None
    path = url[len("sqlite:///"):]
    return path or None


@dataclass(frozen=True)
class Limits:
    """Sizes and rates a client may not exceed; each has a clear refusal."""

    name_chars: int = 24
    chat_chars: int = 280
    chat_history: int = 50
    #: A text frame above this is refused with an error (the connection stays open).
    frame_bytes: int = 16_384
    #: A frame above this closes the connection (1009) before it is even read whole.
    hard_frame_bytes: int = 1_048_576
    http_body_bytes: int = 16_384
    #: Messages per second a connection may send on average, and the burst above it.
    rate_per_second: float = 20.0
    rate_burst: float = 60.0
    #: Refused messages in a row before the connection is cut.
    errors_in_a_row: int = 50
    #: Messages waiting to go out to one connection before it is cut as too slow.
    send_queue: int = 1024
    connections_per_room: int = 64
    connections_per_seat: int = 4
    rooms_in_memory: int = 5000
    #: Rooms one address may create per minute.
    creates_per_minute: int = 30
    #: Seconds a client has to say hello after connecting.
    hello_seconds: float = 10.0
    #: Actions between two snapshots of a game (recovery replays at most this many).
    snapshot_every: int = 100
    #: Seconds between two saves of the running clocks (a crash loses at most this much of
    #: their progress; a clean stop saves them as they are).
    clock_save_seconds: float = 2.0
    #: Seconds an idle finished or unstarted room stays in memory (it stays in the database).
    idle_unload_seconds: float = 6 * 3600
    #: The most seconds a timer may be set to.
    max_timer_seconds: float = 3600.0


@dataclass(frozen=True)
class Settings:
    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    db: str = field(default_factory=default_db_url)
    #: Processes that run bot decisions (0: threads in the server process, where CPU-bound
    #: bots hold the interpreter lock and every I/O wait of the server pays for it).
    bot_workers: int = 1
    limits: Limits = field(default_factory=Limits)
    #: Think time of server-side bots, seconds (the terminal game's default).
    bot_delay: float = 0.6
    log_level: str = "info"

    @classmethod
    def from_env(cls, host: str | None = None, port: int | None = None,
                 db: str | None = None, **extra: object) -> Settings:
        """Explicit values win; then BLUFFHOUSE_HOST/PORT/DB; then the defaults."""
        env_port = os.environ.get("BLUFFHOUSE_PORT")
        if port is None and env_port:
            try:
                port = int(env_port)
            except ValueError:
                raise ValueError(f"BLUFFHOUSE_PORT must be a port number, not {env_port!r}")\
                    from None
        return cls(
            host=host or os.environ.get("BLUFFHOUSE_HOST") or DEFAULT_HOST,
            port=DEFAULT_PORT if port is None else port,
            db=db or os.environ.get("BLUFFHOUSE_DB") or default_db_url(),
            **extra,  # type: ignore[arg-type]
        )
