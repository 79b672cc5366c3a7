"""A table that is fair to a slow player and has no trap words, in Debian's Chromium: a stand-in
bot is announced to everyone and to the player, who can come back; every pass says what it
does (letting a play go, or picking up the pile, which has a key of its own); a call window
of bots closes in one bot's think time, not one per bot."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tablekit import DESKTOP, PHONE, Person, host_page, open_as_host

import bluffhouse as bh


def _spectator(browser: Any, server: Any, link: str) -> tuple[Any, Person]:
    ctx = browser.new_context(viewport=DESKTOP)
    person = Person(ctx.new_page(), "Sam").watch()
    person.page.goto(f"{server.http}{link}")
    person.wait_state()
    return ctx, person


def _short_clocks(server: Any, seed: int) -> dict[str, Any]:
    """Ann (the host) and two counter bots at Bullsh*t, a one-second clock each, and a bot
    standing in after one missed turn."""
    made: dict[str, Any] = server.create(
        game="bullshit", players=3, bots=[1, 2], seed=seed, turn_seconds=1, window_seconds=1,
        missed_turns=1, bot_delay=0.3,
    )  # fmt: skip
    return made


def test_a_stand_in_is_announced_and_the_player_comes_back(
    browser: Any, shared_server: Any
) -> None:
    made = _short_clocks(shared_server, seed=5)
    ctx, ann = open_as_host(browser, shared_server, made)
    ctx_s, sam = _spectator(browser, shared_server, made["link"])
    page = ann.page
    ann.wait_state()
    # Ann does nothing: her turn clock runs out once, and a bot (counter) plays for her
    page.wait_for_selector("#stand-in:not([hidden])", timeout=30_000)
    assert "A bot is playing for you" in page.inner_text("#stand-in")
    page.wait_for_function(
        "() => document.querySelector('#prompt').textContent.includes('A bot is playing for you')"
        " || !window.bluffhouse.view.to_act.includes(0)"
    )
    assert "a bot plays for you" in page.inner_text("#log")
    # everyone else sees it on her seat, and in their log
    sam.page.wait_for_selector('.seat[data-seat="0"] .tag.standin')
    assert sam.page.inner_text('.seat[data-seat="0"] .tag.standin') == "a bot plays"
    # (the tag comes with the seats' state, the log line with the event: either may be first)
    sam.page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('a bot plays for them')",
        timeout=10_000,
    )
    # she is back: the banner goes, and so does the tag.  (Her clock is a second long: on a
    # slow machine her next turn may run out before the test looks, and a bot stands in
    # again, so what is checked is that each went, not that it stays gone.)
    page.evaluate(_WATCH, ["#stand-in", "__bannerGone"])
    sam.page.evaluate(_WATCH, ['.seat[data-seat="0"] .tag.standin', "__tagGone"])
    # (under load a click that lands while the table redraws can go unheard: she clicks
    # again while the banner still asks her to)
    for _ in range(3):
        if page.evaluate("() => window.__bannerGone === true"):
            break
        if page.is_visible("#back"):
            page.click("#back")
        try:
            page.wait_for_function("() => window.__bannerGone === true", timeout=10_000)
        except PlaywrightTimeout:
            continue
    page.wait_for_function("() => window.__bannerGone === true")
    sam.page.wait_for_function("() => window.__tagGone === true")
    sam.page.wait_for_function("() => document.querySelector('#log').innerText.includes('is back')")
    assert not ann.console_errors and not sam.console_errors
    ctx.close()
    ctx_s.close()


def test_a_spectator_who_comes_after_the_stand_in_reads_it_in_the_log(
    browser: Any, shared_server: Any
) -> None:
    """The note is the table's own line, not a game event: one who opens the table while a bot
    stands in reads it too, and it stays when the log is drawn again (a seat changes name)."""
    made = _short_clocks(shared_server, seed=6)
    ctx, ann = open_as_host(browser, shared_server, made)
    ann.page.wait_for_selector("#stand-in:not([hidden])", timeout=30_000)
    ctx_s, sam = _spectator(browser, shared_server, made["link"])
    sam.page.wait_for_selector('.seat[data-seat="0"] .tag.standin')
    sam.page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('a bot plays for them')",
        timeout=10_000,
    )
    assert not sam.console_errors
    ctx.close()
    ctx_s.close()


#: Sets ``window[flag]`` once the element ``selector`` names is gone or hidden (it is there
#: and shown when this starts), however briefly.
_WATCH = """([selector, flag]) => {
    window[flag] = false;
    const gone = () => {
        const el = document.querySelector(selector);
        return !el || el.hidden || el.offsetParent === null;
    };
    new MutationObserver(() => { if (gone()) window[flag] = true; })
        .observe(document.body, { subtree: true, childList: true, attributes: true });
}"""


def _wait_turn(person: Person) -> dict[str, Any]:
    person.page.wait_for_function(
        "() => { const s = window.bluffhouse; return s.view && s.view.to_act.length === 1 && "
        "s.view.to_act[0] === s.seat && s.legal && s.legalVersion === s.msg.version; }",
        timeout=30_000,
    )
    info = person.read()
    assert info is not None
    return info


def test_every_pass_says_what_it_does_and_p_never_picks_up_the_pile(
    browser: Any, shared_server: Any
) -> None:
    """Bullsh*t: in a call window the pass is "Let it go" (key P); on Ann's turn with cards in
    the pile it is "Pass and pick up the pile (N cards)", a button of its own kind, which P does
    not press (U does)."""
    made = shared_server.create(
        game="bullshit", players=3, bots=[1, 2], timers=False, seed=11, bot_delay=0
    )
    ctx, ann = open_as_host(browser, shared_server, made)
    page = ann.page
    seen_window = seen_pickup = False
    for _ in range(60):
        page.wait_for_function(
            "() => { const s = window.bluffhouse; return s.view && (s.view.over || "
            "(s.view.to_act.includes(s.seat) && s.legal && s.legalVersion === s.msg.version)); }",
            timeout=30_000,
        )
        state = page.evaluate(
            "() => ({phase: window.bluffhouse.view.phase, pile: window.bluffhouse.view.pile_size,"
            " over: window.bluffhouse.view.over})"
        )
        if state["over"]:
            break
        before = ann.read()["version"]  # type: ignore[index]
        labels = page.eval_on_selector_all(
            "#actions button", "bs => bs.map((b) => [b.dataset.kind, b.textContent])"
        )
        kinds = {k for k, _ in labels}
        if state["phase"] == "window":
            assert ["pass", "Let it go"] in labels, labels
            seen_window = True
            page.keyboard.press("p")  # lets the play go
        elif state["pile"]:
            word = "card" if state["pile"] == 1 else "cards"
            assert ["pickup", f"Pass and pick up the pile ({state['pile']} {word})"] in labels
            assert "pass" not in kinds
            page.keyboard.press("p")  # P is not the pick-up
            time.sleep(0.3)
            assert ann.read()["version"] == before  # type: ignore[index]
            seen_pickup = True
            page.click("#hand .card:not([disabled])")
            page.click('#actions button[data-kind="play"]')
        else:
            page.click("#hand .card:not([disabled])")
            page.click('#actions button[data-kind="play"]')
        page.wait_for_function("(v) => window.bluffhouse.msg.version > v", arg=before)
        if seen_window and seen_pickup:
            break
    assert seen_window and seen_pickup
    for words in ("Pass (let it go)", "Pass (take the pile)"):
        assert words not in page.inner_text("body")
    assert not ann.console_errors
    ctx.close()


@pytest.mark.parametrize("delay", [1.5])
def test_a_window_of_three_bots_closes_in_one_think_time(
    browser: Any, shared_server: Any, delay: float
) -> None:
    """Ann plays; three bots answer her play in the call window. Their think times overlap:
    the window closes well before three think times (one after another it took at least
    4.5 s here)."""
    made = shared_server.create(
        game="bullshit", players=4, bots=[1, 2, 3], timers=False, seed=3, bot_delay=delay
    )
    ctx, ann = open_as_host(browser, shared_server, made)
    page = ann.page
    _wait_turn(ann)
    page.click("#hand .card:not([disabled])")
    started = time.monotonic()
    page.click('#actions button[data-kind="play"]')
    # the window is open for the three bots, then closes (seat 1 to play, or a call settled)
    page.wait_for_function(
        "() => { const v = window.bluffhouse.view; return v.phase !== 'window' && "
        "window.bluffhouse.events.some((e) => e.type === 'play' && e.seat === 0); }",
        timeout=30_000,
    )
    took = time.monotonic() - started
    assert took < 2.5 * delay, f"the window of three bots took {took:.1f} s"
    ctx.close()


def test_a_wrong_code_says_so_and_stops(browser: Any, shared_server: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    person = Person(ctx.new_page(), "Ann").watch()
    sockets: list[Any] = []
    person.page.on("websocket", lambda ws: sockets.append(ws))
    person.page.goto(f"{shared_server.http}/r/ZZZZZZ")
    person.page.wait_for_function(
        "() => document.querySelector('#conn').textContent === 'no such room'"
    )
    assert "There is no room ZZZZZZ" in person.page.inner_text("#error")
    time.sleep(2.5)  # the page reconnects after 0.5 s, 1 s, 2 s ... when it is only a blip
    assert len(sockets) == 1
    ctx.close()


def test_chat_names_survive_a_reload_and_the_replay_icons_are_drawn(
    browser: Any, shared_server: Any
) -> None:
    """Bob's chat line still says Bob after Ann reloads (the names come with the lines); the
    replay's first / last buttons are inline SVG, drawn whatever fonts the system has."""
    made = shared_server.create(
        game="bullshit", players=3, bots=[2], timers=False, seed=5, bot_delay=0
    )
    ctx_b = browser.new_context(viewport=DESKTOP)
    bob = Person(ctx_b.new_page(), "Bob").watch()
    bob.page.goto(f"{shared_server.http}{made['link']}")
    bob.page.wait_for_selector("#join:not([hidden])")
    bob.page.fill("#join-name", "Bob")
    bob.page.click("#join button[type=submit]")
    bob.page.wait_for_selector("#chat-form:not([hidden])")
    ctx, ann = open_as_host(browser, shared_server, made)
    ann.wait_state()
    bob.page.fill("#chat-text", "hello from Bob")
    bob.page.press("#chat-text", "Enter")
    ann.page.wait_for_selector("#chat li")
    ann.page.reload()
    ann.page.wait_for_function(
        "() => [...document.querySelectorAll('#chat li')].some((li) => "
        "li.textContent.includes('hello from Bob'))"
    )
    line = ann.page.locator("#chat li", has_text="hello from Bob").inner_text()
    assert line.startswith("Bob:"), line
    ann.page.evaluate(
        "() => { for (const id of ['#done', '#replay']) "
        "document.querySelector(id).hidden = false; }"
    )
    for button in ("#replay-first", "#replay-last"):
        box = ann.page.locator(f"{button} svg").bounding_box()
        assert box is not None and box["width"] > 4 and box["height"] > 4
    assert not ann.console_errors
    ctx.close()
    ctx_b.close()


