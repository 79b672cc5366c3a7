"""Nothing lost: a server killed with SIGKILL mid-game and started again on the same database
resumes every room; the clients reconnect with their tokens; the games end exactly as the
same games played without the kill (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from serverkit import Client, ServerProc

import bluffhouse as bh

PERSON = {
    "game": "popcorn",
    "players": 4,
    "bots": [1, 2, 3],
    "seed": 31,
    "timers": False,
    "bot_delay": 0,
}
BOTS_ONLY = {
    "game": "bluff",
    "players": 3,
    "bots": [0, 1, 2],
    "seed": 8,
    "timers": False,
    "bot_delay": 0.01,
    "sit": False,
}


def steady(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A deterministic person: leads its first true play (or its first play), otherwise
    passes or takes the first action."""
    plays = [a for a in legal if a["type"] == "play"]
    for action in plays:
        if all(card[0] == action["claim"]["rank"] for card in action["cards"]):
            return action
    if plays:
        return plays[0]
    for action in legal:
        if action["type"] == "pass":
            return action
    return legal[0]


async def person(client: Client, stop_at: int | None = None) -> None:
    """Acts only when its seat alone is to act (so bots and person never race), until the
    game is over or the version reaches ``stop_at``."""
    while client.over is None:
        if stop_at is not None and client.state is not None and client.version >= stop_at:
            return
        state = client.state
        if (
            state is not None
            and state["view"]["to_act"] == [client.seat]
            and not state["view"]["over"]
        ):
            version = client.version
            legal = await client.legal_now()
            if client.version != version:
                continue  # the table moved on while we asked: look again
            if legal:
                await client.send({"type": "action", "action": steady(legal), "version": version})
                await client.until(
                    lambda m, v=version: (
                        m["type"] in ("refused", "over")
                        or (m["type"] == "state" and m["version"] > v)
                    )
                )
                continue
        await client.until(lambda m: m["type"] in ("state", "over"), timeout=60)


def setup_rooms(server: ServerProc) -> tuple[dict[str, Any], dict[str, Any]]:
    made = server.create(**PERSON)
    server.start_room(made["code"], made["token"])
    bots = server.create(**BOTS_ONLY)
    server.start_room(bots["code"], bots["token"])
    return made, bots


def wait_over(server: ServerProc, code: str, timeout: float = 120) -> dict[str, Any]:
    import time

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        info: dict[str, Any] = server.get(f"/api/rooms/{code}").json()
        if info["status"] == "over":
            return info
        time.sleep(0.1)
    raise TimeoutError(f"room {code} did not finish")


def records(server: ServerProc, *codes: str) -> list[dict[str, Any]]:
    return [server.get(f"/api/rooms/{code}/record").json() for code in codes]


_FIRST: list[list[dict[str, Any]]] = []


def uninterrupted(make_server: Callable[..., ServerProc]) -> list[dict[str, Any]]:
    """The records of both rooms played without a kill (once per test session)."""
    if _FIRST:
        return _FIRST[0]
    server = make_server()
    made, bots = setup_rooms(server)

    async def run() -> None:
        client = await Client(server, made["code"], made["token"]).connect()
        await person(client)
        await client.close()

    asyncio.run(run())
    wait_over(server, bots["code"])
    out = records(server, made["code"], bots["code"])
    server.stop()
    _FIRST.append(out)
    return out


def killed_midway(server: ServerProc, tmp_path: Path) -> list[dict[str, Any]]:
    made, bots = setup_rooms(server)
    code = made["code"]

    async def before() -> int:
        client = await Client(server, code, made["token"]).connect()
        await person(client, stop_at=25)
        seen = client.version
        await client.close()
        return seen

    seen = asyncio.run(before())
    assert server.get(f"/api/rooms/{bots['code']}").json()["status"] == "playing"
    server.kill()  # SIGKILL: mid-game for both rooms
    server.start(port=server.port)

    async def after() -> None:
        client = await Client(server, code, made["token"]).connect()
        state = await client.until(lambda m: m["type"] == "state")
        assert state["version"] >= seen
        # the current view, exactly as the engine gives it after the stored actions
        info = server.get(f"/api/rooms/{code}").json()
        assert info["status"] == "playing" and info["version"] == state["version"]
        await person(client)
        await client.close()

    asyncio.run(after())
    wait_over(server, bots["code"])
    return records(server, code, bots["code"])


