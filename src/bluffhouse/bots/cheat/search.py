"""The Cheat family's hooks for the generic ISMCTS bot (see ``bluffhouse.bots.search``); the
search's deals of the hidden cards, and its picture of each seat, are in :mod:`.sampling`.

- :func:`candidates`, :func:`rollout`, :func:`evaluate`: a handful of sensible moves for the
  searching seat (true plays, the truth padded with cards it will not need, bluffs of one to
  three cards, calls that are not futile), a cheap rule-based policy for everyone else and
  for rollouts, and the chance to win a game cut short from the hand sizes.  Other seats
  call as a ``counter`` bot would (:func:`counter_calls`: its odds from the public record and
  the seat's sampled hand), bent toward how often each seat has actually called: a seat that
  calls everything is modelled so, and the search learns to stop bluffing it; a seat that
  has never called, and let lies anyone could count stand, is modelled calling little.  The
  searching seat's own lies are met as each seat met its earlier ones (its overall rate says
  little there: a tight Bluff table calls few plays, and most lies).  The odds read what a counter
  reads: the player's called and doubted plays and the pile's claims of the rank.  Where
  passing is free (Bluff) the searching seat calls only a claim the count rules out (the
  ``counter`` move, a call where it calls, is searched anyway), and it does not lie again on
  an empty pile where its lie was just called and handed back (``bullshit``).
- :func:`model_informed`: until every other seat has had a couple of chances to call, the
  model of the others is its prior alone, and the bot plays the ``counter`` move unsearched.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import Any

from ...cards import CARD_INDEX, CARD_TEXT, JOKER, RANK_INDEX, SUITS, rank_text
from ...cheat.engine import CheatGame
from ...errors import IllegalAction
from ...game import Game
from ..base import Action, View
from . import counter
from .reading import COUNTER_READING
from .sampling import CALL_RATE, Info, info

#: The search budget a move: iterations, capped by seconds (one core).
ITERATIONS = 200
TIME_LIMIT = 0.8
#: Rollout length in actions before the hand sizes decide.
ROLLOUT_STEPS = 36
#: How sure of winning a seat is from its hand size against the others' (lower: sharper).
TEMPERATURE = 2.5
#: The search keeps the ``counter`` policy's move (always among its candidates) unless another
#: was visited this many times as often: its model of the others is rough, and where it is
#: wrong (a Bluff table of counters that lie only when caught out, say) the search would
#: leave a good rule-based move for a confident bad one (``FamilyHooks.prior_margin``).
PRIOR_MARGIN = 1.5
#: ... and whose mean score beats the ``counter`` move's by this much (``FamilyHooks.prior_edge``):
#: with thirty moves at the root and 200 iterations, visits alone let noise override it.
PRIOR_EDGE = 0.1
#: A seat's calls of the searching seat's own lies: the ``counter`` model's call counts as
#: this many chances against the seat's record on those lies (None: bent by its overall call
#: rate, as other plays are).
LIE_RECORD_WEIGHT: float | None = 3.0
#: The search plays the ``counter`` move until every other seat still in has had this many
#: chances to call (see model_informed).
INFORMED_AFTER = 2
#: The most cards beyond the truth a padded candidate lays.
PAD_MOST = 3
#: The ``counter`` bot's temperature for hand sizes (``reading.SHARE_TEMPERATURE``).
SHARE = 3.0


def _rank(card: int) -> int:
    return 13 if card == JOKER else card >> 2


def model_informed(view: View) -> bool:
    """Whether every other seat still in has had INFORMED_AFTER chances to call: until then
    the model of how it calls is the prior alone, and one bad guess decides a game (a first
    lead of junk into a table that calls everything loses the lead for good where a call's
    winner leads), so the search keeps the ``counter`` move."""
    k = info(view).k
    sizes = view["hand_sizes"]
    me = view["seat"]
    return all(
        k.chances[s] >= INFORMED_AFTER for s in range(view["players"]) if s != me and sizes[s] > 0
    )


# ====================================================================== policies on states
def _play(cards: list[int], rank: int, count: int | None = None, suit: int = -1) -> Action:
    claim: dict[str, Any] = {
        "rank": rank_text(rank),
        "count": len(cards) if count is None else count,
    }
    if suit >= 0:
        claim["suit"] = SUITS[suit]
    return {"type": "play", "cards": [CARD_TEXT[c] for c in cards], "claim": claim}


def _matches(state: CheatGame, card: int, rank: int) -> bool:
    if card == JOKER:
        return state._wild or rank == 13
    return card >> 2 == rank


def _future_ranks(state: CheatGame, rank: int, seat: int) -> set[int]:
    """Ranks this seat will probably have to claim on its next few turns."""
    seq = state.rules.sequence
    if seq not in ("up", "down"):
        return set()
    order = state._claimable
    if rank not in order:
        return set()
    active = max(2, len(state._active()))
    step = 1 if seq == "up" else -1
    pos = order.index(rank)
    return {order[(pos + step * active * i) % len(order)] for i in range(1, 4)}


def _suit_for(state: CheatGame, cards: list[int]) -> int:
    if not state.rules.claim_suit:
        return -1
    need = state._suit_required()
    if need >= 0:
        return need
    return cards[0] & 3 if cards[0] != JOKER else 0


def _truth_options(state: CheatGame, seat: int) -> list[tuple[int, list[int]]]:
    """(rank, every held card that makes it) per claimable rank, most cards first."""
    hand = state.hands[seat]
    suit = state._suit_required() if state.rules.claim_suit else -1
    out = []
    if state._wild and JOKER in hand:
        # A wild joker makes every rank: the hand in its own order, rank by rank.
        for rank in state.allowed:
            cards = [
                c
                for c in hand
                if (c == JOKER or c >> 2 == rank) and (suit < 0 or c == JOKER or c & 3 == suit)
            ]
            if cards:
                out.append((rank, cards))
    else:
        # Each card makes its own rank only (a joker's index shifts to 13, the joker rank):
        # one pass over the hand, not one a claimable rank (13 of them where any rank goes).
        by_rank: dict[int, list[int]] = {}
        for c in hand:
            if suit < 0 or c == JOKER or c & 3 == suit:
                by_rank.setdefault(c >> 2, []).append(c)
        for rank in state.allowed:
            held = by_rank.get(rank)
            if held:
                out.append((rank, held))
    out.sort(key=lambda rc: -len(rc[1]))
    return out


def _limit(state: CheatGame, seat: int) -> int:
    size = len(state.hands[seat])
    return min(state._max, size) if state._max else size


def _may_play(state: CheatGame, seat: int) -> bool:
    return state._play_may(seat)


def _may(state: CheatGame, seat: int, kind: str) -> bool:
    if kind in ("call", "check", "believe"):
        r = state.rules
        if kind == "check" and not r.check:
            return False
        if kind == "believe" and not r.believe:
            return False
        return state._may_call(seat)
    # pass
    if state._may_pass_turn(seat):
        return True
    return (
        (seat != state.turn or state.phase != "turn")
        and state._may_decline(seat)
        and not (state.phase == "jump" and state._forced(seat))
    )


def _call_odds(state: CheatGame, seat: int) -> float:
    """How likely the last play is a lie, as a quick-counting player judges it."""
    last = state.last
    assert last is not None
    rank: int = last["rank"]
    count: int = last["count"]
    laid = len(last["cards"])
    if count != laid:
        return 0.9
    total = 4 * state.rules.decks + (state.rules.jokers if state._wild else 0)
    if rank == 13:
        total = state.rules.jokers
    mine = _held_count(state, state.hands[seat], rank)
    if count + mine > total:
        return 1.0
    left = total - mine
    # The more of the rest it claims, the less likely.
    return min(0.95, 0.25 + 0.5 * count / max(1, left) + 0.1 * (mine >= 2))


_TAILS: dict[tuple[int, int, int, int], float] = {}


def _held_chance(pool: int, good: int, drawn: int, need: int) -> float:
    """P(at least ``need`` good cards among ``drawn`` dealt from ``pool`` holding ``good``)."""
    good = max(0, min(good, pool))  # the public counts are estimates: keep them possible
    drawn = max(0, min(drawn, pool))
    key = (pool, good, drawn, need)
    hit = _TAILS.get(key)
    if hit is None:
        total = math.comb(pool, drawn) if pool >= drawn else 0
        hit = (
            (
                sum(
                    math.comb(good, i) * math.comb(pool - good, drawn - i)
                    for i in range(need, min(good, drawn) + 1)
                )
                / total
            )
            if total
            else 0.0
        )
        if len(_TAILS) < 200_000:
            _TAILS[key] = hit
    return hit


def _held_count(state: CheatGame, hand: list[int], rank: int) -> int:
    """How many cards of ``hand`` make ``rank`` (wild jokers count): :func:`_matches` summed,
    without a call a card (the rollouts ask it of every call they weigh)."""
    if rank == 13:
        return hand.count(JOKER)
    n = [c >> 2 for c in hand].count(rank)  # a joker's index shifts to 13, no rank's
    return n + hand.count(JOKER) if state._wild else n


def _most_held(state: CheatGame, hand: list[int]) -> int:
    """The most cards of ``hand`` that make one claimable rank (:func:`_held_count`'s best
    over ``state.allowed``, from one count of the hand)."""
    allowed = state.allowed
    if not allowed:
        return 0
    ranks = Counter(c >> 2 for c in hand)  # a joker's index shifts to 13, no rank's
    jokers = ranks.get(13, 0)
    wild = jokers if state._wild else 0
    return max(jokers if rank == 13 else ranks.get(rank, 0) + wild for rank in allowed)


def counter_calls(state: CheatGame, seat: int, item: Info, rng: random.Random) -> bool:
    """Whether a ``counter`` bot in ``seat`` calls the last play, in a sampled game: the
    counter's own bar (:func:`bluffhouse.bots.cheat.counter.counter_calls_at`) on odds like its own,
    with what the seat knows taken as the public record plus its own hand (what it saw of
    piles it took is left out)."""
    last = state.last
    assert last is not None
    player: int = last["seat"]
    rank: int = last["rank"]
    count: int = last["count"]
    laid = len(last["cards"])
    left = len(state.hands[player])
    if count != laid:
        p = 0.0
    else:
        mine = _held_count(state, state.hands[seat], rank)
        good = item.rank_total[rank] - mine - item.public_out[rank]
        pool = item.deck_size - len(state.hands[seat]) - item.public_out_total
        if good < count:
            p = 0.0
        else:
            honesty = item.honesty[player]
            p = honesty + (1 - honesty) * item.when_held[player] * _held_chance(
                pool, good, left + laid, count
            )
    if 0.0 < p < 1.0:
        p *= _crowding(state, seat, rank, count, item)
        odds = p / (1 - p) * item.doubt_odds[player]
        p = odds / (1 + odds)
    if going_out_next(state, player) and p < 0.95:
        # let it stand and it goes out next turn (a seat that lets everything stand, though,
        # lets that stand too)
        return item.calls_at_all[seat] >= 1.0 or rng.random() < item.calls_at_all[seat]
    if state.rules.callers in ("turn", "anytime") and left > 0 and _may_play(state, seat):
        # The call is one of its turn's choices: a counter weighs it against its best play,
        # and where it is asked last (anytime) only below the bar of its calls off its turn
        # (unless the claim leaves its player a card or none).
        calls = (
            state.rules.callers != "anytime"
            or left <= counter.TURN_CALL_UNBARRED_AT
            or p < counter.call_bar(item.k, player, laid)
        ) and call_worth_more(state, seat, player, p, item)
    elif left > 0:
        calls = weighed_call(state, seat, player, p, item)
    else:
        truthful, called = item.k.record[player]
        liar = (called - truthful + 1) / (called + 3) > 0.5
        calls = counter.counter_calls_at(
            p, len(state.pile), len(state.hands[seat]), count, laid, left, rng, liar=liar
        )
    if (
        player == item.me
        and LIE_RECORD_WEIGHT is not None
        and not state._truthful(last["cards"], rank, count, last["suit"])
    ):
        # The searching seat's own lie: what this seat did with its earlier lies says how it
        # meets this one (its overall call rate does not: an honest table calls few plays
        # and most lies).  The model's call weighs LIE_RECORD_WEIGHT chances against that
        # record, and until there is one it stands alone.
        if calls and item.calls_at_all[seat] < 1.0 and rng.random() >= item.calls_at_all[seat]:
            calls = False
        chances = item.k.lie_chances[seat]
        if rng.random() * (chances + LIE_RECORD_WEIGHT) < LIE_RECORD_WEIGHT:
            return calls
        return rng.random() * chances < item.k.lie_calls[seat]
    rate = item.call_rate[seat]
    if calls and item.calls_at_all[seat] < 1.0 and rng.random() >= item.calls_at_all[seat]:
        return False
    if rate > CALL_RATE:
        return calls or rng.random() < (rate - CALL_RATE) / (1 - CALL_RATE)
    return calls and rng.random() < rate / CALL_RATE


def weighed_call(state: CheatGame, seat: int, player: int, p: float, item: Info) -> bool:
    """Whether a ``counter`` in ``seat`` calls ``player``'s play outside a turn of its own
    (``counter._weighed_call``): a claim true with chance ``p`` below its bar
    (``counter.call_bar``), where the call is worth more than letting the play stand, by the value
    of hand sizes; never one that only turns the table round (the pile is that play alone and its
    player leads again after a right call), unless its player is near out.  Its test of a quiet
    table's leads (a call made to learn how a seat plays) is not modelled."""
    last = state.last
    assert last is not None
    laid = len(last["cards"])
    if p >= counter.call_bar(item.k, player, laid):
        return False
    sizes = [len(h) for h in state.hands]
    pile = len(state.pile)
    if pile <= laid and sizes[player] > 3 and state.rules.after_call_leader == "loser":
        return False
    active = state._active()
    mine, theirs = list(sizes), list(sizes)
    mine[seat] += pile
    theirs[player] += pile
    call = p * _share(state, seat, mine, active) + (1 - p) * _share(state, seat, theirs, active)
    return call > _share(state, seat, sizes, active)


