"""Two people in two browsers and two bots play whole games by clicking: a Cheat game, Poker
Bull, Sneak and a real-time variation. After every click, nothing a seat has not been shown
is in its page or in any websocket frame it received; the end of game, the replay and the
rematch work; screenshots of each family at phone and desktop sizes."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from tablekit import (
    DESKTOP,
    PHONE,
    Person,
    allowed_cards,
    check_secrets,
    open_as_host,
    play_to_end,
    set_option,
    sit_two,
)

import bluffhouse as bh
from bluffhouse.bots import bot_label, bot_names

pytestmark = pytest.mark.slow


def finish_and_check(server: Any, code: str, people: list[Person], moves: int) -> None:
    for person in people:
        person.page.wait_for_selector("#done:not([hidden])")
        assert person.page.locator("#ranking li").count() >= 2
        assert not person.console_errors, person.console_errors
    allowed = allowed_cards(server.http, code, 1, [p.seat for p in people])
    for person in people:
        assert check_secrets(person, allowed[person.seat], 1) > moves


def shoot(page: Any, folder: Path, name: str) -> None:
    page.screenshot(path=str(folder / f"{name}.png"), full_page=False)


# A seat holding no card of the rank it must claim, caught in every lie by a bot that counts
# the cards, leads again and again: the no-progress rule ends such a game (stall_limit, set
# low so that the test does not wait for the default 1,000 actions).
GAMES = [
    # (game id, players, options, clocks, screenshot name)
    ("bullshit", 4, {"deck_ranks": "A23", "stall_limit": 200}, False, "table-cheat"),
    ("poker_bull", 4, {"hand_size": 1}, False, "table-poker-bull"),
    ("sneak", 4, {"target": 1}, False, "table-sneak"),
    ("hawaiian_bluff", 4, {"deck_ranks": "A23", "stall_limit": 200}, True, "table-hawaiian"),
]


@pytest.mark.parametrize(
    ("game", "players", "options", "clocks", "shot"), GAMES, ids=[g[0] for g in GAMES]
)
def test_two_people_and_two_bots_play_a_whole_game_by_clicking(
    browser: Any,
    shared_server: Any,
    shots_dir: Path,
    game: str,
    players: int,
    options: dict[str, Any],
    clocks: bool,
    shot: str,
) -> None:
    code, ann, bob, contexts = sit_two(browser, shared_server, game, players, options, clocks)
    info = httpx.get(f"{shared_server.http}/api/rooms/{code}").json()
    assert info["options"] == options and [s["kind"] for s in info["seats"]] == [
        "person",
        "person",
        "bot",
        "bot",
    ]
    assert info["timers"] == (
        {"turn": 30.0, "window": 5.0} if clocks else {"turn": None, "window": None}
    )
    rng = random.Random(f"{game}-clicks")
    steps: list[bool] = []  # per clicked move: was a countdown showing on Bob's page?
    shot_taken: list[bool] = []

    def after_each_move(people: list[Person]) -> None:
        steps.append(
            bool(
                bob.page.evaluate(
                    "() => [...document.querySelectorAll('[data-clock]')]"
                    ".some(n => /^[0-9.]+ s$/.test(n.textContent))"
                )
            )
        )
        if shot_taken or len(steps) < 3:
            return
        infos = [p.read() or {} for p in people]
        if all(i.get("cards") and not i.get("over") for i in infos):  # mid-game, cards in hand
            shot_taken.append(True)
            shoot(ann.page, shots_dir, f"{shot}-phone")
            shoot(bob.page, shots_dir, f"{shot}-desktop")

    began = time.monotonic()
    # a game may run to the no-progress limit: give a loaded CI machine the time for it
    moves = play_to_end([ann, bob], rng, timeout=300, every=after_each_move)
    print(f"{game}: {moves} clicked moves in {time.monotonic() - began:.1f} s")
    assert moves >= 2
    assert any(steps) == clocks  # a countdown runs exactly where there are clocks
    finish_and_check(shared_server, code, [ann, bob], moves)
    log = httpx.get(f"{shared_server.http}/api/rooms/{code}/log").json()
    result = log["result"]
    ranking = ann.page.locator("#ranking li strong").all_inner_texts()
    assert len(ranking) == len(result["ranking"])
    if game == "bullshit":
        shoot(ann.page, shots_dir, "over-phone")
        # the whole log, step by step, and a rematch with the same seats
        ann.page.click("#replay-open")
        ann.page.wait_for_selector("#replay-log li")
        # the table moves with the replay: every hand face up as it stood at that move
        ann.page.wait_for_selector("#replay-table .reveal-hand")
        assert ann.page.locator("#replay-table .reveal-hand").count() == 4
        dealt = ann.page.inner_text("#replay-table")
        assert "the deal" in ann.page.inner_text("#replay-pos")
        ann.page.click("#replay-next")
        ann.page.wait_for_function(
            "() => document.querySelector('#replay-pos').textContent.startsWith('move 1 ')"
        )
        assert ann.page.inner_text("#replay-table") != dealt
        ann.page.click("#replay-last")
        ann.page.wait_for_function(
            "(n) => document.querySelectorAll('#replay-log li').length === n",
            arg=len(log["events"]),
        )
        assert "game over" in ann.page.inner_text("#replay-log").lower()
        ann.page.click("#rematch")
        for person in (ann, bob):
            person.page.wait_for_function(
                "() => window.bluffhouse.gameNo === 2 && !window.bluffhouse.view.over"
            )
            assert person.page.locator("#done").is_hidden()
    for ctx in contexts:
        ctx.close()


def test_the_lobby_offers_every_option_and_explains_the_game(
    browser: Any, shared_server: Any, shots_dir: Path
) -> None:
    catalogue = {g["id"]: g for g in httpx.get(f"{shared_server.http}/api/games").json()}
    errors: list[str] = []
    for size, label in ((PHONE, "phone"), (DESKTOP, "desktop")):
        ctx = browser.new_context(viewport=size)
        page = ctx.new_page()
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.goto(f"{shared_server.http}/")
        page.wait_for_selector("#options .option", state="attached")
        assert page.locator("#game option").count() == len(catalogue)
        assert page.locator("#game optgroup").count() == 3  # grouped by family
        # bots as levels and characters, in words: no bot's internal name on show
        bots = page.locator("#bot option").all_inner_texts()
        assert bots[:3] == [bot_label(n) for n in ("random", "counter", "ismcts")]
        assert not [t for t in bots if t in bot_names() or "_" in t], bots
        shoot(page, shots_dir, f"lobby-{label}")
        for gid in ("bullshit", "poker_bull", "sneak"):
            page.select_option("#game", gid)
            names = page.locator("#options [data-option]").evaluate_all(
                "nodes => nodes.map(n => n.dataset.option)"
            )
            options = catalogue[gid]["options"]
            assert sorted(names) == sorted(o["name"] for o in options)
            # grouped and labelled in words: no option's key shows until it is asked for
            if not page.locator("#options-box[open]").count():
                page.click("#options-box summary")
            legends = page.locator("#options legend").all_inner_texts()
            assert legends == [
                t for _, t in catalogue[gid]["groups"] if any(o["group"] == _ for o in options)
            ]
            shown = page.inner_text("#options")
            keys = [o["name"] for o in options if "_" in o["name"]]
            assert not [k for k in keys if k in shown], shown
            page.check("#show-keys")
            assert all(k in page.inner_text("#options") for k in keys)
            page.uncheck("#show-keys")
            assert catalogue[gid]["summary"] in page.inner_text("#summary")
            assert "How to play" not in page.inner_text("#how")
            assert bh.lookup(gid).title in page.inner_text("#rules-title")
        assert not errors, errors
        ctx.close()


def test_a_bad_option_and_a_wrong_code_are_explained(browser: Any, shared_server: Any) -> None:
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(f"{shared_server.http}/#bullshit")
    page.fill("#name", "Ann")
    page.click("#options-box summary")
    set_option(page, "claim_suit", True)  # each control allows it; with 4-card plays, no
    page.click("#create-button")
    page.wait_for_selector("#error:not(:empty)")
    assert "claim_suit" in page.inner_text("#error")
    assert "/r/" not in page.url
    page.fill("#code", "zzzzzz")  # joining by a code that names no room
    page.click("#join button")
    page.wait_for_selector("#error:not(:empty)")
    assert "There is no room ZZZZZZ" in page.inner_text("#error")
    ctx.close()


def test_a_name_typed_while_the_lobby_loads_is_kept(browser: Any, shared_server: Any) -> None:
    """The lobby fills the name remembered from a last visit once its game list has come: a
    name typed before that (a quick person, a slow server) stays as typed."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(f"{shared_server.http}/")
    page.wait_for_selector("#game option", state="attached")
    page.evaluate("localStorage.setItem('bluffhouse:name', 'Zed')")  # a name from before
    held: list[Any] = []
    page.route("**/api/games", lambda route: held.append(route))  # held until the name is in
    page.reload()
    page.fill("#name", "Ann")
    while not held:
        page.wait_for_timeout(20)
    held[0].continue_()
    page.wait_for_selector("#game option", state="attached")
    assert page.input_value("#name") == "Ann"
    page.unroute("**/api/games")
    page.reload()  # and with nothing typed, the name from before
    page.wait_for_selector("#game option", state="attached")
    assert page.input_value("#name") == "Zed"
    ctx.close()


