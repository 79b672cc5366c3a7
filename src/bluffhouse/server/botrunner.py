"""Server-side bots: each decision runs off the event loop, in worker processes (or a thread).

A bot is made fresh for every decision with a seed derived from the room's seed, the game
number, the state version and the seat, and it sees only its seat's view and legal actions.
Bots keep no memory between decisions (everything they know is in the view), so a room that
restarts after a crash makes the same bot decisions as one that never stopped.  The worker
processes (:mod:`.botworker`) keep each room's game live and hear only its new actions.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import itertools
import json
import sys
import zlib
from typing import Any

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot


def bot_seed(room_seed: int, game_no: int, version: int, seat: int) -> int:
    """A decision's seed: stable across processes and restarts (no ``hash()`` salt)."""
    text = f"{room_seed}:{game_no}:{version}:{seat}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def decide(state: bh.Game, seat: int, name: str, seed: int) -> dict[str, Any]:
    """One decision of bot ``name`` for ``seat``: the bot sees the view and asks the choices,
    neither of which changes the state."""
    bot = make_bot(name, seed=seed)
    view = state.view(seat) if bot.wants_view else None
    action: dict[str, Any] = bot.act(view, Choices(state, seat))
    return action


class Resync(Exception):
    """The worker does not hold the room's game (it restarted, or forgot it): decide again,
    sending the state this time."""


class BotFailed(Exception):
    """The bot raised an error while deciding."""


class _Track:
    """What the server knows of one room's game in its worker: the game number, how many of
    its actions the worker holds, the actions not sent yet, and how to start it when the
    worker does not hold it (None: send the state)."""

    __slots__ = ("count", "game_no", "pending", "start")

    def __init__(self, game_no: int, start: dict[str, Any] | None) -> None:
        self.game_no = game_no
        self.count = 0
        self.pending: list[tuple[int, Any]] = []
        self.start = start


class _Worker:
    """One worker process and the decisions waiting for its answers."""

    def __init__(self, proc: asyncio.subprocess.Process) -> None:
        self.proc = proc
        self.waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self.reader: asyncio.Task[None] | None = None