#: exp(-cards / SHARE) for the hand sizes :func:`_share` meets (computed once, not per call).
_SHARE_WEIGHTS = [math.exp(-i / SHARE) for i in range(128)]
_SHARE_HALF = math.exp(-0.5 / SHARE)


def _share(state: CheatGame, seat: int, sizes: list[int], active: list[int] | None = None) -> float:
    """``seat``'s chance of winning from hand sizes alone, as a ``counter`` judges it (its
    ``Table.value``): 1 with an empty hand, else its share of exp(-cards / SHARE) among the
    seats still in (``active``, where the caller has them already), a hand that goes out
    next turn whatever it lays counting as half a card."""
    if sizes[seat] <= 0:
        return 1.0
    r = state.rules
    near = (state._max or 1) if not r.final_call and not r.last_card_truthful else 0
    total = mine = 0.0
    for s in state._active() if active is None else active:
        size = sizes[s]
        w = (
            _SHARE_HALF
            if 0 < size <= near
            else _SHARE_WEIGHTS[size]
            if 0 <= size < len(_SHARE_WEIGHTS)
            else math.exp(-size / SHARE)
        )
        total += w
        if s == seat:
            mine = w
    return mine / total if total else 0.0


def _claims_in_pile(state: CheatGame, rank: int, item: Info) -> list[int]:
    """The claims of ``rank`` in the pile now, by seat: the sampled game's plays since the
    search began (back to the last time the pile left play), then the view's.  Kept for the
    last position asked about: every seat in a window asks of the same play."""
    log = state.events
    key = (len(log), rank)
    kept = state.__dict__.get("_pile_claims")
    if kept is not None and kept[0] == key:
        claims: list[int] = kept[1]
        return claims
    out = [0] * state.players
    for i in range(len(log) - 1, item.root_events - 1, -1):
        event = log[i][0]
        kind = event["type"]
        if kind == "play":
            if RANK_INDEX[event["rank"]] == rank:
                out[event["seat"]] += event["count"]
        elif kind in ("discard", "removed") or (kind == "take" and "from" not in event):
            break
    else:
        root = item.pile_claims.get(rank)
        if root is not None:
            for s, c in enumerate(root):
                out[s] += c
    state.__dict__["_pile_claims"] = (key, out)
    return out


