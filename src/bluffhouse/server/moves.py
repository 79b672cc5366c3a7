"""What the server does with a seat's legal actions: the move it makes for a silent person, and
how many actions a message lists."""

from __future__ import annotations

from typing import Any

import bluffhouse as bh

from .errors import Refused

#: Action types that answer a challenge window: a silent seat's window timer declines.
WINDOW_KINDS = frozenset({"call", "pass", "check", "believe", "challenge"})
#: Legal actions listed in a state message at most (a client may ask for all of them).
LEGAL_INLINE = 200
#: The engine may list a documented subset of the legal actions once they are this many.
LEGAL_CAP = 10_000


def default_move(game: bh.Game, seat: int) -> dict[str, Any]:
    """What a seat's turn timer does for a silent person: the least harmful legal action.

    In order: ``draw`` (Sneak); a play of the Cheat family when one is legal, true where it
    can be (a true play of one card, else a play of one card, else the smallest play: the
    server never lies for a person when it can tell the truth, and never takes the pile for
    them, which is what passing a turn means in Bullsh*t, while a play avoids it); ``pass``
    (declines a call in a window, or passes where nothing else is legal); ``call`` (Poker
    Bull: the server does not raise a bid for a person); the lowest bid (Poker Bull's
    opening); otherwise the first legal action.
    """
    draw = {"type": "draw"}
    if game.is_legal(seat, draw):
        return draw
    legal = game.legal_actions(seat)
    if not legal:
        raise Refused("not_your_turn", f"seat {seat} has nothing to do")
    plays = [
        a
        for a in legal
        if a["type"] == "play"
        and isinstance(a.get("cards"), list)
        and isinstance(a.get("claim"), dict)
    ]
    if plays:
        single = [a for a in plays if len(a["cards"]) == 1]
        true = [a for a in single if str(a["cards"][0])[:1] == str(a["claim"].get("rank", ""))[:1]]
        if true:
            return true[0]
        if single:
            return single[0]
        return min(plays, key=lambda a: len(a["cards"]))
    for kind in ("pass", "call", "bid"):
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]


def listed_subset(game: bh.Game, seat: int, legal: list[dict[str, Any]]) -> bool:
    """Whether ``legal`` (``legal_actions(seat)``) may leave legal actions out, so that a
    client offering only listed actions must let a person build others and ask (a check
    message).  A list of 10,000 actions may be a documented subset of them; an engine that
    lists a subset of fewer says so with ``lists_subset(seat)`` (Poker Bull's opening bids:
    about 1,500 listed, flushes naming three or more ranks left out)."""
    return len(legal) >= LEGAL_CAP or game.lists_subset(seat)
