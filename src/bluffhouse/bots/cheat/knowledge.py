"""What one seat of a Cheat-family game knows and infers from its view: where the cards are
(:class:`Knowledge`, folded from the seat's log), the chance the last play is true, and each
seat's call rates from its record (Beta-smoothed).

The ``counter`` policy (:mod:`bluffhouse.bots.cheat.counter`), the search's opponent model
(:mod:`bluffhouse.bots.cheat.search`, :mod:`bluffhouse.bots.cheat.sampling`) and the learned
agent's features read it; it reads ``view(seat)`` only: the seat's hand, the public log and
its own private events.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ...cards import CARD_INDEX, JOKER, RANK_INDEX, build_deck
from ...cheat.rules import CheatRules
from ...registry import lookup
from ..base import View

WILD = -1

#: Folds over the log kept between decisions: (table id, seat, players, rules) ->
#: (the events read, the knowledge after them).  A few tables at most are live at once.
_FOLDS: dict[tuple[Any, ...], tuple[list[dict[str, Any]], Knowledge]] = {}


@dataclass
class Knowledge:
    """Where cards are, as far as one seat knows.

    ``known[s]``: cards seen going into seat s's hand (a pile it took after a call, or cards
    slipped to it) and not seen leaving since; ``mine_in_pile``: this seat's own cards in the
    pile; ``seen_in_pile``: other cards in the pile it saw (a check); ``gone``: cards seen
    leaving play (set aside, turned over and then removed)."""

    seat: int
    players: int
    rules: CheatRules
    deck: Counter[int]
    hand: Counter[int]
    known: list[Counter[int]] = field(default_factory=list)
    mine_in_pile: Counter[int] = field(default_factory=Counter)
    seen_in_pile: Counter[int] = field(default_factory=Counter)
    gone: Counter[int] = field(default_factory=Counter)
    claims_in_pile: list[tuple[int, int, int]] = field(default_factory=list)
    #: British Cheat: this seat's own hidden cards.
    stash: Counter[int] = field(default_factory=Counter)
    #: What this seat knew for sure of the last play's player's hand just before that play.
    before_last: Counter[int] = field(default_factory=Counter)

    #: The fold over the log so far: hand sizes by the log, the last play's cards, and per
    #: player how many of its plays were called and how many of those were true.
    sizes: list[int] | None = None
    last_play_cards: list[int] = field(default_factory=list)
    record: list[list[int]] = field(default_factory=list)
    #: Per seat, the known cards it may have laid face down since they were seen (it played
    #: since): they are in its hand or in the pile, or went on with the pile to its taker.
    soft: list[Counter[int]] = field(default_factory=list)
    #: Per seat, the cards it laid since its known cards became uncertain; and the part of
    #: the last play's player's known cards that was uncertain just before that play.
    laid_since: list[int] = field(default_factory=list)
    before_soft: Counter[int] = field(default_factory=Counter)
    #: Per seat, its calls and its chances to call seen in the public record (see call_rates).
    calls: list[int] = field(default_factory=list)
    chances: list[int] = field(default_factory=list)
    #: The seat whose play may still be called (None: no play stands open).
    standing: int | None = None
    #: Per seat, its calls and its chances to call on this seat's own lies (a caller that
    #: rarely calls may still call the claims it doubts: see lie_call_rates).
    lie_calls: list[int] = field(default_factory=list)
    lie_chances: list[int] = field(default_factory=list)
    #: Whether this seat's own standing play is a lie.
    standing_lie: bool = False
    #: Per seat, its calls and its chances to call on plays anyone could see were false (a
    #: claimed count other than the cards laid): a seat that lets those stand hardly calls a
    #: last play either, nor a claim it can rule out (see sure_lie_call_rates).
    sure_calls: list[int] = field(default_factory=list)
    sure_chances: list[int] = field(default_factory=list)
    #: Whether the standing play is one anyone can see is false.
    standing_sure: bool = False
    #: Per seat, its called plays whose claim this seat could not rule out when it was made,
    #: and how many of those were true (see p_claim); whether the last play was such a one.
    doubted: list[int] = field(default_factory=list)
    doubted_true: list[int] = field(default_factory=list)
    last_possible: bool = False
    #: Per seat, the chances it had to call this seat's lies that it could rule out from its
    #: own cards (each weighed by the chance it could, see claim_exposure), and its calls of
    #: them, weighed alike; the standing lie's exposure to each seat.
    exposed_chances: list[float] = field(default_factory=list)
    exposed_calls: list[float] = field(default_factory=list)
    standing_exposure: dict[int, float] = field(default_factory=dict)
    #: Per seat, its chances to call this seat's lies that it could not rule out from its own
    #: cards (each weighed by the chance it could not) and its calls of them, weighed alike
    #: (see blind_call_rates).
    blind_chances: list[float] = field(default_factory=list)
    blind_calls: list[float] = field(default_factory=list)
    #: Per seat, the ranks it passed on while they were to be claimed (``turn_pass="round"``:
    #: Bluff) since it last took cards: it holds none of them (see _exposure).
    void: list[set[int]] = field(default_factory=list)
    #: Per seat, ``record`` kept apart for its plays of one card laid and of more (see
    #: p_truthful's ``by_laid``); the cards laid in the last play.
    record_by_laid: list[list[list[int]]] = field(default_factory=list)
    last_laid: int = 0
    #: Whether a lie of this seat's of more than one card has stood (play went on with no
    #: call): the table has shown it lets a big claim pass (see ``bots._untested``).
    big_lie_stood: bool = False
    #: The seats that have already answered the standing play (declined it: under
    #: ``callers="anytime"`` the next play does not count their chance again).
    answered: list[int] = field(default_factory=list)
    #: Per seat, its calls and its chances to call plays whose claim, with the pile's other
    #: claims of that rank, names more cards than the packs hold beside those seen leaving
    #: play: a lie somewhere in the pile that anyone could count.  A card-counting player
    #: calls most of those; a seat that lets them stand calls little else.
    counted_calls: list[int] = field(default_factory=list)
    counted_chances: list[int] = field(default_factory=list)
    #: Whether the standing play is such a one; the cards seen leaving play, face up.
    standing_counted: bool = False
    public_out: Counter[int] = field(default_factory=Counter)
    #: Per seat, [calls, chances] on plays of one card laid and on plays of more, in the
    #: public record and on this seat's own lies: a seat that judges a claim by the odds of
    #: its count may call big claims far less often than small ones (see rates_by_laid).
    calls_by_laid: list[list[list[int]]] = field(default_factory=list)
    lie_calls_by_laid: list[list[list[int]]] = field(default_factory=list)
    #: Set once ``from_view`` has read the whole view (nothing changes the knowledge after
    #: that): ``unseen``, ``placed_here`` and ``p_truthful`` for the view are then worked out
    #: once and kept (a move asks for them about ten, seven and two times; a clone starts
    #: without them, and reading an event drops them).
    settled: bool = field(default=False, repr=False, compare=False)
    _unseen: Counter[int] | None = field(default=None, repr=False, compare=False)
    _placed_here: Counter[int] | None = field(default=None, repr=False, compare=False)
    _truth: tuple[Any, tuple[bool, bool, bool], float] | None = field(
        default=None, repr=False, compare=False
    )

    @classmethod
    def from_view(cls, view: View) -> Knowledge:
        """What the view's seat knows.  The fold over the log is kept between calls for the
        same table and seat, so a decision reads only the events since the last one."""
        preset = lookup(view["game"])
        rules_given = view.get("rules") or view.get("options") or {}
        me: int = view["seat"]
        players: int = view["players"]
        events: list[dict[str, Any]] = view["events"]
        key = (preset.id, me, players, repr(sorted(rules_given.items())))
        cached = _FOLDS.get(key)
        if (
            cached is not None
            and len(events) >= len(cached[0])
            and (events[: len(cached[0])] == cached[0])
        ):
            seen, k = cached[0], cached[1].clone()
            fresh = events[len(seen) :]
        else:
            rules = preset.family.RULES.build(preset.options, rules_given)
            assert isinstance(rules, CheatRules)
            deck = Counter(build_deck(rules.decks, rules.jokers, rules.deck_rank_list(players)))
            k = cls(
                me,
                players,
                rules,
                deck,
                Counter(),
                [Counter() for _ in range(players)],
                record=[[0, 0] for _ in range(players)],
                soft=[Counter() for _ in range(players)],
                laid_since=[0] * players,
                calls=[0] * players,
                chances=[0] * players,
                lie_calls=[0] * players,
                lie_chances=[0] * players,
                sure_calls=[0] * players,
                sure_chances=[0] * players,
                doubted=[0] * players,
                doubted_true=[0] * players,
                exposed_chances=[0.0] * players,
                exposed_calls=[0.0] * players,
                blind_chances=[0.0] * players,
                blind_calls=[0.0] * players,
                void=[set() for _ in range(players)],
                record_by_laid=[[[0, 0], [0, 0]] for _ in range(players)],
                counted_calls=[0] * players,
                counted_chances=[0] * players,
                calls_by_laid=[[[0, 0], [0, 0]] for _ in range(players)],
                lie_calls_by_laid=[[[0, 0], [0, 0]] for _ in range(players)],
            )
            fresh = events
        for event in fresh:
            k._read(event)
        _FOLDS[key] = (list(events), k.clone())
        while len(_FOLDS) > 16:
            del _FOLDS[next(iter(_FOLDS))]
        k._settle(view)
        k.settled = True
        return k

    def clone(self) -> Knowledge:
        return Knowledge(
            self.seat,
            self.players,
            self.rules,
            self.deck,
            Counter(self.hand),
            [Counter(c) for c in self.known],
            Counter(self.mine_in_pile),
            Counter(self.seen_in_pile),
            Counter(self.gone),
            list(self.claims_in_pile),
            Counter(self.stash),
            Counter(self.before_last),
            None if self.sizes is None else list(self.sizes),
            list(self.last_play_cards),
            [list(r) for r in self.record],
            [Counter(c) for c in self.soft],
            list(self.laid_since),
            Counter(self.before_soft),
            list(self.calls),
            list(self.chances),
            self.standing,
            list(self.lie_calls),
            list(self.lie_chances),
            self.standing_lie,
            list(self.sure_calls),
            list(self.sure_chances),
            self.standing_sure,
            list(self.doubted),
            list(self.doubted_true),
            self.last_possible,
            list(self.exposed_chances),
            list(self.exposed_calls),
            dict(self.standing_exposure),
            list(self.blind_chances),
            list(self.blind_calls),
            [set(v) for v in self.void],
            [[list(r) for r in rs] for rs in self.record_by_laid],
            self.last_laid,
            self.big_lie_stood,
            list(self.answered),
            list(self.counted_calls),
            list(self.counted_chances),
            self.standing_counted,
            Counter(self.public_out),
            [[list(r) for r in rs] for rs in self.calls_by_laid],
            [[list(r) for r in rs] for rs in self.lie_calls_by_laid],
        )

    def _read(self, event: dict[str, Any]) -> None:
        """Fold one event of the seat's log into what it knows: who let the standing play go
        or called it (:meth:`_read_calls`), which play stands now, then where the event moved
        cards (one handler per event type, :data:`_CARD_HANDLERS`)."""
        self._unsettle()
        kind = event.get("type")
        self._read_calls(kind, event)
        if kind == "play":
            self.standing = event["seat"]
            self.standing_sure = int(event.get("laid", event["count"])) != int(event["count"])
            self.answered = []
            if event["seat"] == self.seat:
                self.standing_lie = not _true_claim(self, event)
        elif kind not in ("decline", "check", "cheat_private"):
            self.standing = None
        if kind in ("set_aside", "lost", "discard", "removed") and event.get("cards"):
            self.public_out.update(CARD_INDEX[c] for c in event["cards"])
        handler = _CARD_HANDLERS.get(str(kind))
        if handler is not None:
            handler(self, event)
        if kind == "play":
            rank = RANK_INDEX[event["rank"]]
            claimed = sum(c for _, r, c in self.claims_in_pile if r == rank)
            room = sum(n for c, n in self.deck.items() if self.matches(c, rank)) - sum(
                n for c, n in self.public_out.items() if self.matches(c, rank)
            )
            self.standing_counted = claimed > room

    def _read_calls(self, kind: Any, event: dict[str, Any]) -> None:
        """The call record: each seat that had the chance to call the standing play, whether
        it did, split by what this seat knows of the play (its own lie, exposed or blind; a
        play sure to be a lie), a big lie of its own that stood, and a pass that shows a
        hand holds none of the pile's rank."""
        k, me, sizes = self, self.seat, self.sizes
        let_go: list[int] = []
        if kind in ("play", "pass") and k.standing == me and k.standing_lie and k.last_laid > 1:
            k.big_lie_stood = True  # play goes on past it: nobody called
        if kind in ("call", "decline", "check", "believe") and event.get("seat") is not None:
            k.chances[event["seat"]] += 1
            k.calls[event["seat"]] += kind == "call"
            let_go = [event["seat"]]
            k.answered.append(event["seat"])
        elif (
            kind in ("play", "pass")
            and k.rules.callers == "anytime"
            and k.standing not in (None, event.get("seat"))
        ):
            # Anyone may call until the next play, which nobody did: every seat still in let
            # it go, not only the player on turn (the log has no decline for it, as it has
            # under "turn"), but for those who declined it already.
            let_go = [
                s
                for s in range(k.players)
                if s != k.standing and (sizes is None or sizes[s] > 0) and s not in k.answered
            ]
            for s in let_go:
                k.chances[s] += 1
        big = k.last_laid > 1
        if k.standing is not None:
            for s in let_go:
                k.calls_by_laid[s][big][1] += 1
                k.calls_by_laid[s][big][0] += kind == "call"
        if k.standing == me and k.standing_lie:
            for s in let_go:
                if s != me:
                    k.lie_chances[s] += 1
                    k.lie_calls[s] += kind == "call"
                    k.lie_calls_by_laid[s][big][1] += 1
                    k.lie_calls_by_laid[s][big][0] += kind == "call"
                    e = k.standing_exposure.get(s, 0.0)
                    k.exposed_chances[s] += e
                    k.exposed_calls[s] += e * (kind == "call")
                    k.blind_chances[s] += 1 - e
                    k.blind_calls[s] += (1 - e) * (kind == "call")
        if k.standing is not None and k.standing_sure:
            for s in let_go:
                k.sure_chances[s] += 1
                k.sure_calls[s] += kind == "call"
        if k.standing is not None and k.standing_counted:
            for s in let_go:
                k.counted_chances[s] += 1
                k.counted_calls[s] += kind == "call"
        if (
            kind == "pass"
            and k.rules.turn_pass == "round"
            and k.claims_in_pile
            and not k.rules.claim_suit
            and event.get("seat") is not None
        ):
            # A pass where the pile's rank was to be claimed: nothing of it in that hand.
            k.void[event["seat"]].add(k.claims_in_pile[-1][1])

    # ------------------------------------------------------------ where cards went, by event
    def _on_deal(self, event: dict[str, Any]) -> None:
        self.sizes = list(event["hand_sizes"])

    def _on_play(self, event: dict[str, Any]) -> None:
        k, me, sizes = self, self.seat, self.sizes
        seat = event["seat"]
        cards = [CARD_INDEX[c] for c in event.get("cards", [])]
        rank = RANK_INDEX[event["rank"]]
        if seat == me:
            k.standing_exposure = {}
            if not _true_claim(k, event) and sizes is not None:
                # Who could rule this lie out, before its claim joins the pile's.
                others = [s for s in range(k.players) if s != me and sizes[s] > 0]
                k.standing_exposure = _exposure(k, others, sizes, rank, int(event["count"]))
            k.mine_in_pile.update(cards)
        else:
            # Could the claim be true, from the log alone?  (The fold reads no hand: it
            # must be the same read step by step or at once.)
            held = sum(n for c, n in (k.unseen() + k.known[seat]).items() if k.matches(c, rank))
            k.last_possible = int(event.get("laid", event["count"])) == int(
                event["count"]
            ) and held >= int(event["count"])
        k.claims_in_pile.append((seat, rank, int(event["count"])))
        k.last_play_cards = cards
        k.before_last = Counter(k.known[seat])
        k.before_soft = k.known[seat] & k.soft[seat]
        laid = int(event.get("laid", event["count"]))
        k.last_laid = laid
        if sizes is not None:
            sizes[seat] -= laid
            if not k.rules.table_cheats and seat != me:
                k._trim(seat, max(0, sizes[seat]), rank)
        if seat != me:
            # Players tell the truth when they can: known cards of the claimed rank most
            # likely went down with this play (and if not, they are unseen, not lost).
            k._drop_matching(seat, rank, laid)
            if not k.known[seat] & k.soft[seat]:
                k.laid_since[seat] = 0
            k.laid_since[seat] += laid
            k.soft[seat] = Counter(k.known[seat])

    def _on_check(self, event: dict[str, Any]) -> None:
        if event.get("cards"):
            seen = [CARD_INDEX[c] for c in event["cards"]]
            self.seen_in_pile.update(seen)
            self._placed(seen, None)

    def _on_call(self, event: dict[str, Any]) -> None:
        k, me = self, self.seat
        target = event.get("target")
        if target is None:
            return
        if event.get("type") == "call" and "truthful" in event:
            k.record[target][1] += 1
            k.record[target][0] += bool(event["truthful"])
            part = k.record_by_laid[target][k.last_laid > 1]
            part[1] += 1
            part[0] += bool(event["truthful"])
            if target != me and k.last_possible:
                k.doubted[target] += 1
                k.doubted_true[target] += bool(event["truthful"])
        shown = [CARD_INDEX[c] for c in event.get("cards", [])]
        if event.get("swapped_in"):
            # Its own show, swapped (Cheat H): the cards slipped in are its own in the
            # pile now, those taken back are in its hand again.
            _remove(k.mine_in_pile, [CARD_INDEX[c] for c in event["swapped_out"]])
            k.mine_in_pile.update(CARD_INDEX[c] for c in event["swapped_in"])
            k.last_play_cards = shown
        # Turned over cards were the target's: they are in the pile, in no hand.
        new = [c for c in shown if c not in k.last_play_cards]
        k.seen_in_pile.update(new)
        k._placed(shown, None)

    def _on_take(self, event: dict[str, Any]) -> None:
        k, me, sizes = self, self.seat, self.sizes
        taker = event["seat"]
        k.void[taker] = set()
        if "from" in event:
            # A call's pile handed on after an accusation (Cheat H): from one hand to another.
            giver = event["from"]
            moved = [CARD_INDEX[c] for c in event.get("cards", [])]
            _remove(k.known[giver], moved)
            if taker != me:
                k.known[taker].update(moved)
            if sizes is not None:
                sizes[giver] -= int(event.get("count", 0))
                sizes[taker] += int(event.get("count", 0))
            return
        pile_known = k.mine_in_pile + k.seen_in_pile
        k._placed(list(pile_known.elements()), taker if taker != me else None)
        if taker != me:
            k.known[taker].update(pile_known)
        if sizes is not None:
            sizes[taker] += int(event.get("count", 0))
        k.mine_in_pile = Counter()
        k.seen_in_pile = Counter()
        k.claims_in_pile = []

    def _on_discard(self, event: dict[str, Any]) -> None:
        self.gone.update(self.mine_in_pile + self.seen_in_pile)
        self.mine_in_pile = Counter()
        self.seen_in_pile = Counter()
        self.claims_in_pile = []

    def _on_cheat_private(self, event: dict[str, Any]) -> None:
        # British Cheat: a card of its own slipped to another player, or peeked in its hand.
        if (
            event.get("seat") == self.seat
            and event.get("cheat") in ("give", "peek")
            and event.get("cards")
        ):
            target = event["to"] if event["cheat"] == "give" else event["at"]
            cards = [CARD_INDEX[c] for c in event["cards"]]
            self._placed(cards, target)
            self.known[target].update(cards)
            self.void[target] = set()

    def _on_out_of_play(self, event: dict[str, Any]) -> None:
        cards = [CARD_INDEX[c] for c in event.get("cards", [])]
        self.gone.update(cards)
        self._placed(cards, None)
        seat = event.get("seat")
        if self.sizes is not None and seat is not None:
            self.sizes[seat] = 0 if event["type"] == "lost" else self.sizes[seat] - len(cards)

    def _settle(self, view: View) -> None:
        """What the view adds to the log: this seat's hand and stash (nothing it holds or saw
        elsewhere is in another hand) and the hand sizes (no seat holds more known cards)."""
        self._unsettle()
        k = self
        k.hand = Counter(CARD_INDEX[c] for c in view["hand"])
        k.stash = Counter(CARD_INDEX[c] for c in view.get("hidden") or [])
        k._placed(list(k.placed_here().elements()), None)
        for s in range(k.players):
            if s != k.seat:
                k._trim(s, view["hand_sizes"][s], -1)
        k.known[k.seat] = Counter()

    def _unsettle(self) -> None:
        """The knowledge is about to change: nothing worked out from it is kept."""
        self.settled = False
        self._unseen = self._placed_here = self._truth = None

    def _placed(self, cards: list[int], holder: int | None) -> None:
        """``cards`` are known to be somewhere else than any hand but ``holder``'s: each is
        taken out of the other seats' known cards where the packs hold too few for both."""
        for c in set(cards):
            elsewhere = cards.count(c)
            for s in range(self.players):
                if s == holder or s == self.seat or not self.known[s][c]:
                    continue
                here = sum(
                    self.known[t][c] for t in range(self.players) if t != holder and t != self.seat
                )
                excess = (
                    elsewhere
                    + here
                    + (self.known[holder][c] if holder is not None else 0)
                    - self.deck[c]
                )
                if excess > 0:
                    self.known[s][c] -= min(excess, self.known[s][c])
                    if self.known[s][c] <= 0:
                        del self.known[s][c]

    def _trim(self, seat: int, size: int, rank: int) -> None:
        """A seat holds at most ``size`` cards: drop known ones it may have played, cards of
        the claimed ``rank`` first (a true play used them)."""
        known = self.known[seat]
        over = sum(known.values()) - size
        if over <= 0:
            return
        order = sorted(known.elements(), key=lambda c: (not self.matches(c, rank), c))
        for c in order[:over]:
            known[c] -= 1
            if known[c] <= 0:
                del known[c]

    def _drop_matching(self, seat: int, rank: int, most: int) -> None:
        known = self.known[seat]
        for c in sorted(c for c in known.elements() if self.matches(c, rank))[:most]:
            known[c] -= 1
            if known[c] <= 0:
                del known[c]

    def rank_total(self, rank: int) -> int:
        return sum(n for c, n in self.deck.items() if _rank(c) == rank)

    def certain(self, seat: int) -> Counter[int]:
        """The cards known in ``seat``'s hand that it has not had a chance to lay since."""
        return self.known[seat] - self.soft[seat]

    def maybe_moved(self, seat: int) -> Counter[int]:
        """Known cards of ``seat`` that it may have laid face down since they were seen."""
        return self.known[seat] & self.soft[seat]

    def unseen(self) -> Counter[int]:
        """Cards whose place this seat does not know (a new Counter: the caller's to change)."""
        kept = self._unseen
        if kept is not None and self.settled:
            return Counter(kept)
        out = Counter(self.deck)
        for part in (
            self.hand,
            self.stash,
            self.mine_in_pile,
            self.seen_in_pile,
            self.gone,
            *self.known,
        ):
            out.subtract(part)
        out = +out
        if self.settled:
            self._unseen = Counter(out)
        return out

    def placed_here(self) -> Counter[int]:
        """The cards this seat holds, hid, laid or saw in the pile, or saw leave play (read
        only: kept once settled, like ``unseen``)."""
        kept = self._placed_here
        if kept is not None and self.settled:
            return kept
        out = self.hand + self.stash + self.mine_in_pile + self.seen_in_pile + self.gone
        if self.settled:
            self._placed_here = out
        return out

    def room(self, rank: int) -> int:
        """How many cards of ``rank`` the packs hold beside those this seat holds, hid, laid or
        saw (wild jokers count): the most that the others' claims of it can truly name."""
        total = sum(n for c, n in self.deck.items() if self.matches(c, rank))
        return total - sum(n for c, n in self.placed_here().items() if self.matches(c, rank))

    def matches(self, card: int, rank: int) -> bool:
        if card == JOKER:
            return self.rules.jokers_as == "wild" or rank == 13
        return card >> 2 == rank


