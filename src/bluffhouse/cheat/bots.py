"""Bots' knowledge of the Cheat family: what one seat can know from its view, a card-counting
``counter`` policy on top of it, and the hooks the generic search bot uses.

Everything here reads ``view(seat)`` only: the seat's hand, the public log and its own private
events (its own plays, piles it took, plays it checked).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ..bots.base import Action, Choices, View
from ..bots.search import FamilyHooks, register_family_hooks
from ..cards import CARD_INDEX, CARD_TEXT, JOKER, RANK_INDEX, SUITS, build_deck, rank_text
from ..registry import lookup
from .rules import CheatRules

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
        if cached is not None and len(events) >= len(cached[0]) and (
                events[:len(cached[0])] == cached[0]):
            seen, k = cached[0], cached[1].clone()
            fresh = events[len(seen):]
        else:
            rules = preset.family.RULES.build(preset.options, rules_given)
            assert isinstance(rules, CheatRules)
            deck = Counter(build_deck(rules.decks, rules.jokers,
                                      rules.deck_rank_list(players)))
            k = cls(me, players, rules, deck, Counter(), [Counter() for _ in range(players)],
                    record=[[0, 0] for _ in range(players)],
                    soft=[Counter() for _ in range(players)], laid_since=[0] * players,
                    calls=[0] * players, chances=[0] * players,
                    lie_calls=[0] * players, lie_chances=[0] * players)
            fresh = events
        for event in fresh:
            k._read(event)
        _FOLDS[key] = (list(events), k.clone())
        while len(_FOLDS) > 16:
            del _FOLDS[next(iter(_FOLDS))]
        k._settle(view)
        return k

    def clone(self) -> Knowledge:
        return Knowledge(
            self.seat, self.players, self.rules, self.deck, Counter(self.hand),
            [Counter(c) for c in self.known], Counter(self.mine_in_pile),
            Counter(self.seen_in_pile), Counter(self.gone), list(self.claims_in_pile),
            Counter(self.stash), Counter(self.before_last),
            None if self.sizes is None else list(self.sizes), list(self.last_play_cards),
            [list(r) for r in self.record], [Counter(c) for c in self.soft],
            list(self.laid_since), Counter(self.before_soft), list(self.calls),
            list(self.chances), self.standing, list(self.lie_calls), list(self.lie_chances),
            self.standing_lie)

    def _read(self, event: dict[str, Any]) -> None:
        """Fold one event of the seat's log into what it knows."""
        k, me, sizes = self, self.seat, self.sizes
        kind = event.get("type")
        let_go: list[int] = []
        if kind in ("call", "decline", "check", "believe") and event.get("seat") is not None:
            k.chances[event["seat"]] += 1
            k.calls[event["seat"]] += kind == "call"
            let_go = [event["seat"]]
        elif (kind in ("play", "pass") and k.rules.callers == "anytime"
              and k.standing not in (None, event.get("seat"))):
            # Anyone may call until the next play, which nobody did: every seat still in let
            # it go, not only the player on turn (the log has no decline for it, as it has
            # under "turn").
            let_go = [s for s in range(k.players) if s != k.standing
                      and (sizes is None or sizes[s] > 0)]
            for s in let_go:
                k.chances[s] += 1
        if k.standing == me and k.standing_lie:
            for s in let_go:
                if s != me:
                    k.lie_chances[s] += 1
                    k.lie_calls[s] += kind == "call"
        if kind == "play":
            k.standing = event["seat"]
            if event["seat"] == me:
                k.standing_lie = not _true_claim(k, event)
        elif kind not in ("decline", "check", "cheat_private"):
            k.standing = None
        if kind == "deal":
            self.sizes = list(event["hand_sizes"])
        elif kind == "play":
            seat = event["seat"]
            cards = [CARD_INDEX[c] for c in event.get("cards", [])]
            rank = RANK_INDEX[event["rank"]]
            if seat == me:
                k.mine_in_pile.update(cards)
            k.claims_in_pile.append((seat, rank, int(event["count"])))
            k.last_play_cards = cards
            k.before_last = Counter(k.known[seat])
            k.before_soft = k.known[seat] & k.soft[seat]
            laid = int(event.get("laid", event["count"]))
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
        elif kind == "check" and event.get("cards"):
            seen = [CARD_INDEX[c] for c in event["cards"]]
            k.seen_in_pile.update(seen)
            k._placed(seen, None)
        elif kind in ("call", "believe") and event.get("target") is not None:
            if kind == "call" and "truthful" in event:
                k.record[event["target"]][1] += 1
                k.record[event["target"]][0] += bool(event["truthful"])
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
        elif kind == "take" and "from" in event:
            # A call's pile handed on after an accusation (Cheat H): from one hand to another.
            taker, giver = event["seat"], event["from"]
            moved = [CARD_INDEX[c] for c in event.get("cards", [])]
            _remove(k.known[giver], moved)
            if taker != me:
                k.known[taker].update(moved)
            if sizes is not None:
                sizes[giver] -= int(event.get("count", 0))
                sizes[taker] += int(event.get("count", 0))
        elif kind == "take":
            taker = event["seat"]
            pile_known = k.mine_in_pile + k.seen_in_pile
            k._placed(list(pile_known.elements()), taker if taker != me else None)
            if taker != me:
                k.known[taker].update(pile_known)
            if sizes is not None:
                sizes[taker] += int(event.get("count", 0))
            k.mine_in_pile = Counter()
            k.seen_in_pile = Counter()
            k.claims_in_pile = []
        elif kind in ("discard", "removed"):
            k.gone.update(k.mine_in_pile + k.seen_in_pile)
            k.mine_in_pile = Counter()
            k.seen_in_pile = Counter()
            k.claims_in_pile = []
        elif kind == "cheat_private" and event.get("seat") == me:
            # British Cheat: a card slipped to another player, or peeked in its hand.
            if event.get("cheat") in ("give", "peek") and event.get("cards"):
                target = event["to"] if event["cheat"] == "give" else event["at"]
                cards = [CARD_INDEX[c] for c in event["cards"]]
                k._placed(cards, target)
                k.known[target].update(cards)
        elif kind in ("set_aside", "lost"):
            cards = [CARD_INDEX[c] for c in event.get("cards", [])]
            k.gone.update(cards)
            k._placed(cards, None)
            if sizes is not None and event.get("seat") is not None:
                sizes[event["seat"]] = (0 if kind == "lost"
                                        else sizes[event["seat"]] - len(cards))

    def _settle(self, view: View) -> None:
        """What the view adds to the log: this seat's hand and stash (nothing it holds or saw
        elsewhere is in another hand) and the hand sizes (no seat holds more known cards)."""
        k = self
        k.hand = Counter(CARD_INDEX[c] for c in view["hand"])
        k.stash = Counter(CARD_INDEX[c] for c in view.get("hidden") or [])
        k._placed(list((k.hand + k.stash + k.mine_in_pile + k.seen_in_pile
                        + k.gone).elements()), None)
        for s in range(k.players):
            if s != k.seat:
                k._trim(s, view["hand_sizes"][s], -1)
        k.known[k.seat] = Counter()

    def _placed(self, cards: list[int], holder: int | None) -> None:
        """``cards`` are known to be somewhere else than any hand but ``holder``'s: each is
        taken out of the other seats' known cards where the packs hold too few for both."""
        for c in set(cards):
            elsewhere = cards.count(c)
            for s in range(self.players):
                if s == holder or s == self.seat or not self.known[s][c]:
                    continue
                here = sum(self.known[t][c] for t in range(self.players) if t != holder
                           and t != self.seat)
                excess = elsewhere + here + (self.known[holder][c] if holder is not None
                                             else 0) - self.deck[c]
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
        for c in [c for c in known.elements() if self.matches(c, rank)][:most]:
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
        """Cards whose place this seat does not know."""
        out = Counter(self.deck)
        for part in (self.hand, self.stash, self.mine_in_pile, self.seen_in_pile, self.gone,
                     *self.known):
            out.subtract(part)
        return +out

    def matches(self, card: int, rank: int) -> bool:
        if card == JOKER:
            return self.rules.jokers_as == "wild" or rank == 13
        return card >> 2 == rank


