"""Server settings: command line first, then the environment (BLUFFHOUSE_HOST, BLUFFHOUSE_PORT,
BLUFFHOUSE_DB, BLUFFHOUSE_ADVERTISE), then defaults; and the limits that keep one client from
hurting the others."""

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
    path = url[len("sqlite:///") :]
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
    #: Spectators a room lets in; a seated player (a valid token) always gets in.
    spectators_per_room: int = 64
    connections_per_seat: int = 4
    #: Websockets open at once from one address, and in all (to this process).
    connections_per_address: int = 64
    connections_total: int = 20_000
    #: Seconds a connection may stay with nothing sent either way before it is closed.
    idle_seconds: float = 1800.0
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
    #: Seconds a database read or write may take before the request gets
    #: ``storage_unavailable`` (the room is left as it was).
    write_timeout: float = 5.0
    #: Several processes on PostgreSQL: seconds a room's lease lasts unrenewed, so how soon
    #: another process takes the rooms of one that died.
    lease_seconds: float = 5.0


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
    #: Where the other server processes of the same database reach this one (the address a
    #: process forwards clients of a room it does not own to). Default: http://HOST:PORT.
    advertise: str | None = None

    @property
    def own_url(self) -> str:
        if self.advertise:
            return self.advertise.rstrip("/")
        host = "127.0.0.1" if self.host in ("0.0.0.0", "", "::") else self.host
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{self.port}"

    @classmethod
    def from_env(
        cls,
        host: str | None = None,
        port: int | None = None,
        db: str | None = None,
        **extra: object,
    ) -> Settings:
        """Explicit values win; then BLUFFHOUSE_HOST/PORT/DB; then the defaults."""
        env_port = os.environ.get("BLUFFHOUSE_PORT")
        if port is None and env_port:
            try:
                port = int(env_port)
            except ValueError:
                raise ValueError(
                    f"BLUFFHOUSE_PORT must be a port number, not {env_port!r}"
                ) from None
        return cls(
            host=host or os.environ.get("BLUFFHOUSE_HOST") or DEFAULT_HOST,
            port=DEFAULT_PORT if port is None else port,
            db=db or os.environ.get("BLUFFHOUSE_DB") or default_db_url(),
            advertise=extra.pop("advertise", None)  # type: ignore[arg-type]
            or os.environ.get("BLUFFHOUSE_ADVERTISE")
            or None,
            **extra,  # type: ignore[arg-type]
        )
