"""The Cheat family's card-counting ``counter`` policy, on what one seat knows and infers
(:mod:`bluffhouse.bots.cheat.knowledge`) and the value of its moves read from the table
(:mod:`bluffhouse.bots.cheat.reading`), and the hooks the generic search bot uses.

Everything here reads ``view(seat)`` only: the seat's hand, the public log and its own private
events (its own plays, piles it took, plays it checked).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from ...cards import CARD_INDEX, CARD_TEXT, JOKER, RANK_INDEX, SUITS, rank_text
from ..base import Action, Choices, View
from .knowledge import Knowledge, _exposure, _rank, p_claim, p_truthful
from .reading import (
    COUNTER_READING,
    COUNTER_V1,
    STYLES_READING,
    Reading,
    Table,
)

#: A true play is padded with more than one useless card, and a bluff laid with more than
#: one card, only where a play is called less often than this.
PAD_MORE_BELOW = 0.2
#: A table that has not called yet is taken to let a lie of more than one card stand only on
#: a pile of at most this many cards, until it shows it does (see _untested).
UNTESTED_PILE = 8
#: Where a pass is free (Bluff: it leaves the pile, and an all-pass discards it) it bluffs
#: only where a lie of one card is called less often than this.
FREE_PASS_CALLED_ABOVE = 0.2
#: A call must be worth this much more than the pass (Reading.lead_gain): where sure truths
#: are laid again and called back round the table, the two are worth the same, and joining
#: the cycle only swells the hand.
CALL_EDGE = 0.01
#: Where calls are weighed by value outside the turn (Reading.weighs_calls), only claims true
#: with a chance below this are called: the odds of a claim are read less surely than the
#: hand sizes (a table that lies only when it must shows claims at 0.2-0.5 that are mostly
#: true).
WEIGHED_CALL_BELOW = 0.25
#: ... or below this where anyone may call until the next play (``callers="anytime"``), on its
#: turn and off it (see Reading.bars_turn_calls): a right call's winner leads, and a claim
#: this seat lets stand is still open to the others.  In ``eightshit``, with its calls on
#: turn held to the same bar, it took ``never_lie`` from 31.7% to 41.8% and the four-style
#: table from 50.7% to 55.1% (1,000 games a cell); at 0.45 ``always_lie`` rose to 97.0% but
#: a table seated ``liar_80+liar_60+counter_v1`` fell from 53.9% to 47.3%.
ANYTIME_CALL_BELOW = 0.35
#: ... but not on its turn where the claim's player holds this many cards or fewer: the call
#: is weighed by value alone (at ``eightshit``, 1,000 games a cell, ``always_lie`` 92.8% ->
#: 94.5%, ``never_lie`` 41.8% -> 45.1%; held to the bar up to two cards, ``never_lie`` fell to
#: 39.6%).
TURN_CALL_UNBARRED_AT = 1
#: ... or below this, for a play of several cards, where the player's called plays of
#: several cards were more often lies than true: its record, more than the count, says what
#: its claims are (tables of liars showed claims at 0.3-0.7 that were nearly all lies, let
#: stand).  Not for one card: a seat holding none of the rank lies in one card because it
#: must, which says little of the claims it makes by choice (read so in ``bluff``, it
#: called ``counter_v1``'s claims and took 15.5% of its games instead of 36.5%).
LIAR_CALL_BELOW = 0.5
#: Where the table is quiet (Reading.tests_quiet_leads), a stranger's lead true with a chance
#: below this is called if the call is worth EXPLORE_MARGIN more than letting it stand.
EXPLORE_CALL_BELOW = 0.5
EXPLORE_MARGIN = 0.15
#: A table is quiet where the others have had QUIET_CHANCES chances to call at least and took
#: no more than QUIET_CALL_RATE of them.
QUIET_CHANCES = 6
QUIET_CALL_RATE = 0.1
#: A lead of cards it will not need (Reading.keeps_truths) only where its lie is called less
#: often than this.
JUNK_LEAD_CALLED_BELOW = 0.5


def counter_policy(view: View, choices: Choices, rng: random.Random) -> Action:
    """Call what is unlikely, play the truth when it can, bluff only where the table's record
    of calls makes it pay, keep cards it will need soon, and never let a player go out on a
    doubtful last play.  The few moves worth weighing are built from the hand and checked with
    ``choices.is_legal``: every legal play of a big hand is never listed."""
    return play_counter(view, choices, rng, reading=COUNTER_READING)


def counter_v1_policy(view: View, choices: Choices, rng: random.Random) -> Action:
    """``counter_v1``: the counter with the reading it was first published with, frozen (a
    yardstick that does not move as ``counter`` improves)."""
    return play_counter(view, choices, rng, reading=COUNTER_V1)


def play_counter(
    view: View,
    choices: Choices,
    rng: random.Random,
    *,
    calls: bool = True,
    reading: Reading = STYLES_READING,
) -> Action:
    """The counter's move; with ``calls`` False it lets every play stand (``never_call``).
    ``reading``: which version of the counter's reading of the table it plays with (the fixed
    styles play with theirs: yardsticks stay as they were measured)."""
    if view.get("phase") == "answer":
        return answer_call(view, choices.all())  # a handful of shows
    k = Knowledge.from_view(view)
    r = k.rules
    if reading.answers_off_turn and view.get("phase") == "turn" and view.get("turn") != k.seat:
        # Anyone may call until the next play: a call, or letting the play go, is all it has.
        answer = counter_response(k, view, choices, rng, reading=reading) if calls else None
        return answer or _fallback(choices)
    if (
        calls
        and view.get("claim_ranks")
        and (not r.final_call or r.last_card_truthful)
        and len(view["hand"]) <= (r.max_cards or len(view["hand"]))
    ):
        # Its own hand can go out in one play that cannot be called: that wins, before any
        # call (under callers="turn" a call would take the turn it goes out on).
        play = choose_play(k, view, choices, rng)
        if play is not None and len(play.get("cards", ())) == len(view["hand"]):
            return play
    if calls:
        response = counter_response(k, view, choices, rng, weigh=True, reading=reading)
        if response is not None:
            return response
    play = choose_play(k, view, choices, rng, calls=calls, reading=reading)
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
        (c == JOKER and (wild or rank == 13)) or (c != JOKER and c >> 2 == rank) for c in laid
    )
    return {"type": "show"} if true else swaps[0]


def _fallback(choices: Choices) -> Action:
    """Nothing worth weighing: let the moment go by (pass, or a check), else the first legal
    action (only then are they listed)."""
    for kind in ("pass", "check"):
        action = {"type": kind}
        if choices.is_legal(action):
            return action
    return choices.all()[0]


def counter_calls_at(
    p: float,
    pile: int,
    my_size: int,
    count: int,
    laid: int,
    left: int,
    rng: random.Random,
    liar: bool = False,
) -> bool:
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


def lies_big(k: Knowledge, seat: int) -> bool:
    """Whether ``seat``'s called plays of several cards were more often lies than true: its
    record, more than a count's odds, says what its big claims are (see LIAR_CALL_BELOW)."""
    truthful, called = k.record_by_laid[seat][1]
    return called - truthful > truthful