def _true_claim(k: Knowledge, play: dict[str, Any]) -> bool:
    """Whether this seat's own logged play (its cards are in its view) made its claim."""
    cards = play.get("cards") or []
    rank, suit = RANK_INDEX[play["rank"]], play.get("suit")
    return len(cards) == int(play["count"]) and all(
        k.matches(CARD_INDEX[c], rank) and (not suit or c == "JK" or c[1] == suit) for c in cards
    )


def _rank(card: int) -> int:
    return 13 if card == JOKER else card >> 2


def _remove(counter: Counter[int], cards: list[int]) -> None:
    for c in cards:
        if counter[c] > 0:
            counter[c] -= 1
    counter += Counter()


def p_truthful(
    k: Knowledge, view: View, by_laid: bool = False, one_draw: bool = False, pooled: bool = False
) -> float:
    """The chance that the last play is true, from what this seat knows: the claimed cards must
    all be among the player's hand before it played, drawn from its known and unseen cards
    (kept for the view in the settled knowledge: a move asks for it more than once).
    See ``_p_truthful``; ``by_laid`` reads the player's record of plays of one card apart
    from that of bigger ones; ``one_draw``: see _crowded; ``pooled``: see _pooled_prior."""
    kept = k._truth
    key = (by_laid, one_draw, pooled)
    if kept is not None and kept[0] is view and kept[1] == key and k.settled:
        return kept[2]
    p = _p_truthful(k, view, by_laid, one_draw, pooled)
    if k.settled:
        k._truth = (view, key, p)
    return p


