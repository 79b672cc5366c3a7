"""The server in bad weather: the database stops under a running game, or another process holds
SQLite's write lock.  An action exists only once it is stored: while the database is down the
seat gets an error frame, nobody sees a change, and when it is back play goes on by itself;
every stored game replays to what the clients saw, after a restart too."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from serverkit import Client, ServerProc, choose, play_until_over

import bluffhouse as bh
from conftest import PgCluster

pytestmark = pytest.mark.slow


def _people_room(
    server: ServerProc, game: str = "bullshit", players: int = 3, seed: int = 5
) -> tuple[str, list[str]]:
    """A started room of people only (no clocks): each seat's token, seat order."""
    made = server.create(game=game, players=players, seed=seed, timers=False)
    code = made["code"]
    tokens = [made["token"]]
    for seat in range(1, players):
        tokens.append(server.join(code, f"P{seat}", seat)["token"])
    server.start_room(code, made["token"], fill=None)
    return code, tokens


async def _connect_all(server: ServerProc, code: str, tokens: list[str]) -> list[Client]:
    clients = [await Client(server, code, token).connect() for token in tokens]
    for client in clients:
        if client.state is None:
            await client.until(lambda m: m["type"] == "state")
    return clients


async def _act_once(client: Client, rng: random.Random) -> tuple[dict[str, Any], int]:
    """The acting client's next action (sent): the action and the version it was sent on."""
    legal = await client.legal_now()
    action = choose(legal, rng)
    version = client.version
    await client.send(
        {
            "type": "action",
            "action": action,
            "version": version,
            "id": f"{client.seat}-{version}-{rng.random()}",
        }
    )
    return action, version


async def _to_act(clients: list[Client]) -> Client:
    for _ in range(200):
        for client in clients:
            if client.my_turn():
                return client
        await asyncio.sleep(0.05)
        for client in clients:
            with _no_timeout():
                await client.recv(timeout=0.05)
    raise AssertionError("nobody is to act")


class _no_timeout:
    def __enter__(self) -> None:
        return None

    def __exit__(self, kind: Any, *_: Any) -> bool:
        return kind is TimeoutError


async def _play_some(clients: list[Client], n: int, rng: random.Random) -> None:
    for _ in range(n):
        client = await _to_act(clients)
        _, version = await _act_once(client, rng)
        await client.until(
            lambda m, v=version: m["type"] in ("state", "over") and m.get("version", v + 1) > v
        )
        for other in clients:
            if other is not client:
                await other.until(
                    lambda m, v=version: (
                        m["type"] == "over" or (m["type"] == "state" and m["version"] > v)
                    )
                )


def _replays_to(server: ServerProc, code: str, clients: list[Client]) -> None:
    """The stored record replays, action by action, to exactly what every client saw."""
    record = server.get(f"/api/rooms/{code}/record").json()
    game = bh.load(json.dumps(record["start"]))
    for seat, action in record["actions"]:
        game.apply(seat, action)
    assert json.loads(game.to_json()) == record["state"]
    for client in clients:
        assert client.over is not None and client.over["result"] == game.result
        assert client.events == game.events_for(client.seat), f"seat {client.seat}"


async def _finish(clients: list[Client], seed: int) -> None:
    await asyncio.gather(
        *(play_until_over(c, random.Random(seed + i), timeout=240) for i, c in enumerate(clients))
    )


