"""The Poker Bull family (Liar Poker, Poker Bluff): one engine, its presets and a player aid."""

from . import presets as _presets  # noqa: F401  (registers the game ids)
from .aid import BidProbability, bid_probability
from .bids import Bid, parse_bid
from .engine import PokerBullGame
from .rules import PokerBullRules

__all__ = [
    "Bid",
    "BidProbability",
    "PokerBullGame",
    "PokerBullRules",
    "bid_probability",
    "parse_bid",
]