def _crowding(state: CheatGame, seat: int, rank: int, count: int, item: Info) -> float:
    """What a ``counter`` in ``seat`` makes of a claim of ``rank`` where the pile's claims of it
    by others outnumber the cards it cannot account for (its ``_crowded``): the chance that
    ``count`` of them drawn at random are real (one draw, where it reads so).  In Bluff, where a
    round's every play claims one rank, this is how a counter table catches most lies (taking
    its own claims as true)."""
    claims = _claims_in_pile(state, rank, item)
    own = claims[seat]
    claimed = sum(claims) - own
    if not claimed:
        return 1.0
    room = (
        item.rank_total[rank]
        - item.public_out[rank]
        - own
        - _held_count(state, state.hands[seat], rank)
    )
    if claimed <= room:
        return 1.0
    # Where a counter reads the crowding claims as forced one-card lies, a claim of several
    # cards is one draw (counter.crowds_by_play).
    draws = 1 if counter.crowds_by_play(item.k, COUNTER_READING) else count
    return float(max(0, room) / claimed) ** draws


def call_worth_more(state: CheatGame, seat: int, player: int, p: float, item: Info) -> bool:
    """Where a call is a choice of the turn (``callers="turn"`` or ``"anytime"``), whether a
    ``counter`` on its turn calls ``player``'s play, true with chance ``p``: the call's value
    (the loser takes the pile; the winner leads where the rules say so) against its best
    play's (its truth, else a one-card bluff, each called at the next seat's call rate) and a
    pass where one is allowed.  A bluff into a big pile is called far more often than the
    counter's bar for a call out of turn says (its ``choose_play`` weighs it the same way)."""
    sizes = [len(h) for h in state.hands]
    pile = len(state.pile)
    hand = state.hands[seat]
    truth = min(_most_held(state, hand), _limit(state, seat))
    led = truth or 1 if state.rules.after_call_leader == "winner" else 0
    mine, theirs = list(sizes), list(sizes)
    mine[seat] += pile
    theirs[player] += pile
    theirs[seat] -= led
    active = state._active()
    call = p * _share(state, seat, mine, active) + (1 - p) * _share(state, seat, theirs, active)
    rate = min(0.9, item.call_rate[state._next_active(seat)])
    after = list(sizes)
    if truth:
        after[seat] -= truth
        taken = list(after)
        taken[state._next_active(seat)] += pile + truth
        play = (1 - rate / 2) * _share(state, seat, after, active) + rate / 2 * _share(
            state, seat, taken, active
        )
    else:
        after[seat] -= 1
        back = list(sizes)
        back[seat] += pile
        play = (1 - rate) * _share(state, seat, after, active) + rate * _share(
            state, seat, back, active
        )
    if state.rules.turn_pass != "none" and _may(state, seat, "pass"):
        stay = list(sizes)
        if state.rules.turn_pass == "pickup":
            stay[seat] += pile
        play = max(play, _share(state, seat, stay, active))
    return call > play