def _true_claim(k: Knowledge, play: dict[str, Any]) -> bool:
    """Whether this seat's own logged play (its cards are in its view) made its claim."""
    cards = play.get("cards") or []
    rank, suit = RANK_INDEX[play["rank"]], play.get("suit")
    return len(cards) == int(play["count"]) and all(
        k.matches(CARD_INDEX[c], rank) and (not suit or c == "JK" or c[1] == suit)
        for c in cards)


def _rank(card: int) -> int:
    return 13 if card == JOKER else card >> 2


def _remove(counter: Counter[int], cards: list[int]) -> None:
    for c in cards:
        if counter[c] > 0:
            counter[c] -= 1
    counter += Counter()


def p_truthful(k: Knowledge, view: View) -> float:
    """The chance that the last play is true, from what this seat knows: the claimed cards must
    all be among the player's hand before it played, drawn from its known and unseen cards.

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
    stays = _chance_held(k, view, player, rank, count, laid, before,
                         unseen - (before - k.known[player]))
    moved = 0.0
    for t in range(k.players):
        uncertain = (k.before_soft if player != k.seat else Counter()) if t == player else (
            Counter(c for c in k.maybe_moved(t).elements() if k.matches(c, rank)))
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
        gone = _chance_held(k, view, player, rank, count, laid, sure,
                            loose - (before - k.known[player]))
        stays = (1 - moved) * stays + moved * gone
    if stays >= 1.0:
        return 1.0
    # A player holding the cards still may lie; one without them must.  Players tell the
    # truth when they can about two times in three.  What its called plays showed so far
    # says how this player plays: one whose calls always turned up true claims only what it
    # holds (smoothed, so two lucky calls do not make a liar honest).
    truthful, called = k.record[int(player)]
    honesty = (truthful + 1) / (called + 3)
    if stays <= 0.0:
        return 0.0
    # How often it tells the truth when it can: about two times in three to begin with, less
    # for a player whose called plays were lies.
    when_held = (truthful + 2) / (called + 3)
    return (honesty + (1 - honesty) * when_held * stays) * _crowded(k, rank, count)


def _crowded(k: Knowledge, rank: int, count: int) -> float:
    """The pile's uncalled claims of ``rank`` by others may name more cards than the packs can
    hold beside the ones this seat knows of: then at most that many of the claimed cards are
    real, and the last play is true about as often as ``count`` of them drawn at random all
    are (a Bluff round whose rank nobody holds, claimed forty times over)."""
    claimed = sum(c for s, r, c in k.claims_in_pile if s != k.seat and r == rank)
    if not claimed:
        return 1.0
    mine = k.hand + k.stash + k.mine_in_pile + k.seen_in_pile + k.gone
    total = sum(n for c, n in k.deck.items() if k.matches(c, rank))
    room = total - sum(n for c, n in mine.items() if k.matches(c, rank))
    if claimed <= room:
        return 1.0
    return float(max(0, room) / claimed) ** count


def _chance_held(k: Knowledge, view: View, player: int, rank: int, count: int, laid: int,
                 before: Counter[int], unseen: Counter[int]) -> float:
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
    hit = sum(math.comb(pool_good, i) * math.comb(pool - pool_good, unknown - i)
              for i in range(need, min(pool_good, unknown) + 1))
    return min(1.0 - 1e-9, hit / total) if total else 0.0


#: A seat's call record starts from a Beta prior: CALL_PRIOR chances at CALL_PRIOR_RATE.  A
#: stranger is taken to call fairly often until it shows otherwise: a bluff called costs the
#: pile, and against a table that calls everything a truthful leader goes out unopposed.
CALL_PRIOR = 3.0
CALL_PRIOR_RATE = 0.25
#: How sure of winning a seat is from its hand size against the others' (lower: sharper): the
#: expected value of a move weighs each player's distance from going out through it.
SHARE_TEMPERATURE = 3.0
#: A true play is padded with more than one useless card, and a bluff laid with more than
#: one card, only where a play is called less often than this.
PAD_MORE_BELOW = 0.2
#: Where a pass is free (Bluff: it leaves the pile, and an all-pass discards it) it bluffs
#: only where a lie of one card is called less often than this.
FREE_PASS_CALLED_ABOVE = 0.2


#: A seat's calls on this seat's own lies start from a Beta prior of LIE_PRIOR chances at its
#: overall call rate: a seat that lets true plays stand may still call the claims it doubts
#: (a tight Bluff table calls few plays, and most bluffs), and its record shows it.
LIE_PRIOR = 2.0


def lie_call_rates(k: Knowledge, rates: list[float] | None = None) -> list[float]:
    """Each seat's chance of calling a lie of this seat's: its calls over its chances on this
    seat's own lying plays (the only plays whose truth this seat knows), smoothed by a Beta
    prior at its overall call rate ``rates`` (:func:`call_rates`)."""
    rates = call_rates(k) if rates is None else rates
    return [(c + r * LIE_PRIOR) / (w + LIE_PRIOR)
            for c, w, r in zip(k.lie_calls, k.lie_chances, rates, strict=True)]


def call_rates(k: Knowledge) -> list[float]:
    """Each seat's chance of calling a play it may call: its calls over its chances in the
    public record (a call, a check, an 'I believe' or a decline), smoothed by a Beta prior."""
    return [(c + CALL_PRIOR_RATE * CALL_PRIOR) / (w + CALL_PRIOR)
            for c, w in zip(k.calls, k.chances, strict=True)]


def counter_policy(view: View, choices: Choices, rng: random.Random) -> Action:
    """Call what is unlikely, play the truth when it can, bluff only where the table's record
    of calls makes it pay, keep cards it will need soon, and never let a player go out on a
    doubtful last play.  The few moves worth weighing are built from the hand and checked with
    ``choices.is_legal``: every legal play of a big hand is never listed."""
    return play_counter(view, choices, rng)


def play_counter(view: View, choices: Choices, rng: random.Random, *,
                 calls: bool = True) -> Action:
    """The counter's move; with ``calls`` False it lets every play stand (``never_call``)."""
    if view.get("phase") == "answer":
        return answer_call(view, choices.all())  # a handful of shows
    k = Knowledge.from_view(view)
    r = k.rules
    if (calls and view.get("claim_ranks") and (not r.final_call or r.last_card_truthful)
            and len(view["hand"]) <= (r.max_cards or len(view["hand"]))):
        # Its own hand can go out in one play that cannot be called: that wins, before any
        # call (under callers="turn" a call would take the turn it goes out on).
        play = choose_play(k, view, choices, rng)
        if play is not None and len(play.get("cards", ())) == len(view["hand"]):
            return play
    if calls:
        response = counter_response(k, view, choices, rng, weigh=True)
        if response is not None:
            return response
    play = choose_play(k, view, choices, rng, calls=calls)
    if play is not None:
        return play
    return _fallback(choices)


