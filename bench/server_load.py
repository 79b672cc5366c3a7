"""Load on a real server: N rooms of bots and M websocket players against `bluffhouse serve`
on loopback.

Each of the first M rooms has a person at seat 0, played by a websocket client that picks
random legal actions, and a spectator; the other seats, and every seat of the other rooms,
are server-side bots. A finished game is rematched, so every room stays busy. Prints:

- actions per second accepted (and stored) by the server;
- latency from a client's action to the moment every client of its room has the new state
  (p50, p99);
- memory per room (the resident memory growth of the server and its bot workers, divided
  by the rooms);
- finished games whose downloaded record, replayed on the engine, reaches the stored end.

    python bench/server_load.py --rooms 100 --clients 50 --seconds 60

With ``--processes N`` (PostgreSQL, ``--db``) N server processes serve one database: rooms are
created on each in turn, and each player and spectator connects to the next process, not the
room's owner (as a load balancer that knows nothing of rooms would send them), so every one of
their messages is forwarded (``--route owner`` connects each to its room's owner instead, as
a load balancer routing by room code would).  ``--compare`` runs one process first, then N,
in the same run, and prints the ratios.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import httpx
import websockets

import bluffhouse as bh

WINDOW = {"call", "pass", "check", "believe", "challenge"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def rss_kib(pid: int | None) -> int:
    if pid is None:
        return 0
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def children(pid: int | None) -> list[int]:
    """The processes whose parent is ``pid`` (the server's bot workers)."""
    if pid is None:
        return []
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry.name))
    return out


def rss_tree_kib(pid: int | None) -> int:
    """Resident memory of the server and its bot workers."""
    total = rss_kib(pid)
    for child in children(pid):
        with contextlib.suppress(OSError):
            total += rss_kib(child)
    return total


def cpu_seconds(pid: int | None) -> float:
    """User + system CPU time of a process so far (0 when unknown)."""
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    kinds = {a["type"] for a in legal}
    if kinds <= WINDOW and "pass" in kinds:
        return {"type": "pass"} if rng.random() < 0.8 else rng.choice(legal)
    plays = [a for a in legal if a["type"] != "pass"]
    return rng.choice(plays or legal)


class Retrying:
    """An httpx client whose requests are tried again when a kept-alive connection was
    closed by the server just as it was reused (a benign race of HTTP keep-alive)."""

    def __init__(self, client: httpx.AsyncClient) -> None:
        self.client = client

    async def request(self, method: str, url: str, **kw: Any) -> httpx.Response:
        for attempt in range(5):
            try:
                return await self.client.request(method, url, **kw)
            except httpx.TransportError:
                if attempt == 4:
                    raise
                await asyncio.sleep(0.1 * (attempt + 1))
        raise AssertionError("unreachable")

    async def get(self, url: str, **kw: Any) -> httpx.Response:
        return await self.request("GET", url, **kw)

    async def post(self, url: str, **kw: Any) -> httpx.Response:
        return await self.request("POST", url, **kw)


class Player:
    """Seat 0 of one room, plus a spectator of the same room: latency is measured to the
    later of the two."""

    def __init__(
        self,
        base: str,
        code: str,
        token: str,
        seed: int,
        latencies: list[float],
        stop: asyncio.Event,
    ) -> None:
        self.base, self.code, self.token = base, code, token
        self.rng = random.Random(seed)
        self.latencies = latencies
        self.stop = stop
        self.sent: dict[tuple[int, int], float] = {}  # (game_no, version) -> time sent
        self.seen: dict[tuple[int, int], int] = {}  # how many of the two got it

    def arrived(self, message: dict[str, Any]) -> None:
        key = (message["game_no"], message["version"] - 1)
        if key in self.sent:
            self.seen[key] = self.seen.get(key, 0) + 1
            if self.seen[key] == 2:
                self.latencies.append(time.perf_counter() - self.sent.pop(key))
                del self.seen[key]

    async def _messages(self, ws: Any) -> AsyncIterator[dict[str, Any]]:
        """The messages of ``ws``, decoded, until the run stops (looked at every second)."""
        while not self.stop.is_set():
            try:
                text = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            yield json.loads(text)

    async def watch(self) -> None:
        async with websockets.connect(f"{self.base}/ws/{self.code}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello"}))
            async for message in self._messages(ws):
                if message["type"] == "state":
                    self.arrived(message)

    async def play(self) -> None:
        async with websockets.connect(f"{self.base}/ws/{self.code}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": self.token}))
            state: dict[str, Any] | None = None
            async for message in self._messages(ws):
                kind = message["type"]
                if kind == "state":
                    self.arrived(message)
                    state = message
                    if (
                        message.get("legal") is None
                        and message["seat"] in message["view"]["to_act"]
                    ):
                        await ws.send(json.dumps({"type": "legal"}))
                        continue
                    legal = message.get("legal") or []
                elif (
                    kind == "legal" and state is not None and message["version"] == state["version"]
                ):
                    legal = message["legal"]
                else:
                    continue
                if not legal or state is None:
                    continue
                version = state["version"]
                self.sent[(state["game_no"], version)] = time.perf_counter()
                await ws.send(
                    json.dumps(
                        {"type": "action", "action": pick(legal, self.rng), "version": version}
                    )
                )


