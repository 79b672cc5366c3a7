"""Storage: rooms, games and every accepted action, in SQLite or PostgreSQL (SQLAlchemy 2 Core).

Why synchronous SQLAlchemy rather than async engines: the two best-kept drivers (the standard
library's ``sqlite3`` and psycopg 3), no extra async driver to install or keep in step.  Every
write runs in one writer thread, never on the event loop: a database that is slow, locked by
another process (a backup, a ``sqlite3`` shell) or gone delays only the rooms waiting on a
write, and each wait is bounded (``write_timeout``), past which the caller gets a
``StorageError``.  Writes are group-committed: whatever is waiting goes in one transaction, so
a busy server pays one commit for many actions.  SQLite's checkpoints, which fsync, run in a
thread of their own.

What is stored is enough to rebuild every room exactly: the room's settings (game id, seats,
options, timers), each game's seed, and the list of accepted actions in order; a snapshot
(``Game.to_json``) every few actions shortens recovery.  A game is rebuilt by ``new_game`` with
the seed (or ``load`` of the snapshot) and applying the stored actions after it.

Where several server processes share one PostgreSQL database, a write for a room may carry a
``Fence`` (the room's owner and its lease number, ``cluster.py``): it commits only if that
lease still holds, in the same transaction, so an owner that lost a room can never write to it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Float,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    event,
    select,
    update,
)
from sqlalchemy import exc as sa_exc
from sqlalchemy.engine import Engine

from .config import sqlite_path

log = logging.getLogger("bluffhouse.server")
T = TypeVar("T")

metadata = MetaData()

rooms_table = Table(
    "bh_rooms",
    metadata,
    Column("code", String(16), primary_key=True),
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    Column("status", String(16), nullable=False),
    Column("game_no", Integer, nullable=False),
    Column("config", Text, nullable=False),
    Column("seats", Text, nullable=False),
    Column("host", String(64), nullable=False),
)

games_table = Table(
    "bh_games",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("seed", BigInteger, nullable=False),
    Column("started", Float, nullable=False),
    Column("actions", Integer, nullable=False),
    Column("result", Text, nullable=True),
    Column("snapshot", Text, nullable=True),
    Column("snapshot_at", Integer, nullable=False),
)

actions_table = Table(
    "bh_actions",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("source", String(16), nullable=False),
    Column("at", Float, nullable=False),
)


chat_table = Table(
    "bh_chat",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer, nullable=True),
    Column("name", String(64), nullable=True),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)

#: The running clocks, missed-turn counts and stand-ins of a room (one JSON row per room),
#: saved every few seconds and at a clean stop: a restarted server resumes them.
clocks_table = Table(
    "bh_clocks",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("data", Text, nullable=False),
)

#: Room ownership when several processes share PostgreSQL (``cluster.py``).
leases_table = Table(
    "bh_leases",
    metadata,
    Column("room", String(16), primary_key=True),
    Column("owner", String(40), nullable=False),
    Column("fence", BigInteger, nullable=False),
    Index("bh_leases_owner", "owner"),
)

#: The processes serving one database: where each can be reached, and when it last said so.
nodes_table = Table(
    "bh_nodes",
    metadata,
    Column("node", String(40), primary_key=True),
    Column("url", String(300), nullable=False),
    Column("seen", Float, nullable=False),
)

#: One row: the secret by which the processes of one database know each other's forwarded
#: connections (made by the first process, read by the others).
secrets_table = Table(
    "bh_cluster",
    metadata,
    Column("name", String(40), primary_key=True),
    Column("value", String(200), nullable=False),
)


#: Chat lines kept in the database per room (the newest; what a room shows is fewer).
CHAT_KEPT = 200


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


@dataclass
class StoredGame:
    game_no: int
    seed: int
    started: float
    result: dict[str, Any] | None
    snapshot: str | None
    snapshot_at: int
    #: (seat, action) in the order they were accepted.
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class StoredRoom:
    code: str
    created: float
    updated: float
    status: str
    game_no: int
    config: dict[str, Any]
    seats: list[dict[str, Any]]
    host: str
    game: StoredGame | None
    #: The latest chat lines, oldest first, and the number of the next one.
    chat: list[dict[str, Any]] = field(default_factory=list)
    chat_next: int = 0
    #: The clocks as last saved (``Room.clock_data``), or None.
    clocks: dict[str, Any] | None = None


class StorageError(RuntimeError):
    """The database refused, failed or did not answer a read or a write in time."""


class LeaseLost(StorageError):
    """A fenced write found that this process no longer owns the room."""


@dataclass(frozen=True)
class Fence:
    """A room's lease as its owner holds it: writes commit only while it is the current one."""

    room: str
    owner: str
    number: int


