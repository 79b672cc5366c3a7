"""Test kit for the server: a real ``bluffhouse serve`` in a subprocess on a free loopback port,
and a real websocket client (the ``websockets`` library) that records every message it gets."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import websockets

CARD_RANKS = set("A23456789TJQK")
CARD_SUITS = set("SHDC")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class ServerProc:
    """``python -m bluffhouse serve`` on 127.0.0.1 with its own port and database."""

    def __init__(self, db: str, folder: Path, *extra: str) -> None:
        self.db = db
        self.folder = folder
        self.extra = extra
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.runs = 0

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, port: int | None = None) -> ServerProc:
        self.port = port or free_port()
        self.runs += 1
        out = open(self.folder / f"server-{self.runs}.out", "wb")  # noqa: SIM115
        err = open(self.folder / f"server-{self.runs}.err", "wb")  # noqa: SIM115
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "bluffhouse",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                "--log-level",
                "warning",
                "--bot-delay",
                "0",
                *self.extra,
            ],
            stdout=out,
            stderr=err,
            env=env,
        )
        out.close()
        err.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.stderr()}")
            try:
                if httpx.get(self.http + "/api/health", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        raise RuntimeError(f"the server did not answer: {self.stderr()}")

    def stdout(self) -> str:
        return "".join(
            (self.folder / f"server-{i}.out").read_text(errors="replace")
            for i in range(1, self.runs + 1)
        )

    def stderr(self) -> str:
        return "".join(
            (self.folder / f"server-{i}.err").read_text(errors="replace")
            for i in range(1, self.runs + 1)
        )

    def kill(self) -> None:
        """SIGKILL: no chance to flush or say goodbye."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def interrupt(self, timeout: float = 20) -> int:
        """SIGINT, as Ctrl-C; returns the exit code."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
        return self.proc.wait(timeout=timeout)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            try:
                self.interrupt(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    # ------------------------------------------------------------------ HTTP helpers
    def post(self, path: str, body: Any = None, **kw: Any) -> httpx.Response:
        return httpx.post(self.http + path, json=body, timeout=30, **kw)

    def get(self, path: str) -> httpx.Response:
        return httpx.get(self.http + path, timeout=30)

    def create(self, **body: Any) -> dict[str, Any]:
        body.setdefault("name", "Ann")
        r = self.post("/api/rooms", body)
        assert r.status_code == 201, r.text
        made: dict[str, Any] = r.json()
        return made

    def join(self, code: str, name: str, seat: int | None = None) -> dict[str, Any]:
        body: dict[str, Any] = {"name": name}
        if seat is not None:
            body["seat"] = seat
        r = self.post(f"/api/rooms/{code}/join", body)
        assert r.status_code == 200, r.text
        data: dict[str, Any] = r.json()
        return data

    def start_room(self, code: str, token: str, fill: str | None = "counter") -> None:
        r = self.post(f"/api/rooms/{code}/start", {"token": token, "fill": fill})
        assert r.status_code == 200, r.text


@contextmanager
def started_servers(folder: Path) -> Iterator[Callable[..., ServerProc]]:
    """A factory of real servers (SQLite in `folder` unless a database URL is given); at the
    end all are stopped and none may have logged a traceback (a client's mistake never does)."""
    made: list[ServerProc] = []

    def make(db: str | None = None, *extra: str) -> ServerProc:
        where = folder / f"srv{len(made)}"
        where.mkdir()
        server = ServerProc(db or f"sqlite:///{where / 'server.sqlite3'}", where, *extra)
        made.append(server)
        return server.start()

    try:
        yield make
    finally:
        for server in made:
            server.stop()
    for server in made:
        assert "Traceback" not in server.stderr(), server.stderr()


@contextmanager
def one_server(folder: Path) -> Iterator[ServerProc]:
    """One server for a whole test module, checked for tracebacks at the end.  A module may
    create more rooms a minute than a person (`--room-rate`, 30 by default): every game id,
    one after another when the tests run serially."""
    with started_servers(folder) as make:
        yield make(None, "--room-rate", "1000")


def cards_in(value: Any) -> set[str]:
    """Every card string anywhere in a JSON value (values and keys)."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if item == "JK" or (len(item) == 2 and item[0] in CARD_RANKS and item[1] in CARD_SUITS):
                out.add(item)
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return out


def jokers(value: Any) -> int:
    """How many jokers ("JK") a JSON value holds, every occurrence counted."""
    if value == "JK":
        return 1
    if isinstance(value, dict):
        return sum(jokers(v) for v in value.values())
    if isinstance(value, list):
        return sum(jokers(v) for v in value)
    return 0


def most_jokers_in_a_list(value: Any) -> int:
    """The most jokers any one list of cards in a JSON value holds (a hand, a play)."""
    if isinstance(value, dict):
        return max((most_jokers_in_a_list(v) for v in value.values()), default=0)
    if isinstance(value, list):
        here = sum(1 for v in value if v == "JK")
        return max([here, *(most_jokers_in_a_list(v) for v in value)])
    return 0


class Client:
    """A websocket client that records every message and rebuilds its seat's view."""

    def __init__(self, server: ServerProc, code: str, token: str | None = None) -> None:
        self.server = server
        self.code = code
        self.token = token
        self.ws: Any = None
        self.seat: int | None = None
        self.received: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.events: list[dict[str, Any]] = []
        self.legal: dict[int, list[dict[str, Any]]] = {}
        self.over: dict[str, Any] | None = None
        self.room: dict[str, Any] | None = None

    async def connect(self, events_seen: int | None = None, hello: bool = True) -> Client:
        self.ws = await websockets.connect(
            f"{self.server.ws}/ws/{self.code}", max_size=None, open_timeout=20
        )
        if hello:
            message: dict[str, Any] = {"type": "hello"}
            if self.token:
                message["token"] = self.token
            if events_seen is not None:
                message["events_seen"] = events_seen
            await self.send(message)
            welcome = await self.until(lambda m: m["type"] in ("welcome", "error"))
            if welcome["type"] == "welcome":
                self.seat = welcome["seat"]
        return self

    async def send(self, message: dict[str, Any] | str) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 30) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        message: dict[str, Any] = json.loads(text)
        self.received.append(message)
        kind = message["type"]
        if kind == "state":
            start = message["events_from"]
            if start > len(self.events):
                raise AssertionError(f"events from {start} but only {len(self.events)} known")
            self.events[start:] = message["events"]
            self.state = message
            if message.get("legal") is not None:
                self.legal[message["version"]] = message["legal"]
        elif kind == "legal" and message["version"] is not None:
            self.legal[message["version"]] = message["legal"]
        elif kind == "over":
            self.over = message
        elif kind == "room":
            self.room = message["room"]
        return message

    async def until(self, pred: Any, timeout: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no such message in time")
            message = await self.recv(left)
            if pred(message):
                return message

    def view(self) -> dict[str, Any]:
        """The seat's full view rebuilt from the last state and the events so far."""
        assert self.state is not None
        view = dict(self.state["view"])
        view["events"] = list(self.events)
        return view

    @property
    def version(self) -> int:
        assert self.state is not None
        version: int = self.state["version"]
        return version

    def my_turn(self) -> bool:
        return (
            self.state is not None
            and self.seat is not None
            and not self.state["view"]["over"]
            and self.seat in self.state["view"]["to_act"]
        )

    async def legal_now(self) -> list[dict[str, Any]]:
        version = self.version
        if version not in self.legal:
            await self.send({"type": "legal"})
            await self.until(
                lambda m: m["type"] == "legal" or (m["type"] == "state" and m["version"] != version)
            )
        return self.legal.get(self.version, [])

    async def flood(self, message: dict[str, Any], times: int) -> str:
        """Send ``message`` ``times`` times without waiting, then read until the server closes
        the connection, which it must do as for a flood (code 1008); its reason."""
        try:
            for _ in range(times):
                await self.send(message)
            while True:
                await self.recv(timeout=10)
        except websockets.ConnectionClosed as closed:
            assert closed.rcvd is not None and closed.rcvd.code == 1008, closed
            return closed.rcvd.reason
        raise AssertionError("unreachable")  # pragma: no cover

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


def choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A quick, sensible player: mostly true plays (games end sooner), calls now and then,
    bids low."""
    kinds = {a["type"] for a in legal}
    if kinds <= {"call", "pass", "check", "believe", "challenge"} and "pass" in kinds:
        if rng.random() < 0.9:
            return {"type": "pass"}
        return rng.choice([a for a in legal if a["type"] != "pass"] or legal)
    plays = [a for a in legal if a["type"] == "play"]
    if plays:
        true = [a for a in plays if all(c[0] == a["claim"]["rank"] for c in a["cards"])]
        return rng.choice(true if true and rng.random() < 0.8 else plays)
    if "call" in kinds and "bid" in kinds and rng.random() < 0.35:
        return {"type": "call"}
    bids = [a for a in legal if a["type"] == "bid"]
    if bids:
        return rng.choice(bids[:4])
    return rng.choice(legal)


async def play_until_over(
    client: Client, rng: random.Random, timeout: float = 120, policy: Any = None
) -> None:
    """Act whenever it is this seat's turn (on the latest state) until the game is over."""
    policy = policy or choose
    deadline = time.monotonic() + timeout
    sent = 0
    while client.over is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"seat {client.seat}: the game did not end in time")
        if client.my_turn():
            version = client.version
            legal = await client.legal_now()
            if client.version != version:
                continue  # the table moved on while we asked: look again
            if legal:
                sent += 1
                ref = f"{client.seat}-{sent}"
                await client.send(
                    {
                        "type": "action",
                        "action": policy(legal, rng),
                        "version": version,
                        "game_no": (client.state or {})["game_no"],
                        "id": ref,
                    }
                )
                # Wait for the state after it, or this action's own refusal (an "accepted" can
                # arrive before the new state, and a refusal of an earlier action after it:
                # acting again on the same version would be a repeat, counted as a flood).
                reply = await client.until(
                    lambda m, v=version, r=ref: (
                        m["type"] == "over"
                        or (m["type"] == "refused" and m.get("id") == r)
                        or (m["type"] == "state" and m["version"] > v)
                    )
                )
                if reply["type"] == "refused" and reply.get("version", version) > version:
                    await client.until(
                        lambda m, v=version: (
                            m["type"] == "over" or (m["type"] == "state" and m["version"] > v)
                        )
                    )
                continue
        await client.until(lambda m: m["type"] in ("state", "over"))