def crowds_by_play(k: Knowledge, reading: Reading) -> bool:
    """Reading.crowds_by_play, where its reason holds: the sequence names every claim's rank
    (``up``, ``down``, ``up_or_down``) and no one may pass, so a seat holding none of it must
    lie, one card at a time, and those forced lies are what overfill a rank.  Elsewhere a
    crowded rank's claims are chosen (read so in ``bluff_six_jokers``, where a pass is free,
    it took 86.0% against ``never_call``, not 94.0%)."""
    r = k.rules
    return (
        reading.crowds_by_play
        and r.turn_pass == "none"
        and r.sequence in ("up", "down", "up_or_down")
    )


def claim_odds(k: Knowledge, view: View, reading: Reading) -> float:
    """The chance the last play is true as ``reading`` reads it (p_claim: by the size of the
    play where it reads so, a crowded rank's big claim as one draw where crowds_by_play, a
    seat's short record smoothed toward the others' where anyone may call until the next
    play and it pools records)."""
    return p_claim(
        k,
        view,
        by_laid=reading.by_laid,
        one_draw=crowds_by_play(k, reading),
        pooled=reading.pools_records and k.rules.callers == "anytime",
    )


def call_bar(k: Knowledge, player: int, laid: int) -> float:
    """Reading.weighs_calls: the chance of truth below which a claim of ``laid`` cards by
    ``player`` is called outside a turn where the call is worth it: LIAR_CALL_BELOW for a play
    of several cards by a seat whose called plays of several were mostly lies (lies_big),
    else ANYTIME_CALL_BELOW where anyone may call until the next play, else
    WEIGHED_CALL_BELOW."""
    if laid > 1 and lies_big(k, player):
        return LIAR_CALL_BELOW
    return ANYTIME_CALL_BELOW if k.rules.callers == "anytime" else WEIGHED_CALL_BELOW


def about_to_go_out(k: Knowledge, left: int) -> bool:
    """Where the final play cannot be called (``final_call=False``), a player left holding no
    more than one play's worth of cards goes out on its next turn whatever it lays."""
    r = k.rules
    return (
        not r.final_call
        and not r.last_card_truthful
        and left > 0
        and (r.max_cards == 0 or left <= r.max_cards)
    )


