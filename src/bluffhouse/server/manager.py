"""The rooms of one server process: creation (every setting validated), lookup by code,
recovery of the rooms that were playing when the server stopped, unloading of idle ones, and,
with several processes on one PostgreSQL database, which rooms this process owns (``cluster``):
it keeps their leases, gives up those another process took, and takes over the rooms of a
process that died."""

from __future__ import annotations

import asyncio
import gc
import logging
import math
import secrets
import time
from collections import deque
from dataclasses import asdict
from typing import Any

import bluffhouse as bh

from .botrunner import BotRunner
from .cluster import Owner, SoloOwnership, ownership
from .config import Settings
from .room import STAND_INS, Refused, Room, RoomConfig, SeatInfo, token_hash, valid_bot
from .storage import Storage, StorageError

#: The public rooms a lobby lists at most.
PUBLIC_LISTED = 30

log = logging.getLogger("bluffhouse.server")

#: Room codes: no 0/O, 1/I/L to misread.
CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LENGTH = 6
MAX_SEED = 1 << 63


def normal_code(code: Any) -> str | None:
    """A room code as typed (any case, spaces around) in canonical form, None if malformed."""
    if not isinstance(code, str):
        return None
    text = code.strip().upper()
    if len(text) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in text):
        return None
    return text


def clean_name(name: Any, limit: int, what: str = "name") -> str:
    """A display name: text, trimmed, printable, 1..limit characters."""
    if not isinstance(name, str):
        raise Refused("bad_request", f"the {what} must be text, not {type(name).__name__}")
    text = " ".join(name.split())
    if not text:
        raise Refused("bad_request", f"the {what} is empty")
    if len(text) > limit:
        raise Refused("bad_request", f"the {what} is longer than {limit} characters")
    if not text.isprintable():
        raise Refused("bad_request", f"the {what} has characters that cannot be shown")
    return text


def _int(
    data: dict[str, Any], key: str, default: int | None, low: int, high: int, what: str
) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise Refused("bad_request", f"{what} must be a whole number, not {value!r}")
    if not low <= value <= high:
        raise Refused("bad_request", f"{what} must be from {low} to {high}, not {value}")
    return value


def _seconds(
    data: dict[str, Any], key: str, default: float, high: float, what: str
) -> float | None:
    value = data.get(key, default)
    if value is None or value is False:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise Refused(
            "bad_request", f"{what} must be a number of seconds or null (no timer), not {value!r}"
        )
    if not 0 < value <= high:
        raise Refused(
            "bad_request", f"{what} must be more than 0 and at most {high:g} seconds, not {value}"
        )
    return float(value)


