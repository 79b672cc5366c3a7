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
from typing import Any, ClassVar, Self

from . import savecheck as sc
from .errors import IllegalAction, RuleError, SaveError, quote
from .registry import Preset
from .rules import Rules

Action = dict[str, Any]
#: One logged event: the public part, and extra keys only given seats may see.
Event = list[Any]

SAVE_FORMAT = "bluffhouse-state/1"
#: The top-level keys of a save (``to_json``), each required.
SAVE_KEYS = (
    "format",
    "game",
    "players",
    "seed",
    "rules",
    "rng",
    "version",
    "to_act",
    "result",
    "events",
    "state",
)
#: Seeds are whole numbers of at most this many bits (a save must write them as JSON).
SEED_BITS = 1024


def _read_only(self: object, *args: Any, **kwargs: Any) -> Any:
    refusal = getattr(type(self), "REFUSAL", None)  # (a subclass that is no logged event)
    raise TypeError(
        refusal
        or f"this {type(self).__name__} is a logged event (or part of "
        "one) and is read-only; copy it first: dict(event), list(event['cards'])"
    )


class FrozenDict(dict[str, Any]):
    """A logged event as a viewer gets it: a dict that refuses changes, so one object can be
    shared by every view that shows it.  Equal to the plain dict, JSON-serialisable, picklable
    (as itself); ``copy.copy``/``deepcopy`` give it back (it cannot change)."""

    __slots__ = ()
    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _read_only
    __ior__ = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))

    def __copy__(self) -> FrozenDict:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenDict:
        return self


class FrozenList(list[Any]):
    """A list inside a logged event (cards, sizes) that refuses changes; see FrozenDict."""

    __slots__ = ()
    __setitem__ = __delitem__ = append = extend = insert = pop = remove = _read_only
    reverse = sort = clear = __iadd__ = __imul__ = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))

    def __copy__(self) -> FrozenList:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> FrozenList:
        return self


def freeze(value: Any) -> Any:
    """A read-only deep copy of a JSON value (dicts and lists made Frozen*; frozen parts,
    strings and numbers are kept as they are)."""
    kind = type(value)
    if kind is dict:
        return FrozenDict({k: freeze(v) for k, v in value.items()})
    if kind is list:
        return FrozenList([freeze(v) for v in value])
    return value


class _Chunks:
    """An append-only list shared between copies: full chunks of CHUNK items are tuples that
    every copy holds, only the tail is each copy's own.  A copy costs a pointer a chunk and
    the tail, and holds no more of its own, however long the list."""

    CHUNK = 256
    __slots__ = ("chunks", "tail")

    def __init__(self) -> None:
        self.chunks: list[tuple[dict[str, Any], ...]] = []
        self.tail: list[dict[str, Any]] = []

    def __len__(self) -> int:
        return len(self.chunks) * self.CHUNK + len(self.tail)

    def __getitem__(self, i: int) -> dict[str, Any]:
        chunk, at = divmod(i, self.CHUNK)
        if chunk < len(self.chunks):
            return self.chunks[chunk][at]
        return self.tail[at]

    def append(self, item: dict[str, Any]) -> None:
        tail = self.tail
        tail.append(item)
        if len(tail) == self.CHUNK:
            self.chunks.append(tuple(tail))
            self.tail = []

    def since(self, start: int) -> list[dict[str, Any]]:
        """A fresh list of the items from ``start`` on (what a caller may keep or change)."""
        if start < 0:  # (from the end, as a slice reads it)
            start = max(0, len(self) + start)
        size = self.CHUNK
        first = start // size
        out: list[dict[str, Any]] = []
        for chunk in self.chunks[first:]:
            out += chunk
        out += self.tail
        return out[start - first * size :]

    def fork(self) -> _Chunks:
        other = _Chunks()
        other.chunks = list(self.chunks)
        other.tail = list(self.tail)
        return other


