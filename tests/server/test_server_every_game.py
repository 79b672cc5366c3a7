"""Every game id of ``bluffhouse games`` is created through the server and played to the end by
two websocket clients and two bots, with the messages the browser table uses: ``legal`` on a
turn, a listed action or, where the list is capped (CONTRACT.md: past 10,000 a subset; a Poker
Bull opening's documented subset), a play built from the hand and a listed claim or a flush
naming three or more ranks, put to the server with ``check`` first as the page does. The
downloaded record replays on the engine to the same end. Also: the ``check`` message itself
(the engine's verdict and refusal, nothing changed, stale and spectator answers)."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from serverkit import Client, ServerProc, choose

import bluffhouse as bh

#: Short settings where a family has them (fewer ranks, one card, one point; a table going
#: round in circles is stopped by the no-progress rule sooner): every other rule stays.
SHORT: dict[str, dict[str, Any]] = {
    "cheat": {"deck_ranks": "A23", "stall_limit": 300},
    "poker_bull": {"hand_size": 1},
    "sneak": {"target": 1},
}
#: Games the short settings do not fit (Canadian Bluff starts on a jack).
OWN = {"canadian_bluff": {"deck_ranks": "A2J", "stall_limit": 300}}
#: Capped games also played with their full packs, so that their leads are capped lists and
#: the built plays go through check.
CAPPED = ["free_for_all", "eightshit"]
#: Games without turns (anyone acts any time): bots thinking a moment leave the people a chance.
REAL_TIME = {"jump_in"}


def cases() -> list[Any]:
    out = []
    for preset in bh.presets():
        options = OWN.get(preset.id, SHORT.get(preset.family.FAMILY, {}))
        out.append(pytest.param(preset.id, dict(options), id=preset.id))
    out.extend(pytest.param(gid, {}, id=f"{gid}-full") for gid in CAPPED)
    return out


class Player:
    """A websocket client playing as the page does: on a turn it asks ``legal`` once per state;
    from a capped list it sometimes builds a play of its own and checks it before sending."""

    def __init__(self, client: Client, rng: random.Random) -> None:
        self.client = client
        self.rng = rng
        self.capped: dict[int, bool] = {}
        self.checked = {"legal": 0, "illegal": 0, "played": 0}
        self.asked = -1
        self.ids = 0

    async def until_state_after(self, version: int, ref: str) -> None:
        """The state after our action, or its own refusal (matched by id: the refusal of an
        earlier action may come after a newer state)."""
        reply = await self.client.until(
            lambda m: (
                m["type"] == "over"
                or (m["type"] == "refused" and m.get("id") == ref)
                or (m["type"] == "state" and m["version"] > version)
            )
        )
        if reply["type"] == "refused":
            assert reply["code"] in ("stale", "not_your_turn"), reply  # a faster seat only
            await self.client.until(
                lambda m: m["type"] == "over" or (m["type"] == "state" and m["version"] > version)
            )

    async def built_play(self, legal: list[dict[str, Any]], version: int) -> dict[str, Any] | None:
        """A play of random cards and a listed claim, if the server says it is legal."""
        hand = self.client.state["view"]["hand"] if self.client.state else []
        claims = [a["claim"] for a in legal if a["type"] == "play"]
        if not hand or not claims:
            return None
        cards = self.rng.sample(hand, self.rng.randint(1, min(len(hand), 8)))
        return await self.ask_check(
            {"type": "play", "cards": cards, "claim": self.rng.choice(claims)}, version
        )

    async def built_bid(self, version: int) -> dict[str, Any] | None:
        """A Poker Bull flush naming three to five ranks (what the capped list of a hand's
        opening leaves out), its ranks in any order, if the server says it is legal."""
        ranks = self.rng.sample("23456789TJQKA", self.rng.randint(3, 5))
        bid = " ".join(["flush", self.rng.choice("SHDC"), *ranks])
        return await self.ask_check({"type": "bid", "bid": bid}, version)

    async def ask_check(self, action: dict[str, Any], version: int) -> dict[str, Any] | None:
        """The action, if a check message says it is legal now."""
        self.ids += 1
        ask = f"c{self.ids}"
        await self.client.send({"type": "check", "action": action, "version": version, "id": ask})
        verdict = await self.client.until(lambda m: m["type"] == "checked" and m["id"] == ask)
        if verdict["legal"]:
            self.checked["legal"] += 1
            return action
        assert verdict["code"] in ("illegal", "stale", "not_your_turn"), verdict
        if verdict["code"] == "illegal":
            self.checked["illegal"] += 1
            assert verdict["message"]
        return None

    async def play(self, timeout: float = 120) -> None:
        client = self.client
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while client.over is None:
            assert loop.time() < deadline, f"seat {client.seat}: the game did not end in time"
            if not client.my_turn():
                await client.until(lambda m: m["type"] in ("state", "over"))
                continue
            version = client.version
            if version not in client.legal:
                if self.asked != version:
                    self.asked = version
                    await client.send({"type": "legal"})
                message = await client.until(lambda m: m["type"] in ("legal", "state", "over"))
                if message["type"] == "legal" and message["version"] is not None:
                    self.capped[message["version"]] = bool(message.get("capped"))
                continue
            legal = client.legal[version]
            if not legal:
                await client.until(lambda m: m["type"] in ("state", "over"))
                continue
            action = None
            built = self.capped.get(version) and any(a["type"] == "bid" for a in legal)
            if built:
                action = await self.built_bid(version)  # always: the game has few openings
            elif self.capped.get(version) and self.rng.random() < 0.5:
                built = True
                action = await self.built_play(legal, version)
            if built:
                if client.version != version:
                    continue
                if action is not None:
                    self.checked["played"] += 1
            self.ids += 1
            ref = f"a{self.ids}"
            await client.send(
                {
                    "type": "action",
                    "action": action or choose(legal, self.rng),
                    "version": version,
                    "id": ref,
                }
            )
            await self.until_state_after(version, ref)


async def play_a_game(
    server: ServerProc, game: str, options: dict[str, Any], seed: int
) -> tuple[dict[str, Any], list[Player]]:
    made = server.create(
        game=game,
        players=4,
        options=options,
        bots={"2": "counter", "3": "random"},
        timers=False,
        seed=seed,
        bot_delay=0.1 if game in REAL_TIME else 0,
    )
    code = made["code"]
    bob = server.join(code, "Bob")
    server.start_room(code, made["token"])
    clients = [
        await Client(server, code, made["token"]).connect(),
        await Client(server, code, bob["token"]).connect(),
    ]
    players = [Player(c, random.Random(f"{game}-{seed}-{c.seat}")) for c in clients]
    await asyncio.gather(*(p.play() for p in players))
    for c in clients:
        await c.close()
    record = server.get(f"/api/rooms/{code}/record").json()
    return record, players


@pytest.mark.slow
@pytest.mark.parametrize(("game", "options"), cases())
def test_every_game_is_played_to_the_end_through_the_server(
    shared_server: ServerProc, game: str, options: dict[str, Any]
) -> None:
    record, players = asyncio.run(play_a_game(shared_server, game, options, seed=11))
    replay = bh.load(json.dumps(record["start"]))
    for seat, action in record["actions"]:
        replay.apply(seat, action)
    over = players[0].client.over
    assert replay.over and over is not None and replay.result == over["result"]
    people = [s for s, _ in record["actions"] if s in (0, 1)]
    assert people, "the two people never acted"
    if not options and game in CAPPED:  # the capped leads came and built plays went through
        assert any(any(p.capped.values()) for p in players)
        assert sum(p.checked["played"] for p in players) > 0, [p.checked for p in players]
    if bh.lookup(game).family.FAMILY == "poker_bull":  # a capped opening: a built flush bid
        opening = bh.new_game(game, players=4, seed=11, **options)
        capped = opening.lists_subset(0)  # seat 0, a person, opens
        assert players[0].client.seat == 0 and players[0].capped.get(0) is capped
        if capped:
            assert sum(p.checked["played"] for p in players) > 0, [p.checked for p in players]


def test_check_gives_the_engine_verdict_and_changes_nothing(shared_server: ServerProc) -> None:
    server = shared_server
    made = server.create(game="popcorn_count_bluff", players=2, bots=[1], timers=False, seed=3)
    server.start_room(made["code"], made["token"])
    game = bh.new_game("popcorn_count_bluff", players=2, seed=3)
    hand = game.view(0)["hand"]
    listed = game.legal_actions(0)
    listed_sets = {tuple(sorted(a["cards"])) for a in listed if a["type"] == "play"}
    five = {"type": "play", "cards": hand[-5:], "claim": {"rank": "A", "count": 2}}
    six = {"type": "play", "cards": hand[-6:], "claim": {"rank": "A", "count": 2}}
    assert tuple(sorted(five["cards"])) not in listed_sets and game.is_legal(0, five)
    with pytest.raises(bh.IllegalAction) as refusal:
        game.copy().apply(0, six)

    async def scenario() -> None:
        ann = await Client(server, made["code"], made["token"]).connect()
        watcher = await Client(server, made["code"]).connect()
        await ann.until(lambda m: m["type"] == "state")
        await ann.send({"type": "legal"})
        answer = await ann.until(lambda m: m["type"] == "legal")
        assert answer["capped"] is True and len(answer["legal"]) == len(listed)
        await ann.send({"type": "check", "action": six, "version": 0, "id": "six"})
        no = await ann.until(lambda m: m["type"] == "checked")
        assert no == {
            "type": "checked",
            "version": 0,
            "legal": False,
            "code": "illegal",
            "message": str(refusal.value),
            "id": "six",
        }
        await ann.send({"type": "check", "action": five, "version": 0, "id": 5})
        yes = await ann.until(lambda m: m["type"] == "checked")
        assert yes == {"type": "checked", "version": 0, "legal": True, "id": 5}
        await ann.send({"type": "check", "action": five, "version": 7})
        stale = await ann.until(lambda m: m["type"] == "checked")
        assert stale["legal"] is False and stale["code"] == "stale"
        await ann.send({"type": "check", "action": "pass", "version": 0})
        bad = await ann.until(lambda m: m["type"] == "error")
        assert bad["code"] == "bad_message" and "check" in bad["message"]
        await watcher.send({"type": "check", "action": five, "version": 0})
        assert (await watcher.until(lambda m: m["type"] == "error"))["code"] == "spectator"
        await watcher.send({"type": "next"})  # ready for the next hand: a seat's word
        assert (await watcher.until(lambda m: m["type"] == "error"))["code"] == "spectator"
        await ann.send({"type": "next"})  # no showdown on the table: nothing to skip, no error
        # nothing changed: the table still waits for the lead, which is then played
        assert server.get(f"/api/rooms/{made['code']}").json()["version"] == 0
        await ann.send({"type": "action", "action": five, "version": 0, "id": "go"})
        assert (await ann.until(lambda m: m["type"] in ("accepted", "refused")))[
            "type"
        ] == "accepted"
        await ann.close()
        await watcher.close()

    asyncio.run(scenario())


def test_a_poker_bull_opening_is_capped_and_a_flush_of_three_ranks_is_checked_and_bid(
    shared_server: ServerProc,
) -> None:
    """At a hand's opening the engine lists about 1,500 of some 19,700 legal bids, leaving out
    the flushes naming three or more ranks (docs/rules/poker_bull.md): far below 10,000, but a
    subset all the same, so the legal reply is marked capped; a client builds such a flush,
    checks it and bids it. The next seat's list is whole again: not capped."""
    server = shared_server
    seed = 5
    game = bh.new_game("poker_bull", players=3, seed=seed)
    assert game.to_act == [0]
    listed = game.legal_actions(0)
    flush = {"type": "bid", "bid": "flush S J 6 4"}
    assert len(listed) < 10_000 and flush not in listed and game.is_legal(0, flush)
    game.apply(0, flush)
    after = game.legal_actions(1)
    made = server.create(game="poker_bull", players=3, bots=[2], timers=False, seed=seed)
    bob = server.join(made["code"], "Bob")
    server.start_room(made["code"], made["token"])

    async def scenario() -> None:
        ann = await Client(server, made["code"], made["token"]).connect()
        other = await Client(server, made["code"], bob["token"]).connect()
        await ann.until(lambda m: m["type"] == "state")
        await ann.send({"type": "legal"})
        answer = await ann.until(lambda m: m["type"] == "legal")
        assert answer["capped"] is True
        assert answer["legal"] == listed  # the engine's list itself, unchanged (CONTRACT.md)
        await ann.send({"type": "check", "action": flush, "version": 0, "id": "flush"})
        assert await ann.until(lambda m: m["type"] == "checked") == {
            "type": "checked",
            "version": 0,
            "legal": True,
            "id": "flush",
        }
        await ann.send({"type": "action", "action": flush, "version": 0, "id": "bid"})
        assert (await ann.until(lambda m: m["type"] in ("accepted", "refused")))[
            "type"
        ] == "accepted"
        state = await other.until(lambda m: m["type"] == "state" and m["version"] == 1)
        assert state["view"]["bid"] == "flush S J 6 4" and state["view"]["bidder"] == 0
        assert {"type": "bid", "seat": 0, "bid": "flush S J 6 4"} in state["events"]
        await other.send({"type": "legal"})
        whole = await other.until(lambda m: m["type"] == "legal")
        assert whole["capped"] is False and whole["legal"] == after
        await ann.close()
        await other.close()

    asyncio.run(scenario())


