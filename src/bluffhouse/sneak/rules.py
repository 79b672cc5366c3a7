"""The options of Sneak (David Parlett's game of bluff and challenge)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..errors import RuleError
from ..rules import Rules, option

FLAUNT_CHALLENGES = ("must_beat", "any")


@dataclass(frozen=True)
class SneakRules(Rules):
    """Every rule of Sneak that a table may choose, as data."""

    GROUPS: ClassVar[Mapping[str, str]] = {
        "cards": "The cards",
        "challenges": "Challenges",
        "ending": "How it ends",
    }
    WORDS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "packs": ("cards", "Packs in the stock"),
        "flaunt_challenges": ("challenges", "A challenge to a flaunt must beat it"),
        "target": ("ending", "Points to win"),
    }

    FAMILY: ClassVar[str] = "sneak"

    packs: int = option(
        0,
        "Packs shuffled into the stock: 1 (52 cards) or 2 (104 cards); 0 chooses by table size "
        "(one pack for 2 to 4 players, two for 5 to 7). Two or three players must use one pack, "
        "five or more two; four may use either.",
        low=0,
        high=2,
    )
    target: int = option(
        0,
        "Game score: the game ends after the deal in which a player reaches it; the highest "
        "score wins (a shared top score is a shared win). 0: 100 points with one pack, 200 with "
        "two. At most 10000 (some 200 deals).",
        low=0,
        high=10_000,
    )
    flaunt_challenges: str = option(
        "must_beat",
        "must_beat: a challenge to a flaunt must beat the lead (a higher card of its suit, or a "
        "higher combo of its type); any: any cards of the right number may be laid, and those "
        "that do not beat the lead are simply lost to the winner.",
        choices=FLAUNT_CHALLENGES,
    )

    def pack_count(self, players: int) -> int:
        if self.packs:
            return self.packs
        return 1 if players <= 4 else 2

    def target_score(self, players: int) -> int:
        if self.target:
            return self.target
        return 100 * self.pack_count(players)

    def validate(self, players: int) -> None:
        if self.packs == 1 and players > 4:
            raise RuleError(
                f"option packs: {players} players need two packs (one pack is for 2 to 4 players)"
            )
        if self.packs == 2 and players < 4:
            raise RuleError(
                f"option packs: {players} players use one pack (two packs are for 4 or more)"
            )
