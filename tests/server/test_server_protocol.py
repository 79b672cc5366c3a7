"""The lobby API and the websocket protocol against a real server: every refusal has a clear
message and changes nothing; tokens act only for their seat in their room."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import httpx
import pytest
import websockets
from serverkit import Client, ServerProc

import bluffhouse as bh


def test_serve_prints_where_the_data_is_and_the_url(shared_server: ServerProc) -> None:
    server = shared_server
    out = server.stdout()
    assert "SQLite file" in out and server.db.removeprefix("sqlite:///") in out
    assert f"http://127.0.0.1:{server.port}/" in out


def test_lobby_page_names_the_games_and_can_create_a_room(shared_server: ServerProc) -> None:
    server = shared_server
    page = server.get("/")
    assert page.status_code == 200
    assert '<link rel="icon" href="data:,">' in page.text
    assert 'type="module"' in page.text and 'id="create"' in page.text
    script = server.get("/static/lobby.js")
    assert script.status_code == 200 and "/api/rooms" in script.text
    assert "javascript" in script.headers["content-type"]
    games = server.get("/api/games").json()
    ids = {g["id"] for g in games}
    assert {"bluff", "bullshit", "poker_bull", "sneak"} <= ids
    bull = next(g for g in games if g["id"] == "bullshit")
    assert {"name", "type", "default", "values", "doc"} <= set(bull["options"][0])
    assert server.get("/r/ABCDEF").status_code == 200  # the room page (room.js asks for it)
    assert server.get("/room/ABCDEF").status_code == 200  # its long form, as links are often typed
    assert server.get("/static/../app.py").status_code == 404


def test_create_join_start_and_room_info(shared_server: ServerProc) -> None:
    server = shared_server
    made = server.create(game="popcorn", players=3, bots={"2": "random"}, seed=3)
    code = made["code"]
    assert len(code) == 6 and made["link"] == f"/r/{code}" and made["seat"] == 0
    joined = server.join(code.lower(), "Bob")  # codes are read in any case
    assert joined["seat"] == 1 and joined["token"] != made["token"]
    info = server.get(f"/api/rooms/{code}").json()
    kinds = [s["kind"] for s in info["seats"]]
    assert kinds == ["person", "person", "bot"] and info["status"] == "lobby"
    assert "token" not in json.dumps(info)
    assert info["timers"] == {"turn": 30.0, "window": 5.0}
    r = server.post(f"/api/rooms/{code}/start", {"token": joined["token"]})
    assert r.status_code == 403 and "host" in r.json()["message"]
    server.start_room(code, made["token"])
    assert server.get(f"/api/rooms/{code}").json()["status"] == "playing"
    r = server.post(f"/api/rooms/{code}/join", {"name": "Cy"})
    assert r.status_code == 409 and "started" in r.json()["message"]


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"game": "no_such_game"}, "bad_game", "unknown game"),
        ({"game": "bullshit", "options": {"decks": 9}}, "bad_options", "decks"),
        ({"game": "bullshit", "options": {"nonsense": 1}}, "bad_options", "nonsense"),
        ({"game": "bullshit", "players": 1}, "bad_options", "players"),
        ({"game": "bullshit", "players": "four"}, "bad_request", "players"),
        ({"game": "bullshit", "bots": {"7": "counter"}}, "bad_request", "seat 7"),
        ({"game": "bullshit", "bots": {"1": "superbot"}}, "bad_request", "bot name"),
        ({"game": "bullshit", "turn_seconds": -1}, "bad_request", "turn_seconds"),
        ({"game": "bullshit", "name": "x" * 200}, "bad_request", "longer than"),
        ({"game": "bullshit", "name": ""}, "bad_request", "empty"),
        ({"game": "bullshit", "colour": "red"}, "bad_request", "unknown field"),
        ({"players": 4}, "bad_request", "which game"),
    ],
)
def test_bad_room_requests_are_refused_with_the_reason(
    shared_server: ServerProc, body: dict[str, Any], code: str, words: str
) -> None:
    server = shared_server
    body.setdefault("name", "Ann")
    r = server.post("/api/rooms", body)
    assert r.status_code == 400, r.text
    assert r.json()["error"] == code
    assert words in r.json()["message"]


def test_engine_message_is_passed_on_for_a_bad_option(shared_server: ServerProc) -> None:
    server = shared_server
    try:
        bh.new_game("bullshit", players=4, seed=0, decks=9)
    except bh.RuleError as exc:
        engine = str(exc)
    r = server.post("/api/rooms", {"game": "bullshit", "name": "A", "options": {"decks": 9}})
    assert r.json()["message"] == engine


def test_malformed_http_bodies(shared_server: ServerProc) -> None:
    server = shared_server
    r = httpx.post(server.http + "/api/rooms", content=b"{not json", timeout=10)
    assert r.status_code == 400 and r.json()["error"] == "bad_json"
    r = httpx.post(server.http + "/api/rooms", content=b"[1, 2]", timeout=10)
    assert r.status_code == 400 and "object" in r.json()["message"]
    r = httpx.post(server.http + "/api/rooms", content=b"x" * 100_000, timeout=10)
    assert r.status_code == 413
    r = server.get("/api/rooms/NOPE12")
    assert r.status_code == 404 and "no room" in r.json()["message"]
    r = server.get("/api/rooms/%00%01")
    assert r.status_code == 404


def _three_people(server: ServerProc, **extra: Any) -> tuple[str, list[str]]:
    made = server.create(game="bluff", players=3, seed=11, timers=False, **extra)
    tokens = [made["token"]] + [server.join(made["code"], f"P{i}")["token"] for i in (1, 2)]
    server.start_room(made["code"], made["token"])
    return made["code"], tokens


def test_websocket_refusals_change_nothing(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _three_people(server)

    async def run() -> None:
        a = await Client(server, code, tokens[0]).connect()
        b = await Client(server, code, tokens[1]).connect()
        await a.until(lambda m: m["type"] == "state")
        await b.until(lambda m: m["type"] == "state")
        assert a.seat == 0 and b.seat == 1
        v = a.version
        bad: list[tuple[Any, str]] = [
            ("{not json", "bad_json"),
            ("[1, 2, 3]", "bad_message"),
            ('{"no": "type"}', "bad_message"),
            ({"type": "teleport"}, "unknown_type"),
            ({"type": "action"}, "bad_message"),
            ({"type": "action", "action": "pass", "version": v}, "bad_message"),
            ({"type": "action", "action": {"type": "pass"}}, "bad_message"),
            ({"type": "action", "action": {"type": "pass"}, "version": "7"}, "bad_message"),
            (
                {"type": "action", "action": {"type": "pass"}, "version": v, "id": [1]},
                "bad_message",
            ),
            ({"type": "action", "action": {"type": "fly"}, "version": v}, "illegal"),
            (
                {"type": "action", "action": {"type": "play", "cards": ["ZZ"]}, "version": v},
                "illegal",
            ),
            ({"type": "action", "action": {"type": "play", "cards": 5}, "version": v}, "illegal"),
            ({"type": "action", "action": {"type": "pass"}, "version": v - 1}, "stale"),
            ({"type": "hello", "token": tokens[0]}, "bad_message"),
            ({"type": "chat", "text": 5}, "bad_message"),
            ({"type": "chat", "text": "x" * 1000}, "too_big"),
            ("x" * 20_000, "too_big"),
        ]
        for message, expected in bad:
            await a.send(message)
            reply = await a.until(lambda m: m["type"] in ("error", "refused"))
            assert reply["code"] == expected, (message, reply)
            assert reply["message"]
        await a.ws.send(b"\x00binary")
        reply = await a.until(lambda m: m["type"] == "error")
        assert reply["code"] == "bad_frame"
        # out of turn: seat 1 acts while seat 0 leads; the engine's words come back
        await b.send({"type": "action", "action": {"type": "pass"}, "version": v})
        reply = await b.until(lambda m: m["type"] == "refused")
        assert reply["code"] == "not_your_turn" and "seat 1 may not act" in reply["message"]
        # an illegal play gets the engine's own message
        game = bh.new_game("bluff", players=3, seed=11)
        bad_play = {
            "type": "play",
            "cards": ["AS", "AS", "AS", "AS", "AS"],
            "claim": {"rank": "A", "count": 5},
        }
        try:
            game.apply(0, bad_play)
        except bh.IllegalAction as exc:
            engine = str(exc)
        await a.send({"type": "action", "action": bad_play, "version": v})
        reply = await a.until(lambda m: m["type"] == "refused")
        assert reply["message"] == engine
        # nothing changed: same version, no state pushed, and the room still plays
        info = server.get(f"/api/rooms/{code}").json()
        assert info["version"] == v and info["to_act"] == [0]
        assert not any(m["type"] == "state" and m["version"] != v for m in a.received)
        legal = await a.legal_now()
        await a.send({"type": "action", "action": legal[0], "version": v, "id": "first"})
        await a.until(lambda m: m["type"] == "accepted")
        assert a.version == v + 1
        await a.close()
        await b.close()

    asyncio.run(run())


def test_duplicate_action_id_is_refused(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _three_people(server)

    async def run() -> None:
        a = await Client(server, code, tokens[0]).connect()
        await a.until(lambda m: m["type"] == "state")
        legal = await a.legal_now()
        message = {"type": "action", "action": legal[0], "version": a.version, "id": 77}
        await a.send(message)
        await a.until(lambda m: m["type"] == "accepted")
        await a.send(message)  # resent, e.g. after a flaky network
        reply = await a.until(lambda m: m["type"] == "refused")
        assert reply["code"] == "duplicate" and reply["id"] == 77
        await a.close()

    asyncio.run(run())


def test_tokens_act_only_for_their_seat_in_their_room(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _three_people(server)
    _, other_tokens = _three_people(server)

    async def run() -> None:
        # another room's token means nothing here
        c = await Client(server, code, other_tokens[0]).connect()
        error = c.received[-1]
        assert error["type"] == "error" and error["code"] == "bad_token"
        assert code in error["message"]
        await c.close()
        for token in ("guess", tokens[0][:-1] + ("A" if tokens[0][-1] != "A" else "B")):
            c = await Client(server, code, token).connect()
            assert c.received[-1]["code"] == "bad_token"
            await c.close()
        # a seat's token is that seat: an action cannot name another seat
        b = await Client(server, code, tokens[1]).connect()
        await b.until(lambda m: m["type"] == "state")
        assert b.seat == 1
        legal0 = bh.new_game("bluff", players=3, seed=11).legal_actions(0)
        await b.send({"type": "action", "action": legal0[0], "version": b.version, "seat": 0})
        reply = await b.until(lambda m: m["type"] == "refused")
        assert reply["code"] == "not_your_turn"
        # spectators see public information only and cannot act
        s = await Client(server, code).connect()
        state = await s.until(lambda m: m["type"] == "state")
        assert state["seat"] is None and state["view"]["hand"] == []
        await s.send({"type": "action", "action": {"type": "pass"}, "version": 0})
        assert (await s.until(lambda m: m["type"] == "refused"))["code"] == "spectator"
        await b.close()
        await s.close()

    asyncio.run(run())


def test_unknown_room_over_websocket(shared_server: ServerProc) -> None:
    server = shared_server

    async def run() -> None:
        for code in ("ZZZZZZ", "not-a-code", "x" * 300):
            async with websockets.connect(f"{server.ws}/ws/{code}") as ws:
                reply = json.loads(await ws.recv())
                assert reply["type"] == "error" and reply["code"] == "unknown_room"
                with pytest.raises(websockets.ConnectionClosed) as info:
                    await ws.recv()
                assert info.value.rcvd is not None and info.value.rcvd.code == 4404

    asyncio.run(run())


def test_messages_before_hello_and_huge_frames(shared_server: ServerProc) -> None:
    server = shared_server
    code, _ = _three_people(server)

    async def run() -> None:
        c = await Client(server, code).connect(hello=False)
        await c.send({"type": "action", "action": {"type": "pass"}, "version": 0})
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "hello_first"
        await c.send({"type": "hello", "token": 12})
        assert (await c.until(lambda m: m["type"] == "error"))["code"] == "bad_token"
        await c.send({"type": "hello"})
        await c.until(lambda m: m["type"] == "welcome")
        # beyond the hard limit the frame is not even read: closed with 1009
        with pytest.raises(websockets.ConnectionClosed) as info:
            await c.send("x" * 2_000_000)  # (the close may come while it is still sending)
            while True:
                await c.recv()
        assert info.value.rcvd is not None and info.value.rcvd.code == 1009
        # and the room is untouched
        assert server.get(f"/api/rooms/{code}").json()["version"] == 0

    asyncio.run(run())


def test_answers_to_states_sent_are_free_and_nothing_else_is() -> None:
    """The rate limit's free messages, on a connection alone: one action per version it was
    sent (of the last two games), one legal ask per state that left them to be asked for
    (kept while unanswered, at most a send queue's worth)."""
    from bluffhouse.server.room import Conn

    conn = Conn(send_queue=8)
    assert not conn.free_action(1, 0) and not conn.free_legal_ask()  # sent nothing yet
    for version in range(3, 6):  # joined at version 3 of game 1: sent 3, 4, 5
        conn.send_state("{}", 1, version, ask=version != 4)
    assert not conn.free_action(1, 2) and not conn.free_action(1, 6)  # never sent
    assert conn.free_action(1, 4)
    assert not conn.free_action(1, 4) and not conn.free_action(1, 3)  # again, or back
    assert conn.free_action(1, 5)
    assert conn.free_legal_ask() and conn.free_legal_ask() and not conn.free_legal_ask()
    conn.send_state("{}", 2, 0, ask=False)  # a rematch: versions start again
    assert conn.free_action(2, 0) and not conn.free_action(1, 5)
    conn.send_state("{}", 3, 0, ask=False)
    assert 1 not in conn.seen and not conn.free_action(1, 5)  # the last two games only
    while conn.queue.qsize():
        conn.queue.get_nowait()
    for version in range(1, 20):
        conn.send_state("{}", 3, version, ask=True)
        conn.queue.get_nowait()  # read at once: not cut off as too slow
    assert sum(conn.free_legal_ask() for _ in range(20)) == 8  # no more saved than queued
    assert not conn.closed


def test_a_flooding_client_is_cut_off_not_the_server(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _three_people(server)

    async def run() -> None:
        flood = await Client(server, code, tokens[1]).connect()
        calm = await Client(server, code, tokens[0]).connect()
        await calm.until(lambda m: m["type"] == "state")
        assert "too many" in await flood.flood({"type": "ping"}, 2000)
        # the others play on
        legal = await calm.legal_now()
        await calm.send({"type": "action", "action": legal[0], "version": calm.version})
        await calm.until(lambda m: m["type"] == "accepted")
        await calm.close()

    asyncio.run(run())


def test_chat_lines_reach_the_room(shared_server: ServerProc) -> None:
    server = shared_server
    code, tokens = _three_people(server)

    async def run() -> None:
        a = await Client(server, code, tokens[0]).connect()
        b = await Client(server, code, tokens[1]).connect()
        await a.send({"type": "chat", "text": "  good   luck  "})
        line = await b.until(lambda m: m["type"] == "chat")
        assert line["text"] == "good luck" and line["seat"] == 0 and line["name"] == "Ann"
        late = await Client(server, code, tokens[2]).connect()
        history = (
            next(m for m in late.received if m["type"] == "chat_history")
            if any(m["type"] == "chat_history" for m in late.received)
            else await late.until(lambda m: m["type"] == "chat_history")
        )
        assert history["lines"][-1]["text"] == "good luck"
        for c in (a, b, late):
            await c.close()

    asyncio.run(run())


def test_rooms_created_too_fast_from_one_address_are_refused(
    make_server: Callable[..., ServerProc],
) -> None:
    """`--room-rate N`: the N+1th room within a minute from one address is refused with 429 and
    a reason; the rooms already made are untouched."""
    server = make_server(None, "--room-rate", "2")
    codes = [server.create(game="bluff", players=3)["code"] for _ in range(2)]
    r = server.post("/api/rooms", {"game": "bluff", "players": 3, "name": "Ann"})
    assert r.status_code == 429
    assert r.json()["error"] == "too_many"
    assert "too many rooms" in r.json()["message"]
    for code in codes:
        assert server.get(f"/api/rooms/{code}").status_code == 200


def test_sigint_stops_the_server_cleanly(server: ServerProc) -> None:
    code, tokens = _three_people(server)

    async def connect() -> Client:
        return await Client(server, code, tokens[0]).connect()

    client = asyncio.run(connect())
    assert server.interrupt() == 0
    assert "stopped" in server.stderr()
    del client


@pytest.mark.slow
def test_a_player_beaten_to_it_by_quick_bots_is_not_a_flood(shared_server: ServerProc) -> None:
    """Actions on versions the client has seen are paced by the game: refused as stale or
    out of turn at a table of instant bots, they never add up to a flood.  The same version
    sent again and again does."""
    server = shared_server
    made = server.create(
        game="bullshit", players=4, bots=[1, 2, 3], seed=3, timers=False, bot_delay=0
    )
    code = made["code"]
    server.start_room(code, made["token"])

    async def run() -> None:
        import random

        from serverkit import choose

        rng = random.Random(4)
        me = await Client(server, code, made["token"]).connect()
        await me.until(lambda m: m["type"] == "state")
        refused = 0
        tried: set[int] = set()
        while me.over is None:
            version = me.version
            if version not in tried:
                tried.add(version)
                if me.my_turn():
                    legal = await me.legal_now()
                    action = choose(legal, rng) if legal else {"type": "pass"}
                else:  # eager: acts at once on what it saw, whoever's turn it is
                    action = {"type": "pass"}
                await me.send({"type": "action", "action": action, "version": version})
            reply = await me.until(lambda m: m["type"] in ("state", "over", "refused"))
            refused += reply["type"] == "refused"
        assert refused > 80  # well past the burst of 60 and 50 refusals in a row
        # and the connection is still open: it says pong
        await me.send({"type": "ping", "at": 1})
        await me.until(lambda m: m["type"] == "pong")
        # the same stale version, again and again: counted, and cut off
        await me.flood({"type": "action", "action": {"type": "pass"}, "version": 0}, 200)

    asyncio.run(run())


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "seed"), [("sneak", 2, 1), ("bluff", 4, 1)])
def test_a_client_far_behind_that_answers_each_state_is_never_cut_off(
    shared_server: ServerProc, game_id: str, players: int, seed: int
) -> None:
    """A client answers every state it reads (a legal ask in a turn, an action in a window),
    however late: at a table of instant bots whose short clocks and stand-in play on without
    it, it reads nothing until the game is over, then catches up.  Its answers are all about
    states the game has left (refused as over), many more than the burst of 60: none is
    counted, and it reads on to the end.  Asks no state invited are counted: a burst of them
    is cut off."""
    from serverkit import choose

    server = shared_server
    made = server.create(
        game=game_id,
        players=players,
        bots=list(range(1, players)),
        seed=seed,
        turn_seconds=0.01,
        window_seconds=0.01,
        missed_turns=1,
        bot_delay=0,
    )
    code = made["code"]
    server.start_room(code, made["token"])

    async def run() -> None:
        import random

        rng = random.Random(seed)
        me = await Client(server, code, made["token"]).connect()
        while server.get(f"/api/rooms/{code}").json()["status"] != "over":
            await asyncio.sleep(0.05)
        answers = 0
        while me.over is None:
            message = await me.recv(timeout=30)
            if message["type"] != "state" or not me.my_turn():
                continue
            answers += 1
            if message["legal"] is None:
                await me.send({"type": "legal"})
            else:
                action = choose(message["legal"], rng) if message["legal"] else {"type": "pass"}
                await me.send(
                    {
                        "type": "action",
                        "action": action,
                        "version": message["version"],
                        "id": answers,
                    }
                )
        assert answers > 60  # past the burst: before every answer was free, this cut it off
        await me.send({"type": "ping", "at": 2})
        await me.until(lambda m: m["type"] == "pong" and m["at"] == 2)
        # asks about no state it was sent: counted, and a burst of them is cut off
        assert "too many messages" in await me.flood({"type": "legal"}, 200)

    asyncio.run(run())