async def watch_rooms(
    http: str, rooms: list[dict[str, Any]], done: threading.Event, finished: list[tuple[str, int]]
) -> None:
    """Every two seconds (a second per hundred rooms, with more): each room that is over is
    noted and rematched."""
    limits = httpx.Limits(max_connections=20)
    transport = httpx.AsyncHTTPTransport(retries=3, limits=limits)
    async with httpx.AsyncClient(base_url=http, timeout=60, transport=transport) as raw:
        client = Retrying(raw)
        sem = asyncio.Semaphore(20)

        async def check(room: dict[str, Any]) -> None:
            async with sem:
                info = (await client.get(f"/api/rooms/{room['code']}")).json()
                if info["status"] == "over":
                    finished.append((room["code"], info["game_no"]))
                    await client.post(
                        f"/api/rooms/{room['code']}/rematch", json={"token": room["token"]}
                    )

        every = max(2.0, len(rooms) / 100)
        while not done.is_set():
            await asyncio.sleep(every)
            if not done.is_set():
                await asyncio.gather(*(check(r) for r in rooms))


def _summed(healths: list[dict[str, Any]]) -> dict[str, Any]:
    """The counters of several processes' /api/health, added up."""
    return {
        "actions": sum(h["actions"] for h in healths),
        "commits": sum(h["commits"] for h in healths),
        "commit_seconds": sum(h["commit_seconds"] for h in healths),
        "seconds": {k: sum(h["seconds"][k] for h in healths) for k in healths[0]["seconds"]},
        "recent_ms": healths[0].get("recent_ms", {}),
    }


@contextlib.contextmanager
def fresh_database(url: str | None, folder: Path) -> Any:
    """A new, empty database for one run: a SQLite file in ``folder``, or a PostgreSQL
    database made beside the one ``url`` names (and dropped after)."""
    if not url or not url.startswith("postgresql"):
        yield url or f"sqlite:///{folder / 'load.sqlite3'}"
        return
    import secrets

    import sqlalchemy as sa

    name = f"bh_load_{secrets.token_hex(4)}"
    admin = sa.create_engine(
        url, isolation_level="AUTOCOMMIT", connect_args={"client_encoding": "utf8"}
    )
    with admin.connect() as conn:
        conn.execute(sa.text(f'CREATE DATABASE "{name}"'))
    try:
        yield sa.make_url(url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(sa.text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


async def run(args: argparse.Namespace) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="bh-load-"))
    if args.port:
        return await _run(args, folder, args.db or f"sqlite:///{folder / 'load.sqlite3'}")
    with fresh_database(args.db, folder) as db:
        return await _run(args, folder, db)


