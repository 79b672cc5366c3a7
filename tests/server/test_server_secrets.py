"""Secrets, tested as an adversary: whole games through real websockets, every message each
client got checked against what its seat legitimately saw, derived from the finished game's
full log (``events_all``) and record; and the rebuilt views equal the engine's own.

Every joker is the same card string ``JK``, so a set of the cards a seat has seen cannot tell
its own joker from another seat's: jokers are counted, moment by moment, as the browser tests
count them (tests/browser/tablekit.py)."""

from __future__ import annotations

import asyncio
import json
import random
from dataclasses import dataclass
from typing import Any, cast

import pytest
from serverkit import (
    Client,
    ServerProc,
    cards_in,
    jokers,
    most_jokers_in_a_list,
    play_until_over,
)

import bluffhouse as bh

#: (game, seats, bot for the seats after the first two): Cheat presets with different
#: reveals (jokers, a suit claim), Poker Bull, and Sneak between two people.
GAMES = [
    ("bluff", 4, "counter"),
    ("bullshit", 4, "counter"),
    ("popcorn", 3, "counter"),
    ("jokers_wild", 3, "counter"),
    ("spanish_bluff", 3, "counter"),
    ("poker_bull", 3, "random"),
    ("sneak", 2, "counter"),
]


@dataclass
class JokerLimits:
    """How many jokers each viewer (None: spectator) was shown: by version, in its view
    without the log; and by event index, in each event of its log."""

    view: list[dict[int | None, int]]
    events: dict[int | None, list[int]]


def replay_views(
    record: dict[str, Any], log: list[dict[str, Any]], viewers: list[int | None], every: int
) -> tuple[
    list[dict[int | None, set[str]]], dict[int, dict[int | None, dict[str, Any]]], JokerLimits
]:
    """One pass over the finished game's record. For each version: every card each viewer
    (None: spectator) may know by then, from the full log alone (``events_all``: its public
    parts and the viewer's own private parts; a seat's hand is in there too, checked); and,
    every ``every`` versions and at the end, each viewer's ``view`` to compare the protocol's
    rebuilt views against; and the jokers each viewer was shown (``JokerLimits``)."""
    game = bh.load(json.dumps(record["start"]))
    everyone: list[int | None] = [None, *range(game.players)]
    known: dict[int | None, set[str]] = {v: set() for v in everyone}
    per_version: list[dict[int | None, set[str]]] = []
    views: dict[int, dict[int | None, dict[str, Any]]] = {}
    view_jokers: list[dict[int | None, int]] = []
    done = 0
    last = len(record["actions"])
    for step in range(last + 1):
        if step:
            seat, action = record["actions"][step - 1]
            game.apply(seat, action)
        fresh = game.events_all(since=done)
        assert fresh == log[done : done + len(fresh)]
        done += len(fresh)
        for event in fresh:
            private = event.get("private", {})
            public = {k: v for k, v in event.items() if k != "private"}
            for viewer in everyone:
                known[viewer] |= cards_in(public)
                if viewer is not None and str(viewer) in private:
                    known[viewer] |= cards_in(private[str(viewer)])
        if step % every == 0 or step == last:
            views[step] = {v: game.view(v) for v in viewers}
            for viewer in viewers:  # every card a seat holds came to it through its log
                if viewer is not None:
                    assert set(views[step][viewer]["hand"]) <= known[viewer]
        per_version.append({v: set(cards) for v, cards in known.items()})
        view_jokers.append(
            {v: jokers({k: x for k, x in game.view(v).items() if k != "events"}) for v in everyone}
        )
    assert done == len(log)
    limits = JokerLimits(
        view_jokers, {v: [jokers(e) for e in game.events_for(v)] for v in everyone}
    )
    return per_version, views, limits


def check_messages(
    client: Client, per_version: list[dict[int | None, set[str]]], limits: JokerLimits
) -> int:
    """Every card in every message ``client`` got was legitimately known to its seat at the
    version of that message (or the latest version before it); and no message held more
    jokers than its seat was shown: in the view at that version, in each event, and in any
    one list of cards of another message (a legal play)."""
    version = 0
    checked = 0
    last = len(per_version) - 1
    seat = client.seat
    for message in client.received:
        if isinstance(message.get("version"), int) and message["type"] == "state":
            version = message["version"]
        at = min(version, last)
        allowed = per_version[at][seat]
        leaked = cards_in(message) - allowed
        assert not leaked, (
            f"seat {seat} got {sorted(leaked)} in a {message['type']} message at version {version}"
        )
        if message["type"] == "state":
            assert jokers(message["view"]) <= limits.view[at][seat], (
                f"seat {seat} was shown more jokers at version {version}: {message['view']}"
            )
            for i, event in enumerate(message["events"], message["events_from"]):
                assert jokers(event) <= limits.events[seat][i], (
                    f"seat {seat} got more jokers in event {i} than it was shown: {event}"
                )
        else:
            if isinstance(message.get("version"), int):
                at = min(message["version"], last)
            assert most_jokers_in_a_list(message) <= limits.view[at][seat], (
                f"seat {seat} was offered more jokers than it held at version {at}: {message}"
            )
        checked += 1
    return checked


