"""The authoritative room: one game, its seats, timers and bots, behind one asyncio lock.

Everything that changes a room (an action from a person, a bot or a timer; a join; a start)
takes the room's lock, checks the state version it was decided on, applies through the
engine, commits to storage and only then tells the clients.  Each client's message is built
from ``view(seat)`` and ``events_for(seat)`` of its own seat (``view(None)`` for spectators)
and nothing else of the state.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

import bluffhouse as bh
from bluffhouse.bots import Choices, bot_class, bot_names, bot_refusal

from .botrunner import BotFailed, Resync, bot_seed
from .conn import Conn, Deadline, SeatState
from .errors import Refused
from .moves import LEGAL_CAP, LEGAL_INLINE, WINDOW_KINDS, default_move, listed_subset
from .storage import Fence, LeaseLost, Storage, StorageError, StoredRoom
from .wire import dumps

if TYPE_CHECKING:
    from .manager import Manager

__all__ = ["LEGAL_CAP", "Conn", "Refused", "Room", "RoomConfig", "SeatInfo", "default_move",
           "listed_subset", "token_hash", "valid_bot"]

log = logging.getLogger("bluffhouse.server")

#: A clock restored after a restart gives at least this long (or its full time, if shorter):
#: time to reconnect.
RESUME_GRACE = 5.0


def token_hash(token: str) -> str:
    """Tokens are stored hashed: the database alone does not let anyone act for a seat."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class RoomConfig:
    """A room's settings, as created; stored with the room."""

    game: str
    players: int
    options: dict[str, Any]
    turn_seconds: float | None = 30.0
    window_seconds: float | None = 5.0
    missed_turns: int = 3
    bot_delay: float = 0.6
    stand_in: str = "counter"
    #: A fixed first seed (rematches add the game number); None draws one per game.
    seed: int | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoomConfig:
        return cls(**data)


@dataclass
class SeatInfo:
    name: str | None = None
    bot: str | None = None
    token: str | None = None  # sha256 of the seat's token

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "person" if self.token else "free"


