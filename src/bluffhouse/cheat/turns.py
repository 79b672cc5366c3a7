"""The transitions of an ordinary Cheat game: plays, their challenge windows, calls and
what they reveal, piles taken, passes, declines, and Spanish Bluff's bidding for the lead.

The second layer of the engine (see :mod:`.state`): every method here changes the state as
the rules say, trusting that the action was checked (parsing is :mod:`.actions`); the table
cheats of British Cheat and the answer to a call are the next layer (:mod:`.table_cheats`).
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_TEXT, JOKER, RANK_TEXT, SUITS, rank_text
from .cardtools import _texts
from .shapes import (
    CalledEvent,
    CallEvent,
    CardsGoneEvent,
    CupEvent,
    FirstPlayerEvent,
    PassEvent,
    PileGoneEvent,
    PourEvent,
    SeatEvent,
    SpanishBidEvent,
    TakeEvent,
    TurnedOverEvent,
)
from .state import KING, CheatState


class CheatTurns(CheatState):
    """The transitions of play, calls, passes and bidding (see the module docstring)."""

    __slots__ = ()

    # ================================================================== plays
    def _do_play(
        self,
        seat: int,
        cards: list[int],
        rank: int,
        count: int,
        suit: int,
        out_of_turn: bool = False,
    ) -> None:
        r = self.rules
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        if len(hand) < self.low[seat]:
            self._shrank(seat)
        was_lead = self.lead
        self.pile.extend(cards)
        self.last = {"seat": seat, "cards": list(cards), "rank": rank, "count": count, "suit": suit}
        self.prev_rank, self.prev_suit = rank, suit
        self.round_player = seat
        self.passes = 0
        self.checked = []
        self.declined = []
        public: dict[str, Any] = {
            "type": "play",
            "seat": seat,
            "rank": RANK_TEXT[rank],
            "count": count,
        }
        if r.claim_suit:
            public["suit"] = SUITS[suit]
        if out_of_turn:
            public["out_of_turn"] = True
        if r.count_lies:
            public["laid"] = len(cards)
        self.events.append([public, [[seat, {"cards": [CARD_TEXT[c] for c in cards]}]]])
        if out_of_turn:
            self.cheats.append([seat, "out_of_turn", []])
        # Cheats by the other players are safe now that a turn has been taken; the player's
        # own cheats (made before this play, in or out of turn) stay open until the next player
        # takes a turn ("All cheats are safe as soon as the next player takes their turn").
        if self.cheats:
            self.cheats = [c for c in self.cheats if c[0] == seat]
        if was_lead and r.suit_lead_loses and self._suit_lead(cards):
            self._lose_at_once(seat, cards)
            return
        self.lead = False
        if not hand and (r.last_card_truthful or not r.final_call):
            self.last = None
            if not self._has_cheat(seat):  # (else out once its cheats are safe)
                self._go_out(seat)
            if self.phase != "over":
                self._next_turn_after_play(seat)
            return
        self._open_window(seat)

    def _suit_lead(self, cards: list[int]) -> bool:
        if len(cards) < self.rules.suit_lead_loses or JOKER in cards:
            return False
        return len({c & 3 for c in cards}) == 1

    def _lose_at_once(self, seat: int, cards: list[int]) -> None:
        self._log(
            CardsGoneEvent(
                type="lost",
                seat=seat,
                cards=_texts(cards),
                why=f"led {len(cards)} cards of one suit",
            )
        )
        self.lost.append(seat)
        self._progress()  # progress: a player is out, and cards leave play
        self.discarded.extend(self.hands[seat])
        self.discarded.extend(self.pile)
        self.hands[seat] = []
        self.pile = []
        self.last = None
        if len(self._active()) <= 1:
            self._end_game()
            return
        self._open_round(self._next_active(seat), None)

    def _open_window(self, player: int) -> None:
        r = self.rules
        others = self._others_from(player)
        if r.jump_in:
            self.phase = "jump"
            self.turn = self._next_active(player)
            self.allowed = self._ranks_after(self.prev_rank)
            self.declined = []
            self._refresh_act()
            return
        if r.callers == "anyone":
            self.phase = "window"
            self.turn = player
            self.window = others
            self._refresh_act()
            return
        if r.callers == "next":
            self.phase = "window"
            self.turn = player
            self.window = others[:1]
            self._refresh_act()
            return
        # turn / anytime: the next turn begins now; calling is part of it (or open to all).
        self.window = others if r.callers == "anytime" else others[:1]
        # A player who emptied their hand stays in until the play stands (next play made).
        self._next_turn_after_play(player)

    def _window_closed(self) -> None:
        """Everyone in the window declined: the play stands."""
        play = self.last
        assert play is not None
        player = play["seat"]
        if self._plain_turn and self.hands[player]:
            # _stand_last then _next_turn_after_play, for a player still holding cards
            self.last = None
            self.window = []
            if not self._truthful(play["cards"], play["rank"], play["count"], play["suit"]):
                self.bluffs_survived[player] += 1
            nxt = self._next_active(player)
            self.allowed = self._ranks_after(self.prev_rank)
            self.lead = False
            self.phase = "turn"
            self.turn = nxt
            self.declined = []
            self._act = [nxt]
            return
        self.window = []
        self._stand_last()
        if self.phase != "over":
            self._next_turn_after_play(player)

    def _stand_last(self) -> None:
        """The last play can no longer be called: it stands, and an emptied hand goes out,
        unless the player has a table cheat still open to accusation: "All cheats are safe as
        soon as the next player takes their turn", and until then an accusation may put cards
        back in that hand (``_settle_empty_hands`` puts it out once the cheat is safe)."""
        play = self.last
        if play is None:
            return
        self.last = None
        player = play["seat"]
        if self._was_bluff(play):
            self.bluffs_survived[player] += 1
        if (
            not self.hands[player]
            and player not in self.finished
            and player not in self.lost
            and not self._has_cheat(player)
        ):
            if self.rules.lie_out_takes_pile and self._was_bluff(play):
                self._log(
                    TurnedOverEvent(type="turned_over", seat=player, cards=_texts(play["cards"]))
                )
                self._take_pile(player)
                return
            self._go_out(player)

    # ================================================================== calls
    def _do_call(
        self,
        caller: int,
        believe: bool = False,
        answered: tuple[list[int], list[int]] | None = None,
    ) -> None:
        """A call (or Chinese 'I believe') on the last play.  With ``call_answer`` the called
        player first answers (``_await_answer``); ``answered`` is then the cards its show
        swapped in from its hand and out of the pile (both empty for a true show)."""
        r = self.rules
        play = self.last
        assert play is not None
        player = play["seat"]
        cards = play["cards"]
        if answered is None:
            self.calls[caller] += 1
            if r.call_answer and not believe and self.hands[player]:
                self._await_answer(caller, player)
                return
        if r.reveal == "one" and not believe:
            shown = [cards[self.rng.randrange(len(cards))]]
            truthful = self._truthful(shown, play["rank"], 1, play["suit"])
        else:
            shown = list(cards)
            truthful = self._truthful(cards, play["rank"], play["count"], play["suit"])
        self.last = None
        self.window = []
        self.checked = []
        word = "believe" if believe else "call"
        caller_right = truthful if believe else not truthful
        loser = player if (caller_right and not believe) else caller
        swapped = None
        if answered is not None and answered[0]:
            # Only the player knows which cards its show slipped in (and took back).
            swapped = {
                player: {"swapped_in": _texts(answered[0]), "swapped_out": _texts(answered[1])}
            }
        self._log(
            {
                "type": word,
                "seat": caller,
                "target": player,
                "cards": _texts(shown),
                "truthful": truthful,
                "right": caller_right,
                "word": "I believe" if believe else r.call_word,
            },
            swapped,
        )
        if not truthful:
            self.bluffs_caught[player] += 1 if not believe else 0
        if believe and caller_right:
            # The pile leaves the game; the believer leads a new round.
            self._log(PileGoneEvent(type="removed", count=len(self.pile)))
            if self.pile:
                self._progress()  # progress: cards leave play
            self.discarded.extend(self.pile)
            self.pile = []
        else:
            taken = list(self.pile)
            self._take_pile(loser)
            if answered is not None and loser == caller:
                # The show stood: until the next turn anyone but the caller may accuse the
                # player of a swap, the pile the caller took being the stake (_do_accuse).
                kind = "swap" if answered[0] else "show"
                self.cheats.append([player, kind, [caller, *taken]])
        if not self.hands[player]:
            # The player kept an empty hand: the play was proven true, or (Chinese 'I believe',
            # wrongly) believed; either way it stands and the player is out.  (Going out only on
            # a truthful reveal left a believed bluffer in the game with no cards, stuck once it
            # had to lead.)
            self._go_out(player)
            if self.phase == "over":
                return
        winner = player if loser == caller else caller
        if believe:
            leader = caller if caller_right else self._next_active(caller)
            self._open_round(leader, None)
            return
        how = r.after_call_leader
        if how == "loser":
            leader = loser
        elif how == "winner":
            leader = winner if winner not in self.finished else self._next_active(winner)
        elif how == "next":
            leader = self._next_active(player)
        else:  # chinese: the caller if right, else the player after the caller
            leader = caller if caller_right else self._next_active(caller)
        rank = play["rank"]
        if r.after_call_rank == "same":
            self._open_round(leader, [rank])
        elif r.after_call_rank == "next":
            self._open_round(leader, self._ranks_after(rank))
            self.lead = False
        else:
            self._open_round(leader, None)

    def _await_answer(self, caller: int, player: int) -> None:
        """Variation H: "players may lie about which cards they just laid down after being
        called": the called player alone acts next, showing its cards (``_do_show``)."""
        assert self.last is not None
        self.last = {**self.last, "caller": caller}
        self.phase = "answer"
        self.turn = player
        self.window = []
        self.checked = []
        self.declined = []
        self._log(CalledEvent(type="called", seat=caller, target=player, word=self.rules.call_word))
        self._act = [player]

    def _take_pile(self, seat: int) -> None:
        r = self.rules
        taken = self.pile
        self.pile = []
        self.hands[seat].extend(taken)
        self.hands[seat].sort()
        self.sips[seat] += len(taken)
        self._log(
            TakeEvent(type="take", seat=seat, count=len(taken)),
            {seat: {"cards": _texts(taken)}} if taken else None,
        )
        if r.kings_cup and taken:
            if self.cup_full:
                self.sips[seat] += self.cup
                self._log(CupEvent(type="cup", seat=seat, sips=self.cup))
                self.cup, self.pours, self.cup_full = 0, 0, False
            kings = sum(1 for c in taken if c != JOKER and c >> 2 == KING)
            if kings:
                self.cup += kings
                self.pours += kings
                self._log(PourEvent(type="pour", seat=seat, kings=kings, cup=self.cup))
                if self.pours >= 4:
                    self.cup_full = True
        if r.discard_sets:
            self._discard_sets(seat)

    def _discard_sets(self, seat: int) -> None:
        hand = self.hands[seat]
        counts: dict[int, int] = {}
        for c in hand:
            if c != JOKER:
                counts[c >> 2] = counts.get(c >> 2, 0) + 1
        for rank, k in sorted(counts.items()):
            if k >= self._set_size:
                gone = [c for c in hand if c != JOKER and c >> 2 == rank][: self._set_size]
                for c in gone:
                    hand.remove(c)
                self.discarded.extend(gone)
                self._progress()  # progress: cards leave play
                self._shrank(seat)
                self._log(CardsGoneEvent(type="set_aside", seat=seat, cards=_texts(gone)))

    # ================================================================== passes
    def _do_pass_turn(self, seat: int) -> None:
        r = self.rules
        if r.turn_pass == "open":
            self._pass_leaving_open(seat)
            return
        self._stand_last()
        # The passed-over play can no longer be called (Hawaiian/Eightsh*t 'anytime' windows
        # stayed open here, leaving seats in to_act with nothing to call).
        self.window = []
        if self.phase == "over":
            return
        if r.turn_pass == "pickup":
            self._log(PassEvent(type="pass", seat=seat, pickup=True))
            # Passing is taking a turn too: the other players' cheats are safe now.
            self.cheats = [c for c in self.cheats if c[0] == seat]
            if self.pile:
                self._take_pile(seat)
            # The skipped rank counts as played: the next player claims the one after it.
            rank = self.allowed[0] if self.allowed else self.prev_rank
            self.prev_rank = rank
            self.lead = False
            self.allowed = self._ranks_after(rank)
            self._begin_turn(self._next_active(seat))
            return
        self._log(PassEvent(type="pass", seat=seat))
        self.passes += 1
        active = self._active()
        needed = len(active) - (1 if self.round_player in active else 0)
        if self.passes >= needed:
            self._log(PileGoneEvent(type="discard", count=len(self.pile), leader=seat))
            if self.pile:
                self._progress()  # progress: cards leave play
            self.discarded.extend(self.pile)
            self.pile = []
            self.last = None
            self._open_round(seat, None)
            return
        self._begin_turn(self._next_active(seat))

    def _pass_leaving_open(self, seat: int) -> None:
        """``turn_pass="open"``: the last play stays open to a call by the next player on
        their turn; when everyone else has passed it stands, and the last player to have
        played (the next one still in, if it went out) leads a new round on the same pile."""
        self._log(PassEvent(type="pass", seat=seat))
        self.passes += 1
        active = self._active()
        needed = len(active) - (1 if self.round_player in active else 0)
        if self.passes < needed:
            self._begin_turn(self._next_active(seat))
            return
        self._stand_last()
        if self.phase == "over":
            return
        player = self.round_player
        leader = player if player in self._active() else self._next_active(player)
        self._open_round(leader, None)

    def _decline(self, seat: int) -> None:
        """A seat lets the window (or the moment) go by."""
        r = self.rules
        self._log(SeatEvent(type="decline", seat=seat))
        if seat in self.window:
            self.window.remove(seat)
        if self.phase == "jump" or r.table_cheats:
            self.declined.append(seat)
        if self.phase == "window" and not self.window:
            # Under table cheats the others' accusations may still be open; the play stands now.
            self._window_closed()
            return
        if self.phase == "bid_window" and not self.window:
            self._bid_stands()
            return
        if self.phase == "jump" and all(s in self.declined for s in self._active()):
            # Nobody jumps in: the seat after the last player must play.
            self._stand_last()
            if self.phase == "over":
                return
            self.phase = "turn"
            self._act = [self.turn]
            return
        self._refresh_act()

    # ================================================================== Spanish bidding
    def _do_bid(self, seat: int, count: int | None) -> None:
        if count is None:
            self._log(SeatEvent(type="bid_pass", seat=seat))
            self.bidders.remove(seat)
        else:
            self.bid = [seat, count]
            self._log(
                SpanishBidEvent(
                    type="bid", seat=seat, count=count, rank=rank_text(self._top_rank())
                )
            )
        if self.bid is not None and self.bidders == [self.bid[0]]:
            self.phase = "bid_window"
            self.turn = self.bid[0]
            self.window = self._others_from(self.bid[0])
            self._refresh_act()
            return
        if not self.bidders:
            leader = self._next_active(self.players - 1)  # left of the dealer, as without bids
            self._log(FirstPlayerEvent(type="first_player", seat=leader, why="nobody bid"))
            self._open_round(leader, self._first_claims())
            return
        nxt = self._next_active(seat)
        while nxt not in self.bidders:
            nxt = self._next_active(nxt)
        self.turn = nxt
        self._refresh_act()

    def _bid_stands(self) -> None:
        assert self.bid is not None
        seat = self.bid[0]
        self._log(FirstPlayerEvent(type="first_player", seat=seat, why="won the bidding"))
        self.bid = None
        self._open_round(seat, self._first_claims())

    def _call_bid(self, caller: int) -> None:
        assert self.bid is not None
        seat, count = self.bid
        top = self._top_rank()
        held = [c for c in self.hands[seat] if c != JOKER and c >> 2 == top]
        true = len(held) >= count
        self.calls[caller] += 1
        self._log(
            CallEvent(
                type="call",
                seat=caller,
                target=seat,
                cards=_texts(held[:count]),
                truthful=true,
                right=not true,
                word=self.rules.call_word,
            )
        )
        winner = seat if true else caller
        self._log(
            FirstPlayerEvent(type="first_player", seat=winner, why="won the bidding challenge")
        )
        self.bid = None
        self.window = []
        self._open_round(winner, self._first_claims())