def test_a_call_turns_the_cards_face_up_on_the_table(browser: Any, shared_server: Any) -> None:
    """Cheat: Ann's play is called (the bots call everything): the cards laid turn face up on
    the board with the verdict and who takes the pile, until the next play."""
    made = shared_server.create(
        game="bullshit",
        players=3,
        bots={"1": "always_call", "2": "always_call"},
        timers=False,
        seed=4,
        # (the next bot plays this long after the call: the reveal stands till then, and a
        # loaded machine's browser must read it before the game moves on)
        bot_delay=1.5,
    )
    ctx, ann = open_as_host(browser, shared_server, made)
    page = ann.page
    _wait_turn(ann)
    page.click("#hand .card:not([disabled])")
    laid = page.locator("#hand .card.selected").get_attribute("data-card")
    page.click('#actions button[data-kind="play"]')
    page.wait_for_selector("#reveal .card")
    shown = page.evaluate(
        "() => ({faces: [...document.querySelectorAll('#reveal .card')]"
        ".map((n) => n.dataset.card), verdict: document.querySelector('#reveal .reveal-verdict')"
        ".innerText})"
    )
    assert shown["faces"] == [laid]
    verdict = shown["verdict"]
    assert ("bluff" in verdict or "true" in verdict) and "takes the pile" in verdict
    assert not ann.console_errors
    ctx.close()


