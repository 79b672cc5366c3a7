"""Cards as small ints, parsed from and printed to the two-character strings of the contract.

A card is ``rank * 4 + suit`` with rank 0..12 for ``A 2 .. K`` and suit 0..3 for ``S H D C``;
the joker is 52.  Two packs are simply repeated ints (a hand is a multiset).  The ordering of
the ints is the fixed order in which hands are shown (aces first, jokers last).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from functools import cache, lru_cache

from .errors import IllegalAction, RuleError, quote

RANKS = "A23456789TJQK"
SUITS = "SHDC"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
JOKER = 52
JOKER_TEXT = "JK"
#: A pseudo-rank for jokers where a game treats them as a rank of their own.
JOKER_RANK = 13

#: More cards than the packs of any game hold: a longer list in an action is refused unread.
MOST_CARDS = 120

CARD_TEXT: tuple[str, ...] = (*(r + s for r in RANKS for s in SUITS), JOKER_TEXT)
CARD_INDEX: dict[str, int] = {text: i for i, text in enumerate(CARD_TEXT)}
# Lower-case and ten-as-"10" spellings are accepted on input.
for _i, _t in enumerate(CARD_TEXT):
    CARD_INDEX.setdefault(_t.lower(), _i)
    if _t[0] == "T":
        CARD_INDEX.setdefault("10" + _t[1], _i)
        CARD_INDEX.setdefault("10" + _t[1].lower(), _i)
CARD_INDEX.setdefault("jk", JOKER)
CARD_INDEX.setdefault("Jk", JOKER)


def rank_of(card: int) -> int:
    """Rank index 0..12, or JOKER_RANK for a joker."""
    return card >> 2 if card != JOKER else JOKER_RANK


def suit_of(card: int) -> int:
    """Suit index 0..3; -1 for a joker (it has none)."""
    return card & 3 if card != JOKER else -1


def card_text(card: int) -> str:
    return CARD_TEXT[card]


def cards_text(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def parse_card(text: object) -> int:
    """One card from its text; IllegalAction naming the bad text otherwise."""
    if type(text) is str and len(text) <= 8:
        card = CARD_INDEX.get(text.strip())
        if card is not None:
            return card
    raise IllegalAction(
        f"{quote(text)} is not a card: write rank then suit, like 'AS', 'TD', '7H', or 'JK' for "
        "a joker"
    )


def parse_cards(value: object, most: int | None = None) -> list[int]:
    """A list of card texts (a list or a space-separated string) as ints; more than ``most``
    of them are refused before any is read (a client's list may be of any length)."""
    if type(value) is str:
        value = value.replace(",", " ").split()
    if type(value) is not list and type(value) is not tuple:
        raise IllegalAction(
            f"cards must be a list of card texts like ['7H', '7D'], not {quote(value)}"
        )
    if most is not None and len(value) > most:
        raise IllegalAction(f"that is {len(value)} cards; no game has that many")
    return [parse_card(v) for v in value]


RANK_INDEX: dict[str, int] = {r: i for i, r in enumerate(RANKS)}
RANK_INDEX.update({r.lower(): i for i, r in enumerate(RANKS)})
RANK_INDEX.update({"10": 9, "JK": JOKER_RANK, "jk": JOKER_RANK, "Jk": JOKER_RANK})


def rank_text(rank: int) -> str:
    return JOKER_TEXT if rank == JOKER_RANK else RANKS[rank]


#: ``rank_text`` of every rank index, JOKER_RANK included, for the hot paths.
RANK_TEXT: tuple[str, ...] = (*RANKS, JOKER_TEXT)


def rank_name(rank: int, plural: bool = False) -> str:
    name = "joker" if rank == JOKER_RANK else RANK_NAMES[rank]
    if plural:
        return name + ("es" if name == "six" else "s")
    return name


def parse_rank(text: object) -> int:
    if type(text) is str and len(text) <= 8:
        rank = RANK_INDEX.get(text.strip())
        if rank is not None:
            return rank
    raise IllegalAction(f"{quote(text)} is not a rank: use one of A 2 3 4 5 6 7 8 9 T J Q K")


def parse_rank_set(spec: str, option: str) -> list[int]:
    """Rank letters like 'A23456789T' or '5789TJK' (a RuleError names the option otherwise)."""
    ranks: list[int] = []
    text = spec.replace("10", "T").replace(" ", "").replace(",", "")
    for ch in text:
        rank = RANK_INDEX.get(ch)
        if rank is None:
            raise RuleError(
                f"option {option}: {quote(ch)} is not a rank letter (use A23456789TJQK)"
            )
        if rank in ranks:
            raise RuleError(f"option {option}: rank {ch!r} is listed twice")
        ranks.append(rank)
    if not ranks:
        raise RuleError(f"option {option}: no ranks given")
    return sorted(ranks)


def build_deck(decks: int = 1, jokers: int = 0, ranks: Sequence[int] | None = None) -> list[int]:
    """The cards of ``decks`` packs of ``ranks`` plus ``jokers`` jokers, in fixed order.

    >>> len(build_deck()), len(build_deck(decks=2, jokers=2))
    (52, 106)
    """
    return list(_deck(decks, jokers, None if ranks is None else tuple(ranks)))


@lru_cache(maxsize=256)
def _deck(decks: int, jokers: int, ranks: tuple[int, ...] | None) -> tuple[int, ...]:
    """Built once per kind of pack: every new game asks for one."""
    use = range(13) if ranks is None else ranks
    deck = [r * 4 + s for r in use for s in range(4) for _ in range(decks)]
    deck.sort()
    deck.extend([JOKER] * jokers)
    return tuple(deck)


def take_cards(hand: list[int], cards: Sequence[int]) -> list[int] | None:
    """The hand without ``cards`` (a multiset), or None when the hand does not hold them all."""
    rest = hand.copy()
    for c in cards:
        try:
            rest.remove(c)
        except ValueError:
            return None
    return rest


def parse_deal(
    deal: object, players: int, deck: Sequence[int], deck_word: str = "packs"
) -> list[list[int]]:
    """Exact starting hands (``deal=``): one list of card texts per seat, each card taken from
    ``deck`` at most as often as it holds it; a RuleError names the bad entry (and calls the
    cards ``deck_word``: "packs", or "deck" in a one-deck game)."""
    holds = "hold" if deck_word.endswith("s") else "holds"
    if not isinstance(deal, list | tuple) or len(deal) != players:
        raise RuleError(f"deal must hold one list of cards per seat ({players} seats)")
    pool = list(deck)
    hands = []
    for seat, hand in enumerate(deal):
        if not isinstance(hand, list | tuple):
            raise RuleError(f"deal: seat {seat}'s hand must be a list of cards")
        if len(hand) > len(deck):
            raise RuleError(
                f"deal: seat {seat} is dealt {len(hand)} cards; the {deck_word} {holds} {len(deck)}"
            )
        cards = []
        for text in hand:
            card = CARD_INDEX.get(text.strip()) if type(text) is str and len(text) <= 8 else None
            if card is None:
                raise RuleError(f"deal: {quote(text)} (seat {seat}) is not a card")
            if card not in pool:
                what = "joker" if card == JOKER else text
                raise RuleError(
                    f"deal: {what} (seat {seat}) is not in the {deck_word}, or is "
                    f"dealt more times than the {deck_word} {holds} it"
                )
            pool.remove(card)
            cards.append(card)
        hands.append(sorted(cards))
    return hands


def shuffle(rng: random.Random, items: list[int]) -> None:
    """``rng.shuffle(items)``, with the same draws: for a plain ``random.Random`` the draws are
    made inline (a deal is most of a short game's set-up)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i, bound, bits in _shuffle_steps(len(items)):
        # j = rng._randbelow(i + 1): k bits, drawn again while too large
        j = getrandbits(bits)
        while j >= bound:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


@cache
def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """(i, i + 1, bits of i + 1) for i from size - 1 down to 1: random.shuffle's steps."""
    return tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