#: With ``pooled`` (see _pooled_prior), a seat's own record is smoothed by POOLED_PRIOR
#: chances at the rates of the table's records together.
POOLED_PRIOR = 3.0


def _pooled_prior(k: Knowledge, by_laid: bool, laid: int) -> tuple[float, float]:
    """What a seat's record of called plays starts from with ``pooled``, as (honesty, truth
    when held): not a third and two thirds, but the rates of the records of every seat but
    the reader's own together (each smoothed as three chances at those), so that at a table
    whose called plays have all been lies a stranger's claim is not read as true three times
    in four (``eightshit``: ``always_lie``'s one-card lies, never called, read at 0.7-0.8)."""
    true = called = 0
    for seat in range(k.players):
        if seat != k.seat:
            t, c = k.record_by_laid[seat][laid > 1] if by_laid else k.record[seat]
            true, called = true + t, called + c
    return (true + 1) / (called + 3), (true + 2) / (called + 3)


def _p_truthful(
    k: Knowledge, view: View, by_laid: bool, one_draw: bool = False, pooled: bool = False
) -> float:
    """``p_truthful`` worked out.

    A known card that its holder may have laid face down since it was seen
    (:meth:`Knowledge.maybe_moved`) is where it was seen with the chance that it was not among
    the cards laid since; the two cases are weighed by that chance."""
    last = view.get("last_play")
    if not last:
        return 1.0
    player, rank, count, laid = last["seat"], RANK_INDEX[last["rank"]], last["count"], last["laid"]
    if count != laid:
        return 0.0
    sizes = view["hand_sizes"]
    before = k.before_last if player != k.seat else Counter()
    # What it was known to hold before the play: those not known in its hand now went into
    # the pile with this play (or an earlier one), and are among the unseen cards.
    unseen = k.unseen()
    stays = _chance_held(
        k, view, player, rank, count, laid, before, unseen - (before - k.known[player])
    )
    moved = 0.0
    for t in range(k.players):
        uncertain = (
            (k.before_soft if player != k.seat else Counter())
            if t == player
            else (Counter(c for c in k.maybe_moved(t).elements() if k.matches(c, rank)))
        )
        if t != k.seat and uncertain:
            moved = max(moved, k.laid_since[t] / max(1, sizes[t] + k.laid_since[t]))
    if moved > 0:
        # Or those cards moved: they are unplaced, like the unseen ones (the player's own
        # uncertain cards too: it may have laid them before this play).
        loose = Counter(unseen)
        for t in range(k.players):
            if t != k.seat and t != player:
                loose.update(k.maybe_moved(t))
        sure = before - k.before_soft
        loose.update(before & k.before_soft)
        gone = _chance_held(
            k, view, player, rank, count, laid, sure, loose - (before - k.known[player])
        )
        stays = (1 - moved) * stays + moved * gone
    if stays >= 1.0:
        return 1.0
    # A player holding the cards still may lie; one without them must.  Players tell the
    # truth when they can about two times in three.  What its called plays showed so far
    # says how this player plays: one whose calls always turned up true claims only what it
    # holds (smoothed, so two lucky calls do not make a liar honest).
    # With ``by_laid``, from its called plays of as many cards (one, or more than one): a
    # player that lies only when it holds nothing of the rank lies in one card, and its
    # bigger claims' record is clean (Popcorn, up or down, against never_lie).
    truthful, called = k.record_by_laid[int(player)][laid > 1] if by_laid else k.record[int(player)]
    # How often it tells the truth (honesty), and when it can (when_held): a third and two
    # thirds to begin with (or see _pooled_prior), less for a player whose called plays were
    # lies.
    if pooled:
        honest0, held0 = _pooled_prior(k, by_laid, laid)
        honesty = (truthful + POOLED_PRIOR * honest0) / (called + POOLED_PRIOR)
        when_held = (truthful + POOLED_PRIOR * held0) / (called + POOLED_PRIOR)
    else:
        honesty = (truthful + 1) / (called + 3)
        when_held = (truthful + 2) / (called + 3)
    if stays <= 0.0:
        return 0.0
    return (honesty + (1 - honesty) * when_held * stays) * _crowded(k, rank, count, one_draw)


