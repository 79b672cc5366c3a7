"""Races settled by the room's lock and the state version, and the clocks: turn and window
timers (short ones here), the default move, and the stand-in bot after missed turns."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from serverkit import Client, ServerProc

import bluffhouse as bh
from bluffhouse.server.room import default_move


def _room(server: ServerProc, players: int = 3, **extra: Any) -> tuple[str, list[str]]:
    extra.setdefault("timers", False)
    made = server.create(game="bluff", players=players, seed=4, **extra)
    tokens = [made["token"]] + [
        server.join(made["code"], f"P{i}")["token"] for i in range(1, players)
    ]
    server.start_room(made["code"], made["token"])
    return made["code"], tokens


async def _seated(server: ServerProc, code: str, tokens: list[str]) -> list[Client]:
    clients = [await Client(server, code, t).connect() for t in tokens]
    for c in clients:
        await c.until(lambda m: m["type"] == "state")
    return clients


async def _lead(client: Client) -> int:
    legal = await client.legal_now()
    version = client.version
    await client.send({"type": "action", "action": legal[0], "version": version})
    await client.until(lambda m: m["type"] == "state" and m["version"] == version + 1)
    return version + 1


def test_two_seats_calling_at_the_same_instant(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _room(server)

    async def run() -> None:
        a, b, c = await _seated(server, code, tokens)
        version = await _lead(a)
        await b.until(lambda m: m["type"] == "state" and m["version"] == version)
        await c.until(lambda m: m["type"] == "state" and m["version"] == version)
        assert set(b.state["view"]["to_act"]) == {1, 2}  # type: ignore[index]
        call = {"type": "action", "action": {"type": "call"}, "version": version}
        await asyncio.gather(b.send(call), c.send(call))
        answers = [await x.until(lambda m: m["type"] in ("accepted", "refused")) for x in (b, c)]
        kinds = sorted(m["type"] for m in answers)
        assert kinds == ["accepted", "refused"]
        refused = next(m for m in answers if m["type"] == "refused")
        assert refused["code"] == "stale" and refused["version"] > version
        info = server.get(f"/api/rooms/{code}").json()
        # one call only: the window closed on it
        await a.until(lambda m: m["type"] == "state" and m["version"] == info["version"])
        calls = [e for e in a.events if e.get("type") == "call"]
        assert len(calls) == 1
        for x in (a, b, c):
            await x.close()

    asyncio.run(run())


def test_one_token_connected_twice(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _room(server)

    async def run() -> None:
        first, _, _ = await _seated(server, code, tokens)
        second = await Client(server, code, tokens[0]).connect()
        await second.until(lambda m: m["type"] == "state")
        assert second.seat == first.seat == 0
        legal = await first.legal_now()
        message: dict[str, Any] = {"type": "action", "action": legal[0], "version": first.version}
        await asyncio.gather(first.send(message), second.send(message))
        answers = [
            await x.until(lambda m: m["type"] in ("accepted", "refused")) for x in (first, second)
        ]
        assert sorted(m["type"] for m in answers) == ["accepted", "refused"]
        assert next(m for m in answers if m["type"] == "refused")["code"] == "stale"
        # both tabs see the same table
        for x in (first, second):
            if x.version != message["version"] + 1:
                await x.until(lambda m: m["type"] == "state")
        assert first.state is not None and second.state is not None
        assert first.state["version"] == second.state["version"] == message["version"] + 1
        assert first.view() == second.view()
        await first.close()
        await second.close()

    asyncio.run(run())


@pytest.mark.slow
def test_an_action_and_the_window_timeout_at_the_same_instant(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _room(server, timers=True, turn_seconds=0.2, window_seconds=0.5)

    async def run() -> None:
        clients = await _seated(server, code, tokens)
        watcher = clients[0]
        offsets = [-0.03, -0.01, 0.0, 0.005, 0.01, 0.03]
        outcomes: list[str] = []
        while offsets:
            state = await watcher.until(lambda m: m["type"] in ("state", "over"))
            if state["type"] == "over":
                break
            windows = [t for t in state["timers"] if t["kind"] == "window"]
            if not windows or windows[0]["ends_at"] - time.time() < 0.2:
                continue  # a turn (its timer plays), or a window we learnt of too late
            version = state["version"]
            racer = clients[windows[0]["seat"]]
            while racer.version < version:
                await racer.until(lambda m: m["type"] == "state")
            if racer.version != version:
                continue
            offset = offsets.pop()
            await asyncio.sleep(max(0.0, windows[0]["ends_at"] - time.time() + offset))
            await racer.send({"type": "action", "action": {"type": "pass"}, "version": version})
            answer = await racer.until(lambda m: m["type"] in ("accepted", "refused"))
            if answer["type"] == "refused":
                # the timer declined first: the version moved on, nothing else changed
                assert answer["code"] in ("stale", "not_your_turn"), answer
            outcomes.append(answer["type"])
        assert len(outcomes) >= 3, outcomes
        # every seat still sees one and the same table
        now = server.get(f"/api/rooms/{code}").json()
        for c in clients:
            while c.version < now["version"]:
                await c.until(lambda m: m["type"] == "state")
        assert len({c.version for c in clients}) == 1
        assert len({len(c.events) for c in clients}) == 1
        for c in clients:
            await c.close()

    asyncio.run(run())


def test_timers_default_move_and_stand_in(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _room(
        server, timers=True, turn_seconds=0.3, window_seconds=0.2, missed_turns=2, bot_delay=0
    )

    async def run() -> None:
        a = await Client(server, code, tokens[0]).connect()
        await a.until(lambda m: m["type"] == "state")
        first = a.state
        assert first is not None and first["timers"][0]["seat"] == 0
        assert first["timers"][0]["kind"] == "turn"
        # nobody acts: the clocks play, and after two missed turns a bot stands in
        await a.until(
            lambda m: m["type"] == "room" and m["room"]["seats"][0]["stand_in"], timeout=30
        )
        await a.close()
        # the person comes back: the stand-in leaves
        back = await Client(server, code, tokens[0]).connect()
        room = await back.until(lambda m: m["type"] == "room")
        assert room["room"]["seats"][0]["stand_in"] is False
        assert room["room"]["seats"][0]["connected"] is True
        await back.close()

    asyncio.run(run())
    # the first move of the game was the timer's: a true play of one card if there was one
    game = bh.new_game("bluff", players=3, seed=4)
    expected = default_move(game, game.to_act[0])
    assert expected["type"] == "play" and len(expected["cards"]) == 1
    log_version = server.get(f"/api/rooms/{code}").json()["version"]
    assert log_version >= 3


def test_default_moves_per_family() -> None:
    bull = bh.new_game("bullshit", players=4, seed=1)
    # passing the turn is legal there, but it takes the pile: a play avoids that
    assert default_move(bull, 0)["type"] == "play"
    sneak = bh.new_game("sneak", players=3, seed=1)
    assert default_move(sneak, sneak.to_act[0]) == {"type": "draw"}
    pb = bh.new_game("poker_bull", players=3, seed=1)
    opening = default_move(pb, pb.to_act[0])
    assert opening == pb.legal_actions(pb.to_act[0])[0]  # the lowest bid
    pb.apply(pb.to_act[0], opening)
    # the lowest bid is surely there: calling it loses; the lowest raise seldom does
    raised = default_move(pb, pb.to_act[0])
    lowest = next(a for a in pb.legal_actions(pb.to_act[0]) if a["type"] == "bid")
    assert raised == lowest
    # a bid the cards can hardly make: the call
    wild = bh.new_game("poker_bull", players=3, seed=1)
    assert wild.is_legal(wild.to_act[0], {"type": "bid", "bid": "five A"})
    wild.apply(wild.to_act[0], {"type": "bid", "bid": "five A"})
    assert default_move(wild, wild.to_act[0]) == {"type": "call"}
    bluff = bh.new_game("bluff", players=3, seed=4)
    lead = default_move(bluff, 0)
    assert len(lead["cards"]) == 1
    if any(c[0] == lead["claim"]["rank"] for c in bluff.view(0)["hand"]):
        assert lead["cards"][0][0] == lead["claim"]["rank"]  # the truth when it can
    bluff.apply(0, lead)
    assert default_move(bluff, bluff.to_act[0]) == {"type": "pass"}


def test_a_timed_out_turn_never_takes_the_pile_while_a_play_is_legal() -> None:
    """Every preset of the Cheat family, at every step of random games: where the seat to act
    may play, its default move is a play (a pass there may mean taking the pile), true where
    a true play of one card is legal."""
    import random

    cheat = [p for p in bh.presets() if p.family.FAMILY == "cheat"]
    assert len(cheat) >= 10
    rng = random.Random(3)
    for preset in cheat:
        game = bh.new_game(preset.id, seed=rng.randrange(1000))
        for _ in range(40):
            if game.over:
                break
            seat = game.to_act[0]
            legal = game.legal_actions(seat)
            plays = [a for a in legal if a["type"] == "play"]
            move = default_move(game, seat)
            assert game.is_legal(seat, move), (preset.id, move)
            if plays:
                assert move["type"] == "play", (preset.id, move)
                hand = game.view(seat)["hand"]
                if len(move["cards"]) > 1:
                    assert not any(len(a["cards"]) == 1 for a in plays), preset.id
                if move["cards"][0][0] != move["claim"]["rank"][0]:
                    assert not any(
                        len(a["cards"]) == 1 and a["cards"][0][0] == a["claim"]["rank"][0]
                        for a in plays
                    ), (preset.id, hand)
            game.apply(seat, rng.choice(legal))


@pytest.mark.slow
def test_rematch_keeps_the_seats(shared_server: ServerProc) -> None:
    server = shared_server
    made = server.create(
        game="poker_bull",
        players=3,
        bots={"1": "random", "2": "random"},
        seed=2,
        timers=False,
        bot_delay=0,
    )
    code = made["code"]
    server.start_room(code, made["token"])
    r = server.post(f"/api/rooms/{code}/rematch", {"token": made["token"]})
    assert r.status_code == 409 and "over" in r.json()["message"]

    async def run() -> None:
        import random

        from serverkit import play_until_over

        a = await Client(server, code, made["token"]).connect()
        await play_until_over(a, random.Random(1), timeout=120)
        await a.close()

    asyncio.run(run())
    assert server.get(f"/api/rooms/{code}/record?game=1").status_code == 200
    r = server.post(f"/api/rooms/{code}/rematch", {"token": made["token"]})
    assert r.status_code == 200, r.text
    info = r.json()
    assert info["game_no"] == 2 and info["status"] == "playing"
    assert [s["kind"] for s in info["seats"]] == ["person", "bot", "bot"]
    assert info["seats"][0]["name"] == "Ann"
    r = server.get(f"/api/rooms/{code}/record?game=2")
    assert r.status_code == 409 and "still being played" in r.json()["message"]

    async def late() -> None:
        # Versions start again in the rematch: an action decided in game 1 whose version
        # number comes round again is refused when it names its game, not applied to game 2.
        a = await Client(server, code, made["token"]).connect()
        while not a.my_turn():
            await a.until(lambda m: m["type"] == "state")
        version = a.version
        legal = await a.legal_now()
        for game_no, expected in ((1, "refused"), ("2", "refused"), (2, "accepted")):
            await a.send(
                {
                    "type": "action",
                    "action": legal[-1],
                    "version": version,
                    "game_no": game_no,
                    "id": str(game_no),
                }
            )
            reply = await a.until(lambda m, r=str(game_no): m.get("id") == r)
            assert reply["type"] == expected, reply
            if game_no == 1:
                assert reply["code"] == "stale" and "game 1" in reply["message"]
                assert reply["version"] == version
            elif game_no == "2":
                assert reply["code"] == "bad_message" and "game_no" in reply["message"]
        await a.close()

    asyncio.run(late())
