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
from ..cards import CARD_INDEX, JOKER, RANK_INDEX, build_deck
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
                    soft=[Counter() for _ in range(players)], laid_since=[0] * players)
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
            list(self.laid_since), Counter(self.before_soft))

    def _read(self, event: dict[str, Any]) -> None:
        """Fold one event of the seat's log into what it knows."""
        k, me, sizes = self, self.seat, self.sizes
        kind = event.get("type")
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
    return honesty + (1 - honesty) * when_held * stays


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


def counter_policy(view: View, choices: Choices, rng: random.Random) -> Action:
    """Call what is unlikely, play the truth when it can, bluff one useless card when it must,
    keep cards it will need soon, and never let a player go out on a doubtful last play."""
    actions = choices.all()
    if view.get("phase") == "answer":
        return answer_call(view, actions)
    k = Knowledge.from_view(view)
    response = counter_response(k, view, actions, rng)
    if response is not None:
        return response
    plays = [a for a in actions if a["type"] == "play"]
    if plays:
        return choose_play(k, view, plays, actions, rng)
    return _fallback(actions)


def answer_call(view: View, actions: list[Action]) -> Action:
    """Cheat H, answering a call on its own play: a true play is shown as laid; a bluff is
    covered with matching cards from the hand where it can be (the swap listed first uses the
    fewest jokers), else shown as laid."""
    shows = [a for a in actions if a["type"] == "show"]
    swaps = [a for a in shows if "cards" in a]
    if not swaps:
        return shows[0] if shows else _fallback(actions)
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


def _fallback(actions: list[Action]) -> Action:
    for kind in ("pass", "check"):
        for a in actions:
            if a["type"] == kind:
                return a
    return actions[0]


def counter_calls_at(p: float, pile: int, my_size: int, count: int, laid: int, left: int,
                     rng: random.Random) -> bool:
    """The counter's bar for calling a play that is true with chance ``p``: ``pile`` cards in
    the pile, ``my_size`` in its own hand, ``count`` claimed, ``laid`` laid, ``left`` in the
    player's hand.  Shared with the search's model of counter opponents."""
    if left == 0:
        return p < 0.95  # never let a player go out on a doubtful last play
    # Calling wrongly costs the pile; letting a lie stand costs the liar nothing.
    threshold = 0.2 if my_size <= 3 else 0.25 if pile > 8 else 0.35
    # A wrong call of a big claim hands the caller the pile and the cards it doubted, and
    # card-counting tables fall into cycles of calling the same true sets back and forth:
    # the bar drops with the claimed count, and a call near the bar is a coin.
    threshold /= max(1, count - 1)
    # A pile that holds only this play just goes back to its player, who must lead the
    # same rank again: calling it gains nothing and can stall the table for ever.
    worth_it = pile > laid or left <= 3
    return worth_it and p < threshold and rng.random() < 1.5 - p / threshold


def counter_response(k: Knowledge, view: View, actions: list[Action],
                     rng: random.Random) -> Action | None:
    """The counter's answer to the last play (call or believe), or None to let it stand."""
    types = {a["type"] for a in actions}
    if "call" not in types and "believe" not in types:
        return None
    last = view.get("last_play") or {}
    if not last:
        return _bid_response(k, view)
    p = p_truthful(k, view)
    player = last.get("seat")
    if "believe" in types and p > 0.9:
        return {"type": "believe"}
    if "call" in types and counter_calls_at(
            p, view.get("pile_size", 0), len(view["hand"]), int(last.get("count", 1) or 1),
            int(last.get("laid", 0) or 0), view["hand_sizes"][player], rng):
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


def choose_play(k: Knowledge, view: View, plays: list[Action], actions: list[Action],
                rng: random.Random) -> Action:
    hand = [CARD_INDEX[c] for c in view["hand"]]
    claims = [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]
    if not claims:
        claims = sorted({RANK_INDEX[a["claim"]["rank"]] for a in plays})
    future = set(_upcoming(k, view)[1:])
    # The truth: every card of a claimable rank held (the rank with most, when choosing).
    best_rank, best_cards = -1, list[int]()
    for rank in claims:
        cards = [c for c in hand if k.matches(c, rank)]
        if len(cards) > len(best_cards):
            best_rank, best_cards = rank, cards
    limit = k.rules.max_cards or len(hand)
    if best_cards:
        cards = best_cards[:limit]
        # Slip in one useless card on top of a true play when the table rarely calls.
        if len(cards) < limit and len(hand) > len(cards) + 1 and rng.random() < 0.25:
            spare = [c for c in hand if c not in cards and _rank(c) not in future
                     and not k.matches(c, best_rank)]
            if spare:
                cards = [*cards, spare[0]]
        return _find(plays, cards, best_rank, len(cards)) or _closest(plays, cards, best_rank)
    # A bluff: one card it will not need soon, claimed as the (first) allowed rank.
    rank = claims[0]
    useless = sorted(hand, key=lambda c: (_rank(c) in future, c == JOKER, rng.random()))
    card = useless[0]
    passes = [a for a in actions if a["type"] == "pass"]
    if passes and k.rules.turn_pass == "round" and view.get("pile_size", 0) > 0:
        return passes[0]  # seed 000: passing is safe; bluffing risks the pile
    if (passes and k.rules.turn_pass == "pickup" and view.get("pile_size", 0) == 0
            and rng.random() < 0.5):
        # Seed 004: nothing to pick up, so passing costs nothing; but a table of players who
        # all pass an empty pile makes no progress, so half the time it bluffs a card anyway.
        return passes[0]
    return _find(plays, [card], rank, 1) or _closest(plays, [card], rank)


def _find(plays: list[Action], cards: list[int], rank: int, count: int) -> Action | None:
    want = sorted(_rank(c) for c in cards)
    rank_text = next((r for r, i in RANK_INDEX.items() if i == rank and len(r) <= 2
                      and r == r.upper()), None)
    for a in plays:
        claim = a["claim"]
        if claim["rank"] != rank_text or claim.get("count") != count:
            continue
        if sorted(_rank(CARD_INDEX[c]) for c in a["cards"]) == want:
            if "suit" in claim:
                continue
            return {"type": "play", "cards": [_text(c) for c in cards], "claim": dict(claim)}
    return None


def _closest(plays: list[Action], cards: list[int], rank: int) -> Action:
    size = len(cards)
    same = [a for a in plays if len(a["cards"]) == size] or plays
    return min(same, key=lambda a: (RANK_INDEX[a["claim"]["rank"]] != rank,
                                    a["claim"].get("count") != size))


def _text(card: int) -> str:
    from ..cards import CARD_TEXT

    return CARD_TEXT[card]


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
