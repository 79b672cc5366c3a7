"""The named Poker Bull games: the rule text's game with and without jokers, and the rising
sibling."""

from __future__ import annotations

from ..registry import Preset, register
from .engine import PokerBullGame

SEED = "the Poker Bull rule text"


def _register_all() -> None:
    register(
        Preset(
            "poker_bull",
            PokerBullGame,
            "Poker Bull",
            "Bid poker hands made from everybody's cards together, two jokers wild; each bid "
            "higher or more specific, or call; a lost call costs a card; last with cards wins.",
            {},
            aliases=("liar_poker", "poker_bluff"),
            players=4,
            min_players=3,
            source=SEED,
        )
    )
    register(
        Preset(
            "poker_bull_no_jokers",
            PokerBullGame,
            "Poker Bull without jokers",
            "Poker Bull with the plain 52-card deck.",
            {"jokers": 0},
            players=4,
            min_players=3,
            source=SEED + " (without jokers)",
        )
    )
    register(
        Preset(
            "poker_bull_rising",
            PokerBullGame,
            "Poker Bull, rising",
            "Everybody starts with one card and gains one per lost call; losing a call while "
            "holding five cards puts you out.",
            {"mode": "grow"},
            players=4,
            min_players=2,
            source=SEED + " (the rising sibling)",
        )
    )


_register_all()
