"""Uniform sampling of a Cheat play without listing every play.

``legal_actions`` lists plays as rank multisets (suits irrelevant) times the claims each may
make; a hand of 13 cards has hundreds.  Counting the multisets of each size by dynamic
programming lets a bot draw one uniformly at random in microseconds, with exactly the
distribution of ``random.choice(legal_actions(seat))`` over the plays.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..cards import CARD_TEXT, JOKER, SUITS, rank_text

if TYPE_CHECKING:
    from .engine import CheatGame


def _groups(hand: list[int], by_card: bool) -> list[list[int]]:
    groups: list[list[int]] = []
    last = -1
    for c in sorted(hand):
        key = c if by_card else (c >> 2 if c != JOKER else 99)
        if groups and key == last:
            groups[-1].append(c)
        else:
            groups.append([c])
            last = key
    return groups


@lru_cache(maxsize=4096)
def _ways_table(sizes: tuple[int, ...], most: int) -> list[list[int]]:
    """ways[i][k]: multisets of exactly k cards from groups i.. (suffix DP; cached by shape,
    callers must not modify the table)."""
    n = len(sizes)
    row = [1] + [0] * most
    ways = [row] * (n + 1)
    for i in range(n - 1, -1, -1):
        nxt, cap = row, sizes[i]
        row = [sum(nxt[max(0, k - cap) : k + 1]) for k in range(most + 1)]
        ways[i] = row
    return ways


#: Per-hand counts, shared by ``count_plays`` and ``sample_play`` (a random bot asks both, and
#: asks again when it redraws): hand and rules shape -> (groups, sizes, ways, total).
_HandInfo = tuple[list[list[int]], tuple[int, ...], list[list[int]], int]
_INFO: dict[tuple[tuple[int, ...], bool, int], _HandInfo] = {}
_INFO_LIMIT = 1 << 15


def _hand_info(hand: list[int], by_card: bool, most: int) -> _HandInfo:
    key = (tuple(hand), by_card, most)
    info = _INFO.get(key)
    if info is None:
        groups = _groups(hand, by_card)
        sizes = tuple(len(g) for g in groups)
        ways = _ways_table(sizes, most)
        info = (groups, sizes, ways, sum(ways[0][1:]))
        if len(_INFO) >= _INFO_LIMIT:
            _INFO.clear()
        _INFO[key] = info
    return info


def sample_play(game: CheatGame, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A play drawn uniformly from those ``legal_actions(seat)`` lists (before any cap)."""
    r = game.rules
    hand = game.hands[seat]
    if not hand:
        return None
    most = len(hand) if r.max_cards == 0 else min(r.max_cards, len(hand))
    groups, sizes, ways, total = _hand_info(hand, r.claim_suit, most)
    top = ways[0]
    claims = game.allowed
    if r.claim_suit:
        need = game._suit_required()
        suits = [need] if need >= 0 else [0, 1, 2, 3]
    else:
        suits = [-1]
    # Claims may name up to max_cards (or every card of a rank) whatever the cards laid,
    # exactly as _play_actions lists them.
    top_count = (r.max_cards or max(1, game._max_claim())) if r.count_lies else 0
    for _ in range(1000):
        pick = rng.randrange(total)
        size = 1
        while pick >= top[size]:
            pick -= top[size]
            size += 1
        cards: list[int] = []
        left = size
        for i, group in enumerate(groups):
            if left == 0:
                break
            nxt = ways[i + 1]
            for t in range(min(sizes[i], left), -1, -1):
                here = nxt[left - t]
                if pick < here:
                    cards.extend(group[:t])
                    left -= t
                    break
                pick -= here
        rank = claims[rng.randrange(len(claims))]
        count = rng.randint(1, top_count) if top_count else size
        suit = suits[rng.randrange(len(suits))]
        if size == len(hand) and r.last_card_truthful and not game._truthful(
            cards, rank, count, suit
        ):
            continue  # rejection keeps the draw uniform over the plays that are listed
        claim: dict[str, Any] = {"rank": rank_text(rank), "count": count}
        if suit >= 0:
            claim["suit"] = SUITS[suit]
        return {"type": "play", "cards": [CARD_TEXT[c] for c in cards], "claim": claim}
    return None


def count_plays(game: CheatGame, seat: int) -> int:
    """How many plays ``legal_actions`` would list for ``seat`` before any cap (ignoring the
    last-card truthfulness filter)."""
    r = game.rules
    hand = game.hands[seat]
    if not hand:
        return 0
    most = len(hand) if r.max_cards == 0 else min(r.max_cards, len(hand))
    total = _hand_info(hand, r.claim_suit, most)[3]
    per = len(game.allowed)
    if r.count_lies:
        per *= r.max_cards or max(1, game._max_claim())
    if r.claim_suit and game._suit_required() < 0:
        per *= 4
    return total * per