def rollout_step(state: CheatGame, seat: int, rng: random.Random) -> Action:
    """A cheap plausible move: call what is unlikely or goes out, play the truth when it can
    (now and then with one extra card), else bluff one card or pass.  Where the game was
    sampled for a search, calls follow the ``counter`` bot's odds (:func:`counter_calls`)."""
    r = state.rules
    if state.phase in ("bid", "bid_window"):
        return {"type": "pass"}
    if state.phase == "answer":  # Cheat H: cover a bluff with held cards where it can
        swaps = [a for a in state.legal_actions(seat) if "cards" in a]
        play = state.last
        assert play is not None
        if swaps and not state._truthful(play["cards"], play["rank"], play["count"], play["suit"]):
            return swaps[0]
        return {"type": "show"}
    last = state.last
    if (
        last is not None
        and last["seat"] != seat
        and (not r.final_call or r.last_card_truthful)
        and len(state.hands[seat]) <= _limit(state, seat)
        and _may_play(state, seat)
        and (state.phase != "jump" or seat == state.turn)
    ):
        # A hand that goes out now, uncalled, before any call (as ``counter`` does: under
        # ``callers="turn"`` a call takes the turn it would go out on, and a seat modelled
        # calling there let the search think a player about to go out would not).
        dump = _safe_dump(state, seat, _truth_options(state, seat))
        if dump is not None:
            return dump
    item = state.__dict__.get("_search_info")
    if (
        item is not None
        and last is not None
        and last["seat"] != seat
        and not r.believe
        and _may(state, seat, "call")
    ):
        if counter_calls(state, seat, item, rng):
            return {"type": "call"}
    elif last is not None and last["seat"] != seat and _may(state, seat, "call"):
        odds = _call_odds(state, seat)
        player = last["seat"]
        going_out = not state.hands[player] or going_out_next(state, player)
        if going_out and odds > 0.2:
            return {"type": "call"}
        if odds >= 1.0 or rng.random() < (odds - 0.45) * 1.2:
            return {"type": "call"}
    if _may_play(state, seat) and (
        state.phase != "jump" or seat == state.turn or rng.random() < 0.1
    ):
        hand = state.hands[seat]
        limit = _limit(state, seat)
        truths = _truth_options(state, seat)
        dump = _safe_dump(state, seat, truths)
        if dump is not None:
            return dump
        if truths:
            rank, cards = truths[0]
            cards = cards[:limit]
            if len(cards) < limit and len(hand) > len(cards) + 1 and rng.random() < 0.2:
                spare = [c for c in hand if c not in cards and not _matches(state, c, rank)]
                if spare:
                    cards = [*cards, spare[rng.randrange(len(spare))]]
            return _play(cards, rank, suit=_suit_for(state, cards))
        if (
            _may(state, seat, "pass")
            and state.phase == "turn"
            and (
                (r.turn_pass == "round" and rng.random() < 0.6)
                or (r.turn_pass == "pickup" and not state.pile)
            )
        ):
            return {"type": "pass"}
        if not (len(hand) == 1 and r.last_card_truthful):
            card = hand[rng.randrange(len(hand))]
            rank = state.allowed[rng.randrange(len(state.allowed))]
            return _play([card], rank, suit=_suit_for(state, [card]))
    if _may(state, seat, "pass"):
        return {"type": "pass"}
    return state.sample_action(seat, rng)


