"""The Cheat family's fixed styles (see ``bluffhouse.bots.styles``): one habit, the rest of
the game played like ``counter`` with the reading the styles were measured with
(``STYLES_READING`` of :mod:`.reading`, frozen): yardsticks do not move with the bot they
measure.  A "call" is a call; a "lie" is a claim the cards laid do not make (rank, count or
suit)."""

from __future__ import annotations

import random

from ...cards import CARD_INDEX, CARD_TEXT, JOKER, RANK_INDEX
from ..base import Action, Choices, View
from ..search import Policy
from .counter import (
    _fallback,
    _useless,
    answer_call,
    choose_play,
    counter_response,
    play_counter,
)
from .knowledge import Knowledge


def style_policy(style: str) -> Policy:
    """A fixed style, the rest of the game played like ``counter``: ``always_call`` calls
    every play it may, ``never_call`` lets every play stand, ``never_lie`` plays only true
    claims (it passes, or lays the fewest cards, when it holds none), ``always_lie`` makes
    every claim false when its hand allows one.  Like ``counter``, each builds its few moves
    from the hand and checks them with ``choices.is_legal``, never listing every play."""

    def policy(view: View, choices: Choices, rng: random.Random) -> Action:
        if view.get("phase") == "answer":  # Cheat H: every style answers a call alike
            return answer_call(view, choices.all())
        if style == "always_call" and choices.is_legal({"type": "call"}):
            return {"type": "call"}
        if style in MIXED:
            return _mixed(style, view, choices, rng)
        if style in ("always_call", "never_call"):
            return play_counter(view, choices, rng, calls=style == "always_call")
        k = Knowledge.from_view(view)
        response = counter_response(k, view, choices, rng)
        if response is not None:
            return response
        if style == "never_lie":
            return _never_lie(k, view, choices) or _fallback(choices)
        return _lying_play(k, view, choices, rng)

    policy.__name__ = style
    return policy


#: The mixed styles: (chance of calling a play it may call, chance of lying in a play).
#: ``calls_third`` lies like ``counter`` (None); the liars call like ``counter`` (None).
MIXED: dict[str, tuple[float | None, float | None]] = {
    "sometimes_lie": (0.2, 0.2),
    "calls_third": (1 / 3, None),
    "liar_80": (None, 0.8),
    "liar_60": (None, 0.6),
}


def _mixed(style: str, view: View, choices: Choices, rng: random.Random) -> Action:
    """A style of fixed rates: it calls a play it may call with the style's chance (and never
    otherwise, whatever the odds; with no rate, where ``counter`` would), and lies in a play
    with the style's chance where it could tell the truth (else it plays the biggest truth it
    holds, as ``never_lie``)."""
    call_rate, lie_rate = MIXED[style]
    if call_rate is not None and choices.is_legal({"type": "call"}) and rng.random() < call_rate:
        return {"type": "call"}
    if lie_rate is None:
        return play_counter(view, choices, rng, calls=False)
    k = Knowledge.from_view(view)
    if call_rate is None:
        response = counter_response(k, view, choices, rng)
        if response is not None:
            return response
    if rng.random() >= lie_rate:
        return _never_lie(k, view, choices) or _fallback(choices)
    return _lying_play(k, view, choices, rng)


def _lying_play(k: Knowledge, view: View, choices: Choices, rng: random.Random) -> Action:
    """``counter``'s choice of play, made a lie where it would have told the truth."""
    # Its truths become lies: which truth hands a caller a set is not worth weighing.
    choice = choose_play(k, view, choices, rng, set_safe=False)
    if choice is None:
        return _fallback(choices)
    if choice["type"] != "play" or not _is_true(k, choice):
        return choice
    return _as_lie(k, view, choice, choices) or choice


def _never_lie(k: Knowledge, view: View, choices: Choices) -> Action | None:
    """The biggest true play (every card held of a claimable rank, up to the most a play
    may hold); else a pass; else the smallest play the rules take."""
    hand = [CARD_INDEX[c] for c in view["hand"]]
    claims = [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]
    if not hand or not claims:
        return None
    limit = min(k.rules.max_cards or len(hand), len(hand))
    need = view.get("claim_suit")
    best: Action | None = None
    for rank in claims:
        cards = [
            c
            for c in hand
            if k.matches(c, rank) and (not need or c == JOKER or CARD_TEXT[c][1] == need)
        ][:limit]
        if cards and (best is None or len(cards) > len(best["cards"])):
            action = _play(k, cards, rank, need)
            if choices.is_legal(action):
                best = action
    if best is not None:
        return best
    if choices.is_legal({"type": "pass"}):
        return {"type": "pass"}
    for c in hand:
        for rank in claims:
            action = _play(k, [c], rank, need)
            if choices.is_legal(action):
                return action
    return None


def _as_lie(k: Knowledge, view: View, choice: Action, choices: Choices) -> Action | None:
    """The counter's truthful choice turned into a lie: the same claim with one card swapped
    for a card of another rank; else the same cards claimed as another rank; None when the
    hand allows no lie the rules take."""
    claim = choice["claim"]
    rank = RANK_INDEX[claim["rank"]]
    cards = [CARD_INDEX[c] for c in choice["cards"]]
    hand = [CARD_INDEX[c] for c in view["hand"]]
    need = claim.get("suit")
    for other in _useless(k, hand, cards, rank, set()):
        swapped = [*cards[:-1], other]
        action = _play(k, swapped, rank, need)
        if choices.is_legal(action):
            return action
    for other_rank in [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]:
        if other_rank != rank and not all(k.matches(c, other_rank) for c in cards):
            action = _play(k, cards, other_rank, need)
            if choices.is_legal(action):
                return action
    return None


def _play(k: Knowledge, cards: list[int], rank: int, suit: str | None) -> Action:
    from ...cards import rank_text

    claim: dict[str, object] = {"rank": rank_text(rank), "count": len(cards)}
    if k.rules.claim_suit:
        claim["suit"] = suit or next((CARD_TEXT[c][1] for c in cards if c != JOKER), "S")
    return {"type": "play", "cards": [CARD_TEXT[c] for c in cards], "claim": claim}


def _is_true(k: Knowledge, action: Action) -> bool:
    claim = action["claim"]
    rank = RANK_INDEX[claim["rank"]]
    cards = action["cards"]
    if int(claim.get("count", len(cards))) != len(cards):
        return False
    ok = all(k.matches(CARD_INDEX[c], rank) for c in cards)
    if ok and "suit" in claim:
        ok = all(c == "JK" or c[1] == claim["suit"] for c in cards)
    return ok


POLICIES: dict[str, Policy] = {
    name: style_policy(name)
    for name in ("always_call", "never_call", "always_lie", "never_lie", *MIXED)
}
