"""Test kit for the browser table: a person at a real page (clicks only), every websocket frame
the page receives, and what its DOM shows after every step, checked against the engine.

The page is driven as a person would: clicking cards and the action buttons it shows. The
kit reads the page's own state (``window.bluffhouse``) only to know when to click and what
version it shows; everything it does goes through clicks.
"""

from __future__ import annotations

import json
import random
import re
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from serverkit import cards_in, jokers, most_jokers_in_a_list

import bluffhouse as bh

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
GLYPHS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
SHOWN_CARD = re.compile(r"(10|[2-9AJQK])\s*([♠♥♦♣])")

READ = """() => {
  const S = window.bluffhouse;
  if (!S || !S.view || !S.msg) return null;
  const kinds = [...document.querySelectorAll('#actions [data-kind]:not([disabled])')]
    .map(b => b.dataset.kind);
  return {version: S.msg.version, gameNo: S.gameNo, over: S.view.over, seat: S.seat,
          myTurn: S.seat !== null && S.view.to_act.includes(S.seat) && !S.view.over,
          pending: S.pending, kinds, connected: S.connected,
          cards: document.querySelectorAll('#hand .card').length,
          selectable: document.querySelectorAll('#hand .card:not([disabled])').length,
          hand: S.view.hand};
}"""

SNAPSHOT = """() => {
  const S = window.bluffhouse;
  const myTurn = Boolean(S && S.view && S.seat !== null && S.view.to_act.includes(S.seat)
                         && !S.view.over);
  return {version: S && S.msg ? S.msg.version : null, gameNo: S ? S.gameNo : null, myTurn,
          offered: document.querySelectorAll('#actions [data-kind]:not([disabled])').length
                   + document.querySelectorAll('#hand .card:not([disabled])').length,
          text: document.documentElement.textContent,
          data: [...document.querySelectorAll('[data-card]')].map(n => n.dataset.card),
          logJokers: [...document.querySelectorAll('#log li')]
            .map(li => (li.textContent.match(/\bJoker\b/g) || []).length)};
}"""


def shown_cards(text: str) -> set[str]:
    """Cards written as people read them ("7♥", "10♠") in a page's text."""
    return {
        ("T" if rank == "10" else rank) + GLYPHS[suit] for rank, suit in SHOWN_CARD.findall(text)
    }


@dataclass
class Person:
    """One browser page at the table, with everything it received and showed."""

    page: Any
    name: str
    frames: list[dict[str, Any]] = field(default_factory=list)
    snapshots: list[tuple[int | None, int | None, set[str]]] = field(default_factory=list)
    #: per snapshot: game, version, jokers among the page's cards, "Joker"s per log line
    joker_snaps: list[tuple[int | None, int | None, int, list[int]]] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    seat: int | None = None

    def watch(self) -> Person:
        """Record every websocket frame and console error of the page (call before goto)."""

        def on_socket(ws: Any) -> None:
            ws.on(
                "framereceived",
                lambda payload: self.frames.append(
                    json.loads(payload if isinstance(payload, str) else payload.decode())
                ),
            )

        self.page.on("websocket", on_socket)
        self.page.on(
            "console", lambda m: self.console_errors.append(m.text) if m.type == "error" else None
        )
        self.page.on("pageerror", lambda exc: self.console_errors.append(str(exc)))
        return self

    def read(self) -> dict[str, Any] | None:
        info: dict[str, Any] | None = self.page.evaluate(READ)
        return info

    def snapshot(self) -> None:
        """What the page holds now: cards in its text and in its elements' data. And a seat
        that may not act is offered nothing: no action button, no card to pick."""
        data = self.page.evaluate(SNAPSHOT)
        cards = shown_cards(data["text"]) | set(data["data"])
        self.snapshots.append((data["gameNo"], data["version"], cards))
        self.joker_snaps.append(
            (data["gameNo"], data["version"], data["data"].count("JK"), data["logJokers"])
        )
        assert data["myTurn"] or not data["offered"], f"{self.name} was offered a move: {data}"

    def wait_state(self, timeout: float = 20) -> dict[str, Any]:
        self.page.wait_for_function(
            "() => window.bluffhouse && window.bluffhouse.view", timeout=timeout * 1000
        )
        info = self.read()
        assert info is not None
        return info