ODD_ONES = ["spanish_bluff", "specificity", "check"]


def test_variations_with_their_own_actions_are_playable_by_clicking(
    browser: Any, shared_server: Any
) -> None:
    """A count bid (Spanish Bluff), claimed suits (Specificity), a check (Check), a growing
    hand (Poker Bull rising): a person at a table of bots finds a button for every moment."""
    ctx = browser.new_context(viewport=DESKTOP)
    page = ctx.new_page()
    page.goto(f"{shared_server.http}/")
    for game in ODD_ONES:
        made = shared_server.create(game=game, players=3, bots=[1, 2], timers=False, seed=5)
        page.evaluate(
            "([c, t]) => localStorage.setItem('bluffhouse:' + c, JSON.stringify("
            "{token: t, seat: 0, host: true}))",
            [made["code"], made["token"]],
        )
        shared_server.start_room(made["code"], made["token"])
        person = Person(page, game).watch()
        page.goto(f"{shared_server.http}{made['link']}")
        person.wait_state()
        moves = play_to_end([person], random.Random(game), timeout=30, limit=5)
        over = (person.read() or {}).get("over")
        assert moves == 5 or over, (game, moves)
        refused = [f for f in person.frames if f.get("type") in ("refused", "error")]
        assert not refused and not person.console_errors, (refused, person.console_errors)
    ctx.close()