def counter_response(
    k: Knowledge,
    view: View,
    choices: Choices,
    rng: random.Random,
    weigh: bool = False,
    reading: Reading = STYLES_READING,
) -> Action | None:
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
    p = claim_odds(k, view, reading)
    player = int(last["seat"])
    if may_believe and p > 0.9:
        return {"type": "believe"}
    left = view["hand_sizes"][player]
    if may_call and about_to_go_out(k, left) and p < 0.95:
        return {"type": "call"}  # let it stand and it goes out next turn, unopposed
    if weigh and left > 0 and view.get("claim_ranks") and k.rules.callers in ("turn", "anytime"):
        return None  # the call is a choice of this turn: choose_play weighs it by value
    if may_call and reading.weighs_calls and left > 0:
        return {"type": "call"} if _weighed_call(k, view, p, player, left, reading) else None
    if may_call and counter_calls_at(
        p,
        view.get("pile_size", 0),
        len(view["hand"]),
        int(last.get("count", 1) or 1),
        int(last.get("laid", 0) or 0),
        left,
        rng,
        liar=is_liar(k, player),
    ):
        return {"type": "call"}
    return None


def _weighed_call(
    k: Knowledge, view: View, p: float, player: int, left: int, reading: Reading
) -> bool:
    """Reading.weighs_calls: call a claim true with chance ``p`` below its bar (call_bar) where the
    call is worth more than letting it stand, by the value of hand sizes (a quiet table's lead worth
    testing, see _worth_testing: below EXPLORE_CALL_BELOW, worth EXPLORE_MARGIN more); never one
    that only turns the table round (the pile is that play alone and its player lays again after a
    right call), unless its player is near out."""
    last = view.get("last_play") or {}
    bar = call_bar(k, player, int(last.get("laid", 0) or 0))
    testing = p >= bar and reading.tests_quiet_leads and _worth_testing(k, view, p, player)
    if p >= bar and not testing:
        return False
    table = Table.of(k, view, reading)
    if (
        table.pile <= int(last.get("laid", 0) or 0)
        and left > 3
        and leader_after_call(k, table, k.seat, player, True) == player
    ):
        return False
    margin = EXPLORE_MARGIN if testing else 0.0
    return _call_value(k, view, table, reading) > table.value(table.sizes) + margin


def _worth_testing(k: Knowledge, view: View, p: float, player: int) -> bool:
    """Reading.tests_quiet_leads: whether a lead true with chance ``p`` is worth a call to see
    how its player plays.  A table that lets plays stand never shows a seat's lies, and a
    stranger's claim is read as true one time in three at least (see p_truthful): only a
    call shows it.  Only where no one may pass (``turn_pass="none"``): a seat holding none of
    the rank lies because it must, where elsewhere it passes, and a quiet table of honest
    players (Bluff) was tested at a loss.  A lead is the cheapest claim to test (the pile is
    that play alone), a seat whose called plays turned up a truth has shown enough, and at a
    table that calls the record fills without paying for it."""
    if p >= EXPLORE_CALL_BELOW or k.record[player][0] > 0 or k.rules.turn_pass != "none":
        return False
    last = view.get("last_play") or {}
    if int(view.get("pile_size", 0) or 0) > int(last.get("laid", 0) or 0):
        return False
    others = [t for t in range(k.players) if t != k.seat]
    chances = sum(k.chances[t] for t in others)
    return chances >= QUIET_CHANCES and sum(k.calls[t] for t in others) <= (
        QUIET_CALL_RATE * chances
    )


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


class Candidate(NamedTuple):
    """A play weighed by :func:`choose_play`: its expected value, the cards laid beyond the
    truth (padding, or a bluff's size: of equal values the fewer wins), the cards, the rank
    claimed, and whether it is the truth."""

    value: float
    extra: int
    cards: list[int]
    rank: int
    true: bool


@dataclass
class _Hand:
    """The seat's hand and what it may claim, as the candidate builders read them."""

    k: Knowledge
    view: View
    choices: Choices
    cards: list[int]
    claims: list[int]
    limit: int
    future: set[int]
    suit: int

    @classmethod
    def of(cls, k: Knowledge, view: View, choices: Choices) -> _Hand | None:
        hand = [CARD_INDEX[c] for c in view["hand"]]
        claims = [RANK_INDEX[r] for r in (view.get("claim_ranks") or [])]
        if not hand or not claims:
            return None
        need = view.get("claim_suit")
        return cls(
            k,
            view,
            choices,
            hand,
            claims,
            min(k.rules.max_cards or len(hand), len(hand)),
            set(_upcoming(k, view)[1:]),
            SUITS.index(need) if need else -1,
        )

    def fits(self, c: int, rank: int) -> bool:
        return self.k.matches(c, rank) and (self.suit < 0 or c == JOKER or c & 3 == self.suit)

    def play(self, cards: list[int], rank: int) -> Action | None:
        """The play, if legal (a claimed suit: the one required, else the cards' own)."""
        claim: dict[str, Any] = {"rank": rank_text(rank), "count": len(cards)}
        if self.k.rules.claim_suit:
            own = next((c & 3 for c in cards if c != JOKER), 0)
            claim["suit"] = SUITS[self.suit if self.suit >= 0 else own]
        action = {"type": "play", "cards": [CARD_TEXT[c] for c in cards], "claim": claim}
        return action if self.choices.is_legal(action) else None

    def biggest_truth(self) -> tuple[int, list[int]]:
        """Every card of a claimable rank held: the rank with most, then one it will not need
        again soon (-1 and no cards where it holds none)."""
        best_rank, best_cards = -1, list[int]()
        for rank in self.claims:
            cards = [c for c in self.cards if self.fits(c, rank)]
            if len(cards) > len(best_cards) or (
                cards
                and len(cards) == len(best_cards)
                and best_rank in self.future
                and rank not in self.future
            ):
                best_rank, best_cards = rank, cards
        return best_rank, best_cards

    def dump(self, best_rank: int, best_cards: list[int]) -> Action | None:
        """The whole hand, where one play that cannot be called holds it: that wins now."""
        r = self.k.rules
        if len(self.cards) > self.limit or (r.final_call and not r.last_card_truthful):
            return None
        whole = len(best_cards) == len(self.cards)
        rank = best_rank if whole else _plausible(self.k, self.claims, self.cards)
        action = self.play(self.cards, rank)
        if action is not None and (not r.last_card_truthful or whole):
            return action
        return None


