"""Several ``bluffhouse serve`` processes on one PostgreSQL database serve the same rooms as one
server: a client may connect to any of them and plays the same game, and when a room's owner
is SIGKILLed another process takes the room over within seconds and its clients carry on; no
action is lost or applied twice, and every record replays to what the clients saw."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest
import websockets
from serverkit import Client, ServerProc, play_until_over

import bluffhouse as bh

pytestmark = pytest.mark.slow

LEASE = ("--lease-seconds", "2", "--room-rate", "1000")


def _people_room(
    owner: ServerProc, via: list[ServerProc], seed: int, players: int = 3
) -> tuple[str, list[str]]:
    """A room of people created on ``owner``, joined and started through the others."""
    made = owner.create(game="bullshit", players=players, seed=seed, timers=False)
    code = made["code"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append(via[seat % len(via)].join(code, f"P{seat}", seat)["token"])
    via[0].start_room(code, made["token"], fill=None)
    return code, tokens


def _record(server: ServerProc, code: str) -> dict[str, Any]:
    answer = server.get(f"/api/rooms/{code}/record")
    assert answer.status_code == 200, answer.text
    record: dict[str, Any] = answer.json()
    return record


def _replayed(record: dict[str, Any]) -> bh.Game:
    game = bh.load(json.dumps(record["start"]))
    for seat, action in record["actions"]:
        game.apply(seat, action)
    assert json.loads(game.to_json()) == record["state"]
    return game


def _check_clients(record: dict[str, Any], clients: list[Client]) -> None:
    game = _replayed(record)
    for client in clients:
        assert client.over is not None and client.over["result"] == game.result
        assert client.events == game.events_for(client.seat), f"seat {client.seat}"


async def _play_through(
    client: Client, live: list[ServerProc], rng: random.Random, timeout: float = 240
) -> int:
    """Play to the end; when the connection drops, reconnect through a live process with the
    events already seen, as the browser does.  How many times it reconnected."""
    deadline = time.monotonic() + timeout
    reconnects = 0
    while client.over is None:
        try:
            await play_until_over(client, rng, timeout=deadline - time.monotonic())
        except (websockets.ConnectionClosed, OSError):
            reconnects += 1
            while True:
                if time.monotonic() > deadline:
                    raise TimeoutError("could not reconnect") from None
                client.server = live[reconnects % len(live)]
                try:
                    await client.connect(events_seen=len(client.events))
                    break
                except (websockets.ConnectionClosed, OSError, TimeoutError):
                    reconnects += 1
                    await asyncio.sleep(0.2)
    return reconnects


def test_two_processes_serve_one_game(pg_url: str, make_server: Callable[..., ServerProc]) -> None:
    a = make_server(pg_url, *LEASE)
    b = make_server(pg_url, *LEASE)
    health = [s.get("/api/health").json()["process"] for s in (a, b)]
    assert health[0]["shared"] and health[1]["shared"]
    assert health[0]["node"] != health[1]["node"]
    code, tokens = _people_room(a, [b, a], seed=11)
    assert a.get(f"/api/rooms/{code}").json() == b.get(f"/api/rooms/{code}").json()

    async def run() -> None:
        clients = [
            await Client(server, code, token).connect()
            for server, token in zip([b, a, b], tokens, strict=True)
        ]
        assert [c.seat for c in clients] == [0, 1, 2]
        await asyncio.gather(
            *(_play_through(c, [a, b], random.Random(i)) for i, c in enumerate(clients))
        )
        record = _record_of([a, b], code)
        _check_clients(record, clients)
        # chat through either process reaches everyone
        await clients[0].send({"type": "chat", "text": "good game"})
        for client in clients:
            line = await client.until(lambda m: m["type"] == "chat")
            assert line["text"] == "good game" and line["name"] == "Ann"
        for client in clients:
            await client.close()

    asyncio.run(run())


def test_three_processes_one_killed_mid_game(
    pg_url: str, make_server: Callable[..., ServerProc]
) -> None:
    servers = [make_server(pg_url, *LEASE) for _ in range(3)]
    rooms = [
        _people_room(servers[i], [servers[(i + 1) % 3], servers[(i + 2) % 3]], seed=20 + i)
        for i in range(3)
    ]
    doomed = servers[0]
    # a room of bots owned by the doomed process: nobody is connected to it
    bots = doomed.create(
        game="bullshit", bots=[0, 1, 2, 3], sit=False, seed=7, bot_delay=0.05, timers=False
    )
    doomed.start_room(bots["code"], bots["token"])
    live = list(servers)

    async def run() -> list[list[Client]]:
        tables = []
        for i, (code, tokens) in enumerate(rooms):
            tables.append(
                [
                    await Client(servers[(i + seat) % 3], code, token).connect()
                    for seat, token in enumerate(tokens)
                ]
            )

        async def kill_when_under_way() -> None:
            watched = tables[0][0]
            while watched.state is None or watched.version < 12:
                await asyncio.sleep(0.01)
            assert watched.over is None, "the game ended before the kill"
            doomed.kill()
            live.remove(doomed)

        killer = asyncio.create_task(kill_when_under_way())
        reconnects = await asyncio.gather(
            *(
                _play_through(c, live, random.Random(10 * i + j))
                for i, table in enumerate(tables)
                for j, c in enumerate(table)
            )
        )
        await killer
        assert sum(reconnects[:3]) >= 3, "room 0's clients never lost their process"
        return tables

    started = time.monotonic()
    tables = asyncio.run(run())
    assert time.monotonic() - started < 180
    survivors = servers[1:]
    for (code, _), clients in zip(rooms, tables, strict=True):
        _check_clients(_record_of(survivors, code), clients)
    # the room of bots was taken over by a survivor and played to its end
    deadline = time.monotonic() + 120
    while True:
        info = survivors[1].get(f"/api/rooms/{bots['code']}").json()
        if info["status"] == "over":
            break
        assert time.monotonic() < deadline, info
        time.sleep(0.5)
    _replayed(_record_of(survivors, bots["code"]))


def _record_of(servers: list[ServerProc], code: str) -> dict[str, Any]:
    """The room's record, the same through every process."""
    records = [_record(server, code) for server in servers]
    assert all(r == records[0] for r in records)
    return records[0]


