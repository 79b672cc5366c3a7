"""Poker Bull's encodings: its action codec (every bid in the bid order) and its observation
encoder."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from ..errors import IllegalAction, RuleError
from ..game import Game
from .base import (
    CARDS,
    Action,
    ActionCodec,
    GameConfig,
    Ids,
    LegalIds,
    Segment,
    Vector,
    View,
    relative,
)
from .observation import (
    Memory,
    ObservationEncoder,
    squash,
)


# ---------------------------------------------------------------------- Poker Bull
class PokerBullCodec(ActionCodec):
    """Poker Bull: the call, then every bid of the configuration's deck in the bid order (the
    ids of two bids compare as the bids do)."""

    def __init__(self, config: GameConfig, **limits: Any) -> None:
        if limits:
            raise RuleError(f"Poker Bull's action space takes no limits, not {sorted(limits)}")
        super().__init__(config)
        from ..pokerbull.bids import bid_space, bid_text, parse_bid_cached

        r = config.rules_object()
        space = bid_space(r.universe, r.order, r.jokers)
        self.space = space
        self.texts: list[str] = list(space.texts)
        self.text_index: dict[str, int] = dict(space.text_index)
        self._parse: Callable[[object], Any] = parse_bid_cached
        self._text: Callable[[Any], str] = bid_text
        #: per listed table of an engine's bid space (kept with it: keyed by its id), the
        #: action ids of its bids (-1: a bid outside this space)
        self._tables: dict[int, tuple[Any, Ids]] = {}
        self._add_simple()
        self._segment("bid", len(self.texts), "bid this hand (every bid, in the bid order)")

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        if action.get("type") != "bid":
            raise self._no_place(action)
        text = action.get("bid")
        at = self.text_index.get(text) if type(text) is str else None
        if at is None:
            try:
                at = self.text_index.get(self._text(self._parse(text)))
            except (IllegalAction, ValueError, TypeError):
                return None
        return None if at is None else self._by_kind["bid"].start + at

    def legal(self, actions: Iterable[Mapping[str, Any]], view: View) -> LegalIds:
        # A turn lists up to 10,000 bids: their canonical texts are looked up directly (in
        # comprehensions: this is most of an environment step's cost in Poker Bull).
        listed = list(actions)
        get = self.text_index.get
        base = self._by_kind["bid"].start
        places = [get(a.get("bid"), -1) for a in listed]  # type: ignore[arg-type]
        out: LegalIds = {base + at: a for at, a in zip(places, listed, strict=True) if at >= 0}
        for at, action in zip(places, listed, strict=True):
            if at < 0:  # the call, or a bid spelt otherwise
                i = self.encode(action, view)
                if i is not None and i not in out:
                    out[i] = action
        return out

    def legal_ids(self, game: Game, seat: int, view: View) -> Ids:
        parts = getattr(game, "legal_bids", None)
        if parts is None:
            return super().legal_ids(game, seat, view)
        space, indices, start, call = parts(seat)
        bids = self._ids_table(space, indices)[start:]
        if space is not self.space:  # a deck without some jokers: its bids are ours too
            bids = np.sort(bids[bids >= 0])
        if call:
            return np.concatenate([np.array([self._by_kind["call"].start], dtype=np.intp), bids])
        return bids

    def _ids_table(self, space: Any, indices: list[int]) -> Ids:
        """The action ids of a listed table of ``space`` (its bids' places in the order), in
        increasing order as the table is: computed once per table."""
        kept = self._tables.get(id(indices))
        if kept is None or kept[0] is not indices:
            base = self._by_kind["bid"].start
            if space is self.space:
                ids = np.array(indices, dtype=np.intp) + base
            else:
                get = self.text_index.get
                texts = space.texts
                ids = np.array(
                    [base + at if (at := get(texts[i], -1)) >= 0 else -1 for i in indices],
                    dtype=np.intp,
                )
            if len(self._tables) >= 256:
                self._tables.clear()
            kept = self._tables[id(indices)] = (indices, ids)
        return kept[1]

    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        return {"type": "bid", "bid": self.texts[offset]}

    def _describe(self, seg: Segment, offset: int) -> str:
        return self.texts[offset]

    def bid_position(self, text: str | None) -> int:
        """The bid's place in the order (-1 for none or an unknown text)."""
        if text is None:
            return -1
        return self.text_index.get(text, -1)


# ---------------------------------------------------------------------- Poker Bull observations
class PokerBullObservation(ObservationEncoder):
    """Poker Bull: the hand, the seats, the standing bid, this hand's bids and the last
    showdown (every hand shown at the last call)."""

    EVENT_TYPES = ("deal", "bid", "call", "lose", "out", "recharge", "jokers_leave", "game_over")

    def _define(self) -> None:
        from ..pokerbull.bids import CATEGORIES

        n = self.players
        self.codec = PokerBullCodec(self.config)
        self.bids = float(max(1, len(self.codec.texts)))
        self.categories = {name: i for i, name in enumerate(CATEGORIES)}
        cats = len(CATEGORIES)
        self.bid_width = 2 + cats + 1
        lay = self.layout
        self.s_hand = lay.add("hand", CARDS, "own cards (the joker last)")
        self.seat_width = 7
        self.s_seats = lay.add(
            "seats",
            n * self.seat_width,
            "per seat from the viewer's left: cards dealt / 5, cards next "
            "hand / 5, out, to act, on turn, started the bidding, bidder",
        )
        self.s_bid = lay.add(
            "bid",
            self.bid_width + n,
            "the standing bid: present, place in the bid order, category, natural, bidder",
        )
        self.s_bids = lay.add(
            "bids",
            self.history * (self.bid_width + n),
            f"this hand's last {self.history} bids, newest first, each as the standing bid",
        )
        self.s_misc = lay.add(
            "misc",
            6,
            "hand number, bids this hand, cards in play / (5 x "
            "players), jokers in the deck / 2, may call, recharged",
        )
        self.s_show = lay.add(
            "showdown",
            4 + 3 * n + n * CARDS,
            "the last call: present, bid existed, higher existed, best hand's "
            "place, caller, bidder, loser, every seat's cards",
        )
        self.row_size = len(self.EVENT_TYPES) + 1 + n
        self._history_slice = lay.add(
            "history",
            self.history * self.row_size,
            f"the last {self.history} events, newest first: type, seat",
        )

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        row = np.zeros(self.row_size, dtype=np.float32)
        row[self._type_slot(event.get("type"))] = 1.0
        self._seat_hot(row, len(self.EVENT_TYPES) + 1, memory.seat, event.get("seat"))
        memory.push(row)

    def _bid_block(
        self, out: Vector, at: int, seat: int | None, text: str | None, bidder: Any
    ) -> None:
        if text is None:
            return
        out[at] = 1.0
        out[at + 1] = (self.codec.bid_position(text) + 1) / self.bids
        words = text.split()
        cat = self.categories.get(words[0]) if words else None
        if cat is not None:
            out[at + 2 + cat] = 1.0
        out[at + self.bid_width - 1] = 1.0 if words and words[-1] == "natural" else 0.0
        self._seat_hot(out, at + self.bid_width, seat, bidder)

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        n = self.players
        seat = view.get("seat")
        self._card_counts(out, self.s_hand.start, view.get("hand") or [], 1.0)
        dealt = view.get("dealt") or [0] * n
        sizes = view.get("hand_sizes") or [0] * n
        gone = set(view.get("out") or [])
        to_act = set(view.get("to_act") or [])
        w = self.seat_width
        for s in range(n):
            at = self.s_seats.start + relative(seat, s, n) * w
            out[at : at + w] = (
                min(1.0, dealt[s] / 5),
                min(1.0, sizes[s] / 5),
                s in gone,
                s in to_act,
                s == view.get("turn"),
                s == view.get("starter"),
                s == view.get("bidder"),
            )
        self._bid_block(out, self.s_bid.start, seat, view.get("bid"), view.get("bidder"))
        history = list(view.get("history") or [])[::-1][: self.history]
        width = self.bid_width + n
        for k, item in enumerate(history):
            bidder, text = (
                (item[0], item[1])
                if isinstance(item, list | tuple)
                else (item.get("seat"), item.get("bid"))
            )
            self._bid_block(out, self.s_bids.start + k * width, seat, text, bidder)
        at = self.s_misc.start
        out[at : at + 6] = (
            squash(view.get("hand_number") or 0, 10.0),
            squash(len(view.get("history") or []), 10.0),
            min(1.0, (view.get("cards_in_play") or 0) / (5 * n)),
            min(1.0, (view.get("jokers") or 0) / 2),
            bool(view.get("can_call")),
            bool(view.get("recharged")),
        )
        show = view.get("showdown")
        if show:
            at = self.s_show.start
            best = show.get("best")
            out[at : at + 4] = (
                1.0,
                bool(show.get("exists")),
                bool(show.get("higher_exists")),
                (self.codec.bid_position(best) + 1) / self.bids if best else 0,
            )
            at += 4
            for who in ("caller", "bidder", "loser"):
                self._seat_hot(out, at, seat, show.get(who))
                at += n
            for s, hand in enumerate(show.get("hands") or []):
                self._card_counts(out, at + relative(seat, s, n) * CARDS, hand, 1.0)

    def _text_lines(self, view: View) -> list[str]:
        lines = [
            f"hand {view.get('hand_number')} | bid {view.get('bid') or '-'}"
            f" by {view.get('bidder')} | turn {view.get('turn')} | cards in play "
            f"{view.get('cards_in_play')} | out {view.get('out')}"
        ]
        show = view.get("showdown")
        if show:
            lines.append(
                f"last call: {show['bid']!r} by {show['bidder']} called by "
                f"{show['caller']}: {'there' if show['exists'] else 'not there'}, "
                f"seat {show['loser']} lost"
            )
        return lines
