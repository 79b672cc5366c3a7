"""The lobby offers the ``learned`` bot at its tables only: greyed out, with the reason, for
another game, another player count or changed rules (a chosen learned bot falls back to the
default), and a room made with it at 4-player bullshit seats learned bots."""

from __future__ import annotations

from typing import Any

import pytest
from tablekit import create_room, set_option

from bluffhouse.bots import bot_label

pytestmark = pytest.mark.slow


def _learned(page: Any) -> dict[str, Any]:
    got: dict[str, Any] = page.eval_on_selector(
        "#bot option[value=learned]", "o => ({disabled: o.disabled, text: o.textContent})"
    )
    return got


def test_the_lobby_offers_learned_at_its_table_only(browser: Any, shared_server: Any) -> None:
    page = browser.new_page()
    page.goto(f"{shared_server.http}/")
    page.select_option("#game", "bullshit")
    page.fill("#players", "4")
    assert _learned(page) == {"disabled": False, "text": bot_label("learned")}
    page.select_option("#bot", "learned")
    page.fill("#friends", "1")
    assert "2 bots (Lea)" in page.text_content("#seating")
    page.fill("#players", "5")  # another player count: greyed out, back to the default
    off = _learned(page)
    assert off["disabled"] and "plays only 4-player bullshit" in off["text"]
    assert page.input_value("#bot") == "counter"
    page.fill("#players", "4")
    page.click("#options-box summary")
    set_option(page, "jokers", 2)  # changed rules: greyed out too
    assert _learned(page)["disabled"]
    page.select_option("#game", "poker_bull")
    assert _learned(page)["disabled"]  # (4 players: its Poker Bull table has 3)
    page.fill("#players", "3")
    assert _learned(page) == {"disabled": False, "text": bot_label("learned")}
    page.close()

    page = browser.new_page()
    code = create_room(page, shared_server.http, "bullshit", 4, {}, clocks=False, bot="learned")
    seats = shared_server.get(f"/api/rooms/{code}").json()["seats"]
    assert [s.get("bot") for s in seats[2:]] == ["learned", "learned"]
    page.close()