def test_table_cheats_are_offered_in_words_and_played_by_clicking(
    browser: Any, shared_server: Any
) -> None:
    """British Cheat's table cheats: a selected card can be hidden or slipped to a named seat,
    a neighbour peeked at, anyone accused; the buttons say so in words, and a click plays it."""
    made = shared_server.create(
        game="british_cheat", players=3, bots=[1, 2], timers=False, seed=5, bot_delay=4
    )
    ctx, person = open_as_host(browser, shared_server, made)
    page = person.page
    page.wait_for_selector("#hand .card:not([disabled])")
    assert "hide or slip" in page.inner_text("#prompt")
    held = page.locator("#hand .card").count()
    page.locator("#hand .card").first.click()
    cheats = page.locator('#actions button[data-kind="cheat"]')
    cheats.first.wait_for()
    labels = page.locator("#actions").inner_text()
    # the two counter bots sit as Cass and Cole (their names for people)
    assert "Slip" in labels and "to Cass (cheat)" in labels and "to Cole" in labels
    assert "Peek at a card of Cass (cheat)" in labels
    assert "Accuse Cass of cheating" in labels and "Cheat (" not in labels
    page.locator('#actions button[data-kind="cheat"]', has_text="Hide").click()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')]"
        ".some(li => li.textContent.startsWith('You hide'))"
    )
    assert page.locator("#hand .card").count() == held - 1
    assert not [f for f in person.frames if f.get("type") in ("refused", "error")]
    assert not person.console_errors, person.console_errors
    ctx.close()