def test_a_poker_bull_showdown_shows_every_hand_before_the_next_hand(
    browser: Any, shared_server: Any, shots_dir: Path
) -> None:
    """Played on a phone-sized page: every hand face up, the best hand's cards raised, and
    "Next hand" ends the pause before the bots open the next hand."""
    made = shared_server.create(
        game="poker_bull",
        players=3,
        bots={"1": "always_call", "2": "always_call"},
        timers=False,
        seed=4,
        bot_delay=0.5,
        options={"hand_size": 2},
    )
    ctx, ann = open_as_host(browser, shared_server, made, viewport=PHONE)
    page = ann.page
    page.wait_for_selector("#bid-builder", timeout=30_000)
    page.click('#actions button[data-kind="bid"]')
    page.wait_for_selector("#reveal .reveal-hand")
    page.locator("#reveal").scroll_into_view_if_needed()
    page.wait_for_function("() => document.getAnimations().every((a) => a.playState !== 'running')")
    page.screenshot(path=str(shots_dir / "showdown-phone.png"))
    hands = page.locator("#reveal .reveal-hand")
    assert hands.count() == 3
    assert page.locator("#reveal .reveal-hand .card").count() == 6  # two cards each
    assert "the best hand is" in page.inner_text("#reveal")
    # the cards of the best hand are raised, each once
    best = page.evaluate(
        "() => window.bluffhouse.events.filter((e) => e.type === 'call').pop().best_cards"
    )
    assert best
    raised = page.locator("#reveal .card.best").evaluate_all("ns => ns.map((n) => n.dataset.card)")
    assert sorted(raised) == sorted(best)
    # "Next hand": the showdown leaves Ann's table, and a bot opening the next hand does not
    # wait out the pause (five think times) once everyone at the table has clicked it
    bids_before = page.evaluate(
        "() => window.bluffhouse.events.filter((e) => e.type === 'bid').length"
    )
    clicked = time.monotonic()
    page.click("#reveal-next")
    page.wait_for_selector("#reveal", state="detached")
    page.wait_for_function(
        f"() => window.bluffhouse.events.filter((e) => e.type === 'bid').length > {bids_before}",
        timeout=10_000,
    )
    assert time.monotonic() - clicked < 1.5  # think time 0.5 s; the pause alone is 2.5 s more
    assert not ann.console_errors
    ctx.close()


