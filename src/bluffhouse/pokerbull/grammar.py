"""Poker Bull's bid grammar as data, for a front end that builds a bid from its parts (the
browser table's bid builder): which kinds of hand there are, what each part of a bid names and
which values it may take in this game's pack.  The front end only renders it; the engine still
judges every bid (a bid the grammar allows is not thereby legal: it must beat the standing
one).

A bid's text is its kind, then its parts from the left (``two_pair K 9``, ``flush H A Q``,
``straight 9``), then ``natural`` where it is made without jokers; a part may be left open
where the bid can stop before it.  ``values`` names the list a part's values come from:

- ``ranks`` (every rank of the pack), ``ranks_above_lowest`` (all but the lowest),
  ``ranks_below_previous`` (below the part before: a two pair's lower pair),
  ``ranks_except_previous`` (a full house's pair), ``suits`` (weakest first, as bids rank
  them), ``straight_tops``, ``straight_flush_tops`` (a run to the ace is a royal flush);
- ``flush_ranks``: up to five ranks ticked at once, written highest first.
"""

from typing import Literal, TypedDict

from .bids import CATEGORIES, SUIT_TEXT, VALUE_TEXT, sf_tops, straight_tops
from .rules import PokerBullRules

Values = Literal[
    "ranks",
    "ranks_above_lowest",
    "ranks_below_previous",
    "ranks_except_previous",
    "suits",
    "straight_tops",
    "straight_flush_tops",
    "flush_ranks",
]


class Part(TypedDict):
    """One part of a bid: its name, the words for leaving it open, where its values come
    from, and how a value reads (``{rank}`` / ``{suit}`` filled in)."""

    name: str
    any: str
    values: Values
    label: str


class Category(TypedDict):
    id: str
    words: str
    parts: list[Part]


class BidGrammar(TypedDict):
    """The grammar of one game's bids (see the module docstring): ranks lowest first, suits
    weakest first, and the tops a straight or straight flush may have."""

    categories: list[Category]
    ranks: list[str]
    suits: list[str]
    straight_tops: list[str]
    straight_flush_tops: list[str]


def _part(name: str, any_words: str, values: Values, label: str = "{rank}") -> Part:
    return {"name": name, "any": any_words, "values": values, "label": label}


_RANK = _part("rank", "any rank", "ranks")
_SUIT = _part("suit", "any suit", "suits", "{suit}")
PARTS: dict[str, list[Part]] = {
    "high": [_part("rank", "any card", "ranks")],
    "pair": [_RANK],
    "trips": [_RANK],
    "quads": [_RANK],
    "five": [_RANK],
    "two_pair": [
        _part("higher pair", "any ranks", "ranks_above_lowest"),
        _part("lower pair", "any lower rank", "ranks_below_previous"),
    ],
    "straight": [_part("top card", "any straight", "straight_tops", "{rank} high")],
    "flush": [_SUIT, _part("ranks", "", "flush_ranks")],
    "full_house": [
        _part("three of", "any ranks", "ranks", "three {rank}"),
        _part("two of", "any other rank", "ranks_except_previous", "two {rank}"),
    ],
    "straight_flush": [_SUIT, _part("top card", "any run", "straight_flush_tops", "{rank} high")],
    "royal_flush": [_SUIT],
}
WORDS = {
    "high": "high card",
    "two_pair": "two pair",
    "full_house": "full house",
    "straight_flush": "straight flush",
    "royal_flush": "royal flush",
    "five": "five of a kind",
}


def bid_grammar(rules: PokerBullRules) -> BidGrammar:
    """The grammar of bids under ``rules`` (its pack's ranks and suits, its suit order).

    >>> import bluffhouse as bh
    >>> grammar = bid_grammar(bh.new_game("poker_bull", seed=0, lowest_rank="9").rules)
    >>> grammar["ranks"], grammar["straight_tops"]
    (['9', 'T', 'J', 'Q', 'K', 'A'], ['K', 'A'])
    """
    universe = rules.universe
    suits = [s for s in reversed(rules.suit_order) if SUIT_TEXT.index(s) < universe.suits]
    return {
        "categories": [{"id": c, "words": WORDS.get(c, c), "parts": PARTS[c]} for c in CATEGORIES],
        "ranks": [VALUE_TEXT[v] for v in sorted(universe.values)],
        "suits": suits,
        "straight_tops": [VALUE_TEXT[t] for t in straight_tops(universe)],
        "straight_flush_tops": [VALUE_TEXT[t] for t in sf_tops(universe)],
    }
