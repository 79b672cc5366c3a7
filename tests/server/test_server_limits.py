"""Limits that protect players from other clients, on a real server: seats always get in past
any number of spectators, connections are capped per address, the room cap holds under
concurrent creation, and hostile input of any shape gets its documented error, never a
traceback (``started_servers`` fails a test whose server logged one), and every frame the server
sends is JSON."""

from __future__ import annotations

import asyncio
import contextlib
import json
import math
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import websockets
from serverkit import Client, ServerProc


def _strict(text: str) -> Any:
    """JSON as the standard defines it: no NaN, no Infinity."""

    def refuse(name: str) -> Any:
        raise AssertionError(f"the server sent {name}, which is not JSON")

    return json.loads(text, parse_constant=refuse)


async def _raw(server: ServerProc, code: str) -> Any:
    return await websockets.connect(f"{server.ws}/ws/{code}", max_size=None, open_timeout=20)


async def _next(ws: Any, timeout: float = 10) -> dict[str, Any]:
    message: dict[str, Any] = _strict(await asyncio.wait_for(ws.recv(), timeout))
    return message


def test_spectators_never_lock_the_players_out(make_server: Callable[..., ServerProc]) -> None:
    server = make_server(None, "--connections-per-address", "500")
    made = server.create(game="bullshit", bots=[1, 2, 3], timers=False)
    code = made["code"]

    async def run() -> None:
        watchers = [await Client(server, code).connect() for _ in range(64)]
        assert all(w.seat is None for w in watchers)
        extra = await Client(server, code).connect()
        refused = extra.received[-1]
        assert refused["type"] == "error" and refused["code"] == "room_full"
        assert "spectators" in refused["message"]
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await extra.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        # the seated player's own token gets in, and so does a second device of theirs
        for _ in range(2):
            player = await Client(server, code, made["token"]).connect()
            assert player.seat == 0, player.received
        await asyncio.gather(*(_drain_and_close(w) for w in watchers))

    asyncio.run(run())


async def _drain_and_close(client: Client) -> None:
    """Read what is waiting (a client that reads nothing never sees the server's close
    frame, and waits out its close timeout), then close."""
    with contextlib.suppress(TimeoutError):
        while True:
            await client.recv(timeout=0.2)
    await client.close()


def test_connections_are_capped_per_address(make_server: Callable[..., ServerProc]) -> None:
    server = make_server(None, "--connections-per-address", "20")
    code = server.create(game="bluff", bots=[1, 2, 3])["code"]

    async def run() -> None:
        silent = [await _raw(server, code) for _ in range(20)]  # never say hello
        one_more = await _raw(server, code)
        message = await _next(one_more)
        assert message["code"] == "too_many" and "address" in message["message"]
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await one_more.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        await silent[0].close()
        await asyncio.sleep(0.3)
        again = await Client(server, code).connect()  # a place came free
        assert again.received[0]["type"] == "welcome"
        for ws in silent[1:]:
            await ws.close()
        await again.close()
        assert server.get("/api/health").json()["connections"] <= 1

    asyncio.run(run())


def test_silent_connections_are_closed(make_server: Callable[..., ServerProc]) -> None:
    server = make_server(None, "--idle-seconds", "1")
    code = server.create(game="bluff", bots=[1, 2, 3], timers=False)["code"]

    async def run() -> None:
        quiet = await Client(server, code).connect()
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                await quiet.recv(timeout=15)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4408
        assert any(m.get("code") == "idle" for m in quiet.received)

    asyncio.run(run())