def choose_play(
    k: Knowledge,
    view: View,
    choices: Choices,
    rng: random.Random,
    calls: bool = False,
    set_safe: bool = True,
    reading: Reading = STYLES_READING,
) -> Action | None:
    """The counter's play (or pass), built from the hand; None when it may not play.
    With ``calls``, where a call is a choice of this turn (``callers="turn"`` or
    ``"anytime"``) it is weighed against the plays too, and made when it is worth more.

    The candidates (:func:`_truth_candidates`, :func:`_bluff_candidates`) are weighed by
    expected value (:class:`Table`) against the call and the pass by one scorer
    (:func:`_decide`); a hand that can go out uncallably (``final_call=False``) is dumped at
    once.  With ``set_safe``, where the biggest truth may complete a set for its caller
    (``discard_sets``), the truths that cannot are weighed too (see _set_safe_truths)."""
    hand = _Hand.of(k, view, choices)
    if hand is None:
        return None
    best_rank, best_cards = hand.biggest_truth()
    dumped = hand.dump(best_rank, best_cards)
    if dumped is not None:
        return dumped
    table = Table.of(k, view, reading)
    # More than one card of lies only at a table that lets plays stand (bluffs called back
    # and forth make no progress), and that has shown it lets big claims stand.
    tested = not (reading.untested and _untested(k, table))
    lets_big = table.p_called(1, False, lie=True) < PAD_MORE_BELOW and tested
    # Read by size, a bluff of several cards is weighed by its own odds of a call at any
    # table that has shown it lets one stand.
    bluffs_big = tested if reading.by_size else lets_big
    bluff_exposed: dict[int, float] | None = None
    if best_cards and reading.keeps_truths:
        junk = _junk_lead(hand, table, best_rank, best_cards)
        if junk is not None:
            return junk
    if best_cards:
        options = _truth_candidates(
            hand, table, best_rank, best_cards, lets_big, set_safe, reading.keeps_truths
        )
    else:
        # Calls read by the size of the play (Reading.by_size) weigh only the bluffs of a
        # hand holding none of the rank: the lies it tells by choice keep the pooled reading.
        sized = table.by_size(k) if reading.by_size else table
        options, bluff_exposed = _bluff_candidates(hand, sized, bluffs_big)
    options.sort(key=lambda o: (-o.value, o.extra))
    return _decide(hand, table, options, bool(best_cards), bluff_exposed, calls, reading, rng)


def _truth_candidates(
    hand: _Hand,
    table: Table,
    best_rank: int,
    best_cards: list[int],
    lets_big: bool,
    set_safe: bool,
    keeps_truths: bool = False,
) -> list[Candidate]:
    """The biggest truth, the truths that hand its caller no set (with ``set_safe``), and the
    biggest truth padded with cards it will not need (with ``keeps_truths``, where the rank
    stays for the round: as many of those cards alone, the truth kept)."""
    k, view = hand.k, hand.view
    cards = best_cards[: hand.limit]
    # Where sets are put aside, a true play on a pile of its rank may complete one for
    # the caller who takes it; a lie called back may complete one for this seat.
    gift = {s: sets_on_taking(k, view, s, best_rank, cards) for s in table.callers}
    kept = sets_on_taking(k, view, k.seat, best_rank, [])
    options = [Candidate(table.play_value(len(cards), True, gift=gift), 0, cards, best_rank, True)]
    if set_safe and any(v > 0 for v in gift.values()):
        # That play may hand its caller a set to put aside (where the next seat calls
        # every play, the seat that lays its rank on a pile is the one that feeds it
        # sets): weigh the truths that cannot, the same one card of the rank short (the
        # card kept back breaks the set) and each other rank's.
        for rank, group in _set_safe_truths(
            hand.cards, hand.claims, best_rank, cards, hand.limit, hand.fits
        ):
            given = {s: sets_on_taking(k, view, s, rank, group) for s in table.callers}
            options.append(
                Candidate(table.play_value(len(group), True, gift=given), 0, group, rank, True)
            )
    spare = _useless(k, hand.cards, cards, best_rank, hand.future)
    most = hand.limit - len(cards) if lets_big else 1
    # The whole hand, where one play may hold it, at a table whose record shows it lets
    # plays it can see are false stand: there it goes out at once.
    sizes = sorted(
        {
            *range(1, min(len(spare), most) + 1),
            *([len(spare)] if spare and len(hand.cards) <= hand.limit and table.lets_lies else []),
        }
    )
    stays = keeps_truths and k.rules.sequence in ("round", "free")
    for more in sizes:
        padded = [*cards, *spare[:more]]
        if stays and len(spare) >= len(padded):
            padded = spare[: len(padded)]
        exposed = claim_exposure(k, view, table, best_rank, len(padded))
        options.append(
            Candidate(
                table.play_value(len(padded), False, exposed, kept=kept),
                more,
                padded,
                best_rank,
                False,
            )
        )
    return options