def answer_call(view: View, actions: list[Action]) -> Action:
    """Cheat H, answering a call on its own play: a true play is shown as laid; a bluff is
    covered with matching cards from the hand where it can be (the swap listed first uses the
    fewest jokers), else shown as laid."""
    shows = [a for a in actions if a["type"] == "show"]
    swaps = [a for a in shows if "cards" in a]
    if not swaps:
        return shows[0] if shows else actions[0]
    last = view.get("last_play") or {}
    laid: list[int] = []
    for event in reversed(view["events"]):
        if event.get("type") == "play" and event.get("seat") == view["seat"]:
            laid = [CARD_INDEX[c] for c in event.get("cards", [])]
            break
    rank = RANK_INDEX[last["rank"]] if last.get("rank") else -1
    wild = view.get("rules", {}).get("jokers_as", "wild") == "wild"
    true = len(laid) == last.get("count") and all(
        (c == JOKER and (wild or rank == 13)) or (c != JOKER and c >> 2 == rank) for c in laid)
    return {"type": "show"} if true else swaps[0]


def _fallback(choices: Choices) -> Action:
    """Nothing worth weighing: let the moment go by (pass, or a check), else the first legal
    action (only then are they listed)."""
    for kind in ("pass", "check"):
        action = {"type": kind}
        if choices.is_legal(action):
            return action
    return choices.all()[0]


