"""The Poker Bull engine (Poker Bull's rule text), configured by :class:`PokerBullRules`.

A game is a series of hands.  Each hand is dealt afresh from a newly shuffled deck; the
starting player bids a poker hand that can be made from ALL the cards held; each next player
(the contract's window for Poker Bull: only the next player, no pass) bids higher or more
specific, or calls.  A call shows every hand; if the bid can be made the caller loses,
otherwise the bidder does.  Losing costs a card next hand (or, in grow mode, adds one); a
player with no cards (or who loses while holding the grow limit) is out; the last one in wins.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from .. import savecheck as sc
from ..cards import CARD_TEXT, parse_deal
from ..errors import IllegalAction, RuleError, quote
from ..game import Action, Game, unknown_action
from ..shapes import OutEvent
from .bids import (
    FIVE,
    VALUE_TEXT,
    Bid,
    BidSpace,
    bid_space,
    bid_text,
    describe,
    exists,
    key,
    parse_bid,
    parse_bid_cached,
    refines,
    summarize,
    witness,
)
from .rules import PokerBullRules
from .shapes import BidEvent, DealEvent, JokersLeaveEvent, LoseEvent, RechargeEvent

#: The longest bid text read (the longest canonical bid has 25 characters).
BID_TEXT_LIMIT = 64
_ONLY_TYPE = frozenset({"type"})


class PokerBullGame(Game):
    RULES: ClassVar[type[PokerBullRules]] = PokerBullRules
    FAMILY = "poker_bull"
    MIN_PLAYERS = 3
    MAX_PLAYERS = 10
    STATE_FIELDS = (
        "hands",
        "sizes",
        "out",
        "hand_no",
        "bid",
        "bidder",
        "history",
        "turn",
        "starter",
        "jokers_in",
        "recharged",
        "survived",
        "showdown",
    )
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {
        "bid": frozenset({"type", "bid"}),
        "call": _ONLY_TYPE,
    }
    STATE_SHAPES: ClassVar[Mapping[str, sc.Shape]] = {
        "hands": sc.per_seat(sc.cards(most=6)),
        "sizes": sc.per_seat(sc.whole(0, 6)),
        "out": sc.seats(),
        "hand_no": sc.whole(1),
        "bid": sc.optional(sc.text(BID_TEXT_LIMIT)),
        "bidder": sc.seat(-1),
        # (a hand may hold every bid of the order, about 19,700, with stall_limit=0)
        "history": sc.listing(sc.row(sc.seat(), sc.text(BID_TEXT_LIMIT)), most=20_000),
        "turn": sc.seat(),
        "starter": sc.seat(),
        "jokers_in": sc.whole(0, 2),
        "recharged": sc.flag(),
        "survived": sc.per_seat(sc.whole()),
        "showdown": sc.optional(
            sc.record(
                {
                    "hand": sc.whole(1),
                    "caller": sc.seat(),
                    "bidder": sc.seat(),
                    "bid": sc.text(BID_TEXT_LIMIT),
                    "hands": sc.per_seat(sc.card_texts(most=6)),
                    "exists": sc.flag(),
                    "higher_exists": sc.flag(),
                    "best": sc.optional(sc.text(BID_TEXT_LIMIT)),
                    "loser": sc.seat(),
                },
                optional={"best_cards": sc.card_texts(most=5)},
            )
        ),
    }

    rules: PokerBullRules
    hands: list[list[int]]
    sizes: list[int]
    out: list[int]
    hand_no: int
    bid: str | None
    bidder: int
    history: list[list[Any]]
    turn: int
    starter: int
    jokers_in: int
    recharged: bool
    survived: list[int]
    showdown: dict[str, Any] | None

    # ================================================================== setup
    def _after_load(self) -> None:
        self._derive()

    def _derive(self) -> None:
        self._space = bid_space(self.rules.universe, self.rules.order, self.jokers_in)
        self._standing: Bid | None = None if self.bid is None else parse_bid(self.bid)
        #: The standing bid's index in the bid order of this hand's deck (-1: none).
        self._standing_at = self._space.position(self._standing)

    @property
    def space(self) -> BidSpace:
        """The bids of this hand's deck (jokers may leave the game under variation #5a)."""
        return self._space

    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        state.pop("_space", None)  # shared and derived: copies look it up again
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._space = bid_space(self.rules.universe, self.rules.order, self.jokers_in)

    def _setup(
        self,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> None:
        r = self.rules
        n = self.players
        if stock is not None:
            raise RuleError("Poker Bull has no stock; use deal= for the first hand's cards")
        self.out = []
        self.hand_no = 0
        self.bid, self.bidder, self.history = None, -1, []
        self.jokers_in = r.jokers
        self.recharged = False
        self.survived = [0] * n
        self.showdown = None
        self.hands = [[] for _ in range(n)]
        starter = 0 if first is None else first  # the dealer is the last seat
        if deal is None:
            self.sizes = [r.start_size(n)] * n
            self._new_hand(starter, None)
        else:
            hands = parse_deal(deal, n, r.pack(r.jokers), deck_word="deck")
            limit = r.grow_limit if r.mode == "grow" else 5
            for seat, hand in enumerate(hands):
                if not 1 <= len(hand) <= limit:
                    raise RuleError(
                        f"deal: seat {seat} must get 1 to {limit} cards, not {len(hand)}"
                    )
            self.sizes = [len(h) for h in hands]
            if sum(self.sizes) >= len(r.pack(r.jokers)):
                raise RuleError(
                    f"deal: all {sum(self.sizes)} cards of the deck are dealt; with "
                    "every card in play no bid is in doubt, so leave at least one "
                    "out"
                )
            self._new_hand(starter, hands)

    # ================================================================== hands
    def _in(self) -> list[int]:
        return [s for s in range(self.players) if self.sizes[s] > 0]

    def _next_in(self, seat: int) -> int:
        for step in range(1, self.players + 1):
            s = (seat + step) % self.players
            if self.sizes[s] > 0:
                return s
        return seat

    def _new_hand(self, starter: int, hands: list[list[int]] | None) -> None:
        r = self.rules
        total = sum(self.sizes)
        if r.jokers_leave_at and self.jokers_in and total <= r.jokers_leave_at:
            self.jokers_in = 0
            self._log(JokersLeaveEvent(type="jokers_leave", cards_in_play=total))
        if hands is None:
            deck = r.pack(self.jokers_in)
            self.rng.shuffle(deck)
            hands = []
            at = 0
            for s in range(self.players):
                hands.append(sorted(deck[at : at + self.sizes[s]]))
                at += self.sizes[s]
        self.hands = hands
        self.hand_no += 1
        self.bid, self.bidder, self.history = None, -1, []
        self._derive()
        for s in self._in():
            self.survived[s] += 1
        self.starter = starter
        self.turn = starter
        self._act = [starter]
        self._log(
            DealEvent(
                type="deal",
                hand=self.hand_no,
                sizes=list(self.sizes),
                starter=starter,
                jokers=self.jokers_in,
            ),
            {s: {"cards": _texts(self.hands[s])} for s in self._in()},
        )

    # ================================================================== legality
    def _legal(self, seat: int) -> list[Action]:
        space = self._space
        indices, start = space.listed_range(self._standing_at, sum(self.sizes))
        texts = space.texts
        out: list[Action] = [{"type": "bid", "bid": texts[i]} for i in indices[start:]]
        if self._standing is not None:
            out.append({"type": "call"})
        return out

    def legal_bids(self, seat: int) -> tuple[BidSpace, list[int], int, bool]:
        """``legal_actions(seat)`` in compact form, ``(space, indices, start, call)``: it lists
        the bids ``space.texts[i]`` for ``i`` in ``indices[start:]`` (a cached table of the
        space: never change it), then the call where ``call``.  The research encoders
        (``bluffhouse.interop``) take the bids' action ids as a slice of it rather than reading
        up to 10,000 dicts a turn."""
        space = self._space
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return space, [], 0, False
        indices, start = space.listed_range(self._standing_at, sum(self.sizes))
        return space, indices, start, self._standing is not None

    def lists_subset(self, seat: int) -> bool:
        """Whether ``legal_actions(seat)`` is the documented subset (more than 10,000 bids are
        legal, so flush bids naming three or more ranks are left out: docs/rules/poker_bull.md,
        "Listing legal actions") rather than every legal action.  A client offering only listed
        bids needs to know: such a flush is still legal (``is_legal``), just not listed."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return False
        return self._space.lists_subset(self._standing_at, sum(self.sizes))

    def sample_action(self, seat: int, rng: random.Random) -> Action:
        """One of ``legal_actions(seat)`` drawn uniformly, without listing them: the listed
        bids are a slice of a cached table (see :meth:`BidSpace.listed_range`), so this draws
        exactly what ``legal[rng.randrange(len(legal))]`` draws, from the same RNG state, in
        microseconds.  Like ``legal_actions`` it draws from the documented subset while more
        than 10,000 bids are legal (docs/rules/poker_bull.md, "Listing legal actions")."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            raise IllegalAction(
                "the game is over"
                if self._result is not None
                else self._not_your_turn(seat)
                if type(seat) is int
                else self._no_seat(seat)
            )
        space = self._space
        indices, start = space.listed_range(self._standing_at, sum(self.sizes))
        count = len(indices) - start
        pick = rng.randrange(count + (self._standing is not None))
        if pick == count:
            return {"type": "call"}
        return {"type": "bid", "bid": space.texts[indices[start + pick]]}

    def _parse(self, seat: int, kind: str, action: dict[str, Any]) -> Any:
        if kind == "bid":
            return ("bid", *self._checked(action.get("bid")))
        if kind == "call":
            if self._standing is None:
                raise IllegalAction(
                    "nobody has bid yet this hand: you open the bidding, so bid a hand"
                )
            return ("call",)
        allowed = ["bid", "call"] if self._standing is not None else ["bid"]
        raise unknown_action(kind, allowed)

    def check_bid(self, text: object) -> Bid:
        """The bid, parsed and checked against the standing bid and the cards in play."""
        return self._checked(text)[0]

    def _checked(self, text: object) -> tuple[Bid, int]:
        """check_bid, with the bid's index in the order.  A canonical text (what
        legal_actions lists) is found by a dict lookup; any other is parsed (and remembered)."""
        space = self._space
        at = space.text_index.get(text) if type(text) is str else None
        if at is not None:
            return space.bids[at], self._check_index(at)
        if text is None:
            raise IllegalAction("a bid action needs its bid, like {'type': 'bid', 'bid': 'pair 7'}")
        if type(text) is not str:
            raise IllegalAction(f"a bid is text like 'pair 7' or 'flush S J', not {quote(text)}")
        if len(text) > BID_TEXT_LIMIT:
            raise IllegalAction(
                f"a bid is at most {BID_TEXT_LIMIT} characters, like 'pair 7' "
                f"or 'flush S J'; this one has {len(text)}"
            )
        bid = parse_bid_cached(text)
        at = self._space.index.get(bid)
        if self.jokers_in == 0:
            if bid.natural:
                raise IllegalAction(
                    "there are no jokers in this deck, so every hand is "
                    "natural: leave out 'natural'"
                )
            if bid.cat == FIVE:
                raise IllegalAction("five of a kind needs jokers, and this deck has none")
        if at is None:  # a reduced pack (options lowest_rank, suits) cannot make it
            raise IllegalAction(
                f"{describe(bid)} cannot be made from this pack (it holds "
                f"{_pack_text(self.rules)}), so it may not be bid"
            )
        return bid, self._check_index(at)

    def _check_index(self, at: int) -> int:
        """The bid's index in the order, checked against the standing bid and the cards in
        play.  The bids are sorted by the order (a strict total order), so "higher" is a
        larger index; a refinement is always higher, and is tested too for exactness."""
        space = self._space
        standing = self._standing
        bid = space.bids[at]
        if standing is not None and at <= self._standing_at and not refines(standing, bid):
            raise IllegalAction(
                f"{describe(bid)} is neither higher than the standing bid "
                f"{describe(standing)} nor the same hand made more specific"
            )
        total = sum(self.sizes)
        if space.avoid[at] < total:
            raise IllegalAction(
                f"{describe(bid)} is certain to be there among {total} cards "
                "of this deck, so it may not be bid"
            )
        return at

    # ================================================================== transitions
    def _perform(self, seat: int, move: Any) -> None:
        if move[0] == "bid":
            bid: Bid = move[1]
            text = self._space.texts[move[2]]
            self.bid, self.bidder = text, seat
            self._standing = bid
            self._standing_at = move[2]
            self.history.append([seat, text])
            self._log(BidEvent(type="bid", seat=seat, bid=text))
            self.turn = self._next_in(seat)
            self._act = [self.turn]
            # The no-progress rule: the bids since the last call are this hand's history.
            limit = self.rules.stall_limit
            if limit and len(self.history) >= limit:
                self._stall()
            return
        self._call(seat)

    def _stall(self) -> None:
        """``stall_limit`` bids in a hand without a call end the game (as Cheat's no-progress
        rule): the players still in ranked by the cards they would be dealt (the most first
        when a lost call costs a card, the fewest first when it adds one; ties in seat
        order), then those out, the last out first.  The winner is the one best seat, None
        when several share the best count."""
        grow = self.rules.mode == "grow"
        alive = sorted(self._in(), key=lambda s: (self.sizes[s] if grow else -self.sizes[s], s))
        ranking = [*alive, *reversed(self.out)]
        winner: int | None = alive[0]
        if len(alive) > 1 and self.sizes[alive[0]] == self.sizes[alive[1]]:
            winner = None
        self._finish(
            winner,
            ranking,
            list(self.survived),
            cards_left=list(self.sizes),
            hands_played=self.hand_no,
            end="stalled",
        )

    def _call(self, caller: int) -> None:
        r = self.rules
        standing = self._standing
        assert standing is not None and self.bid is not None
        bidder = self.bidder
        cards = [c for h in self.hands for c in h]
        summary = summarize(cards)
        space = self._space
        made = space_exists = exists(standing, summary, space.universe)
        best = space.best(summary)
        higher = best is not None and key(best, space.order) > key(standing, space.order)
        if r.higher_hand_counts:  # variation #4: a higher hand also saves the bidder
            made = space_exists or higher
        loser = caller if made else bidder
        self.showdown = {
            "hand": self.hand_no,
            "caller": caller,
            "bidder": bidder,
            "bid": self.bid,
            "hands": [_texts(h) for h in self.hands],
            "exists": space_exists,
            "higher_exists": higher,
            "best": None if best is None else bid_text(best),
            "best_cards": [] if best is None else _texts(witness(best, cards, space.universe)),
            "loser": loser,
        }
        self._log(
            {
                "type": "call",
                **self.showdown,
                "hands": [list(h) for h in self.showdown["hands"]],
                "best_cards": list(self.showdown["best_cards"]),
            }
        )
        before = self.sizes[loser]
        if r.mode == "grow":
            self.sizes[loser] = 0 if before >= r.grow_limit else before + 1
        else:
            self.sizes[loser] = before - 1
        self._log(LoseEvent(type="lose", seat=loser, cards_next=self.sizes[loser]))
        if self.sizes[loser] == 0:
            self.out.append(loser)
            self._log(OutEvent(type="out", seat=loser, place=self.players - len(self.out) + 1))
        alive = self._in()
        if len(alive) == 1:
            self._end(alive[0])
            return
        if r.recharge_at and not self.recharged and sum(self.sizes) <= r.recharge_at:
            self.recharged = True
            for s in alive:
                self.sizes[s] += 1
            self._log(RechargeEvent(type="recharge", seats=alive, sizes=list(self.sizes)))
        self._new_hand(self._next_in(caller), None)

    def _end(self, winner: int) -> None:
        self.hands = [[] for _ in range(self.players)]
        self.bid, self.bidder, self.history = None, -1, []
        self._standing = None
        self._standing_at = -1
        ranking = [winner, *reversed(self.out)]
        self._finish(
            winner,
            ranking,
            list(self.survived),
            cards_left=list(self.sizes),
            hands_played=self.hand_no,
        )

    # ================================================================== loading
    def _check_state(self) -> None:
        """A loaded Poker Bull state: the jokers the rules allow, hands of the sizes dealt,
        drawn from one deck (no card twice), the seats out exactly those with no cards, and
        the bids of this hand canonical, each higher than the last, made in turn order."""
        r = self.rules
        over = self._result is not None
        if self.jokers_in > r.jokers or (self.jokers_in < r.jokers and not r.jokers_leave_at):
            raise sc.damaged("jokers_in", f"is {self.jokers_in}; the rules put {r.jokers} in")
        most = r.grow_limit if r.mode == "grow" else 5 + (1 if r.recharge_at else 0)
        for s, size in enumerate(self.sizes):
            if size > most:
                raise sc.damaged(f"sizes[{s}]", f"is {size}; a hand here has at most {most}")
        deck = Counter(r.pack(self.jokers_in))
        held = Counter(c for h in self.hands for c in h)
        if held - deck:
            card = min(held - deck)
            raise sc.damaged("hands", f"hold {_card_name(card)} more often than the deck does")
        if any(self.hands) and sum(self.sizes) >= sum(deck.values()):
            raise sc.damaged(
                "sizes",
                f"put all {sum(deck.values())} cards of the deck in play; "
                "at least one stays out (no bid would be in doubt)",
            )
        sc.sorted_cards(self.hands, "hands")
        # A game ended by the no-progress rule stops mid-hand, its hand and bids still out
        # (_stall): it is checked as a hand in play.  Any other end clears them (_end).
        stalled = self._result is not None and self._result.get("end") == "stalled"
        if over and not stalled:
            if any(self.hands) or self.bid is not None or self.history or self.bidder != -1:
                raise sc.damaged("state", "holds hands or bids, but the game is over")
            return
        alive = [s for s in range(self.players) if self.sizes[s] > 0]
        if len(alive) < 2:
            raise sc.damaged("sizes", "leave fewer than two players in a game not over")
        if sorted(self.out) != [s for s in range(self.players) if self.sizes[s] == 0]:
            raise sc.damaged("out", "must be the seats that have no cards")
        for s in range(self.players):
            if len(self.hands[s]) != self.sizes[s]:
                raise sc.damaged(
                    f"hands[{s}]",
                    f"holds {len(self.hands[s])} cards, but sizes says {self.sizes[s]}",
                )
        if self.starter not in alive:
            raise sc.damaged("starter", f"is seat {self.starter}, which is out")
        space = bid_space(r.universe, r.order, self.jokers_in)
        seat, last = self.starter, -1
        for i, (who, text) in enumerate(self.history):
            at = space.text_index.get(text)
            if at is None:
                raise sc.damaged(
                    f"history[{i}]",
                    f"holds {quote(text)}, which is not a bid (in its canonical form) of this deck",
                )
            if who != seat:
                raise sc.damaged(f"history[{i}]", f"is a bid of seat {who}, out of turn")
            if at <= last and not refines(space.bids[last], space.bids[at]):
                raise sc.damaged(f"history[{i}]", "is not higher than the bid before it")
            seat, last = self._next_in(who), at
        if self.history:
            if [self.bidder, self.bid] != self.history[-1]:
                raise sc.damaged("bid", "must be the last bid of the history, with its bidder")
        elif self.bid is not None or self.bidder != -1:
            raise sc.damaged("bid", "must be null (with bidder -1) before any bid")
        if self.turn != seat:
            raise sc.damaged("turn", f"is seat {self.turn}; the bidding has seat {seat} next")
        if not stalled and r.stall_limit and len(self.history) >= r.stall_limit:
            raise sc.damaged(
                "history",
                f"holds {len(self.history)} bids: the no-progress rule "
                f"ends a hand at {r.stall_limit}",
            )

    def _expected_act(self) -> list[int] | None:
        return [self.turn]

    def _may_act(self, seat: int) -> bool:
        indices, start = self._space.listed_range(self._standing_at, sum(self.sizes))
        return len(indices) > start or self._standing is not None

    # ================================================================== views
    def _hand_text(self, seat: int) -> list[str]:
        return _texts(self.hands[seat])

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        over = self._result is not None
        return {
            "bid": self.bid,
            "bidder": self.bidder if self.bidder >= 0 else None,
            "dealt": [len(h) for h in self.hands],
            "out": list(self.out),
            "hand_number": self.hand_no,
            "history": [{"seat": s, "bid": b} for s, b in self.history],
            "turn": None if over else self.turn,
            "starter": None if over else self.starter,
            "can_call": self.bid is not None and not over,
            "cards_in_play": sum(len(h) for h in self.hands),
            "deck_size": self.rules.natural_cards + self.jokers_in,
            "jokers": self.jokers_in,
            "recharged": self.recharged,
            "showdown": None
            if self.showdown is None
            else {
                **self.showdown,
                "hands": [list(h) for h in self.showdown["hands"]],
                "best_cards": list(self.showdown.get("best_cards", ())),
            },
            # The rules in force (public: every player knows the options of the table).
            "rules": self.rules.as_dict(),
        }


def _texts(cards: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _card_name(card: int) -> str:
    return CARD_TEXT[card]


def _pack_text(rules: PokerBullRules) -> str:
    """The reduced pack in words: 'Q K A in spades, hearts'."""
    ranks = " ".join(VALUE_TEXT[v] for v in rules.universe.values)
    suits = ("spades", "hearts", "diamonds", "clubs")[: rules.suits]
    return f"{ranks} in {', '.join(suits)}"
