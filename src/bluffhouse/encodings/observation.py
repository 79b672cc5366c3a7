"""The shared base of the observation encoders: the vector's layout, the memory a seat keeps
between calls (each logged event read once) and the encoder every family's builds on."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn

import numpy as np

from ..cards import CARD_INDEX
from ..errors import RuleError
from .base import (
    HISTORY,
    GameConfig,
    Vector,
    View,
    relative,
)


# ====================================================================== observations
def squash(x: float, scale: float) -> float:
    """A count of any size as a value in [0, 1): x / (x + scale)."""
    return x / (x + scale) if x > 0 else 0.0


class Layout:
    """Named blocks of a flat vector."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> slice:
        self.blocks.append((name, self.size, size, meaning))
        self.size += size
        return slice(self.size - size, self.size)


class Memory:
    """What an encoder keeps for one seat between calls, so each call reads only the events
    new since the last one: the seat, the events read, the cards' last known places and the
    recent-history rows.  Made for one game; a view with fewer events (another game) starts
    it afresh."""

    def __init__(self, seat: int | None, history: int, row: int) -> None:
        self.seat = seat
        self.count = 0
        self.rows: list[Any] = []  # (Vector rows; Sneak's: their bytes)
        self.history = history
        self.row_size = row
        #: per card identity, known copies by place (encoder-specific places); shared with a
        #: copy until either changes them (see place)
        self.known: dict[str, Counter[int]] = {}
        self._known_shared = False
        #: blocks of the vector kept between calls, by name: (what they were made from, block);
        #: like the rows, a block is never changed once made
        self.kept: dict[str, tuple[Any, Any]] = {}  # (Vector blocks; Sneak's: their bytes)

    def __deepcopy__(self, memo: dict[int, Any]) -> Memory:
        """A copy that shares the history rows and kept blocks (never changed once made), and
        the known places until one of the two changes them (most copies never do: OpenSpiel
        keeps a copy of every state of a game in its tests)."""
        twin = Memory(self.seat, self.history, self.row_size)
        twin.count = self.count
        twin.rows = list(self.rows)
        twin.known = self.known
        twin._known_shared = self._known_shared = True
        twin.kept = dict(self.kept)
        return twin

    def forget_known(self) -> None:
        """Every card's known place forgotten (a new deal)."""
        self.known = {}
        self._known_shared = False

    def place(self, name: str) -> Counter[int]:
        """The known copies at this place, to change."""
        if self._known_shared:
            self.known = {n: Counter(c) for n, c in self.known.items()}
            self._known_shared = False
        got = self.known.get(name)
        if got is None:
            got = self.known[name] = Counter()
        return got

    def push(self, row: Vector) -> None:
        self.rows.append(row)
        if len(self.rows) > self.history:
            del self.rows[0]