class Room:
    def __init__(self, manager: Manager, code: str, config: RoomConfig,
                 seats: list[SeatInfo], host: str, status: str = "lobby",
                 game_no: int = 0, created: float | None = None) -> None:
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
        #: The clocks, missed turns or stand-ins changed since they were last saved.
        self.clocks_dirty = False
        #: Clocks to resume (seat: kind, seconds left), from before a restart.
        self._resume: dict[int, tuple[str, float]] = {}
        self.deadlines: dict[int, Deadline] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self._legal_cache: dict[tuple[int, int], list[dict[str, Any]]] = {}
        self._mode_cache: dict[tuple[int, int], str] = {}
        self._legal_reply: dict[int, tuple[tuple[int, int], str]] = {}
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
        room = cls(manager, stored.code, config, seats, stored.host, stored.status,
                   stored.game_no, stored.created)
        if stored.game is not None:
            g = stored.game
            room.seed = g.seed
            if g.snapshot:
                game = bh.load(g.snapshot)
                done = g.snapshot_at
            else:
                game = bh.new_game(config.game, players=config.players, seed=g.seed,
                                   **config.options)
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
            room.restore_clocks(stored.clocks)
        return room

    # ------------------------------------------------------------------ saved clocks
    def clock_data(self) -> dict[str, Any]:
        """The running clocks (seconds left now), missed turns and stand-ins, to be saved."""
        now = time.time()
        return {"game_no": self.game_no,
                "version": self.game.version if self.game is not None else None,
                "saved_at": round(now, 3),
                "clocks": [{"seat": seat, "kind": d.kind, "left": round(max(0.0, d.wall - now), 3)}
                           for seat, d in sorted(self.deadlines.items())],
                "missed": [st.missed for st in self.state],
                "stand_in": [s for s, st in enumerate(self.state) if st.stand_in]}

    def restore_clocks(self, data: dict[str, Any]) -> None:
        """Take back what ``clock_data`` saved before a restart: the missed turns and the
        stand-ins of this game, and the clocks if the game is still where they were saved
        (the time the server was down is not counted against anyone)."""
        game = self.game
        if game is None or data.get("game_no") != self.game_no:
            return
        missed = data.get("missed", [])
        for seat, st in enumerate(self.state):
            if seat < len(missed) and isinstance(missed[seat], int):
                st.missed = missed[seat]
            st.stand_in = seat in data.get("stand_in", []) and not self.seats[seat].bot
        if data.get("version") == game.version:
            self._resume = {c["seat"]: (c["kind"], float(c["left"]))
                            for c in data.get("clocks", [])}

    def _restore(self) -> None:
        """Put the game back as it was after the last stored action, from memory: the last
        snapshot (or the seed) and the stored actions since."""
        snapshot, done = self._base
        game = bh.load(snapshot) if snapshot else bh.new_game(
            self.config.game, players=self.config.players, seed=self.seed,
            **self.config.options)
        for seat, action in self._tail:
            game.apply(seat, action)
        self.game = game
        self.actions = done + len(self._tail)
        self._forget_derived()

    def _forget_derived(self) -> None:
        self.manager.bots.forget(self.code)
        self._legal_cache.clear()
        self._mode_cache.clear()
        self._legal_reply.clear()

    async def _reconcile(self) -> None:
        """After a write that may or may not have committed: read what the database holds and,
        where it went further than memory, take that up and tell everyone.  Refused while the
        database is still down."""
        try:
            stored = await self.storage.read(Storage.op_load_room(
                self.code, chat_lines=self.limits.chat_history))
        except StorageError:
            raise _unavailable("nothing was changed") from None
        if stored is None:
            raise _unavailable("the room is missing from the database")
        fresh = Room.from_stored(self.manager, stored)
        self.unsure = False
        self.chat_next = max(self.chat_next, fresh.chat_next)
        same = (fresh.game_no, fresh.actions, fresh.status, fresh.seats) == \
            (self.game_no, self.actions, self.status, self.seats)
        if same:
            return
        log.warning("room %s: a write reported as failed had committed; taking up the stored "
                    "room (game %s, %s actions)", self.code, fresh.game_no, fresh.actions)
        new_game = fresh.game_no != self.game_no
        self.seats, self.status, self.seed = fresh.seats, fresh.status, fresh.seed
        self.game, self.game_no, self.actions = fresh.game, fresh.game_no, fresh.actions
        self._base, self._tail = fresh._base, fresh._tail
        self._forget_derived()
        if new_game:
            self.events = 0
            if self.game is not None:
                self.manager.bots.new_game(self.code, self.game_no, self.config.game,
                                           self.config.players, self.seed,
                                           self.config.options)
        self.broadcast(self.room_message())
        if self.game is not None:
            self.after_change(None, [])

    async def _store(self, fn: Callable[[Any], Any], what: str) -> Any:
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
        for seat, info in enumerate(self.seats):
            st = self.state[seat]
            seats.append({"seat": seat, "name": info.name, "kind": info.kind, "bot": info.bot,
                          "connected": any(not c.closed for c in st.conns),
                          "stand_in": st.stand_in})
        out: dict[str, Any] = {
            "code": self.code, "link": f"/r/{self.code}", "game": preset.id,
            "title": preset.title, "players": self.config.players,
            "options": self.config.options, "status": self.status, "game_no": self.game_no,
            "timers": {"turn": self.config.turn_seconds, "window": self.config.window_seconds},
            "missed_turns": self.config.missed_turns, "bot_delay": self.config.bot_delay,
            "seats": seats, "spectators": len(self.spectators), "host_seat": self.host_seat(),
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

    # ------------------------------------------------------------------ views
    def legal(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions now (a Cheat lead may have thousands: listed on demand,
        and only short lists are kept)."""
        game = self.game
        if game is None:
            return []
        key = (game.version, seat)
        cached = self._legal_cache.get(key)
        if cached is None:
            cached = game.legal_actions(seat)
            if len(cached) <= LEGAL_INLINE:
                if len(self._legal_cache) > 32:
                    self._legal_cache.clear()
                self._legal_cache[key] = cached
        return cached

    async def legal_reply(self, seat: int | None) -> tuple[tuple[int, int] | None, str]:
        """The answer to a legal message, as text, kept per seat for the current state (a
        client asking again and again costs nothing); and the state's key, None when the
        seat is not to act.  The caller holds the room's lock; the listing (thousands of
        plays at some Cheat leads) runs in a thread, so other rooms are not held up."""
        game = self.game
        if game is None or seat is None or seat not in game.to_act:
            version = game.version if game is not None else None
            return None, dumps({"type": "legal", "version": version, "legal": []})
        key = (self.game_no, game.version)
        kept = self._legal_reply.get(seat)
        if kept is None or kept[0] != key:
            version = game.version
            def listing() -> str:
                legal = game.legal_actions(seat)
                return dumps({"type": "legal", "version": version, "legal": legal,
                                   "capped": listed_subset(game, seat, legal)})
            text = await asyncio.to_thread(listing)
            kept = self._legal_reply[seat] = (key, text)
        return key, kept[1]

    def check(self, seat: int, action: Any, version: int) -> dict[str, Any]:
        """The engine's verdict on an action the seat built but has not sent (a play missing
        from a capped list of legal actions): ``{"legal": True}``, or ``{"legal": False,
        "code", "message"}`` with the refusal the action itself would get.  Nothing changes;
        the engine's message comes from applying to a copy, as ``is_legal`` gives no reason.
        It says no more than a refused action would, so it reveals nothing hidden."""
        try:
            game = self._may_act(seat, version, asking=True)
        except Refused as refused:
            return {"legal": False, "code": refused.code, "message": str(refused)}
        if game.is_legal(seat, action):
            return {"legal": True}
        try:
            game.copy().apply(seat, action)
        except bh.IllegalAction as exc:
            return {"legal": False, "code": "illegal", "message": str(exc)}
        except Exception:  # an engine failure on odd input: refused, as an action would be
            return {"legal": False, "code": "illegal",
                    "message": "the server could not apply that action"}
        log.warning("room %s: is_legal refused %r from seat %s, which apply accepts",
                    self.code, action, seat)
        return {"legal": False, "code": "illegal", "message": "the engine refused that action"}

    def mode(self, seat: int) -> str:
        """'window' when all the seat may do is answer a challenge (call, pass...), else
        'turn'.  Asked without listing the legal actions: pass must be legal, and a draw of
        an action of another kind (the engine's sampler) must find none."""
        game = self.game
        assert game is not None
        key = (game.version, seat)
        cached = self._mode_cache.get(key)
        if cached is None:
            cached = "turn"
            if game.is_legal(seat, {"type": "pass"}):
                other = Choices(game, seat).sample_other(random.Random(game.version),
                                                         WINDOW_KINDS)
                cached = "window" if other is None else "turn"
            if len(self._mode_cache) > 32:
                self._mode_cache.clear()
            self._mode_cache[key] = cached
        return cached

    def timers_info(self) -> list[dict[str, Any]]:
        now = time.time()
        return [{"seat": seat, "kind": d.kind, "seconds_left": round(max(0.0, d.wall - now), 3),
                 "ends_at": round(d.wall, 3)}
                for seat, d in sorted(self.deadlines.items())]

    def state_message(self, seat: int | None, since: int) -> str:
        """The state message for ``seat``: ``view(seat)`` without its log, plus the events of
        ``events_for(seat)`` from ``since`` on, and the seat's legal actions."""
        game = self.game
        assert game is not None
        view = game.view(seat)
        view.pop("events", None)
        events = game.events_for(seat, since=since)
        message: dict[str, Any] = {
            "type": "state", "code": self.code, "game_no": self.game_no,
            "version": game.version, "seat": seat, "view": view, "events": events,
            "events_from": since, "events_total": since + len(events),
            "timers": self.timers_info(),
            "stand_in": [s for s, st in enumerate(self.state) if st.stand_in],
        }
        if seat is not None:
            # In a window the answers are few: sent along. A turn may have thousands of
            # actions (a Cheat lead): null, and the client asks with a legal message.
            to_act = seat in game.to_act
            message["legal"] = [] if not to_act else \
                None if self.asks_legal(seat) else self.legal(seat)
        return dumps(message)

    def asks_legal(self, seat: int | None) -> bool:
        """Whether the seat's state message leaves its legal actions to be asked for (null):
        it has a turn, not just a window's answers."""
        game = self.game
        return game is not None and seat is not None and seat in game.to_act \
            and not game.over and self.mode(seat) != "window"

    def push_state(self, since: int) -> None:
        """Send every client its seat's state (events from ``since``)."""
        assert self.game is not None
        version = self.game.version
        for seat, st in enumerate(self.state):
            live = [c for c in st.conns if not c.closed]
            if live:
                text = self.state_message(seat, since)
                ask = self.asks_legal(seat)
                for conn in live:
                    conn.send_state(text, self.game_no, version, ask)
        if self.spectators:
            text = self.state_message(None, since)
            for conn in self.spectators:
                conn.send_state(text, self.game_no, version, False)

    # ------------------------------------------------------------------ connections
    async def attach(self, conn: Conn, token: str | None, events_seen: int | None) -> None:
        """Seat (by token) or spectator (no token): the welcome, the room and the state."""
        async with self.lock:
            seat = None
            host = returned = False
            if token is not None:
                seat = self.seat_of(token)
                host = self.is_host(token)
                if seat is None and not host:
                    raise Refused("bad_token", f"that token is not valid in room {self.code}")
            cap = self.limits.spectators_per_room
            if seat is None and not host and len(self.spectators) >= cap:
                raise Refused("room_full", f"room {self.code} has as many spectators as it "
                              f"takes ({cap}); the players' own seats are kept for them")
            conn.seat, conn.host, conn.room = seat, host, self
            if seat is None:
                self.spectators.append(conn)
            else:
                st = self.state[seat]
                st.conns = [c for c in st.conns if not c.closed]
                if len(st.conns) >= self.limits.connections_per_seat:
                    st.conns.pop(0).cut(4000, "replaced: this seat connected too many times")
                st.conns.append(conn)
                returned = st.stand_in
                if st.stand_in or st.missed:
                    self.clocks_dirty = True
                st.stand_in, st.missed = False, 0
            self.touched = time.monotonic()
            conn.send({"type": "welcome", "code": self.code, "seat": seat, "host": host,
                       "limits": {"frame_bytes": self.limits.frame_bytes,
                                  "chat_chars": self.limits.chat_chars,
                                  "messages_per_second": self.limits.rate_per_second}})
            if self.chat:
                conn.send({"type": "chat_history", "lines": list(self.chat)})
            if self.game is not None:
                since = events_seen if events_seen is not None and \
                    0 <= events_seen <= self.events else 0
                conn.send_state(self.state_message(seat, since), self.game_no,
                                self.game.version, self.asks_legal(seat))
            self.broadcast(self.room_message())
            if seat is not None and returned and self.game is not None and not self.game.over:
                # The person is back: their own clock again, every other clock runs on.
                self._arm_timers(None, [*self.game.to_act, -1])

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if conn in self.spectators:
                self.spectators.remove(conn)
            elif conn.seat is not None and conn in self.state[conn.seat].conns:
                self.state[conn.seat].conns.remove(conn)
            else:
                return
            self.touched = time.monotonic()
            if not self.closed:
                self.broadcast(self.room_message())

    # ------------------------------------------------------------------ lobby
    async def join(self, name: str, seat: int | None) -> tuple[int, str]:
        async with self.lock:
            if self.unsure:
                await self._reconcile()
            if self.status != "lobby":
                raise Refused("started", f"room {self.code} has started: watch it instead")
            free = [s for s, info in enumerate(self.seats) if info.kind == "free"]
            if seat is None:
                if not free:
                    raise Refused("no_seat", f"room {self.code} has no free seat")
                seat = free[0]
            elif not 0 <= seat < len(self.seats):
                raise Refused("bad_seat", f"there is no seat {seat}; seats are 0 to "
                              f"{len(self.seats) - 1}")
            elif seat not in free:
                raise Refused("seat_taken", f"seat {seat} is taken")
            token = secrets.token_urlsafe(24)
            seats = [SeatInfo(**asdict(s)) for s in self.seats]
            seats[seat] = SeatInfo(name=name, token=token_hash(token))
            await self._store(Storage.op_update_room(
                self.code, seats=[asdict(s) for s in seats]), "the seat was not taken")
            self.seats = seats
            self.touched = time.monotonic()
            self.broadcast(self.room_message())
            return seat, token

    async def start(self, token: str, fill: str | None) -> None:
        async with self.lock:
            if self.unsure:
                await self._reconcile()
            if not self.is_host(token):
                raise Refused("not_host", "only the room's host may start the game")
            if self.status != "lobby":
                raise Refused("started", f"room {self.code} has already started")
            seats = [SeatInfo(**asdict(s)) for s in self.seats]
            free = [s for s, info in enumerate(seats) if info.kind == "free"]
            if free and not fill:
                raise Refused("seats_free", f"seats {', '.join(map(str, free))} are free: "
                              "wait for players or fill them with bots")
            for s in free:
                seats[s] = SeatInfo(name=None, bot=fill)
            await self._new_game(seats)

    async def rematch(self, token: str) -> None:
        async with self.lock:
            if self.unsure:
                await self._reconcile()
            if not self.is_host(token):
                raise Refused("not_host", "only the room's host may start a rematch")
            if self.status != "over":
                raise Refused("not_over", "a rematch starts once the game is over")
            await self._new_game([SeatInfo(**asdict(s)) for s in self.seats])

    async def _new_game(self, seats: list[SeatInfo]) -> None:
        game_no = self.game_no + 1
        seed = secrets.randbits(63) if self.config.seed is None else \
            (self.config.seed + game_no - 1) % (1 << 63)
        game = bh.new_game(self.config.game, players=self.config.players, seed=seed,
                           **self.config.options)
        await self._store(Storage.op_start_game(
            self.code, game_no, seed, [asdict(s) for s in seats]), "the game did not start")
        self.seats, self.game, self.game_no, self.seed = seats, game, game_no, seed
        self.status, self.actions, self.events = "playing", 0, 0
        self._base, self._tail = (None, 0), []
        self._forget_derived()
        self.manager.bots.new_game(self.code, game_no, self.config.game, self.config.players,
                                   seed, self.config.options)
        for st in self.state:
            st.missed, st.stand_in = 0, False
            st.recent_ids.clear()
        self.broadcast(self.room_message())
        self.after_change(None, [])

    # ------------------------------------------------------------------ play
    async def submit(self, seat: int, action: Any, version: Any, source: str,
                     request_id: str | None = None, game_no: int | None = None) -> None:
        """An action for ``seat`` decided at ``version`` (of game ``game_no``, if given: after
        a rematch versions start again); raises Refused (nothing changed)."""
        asked = time.perf_counter()
        async with self.lock:
            self.manager.timing["lock_wait"] += time.perf_counter() - asked
            if game_no is not None and game_no != self.game_no:
                raise Refused("stale", f"you acted in game {game_no}, but the table is at "
                              f"game {self.game_no} now: look at the new state and act again")
            await self.submit_locked(seat, action, version, source, request_id)
        self.manager.recent.append(time.perf_counter() - asked)

    def _may_act(self, seat: int, version: Any, request_id: str | None = None,
                 asking: bool = False) -> bh.Game:
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
            raise Refused("stale", f"you {'asked about' if asking else 'acted on'} version "
                          f"{version}, but the table is at version {game.version} now"
                          + ("" if asking else ": look at the new state and act again"))
        if seat not in game.to_act:
            if asking:
                raise Refused("not_your_turn", f"seat {seat} may not act now")
            waiting = ", ".join(map(str, game.to_act))
            raise Refused("not_your_turn", f"seat {seat} may not act now (waiting for seat "
                          f"{waiting})")
        return game

    async def submit_locked(self, seat: int, action: Any, version: Any, source: str,
                            request_id: str | None = None) -> None:
        """Apply, store, then tell: an action exists only once it is stored.  If the write
        fails the game is put back from memory, exactly as it was, and the seat is refused
        (``storage_unavailable``): nobody saw the action, and it can be sent again."""
        if self.unsure:
            await self._reconcile()
        game = self._may_act(seat, version, request_id)
        st = self.state[seat]
        prev_to_act = game.to_act
        try:
            game.apply(seat, action)
        except bh.IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
        except Exception as exc:  # an engine failure on odd input: storage is the truth
            log.warning("room %s: the engine failed on %r from seat %s: %r",
                        self.code, action, seat, exc)
            self._restore()
            raise Refused("illegal", "the server could not apply that action") from None
        idx = self.actions
        result = game.result if game.over else None
        every = self.limits.snapshot_every
        snapshot = game.to_json() if not game.over and (idx + 1) % every == 0 else None
        stored = time.perf_counter()
        try:
            await self.storage.append(self.code, self.game_no, idx, seat, action, source,
                                      result, snapshot, fence=self.fence)
            self.manager.timing["store_wait"] += time.perf_counter() - stored
        except LeaseLost:
            self._restore()
            self.manager.lost(self.code)
            raise _moved() from None
        except StorageError as exc:
            log.error("room %s: an action was not stored, the game is as it was: %s",
                      self.code, exc)
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
            self.clocks_dirty = self.clocks_dirty or st.missed > 0
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
            self._cancel_timers()
            self.manager.bots.forget(self.code)
            self.push_state(since)
            self.broadcast({"type": "over", "code": self.code, "game_no": self.game_no,
                            "result": game.result,
                            "record": f"/api/rooms/{self.code}/record?game={self.game_no}",
                            "log": f"/api/rooms/{self.code}/log?game={self.game_no}"})
            self.broadcast(self.room_message())
            return
        self._arm_timers(actor, prev_to_act)  # first: the state message shows the clocks
        self.push_state(since)
        self._wake_bots()

    # ------------------------------------------------------------------ timers
    def _cancel_timers(self) -> None:
        for d in self.deadlines.values():
            if d.handle is not None:
                d.handle.cancel()
        self.clocks_dirty = self.clocks_dirty or bool(self.deadlines)
        self.deadlines = {}

    def _arm_timers(self, actor: int | None, prev_to_act: list[int]) -> None:
        game = self.game
        assert game is not None
        loop = asyncio.get_running_loop()
        to_act = game.to_act
        shrinking = set(to_act) < set(prev_to_act)
        fresh: dict[int, Deadline] = {}
        for seat in to_act:
            if self.bot_for(seat) is not None:
                continue
            kind = self.mode(seat)
            seconds = self.config.window_seconds if kind == "window" \
                else self.config.turn_seconds
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
        self.clocks_dirty = self.clocks_dirty or changed

    def _on_timer(self, seat: int, deadline: Deadline) -> None:
        self.spawn(self._expire(seat, deadline))

    async def _expire(self, seat: int, deadline: Deadline) -> None:
        async with self.lock:
            game = self.game
            if self.deadlines.get(seat) is not deadline or game is None or game.over \
                    or seat not in game.to_act:
                return  # an action came first: the version moved on
            del self.deadlines[seat]
            st = self.state[seat]
            if deadline.kind == "window":
                action: dict[str, Any] = {"type": "pass"}
                if not game.is_legal(seat, action):
                    action = default_move(game, seat)
            else:
                action = default_move(game, seat)
                st.missed += 1
                self.clocks_dirty = True
                if st.missed >= self.config.missed_turns and not st.stand_in:
                    st.stand_in = True
                    self.broadcast(self.room_message())
            try:
                await self.submit_locked(seat, action, game.version, "timeout")
            except Refused as exc:
                if exc.code == "storage_unavailable":
                    # Not made: the clock tries again shortly (the missed turn was not one).
                    if deadline.kind == "turn":
                        st.missed = max(0, st.missed - 1)
                    self._retry_clock(seat, deadline.kind)
                    return
                log.warning("room %s: the timer's move for seat %s was refused: %s",
                            self.code, seat, exc)

    def _retry_clock(self, seat: int, kind: str, seconds: float = 1.0) -> None:
        loop = asyncio.get_running_loop()
        d = Deadline(at=loop.time() + seconds, kind=kind, wall=time.time() + seconds)
        d.handle = loop.call_at(d.at, self._on_timer, seat, d)
        self.deadlines[seat] = d

    # ------------------------------------------------------------------ bots
    def _wake_bots(self) -> None:
        game = self.game
        if game is None or game.over or self.closed:
            return
        if not any(self.bot_for(s) is not None for s in game.to_act):
            return
        if self.bot_task is None or self.bot_task.done():
            self.bot_task = self.spawn(self._bot_loop())

    async def _bot_loop(self) -> None:
        """One bot decision at a time per room, lowest seat first: a table of bots plays
        the same game whatever the timing."""
        runner = self.manager.bots
        loop = asyncio.get_running_loop()
        resyncs = 0
        while not self.closed:
            async with self.lock:
                game = self.game
                if game is None or game.over:
                    return
                seats = [s for s in game.to_act if self.bot_for(s) is not None]
                if not seats:
                    return
                seat = seats[0]
                name = self.bot_for(seat)
                assert name is not None
                version, game_no = game.version, self.game_no
                job = runner.prepare(self.code, game_no, game)
                seed = bot_seed(self.seed, game_no, version, seat)
            started = loop.time()
            try:
                action = await runner.decide(job, seat, name, seed)
                resyncs = 0
            except Resync:
                resyncs += 1
                if resyncs <= 3:
                    continue  # the worker restarted or forgot the game: again, with the state
                log.warning("room %s: the bot worker keeps failing for seat %s", self.code, seat)
                action = None
            except BotFailed as exc:
                log.warning("room %s: bot %s failed for seat %s: %s", self.code, name, seat,
                            exc)
                action = None
            except Exception as exc:
                log.warning("room %s: bot %s failed for seat %s: %r", self.code, name, seat,
                            exc)
                action = None
            wait = self.config.bot_delay - (loop.time() - started)
            if wait > 0:
                await asyncio.sleep(wait)
            async with self.lock:
                game = self.game
                if game is None or game.over or self.game_no != game_no \
                        or game.version != version or self.bot_for(seat) is None:
                    continue  # the table moved on: decide again
                outage = False
                try:
                    if action is None:
                        raise Refused("illegal", "no decision")
                    await self.submit_locked(seat, action, version, "bot")
                except Refused as exc:
                    if exc.code == "room_moved":
                        return
                    if exc.code == "storage_unavailable":
                        outage = True
                    elif self.game is not None:
                        log.warning("room %s: bot %s's move for seat %s was refused (%s); "
                                    "playing the default move", self.code, name, seat, exc)
                        with contextlib.suppress(Refused):
                            await self.submit_locked(seat, default_move(self.game, seat),
                                                     version, "bot")
            if outage:  # the database is down: wait (outside the lock), then decide again
                await asyncio.sleep(1.0)
                continue

    # ------------------------------------------------------------------ chat
    async def say(self, conn: Conn, text: str) -> None:
        async with self.lock:
            if conn.seat is None and not conn.host:
                raise Refused("spectator", "spectators cannot chat; take a seat to talk")
            name = self.seats[conn.seat].name if conn.seat is not None else "host"
            line = {"seat": conn.seat, "name": name, "text": text,
                    "at": round(time.time(), 3)}
            if self.unsure:
                await self._reconcile()
            await self._store(Storage.op_chat(self.code, self.chat_next, line),
                              "the chat line was not sent")
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
        return (self.status != "playing" and not self.all_conns()
                and now - self.touched > self.limits.idle_unload_seconds)

    async def close(self, code: int = 1001, reason: str = "the server is stopping") -> None:
        self.closed = True
        self.manager.bots.forget(self.code)
        self._cancel_timers()
        for task in list(self._tasks):
            task.cancel()
        for conn in self.all_conns():
            conn.cut(code, reason)


def _unavailable(what: str) -> Refused:
    return Refused("storage_unavailable", f"the game's database is not answering, so {what}; "
                   "the table is as it was: try again in a moment")


def _moved() -> Refused:
    return Refused("room_moved", "this room is now served by another server process; "
                   "reconnect to go on")


def valid_bot(name: Any, what: str,
              table: tuple[str, int, Mapping[str, Any]] | None = None) -> str:
    """A bot name of the registry, lower-cased; with ``table`` (game, players, options), one
    that sits at such a table (the learned bot plays one game)."""
    if not isinstance(name, str) or name.strip().lower() not in bot_names():
        why = ""
        if isinstance(name, str) and name.strip():
            try:
                bot_class(name)
            except ValueError as exc:  # an unknown bot, or one this install cannot offer
                why = "" if str(exc).startswith("unknown bot") else f": {exc}"
        raise Refused("bad_request", f"{what} must be a bot name ({', '.join(bot_names())}), "
                      f"not {name!r}{why}")
    key: str = name.strip().lower()
    if table is not None:
        reason = bot_refusal(key, *table)
        if reason is not None:
            raise Refused("bad_request", f"{what}: {reason}")
    return key


Clock = Callable[[], float]
