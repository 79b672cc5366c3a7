"""The Sneak engine (David Parlett): draw, sneak (lead face down) or flaunt (lead face up), and
anyone with enough cards may challenge a lead.

Flow of a deal: a shuffled stock and empty hands.  A *turn* is one of draw / sneak / flaunt;
after a lead a challenge *window* holds every other seat with enough cards; each challenges or
passes, and when all have answered the challenges are revealed together and the lead is
settled.  The turn then passes to the left of the leader (whoever won).  Once the stock is
empty only flaunts remain; when at most one player still holds cards, that player wins them
and the deal is scored.  Deals go on, the dealer moving left, until a player reaches the
target score.

Internal notes: ``stock`` keeps its top card *last* (drawing pops it); everything in the state is
plain JSON values so a save continues exactly.
"""

from __future__ import annotations

from bisect import insort
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, Literal, TypeVar

from .. import savecheck as sc
from ..cards import CARD_INDEX, CARD_TEXT, MOST_CARDS, build_deck, parse_cards, take_cards
from ..errors import IllegalAction, RuleError, quote
from ..game import Action, Game, unknown_action
from . import combos as cb
from .rules import SneakRules
from .shapes import DealEndEvent, DrawEvent, LeadEvent, PassEvent, RevealEvent, UncontestedEvent

#: Where the full list of legal actions would be longer than this, ``legal_actions`` lists a
#: deterministic subset (see :func:`capped`); ``is_legal`` still decides any action exactly.
LIST_LIMIT = 10_000

TURN_ACTIONS = ("draw", "sneak", "flaunt")
WINDOW_ACTIONS = ("challenge", "pass")
_ONLY_TYPE = frozenset({"type"})
_WITH_CARDS = frozenset({"type", "cards"})
PHASES = ("turn", "window", "over")
_T = TypeVar("_T")