async def _run(args: argparse.Namespace, folder: Path, db: str) -> dict[str, Any]:
    n = max(1, args.processes)
    ports = [args.port] if args.port else [free_port() for _ in range(n)]
    servers: list[subprocess.Popen[bytes]] = []
    if not args.port:  # else: a server already running there (started with --room-rate)
        for i, port in enumerate(ports):
            servers.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "bluffhouse",
                        "serve",
                        "--port",
                        str(port),
                        "--db",
                        db,
                        "--log-level",
                        "warning",
                        "--room-rate",
                        "1000000",
                        "--connections-per-address",
                        "100000",
                        "--bot-workers",
                        str(args.bot_workers),
                    ],
                    stdout=subprocess.DEVNULL,
                    stderr=open(folder / f"server{i}.err", "wb"),  # noqa: SIM115
                )
            )
    try:
        pids = [s.pid for s in servers] if servers else [args.pid]
        https = [f"http://127.0.0.1:{port}" for port in ports]
        bases = [f"ws://127.0.0.1:{port}" for port in ports]
        http = https[0]
        limits = httpx.Limits(max_connections=50)
        transport = httpx.AsyncHTTPTransport(retries=3, limits=limits)
        async with httpx.AsyncClient(base_url=http, timeout=60, transport=transport) as raw:
            client = Retrying(raw)
            for i, where in enumerate(https):
                for _ in range(300):
                    if servers and servers[i].poll() is not None:
                        raise RuntimeError(
                            f"server {i} exited: "
                            + (folder / f"server{i}.err").read_text(errors="replace")[-2000:]
                        )
                    try:
                        if (await client.get(where + "/api/health")).status_code == 200:
                            break
                    except httpx.HTTPError:
                        await asyncio.sleep(0.1)

            async def health() -> dict[str, Any]:
                return _summed([(await client.get(w + "/api/health")).json() for w in https])

            def rss_all() -> int:
                return sum(rss_tree_kib(pid) for pid in pids)

            def cpu_all() -> float:
                return sum(cpu_seconds(pid) for pid in pids)

            rss_before = rss_all()
            rooms: list[dict[str, Any]] = []
            sem = asyncio.Semaphore(20)

            async def create(i: int) -> dict[str, Any]:
                person = i < args.clients
                body = {
                    "game": args.game,
                    "players": args.players,
                    "name": f"p{i}",
                    "sit": person,
                    "bot_delay": args.bot_delay,
                    "timers": False,
                    "bots": list(range(1 if person else 0, args.players)),
                }
                where = https[i % n]
                async with sem:
                    made = (await client.post(where + "/api/rooms", json=body)).json()
                    await client.post(
                        f"{where}/api/rooms/{made['code']}/start", json={"token": made["token"]}
                    )
                return {"code": made["code"], "token": made["token"]}

            rooms = list(await asyncio.gather(*(create(i) for i in range(args.rooms))))
            latencies: list[float] = []
            stop = asyncio.Event()
            # "other": each player at the next process, not its room's owner (forwarded);
            # "owner": at the owner, as a load balancer routing by room code would send it
            shift = 1 if args.route == "other" else 0
            players = [
                Player(bases[(i + shift) % n], r["code"], r["token"], i, latencies, stop)
                for i, r in enumerate(rooms[: args.clients])
            ]
            tasks = [asyncio.create_task(p.play()) for p in players]
            tasks += [asyncio.create_task(p.watch()) for p in players]
            lags: list[float] = []

            async def lag_probe() -> None:
                """How late this client process's own event loop wakes up (its share of
                the measured latency, on a busy machine)."""
                while not stop.is_set():
                    asked = time.perf_counter()
                    await asyncio.sleep(0.01)
                    lags.append(time.perf_counter() - asked - 0.01)

            tasks.append(asyncio.create_task(lag_probe()))
            await asyncio.sleep(min(5.0, args.seconds / 4))  # warm up
            rss_during = rss_all()
            start = await health()
            cpu0 = cpu_all()
            own0 = time.process_time()
            t0 = time.perf_counter()
            latencies.clear()
            lags.clear()
            load_before = os.getloadavg()[0]
            finished: list[tuple[str, int]] = []
            # The rooms are watched (and rematched) from a thread with its own event loop:
            # a hundred HTTP requests at once would hold up this loop, whose clients'
            # latency is being measured.
            done = threading.Event()
            watcher = asyncio.create_task(
                asyncio.to_thread(asyncio.run, watch_rooms(http, rooms, done, finished))
            )
            await asyncio.sleep(args.seconds)
            elapsed = time.perf_counter() - t0
            end = await health()
            load_after = os.getloadavg()[0]
            cpu = cpu_all() - cpu0
            own = time.process_time() - own0
            stop.set()
            done.set()
            await watcher
            await asyncio.gather(*tasks, return_exceptions=True)
            replayed = 0
            for code, game_no in finished:
                record = (await client.get(f"/api/rooms/{code}/record?game={game_no}")).json()
                game = bh.load(json.dumps(record["start"]))
                for seat, action in record["actions"]:
                    game.apply(seat, action)
                replayed += json.loads(game.to_json()) == record["state"]
    finally:
        errors = ""
        for i, server in enumerate(servers):
            server.send_signal(signal.SIGINT)
            server.wait(timeout=60)
            errors += (folder / f"server{i}.err").read_text(errors="replace")
    latencies.sort()

    def pct(p: float) -> float | None:
        if not latencies:
            return None
        return round(1000 * latencies[min(len(latencies) - 1, int(p * len(latencies)))], 1)

    return {
        "processes": n,
        "route": args.route if n > 1 else None,
        "rooms": args.rooms,
        "clients": args.clients,
        "game": args.game,
        "players": args.players,
        "bot_delay": args.bot_delay,
        "bot_workers": args.bot_workers,
        "seconds": round(elapsed, 1),
        "actions_per_second": round((end["actions"] - start["actions"]) / elapsed, 1),
        "server_cpu_ms_per_action": round(
            1000 * cpu / max(1, end["actions"] - start["actions"]), 2
        ),
        "server_cpu_share": round(cpu / elapsed, 2),
        "clients_cpu_share": round(own / elapsed, 2),
        "commits_per_second": round((end["commits"] - start["commits"]) / elapsed, 1),
        "ms_per_action": {
            k: round(
                1000
                * (end["seconds"][k] - start["seconds"][k])
                / max(1, end["actions"] - start["actions"]),
                2,
            )
            for k in end["seconds"]
        },
        "commit_ms_mean": round(
            1000
            * (end["commit_seconds"] - start["commit_seconds"])
            / max(1, end["commits"] - start["commits"]),
            2,
        ),
        "client_actions": len(latencies),
        "latency_ms_p50": pct(0.50),
        "latency_ms_p99": pct(0.99),
        "latency_ms_mean": round(1000 * statistics.fmean(latencies), 1) if latencies else None,
        "server_action_ms": end.get("recent_ms", {}).get("action"),
        "server_commit_ms": end.get("recent_ms", {}).get("commit"),
        "server_loop_lag_ms": end.get("recent_ms", {}).get("loop_lag"),
        "client_loop_lag_ms_p50_p99": [
            round(1000 * statistics.quantiles(lags, n=100)[i], 1) for i in (49, 98)
        ]
        if len(lags) > 2
        else None,
        "load_average": [round(load_before, 2), round(load_after, 2)],
        "memory_kib_per_room": round((rss_during - rss_before) / max(1, args.rooms), 1),
        "server_rss_mib": round(rss_during / 1024, 1),  # with its bot workers
        "finished_games": len(finished),
        "replayed_to_same_end": replayed,
        "tracebacks": errors.count("Traceback"),
        "db": db.split("://")[0],
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=100)
    ap.add_argument("--clients", type=int, default=50, help="rooms with a websocket player")
    ap.add_argument("--game", default="bullshit")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--bot-delay", type=float, default=0.6, help="bots' think time (s)")
    ap.add_argument("--bot-workers", type=int, default=1, help="bot processes (0: threads)")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument(
        "--db",
        help="a PostgreSQL URL: each run makes a fresh database beside it "
        "(default: a fresh SQLite file)",
    )
    ap.add_argument("--port", type=int, help="use a server already running on this port")
    ap.add_argument("--pid", type=int, help="that server's process id (for its memory)")
    ap.add_argument(
        "--processes",
        type=int,
        default=1,
        help="server processes on the one database (2+: PostgreSQL, --db)",
    )
    ap.add_argument(
        "--route",
        choices=["other", "owner"],
        default="other",
        help="several processes: connect each client to a process that does not "
        "own its room (other: every message forwarded) or to its owner",
    )
    ap.add_argument(
        "--compare",
        action="store_true",
        help="first one process, then --processes, in the same run; the ratios",
    )
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args()
    args.clients = min(args.clients, args.rooms)
    if args.processes > 1 and not (args.db or "").startswith("postgresql"):
        ap.error(
            "--processes 2 or more needs a PostgreSQL database (--db postgresql+psycopg"
            "://USER@HOST:PORT/DB): SQLite serves one process"
        )
    runs = []
    if args.compare and args.processes > 1:
        one = argparse.Namespace(**{**vars(args), "processes": 1})
        runs.append(asyncio.run(run(one)))
    runs.append(asyncio.run(run(args)))  # stops the servers it started, even on failure
    for data in runs:
        if args.json:
            print(json.dumps(data))
        else:
            for key, value in data.items():
                print(f"{key:>22}: {value}")
            print()
    if len(runs) == 2 and not args.json:
        base, many = runs
        for key in ("actions_per_second", "latency_ms_p50", "latency_ms_p99"):
            if base[key] and many[key]:
                print(
                    f"{key:>22}: {many[key] / base[key]:.2f}x with {args.processes} "
                    f"processes ({base[key]} -> {many[key]})"
                )
    ok = all(d["finished_games"] == d["replayed_to_same_end"] and not d["tracebacks"] for d in runs)
    return 0 if ok else 1


if __name__ == "__main__":
    os.environ.setdefault("PYTHONUNBUFFERED", "1")
    sys.exit(main())
