"""The secrets check of the browser tests is not weaker for jokers: every joker is "JK", so a
set of cards seen cannot tell a seat's own joker from another's; the check counts them."""

from __future__ import annotations

from typing import Any

import pytest
from tablekit import Allowed, Person, check_secrets


def state(
    version: int, view: dict[str, object], events: list[dict[str, Any]], since: int = 0
) -> dict[str, object]:
    return {
        "type": "state",
        "game_no": 1,
        "version": version,
        "view": view,
        "events": events,
        "events_from": since,
        "legal": None,
    }


def test_a_second_joker_is_a_leak_though_a_joker_was_seen() -> None:
    # the seat holds one joker and has seen nothing else
    allowed = Allowed(cards=[{"JK", "7H"}], view_jokers=[1], event_jokers=[1])
    deal = [{"type": "deal", "cards": ["JK", "7H"]}]
    fair = Person(page=None, name="Ann", frames=[state(0, {"hand": ["JK", "7H"]}, deal)])
    assert check_secrets(fair, allowed, 1) == 1
    # another seat's joker in the view: the same card names, one joker too many
    leak = Person(
        page=None, name="Ann", frames=[state(0, {"hand": ["JK", "7H"], "other": ["JK"]}, deal)]
    )
    with pytest.raises(AssertionError, match="more jokers"):
        check_secrets(leak, allowed, 1)
    in_event = Person(
        page=None,
        name="Ann",
        frames=[state(0, {"hand": ["JK", "7H"]}, [{"type": "deal", "cards": ["JK", "7H", "JK"]}])],
    )
    with pytest.raises(AssertionError, match="more jokers in event 0"):
        check_secrets(in_event, allowed, 1)
    offered = Person(
        page=None,
        name="Ann",
        frames=[
            state(0, {"hand": ["JK", "7H"]}, deal),
            {"type": "legal", "version": 0, "legal": [{"type": "play", "cards": ["JK", "JK"]}]},
        ],
    )
    with pytest.raises(AssertionError, match="offered more jokers"):
        check_secrets(offered, allowed, 1)
    page = Person(
        page=None, name="Ann", frames=[], snapshots=[(1, 0, {"JK"})], joker_snaps=[(1, 0, 2, [1])]
    )
    with pytest.raises(AssertionError, match="showed 2 jokers"):
        check_secrets(page, allowed, 1)
    log = Person(
        page=None, name="Ann", frames=[], snapshots=[(1, 0, {"JK"})], joker_snaps=[(1, 0, 1, [2])]
    )
    with pytest.raises(AssertionError, match="log line 1"):
        check_secrets(log, allowed, 1)