def _click_kind(person: Person, kind: str, rng: random.Random) -> bool:
    buttons = person.page.locator(f'#actions button[data-kind="{kind}"]:not([disabled])')
    n = buttons.count()
    if not n:
        return False
    try:  # the moment may pass (a window closes) while we reach for the button
        buttons.nth(rng.randrange(n) if kind != "bid" else 0).click(timeout=3000)
    except PlaywrightTimeout:
        return False
    return True


def _play_cards(
    person: Person, info: dict[str, Any], rng: random.Random, kinds: tuple[str, ...]
) -> bool:
    """Select one or two cards by clicking them, then click a button that plays them."""
    cards = person.page.locator("#hand .card:not([disabled])")
    count = cards.count()
    if not count:
        return False
    for _ in range(6):
        picks = rng.sample(range(count), min(count, 2 if rng.random() < 0.3 else 1))
        try:
            for i in picks:
                cards.nth(i).click(timeout=3000)
        except PlaywrightTimeout:
            return False
        now = person.read() or {}
        for kind in kinds:
            if kind in now.get("kinds", []) and _click_kind(person, kind, rng):
                return True
        person.page.keyboard.press("Escape")  # clears the selection
    return False


def step(
    person: Person, rng: random.Random, call_rate: float = 0.1, info: dict[str, Any] | None = None
) -> bool:
    """One move by clicking, if this seat has one now; True when an action was sent."""
    info = info or person.read()
    if not info or not info["myTurn"] or info["pending"] or not info["connected"]:
        return False
    kinds = set(info["kinds"])
    selectable = info["selectable"] > 0
    if not kinds and not selectable:
        return False  # the legal actions are on their way
    roll = rng.random()
    if "call" in kinds and roll < call_rate:
        return _click_kind(person, "call", rng)
    if "bid" in kinds:
        return _click_kind(person, "bid", rng)
    if "draw" in kinds and (roll < 0.75 or not selectable):
        return _click_kind(person, "draw", rng)
    if selectable:
        if "pass" in kinds and "draw" not in kinds and _sneak_window(person):
            # a Sneak challenge window: mostly let it go
            if roll < 0.8:
                return _click_kind(person, "pass", rng)
            if _play_cards(person, info, rng, ("challenge",)):
                return True
            return _click_kind(person, "pass", rng)
        if _play_cards(person, info, rng, ("play", "sneak", "flaunt", "challenge")):
            return True
    for kind in ("pass", "call", "draw", "check", "believe"):
        if kind in kinds and _click_kind(person, kind, rng):
            return True
    return False


def _sneak_window(person: Person) -> bool:
    return bool(
        person.page.evaluate(
            "() => (window.bluffhouse.legal || []).some(a => a.type === 'challenge')"
        )
    )


def play_to_end(
    people: list[Person],
    rng: random.Random,
    timeout: float = 90,
    call_rate: float = 0.1,
    every: Any = None,
    limit: int | None = None,
) -> int:
    """Click until every page shows the game over (or ``limit`` actions were clicked); returns
    the number of actions clicked. After each action every page is checked and snapshot, and
    ``every(people)`` runs."""
    deadline = time.monotonic() + timeout
    moves = 0
    while limit is None or moves < limit:
        if time.monotonic() > deadline:
            states = [p.read() for p in people]
            raise AssertionError(f"the game did not end in {timeout} s: {states}")
        acted = False
        for person in people:
            before = person.read()
            if before and before["over"]:
                continue
            if step(person, rng, call_rate, before):
                moves += 1
                acted = True
                person.page.wait_for_function(
                    "v => !window.bluffhouse.pending || window.bluffhouse.msg.version !== v",
                    arg=before["version"] if before else None,
                    timeout=20000,
                )
                for other in people:
                    other.snapshot()
                if every is not None:
                    every(people)
        if not acted and all((p.read() or {}).get("over") for p in people):
            return moves
        if not acted:
            person.page.wait_for_timeout(40)
    return moves