def counter_calls_at(p: float, pile: int, my_size: int, count: int, laid: int, left: int,
                     rng: random.Random, liar: bool = False) -> bool:
    """The counter's bar for calling a play that is true with chance ``p``: ``pile`` cards in
    the pile, ``my_size`` in its own hand, ``count`` claimed, ``laid`` laid, ``left`` in the
    player's hand; ``liar``: the player's called plays were mostly lies.  Shared with the
    search's model of counter opponents."""
    if left == 0:
        return p < 0.95  # never let a player go out on a doubtful last play
    # Calling wrongly costs the pile; letting a lie stand costs the liar nothing.
    threshold = 0.2 if my_size <= 3 else 0.25 if pile > 8 else 0.35
    # A wrong call of a big claim hands the caller the pile and the cards it doubted, and
    # card-counting tables fall into cycles of calling the same true sets back and forth:
    # the bar drops with the claimed count, and a call near the bar is a coin.  Not against
    # a proven liar: its big claims are its cheapest way out.
    if not liar:
        threshold /= max(1, count - 1)
    # A pile that holds only this play just goes back to its player, who must lead the
    # same rank again: calling it gains nothing and can stall the table for ever.
    worth_it = pile > laid or left <= 3
    return worth_it and p < threshold and rng.random() < 1.5 - p / threshold