def p_claim(
    k: Knowledge, view: View, by_laid: bool = False, one_draw: bool = False, pooled: bool = False
) -> float:
    """The chance the last play is true, as the counter's calls weigh it: p_truthful, its odds
    scaled by how the player's doubted claims turned out (those called that this seat could
    not rule out when made: true ones raise the odds, lies lower them; a Beta(1, 1) prior).
    A table that lies only when it holds nothing of the rank shows it there, where its
    forced lies (which p_truthful's record counts) say nothing.  ``by_laid``: see
    p_truthful (the doubted record stays whole: read apart as well, it cost ``eightshit``
    against never_lie ten points)."""
    p = p_truthful(k, view, by_laid, one_draw, pooled)
    last = view.get("last_play")
    if not last or p <= 0.0 or p >= 1.0 or int(last["seat"]) == k.seat:
        return p
    seat = int(last["seat"])
    true, called = k.doubted_true[seat], k.doubted[seat]
    odds = p / (1 - p) * (true + 1) / (called - true + 1)
    return odds / (1 + odds)


def _crowded(k: Knowledge, rank: int, count: int, one_draw: bool = False) -> float:
    """The pile's uncalled claims of ``rank`` by others may name more cards than the packs can
    hold beside the ones this seat knows of: then at most that many of the claimed cards are
    real, and the last play is true about as often as ``count`` of them drawn at random all
    are (a Bluff round whose rank nobody holds, claimed forty times over).  With ``one_draw``
    a play of several cards is one draw, as a card is: a seat's real cards of a rank go down
    together, and the claims that overfill a rank are mostly the one-card lies of seats that
    hold none of it (Popcorn, up or down, against ``honest``: its true pairs and threes were
    read at 0.14-0.23 on piles that its forced lies had crowded, and called)."""
    claimed = sum(c for s, r, c in k.claims_in_pile if s != k.seat and r == rank)
    if not claimed:
        return 1.0
    room = k.room(rank)
    if claimed <= room:
        return 1.0
    return float(max(0, room) / claimed) ** (1 if one_draw else count)