def _apply(state: CheatGame, seat: int, action: Action, rng: random.Random) -> None:
    try:
        state.apply(seat, action)
    except IllegalAction:
        state.apply(seat, state.sample_action(seat, rng))


def rollout(state: Game, rng: random.Random) -> None:
    assert isinstance(state, CheatGame)
    for _ in range(ROLLOUT_STEPS):
        if state.over:
            return
        seat = state.to_act[0]
        try:
            _apply(state, seat, rollout_step(state, seat, rng), rng)
        except (IllegalAction, IndexError):
            return  # a sampled corner the seat cannot move from: judge it as it stands


def evaluate(state: Game) -> list[float]:
    """Finished: 1 for the winner, a small share by place for the rest; cut short: each seat's
    share of exp(-cards / TEMPERATURE) (a seat out already counts as holding none, one that
    goes out next turn whatever it lays, ``final_call=False``, as holding half a card)."""
    assert isinstance(state, CheatGame)
    n = state.players
    result = state.result
    if result is not None:
        scores = [0.0] * n
        for place, seat in enumerate(result["ranking"]):
            scores[seat] = 1.0 if place == 0 else 0.1 * (n - 1 - place) / max(1, n - 1)
        return scores
    weights = []
    for s in range(n):
        if s in state.lost:
            weights.append(0.0)
        elif going_out_next(state, s):
            # Out on its next turn whatever it lays (the end rules): nearly a winner.
            weights.append(math.exp(-0.5 / TEMPERATURE))
        else:
            weights.append(
                math.exp(-len(state.hands[s]) / TEMPERATURE) * (2.0 if s in state.finished else 1.0)
            )
    total = sum(weights) or 1.0
    return [w / total for w in weights]


