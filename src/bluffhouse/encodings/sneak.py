"""Sneak's encodings: its action codec (the card sets of sneaks, flaunts and challenges) and its
observation encoder."""

from __future__ import annotations

import array
import functools
import itertools
import operator
import struct
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ..cards import CARD_INDEX, CARD_TEXT, JOKER
from ..errors import IllegalAction, RuleError, quote
from ..game import FrozenDict, Game
from .base import (
    SNEAK_ANY,
    SNEAK_COMBO,
    Action,
    ActionCodec,
    GameConfig,
    Ids,
    Multisets,
    Segment,
    Vector,
    View,
    bounded_multisets,
    ids_of,
)
from .observation import (
    Memory,
    ObservationEncoder,
    squash,
)


# ---------------------------------------------------------------------- Sneak
def flauntable_sets(packs: int, most: int) -> list[tuple[int, ...]]:
    """Every set of 2..``most`` cards (``packs`` copies of each at most) that may be flaunted:
    a match, a straight (flush) or a flush, as the engine judges them; sizes in order."""
    return list(_flauntable_sets(packs, most))


@functools.lru_cache(maxsize=8)
def _flauntable_sets(packs: int, most: int) -> tuple[tuple[int, ...], ...]:
    """``flauntable_sets``, worked out once per process (most of the time a codec takes to
    build: every codec of a configuration with as many packs has the same)."""
    from ..sneak.combos import is_flauntable

    found: set[tuple[int, ...]] = set()
    for size in range(2, most + 1):
        for rank in range(13):  # matches
            for suits in itertools.combinations_with_replacement(range(4), size):
                if max(Counter(suits).values()) <= packs:
                    found.add(tuple(sorted(rank * 4 + s for s in suits)))
        for low in range(1, 15 - size + 1):  # runs, ace low (1) or high (14)
            ranks = [0 if v in (1, 14) else v - 1 for v in range(low, low + size)]
            for suits in itertools.product(range(4), repeat=size):
                found.add(tuple(sorted(r * 4 + s for r, s in zip(ranks, suits, strict=True))))
        for suit in range(4):  # flushes
            for values in itertools.combinations_with_replacement(range(13), size):
                if len(set(values)) > 1 and max(Counter(values).values()) <= packs:
                    found.add(tuple(sorted(r * 4 + suit for r in values)))
    keep = [s for s in found if is_flauntable(list(s))]
    return tuple(sorted(keep, key=lambda s: (len(s), s)))


@functools.lru_cache(maxsize=8)
def _sneak_tables(
    packs: int,
    any_limit: int,
    combo_limit: int,
    first: int,
) -> tuple[Multisets, Multisets, dict[str, dict[tuple[int, ...], int]]]:
    """The tables of :class:`SneakCodec` (its sneaks, its flaunts, and the ids of the card
    sets of each action type, the sneaks' from ``first``), built once per process for every
    codec of as many packs and limits: never changed once made."""
    sneaks = Multisets()
    sneaks.add(bounded_multisets([packs] * 52, range(1, any_limit + 1)))
    flaunts = Multisets()
    flaunts.add((c,) for c in range(52))
    flaunts.add(_flauntable_sets(packs, combo_limit))
    sneak_ids = {cards: first + i for i, cards in enumerate(sneaks.items)}
    first += len(sneaks)
    flaunt_ids = {cards: first + i for i, cards in enumerate(flaunts.items)}
    return (
        sneaks,
        flaunts,
        {"sneak": sneak_ids, "flaunt": flaunt_ids, "challenge": {**flaunt_ids, **sneak_ids}},
    )