def test_play_now_seats_a_person_at_a_public_table_or_a_new_one(
    browser: Any, shared_server: Any
) -> None:
    """Ann's public Sneak table waits with a free seat: the lobby lists it, and Bob's "Play
    now" seats him there. Carol's "Play now" for a game no public table waits for starts a new
    one with bots, and she is at it."""
    made = shared_server.create(game="sneak", players=3, bots=[2], public=True, timers=False)
    ctx = browser.new_context(viewport=DESKTOP)
    bob = Person(ctx.new_page(), "Bob").watch()
    page = bob.page
    page.goto(f"{shared_server.http}/#sneak")
    page.wait_for_selector(f'#public-rooms [data-code="{made["code"]}"]')
    page.fill("#name", "Bob")
    page.click("#play-now")
    page.wait_for_url(f"**/r/{made['code']}")
    info = shared_server.get(f"/api/rooms/{made['code']}").json()
    assert [s["name"] for s in info["seats"]][:2] == ["Ann", "Bob"]
    ctx.close()

    ctx = browser.new_context(viewport=DESKTOP)
    carol = Person(ctx.new_page(), "Carol").watch()
    page = carol.page
    page.goto(f"{shared_server.http}/#popcorn_reverse")
    page.wait_for_selector("#public-rooms li")
    page.fill("#name", "Carol")
    page.click("#play-now")
    page.wait_for_url("**/r/*")
    state = carol.wait_state()
    assert state["seat"] == 0
    assert page.evaluate("() => window.bluffhouse.view.game") == "popcorn_reverse"
    assert not bob.console_errors and not carol.console_errors
    ctx.close()


