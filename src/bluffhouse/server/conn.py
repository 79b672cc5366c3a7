"""A room's run-time people: each websocket client (its seat, its outgoing queue, what it was
sent) and each seat's connections, missed turns and stand-in, and a running clock."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .wire import dumps

if TYPE_CHECKING:
    from .room import Room

#: Accepted request ids remembered per seat, to refuse a resent duplicate.
RECENT_IDS = 64


@dataclass
class Deadline:
    at: float  # loop.time() when it runs out
    kind: str  # "turn" or "window"
    wall: float  # time.time() when it runs out (for clients)
    handle: asyncio.TimerHandle | None = None


class Conn:
    """One websocket client: its seat (None: a spectator) and a bounded outgoing queue."""

    def __init__(self, send_queue: int, peer: str = "") -> None:
        self.seat: int | None = None
        self.host = False
        self.room: Room | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(maxsize=send_queue)
        self.closed = False
        self.close_code = 1000
        self.close_reason = ""
        self.peer = peer
        #: When anything last went either way (monotonic): idle connections are closed.
        self.active = time.monotonic()
        #: The rate limit counts what a client sends unprompted; its answers to the states it
        #: was sent are free, however far behind it reads them (app.py, ``Server._free``).
        #: Legal asks owed: states sent that leave the seat's legal actions to be asked for.
        self.asks_owed = 0
        #: game number: (first, last) version of it this connection was sent a state of (it is
        #: sent every state between), for the last two games; (game number, version) of the
        #: last state it acted on.
        self.seen: dict[int, tuple[int, int]] = {}
        self.acted: tuple[int, int] | None = None

    def send(self, message: dict[str, Any] | str) -> None:
        if self.closed:
            return
        text = message if isinstance(message, str) else dumps(message)
        self.active = time.monotonic()
        try:
            self.queue.put_nowait(text)
        except asyncio.QueueFull:
            self.cut(1008, "too slow: messages piled up unread")

    def send_state(self, text: str, game_no: int, version: int, ask: bool) -> None:
        """Send a state message, which the client may answer without being counted as
        flooding: an action on its version, and a legal ask if ``ask`` (its seat has a turn,
        whose legal actions are not listed in the message)."""
        self.send(text)
        if ask:  # no more than the send queue holds: a client further behind is cut off
            self.asks_owed = min(self.asks_owed + 1, self.queue.maxsize)
        first = self.seen[game_no][0] if game_no in self.seen else version
        self.seen[game_no] = (first, version)
        if len(self.seen) > 2:
            del self.seen[min(self.seen)]

    def free_legal_ask(self) -> bool:
        """Whether a legal ask answers a state this connection was sent and has not asked
        about yet (a client catching up asks about states the game has left)."""
        if self.asks_owed <= 0:
            return False
        self.asks_owed -= 1
        return True

    def free_action(self, game_no: int, version: int) -> bool:
        """Whether an action on ``version`` of game ``game_no`` answers a state this connection
        was sent and has not acted on (then it is marked acted on).  Versions it was never
        sent, or the same one again, are not answers."""
        key = (game_no, version)
        first, last = self.seen.get(game_no, (0, -1))
        if not first <= version <= last or (self.acted is not None and key <= self.acted):
            return False
        self.acted = key
        return True

    def cut(self, code: int, reason: str) -> None:
        """Close this connection (the writer task sends the close frame)."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        self.close_reason = reason
        # Make room for the sentinel: what is still queued no longer matters.
        while True:
            try:
                self.queue.put_nowait(None)
                break
            except asyncio.QueueFull:
                with contextlib.suppress(asyncio.QueueEmpty):
                    self.queue.get_nowait()


@dataclass
class SeatState:
    """What the room knows about a seat while it runs (not stored: a restart resets it)."""

    conns: list[Conn] = field(default_factory=list)
    missed: int = 0
    stand_in: bool = False
    recent_ids: deque[str] = field(default_factory=lambda: deque(maxlen=RECENT_IDS))
