"""What differs by family when a bluffhouse game is an OpenSpiel game: what the explicit
chance deal deals (hands, or Sneak's stock), how a finished deal starts the engine, and a
bound on the game's length.  :mod:`.openspiel` asks :func:`adapter_for` once per game and
never switches on the family's name itself.

No pyspiel here: the adapters are plain data about the deal, tested without OpenSpiel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

from ..cards import CARD_INDEX, CARD_TEXT
from ..encodings import ActionCodec, GameConfig
from ..errors import RuleError, quote
from ..game import Game


class FamilyAdapter:
    """A family whose first deal gives each seat a hand (the Cheat family, Poker Bull)."""

    #: Whether the chance deal deals hands (a seat's cards may then come in increasing order).
    deals_hands: ClassVar[bool] = True

    def full_pack(self, config: GameConfig, probe: Game) -> tuple[list[int], list[int]]:
        """Every card the game deals at first (sorted) and each seat's share of them."""
        n = config.players
        full = sorted(CARD_INDEX[c] for s in range(n) for c in _private_cards(probe, s))
        return full, [len(_private_cards(probe, s)) for s in range(n)]

    def first_deal(
        self, config: GameConfig, hand_size: int, deck: str
    ) -> tuple[list[int], list[int]]:
        """The cards of the first deal and how many each seat gets: the game's own, or
        ``hand_size`` cards each (if 0 or more) drawn from ``deck`` (card texts; "": the
        game's pack)."""
        n = config.players
        full, sizes = self.full_pack(config, config.new_game(seed=0))
        pack = parse_deck(deck) if deck else full
        if deck:
            missing = Counter(pack) - Counter(full)
            if missing:
                card = CARD_TEXT[next(iter(missing))]
                raise RuleError(
                    f"deal_from: {card} is not a card of this game's packs (or is given too often)"
                )
        if hand_size >= 0:
            if hand_size < 1:
                raise RuleError("deal_size must be at least 1")
            sizes = [hand_size] * n
        if sum(sizes) > len(pack):
            raise RuleError(
                f"{n} hands of {max(sizes)} cards need more than the {len(pack)} cards of the deck"
            )
        return pack, sizes

    def dealt_count(self, pack: Sequence[int], sizes: Sequence[int]) -> int:
        """How many chance outcomes the first deal takes."""
        return sum(sizes)

    def setup(self, dealt: Sequence[int], sizes: Sequence[int]) -> dict[str, Any]:
        """The ``new_game`` arguments that start the engine from a finished chance deal."""
        hands, at = [], 0
        for size in sizes:
            hands.append([CARD_TEXT[c] for c in dealt[at : at + size]])
            at += size
        return {"deal": hands}

    def dealt_to(self, dealt: Sequence[int], sizes: Sequence[int], seat: int) -> list[int]:
        """The cards the chance deal gave ``seat``."""
        start = sum(sizes[:seat])
        return list(dealt[start : start + sizes[seat]])

    def max_length(self, config: GameConfig, codec: ActionCodec) -> int:
        """A bound on the number of player actions in a game (OpenSpiel asks)."""
        raise NotImplementedError


class CheatAdapter(FamilyAdapter):
    def max_length(self, config: GameConfig, codec: ActionCodec) -> int:
        n, r = config.players, config.rules
        stall = int(r.get("stall_limit") or 0)
        if stall <= 0:
            raise RuleError(
                "option stall_limit: OpenSpiel needs games of bounded length; "
                "give stall_limit a value above 0"
            )
        cards = 52 * int(r.get("decks", 1)) + int(r.get("jokers", 0))
        # every action counts toward the stall limit until progress, and progress (a hand
        # smaller than ever, a player out, cards out of play) happens at most 2 x cards + n
        # times; a Spanish bidding before the first play adds its bids
        return (2 * cards + n + 1) * stall + n * (4 * int(r.get("decks", 1)) + 2)


class PokerBullAdapter(FamilyAdapter):
    def full_pack(self, config: GameConfig, probe: Game) -> tuple[list[int], list[int]]:
        """The whole pack (later hands are dealt from it afresh), the first hands' sizes."""
        full = sorted(config.rules_object().pack(int(config.rules.get("jokers", 0))))
        return full, list(probe.view(None)["hand_sizes"])

    def max_length(self, config: GameConfig, codec: ActionCodec) -> int:
        # a hand is at most every bid in order and a call; every hand costs someone a card
        # (shrink) or gives one (grow), and a recharge gives each seat one more
        n = config.players
        hands = n * 6 + n + 1
        return hands * (codec.size + 1)


class SneakAdapter(FamilyAdapter):
    """Sneak deals no hands: the chance deal orders the stock, top card first."""

    deals_hands = False

    def _packs(self, config: GameConfig) -> int:
        return int(config.rules.get("packs") or (1 if config.players <= 4 else 2))

    def first_deal(
        self, config: GameConfig, hand_size: int, deck: str
    ) -> tuple[list[int], list[int]]:
        if hand_size >= 0:
            raise RuleError("deal_size: Sneak deals no hands (players draw from the stock)")
        if deck:
            raise RuleError("deal_from: Sneak's stock is every card of its packs")
        packs = self._packs(config)
        return sorted(c for c in range(52) for _ in range(packs)), []

    def dealt_count(self, pack: Sequence[int], sizes: Sequence[int]) -> int:
        return len(pack)

    def setup(self, dealt: Sequence[int], sizes: Sequence[int]) -> dict[str, Any]:
        return {"stock": [CARD_TEXT[c] for c in dealt]}

    def dealt_to(self, dealt: Sequence[int], sizes: Sequence[int], seat: int) -> list[int]:
        return []

    def max_length(self, config: GameConfig, codec: ActionCodec) -> int:
        n, r = config.players, config.rules
        packs = self._packs(config)
        target = int(r.get("target") or 100 * packs)
        cards = 52 * packs
        deals = n * target // cards + 2
        # a deal: every card drawn once, led once, and each lead answered by the others
        return deals * (cards + cards * n)


_ADAPTERS: dict[str, FamilyAdapter] = {
    "cheat": CheatAdapter(),
    "poker_bull": PokerBullAdapter(),
    "sneak": SneakAdapter(),
}


def adapter_for(config: GameConfig) -> FamilyAdapter:
    adapter = _ADAPTERS.get(config.family)
    if adapter is None:  # pragma: no cover - every registered family has one
        raise RuleError(f"no OpenSpiel adapter for the {config.family} family")
    return adapter


def _private_cards(game: Game, seat: int) -> list[str]:
    """The cards dealt to ``seat`` (its part of the first logged event)."""
    first = game.events_for(seat)[0]
    return list(first.get("cards") or [])


def parse_deck(text: str) -> list[int]:
    """``deal_from``'s card texts (``ASAHKSKH``; spaces and commas ignored), sorted."""
    clean = text.replace(" ", "").replace(",", "")
    if len(clean) % 2:
        raise RuleError(f"deal_from: {quote(text)} is not a run of two-letter cards like ASAHKSKH")
    out = []
    for i in range(0, len(clean), 2):
        card = CARD_INDEX.get(clean[i : i + 2])
        if card is None:
            raise RuleError(f"deal_from: {quote(clean[i : i + 2])} is not a card")
        out.append(card)
    return sorted(out)