#: Errors of one job in a group commit (the others may commit without it).
_ONE_BAD_JOB = (LeaseLost, sqlite3.IntegrityError, sa_exc.IntegrityError)

#: The lease check of a batch of fenced writes (PostgreSQL, the driver's parameter style).
_FENCE_SQL = "SELECT room, fence FROM bh_leases WHERE owner = %s AND room = ANY(%s) FOR KEY SHARE"


class _Job:
    """A write: a function run in the transaction, and/or a row of ``bh_actions`` (the rows
    of one group commit are inserted together, in one executemany)."""

    __slots__ = ("fence", "fn", "future", "loop", "row")

    def __init__(
        self,
        fn: Callable[[Connection], Any] | None,
        future: asyncio.Future[Any],
        loop: asyncio.AbstractEventLoop,
        row: dict[str, Any] | None = None,
        fence: Fence | None = None,
    ) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop
        self.row = row
        self.fence = fence


def _settle(job: _Job, result: Any, error: BaseException | None) -> None:
    """Settle a write's future from another thread."""

    def done() -> None:
        if job.future.done():
            return
        if error is not None:
            job.future.set_exception(error)
        else:
            job.future.set_result(result)

    with contextlib.suppress(RuntimeError):  # a closed loop: nobody waits any more
        job.loop.call_soon_threadsafe(done)