# ====================================================================== candidates
def candidates(state: Game, seat: int, rng: random.Random) -> list[Action]:
    """The searching seat weighs a handful of moves; the others follow the rollout policy.
    Empty where a sampled state leaves the seat no legal move (a corner of the rules the
    sample reached and the real game need not): the search stops there and evaluates."""
    assert isinstance(state, CheatGame)
    if seat != state.__dict__.get("_search_seat", seat):
        action = rollout_step(state, seat, rng)
        if not state.is_legal(seat, action):
            try:
                action = state.sample_action(seat, rng)
            except (IllegalAction, IndexError):
                return []  # a sampled corner with no move: the search judges it as it stands
        return [action]
    out: list[Action] = []
    for kind in ("call", "believe", "check", "pass"):
        if _may(state, seat, kind) and not (
            kind == "call" and (_futile_call(state) or _doubt_unfounded(state, seat))
        ):
            out.append({"type": kind})
    if _may_play(state, seat) and (state.phase != "jump" or seat == state.turn or not out):
        plays = _play_candidates(state, seat, rng)
        if _lone_lie_called(state, seat):
            # Its lie on an empty pile was just called and handed back: the same callers
            # see the same hand, so another lie there is called again and only wastes moves
            # toward the no-progress rule (``bullshit``: 114 lies caught in one game).
            honest = [a for a in plays if _is_true(state, a)]
            plays = honest if honest or out else plays
        out += plays
    legal = [a for a in out if state.is_legal(seat, a)]
    if legal:
        return _unique(legal)
    # (none: a sampled corner may leave a seat with no move at all, judged as it stands)
    return state.legal_actions(seat)[:24]


