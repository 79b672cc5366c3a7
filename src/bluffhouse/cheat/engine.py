"""One engine for the whole Cheat family, configured by :class:`CheatRules`.

Flow: a *turn* (the seat on turn plays, or passes where the rules allow), then a challenge
*window* on the play (the seats allowed to call it each call or decline), then the next turn.
Variations change who may call and when (``callers``), how the claimed rank moves
(``sequence``), what a call reveals and who leads after it; Jump-in drops turns altogether and
British Cheat adds table cheats.  All state is plain JSON values so a save continues exactly.

:class:`CheatGame` is built in layers, one module each, every layer adding methods to the one
below (the state lives in the lowest alone):

* :mod:`.state` -- the state fields, the caches derived from the rules, seats in turn order,
  the ranks a play may claim, opening rounds and turns, the no-progress rule and the end;
* :mod:`.turns` -- plays, windows, calls, piles taken, passes, declines, Spanish bidding;
* :mod:`.table_cheats` -- British Cheat's table cheats and accusations, variation H's answer
  to a call;
* :mod:`.listing` -- who may do what now, ``legal_actions`` and its compact form;
* :mod:`.actions` -- parsing an action dict (and wording its refusal), performing the move;
* :mod:`.views` and :mod:`.loading` -- the family's part of ``view``, and loading saves
  (old saves migrated, every state check), mixins over the state alone;
* this module -- dealing and the first player, ``apply`` and ``sample_action`` with their
  short paths for the common actions, and building a game from its fields (searches).

Helpers on card lists shared by the layers are in :mod:`.cardtools`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..cards import CARD_TEXT, JOKER, build_deck, parse_deal, shuffle
from ..errors import IllegalAction, RuleError
from ..game import Action
from .actions import CheatActions
from .cardtools import _texts
from .listing import LIST_LIMIT, ListedPlays
from .loading import CheatLoading
from .rules import CheatRules
from .sampling import coin, count_plays, sample_plain_turn, sample_play, sample_turn
from .shapes import DealEvent, FirstPlayerEvent
from .state import CHEAT_KINDS, KING, PHASES
from .views import CheatViews

# (the names other modules import from here, defined in the layers)
__all__ = ["CHEAT_KINDS", "KING", "LIST_LIMIT", "PHASES", "CheatGame", "ListedPlays"]


class CheatGame(CheatActions, CheatViews, CheatLoading):
    """The Cheat family's engine, configured by :class:`CheatRules`: the layers of the module
    docstring, with the deal and the way in (``apply``, ``sample_action``) on top."""

    __slots__ = ()

    # ================================================================== setup
    def _setup(
        self,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> None:
        self._deal_and_start(deal, stock, first)
        # what setup itself did (sets put aside, empty hands out) is the start: nothing quiet
        self._last_progress = -1
        self._deadline = self._stall_at

    def _deal_and_start(
        self,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> None:
        r = self.rules
        n = self.players
        self._derive()
        if stock is not None:
            raise RuleError("this game has no stock; use deal= for exact hands")
        deck = build_deck(r.decks, r.jokers, r.deck_rank_list(n))
        if deal is not None:
            self.hands = parse_deal(deal, n, deck)
        else:
            cards = list(deck)
            shuffle(self.rng, cards)
            self.hands = [sorted(cards[i::n]) for i in range(n)]
        self.pile, self.discarded = [], []
        self.hidden = [[] for _ in range(n)]
        self.window, self.checked, self.declined, self.cheats = [], [], [], []
        self.last = None
        self.prev_rank, self.prev_suit = -1, -1
        self.finished, self.lost = [], []
        self.sips = [0] * n
        self.cup, self.pours, self.cup_full = 0, 0, False
        self.bid, self.bidders = None, []
        self.dealer = n - 1
        self.calls = [0] * n
        self.bluffs_caught = [0] * n
        self.bluffs_survived = [0] * n
        self.passes, self.round_player = 0, -1
        self.phase, self.turn, self.lead, self.allowed = "turn", 0, True, []
        self.low = [len(h) for h in self.hands]
        self._last_progress = -1
        self._deadline = self._stall_at

        self._log(
            DealEvent(type="deal", hand_sizes=[len(h) for h in self.hands], dealer=self.dealer),
            {s: {"cards": _texts(self.hands[s])} for s in range(n)},
        )
        if r.discard_sets:
            for s in range(n):
                self._discard_sets(s)
        # A seat with no cards at the start (a scripted deal, or a hand that was all full sets)
        # is out at once: left in, it would be stuck on a turn with nothing to play.
        for s in range(n):
            if not self.hands[s]:
                self._go_out(s)
                if self.phase == "over":
                    return
        if first is not None:
            starter = first
        elif r.first_player == "ace_of_hearts":
            holders = [s for s in range(n) if 1 in self.hands[s]]  # 1 == AH
            starter = holders[0] if holders else 0
            why = (
                "holds the ace of hearts"
                if holders
                else "nobody holds the ace of hearts: left of the dealer"
            )
            self._log(FirstPlayerEvent(type="first_player", seat=starter, why=why))
        elif r.first_player == "first_jack":
            starter = self._first_jack()
        else:
            starter = 0
        if starter in self.finished:
            starter = self._next_active(starter)
        if r.first_player == "bidding" and first is None:
            self.phase = "bid"
            self.bidders = [s for s in range(n) if self.hands[s]]
            self.turn = self.bidders[0]
            self._act = [self.turn]
            return
        self._open_round(starter, self._first_claims())

    def _first_jack(self) -> int:
        """Canadian: cards dealt face up from a shuffled pack until a jack shows."""
        r = self.rules
        cards = build_deck(r.decks, r.jokers, r.deck_rank_list(self.players))
        self.rng.shuffle(cards)
        shown: list[str] = []
        seat = 0
        for i, card in enumerate(cards):
            seat = i % self.players
            shown.append(CARD_TEXT[card])
            if card != JOKER and card >> 2 == 10:
                break
        self._log(
            FirstPlayerEvent(
                type="first_player", seat=seat, why="dealt the first jack face up", face_up=shown
            )
        )
        return seat

    # ================================================================== the way in
    def apply(self, seat: int, action: Any) -> None:
        """Validate, then apply (as ``Game.apply``).  The common actions (a call or a pass in a
        plain window, an ordinary play on a plain turn) take a short path with the same checks;
        anything unusual, or wrong, goes the long way, which words the refusal."""
        if type(action) is dict and type(seat) is int:
            phase = self.phase
            if phase == "window" and self._plain_window and seat in self.window:
                # In a plain window to_act is the window and the game is not over.
                kind = action.get("type")
                if kind == "pass" and len(action) == 1:  # no key but "type" (else refused)
                    self.events.append([{"type": "decline", "seat": seat}])
                    window = self.window
                    window.remove(seat)
                    if window:
                        self._act = list(window)
                    else:
                        self._window_closed()
                    self.version += 1
                    if self.version >= self._deadline:
                        self._stall()
                    return
                if kind == "call" and len(action) == 1:
                    self._do_call(seat)
                    if self.rules.discard_sets:  # (a plain window has no table cheats)
                        self._settle_empty_hands()  # a pile picked up may complete a set
                    self.version += 1
                    if self.version >= self._deadline:
                        self._stall()
                    return
            elif (
                phase == "turn"
                and seat == self.turn
                and self._plain_play
                and action.get("type") == "play"
                and self._quick_play(seat, action)
            ):
                # On a plain turn to_act is the seat on turn and the game is not over.
                self.version += 1
                if self.version >= self._deadline:
                    self._stall()
                return
        move = self._check(seat, action)
        self._perform(seat, move)
        self.version += 1
        # Every action counts toward the no-progress rule: the version reaching the deadline
        # (set by the last progress, see _progress) means stall_limit actions made none.
        if self.version >= self._deadline:
            self._stall()

    def sample_action(self, seat: int, rng: random.Random) -> Action:
        """One legal action drawn uniformly (plays counted, not listed: see sampling.py)."""
        phase = self.phase
        if phase == "window" and self._plain_window and seat in self.window:
            # Exactly _legal's [call, pass] (to_act is the window), with the same randomness:
            # randrange(2), inline for a plain Random (see sampling.coin).
            if type(rng) is random.Random:
                bit = rng.getrandbits(2)
                while bit > 1:
                    bit = rng.getrandbits(2)
            else:
                bit = coin(rng)
            return {"type": "call"} if bit == 0 else {"type": "pass"}
        if (
            phase == "turn"
            and seat == self.turn
            and self._plain_play
            and type(seat) is int
            and self.hands[seat]
        ):
            # The draws of the plain-turn branch below, in one function (the costliest action
            # to draw); on a plain turn to_act is the seat on turn and the game is not over.
            passing = self._turn_pass != "none" and not (self._turn_pass == "round" and self.lead)
            return sample_plain_turn(self, seat, rng, 1 if passing else 0)
        if self._result is not None or seat not in self._act:
            raise IllegalAction(
                self._not_your_turn(seat) if self._result is None else "the game is over"
            )
        if self._plain_turn and seat == self.turn and phase == "turn":
            # Exactly the draws below, where the only other action is a pass (when allowed).
            passing = self._may_pass_turn(seat)
            play = sample_turn(self, seat, rng, 1 if passing else 0)
            if play is not None:
                return play
            if not passing:
                return self._legal(seat)[0]
            rng.randrange(1)  # the draw among the one other action, kept for the same stream
            return {"type": "pass"}
        other = self._legal(seat, with_plays=False)
        plays = count_plays(self, seat) if self._can_play_now(seat) else 0
        if plays and rng.randrange(len(other) + plays) >= len(other):
            play = sample_play(self, seat, rng)
            if play is not None:
                return play
        if not other:
            return self._legal(seat)[0]
        return other[rng.randrange(len(other))]

    def sample_action_other(
        self, seat: int, rng: random.Random, skip: frozenset[str]
    ) -> Action | None:
        """As ``Game.sample_action_other``; in a window whose answers are call and pass, the
        rest of them is known without a draw."""
        if (
            self.phase == "window"
            and self._call_or_pass
            and seat in self.window
            and "call" in skip
            and "pass" not in skip
        ):
            return {"type": "pass"}
        return super().sample_action_other(seat, rng, skip)

    def _may_act(self, seat: int) -> bool:
        """Whether ``seat`` has anything to do (a loaded save's ``to_act`` is checked with it)."""
        if self._legal(seat, with_plays=False):
            return True
        if not self._can_play_now(seat):
            return False
        if self.rules.last_card_truthful:  # (count_plays does not filter the last card)
            return bool(self._play_actions(seat))
        return count_plays(self, seat) > 0

    # ================================================================== searches
    @classmethod
    def from_fields(
        cls,
        game_id: str,
        rules: CheatRules,
        players: int,
        fields: dict[str, Any],
        events: list[Any],
        to_act: list[int],
        version: int,
        seed: int,
    ) -> CheatGame:
        """A game in progress from its state fields (every one of ``STATE_FIELDS``; the
        no-progress count, ``low`` and ``quiet``, may be left out: no progress is counted
        yet), as a search builds one it has sampled; the RNG starts afresh from ``seed``."""
        if "low" not in fields or "quiet" not in fields:
            fields = {"low": [len(h) for h in fields["hands"]], "quiet": 0, **fields}

        self = cls.__new__(cls)
        self.game_id = game_id
        self.rules = rules
        self.players = players
        self.seed = seed
        self.rng = random.Random(seed)
        self.events = events
        self.version = version
        self._act = list(to_act)
        self._result = None
        for name in cls.STATE_FIELDS:
            setattr(self, name, fields[name])
        self._derive()
        return self