def _junk_lead(hand: _Hand, table: Table, best_rank: int, best_cards: list[int]) -> Action | None:
    """Reading.keeps_truths: on a lead where it names the rank and a caught lie only comes back
    to it (the pile is empty and the loser leads again), the cards it will not need (no wild
    joker among them), claimed as the rank of the truth it keeps: as many as a play holds,
    fewer where its callers would call that many too often (JUNK_LEAD_CALLED_BELOW), none
    right after such a lead of its own came back."""
    k, view = hand.k, hand.view
    if table.pile or len(hand.claims) < 2 or not table.callers:
        return None
    if leader_after_call(k, table, table.callers[0], k.seat, True) != k.seat:
        return None
    if _lead_came_back(k, view):
        return None  # a second would go round the same circle
    junk = [c for c in _useless(k, hand.cards, best_cards, best_rank, hand.future) if c != JOKER]
    for count in range(min(len(junk), hand.limit, len(hand.cards) - 1), 0, -1):
        exposed = claim_exposure(k, view, table, best_rank, count)
        if table.p_called(count, False, lie=True, exposed=exposed) < JUNK_LEAD_CALLED_BELOW:
            return hand.play(junk[:count], best_rank)
    return None


def _lead_came_back(k: Knowledge, view: View) -> bool:
    """Whether this seat just took back a play of its own called alone (the pile was that
    play): a lead of junk called.  A pile it took on a call of its own, or on a lie laid
    onto others' plays, leaves it leading afresh."""
    events = view["events"]
    for i in range(len(events) - 1, max(-1, len(events) - 4), -1):
        event = events[i]
        if event.get("type") == "take" and event.get("seat") == k.seat:
            call = events[i - 1] if i > 0 else {}
            return (
                call.get("type") == "call"
                and call.get("target") == k.seat
                and int(event.get("count", 0)) <= len(call.get("cards") or [])
            )
    return False


def _took_pile_just_now(k: Knowledge, view: View) -> bool:
    """Whether this seat picked up the pile in the last two events (its play just called)."""
    return any(e.get("type") == "take" and e.get("seat") == k.seat for e in view["events"][-2:])


def _bluff_candidates(
    hand: _Hand, table: Table, lets_big: bool
) -> tuple[list[Candidate], dict[int, float]]:
    """Bluffs of one to three cards it will not need, claimed as the rank most likely to be
    there (and the whole hand where the table lets lies stand); with the chance each caller's
    own cards expose a one-card bluff."""
    k, view = hand.k, hand.view
    rank = _plausible(k, hand.claims, hand.cards)
    useless = _useless(k, hand.cards, [], rank, hand.future)
    kept = sets_on_taking(k, view, k.seat, rank, [])
    led = _led_after_lie(k, table, rank, kept)
    bluff_exposed = claim_exposure(k, view, table, rank, 1)
    most = 3 if lets_big else 1
    sizes = sorted(
        {
            *range(1, min(len(useless), hand.limit, most) + 1),
            *(
                [len(useless)]
                if useless and len(hand.cards) <= hand.limit and table.lets_lies
                else []
            ),
        }
    )
    options = []
    for size in sizes:
        exposed = claim_exposure(k, view, table, rank, size)
        options.append(
            Candidate(
                table.play_value(size, False, exposed, kept=kept, led=led),
                size,
                useless[:size],
                rank,
                False,
            )
        )
    return options, bluff_exposed


def _call_value(k: Knowledge, view: View, table: Table, reading: Reading) -> float:
    """The expected value of calling the last play (instead of playing, or of letting it
    stand): the loser takes the pile."""
    last = view["last_play"]
    player, called_rank = int(last["seat"]), RANK_INDEX[last["rank"]]
    # A wrong call means the claim was true: its cards of the rank come back with the
    # pile (a call of a true pair onto two of its own puts the four aside).
    kept = sets_on_taking(k, view, k.seat, called_rank, [], last_true=True)
    gained = pile_naturals(k, called_rank, believe=False) + int(last.get("count", 0))
    led_pair = (
        lead_after_call(k, table, k.seat, player, False, called_rank, gained - kept),
        lead_after_call(k, table, k.seat, player, True, called_rank),
    )
    # A liar caught who leads next lays about as many cards again at once.
    relead = (
        float(min(int(last.get("laid", 0) or 0), table.pile))
        if leader_after_call(k, table, k.seat, player, True) == player
        else 0.0
    )
    return table.call_value(
        claim_odds(k, view, reading),
        player,
        kept,
        led_pair,
        relead,
    )


