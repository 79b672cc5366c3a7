"""What a restart keeps besides the game: the chat, the running clocks (a clean stop keeps the
time each had left; a crash, the time at their last save, every 2 s; the time the server was
down counts against nobody), the missed-turn counts and the stand-in bots."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

import pytest
from serverkit import Client, ServerProc


def _room(server: ServerProc, **extra: Any) -> tuple[str, list[str]]:
    made = server.create(game="bluff", players=3, seed=4, **extra)
    tokens = [made["token"]] + [server.join(made["code"], f"P{i}")["token"] for i in (1, 2)]
    server.start_room(made["code"], made["token"])
    return made["code"], tokens


def _clock(state: dict[str, Any]) -> tuple[int, float]:
    """The seat to act and the seconds left on its clock."""
    seat = state["view"]["to_act"][0]
    timer = next(t for t in state["timers"] if t["seat"] == seat)
    assert timer["kind"] == "turn"
    return seat, timer["seconds_left"]


async def _connect(server: ServerProc, code: str, token: str) -> Client:
    client = await Client(server, code, token).connect()
    await client.until(lambda m: m["type"] == "state")
    return client


def _run_down(server: ServerProc, code: str, token: str, seconds: float) -> int:
    """Say something in the chat, let the first turn's clock run ``seconds``; the seat."""

    async def run() -> int:
        client = await _connect(server, code, token)
        assert client.state is not None
        seat, left = _clock(client.state)
        assert left > 28  # a fresh 30 s clock
        await client.send({"type": "chat", "text": "see you after the restart"})
        await client.until(lambda m: m["type"] == "chat")
        await asyncio.sleep(seconds)
        await client.close()
        return seat

    return asyncio.run(run())


def _after_restart(
    server: ServerProc, code: str, token: str
) -> tuple[int, float, list[dict[str, Any]]]:
    async def run() -> tuple[int, float, list[dict[str, Any]]]:
        client = await _connect(server, code, token)
        assert client.state is not None
        history = [m for m in client.received if m["type"] == "chat_history"]
        await client.close()
        seat, left = _clock(client.state)
        return seat, left, history[0]["lines"] if history else []

    return asyncio.run(run())


def _clean_stop(server: ServerProc) -> None:
    code, tokens = _room(server, turn_seconds=30, window_seconds=5)
    seat = _run_down(server, code, tokens[0], 3.0)
    assert server.interrupt() == 0
    time.sleep(1.0)  # the server is down: this time counts against nobody
    server.start()
    again, left, lines = _after_restart(server, code, tokens[0])
    assert again == seat
    # a fresh clock would show 30 s; this one resumed with what it had left (under 27 s)
    assert 20 < left < 27.5, left
    assert [line["text"] for line in lines] == ["see you after the restart"]
    assert lines[0]["seat"] == 0 and lines[0]["name"] == "Ann"


@pytest.mark.slow
def test_a_clean_stop_keeps_the_chat_and_the_time_left(
    make_server: Callable[..., ServerProc],
) -> None:
    _clean_stop(make_server())


@pytest.mark.slow
def test_a_clean_stop_keeps_the_chat_and_the_time_left_postgresql(
    make_server: Callable[..., ServerProc], pg_url: str
) -> None:
    _clean_stop(make_server(pg_url))


@pytest.mark.slow
def test_after_a_crash_the_clocks_resume_from_their_last_save(
    make_server: Callable[..., ServerProc],
) -> None:
    server = make_server()
    code, tokens = _room(server, turn_seconds=30, window_seconds=5)
    seat = _run_down(server, code, tokens[0], 4.5)
    server.kill()
    server.start()
    again, left, lines = _after_restart(server, code, tokens[0])
    assert again == seat
    # saved at least once after 2.5 s of the clock had run: never back to a full 30 s
    assert 15 < left < 28.5, left
    assert [line["text"] for line in lines] == ["see you after the restart"]


@pytest.mark.slow
def test_stand_ins_and_missed_turns_survive_a_restart(
    make_server: Callable[..., ServerProc],
) -> None:
    server = make_server()
    # one missed turn brings a stand-in; the stand-in thinks for a long time, so the table
    # does not move on while the server restarts
    code, _ = _room(
        server,
        turn_seconds=0.3,
        window_seconds=0.3,
        missed_turns=1,
        bot_delay=10,
        stand_in="counter",
    )
    deadline = time.monotonic() + 30
    standing: list[int] = []
    while not standing:
        assert time.monotonic() < deadline, "no stand-in came"
        time.sleep(0.2)
        info = server.get(f"/api/rooms/{code}").json()
        standing = [s["seat"] for s in info["seats"] if s["stand_in"]]
    assert server.interrupt() == 0
    server.start()
    info = server.get(f"/api/rooms/{code}").json()
    assert info["status"] == "playing"
    assert set(standing) <= {s["seat"] for s in info["seats"] if s["stand_in"]}
