"""The ``learned`` bot through the server: the lobby's bot list offers it with the one table it
plays (4-player bullshit with that game's own rules), a room of that table plays to the end
with learned bots in the free seats, and any other table refuses it by name before a game
starts (seat bots, the stand-in, the fill at the start)."""

from __future__ import annotations

import asyncio
import json
import random

import pytest
from serverkit import Client, ServerProc, play_until_over

import bluffhouse as bh

pytest.importorskip("numpy", reason="the learned bot needs numpy")


def test_the_lobby_lists_it_with_its_tables(shared_server: ServerProc) -> None:
    bots = shared_server.get("/api/bots").json()
    assert "learned" in bots["bots"] and bots["default"] == "counter"
    assert bots["only"] == {
        "learned": [{"game": "bullshit", "players": 4}, {"game": "poker_bull", "players": 3}]
    }


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            {"game": "poker_bull", "players": 4, "bots": {"3": "learned"}},
            "the bot for seat 3: the learned bot plays only 4-player bullshit or 3-player "
            "poker_bull, not 4-player poker_bull",
        ),
        ({"game": "cheat", "players": 3, "bots": {"2": "learned"}}, "not 3-player bullshit"),
        (
            {"game": "bullshit", "players": 4, "bots": {"3": "learned"}, "options": {"jokers": 2}},
            "these options change them (jokers)",
        ),
        ({"game": "bluff", "players": 4, "stand_in": "learned"}, "stand_in: the learned bot"),
    ],
)
def test_other_tables_refuse_it_by_name(
    shared_server: ServerProc, body: dict[str, object], words: str
) -> None:
    r = shared_server.post("/api/rooms", {"name": "Ann", **body})
    assert r.status_code == 400, r.text
    assert words in r.json()["message"]


def test_the_fill_at_the_start_is_checked_against_the_room(shared_server: ServerProc) -> None:
    made = shared_server.create(game="bluff", players=3)
    r = shared_server.post(
        f"/api/rooms/{made['code']}/start", {"token": made["token"], "fill": "learned"}
    )
    assert r.status_code == 400 and "plays only 4-player bullshit" in r.json()["message"]
    assert shared_server.get(f"/api/rooms/{made['code']}").json()["status"] == "lobby"


async def _play(server: ServerProc) -> tuple[dict[str, object], dict[str, object]]:
    made = server.create(game="cheat", players=4, bots={"1": "learned"}, timers=False, seed=5)
    code = made["code"]
    server.start_room(code, made["token"], fill="learned")
    info = server.get(f"/api/rooms/{code}").json()
    assert [s.get("bot") for s in info["seats"][1:]] == ["learned"] * 3, info["seats"]
    client = await Client(server, code, made["token"]).connect()
    await play_until_over(client, random.Random(5), timeout=240)
    await client.close()
    assert client.over is not None
    return client.over, server.get(f"/api/rooms/{code}/record").json()


@pytest.mark.slow  # a whole game: 6-15 s, more where a call window's race makes it stall
def test_a_room_with_learned_bots_plays_to_the_end(shared_server: ServerProc) -> None:
    over, record = asyncio.run(_play(shared_server))
    replay = bh.load(json.dumps(record["start"]))
    for seat, action in record["actions"]:  # type: ignore[attr-defined]
        replay.apply(seat, action)
    assert replay.over and replay.result == over["result"]
    assert {s for s, _ in record["actions"]} == {0, 1, 2, 3}  # type: ignore[attr-defined]