def _chance_held(
    k: Knowledge,
    view: View,
    player: int,
    rank: int,
    count: int,
    laid: int,
    before: Counter[int],
    unseen: Counter[int],
) -> float:
    """The chance the player held ``count`` cards of ``rank`` before its play (1.0: surely;
    0.0: impossible), its known cards then being ``before`` and the rest drawn from
    ``unseen``."""
    # Cards of the rank the player might have laid: known in its hand, or unseen.
    sure = sum(n for c, n in before.items() if k.matches(c, rank))
    pool_good = sum(n for c, n in unseen.items() if k.matches(c, rank))
    pool = sum(unseen.values())
    # Its hand before the play had hand_size + laid cards; the unknown part was drawn from
    # the unseen pool (the play itself is among the unseen cards now, in the pile).
    hand_before = view["hand_sizes"][player] + laid
    unknown = max(0, hand_before - sum(before.values()))
    need = max(0, count - sure)
    if need == 0:
        return 1.0
    if pool_good < need or unknown < need:
        return 0.0
    # P(at least `need` good cards among `unknown` drawn from pool with pool_good good).
    total = math.comb(pool, unknown) if pool >= unknown else 1
    hit = sum(
        math.comb(pool_good, i) * math.comb(pool - pool_good, unknown - i)
        for i in range(need, min(pool_good, unknown) + 1)
    )
    return min(1.0 - 1e-9, hit / total) if total else 0.0