class BotRunner:
    """Runs decisions in ``workers`` processes (``python -m bluffhouse.server.botworker``)
    that keep each room's game live, or in a thread on a copy of the state (``workers ==
    0``).

    A room is always served by the same worker (by its code), and tells the runner of every
    action it accepts (``applied``): a decision then sends the worker only the actions since
    the last one.  The first decision of a room loaded from storage, or after the worker
    restarted, sends the state instead.
    """

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool: concurrent.futures.Executor | None = None
        if workers == 0:
            self._pool = concurrent.futures.ThreadPoolExecutor(
                max_workers=1, thread_name_prefix="bluffhouse-bot"
            )
        self._procs: list[_Worker | None] = [None] * workers
        self._starting: list[asyncio.Lock] = []
        self._tracks: dict[str, _Track] = {}
        self._ids = itertools.count()
        self._closed = False

    # ------------------------------------------------------------------ the rooms' games
    def new_game(
        self, code: str, game_no: int, game: str, players: int, seed: int, options: dict[str, Any]
    ) -> None:
        """A room dealt a new game: the worker can make it from these settings."""
        if self.workers > 0:
            self.forget(code)
            self._tracks[code] = _Track(
                game_no,
                {"new": {"game": game, "players": players, "seed": seed, "options": options}},
            )

    def applied(self, code: str, game_no: int, seat: int, action: Any) -> None:
        """An action the room accepted (and stored)."""
        track = self._tracks.get(code)
        if track is not None:
            if track.game_no == game_no:
                track.pending.append((seat, action))
            else:
                del self._tracks[code]

    def forget(self, code: str) -> None:
        """The room's game is over, unloaded or rebuilt: the worker may let it go."""
        if self._tracks.pop(code, None) is not None:
            worker = self._procs[self._route(code)] if self.workers > 0 else None
            if worker is not None and worker.proc.returncode is None:
                self._send(worker, {"drop": code})

    def prepare(self, code: str, game_no: int, state: bh.Game) -> Any:
        """What a decision needs, taken under the room's lock: the room's game keeps moving.
        For a worker: the actions it has not heard of yet, or the whole state."""
        if self.workers == 0:
            return state.copy()
        track = self._tracks.get(code)
        if track is None or track.game_no != game_no:
            track = self._tracks[code] = _Track(game_no, None)
        if track.start is None and track.count == 0:
            # The worker may not hold this game: the state itself, from this point on.
            job = {
                "room": code,
                "game_no": game_no,
                "at": state.version,
                "base": {"json": state.to_json()},
                "actions": [],
            }
            track.count, track.pending, track.start = state.version, [], {}
            return job
        job = {
            "room": code,
            "game_no": game_no,
            "at": track.count,
            "base": track.start or None,
            "actions": track.pending,
        }
        track.count += len(track.pending)
        track.pending, track.start = [], {}
        return job

    # ------------------------------------------------------------------ decisions
    async def decide(self, job: Any, seat: int, name: str, seed: int) -> dict[str, Any]:
        """The bot's action; raises Resync (prepare again, then decide) or BotFailed."""
        loop = asyncio.get_running_loop()
        if self.workers == 0:
            assert self._pool is not None
            return await loop.run_in_executor(self._pool, decide, job, seat, name, seed)
        code = job["room"]
        worker = await self._worker(self._route(code))
        number = next(self._ids)
        future: asyncio.Future[dict[str, Any]] = loop.create_future()
        worker.waiting[number] = future
        self._send(worker, {**job, "id": number, "seat": seat, "bot": name, "seed": seed})
        try:
            answer = await future
        finally:
            worker.waiting.pop(number, None)
        if "action" in answer:
            action: dict[str, Any] = answer["action"]
            return action
        if answer.get("resync"):
            self._tracks.pop(code, None)
            raise Resync(code)
        raise BotFailed(str(answer.get("error", "no answer")))

    def _route(self, code: str) -> int:
        return zlib.crc32(code.encode()) % self.workers

    def _send(self, worker: _Worker, message: dict[str, Any]) -> None:
        stdin = worker.proc.stdin
        assert stdin is not None
        # A worker that is gone: its reader fails the waiting decisions.
        with contextlib.suppress(ConnectionError, RuntimeError):
            stdin.write(json.dumps(message, separators=(",", ":")).encode() + b"\n")

    async def _worker(self, index: int) -> _Worker:
        worker = self._procs[index]
        if worker is not None and worker.proc.returncode is None:
            return worker
        if self._closed:
            raise Resync("the server is stopping")
        while len(self._starting) < self.workers:
            self._starting.append(asyncio.Lock())
        async with self._starting[index]:
            worker = self._procs[index]
            if worker is not None and worker.proc.returncode is None:
                return worker
            proc = await asyncio.create_subprocess_exec(
                sys.executable,
                "-m",
                "bluffhouse.server.botworker",
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                limit=1 << 24,
            )
            worker = _Worker(proc)
            worker.reader = asyncio.create_task(self._read(index, worker))
            self._procs[index] = worker
            return worker

    async def _read(self, index: int, worker: _Worker) -> None:
        """Hands each answer to its decision; when the worker dies, every room it served
        must send its state again, and the decisions waiting are asked again."""
        stdout = worker.proc.stdout
        assert stdout is not None
        try:
            while True:
                line = await stdout.readline()
                if not line:
                    break
                answer = json.loads(line)
                future = worker.waiting.get(answer.get("id"))
                if future is not None and not future.done():
                    future.set_result(answer)
        except (ValueError, asyncio.LimitOverrunError, ConnectionError):
            pass
        finally:
            if self._procs[index] is worker:
                self._procs[index] = None
            for code in [c for c in self._tracks if self._route(c) == index]:
                del self._tracks[code]
            for future in worker.waiting.values():
                if not future.done():
                    future.set_result({"resync": True})
            with contextlib.suppress(ProcessLookupError):
                worker.proc.kill()

    async def start(self) -> None:
        """Start the workers now (each takes a moment to import the engine)."""
        for index in range(self.workers):
            await self._worker(index)

    async def close(self) -> None:
        """Close the workers' stdin (they exit) and wait a moment for them."""
        self._closed = True
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        for worker in self._procs:
            if worker is None:
                continue
            if worker.proc.stdin is not None:
                worker.proc.stdin.close()
            try:
                await asyncio.wait_for(worker.proc.wait(), 5)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    worker.proc.kill()
            if worker.reader is not None:
                worker.reader.cancel()
