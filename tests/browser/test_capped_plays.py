"""Where the legal plays are too many to list (CONTRACT.md: past 10,000 the server sends a
subset), a person still plays any legal selection by clicking: the page builds the play from
the selected cards and the claim menus and asks the server (a ``check`` message) before it
offers it; an illegal one shows the engine's own refusal and is not offered."""

from __future__ import annotations

from typing import Any

import pytest
from tablekit import open_as_host

import bluffhouse as bh

pytestmark = pytest.mark.slow

GAME, PLAYERS, SEED = "popcorn_count_bluff", 2, 3  # seat 0 leads from 26 cards: capped


def test_a_play_missing_from_a_capped_list_is_played_and_an_illegal_one_is_explained(
    browser: Any, shared_server: Any
) -> None:
    game = bh.new_game(GAME, players=PLAYERS, seed=SEED)
    assert game.to_act == [0]
    hand = game.view(0)["hand"]
    listed = game.legal_actions(0)
    assert len(listed) >= 10_000  # the engine sends a subset here
    listed_sets = {tuple(sorted(a["cards"])) for a in listed if a["type"] == "play"}
    rank = listed[-1]["claim"]["rank"]
    six, five = hand[-6:], hand[-5:]
    too_many = {"type": "play", "cards": six, "claim": {"rank": rank, "count": 2}}
    with pytest.raises(bh.IllegalAction) as refusal:
        game.copy().apply(0, too_many)
    lie = {"type": "play", "cards": five, "claim": {"rank": rank, "count": 2}}
    assert game.is_legal(0, lie) and tuple(sorted(five)) not in listed_sets

    made = shared_server.create(game=GAME, players=PLAYERS, bots=[1], timers=False, seed=SEED)
    ctx, person = open_as_host(browser, shared_server, made)
    page = person.page
    page.wait_for_function(
        "() => window.bluffhouse.capped === true && "
        "document.querySelectorAll('#hand .card:not([disabled])').length"
    )
    assert page.evaluate("() => window.bluffhouse.view.hand") == hand
    cards = page.locator("#hand .card")
    play = page.locator('#actions button[data-kind="play"]')

    # six cards: the server says no, in the engine's words, and nothing is offered to play them
    for i in range(len(hand) - 6, len(hand)):
        cards.nth(i).click()
    page.wait_for_function(
        "() => document.querySelector('#prompt').textContent.includes('Not allowed')"
    )
    assert str(refusal.value) in page.inner_text("#prompt")
    assert play.count() == 1 and play.is_disabled()
    verdicts = [f for f in person.frames if f["type"] == "checked"]
    assert verdicts and verdicts[-1]["legal"] is False and verdicts[-1]["code"] == "illegal"
    assert verdicts[-1]["message"] == str(refusal.value)

    # five cards, none of them listed together: offered once the server agrees, then a lie
    # about the count chosen in the menu, checked again and played
    page.keyboard.press("Escape")
    for i in range(len(hand) - 5, len(hand)):
        cards.nth(i).click()
    page.wait_for_selector('#actions button[data-kind="play"]:not([disabled])')
    page.select_option("#claim-rank", rank)
    page.select_option("#claim-count", "2")
    page.wait_for_function(
        "() => { const b = document.querySelector("
        "'#actions button[data-kind=\"play\"]'); return b && !b.disabled && "
        "b.textContent.includes('2 ×'); }"
    )
    play.click()
    page.wait_for_function("() => window.bluffhouse.msg.version >= 1")
    played = [
        e
        for f in person.frames
        if f["type"] == "state"
        for e in f["events"]
        if e["type"] == "play" and e["seat"] == 0
    ]
    assert played and sorted(played[0]["cards"]) == sorted(five)
    assert played[0]["count"] == 2 and played[0]["rank"] == rank
    checked = [f for f in person.frames if f["type"] == "checked"]
    assert any(f["legal"] for f in checked)
    assert not [f for f in person.frames if f["type"] in ("refused", "error")]
    assert not person.console_errors, person.console_errors
    ctx.close()
