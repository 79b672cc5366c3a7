"""What the server does with a seat's legal actions: the move it makes for a silent person, and
how many actions a message lists."""

from __future__ import annotations

from typing import Any

import bluffhouse as bh
from bluffhouse.pokerbull.aid import bid_probability

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
    (declines a call in a window, or passes where nothing else is legal); Poker Bull: the call
    or the lowest raise, whichever loses a card less often (:func:`_call_or_raise`), and the
    lowest bid to open a hand; otherwise the first legal action.
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
    call = {"type": "call"}
    bids = [a for a in legal if a["type"] == "bid" and isinstance(a.get("bid"), str)]
    if bids and game.is_legal(seat, call):
        return _call_or_raise(game, seat, bids)
    for kind in ("pass", "call", "bid"):
        for action in legal:
            if action["type"] == kind:
                return action
    return legal[0]


#: Samples behind a silent seat's odds (exact where the unseen cards are few).
ODDS_SAMPLES = 2000


def _call_or_raise(game: bh.Game, seat: int, bids: list[dict[str, Any]]) -> dict[str, Any]:
    """Poker Bull, for a silent person: the call or the lowest raise, whichever loses a card
    less often from what the seat can see (the model of ``bid_probability``: the unseen cards
    a uniform draw).  The call loses when the standing bid stands (it is there, or under
    variation #4 a higher hand is); the raise, called, loses when it does not."""
    view = game.view(seat)
    standing = view.get("bid")
    lowest = bids[0]  # (listed in the bid order: the first is the lowest raise)
    if not isinstance(standing, str):
        return lowest
    call_loses = bid_probability(view, standing, samples=ODDS_SAMPLES).stands
    raise_loses = 1.0 - bid_probability(view, lowest["bid"], samples=ODDS_SAMPLES).stands
    return {"type": "call"} if call_loses <= raise_loses else lowest


def listed_subset(game: bh.Game, seat: int, legal: list[dict[str, Any]]) -> bool:
    """Whether ``legal`` (``legal_actions(seat)``) may leave legal actions out, so that a
    client offering only listed actions must let a person build others and ask (a check
    message).  A list of 10,000 actions may be a documented subset of them; an engine that
    lists a subset of fewer says so with ``lists_subset(seat)`` (Poker Bull's opening bids:
    about 1,500 listed, flushes naming three or more ranks left out)."""
    return len(legal) >= LEGAL_CAP or game.lists_subset(seat)