class _EventCache:
    """The log as each viewer sees it, one read-only event object per logged event per viewer,
    built on first demand and kept: a view costs the events new since that viewer's last one
    (plus one pointer per event for its fresh list), not a copy of every event.

    Events only ever get appended to ``Game.events``; a cache made for another list (a load,
    a search that swapped the log) or for a longer one (a truncated log) is dropped.  A copy
    of the game takes a fork of it (see _Chunks: the built events are shared).  Never saved
    (``to_json`` does not name it); a pickled one comes back empty."""

    __slots__ = ("all", "log", "public", "seats")

    def __init__(self, log: list[Event] | None = None) -> None:
        self.log = log
        #: ``freeze(public part)`` of every event so far: what a viewer without a private
        #: part in it sees (shared by all of them).  (Every item is a FrozenDict.)
        self.public = _Chunks()
        #: per viewer (a seat, or None for the spectator) the events as it sees them
        self.seats: dict[int | None, _Chunks] = {}
        #: events_all's items
        self.all = _Chunks()

    def __reduce__(self) -> tuple[Any, ...]:
        return (_EventCache, ())

    def fork(self, log: list[Event]) -> _EventCache:
        """The cache for a copy of the game whose log ``log`` starts as a copy of this one's:
        the read-only events built so far are shared."""
        cache = _EventCache(log)
        cache.public = self.public.fork()
        cache.seats = {seat: items.fork() for seat, items in self.seats.items()}
        cache.all = self.all.fork()
        return cache

    def _publics(self, upto: int) -> _Chunks:
        public = self.public
        log = self.log
        assert log is not None
        for i in range(len(public), upto):
            public.append(freeze(log[i][0]))
        return public

    def viewer(self, seat: int | None) -> _Chunks:
        """The log as ``seat`` sees it so far (the cache itself: callers take ``since``)."""
        log = self.log

        assert log is not None
        out = self.seats.get(seat)
        if out is None:
            out = self.seats[seat] = _Chunks()
        start, end = len(out), len(log)
        if start == end:
            return out
        public = self._publics(end)
        if seat is None:
            for i in range(start, end):
                out.append(public[i])
            return out
        for i in range(start, end):
            event = log[i]
            item = public[i]
            if len(event) > 1:
                for who, extra in event[1]:
                    if who == seat:
                        item = FrozenDict({**item, **freeze(extra)})
            out.append(item)
        return out

    def everything(self) -> _Chunks:
        """``events_all``'s items so far: each event with every private part by seat."""
        log = self.log
        assert log is not None
        out = self.all
        start, end = len(out), len(log)
        if start == end:
            return out
        public = self._publics(end)
        for i in range(start, end):
            event = log[i]
            item = public[i]
            if len(event) > 1:
                private = FrozenDict({str(who): freeze(extra) for who, extra in event[1]})
                item = FrozenDict({**item, "private": private})
            out.append(item)
        return out