class Storage:
    """The database, written with group commit by one writer thread, read from a thread
    pool; every wait bounded by ``write_timeout`` seconds."""

    #: Jobs committed together at most.
    BATCH = 512

    def __init__(self, url: str, write_timeout: float = 5.0) -> None:
        self.url = url
        self.write_timeout = write_timeout
        path = sqlite_path(url)
        self.sqlite = url.startswith("sqlite")
        if path is not None:
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # psycopg answers bytes, not text, from a database in SQL_ASCII (what initdb
        # --no-locale makes): ask for UTF-8 on every connection.  A database that does not
        # answer fails the connection in bounded time, not a TCP timeout's minutes.
        extra: dict[str, Any] = {}
        if url.startswith("postgresql"):
            extra["connect_args"] = {
                "client_encoding": "utf8",
                "connect_timeout": max(1, round(write_timeout)),
            }
            extra["pool_timeout"] = write_timeout
        self.engine: Engine = create_engine(url, pool_pre_ping=path is None, **extra)
        if path is not None:
            busy_ms = max(100, int(write_timeout * 1000))
            event.listen(
                self.engine, "connect", lambda conn, record: _sqlite_pragmas(conn, busy_ms)
            )
        self._create_tables()
        self._stop = threading.Event()
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._raw: Any = None
        #: The hot path's statement (bh_actions, in the driver's parameter style).
        self._insert_sql = (
            "INSERT INTO bh_actions (room, game_no, idx, seat, action, source, "
            "at) VALUES "
            + ("(?, ?, ?, ?, ?, ?, ?)" if self.sqlite else "(%s, %s, %s, %s, %s, %s, %s)")
        )
        self._thread = threading.Thread(target=self._run, name="bluffhouse-storage", daemon=True)
        self._thread.start()
        self._checkpointer: threading.Thread | None = None
        if path is not None:
            self._checkpointer = threading.Thread(
                target=self._checkpoints, name="bluffhouse-checkpoint", daemon=True
            )
            self._checkpointer.start()
        self.commits = 0
        self.writes = 0
        self.failures = 0
        #: Seconds spent committing (the writer thread's busy time).
        self.commit_seconds = 0.0
        #: How long each of the latest group commits took, seconds.
        self.recent: deque[float] = deque(maxlen=4096)
        #: The last failure seen (time.time(), message), None once a write commits again.
        self.last_error: tuple[float, str] | None = None

    def _create_tables(self) -> None:
        """Create the tables that are missing.  Several processes may start at once on one
        PostgreSQL database: an advisory lock lets one create them while the others wait."""
        with self.engine.begin() as conn:
            if not self.sqlite:
                conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7215532006)")
            metadata.create_all(conn)

    @property
    def description(self) -> str:
        """Where the data is, for the start-up message (no password shown)."""
        path = sqlite_path(self.url)
        if path is not None:
            return f"SQLite file {Path(path).expanduser().resolve()}"
        return f"database {self.engine.url.render_as_string(hide_password=True)}"

    # ------------------------------------------------------------------ the writer
    async def write(self, fn: Callable[[Connection], T], fence: Fence | None = None) -> T:
        """Run ``fn`` inside a transaction (with the other writes waiting: group commit);
        returns once committed.  Raises ``StorageError`` if the database fails or does not
        commit within ``write_timeout`` (the write may still commit later: the caller must
        not assume either way), ``LeaseLost`` if ``fence`` no longer holds."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(fn, future, loop, fence=None if self.sqlite else fence))
        return await self._wait(future)

    async def _wait(self, future: asyncio.Future[T]) -> T:
        try:
            # On timeout the future is cancelled: a job the writer has not begun is dropped.
            return await asyncio.wait_for(future, self.write_timeout + 1.0)
        except TimeoutError:
            self._failed(f"no commit within {self.write_timeout:g} s")
            raise StorageError(
                f"the database did not answer within {self.write_timeout:g} s"
            ) from None

    def _checkpoints(self) -> None:
        """Copy the WAL into the database file every second or so (PASSIVE: commits go on
        meanwhile), so that no commit pays for a checkpoint's fsyncs."""
        done = -1
        while not self._stop.wait(1.0):
            if self.commits == done:
                continue
            done = self.commits
            try:
                with self.engine.connect() as conn:
                    conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
            except Exception as exc:
                log.warning("storage: a WAL checkpoint failed: %s", exc)

    async def append(
        self,
        code: str,
        game_no: int,
        idx: int,
        seat: int,
        action: dict[str, Any],
        source: str,
        result: dict[str, Any] | None,
        snapshot: str | None,
        fence: Fence | None = None,
    ) -> None:
        """Store one accepted action (with the result if it ended the game, or a snapshot of
        the state after it); returns once committed (errors as ``write``)."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        row = {
            "room": code,
            "game_no": game_no,
            "idx": idx,
            "seat": seat,
            "action": dumps(action),
            "source": source,
            "at": time.time(),
        }
        fn = None
        if result is not None or snapshot is not None:
            fn = self.op_finish(code, game_no, idx, result, snapshot)
        self._jobs.put(_Job(fn, future, loop, row, None if self.sqlite else fence))
        await self._wait(future)

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            batch = [job]
            stop = False
            while len(batch) < self.BATCH:
                try:
                    more = self._jobs.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            batch = [j for j in batch if not j.future.done()]  # given up on: never written
            if batch:
                self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[_Job]) -> None:
        started = time.perf_counter()
        try:
            if all(job.fn is None for job in batch):
                batch = self._insert_actions(batch)
                results: list[Any] = [None] * len(batch)
            else:
                with self.engine.begin() as conn:
                    batch = self._fenced(
                        batch, lambda sql, params: conn.exec_driver_sql(sql, params).all()
                    )
                    rows = [job.row for job in batch if job.row is not None]
                    if rows:
                        conn.execute(actions_table.insert(), rows)
                    results = [job.fn(conn) if job.fn is not None else None for job in batch]
        except Exception as exc:
            if len(batch) > 1 and isinstance(exc, _ONE_BAD_JOB):
                # One bad job must not sink the others: commit them one by one.
                for job in batch:
                    if not job.future.done():
                        self._commit([job])
                return
            self._fail(batch, exc)
            return
        self.commits += 1
        self.writes += len(batch)
        self.last_error = None
        took = time.perf_counter() - started
        self.commit_seconds += took
        self.recent.append(took)
        for job, result in zip(batch, results, strict=True):
            _settle(job, result, None)

    @staticmethod
    def _fenced(batch: list[_Job], query: Callable[[str, Any], Any]) -> list[_Job]:
        """The jobs whose room this process still owns (one query for the whole batch, in
        its transaction); the others are settled with ``LeaseLost`` and left out.  The rows
        stay locked (FOR KEY SHARE) until the commit: a takeover, which locks the row FOR
        UPDATE, waits for it, so a write is either in before the new owner reads the room or
        refused."""
        fences = [job.fence for job in batch if job.fence is not None]
        if not fences:
            return batch
        rooms = sorted({fence.room for fence in fences})
        held = {
            str(room): int(number) for room, number in query(_FENCE_SQL, (fences[0].owner, rooms))
        }
        kept = []
        for job in batch:
            if job.fence is not None and held.get(job.fence.room) != job.fence.number:
                _settle(
                    job,
                    None,
                    LeaseLost(f"room {job.fence.room} is no longer owned by this process"),
                )
            else:
                kept.append(job)
        return kept

    def _insert_actions(self, batch: list[_Job]) -> list[_Job]:
        """The commit of nothing but action rows (most of them): the driver's own
        executemany and commit on a connection kept for it, about a fifth of what the same
        commit costs through the Core's statement machinery.  A kept connection that fails
        (the database restarted since) is replaced and the commit tried once more."""
        fresh = self._raw is None
        while True:
            if self._raw is None:
                self._raw = self.engine.raw_connection()
            raw = self._raw
            try:
                cursor = raw.cursor()

                def query(sql: str, params: Any, cursor: Any = cursor) -> Any:
                    cursor.execute(sql, params)
                    return cursor.fetchall()

                kept = self._fenced(batch, query)
                if kept:
                    cursor.executemany(
                        self._insert_sql,
                        [
                            (
                                r["room"],
                                r["game_no"],
                                r["idx"],
                                r["seat"],
                                r["action"],
                                r["source"],
                                r["at"],
                            )
                            for r in (job.row for job in kept)
                            if r is not None
                        ],
                    )
                cursor.close()
                raw.commit()
                return kept
            except Exception as exc:
                # Discarded, not returned to the pool: a broken connection cannot be reset.
                with contextlib.suppress(Exception):
                    raw.invalidate()
                self._raw = None
                if fresh or isinstance(exc, _ONE_BAD_JOB):
                    raise
                fresh = True

    def _fail(self, batch: list[_Job], exc: Exception) -> None:
        """Settle every job of a failed commit with the error (the database is down, locked
        or refused them): nothing of it was written."""
        if isinstance(exc, LeaseLost):
            for job in batch:
                _settle(job, None, exc)
            return
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        self._failed(why)
        log.error("storage: %d write(s) failed: %s", len(batch), why)
        for job in batch:
            _settle(job, None, StorageError(f"the database refused a write: {why}"))

    def _failed(self, why: str) -> None:
        self.failures += 1
        self.last_error = (time.time(), why[:300])

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on a connection in a worker thread (reads do not wait for the writer);
        ``StorageError`` if the database fails or does not answer in time."""

        def work() -> T:
            with self.engine.connect() as conn:
                return fn(conn)

        try:
            return await asyncio.wait_for(asyncio.to_thread(work), self.write_timeout + 1.0)
        except StorageError:
            raise
        except TimeoutError:
            self._failed(f"no answer within {self.write_timeout:g} s")
            raise StorageError(
                f"the database did not answer within {self.write_timeout:g} s"
            ) from None
        except Exception as exc:
            why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            self._failed(why)
            raise StorageError(f"the database could not be read: {why}") from None

    async def ping(self) -> str | None:
        """None if the database answers a trivial query now, else why not (for health)."""
        try:
            await self.read(lambda conn: conn.exec_driver_sql("SELECT 1").scalar())
        except StorageError as exc:
            return str(exc)
        if self.last_error is not None and not self._jobs.qsize():
            self.last_error = None  # it answers again: the next write will tell
        return None

    def close(self) -> None:
        """Finish the writes already queued, then stop the writer and close the pool."""
        self._stop.set()
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(timeout=30)
        if self._checkpointer is not None:
            self._checkpointer.join(timeout=30)
        if self._raw is not None:
            with contextlib.suppress(Exception):
                self._raw.close()
        if self.sqlite:
            with contextlib.suppress(Exception), self.engine.connect() as conn:
                conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)")
        self.engine.dispose()

    # ------------------------------------------------------------------ operations
    # Each returns a function for ``write``/``read``: what runs in the database thread.

    @staticmethod
    def op_create_room(
        code: str, config: dict[str, Any], seats: list[dict[str, Any]], host: str
    ) -> Callable[[Connection], bool]:
        """Insert a room; False if the code is taken (the caller draws another)."""

        def fn(conn: Connection) -> bool:
            taken = conn.execute(select(rooms_table.c.code).where(rooms_table.c.code == code))
            if taken.first() is not None:
                return False
            now = time.time()
            conn.execute(
                rooms_table.insert().values(
                    code=code,
                    created=now,
                    updated=now,
                    status="lobby",
                    game_no=0,
                    config=dumps(config),
                    seats=dumps(seats),
                    host=host,
                )
            )
            return True

        return fn

    @staticmethod
    def op_update_room(code: str, **values: Any) -> Callable[[Connection], None]:
        row = {k: (dumps(v) if k in ("config", "seats") else v) for k, v in values.items()}
        row["updated"] = time.time()

        def fn(conn: Connection) -> None:
            conn.execute(update(rooms_table).where(rooms_table.c.code == code).values(**row))

        return fn

    @staticmethod
    def op_start_game(
        code: str, game_no: int, seed: int, seats: list[dict[str, Any]]
    ) -> Callable[[Connection], None]:
        def fn(conn: Connection) -> None:
            now = time.time()
            conn.execute(
                games_table.insert().values(
                    room=code,
                    game_no=game_no,
                    seed=seed,
                    started=now,
                    actions=0,
                    result=None,
                    snapshot=None,
                    snapshot_at=0,
                )
            )
            conn.execute(
                update(rooms_table)
                .where(rooms_table.c.code == code)
                .values(status="playing", game_no=game_no, seats=dumps(seats), updated=now)
            )

        return fn

    @staticmethod
    def op_finish(
        code: str, game_no: int, idx: int, result: dict[str, Any] | None, snapshot: str | None
    ) -> Callable[[Connection], None]:
        """What goes with action ``idx`` beyond its row: the result that ended the game, or a
        snapshot of the state after it."""

        def fn(conn: Connection) -> None:
            values: dict[str, Any] = {"actions": idx + 1}
            if result is not None:
                values["result"] = dumps(result)
            if snapshot is not None:
                values["snapshot"] = snapshot
                values["snapshot_at"] = idx + 1
            conn.execute(
                update(games_table)
                .where((games_table.c.room == code) & (games_table.c.game_no == game_no))
                .values(**values)
            )
            if result is not None:
                conn.execute(
                    update(rooms_table)
                    .where(rooms_table.c.code == code)
                    .values(status="over", updated=time.time())
                )

        return fn

    @staticmethod
    def op_load_room(
        code: str, with_actions: bool = True, chat_lines: int = 50
    ) -> Callable[[Connection], StoredRoom | None]:
        def fn(conn: Connection) -> StoredRoom | None:
            row = conn.execute(select(rooms_table).where(rooms_table.c.code == code)).first()
            if row is None:
                return None
            game = None
            if row.game_no > 0:
                game = _load_game(conn, code, row.game_no, with_actions)
            lines = conn.execute(
                select(chat_table)
                .where(chat_table.c.room == code)
                .order_by(chat_table.c.n.desc())
                .limit(max(1, chat_lines))
            ).all()
            clocks = conn.execute(
                select(clocks_table.c.data).where(clocks_table.c.room == code)
            ).first()
            return StoredRoom(
                code=row.code,
                created=row.created,
                updated=row.updated,
                status=row.status,
                game_no=row.game_no,
                config=json.loads(row.config),
                seats=json.loads(row.seats),
                host=row.host,
                game=game,
                chat=[
                    {"seat": r.seat, "name": r.name, "text": r.text, "at": r.at}
                    for r in reversed(lines)
                ][-chat_lines:],
                chat_next=lines[0].n + 1 if lines else 0,
                clocks=json.loads(clocks.data) if clocks else None,
            )

        return fn

    @staticmethod
    def op_chat(code: str, n: int, line: dict[str, Any]) -> Callable[[Connection], None]:
        """Line ``n`` of a room's chat; the oldest beyond the kept ones are deleted."""

        def fn(conn: Connection) -> None:
            conn.execute(
                chat_table.insert().values(
                    room=code,
                    n=n,
                    seat=line["seat"],
                    name=line["name"],
                    text=line["text"],
                    at=line["at"],
                )
            )
            if n >= CHAT_KEPT and n % 50 == 0:
                conn.execute(
                    chat_table.delete().where(
                        (chat_table.c.room == code) & (chat_table.c.n <= n - CHAT_KEPT)
                    )
                )

        return fn

    @staticmethod
    def op_save_clocks(saved: dict[str, dict[str, Any]]) -> Callable[[Connection], None]:
        """The clocks of these rooms (code: data), replacing what was saved."""

        def fn(conn: Connection) -> None:
            conn.execute(clocks_table.delete().where(clocks_table.c.room.in_(list(saved))))
            conn.execute(
                clocks_table.insert(),
                [{"room": code, "data": dumps(data)} for code, data in saved.items()],
            )

        return fn

    @staticmethod
    def op_load_game(code: str, game_no: int) -> Callable[[Connection], StoredGame | None]:
        def fn(conn: Connection) -> StoredGame | None:
            return _load_game(conn, code, game_no, True, from_snapshot=False)

        return fn

    @staticmethod
    def op_lobby_rooms(
        limit: int,
    ) -> Callable[[Connection], list[tuple[str, dict[str, Any], list[dict[str, Any]], float]]]:
        """The rooms waiting in their lobby, newest first: (code, config, seats, updated)."""

        def fn(conn: Connection) -> list[tuple[str, dict[str, Any], list[dict[str, Any]], float]]:
            rows = conn.execute(
                select(
                    rooms_table.c.code,
                    rooms_table.c.config,
                    rooms_table.c.seats,
                    rooms_table.c.updated,
                )
                .where(rooms_table.c.status == "lobby")
                .order_by(rooms_table.c.updated.desc())
                .limit(limit)
            )
            return [(r.code, json.loads(r.config), json.loads(r.seats), r.updated) for r in rows]

        return fn

    @staticmethod
    def op_playing_codes() -> Callable[[Connection], list[str]]:
        def fn(conn: Connection) -> list[str]:
            rows = conn.execute(
                select(rooms_table.c.code)
                .where(rooms_table.c.status == "playing")
                .order_by(rooms_table.c.updated)
            )
            return [r.code for r in rows]

        return fn


