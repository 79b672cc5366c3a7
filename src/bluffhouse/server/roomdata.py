"""A room's settings and seats as stored, and how seat tokens are kept (hashed)."""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass
from typing import Any


def token_hash(token: str) -> str:
    """Tokens are stored hashed: the database alone does not let anyone act for a seat."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


@dataclass
class RoomConfig:
    """A room's settings, as created; stored with the room."""

    game: str
    players: int
    options: dict[str, Any]
    turn_seconds: float | None = 30.0
    window_seconds: float | None = 5.0
    missed_turns: int = 3
    bot_delay: float = 0.6
    stand_in: str = "counter"
    #: A fixed first seed (rematches add the game number); None draws one per game.
    seed: int | None = None
    #: Listed in the lobby's public tables while it waits for players.
    public: bool = False

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RoomConfig:
        return cls(**data)


@dataclass
class SeatInfo:
    name: str | None = None
    bot: str | None = None
    token: str | None = None  # sha256 of the seat's token

    @property
    def kind(self) -> str:
        return "bot" if self.bot else "person" if self.token else "free"