def test_a_finished_game_replays_step_by_step(shared_server: ServerProc) -> None:
    """``/replay?step=K``: the table after K moves of a finished game, every hand face up; a
    step outside the game is refused by name, and a game still being played is not shown."""
    record, _ = asyncio.run(play_a_game(shared_server, "popcorn", {"deck_ranks": "A23"}, seed=3))
    code = record["room"]
    first = shared_server.get(f"/api/rooms/{code}/replay?step=0").json()
    steps = first["steps"]
    assert steps == len(record["actions"]) and first["step"] == 0
    assert sum(len(h) for h in first["hands"]) == sum(first["view"]["hand_sizes"])
    last = shared_server.get(f"/api/rooms/{code}/replay?step={steps}").json()
    assert last["view"]["over"] and last["events_seen"] > first["events_seen"]
    r = shared_server.get(f"/api/rooms/{code}/replay?step={steps + 1}")
    assert r.status_code == 400 and f"step must be from 0 to {steps}" in r.json()["message"]
    playing = shared_server.create(game="bullshit", players=3, bots=[1, 2])
    shared_server.start_room(playing["code"], playing["token"])
    r = shared_server.get(f"/api/rooms/{playing['code']}/replay?step=0")
    assert r.status_code >= 400 and r.json()["error"] == "not_over"
