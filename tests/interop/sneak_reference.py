"""The reference of the Sneak observation: the encoder as first written, plainly, kept here so
the fast encoder of ``bluffhouse.encodings.sneak`` is checked to give the very same
vectors (tests/interop/test_fast_sneak.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from bluffhouse.cards import CARD_INDEX
from bluffhouse.encodings import (
    SNEAK_COMBOS,
    SNEAK_PHASES,
    Memory,
    ObservationEncoder,
    Vector,
    View,
    relative,
    squash,
)


class ReferenceSneakObservation(ObservationEncoder):
    """The straightforward Sneak encoder the fast one must equal, value for value (the
    encoder as first written): the hand, the seats, the stock, the lead being answered (its
    cards when shown), the seat's own challenge, and the cards seen won this deal (flaunts,
    reveals) by seat."""

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
        self._history_slice = lay.add(
            "history",
            self.history * self.row_size,
            f"the last {self.history} events, newest first: type, seat, cards / 13, sneak, flaunt",
        )

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "deal_start":
            memory.known.clear()
            memory.kept.pop("won", None)
        elif kind == "won" and "cards" in event and type(event.get("seat")) is int:
            self._won(memory, event["seat"], event["cards"])
        elif kind == "reveal" and type(event.get("winner")) is int:
            self._won(
                memory,
                event["winner"],
                [c for play in event.get("plays") or [] for c in play.get("cards") or []],
            )
        elif kind == "uncontested" and "cards" in event and type(event.get("seat")) is int:
            self._won(memory, event["seat"], event["cards"])
        n = self.players
        who = event.get("seat", event.get("winner"))
        rel = relative(memory.seat, who, n) if type(who) is int and 0 <= who < n else -1
        count = event.get("count")
        laid = min(1.0, count / 13) if type(count) is int else 0.0
        how = event.get("kind")
        key = (self._type_slot(kind), rel, laid, how == "sneak", how == "flaunt")
        memory.push(self._row(key, lambda: self._make_row(*key)))

    def _won(self, memory: Memory, seat: int, cards: Sequence[str]) -> None:
        """``seat`` won ``cards``: counted in ``memory``, and its block of cards seen won
        brought up to date (a new block: kept blocks may be shared)."""
        won = memory.place(f"won{seat}")
        ids = [CARD_INDEX[c] for c in cards]
        won.update(ids)
        kept = memory.kept.get("won")
        block = np.zeros(52 * self.players, dtype=np.float32) if kept is None else kept[1].copy()
        at = relative(memory.seat, seat, self.players) * 52
        for c in ids:
            block[at + c] = min(1.0, won[c] / self.copies)
        memory.kept["won"] = (None, block)

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

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        n = self.players
        seat = view.get("seat")
        copies = self.copies
        out[self.s_hand] = self._kept_cards(
            memory, "hand", view.get("hand") or [], 52, lambda _: 1.0 / copies
        )
        sizes = view.get("hand_sizes") or [0] * n
        won = view.get("won") or [0] * n
        scores = view.get("scores") or [0] * n
        started = view.get("started") or [False] * n
        to_act = set(view.get("to_act") or [])
        lead = view.get("lead") or {}
        challenged = set(view.get("challenged") or [])
        declined = set(view.get("declined") or [])
        turn, dealer, leader = view.get("turn"), view.get("dealer"), lead.get("seat")
        w = self.seat_width
        seats = [0.0] * (n * w)
        for s in range(n):
            at = relative(seat, s, n) * w
            seats[at : at + w] = (
                min(1.0, sizes[s] / 13),
                min(1.0, won[s] / self.total),
                min(1.0, scores[s] / self.target),
                bool(started[s]),
                s in to_act,
                s == turn,
                s == dealer,
                s == leader,
                s in challenged,
                s in declined,
            )
        out[self.s_seats] = seats
        limit = view.get("lead_limit")
        phase = view.get("phase")
        misc = [
            min(1.0, (view.get("stock_size") or 0) / self.total),
            min(1.0, (view.get("out_of_play") or 0) / self.total),
            squash(view.get("deal") or 0, 5.0),
            bool(view.get("sneaking")),
            min(1.0, (limit or 0) / 13),
        ] + [0.0] * (len(SNEAK_PHASES) + 1)
        misc[5 + (SNEAK_PHASES.index(phase) if phase in SNEAK_PHASES else len(SNEAK_PHASES))] = 1.0
        out[self.s_misc] = misc
        if lead:
            at = self.s_lead.start
            out[at] = 1.0
            out[at + 1] = 1.0 if lead.get("kind") == "flaunt" else 0.0
            out[at + 2] = min(1.0, (lead.get("count") or 0) / 13)
            if lead.get("cards"):
                self._card_counts(out, at + 3, lead["cards"], self.copies)
            combo = lead.get("combo")
            at += 3 + 52
            if combo is not None:
                out[
                    at + (SNEAK_COMBOS.index(combo) if combo in SNEAK_COMBOS else len(SNEAK_COMBOS))
                ] = 1.0
        for item in view.get("challenges") or []:
            if item.get("seat") == seat and item.get("cards"):
                self._card_counts(out, self.s_own.start, item["cards"], self.copies)
        kept = memory.kept.get("won")  # (read with the events: see _won)
        if kept is not None:
            out[self.s_won] = kept[1]