class ObservationEncoder:
    """A fixed-length vector (float32, every value in [0, 1]) and a string form of a view.

    ``encode(view, memory)`` reads only ``view``; give it the same :class:`Memory` for the
    same seat's successive views of one game to read each event once (without one, every
    event is read each time: the same vector, slower)."""

    #: the family's event types, one-hot in the history rows (others share one slot)
    EVENT_TYPES: tuple[str, ...] = ()

    def __init__(self, config: GameConfig, history: int = HISTORY) -> None:
        self.config = config
        self.players = config.players
        self.history = history
        self.layout = Layout()
        self.row_size = 0
        self._event_index = {t: i for i, t in enumerate(self.EVENT_TYPES)}
        self._rows: dict[tuple[Any, ...], Vector] = {}
        self._define()

    @property
    def size(self) -> int:
        return self.layout.size

    def _define(self) -> None:
        raise NotImplementedError

    def memory(self, seat: int | None) -> Memory:
        return Memory(seat, self.history, self.row_size)

    def _catch_up(self, view: View, memory: Memory | None, since: int = 0) -> Memory:
        """``memory`` (a fresh one if None, or started afresh if made for another seat or a
        longer log) after reading the view's events new since its last call (``since``: the
        view's log starts at that event number, ``view(seat, since=...)``)."""
        return self._caught_up(view.get("seat"), view.get("events") or [], memory, since)

    def _caught_up(
        self,
        seat: int | None,
        events: Sequence[Mapping[str, Any]],
        memory: Memory | None,
        since: int = 0,
    ) -> Memory:
        """``_catch_up`` on the view's seat and events, already read."""
        total = since + len(events)
        if since < 0:
            self._not_read(since, memory.count if memory is not None else 0)
        if memory is None or memory.seat != seat or memory.count > total:
            fresh = self.memory(seat)
            if memory is not None:
                memory.__dict__.update(fresh.__dict__)
            else:
                memory = fresh
        if memory.count < since:
            self._not_read(since, memory.count)
        if memory.count < total:
            self._read_events(memory, events, memory.count - since)
            memory.count = total
        return memory

    @staticmethod
    def _not_read(since: int, read: int) -> NoReturn:
        raise RuleError(
            f"since must be the event number the view's log starts at, from 0 to "
            f"the {read} events this memory has read, not {since}: ask the view "
            f"from event {read} on"
        )

    def _read_events(self, memory: Memory, events: Sequence[Mapping[str, Any]], start: int) -> None:
        """``events[start:]`` read into ``memory``, one by one (an encoder may read them in
        one loop of its own: Sneak's does)."""
        read = self._read_event
        for i in range(start, len(events)):
            read(memory, events[i])

    def encode_into(
        self, out: Vector, view: View, memory: Memory | None = None, since: int = 0
    ) -> None:
        """``encode`` written into ``out`` (an array of ``size`` values: OpenSpiel's
        observer keeps one)."""
        out[:] = self.encode(view, memory, since)

    def encode_list(self, view: View, memory: Memory | None = None, since: int = 0) -> list[float]:
        """``encode`` as a list of Python floats (OpenSpiel's ``observation_tensor``), the
        same values."""
        values: list[float] = self.encode(view, memory, since).tolist()
        return values

    def encode(self, view: View, memory: Memory | None = None, since: int = 0) -> Vector:
        """The vector of ``view``; ``since``: its log starts at that event number (a view
        asked with ``since``), which ``memory`` must have read up to."""
        memory = self._catch_up(view, memory, since)
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(out, view, memory)
        if memory.rows:
            kept = memory.kept.get("history")
            if kept is None or kept[0] != memory.count:
                kept = memory.kept["history"] = (memory.count, np.concatenate(memory.rows[::-1]))
            rows = kept[1]
            start = self._history_slice.start
            out[start : start + rows.size] = rows
        return out

    _history_slice: slice

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ shared pieces
    def _seat_hot(self, out: Vector, at: int, seat: int | None, other: Any) -> None:
        """A one-hot of ``other`` counted from ``seat``'s left, at ``out[at:at+players]``."""
        if type(other) is int and 0 <= other < self.players:
            out[at + relative(seat, other, self.players)] = 1.0

    def _type_slot(self, kind: Any) -> int:
        return (
            self._event_index.get(kind, len(self.EVENT_TYPES))
            if type(kind) is str
            else len(self.EVENT_TYPES)
        )

    def _card_counts(self, out: Vector, at: int, cards: Iterable[str], copies: float) -> None:
        for text in cards:
            card = CARD_INDEX.get(text)
            if card is not None:
                out[at + card] = min(1.0, out[at + card] + 1.0 / copies)

    def _kept_cards(
        self,
        memory: Memory,
        name: str,
        cards: Sequence[str],
        width: int,
        weight: Callable[[int], float],
    ) -> Vector:
        """A block of ``width`` values, each card adding ``weight(card)`` (at most 1 in all),
        kept in ``memory`` until the cards change (a hand changes far less often than it is
        observed)."""
        kept = memory.kept.get(name)
        if kept is not None and kept[0] == cards:
            found: Vector = kept[1]
            return found
        block = np.zeros(width, dtype=np.float32)
        for text in cards:
            card = CARD_INDEX.get(text)
            if card is not None and card < width:
                block[card] = min(1.0, block[card] + weight(card))
        memory.kept[name] = (list(cards), block)
        return block

    def _row(self, key: tuple[Any, ...], make: Callable[[], Vector]) -> Vector:
        """The history row of an event, shared by every event that gives the same ``key``
        (rows are never changed once made)."""
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= 1 << 14:
                self._rows.clear()
            row = self._rows[key] = make()
        return row

    def text(self, view: View, recent: int = 6) -> str:
        """The view as a few lines of text: what the vector holds, readable (and as leak-free:
        it reads the view only)."""
        seat = view.get("seat")
        who = "spectator" if seat is None else f"seat {seat}"
        lines = [
            f"{view.get('game')} {who} of {view.get('players')}"
            f"{' (over)' if view.get('over') else ''} | to act: "
            f"{' '.join(str(s) for s in view.get('to_act') or []) or '-'}"
        ]
        if seat is not None:
            lines.append("hand: " + (" ".join(view.get("hand") or []) or "-"))
        lines.append("hand sizes: " + " ".join(str(x) for x in view.get("hand_sizes") or []))
        lines.extend(self._text_lines(view))
        events = list(view.get("events") or [])[-recent:] if recent else []
        if events:
            lines.append("recent: " + " | ".join(event_text(e) for e in events))
        if view.get("result"):
            res = view["result"]
            lines.append(
                f"result: winner {res.get('winner')}, ranking "
                f"{' '.join(str(s) for s in res.get('ranking', []))}"
            )
        return "\n".join(lines)

    def _text_lines(self, view: View) -> list[str]:
        return []

    def blocks(self) -> list[tuple[str, int, str]]:
        """(block, length, meaning) in order, for the docs."""
        return [(name, size, meaning) for name, _, size, meaning in self.layout.blocks]


def event_text(event: Mapping[str, Any]) -> str:
    """One logged event as a short token string (the keys in order, cards joined)."""
    parts = [str(event.get("type"))]
    for key, value in event.items():
        if key == "type":
            continue
        if isinstance(value, list) and all(type(v) is str for v in value):
            value = "".join(value) if all(len(v) == 2 for v in value) else ",".join(value)
        parts.append(f"{key}={value}")
    return " ".join(parts)