def _load_game(
    conn: Connection, code: str, game_no: int, with_actions: bool, from_snapshot: bool = True
) -> StoredGame | None:
    row = conn.execute(
        select(games_table).where((games_table.c.room == code) & (games_table.c.game_no == game_no))
    ).first()
    if row is None:
        return None
    game = StoredGame(
        game_no=game_no,
        seed=int(row.seed),
        started=row.started,
        result=json.loads(row.result) if row.result else None,
        snapshot=row.snapshot if from_snapshot else None,
        snapshot_at=row.snapshot_at if from_snapshot else 0,
    )
    if with_actions:
        start = game.snapshot_at if game.snapshot else 0
        rows = conn.execute(
            select(actions_table.c.idx, actions_table.c.seat, actions_table.c.action)
            .where(
                (actions_table.c.room == code)
                & (actions_table.c.game_no == game_no)
                & (actions_table.c.idx >= start)
            )
            .order_by(actions_table.c.idx)
        )
        expected = start
        for r in rows:
            if r.idx != expected:
                raise StorageError(f"room {code} game {game_no}: action {expected} is missing")
            game.actions.append((int(r.seat), json.loads(r.action)))
            expected += 1
    return game


def _sqlite_pragmas(dbapi_conn: Any, busy_ms: int) -> None:
    """WAL lets readers work while the writer commits; busy_timeout rides out another
    process's lock up to the write timeout.  synchronous=NORMAL: a commit is in the WAL file
    before the result is sent, so it survives the server process dying (SIGKILL included);
    only an operating-system crash or a power cut may lose the last commits.  FULL would
    fsync every commit: 7 ms on a quiet disk here, 80 ms on a busy one.  No automatic
    checkpoints: a commit that crossed the WAL's threshold would pay for copying pages back
    and two fsyncs; ``Storage._checkpoints`` does them in a thread.  PostgreSQL (--db)
    flushes each commit to disk."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute(f"PRAGMA busy_timeout={int(busy_ms)}")
    cur.execute("PRAGMA wal_autocheckpoint=0")  # Storage._checkpoints does it
    cur.close()