class SneakCodec(ActionCodec):
    """Sneak: draw and pass, then the cards of a sneak (any set of up to ``any_limit`` cards)
    and of a flaunt (one card, or a combination of up to ``combo_limit``).

    A challenge shares the ids of the leads, as a lead and a challenge are never choices of one
    decision (a lead on a turn, a challenge in the window after it): a challenge of up to
    ``any_limit`` cards takes the id of the sneak of its cards, a larger one (a combination)
    the id of the flaunt of them.  The view tells which reading is in force (its ``phase``):
    half the ids of a space with a segment of its own for challenges, and half the mask an
    agent scans each step."""

    def __init__(
        self, config: GameConfig, any_limit: int = SNEAK_ANY, combo_limit: int = SNEAK_COMBO
    ) -> None:
        super().__init__(config)
        for name, value in (("any_limit", any_limit), ("combo_limit", combo_limit)):
            if type(value) is not int or not 1 <= value <= 8:
                raise RuleError(f"{name} must be a whole number from 1 to 8, not {quote(value)}")
        packs = int(config.rules_object().pack_count(config.players))
        self.any_limit, self.combo_limit = any_limit, combo_limit
        self._add_simple()
        self.sneaks, self.flaunts, ids = _sneak_tables(packs, any_limit, combo_limit, self.size)
        self.tables = {"sneak": self.sneaks, "flaunt": self.flaunts}
        self._segment(
            "sneak",
            len(self.sneaks),
            f"lead face down any {any_limit} cards at most; in a challenge window, "
            "challenge with them",
        )
        self._segment(
            "flaunt",
            len(self.flaunts),
            f"lead face up one card or a combination of {combo_limit} at most; in a "
            f"challenge window, those of more than {any_limit} cards challenge with "
            "them",
        )
        #: per action type, the ids of its card sets: a challenge's are its sneak's where
        #: there is one, else its flaunt's (see the class)
        self._ids = ids
        #: the ids of the action types that carry no cards
        self._single_ids = {seg.kind: seg.start for seg in self.segments if seg.size == 1}
        #: legal ids by the engine's ``legal_key`` (see ``legal_ids``)
        self._kept_ids: dict[Any, Ids] = {}

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        kind = action.get("type")
        index = self._ids.get(kind) if type(kind) is str else None
        if index is None:
            raise self._no_place(action)
        cards = action.get("cards")
        if type(cards) is not list:
            return None
        ids = []
        for text in cards:
            card = CARD_INDEX.get(text) if type(text) is str else None
            if card is None or card == JOKER:
                return None
            ids.append(card)
        return index.get(tuple(sorted(ids)))

    def legal_ids(self, game: Game, seat: int, view: View) -> Ids:
        """The ids of ``game.legal_sets(seat)`` (read-only), kept by the engine's
        ``legal_key``: the same hand in the same situation comes back often (a first draw, a
        pass or a challenge with the same cards)."""
        sets = getattr(game, "legal_sets", None)
        if sets is None:
            return super().legal_ids(game, seat, view)
        key = game.legal_key(seat)  # type: ignore[attr-defined]
        ids = self._kept_ids.get(key)
        if ids is None:
            ids = self._ids_of_sets(sets(seat))
            ids.flags.writeable = False
            if len(self._kept_ids) >= 1 << 14:
                self._kept_ids.clear()
            self._kept_ids[key] = ids
        return ids

    def _ids_of_sets(self, sets: list[tuple[str, tuple[int, ...]]]) -> Ids:
        places, singles = self._ids, self._single_ids
        ids: list[int] = []
        for kind, cards in sets:
            if cards:
                at = places[kind].get(cards)
                if at is not None:  # (else a set larger than the space holds)
                    ids.append(at)
            else:
                ids.append(singles[kind])
        return ids_of(ids)

    def _challenging(self, view: View | None) -> bool:
        """Whether the ids of card sets read as challenges for the seat of ``view``: in a
        challenge window (its ``phase``)."""
        return view is not None and view.get("phase") == "window"

    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        cards = self.tables[seg.kind].items[offset]
        if self._challenging(view):
            i = seg.start + offset
            twin = self._ids["challenge"][cards]
            if twin != i:
                raise IllegalAction(
                    f"action id {i} ({self.describe(i)}) is no challenge: in a challenge window "
                    f"a challenge of {len(cards)} card{'s' if len(cards) != 1 else ''} takes "
                    f"the id of its sneak, {twin}"
                )
            return {"type": "challenge", "cards": [CARD_TEXT[c] for c in cards]}
        return {"type": seg.kind, "cards": [CARD_TEXT[c] for c in cards]}

    def describe(self, index: int, view: View | None = None) -> str:
        """A short text for the id, unique in the space: without ``view`` both readings of an
        id a challenge shares (``sneak or challenge 3S 4H 5D``), with the seat's view now the
        one in force (``challenge 3S 4H 5D`` in a challenge window)."""
        seg = self.segment_of(index)
        if seg.size == 1:
            return seg.kind
        cards = self.tables[seg.kind].items[index - seg.start]
        shown = " ".join(CARD_TEXT[c] for c in cards)
        if self._ids["challenge"][cards] != index:
            return f"{seg.kind} {shown}"
        if view is None:
            return f"{seg.kind} or challenge {shown}"
        return f"{'challenge' if self._challenging(view) else seg.kind} {shown}"