#: A seat's call record starts from a Beta prior: CALL_PRIOR chances at CALL_PRIOR_RATE.  A
#: stranger is taken to call fairly often until it shows otherwise: a bluff called costs the
#: pile, and against a table that calls everything a truthful leader goes out unopposed.
CALL_PRIOR = 3.0
CALL_PRIOR_RATE = 0.25


#: A seat's calls on this seat's own lies start from a Beta prior of LIE_PRIOR chances at its
#: overall call rate: a seat that lets true plays stand may still call the claims it doubts
#: (a tight Bluff table calls few plays, and most bluffs), and its record shows it.
LIE_PRIOR = 2.0


def smoothed(calls: float, chances: float, prior_rate: float, weight: float) -> float:
    """A rate from a record of ``calls`` in ``chances``, smoothed by a Beta prior of
    ``weight`` chances at ``prior_rate`` (a stranger's rate until its record shows more)."""
    return (calls + prior_rate * weight) / (chances + weight)


def lie_call_rates(k: Knowledge, rates: list[float] | None = None) -> list[float]:
    """Each seat's chance of calling a lie of this seat's: its calls over its chances on this
    seat's own lying plays (the only plays whose truth this seat knows), smoothed by a Beta
    prior at its overall call rate ``rates`` (:func:`call_rates`)."""
    rates = call_rates(k) if rates is None else rates
    return [
        smoothed(c, w, r, LIE_PRIOR)
        for c, w, r in zip(k.lie_calls, k.lie_chances, rates, strict=True)
    ]


