"""The authoritative game server behind ``bluffhouse serve`` (needs the ``server`` extra).

Layers, as in boardgame.io: :mod:`.room` (the authoritative room: engine, lock, timers, bots),
:mod:`.storage` (SQLAlchemy: SQLite or PostgreSQL), :mod:`.app` (HTTP lobby API and the
websocket protocol of docs/server.md).  It uses only the engine's public surface.

Importing this package needs nothing beyond the standard library (``bluffhouse serve`` can say
what to install); ``create_app`` and ``Server`` load Starlette and SQLAlchemy on first use.
"""

from typing import Any

from .config import Limits, Settings

__all__ = ["Limits", "Server", "Settings", "create_app"]


def __getattr__(name: str) -> Any:
    if name in ("Server", "create_app"):
        from . import app

        return getattr(app, name)
    raise AttributeError(name)