def test_a_paused_owner_never_writes_after_losing_its_room(
    pg_url: str, make_server: Callable[..., ServerProc]
) -> None:
    """SIGSTOP the owner of a busy room of bots past its lease: another process takes the room
    and plays on; woken, the old owner finds its lease gone (its writes are fenced off) and
    stops serving the room, and the stored game replays whole."""
    import signal

    a = make_server(pg_url, *LEASE)
    b = make_server(pg_url, *LEASE)
    made = a.create(
        game="bullshit", bots=[0, 1, 2, 3], sit=False, seed=5, bot_delay=0.05, timers=False
    )
    code = made["code"]
    a.start_room(code, made["token"])
    time.sleep(1.0)
    assert a.proc is not None
    a.proc.send_signal(signal.SIGSTOP)
    try:
        time.sleep(4.0)  # the lease (2 s) runs out; b takes the room over
        deadline = time.monotonic() + 30
        while b.get("/api/health").json()["rooms"] < 1:
            assert time.monotonic() < deadline, "b never took the room"
            time.sleep(0.2)
        taken_at = b.get(f"/api/rooms/{code}").json()["version"]
    finally:
        a.proc.send_signal(signal.SIGCONT)
    deadline = time.monotonic() + 30
    while a.get("/api/health").json()["rooms"] > 0:
        assert time.monotonic() < deadline, "a still serves the room it lost"
        time.sleep(0.2)
    assert "now served by another process" in a.stderr()
    deadline = time.monotonic() + 120
    while (info := b.get(f"/api/rooms/{code}").json())["status"] != "over":
        assert time.monotonic() < deadline, info
        time.sleep(0.5)
    assert info["version"] > taken_at
    record = _record_of([a, b], code)
    game = _replayed(record)
    assert game.over and game.result == info["result"]
