"""The state of a Cheat game and the bookkeeping that every part of the engine shares.

The engine (:class:`~bluffhouse.cheat.engine.CheatGame`) is one class built in layers, each a
module with one responsibility; this is the lowest: the state fields (what a save holds, and
their shapes), the caches derived from the rules and the seats still in, seats in turn order,
the ranks a play may claim, opening rounds and turns, and the no-progress rule and the end of
the game.  Higher layers only add methods; none keeps state of its own.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Mapping
from typing import Any, ClassVar

from .. import savecheck as sc
from ..cards import JOKER, JOKER_RANK, RANK_INDEX
from ..game import Game
from ..shapes import OutEvent
from .cardtools import _unique
from .rules import CheatRules

_ONLY_TYPE = frozenset({"type"})
#: Every phase of a Cheat game (a save naming another is refused).
PHASES = ("turn", "window", "jump", "bid", "bid_window", "answer", "over")
#: The kinds of open table cheats (``cheats`` entries: [seat, kind, data]); all but hide and
#: out_of_turn name another seat first in their data.
CHEAT_KINDS = ("hide", "give", "peek", "out_of_turn", "show", "swap")
_RANK = sc.whole(0, 13)  # a rank index, jokers' pseudo-rank included
KING = 12


class CheatState(Game):
    """A Cheat game's state, what follows from it, and the bookkeeping every transition
    shares: seats in turn order, the ranks a play may claim, turns and rounds opening,
    progress (the no-progress rule) and the end of the game.  The layers above it only add
    methods (see :mod:`bluffhouse.cheat.engine`); the state fields and their caches are all
    declared here, with the slots that hold them."""

    RULES: ClassVar[type[CheatRules]] = CheatRules
    FAMILY = "cheat"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 10
    STATE_FIELDS = (
        "hands",
        "pile",
        "discarded",
        "hidden",
        "phase",
        "turn",
        "window",
        "last",
        "prev_rank",
        "prev_suit",
        "lead",
        "allowed",
        "round_player",
        "passes",
        "finished",
        "lost",
        "sips",
        "cup",
        "pours",
        "cup_full",
        "checked",
        "declined",
        "cheats",
        "bid",
        "bidders",
        "dealer",
        "calls",
        "bluffs_caught",
        "bluffs_survived",
        "low",
        "quiet",
    )

    STATE_SHAPES: ClassVar[Mapping[str, sc.Shape]] = {
        "hands": sc.per_seat(sc.cards()),
        "pile": sc.cards(),
        "discarded": sc.cards(),
        "hidden": sc.per_seat(sc.cards()),
        "phase": sc.choice(*PHASES),
        "turn": sc.seat(),
        "window": sc.seats(),
        "last": sc.optional(
            sc.record(
                {
                    "seat": sc.seat(),
                    "cards": sc.cards(most=200),
                    "rank": _RANK,
                    "count": sc.whole(1, 200),
                    "suit": sc.whole(-1, 3),
                },
                {"caller": sc.seat()},
            )
        ),
        "prev_rank": sc.whole(-1, 13),
        "prev_suit": sc.whole(-1, 3),
        "lead": sc.flag(),
        "allowed": sc.listing(_RANK, most=14, distinct=True),
        "round_player": sc.seat(-1),
        "passes": sc.whole(0, 64),
        "finished": sc.seats(),
        "lost": sc.seats(),
        "sips": sc.per_seat(sc.whole()),
        "cup": sc.whole(),
        "pours": sc.whole(),
        "cup_full": sc.flag(),
        "checked": sc.seats(),
        "declined": sc.seats(),
        "cheats": sc.listing(
            sc.row(sc.seat(), sc.choice(*CHEAT_KINDS), sc.listing(sc.whole(0, 52), most=200)),
            most=64,
        ),
        "bid": sc.optional(sc.row(sc.seat(), sc.whole(1, 8))),
        "bidders": sc.seats(),
        "dealer": sc.seat(),
        "calls": sc.per_seat(sc.whole()),
        "bluffs_caught": sc.per_seat(sc.whole()),
        "bluffs_survived": sc.per_seat(sc.whole()),
        "low": sc.per_seat(sc.whole()),
        "quiet": sc.whole(),
    }
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {
        "play": frozenset({"type", "cards", "claim"}),
        "call": _ONLY_TYPE,
        "pass": _ONLY_TYPE,
        "believe": _ONLY_TYPE,
        "check": _ONLY_TYPE,
        "bid": frozenset({"type", "count", "rank"}),
        "cheat": frozenset({"type", "cheat", "cards", "seat"}),
        "accuse": frozenset({"type", "seat"}),
        "show": frozenset({"type", "cards"}),
    }

    # The state and the caches live in slots: attribute access is the engine's commonest
    # operation, and an instance dict of ~60 keys is past what CPython shares and inlines.
    __slots__ = (
        # (``quiet`` is a property over ``_last_progress``, not a slot)
        *[name for name in STATE_FIELDS if name != "quiet"],
        "_claimable",
        "_call_or_pass",
        "_wild",
        "_set_size",
        "_max",
        "_plain_window",
        "_start_ranks",
        "_plain_turn",
        "_plain_play",
        "_turn_pass",
        "_anyone_calls",
        "_suit_lead_rule",
        "_after",
        "_seats_key",
        "_active_seats",
        "_others_of",
        "_next_of",
        "_stall_at",
        "_count_top",
        "_last_progress",
        "_deadline",
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

    # ================================================================== derived from the rules
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
        # sampled without listing the other actions; its short paths hand the turn on
        # directly, so a capped game (turn_limit, checked as each turn begins) takes the long
        # ones.
        self._plain_turn = (
            self._plain_window
            and r.callers in ("anyone", "next")
            and not r.jump_in
            and not r.turn_limit
        )
        # ... whose plays claim a true count of one rank, with no suit, at most max_cards cards.
        self._plain_play = (
            self._plain_turn
            and self._max > 0
            and not r.count_lies
            and not r.claim_suit
            and not r.last_card_truthful
        )
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

    def _max_claim(self) -> int:
        """The largest count a claim may name: every card of a rank in the packs, wilds included."""
        return 4 * self.rules.decks + (self.rules.jokers if self._wild else 0)

    def _first_claims(self) -> list[int] | None:
        """The claims the first play of a game may make (None: any rank)."""
        return None if self.rules.first_rank == "any" else list(self._start_ranks)

    def _top_rank(self) -> int:
        """The rank Spanish bidding is over: aces where the packs hold them, else the highest."""
        deck = self.rules.deck_rank_list(self.players)
        return 0 if 0 in deck else max(deck)

    # ================================================================== seats and ranks
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

    # ================================================================== rounds and turns
    def _open_round(self, seat: int, ranks: list[int] | None) -> None:
        """``seat`` leads; ``ranks`` are the claims allowed (None: the leader names any rank)."""
        self.lead = True
        self.passes = 0
        self.round_player = -1
        self.prev_suit = -1
        self.allowed = list(self._claimable) if ranks is None else ranks
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        limit = self.rules.turn_limit
        if limit and self._plays_made() >= limit:
            self._end_game(end="turn_limit")  # the cap: the last play is settled
            return
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
                self._act += [
                    s
                    for s in self._others_from(self.turn)
                    if s not in self._act and s not in self.declined
                ]
        elif self.phase in ("bid", "answer"):
            self._act = [self.turn]
        else:
            # Under "anytime" the other seats that may call come first, from the player's
            # left: the turn player's next play closes their chance, so a driver that asks
            # the seats of ``to_act`` in order asks them before it.
            act = [s for s in self.window if s != self.turn] if r.callers == "anytime" else []
            act.append(self.turn)
            if r.table_cheats:
                act += [
                    s
                    for s in self._others_from(self.turn)
                    if s not in act and s not in self.declined
                ]
            self._act = act

    def _next_turn_after_play(self, player: int) -> None:
        """The play stood: move the sequence on and hand the turn to the next player."""
        nxt = self._next_active(player)
        self.allowed = self._ranks_after(self.prev_rank)
        self.lead = False
        self._begin_turn(nxt)

    # ================================================================== claims
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

    def _was_bluff(self, play: dict[str, Any]) -> bool:
        return not self._truthful(play["cards"], play["rank"], play["count"], play["suit"])

    def _has_cheat(self, seat: int) -> bool:
        return any(c[0] == seat for c in self.cheats)

    def _claims(self) -> list[int]:
        return self.allowed

    def _suit_required(self) -> int:
        """The suit a Specificity play must claim (-1: the player chooses)."""
        return -1 if self.lead or self.prev_suit < 0 else self.prev_suit

    # ================================================================== progress and the end
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

    def _plays_made(self) -> int:
        """The plays made so far (read from the log: only a capped game asks)."""
        return sum(1 for event in self.events if event[0]["type"] == "play")

    def _stall(self) -> None:
        """The no-progress rule (``stall_limit``): that many actions in a row without progress
        (``quiet`` counts them; every progress sets it back to 0) end the game, ranked by the
        cards held.  Progress: a hand smaller than its smallest yet, a player out, cards out
        of play; each can happen only so often, so every game ends (docs/rules/cheat.md)."""
        if self._result is None:
            self._end_game(end="stalled")

    def _go_out(self, seat: int) -> None:
        self._progress()  # progress: a player is out
        self.finished.append(seat)
        self._log(OutEvent(type="out", seat=seat, place=len(self.finished)))
        if self.rules.end == "first_out" or len(self._active()) <= 1:
            self._end_game()

    def _end_game(self, end: str | None = None) -> None:
        """The ranking: players out in the order they went, then those still in by cards
        held (fewest first, ties in seat order), then those who lost at once, last first.
        A game cut short (``end``: "stalled" by the no-progress rule, "turn_limit" by the
        cap) is ranked alike; its winner is the first out, else the one seat holding the
        fewest cards (None when several share the fewest)."""
        n = self.players
        rest = sorted(self._active(), key=lambda s: (len(self.hands[s]), s))
        ranking = self.finished + rest + self.lost[::-1]
        scores = [0] * n
        for place, seat in enumerate(ranking):
            scores[seat] = n - 1 - place
        self.phase = "over"
        winner: int | None = self.finished[0] if self.finished else ranking[0]
        how: dict[str, Any] = {}
        if end is not None:
            how["end"] = end
            if (
                not self.finished
                and len(rest) > 1
                and len(self.hands[rest[0]]) == len(self.hands[rest[1]])
            ):
                winner = None
        self._finish(
            winner,
            ranking,
            scores,
            sips=list(self.sips),
            cards_left=[len(h) for h in self.hands],
            stats={
                "calls": list(self.calls),
                "bluffs_caught": list(self.bluffs_caught),
                "bluffs_survived": list(self.bluffs_survived),
            },
            **how,
        )
