"""Server-side bots: each decision runs off the event loop, in a thread or a worker process.

A bot is made fresh for every decision with a seed derived from the room's seed, the game
number, the state version and the seat, and it sees only its seat's view and legal actions.
Bots keep no memory between decisions (everything they know is in the view), so a room that
restarts after a crash makes the same bot decisions as one that never stopped.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import concurrent.futures.process
import hashlib
import multiprocessing
import os
import signal
import threading
import time
from typing import Any

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot


def bot_seed(room_seed: int, game_no: int, version: int, seat: int) -> int:
    """A decision's seed: stable across processes and restarts (no ``hash()`` salt)."""
    text = f"{room_seed}:{game_no}:{version}:{seat}".encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def decide(state: bh.Game, seat: int, name: str, seed: int) -> dict[str, Any]:
    """One decision of bot ``name`` for ``seat`` on a private copy of the state."""
    bot = make_bot(name, seed=seed)
    view = state.view(seat) if bot.wants_view else None
    action: dict[str, Any] = bot.act(view, Choices(state, seat))
    return action


def _worker_start(server: int) -> None:
    """Ctrl-C reaches the whole process group: the server stops its workers itself.  And a
    worker ends when its server has died (SIGKILL leaves no time to stop it)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            try:
                os.kill(server, 0)
            except ProcessLookupError:
                os._exit(0)
            except PermissionError:  # the pid was reused by another user's process
                os._exit(0)

    threading.Thread(target=watch, name="bluffhouse-watch", daemon=True).start()


def _decide_from_text(text: str, seat: int, name: str, seed: int) -> dict[str, Any]:
    return decide(bh.load(text), seat, name, seed)


class BotRunner:
    """Runs decisions in a thread (``workers == 0``) or in ``workers`` processes."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self._pool = self._make_pool()

    def _make_pool(self) -> concurrent.futures.Executor:
        workers = self.workers
        if workers > 0:
            # forkserver: a clean worker, not a fork of a process with threads and sockets.
            method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() \
                else "spawn"
            return concurrent.futures.ProcessPoolExecutor(
                max_workers=workers, mp_context=multiprocessing.get_context(method),
                initializer=_worker_start, initargs=(os.getpid(),))
        return concurrent.futures.ThreadPoolExecutor(max_workers=1,
                                                     thread_name_prefix="bluffhouse-bot")

    def prepare(self, state: bh.Game) -> Any:
        """What a decision needs, taken under the room's lock: the room's game keeps moving."""
        return state.to_json() if self.workers > 0 else state.copy()

    async def decide(self, job: Any, seat: int, name: str, seed: int) -> dict[str, Any]:
        loop = asyncio.get_running_loop()
        if self.workers == 0:
            return await loop.run_in_executor(self._pool, decide, job, seat, name, seed)
        try:
            return await loop.run_in_executor(self._pool, _decide_from_text, job, seat, name,
                                              seed)
        except concurrent.futures.process.BrokenProcessPool:
            # A worker died (killed, out of memory): a fresh pool, and this decision again.
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._make_pool()
            return await loop.run_in_executor(self._pool, _decide_from_text, job, seat, name,
                                              seed)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