def quiet_gc() -> None:
    """Shorter pauses of the cycle collector, the longest stalls of a busy server (a full
    collection walks every tracked object: 0.1-0.8 s at 100 rooms on a loaded 2-core
    machine).  What is loaded at start (modules, the engine's tables, the rooms recovered)
    lives as long as the server: ``gc.freeze`` takes it out of every later collection.  And
    the collections come less often: the young ones in larger batches, a full one after a
    hundred of the middle ones (minutes apart on a busy server, not seconds)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 100)


class Manager:
    def __init__(self, settings: Settings, storage: Storage | None = None) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.storage = storage or Storage(settings.db, write_timeout=self.limits.write_timeout)
        self.owners: SoloOwnership = ownership(
            self.storage, settings.own_url, self.limits.lease_seconds
        )
        #: Rooms being created now (counted with the rooms against the cap before any wait).
        self._creating = 0
        self._keeper: asyncio.Task[None] | None = None
        self.bots = BotRunner(settings.bot_workers)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Lock] = {}
        self._creates: dict[str, deque[float]] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._saver: asyncio.Task[None] | None = None
        #: Actions accepted (and stored) since the server started.
        self.accepted = 0
        #: Seconds spent, over all accepted actions: waiting for a room's lock (people's
        #: actions), waiting for the commit, telling the clients.
        self.timing: dict[str, float] = {"lock_wait": 0.0, "store_wait": 0.0, "tell": 0.0}
        #: Seconds from receiving each of the latest people's actions to its states being
        #: queued to every client (lock, engine, commit, messages): the server's own share
        #: of an action's latency.
        self.recent: deque[float] = deque(maxlen=4096)
        #: How late the event loop woke up from a 50 ms sleep, over the last minute: what
        #: every message waits, beyond its own work, when the loop is held up.
        self.loop_lag: deque[float] = deque(maxlen=1200)
        self._prober: asyncio.Task[None] | None = None
        self._closing: set[asyncio.Task[None]] = set()

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Bring back every room that was playing (with several processes, those nobody
        holds): their bots and clocks run again."""
        await self.owners.start()
        await self.bots.start()
        if self.owners.shared:
            codes = await self.owners.orphans(self.limits.rooms_in_memory)
        else:
            codes = await self.storage.read(Storage.op_playing_codes())
        for code in codes:
            try:
                await self.get(code)
            except Exception as exc:
                log.error("room %s could not be recovered: %s", code, exc)
        if codes:
            log.info("recovered %d room(s) in play", len(self.rooms))
        self._sweeper = asyncio.create_task(self._sweep())
        self._saver = asyncio.create_task(self._save_clocks_often())
        self._prober = asyncio.create_task(self._probe_loop())
        if self.owners.shared:
            self._keeper = asyncio.create_task(self._keep_leases())
        quiet_gc()

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        if self._saver is not None:
            self._saver.cancel()
        if self._prober is not None:
            self._prober.cancel()
        if self._keeper is not None:
            self._keeper.cancel()
        # A clean stop: every running clock keeps the time it has left now.
        try:
            await self.save_clocks(everything=True)
        except Exception as exc:
            log.error("the clocks could not be saved: %s", exc)
        for room in list(self.rooms.values()):
            await room.close()
        await self.owners.close()
        await self.bots.close()

    async def save_clocks(self, everything: bool = False) -> int:
        """Save the clocks, missed turns and stand-ins of the rooms in play whose clocks
        changed or run (all of them: ``everything``), in one write; how many rooms."""
        saved: dict[str, dict[str, Any]] = {}
        for code, room in self.rooms.items():
            if room.status != "playing" or room.closed:
                continue
            if everything or room.clocks.dirty or room.clocks.deadlines:
                saved[code] = room.clocks.data()
                room.clocks.dirty = False
        codes = list(saved)
        for start in range(0, len(codes), 500):
            part = {c: saved[c] for c in codes[start : start + 500]}
            await self.storage.write(Storage.op_save_clocks(part))
        return len(saved)

    async def _keep_leases(self) -> None:
        """Several processes: renew this process's leases, let go of the rooms another
        process took (this one was too slow or cut off), and take over rooms in play that
        nobody holds (their process died)."""
        every = max(0.2, self.limits.lease_seconds / 3)
        failing = False
        while True:
            await asyncio.sleep(every)
            try:
                for code in await self.owners.renew(set(self.rooms)):
                    self.lost(code)
                room_left = self.limits.rooms_in_memory - len(self.rooms)
                for code in await self.owners.orphans(min(50, max(0, room_left))):
                    if code not in self.rooms:
                        room = await self.get(code)
                        if room is not None:
                            log.info("room %s: taken over from a process that stopped", code)
                failing = False
            except StorageError as exc:
                if not failing:
                    log.warning("the room leases could not be renewed: %s", exc)
                failing = True
            except Exception:
                log.exception("keeping the room leases failed")

    def lost(self, code: str) -> None:
        """Another process owns the room now: stop serving it here; its clients reconnect
        and are forwarded to the owner."""
        room = self.rooms.pop(code, None)
        if room is None:
            return
        log.warning("room %s: now served by another process; its clients are sent there", code)
        task = asyncio.get_running_loop().create_task(
            room.close(1012, "this room moved to another server process; reconnect")
        )
        self._closing.add(task)
        task.add_done_callback(self._closing.discard)

    async def _probe_loop(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time()
            await asyncio.sleep(0.05)
            self.loop_lag.append(max(0.0, loop.time() - asked - 0.05))

    async def _save_clocks_often(self) -> None:
        """After a crash the clocks resume from their last save: every few seconds."""
        while True:
            await asyncio.sleep(self.limits.clock_save_seconds)
            try:
                await self.save_clocks()
            except Exception as exc:
                log.warning("the clocks could not be saved: %s", exc)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(60)
            now = time.monotonic()
            for code, room in list(self.rooms.items()):
                if room.idle(now):
                    await room.close()
                    del self.rooms[code]
                    await self.owners.release(code)
            cutoff = now - 60
            for ip, stamps in list(self._creates.items()):
                while stamps and stamps[0] < cutoff:
                    stamps.popleft()
                if not stamps:
                    del self._creates[ip]

    # ------------------------------------------------------------------ lookup
    async def get(self, code: Any) -> Room | None:
        """The room with this code if this process serves it (loaded from the database if
        need be), or None (no such room, or another process owns it)."""
        found = await self.locate(code)
        return found if isinstance(found, Room) else None

    async def locate(self, code: Any) -> Room | Owner | None:
        """The room with this code: served here (loaded, and its lease taken, if need be), or
        the other process that owns it now, or None if there is no such room.  Raises
        ``StorageError`` when the database does not answer."""
        key = normal_code(code)
        if key is None:
            return None
        room = self.rooms.get(key)
        if room is not None:
            return room
        lock = self._loading.setdefault(key, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(key)
                if room is not None:
                    return room
                stored = await self.storage.read(
                    Storage.op_load_room(key, chat_lines=self.limits.chat_history)
                )
                if stored is None:
                    return None
                fence = await self.owners.claim(key)
                if fence is None:
                    owner = await self.owners.owner_of(key)
                    return owner if owner is not None else None
                # Read again under the lease: the last owner may have written since.
                stored = (
                    await self.storage.read(
                        Storage.op_load_room(key, chat_lines=self.limits.chat_history)
                    )
                    if self.owners.shared
                    else stored
                )
                if stored is None:
                    return None
                room = await asyncio.to_thread(Room.from_stored, self, stored)
                room.fence = fence
                self.rooms[key] = room
                if room.game is not None and not room.game.over:
                    async with room.lock:
                        room.after_change(None, [])
                return room
        finally:
            self._loading.pop(key, None)

    # ------------------------------------------------------------------ creation
    def check_rate(self, who: str) -> None:
        stamps = self._creates.setdefault(who, deque())
        now = time.monotonic()
        while stamps and stamps[0] < now - 60:
            stamps.popleft()
        if len(stamps) >= self.limits.creates_per_minute:
            raise Refused("too_many", "too many rooms created from your address; wait a minute")
        stamps.append(now)

    def parse_config(self, data: dict[str, Any]) -> tuple[RoomConfig, list[SeatInfo]]:
        """A room's settings from a create request; the engine validates game and options."""
        known = {
            "game",
            "players",
            "options",
            "bots",
            "turn_seconds",
            "window_seconds",
            "timers",
            "missed_turns",
            "bot_delay",
            "stand_in",
            "seed",
            "name",
            "sit",
            "seat",
            "public",
        }
        unknown = sorted(set(data) - known)
        if unknown:
            raise Refused(
                "bad_request",
                f"unknown field(s) {', '.join(unknown)}; known: {', '.join(sorted(known))}",
            )
        game_id = data.get("game")
        if not isinstance(game_id, str):
            raise Refused(
                "bad_request",
                'say which game: {"game": "bullshit"} (\'bluffhouse games\' lists them)',
            )
        try:
            preset = bh.lookup(game_id)
        except bh.RuleError as exc:
            raise Refused("bad_game", str(exc)) from None
        players = _int(data, "players", preset.players, 1, 64, "players")
        assert players is not None
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise Refused(
                "bad_request", f"options must be an object of option: value, not {options!r}"
            )
        try:
            bh.new_game(preset.id, players=players, seed=0, **options)
        except (bh.RuleError, bh.IllegalAction, ValueError, TypeError) as exc:
            raise Refused("bad_options", str(exc)) from None
        timers = data.get("timers", True)
        if not isinstance(timers, bool):
            raise Refused("bad_request", f"timers must be true or false, not {timers!r}")
        high = self.limits.max_timer_seconds
        turn = _seconds(data, "turn_seconds", 30.0, high, "turn_seconds") if timers else None
        window = _seconds(data, "window_seconds", 5.0, high, "window_seconds") if timers else None
        missed = _int(data, "missed_turns", 3, 1, 100, "missed_turns")
        delay = data.get("bot_delay", self.settings.bot_delay)
        if (
            isinstance(delay, bool)
            or not isinstance(delay, int | float)
            or not math.isfinite(delay)
            or not 0 <= delay <= 10
        ):
            raise Refused("bad_request", f"bot_delay must be from 0 to 10 seconds, not {delay!r}")
        table = (preset.id, players, options)
        stand_in = valid_bot(data.get("stand_in", "counter"), "stand_in", table)
        if stand_in not in STAND_INS:
            raise Refused(
                "bad_request",
                f"stand_in plays for an absent person the way they might, so it is one of "
                f"{', '.join(STAND_INS)}, not {stand_in!r}",
            )
        seed = _int(data, "seed", None, 0, MAX_SEED - 1, "seed")
        public = data.get("public", False)
        if not isinstance(public, bool):
            raise Refused("bad_request", f"public must be true or false, not {public!r}")
        seats = [SeatInfo() for _ in range(players)]
        bots = data.get("bots", {})
        if isinstance(bots, list) and all(
            isinstance(b, int) and not isinstance(b, bool) for b in bots
        ):
            bots = {str(b): "counter" for b in bots}
        elif isinstance(bots, list):
            bots = {str(i): b for i, b in enumerate(bots) if b}
        if not isinstance(bots, dict):
            raise Refused(
                "bad_request",
                "bots is a list of seats ([2, 3]: counter bots) or "
                'an object of seat: bot name ({"2": "random"})',
            )
        for key, name in bots.items():
            try:
                seat = int(key)
            except (TypeError, ValueError):
                raise Refused("bad_request", f"bots: {key!r} is not a seat number") from None
            if not 0 <= seat < players:
                raise Refused(
                    "bad_request", f"bots: there is no seat {seat}; seats are 0 to {players - 1}"
                )
            seats[seat] = SeatInfo(
                bot=valid_bot(name or "counter", f"the bot for seat {seat}", table)
            )
        config = RoomConfig(
            game=preset.id,
            players=players,
            options=dict(options),
            turn_seconds=turn,
            window_seconds=window,
            missed_turns=missed or 3,
            bot_delay=float(delay),
            stand_in=stand_in,
            seed=seed,
            public=public,
        )
        return config, seats

    async def public_rooms(self, game: str | None = None) -> list[dict[str, Any]]:
        """The public rooms waiting for players (read from the database: every process's),
        newest first, those with a free seat only; ``game`` narrows them to one game id."""
        rows = await self.storage.read(Storage.op_lobby_rooms(PUBLIC_LISTED * 4))
        out: list[dict[str, Any]] = []
        for code, config, seats, updated in rows:
            if not config.get("public") or (game is not None and config.get("game") != game):
                continue
            free = sum(1 for s in seats if not s.get("name") and not s.get("bot"))
            if free == 0:
                continue
            try:
                preset = bh.lookup(str(config.get("game")))
            except bh.RuleError:
                continue  # a room of a game this version no longer has
            out.append(
                {
                    "code": code,
                    "link": f"/r/{code}",
                    "game": preset.id,
                    "title": preset.title,
                    "players": config.get("players"),
                    "free": free,
                    "people": [s["name"] for s in seats if s.get("name")],
                    "options": config.get("options") or {},
                    "updated": updated,
                }
            )
            if len(out) >= PUBLIC_LISTED:
                break
        return out

    async def create(self, data: dict[str, Any], who: str) -> dict[str, Any]:
        """A new room; the creator is its host and (unless ``sit`` is false) takes a seat."""
        if len(self.rooms) + self._creating >= self.limits.rooms_in_memory:
            raise Refused("server_full", "the server has too many open rooms; try later")
        config, seats = self.parse_config(data)
        sit = data.get("sit", True)
        if not isinstance(sit, bool):
            raise Refused("bad_request", f"sit must be true or false, not {sit!r}")
        token = secrets.token_urlsafe(24)
        seat: int | None = None
        if sit:
            name = clean_name(data.get("name"), self.limits.name_chars)
            free = [s for s, info in enumerate(seats) if info.kind == "free"]
            want = _int(data, "seat", free[0] if free else None, 0, config.players - 1, "seat")
            if want is None or want not in free:
                raise Refused(
                    "bad_request",
                    "there is no free seat for you: every seat is a bot"
                    if not free
                    else f"seat {want} is a bot's",
                )
            seat = want
            seats[seat] = SeatInfo(name=name, token=token_hash(token))
        elif "name" in data:
            clean_name(data.get("name"), self.limits.name_chars)
        self.check_rate(who)
        # Counted against the cap from here, before any wait: concurrent creations cannot
        # all pass the check above and overshoot it.
        if len(self.rooms) + self._creating >= self.limits.rooms_in_memory:
            raise Refused("server_full", "the server has too many open rooms; try later")
        self._creating += 1
        try:
            return await self._create(config, seats, token, seat)
        except StorageError:
            raise Refused(
                "storage_unavailable",
                "the server cannot save anything right now, so "
                "the room was not created; try again in a moment",
            ) from None
        finally:
            self._creating -= 1

    async def _create(
        self, config: RoomConfig, seats: list[SeatInfo], token: str, seat: int | None
    ) -> dict[str, Any]:
        for _ in range(20):
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code in self.rooms:
                continue
            made = await self.storage.write(
                Storage.op_create_room(
                    code, config.as_dict(), [asdict(s) for s in seats], token_hash(token)
                )
            )
            if made:
                break
        else:  # pragma: no cover - 887 million codes
            raise Refused("server_full", "no free room code; try again")
        room = Room(self, code, config, seats, token_hash(token))
        room.fence = await self.owners.claim(code)
        self.rooms[code] = room
        return {
            "code": code,
            "link": f"/r/{code}",
            "token": token,
            "seat": seat,
            "host": True,
            "room": room.info(),
        }