class Game:
    """One game in progress.  Read it through ``view``; change it through ``apply``."""

    RULES: ClassVar[type[Rules]] = Rules
    FAMILY: ClassVar[str] = ""
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 10
    #: Attributes holding the family's mutable state; plain JSON values only (lists, not tuples).
    STATE_FIELDS: ClassVar[tuple[str, ...]] = ()
    #: The shape of each state field, checked when a save is loaded (see savecheck.py); a
    #: field without one is only checked to be plain JSON.
    STATE_SHAPES: ClassVar[Mapping[str, sc.Shape]] = {}
    #: The keys each action type may have; a key not listed is refused (a type not listed
    #: here is left to the family's ``_parse``, which refuses it by name).
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {}

    game_id: str
    rules: Rules
    players: int
    seed: int
    rng: random.Random
    events: list[Event]
    version: int
    _act: list[int]
    _result: dict[str, Any] | None
    #: The per-viewer event copies (see _EventCache): made on first demand, never saved.
    _event_cache: _EventCache | None = None

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
        if type(players) is not int:
            raise RuleError(f"players must be a whole number, not {quote(players)}")
        low, high = cls._player_bounds(preset)
        if not low <= players <= high:
            raise RuleError(
                f"{preset.id} is played by {low} to {high} players, not {quote(players)}"
            )
        if first is not None and (type(first) is not int or not 0 <= first < players):
            raise RuleError(f"first must be a seat from 0 to {players - 1}, not {quote(first)}")
        if seed is None:
            seed = secrets.randbits(63)
        elif type(seed) is not int or seed.bit_length() > SEED_BITS:
            raise RuleError(
                f"seed must be a whole number of at most {SEED_BITS} bits, not {quote(seed)}"
            )
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

    @classmethod
    def _player_bounds(cls, preset: Preset) -> tuple[int, int]:
        """The fewest and most players of ``preset``."""
        return preset.min_players or cls.MIN_PLAYERS, preset.max_players or cls.MAX_PLAYERS

    def legal_actions(self, seat: int) -> list[Action]:
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return []
        return self._legal(seat)

    def lists_subset(self, seat: int) -> bool:
        """Whether ``legal_actions(seat)`` is a documented subset shorter than the 10,000-action
        cap (a list that long may be one anyway).  No family but Poker Bull lists one, which
        overrides this."""
        return False

    def sample_action(self, seat: int, rng: random.Random) -> Action:
        """One of ``legal_actions(seat)`` drawn uniformly with ``rng``; families may override it
        to draw without listing every action."""
        legal = self.legal_actions(seat)
        if not legal:
            raise IllegalAction(
                "the game is over"
                if self.over
                else self._not_your_turn(seat)
                if type(seat) is int
                else self._no_seat(seat)
            )
        return legal[rng.randrange(len(legal))]

    def sample_action_other(
        self, seat: int, rng: random.Random, skip: frozenset[str]
    ) -> Action | None:
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

    def view(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """All that ``seat`` may know (None: a spectator, public information only).

        ``since``: the log (``events``) from event number ``since`` on, as ``events_for``
        gives it, for a caller that keeps the earlier events (the research environments:
        copying a long log each step costs more than the rest of the view)."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise IllegalAction(self._no_seat(seat))
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
        out["events"] = self.events_for(seat, since)
        return out

    def events_for(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event log as ``seat`` may see it (public parts, plus private parts shown to it),
        from event number ``since`` on: a client that keeps its copy asks for the new ones.

        A fresh list of read-only events (:class:`FrozenDict`, equal to plain dicts), each
        built once per viewer and shared by every later call: the cost is the events new
        since this viewer's last call, however long the game has run."""
        if seat is not None and (type(seat) is not int or not 0 <= seat < self.players):
            raise IllegalAction(self._no_seat(seat))
        if type(since) is not int:
            raise IllegalAction(f"since must be an event number, not {quote(since)}")
        return self._event_cache_now().viewer(seat).since(since)

    def events_all(self, since: int = 0) -> list[dict[str, Any]]:
        """Every event with every private part, under ``"private"`` by seat: for replays and
        analysis after the fact, never for a player during a game.  Read-only events, built
        once each, as ``events_for``."""
        if type(since) is not int:
            raise IllegalAction(f"since must be an event number, not {quote(since)}")
        return self._event_cache_now().everything().since(since)

    def _event_cache_now(self) -> _EventCache:
        """This game's event cache, made afresh if it was made for another (or a longer) log."""
        cache = self._event_cache
        log = self.events
        if cache is None or cache.log is not log or len(cache.public) > len(log):
            cache = _EventCache(log)
            self._event_cache = cache
        return cache

    def copy(self) -> Self:
        """An independent copy (the same family, state and RNG).  The log is shared event by
        event (a logged event is never changed: the log only grows), and so are the read-only
        events already built for its viewers (see _Chunks): a long game's copy costs a
        pointer a logged event and holds little of its own; the rest of the state is copied
        whole."""
        events, cache = self.events, self._event_cache
        self.events, self._event_cache = [], None
        try:
            clone: Self = pickle.loads(pickle.dumps(self, protocol=pickle.HIGHEST_PROTOCOL))
        finally:
            self.events, self._event_cache = events, cache
        clone.events = list(events)
        if cache is not None and cache.log is events:
            clone._event_cache = cache.fork(clone.events)
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
        """A game from a parsed save, every part checked first (SaveError names the first
        problem): each field's type and range, the rules as ``new_game`` checks them, the
        family's state (``STATE_SHAPES``, then ``_check_state``: card conservation, phases,
        seats), then the whole (``_check_loaded``).  A save that passes is a game that can go
        on; the checks take time linear in the size of the save."""
        missing = [key for key in SAVE_KEYS if key not in data]
        if missing:
            raise sc.damaged("the save", f"lacks {', '.join(missing)}")
        if len(data) != len(SAVE_KEYS):
            extra = [key for key in data if key not in SAVE_KEYS]
            raise sc.damaged("the save", f"has unknown key(s) {quote(extra)}")
        players = data["players"]
        low, high = cls._player_bounds(preset)
        if type(players) is not int or not low <= players <= high:
            raise sc.damaged(
                "players", f"must be from {low} to {high} for {preset.id}, not {quote(players)}"
            )
        raw_rules = data["rules"]
        if type(raw_rules) is not dict:
            raise sc.damaged("rules", f"must be a dict of options, not {quote(raw_rules)}")
        try:
            rules = cls.RULES.build(raw_rules)
            rules.validate(players)
        except RuleError as exc:
            raise SaveError(f"the saved game has rules that cannot be played: {exc}") from None
        seed = data["seed"]
        if type(seed) is not int or seed.bit_length() > SEED_BITS:
            raise sc.damaged(
                "seed", f"must be a whole number of at most {SEED_BITS} bits, not {quote(seed)}"
            )
        self = cls.__new__(cls)
        self.game_id = preset.id
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(0)  # (its state is set next: no need to seed it from the OS)
        self.rng.setstate(sc.check_rng(data["rng"]))
        sc.whole()(data["version"], self, "version")
        self.version = data["version"]
        sc.seats()(data["to_act"], self, "to_act")
        self._act = list(data["to_act"])
        sc.check_result(data["result"], self)
        self._result = data["result"]
        sc.check_events(data["events"], self)
        self.events = data["events"]
        state = data["state"]
        if type(state) is not dict:
            raise sc.damaged("state", f"must be a dict, not {quote(state)}")
        missing = [name for name in cls.STATE_FIELDS if name not in state]
        if missing:
            raise sc.damaged("state", f"lacks {', '.join(missing)}")
        if len(state) != len(cls.STATE_FIELDS):
            extra = [key for key in state if key not in cls.STATE_FIELDS]
            raise sc.damaged("state", f"has unknown field(s) {quote(extra)}")
        free = sc.json_value()
        for name in cls.STATE_FIELDS:
            value = state[name]
            cls.STATE_SHAPES.get(name, free)(value, self, name)
            setattr(self, name, value)
        self._check_state()
        self._after_load()
        self._check_loaded()
        return self

    def _after_load(self) -> None:
        """Rebuild anything derived from the rules (caches) after a load."""

    def _check_state(self) -> None:
        """A loaded state's own consistency, each field having its shape already (card
        conservation, phases, seats): SaveError (``savecheck.damaged``) naming the problem.
        Runs before ``_after_load``, so it must not rely on derived caches."""

    def _expected_act(self) -> list[int] | None:
        """The seats the state says may act (a loaded game's ``to_act`` must be them), or None
        where the family does not say; the game is not over."""
        return None

    def _check_loaded(self) -> None:
        """A loaded game as a whole: over exactly when it has a result (and then nobody acts);
        otherwise the seats to act are those its state names, and each of them may do
        something (a state where nobody can act could never go on)."""
        if self._result is not None:
            if self._act:
                raise sc.damaged("to_act", "must be empty: the game is over")
            return
        if not self._act:
            raise sc.damaged("to_act", "is empty, but the game is not over (it has no result)")
        expected = self._expected_act()
        if expected is not None and expected != self._act:
            raise sc.damaged("to_act", f"is {self._act}, but the state has {expected} to act")
        for seat in self._act:
            if not self._may_act(seat):
                raise sc.damaged("to_act", f"names seat {seat}, which has nothing it may do")

    def _may_act(self, seat: int) -> bool:
        """Whether ``seat`` (in ``to_act``) has a legal action; families answer it without
        listing every action where that is costly."""
        return bool(self._legal(seat))

    # ----------------------------------------------------------------- validation
    def _check(self, seat: Any, action: Any) -> Any:
        if self._result is not None:
            raise IllegalAction("the game is over")
        if type(action) is dict and type(seat) is int and seat in self._act:
            kind = action.get("type")
            if type(kind) is str:
                keys = self.ACTION_KEYS.get(kind)
                if keys is not None and not action.keys() <= keys:
                    raise unknown_keys(kind, action, keys)
                return self._parse(seat, kind, action)
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(self._no_seat(seat))
        if not isinstance(action, dict):
            raise IllegalAction(f"an action is a dict with a 'type' key, not {quote(action)}")
        kind = action.get("type")
        if type(kind) is not str:
            raise IllegalAction("an action needs a 'type', like {'type': 'pass'}")
        if seat not in self._act:
            raise IllegalAction(self._not_your_turn(seat))
        keys = self.ACTION_KEYS.get(kind)
        if keys is not None and not action.keys() <= keys:
            raise unknown_keys(kind, action, keys)
        return self._parse(seat, kind, action)

    def _no_seat(self, seat: object) -> str:
        return f"there is no seat {quote(seat)}; seats are 0 to {self.players - 1}"

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
        self, public: Mapping[str, Any], private: Mapping[int, Mapping[str, Any]] | None = None
    ) -> None:
        """Log an event: ``public`` for every viewer (a family builds it as one of its shapes,
        :mod:`bluffhouse.shapes`, so strict mypy checks its keys), ``private`` the extra keys
        each seat alone sees."""
        if private:
            self.events.append([public, [[who, extra] for who, extra in private.items()]])
        else:
            self.events.append([public])

    def _finish(
        self, winner: int | None, ranking: list[int], scores: list[Any], **extra: Any
    ) -> None:
        """End the game.  ``extra`` goes into the result; an ``end`` key (how the game ended,
        when not in the usual way: "stalled") goes into the game_over event too."""
        self._result = {"winner": winner, "ranking": ranking, "scores": scores, **extra}
        self._act = []
        over: dict[str, Any] = {"type": "game_over", "winner": winner, "ranking": list(ranking)}
        if "end" in extra:
            over["end"] = extra["end"]
        self._log(over)


def unknown_action(kind: str, allowed: Sequence[str]) -> IllegalAction:
    return IllegalAction(
        f"unknown action type {quote(kind)}; here you may use: "
        f"{', '.join(repr(a) for a in allowed)}"
    )


def unknown_keys(kind: str, action: Mapping[Any, Any], keys: frozenset[str]) -> IllegalAction:
    """The refusal of an action of type ``kind`` that has keys outside ``keys``."""
    extra = [k for k in action if k not in keys]
    named = f"key {quote(extra[0])}" if len(extra) == 1 else f"keys {quote(extra)}"
    takes = ", ".join(repr(k) for k in sorted(keys))
    return IllegalAction(f"unknown {named} in a {quote(kind)} action; it takes only {takes}")