def test_sound_and_motion_have_toggles_and_respect_reduced_motion(
    browser: Any, shared_server: Any
) -> None:
    """Motion starts off where the system asks for reduced motion, on elsewhere; each toggle
    is remembered; your turn, a deal and a call are cues (played only with sound on)."""
    made = shared_server.create(
        game="bullshit",
        players=3,
        bots={"1": "always_call", "2": "always_call"},
        timers=False,
        seed=4,
        bot_delay=0.2,
    )
    ctx, person = open_as_host(browser, shared_server, made, reduced_motion="reduce")
    page = person.page
    _wait_turn(person)
    assert not page.is_checked("#motion-toggle")
    assert page.evaluate("() => document.body.classList.contains('motion')") is False
    assert page.is_checked("#sound-toggle")
    assert "turn" in page.evaluate("() => window.bluffhouse.cues")
    page.check("#motion-toggle")
    assert page.evaluate("() => document.body.classList.contains('motion')")
    page.click("#hand .card:not([disabled])")
    page.click('#actions button[data-kind="play"]')
    page.wait_for_selector("#reveal .card")
    assert page.evaluate("() => window.bluffhouse.cues.includes('call')")
    # One evaluation reads the card and its style: the reveal may be drawn again between a
    # query and a second round trip (a later state), and a detached card has no style.
    page.wait_for_function(
        "() => { const n = document.querySelector('#reveal .card');"
        " return n !== null && getComputedStyle(n).animationName === 'flip-up'; }",
        timeout=5000,
    )
    page.uncheck("#sound-toggle")
    page.reload()
    person.wait_state()
    assert page.is_checked("#motion-toggle") and not page.is_checked("#sound-toggle")
    assert not person.console_errors
    ctx.close()


def test_a_timed_out_turn_plays_and_never_takes_the_pile(browser: Any, shared_server: Any) -> None:
    """Bullsh*t with a one-second turn clock: Ann does nothing; each time her clock runs out
    the server plays for her (one card, true where it can be), never the pass that picks up
    the pile (every Cheat preset is checked at engine level in tests/server)."""
    made = shared_server.create(
        game="bullshit",
        players=3,
        bots=[1, 2],
        seed=6,
        turn_seconds=1,
        window_seconds=0.5,
        missed_turns=9,
        bot_delay=0.1,
    )
    ctx, ann = open_as_host(browser, shared_server, made)
    page = ann.page
    page.wait_for_function(
        "() => window.bluffhouse.events.filter((e) => e.type === 'play' && e.seat === 0)"
        ".length >= 3",
        timeout=60_000,
    )
    mine = page.evaluate(
        "() => window.bluffhouse.events.filter((e) => e.seat === 0).map((e) => e.type)"
    )
    assert "play" in mine and "pass" not in mine
    assert "You pass and pick up the pile" not in page.inner_text("#log")
    ctx.close()


CHEAT_PRESETS = [p.id for p in bh.presets() if p.family.FAMILY == "cheat"]


@pytest.mark.slow
def test_a_timed_out_seat_never_takes_the_pile_in_any_cheat_preset(
    browser: Any, shared_server: Any
) -> None:
    """Every preset of the Cheat family, eight tables at a time: Ann never touches her page
    and her one-second turn clock runs out again and again; the server moves for her (three
    moves a table, plays in nearly every preset), and no pass of hers ever picks up the pile.
    The engine-level check of every step of every preset is in tests/server."""
    ctx = browser.new_context(viewport=DESKTOP)
    played: list[str] = []
    for at in range(0, len(CHEAT_PRESETS), 8):
        tables: list[tuple[str, Person]] = []
        for game in CHEAT_PRESETS[at : at + 8]:
            made = shared_server.create(
                game=game,
                players=3,
                bots=[1, 2],
                seed=6,
                turn_seconds=1,
                window_seconds=0.5,
                missed_turns=99,
                bot_delay=0.05,
            )
            person = host_page(ctx, shared_server, made)
            tables.append((game, person))
        for game, person in tables:
            person.page.wait_for_function(
                "() => { const S = window.bluffhouse; return S.view && (S.view.over || "
                "S.events.filter((e) => e.seat === 0 && e.type !== 'deal').length >= 3); }",
                timeout=60_000,
            )
            mine = person.page.evaluate(
                "() => window.bluffhouse.events.filter((e) => e.seat === 0)"
            )
            if any(e["type"] == "play" for e in mine):
                played.append(game)
            assert not any(e["type"] == "pass" and e.get("pickup") for e in mine), (game, mine)
            assert not person.console_errors, (game, person.console_errors)
            person.page.close()
    ctx.close()
    # (where others may play out of turn, as in Jump In, a bot may always be first)
    assert len(played) >= len(CHEAT_PRESETS) - 3, sorted(set(CHEAT_PRESETS) - set(played))