def _decide(
    hand: _Hand,
    table: Table,
    options: list[Candidate],
    has_truth: bool,
    bluff_exposed: dict[int, float] | None,
    calls: bool,
    reading: Reading,
    rng: random.Random,
) -> Action | None:
    """The one scorer: the call where it is a choice of the turn and worth more than the best
    play and the pass; the pass where it holds no truth and the pass is worth as much (or the
    table punishes a bluff); else the best candidate that is legal."""
    k, view, r = hand.k, hand.view, hand.k.rules
    pass_ok = r.turn_pass != "none" and hand.choices.is_legal({"type": "pass"})
    last = view.get("last_play") or {}
    # Instead of a bluff into a table that calls, or a small truth on top of a likely lie,
    # the call.
    if (
        calls
        and last
        and last.get("seat") != k.seat
        and hand.choices.is_legal({"type": "call"})
        and not _barred_turn_call(k, view, reading)
        and _call_value(k, view, table, reading)
        > max(
            options[0].value if options else -1.0,
            table.pass_value(r.turn_pass == "pickup") + (CALL_EDGE if table.lead_gain else 0.0)
            if pass_ok
            else -1.0,
        )
    ):
        return {"type": "call"}
    if pass_ok:
        pickup = r.turn_pass == "pickup"
        value = table.pass_value(pickup)
        best = options[0].value if options else -1.0
        # An empty pile costs nothing to pass, but a table of players who all pass it makes
        # no progress: there half the time it bluffs a card anyway.
        # A bluff just called, this seat leading the same rank again: a second bluff would
        # only go round the same circle; a pass of the empty pile moves the rank on.
        caught = pickup and table.pile == 0 and _took_pile_just_now(k, view)
        stall = pickup and table.pile == 0 and bool(options) and not caught and rng.random() < 0.5
        # Where a pass is free (it leaves the pile, and an all-pass discards it: Bluff) it
        # bluffs only a table that has shown it rarely calls.
        free = (
            r.turn_pass == "round"
            and table.p_called(
                1, False, lie=True, exposed=bluff_exposed if table.blind_rates else None
            )
            > FREE_PASS_CALLED_ABOVE
        )
        if not has_truth and (value >= best or not options or free or caught) and not stall:
            return {"type": "pass"}
    for option in options:
        action = hand.play(option.cards, option.rank)
        if action is not None:
            return action
    if pass_ok:
        return {"type": "pass"}
    # Nothing built is legal (a last card that must be true, a suit to follow): one card of
    # any claimable rank that the rules take.
    for c in sorted(hand.cards, key=lambda c: (_rank(c) in hand.future, c == JOKER)):
        for rank in hand.claims:
            action = hand.play([c], rank)
            if action is not None:
                return action
    return None


def _barred_turn_call(k: Knowledge, view: View, reading: Reading) -> bool:
    """Reading.bars_turn_calls: where anyone may call until the next play, the player on turn
    is asked after every other seat has let the play stand, and calls on its turn only a
    claim true with a chance below the bar of its calls off its turn (call_bar).  In
    ``eightshit``, seated after ``counter_v1`` and two liars, it called 1,012 plays in 200
    games, 641 of them true (``counter_v1``'s honest leads, read at 0.5-0.9), because every
    bluff into that pile looked sure to be called.  A player left with TURN_CALL_UNBARRED_AT
    cards or fewer is weighed by value alone: the play let stand leaves it a card from out."""
    if not reading.bars_turn_calls or k.rules.callers != "anytime":
        return False
    last = view.get("last_play") or {}
    if view["hand_sizes"][int(last["seat"])] <= TURN_CALL_UNBARRED_AT:
        return False
    p = claim_odds(k, view, reading)
    return p >= call_bar(k, int(last["seat"]), int(last.get("laid", 0) or 0))


def claim_exposure(
    k: Knowledge, view: View, table: Table, rank: int, count: int
) -> dict[int, float]:
    """Per caller, the chance that its own cards rule out a claim of ``count`` cards of
    ``rank`` by this seat: the packs' cards of the rank, less those the table saw leave play
    and those the pile's standing claims already name, leave ``room``; a caller holding more
    than ``room - count`` of the rest knows the claim is a lie.  Its holding is drawn from the
    cards this seat cannot place (hypergeometric), plus those it knows are there."""
    return _exposure(k, table.callers, table.sizes, rank, count)


