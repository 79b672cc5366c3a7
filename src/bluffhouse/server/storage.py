"""Storage: rooms, games and every accepted action, in SQLite or PostgreSQL (SQLAlchemy 2 Core).

Why synchronous SQLAlchemy in a thread rather than async engines: one code path and the two
best-kept drivers (the standard library's ``sqlite3`` and psycopg 3), no extra async driver to
install or keep in step; and writes go through ONE writer thread that commits whatever is
waiting in a single transaction (group commit), so a busy server pays one commit (one fsync)
for many actions, and SQLite never sees two writers.  The event loop only waits on a future.

What is stored is enough to rebuild every room exactly: the room's settings (game id, seats,
options, timers), each game's seed, and the list of accepted actions in order; a snapshot
(``Game.to_json``) every few actions shortens recovery.  A game is rebuilt by ``new_game`` with
the seed (or ``load`` of the snapshot) and applying the stored actions after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Column,
    Connection,
    Float,
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
from sqlalchemy.engine import Engine

from .config import sqlite_path

log = logging.getLogger("bluffhouse.server")
T = TypeVar("T")

metadata = MetaData()

rooms_table = Table(
    "bh_rooms", metadata,
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
    "bh_games", metadata,
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
    "bh_actions", metadata,
    Column("room", String(16), primary_key=True),
    Column("game_no", Integer, primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("source", String(16), nullable=False),
    Column("at", Float, nullable=False),
)


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


class StorageError(RuntimeError):
    """The database refused or failed a write."""


class _Job:
    """A write: a function run in the transaction, and/or a row of ``bh_actions`` (the rows
    of one group commit are inserted together, in one executemany)."""

    __slots__ = ("fn", "future", "loop", "row")

    def __init__(self, fn: Callable[[Connection], Any] | None, future: asyncio.Future[Any],
                 loop: asyncio.AbstractEventLoop, row: dict[str, Any] | None = None) -> None:
        self.fn = fn
        self.future = future
        self.loop = loop
        self.row = row


def _settle(job: _Job, result: Any, error: BaseException | None) -> None:
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
    """The database, written by one thread with group commit, read from a thread pool."""

    #: Jobs committed together at most.
    BATCH = 512

    def __init__(self, url: str) -> None:
        self.url = url
        path = sqlite_path(url)
        if path is not None:
            Path(path).expanduser().parent.mkdir(parents=True, exist_ok=True)
        # psycopg answers bytes, not text, from a database in SQL_ASCII (what initdb
        # --no-locale makes): ask for UTF-8 on every connection.
        extra: dict[str, Any] = {}
        if url.startswith("postgresql+psycopg"):
            extra["connect_args"] = {"client_encoding": "utf8"}
        self.engine: Engine = create_engine(url, pool_pre_ping=path is None, **extra)
        if path is not None:
            event.listen(self.engine, "connect", _sqlite_pragmas)
        metadata.create_all(self.engine)
        self._jobs: queue.Queue[_Job | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="bluffhouse-storage",
                                        daemon=True)
        self._thread.start()
        self.commits = 0
        self.writes = 0
        #: Seconds spent committing (the writer thread's busy time).
        self.commit_seconds = 0.0

    @property
    def description(self) -> str:
        """Where the data is, for the start-up message (no password shown)."""
        path = sqlite_path(self.url)
        if path is not None:
            return f"SQLite file {Path(path).expanduser().resolve()}"
        return f"database {self.engine.url.render_as_string(hide_password=True)}"

    # ------------------------------------------------------------------ the writer
    async def write(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` in the writer thread inside a transaction; returns once committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[T] = loop.create_future()
        self._jobs.put(_Job(fn, future, loop))
        return await future

    async def append(self, code: str, game_no: int, idx: int, seat: int,
                     action: dict[str, Any], source: str, result: dict[str, Any] | None,
                     snapshot: str | None) -> None:
        """Store one accepted action (with the result if it ended the game, or a snapshot of
        the state after it); returns once committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        row = {"room": code, "game_no": game_no, "idx": idx, "seat": seat,
               "action": dumps(action), "source": source, "at": time.time()}
        fn = None
        if result is not None or snapshot is not None:
            fn = self.op_finish(code, game_no, idx, result, snapshot)
        self._jobs.put(_Job(fn, future, loop, row))
        await future

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
            self._commit(batch)
            if stop:
                return

    def _commit(self, batch: list[_Job]) -> None:
        started = time.perf_counter()
        try:
            with self.engine.begin() as conn:
                rows = [job.row for job in batch if job.row is not None]
                if rows:
                    conn.execute(actions_table.insert(), rows)
                results = [job.fn(conn) if job.fn is not None else None for job in batch]
        except Exception:
            if len(batch) == 1:
                self._fail(batch[0])
                return
            # One bad job must not sink the others: commit them one by one.
            for job in batch:
                self._commit([job])
            return
        self.commits += 1
        self.writes += len(batch)
        self.commit_seconds += time.perf_counter() - started
        for job, result in zip(batch, results, strict=True):
            _settle(job, result, None)

    def _fail(self, job: _Job) -> None:
        try:
            with self.engine.begin() as conn:
                if job.row is not None:
                    conn.execute(actions_table.insert(), [job.row])
                result = job.fn(conn) if job.fn is not None else None
        except Exception as exc:
            log.error("storage: a write failed: %s", exc)
            _settle(job, None, StorageError(f"the database refused a write: {exc}"))
            return
        self.commits += 1
        self.writes += 1
        _settle(job, result, None)

    async def read(self, fn: Callable[[Connection], T]) -> T:
        """Run ``fn`` on a connection in a worker thread (reads do not wait for the writer)."""
        def work() -> T:
            with self.engine.connect() as conn:
                return fn(conn)
        return await asyncio.to_thread(work)

    def close(self) -> None:
        """Finish the writes already queued, then stop the writer and close the pool."""
        if self._thread.is_alive():
            self._jobs.put(None)
            self._thread.join(timeout=30)
        self.engine.dispose()

    # ------------------------------------------------------------------ operations
    # Each returns a function for ``write``/``read``: what runs in the database thread.

    @staticmethod
    def op_create_room(code: str, config: dict[str, Any], seats: list[dict[str, Any]],
                       host: str) -> Callable[[Connection], bool]:
        """Insert a room; False if the code is taken (the caller draws another)."""
        def fn(conn: Connection) -> bool:
            taken = conn.execute(select(rooms_table.c.code).where(rooms_table.c.code == code))
            if taken.first() is not None:
                return False
            now = time.time()
            conn.execute(rooms_table.insert().values(
                code=code, created=now, updated=now, status="lobby", game_no=0,
                config=dumps(config), seats=dumps(seats), host=host))
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
    def op_start_game(code: str, game_no: int, seed: int,
                      seats: list[dict[str, Any]]) -> Callable[[Connection], None]:
        def fn(conn: Connection) -> None:
            now = time.time()
            conn.execute(games_table.insert().values(
                room=code, game_no=game_no, seed=seed, started=now, actions=0, result=None,
                snapshot=None, snapshot_at=0))
            conn.execute(update(rooms_table).where(rooms_table.c.code == code).values(
                status="playing", game_no=game_no, seats=dumps(seats), updated=now))
        return fn

    @staticmethod
    def op_finish(code: str, game_no: int, idx: int, result: dict[str, Any] | None,
                  snapshot: str | None) -> Callable[[Connection], None]:
        """What goes with action ``idx`` beyond its row: the result that ended the game, or a
        snapshot of the state after it."""
        def fn(conn: Connection) -> None:
            values: dict[str, Any] = {"actions": idx + 1}
            if result is not None:
                values["result"] = dumps(result)
            if snapshot is not None:
                values["snapshot"] = snapshot
                values["snapshot_at"] = idx + 1
            conn.execute(update(games_table).where(
                (games_table.c.room == code) & (games_table.c.game_no == game_no)
            ).values(**values))
            if result is not None:
                conn.execute(update(rooms_table).where(rooms_table.c.code == code)
                             .values(status="over", updated=time.time()))
        return fn

    @staticmethod
    def op_load_room(code: str, with_actions: bool = True
                     ) -> Callable[[Connection], StoredRoom | None]:
        def fn(conn: Connection) -> StoredRoom | None:
            row = conn.execute(select(rooms_table).where(rooms_table.c.code == code)).first()
            if row is None:
                return None
            game = None
            if row.game_no > 0:
                game = _load_game(conn, code, row.game_no, with_actions)
            return StoredRoom(code=row.code, created=row.created, updated=row.updated,
                              status=row.status, game_no=row.game_no,
                              config=json.loads(row.config), seats=json.loads(row.seats),
                              host=row.host, game=game)
        return fn

    @staticmethod
    def op_load_game(code: str, game_no: int) -> Callable[[Connection], StoredGame | None]:
        def fn(conn: Connection) -> StoredGame | None:
            return _load_game(conn, code, game_no, True, from_snapshot=False)
        return fn

    @staticmethod
    def op_playing_codes() -> Callable[[Connection], list[str]]:
        def fn(conn: Connection) -> list[str]:
            rows = conn.execute(select(rooms_table.c.code)
                                .where(rooms_table.c.status == "playing")
                                .order_by(rooms_table.c.updated))
            return [r.code for r in rows]
        return fn


