"""Uniform sampling of a Cheat play without listing every play.

``legal_actions`` lists plays as rank multisets (suits irrelevant) times the claims each may
make; a hand of 13 cards has hundreds.  Counting the multisets of each size by dynamic
programming lets a bot draw one uniformly at random in microseconds, with exactly the
distribution of ``random.choice(legal_actions(seat))`` over the plays.

The counts of a run of groups depend only on how many groups of each size it holds, so the
rows of the table are cached by that *shape* (an int: see ``_ROWS``), shared by every hand.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..cards import CARD_TEXT, RANK_TEXT, SUITS

if TYPE_CHECKING:
    from .engine import CheatGame

#: A shape key: bits 0-7 hold ``most`` (the largest play), the 6 bits from bit 6s+2 the number
#: of groups of size s.  Cards are at most 108, group sizes at most 8 and groups at most 53, so
#: the fields never overflow; a hand of one pack (groups of at most 4) keeps the key below 2**30,
#: a one-digit int for CPython, whose arithmetic and hashing are the fastest.
_ROWS: dict[int, list[int]] = {}
_ROWS_LIMIT = 1 << 16
#: Where the field of groups of size s starts.
_SHIFT = tuple(6 * s + 2 for s in range(64))
#: A group of size s adds this to a shape key.
_WEIGHT = tuple(1 << shift for shift in _SHIFT)
#: The same, for a count that may be 0 (no group): what a rank holding k cards adds to the key.
_GROUP_KEY = (0, *_WEIGHT[1:])


def _row(key: int) -> list[int]:
    """row[k]: multisets of exactly k cards (k <= most) from groups of the shape ``key``
    (cached; callers must not modify it)."""
    row = _ROWS.get(key)
    if row is not None:
        return row
    most = key & 255
    if key >> 8 == 0:
        row = [1] + [0] * most
    else:
        size = 1
        while not (key >> _SHIFT[size]) & 63:
            size += 1
        nxt = _row(key - _WEIGHT[size])
        row = [sum(nxt[max(0, k - size) : k + 1]) for k in range(most + 1)]
    if len(_ROWS) >= _ROWS_LIMIT:
        _ROWS.clear()
    _ROWS[key] = row
    return row


#: The hand sorted, the sizes of its groups in order and its shape key (``most`` = 0).
_Shape = tuple[list[int], list[int], int]
#: The last hand measured: a bot asks for the count and then for a play (and again when it
#: redraws), always about the same hand.  [hand, by_card, shape]
_LAST: list[Any] = [None, None, None]


def _shape(hand: list[int], by_card: bool) -> _Shape:
    """``_measure``, remembered for the last hand."""
    if _LAST[1] is by_card and _LAST[0] == hand:
        shape: _Shape = _LAST[2]
        return shape
    shape = _measure(hand, by_card)
    _LAST[0], _LAST[1], _LAST[2] = list(hand), by_card, shape
    return shape


def _measure(hand: list[int], by_card: bool) -> _Shape:
    """Groups are equal ranks (the joker, 52, alone in rank 13), or equal cards when suits
    matter; in the order of the sorted hand."""
    cards = sorted(hand)
    if by_card:
        counts = [0] * 53
        for c in cards:
            counts[c] += 1
    else:
        counts = [0] * 14
        for c in cards:
            counts[c >> 2] += 1
    sizes = [k for k in counts if k]
    weight = _WEIGHT
    return cards, sizes, sum([weight[k] for k in sizes])


def coin(rng: random.Random) -> int:
    """``rng.randrange(2)``, the one draw of most actions (a window's call or pass).  For a
    plain ``random.Random`` it is drawn inline, as randrange draws it (two bits, drawn again
    while over 1), without the layers of argument checks around it."""
    if type(rng) is not random.Random:
        return rng.randrange(2)
    bit = rng.getrandbits(2)
    while bit > 1:
        bit = rng.getrandbits(2)
    return bit


def sample_plain_turn(game: CheatGame, seat: int, rng: random.Random, other: int) -> dict[str, Any]:
    """``sample_action`` on a plain turn under plain plays (see ``CheatGame._derive``: a true
    count of one allowed rank, no suit, at most ``max_cards`` cards) whose only other action is
    ``other`` (0 or 1) passes; the seat holds cards.

    The same draws as ``sample_turn`` then ``_draw`` (and the pass's ``randrange(1)``), from
    the same stream, in one function: the hand is measured by rank counts straight from the
    sorted hand, and ``randrange`` is drawn inline as CPython draws it (``bits`` below), the
    turn being the costliest action of a random game."""
    if type(rng) is not random.Random:
        return _sample_turn_slowly(game, seat, rng, other)
    getrandbits = rng.getrandbits
    hand = game.hands[seat]
    n = len(hand)
    counts = [0] * 14
    for c in hand:
        counts[c >> 2] += 1
    cap = game._max
    most = cap if n > cap else n
    key = most
    for k in counts:
        key += _GROUP_KEY[k]
    top = _ROWS.get(key) or _row(key)
    total = sum(top) - 1
    claims = game.allowed
    bound = other + total * len(claims)
    # randrange(bound): k bits, drawn again while too large (random.Random._randbelow)
    bits = bound.bit_length()
    pick = getrandbits(bits)
    while pick >= bound:
        pick = getrandbits(bits)
    if pick < other:
        while getrandbits(1):  # the pass is drawn among the one other action: randrange(1)
            pass
        return {"type": "pass"}
    bits = total.bit_length()
    pick = getrandbits(bits)
    while pick >= total:
        pick = getrandbits(bits)
    size = 1
    while pick >= top[size]:
        pick -= top[size]
        size += 1
    # Decode as _draw does, groups being the ranks held in order (the hand is sorted), but
    # counting from the end of the numbering: _draw's plays that take none of a group are the
    # last ``nxt[left]`` of its range, so from the end the common case is one comparison.
    # ``back`` is the play's index from the end of the plays still possible.
    back = top[size] - 1 - pick
    rows = _ROWS
    weight = _WEIGHT
    cards: list[int] = []
    left = size
    start = 0
    for s in counts:
        if not s:
            continue
        key -= weight[s]
        nxt = rows.get(key) or _row(key)
        here = nxt[left]
        if back >= here:  # it takes some of this group: t = 1, 2, .. counted from the end
            back -= here
            t = 1
            while back >= nxt[left - t]:
                back -= nxt[left - t]
                t += 1
            cards += hand[start : start + t]
            left -= t
            if not left:
                break
        start += s
    many = len(claims)
    if many == 1:
        while getrandbits(1):  # randrange(1): the one claim
            pass
        rank = claims[0]
    else:
        bits = many.bit_length()
        pick = getrandbits(bits)
        while pick >= many:
            pick = getrandbits(bits)
        rank = claims[pick]
    while getrandbits(1):  # randrange(1): the one "suit" (none)
        pass
    return {
        "type": "play",
        "cards": [CARD_TEXT[c] for c in cards],
        "claim": {"rank": RANK_TEXT[rank], "count": size},
    }


def _sample_turn_slowly(
    game: CheatGame, seat: int, rng: random.Random, other: int
) -> dict[str, Any]:
    """``sample_plain_turn`` for an RNG that is not a plain ``random.Random``."""
    play = sample_turn(game, seat, rng, other)
    if play is not None:
        return play
    rng.randrange(1)
    return {"type": "pass"}


def _most(game: CheatGame, hand: list[int]) -> int:
    cap = game._max  # the most cards laid (max_laid where it differs from max_cards)
    return len(hand) if cap == 0 or cap > len(hand) else cap


def sample_play(game: CheatGame, seat: int, rng: random.Random) -> dict[str, Any] | None:
    """A play drawn uniformly from those ``legal_actions(seat)`` lists (before any cap)."""
    hand = game.hands[seat]
    if not hand:
        return None
    return _draw(game, hand, _shape(hand, game.rules.claim_suit), _most(game, hand), rng)


def sample_turn(
    game: CheatGame, seat: int, rng: random.Random, other: int
) -> dict[str, Any] | None:
    """``sample_action`` on a turn whose only other actions are ``other`` (0 or 1) passes: the
    draw between them and the plays, then the play, exactly as ``count_plays`` and
    ``sample_play`` would draw them in turn.  None when the draw is not a play."""
    hand = game.hands[seat]
    if not hand:
        return None
    most = _most(game, hand)
    shape = _measure(hand, game.rules.claim_suit)  # a new hand every turn: nothing to remember
    plays = (sum(_row(shape[2] + most)) - 1) * _claims_per_play(game)
    if not plays or rng.randrange(other + plays) < other:
        return None
    return _draw(game, hand, shape, most, rng)


def _draw(
    game: CheatGame, hand: list[int], shape: _Shape, most: int, rng: random.Random
) -> dict[str, Any] | None:
    """One play from the measured hand, uniformly: the cards, then the claim."""
    r = game.rules
    cards_sorted, sizes, whole = shape
    rows = _ROWS
    weight = _WEIGHT
    top = _row(whole + most)
    total = sum(top) - 1
    claims = game.allowed
    if r.claim_suit:
        need = game._suit_required()
        suits = [need] if need >= 0 else [0, 1, 2, 3]
    else:
        suits = [-1]
    # Claims may name up to max_cards (or every card of a rank) whatever the cards laid,
    # exactly as _play_actions lists them.
    top_count = game._count_top if r.count_lies else 0
    randrange = rng.randrange
    for _ in range(1000):
        # The plays are numbered by size, then group by group, taking more of a group first
        # (the order of _compositions); ``pick`` is one of those numbers, decoded here.
        pick = randrange(total)
        size = 1
        while pick >= top[size]:
            pick -= top[size]
            size += 1
        cards: list[int] = []
        left = size
        start = 0
        key = whole + most
        row = top
        for s in sizes:
            key -= weight[s]
            nxt = rows.get(key) or _row(key)
            skip = row[left] - nxt[left]  # the plays that take some of this group
            if pick >= skip:
                pick -= skip
            else:
                t = s if s < left else left
                while pick >= nxt[left - t]:
                    pick -= nxt[left - t]
                    t -= 1
                cards += cards_sorted[start : start + t]
                left -= t
                if not left:
                    break
            start += s
            row = nxt
        rank = claims[randrange(len(claims))]
        count = rng.randint(1, top_count) if top_count else size
        suit = suits[randrange(len(suits))]
        if (
            size == len(hand)
            and r.last_card_truthful
            and not game._truthful(cards, rank, count, suit)
        ):
            continue  # rejection keeps the draw uniform over the plays that are listed
        claim: dict[str, Any] = {"rank": RANK_TEXT[rank], "count": count}
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
    total = sum(_row(_shape(hand, r.claim_suit)[2] + _most(game, hand))) - 1
    return total * _claims_per_play(game)


def _claims_per_play(game: CheatGame) -> int:
    r = game.rules
    per = len(game.allowed)
    if r.count_lies:
        per *= game._count_top
    if r.claim_suit and game._suit_required() < 0:
        per *= 4
    return per