#: A seat's calls of plays anyone can see are false start from a Beta prior of SURE_PRIOR
#: chances at SURE_PRIOR_FACTOR times its overall call rate (at most 1): a play that goes out
#: is called about as readily (see Table.p_called).
SURE_PRIOR = 2.0
SURE_PRIOR_FACTOR = 4.0
#: A seat's calls of this seat's lies that it could rule out start from a Beta prior of
#: EXPOSED_PRIOR chances (see exposed_call_rates).
EXPOSED_PRIOR = 1.0
#: A table lets lies stand where every caller has seen at least LETS_LIES_SEEN plays it could
#: see were false and calls them less often than LETS_LIES_BELOW.
LETS_LIES_SEEN = 2
LETS_LIES_BELOW = 0.5


def sure_lie_call_rates(k: Knowledge, rates: list[float] | None = None) -> list[float]:
    """Each seat's chance of calling a play it can see is false (a count other than the
    cards laid): its calls over its chances on such plays, smoothed by a Beta prior at
    SURE_PRIOR_FACTOR times its overall rate.  A seat that lets those stand (a random
    player) lets a last play stand too."""
    rates = call_rates(k) if rates is None else rates
    return [
        smoothed(c, w, min(1.0, SURE_PRIOR_FACTOR * r), SURE_PRIOR)
        for c, w, r in zip(k.sure_calls, k.sure_chances, rates, strict=True)
    ]


