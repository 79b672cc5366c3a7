"""``bluffhouse serve``: the argparse wiring (registered by ``bluffhouse.cli``)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import sys
from typing import Any

from .config import Limits, Settings


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve",
        help="run the game server (rooms, seats, play over websockets)",
        description="Run the bluffhouse game server. Settings also come from the environment: "
        "BLUFFHOUSE_HOST, BLUFFHOUSE_PORT, BLUFFHOUSE_DB, BLUFFHOUSE_ADVERTISE. "
        "Several processes may serve the same rooms on one PostgreSQL database "
        "(SQLite serves one process).",
    )
    p.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (default 8000)")
    p.add_argument(
        "--db",
        metavar="URL",
        help="database URL: sqlite:///FILE (default: a file in your data folder) "
        "or postgresql+psycopg://USER@HOST:PORT/DB",
    )
    p.add_argument(
        "--bot-workers",
        type=int,
        default=1,
        metavar="N",
        help="processes for bot decisions (default 1; 0: a thread in the server, "
        "whose bots then compete with it for the interpreter lock)",
    )
    p.add_argument(
        "--bot-delay",
        type=float,
        default=0.6,
        metavar="SECONDS",
        help="default think time of bots in new rooms (default 0.6)",
    )
    p.add_argument(
        "--room-rate",
        type=int,
        default=30,
        metavar="N",
        help="rooms one address may create per minute (default 30)",
    )
    p.add_argument(
        "--advertise",
        metavar="URL",
        help="where the other processes of the same PostgreSQL database reach this "
        "one (default http://HOST:PORT; set it when HOST is 0.0.0.0 on a host "
        "others reach by another name)",
    )
    defaults = Limits()
    p.add_argument(
        "--lease-seconds",
        type=float,
        default=defaults.lease_seconds,
        metavar="S",
        help="several processes: how soon another process takes the "
        "rooms of one that died (default %(default)g)",
    )
    p.add_argument(
        "--db-timeout",
        type=float,
        default=defaults.write_timeout,
        metavar="S",
        help="seconds a database read or write may take before the player is told "
        "to try again (default %(default)g)",
    )
    p.add_argument(
        "--spectators",
        type=int,
        default=defaults.spectators_per_room,
        metavar="N",
        help="spectators a room lets in; seated players always get in (default %(default)s)",
    )
    p.add_argument(
        "--connections-per-address",
        type=int,
        default=defaults.connections_per_address,
        metavar="N",
        help="websockets open at once from one address (default %(default)s)",
    )
    p.add_argument(
        "--max-connections",
        type=int,
        default=defaults.connections_total,
        metavar="N",
        help="websockets open at once in all (default %(default)s)",
    )
    p.add_argument(
        "--max-rooms",
        type=int,
        default=defaults.rooms_in_memory,
        metavar="N",
        help="rooms open in this process at once (default %(default)s)",
    )
    p.add_argument(
        "--idle-seconds",
        type=float,
        default=defaults.idle_seconds,
        metavar="S",
        help="close a connection after this long with nothing sent either way "
        "(default %(default)g)",
    )
    p.add_argument(
        "--log-level", default="info", choices=["critical", "error", "warning", "info", "debug"]
    )
    p.set_defaults(func=main)
    return p


def settings_from(args: argparse.Namespace) -> Settings:
    limits = Limits(
        creates_per_minute=max(1, args.room_rate),
        lease_seconds=max(0.5, args.lease_seconds),
        write_timeout=max(0.1, args.db_timeout),
        spectators_per_room=max(0, args.spectators),
        connections_per_address=max(1, args.connections_per_address),
        connections_total=max(1, args.max_connections),
        rooms_in_memory=max(1, args.max_rooms),
        idle_seconds=max(1.0, args.idle_seconds),
    )
    return Settings.from_env(
        host=args.host,
        port=args.port,
        db=args.db,
        limits=limits,
        advertise=args.advertise,
        bot_workers=max(0, args.bot_workers),
        bot_delay=max(0.0, args.bot_delay),
        log_level=args.log_level,
    )


def main(args: argparse.Namespace) -> int:
    try:
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn
        import websockets  # noqa: F401
    except ImportError as exc:
        print(
            f"bluffhouse serve needs the server extra ({exc.name} is not installed): "
            "pip install 'bluffhouse[server]'",
            file=sys.stderr,
        )
        return 2

    from .app import Server
    from .config import sqlite_path
    from .storage import Storage

    settings = settings_from(args)
    logging.basicConfig(
        level=settings.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    try:
        storage = Storage(settings.db, write_timeout=settings.limits.write_timeout)
    except Exception as exc:  # a bad URL, an unwritable file, a database that is not there
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        print(f"bluffhouse serve: cannot open the database {settings.db!r}: {why}", file=sys.stderr)
        return 2
    where = storage.description
    storage.close()
    if sqlite_path(settings.db):
        from .cluster import DatabaseInUse, SoloOwnership

        probe = SoloOwnership(storage, "", "")
        try:
            asyncio.run(probe.start())
        except DatabaseInUse as exc:
            print(f"bluffhouse serve: {exc}", file=sys.stderr)
            return 2
        asyncio.run(probe.close())
    server = Server(settings)
    host = settings.host
    shown = f"[{host}]" if ":" in host else host
    print(f"bluffhouse server: data in {where}", flush=True)
    if sqlite_path(settings.db):
        print(
            "  (another file: --db sqlite:///PATH; PostgreSQL: --db "
            "postgresql+psycopg://USER@HOST:PORT/DB)",
            flush=True,
        )
    print(f"bluffhouse server: open http://{shown}:{settings.port}/  (Ctrl-C stops it)", flush=True)
    config = uvicorn.Config(
        server.app,
        host=host,
        port=settings.port,
        ws_max_size=settings.limits.hard_frame_bytes,
        log_level=settings.log_level,
        lifespan="on",
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=5,
    )
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C during shutdown
        uvicorn.Server(config).run()
    print("bluffhouse server: stopped", file=sys.stderr, flush=True)
    return 0
