"""Driving a room's bots (its own, and stand-ins for absent people): one decision at a time,
off the room's lock, in the bot workers, then submitted like anyone's action."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from .botrunner import BotFailed, Resync, bot_seed
from .errors import Refused
from .moves import default_move

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("bluffhouse.server")


class BotDriver:
    """The task that plays a room's bot seats while any of them is to act."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.task: asyncio.Task[None] | None = None

    def wake(self) -> None:
        room = self.room
        game = room.game
        if game is None or game.over or room.closed:
            return
        if not any(room.bot_for(s) is not None for s in game.to_act):
            return
        if self.task is None or self.task.done():
            self.task = room.spawn(self._loop())

    async def _loop(self) -> None:
        """One bot decision at a time per room, lowest seat first: a table of bots plays
        the same game whatever the timing."""
        room = self.room
        runner = room.manager.bots
        loop = asyncio.get_running_loop()
        resyncs = 0
        while not room.closed:
            async with room.lock:
                game = room.game
                if game is None or game.over:
                    return
                seats = [s for s in game.to_act if room.bot_for(s) is not None]
                if not seats:
                    return
                seat = seats[0]
                name = room.bot_for(seat)
                assert name is not None
                version, game_no = game.version, room.game_no
                job = runner.prepare(room.code, game_no, game)
                seed = bot_seed(room.seed, game_no, version, seat)
            started = loop.time()
            try:
                action = await runner.decide(job, seat, name, seed)
                resyncs = 0
            except Resync:
                resyncs += 1
                if resyncs <= 3:
                    continue  # the worker restarted or forgot the game: again, with the state
                log.warning("room %s: the bot worker keeps failing for seat %s", room.code, seat)
                action = None
            except BotFailed as exc:
                log.warning("room %s: bot %s failed for seat %s: %s", room.code, name, seat, exc)
                action = None
            except Exception as exc:
                log.warning("room %s: bot %s failed for seat %s: %r", room.code, name, seat, exc)
                action = None
            wait = room.config.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with room.lock:
                game = room.game
                if (
                    game is None
                    or game.over
                    or room.game_no != game_no
                    or game.version != version
                    or room.bot_for(seat) is None
                ):
                    continue  # the table moved on: decide again
                outage = False
                try:
                    if action is None:
                        raise Refused("illegal", "no decision")
                    await room.submit_locked(seat, action, version, "bot")
                except Refused as exc:
                    if exc.code == "room_moved":
                        return
                    if exc.code == "storage_unavailable":
                        outage = True
                    elif room.game is not None:
                        log.warning(
                            "room %s: bot %s's move for seat %s was refused (%s); "
                            "playing the default move",
                            room.code,
                            name,
                            seat,
                            exc,
                        )
                        with contextlib.suppress(Refused):
                            await room.submit_locked(
                                seat, default_move(room.game, seat), version, "bot"
                            )
            if outage:  # the database is down: wait (outside the lock), then decide again
                await asyncio.sleep(1.0)
                continue
