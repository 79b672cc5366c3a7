"""The engine core every game family shares: turn bookkeeping, validation, views, the event
log with per-viewer redaction, the seeded RNG, copy and the JSON round trip.

A family subclasses :class:`Game` and writes only its own setup, legality, transition and view
extras.  ``apply`` validates completely (``_parse``) before it changes anything (``_perform``),
so an illegal action always leaves the state exactly as it was.
"""

from __future__ import annotations

import json
import pickle
import random
import secrets
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .errors import IllegalAction, RuleError
from .registry import Preset
from .rules import Rules

Action = dict[str, Any]
#: One logged event: the public part, and extra keys only given seats may see.
Event = list[Any]

SAVE_FORMAT = "bluffhouse-state/1"


class Game:
    """One game in progress.  Read it through ``view``; change it through ``apply``."""

    RULES: ClassVar[type[Rules]] = Rules
    FAMILY: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 10
    #: Attributes holding the family's mutable state; plain JSON values only (lists, not tuples).
    STATE_FIELDS: ClassVar[tuple[str, ...]] = ()

    game_id: str
    rules: Rules
    players: int
    seed: int
    rng: random.Random
    events: list[Event]
    version: int
    _act: list[int]
    _result: dict[str, Any] | None

    # ----------------------------------------------------------------- construction
    @classmethod
    def create(
        cls,
        preset: Preset,
        rules: Rules,
        players: int,
        seed: int | None,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> Game:
        if isinstance(players, bool) or not isinstance(players, int):
            raise RuleError(f"players must be a whole number, not {players!r}")
        low = preset.min_players or cls.MIN_PLAYERS
        high = preset.max_players or cls.MAX_PLAYERS
        if not low <= players <= high:
            raise RuleError(f"{preset.id} is played by {low} to {high} players, not {players}")
        if first is not None and (
            isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < players
        ):
            raise RuleError(f"first must be a seat from 0 to {players - 1}, not {first!r}")
        if seed is None:
            seed = secrets.randbits(63)
        elif isinstance(seed, bool) or not isinstance(seed, int):
            raise RuleError(f"seed must be a whole number, not {seed!r}")
        rules.validate(players)
        self = cls.__new__(cls)
        self.game_id = preset.id
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.events = []
        self.version = 0
        self._act = []
        self._result = None
        self._setup(deal, stock, first)
        return self

    def _setup(
        self,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- public surface
    @property
    def to_act(self) -> list[int]:
        """Seats that may act now; empty once the game is over."""
        return list(self._act)

    @property
    def over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> dict[str, Any] | None:
        if self._result is None:
            return None
        copied: dict[str, Any] = json.loads(json.dumps(self._result))
        return copied

    def legal_actions(self, seat: int) -> list[Action]:
        if self._result is not None or seat not in self._act:
            return []
        return self._legal(seat)

    def sample_action(self, seat: int, rng: random.Random) -> Action:
        """One of ``legal_actions(seat)`` drawn uniformly with ``rng``; families may override it
        to draw without listing every action."""
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalAction("the game is over" if self.over else self._not_your_turn(seat))
        return legal[rng.randrange(len(legal))]

    def sample_action_other(self, seat: int, rng: random.Random,
                            skip: frozenset[str]) -> Action | None:
        """One of ``legal_actions(seat)`` whose type is not in ``skip``, drawn uniformly among
        those (None if there is none): drawn again until one comes, as a bot that turned an
        action down would draw; families may know the rest without drawing."""
        for _ in range(64):
            action = self.sample_action(seat, rng)
            if action["type"] not in skip:
                return action
        rest = [a for a in self.legal_actions(seat) if a["type"] not in skip]
        return rest[rng.randrange(len(rest))] if rest else None

    def is_legal(self, seat: int, action: Any) -> bool:
        try:
            self._check(seat, action)
        except IllegalAction:
            return False
        return True

    def apply(self, seat: int, action: Any) -> None:
        """Validate, then apply; an illegal or malformed action raises IllegalAction and
        changes nothing."""
        move = self._check(seat, action)
        self._perform(seat, move)
        self.version += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        """All that ``seat`` may know (None: a spectator, public information only)."""
        if seat is not None and (
            isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players
        ):
            raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")
        out: dict[str, Any] = {
            "game": self.game_id,
            "seat": seat,
            "players": self.players,
            "hand": self._hand_text(seat) if seat is not None else [],
            "hand_sizes": self._hand_sizes(),
            "to_act": list(self._act),
            "over": self._result is not None,
            "result": self.result,
            "version": self.version,
        }
        out.update(self._view_extra(seat))
        out["events"] = self.events_for(seat)
        return out

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it: public parts, plus private parts shown to it."""
        out = []
        for event in self.events[since:] if since else self.events:
            public = event[0]
            item = {k: (v.copy() if type(v) is list else v) for k, v in public.items()}
            if seat is not None and len(event) > 1:
                for who, extra in event[1]:
                    if who == seat:
                        for k, v in extra.items():
                            item[k] = v.copy() if type(v) is list else v
            out.append(item)
        return out

    def events_all(self, since: int = 0) -> list[dict[str, Any]]:
        """Every event with every private part, under ``"private"`` by seat: for replays and
        analysis after the fact, never for a player during a game."""
        out = []
        for event in self.events[since:]:
            item = {k: (v.copy() if type(v) is list else v) for k, v in event[0].items()}
            if len(event) > 1:
                item["private"] = {str(who): dict(extra) for who, extra in event[1]}
            out.append(item)
        return out

    def copy(self) -> Game:
        clone: Game = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        return clone

    def to_json(self) -> str:
        version, internal, gauss = self.rng.getstate()
        data = {
            "format": SAVE_FORMAT,
            "game": self.game_id,
            "players": self.players,
            "seed": self.seed,
            "rules": self.rules.as_dict(),
            "rng": [version, list(internal), gauss],
            "version": self.version,
            "to_act": self._act,
            "result": self._result,
            "events": self.events,
            "state": {name: getattr(self, name) for name in self.STATE_FIELDS},
        }
        return json.dumps(data, separators=(",", ":"))

    @classmethod
    def _from_data(cls, preset: Preset, data: Mapping[str, Any]) -> Game:
        self = cls.__new__(cls)
        self.game_id = preset.id
        self.rules = cls.RULES.build(data["rules"])
        self.players = int(data["players"])
        self.seed = int(data["seed"])
        version, internal, gauss = data["rng"]
        self.rng = random.Random()
        self.rng.setstate((version, tuple(internal), gauss))
        self.version = int(data["version"])
        self._act = list(data["to_act"])
        self._result = data["result"]
        self.events = data["events"]
        state = data["state"]
        missing = [name for name in cls.STATE_FIELDS if name not in state]
        if missing:
            raise KeyError(", ".join(missing))
        for name in cls.STATE_FIELDS:
            setattr(self, name, state[name])
        self._after_load()
        return self

    def _after_load(self) -> None:
        """Rebuild anything derived from the rules (caches) after a load."""

    # ----------------------------------------------------------------- validation
    def _check(self, seat: Any, action: Any) -> Any:
        if self._result is not None:
            raise IllegalAction("the game is over")
        if type(action) is dict and seat in self._act and type(seat) is int:
            kind = action.get("type")
            if type(kind) is str:
                return self._parse(seat, kind, action)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction(f"there is no seat {seat!r}; seats are 0 to {self.players - 1}")
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict with a 'type' key, not {action!r}")
        kind = action.get("type")
        if not isinstance(kind, str):
            raise IllegalAction("an action needs a 'type', like {'type': 'pass'}")
        if seat not in self._act:
            raise IllegalAction(self._not_your_turn(seat))
        return self._parse(seat, kind, action)

    def _not_your_turn(self, seat: int) -> str:
        waiting = ", ".join(str(s) for s in self._act)
        return f"seat {seat} may not act now (waiting for seat {waiting})"

    # ----------------------------------------------------------------- family hooks
    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _parse(self, seat: int, kind: str, action: dict[str, Any]) -> Any:
        raise NotImplementedError

    def _perform(self, seat: int, move: Any) -> None:
        raise NotImplementedError

    def _hand_text(self, seat: int) -> list[str]:
        raise NotImplementedError

    def _hand_sizes(self) -> list[int]:
        raise NotImplementedError

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {}

    # ----------------------------------------------------------------- helpers for families
    def _log(
        self, public: dict[str, Any], private: dict[int, dict[str, Any]] | None = None
    ) -> None:
        if private:
            self.events.append([public, [[who, extra] for who, extra in private.items()]])
        else:
            self.events.append([public])

    def _finish(
        self, winner: int | None, ranking: list[int], scores: list[Any], **extra: Any
    ) -> None:
        self._result = {"winner": winner, "ranking": ranking, "scores": scores, **extra}
        self._act = []
        self._log({"type": "game_over", "winner": winner, "ranking": list(ranking)})


def unknown_action(kind: str, allowed: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        f"unknown action type {kind!r}; here you may use: {', '.join(repr(a) for a in allowed)}"
    )
