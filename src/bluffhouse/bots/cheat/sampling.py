"""The search's picture of the hidden cards (see :mod:`.search`).

- :class:`Info` (one per view, :data:`info`): what the view says of where every card is
  (this seat's hand, cards known to be in other hands, the pile's seen part, cards discarded
  unseen, British stashes) and of each seat as the model of the others reads it: how truthful
  its called plays were, how often it calls, and whether it calls at all.
- :func:`determinize`: a real :class:`CheatGame` whose public state and this seat's cards are
  the view's, with every card whose place the seat does not know dealt uniformly at random
  over the places it may be.  Hand, pile, discard and stash sizes all hold.
- :func:`search_determinize`: the same deal, except that the last play's cards are first
  judged true or false with the odds a card-counting player would give them (players tell the
  truth when they can), since a uniform deal makes almost every claim a lie.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ...cards import CARD_INDEX, JOKER, RANK_INDEX
from ...cheat.engine import CheatGame
from ...cheat.rules import CheatRules
from ...registry import lookup
from ..base import View
from ..search import ViewMemo
from .knowledge import Knowledge, p_truthful

#: The chance a player holding the cards it claims plays them truthfully.
TRUTH_WHEN_HELD = 0.72
#: How often a ``counter`` bot calls when it may (measured: about 0.13 at four counters).
CALL_RATE = 0.13
#: What a seat's record starts from: CALL_PRIOR windows at CALL_PRIOR_RATE.  A stranger is
#: taken to call often until it shows otherwise: a bluff called costs the pile, and against
#: a table that calls everything a truthful leader goes out unopposed.
CALL_PRIOR = 6
CALL_PRIOR_RATE = 0.45
#: A seat that has never called is modelled as the card counter it was taken for with the
#: chance of its silence (see Info.calls_at_all): a counter lets COUNTED_LIE_CALLS of the
#: plays whose pile claims more of a rank than the packs hold go by, and a stranger is a
#: counter at odds of COUNTER_PRIOR.  A table that never calls is told from a quiet table of
#: counters within a few counted lies.
COUNTED_LIE_CALLS = 0.4
COUNTER_PRIOR = 0.75


class Info:
    """What a view says about where the cards are (built once per view object)."""

    def __init__(self, view: View) -> None:

        self.view = view
        k = Knowledge.from_view(view)
        self.k = k
        me: int = view["seat"]
        self.me = me
        n: int = view["players"]
        self.n = n
        preset = lookup(view["game"])
        self.game_id = preset.id
        self.rules: CheatRules = k.rules
        self.hand = sorted(CARD_INDEX[c] for c in view["hand"])
        sizes: list[int] = list(view["hand_sizes"])
        self.sizes = sizes
        # The last play's cards where this seat saw them (its own play, or one it checked).
        last = view.get("last_play")
        self.last = last
        known_last: list[int] | None = None
        if last is not None:
            for event in reversed(view["events"]):
                kind = event.get("type")
                if kind == "play":
                    if event["seat"] == me and "cards" in event:
                        known_last = [CARD_INDEX[c] for c in event["cards"]]
                    break
                if kind == "check" and event.get("seat") == me and event.get("cards"):
                    known_last = [CARD_INDEX[c] for c in event["cards"]]
                    break
        self.known_last = known_last
        # Known cards a seat may have laid since they were seen are dealt like unseen ones.
        self.known = [sorted(k.certain(s).elements()) for s in range(n)]
        pile_known = list((k.mine_in_pile + k.seen_in_pile).elements())
        self.pile_size: int = view["pile_size"]
        self.discarded: int = view["discarded"]
        self.hidden_sizes: list[int] = list(view.get("hidden_sizes") or [0] * n)
        self.stash = [CARD_INDEX[c] for c in view.get("hidden") or []]
        gone = list(k.gone.elements())
        loose = k.unseen()
        for s in range(n):
            if s != me:
                loose.update(k.maybe_moved(s))
        unseen = sorted(loose.elements())
        # Cards a scripted deal left out of play: out of the game, nowhere to be seen.
        dealt = next(
            (sum(e["hand_sizes"]) for e in view["events"] if e.get("type") == "deal"),
            sum(k.deck.values()),
        )
        self.out = max(0, sum(k.deck.values()) - dealt)
        # Where each unseen card may go: how many of them each place holds.
        need_hands = [0 if s == me else max(0, sizes[s] - len(self.known[s])) for s in range(n)]
        need = (
            sum(need_hands)
            + (self.pile_size - len(pile_known))
            + (self.discarded - len(gone))
            + sum(h for s, h in enumerate(self.hidden_sizes) if s != me)
            + self.out
        )
        self.exact = (
            need == len(unseen)
            and len(pile_known) <= self.pile_size
            and len(gone) <= self.discarded
            and all(len(self.known[s]) <= sizes[s] for s in range(n) if s != me)
        )
        if not self.exact:
            # The tracker lost count somewhere (a rare British undo): forget what it knew of
            # other hands and of the pile and deal every card but this seat's own afresh.
            deck = Counter(k.deck)
            deck.subtract(self.hand)
            deck.subtract(self.stash)
            mine_pile = [c for c in k.mine_in_pile.elements()]
            deck.subtract(mine_pile)
            unseen = sorted((+deck).elements())
            self.known = [[] for _ in range(n)]
            pile_known = mine_pile if len(mine_pile) <= self.pile_size else []
            gone = []
            if not pile_known:
                unseen = sorted((+(deck + Counter(mine_pile))).elements())
            need_hands = [0 if s == me else sizes[s] for s in range(n)]
            if self.known_last is not None and not all(c in pile_known for c in self.known_last):
                self.known_last = None
        self.unseen = unseen
        self.need_hands = need_hands
        self.pile_known = pile_known
        self.gone = gone
        self.table: dict[str, Any] = view["table"]
        self.events = [[e] for e in view["events"]]
        claim_rank = last["rank"] if last is not None else None
        self.last_rank = RANK_INDEX[claim_rank] if claim_rank is not None else -1
        self.p_true = self._p_true()
        # What every seat knows alike, for the model of card-counting opponents: the cards
        # seen leaving play or turned over in the pile, per rank, and each player's record.
        public_out = k.gone + k.seen_in_pile
        ranks = range(14)
        self.rank_total = [
            sum(c for card, c in k.deck.items() if k.matches(card, r)) for r in ranks
        ]
        self.public_out = [
            sum(c for card, c in public_out.items() if k.matches(card, r)) for r in ranks
        ]
        self.deck_size = sum(k.deck.values())
        self.public_out_total = sum(public_out.values())
        record = k.record or [[0, 0]] * n
        self.honesty = [(t + 1) / (c + 3) for t, c in record]
        # As a ``counter`` reads a player's called plays (``p_truthful``, ``p_claim``): how
        # often it tells the truth when it can, and the odds its doubted claims give (a seat's
        # view of its own claims: all of its called ones).
        self.when_held = [(t + 2) / (c + 3) for t, c in record]
        self.doubt_odds = [
            ((t + 1) / (c - t + 1))
            if s == me
            else ((k.doubted_true[s] + 1) / (k.doubted[s] - k.doubted_true[s] + 1))
            for s, (t, c) in enumerate(record)
        ]
        # How often each seat called when it could, against the ``counter`` bot's usual rate:
        # the model of a seat that calls far more (or less) often than a counter is bent
        # toward what it does.
        # (the counts of the tracker: calls and chances to call, declines under "turn" and
        # the turn player's silence under "anytime" included)
        calls, windows = k.calls, k.chances
        self.call_rate = [
            (calls[s] + CALL_PRIOR_RATE * CALL_PRIOR) / (windows[s] + CALL_PRIOR) for s in range(n)
        ]
        # Whether each seat calls at all, as the model's card counter does, or lets
        # everything stand: a seat that has never called is a counter with the chance of
        # its silence so far (it lets 1 - CALL_RATE of its chances go by, and 1 -
        # COUNTED_LIE_CALLS of the counted lies, ``Knowledge.counted_chances``), against
        # certainty for one that never calls, from odds of COUNTER_PRIOR; its modelled calls
        # are thinned by that chance over the prior's (1 for a stranger).
        counted = k.counted_chances
        self.calls_at_all: list[float] = []
        for s in range(n):
            if calls[s] or s == me:
                self.calls_at_all.append(1.0)
                continue
            silence = (1 - CALL_RATE) ** windows[s] * (1 - COUNTED_LIE_CALLS) ** counted[s]
            self.calls_at_all.append(silence / (COUNTER_PRIOR * silence + 1 - COUNTER_PRIOR))
        # The pile's claims by rank and seat, public to all: a counter doubts a claim whose
        # rank the pile already names more often than the packs allow (``_crowded``).
        self.root_events = len(view["events"])
        self.pile_claims: dict[int, list[int]] = {}
        for s, r, c in k.claims_in_pile:
            self.pile_claims.setdefault(r, [0] * n)[s] += c

    def _p_true(self) -> float:
        """The chance the last play (another's, unseen) is true, by the card-counting model."""

        if self.last is None or self.known_last is not None:
            return 1.0
        return min(1.0, p_truthful(self.k, self.view) / 0.67 * TRUTH_WHEN_HELD)


info = ViewMemo(Info)


def determinize(view: View, rng: random.Random) -> CheatGame:
    """A full game consistent with the view, the unseen cards dealt uniformly."""
    return _deal(info(view), rng, None)


def search_determinize(view: View, rng: random.Random) -> CheatGame:
    """As :func:`determinize`, the last play first judged true with the counting model's odds."""
    item = info(view)
    truth = None
    if item.last is not None and item.known_last is None:
        truth = rng.random() < item.p_true
    return _deal(item, rng, truth)


def _truthful_draw(item: Info, pool: list[int], rng: random.Random) -> list[int] | None:
    """``laid`` cards of the claimed rank (wild jokers count) taken out of ``pool``."""
    last = item.last
    assert last is not None
    laid, count = last["laid"], last["count"]
    if laid != count:
        return None
    rank = item.last_rank
    wild = item.rules.jokers > 0 and item.rules.jokers_as == "wild"
    good = [
        i
        for i, c in enumerate(pool)
        if (c == JOKER and (wild or rank == 13)) or (c != JOKER and c >> 2 == rank)
    ]
    if item.rules.claim_suit and item.table.get("prev_suit", -1) >= 0:
        suit = item.table["prev_suit"]
        good = [i for i in good if pool[i] & 3 == suit]
    if len(good) < laid:
        return None
    picked = sorted(rng.sample(good, laid), reverse=True)
    return [pool.pop(i) for i in picked]


def _deal(item: Info, rng: random.Random, truth: bool | None) -> CheatGame:
    pool = list(item.unseen)
    rng.shuffle(pool)
    last = item.last
    last_cards: list[int] | None = None
    if last is not None:
        if item.known_last is not None:
            last_cards = list(item.known_last)
        elif truth:
            last_cards = _truthful_draw(item, pool, rng)
        elif truth is False:
            # A lie: draw until the cards do not make the claim (few tries; else any cards).
            for _ in range(20):
                cand = pool[-last["laid"] :]
                if not _makes(item, cand):
                    break
                rng.shuffle(pool)
    at = 0

    def take(count: int) -> list[int]:
        nonlocal at
        out = pool[at : at + count]
        at += count
        return out

    if last is not None and last_cards is None:
        last_cards = pool[len(pool) - last["laid"] :]
        del pool[len(pool) - last["laid"] :]
    n = item.n
    hands = [
        list(item.hand) if s == item.me else sorted([*item.known[s], *take(item.need_hands[s])])
        for s in range(n)
    ]
    pile_rest = list(item.pile_known)
    if last_cards is not None and item.known_last is not None:
        for c in last_cards:
            pile_rest.remove(c)
    extra = item.pile_size - len(pile_rest) - (len(last_cards) if last_cards else 0)
    pile = [*pile_rest, *take(extra), *(last_cards or [])]
    discarded = [*item.gone, *take(item.discarded - len(item.gone))]
    hidden = [list(item.stash) if s == item.me else take(item.hidden_sizes[s]) for s in range(n)]
    take(item.out)
    assert at == len(pool), "the view's counts do not add up"
    view = item.view
    t = item.table
    last_state: dict[str, Any] | None = None
    if last is not None:
        assert last_cards is not None
        last_state = {
            "seat": last["seat"],
            "cards": last_cards,
            "rank": item.last_rank,
            "count": last["count"],
            "suit": t["prev_suit"],
        }
        if "caller" in last:  # a call waiting for its answer (Cheat H)
            last_state["caller"] = last["caller"]
    me = item.me
    cheats: list[list[Any]] = [
        [c[0], c[1], list(c[2])] if c[0] == me else [c[0], "out_of_turn", []] for c in t["cheats"]
    ]
    fields: dict[str, Any] = {
        "hands": hands,
        "pile": pile,
        "discarded": discarded,
        "hidden": hidden,
        "phase": view["phase"],
        "turn": view["turn"] if view["turn"] is not None else 0,
        "window": list(t["window"]),
        "last": last_state,
        "prev_rank": t["prev_rank"],
        "prev_suit": t["prev_suit"],
        "lead": t["lead"],
        "allowed": list(t["allowed"]),
        "round_player": t["round_player"],
        "passes": t["passes"],
        "finished": list(view["finished"]),
        "lost": list(view["lost"]),
        "sips": list(view["sips"]),
        "cup": t["cup"],
        "pours": t["pours"],
        "cup_full": t["cup_full"],
        "checked": list(t["checked"]),
        "declined": list(t["declined"]),
        "cheats": cheats,
        "bid": None if t["bid"] is None else list(t["bid"]),
        "bidders": list(t["bidders"]),
        "dealer": t["dealer"],
        "calls": list(t["calls"]),
        "bluffs_caught": list(t["bluffs_caught"]),
        "bluffs_survived": [0] * n,
        "low": list(t["low"]),
        "quiet": t["quiet"],
    }

    g = CheatGame.from_fields(
        item.game_id,
        item.rules,
        n,
        fields,
        list(item.events),
        list(view["to_act"]),
        view["version"],
        rng.getrandbits(63),
    )
    g.__dict__["_search_seat"] = me
    g.__dict__["_search_info"] = item
    return g


def _makes(item: Info, cards: list[int]) -> bool:
    last = item.last
    assert last is not None
    if len(cards) != last["count"]:
        return False
    wild = item.rules.jokers > 0 and item.rules.jokers_as == "wild"
    rank = item.last_rank
    return all(
        (c == JOKER and (wild or rank == 13)) or (c != JOKER and c >> 2 == rank) for c in cards
    )