def _load_game(conn: Connection, code: str, game_no: int, with_actions: bool,
               from_snapshot: bool = True) -> StoredGame | None:
    row = conn.execute(select(games_table).where(
        (games_table.c.room == code) & (games_table.c.game_no == game_no))).first()
    if row is None:
        return None
    game = StoredGame(game_no=game_no, seed=int(row.seed), started=row.started,
                      result=json.loads(row.result) if row.result else None,
                      snapshot=row.snapshot if from_snapshot else None,
                      snapshot_at=row.snapshot_at if from_snapshot else 0)
    if with_actions:
        start = game.snapshot_at if game.snapshot else 0
        rows = conn.execute(
            select(actions_table.c.idx, actions_table.c.seat, actions_table.c.action)
            .where((actions_table.c.room == code) & (actions_table.c.game_no == game_no)
                   & (actions_table.c.idx >= start))
            .order_by(actions_table.c.idx))
        expected = start
        for r in rows:
            if r.idx != expected:
                raise StorageError(f"room {code} game {game_no}: action {expected} is missing")
            game.actions.append((int(r.seat), json.loads(r.action)))
            expected += 1
    return game


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    """WAL lets readers work while the writer commits; busy_timeout rides out a reader's
    lock.  synchronous=NORMAL: a commit is in the WAL file before the result is sent, so it
    survives the server process dying (SIGKILL included); only an operating-system crash or
    a power cut may lose the last commits.  FULL would fsync every commit: 7 ms on a quiet
    disk here, 80 ms on a busy one, which is every action's latency.  PostgreSQL (--db)
    flushes each commit to disk."""
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()
