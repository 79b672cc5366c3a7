"""Public tables: a room made public is listed while it waits for players with a seat free;
a private room, a full one or one that has started is not; ``?game=`` narrows the list; a bad
``public`` value is refused by name."""

from __future__ import annotations

from serverkit import ServerProc


def _codes(server: ServerProc, query: str = "") -> list[str]:
    r = server.get(f"/api/rooms{query}")
    assert r.status_code == 200, r.text
    return [room["code"] for room in r.json()["rooms"]]


def test_public_rooms_are_listed_while_they_wait(shared_server: ServerProc) -> None:
    public = shared_server.create(game="bullshit", players=3, bots=[2], public=True)
    private = shared_server.create(game="bullshit", players=3, bots=[2])
    full = shared_server.create(game="bullshit", players=3, bots=[1, 2], public=True)
    sneak = shared_server.create(game="sneak", players=3, bots=[2], public=True)
    listed = _codes(shared_server)
    assert public["code"] in listed and sneak["code"] in listed
    assert private["code"] not in listed and full["code"] not in listed
    only_sneak = _codes(shared_server, "?game=sneak")
    assert sneak["code"] in only_sneak and public["code"] not in only_sneak
    room = next(
        r for r in shared_server.get("/api/rooms").json()["rooms"] if r["code"] == public["code"]
    )
    assert room["free"] == 1 and room["people"] == ["Ann"] and room["link"] == public["link"]
    # someone takes the free seat: the table is full, and no longer listed
    r = shared_server.post(f"/api/rooms/{public['code']}/join", {"name": "Bob"})
    assert r.status_code == 200, r.text
    assert public["code"] not in _codes(shared_server)
    # a started table is not listed either
    shared_server.start_room(sneak["code"], sneak["token"])
    assert sneak["code"] not in _codes(shared_server)


def test_a_bad_public_value_is_refused(shared_server: ServerProc) -> None:
    r = shared_server.post("/api/rooms", {"name": "Ann", "game": "bullshit", "public": "yes"})
    assert r.status_code == 400 and "public must be true or false" in r.json()["message"]