def test_postgresql_stopped_mid_game_then_back(
    own_pg: PgCluster, make_server: Callable[..., ServerProc]
) -> None:
    server = make_server(own_pg.url, "--db-timeout", "2", "--room-rate", "1000")
    code, tokens = _people_room(server)
    blipped, blip_tokens = _people_room(server, seed=8)
    # a room that runs by itself: bots, and a person who never comes (their clock plays)
    absent = server.create(
        game="bullshit",
        players=4,
        bots=[1, 2, 3],
        seed=4,
        turn_seconds=0.5,
        window_seconds=0.5,
        bot_delay=0.05,
    )
    server.start_room(absent["code"], absent["token"])

    async def run() -> int:
        rng = random.Random(1)
        clients = await _connect_all(server, code, tokens)
        others = await _connect_all(server, blipped, blip_tokens)
        await _play_some(clients, 6, rng)
        await _play_some(others, 4, rng)
        before = server.get(f"/api/rooms/{code}").json()["version"]

        own_pg.stop()
        time.sleep(0.5)  # what was being written when it stopped has failed by now
        frozen = server.get(f"/api/rooms/{absent['code']}").json()
        actor = await _to_act(clients)
        action, version = await _act_once(actor, rng)
        refused = await actor.until(lambda m: m["type"] in ("refused", "state"), timeout=20)
        assert refused["type"] == "refused", refused
        assert refused["code"] == "storage_unavailable" and refused["version"] == version
        assert "try again" in refused["message"]
        # nobody saw a change; the socket is open; views are still served
        for client in clients:
            with _no_timeout():
                seen = await client.until(lambda m: m["type"] == "state", timeout=1.0)
                raise AssertionError(f"a state was sent during the outage: {seen}")
        assert server.get(f"/api/rooms/{code}").json()["version"] == before
        await actor.send({"type": "chat", "text": "anyone there?"})
        chat = await actor.until(lambda m: m["type"] in ("error", "chat"))
        assert chat["type"] == "error" and chat["code"] == "storage_unavailable"
        made = server.post("/api/rooms", {"game": "bluff", "name": "Zed"})
        assert made.status_code == 503 and made.json()["error"] == "storage_unavailable"
        health = server.get("/api/health").json()
        assert health["database"]["ok"] is False and health["ok"] is False
        # the other room's seat acts too: refused the same way
        other = await _to_act(others)
        _, other_version = await _act_once(other, rng)
        again = await other.until(lambda m: m["type"] in ("refused", "state"), timeout=20)
        assert again["type"] == "refused" and again["code"] == "storage_unavailable"

        # the bots and the clock could not move their room either
        assert (
            server.get(f"/api/rooms/{absent['code']}").json()["version"] == frozen["version"]
            and frozen["status"] == "playing"
        )
        own_pg.start()
        # the same action again, on the same version: accepted, no restart needed
        await actor.send({"type": "action", "action": action, "version": version, "id": "y"})
        ok = await actor.until(lambda m: m["type"] in ("accepted", "refused"), timeout=20)
        assert ok["type"] == "accepted", ok
        assert server.get("/api/health").json()["database"]["ok"] is True
        await _finish(clients, 10)
        _replays_to(server, code, clients)

        # the other room: it stays mid-game, and the server is killed after the blip
        await other.send(
            {
                "type": "action",
                "action": (await other.legal_now())[0],
                "version": other_version,
                "id": "z",
            }
        )
        await other.until(lambda m: m["type"] in ("accepted", "refused"), timeout=20)
        await _play_some(others, 3, rng)
        version_then: int = server.get(f"/api/rooms/{blipped}").json()["version"]
        for client in [*clients, *others]:
            await client.close()
        return version_then

    version_then = asyncio.run(run())
    server.kill()
    server.start()
    info = server.get(f"/api/rooms/{blipped}").json()
    assert info["status"] == "playing" and info["version"] == version_then

    async def rest() -> None:
        others = await _connect_all(server, blipped, blip_tokens)
        await _finish(others, 20)
        _replays_to(server, blipped, others)
        for client in others:
            await client.close()

    asyncio.run(rest())
    # the room of bots and clocks went on by itself, through the outage and the restart
    deadline = time.monotonic() + 180
    while (info := server.get(f"/api/rooms/{absent['code']}").json())["status"] != "over":
        assert time.monotonic() < deadline, info
        time.sleep(0.5)
    record = server.get(f"/api/rooms/{absent['code']}/record").json()
    game = bh.load(json.dumps(record["start"]))
    for seat, action in record["actions"]:
        game.apply(seat, action)
    assert game.result == info["result"] and len(record["actions"]) == info["version"]


def test_a_held_sqlite_lock_delays_only_the_rooms_that_write(
    make_server: Callable[..., ServerProc],
) -> None:
    server = make_server(None, "--db-timeout", "1.5")  # SQLite's busy timeout: 1.5 s
    db = server.db[len("sqlite:///") :]
    code, tokens = _people_room(server)
    other, other_tokens = _people_room(server, seed=3)
    locked = threading.Event()
    release = threading.Event()

    def hold_lock() -> None:
        conn = sqlite3.connect(db, timeout=10)
        conn.execute("BEGIN IMMEDIATE")  # the write lock, as a backup or a sqlite3 shell
        locked.set()
        release.wait(20)
        conn.rollback()
        conn.close()

    async def run() -> None:
        rng = random.Random(4)
        clients = await _connect_all(server, code, tokens)
        watchers = await _connect_all(server, other, other_tokens)
        holder = threading.Thread(target=hold_lock)
        holder.start()
        locked.wait(10)
        try:
            actor = await _to_act(clients)
            action, version = await _act_once(actor, rng)
            # meanwhile a ping in another room comes straight back
            worst = 0.0
            for i in range(20):
                sent = time.perf_counter()
                await watchers[0].send({"type": "ping", "at": i})
                await watchers[0].until(lambda m, i=i: m["type"] == "pong" and m["at"] == i)
                worst = max(worst, time.perf_counter() - sent)
                await asyncio.sleep(0.05)
            # (a loop held by the lock would make a ping wait the whole busy timeout, 1.5 s;
            # the bound leaves room for a loaded test machine, not for that)
            assert worst < 0.75, f"a ping waited {worst:.3f} s behind the held lock"
            refused = await actor.until(lambda m: m["type"] in ("refused", "accepted"), timeout=20)
            assert refused["type"] == "refused" and refused["code"] == "storage_unavailable"
        finally:
            release.set()
            holder.join()
        await actor.send({"type": "action", "action": action, "version": version, "id": "b"})
        ok = await actor.until(lambda m: m["type"] in ("accepted", "refused"), timeout=20)
        assert ok["type"] == "accepted", ok
        await _finish(clients, 30)
        _replays_to(server, code, clients)
        for client in [*clients, *watchers]:
            await client.close()

    asyncio.run(run())


def test_a_second_process_on_one_sqlite_file_is_told(
    make_server: Callable[..., ServerProc],
) -> None:
    import subprocess
    import sys

    server = make_server()
    done = subprocess.run(
        [sys.executable, "-m", "bluffhouse", "serve", "--port", "0", "--db", server.db],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "already using" in done.stderr and "PostgreSQL" in done.stderr
    assert "Traceback" not in done.stderr
    assert server.get("/api/health").status_code == 200
