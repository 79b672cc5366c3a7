"""The authoritative room: one game, its seats, timers and bots, behind one asyncio lock.

Everything that changes a room (an action from a person, a bot or a timer; a join; a start)
takes the room's lock, checks the state version it was decided on, applies through the
engine, commits to storage and only then tells the clients.  Each client's message is built
from ``view(seat)`` and ``events_for(seat)`` of its own seat (``view(None)`` for spectators)
and nothing else of the state.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import bluffhouse as bh
from bluffhouse.bots import bot_class, bot_names, bot_refusal, persona

from .botdriver import BotDriver
from .clocks import Clocks
from .conn import Conn, SeatState
from .errors import Refused
from .moves import LEGAL_CAP, default_move, listed_subset
from .roomdata import RoomConfig, SeatInfo, token_hash
from .seating import Seating
from .storage import Fence, LeaseLost, Storage, StorageError, StoredRoom
from .views import Views
from .wire import dumps

if TYPE_CHECKING:
    from .manager import Manager

__all__ = [
    "LEGAL_CAP",
    "Conn",
    "Refused",
    "Room",
    "RoomConfig",
    "SeatInfo",
    "default_move",
    "listed_subset",
    "token_hash",
    "valid_bot",
]

log = logging.getLogger("bluffhouse.server")


class Room:
    def __init__(
        self,
        manager: Manager,
        code: str,
        config: RoomConfig,
        seats: list[SeatInfo],
        host: str,
        status: str = "lobby",
        game_no: int = 0,
        created: float | None = None,
    ) -> None:
        self.manager = manager
        self.storage: Storage = manager.storage
        self.limits = manager.settings.limits
        self.code = code
        self.config = config
        self.seats = seats
        self.host = host
        self.status = status
        self.game_no = game_no
        self.created = created or time.time()
        self.touched = time.monotonic()
        self.lock = asyncio.Lock()
        self.game: bh.Game | None = None
        self.seed = 0
        self.actions = 0  # accepted actions of the current game
        self.events = 0  # events in the current game's log
        self.state = [SeatState() for _ in seats]
        self.spectators: list[Conn] = []
        self.chat: deque[dict[str, Any]] = deque(maxlen=self.limits.chat_history)
        #: The number of the next chat line (lines are stored numbered).
        self.chat_next = 0
        self.clocks = Clocks(self)
        self.views = Views(self)
        self.bots = BotDriver(self)
        self.seating = Seating(self)
        self._tasks: set[asyncio.Task[Any]] = set()
        self.closed = False
        #: This process's lease on the room (several processes on PostgreSQL), checked by
        #: every write: a process that lost the room cannot write to it.
        self.fence: Fence | None = None
        #: What the game was rebuilt from and the actions stored since (the last snapshot, or
        #: None for the seed; the actions before it): the game is restored from memory when a
        #: write fails, never from the database that just failed.
        self._base: tuple[str | None, int] = (None, 0)
        self._tail: list[tuple[int, dict[str, Any]]] = []
        #: A write failed without knowing whether it committed: the next write first reads
        #: what the database holds and takes it up.
        self.unsure = False

    # ------------------------------------------------------------------ loading
    @classmethod
    def from_stored(cls, manager: Manager, stored: StoredRoom) -> Room:
        """A room as stored; its game rebuilt from the seed (or snapshot) and the actions."""
        config = RoomConfig.from_dict(stored.config)
        seats = [SeatInfo(**s) for s in stored.seats]
        room = cls(
            manager,
            stored.code,
            config,
            seats,
            stored.host,
            stored.status,
            stored.game_no,
            stored.created,
        )
        if stored.game is not None:
            g = stored.game
            room.seed = g.seed
            if g.snapshot:
                game = bh.load(g.snapshot)
                done = g.snapshot_at
            else:
                game = bh.new_game(
                    config.game, players=config.players, seed=g.seed, **config.options
                )
                done = 0
            for seat, action in g.actions:
                game.apply(seat, action)
            room._base = (g.snapshot, g.snapshot_at) if g.snapshot else (None, 0)
            room._tail = list(g.actions)
            room.game = game
            room.actions = done + len(g.actions)
            room.events = len(game.events_for(None))
            room.status = "over" if game.over else "playing"
        room.chat.extend(stored.chat)
        room.chat_next = stored.chat_next
        if stored.clocks is not None and room.game is not None:
            room.clocks.restore(stored.clocks)
        return room

    # ------------------------------------------------------------------ stored and restored
    def _restore(self) -> None:
        """Put the game back as it was after the last stored action, from memory: the last
        snapshot (or the seed) and the stored actions since."""
        snapshot, done = self._base
        game = (
            bh.load(snapshot)
            if snapshot
            else bh.new_game(
                self.config.game, players=self.config.players, seed=self.seed, **self.config.options
            )
        )
        for seat, action in self._tail:
            game.apply(seat, action)
        self.game = game
        self.actions = done + len(self._tail)
        self.forget_derived()

    def forget_derived(self) -> None:
        self.manager.bots.forget(self.code)
        self.views.forget()

    async def reconcile(self) -> None:
        """After a write that may or may not have committed: read what the database holds and,
        where it went further than memory, take that up and tell everyone.  Refused while the
        database is still down."""
        try:
            stored = await self.storage.read(
                Storage.op_load_room(self.code, chat_lines=self.limits.chat_history)
            )
        except StorageError:
            raise _unavailable("nothing was changed") from None
        if stored is None:
            raise _unavailable("the room is missing from the database")
        fresh = Room.from_stored(self.manager, stored)
        self.unsure = False
        self.chat_next = max(self.chat_next, fresh.chat_next)
        same = (fresh.game_no, fresh.actions, fresh.status, fresh.seats) == (
            self.game_no,
            self.actions,
            self.status,
            self.seats,
        )
        if same:
            return
        log.warning(
            "room %s: a write reported as failed had committed; taking up the stored "
            "room (game %s, %s actions)",
            self.code,
            fresh.game_no,
            fresh.actions,
        )
        new_game = fresh.game_no != self.game_no
        self.seats, self.status, self.seed = fresh.seats, fresh.status, fresh.seed
        self.game, self.game_no, self.actions = fresh.game, fresh.game_no, fresh.actions
        self._base, self._tail = fresh._base, fresh._tail
        self.forget_derived()
        if new_game:
            self.events = 0
            if self.game is not None:
                self.manager.bots.new_game(
                    self.code,
                    self.game_no,
                    self.config.game,
                    self.config.players,
                    self.seed,
                    self.config.options,
                )
        self.broadcast(self.room_message())
        if self.game is not None:
            self.after_change(None, [])

    async def store(self, fn: Callable[[Any], Any], what: str) -> Any:
        """A write of this room, fenced by its lease; a failure becomes a refusal that says
        ``what`` did not happen."""
        try:
            return await self.storage.write(fn, fence=self.fence)
        except LeaseLost:
            self.manager.lost(self.code)
            raise _moved() from None
        except StorageError as exc:
            log.error("room %s: %s: %s", self.code, what, exc)
            self.unsure = True
            raise _unavailable(what) from None

    # ------------------------------------------------------------------ who is who
    def seat_of(self, token: str) -> int | None:
        digest = token_hash(token)
        for seat, info in enumerate(self.seats):
            if info.token is not None and hmac.compare_digest(info.token, digest):
                return seat
        return None

    def is_host(self, token: str) -> bool:
        return hmac.compare_digest(self.host, token_hash(token))

    def bot_for(self, seat: int) -> str | None:
        """The bot that acts for ``seat`` now: its own, or the stand-in for an absent person."""
        info = self.seats[seat]
        if info.bot:
            return info.bot
        if self.state[seat].stand_in:
            return self.config.stand_in
        return None

    def host_seat(self) -> int | None:
        for seat, info in enumerate(self.seats):
            if info.token is not None and hmac.compare_digest(info.token, self.host):
                return seat
        return None

    # ------------------------------------------------------------------ public info
    def info(self) -> dict[str, Any]:
        """The room as anyone may see it (no tokens, no cards)."""
        preset = bh.lookup(self.config.game)
        seats = []
        kinds: dict[str, int] = {}
        for seat, info in enumerate(self.seats):
            st = self.state[seat]
            entry = {
                "seat": seat,
                "name": info.name,
                "kind": info.kind,
                "bot": info.bot,
                "connected": any(not c.closed for c in st.conns),
                "stand_in": st.stand_in,
            }
            if info.bot:
                # the name it sits under for people (the second counter: Cole)
                entry["persona"] = persona(info.bot, kinds.get(info.bot, 0))
                kinds[info.bot] = kinds.get(info.bot, 0) + 1
            seats.append(entry)
        out: dict[str, Any] = {
            "code": self.code,
            "link": f"/r/{self.code}",
            "game": preset.id,
            "title": preset.title,
            "players": self.config.players,
            "options": self.config.options,
            "status": self.status,
            "game_no": self.game_no,
            "timers": {"turn": self.config.turn_seconds, "window": self.config.window_seconds},
            "missed_turns": self.config.missed_turns,
            "bot_delay": self.config.bot_delay,
            "seats": seats,
            "spectators": len(self.spectators),
            "host_seat": self.host_seat(),
        }
        if self.game is not None:
            out["version"] = self.game.version
            out["to_act"] = self.game.to_act
            out["result"] = self.game.result
        return out

    def room_message(self) -> dict[str, Any]:
        return {"type": "room", "room": self.info()}

    def broadcast(self, message: dict[str, Any]) -> None:
        text = dumps(message)
        for conn in self.all_conns():
            conn.send(text)

    def all_conns(self) -> list[Conn]:
        out = list(self.spectators)
        for st in self.state:
            out.extend(st.conns)
        return out

    # ------------------------------------------------------------------ seating
    async def attach(self, conn: Conn, token: str | None, events_seen: int | None) -> None:
        """Seat (by token) or spectator (no token): the welcome, the room and the state."""
        await self.seating.attach(conn, token, events_seen)

    async def detach(self, conn: Conn) -> None:
        await self.seating.detach(conn)

    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        return await self.seating.join(name, seat)

    async def start(self, token: str, fill: str | None) -> None:
        await self.seating.start(token, fill)

    async def rematch(self, token: str) -> None:
        await self.seating.rematch(token)

    # ------------------------------------------------------------------ play
    async def submit(
        self,
        seat: int,
        action: Any,
        version: Any,
        source: str,
        request_id: str | None = None,
        game_no: int | None = None,
    ) -> None:
        """An action for ``seat`` decided at ``version`` (of game ``game_no``, if given: after
        a rematch versions start again); raises Refused (nothing changed)."""
        asked = time.perf_counter()
        async with self.lock:
            self.manager.timing["lock_wait"] += time.perf_counter() - asked
            if game_no is not None and game_no != self.game_no:
                raise Refused(
                    "stale",
                    f"you acted in game {game_no}, but the table is at "
                    f"game {self.game_no} now: look at the new state and act again",
                )
            await self.submit_locked(seat, action, version, source, request_id)
        self.manager.recent.append(time.perf_counter() - asked)

    def may_act(
        self, seat: int, version: Any, request_id: str | None = None, asking: bool = False
    ) -> bh.Game:
        """The game, if ``seat`` may act on ``version`` now; else raises Refused, for the same
        reasons whether the action is sent (``submit_locked``) or only asked about
        (``check``, ``asking``)."""
        game = self.game
        if game is None or self.status == "lobby":
            raise Refused("not_started", "the game has not started yet")
        if game.over:
            raise Refused("over", "the game is over")
        if request_id is not None and request_id in self.state[seat].recent_ids:
            raise Refused("duplicate", f"action {request_id!r} was already accepted")
        if version != game.version:
            raise Refused(
                "stale",
                f"you {'asked about' if asking else 'acted on'} version "
                f"{version}, but the table is at version {game.version} now"
                + ("" if asking else ": look at the new state and act again"),
            )
        if seat not in game.to_act:
            if asking:
                raise Refused("not_your_turn", f"seat {seat} may not act now")
            waiting = ", ".join(map(str, game.to_act))
            raise Refused(
                "not_your_turn", f"seat {seat} may not act now (waiting for seat {waiting})"
            )
        return game

    async def submit_locked(
        self, seat: int, action: Any, version: Any, source: str, request_id: str | None = None
    ) -> None:
        """Apply, store, then tell: an action exists only once it is stored.  If the write
        fails the game is put back from memory, exactly as it was, and the seat is refused
        (``storage_unavailable``): nobody saw the action, and it can be sent again."""
        if self.unsure:
            await self.reconcile()
        game = self.may_act(seat, version, request_id)
        st = self.state[seat]
        prev_to_act = game.to_act
        try:
            game.apply(seat, action)
        except bh.IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        except Exception as exc:  # an engine failure on odd input: storage is the truth
            log.warning(
                "room %s: the engine failed on %r from seat %s: %r", self.code, action, seat, exc
            )
            self._restore()
            raise Refused("illegal", "the server could not apply that action") from None
        idx = self.actions
        result = game.result if game.over else None
        every = self.limits.snapshot_every
        snapshot = game.to_json() if not game.over and (idx + 1) % every == 0 else None
        stored = time.perf_counter()
        try:
            await self.storage.append(
                self.code,
                self.game_no,
                idx,
                seat,
                action,
                source,
                result,
                snapshot,
                fence=self.fence,
            )
            self.manager.timing["store_wait"] += time.perf_counter() - stored
        except LeaseLost:
            self._restore()
            self.manager.lost(self.code)
            raise _moved() from None
        except StorageError as exc:
            log.error(
                "room %s: an action was not stored, the game is as it was: %s", self.code, exc
            )
            self._restore()
            self.unsure = True
            raise _unavailable("your move was not made") from None
        if snapshot is not None:
            self._base, self._tail = (snapshot, idx + 1), []
        else:
            self._tail.append((seat, action))
        self.actions = idx + 1
        self.manager.accepted += 1
        self.manager.bots.applied(self.code, self.game_no, seat, action)
        if request_id is not None:
            st.recent_ids.append(request_id)
        if source == "player":
            self.clocks.dirty = self.clocks.dirty or st.missed > 0
            st.missed = 0
            if st.stand_in:
                st.stand_in = False
                self.broadcast(self.room_message())
        self.touched = time.monotonic()
        told = time.perf_counter()
        self.after_change(seat, prev_to_act)
        self.manager.timing["tell"] += time.perf_counter() - told

    def after_change(self, actor: int | None, prev_to_act: list[int]) -> None:
        """Tell every client, then re-arm the timers and wake the bots."""
        game = self.game
        assert game is not None
        since = self.events
        self.events = since + len(game.events_for(None, since=since))
        if game.over:
            self.status = "over"
            self.clocks.cancel()
            self.manager.bots.forget(self.code)
            self.views.push(since)
            self.broadcast(
                {
                    "type": "over",
                    "code": self.code,
                    "game_no": self.game_no,
                    "result": game.result,
                    "record": f"/api/rooms/{self.code}/record?game={self.game_no}",
                    "log": f"/api/rooms/{self.code}/log?game={self.game_no}",
                }
            )
            self.broadcast(self.room_message())
            return
        self.clocks.arm(actor, prev_to_act)  # first: the state message shows the clocks
        self.views.push(since)
        if any(entry[0].get("caller") is not None for entry in game.events[since:]):
            self.bots.showdown_dealt()
        self.bots.wake()

    async def back(self, conn: Conn) -> None:
        """The person in this seat is back: its stand-in bot stops playing for it (and its
        missed turns start again from none)."""
        async with self.lock:
            if conn.seat is None:
                raise Refused("spectator", "spectators have no seat to come back to")
            st = self.state[conn.seat]
            if st.stand_in or st.missed:
                st.stand_in, st.missed = False, 0
                self.clocks.dirty = True
                self.broadcast(self.room_message())

    async def next_hand(self, conn: Conn) -> None:
        """This person has seen the showdown: when everyone at the table has, the bots open
        the next hand without waiting out the pause."""
        async with self.lock:
            if conn.seat is None:
                raise Refused("spectator", "spectators have no seat to say they are ready")
            self.bots.next_hand(conn.seat)

    # ------------------------------------------------------------------ chat
    async def say(self, conn: Conn, text: str) -> None:
        async with self.lock:
            if conn.seat is None and not conn.host:
                raise Refused("spectator", "spectators cannot chat; take a seat to talk")
            name = self.seats[conn.seat].name if conn.seat is not None else "host"
            line = {"seat": conn.seat, "name": name, "text": text, "at": round(time.time(), 3)}
            if self.unsure:
                await self.reconcile()
            await self.store(
                Storage.op_chat(self.code, self.chat_next, line), "the chat line was not sent"
            )
            self.chat_next += 1
            self.chat.append(line)
            self.broadcast({"type": "chat", **line})

    # ------------------------------------------------------------------ life
    def spawn(self, coro: Any) -> asyncio.Task[Any]:
        task: asyncio.Task[Any] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return task

    def _task_done(self, task: asyncio.Task[Any]) -> None:
        self._tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("room %s: a task failed", self.code, exc_info=task.exception())

    def idle(self, now: float) -> bool:
        """Unloadable: nothing is running, nobody is connected, untouched for a while."""
        return (
            self.status != "playing"
            and not self.all_conns()
            and now - self.touched > self.limits.idle_unload_seconds
        )

    async def close(self, code: int = 1001, reason: str = "the server is stopping") -> None:
        self.closed = True
        self.manager.bots.forget(self.code)
        self.clocks.cancel()
        for task in list(self._tasks):
            task.cancel()
        for conn in self.all_conns():
            conn.cut(code, reason)


def _unavailable(what: str) -> Refused:
    return Refused(
        "storage_unavailable",
        f"the server cannot save anything right now, so {what}; "
        "the table is as it was: try again in a moment",
    )


def _moved() -> Refused:
    return Refused(
        "room_moved", "this room is now served by another server process; reconnect to go on"
    )


def valid_bot(name: Any, what: str, table: tuple[str, int, Mapping[str, Any]] | None = None) -> str:
    """A bot name of the registry, lower-cased; with ``table`` (game, players, options), one
    that sits at such a table (the learned bot plays one game)."""
    if not isinstance(name, str) or name.strip().lower() not in bot_names():
        why = ""
        if isinstance(name, str) and name.strip():
            try:
                bot_class(name)
            except ValueError as exc:  # an unknown bot, or one this install cannot offer
                why = "" if str(exc).startswith("unknown bot") else f": {exc}"
        raise Refused(
            "bad_request",
            f"{what} must be a bot name ({', '.join(bot_names())}), not {name!r}{why}",
        )
    key: str = name.strip().lower()
    if table is not None:
        reason = bot_refusal(key, *table)
        if reason is not None:
            raise Refused("bad_request", f"{what}: {reason}")
    return key


#: The bots that may stand in for an absent person: they play as ``counter`` would, never a
#: wilder style in someone's name.
STAND_INS = ("counter", "counter_v1")

Clock = Callable[[], float]