def check_same_end(
    first: list[dict[str, Any]], second: list[dict[str, Any]], tmp_path: Path
) -> None:
    for a, b in zip(first, second, strict=True):
        assert a["actions"] == b["actions"]
        assert a["state"] == b["state"]
        assert b["state"]["result"] is not None
        # the same actions played on the engine alone end the same way
        game = bh.new_game(b["game"], players=len(b["bots"]), seed=b["start"]["seed"])
        for seat, action in b["actions"]:
            game.apply(seat, action)
        assert json.loads(game.to_json()) == b["state"]
        # and `bluffhouse replay` reads the downloaded record and reaches the same end
        path = tmp_path / f"{b['room']}.json"
        path.write_text(json.dumps(b))
        out = subprocess.run(
            [sys.executable, "-m", "bluffhouse", "replay", str(path), "--no-pause"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert out.returncode == 0, out.stderr
        assert "reaches the recorded end" in out.stdout


@pytest.mark.slow
def test_sigkill_midgame_sqlite(make_server: Callable[..., ServerProc], tmp_path: Path) -> None:
    first = uninterrupted(make_server)
    second = killed_midway(make_server(), tmp_path)
    check_same_end(first, second, tmp_path)


@pytest.mark.slow
def test_sigkill_midgame_postgresql(
    make_server: Callable[..., ServerProc], pg_url: str, tmp_path: Path
) -> None:
    first = uninterrupted(make_server)
    server = make_server(pg_url)
    assert "database postgresql+psycopg://" in server.stdout()
    second = killed_midway(server, tmp_path)
    check_same_end(first, second, tmp_path)


def _bot_workers(server_pid: int) -> list[int]:
    """The server's bot worker processes (Linux: their parent, from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == server_pid and b"bluffhouse.server.botworker" in cmdline:
            found.append(int(entry.name))
    return found


@pytest.mark.slow
@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds the worker in /proc")
def test_a_killed_bot_worker_changes_nothing(make_server: Callable[..., ServerProc]) -> None:
    """The worker keeps each room's game live; killed twice mid-game, a fresh one is sent the
    state and the bots play on exactly as they would have."""
    import os
    import signal
    import time

    first = uninterrupted(make_server)[1]
    server = make_server()
    bots = server.create(**BOTS_ONLY)
    code = bots["code"]
    server.start_room(code, bots["token"])
    assert server.proc is not None
    for at in (10, 30):
        deadline = time.monotonic() + 60
        while server.get(f"/api/rooms/{code}").json().get("version", 0) < at:
            assert time.monotonic() < deadline, "the bots stopped playing"
            time.sleep(0.05)
        workers = _bot_workers(server.proc.pid)
        assert workers, "no bot worker found"
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
    wait_over(server, code)
    record = records(server, code)[0]
    assert record["actions"] == first["actions"]
    assert record["state"] == first["state"]


def test_a_bot_worker_whose_server_died_exits_quietly() -> None:
    """The server killed while a bot worker answers: the worker finds nobody reading its
    answers (a broken pipe) and exits without a traceback."""
    import json as json_
    import subprocess
    import sys

    worker = subprocess.Popen(
        [sys.executable, "-m", "bluffhouse.server.botworker"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert worker.stdin is not None and worker.stdout is not None
    worker.stdout.close()  # the server is gone: nobody reads the answers
    request = {
        "id": 1,
        "room": "R",
        "game_no": 1,
        "at": 0,
        "actions": [],
        "seat": 0,
        "bot": "random",
        "seed": 1,
        "base": {"new": {"game": "bluff", "players": 3, "seed": 1, "options": {}}},
    }
    try:
        worker.stdin.write((json_.dumps(request) + "\n").encode())
        worker.stdin.close()
    except BrokenPipeError:
        pass
    worker.wait(timeout=60)
    assert worker.stderr is not None
    err = worker.stderr.read()
    worker.stderr.close()
    assert b"Traceback" not in err, err.decode(errors="replace")
