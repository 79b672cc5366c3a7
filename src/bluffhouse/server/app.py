"""Transport: the HTTP lobby API, the websocket protocol (docs/server.md) and the pages.

This layer only reads requests, checks their shape and turns them into room calls; every
refusal is a JSON error with a message for people and a ``code`` for programs, never a
traceback in the log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from importlib import resources
from typing import Any, TypeGuard, TypeVar

import httpx
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

import bluffhouse as bh
from bluffhouse.bots import bot_class, bot_label, bot_names
from bluffhouse.howto import how_to_play

from ..narration import vocabulary
from .cluster import Owner
from .config import Settings
from .forwarding import NODE_HEADER, PEER_HEADER, forward_http, relay_websocket
from .manager import Manager, clean_name
from .room import Conn, Refused, Room
from .storage import StorageError
from .wire import BadJSON, loads

log = logging.getLogger("bluffhouse.server")
T = TypeVar("T")

STATUS = {
    "unknown_room": 404,
    "not_host": 403,
    "bad_token": 403,
    "server_full": 503,
    "too_many": 429,
    "too_big": 413,
    "seat_taken": 409,
    "no_seat": 409,
    "started": 409,
    "not_over": 409,
    "seats_free": 409,
    "playing": 409,
    "storage_unavailable": 503,
    "room_moved": 503,
}


def error(code: str, message: str, status: int | None = None) -> JSONResponse:
    return JSONResponse(
        {"error": code, "message": message}, status_code=status or STATUS.get(code, 400)
    )


def _static(name: str, folder: str = "") -> str:
    place = resources.files("bluffhouse.server").joinpath("static")
    if folder:
        place = place.joinpath(folder)
    return place.joinpath(name).read_text("utf-8")


def games_catalogue() -> list[dict[str, Any]]:
    """Every game with its seats, every rule option (name, type, default, values, doc) and
    its rules in plain words (``how``, as ``bluffhouse rules`` prints them)."""
    out = []
    for preset in bh.presets():
        family = preset.family
        defaults = family.RULES.build(preset.options)
        options = [
            {
                "name": info.name,
                "type": info.type_name,
                "default": getattr(defaults, info.name),
                "values": info.describe_values(),
                "doc": info.doc,
                "label": info.label,
                "group": info.group,
                "input": info.input,
            }
            for info in family.RULES.options()
        ]
        out.append(
            {
                "id": preset.id,
                "aliases": list(preset.aliases),
                "title": preset.title,
                "summary": preset.summary,
                "family": family.FAMILY,
                "players": preset.players,
                "min_players": preset.min_players or family.MIN_PLAYERS,
                "max_players": preset.max_players or family.MAX_PLAYERS,
                "options": options,
                "groups": [[key, title] for key, title in family.RULES.GROUPS.items()],
                "how": how_to_play(preset, "browser"),
            }
        )
    return out


def _whole(value: Any) -> TypeGuard[int]:
    """A JSON whole number (true and false are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _request_id(data: dict[str, Any]) -> str | None:
    """The ``id`` a client gave an action or a check to match its answer (as text), if any;
    Refused when it is not text or a number of 64 characters at most."""
    request_id = data.get("id")
    if request_id is None:
        return None
    if (
        not isinstance(request_id, str | int)
        or isinstance(request_id, bool)
        or len(str(request_id)) > 64
    ):
        raise Refused("bad_message", "id must be text or a number (64 characters at most)")
    return str(request_id)


def percentiles(seconds: Iterable[float]) -> dict[str, float | int | None]:
    """p50, p99 and max of durations in seconds, as milliseconds, with their count."""
    data = sorted(seconds)
    if not data:
        return {"n": 0, "p50": None, "p99": None, "max": None}

    def at(p: float) -> float:
        return round(1000 * data[min(len(data) - 1, int(p * len(data)))], 2)

    return {"n": len(data), "p50": at(0.5), "p99": at(0.99), "max": at(1.0)}


class Server:
    """The Starlette app and the manager behind it."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.limits = settings.limits
        self.manager: Manager | None = None
        self._catalogue: bytes | None = None
        self._narration: bytes | None = None
        self._forwarder: httpx.AsyncClient | None = None
        #: Open websockets: by client address (forwarded ones from other processes are
        #: counted where the client connected), and all of them.
        self._per_address: dict[str, int] = {}
        self._conns: set[Conn] = set()
        self._open = 0
        self.app = Starlette(
            routes=[
                Route("/", self.lobby_page),
                Route("/r/{code}", self.room_page),
                Route("/room/{code}", self.room_page),  # the long form of the same page
                Route("/static/{name}", self.static_file),
                Route("/static/table/{name}", self.static_file),
                Route("/api/health", self.health),
                Route("/api/games", self.games),
                Route("/api/bots", self.bots),
                Route("/api/narration", self.narration),
                Route("/api/rooms", self.create_room, methods=["POST"]),
                Route("/api/rooms", self.list_rooms, methods=["GET"]),
                Route("/api/rooms/{code}", self.room_info),
                Route("/api/rooms/{code}/join", self.join, methods=["POST"]),
                Route("/api/rooms/{code}/start", self.start, methods=["POST"]),
                Route("/api/rooms/{code}/rematch", self.rematch, methods=["POST"]),
                Route("/api/rooms/{code}/log", self.game_log),
                Route("/api/rooms/{code}/record", self.record),
                Route("/api/rooms/{code}/replay", self.replay_step),
                WebSocketRoute("/ws/{code}", self.websocket),
            ],
            lifespan=self.lifespan,
            exception_handlers={404: self._not_found, 405: self._not_allowed},
        )

    @contextlib.asynccontextmanager
    async def lifespan(self, _app: Starlette) -> AsyncIterator[None]:
        manager = Manager(self.settings)
        self.manager = manager
        await manager.start()
        self._forwarder = httpx.AsyncClient(timeout=httpx.Timeout(5.0, connect=3.0))
        idler = asyncio.create_task(self._close_idle())
        try:
            yield
        finally:
            idler.cancel()
            await self._forwarder.aclose()
            await manager.close()
            await asyncio.to_thread(manager.storage.close)

    @staticmethod
    async def _not_found(request: Request, exc: Exception) -> Response:
        return error("not_found", "there is nothing at this address", 404)

    @staticmethod
    async def _not_allowed(request: Request, exc: Exception) -> Response:
        return error("not_allowed", f"{request.method} is not used at this address", 405)

    @property
    def rooms(self) -> Manager:
        assert self.manager is not None, "the server has not started"
        return self.manager

    # ------------------------------------------------------------------ pages
    async def lobby_page(self, request: Request) -> Response:
        return HTMLResponse(_static("lobby.html"))

    async def room_page(self, request: Request) -> Response:
        return HTMLResponse(_static("room.html"))

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        kinds = {".js": "text/javascript", ".css": "text/css"}
        suffix = name[name.rfind(".") :] if "." in name else ""
        if (
            suffix not in kinds
            or "/" in name
            or name.startswith(".")
            or not name.isprintable()
            or "\\" in name
        ):
            return error("not_found", "no such file", 404)
        folder = "table" if request.url.path.startswith("/static/table/") else ""
        try:
            text = _static(name, folder)
        except (OSError, ValueError):
            return error("not_found", "no such file", 404)
        return Response(text, media_type=kinds[suffix])

    # ------------------------------------------------------------------ lobby API
    async def health(self, request: Request) -> Response:
        """The process answers (200) whatever the database does; ``database`` says whether
        it answers now, ``ok`` whether everything does."""
        manager = self.rooms
        storage = manager.storage
        problem = await storage.ping()
        database = {
            "ok": problem is None,
            "kind": "sqlite" if storage.sqlite else "postgresql",
            "error": problem,
            "failed_writes": storage.failures,
        }
        return JSONResponse(
            {
                "ok": problem is None,
                "database": database,
                "process": {
                    "node": manager.owners.node,
                    "url": manager.owners.url,
                    "shared": manager.owners.shared,
                },
                "connections": self._open,
                "rooms": len(manager.rooms),
                "actions": manager.accepted,
                "commits": storage.commits,
                "commit_seconds": round(storage.commit_seconds, 3),
                "seconds": {k: round(v, 3) for k, v in manager.timing.items()},
                "recent_ms": {
                    "commit": percentiles(storage.recent),
                    "action": percentiles(manager.recent),
                    "loop_lag": percentiles(manager.loop_lag),
                },
            }
        )

    async def games(self, request: Request) -> Response:
        if self._catalogue is None:
            self._catalogue = json.dumps(games_catalogue()).encode()
        return Response(self._catalogue, media_type="application/json")

    async def narration(self, request: Request) -> Response:
        """The words for events and the notation, as data (``bluffhouse.narration``): the
        browser renders them; it has no sentence of its own."""
        if self._narration is None:
            self._narration = json.dumps(vocabulary(), ensure_ascii=False).encode()
        return Response(self._narration, media_type="application/json")

    async def bots(self, request: Request) -> Response:
        # "only": the bots that sit at some tables alone (each with that game's own rules)
        only = {
            name: [dict(t) for t in tables]
            for name in bot_names()
            if (tables := bot_class(name).only) is not None
        }
        # "labels": how a person is offered each bot (levels, then the characters)
        labels = {name: bot_label(name) for name in bot_names()}
        return JSONResponse(
            {"bots": bot_names(), "default": "counter", "only": only, "labels": labels}
        )

    async def _raw_body(self, request: Request) -> bytes:
        """The request's body, at most ``http_body_bytes`` (read once, kept for a forward)."""
        kept = getattr(request.state, "raw_body", None)
        if kept is not None:
            return bytes(kept)
        size = request.headers.get("content-length")
        if size is not None and (not size.isdigit() or int(size) > self.limits.http_body_bytes):
            raise Refused(
                "too_big", f"the request body is over {self.limits.http_body_bytes} bytes"
            )
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.limits.http_body_bytes:
                raise Refused(
                    "too_big", f"the request body is over {self.limits.http_body_bytes} bytes"
                )
        request.state.raw_body = raw
        return raw

    async def _body(self, request: Request) -> dict[str, Any]:
        raw = await self._raw_body(request)
        if not raw.strip():
            return {}
        try:
            data = loads(raw)
        except BadJSON as exc:
            raise Refused("bad_json", f"the request body is not acceptable JSON: {exc}") from None
        if not isinstance(data, dict):
            raise Refused("bad_request", "the request body must be a JSON object")
        return data

    async def _call(
        self, request: Request, work: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        try:
            return await work(request)
        except Refused as exc:
            return error(exc.code, str(exc))
        except StorageError:
            return error(
                "storage_unavailable",
                "the server cannot save anything right now; "
                "nothing was changed: try again in a moment",
            )

    def _from_peer(self, headers: Any) -> bool:
        """Whether a request or connection was forwarded by another process of this
        database (it knows the cluster's secret)."""
        return self.rooms.owners.is_peer(headers.get(NODE_HEADER))

    async def _in_room(
        self, request: Request, work: Callable[[Request, Room], Awaitable[Response]]
    ) -> Response:
        """Run ``work`` on the request's room if this process serves it; else forward the
        request to the process that does (while that one is unreachable, wait for its lease
        to run out and take the room here)."""

        async def run(request: Request) -> Response:
            code = request.path_params["code"]
            found = await self._reach(
                code, self._from_peer(request.headers), lambda owner: self._forward(request, owner)
            )
            if found is None:
                shown = code if len(code) <= 20 else "that code"
                raise Refused("unknown_room", f"there is no room {shown!r}")
            if isinstance(found, Room):
                return await work(request, found)
            return found

        return await self._call(request, run)

    async def _reach(
        self, code: str, from_peer: bool, forward: Callable[[Owner], Awaitable[T | None]]
    ) -> Room | T | None:
        """The room with ``code`` if this process serves it (None: there is no such room),
        else what ``forward`` got from the process that owns it.  While that process does
        not answer, wait for its lease to run out, when this process takes the room.
        Refused (``room_moved``) for a call another process forwarded here (never a second
        hop) or past the wait; ``StorageError`` when the database does not answer."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.limits.lease_seconds + 3
        while True:
            found = await self.rooms.locate(code)
            if found is None or isinstance(found, Room):
                return found
            if from_peer:
                raise Refused(
                    "room_moved",
                    "this room is moving between server processes; try again in a moment",
                )
            answer = await forward(found)
            if answer is not None:
                return answer
            if loop.time() > deadline:
                raise Refused(
                    "room_moved",
                    "the server process of this room does not answer; try again in a moment",
                )
            await asyncio.sleep(0.5)  # its owner died: its lease runs out, then it is ours

    async def _forward(self, request: Request, owner: Owner) -> Response | None:
        """The owner's answer to this request, or None if it cannot be reached."""
        assert self._forwarder is not None
        body = await self._raw_body(request) if request.method == "POST" else None
        return await forward_http(self._forwarder, request, body, owner, self.rooms.owners.secret)

    @staticmethod
    def _token(request: Request, data: dict[str, Any]) -> str:
        token = data.get("token")
        header = request.headers.get("authorization", "")
        if token is None and header.lower().startswith("bearer "):
            token = header[7:].strip()
        if not isinstance(token, str) or not token or len(token) > 200:
            raise Refused(
                "bad_token",
                'this needs the host\'s token ("token" in the body '
                "or an Authorization: Bearer header)",
            )
        return token

    async def create_room(self, request: Request) -> Response:
        async def work(request: Request) -> Response:
            data = await self._body(request)
            who = request.client.host if request.client else "?"
            made = await self.rooms.create(data, who)
            return JSONResponse(made, status_code=201)

        return await self._call(request, work)

    async def list_rooms(self, request: Request) -> Response:
        """The public tables waiting for players (``?game=ID``: of one game)."""

        async def work(request: Request) -> Response:
            game = request.query_params.get("game") or None
            return JSONResponse({"rooms": await self.rooms.public_rooms(game)})

        return await self._call(request, work)

    async def room_info(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            return JSONResponse(room.info())

        return await self._in_room(request, work)

    async def join(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            data = await self._body(request)
            name = clean_name(data.get("name"), self.limits.name_chars)
            seat = data.get("seat")
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
                raise Refused("bad_request", f"seat must be a seat number, not {seat!r}")
            seat, token = await room.join(name, seat)
            return JSONResponse(
                {"code": room.code, "seat": seat, "token": token, "room": room.info()}
            )

        return await self._in_room(request, work)

    async def start(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            data = await self._body(request)
            token = self._token(request, data)
            fill = data.get("fill", "counter")
            if fill is not None and fill is not False:
                from .room import valid_bot

                fill = valid_bot(
                    fill, "fill", (room.config.game, room.config.players, room.config.options)
                )
            await room.start(token, fill or None)
            return JSONResponse(room.info())

        return await self._in_room(request, work)

    async def rematch(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            data = await self._body(request)
            await room.rematch(self._token(request, data))
            return JSONResponse(room.info())

        return await self._in_room(request, work)

    async def _finished(
        self, request: Request, room: Room
    ) -> tuple[Room, int, bh.Game, dict[str, Any]]:
        """A finished game of the room (``?game=N``, default the latest) rebuilt from storage,
        with its starting state and actions."""
        from .storage import Storage

        text = request.query_params.get("game")
        game_no = room.game_no
        if text is not None:
            if not text.isdigit() or not 1 <= int(text) <= room.game_no:
                raise Refused("bad_request", f"game must be from 1 to {room.game_no}")
            game_no = int(text)
        if game_no == 0:
            raise Refused("not_over", "no game has been played in this room yet")
        stored = await self.rooms.storage.read(Storage.op_load_game(room.code, game_no))
        if stored is None:
            raise Refused("unknown_room", f"room {room.code} has no game {game_no}")
        if stored.result is None:
            raise Refused(
                "not_over",
                "that game is still being played: its log shows every "
                "card, so it opens once the game is over",
            )
        config = room.config

        def rebuild() -> tuple[bh.Game, dict[str, Any]]:
            game = bh.new_game(
                config.game, players=config.players, seed=stored.seed, **config.options
            )
            start = json.loads(game.to_json())
            for seat, action in stored.actions:
                game.apply(seat, action)
            record = {"start": start, "actions": [[s, a] for s, a in stored.actions]}
            return game, record

        game, record = await asyncio.to_thread(rebuild)
        return room, game_no, game, record

    async def game_log(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            room, game_no, game, _ = await self._finished(request, room)
            return JSONResponse(
                {
                    "code": room.code,
                    "game_no": game_no,
                    "game": game.game_id,
                    "result": game.result,
                    "events": game.events_all(),
                }
            )

        return await self._in_room(request, work)

    async def replay_step(self, request: Request) -> Response:
        """A finished game as it stood after ``step`` of its actions (``?step=K``, 0: the
        deal), with every hand face up (the game is over: its log shows every card): the
        table a replay draws, and how many of the log's events had happened."""

        async def work(request: Request, room: Room) -> Response:
            room, game_no, _, record = await self._finished(request, room)
            actions = record["actions"]
            text = request.query_params.get("step", "0")
            if not text.isdigit() or int(text) > len(actions):
                raise Refused("bad_request", f"step must be from 0 to {len(actions)}")
            step = int(text)

            def at_step() -> dict[str, Any]:
                game = bh.load(json.dumps(record["start"]))
                for seat, action in actions[:step]:
                    game.apply(seat, action)
                view = game.view(None)
                del view["events"]
                return {
                    "game_no": game_no,
                    "step": step,
                    "steps": len(actions),
                    "family": game.FAMILY,
                    "view": view,
                    "hands": [game.view(s)["hand"] for s in range(game.players)],
                    "events_seen": len(game.events),  # the log's events up to this step
                }

            return JSONResponse(await asyncio.to_thread(at_step))

        return await self._in_room(request, work)

    async def record(self, request: Request) -> Response:
        async def work(request: Request, room: Room) -> Response:
            room, game_no, game, record = await self._finished(request, room)
            seats = room.seats
            # `bluffhouse play --resume` needs a person at the table: a room of bots
            # names seat 0 (its bot still listed) so the record stays readable.
            humans = [s for s, info in enumerate(seats) if not info.bot] or [0]
            data = {
                "format": "bluffhouse-record/1",
                "game": game.game_id,
                "humans": humans,
                "bots": [info.bot or "human" for info in seats],
                "names": [info.name for info in seats],
                "room": room.code,
                "game_no": game_no,
                "start": record["start"],
                "actions": record["actions"],
                "state": json.loads(game.to_json()),
            }
            name = f"bluffhouse-{room.code}-{game_no}.json"
            return Response(
                json.dumps(data),
                media_type="application/json",
                headers={"content-disposition": f'attachment; filename="{name}"'},
            )

        return await self._in_room(request, work)

    # ------------------------------------------------------------------ websocket
    async def websocket(self, ws: WebSocket) -> None:
        """One client: refused politely past the connection caps; served here if this
        process owns the room, else forwarded to the process that does."""
        await ws.accept()
        peer = f"{ws.client.host}:{ws.client.port}" if ws.client else "?"
        address = ws.client.host if ws.client else "?"
        forwarded = self._from_peer(ws.headers)
        if forwarded:
            peer = f"{ws.headers.get(PEER_HEADER, '?')[:60]} via {peer}"
        refusal = None
        if self._open >= self.limits.connections_total:
            refusal = (
                "server_full",
                "the server has as many connections as it takes; try again later",
            )
        elif (
            not forwarded
            and self._per_address.get(address, 0) >= self.limits.connections_per_address
        ):
            refusal = (
                "too_many",
                f"too many connections from your address (at most "
                f"{self.limits.connections_per_address}); close some and try again",
            )
        if refusal is not None:
            await self._refuse(ws, *refusal, 4429)
            return
        self._open += 1
        if not forwarded:
            self._per_address[address] = self._per_address.get(address, 0) + 1
        try:
            await self._connected(ws, peer, forwarded)
        finally:
            self._open -= 1
            if not forwarded:
                left = self._per_address.get(address, 1) - 1
                if left > 0:
                    self._per_address[address] = left
                else:
                    self._per_address.pop(address, None)

    async def _connected(self, ws: WebSocket, peer: str, forwarded: bool) -> None:
        code = ws.path_params["code"]

        async def relayed(owner: Owner) -> bool | None:
            return await self._relay(ws, owner, code, peer) or None

        try:
            found = await self._reach(code, forwarded, relayed)
        except StorageError:
            await self._refuse(
                ws,
                "storage_unavailable",
                "the server cannot save anything right now; the page will reconnect",
                1013,
            )
            return
        except Refused as exc:  # 1012: reconnect now (and be sent right); 1013: later
            await self._refuse(ws, exc.code, str(exc), 1012 if forwarded else 1013)
            return
        if found is True:
            return  # relayed to the owner until either side closed
        conn = Conn(self.limits.send_queue, peer)
        self._conns.add(conn)
        writer = asyncio.create_task(self._writer(ws, conn))
        room = found if isinstance(found, Room) else None
        try:
            if room is None:
                conn.send(
                    {
                        "type": "error",
                        "code": "unknown_room",
                        "message": f"there is no room {code[:20]!r}",
                    }
                )
                conn.cut(4404, "unknown room")
                return
            if not await self._hello(ws, conn, room):
                return
            await self._serve(ws, conn, room)
        except WebSocketDisconnect:
            pass
        except StorageError:
            conn.send(
                {
                    "type": "error",
                    "code": "storage_unavailable",
                    "message": "the server cannot save anything right now; the page will reconnect",
                }
            )
            conn.cut(1013, "database unavailable")
        finally:
            self._conns.discard(conn)
            if room is not None and conn.room is room:
                await room.detach(conn)
            conn.cut(conn.close_code if conn.closed else 1000, conn.close_reason)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, timeout=5)
            writer.cancel()

    @staticmethod
    async def _refuse(ws: WebSocket, code: str, message: str, close: int) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(json.dumps({"type": "error", "code": code, "message": message}))
            await ws.close(close, message[:120])

    async def _relay(self, ws: WebSocket, owner: Owner, code: str, peer: str) -> bool:
        return await relay_websocket(
            ws, owner, code, peer, self.rooms.owners.secret, self.limits.hard_frame_bytes
        )

    async def _close_idle(self) -> None:
        """Close connections that neither sent nor were sent anything for ``idle_seconds``."""
        every = max(1.0, min(60.0, self.limits.idle_seconds / 4))
        while True:
            await asyncio.sleep(every)
            cutoff = time.monotonic() - self.limits.idle_seconds
            for conn in list(self._conns):
                if conn.active < cutoff:
                    conn.send(
                        {
                            "type": "error",
                            "code": "idle",
                            "message": "closed after a long time with nothing sent either way",
                        }
                    )
                    conn.cut(4408, "idle")

    async def _writer(self, ws: WebSocket, conn: Conn) -> None:
        """Sends the connection's queue in order; closes the socket when told to."""
        try:
            while True:
                text = await conn.queue.get()
                if text is None:
                    break
                await ws.send_text(text)
        except Exception:  # the client went away: the reader will notice
            conn.closed = True
            return
        if ws.application_state != WebSocketState.DISCONNECTED:
            with contextlib.suppress(Exception):
                await ws.close(conn.close_code, conn.close_reason[:120])

    async def _receive(self, ws: WebSocket, conn: Conn) -> dict[str, Any] | None:
        """The next message as a dict, or None after answering a bad one with an error."""
        message = await ws.receive()
        if message["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(message.get("code", 1000))
        conn.active = time.monotonic()
        text = message.get("text")
        if text is None:
            conn.send(
                {
                    "type": "error",
                    "code": "bad_frame",
                    "message": "send text frames of JSON, not binary ones",
                }
            )
            return None
        if len(text) > self.limits.frame_bytes:
            conn.send(
                {
                    "type": "error",
                    "code": "too_big",
                    "message": f"a message may be at most {self.limits.frame_bytes} bytes; "
                    f"this one was {len(text)}",
                }
            )
            return None
        try:
            data = loads(text)
        except BadJSON as exc:
            conn.send(
                {
                    "type": "error",
                    "code": "bad_json",
                    "message": f"that message is not acceptable JSON: {exc}",
                }
            )
            return None
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            conn.send(
                {
                    "type": "error",
                    "code": "bad_message",
                    "message": 'a message is a JSON object with a "type", like {"type": "hello"}',
                }
            )
            return None
        return data

    async def _hello(self, ws: WebSocket, conn: Conn, room: Room) -> bool:
        while True:
            try:
                data = await asyncio.wait_for(
                    self._receive(ws, conn), timeout=self.limits.hello_seconds
                )
            except TimeoutError:
                conn.cut(4408, "no hello in time")
                return False
            if data is None:
                continue
            if data["type"] != "hello":
                conn.send(
                    {
                        "type": "error",
                        "code": "hello_first",
                        "message": 'say hello first: {"type": "hello", "token": ...} '
                        "(no token: watch as a spectator)",
                    }
                )
                continue
            token = data.get("token")
            seen = data.get("events_seen")
            if token is not None and (not isinstance(token, str) or len(token) > 200):
                conn.send(
                    {
                        "type": "error",
                        "code": "bad_token",
                        "message": "a token is the text you got when you joined",
                    }
                )
                continue
            if seen is not None and (isinstance(seen, bool) or not isinstance(seen, int)):
                conn.send(
                    {
                        "type": "error",
                        "code": "bad_message",
                        "message": "events_seen must be a whole number",
                    }
                )
                continue
            try:
                await room.attach(conn, token or None, seen)
            except Refused as exc:
                conn.send({"type": "error", "code": exc.code, "message": str(exc)})
                if exc.code == "room_full":
                    conn.cut(4429, "room full")
                    return False
                continue
            return True

    async def _serve(self, ws: WebSocket, conn: Conn, room: Room) -> None:
        limits = self.limits
        allowance = limits.rate_burst
        last = time.monotonic()
        errors = 0
        while not conn.closed:
            data = await self._receive(ws, conn)
            now = time.monotonic()
            allowance = min(limits.rate_burst, allowance + (now - last) * limits.rate_per_second)
            last = now
            free = data is not None and self._free(conn, room, data)
            if not free:
                allowance -= 1
                if allowance < 0:
                    conn.cut(1008, "too many messages: slow down")
                    log.info("room %s: cut off %s for flooding", room.code, conn.peer)
                    return
            if data is None:
                errors += 1
            else:
                try:
                    if await self._dispatch(conn, room, data) and not free:
                        allowance += 1  # accepted: paced by the game, not counted
                    errors = 0
                except Refused as exc:
                    if not (free and exc.code in ("stale", "not_your_turn", "over")):
                        errors += 1  # (a faster seat, or the end of the game: no mistake)
                    reply: dict[str, Any] = {
                        "type": "refused" if data["type"] == "action" else "error",
                        "code": exc.code,
                        "message": str(exc),
                    }
                    if "id" in data and isinstance(data["id"], str | int):
                        reply["id"] = data["id"]
                    if room.game is not None:
                        reply["version"] = room.game.version
                    conn.send(reply)
            if errors >= limits.errors_in_a_row:
                conn.cut(1008, "too many bad messages in a row")
                return

    @staticmethod
    def _free(conn: Conn, room: Room, data: dict[str, Any]) -> bool:
        """Whether ``data`` answers a state this connection was sent, so that the rate limit
        does not count it: one ``legal`` ask per state that left the seat's legal actions to
        be asked for (a turn), and one action per version it was sent a state of (even when
        refused as ``stale``, ``not_your_turn`` or ``over``: a quicker seat, or the game's
        end, beat it).  A client that answers each state it gets is never cut off, however far
        behind it reads; messages nothing asked for (pings, chat, a second action on one
        version, versions it was never sent) are counted."""
        kind = data["type"]
        if kind == "legal":
            return conn.free_legal_ask()
        version, game_no = data.get("version"), data.get("game_no")
        if game_no is None:
            game_no = room.game_no
        if kind != "action" or not _whole(version) or not _whole(game_no):
            return False
        return conn.free_action(game_no, version)

    async def _dispatch(self, conn: Conn, room: Room, data: dict[str, Any]) -> bool:
        """Handle one message; True for an accepted action (paced by the game: not counted
        against the rate limit, like the answers of ``_free``)."""
        kind = data["type"]
        if kind == "action":
            if conn.seat is None:
                raise Refused("spectator", "spectators cannot act; join a seat to play")
            action = data.get("action")
            if not isinstance(action, dict):
                raise Refused(
                    "bad_message",
                    'an action message carries an "action" object, '
                    'like {"type": "action", "action": {"type": "pass"}, '
                    '"version": 12}',
                )
            version = data.get("version")
            if not _whole(version):
                raise Refused(
                    "bad_message",
                    'an action message carries the "version" of the state you saw (a whole number)',
                )
            game_no = data.get("game_no")
            if game_no is not None and not _whole(game_no):
                raise Refused(
                    "bad_message",
                    'game_no is the "game_no" of the state you saw (a whole number), or left out',
                )
            request_id = _request_id(data)
            await room.submit(conn.seat, action, version, "player", request_id, game_no)
            reply: dict[str, Any] = {"type": "accepted", "version": version + 1}
            if "id" in data:
                reply["id"] = data["id"]
            conn.send(reply)
            return True
        elif kind == "chat":
            text = data.get("text")
            if not isinstance(text, str):
                raise Refused("bad_message", 'a chat message carries "text"')
            text = " ".join(text.split())
            if not text:
                raise Refused("bad_message", "the chat line is empty")
            if len(text) > self.limits.chat_chars:
                raise Refused(
                    "too_big", f"a chat line may be at most {self.limits.chat_chars} characters"
                )
            await room.say(conn, text)
        elif kind == "legal":
            async with room.lock:
                _, text = await room.views.legal_reply(conn.seat)
            conn.send(text)
        elif kind == "check":
            # Is this built action legal now? (A play missing from a capped legal list.) An
            # ordinary message as to the rate limit: one per click of a person is far below it.
            if conn.seat is None:
                raise Refused("spectator", "spectators cannot act; join a seat to play")
            action = data.get("action")
            version = data.get("version")
            if not isinstance(action, dict) or not _whole(version):
                raise Refused(
                    "bad_message",
                    'a check message carries an "action" object '
                    'and the "version" of the state you saw, like {"type": '
                    '"check", "action": {"type": "pass"}, "version": 12}',
                )
            _request_id(data)  # a malformed id is refused like an action's
            async with room.lock:
                verdict = room.views.check(conn.seat, action, version)
            reply = {"type": "checked", "version": version, **verdict}
            if "id" in data:
                reply["id"] = data["id"]
            conn.send(reply)
        elif kind == "back":
            await room.back(conn)
        elif kind == "next":
            await room.next_hand(conn)
        elif kind == "ping":
            conn.send(
                {
                    "type": "pong",
                    "at": data.get("at") if isinstance(data.get("at"), int | float) else None,
                }
            )
        elif kind == "hello":
            raise Refused("bad_message", "already said hello; to change seat, reconnect")
        else:
            raise Refused(
                "unknown_type",
                f"unknown message type {kind[:40]!r}; known: action, back, check, chat, legal, "
                "next, ping",
            )
        return False


def create_app(settings: Settings | None = None) -> Starlette:
    """The ASGI app (for uvicorn or any ASGI server)."""
    return Server(settings or Settings.from_env()).app