# ---------------------------------------------------------------------- Sneak observations
SNEAK_PHASES = ("turn", "window", "over")
SNEAK_COMBOS = ("single", "match", "straight_flush", "straight", "flush", "nothing")
#: The events that tell of cards won (or, ``deal_start``, start the count afresh).
_CARD_EVENTS = frozenset({"deal_start", "won", "reveal", "uncontested"})
#: A deal starts: the cards seen won are counted afresh (see ``_decode``).
_RESET = object()
#: One float32, as the vector holds it (``_read_events`` writes the bytes of the block of cards
#: won).
_FLOAT = struct.Struct("=f")
_FLOAT32 = np.dtype(np.float32)
#: The values of a view ``SneakObservation._blocks`` reads, and of its lead.
_VIEW_KEYS = (
    "seat",
    "events",
    "hand",
    "hand_sizes",
    "won",
    "scores",
    "started",
    "to_act",
    "lead",
    "challenged",
    "declined",
    "turn",
    "dealer",
    "stock_size",
    "out_of_play",
    "deal",
    "sneaking",
    "lead_limit",
    "phase",
    "challenges",
)
_view_values = operator.itemgetter(*_VIEW_KEYS)
_LEAD_KEYS = ("seat", "kind", "count", "cards", "combo")
_lead_values = operator.itemgetter(*_LEAD_KEYS)


def _f32(value: float) -> float:
    """``value`` as a float32 holds it."""
    return float(_FLOAT.unpack(_FLOAT.pack(value))[0])


#: The values of an event ``SneakObservation._decode`` reads.
_EVENT_KEYS = ("type", "seat", "winner", "count", "kind")


def _card_steps(copies: float) -> list[bytes]:
    """The float32 bytes of a card's value in a block of card counts after each copy of it,
    worked out as the plain reading does (``min(1.0, value + 1.0 / copies)`` in a float32
    vector), up to the value where another copy changes nothing."""
    value = np.zeros(1, dtype=np.float32)
    steps = [value.tobytes()]
    while len(steps) < 1 << 10:
        value[0] = min(1.0, value[0] + 1.0 / copies)
        if value.tobytes() == steps[-1]:
            break
        steps.append(value.tobytes())
    return steps


