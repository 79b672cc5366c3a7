"""Loading a saved Cheat game: saves from before the no-progress rule, and the state checks.

``Game.load`` checks each state field's shape (``STATE_SHAPES``), then calls
``_check_state`` here: the cards conserved since the deal, the phase one these rules have,
and what each phase relies on (the fuzzer's findings: a save breaking one of these loaded
into a game that crashed or stuck later).  A mixin over :class:`~.state.CheatState`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from .. import savecheck as sc
from ..cards import CARD_INDEX, build_deck
from ..errors import quote
from ..game import Game
from ..registry import Preset
from .cardtools import _card_name
from .state import CheatState


class CheatLoading(CheatState):
    """Loading saves and checking a loaded state (see the module docstring)."""

    __slots__ = ()

    # ================================================================== loading
    @classmethod
    def _from_data(cls, preset: Preset, data: Mapping[str, Any]) -> Game:
        """As ``Game._from_data``; a save made before the no-progress rule (no ``low`` and
        ``quiet`` in its state) loads as if no progress had been counted yet."""
        state = data.get("state") if isinstance(data, Mapping) else None
        if (
            isinstance(state, dict)
            and "low" not in state
            and "quiet" not in state
            and isinstance(state.get("hands"), list)
        ):
            low = [len(h) if isinstance(h, list) else 0 for h in state["hands"]]
            data = {**data, "state": {**state, "low": low, "quiet": 0}}
        return super()._from_data(preset, data)

    def _after_load(self) -> None:
        self._derive()

    def _check_state(self) -> None:
        """A loaded Cheat state: the deal (the log's first event) drawn from the packs (a
        scripted deal may leave cards out), and every card dealt exactly once across
        hands, pile, discarded and hidden cards; hands in order; the phase one these rules
        have; seats out or lost holding nothing; the standing play on top of the pile."""
        r = self.rules
        n = self.players
        dealt = self._dealt()
        packs = Counter(build_deck(r.decks, r.jokers, r.deck_rank_list(n)))
        sc.within_cards(dealt.elements(), packs, "the cards dealt (events[0])", _card_name)
        found = [c for h in self.hands for c in h] + self.pile + self.discarded
        found += [c for h in self.hidden for c in h]
        sc.same_cards(found, dealt, "hands, pile, discarded and hidden cards", _card_name)
        sc.sorted_cards(self.hands, "hands")
        over = self._result is not None
        if over != (self.phase == "over"):
            raise sc.damaged(
                "phase", f"is {self.phase}, but the game is {'over' if over else 'not over'}"
            )
        allowed_phase = {
            "jump": r.jump_in,
            "bid": r.first_player == "bidding",
            "bid_window": r.first_player == "bidding",
            "answer": r.call_answer,
            "window": r.callers in ("anyone", "next") and not r.jump_in,
        }
        if not allowed_phase.get(self.phase, True):
            raise sc.damaged("phase", f"is {self.phase}, which these rules do not have")
        if set(self.finished) & set(self.lost):
            raise sc.damaged("finished", "names a seat that also lost")
        for s in self.finished + self.lost:
            if self.hands[s]:
                raise sc.damaged(f"hands[{s}]", "holds cards, but that seat is out")
        if not r.table_cheats and (any(self.hidden) or self.cheats):
            raise sc.damaged("cheats", "are open, but these rules have no table cheats")
        for i, (who, kind, data) in enumerate(self.cheats):
            if kind == "hide" and (len(data) != 1 or data[0] not in self.hidden[who]):
                raise sc.damaged(f"cheats[{i}]", "hides a card that is not among the hidden")
            if kind not in ("hide", "out_of_turn") and not (
                data and data[0] < n and data[0] != who
            ):
                raise sc.damaged(f"cheats[{i}]", "names no other seat")
        claimable = r.claim_rank_list(n)
        last = self.last
        if last is not None:
            laid = last["cards"]
            if not laid or self.pile[len(self.pile) - len(laid) :] != laid:
                raise sc.damaged("last", "must be the cards on top of the pile")
            if last["rank"] not in claimable or (last["suit"] >= 0) != r.claim_suit:
                raise sc.damaged("last", "claims a rank or suit these rules do not allow")
        if any(rank not in claimable for rank in self.allowed):
            raise sc.damaged("allowed", "names a rank that cannot be claimed")
        if self.bid is not None and self.bid[1] > 4 * r.decks:
            raise sc.damaged("bid", f"is over {4 * r.decks} cards")
        if not over:
            self._check_phase()

    def _check_phase(self) -> None:
        """A game not over: what each phase relies on, as the transitions leave it (a save
        breaking one loaded into a game that crashed or stuck actions later: the fuzzer's
        findings).  Two seats or more are still in (and nobody is out where the first out
        ends the game) and the no-progress count is short of its limit; a window is open on a
        play (``last``) by the seat on turn, with ``prev_rank`` its claim; a called player
        answers its caller; bids come from seats still bidding; the seats named are still
        in the game; claims are open in play; and every seat still in holds cards, unless it
        may yet go out (its play may still be called, or its table cheat accused): a hand
        emptied by any route is settled at once (``_settle_empty_hands``)."""
        r = self.rules
        phase, last, turn = self.phase, self.last, self.turn
        gone = set(self.finished) | set(self.lost)
        active = [s for s in range(self.players) if s not in gone]
        if len(active) < 2:
            raise sc.damaged("finished", "leave fewer than two players in a game not over")
        if self.finished and r.end == "first_out":
            raise sc.damaged(
                "finished",
                "names a seat out, but these rules end the game when the first player goes out",
            )
        if self.quiet > self.version or (r.stall_limit and self.quiet >= r.stall_limit):
            raise sc.damaged(
                "quiet",
                f"is {self.quiet}: more actions without progress than "
                "were played, or enough to have ended the game",
            )
        out = "which is out of the game"
        sc.seats_among([turn], active, "turn", out)
        sc.seats_among(self.window, active, "window", out)
        player = -1 if last is None else last["seat"]
        if last is not None:
            sc.seats_among([player], active, "last", out)
            if ("caller" in last) != (phase == "answer"):
                raise sc.damaged(
                    "last",
                    "must name its caller exactly while the called player answers (phase answer)",
                )
        if player in self.window:
            raise sc.damaged("window", f"names seat {player}, which cannot call its own play")
        # The claims after a play follow from its rank (_ranks_after): a rank that cannot be
        # claimed would be offered to the next player (a fork or round sequence repeats it).
        if self.prev_rank != -1 and self.prev_rank not in r.claim_rank_list(self.players):
            raise sc.damaged("prev_rank", f"is {self.prev_rank}, a rank that cannot be claimed")
        if last is not None and [self.prev_rank, self.prev_suit] != [last["rank"], last["suit"]]:
            raise sc.damaged("prev_rank", "and prev_suit must be the claim of the last play")
        if phase in ("bid", "bid_window"):
            if last is not None:
                raise sc.damaged("last", "must be null while bidding: nothing is played yet")
            sc.seats_among(self.bidders, active, "bidders", out)
            if phase == "bid" and turn not in self.bidders:
                raise sc.damaged("turn", f"is seat {turn}, which is not bidding")
            if phase == "bid_window" and (
                self.bid is None or self.bid[0] != turn or not self.window
            ):
                raise sc.damaged(
                    "bid",
                    "must be the bid of the seat on turn, with a window of seats that may call it",
                )
        else:
            if self.bid is not None:
                raise sc.damaged("bid", "must be null once play has begun")
            if not self.allowed:
                raise sc.damaged("allowed", "names no rank: the next play could claim none")
            if phase in ("window", "answer") and (last is None or player != turn):
                raise sc.damaged(
                    "last",
                    f"must be a play of the seat on turn in phase {phase} (the play being called)",
                )
            if phase == "window" and not self.window:
                raise sc.damaged("window", "is empty, but the phase is window")
            if phase == "answer":
                assert last is not None
                sc.seats_among(
                    [last["caller"]],
                    [s for s in active if s != turn],
                    "last.caller",
                    "which cannot have called this play",
                )
            if last is None and self.window:
                raise sc.damaged("window", "is open, but there is no play to call")
            if phase == "turn" and last is not None and r.callers in ("anyone", "next"):
                raise sc.damaged(
                    "last",
                    "is still open on a turn, but these rules close "
                    "every play's window before the next turn",
                )
        open_cheats = {c[0] for c in self.cheats}
        for s in active:
            if not self.hands[s] and s != player and s not in open_cheats:
                raise sc.damaged(
                    f"hands[{s}]",
                    f"is empty, but seat {s} is still in the game (a player with no cards is out)",
                )

    def _dealt(self) -> Counter[int]:
        """The cards of the deal, from the log's first event (its private parts)."""
        first = self.events[0] if self.events else None
        if not first or first[0].get("type") != "deal" or len(first) != 2:
            raise sc.damaged("events", "must start with the deal")
        dealt: Counter[int] = Counter()
        for who, extra in first[1]:
            texts = extra.get("cards")
            if type(texts) is not list:
                raise sc.damaged("events[0]", f"has no cards for seat {who}")
            for text in texts:
                card = CARD_INDEX.get(text) if type(text) is str else None
                if card is None:
                    raise sc.damaged("events[0]", f"deals {quote(text)}, which is not a card")
                dealt[card] += 1
        return dealt

    def _expected_act(self) -> list[int] | None:
        saved = self._act
        self._refresh_act()
        expected, self._act = self._act, saved
        return expected
