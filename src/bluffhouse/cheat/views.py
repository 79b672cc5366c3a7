"""What a seat of a Cheat game sees: the family's part of ``view(seat)``.

``view`` is the only way out of the engine (bots, front ends and encoders read views, never
the state), so the redaction lives in one place: the public table, the seat's own hand and
hidden cards, and the open table cheats as that seat may know them (:func:`_cheat_seen`).
A mixin over :class:`~.state.CheatState`: it reads the state and never changes it.
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT, SUITS, rank_text
from .cardtools import _texts
from .state import CheatState


class CheatViews(CheatState):
    """The Cheat family's part of the views (see the module docstring)."""

    __slots__ = ()

    # ================================================================== views
    def _hand_text(self, seat: int) -> list[str]:
        return [CARD_TEXT[c] for c in sorted(self.hands[seat])]

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        r = self.rules
        last = self.last
        allowed = [rank_text(x) for x in self.allowed]
        claim_rank = None
        if self.phase in ("turn", "jump", "window") and (not self.lead or len(self.allowed) == 1):
            if self.phase == "window" and last is not None:
                after = self._ranks_after(last["rank"])
                claim_rank = rank_text(after[0]) if len(after) == 1 else None
            elif len(self.allowed) == 1:
                claim_rank = allowed[0]
        extra: dict[str, Any] = {
            "pile_size": len(self.pile),
            "claim_rank": claim_rank,
            "claim_ranks": allowed if self.phase not in ("window", "answer") else None,
            "claim_suit": SUITS[self._suit_required()]
            if r.claim_suit and self._suit_required() >= 0
            else None,
            "phase": self.phase,
            "turn": self.turn if self.phase != "over" else None,
            "leading": self.lead,
            "last_play": None
            if last is None
            else {
                "seat": last["seat"],
                "rank": rank_text(last["rank"]),
                "count": last["count"],
                "laid": len(last["cards"]),
                **({"caller": last["caller"]} if "caller" in last else {}),
            },
            "finished": list(self.finished),
            "lost": list(self.lost),
            "discarded": len(self.discarded),
            "sips": list(self.sips),
            "call_word": r.call_word,
        }
        if r.kings_cup:
            extra["cup"] = self.cup
        if r.first_player == "bidding":
            extra["bid"] = None if self.bid is None else {"seat": self.bid[0], "count": self.bid[1]}
        if r.table_cheats:
            extra["hidden"] = _texts(self.hidden[seat]) if seat is not None else []
            extra["hidden_sizes"] = [len(h) for h in self.hidden]
        if seat is not None:
            # A seated player's bots also get the rules in force and the table's bookkeeping
            # (public, or this seat's own); the spectator's view keeps its stored shape.
            extra["rules"] = r.as_dict()
            extra["table"] = self._table(seat)
        return extra

    def _table(self, seat: int) -> dict[str, Any]:
        """The engine's bookkeeping as ``seat`` may know it: every field is public, except the
        open cheats, shown in full for the seat's own and as the cheating seat for others'."""
        return {
            "window": list(self.window),
            "allowed": list(self.allowed),
            "lead": self.lead,
            "prev_rank": self.prev_rank,
            "prev_suit": self.prev_suit,
            "round_player": self.round_player,
            "passes": self.passes,
            "declined": list(self.declined),
            "checked": list(self.checked),
            "cup": self.cup,
            "pours": self.pours,
            "cup_full": self.cup_full,
            "bid": None if self.bid is None else list(self.bid),
            "bidders": list(self.bidders),
            "dealer": self.dealer,
            "calls": list(self.calls),
            "bluffs_caught": list(self.bluffs_caught),
            "cheats": [_cheat_seen(c, seat) for c in self.cheats],
            # the no-progress rule's count (public: hand sizes and plays are)
            "low": list(self.low),
            "quiet": self.quiet,
        }


def _cheat_seen(cheat: list[Any], seat: int) -> list[Any]:
    """An open cheat as ``seat`` sees it: another seat's as the seat alone (a show that stood
    after a call looks the same, swap or not); its own in full, except that of a show only
    the caller is shown (the pile the caller took holds cards the seat never saw)."""
    who, kind, data = cheat
    if who != seat:
        return [who, None, None]
    return [who, kind, data[:1] if kind in ("show", "swap") else list(data)]