class SneakObservation(ObservationEncoder):
    """Sneak: the hand, the seats, the stock, the lead being answered (its cards when shown),
    the seat's own challenge, and the cards seen won this deal (flaunts, reveals) by seat."""

    EVENT_TYPES = (
        "deal_start",
        "draw",
        "sneak",
        "flaunt",
        "challenge",
        "pass",
        "won",
        "reveal",
        "uncontested",
        "deal_end",
        "game_over",
    )

    def _define(self) -> None:
        n = self.players
        packs = int(self.config.rules_object().pack_count(n))
        self.copies = float(packs)
        self.total = float(52 * packs)
        self.target = float(self.config.rules_object().target_score(n))
        lay = self.layout
        self.s_hand = lay.add("hand", 52, "own cards, copies / packs")
        self.seat_width = 10
        self.s_seats = lay.add(
            "seats",
            n * self.seat_width,
            "per seat from the viewer's left: cards held / 13, cards won "
            "this deal / deck, score / target, started, to act, on turn, "
            "dealer, leader, challenged, passed",
        )
        self.s_misc = lay.add(
            "misc",
            5 + len(SNEAK_PHASES) + 1,
            "stock / deck, out of play / deck, deal number, sneaking still "
            "allowed, lead limit / 13, phase",
        )
        self.s_lead = lay.add(
            "lead",
            3 + 52 + len(SNEAK_COMBOS) + 1,
            "the lead being answered: present, flaunted, cards / 13, its "
            "cards where shown, its combination where flaunted",
        )
        self.s_own = lay.add("own_challenge", 52, "own challenge cards to the lead")
        self.s_won = lay.add(
            "won", 52 * n, "per card, seen won this deal by each seat (from the viewer)"
        )
        self.row_size = len(self.EVENT_TYPES) + 1 + n + 3
        self._phase_slot = {p: k for k, p in enumerate(SNEAK_PHASES)}
        #: the history rows of an event by reader, by the raw values of the event (see
        #: ``_decode``)
        self._event_rows: dict[Any, tuple[bytes, ...]] = {}
        #: the decoded read-only events by their identity (see ``_decode``)
        self._decoded: dict[int, tuple[Any, ...]] = {}
        #: the float32 bytes of a card counted k times in a hand or challenge, by k: as numpy
        #: adds them up in a float32 vector, min(1.0, value + 1.0 / copies) k times
        self._card_steps = _card_steps(self.copies)
        #: the float32 bytes of a card won k times, by k (min(1.0, k / copies): see
        #: ``_read_events``)
        self._won_values = [
            _FLOAT.pack(min(1.0, k / self.copies)) for k in range(int(self.copies) + 1)
        ]
        self._history_slice = lay.add(
            "history",
            self.history * self.row_size,
            f"the last {self.history} events, newest first: type, seat, cards / 13, sneak, flaunt",
        )
        # What _blocks puts together, in the layout's order (checked here):
        assert (
            self.s_hand.stop,
            self.s_seats.stop,
            self.s_misc.stop,
            self.s_lead.stop,
            self.s_own.stop,
        ) == (52, 52 + 10 * n, 61 + 10 * n, 123 + 10 * n, 175 + 10 * n)
        small = self.s_misc.stop - self.s_seats.start
        self._small = [0.0] * small
        self._pack_small = struct.Struct(f"={small}f").pack
        self._unpack_small = struct.Struct(f"={small}f").unpack
        #: the floats of blocks by their bytes, and the float objects they share, by value
        #: (see ``encode_list``)
        self._floats: dict[bytes, tuple[float, ...]] = {}
        self._float_values: dict[float, float] = {}
        #: those floats by their float32 bits, and the unpackings of blocks into such words
        #: by length (see ``_floats_of``)
        self._float_by_word: dict[int, float] = {}
        self._unpack_words: dict[int, Any] = {}
        self._no_lead = bytes(4 * (self.s_lead.stop - self.s_lead.start))
        #: by the viewer (its seat % n), each seat's place in the seats block
        self._slots = [{s: 10 * ((s - first) % n) for s in range(n)} for first in range(n)]
        #: the phase's place in the seats and misc values
        self._phase_at = {p: 10 * n + 5 + k for k, p in enumerate(SNEAK_PHASES)}
        #: the values of counts as the plain reading works them out (min(1.0, k / 13), ...),
        #: by count (None: a count outside the table, worked out by ``_plain_values``), each
        #: as its float32 holds it (so the Python floats of ``encode_list`` are these)
        deck = 52 * packs
        self._by_13: Any = {k: _f32(min(1.0, k / 13)) for k in range(deck + 14)}.get
        self._by_deck: Any = {k: _f32(min(1.0, k / self.total)) for k in range(deck + 1)}.get
        self._by_target: Any = {
            k: _f32(min(1.0, k / self.target)) for k in range(int(self.target) + 14)
        }.get
        self._by_deal: Any = {k: _f32(squash(k, 5.0)) for k in range(256)}.get
        self._no_cards = bytes(4 * 52)
        self._no_won = bytes(4 * 52 * n)
        #: the block of cards seen won as its seats' parts (kept as the parts and their join,
        #: so that a card won makes one part anew and ``encode_list`` finds the others' floats
        #: by the same bytes objects)
        self._no_won_parts = (self._no_cards,) * n
        #: the history block's zeros after k rows, by k
        self._pads = [
            bytes(4 * (self.history - k) * self.row_size) for k in range(self.history + 1)
        ]
        #: lead blocks by the lead's values, own-challenge blocks by the cards
        self._leads: dict[Any, bytes] = {}
        self._card_blocks: dict[tuple[str, ...], bytes] = {}
        self._hands: dict[tuple[str, ...], bytes] = {}

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        self._read_events(memory, [event], 0)

    def _read_events(self, memory: Memory, events: Sequence[Mapping[str, Any]], start: int) -> None:
        """The events decoded once for every seat (see ``_decode``), each seat taking its
        own row of each (the seat that acted counted from it) and counting the cards seen won
        in its memory (written out in the loop: a call costs more than its work)."""
        decoded = self._decoded
        if len(decoded) >= 1 << 10:  # (every seat reads an event within a few dozen more:
            decoded.clear()  # a longer cache only gives the garbage collector more to traverse)
        rows = memory.rows
        n = self.players
        reader = (memory.seat or 0) % n
        get, append = decoded.get, rows.append
        for event in events[start:]:
            got = get(id(event))
            if got is None:
                got = self._decode(event)
            append(got[reader])
            won = got[n]
            if won is None:
                continue
            # The cards seen won: started afresh at a deal's start, or ``seat`` won the cards
            # ``ids``: counted, and the block of cards seen won brought up to date (a new
            # block: kept blocks may be shared)
            kept = memory.kept
            if won is _RESET:
                memory.forget_known()
                kept.pop("won", None)
                continue
            seat, ids = won
            was = kept.get("won")
            parts = list(self._no_won_parts if was is None else was[0])
            at = (seat - reader) % n  # (the seat's part: 52 float32)
            block = bytearray(parts[at])
            values = self._won_values
            if len(values) == 2:  # one pack: a card won once is at 1.0 (no count needed)
                one = values[1]
                for c in ids:
                    c = 4 * c
                    block[c : c + 4] = one
            else:  # copies won by seat and card (a card index is below 64)
                top = len(values) - 1
                counts = memory.place("won")
                for c in ids:
                    key = seat * 64 + c
                    k = counts.get(key, 0) + 1
                    counts[key] = k
                    c = 4 * c
                    block[c : c + 4] = values[k if k < top else top]
            parts[at] = bytes(block)
            kept["won"] = (tuple(parts), b"".join(parts))
        extra = len(rows) - self.history
        if extra > 0:
            del rows[:extra]

    def _decode(self, event: Mapping[str, Any]) -> tuple[Any, ...]:
        """What ``event`` itself tells, whoever reads it: its history row for each reader
        (seats 0 to n-1: the seat that acted counted from the reader), then the cards it tells
        were won (the seat and the cards' indices, ``_RESET``: a deal starts, or None), then
        the event.  Kept by the event's identity for the other seats' memories when the event
        is read-only (the engine's: one object per event for every viewer without a private
        part in it; the entry holds the event, so no other object has its id while it is
        kept).  A function of the event's own content, so sharing it tells no seat anything
        it does not see."""
        kind, seat, winner, count, how = map(event.get, _EVENT_KEYS)
        who = winner if seat is None and "seat" not in event else seat
        won: Any = None
        if type(kind) is str and kind in _CARD_EVENTS:
            if kind == "deal_start":
                won = _RESET
            elif kind == "reveal":
                if type(winner) is int:
                    won = (
                        winner,
                        [
                            CARD_INDEX[c]
                            for play in event.get("plays") or []
                            for c in play.get("cards") or []
                        ],
                    )
            elif type(seat) is int and "cards" in event:  # won, uncontested
                won = seat, [CARD_INDEX[c] for c in event["cards"]]
        # The rows depend on these values only (their types too: a bool is no seat): looked up
        # whole, before working any of it out (most events of a game repeat one seen before).
        key: Any = (kind, who, count, how, type(kind), type(who), type(count))
        try:
            rows = self._event_rows.get(key)
        except TypeError:  # an unhashable value (no engine logs one)
            rows, key = None, None
        if rows is None:
            rows = self._new_rows(key, kind, who, count, how)
        got = (*rows, won, event)
        if type(event) is FrozenDict:  # (never changed: a plain dict might be)
            self._decoded[id(event)] = got  # (kept at 1 << 10 by _read_events)
        return got

    def _new_rows(
        self,
        key: Any,
        kind: Any,
        who: Any,
        count: Any,
        how: Any,
    ) -> tuple[bytes, ...]:
        """The history rows of an event for each reader, kept by ``key`` (None: not kept)."""
        n = self.players
        if type(who) is int and 0 <= who < n:
            by_seat = [self._event_row(rel, kind, count, how) for rel in range(n)]
            rows = tuple(by_seat[(who - reader) % n] for reader in range(n))
        else:
            rows = (self._event_row(-1, kind, count, how),) * n
        if key is not None:
            if len(self._event_rows) >= 1 << 14:
                self._event_rows.clear()
            self._event_rows[key] = rows
        return rows

    def _event_row(self, rel: int, kind: Any, count: Any, how: Any) -> bytes:
        """The history row of an event from its type, seat (counted from the reader; -1:
        none), count and kind of lead (its float32 values as bytes: see ``_blocks``)."""
        laid = min(1.0, count / 13) if type(count) is int else 0.0
        key = (self._type_slot(kind), rel, laid, how == "sneak", how == "flaunt")
        return self._row(key, lambda: self._make_row(*key)).tobytes()

    def _make_row(self, slot: int, rel: int, laid: float, sneak: bool, flaunt: bool) -> Vector:
        row = np.zeros(self.row_size, dtype=np.float32)
        row[slot] = 1.0
        at = len(self.EVENT_TYPES) + 1
        if rel >= 0:
            row[at + rel] = 1.0
        at += self.players
        row[at] = laid
        row[at + 1] = 1.0 if sneak else 0.0
        row[at + 2] = 1.0 if flaunt else 0.0
        return row

    def encode(self, view: View, memory: Memory | None = None, since: int = 0) -> Vector:
        """The vector, made from its blocks' bytes in one join (see ``_blocks``): into a
        bytearray, which the array then owns (writable, and no second copy)."""
        return np.frombuffer(bytearray().join(self._blocks(view, memory, since)), dtype=_FLOAT32)

    def encode_into(
        self, out: Vector, view: View, memory: Memory | None = None, since: int = 0
    ) -> None:
        if out.dtype != np.float32 or out.shape != (self.size,) or not out.flags.c_contiguous:
            super().encode_into(out, view, memory, since)
            return
        out.data.cast("B")[:] = b"".join(self._blocks(view, memory, since))

    def encode_list(self, view: View, memory: Memory | None = None, since: int = 0) -> list[float]:
        """``encode`` as a list of Python floats (OpenSpiel's ``observation_tensor``), which
        are the float32 values of ``encode``, exactly: the floats of its blocks, each block's
        kept as a tuple by its bytes (most blocks are shared objects, their hashes kept), those
        floats shared by value (most are 0.0 or 1.0), and the seats and misc values the
        tables' own floats (float32 values already), so that a list costs a pointer a value
        rather than a float made by numpy's ``tolist`` or ``struct``."""
        extra: list[Any] = []
        blocks = self._blocks(view, memory, since, extra)
        small, won_parts = extra
        floats = self._floats.get
        hand, packed, lead, own = blocks[:4]
        values = [
            *(floats(hand) or self._floats_of(hand)),
            *(self._unpack_small(packed) if small is None else small),
            *(floats(lead) or self._floats_of(lead)),
            *(floats(own) or self._floats_of(own)),
        ]
        for part in won_parts:
            values += floats(part) or self._floats_of(part)
        for row in blocks[5:]:  # (the history rows, newest first; then zeros, maybe none)
            got = floats(row)
            values += self._floats_of(row) if got is None else got
        return values

    def _floats_of(self, block: bytes) -> tuple[float, ...]:
        """The float32 values of ``block`` as shared Python floats, kept by the block's bytes
        (up to ``1 << 12`` blocks of 52 values or so)."""
        # Shared by value: a list then points at a few hot floats, not at 575 scattered ones
        # (cachegrind, an OpenSpiel step of Sneak: 9,000 instructions more, 600 fewer data
        # cache misses of the first level and 250 fewer of the second).  Read word by word
        # (a float32's bits as an int) where every word has been seen: a word's float is one
        # lookup, where making a float and finding its shared twin costs six times as much.
        kept = self._floats
        if len(kept) >= 1 << 12:
            kept.clear()
        by_word = self._float_by_word
        words = self._words_of(len(block) // 4)(block)
        try:
            floats = tuple(map(by_word.__getitem__, words))
        except KeyError:  # (a value not seen yet)
            same = self._float_values
            if len(same) >= 1 << 12:
                same.clear()
                by_word.clear()
            values = array.array("f", block)
            floats = tuple(map(same.setdefault, values, values))
            by_word.update(zip(words, floats, strict=True))
        kept[block] = floats
        return floats

    def _words_of(self, count: int) -> Any:
        """The unpacking of ``count`` float32 words as ints (kept by count)."""
        unpack = self._unpack_words.get(count)
        if unpack is None:
            unpack = self._unpack_words[count] = struct.Struct(f"={count}I").unpack
        return unpack

    def _blocks(
        self, view: View, memory: Memory | None, since: int = 0, extra: list[Any] | None = None
    ) -> list[bytes]:
        # Written for speed (an environment step encodes one view): numpy costs hundreds of
        # machine instructions per call (a value written, an array made or joined), so the
        # blocks are the bytes of their float32 values, joined once.  The hand, kept while
        # unchanged; the seats and misc values, packed at once; the lead and own-challenge
        # blocks, shared by every view with the same lead or challenge; the cards seen won,
        # kept up to date with the events (see _read_events); the history rows, shared by
        # equal events.  The view's values are read in one call (an engine's view has every
        # key), the memory caught up here (``_catch_up``, written out).  The values are those
        # of the plain reading, min(1.0, x) and all (tests/interop/sneak_reference.py).
        try:
            (
                seat,
                events,
                hand,
                sizes,
                won,
                scores,
                started,
                to_act,
                lead,
                challenged,
                declined,
                turn,
                dealer,
                stock,
                out,
                deal,
                sneaking,
                limit,
                phase,
                challenges,
            ) = _view_values(view)
        except KeyError:  # (a view with keys left out: each read as None)
            (
                seat,
                events,
                hand,
                sizes,
                won,
                scores,
                started,
                to_act,
                lead,
                challenged,
                declined,
                turn,
                dealer,
                stock,
                out,
                deal,
                sneaking,
                limit,
                phase,
                challenges,
            ) = map(view.get, _VIEW_KEYS)
        memory = self._caught_up(seat, events or (), memory, since)
        kept = memory.kept
        hand_kept = kept.get("hand")
        if not hand:
            hand = []
        if hand_kept is None or hand_kept[0] != hand:
            hand_kept = kept["hand"] = (list(hand), self._cards_block(hand, self._hands))
        n = self.players
        if not sizes:
            sizes = [0] * n
        if not won:
            won = [0] * n
        if not scores:
            scores = [0] * n
        if not started:
            started = [False] * n
        first = (seat or 0) % n
        slots = self._slots[first]  # seat: its place in the seats block, from the viewer
        small: list[Any] = self._small[:]  # the seats and misc blocks, all 0
        # The flags from the few seats they name (a seat as the plain reading finds it: by
        # equality, so by its hash): to act, on turn, dealer, leader, challenged, passed.
        slot = slots.get
        for s in to_act or ():
            place = slot(s)
            if place is not None:
                small[place + 4] = 1.0
        place = slot(turn)
        if place is not None:
            small[place + 5] = 1.0
        place = slot(dealer)
        if place is not None:
            small[place + 6] = 1.0
        if lead:
            try:
                leader, how, count, cards, combo = _lead_values(lead)
            except KeyError:
                leader, how, count, cards, combo = map(lead.get, _LEAD_KEYS)
            place = slot(leader)
            if place is not None:
                small[place + 7] = 1.0
            key: Any = (how == "flaunt", count, tuple(cards) if cards else None, combo)
            try:
                lead_block = self._leads.get(key)
            except TypeError:  # an unhashable value (no engine shows one)
                lead_block = None
            if lead_block is None:
                lead_block = self._lead_block(lead)
        else:
            lead_block = self._no_lead
        for s in challenged or ():
            place = slot(s)
            if place is not None:
                small[place + 8] = 1.0
        for s in declined or ():
            place = slot(s)
            if place is not None:
                small[place + 9] = 1.0
        at = 10 * n
        small[
            self._phase_at.get(phase, at + 5 + len(SNEAK_PHASES))
            if type(phase) is str
            else at + 5 + len(SNEAK_PHASES)
        ] = 1.0
        # The values of each seat (cards held, won, score, started) and the misc values:
        # looked up (the plain reading's values, worked out in advance: see _define), else (a
        # value outside the tables: None, which struct refuses) worked out one by one.
        by_13, by_deck, by_target = self._by_13, self._by_deck, self._by_target
        for s, place in slots.items():
            small[place] = by_13(sizes[s])
            small[place + 1] = by_deck(won[s])
            small[place + 2] = by_target(scores[s])
            if started[s]:
                small[place + 3] = 1.0
        small[at] = by_deck(stock or 0)
        small[at + 1] = by_deck(out or 0)
        small[at + 2] = self._by_deal(deal or 0)
        if sneaking:
            small[at + 3] = 1.0
        small[at + 4] = by_13(limit or 0)
        exact = True  # (the values are float32 values: the tables')
        try:
            packed = self._pack_small(*small)
        except struct.error:  # (a None: no value in a table)
            self._plain_values(
                small, first, sizes, won, scores, started, (stock, out, deal, sneaking, limit)
            )
            packed = self._pack_small(*small)
            exact = False  # (values the float32 rounds: see encode_list)
        own: list[str] = []
        for item in challenges or ():
            if item.get("seat") == seat and item.get("cards"):
                own.extend(item["cards"])
        won_kept = kept.get("won")  # (read with the events: see _read_events)
        rows = memory.rows
        blocks = [
            hand_kept[1],
            packed,
            lead_block,
            self._cards_block(own, self._card_blocks) if own else self._no_cards,
            self._no_won if won_kept is None else won_kept[1],
            *rows[::-1],
            self._pads[len(rows)],
        ]
        if extra is not None:  # (encode_list: the values ``packed`` holds, the won by seat)
            extra.append(small if exact else None)
            extra.append(self._no_won_parts if won_kept is None else won_kept[0])
        return blocks

    def _plain_values(
        self,
        small: list[Any],
        first: int,
        sizes: Any,
        won: Any,
        scores: Any,
        started: Any,
        misc: tuple[Any, ...],
    ) -> None:
        """The seats' values and the misc values of ``_blocks`` worked out one by one, as
        the plain reading does, where a value is outside the tables."""
        n = self.players
        total, target = self.total, self.target
        for p in range(n):
            s, at = (first + p) % n, 10 * p
            small[at : at + 4] = (
                min(1.0, sizes[s] / 13),
                min(1.0, won[s] / total),
                min(1.0, scores[s] / target),
                bool(started[s]),
            )
        stock, out, deal, sneaking, limit = misc
        small[10 * n : 10 * n + 5] = (
            min(1.0, (stock or 0) / total),
            min(1.0, (out or 0) / total),
            squash(deal or 0, 5.0),
            bool(sneaking),
            min(1.0, (limit or 0) / 13),
        )

    def _lead_block(self, lead: Mapping[str, Any]) -> bytes:
        """The lead block of ``lead``, shared by every view of an equal lead."""
        cards = lead.get("cards")
        combo, count = lead.get("combo"), lead.get("count")
        key: Any = (lead.get("kind") == "flaunt", count, tuple(cards) if cards else None, combo)
        try:
            block = self._leads.get(key)
        except TypeError:  # an unhashable value (no engine shows one)
            block, key = None, None
        if block is None:
            values = np.zeros(3 + 52 + len(SNEAK_COMBOS) + 1, dtype=np.float32)
            values[0] = 1.0
            values[1] = 1.0 if lead.get("kind") == "flaunt" else 0.0
            values[2] = min(1.0, (count or 0) / 13)
            if cards:
                self._card_counts(values, 3, cards, self.copies)
            if combo is not None:
                values[
                    3
                    + 52
                    + (SNEAK_COMBOS.index(combo) if combo in SNEAK_COMBOS else len(SNEAK_COMBOS))
                ] = 1.0
            block = values.tobytes()
            if key is not None:
                if len(self._leads) >= 1 << 14:
                    self._leads.clear()
                self._leads[key] = block
        return block

    def _cards_block(self, cards: Sequence[str], cache: dict[tuple[str, ...], bytes]) -> bytes:
        """The 52 card counts of ``cards`` as bytes, shared by equal cards through ``cache``
        (one for hands, one for the seat's own challenges)."""
        key = tuple(cards)
        block = cache.get(key)
        if block is None:
            counts: dict[int, int] = {}
            for text in cards:
                card = CARD_INDEX.get(text)
                if card is not None and card < 52:
                    counts[card] = counts.get(card, 0) + 1
            made = bytearray(self._no_cards)
            steps = self._card_steps
            top = len(steps) - 1
            for card, k in counts.items():
                made[4 * card : 4 * card + 4] = steps[k if k < top else top]
            block = bytes(made)
            if len(cache) >= 1 << 14:
                cache.clear()
            cache[key] = block
        return block

    def _text_lines(self, view: View) -> list[str]:
        lines = [
            f"deal {view.get('deal')} | phase {view.get('phase')} | turn "
            f"{view.get('turn')} | stock {view.get('stock_size')} | won "
            f"{' '.join(str(x) for x in view.get('won') or [])} | scores "
            f"{' '.join(str(x) for x in view.get('scores') or [])} / {view.get('target')}"
        ]
        lead = view.get("lead")
        if lead:
            shown = " ".join(lead["cards"]) if lead.get("cards") else f"{lead['count']} face down"
            lines.append(
                f"lead: seat {lead['seat']} {lead['kind']}s {shown}"
                + (f" ({lead['combo']})" if lead.get("combo") else "")
            )
        return lines