def is_liar(k: Knowledge, seat: int) -> bool:
    """Whether ``seat``'s called plays were mostly lies (a Beta(1, 2) prior on its lie rate: two
    lies shown and no truth make a liar, one does not)."""
    truthful, called = k.record[seat]
    return (called - truthful + 1) / (called + 3) > 0.5


def about_to_go_out(k: Knowledge, left: int) -> bool:
    """Where the final play cannot be called (``final_call=False``), a player left holding no
    more than one play's worth of cards goes out on its next turn whatever it lays."""
    r = k.rules
    return (not r.final_call and not r.last_card_truthful and left > 0
            and (r.max_cards == 0 or left <= r.max_cards))


def counter_response(k: Knowledge, view: View, choices: Choices,
                     rng: random.Random, weigh: bool = False) -> Action | None:
    """The counter's answer to the last play (call or believe), or None to let it stand.
    With ``weigh``, on a turn where a call is one of the turn's choices (``callers="turn"``
    or ``"anytime"``) only a call that stops a player going out is made here: the rest are
    weighed against the plays by :func:`choose_play`."""
    may_call = choices.is_legal({"type": "call"})
    may_believe = k.rules.believe and choices.is_legal({"type": "believe"})
    if not may_call and not may_believe:
        return None
    last = view.get("last_play") or {}
    if not last:
        return _bid_response(k, view)
    p = p_truthful(k, view)
    player = int(last["seat"])
    if may_believe and p > 0.9:
        return {"type": "believe"}
    left = view["hand_sizes"][player]
    if may_call and about_to_go_out(k, left) and p < 0.95:
        return {"type": "call"}  # let it stand and it goes out next turn, unopposed
    if (weigh and left > 0 and view.get("claim_ranks")
            and k.rules.callers in ("turn", "anytime")):
        return None  # the call is a choice of this turn: choose_play weighs it by value
    if may_call and counter_calls_at(
            p, view.get("pile_size", 0), len(view["hand"]), int(last.get("count", 1) or 1),
            int(last.get("laid", 0) or 0), left, rng, liar=is_liar(k, player)):
        return {"type": "call"}
    return None


def _bid_response(k: Knowledge, view: View) -> Action | None:
    """Spanish Bluff's bidding window (a call with no play to judge): call a bid of more of
    the highest rank than the packs hold beside this seat's own, else let it stand."""
    bid = view.get("bid")
    if not bid:
        return None
    deck = k.rules.deck_rank_list(k.players)
    top = 0 if 0 in deck else max(deck)
    mine = sum(1 for c in view["hand"] if c != "JK" and RANK_INDEX[c[0]] == top)
    return {"type": "call"} if int(bid["count"]) > 4 * k.rules.decks - mine else None


def _upcoming(k: Knowledge, view: View) -> list[int]:
    """Ranks this seat will probably have to claim on its next turns (sequence games)."""
    claims = [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]
    seq = k.rules.sequence
    if seq not in ("up", "down") or not claims:
        return claims
    order = k.rules.claim_rank_list(k.players)
    step = 1 if seq == "up" else -1
    pos = order.index(claims[0]) if claims[0] in order else 0
    active = max(2, k.players - len(view.get("finished", [])) - len(view.get("lost", [])))
    return [order[(pos + step * active * i) % len(order)] for i in range(4)]


