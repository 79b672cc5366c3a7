"""Poker Bull's bid builder at a hand's opening, where the engine lists a documented subset
(about 1,500 of some 19,700 legal bids: flushes naming three or more ranks are left out) and
the server marks the list capped: a person builds such a flush from its parts by clicking (and
the keyboard), the page asks the server (a ``check`` message) before it offers the bid, an
illegal one is explained in the engine's words, and the bid is placed, logged, and the game
goes on to its end. Elsewhere listed bids are offered at once (no check). Nothing hidden
reaches either page at any step. Screenshots of the builder at phone and desktop sizes."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from tablekit import DESKTOP, PHONE, allowed_cards, check_secrets, play_to_end, sit_two

import bluffhouse as bh

pytestmark = pytest.mark.slow

GAME, PLAYERS, SEED = "poker_bull", 4, 7  # sit_two's deal: seed 7
OPTIONS: dict[str, Any] = {"hand_size": 1}
FLUSH = "flush S J 6 4"
GO = '#actions button[data-kind="bid"]'


def test_a_flush_left_out_of_a_capped_opening_is_built_checked_and_bid(
    browser: Any, shared_server: Any, shots_dir: Path
) -> None:
    game = bh.new_game(GAME, players=PLAYERS, seed=SEED, **OPTIONS)
    assert game.to_act == [0] and game.lists_subset(0)
    listed = game.legal_actions(0)
    assert {"type": "bid", "bid": FLUSH} not in listed
    assert game.is_legal(0, {"type": "bid", "bid": FLUSH})
    with pytest.raises(bh.IllegalAction) as in_a_row:
        game.copy().apply(0, {"type": "bid", "bid": "flush S 9 8 7 6 5"})

    code, ann, bob, contexts = sit_two(browser, shared_server, GAME, PLAYERS, OPTIONS)
    page = ann.page
    page.wait_for_function(
        f"() => window.bluffhouse.capped === true && document.querySelector('{GO}:not([disabled])')"
    )
    assert page.evaluate("() => window.bluffhouse.view.hand") == game.view(0)["hand"]
    assert page.evaluate("() => window.bluffhouse.legal") == listed
    people = [ann, bob]

    def look() -> None:
        for person in people:
            person.snapshot()

    def chip(rank: str) -> Any:
        return page.locator(f"#bid-rank-{rank}").locator("xpath=..")  # its label

    look()
    page.select_option("#bid-category", "flush")
    page.select_option("#bid-part-0", "S")
    look()
    # five ranks in a row: no flush, in the engine's words, and no Bid to click
    for rank in "98765":
        chip(rank).click()
    page.wait_for_function(
        "() => document.querySelector('#prompt').textContent.includes('Not allowed')"
    )
    assert str(in_a_row.value) in page.inner_text("#prompt")
    assert page.locator(GO).is_disabled()
    assert page.locator("#bid-rank-A").is_disabled()  # a flush names at most five ranks
    look()
    for rank in "9875":
        chip(rank).click()
    chip("J").click()
    # by keyboard: the box keeps the focus when the builder is redrawn
    page.locator("#bid-rank-4").focus()
    page.keyboard.press("Space")
    assert page.evaluate("() => document.activeElement.id") == "bid-rank-4"
    assert page.locator("#bid-rank-4").is_checked()
    page.wait_for_function(
        f"() => {{ const b = document.querySelector('{GO}'); "
        "return b && !b.disabled && b.textContent.includes('flush ♠ J 6 4'); }"
    )
    assert "Not allowed" not in page.inner_text("#prompt")
    look()
    page.screenshot(path=str(shots_dir / "bid-builder-phone.png"))
    page.set_viewport_size(DESKTOP)  # the same page at desktop size, at desktop resolution
    page.screenshot(path=str(shots_dir / "bid-builder-desktop.png"), scale="css")
    page.set_viewport_size(PHONE)
    verdicts = [f for f in ann.frames if f["type"] == "checked"]
    assert any(f["legal"] is False and f["message"] == str(in_a_row.value) for f in verdicts)
    assert verdicts[-1]["legal"] is True

    page.locator(GO).focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => window.bluffhouse.msg.version >= 1")
    sent = [
        e for f in ann.frames if f["type"] == "state" for e in f["events"] if e["type"] == "bid"
    ]
    assert sent[0] == {"type": "bid", "seat": 0, "bid": FLUSH}
    page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('You bid flush ♠ J 6 4')"
    )
    bob.page.wait_for_function(
        "() => document.querySelector('#log').textContent.includes('Ann bids flush ♠ J 6 4')"
    )
    look()

    moves = play_to_end(people, random.Random("bid-builder"), timeout=240)
    for person in people:
        person.page.wait_for_selector("#done:not([hidden])")
        assert not person.console_errors, person.console_errors
        assert not [f for f in person.frames if f["type"] in ("refused", "error")]
    # listed bids are offered at once: Bob never had to ask (his lists were whole, or his
    # opening's first listed bid was the one offered)
    assert not [f for f in bob.frames if f["type"] == "checked"]
    allowed = allowed_cards(shared_server.http, code, 1, [p.seat for p in people])
    for person in people:
        assert check_secrets(person, allowed[person.seat], 1) > moves
    for ctx in contexts:
        ctx.close()