@dataclass
class Allowed:
    """What the engine let one seat see, rebuilt from the record. Every joker is "JK", so a
    set of cards cannot tell a seat's own joker from another's: jokers are counted instead,
    moment by moment (the view without its log) and event by event."""

    cards: list[set[str]]  # by version: every card seen up to then
    view_jokers: list[int]  # by version: jokers in view(seat) without its events
    event_jokers: list[int]  # by event index: jokers in that event of events_for(seat)


def allowed_cards(
    http: str, code: str, game_no: int, seats: list[int | None]
) -> dict[int | None, Allowed]:
    """For each seat, by version: every card the engine let that seat see up to then (its
    hands and its events) and how many jokers at once, rebuilt from the finished game's
    record."""
    record = httpx.get(f"{http}/api/rooms/{code}/record?game={game_no}", timeout=30).json()
    game = bh.load(json.dumps(record["start"]))

    def moment(s: int | None) -> int:
        view = game.view(s)
        view.pop("events", None)
        return jokers(view)

    out = {s: Allowed([cards_in(game.view(s))], [moment(s)], []) for s in seats}
    for seat, action in record["actions"]:
        game.apply(seat, action)
        for s in seats:
            out[s].cards.append(out[s].cards[-1] | cards_in(game.view(s)))
            out[s].view_jokers.append(moment(s))
            assert len(out[s].cards) == game.version + 1, "versions count actions"
    for s in seats:
        out[s].event_jokers = [jokers(e) for e in game.events_for(s)]
    return out


def check_secrets(person: Person, allowed: Allowed, game_no: int) -> int:
    """No frame the page received and nothing it showed held a card its seat had not been
    shown by then, nor more jokers than the engine showed it at that moment (in the view) or
    in that event. Returns how many frames and snapshots were checked."""
    checked = 0
    version = 0
    current = 0
    last = len(allowed.cards) - 1
    for frame in person.frames:
        if frame.get("type") == "state":
            current = frame["game_no"]
            version = frame["version"]
        if current != game_no:
            continue
        at = min(version, last)
        leaked = cards_in(frame) - allowed.cards[at]
        assert not leaked, f"{person.name} received {leaked} at version {version}: {frame}"
        if frame.get("type") == "state":
            assert jokers(frame["view"]) <= allowed.view_jokers[at], (
                f"{person.name} was shown more jokers at version {version}: {frame}"
            )
            for i, event in enumerate(frame["events"], frame["events_from"]):
                assert jokers(event) <= allowed.event_jokers[i], (
                    f"{person.name} got more jokers in event {i} than were shown: {event}"
                )
            held = most_jokers_in_a_list(frame.get("legal"))
        else:
            held = most_jokers_in_a_list(frame)
            if isinstance(frame.get("version"), int):
                at = min(frame["version"], last)
        assert held <= allowed.view_jokers[at], (
            f"{person.name} was offered more jokers than it held at version {version}: {frame}"
        )
        checked += 1
    for (snap_game, snap_version, cards), (_, _, page_jokers, log_jokers) in zip(
        person.snapshots, person.joker_snaps, strict=True
    ):
        if snap_game != game_no or snap_version is None:
            continue
        at = min(snap_version, last)
        leaked = cards - allowed.cards[at]
        assert not leaked, f"{person.name}'s page showed {leaked} at version {snap_version}"
        assert page_jokers <= allowed.view_jokers[at], (
            f"{person.name}'s page showed {page_jokers} jokers at version {snap_version}"
        )
        for i, n in enumerate(log_jokers):
            assert n <= allowed.event_jokers[i], (
                f"{person.name}'s log line {i + 1} names {n} jokers, the event held fewer"
            )
        checked += 1
    return checked


