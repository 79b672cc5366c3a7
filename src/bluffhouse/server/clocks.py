"""A room's clocks: a turn clock and a call-window clock per seat to act, the default move when
one runs out, a stand-in bot after too many missed turns, and what is saved of them so that a
restarted server resumes them."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from .conn import Deadline
from .errors import Refused
from .moves import default_move

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("bluffhouse.server")

#: A clock restored after a restart gives at least this long (or its full time, if shorter):
#: time to reconnect.
RESUME_GRACE = 5.0


class Clocks:
    """The running clocks of one room (its lock held by every caller but the timers)."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.deadlines: dict[int, Deadline] = {}
        #: The clocks, missed turns or stand-ins changed since they were last saved.
        self.dirty = False
        #: Clocks to resume (seat: kind, seconds left), from before a restart.
        self._resume: dict[int, tuple[str, float]] = {}

    def data(self) -> dict[str, Any]:
        """The running clocks (seconds left now), missed turns and stand-ins, to be saved."""
        room = self.room
        now = time.time()
        return {
            "game_no": room.game_no,
            "version": room.game.version if room.game is not None else None,
            "saved_at": round(now, 3),
            "clocks": [
                {"seat": seat, "kind": d.kind, "left": round(max(0.0, d.wall - now), 3)}
                for seat, d in sorted(self.deadlines.items())
            ],
            "missed": [st.missed for st in room.state],
            "stand_in": [s for s, st in enumerate(room.state) if st.stand_in],
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Take back what ``clock_data`` saved before a restart: the missed turns and the
        stand-ins of this game, and the clocks if the game is still where they were saved
        (the time the server was down is not counted against anyone)."""
        room = self.room
        game = room.game
        if game is None or data.get("game_no") != room.game_no:
            return
        missed = data.get("missed", [])
        for seat, st in enumerate(room.state):
            if seat < len(missed) and isinstance(missed[seat], int):
                st.missed = missed[seat]
            st.stand_in = seat in data.get("stand_in", []) and not room.seats[seat].bot
        if data.get("version") == game.version:
            self._resume = {
                c["seat"]: (c["kind"], float(c["left"])) for c in data.get("clocks", [])
            }

    def info(self) -> list[dict[str, Any]]:
        now = time.time()
        return [
            {
                "seat": seat,
                "kind": d.kind,
                "seconds_left": round(max(0.0, d.wall - now), 3),
                "ends_at": round(d.wall, 3),
            }
            for seat, d in sorted(self.deadlines.items())
        ]

    def cancel(self) -> None:
        for d in self.deadlines.values():
            if d.handle is not None:
                d.handle.cancel()
        self.dirty = self.dirty or bool(self.deadlines)
        self.deadlines = {}

    def arm(self, actor: int | None, prev_to_act: list[int]) -> None:
        room = self.room
        game = room.game
        assert game is not None
        loop = asyncio.get_running_loop()
        to_act = game.to_act
        shrinking = set(to_act) < set(prev_to_act)
        fresh: dict[int, Deadline] = {}
        for seat in to_act:
            if room.bot_for(seat) is not None:
                continue
            kind = room.views.mode(seat)
            seconds = room.config.window_seconds if kind == "window" else room.config.turn_seconds
            if seconds is None:
                continue
            old = self.deadlines.get(seat)
            if old is not None and shrinking and seat != actor and old.kind == kind:
                fresh[seat] = old  # the same window, one answer fewer: its clock runs on
                continue
            resumed = self._resume.get(seat)
            if resumed is not None and resumed[0] == kind:
                seconds = max(resumed[1], min(seconds, RESUME_GRACE))
            d = Deadline(at=loop.time() + seconds, kind=kind, wall=time.time() + seconds)
            d.handle = loop.call_at(d.at, self._on_timer, seat, d)
            fresh[seat] = d
        changed = fresh.keys() != self.deadlines.keys()
        for seat, old in self.deadlines.items():
            if fresh.get(seat) is not old:
                changed = True
                if old.handle is not None:
                    old.handle.cancel()
        self.deadlines = fresh
        self._resume = {}
        self.dirty = self.dirty or changed

    def _on_timer(self, seat: int, deadline: Deadline) -> None:
        room = self.room
        room.spawn(self._expire(seat, deadline))

    async def _expire(self, seat: int, deadline: Deadline) -> None:
        room = self.room
        async with room.lock:
            game = room.game
            if (
                self.deadlines.get(seat) is not deadline
                or game is None
                or game.over
                or seat not in game.to_act
            ):
                return  # an action came first: the version moved on
            del self.deadlines[seat]
            st = room.state[seat]
            if deadline.kind == "window":
                action: dict[str, Any] = {"type": "pass"}
                if not game.is_legal(seat, action):
                    action = default_move(game, seat)
            else:
                action = default_move(game, seat)
                st.missed += 1
                self.dirty = True
                if st.missed >= room.config.missed_turns and not st.stand_in:
                    st.stand_in = True
                    room.broadcast(room.room_message())
            try:
                await room.submit_locked(seat, action, game.version, "timeout")
            except Refused as exc:
                if exc.code == "storage_unavailable":
                    # Not made: the clock tries again shortly (the missed turn was not one).
                    if deadline.kind == "turn":
                        st.missed = max(0, st.missed - 1)
                    self._retry(seat, deadline.kind)
                    return
                log.warning(
                    "room %s: the timer's move for seat %s was refused: %s", room.code, seat, exc
                )

    def _retry(self, seat: int, kind: str, seconds: float = 1.0) -> None:
        loop = asyncio.get_running_loop()
        d = Deadline(at=loop.time() + seconds, kind=kind, wall=time.time() + seconds)
        d.handle = loop.call_at(d.at, self._on_timer, seat, d)
        self.deadlines[seat] = d