def check_views(client: Client, views: dict[int, dict[int | None, dict[str, Any]]]) -> None:
    """The view a client rebuilds from the protocol equals ``view(seat)`` at that version."""
    events: list[dict[str, Any]] = []
    compared = 0
    for message in client.received:
        if message["type"] != "state":
            continue
        events[message["events_from"] :] = message["events"]
        expected = views.get(message["version"], {}).get(client.seat)
        if expected is None:
            continue
        got = dict(message["view"], events=list(events))
        assert got == expected, f"seat {client.seat}: view differs at {message['version']}"
        compared += 1
    assert compared >= 2


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players", "bot"), GAMES)
def test_no_message_holds_a_card_its_seat_did_not_see(
    shared_server: ServerProc, game_id: str, players: int, bot: str
) -> None:
    server = shared_server
    bots = {str(s): bot for s in range(2, players)}
    # Instant bots: on a loaded machine the clients fall far behind, answering states the game
    # has left; those answers are never counted as flooding (test_server_protocol).
    made = server.create(
        game=game_id, players=players, bots=bots, seed=21, timers=False, bot_delay=0
    )
    code = made["code"]
    second = server.join(code, "Bob")
    server.start_room(code, made["token"])

    async def run() -> list[Client]:
        a = await Client(server, code, made["token"]).connect()
        b = await Client(server, code, second["token"]).connect()
        watcher = await Client(server, code).connect()
        rng = random.Random(5)

        async def watch() -> None:
            while watcher.over is None:
                await watcher.until(lambda m: m["type"] == "over", timeout=240)

        await asyncio.gather(
            play_until_over(a, random.Random(rng.random()), 240),
            play_until_over(b, random.Random(rng.random()), 240),
            watch(),
        )
        for c in (a, b, watcher):
            await c.close()
        return [a, b, watcher]

    clients = asyncio.run(run())
    record = server.get(f"/api/rooms/{code}/record").json()
    log = server.get(f"/api/rooms/{code}/log").json()
    assert log["result"] == record["state"]["result"] is not None
    every = max(1, len(record["actions"]) // 150)
    per_version, views, limits = replay_views(record, log["events"], [0, 1, None], every)
    for client in clients:
        assert client.over is not None and client.over["result"] == log["result"]
        assert check_messages(client, per_version, limits) > 10
        check_views(client, views)
    # the check has teeth: after the deal a seat knows its own hand and no other seat's
    start = bh.load(json.dumps(record["start"]))
    for seat in (0, 1):
        others = set().union(*(start.view(s)["hand"] for s in range(players) if s != seat))
        assert per_version[0][seat] == set(start.view(seat)["hand"])
        assert not per_version[0][seat] & (others - set(start.view(seat)["hand"]))


def test_a_second_joker_is_a_leak_though_a_joker_was_seen() -> None:
    """The check has teeth for jokers: seat 0 holds one joker; a message showing it a second
    one (another seat's) holds no card string it has not seen, so only counting catches it."""
    seed = next(
        s
        for s in range(200)
        if bh.new_game("poker_bull", players=3, seed=s).view(0)["hand"].count("JK") == 1
    )
    game = bh.new_game("poker_bull", players=3, seed=seed)
    record = {"start": json.loads(game.to_json()), "actions": []}
    per_version, _, limits = replay_views(record, game.events_all(), [0], 1)
    view = {k: v for k, v in game.view(0).items() if k != "events"}
    events = game.events_for(0)

    def client(*messages: dict[str, Any]) -> Client:
        fake = Client(cast(Any, None), "ROOM")
        fake.seat = 0
        fake.received = list(messages)
        return fake

    def state(view: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
        return {
            "type": "state",
            "version": 0,
            "view": view,
            "events": events,
            "events_from": 0,
            "legal": None,
        }

    assert check_messages(client(state(view, events)), per_version, limits) == 1
    second = dict(view, hand=[*view["hand"], "JK"])
    assert not cards_in(state(second, events)) - per_version[0][0]  # a set would let it pass
    with pytest.raises(AssertionError, match="more jokers at version 0"):
        check_messages(client(state(second, events)), per_version, limits)
    dealt = [dict(e, cards=[*e["cards"], "JK"]) if "cards" in e else e for e in events]
    with pytest.raises(AssertionError, match="more jokers in event 0"):
        check_messages(client(state(view, dealt)), per_version, limits)
    offer = {"type": "legal", "version": 0, "legal": [{"type": "play", "cards": ["JK", "JK"]}]}
    with pytest.raises(AssertionError, match="offered more jokers"):
        check_messages(client(state(view, events), offer), per_version, limits)