@dataclass
class Table:
    """What the expected value of a move reads: hand sizes, the pile, who may call this seat's
    play and how likely each is to (from its record), who is still in."""

    me: int
    sizes: list[int]
    pile: int
    active: list[int]
    callers: list[int]
    rates: list[float]
    #: Each seat's chance of calling a lie of this seat's (see lie_call_rates).
    lie_rates: list[float] = field(default_factory=list)
    #: Whether each seat has called anything yet (one that has calls a claim it can rule out).
    has_called: list[bool] = field(default_factory=list)
    #: Where a final play cannot be called, a hand of at most this many cards goes out on its
    #: next turn (0: no such rule; see about_to_go_out).
    near_out: int = 0

    @classmethod
    def of(cls, k: Knowledge, view: View) -> Table:
        me = k.seat
        out = set(view.get("finished") or []) | set(view.get("lost") or [])
        active = [s for s in range(k.players) if s not in out]
        others = sorted((s for s in active if s != me), key=lambda s: (s - me) % k.players)
        callers = others[:1] if k.rules.callers in ("next", "turn") else others
        rates = call_rates(k)
        r = k.rules
        near = (r.max_cards or 1) if not r.final_call and not r.last_card_truthful else 0
        return cls(me, list(view["hand_sizes"]), int(view.get("pile_size", 0)), active,
                   callers, rates, lie_call_rates(k, rates), [c > 0 for c in k.calls], near)

    def value(self, sizes: list[int]) -> float:
        """This seat's chance of winning from hand sizes alone: 1 with an empty hand, else its
        share of exp(-cards / SHARE_TEMPERATURE) among the seats still in.  A hand that goes
        out on its next turn whatever it lays (``near_out``) counts as almost empty."""
        if sizes[self.me] <= 0:
            return 1.0
        weights = {s: math.exp(-(0.5 if 0 < sizes[s] <= self.near_out else sizes[s])
                               / SHARE_TEMPERATURE) for s in self.active}
        return weights[self.me] / sum(weights.values())

    def p_called(self, laid: int, going_out: bool, lie: bool = False,
                 exposed: dict[int, float] | None = None) -> float:
        """The chance a play of ``laid`` cards is called (a ``lie``: at the seats' rates of
        calling this seat's lies): big claims and a play that would go out draw more calls
        than the seats' usual rate.  ``exposed``: per seat, the chance it can rule the claim
        out from its own cards (see claim_exposure); a seat that has called before calls
        such a claim."""
        rates = self.lie_rates if lie and self.lie_rates else self.rates
        stay = 1.0
        for s in self.callers:
            rate = rates[s] * (1 + 0.1 * (laid - 1))
            if going_out:
                rate = 4 * rate
            if exposed and self.has_called and self.has_called[s]:
                rate = rate + exposed.get(s, 0.0) * (1 - min(1.0, rate))
            stay *= 1 - min(1.0, rate)
        return 1 - stay

    def play_value(self, laid: int, true: bool,
                   exposed: dict[int, float] | None = None) -> float:
        """The expected value of laying ``laid`` cards, a true or a false claim (``exposed``:
        see p_called)."""
        me = self.me
        after = list(self.sizes)
        after[me] -= laid
        going_out = after[me] <= 0
        stands = self.value(after)
        # A play that leaves a hand about to go out draws calls like a last play.
        pc = self.p_called(laid, after[me] <= self.near_out, lie=not true, exposed=exposed)
        if not self.callers or pc <= 0:
            return stands
        if true:
            if going_out:
                return 1.0
            # The caller takes the pile (weighed by who is likelier to call).
            total = sum(self.rates[s] for s in self.callers) or 1.0
            called = 0.0
            for s in self.callers:
                taken = list(after)
                taken[s] += self.pile + laid
                called += self.rates[s] / total * self.value(taken)
        else:
            back = list(self.sizes)
            back[me] += self.pile
            called = self.value(back)
        return (1 - pc) * stands + pc * called

    def call_value(self, p: float, player: int) -> float:
        """The expected value of calling ``player``'s play, true with chance ``p``: the
        loser of the call takes the pile."""
        mine, theirs = list(self.sizes), list(self.sizes)
        mine[self.me] += self.pile
        theirs[player] += self.pile
        return p * self.value(mine) + (1 - p) * self.value(theirs)

    def pass_value(self, pickup: bool) -> float:
        after = list(self.sizes)
        if pickup:
            after[self.me] += self.pile
        return self.value(after)


