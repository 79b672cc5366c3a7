"""Small helpers on lists of cards, shared by the modules of the Cheat engine.

Card texts in and out (a play, a show and the log all name cards as texts), multiset
arithmetic on hands, and the ways to take cards from groups.  Pure functions on ints and
strings, apart from the engine's classes so that every layer of it may import them.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, TypeVar

from ..cards import CARD_INDEX, CARD_TEXT
from ..errors import IllegalAction, quote

_T = TypeVar("_T")


def _texts(cards: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _parse_card_texts(raw: list[Any]) -> list[int]:
    """The cards named by ``raw`` (texts like 'AS', as a play or a show lays them), in order;
    IllegalAction quoting the first entry that is not a card."""
    cards = []
    for text in raw:
        card = CARD_INDEX.get(text) if type(text) is str else None
        if card is None:
            raise IllegalAction(
                f"{quote(text)} is not a card: write rank then suit, like 'AS', 'TD', '7H', or 'JK'"
            )
        cards.append(card)
    return cards


def _card_name(card: int) -> str:
    return CARD_TEXT[card]


def _minus(cards: Sequence[int], less: Sequence[int]) -> list[int]:
    """The multiset difference ``cards - less``, in the order of ``cards``."""
    rest = list(less)
    out = []
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return out


def _unique(items: Sequence[_T]) -> list[_T]:
    out: list[_T] = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


def _compositions(limits: list[int], total: int) -> Iterator[list[int]]:
    """Every way to take ``total`` cards from groups of the given sizes (multisets by group)."""
    n = len(limits)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + limits[i]
    takes = [0] * n

    def rec(i: int, left: int) -> Iterator[list[int]]:
        if left == 0:
            yield list(takes)
            return
        if i == n or suffix[i] < left:
            return
        for k in range(min(limits[i], left), -1, -1):
            takes[i] = k
            yield from rec(i + 1, left - k)
        takes[i] = 0

    yield from rec(0, total)