def pile_naturals(k: Knowledge, rank: int, believe: bool = True, last_only: bool = False) -> float:
    """The natural cards of ``rank`` in the pile, as far as this seat can tell: its own and
    those it saw, exactly; the last play's player laid the cards of the rank it was known to
    hold; with ``believe``, the others' claims of the rank count as true (less the share wild
    jokers would make of them), no more than the rank's cards it cannot place.  With
    ``last_only`` only the last play's claim (another seat's, of ``rank``) is believed: the
    pile as a wrong call of it finds it."""

    def natural(c: int) -> bool:
        return c != JOKER and c >> 2 == rank

    sure = sum(n for c, n in (k.mine_in_pile + k.seen_in_pile).items() if natural(c))
    if last_only:
        last = k.claims_in_pile[-1] if k.claims_in_pile else None
        claimed = last[2] if last is not None and last[0] != k.seat and last[1] == rank else 0
    else:
        claimed = sum(n for s, r, n in k.claims_in_pile if s != k.seat and r == rank)
    if not claimed:
        return float(sure)
    unseen = k.unseen()
    free = sum(n for c, n in unseen.items() if natural(c))
    last = k.claims_in_pile[-1]
    shown = 0
    if last[0] != k.seat and last[1] == rank:
        shown = min(last[2], sum(n for c, n in k.before_last.items() if natural(c)), free)
    if not believe:
        return float(sure + shown)
    jokers = unseen[JOKER] if k.rules.jokers_as == "wild" else 0
    share = jokers / (jokers + free - shown) if jokers + free - shown else 0.0
    return sure + min(float(free), shown + (claimed - shown) * (1 - share))


def sets_on_taking(
    k: Knowledge, view: View, taker: int, rank: int, laid: list[int], last_true: bool = False
) -> float:
    """Where full sets are put aside (``discard_sets``), the cards ``taker`` is expected to
    put aside on taking the pile once this seat has laid ``laid`` on it (claiming ``rank``):
    the pile's naturals of the rank (:func:`pile_naturals`) and those in the taker's hand
    make a set.  A true play on a pile of its own rank hands a caller a set to shed, and a
    lost call can hand this seat one.  Claims are believed where that is the cautious
    reading: when they would make a set for another seat, not for this one."""
    size = 4 * k.rules.decks if k.rules.discard_sets else 0
    if not size:
        return 0.0

    def natural(c: int) -> bool:
        return c != JOKER and c >> 2 == rank

    laid_here = sum(1 for c in laid if natural(c))
    held = sum(n for c, n in k.hand.items() if natural(c))
    if taker == k.seat:  # its own laid cards come back with the pile
        naturals = pile_naturals(k, rank, believe=last_true, last_only=last_true)
        return size * min(1.0, max(0.0, held + naturals - (size - 1)))
    in_pile = pile_naturals(k, rank) + laid_here
    if held > laid_here or any(
        natural(c) for s in range(k.players) if s not in (k.seat, taker) for c in k.known[s]
    ):
        return 0.0  # a card of the rank stays with another seat
    # The rank's naturals in no place this seat knows, less those the pile's claims hold:
    # all of them must be among the taker's unknown cards.
    unseen = k.unseen()
    mine = sum(n for c, n in (k.mine_in_pile + k.seen_in_pile).items() if natural(c))
    need = max(0.0, sum(n for c, n in unseen.items() if natural(c)) - (in_pile - laid_here - mine))
    hidden = sum(unseen.values()) - max(
        0, int(view.get("pile_size", 0)) - sum((k.mine_in_pile + k.seen_in_pile).values())
    )
    draws = view["hand_sizes"][taker] - sum(k.known[taker].values())

    def all_held(m: int) -> float:
        chance = 1.0
        for i in range(m):
            chance *= max(0.0, (draws - i) / (hidden - i)) if hidden > i else 0.0
        return chance

    whole = int(need)
    frac = need - whole
    return size * ((1 - frac) * all_held(whole) + frac * all_held(whole + 1))


def leader_after_call(k: Knowledge, table: Table, caller: int, player: int, right: bool) -> int:
    """The seat that plays next after ``caller`` calls ``player``'s play (``right``: it was
    a lie), by the rules' after_call_leader."""
    rule = k.rules.after_call_leader

    def after(seat: int) -> int:
        later = [s for s in table.active if s != seat]
        return min(later, key=lambda s: (s - seat) % k.players) if later else seat

    return (
        (player if right else caller)
        if rule == "loser"
        else (caller if right else player)
        if rule == "winner"
        else after(player)
        if rule == "next"
        else caller
        if right
        else after(caller)
    )


def lead_after_call(
    k: Knowledge,
    table: Table,
    caller: int,
    player: int,
    right: bool,
    rank: int,
    gained: float = 0.0,
) -> float:
    """The cards this seat lays at once after a call of ``player``'s play by ``caller``
    (``right``: the play was a lie) on the claimed ``rank``, where the rules make this seat
    lead next: its biggest true play, of the rank it may then name (0 where another seat
    leads), ``gained`` more cards of the called rank coming with the pile.  A lost call
    that makes the loser lead costs the pile less that lead."""
    r = k.rules
    if leader_after_call(k, table, caller, player, right) != k.seat:
        return 0.0
    wild = k.hand[JOKER] if r.jokers_as == "wild" else 0
    held = Counter(c >> 2 for c in k.hand.elements() if c != JOKER)
    if r.after_call_rank == "free":
        best = max(held.values(), default=0) + wild
        if table.lead_gain:
            best = max(best, int(held[rank] + wild + gained))
    elif r.after_call_rank == "same":
        best = max(0, int(held[rank] + wild + gained))
    else:
        return 0.0
    held_after = sum(k.hand.values()) + (int(gained) if table.lead_gain else 0)
    return float(min(best, r.max_cards or best, held_after))