def choose_play(k: Knowledge, view: View, choices: Choices,
                rng: random.Random, calls: bool = False) -> Action | None:
    """The counter's play (or pass), built from the hand; None when it may not play.
    With ``calls``, where a call is a choice of this turn (``callers="turn"`` or
    ``"anytime"``) it is weighed against the plays too, and made when it is worth more.

    Weighed by expected value (:class:`Table`): the truth (every card of the claimable rank
    it holds most of), the truth padded with cards it will not need, bluffs of one to three
    such cards claimed as the rank most likely to be there, a pass; and a hand that can go
    out uncallably (``final_call=False``) is dumped at once."""
    hand = [CARD_INDEX[c] for c in view["hand"]]
    claims = [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]
    if not hand or not claims:
        return None
    r = k.rules
    limit = min(r.max_cards or len(hand), len(hand))
    future = set(_upcoming(k, view)[1:])
    need = view.get("claim_suit")
    suit = SUITS.index(need) if need else -1

    def fits(c: int, rank: int) -> bool:
        return k.matches(c, rank) and (suit < 0 or c == JOKER or c & 3 == suit)

    def play(cards: list[int], rank: int) -> Action | None:
        """The play, if legal (a claimed suit: the one required, else the cards' own)."""
        claim: dict[str, Any] = {"rank": rank_text(rank), "count": len(cards)}
        if r.claim_suit:
            own = next((c & 3 for c in cards if c != JOKER), 0)
            claim["suit"] = SUITS[suit if suit >= 0 else own]
        action = {"type": "play", "cards": [CARD_TEXT[c] for c in cards], "claim": claim}
        return action if choices.is_legal(action) else None

    # The truth: every card of a claimable rank held (the rank with most, then one it will
    # not need again soon).
    best_rank, best_cards = -1, list[int]()
    for rank in claims:
        cards = [c for c in hand if fits(c, rank)]
        if len(cards) > len(best_cards) or (
                cards and len(cards) == len(best_cards) and best_rank in future
                and rank not in future):
            best_rank, best_cards = rank, cards
    # A hand that goes out in one play that cannot be called wins now.
    if len(hand) <= limit and (not r.final_call or r.last_card_truthful):
        dump_rank = best_rank if len(best_cards) == len(hand) else _plausible(k, claims, hand)
        action = play(hand, dump_rank)
        if action is not None and (not r.last_card_truthful or len(best_cards) == len(hand)):
            return action
    table = Table.of(k, view)
    options: list[tuple[float, int, list[int], int, bool]] = []
    if best_cards:
        cards = best_cards[:limit]
        options.append((table.play_value(len(cards), True), 0, cards, best_rank, True))
        spare = _useless(k, hand, cards, best_rank, future)
        most = (limit - len(cards) if table.p_called(1, False, lie=True) < PAD_MORE_BELOW
                else 1)
        for more in range(1, min(len(spare), most) + 1):
            padded = [*cards, *spare[:more]]
            exposed = claim_exposure(k, view, table, best_rank, len(padded))
            options.append((table.play_value(len(padded), False, exposed), more, padded,
                            best_rank, False))
    else:
        rank = _plausible(k, claims, hand)
        useless = _useless(k, hand, [], rank, future)
        # More than one card only at a table that lets plays stand (bluffs called back and
        # forth make no progress).
        most = 3 if table.p_called(1, False, lie=True) < PAD_MORE_BELOW else 1
        for size in range(1, min(len(useless), limit, most) + 1):
            exposed = claim_exposure(k, view, table, rank, size)
            options.append((table.play_value(size, False, exposed), size, useless[:size], rank,
                            False))
    options.sort(key=lambda o: (-o[0], o[1]))
    pass_ok = r.turn_pass != "none" and choices.is_legal({"type": "pass"})
    last = view.get("last_play") or {}
    if calls and last and last.get("seat") != k.seat and choices.is_legal({"type": "call"}):
        # Instead of a bluff into a table that calls, or a small truth on top of a likely
        # lie, the call: the loser takes the pile.
        called = table.call_value(p_truthful(k, view), int(last["seat"]))
        if called > max(options[0][0] if options else -1.0,
                        table.pass_value(r.turn_pass == "pickup") if pass_ok else -1.0):
            return {"type": "call"}
    if pass_ok:
        pickup = r.turn_pass == "pickup"
        value = table.pass_value(pickup)
        best = options[0][0] if options else -1.0
        # An empty pile costs nothing to pass, but a table of players who all pass it makes
        # no progress: there half the time it bluffs a card anyway.
        # A bluff just called, this seat leading the same rank again: a second bluff would
        # only go round the same circle; a pass of the empty pile moves the rank on.
        caught = pickup and table.pile == 0 and any(
            e.get("type") == "take" and e.get("seat") == k.seat for e in view["events"][-2:])
        stall = (pickup and table.pile == 0 and bool(options) and not caught
                 and rng.random() < 0.5)
        # Where a pass is free (it leaves the pile, and an all-pass discards it: Bluff) it
        # bluffs only a table that has shown it rarely calls.
        free = (r.turn_pass == "round"
                and table.p_called(1, False, lie=True) > FREE_PASS_CALLED_ABOVE)
        if not best_cards and (value >= best or not options or free or caught) and not stall:
            return {"type": "pass"}
    for _, _, cards, rank, _ in options:
        action = play(cards, rank)
        if action is not None:
            return action
    if pass_ok:
        return {"type": "pass"}
    # Nothing built is legal (a last card that must be true, a suit to follow): one card of
    # any claimable rank that the rules take.
    for c in sorted(hand, key=lambda c: (_rank(c) in future, c == JOKER)):
        for rank in claims:
            action = play([c], rank)
            if action is not None:
                return action
    return None


