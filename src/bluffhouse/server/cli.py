"""``bluffhouse serve``: the argparse wiring (registered by ``bluffhouse.cli``)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import sys
from typing import Any

from .config import Limits, Settings


def add_parser(subparsers: Any) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = subparsers.add_parser(
        "serve", help="run the game server (rooms, seats, play over websockets)",
        description="Run the bluffhouse game server. Settings also come from the environment: "
                    "BLUFFHOUSE_HOST, BLUFFHOUSE_PORT, BLUFFHOUSE_DB.")
    p.add_argument("--host", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, help="port (default 8000)")
    p.add_argument("--db", metavar="URL",
                   help="database URL: sqlite:///FILE (default: a file in your data folder) "
                        "or postgresql+psycopg://USER@HOST:PORT/DB")
    p.add_argument("--bot-workers", type=int, default=1, metavar="N",
                   help="processes for bot decisions (default 1; 0: a thread in the server, "
                        "whose bots then compete with it for the interpreter lock)")
    p.add_argument("--bot-delay", type=float, default=0.6, metavar="SECONDS",
                   help="default think time of bots in new rooms (default 0.6)")
    p.add_argument("--room-rate", type=int, default=30, metavar="N",
                   help="rooms one address may create per minute (default 30)")
    p.add_argument("--log-level", default="info",
                   choices=["critical", "error", "warning", "info", "debug"])
    p.set_defaults(func=main)
    return p


def settings_from(args: argparse.Namespace) -> Settings:
    limits = Limits(creates_per_minute=max(1, args.room_rate))
    return Settings.from_env(host=args.host, port=args.port, db=args.db, limits=limits,
                             bot_workers=max(0, args.bot_workers),
                             bot_delay=max(0.0, args.bot_delay), log_level=args.log_level)


def main(args: argparse.Namespace) -> int:
    try:
        import sqlalchemy  # noqa: F401
        import starlette  # noqa: F401
        import uvicorn
        import websockets  # noqa: F401
    except ImportError as exc:
        print(f"bluffhouse serve needs the server extra ({exc.name} is not installed): "
              "pip install 'bluffhouse[server]'", file=sys.stderr)
        return 2

    from .app import Server
    from .config import sqlite_path
    from .storage import Storage

    settings = settings_from(args)
    logging.basicConfig(level=settings.log_level.upper(),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    storage = Storage(settings.db)  # fails here, clearly, on a bad URL or an unwritable file
    where = storage.description
    storage.close()
    server = Server(settings)
    host = settings.host
    shown = f"[{host}]" if ":" in host else host
    print(f"bluffhouse server: data in {where}", flush=True)
    if sqlite_path(settings.db):
        print("  (another file: --db sqlite:///PATH; PostgreSQL: --db "
              "postgresql+psycopg://USER@HOST:PORT/DB)", flush=True)
    print(f"bluffhouse server: open http://{shown}:{settings.port}/  (Ctrl-C stops it)",
          flush=True)
    config = uvicorn.Config(server.app, host=host, port=settings.port,
                            ws_max_size=settings.limits.hard_frame_bytes,
                            log_level=settings.log_level, lifespan="on",
                            ws_per_message_deflate=False, timeout_graceful_shutdown=5)
    with contextlib.suppress(KeyboardInterrupt):  # a second Ctrl-C during shutdown
        uvicorn.Server(config).run()
    print("bluffhouse server: stopped", file=sys.stderr, flush=True)
    return 0