def _led_after_lie(k: Knowledge, table: Table, rank: int, kept: float) -> float:
    """What this seat lays at once when its lie is called and the rules make it lead (the
    pile's cards of ``rank`` it knows of come back with it, less a set it puts aside)."""
    if not table.callers:
        return 0.0
    gained = pile_naturals(k, rank, believe=False) - kept
    return lead_after_call(k, table, table.callers[0], k.seat, True, rank, gained)


def _untested(k: Knowledge, table: Table) -> bool:
    """Whether a lie of more than one card on this pile risks more than the table has shown
    it lets pass: the pile holds more than UNTESTED_PILE cards, none of its callers has called
    anything yet, no such lie of this seat's has stood, and the pile shows none of the other
    players' (_big_lie_stood).  Until its first call a table that calls the claims it can
    rule out (``never_lie``) looks like one that calls nothing (``honest``, ``never_call``),
    and a padded claim on a big pile is just what the first calls: in Popcorn, up or
    down, against never_lie (a big lie before any call, 49 of 49 called on piles of 9+)."""
    return (
        table.pile > UNTESTED_PILE
        and not k.big_lie_stood
        and not any(k.calls[s] for s in table.callers)
        and not _big_lie_stood(k)
    )


def _big_lie_stood(k: Knowledge) -> bool:
    """Whether the pile holds a lie of more than one card that stood, as this seat's own
    cards show: the other players' claims of more than one card of a rank (all but the last,
    still open) name more cards than the packs hold beside those this seat holds, laid or
    saw.  A lie of one card is left out: a table that calls only what it can rule out lets
    most of those stand."""
    claimed: Counter[int] = Counter()
    for s, r, n in k.claims_in_pile[:-1]:
        if s != k.seat and n > 1:
            claimed[r] += n
    return any(n > k.room(rank) for rank, n in claimed.items())


def _set_safe_truths(
    hand: list[int],
    claims: list[int],
    best_rank: int,
    cards: list[int],
    limit: int,
    fits: Callable[[int, int], bool],
) -> list[tuple[int, list[int]]]:
    """True plays to weigh beside ``cards`` (the biggest truth, of ``best_rank``) where that
    one may complete a set for the seat that takes it: the same play one natural card short
    (the card kept back stays out of the taker's reach), and the biggest truth of each other
    claimable rank (a leader's choice) that lays at least as many as that one (the two
    biggest: a smaller truth sheds too little, and each costs move time).  Their own gifts
    are weighed by the caller."""
    out: list[tuple[int, list[int]]] = []
    naturals = [c for c in cards if c != JOKER]
    if len(cards) > 1 and naturals:
        fewer = list(cards)
        fewer.remove(naturals[-1])
        out.append((best_rank, fewer))
    least = max(1, len(cards) - 1)
    groups = [
        (rank, [c for c in hand if fits(c, rank)][:limit]) for rank in claims if rank != best_rank
    ]
    groups = sorted((g for g in groups if len(g[1]) >= least), key=lambda g: -len(g[1]))
    return out + groups[:2]


def _plausible(k: Knowledge, claims: list[int], hand: list[int]) -> int:
    """The claimable rank a bluff is likeliest to get away with: the one with most cards this
    seat cannot place (a claim the others can count as impossible is called)."""
    unseen = k.unseen()
    held = Counter(_rank(c) for c in hand)

    def room(rank: int) -> tuple[int, int]:
        return (sum(n for c, n in unseen.items() if _rank(c) == rank), -held[rank])

    return max(claims, key=room) if len(claims) > 1 else claims[0]


def _useless(
    k: Knowledge, hand: list[int], exclude: list[int], rank: int, future: set[int]
) -> list[int]:
    """Cards it will not need soon (not of the claimed rank nor of the ranks coming up; wild
    jokers last), fewest held of their rank first (singletons are the cheapest to lose)."""
    left = list(hand)
    for c in exclude:
        left.remove(c)
    held = Counter(_rank(c) for c in left)
    cards = [c for c in left if not k.matches(c, rank)]
    cards.sort(key=lambda c: (_rank(c) in future, c == JOKER, held[_rank(c)], c))
    return cards


def info(view: View) -> dict[str, Any]:
    """A summary of the seat's knowledge (for tests and debugging)."""
    k = Knowledge.from_view(view)
    return {
        "unseen": sum(k.unseen().values()),
        "known": [sum(c.values()) for c in k.known],
        "p_truthful": p_truthful(k, view),
    }
