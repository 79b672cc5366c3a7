"""Action dicts in, transitions out: parsing an action into a move, then performing it.

The fifth layer of the engine (see :mod:`.state`).  ``_parse`` checks an action dict against
the rules in force and words every refusal (:class:`~bluffhouse.errors.IllegalAction`);
``_perform`` applies the move it returns through the transitions of the layers below, then
settles hands emptied by any route.  ``_quick_play`` does both at once for an ordinary play on
a plain turn, the commonest action, with the same checks.
"""

from __future__ import annotations

from typing import Any

from ..cards import (
    CARD_INDEX,
    CARD_TEXT,
    MOST_CARDS,
    RANK_INDEX,
    RANK_TEXT,
    SUITS,
    rank_name,
    rank_text,
)
from ..errors import IllegalAction, quote
from ..game import unknown_action, unknown_keys
from .cardtools import _parse_card_texts, _texts, _unique
from .listing import CheatListing
from .shapes import CheckEvent, SeatEvent

#: The moves ``_parse`` returns for a plain window's two answers, made once.
_DECLINE = ("decline",)
_CALL = ("call",)
#: The keys a claim may have (see ``ACTION_KEYS``).
_CLAIM_KEYS = frozenset({"rank", "count", "suit"})


class CheatActions(CheatListing):
    """Parsing actions and performing moves (see the module docstring)."""

    __slots__ = ()

    # ================================================================== parsing
    def _parse(self, seat: int, kind: str, action: dict[str, Any]) -> Any:
        r = self.rules
        if self.phase == "window" and self._plain_window and kind in ("pass", "call"):
            return _DECLINE if kind == "pass" else _CALL  # every seat in the window may call
        if self.phase == "bid":
            if kind == "pass":
                return ("bid", None)
            if kind == "bid":
                count = action.get("count")
                if type(count) is not int:
                    raise IllegalAction(
                        "a bid names how many of the highest rank you hold, "
                        "like {'type': 'bid', 'count': 2}"
                    )
                low = (self.bid[1] + 1) if self.bid else 1
                if not low <= count <= 4 * r.decks:
                    raise IllegalAction(f"your bid must be from {low} to {4 * r.decks}")
                top = rank_text(self._top_rank())
                said = action.get("rank", top)
                if type(said) is not str or RANK_INDEX.get(said.strip()) != self._top_rank():
                    raise IllegalAction(
                        f"the bidding is over the highest rank, {top}; a bid "
                        f"cannot name {quote(said)}"
                    )
                return ("bid", count)
            raise unknown_action(kind, ["bid", "pass"])
        if self.phase == "answer":
            if kind != "show":
                raise unknown_action(kind, ["show"])
            return self._parse_show(seat, action)
        if self.phase == "bid_window":
            if kind == "call":
                return ("bid_call",)
            if kind == "pass":
                return ("decline",)
            raise unknown_action(kind, ["call", "pass"])
        if kind == "play":
            return self._parse_play(seat, action)
        if kind in ("call", "believe", "check"):
            if kind == "believe" and not r.believe:
                raise IllegalAction("'I believe' is not part of these rules")
            if kind == "check" and not r.check:
                raise IllegalAction("checking a play is not part of these rules")
            if not self._may_call(seat):
                raise IllegalAction(self._why_no_call(seat))
            return (kind,)
        if kind == "pass":
            if self._may_pass_turn(seat):
                return ("pass_turn",)
            if seat == self.turn and self.phase == "turn":
                if r.turn_pass == "round" and self.lead:
                    raise IllegalAction("you lead this round: play at least one card")
                raise IllegalAction("you must play: passing your turn is not part of these rules")
            if self._forced(seat):
                raise IllegalAction("nobody else jumped in: you must play")
            if self._may_decline(seat):
                return ("decline",)
            raise IllegalAction("you cannot pass now")
        if kind == "cheat" and r.table_cheats:
            return self._parse_cheat(seat, action)
        if kind == "accuse" and r.table_cheats:
            target = action.get("seat")
            if type(target) is not int or target not in self._others_from(seat):
                raise IllegalAction(
                    "accuse another player still in the game: {'type': 'accuse', 'seat': 2}"
                )
            if self._stake_caller(target) == seat:
                raise IllegalAction(
                    f"you called seat {target}'s play and lost: you cannot also accuse its show"
                )
            return ("accuse", target)
        # (the types without listing every play: a refusal must stay cheap to word)
        allowed = [a["type"] for a in self._legal(seat, with_plays=False)]
        if self._can_play_now(seat):  # where _legal lists plays: before table cheats
            cut = next((i for i, t in enumerate(allowed) if t in ("cheat", "accuse")), len(allowed))
            allowed.insert(cut, "play")
        raise unknown_action(kind, _unique(allowed) or ["(nothing)"])

    def _why_no_call(self, seat: int) -> str:
        if self.last is None:
            return "there is no play to call now"
        if self.last["seat"] == seat:
            return "you cannot call your own play"
        if seat in self.checked:
            return "you checked this play, so you may not call it"
        return "only the next player may call this play"

    def _parse_play(self, seat: int, action: dict[str, Any]) -> Any:
        r = self.rules
        out_of_turn = False
        if not self._play_may(seat):
            if (
                r.table_cheats
                and self.phase == "turn"
                and seat != self.turn
                and self.hands[seat]
                and not self._has_cheat(seat)
            ):
                out_of_turn = True
            elif self.phase in ("window",) or (self.phase == "turn" and seat != self.turn):
                raise IllegalAction("it is not your turn to play; you may call or pass")
            elif not self.hands[seat]:
                raise IllegalAction("you have no cards left")
            else:
                raise IllegalAction("you played last: let someone else play or call")
        raw = action.get("cards")
        if type(raw) is not list or not raw:
            raise IllegalAction(
                "a play lays one or more cards: {'type': 'play', 'cards': "
                "['7H'], 'claim': {'rank': '7'}}"
            )
        if len(raw) > MOST_CARDS:
            raise IllegalAction(f"that is {len(raw)} cards; no game has that many")
        cards = _parse_card_texts(raw)
        hand = self.hands[seat]
        if len(set(cards)) == len(cards):  # no card twice: each one need only be held
            for c in cards:
                if c not in hand:
                    raise IllegalAction(f"you do not hold {CARD_TEXT[c]}")
        else:
            rest = list(hand)
            for c in cards:
                if c in rest:
                    rest.remove(c)
                else:
                    raise IllegalAction(
                        f"you do not hold {CARD_TEXT[c]}"
                        + (" (that many times)" if c in hand else "")
                    )
        if self._max and len(cards) > self._max:
            one = "one card" if self._max == 1 else f"{self._max} cards"
            raise IllegalAction(f"a play may lay at most {one}")
        claim = action.get("claim")
        if type(claim) is not dict:
            raise IllegalAction("a play needs a claim, like 'claim': {'rank': 'Q', 'count': 2}")
        if not claim.keys() <= _CLAIM_KEYS:
            raise unknown_keys("claim", claim, _CLAIM_KEYS)
        rt = claim.get("rank")
        rank = RANK_INDEX.get(rt.strip()) if type(rt) is str and len(rt) <= 8 else None
        if rank is None:
            raise IllegalAction(f"the claim's rank {quote(rt)} is not a rank (A 2 .. 9 T J Q K)")
        if rank not in self.allowed:
            names = " or ".join(rank_name(x, plural=True) for x in self.allowed)
            raise IllegalAction(f"you must claim {names}, not {rank_name(rank, plural=True)}")
        count = claim.get("count", len(cards))
        if type(count) is not int:
            raise IllegalAction(f"the claim's count must be a number, not {quote(count)}")
        if r.count_lies:
            top = self._count_top
            if not 1 <= count <= top:
                raise IllegalAction(f"you may claim from 1 to {top} cards, not {quote(count)}")
        elif count != len(cards):
            raise IllegalAction(
                f"you laid {len(cards)} card(s) but claimed {quote(count)}: the "
                "count must be true in these rules"
            )
        suit = -1
        if r.claim_suit:
            st = claim.get("suit")
            letter = st.strip().upper() if type(st) is str and len(st) <= 8 else ""
            if len(letter) != 1 or letter not in SUITS:  # ("" and "SH" are in "SHDC" too)
                raise IllegalAction("claim a suit too, like 'claim': {'rank': '7', 'suit': 'H'}")
            suit = SUITS.index(letter)
            need = self._suit_required()
            if need >= 0 and suit != need:
                raise IllegalAction(f"you must claim {SUITS[need]}, the suit of the last play")
        elif "suit" in claim:
            raise IllegalAction("claims name no suit in these rules")
        if (
            len(cards) == len(hand)
            and r.last_card_truthful
            and not self._truthful(cards, rank, count, suit)
        ):
            raise IllegalAction(
                "your last card must go out truthfully: it has to be the rank you claim"
            )
        return ("play", cards, rank, count, suit, out_of_turn)

    def _quick_play(self, seat: int, action: dict[str, Any]) -> bool:
        """Apply an ordinary play on a plain turn (held cards, a true count of an allowed rank,
        no suit) in one step, validated exactly as ``_parse_play`` would; False, having changed
        nothing, for anything else, which then goes the long way (and is worded there)."""
        raw = action.get("cards")
        claim = action.get("claim")
        if type(raw) is not list or type(claim) is not dict or len(action) != 3:
            return False  # (3: "type", "cards" and "claim", and no other key)
        size = len(raw)
        if not size or size > self._max or len(claim) != (2 if "count" in claim else 1):
            return False  # (the claim's keys: "rank", and "count" if given; no "suit")
        count = claim.get("count", size)
        rt = claim.get("rank")
        rank = RANK_INDEX.get(rt) if type(rt) is str else None
        if type(count) is not int or count != size or rank is None or rank not in self.allowed:
            return False
        hand = self.hands[seat]
        rest = hand.copy()
        cards = []
        texts = []  # as the log writes them (the input may spell them otherwise: '7h', '10H')
        try:
            for text in raw:
                card = CARD_INDEX[text]
                rest.remove(card)  # held (as many times as laid)
                cards.append(card)
                texts.append(CARD_TEXT[card])
        except (KeyError, TypeError, ValueError):
            return False
        if not rest or self.last is not None or (self.lead and self._suit_lead_rule):
            # going out, a play still standing, a suit lead that may lose: the full transition
            self._perform(seat, ("play", cards, rank, size, -1, False))
            return True
        # _do_play then _open_window, for what a plain play can meet
        self.hands[seat] = rest
        if len(rest) < self.low[seat]:
            self._shrank(seat)
        self.pile += cards
        self.last = {"seat": seat, "cards": cards, "rank": rank, "count": size, "suit": -1}
        self.prev_rank, self.prev_suit = rank, -1
        self.round_player = seat
        self.passes = 0
        if self.checked:
            self.checked = []
        if self.declined:
            self.declined = []
        self.lead = False
        self.events.append(
            [
                {"type": "play", "seat": seat, "rank": RANK_TEXT[rank], "count": size},
                [[seat, {"cards": texts}]],
            ]
        )
        if self._seats_key != len(self.finished) | len(self.lost) << 8:
            self._refresh_seats()
        others = self._others_of[seat]
        self.phase = "window"
        self.turn = seat
        self.window = list(others) if self._anyone_calls else list(others[:1])
        self._act = list(self.window)
        return True

    # ================================================================== performing
    def _perform(self, seat: int, move: Any) -> None:
        kind = move[0]
        if kind == "decline":
            self._decline(seat)
        elif kind == "play":
            _, cards, rank, count, suit, out_of_turn = move
            self._turn_decline(seat)
            self.window = []
            self._stand_last()
            if self.phase == "over":
                return
            self._do_play(seat, cards, rank, count, suit, out_of_turn)
        elif kind == "call":
            self._do_call(seat)
        elif kind == "believe":
            self._do_call(seat, believe=True)
        elif kind == "check":
            assert self.last is not None
            self.checked.append(seat)
            self._log(
                CheckEvent(type="check", seat=seat, target=self.last["seat"]),
                {seat: {"cards": _texts(self.last["cards"])}},
            )
            if self.phase == "window":
                self._decline_quiet(seat)
            else:
                self._refresh_act()
        elif kind == "pass_turn":
            self._turn_decline(seat)
            self._do_pass_turn(seat)
        elif kind == "bid":
            self._do_bid(seat, move[1])
        elif kind == "bid_call":
            self._call_bid(seat)
        elif kind == "cheat":
            self._do_cheat(seat, move[1], move[2], move[3])
        elif kind == "accuse":
            self._do_accuse(seat, move[1])
        elif kind == "show":
            self._do_show(seat, move[1])
        # A hand may have been emptied by something other than its own play (a set put
        # aside, a table cheat, a cheat undone): that player goes out now.
        self._settle_empty_hands()

    def _turn_decline(self, seat: int) -> None:
        """callers='turn': a player who plays or passes where it could have called the last
        play lets that play stand; the public log says so (a decline), so that call rates
        can be read from it as in a window."""
        if self.rules.callers == "turn" and self.phase == "turn" and self._may_call(seat):
            self._log(SeatEvent(type="decline", seat=seat))

    def _decline_quiet(self, seat: int) -> None:
        if seat in self.window:
            self.window.remove(seat)
        if not self.window:
            self._window_closed()
        else:
            self._refresh_act()

    def _settle_empty_hands(self) -> None:
        """Every seat still in whose hand is empty goes out, whatever emptied it: a full set
        put aside after a pick-up (Eightsh*t), a hidden or slipped card, a cheat undone.  Two
        wait: the player of a play that may still be called (it goes out when the play
        stands, ``_stand_last``) and a player with a table cheat open to accusation (out once
        it is safe).  Run after every transition, so ``to_act`` never holds a seat that has
        nothing to do; a seat that goes out hands its turn on and leaves any window."""
        hands = self.hands
        if all(hands[s] for s in self._active()) or self.phase in (
            "over",
            "bid",
            "bid_window",
            "answer",
        ):
            return
        for s in list(self._active()):
            last = self.last
            if hands[s] or (last is not None and last["seat"] == s) or self._has_cheat(s):
                continue
            self._go_out(s)
            if self.phase == "over":
                return
            if s in self.window:
                self.window.remove(s)
            if s == self.turn and self.phase in ("turn", "jump"):
                if self.phase == "turn":
                    self._begin_turn(self._next_active(s))
                else:
                    self.turn = self._next_active(s)
            elif self.phase == "window" and not self.window:
                self._window_closed()  # the play stands: nobody is left to call it
                if self.phase == "over":
                    return
        self._refresh_act()
