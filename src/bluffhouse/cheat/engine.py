"""One engine for the whole Cheat family, configured by :class:`CheatRules`.

Flow: a *turn* (the seat on turn plays, or passes where the rules allow), then a challenge
*window* on the play (the seats allowed to call it each call or decline), then the next turn.
Variations change who may call and when (``callers``), how the claimed rank moves
(``sequence``), what a call reveals and who leads after it; Jump-in drops turns altogether and
British Cheat adds table cheats.  All state is plain JSON values so a save continues exactly.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, TypeVar

from .. import savecheck as sc
from ..cards import (
    CARD_INDEX,
    CARD_TEXT,
    JOKER,
    JOKER_RANK,
    MOST_CARDS,
    RANK_INDEX,
    RANK_TEXT,
    SUITS,
    build_deck,
    parse_deal,
    rank_name,
    rank_text,
    shuffle,
)
from ..errors import IllegalAction, RuleError, quote
from ..game import Action, Game, unknown_action, unknown_keys
from ..registry import Preset
from .rules import CheatRules
from .sampling import coin, count_plays, sample_plain_turn, sample_play, sample_turn

_T = TypeVar("_T")
_DECLINE = ("decline",)
_CALL = ("call",)
_ONLY_TYPE = frozenset({"type"})
#: Every phase of a Cheat game (a save naming another is refused).
PHASES = ("turn", "window", "jump", "bid", "bid_window", "answer", "over")
#: The kinds of open table cheats (``cheats`` entries: [seat, kind, data]); all but hide and
#: out_of_turn name another seat first in their data.
CHEAT_KINDS = ("hide", "give", "peek", "out_of_turn", "show", "swap")
_RANK = sc.whole(0, 13)  # a rank index, jokers' pseudo-rank included
#: The keys a claim may have, and those of each kind of table cheat (see ``ACTION_KEYS``).
_CLAIM_KEYS = frozenset({"rank", "count", "suit"})
_CHEAT_KEYS = {
    "hide": frozenset({"type", "cheat", "cards"}),
    "give": frozenset({"type", "cheat", "cards", "seat"}),
    "peek": frozenset({"type", "cheat", "seat"}),
}

#: Above this many listed plays, ``legal_actions`` lists the smallest plays first and stops
#: (the contract's allowance for very large hands); ``is_legal`` still decides any play exactly.
LIST_LIMIT = 10_000


class ListedPlays(NamedTuple):
    """The plays ``legal_actions(seat)`` lists, in compact form (:meth:`CheatGame.legal_parts`),
    for encoders that need action ids rather than hundreds of action dicts a turn.

    Listed, in this order: for each size from 1 to ``most``, every multiset of ``hand``'s cards
    by group (a group is a rank, jokers apart; the card itself where ``by_card``: claims name a
    suit), in lexicographic order of the groups as the hand is sorted; each with every claim of
    ``claims`` (rank texts) x count (1 to ``counts``, or the number laid where ``counts`` is 0)
    x suit (``suits``: suit indices, or -1 for a claim without one).  Where ``truthful_last``,
    a play of the whole hand is listed only with the claims it makes truthfully.  The listing
    stops after the multiset that brings it to ``limit`` actions."""

    hand: list[int]
    most: int
    by_card: bool
    claims: list[str]
    counts: int
    suits: list[int]
    truthful_last: bool
    limit: int
KING = 12


class CheatGame(Game):
    RULES: ClassVar[type[CheatRules]] = CheatRules
    FAMILY = "cheat"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    STATE_FIELDS = (
        "hands", "pile", "discarded", "hidden", "phase", "turn", "window", "last", "prev_rank",
        "prev_suit", "lead", "allowed", "round_player", "passes", "finished", "lost", "sips",
        "cup", "pours", "cup_full", "checked", "declined", "cheats", "bid", "bidders",
        "dealer", "calls", "bluffs_caught", "bluffs_survived", "low", "quiet",
    )

    STATE_SHAPES: ClassVar[Mapping[str, sc.Shape]] = {
        "hands": sc.per_seat(sc.cards()), "pile": sc.cards(), "discarded": sc.cards(),
        "hidden": sc.per_seat(sc.cards()), "phase": sc.choice(*PHASES), "turn": sc.seat(),
        "window": sc.seats(),
        "last": sc.optional(sc.record({"seat": sc.seat(), "cards": sc.cards(most=200),
                                       "rank": _RANK, "count": sc.whole(1, 200),
                                       "suit": sc.whole(-1, 3)}, {"caller": sc.seat()})),
        "prev_rank": sc.whole(-1, 13), "prev_suit": sc.whole(-1, 3), "lead": sc.flag(),
        "allowed": sc.listing(_RANK, most=14, distinct=True), "round_player": sc.seat(-1),
        "passes": sc.whole(0, 64), "finished": sc.seats(), "lost": sc.seats(),
        "sips": sc.per_seat(sc.whole()), "cup": sc.whole(), "pours": sc.whole(),
        "cup_full": sc.flag(), "checked": sc.seats(), "declined": sc.seats(),
        "cheats": sc.listing(sc.row(sc.seat(), sc.choice(*CHEAT_KINDS),
                                    sc.listing(sc.whole(0, 52), most=200)), most=64),
        "bid": sc.optional(sc.row(sc.seat(), sc.whole(1, 8))), "bidders": sc.seats(),
        "dealer": sc.seat(), "calls": sc.per_seat(sc.whole()),
        "bluffs_caught": sc.per_seat(sc.whole()), "bluffs_survived": sc.per_seat(sc.whole()),
        "low": sc.per_seat(sc.whole()), "quiet": sc.whole(),
    }
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {
        "play": frozenset({"type", "cards", "claim"}),
        "call": _ONLY_TYPE, "pass": _ONLY_TYPE, "believe": _ONLY_TYPE, "check": _ONLY_TYPE,
        "bid": frozenset({"type", "count", "rank"}),
        "cheat": frozenset({"type", "cheat", "cards", "seat"}),
        "accuse": frozenset({"type", "seat"}),
        "show": frozenset({"type", "cards"}),
    }

    # The state and the caches live in slots: attribute access is the engine's commonest
    # operation, and an instance dict of ~60 keys is past what CPython shares and inlines.
    __slots__ = (
        # (``quiet`` is a property over ``_last_progress``, not a slot)
        *[name for name in STATE_FIELDS if name != "quiet"], "_claimable", "_call_or_pass",
        "_wild", "_set_size", "_max",
        "_plain_window", "_start_ranks", "_plain_turn", "_plain_play", "_turn_pass",
        "_anyone_calls", "_suit_lead_rule", "_after", "_seats_key", "_active_seats",
        "_others_of", "_next_of", "_stall_at", "_count_top", "_last_progress", "_deadline",
    )
    rules: CheatRules
    hands: list[list[int]]
    pile: list[int]
    discarded: list[int]
    hidden: list[list[int]]
    phase: str
    turn: int
    window: list[int]
    last: dict[str, Any] | None
    prev_rank: int
    prev_suit: int
    lead: bool
    allowed: list[int]
    round_player: int
    passes: int
    finished: list[int]
    lost: list[int]
    sips: list[int]
    cup: int
    pours: int
    cup_full: bool
    checked: list[int]
    declined: list[int]
    cheats: list[list[Any]]
    bid: list[int] | None
    bidders: list[int]
    dealer: int
    calls: list[int]
    bluffs_caught: list[int]
    bluffs_survived: list[int]
    #: The no-progress rule's bookkeeping: each seat's smallest hand yet, and the actions
    #: applied since the last progress (see ``_progress`` and ``stall_limit``).
    low: list[int]
    _last_progress: int  # the version before the last action that made progress
    _deadline: int  # the version at which the game stalls
    # derived from the rules and the seats still in (``_derive``), never saved
    _claimable: list[int]
    _call_or_pass: bool
    _plain_window: bool
    _plain_turn: bool
    _plain_play: bool
    #: the most cards laid in one play (0: no limit) and the largest count a claim may name
    _max: int
    _count_top: int
    _turn_pass: str
    _anyone_calls: bool
    _suit_lead_rule: int
    _after: dict[int, list[int]]
    _seats_key: int
    _active_seats: list[int]
    _others_of: list[tuple[int, ...]]
    _next_of: list[int]
    _stall_at: int

    # ================================================================== setup
    @classmethod
    def _from_data(cls, preset: Preset, data: Mapping[str, Any]) -> Game:
        """As ``Game._from_data``; a save made before the no-progress rule (no ``low`` and
        ``quiet`` in its state) loads as if no progress had been counted yet."""
        state = data.get("state") if isinstance(data, Mapping) else None
        if (isinstance(state, dict) and "low" not in state and "quiet" not in state
                and isinstance(state.get("hands"), list)):
            low = [len(h) if isinstance(h, list) else 0 for h in state["hands"]]
            data = {**data, "state": {**state, "low": low, "quiet": 0}}
        return super()._from_data(preset, data)

    def _after_load(self) -> None:
        self._derive()


    def _derive(self) -> None:
        r = self.rules
        self._claimable = r.claim_rank_list(self.players)
        self._wild = r.jokers > 0 and r.jokers_as == "wild"
        self._set_size = 4 * r.decks
        # Laid cards and claimed counts have separate limits where counts may lie (max_laid:
        # Popcorn's "say three queens while really playing four, or five").
        self._max = r.max_laid or r.max_cards
        self._count_top = r.max_cards or max(1, self._max_claim())
        # A window whose only answers are call and pass (no check, believe or table cheats):
        # the common case, given a short path through sampling, parsing and declining.
        self._call_or_pass = not (r.check or r.believe or r.table_cheats)
        self._plain_window = self._call_or_pass
        self._start_ranks = (
            list(self._claimable) if r.first_rank == "any" else [RANK_INDEX[r.first_rank]]
        )
        # A turn whose only choices are to play or pass (nobody calls during it, no jump-in):
        # sampled without listing the other actions.
        self._plain_turn = self._plain_window and r.callers in ("anyone", "next") and not r.jump_in
        # ... whose plays claim a true count of one rank, with no suit, at most max_cards cards.
        self._plain_play = (self._plain_turn and self._max > 0 and not r.count_lies
                            and not r.claim_suit and not r.last_card_truthful)
        self._turn_pass = r.turn_pass
        self._anyone_calls = r.callers == "anyone"
        self._suit_lead_rule = r.suit_lead_loses
        # ``quiet`` reaching this ends the game as stalled (stall_limit 0: never)
        self._stall_at = r.stall_limit or 1 << 62
        if hasattr(self, "_last_progress"):  # a loaded game (a new one sets it in _setup)
            self._deadline = self._last_progress + 1 + self._stall_at
        else:
            self._last_progress, self._deadline = -1, self._stall_at

        self._after = {}
        self._seats_key = -1  # the seat caches are built on first use (see _refresh_seats)

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

        self._log({"type": "deal", "hand_sizes": [len(h) for h in self.hands],
                   "dealer": self.dealer},
                  {s: {"cards": _texts(self.hands[s])} for s in range(n)})
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
            self._log({"type": "first_player", "seat": starter, "why": "holds the ace of hearts"
                       if holders else "nobody holds the ace of hearts: left of the dealer"})
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
        self._log({"type": "first_player", "seat": seat, "why": "dealt the first jack face up",
                   "face_up": shown})
        return seat

    def _first_claims(self) -> list[int] | None:
        return None if self.rules.first_rank == "any" else list(self._start_ranks)

    # ================================================================== derived queries
    def _refresh_seats(self) -> None:
        """Recompute the active seats, each seat's next active seat and its active others.
        Seats only ever leave (``finished`` and ``lost`` only grow), so their lengths tell
        when these are stale; asked on every turn, they are worth keeping."""
        gone = set(self.finished) | set(self.lost)
        active = [s for s in range(self.players) if s not in gone]
        others_of: list[tuple[int, ...]] = []
        next_of: list[int] = []
        for seat in range(self.players):
            # turn order from the seat's left: the active seats above it, then those below
            # (the seat itself, if active, is the last of those)
            cut = bisect_right(active, seat)
            after = (*active[cut:], *active[:cut])
            if after and after[-1] == seat:
                after = after[:-1]
            others_of.append(after)
            next_of.append(after[0] if after else seat)
        self._active_seats = active
        self._others_of = others_of
        self._next_of = next_of
        self._seats_key = len(self.finished) | len(self.lost) << 8

    def _active(self) -> list[int]:
        """Seats still in the game (shared: callers must not modify it)."""
        if self._seats_key != len(self.finished) | len(self.lost) << 8:
            self._refresh_seats()
        return self._active_seats

    def _next_active(self, seat: int) -> int:
        if self._seats_key != len(self.finished) | len(self.lost) << 8:
            self._refresh_seats()
        return self._next_of[seat]

    def _others_from(self, seat: int) -> list[int]:
        """Active seats other than ``seat``, in turn order starting at its left."""
        if self._seats_key != len(self.finished) | len(self.lost) << 8:
            self._refresh_seats()
        return list(self._others_of[seat])

    def _step_rank(self, rank: int, step: int) -> int:
        ranks = self._claimable
        if rank not in ranks:
            return ranks[0]
        return ranks[(ranks.index(rank) + step) % len(ranks)]

    def _ranks_after(self, rank: int) -> list[int]:
        """Ranks the play after a standing claim of ``rank`` may claim (a new list)."""
        after = self._after.get(rank)
        if after is None:
            after = self._after[rank] = self._ranks_after_uncached(rank)
        return list(after)

    def _ranks_after_uncached(self, rank: int) -> list[int]:
        seq = self.rules.sequence
        if seq == "up":
            return [self._step_rank(rank, 1)]
        if seq == "down":
            return [self._step_rank(rank, -1)]
        if seq == "up_or_down":
            return _unique([self._step_rank(rank, 1), self._step_rank(rank, -1)])
        if seq == "fork":
            return _unique([rank, self._step_rank(rank, 1), self._step_rank(rank, -1)])
        if seq == "round":
            return [rank]
        return list(self._claimable)

    # ================================================================== transitions
    def _open_round(self, seat: int, ranks: list[int] | None) -> None:
        """``seat`` leads; ``ranks`` are the claims allowed (None: the leader names any rank)."""
        self.lead = True
        self.passes = 0
        self.round_player = -1
        self.prev_suit = -1
        self.allowed = list(self._claimable) if ranks is None else ranks
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        self.phase = "turn"
        self.turn = seat
        self.declined = []
        if self.rules.jump_in:
            self.phase = "jump"
        self._refresh_act()

    def _refresh_act(self) -> None:
        if self._plain_turn and self.phase == "turn":
            self._act = [self.turn]  # the last branch below, with nothing to add
            return
        r = self.rules
        if self.phase == "over":
            self._act = []
        elif self.phase == "jump":
            seats = [s for s in self._active() if s not in self.declined]
            self._act = seats if seats else [self.turn]
        elif self.phase in ("window", "bid_window"):
            self._act = list(self.window)
            if r.table_cheats:
                self._act += [s for s in self._others_from(self.turn) if s not in self._act
                              and s not in self.declined]
        elif self.phase in ("bid", "answer"):
            self._act = [self.turn]
        else:
            act = [self.turn]
            if r.callers == "anytime":
                act += [s for s in self.window if s != self.turn]
            if r.table_cheats:
                act += [s for s in self._others_from(self.turn) if s not in act
                        and s not in self.declined]
            self._act = act

    def _next_turn_after_play(self, player: int) -> None:
        """The play stood: move the sequence on and hand the turn to the next player."""
        nxt = self._next_active(player)
        self.allowed = self._ranks_after(self.prev_rank)
        self.lead = False
        self._begin_turn(nxt)

    # ---------------------------------------------------------------- plays
    def _do_play(self, seat: int, cards: list[int], rank: int, count: int, suit: int,
                 out_of_turn: bool = False) -> None:
        r = self.rules
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        if len(hand) < self.low[seat]:
            self._shrank(seat)
        was_lead = self.lead
        self.pile.extend(cards)
        self.last = {"seat": seat, "cards": list(cards), "rank": rank, "count": count,
                     "suit": suit}
        self.prev_rank, self.prev_suit = rank, suit
        self.round_player = seat
        self.passes = 0
        self.checked = []
        self.declined = []
        public: dict[str, Any] = {"type": "play", "seat": seat, "rank": RANK_TEXT[rank],
                                  "count": count}
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
        self._log({"type": "lost", "seat": seat, "cards": _texts(cards),
                   "why": f"led {len(cards)} cards of one suit"})
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
        """The last play can no longer be called: it stands, and an emptied hand goes out."""
        play = self.last
        if play is None:
            return
        self.last = None
        player = play["seat"]
        if self._was_bluff(play):
            self.bluffs_survived[player] += 1
        if not self.hands[player] and player not in self.finished and player not in self.lost:
            self._go_out(player)

    def _was_bluff(self, play: dict[str, Any]) -> bool:
        return not self._truthful(play["cards"], play["rank"], play["count"], play["suit"])

    def _truthful(self, cards: list[int], rank: int, count: int, suit: int) -> bool:
        if len(cards) != count:
            return False
        for c in cards:
            if c == JOKER:
                if not self._wild and rank != JOKER_RANK:
                    return False
            elif (c >> 2) != rank or (suit >= 0 and (c & 3) != suit):
                return False
        return True

    # ---------------------------------------------------------------- calls
    def _do_call(self, caller: int, believe: bool = False,
                 answered: tuple[list[int], list[int]] | None = None) -> None:
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
            swapped = {player: {"swapped_in": _texts(answered[0]),
                                "swapped_out": _texts(answered[1])}}
        self._log({"type": word, "seat": caller, "target": player, "cards": _texts(shown),
                   "truthful": truthful, "right": caller_right,
                   "word": "I believe" if believe else r.call_word}, swapped)
        if not truthful:
            self.bluffs_caught[player] += 1 if not believe else 0
        if believe and caller_right:
            # The pile leaves the game; the believer leads a new round.
            self._log({"type": "removed", "count": len(self.pile)})
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

    def _take_pile(self, seat: int) -> None:
        r = self.rules
        taken = self.pile
        self.pile = []
        self.hands[seat].extend(taken)
        self.hands[seat].sort()
        self.sips[seat] += len(taken)
        self._log({"type": "take", "seat": seat, "count": len(taken)},
                  {seat: {"cards": _texts(taken)}} if taken else None)
        if r.kings_cup and taken:
            if self.cup_full:
                self.sips[seat] += self.cup
                self._log({"type": "cup", "seat": seat, "sips": self.cup})
                self.cup, self.pours, self.cup_full = 0, 0, False
            kings = sum(1 for c in taken if c != JOKER and c >> 2 == KING)
            if kings:
                self.cup += kings
                self.pours += kings
                self._log({"type": "pour", "seat": seat, "kings": kings, "cup": self.cup})
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
                self._log({"type": "set_aside", "seat": seat, "cards": _texts(gone)})

    def _shrank(self, seat: int) -> None:
        """Progress, if ``seat``'s hand is now smaller than it has been before in this game."""
        size = len(self.hands[seat])
        if size < self.low[seat]:
            self.low[seat] = size
            self._progress()

    def _progress(self) -> None:
        """Progress (see _stall): the action being applied (its version is ``version + 1``)
        is the last that made some; the game stalls when the version reaches the deadline.
        During setup (nothing applied yet) it is set back to the start afterwards."""
        self._last_progress = self.version
        self._deadline = self.version + 1 + self._stall_at

    @property
    def quiet(self) -> int:
        """Actions applied in a row without progress (saved as the state field ``quiet``)."""
        return self.version - self._last_progress - 1

    @quiet.setter
    def quiet(self, value: int) -> None:
        # a load or a search sets it after the version; _derive then sets the deadline
        self._last_progress = self.version - value - 1

    def _stall(self) -> None:
        """The no-progress rule (``stall_limit``): that many actions in a row without progress
        (``quiet`` counts them; every progress sets it back to 0) end the game, ranked by the
        cards held.  Progress: a hand smaller than its smallest yet, a player out, cards out
        of play; each can happen only so often, so every game ends (docs/rules/cheat.md)."""
        if self._result is None:
            self._end_game(stalled=True)

    def _go_out(self, seat: int) -> None:
        self._progress()  # progress: a player is out
        self.finished.append(seat)
        self._log({"type": "out", "seat": seat, "place": len(self.finished)})
        if self.rules.end == "first_out" or len(self._active()) <= 1:
            self._end_game()

    def _end_game(self, stalled: bool = False) -> None:
        """The ranking: players out in the order they went, then those still in by cards
        held (fewest first, ties in seat order), then those who lost at once, last first.
        A stalled game (``stalled``) is ranked alike; its winner is the first out, else the
        one seat holding the fewest cards (None when several share the fewest)."""
        n = self.players
        rest = sorted(self._active(), key=lambda s: (len(self.hands[s]), s))
        ranking = self.finished + rest + self.lost[::-1]
        scores = [0] * n
        for place, seat in enumerate(ranking):
            scores[seat] = n - 1 - place
        self.phase = "over"
        winner: int | None = self.finished[0] if self.finished else ranking[0]
        how: dict[str, Any] = {}
        if stalled:
            how["end"] = "stalled"
            if (not self.finished and len(rest) > 1
                    and len(self.hands[rest[0]]) == len(self.hands[rest[1]])):
                winner = None
        self._finish(winner, ranking, scores, sips=list(self.sips),
                     cards_left=[len(h) for h in self.hands],
                     stats={"calls": list(self.calls),
                            "bluffs_caught": list(self.bluffs_caught),
                            "bluffs_survived": list(self.bluffs_survived)}, **how)


    # ---------------------------------------------------------------- passes
    def _do_pass_turn(self, seat: int) -> None:
        r = self.rules
        self._stand_last()
        # The passed-over play can no longer be called (Hawaiian/Eightsh*t 'anytime' windows
        # stayed open here, leaving seats in to_act with nothing to call).
        self.window = []
        if self.phase == "over":
            return
        if r.turn_pass == "pickup":
            self._log({"type": "pass", "seat": seat, "pickup": True})
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
        self._log({"type": "pass", "seat": seat})
        self.passes += 1
        active = self._active()
        needed = len(active) - (1 if self.round_player in active else 0)
        if self.passes >= needed:
            self._log({"type": "discard", "count": len(self.pile), "leader": seat})
            if self.pile:
                self._progress()  # progress: cards leave play
            self.discarded.extend(self.pile)
            self.pile = []
            self.last = None
            self._open_round(seat, None)
            return
        self._begin_turn(self._next_active(seat))

    def _decline(self, seat: int) -> None:
        """A seat lets the window (or the moment) go by."""
        r = self.rules
        self._log({"type": "decline", "seat": seat})
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

    # ---------------------------------------------------------------- Spanish bidding
    def _top_rank(self) -> int:
        deck = self.rules.deck_rank_list(self.players)
        return 0 if 0 in deck else max(deck)

    def _do_bid(self, seat: int, count: int | None) -> None:
        if count is None:
            self._log({"type": "bid_pass", "seat": seat})
            self.bidders.remove(seat)
        else:
            self.bid = [seat, count]
            self._log({"type": "bid", "seat": seat, "count": count,
                       "rank": rank_text(self._top_rank())})
        if self.bid is not None and self.bidders == [self.bid[0]]:
            self.phase = "bid_window"
            self.turn = self.bid[0]
            self.window = self._others_from(self.bid[0])
            self._refresh_act()
            return
        if not self.bidders:
            leader = self._next_active(self.players - 1)  # left of the dealer, as without bids
            self._log({"type": "first_player", "seat": leader, "why": "nobody bid"})
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
        self._log({"type": "first_player", "seat": seat, "why": "won the bidding"})
        self.bid = None
        self._open_round(seat, self._first_claims())

    def _call_bid(self, caller: int) -> None:
        assert self.bid is not None
        seat, count = self.bid
        top = self._top_rank()
        held = [c for c in self.hands[seat] if c != JOKER and c >> 2 == top]
        true = len(held) >= count
        self.calls[caller] += 1
        self._log({"type": "call", "seat": caller, "target": seat, "cards": _texts(held[:count]),
                   "truthful": true, "right": not true, "word": self.rules.call_word})
        winner = seat if true else caller
        self._log({"type": "first_player", "seat": winner, "why": "won the bidding challenge"})
        self.bid = None
        self.window = []
        self._open_round(winner, self._first_claims())

    # ---------------------------------------------------------------- British table cheats
    def _do_cheat(self, seat: int, kind: str, cards: list[int], target: int) -> None:
        if kind == "hide":
            for c in cards:
                self.hands[seat].remove(c)
            self._shrank(seat)
            self.hidden[seat].extend(cards)
            self._log({"type": "cheat_private", "seat": seat},
                      {seat: {"cheat": "hide", "cards": _texts(cards)}})
            self.cheats.append([seat, "hide", list(cards)])
        elif kind == "give":
            for c in cards:
                self.hands[seat].remove(c)
            self._shrank(seat)
            self.hands[target].extend(cards)
            self.hands[target].sort()
            self._log({"type": "cheat_private", "seat": seat},
                      {seat: {"cheat": "give", "to": target, "cards": _texts(cards)},
                       target: {"cheat": "given", "from": seat, "cards": _texts(cards)}})
            self.cheats.append([seat, "give", [target, *cards]])
        else:  # peek
            hand = self.hands[target]
            card = hand[self.rng.randrange(len(hand))]
            self._log({"type": "cheat_private", "seat": seat},
                      {seat: {"cheat": "peek", "at": target, "cards": [CARD_TEXT[card]]}})
            self.cheats.append([seat, "peek", [target]])
        self.declined = [s for s in self.declined if s == seat]
        self._refresh_act()

    def _do_accuse(self, accuser: int, target: int) -> None:
        mine = [c for c in self.cheats if c[0] == target]
        # A show that stood after a call (call_answer) is open to accusation without being a
        # cheat: caught only if it was a swap; either way the call's pile is the stake.
        caught = [c for c in mine if c[1] != "show"]
        stake = next((c[2] for c in mine if c[1] in ("show", "swap")), None)
        self.cheats = [c for c in self.cheats if c[0] != target]
        self._log({"type": "accuse", "seat": accuser, "target": target, "caught": bool(caught),
                   "cheats": [c[1] for c in caught]})
        if caught:
            # The cheat is undone where it can be, and the cheat takes the pile.
            for _, kind, data in caught:
                if kind == "hide":
                    for c in data:
                        self.hidden[target].remove(c)
                    self.hands[target].extend(data)
                elif kind == "give":
                    to, *given = data
                    for c in given:
                        if c in self.hands[to]:
                            self.hands[to].remove(c)
                            self.hands[target].append(c)
                    self._shrank(to)
            self.hands[target].sort()
            if stake is not None and any(c[1] == "swap" for c in caught):
                # The swap undone: the caller hands the pile it took to the player, as if the
                # cards really laid had been shown (those it slipped back are in its hand).
                self._hand_over(stake[0], target, stake[1:])
            loser = target
        else:
            if stake is not None:
                # The show was true: the false accuser takes the call's pile off the caller.
                self._hand_over(stake[0], accuser, stake[1:])
            loser = accuser
        self.last = None
        self.window = []
        self._take_pile(loser)
        # The loser goes on with the rank(s) the next play had to claim (as after a lost call);
        # a free rank here let an accusation at the very first lead skip the aces.
        self._open_round(loser, list(self.allowed))

    def _hand_over(self, giver: int, taker: int, cards: list[int]) -> None:
        """``cards`` (those still in ``giver``'s hand) go to ``taker``'s, as a pile taken."""
        moved = []
        for c in cards:
            if c in self.hands[giver]:
                self.hands[giver].remove(c)
                moved.append(c)
        self._shrank(giver)
        self.hands[taker].extend(moved)
        self.hands[taker].sort()
        self.sips[taker] += len(moved)
        texts = {"cards": _texts(moved)}
        self._log({"type": "take", "seat": taker, "count": len(moved), "from": giver},
                  {taker: texts, giver: texts} if moved else None)
        if self.rules.discard_sets:
            self._discard_sets(taker)

    # ---------------------------------------------------------------- Cheat H: answering a call
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
        self._log({"type": "called", "seat": caller, "target": player,
                   "word": self.rules.call_word})
        self._act = [player]

    def _do_show(self, seat: int, shown: list[int] | None) -> None:
        """The called player turns its play over: the cards laid (``shown`` None), or
        ``shown``, matching cards of its hand slipped in place of laid ones, which go back to
        its hand; then the call is judged on what was shown."""
        play = self.last
        assert play is not None
        caller = play["caller"]
        laid = list(play["cards"])
        swap_in: list[int] = []
        swap_out: list[int] = []
        if shown is not None:
            swap_in, swap_out = _minus(shown, laid), _minus(laid, shown)
            hand = self.hands[seat]
            for c in swap_in:
                hand.remove(c)
            hand.extend(swap_out)
            hand.sort()
            for c in swap_out:
                self.pile.remove(c)
            self.pile.extend(swap_in)
            laid = list(shown)
        self.last = {k: v for k, v in play.items() if k != "caller"}
        self.last["cards"] = laid
        self._do_call(caller, answered=(swap_in, swap_out))

    def _show_actions(self, seat: int) -> list[Action]:
        """The answers to a call: the honest show, then every swapped show that makes the
        claim true, listed once per mix of naturals and jokers (which equal card is used does
        not matter), the fewest jokers first; the laid cards that match are kept."""
        out: list[Action] = [{"type": "show"}]
        play = self.last
        assert play is not None
        laid = play["cards"]
        size = len(laid)
        if play["count"] != size or self._has_cheat(seat):
            return out
        rank, suit = play["rank"], play["suit"]
        groups: dict[int, list[int]] = {}
        for c in [*laid, *self.hands[seat]]:
            if self._truthful([c], rank, 1, suit):
                groups.setdefault(99 if c == JOKER else c, []).append(c)
        if not self.rules.claim_suit:  # suits do not matter: one group per rank
            merged: dict[int, list[int]] = {}
            for key, cards in groups.items():
                merged.setdefault(99 if key == 99 else key >> 2, []).extend(cards)
            groups = merged
        pools = [groups[k] for k in sorted(groups)]
        if sum(len(p) for p in pools) < size:
            return out
        own = sorted(laid)
        for takes in _compositions([len(p) for p in pools], size):
            shown = [c for p, k in zip(pools, takes, strict=True) for c in p[:k]]
            if sorted(shown) != own:
                out.append({"type": "show", "cards": _texts(shown)})
        return out

    def _parse_show(self, seat: int, action: dict[str, Any]) -> Any:
        play = self.last
        assert play is not None
        raw = action.get("cards")
        if raw is None:
            return ("show", None)
        laid = play["cards"]
        if type(raw) is not list or len(raw) != len(laid):
            raise IllegalAction(f"you laid {len(laid)} card(s): show them with {{'type': "
                                f"'show'}}, or name {len(laid)} card(s) to show in their place")
        cards = _parse_card_texts(raw)
        if sorted(cards) == sorted(laid):
            return ("show", None)
        if self._has_cheat(seat):
            raise IllegalAction("you have a cheat still open to accusation: show the cards "
                                "as you laid them")
        missing = _minus(_minus(cards, laid), self.hands[seat])
        if missing:
            raise IllegalAction(f"you do not hold {CARD_TEXT[missing[0]]}: a swapped show "
                                "takes the cards it adds from your hand")
        if not self._truthful(cards, play["rank"], play["count"], play["suit"]):
            claim = f"{play['count']} x {rank_text(play['rank'])}"
            raise IllegalAction(f"a swapped show must make your claim ({claim}) true; "
                                "otherwise show the cards as you laid them")
        return ("show", cards)

    def _stake_caller(self, target: int) -> int:
        """The caller whose pile is at stake on ``target``'s standing show (-1: none)."""
        for c in self.cheats:
            if c[0] == target and c[1] in ("show", "swap"):
                return int(c[2][0])
        return -1

    # ================================================================== legality
    def _play_may(self, seat: int) -> bool:
        """Whether ``seat`` may lay cards now (not counting an out-of-turn cheat)."""
        if self.phase == "jump":
            return bool(self.hands[seat]) and (self.last is None or self.last["seat"] != seat
                                               or self._act == [seat])
        return self.phase == "turn" and seat == self.turn and bool(self.hands[seat])

    def _may_call(self, seat: int) -> bool:
        last = self.last
        if last is None or last["seat"] == seat or seat in self.checked:
            return False
        if self.phase == "window":
            return seat in self.window
        if self.phase == "jump":
            return True
        if self.phase == "turn":
            r = self.rules
            if r.callers == "turn":
                return seat == self.turn
            if r.callers == "anytime":
                return seat == self.turn or seat in self.window
        return False

    def _may_pass_turn(self, seat: int) -> bool:
        r = self.rules
        if self.phase != "turn" or seat != self.turn:
            return False
        if self._no_play(seat):
            return True
        if r.turn_pass == "none":
            return False
        if r.turn_pass == "round":
            return not self.lead
        return True

    def _no_play(self, seat: int) -> bool:
        """The player on turn has no legal play, so passes whatever `turn_pass` says.

        Only a last card can be unplayable: from two or more cards a one-card play never empties
        the hand. It happens where the last card must go out truthfully and the rank is not the
        player's to choose (e.g. `last_card_truthful` with `after_call_rank="same"`): without
        this the seat would be asked to act with nothing it may do.
        """
        return (self.rules.last_card_truthful and len(self.hands[seat]) == 1
                and not self._play_actions(seat))

    def _may_decline(self, seat: int) -> bool:
        if self.phase in ("window", "bid_window"):
            return True
        if self.phase == "jump":
            return not (self._act == [seat] and self.turn == seat and seat not in self.declined
                        and len(self._act) == 1 and self._all_declined())
        return self.phase == "turn" and seat != self.turn

    def _all_declined(self) -> bool:
        return all(s in self.declined for s in self._active() if s != self.turn)

    def _claims(self) -> list[int]:
        return self.allowed

    def _suit_required(self) -> int:
        """The suit a Specificity play must claim (-1: the player chooses)."""
        return -1 if self.lead or self.prev_suit < 0 else self.prev_suit

    def _can_play_now(self, seat: int) -> bool:
        r = self.rules
        return self._play_may(seat) or bool(
            r.table_cheats and self.phase == "turn" and seat != self.turn
            and self.hands[seat] and not self._has_cheat(seat)
        )

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
            elif (phase == "turn" and seat == self.turn and self._plain_play
                  and action.get("type") == "play" and self._quick_play(seat, action)):
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
        if (phase == "turn" and seat == self.turn and self._plain_play and type(seat) is int
                and self.hands[seat]):
            # The draws of the plain-turn branch below, in one function (the costliest action
            # to draw); on a plain turn to_act is the seat on turn and the game is not over.
            passing = self._turn_pass != "none" and not (self._turn_pass == "round" and self.lead)
            return sample_plain_turn(self, seat, rng, 1 if passing else 0)
        if self._result is not None or seat not in self._act:
            raise IllegalAction(self._not_your_turn(seat) if self._result is None
                                else "the game is over")
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

    def sample_action_other(self, seat: int, rng: random.Random,
                            skip: frozenset[str]) -> Action | None:
        """As ``Game.sample_action_other``; in a window whose answers are call and pass, the
        rest of them is known without a draw."""
        if (self.phase == "window" and self._call_or_pass and seat in self.window
                and "call" in skip and "pass" not in skip):
            return {"type": "pass"}
        return super().sample_action_other(seat, rng, skip)

    def _legal(self, seat: int, with_plays: bool = True) -> list[Action]:
        r = self.rules
        out: list[Action] = []
        if self.phase in ("bid",):
            top = self._top_rank()
            low = (self.bid[1] + 1) if self.bid else 1
            most = 4 * r.decks
            out = [{"type": "bid", "count": k, "rank": rank_text(top)}
                   for k in range(low, most + 1)]
            out.append({"type": "pass"})
            return out
        if self.phase == "bid_window":
            return [{"type": "call"}, {"type": "pass"}]
        if self.phase == "answer":
            return self._show_actions(seat)
        if self._may_call(seat):
            out.append({"type": "call"})
            if r.check:
                out.append({"type": "check"})
            if r.believe:
                out.append({"type": "believe"})
        may_decline = (seat != self.turn or self.phase != "turn") and (
            self._may_decline(seat) and not (self.phase == "jump" and self._forced(seat))
        )
        if self._may_pass_turn(seat) or may_decline:
            out.append({"type": "pass"})
        if with_plays and self._can_play_now(seat):
            out.extend(self._play_actions(seat))
        if r.table_cheats and not self._has_cheat(seat) and self.hands[seat]:
            out.extend(self._cheat_actions(seat))
        if r.table_cheats:
            out.extend({"type": "accuse", "seat": t} for t in self._others_from(seat)
                       if self._stake_caller(t) != seat)
        return out

    def _forced(self, seat: int) -> bool:
        return self.phase == "jump" and self._act == [seat] and self._everyone_declined()

    def _everyone_declined(self) -> bool:
        return all(s in self.declined for s in self._active())

    def _has_cheat(self, seat: int) -> bool:
        return any(c[0] == seat for c in self.cheats)

    def _cheat_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        for c in _unique(hand):
            out.append({"type": "cheat", "cheat": "hide", "cards": [CARD_TEXT[c]]})
        for t in self._others_from(seat):
            for c in _unique(hand):
                out.append({"type": "cheat", "cheat": "give", "seat": t, "cards": [CARD_TEXT[c]]})
        for t in _unique([(seat + 1) % self.players, (seat - 1) % self.players]):
            if t != seat and self.hands[t]:
                out.append({"type": "cheat", "cheat": "peek", "seat": t})
        return out

    def _listed_plays(self, seat: int, claims: list[int]) -> ListedPlays:
        """What bounds the plays ``legal_actions`` lists for ``seat`` (who may play now), with
        ``claims`` the ranks it may claim (``_claims()``): the one source of
        :meth:`_play_actions` and :meth:`legal_parts`."""
        r = self.rules
        hand = self.hands[seat]
        suits = [self._suit_required()] if r.claim_suit else [-1]
        if r.claim_suit and suits[0] < 0:
            suits = [0, 1, 2, 3]
        return ListedPlays(
            hand=list(hand), most=len(hand) if self._max == 0 else min(self._max, len(hand)),
            by_card=bool(r.claim_suit), claims=[rank_text(x) for x in claims],
            # The same bound _parse_play enforces: a claim may name up to max_cards (or every
            # card of a rank) whatever the number of cards laid.
            counts=self._count_top if r.count_lies else 0, suits=suits,
            truthful_last=bool(r.last_card_truthful), limit=LIST_LIMIT)

    def _play_actions(self, seat: int) -> list[Action]:
        r = self.rules
        claims = self._claims()
        listed = self._listed_plays(seat, claims)
        hand, most, suits, count_max = listed.hand, listed.most, listed.suits, listed.counts
        by_group: list[list[int]] = []
        def key(c: int) -> int:
            return c if r.claim_suit else (c >> 2 if c != JOKER else 99)

        for c in hand:
            if by_group and key(by_group[-1][0]) == key(c):
                by_group[-1].append(c)
            else:
                by_group.append([c])
        out: list[Action] = []
        truthful_only = listed.truthful_last
        group_texts = [[CARD_TEXT[c] for c in g] for g in by_group]
        picks: list[_Pick] = [([], [], -1, 0)]
        if not count_max and not r.claim_suit and not truthful_only:
            # the common case: the true count, no suit, any play may go out; the loop below
            # without its inner choices (the same actions in the same order)
            names = listed.claims
            for size in range(1, most + 1):
                picks = _more_picks(by_group, group_texts, picks)
                for _, texts, _, _ in picks:
                    for rt in names:
                        out.append({"type": "play", "cards": texts,
                                    "claim": {"rank": rt, "count": size}})
                    if len(out) >= LIST_LIMIT:
                        return out
            return out
        for size in range(1, most + 1):
            picks = _more_picks(by_group, group_texts, picks)
            for cards, texts, _, _ in picks:
                empties = size == len(hand)

                for rank in claims:
                    rt = rank_text(rank)
                    counts = range(1, count_max + 1) if count_max else (size,)
                    for count in counts:
                        for suit in suits:
                            if empties and truthful_only and not self._truthful(
                                cards, rank, count, suit
                            ):
                                continue
                            claim: dict[str, Any] = {"rank": rt, "count": count}
                            if suit >= 0:
                                claim["suit"] = SUITS[suit]
                            out.append({"type": "play", "cards": texts, "claim": claim})
                if len(out) >= LIST_LIMIT:
                    return out
        return out

    def _max_claim(self) -> int:
        """The largest count a claim may name: every card of a rank in the packs, wilds included."""
        return 4 * self.rules.decks + (self.rules.jokers if self._wild else 0)

    # ---------------------------------------------------------------- parsing
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
                    raise IllegalAction("a bid names how many of the highest rank you hold, "
                                        "like {'type': 'bid', 'count': 2}")
                low = (self.bid[1] + 1) if self.bid else 1
                if not low <= count <= 4 * r.decks:
                    raise IllegalAction(f"your bid must be from {low} to {4 * r.decks}")
                top = rank_text(self._top_rank())
                said = action.get("rank", top)
                if type(said) is not str or RANK_INDEX.get(said.strip()) != self._top_rank():
                    raise IllegalAction(f"the bidding is over the highest rank, {top}; a bid "
                                        f"cannot name {quote(said)}")
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
                raise IllegalAction("accuse another player still in the game: "
                                    "{'type': 'accuse', 'seat': 2}")
            if self._stake_caller(target) == seat:
                raise IllegalAction(f"you called seat {target}'s play and lost: you cannot "
                                    "also accuse its show")
            return ("accuse", target)
        # (the types without listing every play: a refusal must stay cheap to word)
        allowed = [a["type"] for a in self._legal(seat, with_plays=False)]
        if self._can_play_now(seat):  # where _legal lists plays: before table cheats
            cut = next((i for i, t in enumerate(allowed) if t in ("cheat", "accuse")),
                       len(allowed))
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
        self.events.append([{"type": "play", "seat": seat, "rank": RANK_TEXT[rank],
                             "count": size}, [[seat, {"cards": texts}]]])
        if self._seats_key != len(self.finished) | len(self.lost) << 8:
            self._refresh_seats()
        others = self._others_of[seat]
        self.phase = "window"
        self.turn = seat
        self.window = list(others) if self._anyone_calls else list(others[:1])
        self._act = list(self.window)
        return True

    def _parse_play(self, seat: int, action: dict[str, Any]) -> Any:
        r = self.rules
        out_of_turn = False
        if not self._play_may(seat):
            if (r.table_cheats and self.phase == "turn" and seat != self.turn
                    and self.hands[seat] and not self._has_cheat(seat)):
                out_of_turn = True
            elif self.phase in ("window",) or (self.phase == "turn" and seat != self.turn):
                raise IllegalAction("it is not your turn to play; you may call or pass")
            elif not self.hands[seat]:
                raise IllegalAction("you have no cards left")
            else:
                raise IllegalAction("you played last: let someone else play or call")
        raw = action.get("cards")
        if type(raw) is not list or not raw:
            raise IllegalAction("a play lays one or more cards: {'type': 'play', 'cards': "
                                "['7H'], 'claim': {'rank': '7'}}")
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
                    raise IllegalAction(f"you do not hold {CARD_TEXT[c]}"
                                        + (" (that many times)" if c in hand else ""))
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
            raise IllegalAction(f"you laid {len(cards)} card(s) but claimed {quote(count)}: the "
                                "count must be true in these rules")
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
        if (len(cards) == len(hand) and r.last_card_truthful
                and not self._truthful(cards, rank, count, suit)):
            raise IllegalAction("your last card must go out truthfully: it has to be the rank "
                                "you claim")
        return ("play", cards, rank, count, suit, out_of_turn)

    def _parse_cheat(self, seat: int, action: dict[str, Any]) -> Any:
        kind = action.get("cheat")
        if self._has_cheat(seat):
            raise IllegalAction("you have a cheat still open to accusation; wait until it is safe")
        if not self.hands[seat]:
            raise IllegalAction("you have no cards to cheat with")
        keys = _CHEAT_KEYS.get(kind) if type(kind) is str else None
        if keys is not None and not action.keys() <= keys:
            raise unknown_keys(f"cheat {kind}", action, keys)
        if kind in ("hide", "give"):
            raw = action.get("cards")
            if type(raw) is not list or len(raw) != 1:
                raise IllegalAction("a hidden or slipped card is one card: 'cards': ['7H']")
            card = CARD_INDEX.get(raw[0]) if type(raw[0]) is str else None
            if card is None or card not in self.hands[seat]:
                raise IllegalAction(f"you do not hold {quote(raw[0])}")
            target = -1
            if kind == "give":
                given = action.get("seat")
                if type(given) is not int or given not in self._others_from(seat):
                    raise IllegalAction("slip the card to another player still in the game")
                target = given
            return ("cheat", kind, [card], target)
        if kind == "peek":
            peeked = action.get("seat")
            near = {(seat + 1) % self.players, (seat - 1) % self.players} - {seat}
            if type(peeked) is not int or peeked not in near or not self.hands[peeked]:
                raise IllegalAction("you may peek only at a neighbour who holds cards")
            return ("cheat", "peek", [], peeked)
        raise IllegalAction("a table cheat is 'hide', 'give' or 'peek'")

    # ---------------------------------------------------------------- perform
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
            self._log({"type": "check", "seat": seat, "target": self.last["seat"]},
                      {seat: {"cards": _texts(self.last["cards"])}})
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
        can be read from it as in a window (issue 15)."""
        if self.rules.callers == "turn" and self.phase == "turn" and self._may_call(seat):
            self._log({"type": "decline", "seat": seat})

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
                "over", "bid", "bid_window", "answer"):
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

    # ================================================================== loading
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
            raise sc.damaged("phase", f"is {self.phase}, but the game is "
                                      f"{'over' if over else 'not over'}")
        allowed_phase = {"jump": r.jump_in, "bid": r.first_player == "bidding",
                         "bid_window": r.first_player == "bidding", "answer": r.call_answer,
                         "window": r.callers in ("anyone", "next") and not r.jump_in}
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
            if kind not in ("hide", "out_of_turn") and not (data and data[0] < n
                                                            and data[0] != who):
                raise sc.damaged(f"cheats[{i}]", "names no other seat")
        claimable = r.claim_rank_list(n)
        last = self.last
        if last is not None:
            laid = last["cards"]
            if not laid or self.pile[len(self.pile) - len(laid):] != laid:
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
            raise sc.damaged("finished", "names a seat out, but these rules end the game when "
                                         "the first player goes out")
        if self.quiet > self.version or (r.stall_limit and self.quiet >= r.stall_limit):
            raise sc.damaged("quiet", f"is {self.quiet}: more actions without progress than "
                                      "were played, or enough to have ended the game")
        out = "which is out of the game"
        sc.seats_among([turn], active, "turn", out)
        sc.seats_among(self.window, active, "window", out)
        player = -1 if last is None else last["seat"]
        if last is not None:
            sc.seats_among([player], active, "last", out)
            if ("caller" in last) != (phase == "answer"):
                raise sc.damaged("last", "must name its caller exactly while the called "
                                         "player answers (phase answer)")
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
            if phase == "bid_window" and (self.bid is None or self.bid[0] != turn
                                          or not self.window):
                raise sc.damaged("bid", "must be the bid of the seat on turn, with a window "
                                        "of seats that may call it")
        else:
            if self.bid is not None:
                raise sc.damaged("bid", "must be null once play has begun")
            if not self.allowed:
                raise sc.damaged("allowed", "names no rank: the next play could claim none")
            if phase in ("window", "answer") and (last is None or player != turn):
                raise sc.damaged("last", f"must be a play of the seat on turn in phase {phase} "
                                         "(the play being called)")
            if phase == "window" and not self.window:
                raise sc.damaged("window", "is empty, but the phase is window")
            if phase == "answer":
                assert last is not None
                sc.seats_among([last["caller"]], [s for s in active if s != turn],
                               "last.caller", "which cannot have called this play")
            if last is None and self.window:
                raise sc.damaged("window", "is open, but there is no play to call")
            if phase == "turn" and last is not None and r.callers in ("anyone", "next"):
                raise sc.damaged("last", "is still open on a turn, but these rules close "
                                         "every play's window before the next turn")
        open_cheats = {c[0] for c in self.cheats}
        for s in active:
            if not self.hands[s] and s != player and s not in open_cheats:
                raise sc.damaged(f"hands[{s}]", f"is empty, but seat {s} is still in the "
                                                "game (a player with no cards is out)")

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

    def _may_act(self, seat: int) -> bool:
        if self._legal(seat, with_plays=False):
            return True
        if not self._can_play_now(seat):
            return False
        if self.rules.last_card_truthful:  # (count_plays does not filter the last card)
            return bool(self._play_actions(seat))
        return count_plays(self, seat) > 0

    def _expected_act(self) -> list[int] | None:
        saved = self._act
        self._refresh_act()
        expected, self._act = self._act, saved
        return expected

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
        if self.phase in ("turn", "jump", "window") and (
            not self.lead or len(self.allowed) == 1
        ):
            if self.phase == "window" and last is not None:
                after = self._ranks_after(last["rank"])
                claim_rank = rank_text(after[0]) if len(after) == 1 else None
            elif len(self.allowed) == 1:
                claim_rank = allowed[0]
        extra: dict[str, Any] = {
            "pile_size": len(self.pile),
            "claim_rank": claim_rank,
            "claim_ranks": allowed if self.phase not in ("window", "answer") else None,
            "claim_suit": SUITS[self._suit_required()] if r.claim_suit
            and self._suit_required() >= 0 else None,
            "phase": self.phase,
            "turn": self.turn if self.phase != "over" else None,
            "leading": self.lead,
            "last_play": None if last is None else {
                "seat": last["seat"], "rank": rank_text(last["rank"]), "count": last["count"],
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
            extra["bid"] = None if self.bid is None else {"seat": self.bid[0],
                                                           "count": self.bid[1]}
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
            "window": list(self.window), "allowed": list(self.allowed), "lead": self.lead,
            "prev_rank": self.prev_rank, "prev_suit": self.prev_suit,
            "round_player": self.round_player, "passes": self.passes,
            "declined": list(self.declined), "checked": list(self.checked),
            "cup": self.cup, "pours": self.pours, "cup_full": self.cup_full,
            "bid": None if self.bid is None else list(self.bid),
            "bidders": list(self.bidders), "dealer": self.dealer, "calls": list(self.calls),
            "bluffs_caught": list(self.bluffs_caught),
            "cheats": [_cheat_seen(c, seat) for c in self.cheats],
            # the no-progress rule's count (public: hand sizes and plays are)
            "low": list(self.low), "quiet": self.quiet,
        }

    @classmethod
    def from_fields(cls, game_id: str, rules: CheatRules, players: int,
                    fields: dict[str, Any], events: list[Any], to_act: list[int],
                    version: int, seed: int) -> CheatGame:
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

    # ================================================================== fast helpers
    def play_claim_ranks(self) -> list[str]:
        return [rank_text(x) for x in self.allowed]

    def legal_parts(self, seat: int) -> tuple[list[Action], ListedPlays | None]:
        """``legal_actions(seat)`` in two parts: every listed action that lays no cards, and
        the plays it lists as a :class:`ListedPlays` (None: it lists no play).  The research
        encoders (``bluffhouse.interop``) turn these into action ids without building a dict
        per play, which costs as much as the rest of an environment step."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return [], None
        if self.phase in ("bid", "bid_window", "answer"):
            return self._legal(seat), None
        others = self._legal(seat, with_plays=False)
        if not self._can_play_now(seat):
            return others, None
        return others, self._listed_plays(seat, self._claims())


