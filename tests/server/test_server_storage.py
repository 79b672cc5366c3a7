"""Storage on its own: what is written is what a room is rebuilt from, snapshots included,
on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.server.config import Limits, Settings
from bluffhouse.server.manager import Manager
from bluffhouse.server.room import Room
from bluffhouse.server.storage import Storage


def _play(game: bh.Game, n: int, rng: random.Random) -> list[tuple[int, dict[str, Any]]]:
    out: list[tuple[int, dict[str, Any]]] = []
    while not game.over and len(out) < n:
        seat = game.to_act[0]
        action = game.sample_action(seat, rng)
        game.apply(seat, action)
        out.append((seat, action))
    return out


def _roundtrip(url: str) -> None:
    settings = Settings(db=url, limits=Limits(snapshot_every=50))

    async def run() -> None:
        manager = Manager(settings)
        storage = manager.storage
        made = await manager.create(
            {
                "game": "bullshit",
                "players": 4,
                "name": "Ann",
                "bots": [1, 2, 3],
                "seed": 9,
                "timers": False,
            },
            "test",
        )
        code = made["code"]
        room = manager.rooms[code]
        room.config.bot_delay = 3600  # the bots wait: this test writes the actions itself
        await room.start(made["token"], "counter")
        await room.close()
        game = bh.new_game("bullshit", players=4, seed=room.seed)
        moves = _play(game.copy(), 130, random.Random(2))
        replay = game.copy()
        for idx, (seat, action) in enumerate(moves):
            replay.apply(seat, action)
            snapshot = replay.to_json() if (idx + 1) % 50 == 0 else None
            await storage.append(code, 1, idx, seat, action, "player", replay.result, snapshot)
        stored = await storage.read(Storage.op_load_room(code))
        assert stored is not None and stored.game is not None
        assert stored.game.snapshot_at == 100 and len(stored.game.actions) == len(moves) - 100
        rebuilt = Room.from_stored(manager, stored)
        assert rebuilt.game is not None
        assert json.loads(rebuilt.game.to_json()) == json.loads(replay.to_json())
        assert rebuilt.actions == len(moves)
        assert rebuilt.events == len(replay.events_for(None))
        # the record reads every action from the start, not from the snapshot
        whole = await storage.read(Storage.op_load_game(code, 1))
        assert whole is not None and whole.actions == moves
        # a gap in the stored actions is found, not papered over
        await storage.append(code, 1, len(moves) + 5, 0, {"type": "pass"}, "player", None, None)
        with pytest.raises(Exception, match="missing"):
            await storage.read(Storage.op_load_room(code))
        await manager.close()
        await asyncio.to_thread(storage.close)

    asyncio.run(run())


def test_storage_roundtrip_sqlite(sqlite_url: str) -> None:
    _roundtrip(sqlite_url)


def test_storage_roundtrip_postgresql(pg_url: str) -> None:
    _roundtrip(pg_url)


def test_group_commit_writes_many_in_few_commits(sqlite_url: str) -> None:
    async def run() -> None:
        storage = Storage(sqlite_url)
        ok = await asyncio.gather(
            *(storage.write(Storage.op_create_room(f"C{i:05d}", {}, [], "h")) for i in range(300))
        )
        assert all(ok) and storage.writes == 300 and storage.commits < 300
        # a taken code is refused, the others are still written
        again = await asyncio.gather(
            *(
                storage.write(Storage.op_create_room(code, {}, [], "h"))
                for code in ("C00001", "NEW001")
            )
        )
        assert again == [False, True]
        await asyncio.to_thread(storage.close)

    asyncio.run(run())