class SneakGame(Game):
    RULES: ClassVar[type[SneakRules]] = SneakRules
    FAMILY = "sneak"
    MIN_PLAYERS = 2
    MAX_PLAYERS = 7
    STATE_FIELDS = (
        "hands",
        "stock",
        "won",
        "out",
        "scores",
        "dealer",
        "deal_no",
        "phase",
        "turn",
        "started",
        "lead",
        "challenges",
        "window",
        "declined",
        "deal_scores",
    )
    ACTION_KEYS: ClassVar[Mapping[str, frozenset[str]]] = {
        "draw": _ONLY_TYPE,
        "pass": _ONLY_TYPE,
        "sneak": _WITH_CARDS,
        "flaunt": _WITH_CARDS,
        "challenge": _WITH_CARDS,
    }
    STATE_SHAPES: ClassVar[Mapping[str, sc.Shape]] = {
        "hands": sc.per_seat(sc.cards()),
        "stock": sc.cards(),
        "won": sc.per_seat(sc.cards()),
        "out": sc.cards(),
        "scores": sc.per_seat(sc.whole()),
        "dealer": sc.seat(),
        "deal_no": sc.whole(1),
        "phase": sc.choice(*PHASES),
        "turn": sc.seat(),
        "started": sc.per_seat(sc.flag()),
        "lead": sc.optional(
            sc.record(
                {"seat": sc.seat(), "kind": sc.choice("sneak", "flaunt"), "cards": sc.cards()}
            )
        ),
        "challenges": sc.listing(sc.row(sc.seat(), sc.cards()), most=7),
        "window": sc.seats(),
        "declined": sc.seats(),
        "deal_scores": sc.listing(sc.per_seat(sc.whole())),
    }

    rules: SneakRules
    hands: list[list[int]]
    stock: list[int]
    won: list[list[int]]
    out: list[int]
    scores: list[int]
    dealer: int
    deal_no: int
    phase: str
    turn: int
    started: list[bool]
    lead: dict[str, Any] | None
    challenges: list[list[Any]]
    window: list[int]
    declined: list[int]
    deal_scores: list[list[int]]

    # ================================================================== setup
    def _after_load(self) -> None:
        self._derive()

    def _derive(self) -> None:
        self._packs = self.rules.pack_count(self.players)
        self._target = self.rules.target_score(self.players)
        self._must_beat = self.rules.flaunt_challenges == "must_beat"

    def _setup(
        self,
        deal: Sequence[Sequence[str]] | None,
        stock: Sequence[str] | None,
        first: int | None,
    ) -> None:
        n = self.players
        self._derive()
        self.scores = [0] * n
        self.deal_no = 0
        self.deal_scores = []
        self.dealer = (first - 1) % n if first is not None else n - 1
        pack = build_deck(self._packs)
        hands: list[list[int]] | None = None
        pool = list(pack)
        if deal is not None:
            hands = _parse_deal(deal, n, pool)
        stock_cards: list[int] | None = None
        if stock is not None:
            stock_cards = _parse_stock(stock, pool)
        self._start_deal(hands, stock_cards)

    def _start_deal(self, hands: list[list[int]] | None, stock: list[int] | None) -> None:
        """A new deal: every card of the packs goes into a shuffled stock (the first deal may be
        set by ``deal=`` / ``stock=``; cards they leave out are out of play for that deal)."""
        n = self.players
        self.deal_no += 1
        pack = build_deck(self._packs)
        if hands is None and stock is None:
            cards = list(pack)
            self.rng.shuffle(cards)
            self.stock = cards  # top last
            self.out = []
            self.hands = [[] for _ in range(n)]
        else:
            self.hands = hands if hands is not None else [[] for _ in range(n)]
            rest = list(pack)
            for hand in self.hands:
                for c in hand:
                    rest.remove(c)
            if stock is None:
                self.rng.shuffle(rest)
                self.stock = rest
                self.out = []
            else:
                for c in stock:
                    rest.remove(c)
                self.stock = list(reversed(stock))
                self.out = sorted(rest)
        self.won = [[] for _ in range(n)]
        self.started = [False] * n
        self.lead = None
        self.challenges, self.window, self.declined = [], [], []
        self.phase = "turn"
        self.turn = self.dealer
        public: dict[str, Any] = {
            "type": "deal_start",
            "deal": self.deal_no,
            "dealer": self.dealer,
            "stock_size": len(self.stock),
            "hand_sizes": [len(h) for h in self.hands],
        }
        if self.out:
            public["out_of_play"] = len(self.out)
        private = {s: {"cards": _texts(self.hands[s])} for s in range(n) if self.hands[s]}
        self._log(public, private)
        self._advance(self.dealer)

    # ================================================================== queries
    def _lead_limit(self, seat: int) -> int:
        """Most cards ``seat`` may lead: no more than the largest hand among the others."""
        sizes = list(map(len, self.hands))  # (asked every turn: no generator)
        own = sizes[seat]
        sizes[seat] = 0
        others = max(sizes)
        return own if own < others else others

    def _only_draw(self, seat: int) -> bool:
        """A player's first turn of each deal is a draw (while there is a stock to draw from)."""
        return not self.started[seat] and bool(self.stock)

    def _order_from(self, seat: int) -> list[int]:
        """The other seats in turn order, starting at ``seat``'s left."""
        n = self.players
        return [(seat + k) % n for k in range(1, n)]

    # ================================================================== transitions
    def _advance(self, prev: int) -> None:
        """The turn passes to the left of ``prev`` (the last drawer or leader)."""
        if not self.stock:
            holders = [s for s in range(self.players) if self.hands[s]]
            if len(holders) <= 1:
                self._end_deal()
                return
        for step in range(1, self.players + 1):
            seat = (prev + step) % self.players
            if self.stock or self.hands[seat]:
                self.phase = "turn"
                self.turn = seat
                self._act = [seat]
                return
        raise AssertionError("no seat can take a turn")  # pragma: no cover

    def _do_draw(self, seat: int) -> None:
        card = self.stock.pop()
        insort(self.hands[seat], card)
        self.started[seat] = True
        self._log(
            DrawEvent(type="draw", seat=seat, stock_size=len(self.stock)),
            {seat: {"card": CARD_TEXT[card]}},
        )
        self._advance(seat)

    def _do_lead(self, seat: int, kind: str, cards: list[int]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.started[seat] = True
        self.lead = {"seat": seat, "kind": kind, "cards": list(cards)}
        self.challenges, self.declined = [], []
        count = len(cards)
        self.window = [s for s in self._order_from(seat) if len(self.hands[s]) >= count]
        if kind == "flaunt":
            self._log(
                LeadEvent(
                    type="flaunt",
                    seat=seat,
                    count=count,
                    cards=_texts(cards),
                    combo=cb.describe(cards),
                )
            )
        else:
            self._log(
                LeadEvent(type="sneak", seat=seat, count=count), {seat: {"cards": _texts(cards)}}
            )
        self.phase = "window"
        self.turn = seat
        self._act = list(self.window)
        if not self.window:  # pragma: no cover - the lead limit leaves someone able to answer
            self._close_window()

    def _do_challenge(self, seat: int, cards: list[int]) -> None:
        hand = self.hands[seat]
        for c in cards:
            hand.remove(c)
        self.challenges.append([seat, list(cards)])
        self.window.remove(seat)
        self._log(
            LeadEvent(type="challenge", seat=seat, count=len(cards)),
            {seat: {"cards": _texts(cards)}},
        )
        self._after_answer()

    def _do_pass(self, seat: int) -> None:
        self.window.remove(seat)
        self.declined.append(seat)
        self._log(PassEvent(type="pass", seat=seat))
        self._after_answer()

    def _after_answer(self) -> None:
        self._act = list(self.window)
        if not self.window:
            self._close_window()

    def _close_window(self) -> None:
        """Everyone has answered the lead: reveal the challenges together and settle it."""
        lead = self.lead
        assert lead is not None
        leader: int = lead["seat"]
        lead_cards: list[int] = lead["cards"]
        kind: Literal["sneak", "flaunt"] = lead["kind"]
        if not self.challenges:
            self.won[leader].extend(lead_cards)
            public: dict[str, Any] = {
                "type": "won",
                "seat": leader,
                "kind": kind,
                "count": len(lead_cards),
                "challenged": False,
            }
            if kind == "sneak":
                # Unchallenged: the cards are won unseen; only the leader knows them.
                self._log(public, {leader: {"cards": _texts(lead_cards)}})
            else:
                public["cards"] = _texts(lead_cards)
                self._log(public)
        else:
            order = {s: i for i, s in enumerate(self._order_from(leader))}
            chals = sorted(self.challenges, key=lambda c: order[c[0]])
            plays: list[tuple[int, list[int]]] = [(leader, lead_cards)]
            plays += [(s, list(cs)) for s, cs in chals]
            winner = self._winner(kind, plays)
            taken = [c for _, cs in plays for c in cs]
            self.won[winner].extend(taken)
            self._log(
                RevealEvent(
                    type="reveal",
                    kind=kind,
                    winner=winner,
                    count=len(taken),
                    plays=[
                        {"seat": s, "cards": _texts(cs), "combo": cb.describe(cs)}
                        for s, cs in plays
                    ],
                )
            )
        self.lead = None
        self.challenges, self.window, self.declined = [], [], []
        self._advance(leader)

    def _winner(self, kind: str, plays: list[tuple[int, list[int]]]) -> int:
        """Who takes the table.  Ties go to the earlier play, in order from the leader."""
        best_seat, best_cards = plays[0]
        best_key = cb.key(best_cards)
        lead_cards = best_cards
        for seat, cards in plays[1:]:
            if kind == "flaunt" and not cb.beats_flaunt(lead_cards, cards):
                continue
            k = cb.key(cards)
            if k > best_key:
                best_seat, best_key = seat, k
        return best_seat

    def _end_deal(self) -> None:
        holders = [s for s in range(self.players) if self.hands[s]]
        if len(holders) == 1:
            last = holders[0]
            cards = self.hands[last]
            self.hands[last] = []
            self.won[last].extend(cards)
            self._log(
                UncontestedEvent(type="uncontested", seat=last, count=len(cards)),
                {last: {"cards": _texts(cards)}},
            )
        counts = [len(w) for w in self.won]
        self.scores = [a + b for a, b in zip(self.scores, counts, strict=True)]
        self.deal_scores.append(counts)
        self._log(
            DealEndEvent(type="deal_end", deal=self.deal_no, won=counts, scores=list(self.scores))
        )
        top = max(self.scores)
        if top >= self._target:
            # Ranked by score; equal scores in seat order.  A shared top score is a shared win
            # (winner None, the sharers listed in "shared").
            self.phase = "over"
            leaders = [s for s in range(self.players) if self.scores[s] == top]
            ranking = sorted(range(self.players), key=lambda s: (-self.scores[s], s))
            winner = leaders[0] if len(leaders) == 1 else None
            self._finish(winner, ranking, list(self.scores), deals=self.deal_no, shared=leaders)
            return
        self.dealer = (self.dealer + 1) % self.players
        self._start_deal(None, None)

    # ================================================================== legality
    def _legal(self, seat: int) -> list[Action]:
        return capped([_actions(kind, found) for kind, found in self._legal_groups(seat)])

    def legal_sets(self, seat: int) -> list[tuple[str, tuple[int, ...]]]:
        """``legal_actions(seat)`` in compact form: the same actions in the same order (the
        same subset where the list is capped), each as (type, its cards as sorted card
        numbers; ``()`` for draw and pass).  For callers that would turn every listed action
        back into numbers (the research environments' action masks): no dict or card text is
        made."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return []
        return capped([_tagged(kind, found) for kind, found in self._legal_groups(seat)])

    def _apply_listed(self, seat: int, kind: str, cards: Sequence[int], version: int) -> None:
        """Apply one of ``legal_sets(seat)`` as listed at game version ``version`` (its type
        and card numbers) without validating it again: for the research environments, which
        check an action id against the legal ids they made of that listing before they turn
        it back into a set (what ``apply`` would check, decoding and validating, costs a tenth
        of their step).  Not public: an action that was not listed corrupts the game.  Refused
        (AssertionError, nothing changed) once the game has moved on from ``version`` or when
        the type cannot be taken by ``seat`` now."""
        if (
            version != self.version
            or seat not in self._act
            or (kind not in WINDOW_ACTIONS if self.phase == "window" else kind not in TURN_ACTIONS)
        ):
            raise AssertionError(f"{kind} by seat {seat} was not listed at version {version}")
        self._perform(seat, (kind, list(cards)))
        self.version += 1

    def legal_key(self, seat: int) -> tuple[Any, ...]:
        """Everything ``legal_sets(seat)`` depends on, as a hashable key: two states (of games
        with the same rules) with equal keys list the same legal actions, so a caller may keep
        what it made of one listing (the research environments keep the action ids).  Only
        what the listing reads: a first draw is the same whatever the hand, and a challenge
        window needs the lead's cards only where a flaunt must be beaten (else its size), so
        that equal situations meet equal keys as often as they can."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return ("none",)
        if self.phase == "turn":
            if self._only_draw(seat):
                return ("draw",)  # (whatever the hand: see _turn_groups)
            return ("turn", bool(self.stock), self._lead_limit(seat), tuple(self.hands[seat]))
        lead = self.lead
        assert lead is not None
        if lead["kind"] == "flaunt" and self._must_beat:
            return ("beat", tuple(lead["cards"]), tuple(self.hands[seat]))
        # any set of as many cards challenges (see _window_groups): the lead's size is enough
        return ("window", len(lead["cards"]), tuple(self.hands[seat]))

    def _legal_groups(self, seat: int) -> list[tuple[str, Iterator[tuple[int, ...]]]]:
        """The legal actions of ``seat`` as ordered groups, each (type, lazily made card sets):
        what :func:`capped` lists from, as dicts (``legal_actions``) or as sets
        (``legal_sets``)."""
        if self.phase == "turn":
            return self._turn_groups(seat)
        return self._window_groups(seat)

    def _turn_groups(self, seat: int) -> list[tuple[str, Iterator[tuple[int, ...]]]]:
        groups: list[tuple[str, Iterator[tuple[int, ...]]]] = []
        if self.stock:
            groups.append(("draw", iter([()])))
        if self._only_draw(seat):
            return groups
        hand = self.hands[seat]
        limit = self._lead_limit(seat)
        for size in range(1, limit + 1):
            if size == 1:
                groups.append(("flaunt", ((c,) for c in _distinct(hand))))
            else:
                for ctype in cb.COMBO_TYPES:
                    groups.append(("flaunt", cb.combos_of(hand, size, ctype)))
            if self.stock:
                groups.append(("sneak", cb.sub_multisets(hand, size)))
        return groups

    def _window_groups(self, seat: int) -> list[tuple[str, Iterator[tuple[int, ...]]]]:
        lead = self.lead
        assert lead is not None
        hand = self.hands[seat]
        lead_cards: list[int] = lead["cards"]
        size = len(lead_cards)
        found: Iterable[tuple[int, ...]]
        if lead["kind"] == "flaunt" and self._must_beat:
            if size == 1:
                found = ((c,) for c in _distinct(hand) if cb.beats_flaunt(lead_cards, [c]))
            else:
                ctype = cb.kind(lead_cards)
                found = (
                    c for c in cb.combos_of(hand, size, ctype) if cb.beats_flaunt(lead_cards, c)
                )
        else:
            found = cb.sub_multisets(hand, size)
        return [("challenge", iter(found)), ("pass", iter([()]))]

    def _parse(self, seat: int, kind: str, action: dict[str, Any]) -> Any:
        if self.phase == "window":
            if kind in TURN_ACTIONS:
                raise IllegalAction(
                    f"seat {self.turn} has led; challenge the lead or pass before anyone {kind}s"
                )
            if kind == "pass":
                return ("pass", [])
            if kind != "challenge":
                raise unknown_action(kind, WINDOW_ACTIONS)
            return ("challenge", self._parse_challenge(seat, action))
        if kind in WINDOW_ACTIONS:
            raise IllegalAction(
                "there is no lead to challenge or pass on: it is your turn to draw, sneak or flaunt"
            )
        if kind not in TURN_ACTIONS:
            raise unknown_action(kind, TURN_ACTIONS)
        if kind == "draw":
            if not self.stock:
                raise IllegalAction("the stock is empty: there is nothing left to draw")
            return ("draw", [])
        if self._only_draw(seat):
            raise IllegalAction("your first turn of each deal is a draw: draw the top card")
        cards = self._parse_cards(seat, action)
        limit = self._lead_limit(seat)
        if len(cards) > limit:
            raise IllegalAction(
                f"you may lead at most {limit} card{'s' if limit != 1 else ''}: no other player "
                f"holds more than {limit}"
            )
        if kind == "sneak" and not self.stock:
            raise IllegalAction("the stock is empty: sneaking is over, every lead is a flaunt")
        if kind == "flaunt" and not cb.is_flauntable(cards):
            raise IllegalAction(
                "a flaunt is one card or a combo: a match (same rank), a straight flush, a "
                "straight (a sequence) or a flush (same suit)"
            )
        return (kind, cards)

    def _parse_cards(self, seat: int, action: dict[str, Any]) -> list[int]:
        if "cards" not in action:
            raise IllegalAction("say which cards, like {'type': 'sneak', 'cards': ['7H']}")
        cards = parse_cards(action["cards"], most=MOST_CARDS)
        if not cards:
            raise IllegalAction("lay at least one card")
        if take_cards(self.hands[seat], cards) is None:
            raise IllegalAction(f"you do not hold {' '.join(_texts(sorted(cards)))}")
        return sorted(cards)

    def _parse_challenge(self, seat: int, action: dict[str, Any]) -> list[int]:
        lead = self.lead
        assert lead is not None
        lead_cards: list[int] = lead["cards"]
        cards = self._parse_cards(seat, action)
        if len(cards) != len(lead_cards):
            n = len(lead_cards)
            raise IllegalAction(f"a challenge lays the same number of cards as the lead: {n}")
        if lead["kind"] == "flaunt" and self._must_beat and not cb.beats_flaunt(lead_cards, cards):
            if len(lead_cards) == 1:
                raise IllegalAction(
                    f"a flaunted {CARD_TEXT[lead_cards[0]]} is beaten only by a higher card of "
                    "its suit"
                )
            raise IllegalAction(
                f"a flaunted {cb.describe(lead_cards)} is beaten only by a higher "
                f"{cb.describe(lead_cards)} of {len(lead_cards)} cards"
            )
        return cards

    def _perform(self, seat: int, move: Any) -> None:
        kind, cards = move
        if kind == "draw":
            self._do_draw(seat)
        elif kind in ("sneak", "flaunt"):
            self._do_lead(seat, kind, cards)
        elif kind == "challenge":
            self._do_challenge(seat, cards)
        else:
            self._do_pass(seat)

    # ================================================================== loading
    def _check_state(self) -> None:
        """A loaded Sneak state: every card of the packs exactly once across hands, stock,
        tricks won, out of play, the lead and the challenges; hands in order; scores the sums
        of the deals'; a lead exactly while a window is open, answered by seats that could."""
        packs = self.rules.pack_count(self.players)
        found = [c for h in self.hands for c in h] + self.stock + self.out
        found += [c for w in self.won for c in w]
        if self.lead is not None:
            found += self.lead["cards"]
        found += [c for _, cs in self.challenges for c in cs]
        sc.same_cards(
            found,
            Counter(build_deck(packs)),
            "hands, stock, won, out, lead and challenges",
            CARD_TEXT.__getitem__,
        )
        sc.sorted_cards(self.hands, "hands")
        over = self._result is not None
        done = len(self.deal_scores)
        if done != self.deal_no - (0 if over else 1):
            raise sc.damaged(
                "deal_scores",
                f"has {done} deals, but this is deal {self.deal_no}{' (over)' if over else ''}",
            )
        sums = [sum(d[s] for d in self.deal_scores) for s in range(self.players)]
        if sums != self.scores:
            raise sc.damaged("scores", "must be the sums of deal_scores")
        if over != (self.phase == "over"):
            raise sc.damaged(
                "phase", f"is {self.phase}, but the game is {'over' if over else 'not over'}"
            )
        lead = self.lead
        if (lead is not None) != (self.phase == "window"):
            raise sc.damaged("lead", "must be set exactly while a lead is being answered")
        if lead is None:
            if self.challenges or self.window or self.declined:
                raise sc.damaged("window", "holds answers, but there is no lead")
            return
        leader, size = lead["seat"], len(lead["cards"])
        if not size or leader != self.turn:
            raise sc.damaged("lead", "must hold cards, laid by the seat on turn")
        if lead["kind"] == "flaunt" and not cb.is_flauntable(sorted(lead["cards"])):
            raise sc.damaged("lead", "is a flaunt that is no combo")
        answered = [s for s, _ in self.challenges] + self.declined + self.window
        if len(set(answered)) != len(answered) or leader in answered:
            raise sc.damaged("window", "names a seat twice, or the leader")
        for s, cs in self.challenges:
            if len(cs) != size:
                raise sc.damaged(
                    "challenges", f"holds {len(cs)} cards from seat {s}; the lead has {size}"
                )
        for s in self.window:
            if len(self.hands[s]) < size:
                raise sc.damaged("window", f"names seat {s}, which holds too few cards")

    def _expected_act(self) -> list[int] | None:
        return list(self.window) if self.phase == "window" else [self.turn]

    def _may_act(self, seat: int) -> bool:
        # a window may always be passed; a turn draws, or leads one card at least
        return self.phase == "window" or bool(self.stock) or self._lead_limit(seat) > 0

    # ================================================================== views
    def _hand_text(self, seat: int) -> list[str]:
        return _texts(self.hands[seat])

    def _hand_sizes(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        lead_view: dict[str, Any] | None = None
        if self.lead is not None:
            leader = self.lead["seat"]
            cards = self.lead["cards"]
            shown = self.lead["kind"] == "flaunt" or seat == leader
            lead_view = {
                "seat": leader,
                "kind": self.lead["kind"],
                "count": len(cards),
                "cards": _texts(cards) if shown else None,
                "combo": cb.describe(cards) if self.lead["kind"] == "flaunt" else None,
            }
        on_turn = self.turn if self.phase == "turn" else None
        return {
            "stock_size": len(self.stock),
            "won": [len(w) for w in self.won],
            "scores": list(self.scores),
            "target": self._target,
            "packs": self._packs,
            "deal": self.deal_no,
            "dealer": self.dealer,
            "deal_scores": [list(d) for d in self.deal_scores],
            "phase": self.phase,
            "turn": on_turn,
            "started": list(self.started),
            "sneaking": bool(self.stock),
            "lead_limit": self._lead_limit(on_turn) if on_turn is not None else None,
            "lead": lead_view,
            "challenges": [
                {"seat": s, "count": len(cs), "cards": _texts(cs) if s == seat else None}
                for s, cs in self.challenges
            ],
            "challenged": [s for s, _ in self.challenges],
            "declined": list(self.declined),
            "out_of_play": len(self.out),
            # The rules in force (public: every player knows the options of the table).
            "rules": self.rules.as_dict(),
        }


# ====================================================================== helpers
def capped(classes: Sequence[Iterator[_T]], limit: int = LIST_LIMIT) -> list[_T]:
    """Actions from ``classes`` (each a lazily made, ordered group), at most ``limit`` in all.

    When the groups hold ``limit`` actions or fewer, this is all of them, in group order.  When
    they hold more, the first action of every non-empty group is kept (so every kind and size
    of play stays available), and the rest of the room is filled group by group, in order:
    smaller leads before larger ones, and within a group in lexicographic card order."""
    firsts: list[list[_T]] = []
    for it in classes:
        first = next(it, None)
        firsts.append([first] if first is not None else [])
    room = limit - sum(len(f) for f in firsts)
    for group, it in zip(firsts, classes, strict=True):
        if not group:
            continue
        while room > 0:
            nxt = next(it, None)
            if nxt is None:
                break
            group.append(nxt)
            room -= 1
    return [a for group in firsts for a in group]


def _actions(kind: str, found: Iterable[tuple[int, ...]]) -> Iterator[Action]:
    """The actions of a group: ``{"type": kind}`` for the empty set (draw, pass)."""
    text: Callable[[int], str] = CARD_TEXT.__getitem__
    for cards in found:
        yield {"type": kind, "cards": [text(c) for c in cards]} if cards else {"type": kind}


def _tagged(kind: str, found: Iterable[tuple[int, ...]]) -> Iterator[tuple[str, tuple[int, ...]]]:
    for cards in found:
        yield kind, cards


def _distinct(hand: Sequence[int]) -> list[int]:
    return sorted(set(hand))


def _texts(cards: Iterable[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _parse_cards_setup(cards: object, what: str, pool: list[int]) -> list[int]:
    if not isinstance(cards, list | tuple):
        raise RuleError(f"{what} must be a list of cards like ['AS', '7H']")
    if len(cards) > len(pool):
        raise RuleError(f"{what}: {len(cards)} cards, but the packs have {len(pool)} left")
    out = []
    for text in cards:
        card = CARD_INDEX.get(text.strip()) if type(text) is str and len(text) <= 8 else None
        if card is None or card == 52:
            raise RuleError(f"{what}: {quote(text)} is not a card of the packs")
        if card not in pool:
            raise RuleError(f"{what}: {text} is given more times than the packs hold it")
        pool.remove(card)
        out.append(card)
    return out


def _parse_deal(deal: Sequence[Sequence[str]], players: int, pool: list[int]) -> list[list[int]]:
    if not isinstance(deal, list | tuple) or len(deal) != players:
        raise RuleError(f"deal must hold one list of cards per seat ({players} seats)")
    return [sorted(_parse_cards_setup(h, f"deal (seat {s})", pool)) for s, h in enumerate(deal)]


def _parse_stock(stock: Sequence[str], pool: list[int]) -> list[int]:
    return _parse_cards_setup(stock, "stock", pool)