def _safe_dump(state: CheatGame, seat: int, truths: list[tuple[int, list[int]]]) -> Action | None:
    """The whole hand in one play, where the rules let it go out uncalled: the final play
    cannot be called (``final_call=False``) and the hand fits in one play (truthfully, where
    only a truthful play may go out)."""
    r = state.rules
    hand = state.hands[seat]
    if not hand or len(hand) > _limit(state, seat) or (r.final_call and not r.last_card_truthful):
        return None
    whole = [rank for rank, cards in truths if len(cards) == len(hand)]
    if whole:
        return _play(list(hand), whole[0], suit=_suit_for(state, hand))
    if r.last_card_truthful or not state.allowed:
        return None
    return _play(list(hand), state.allowed[0], suit=_suit_for(state, hand))


def going_out_next(state: CheatGame, seat: int) -> bool:
    """Where the final play cannot be called, a seat holding one play's worth of cards or
    fewer goes out on its next turn whatever it lays (unless only the truth may go out)."""
    r = state.rules
    left = len(state.hands[seat])
    return (
        not r.final_call
        and not r.last_card_truthful
        and left > 0
        and (state._max == 0 or left <= state._max)
    )


def _doubt_unfounded(state: CheatGame, seat: int) -> bool:
    """Where passing is free (``turn_pass="round"``, Bluff), a call the searching seat has no
    grounds for: the claim it would doubt is not ruled out by the count.  Its players lie
    only by choice (a follow may pass, a lead names its own rank), so their claims are true
    far more often than the card-counting odds say, and the search's own calls there went
    wrong (``bluff``: none of the calls it made that ``counter`` would not was right, 0 of
    5 in two seeded games).  The ``counter`` move, a call where it calls, is searched
    anyway; so is a call of a play that cannot be true or that would go out."""
    last = state.last
    if state.rules.turn_pass != "round" or last is None:
        return False
    item = state.__dict__.get("_search_info")
    player = last["seat"]
    if not state.hands[player]:
        return False
    if item is not None and len(state.events) == item.root_events and item.p_true > 0.0:
        return True  # the position searched: the counting model's odds, as seen from here
    return _call_odds(state, seat) < 1.0


def _lone_lie_called(state: CheatGame, seat: int) -> bool:
    """Whether ``seat`` leads onto an empty pile right after its lie there was called and
    handed back (``after_call_leader="loser"`` with ``after_call_rank="same"``): it leads the
    same claim again, and the callers know what they knew."""
    r = state.rules
    if (
        state.pile
        or state.last is not None
        or r.after_call_leader != "loser"
        or r.after_call_rank != "same"
    ):
        return False
    log = state.events
    taken = None
    for i in range(len(log) - 1, max(-1, len(log) - 12), -1):
        event = log[i][0]
        kind = event["type"]
        if kind == "take":
            if event.get("seat") != seat or "from" in event:
                return False
            taken = event.get("count")
        elif kind == "call":
            if taken is None or event.get("target") != seat or event.get("truthful", True):
                return False
        elif kind == "play":
            return bool(event.get("seat") == seat and taken == event.get("laid", event["count"]))
        elif kind != "decline":
            return False
    return False