def claim_exposure(k: Knowledge, view: View, table: Table, rank: int,
                   count: int) -> dict[int, float]:
    """Per caller, the chance that its own cards rule out a claim of ``count`` cards of
    ``rank`` by this seat: the packs' cards of the rank, less those the table saw leave play
    and those the pile's standing claims already name, leave ``room``; a caller holding more
    than ``room - count`` of the rest knows the claim is a lie.  Its holding is drawn from the
    cards this seat cannot place (hypergeometric), plus those it knows are there."""
    total = sum(n for c, n in k.deck.items() if k.matches(c, rank))
    gone = sum(n for c, n in k.gone.items() if k.matches(c, rank))
    claimed = sum(n for _, r, n in k.claims_in_pile if r == rank)
    room = total - gone - claimed
    if count > room:
        return dict.fromkeys(table.callers, 1.0)
    need = room - count + 1
    unseen = k.unseen()
    pool = sum(unseen.values())
    good = sum(n for c, n in unseen.items() if k.matches(c, rank))
    out: dict[int, float] = {}
    for s in table.callers:
        sure = sum(n for c, n in k.known[s].items() if k.matches(c, rank))
        draws = max(0, min(pool, table.sizes[s] - sum(k.known[s].values())))
        want = need - sure
        if want <= 0:
            out[s] = 1.0
        elif want > min(good, draws) or pool <= 0:
            out[s] = 0.0
        else:
            miss = sum(math.comb(good, i) * math.comb(pool - good, draws - i)
                       for i in range(0, want))
            out[s] = max(0.0, 1.0 - miss / math.comb(pool, draws))
    return out


def _plausible(k: Knowledge, claims: list[int], hand: list[int]) -> int:
    """The claimable rank a bluff is likeliest to get away with: the one with most cards this
    seat cannot place (a claim the others can count as impossible is called)."""
    unseen = k.unseen()
    held = Counter(_rank(c) for c in hand)

    def room(rank: int) -> tuple[int, int]:
        return (sum(n for c, n in unseen.items() if _rank(c) == rank), -held[rank])

    return max(claims, key=room) if len(claims) > 1 else claims[0]


def _useless(k: Knowledge, hand: list[int], exclude: list[int], rank: int,
             future: set[int]) -> list[int]:
    """Cards it will not need soon (not of the claimed rank nor of the ranks coming up; wild
    jokers last), fewest held of their rank first (singletons are the cheapest to lose)."""
    left = list(hand)
    for c in exclude:
        left.remove(c)
    held = Counter(_rank(c) for c in left)
    cards = [c for c in left if not k.matches(c, rank)]
    cards.sort(key=lambda c: (_rank(c) in future, c == JOKER, held[_rank(c)], c))
    return cards


def _register() -> None:
    from . import search

    register_family_hooks("cheat", FamilyHooks(
        counter=counter_policy,
        determinize=search.search_determinize,
        candidates=search.candidates,
        evaluate=search.evaluate,
        rollout=search.rollout,
        iterations=search.ITERATIONS,
        time_limit=search.TIME_LIMIT,
    ))


_register()


def info(view: View) -> dict[str, Any]:
    """A summary of the seat's knowledge (for tests and debugging)."""
    k = Knowledge.from_view(view)
    return {"unseen": sum(k.unseen().values()), "known": [sum(c.values()) for c in k.known],
            "p_truthful": p_truthful(k, view)}