def test_the_room_cap_holds_under_concurrent_creation(
    make_server: Callable[..., ServerProc],
) -> None:
    server = make_server(None, "--max-rooms", "5", "--room-rate", "1000")

    async def run() -> list[int]:
        async with httpx.AsyncClient(timeout=30) as client:
            answers = await asyncio.gather(
                *(
                    client.post(server.http + "/api/rooms", json={"game": "bluff", "name": f"P{i}"})
                    for i in range(40)
                )
            )
        for answer in answers:
            if answer.status_code != 201:
                assert answer.json()["error"] == "server_full"
        return [a.status_code for a in answers]

    codes = asyncio.run(run())
    assert codes.count(201) == 5 and codes.count(503) == 35
    assert server.get("/api/health").json()["rooms"] == 5


NESTED = "[" * 3000 + "]" * 3000


def test_hostile_websocket_input_gets_errors_and_valid_json(
    make_server: Callable[..., ServerProc],
) -> None:
    server = make_server()
    made = server.create(game="bullshit", bots=[1, 2, 3], timers=False)
    code = made["code"]
    server.start_room(code, made["token"])

    async def run() -> None:
        ws = await _raw(server, code)
        await ws.send(json.dumps({"type": "hello", "token": made["token"]}))
        while (await _next(ws))["type"] != "welcome":
            pass
        cases: list[tuple[str | bytes, str]] = [
            (NESTED, "bad_json"),
            (
                '{"type": "action", "action": '
                + '{"a": ' * 200
                + "1"
                + "}" * 200
                + ', "version": 1}',
                "bad_json",
            ),
            ('{"type": "ping", "at": NaN}', "bad_json"),
            ('{"type": "ping", "at": Infinity}', "bad_json"),
            ('{"type": "ping", "at": 1e999}', "bad_json"),
            ('{"type": "ping", "at": -1e999}', "bad_json"),
            ("\x00\x00{}", "bad_json"),
            ('{"type": "chat", "text": "a\\u0000b"}', ""),
            (b"\x00\x01binary", "bad_frame"),
            (
                '{"type": "action", "action": {"type": "play", "cards": [[[[["AS"]]]]]}, '
                '"version": 0}',
                "",
            ),
            ("[1, 2, 3]", "bad_message"),
            ('"just a string"', "bad_message"),
            ('{"type": 7}', "bad_message"),
            ("x" * 20_000, "too_big"),
        ]
        for frame, code_expected in cases:
            await ws.send(frame)
            while True:
                reply = await _next(ws)
                if reply["type"] in ("error", "refused", "chat"):
                    break
            if code_expected:
                assert reply["code"] == code_expected, (frame[:40], reply)
            assert "Traceback" not in json.dumps(reply)
        # a ping with an ordinary number is echoed as it came
        await ws.send(json.dumps({"type": "ping", "at": 12.5}))
        while (reply := await _next(ws))["type"] != "pong":
            pass
        assert reply["at"] == 12.5 and math.isfinite(reply["at"])
        # a frame past the hard limit closes the connection (1009), nothing else
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.send("y" * 1_100_000)  # (the close may come while it is still sending)
            while True:
                await _next(ws)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    asyncio.run(run())


def test_hostile_http_input_gets_errors(make_server: Callable[..., ServerProc]) -> None:
    server = make_server()
    answer = server.post(
        "/api/rooms", content=NESTED.encode(), headers={"content-type": "application/json"}
    )
    assert answer.status_code == 400 and answer.json()["error"] == "bad_json"
    answer = server.post(
        "/api/rooms",
        content=b'{"game": "bluff", "players": NaN}',
        headers={"content-type": "application/json"},
    )
    assert answer.status_code == 400 and answer.json()["error"] == "bad_json"
    for path in (
        "/static/%00.js",
        "/static/a%00b.css",
        "/static/%0A.js",
        "/static/..%2F.js",
        "/static/%FF.js",
    ):
        answer = server.get(path)
        assert answer.status_code == 404, (path, answer.status_code)
        assert answer.json()["error"] == "not_found"
    answer = server.post(
        "/api/rooms/ABCDEF/join", content=b"\xff\xfe", headers={"content-type": "application/json"}
    )
    assert answer.status_code in (400, 404)