def set_option(page: Any, name: str, value: Any) -> None:
    """Set a house rule as a person does: tick, pick or type it (ranks are ticked)."""
    control = page.locator(f"#opt-{name}")
    tag = control.evaluate("n => n.tagName + ':' + n.type")
    if tag.startswith("DIV"):  # a rank picker
        menus = control.locator("select")
        text = str(value)
        if control.locator(".rank-ticks").count() == 0 or text in ("all", "auto"):  # one rank
            menus.first.select_option(text)
        else:
            menus.first.select_option("pick")
            for rank in "A23456789TJQK":
                tick = control.locator(f'[data-rank="{rank}"]')
                if tick.is_checked() != (rank in text):
                    tick.evaluate("n => n.click()")  # (a tap on a phone's small box)
    elif tag == "INPUT:checkbox":
        control.set_checked(bool(value))
    elif tag.startswith("SELECT"):
        control.select_option(str(value))
    else:
        control.fill(str(value))


def create_room(
    page: Any,
    http: str,
    game: str,
    players: int,
    options: dict[str, Any],
    clocks: bool,
    bot: str = "counter",
) -> str:
    """Ann fills the lobby form by hand and lands in her new room; returns its code."""
    page.goto(f"{http}/?seed=7")  # a fixed first deal: the same game every run
    page.fill("#name", "Ann")  # (typed before the game list has loaded, as a quick person does)
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.fill("#friends", "1")
    page.select_option("#bot", bot)
    if options:
        page.click("#options-box summary")
    for name, value in options.items():
        set_option(page, name, value)
    if not clocks:
        page.check("#notimer")
    page.click("#create-button")
    page.wait_for_url(re.compile(r"/r/[A-Z0-9]{6}$"))
    return str(page.url.rsplit("/", 1)[1])


def sit_two(
    browser: Any,
    server: Any,
    game: str,
    players: int = 4,
    options: dict[str, Any] | None = None,
    clocks: bool = False,
) -> tuple[str, Person, Person, list[Any]]:
    """Ann (a phone) creates the room with bots beside; Bob (a desktop) opens the link, takes
    a seat; Ann starts. Returns the code and both people."""
    ctx_a = browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True
    )
    ctx_b = browser.new_context(viewport=DESKTOP)
    ann = Person(ctx_a.new_page(), "Ann").watch()
    bob = Person(ctx_b.new_page(), "Bob").watch()
    code = create_room(ann.page, server.http, game, players, options or {}, clocks)
    ann.page.wait_for_selector("#invite-link")
    link = ann.page.locator("#invite-link").get_attribute("href")
    assert link and link.endswith(f"/r/{code}")
    assert ann.page.locator("#join").is_hidden() and ann.page.locator("#start").is_visible()
    bob.page.goto(link)
    bob.page.wait_for_selector("#join:not([hidden])")
    assert bob.page.locator("#start").is_hidden()  # only the host starts
    bob.page.fill("#join-name", "Bob")
    bob.page.click("#join button[type=submit]")
    ann.page.wait_for_function("() => document.querySelectorAll('#seats .person').length === 2")
    ann.page.click("#start")
    for person in (ann, bob):
        person.seat = person.wait_state()["seat"]
    assert {ann.seat, bob.seat} == {0, 1}
    return code, ann, bob, [ctx_a, ctx_b]


def open_as_host(
    browser: Any,
    server: Any,
    made: dict[str, Any],
    viewport: dict[str, int] | None = None,
    **context: Any,
) -> tuple[Any, Person]:
    """A room made through the API (``made``: its code, host token and link), opened in a new
    browser as its host would find it (the token in the page's storage), then started.
    ``context``: more options of the browser context (``reduced_motion="reduce"`` ...)."""
    ctx = browser.new_context(viewport=viewport or DESKTOP, **context)
    return ctx, host_page(ctx, server, made)


def host_page(ctx: Any, server: Any, made: dict[str, Any]) -> Person:
    """A new page of the browser context ``ctx`` opened on the room ``made`` as its host
    (the token in the page's storage), the room started."""
    person = Person(ctx.new_page(), "Ann").watch()
    page = person.page
    page.goto(f"{server.http}/")
    page.evaluate(
        "([c, t]) => localStorage.setItem('bluffhouse:' + c, JSON.stringify("
        "{token: t, seat: 0, host: true}))",
        [made["code"], made["token"]],
    )
    server.start_room(made["code"], made["token"])
    page.goto(f"{server.http}{made['link']}")
    return person