def _is_true(state: CheatGame, action: Action) -> bool:
    """Whether a play's cards make its claim, by the engine's own test (any other action
    counts as true)."""
    if action["type"] != "play":
        return True
    claim = action["claim"]
    suit = SUITS.index(claim["suit"]) if "suit" in claim else -1
    return state._truthful(
        [CARD_INDEX[c] for c in action["cards"]], RANK_INDEX[claim["rank"]], claim["count"], suit
    )


def _futile_call(state: CheatGame) -> bool:
    """A call on a pile that holds only the last play, by a player far from going out: it
    just goes back to its player, who leads the same claim again.  Calling it gains little
    and, against a player who always lies, repeats for ever."""
    last = state.last
    r = state.rules
    if last is None or r.after_call_leader != "loser" or r.after_call_rank != "same":
        return False
    return len(state.pile) <= len(last["cards"]) and len(state.hands[last["seat"]]) > 3


def _play_candidates(state: CheatGame, seat: int, rng: random.Random) -> list[Action]:
    r = state.rules
    hand = state.hands[seat]
    limit = _limit(state, seat)
    out: list[Action] = []
    truths = _truth_options(state, seat)
    dump = _safe_dump(state, seat, truths)
    if dump is not None:
        return [dump]  # it goes out now, uncalled: nothing else is worth weighing
    if hand and len(hand) <= limit and not r.last_card_truthful and (truths or state.allowed):
        # The whole hand, a gamble where the last play may be called.
        out.append(
            _play(
                list(hand),
                truths[0][0] if truths else state.allowed[0],
                suit=_suit_for(state, hand),
            )
        )
    for rank, cards in truths[:3]:
        cards = cards[:limit]
        out.append(_play(cards, rank, suit=_suit_for(state, cards)))
        future = _future_ranks(state, rank, seat)
        spare = _useless(state, hand, future, exclude=cards, rank=rank)
        # The truth padded with cards it will not need, one more at a time up to the limit
        # (PAD_MOST at most: where any count may be laid, a pad for every card of a big hand
        # spreads the search over moves no one makes).
        most = min(len(spare), limit - len(cards), len(hand) - len(cards) - 1, PAD_MOST)
        for more in range(1, most + 1):
            extra = [*cards, *spare[:more]]
            out.append(_play(extra, rank, suit=_suit_for(state, extra)))
        if len(cards) > 1:  # keep some back
            out.append(_play(cards[:1], rank, suit=_suit_for(state, cards[:1])))
        if r.count_lies and len(cards) < limit:
            out.append(_play(cards, rank, count=len(cards) + 1, suit=_suit_for(state, cards)))
    # Bluffs: the least useful cards, claimed as each allowed rank (a few).
    claims = list(state.allowed)
    if len(claims) > 3:
        held = Counter(_rank(c) for c in hand)
        claims.sort(key=lambda x: -held.get(x, 0))
        claims = claims[:2] + rng.sample(claims[2:], 1)
    for rank in claims:
        future = _future_ranks(state, rank, seat)
        useless = _useless(state, hand, future, exclude=[], rank=rank)
        if not useless:
            continue
        if len(hand) == 1 and r.last_card_truthful:
            continue
        out.append(_play(useless[:1], rank, suit=_suit_for(state, useless[:1])))
        for more in range(2, min(len(useless), limit, len(hand) - 1, 3) + 1):
            out.append(_play(useless[:more], rank, suit=_suit_for(state, useless[:more])))
        if len(useless) > 2:
            other = useless[1 + rng.randrange(len(useless) - 1)]
            out.append(_play([other], rank, suit=_suit_for(state, [other])))
    return out


def _useless(
    state: CheatGame, hand: list[int], future: set[int], exclude: list[int], rank: int
) -> list[int]:
    """Cards not needed soon (not of the claimed rank, nor of the ranks coming up), fewest
    held of their rank first (singletons are the cheapest to lose)."""
    left = list(hand)
    for c in exclude:
        left.remove(c)
    held = Counter(_rank(c) for c in left)
    cards = [c for c in left if not _matches(state, c, rank)]
    cards.sort(key=lambda c: (_rank(c) in future, c == JOKER, held[_rank(c)], c))
    return cards


def _unique(actions: list[Action]) -> list[Action]:
    seen: set[str] = set()
    out = []
    for a in actions:
        key = repr(sorted(a.get("cards", []))) + repr(a.get("claim")) + a["type"]
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
