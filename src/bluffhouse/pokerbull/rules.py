"""The options of the Poker Bull family (the rule text's game and its variations #1-#5, plus the
rising sibling where hands grow instead of shrink)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..cards import JOKER
from ..errors import RuleError
from ..rules import Rules, option
from .bids import FULL, VALUE_INDEX, VALUE_TEXT, Order, Universe

NATURAL_DECK = 52
#: The default of ``stall_limit`` (measured: see docs/rules/poker_bull.md, "Games that stall").
STALL_LIMIT = 500


@dataclass(frozen=True)
class PokerBullRules(Rules):
    """Every rule of Poker Bull as data; presets are sets of values for these fields."""

    GROUPS: ClassVar[Mapping[str, str]] = {
        "cards": "The cards",
        "bids": "Bids and calls",
        "hands": "Losing and winning cards",
        "ending": "How it ends",
    }
    WORDS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "jokers": ("cards", "Jokers (wild)"),
        "lowest_rank": ("cards", "The lowest rank in the pack"),
        "suits": ("cards", "Suits in the pack"),
        "suit_order": ("bids", "Suit order, highest first"),
        "royal_over_five": ("bids", "A royal flush beats five of a kind"),
        "jokers_high": ("bids", "Hands made with jokers rank higher"),
        "higher_hand_counts": ("bids", "A higher hand also makes the bid"),
        "mode": ("hands", "A lost call costs or gives a card"),
        "hand_size": ("hands", "Cards each player starts with"),
        "grow_limit": ("hands", "Growing: out when losing with this many"),
        "jokers_leave_at": ("hands", "The jokers leave at this many cards"),
        "recharge_at": ("hands", "Everyone gets a card back at this many"),
        "stall_limit": ("ending", "Bids in one hand before the game stops"),
    }
    RANK_INPUTS: ClassVar[Mapping[str, str]] = {"lowest_rank": "rank"}

    FAMILY: ClassVar[str] = "poker_bull"

    jokers: int = option(
        2,
        "Jokers shuffled into the 52 cards; they are wild when hands are made.",
        choices=(0, 1, 2),
    )
    suit_order: str = option(
        "SHCD",
        "Suits from highest to lowest, for flushes, straight flushes and royal flushes: SHCD "
        "(spades, hearts, clubs, diamonds: the seed) or SHDC (variation #3).",
        choices=("SHCD", "SHDC"),
    )
    royal_over_five: str = option(
        "no",
        "Variation #1: a royal flush ranks above five of a kind. no: five of a kind is the top "
        "hand (the seed); natural: a natural royal flush beats five of a kind; all: any royal "
        "flush does.",
        choices=("no", "natural", "all"),
    )
    jokers_high: bool = option(
        False,
        "Variation #2: a hand made with jokers ranks above the same hand made naturally (the "
        "seed: a natural hand ranks above it). Bids say 'natural' for a hand without jokers.",
    )
    higher_hand_counts: bool = option(
        False,
        "Variation #4 (the Liar Dice rule): a call also fails, and the caller loses, when a "
        "hand higher than the called bid can be made from all the cards.",
    )
    mode: str = option(
        "shrink",
        "shrink: everybody starts with hand_size cards and a lost call costs one card, no "
        "cards = out (the seed); grow: everybody starts with one card and a lost call gives "
        "one more, losing while holding grow_limit cards = out (the rising sibling).",
        choices=("shrink", "grow"),
    )
    hand_size: int = option(
        0,
        "Cards each player starts with (0: automatic: 5 for up to 6 players, 4 for 7 or more "
        "as the seed says; in grow mode 1).",
        low=0,
        high=5,
    )
    grow_limit: int = option(
        5,
        "Grow mode: a player who loses a call while holding this many cards is out.",
        low=1,
        high=5,
    )
    jokers_leave_at: int = option(
        0,
        "Variation #5a: once the cards to be dealt for a hand number this many or fewer, the "
        "jokers leave the game for good (0: never).",
        low=0,
        high=54,
    )
    lowest_rank: str = option(
        "2",
        "A reduced pack: it holds the ranks from this one up to the ace (2: the whole pack). "
        "With suits, this makes the small games solvers can search whole (docs/research.md: "
        "heads-up with one card each from the queens up in two suits); bids name only hands "
        "this pack can make.",
        choices=tuple(VALUE_TEXT),
    )
    suits: int = option(
        4,
        "A reduced pack: it holds this many suits, the first of spades, hearts, diamonds, "
        "clubs (4: the whole pack).",
        low=1,
        high=4,
    )
    stall_limit: int = option(
        STALL_LIMIT,
        "The no-progress rule: a hand whose bidding reaches this many bids without a call ends "
        "the game, ranked by the cards the players still in would be dealt; result 'end': "
        "'stalled' (0: never). A hand always ends (bids only rise), but tables that never "
        "call can bid thousands of times a hand (docs/rules/poker_bull.md, 'Games that "
        "stall').",
        low=0,
    )
    recharge_at: int = option(
        0,
        "Variation #5b: the first time the cards the players hold fall to this many or fewer "
        "after a call, every player still in gets one extra card, once a game (0: never; the "
        "seed's example is 20).",
        low=0,
        high=54,
    )

    # ---------------------------------------------------------------- derived
    @property
    def order(self) -> Order:
        return Order(self.suit_order, self.royal_over_five, self.jokers_high)

    @property
    def universe(self) -> Universe:
        """The natural cards of the pack (every card but the jokers)."""
        if self.lowest_rank == "2" and self.suits == 4:
            return FULL
        return Universe(tuple(range(VALUE_INDEX[self.lowest_rank], 13)), self.suits)

    @property
    def natural_cards(self) -> int:
        """How many natural cards the pack holds (52 for the whole pack)."""
        return self.universe.size

    def pack(self, jokers: int) -> list[int]:
        """The pack's cards with ``jokers`` jokers, in fixed order (card ints)."""
        return [*self.universe.cards(), *([JOKER] * jokers)]

    def start_size(self, players: int) -> int:
        if self.hand_size:
            return self.hand_size
        if self.mode == "grow":
            return 1
        if players <= 6:
            return 5
        # 7+ players: four or fewer (the seed), the most that fits the deck.
        return min(4, self.natural_cards // players)

    def validate(self, players: int) -> None:
        """Refuse rules a game could not be played under.  Besides fitting in the deck, at
        least one card must always stay out of play: with the whole pack dealt every hand
        the pack can make is certain, no bid is in doubt, and there would be nothing to bid
        (the legal bids are those not guaranteed among the cards in play)."""
        natural = self.natural_cards
        deck = natural + self.jokers
        size = self.start_size(players)
        if self.mode == "grow":
            if size > self.grow_limit:
                raise RuleError(
                    f"option hand_size: in grow mode players start with at most "
                    f"grow_limit ({self.grow_limit}) cards"
                )
            if players * self.grow_limit > natural:
                raise RuleError(
                    f"{players} players holding {self.grow_limit} cards each do not "
                    f"fit in the deck ({natural} cards without the jokers); lower "
                    "grow_limit"
                )
            if players * self.grow_limit >= deck:
                raise RuleError(
                    f"{players} players holding {self.grow_limit} cards each would "
                    f"hold all {deck} cards of the deck, and with every card in play "
                    "no bid is in doubt; lower grow_limit or add a joker"
                )
            if self.jokers_leave_at or self.recharge_at:
                raise RuleError(
                    "options jokers_leave_at and recharge_at (variations #5a, #5b) "
                    "count the cards in play down; they need mode=shrink"
                )
            return
        if players * size > deck:
            raise RuleError(
                f"option hand_size: {players} players with {size} cards each need "
                f"more than the {deck} cards of the deck"
            )
        if players * size == deck:
            raise RuleError(
                f"option hand_size: {players} players with {size} cards each would "
                f"hold all {deck} cards of the deck, and with every card in play no "
                "bid is in doubt; deal fewer cards or use a bigger pack"
            )
        if self.jokers_leave_at and min(players * size, self.jokers_leave_at) >= natural:
            raise RuleError(
                f"option jokers_leave_at: once the jokers leave, {natural} cards in "
                f"play would be all the deck holds, and no bid would be in doubt; "
                f"use at most {natural - 1}"
            )
        # After a recharge the players hold at most recharge_at + one card each; once the deck
        # has no jokers (none at all, or they left) that must leave a card out.
        room = natural - 1 if (not self.jokers or self.jokers_leave_at) else natural
        if self.recharge_at and self.recharge_at + players > room:
            raise RuleError(
                f"option recharge_at: after a recharge at {self.recharge_at} cards "
                f"{players} players may not fit in the deck with a card to spare; "
                f"use at most {room - players}"
            )
        if self.jokers_leave_at and not self.jokers:
            raise RuleError("option jokers_leave_at: there are no jokers to leave the game")
