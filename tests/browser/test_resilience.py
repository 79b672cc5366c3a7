"""The table as people break it: a tab closed and opened again, the server killed and
restarted mid-game, a message forged from the page's console, a spectator watching; keyboard
shortcuts. Nothing hidden reaches any page through all of it."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from tablekit import DESKTOP, Person, allowed_cards, check_secrets, play_to_end, sit_two

pytestmark = pytest.mark.slow


def wait_connected(person: Person, connected: bool = True) -> None:
    person.page.wait_for_function(
        f"() => window.bluffhouse.connected === {str(connected).lower()}", timeout=30000
    )


def until_turn(
    person: Person, people: list[Person], rng: random.Random, kind: str
) -> dict[str, Any]:
    """Play on (everybody clicking) until ``person`` is offered ``kind`` (``cards``: a turn to
    lay cards, when nobody else may act and the table waits)."""
    for _ in range(300):
        info = person.read()
        if (
            info
            and info["myTurn"]
            and (kind in info["kinds"] or (kind == "cards" and info["selectable"]))
        ):
            return info
        if not play_to_end(people, rng, timeout=20, limit=1):
            break
    raise AssertionError(f"{person.name} was never offered {kind}")


def test_tab_closed_server_killed_forged_message_and_a_spectator(
    browser: Any, make_server: Any
) -> None:
    server = make_server()
    code, ann, bob, contexts = sit_two(
        browser, server, "bullshit", options={"deck_ranks": "A2345", "stall_limit": 200}
    )
    rng = random.Random(13)
    watcher_ctx = browser.new_context(viewport=DESKTOP)
    contexts.append(watcher_ctx)
    watcher = Person(watcher_ctx.new_page(), "spectator").watch()
    watcher.page.goto(f"{server.http}/r/{code}")
    assert watcher.wait_state()["seat"] is None
    assert watcher.page.locator("#hand .card").count() == 0
    assert "watching" in watcher.page.inner_text("#me-line")
    people = [ann, bob, watcher]

    # a forged action from the console: the engine's refusal comes back and is shown
    info = until_turn(ann, people, rng, "cards")
    forged = (
        "() => window.bluffhouse.send({type: 'action', version: "
        "window.bluffhouse.msg.version, action: {type: 'play', cards: ['KS'], "
        "claim: {rank: 'K', count: 1}}})"
    )
    ann.page.evaluate(forged)
    ann.page.wait_for_selector("#error:not(:empty)")
    refused = next(f for f in reversed(ann.frames) if f["type"] == "refused")
    assert refused["code"] == "illegal" and refused["version"] == info["version"]
    assert refused["message"] in ann.page.inner_text("#error")
    assert (ann.read() or {}).get("version") == info["version"]  # nothing changed

    # a chat line reaches the other player and the spectator, who cannot talk
    ann.page.fill("#chat-text", "nice bluff")
    ann.page.click("#chat-form button")
    for person in (bob, watcher):
        person.page.wait_for_selector("#chat li:has-text('Ann: nice bluff')")
    assert watcher.page.locator("#chat-form").is_hidden()

    # keyboard: the first card, then Enter plays it
    ann.page.keyboard.press("1")
    assert ann.page.locator("#hand .card.selected").count() == 1
    ann.page.keyboard.press("Enter")
    ann.page.wait_for_function("v => window.bluffhouse.msg.version > v", arg=info["version"])

    # Bob closes his tab while the table waits for him and opens the link again: same seat,
    # same hand, same moment
    before = until_turn(bob, people, rng, "cards")
    bob.page.close()
    page = contexts[1].new_page()
    bob_again = Person(page, "Bob").watch()
    bob_again.seat = bob.seat
    page.goto(f"{server.http}/r/{code}")
    bob_again.page.wait_for_function("() => window.bluffhouse.view && window.bluffhouse.legal")
    again = bob_again.read()
    assert again is not None
    assert (again["seat"], again["version"], again["hand"]) == (
        before["seat"],
        before["version"],
        before["hand"],
    )
    assert again["selectable"] == len(again["hand"])
    bob_again.page.wait_for_selector("#log li")
    log = bob_again.page.inner_text("#log")
    assert "Ann" in log and not re.search(r"\bseat \d", log)  # the log names people
    people = [ann, bob_again, watcher]

    # the server dies while the table waits for Ann and comes back on the same port: every
    # page reconnects by itself, and the game goes on from the same moment
    waiting = until_turn(ann, people, rng, "cards")
    hands = {p.name: (p.read() or {}).get("hand") for p in people}
    server.kill()
    for person in people:
        wait_connected(person, False)
    assert "reconnecting" in ann.page.inner_text("#conn")
    server.start(port=server.port)
    for person in people:
        wait_connected(person)
    ann.page.wait_for_function("() => window.bluffhouse.legal")
    assert (ann.read() or {}).get("version") == waiting["version"]
    assert {p.name: (p.read() or {}).get("hand") for p in people} == hands

    moves = play_to_end(people, rng, timeout=120)
    for person in people:
        person.page.wait_for_selector("#done:not([hidden])")
    allowed = allowed_cards(server.http, code, 1, [ann.seat, bob.seat, None])
    assert check_secrets(ann, allowed[ann.seat], 1) > moves
    assert check_secrets(bob, allowed[bob.seat], 1) > 0
    assert check_secrets(bob_again, allowed[bob.seat], 1) > 0
    assert check_secrets(watcher, allowed[None], 1) > moves
    for person in (ann, bob_again, watcher):
        assert not [e for e in person.console_errors if "WebSocket" not in e], person.console_errors
    for ctx in contexts:
        ctx.close()
