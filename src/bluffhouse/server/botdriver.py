"""Driving a room's bots (its own, and stand-ins for absent people): decisions made off the
room's lock, in the bot workers (a call window's bots all at once), then submitted like anyone's
action."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING, Any

from .botrunner import Resync, bot_seed
from .errors import Refused
from .moves import default_move

if TYPE_CHECKING:
    from .room import Room

log = logging.getLogger("bluffhouse.server")


#: A showdown (Poker Bull's call: every hand shown) stays on the table this many bot think
#: times before a bot opens the next hand's bidding (at most REVEAL_MOST seconds), unless
#: every person at the table clicks "next" sooner.
REVEAL_THINKS = 5
REVEAL_MOST = 3.0


def _reveal_pause(game: Any, think: float) -> float:
    """How much longer the bots wait to act now: a while after a showdown, so that people see
    every hand before the next hand's bidding starts; no pause elsewhere."""
    if getattr(game, "FAMILY", "") != "poker_bull" or think <= 0:
        return 0.0
    for event in reversed(game.events):
        kind = event[0].get("type")
        if kind == "bid":
            return 0.0
        if kind == "call":
            return min(REVEAL_MOST, REVEAL_THINKS * think)
    return 0.0


class BotDriver:
    """The task that plays a room's bot seats while any of them is to act."""

    def __init__(self, room: Room) -> None:
        self.room = room
        self.task: asyncio.Task[None] | None = None
        #: The seats whose people clicked "next" on the showdown on the table; when every
        #: connected person has, ``shown`` is set and the bots open the next hand at once.
        self.seen: set[int] = set()
        self.shown = asyncio.Event()

    def showdown_dealt(self) -> None:
        """A showdown came on the table: nobody has clicked "next" on it yet."""
        self.seen.clear()
        self.shown.clear()

    def next_hand(self, seat: int) -> None:
        """This seat's person has seen the showdown; the pause ends once every connected
        person (not a bot, not stood in for) has."""
        room = self.room
        self.seen.add(seat)
        people = {c.seat for c in room.all_conns() if c.seat is not None}
        if {s for s in people if room.bot_for(s) is None} <= self.seen:
            self.shown.set()

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
        """The bots to act decide, then act, in ``to_act``'s order (a window's seats from
        the player's left; under ``callers="anytime"`` the player on turn last).  On a turn
        that is one bot; in a call window every bot in it decides at once on the same state,
        and their think time (``bot_delay``) runs once for all of them, so a window of bots
        closes in one bot's time.  A table of bots plays the same game whatever the timing."""
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
                if len(game.to_act) == 1:
                    seats = seats[:1]
                version, game_no = game.version, room.game_no
                pause = _reveal_pause(game, room.config.bot_delay)
                asked: list[tuple[int, str, Any, int]] = []
                for seat in seats:
                    name = room.bot_for(seat)
                    assert name is not None
                    job = runner.prepare(room.code, game_no, game)
                    asked.append((seat, name, job, bot_seed(room.seed, game_no, version, seat)))
            started = loop.time()
            answers = await asyncio.gather(
                *(runner.decide(job, seat, name, seed) for seat, name, job, seed in asked),
                return_exceptions=True,
            )
            if any(isinstance(a, Resync) for a in answers):
                resyncs += 1
                if resyncs <= 3:
                    continue  # the worker restarted or forgot the game: again, with the state
                log.warning("room %s: the bot worker keeps failing for seats %s", room.code, seats)
            else:
                resyncs = 0
            decided: list[tuple[int, str, dict[str, Any] | None]] = []
            for (seat, name, _, _), answer in zip(asked, answers, strict=True):
                if isinstance(answer, BaseException):
                    if not isinstance(answer, Resync):
                        log.warning(
                            "room %s: bot %s failed for seat %s: %r", room.code, name, seat, answer
                        )
                    decided.append((seat, name, None))
                else:
                    decided.append((seat, name, answer))
            wait = room.config.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            if pause > 0:  # the showdown stays up until everyone clicks "next", or this long
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self.shown.wait(), pause)
            outage = False
            async with room.lock:
                for seat, name, action in decided:
                    game = room.game
                    if (
                        game is None
                        or game.over
                        or room.game_no != game_no
                        or room.bot_for(seat) is None
                        or seat not in game.to_act
                    ):
                        break  # the table moved on: decide again
                    if game.version != version and (
                        len(asked) == 1 or action is None or not game.is_legal(seat, action)
                    ):
                        break  # the state it decided on is gone: decide again
                    try:
                        if action is None:
                            raise Refused("illegal", "no decision")
                        await room.submit_locked(seat, action, game.version, "bot")
                    except Refused as exc:
                        if exc.code == "room_moved":
                            return
                        if exc.code == "storage_unavailable":
                            outage = True
                            break
                        if room.game is not None:
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
                                    seat, default_move(room.game, seat), room.game.version, "bot"
                                )
            if outage:  # the database is down: wait (outside the lock), then decide again
                await asyncio.sleep(1.0)
                continue