def exposed_call_rates(k: Knowledge, rates: list[float] | None = None) -> list[float]:
    """Each seat's chance of calling a claim of this seat's that its own cards rule out: its
    calls over its chances on this seat's lies, each weighed by the chance it could rule
    the lie out when laid (see claim_exposure), smoothed by a Beta prior of EXPOSED_PRIOR
    chances at certainty for a seat that has called anything, else at its usual rate
    ``rates`` (a careful caller lets most plays stand but not one it knows is false; a
    seat that never calls shows that too)."""
    rates = call_rates(k) if rates is None else rates
    return [
        smoothed(c, w, 1.0 if made else r, EXPOSED_PRIOR)
        for c, w, made, r in zip(k.exposed_calls, k.exposed_chances, k.calls, rates, strict=True)
    ]


def blind_call_rates(k: Knowledge, rates: list[float] | None = None) -> list[float]:
    """Each seat's chance of calling a lie of this seat's that its own cards do not rule
    out: its calls over its chances on this seat's lies, each weighed by the chance it could
    not rule the lie out (see claim_exposure), smoothed by a Beta prior of LIE_PRIOR chances
    at its overall rate ``rates``.  A table that calls only what it can rule out (one that
    never lies, judging by the odds) shows a rate near nought here, one that calls at random
    its usual rate."""
    rates = call_rates(k) if rates is None else rates
    return [
        smoothed(c, w, r, LIE_PRIOR)
        for c, w, r in zip(k.blind_calls, k.blind_chances, rates, strict=True)
    ]


def rates_by_laid(
    k: Knowledge, rates: list[float] | None = None, lie_rates: list[float] | None = None
) -> tuple[list[float], list[float], list[float], list[float]]:
    """Each seat's chance of calling a play of one card laid and of several, and a lie of
    this seat's of one card and of several.  The public record by size is smoothed at the
    seat's overall rate (CALL_PRIOR chances); its record on this seat's lies by size at its
    rate on them (:func:`lie_call_rates`) times how much more or less often it calls plays
    of that size than plays at all: a seat that has let many big plays stand is taken to let
    a big lie stand more often too, before this seat has laid one."""
    rates = call_rates(k) if rates is None else rates
    lie_rates = lie_call_rates(k, rates) if lie_rates is None else lie_rates
    out: tuple[list[float], list[float], list[float], list[float]] = ([], [], [], [])
    for s in range(k.players):
        for size in (0, 1):
            calls, chances = k.calls_by_laid[s][size]
            plays = smoothed(calls, chances, rates[s], CALL_PRIOR)
            lie_calls, lie_chances = k.lie_calls_by_laid[s][size]
            prior = min(1.0, lie_rates[s] * plays / rates[s]) if rates[s] > 0 else lie_rates[s]
            out[size].append(plays)
            out[2 + size].append(smoothed(lie_calls, lie_chances, prior, LIE_PRIOR))
    return out


def call_rates(k: Knowledge) -> list[float]:
    """Each seat's chance of calling a play it may call: its calls over its chances in the
    public record (a call, a check, an 'I believe' or a decline), smoothed by a Beta prior."""
    return [
        (c + CALL_PRIOR_RATE * CALL_PRIOR) / (w + CALL_PRIOR)
        for c, w in zip(k.calls, k.chances, strict=True)
    ]


def _exposure(
    k: Knowledge, callers: list[int], sizes: list[int], rank: int, count: int
) -> dict[int, float]:
    """claim_exposure for ``callers`` holding ``sizes`` cards (also read from the fold, for
    this seat's own lies as they were laid)."""
    total = sum(n for c, n in k.deck.items() if k.matches(c, rank))
    gone = sum(n for c, n in k.gone.items() if k.matches(c, rank))
    claimed = sum(n for _, r, n in k.claims_in_pile if r == rank)
    room = total - gone - claimed
    if count > room:
        return dict.fromkeys(callers, 1.0)
    need = room - count + 1
    unseen = k.unseen()
    pool = sum(unseen.values())
    good = sum(n for c, n in unseen.items() if k.matches(c, rank))
    # A seat that passed on the rank holds none of it: the unseen cards of the rank are
    # among the other seats' cards (and the pile's).
    void = [s for s in range(k.players) if s != k.seat and rank in k.void[s]]
    pool = max(good, pool - sum(max(0, sizes[s] - sum(k.known[s].values())) for s in void))
    out: dict[int, float] = {}
    for s in callers:
        sure = sum(n for c, n in k.known[s].items() if k.matches(c, rank))
        draws = max(0, min(pool, sizes[s] - sum(k.known[s].values())))
        want = need - sure
        if want <= 0:
            out[s] = 1.0
        elif s in void or want > min(good, draws) or pool <= 0:
            out[s] = 0.0
        else:
            miss = sum(
                math.comb(good, i) * math.comb(pool - good, draws - i) for i in range(0, want)
            )
            out[s] = max(0.0, 1.0 - miss / math.comb(pool, draws))
    return out


#: Where each event type moves cards, for :meth:`Knowledge._read` (types not listed move
#: none that a seat can follow).
_CARD_HANDLERS: dict[str, Callable[[Knowledge, dict[str, Any]], None]] = {
    "deal": Knowledge._on_deal,
    "play": Knowledge._on_play,
    "check": Knowledge._on_check,
    "call": Knowledge._on_call,
    "believe": Knowledge._on_call,
    "take": Knowledge._on_take,
    "discard": Knowledge._on_discard,
    "removed": Knowledge._on_discard,
    "cheat_private": Knowledge._on_cheat_private,
    "set_aside": Knowledge._on_out_of_play,
    "lost": Knowledge._on_out_of_play,
}