def _texts(cards: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _parse_card_texts(raw: list[Any]) -> list[int]:
    """The cards named by ``raw`` (texts like 'AS', as a play or a show lays them), in order;
    IllegalAction quoting the first entry that is not a card."""
    cards = []
    for text in raw:
        card = CARD_INDEX.get(text) if type(text) is str else None
        if card is None:
            raise IllegalAction(f"{quote(text)} is not a card: write rank then suit, like "
                                "'AS', 'TD', '7H', or 'JK'")
        cards.append(card)
    return cards


def _card_name(card: int) -> str:
    return CARD_TEXT[card]


def _cheat_seen(cheat: list[Any], seat: int) -> list[Any]:
    """An open cheat as ``seat`` sees it: another seat's as the seat alone (a show that stood
    after a call looks the same, swap or not); its own in full, except that of a show only
    the caller is shown (the pile the caller took holds cards the seat never saw)."""
    who, kind, data = cheat
    if who != seat:
        return [who, None, None]
    return [who, kind, data[:1] if kind in ("show", "swap") else list(data)]


def _minus(cards: Sequence[int], less: Sequence[int]) -> list[int]:
    """The multiset difference ``cards - less``, in the order of ``cards``."""
    rest = list(less)
    out = []
    for c in cards:
        if c in rest:
            rest.remove(c)
        else:
            out.append(c)
    return out


def _unique(items: Sequence[_T]) -> list[_T]:
    out: list[_T] = []
    for x in items:
        if x not in out:
            out.append(x)
    return out


#: One way to take cards from a hand's groups: the cards, their texts, the group of the last
#: card and its place in that group.
_Pick = tuple[list[int], list[str], int, int]


def _more_picks(groups: list[list[int]], texts: list[list[str]],
                picks: list[_Pick]) -> list[_Pick]:
    """The ways to take one card more than ``picks`` (every way to take k cards, in order),
    a group's cards always from its start: every multiset of k+1 cards by group, in the order
    of :func:`_compositions` (that order is the lexicographic order of the groups taken, so
    each way extended by each later group, in order, keeps it).  Built level by level, as
    listing a big hand's plays is what a bot pays most for; cut past LIST_LIMIT (the listing
    stops there)."""
    n = len(groups)
    out: list[_Pick] = []
    for cards, txt, j, at in picks:
        if j >= 0 and at + 1 < len(groups[j]):
            out.append(([*cards, groups[j][at + 1]], [*txt, texts[j][at + 1]], j, at + 1))
        for g in range(j + 1, n):
            out.append(([*cards, groups[g][0]], [*txt, texts[g][0]], g, 0))

        if len(out) > LIST_LIMIT:
            break
    return out



def _compositions(limits: list[int], total: int) -> Iterator[list[int]]:

    """Every way to take ``total`` cards from groups of the given sizes (multisets by group)."""
    n = len(limits)
    suffix = [0] * (n + 1)
    for i in range(n - 1, -1, -1):
        suffix[i] = suffix[i + 1] + limits[i]
    takes = [0] * n

    def rec(i: int, left: int) -> Iterator[list[int]]:
        if left == 0:
            yield list(takes)
            return
        if i == n or suffix[i] < left:
            return
        for k in range(min(limits[i], left), -1, -1):
            takes[i] = k
            yield from rec(i + 1, left - k)
        takes[i] = 0

    yield from rec(0, total)


