"""Which server process owns which room: one process alone on SQLite, leases on PostgreSQL.

Several ``bluffhouse serve`` processes may share one PostgreSQL database (on one host or many,
behind any load balancer).  Each room then has exactly one owner at a time: a row of
``bh_leases`` names the owning process and a fencing number, and holds while the owner's
heartbeat (its row of ``bh_nodes``, renewed every third of ``lease_seconds``) is fresh.  Every
write of a room checks the lease in its own transaction (``storage.Fence``), so a process that
lost a room (paused, cut off, or simply too slow) can never write to it again; a process that
takes the room of a silent owner raises the fencing number.  A process that is not a room's
owner forwards its clients to the owner (``forwarding.py``); when the owner dies its heartbeat
runs out and the first process to look takes the room over, rebuilt from the database.  Times
are the database's clock, so the hosts' clocks need not agree.

SQLite serves one process: ``SoloOwnership`` takes a lock on a file beside the database, and
a second process opening the same file is told so and stops.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Connection, text

from .config import sqlite_path
from .storage import Fence, Storage

log = logging.getLogger("bluffhouse.server")

NOW = "extract(epoch from clock_timestamp())"


class DatabaseInUse(RuntimeError):
    """Another server process already serves this SQLite file."""


@dataclass(frozen=True)
class Owner:
    """Another process that owns a room now, and where to reach it."""

    node: str
    url: str


class SoloOwnership:
    """SQLite: this process owns every room; a lock file keeps a second process out."""

    shared = False

    def __init__(self, storage: Storage, node: str, url: str) -> None:
        self.storage = storage
        self.node = node
        self.url = url
        self.secret = secrets.token_urlsafe(24)
        self._lock: IO[bytes] | None = None

    async def start(self) -> None:
        path = sqlite_path(self.storage.url)
        if path is None:
            return
        lock_path = Path(path).expanduser().with_name(Path(path).name + ".lock")
        handle = open(lock_path, "ab")  # noqa: SIM115 - held for the process's life
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: no advisory locks here
            self._lock = handle
            return
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            raise DatabaseInUse(
                f"another bluffhouse server is already using {Path(path).expanduser()}; "
                "SQLite serves one process. Stop the other one, give this one its own file "
                "(--db sqlite:///OTHER.sqlite3), or run several processes on PostgreSQL "
                "(--db postgresql+psycopg://USER@HOST:PORT/DB)"
            ) from None
        handle.truncate(0)
        handle.write(f"{os.getpid()}\n".encode())
        handle.flush()
        self._lock = handle

    async def close(self) -> None:
        if self._lock is not None:
            with contextlib.suppress(OSError):
                self._lock.close()
            self._lock = None

    async def claim(self, code: str) -> Fence | None:
        return Fence(code, self.node, 0)

    async def owner_of(self, code: str) -> Owner | None:
        return None

    async def release(self, code: str) -> None:
        return None

    async def renew(self, owned: set[str]) -> set[str]:
        """The rooms of ``owned`` this process has lost (never, alone)."""
        return set()

    async def orphans(self, limit: int) -> list[str]:
        return []

    def is_peer(self, secret: str | None) -> bool:
        return False


class SharedOwnership(SoloOwnership):
    """PostgreSQL: leases with fencing numbers, shared by every process of the database.  A
    process holds its rooms while its heartbeat (``bh_nodes.seen``) is fresh: renewing is one
    row a process, however many rooms it serves."""

    shared = True

    def __init__(self, storage: Storage, node: str, url: str, lease_seconds: float) -> None:
        super().__init__(storage, node, url)
        self.lease_seconds = lease_seconds

    def _args(self, **more: Any) -> dict[str, Any]:
        return {"node": self.node, "url": self.url, "secs": self.lease_seconds, **more}

    async def start(self) -> None:
        """Register this process, learn the cluster's secret, and free the rooms of an earlier
        process at this same address (it is gone: this one is taking its place)."""
        mine = secrets.token_urlsafe(24)
        args = self._args(v=mine, old=max(3600.0, 100 * self.lease_seconds))

        def fn(conn: Connection) -> str:
            conn.execute(
                text(
                    "INSERT INTO bh_cluster (name, value) VALUES ('secret', :v) "
                    "ON CONFLICT (name) DO NOTHING"
                ),
                args,
            )
            secret = conn.execute(
                text("SELECT value FROM bh_cluster WHERE name = 'secret'")
            ).scalar_one()
            conn.execute(
                text(f"DELETE FROM bh_nodes WHERE url = :url OR seen < {NOW} - :old"), args
            )
            conn.execute(
                text(f"INSERT INTO bh_nodes (node, url, seen) VALUES (:node, :url, {NOW})"), args
            )
            return str(secret)

        self.secret = await self.storage.write(fn)

    async def close(self) -> None:
        """A clean stop: give every room back at once, so another process takes it now."""
        args = self._args()

        def fn(conn: Connection) -> None:
            conn.execute(text("DELETE FROM bh_leases WHERE owner = :node"), args)
            conn.execute(text("DELETE FROM bh_nodes WHERE node = :node"), args)

        with contextlib.suppress(Exception):
            await self.storage.write(fn)

    async def claim(self, code: str) -> Fence | None:
        """Take the room if nobody holds it (no lease, or its owner's heartbeat ran out) or
        this process already does: its fence; None while another process holds it."""
        args = self._args(room=code)

        def fn(conn: Connection) -> int | None:
            row = conn.execute(
                text(
                    f"INSERT INTO bh_leases (room, owner, fence) VALUES (:room, :node, 1) "
                    f"ON CONFLICT (room) DO UPDATE SET owner = :node, fence = bh_leases.fence + "
                    f"CASE WHEN bh_leases.owner = :node THEN 0 ELSE 1 END "
                    f"WHERE bh_leases.owner = :node OR NOT EXISTS (SELECT 1 FROM bh_nodes n WHERE "
                    f"n.node = bh_leases.owner AND n.seen >= {NOW} - :secs) RETURNING fence"
                ),
                args,
            ).first()
            return None if row is None else int(row[0])

        number = await self.storage.write(fn)
        return None if number is None else Fence(code, self.node, number)

    async def owner_of(self, code: str) -> Owner | None:
        """The other process holding the room now, or None (free, its owner gone, mine)."""
        args = self._args(room=code)

        def fn(conn: Connection) -> Any:
            return conn.execute(
                text(
                    f"SELECT l.owner, n.url FROM bh_leases l JOIN bh_nodes n ON n.node = l.owner "
                    f"WHERE l.room = :room AND n.seen >= {NOW} - :secs"
                ),
                args,
            ).first()

        row = await self.storage.read(fn)
        if row is None or row[0] == self.node:
            return None
        return Owner(str(row[0]), str(row[1]))

    async def release(self, code: str) -> None:
        args = self._args(room=code)

        def fn(conn: Connection) -> None:
            conn.execute(text("DELETE FROM bh_leases WHERE room = :room AND owner = :node"), args)

        with contextlib.suppress(Exception):
            await self.storage.write(fn)

    async def renew(self, owned: set[str]) -> set[str]:
        """Say this process is alive (its heartbeat); the rooms of ``owned`` it no longer holds
        (taken by another while its heartbeat had run out)."""
        args = self._args()

        def fn(conn: Connection) -> set[str]:
            alive = conn.execute(
                text(f"UPDATE bh_nodes SET seen = {NOW} WHERE node = :node RETURNING node"), args
            ).first()
            if alive is None:  # removed meanwhile (a long pause): register again
                conn.execute(
                    text(f"INSERT INTO bh_nodes (node, url, seen) VALUES (:node, :url, {NOW})"),
                    args,
                )
            rows = conn.execute(text("SELECT room FROM bh_leases WHERE owner = :node"), args)
            return {str(r[0]) for r in rows}

        held = await self.storage.write(fn)
        return owned - held

    async def orphans(self, limit: int) -> list[str]:
        """Rooms in play that no live process holds (their owner stopped its heartbeat)."""
        args = self._args(n=limit)

        def fn(conn: Connection) -> list[str]:
            rows = conn.execute(
                text(
                    f"SELECT r.code FROM bh_rooms r LEFT JOIN bh_leases l ON l.room = r.code "
                    f"LEFT JOIN bh_nodes n ON n.node = l.owner AND n.seen >= {NOW} - :secs "
                    f"WHERE r.status = 'playing' AND n.node IS NULL ORDER BY r.updated LIMIT :n"
                ),
                args,
            )
            return [str(r[0]) for r in rows]

        return await self.storage.read(fn)

    def is_peer(self, secret: str | None) -> bool:
        import hmac

        return secret is not None and hmac.compare_digest(secret, self.secret)


def ownership(storage: Storage, url: str, lease_seconds: float) -> SoloOwnership:
    """The ownership of rooms for this database: shared leases on PostgreSQL, else solo."""
    node = secrets.token_hex(8)
    if storage.sqlite:
        return SoloOwnership(storage, node, url)
    return SharedOwnership(storage, node, url, lease_seconds)
