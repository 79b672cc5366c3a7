"""Sneak's hooks for the generic bots (see ``bluffhouse.bots.search``).

What a seat knows in the current deal: its hand, every card shown face up (flaunts and
reveals, and so the known part of every pile won), its own sneaks, challenges and unchallenged
wins.  Every other card of the packs is *unseen*: in another hand, in the stock, in a pile won
unseen (an unchallenged sneak), face down on the table (another's sneak or challenge) or out of
play.  The only constraint on where they lie beyond the counts: a challenge to a flaunt under
``must_beat`` beats the flaunt.

- ``determinize``: the unseen cards dealt uniformly at random over those places (the
  constrained challenges first, by rejection on card instances, which keeps it uniform); the
  engine's RNG (later deals) is drawn afresh.
- ``counter``: flaunts what is unlikely to be beaten (most cards first), sneaks high cards to
  draw challenges and now and then a low one as a bluff, draws when weak; challenges a sneak
  when its best cards beat most leads drawn from the unseen cards, and a flaunt with its
  cheapest winning answer.
- ``honest``: never sneaks or challenges; draws, and flaunts its strongest safe combo.
- ISMCTS: the hooks are those of :mod:`bluffhouse.bots.sneak.search` (deals judged by the sneaks
  on the table, the counter's answers as the other seats' policy, cards in hand valued by what
  counting players go on to win with them); ``own_moves`` here gives the searching seat's
  moves in a challenge window and once the stock is gone.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from itertools import islice
from typing import Any

from ...cards import CARD_INDEX, CARD_TEXT, build_deck
from ...game import Game
from ...registry import lookup
from ...sneak import combos as cb
from ...sneak.engine import SneakGame
from ...sneak.rules import SneakRules
from ..base import Action, Choices, View
from ..search import ViewMemo

FAMILY = "sneak"
DRAW: Action = {"type": "draw"}
PASS: Action = {"type": "pass"}

#: Events whose listed keys only their actor sees (the rest is public).
_PRIVATE = {
    "deal_start": "cards",
    "draw": "card",
    "sneak": "cards",
    "challenge": "cards",
    "uncontested": "cards",
}

#: Counter: leads drawn to judge a challenge to a sneak, and the odds it wants.
CHALLENGE_SAMPLES = 60
CHALLENGE_ODDS = 0.55
#: Counter: a flaunt is made when it is beaten with at most this chance.
SAFE = 0.2


def _texts(cards: Sequence[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def _cards(texts: Sequence[str]) -> list[int]:
    return [CARD_INDEX[t] for t in texts]


def _act(kind: str, cards: Sequence[int]) -> Action:
    return {"type": kind, "cards": _texts(sorted(cards))}


# ====================================================================== the view, parsed
class _Known:
    """What one view says about the current deal (cached per view)."""

    def __init__(self, view: View) -> None:
        self.view = view
        seat: int = view["seat"]
        self.seat = seat
        n: int = view["players"]
        preset = lookup(view["game"])
        self.rules = SneakRules.build(preset.options, view.get("rules") or {})
        self.hand = sorted(_cards(view["hand"]))
        events = view["events"]
        start = max((i for i, e in enumerate(events) if e["type"] == "deal_start"), default=0)
        won_known: list[list[int]] = [[] for _ in range(n)]
        won_hidden = [0] * n
        over = view["over"]
        if not over:
            for e in events[start:]:
                t = e["type"]
                if t == "reveal":
                    won_known[e["winner"]] += _cards([c for p in e["plays"] for c in p["cards"]])
                elif t in ("won", "uncontested"):
                    if e.get("cards") is not None:
                        won_known[e["seat"]] += _cards(e["cards"])
                    else:
                        won_hidden[e["seat"]] += e["count"]
        self.won_known = won_known
        self.won_hidden = won_hidden
        lead = view["lead"]
        self.lead_seat: int | None = None if lead is None else lead["seat"]
        self.lead_kind: str | None = None if lead is None else lead["kind"]
        self.lead_count = 0 if lead is None else lead["count"]
        self.lead_cards: list[int] | None = (
            None if lead is None or lead["cards"] is None else _cards(lead["cards"])
        )
        self.challenges: list[tuple[int, int, list[int] | None]] = [
            (c["seat"], c["count"], None if c["cards"] is None else _cards(c["cards"]))
            for c in view["challenges"]
        ]
        pack = Counter(build_deck(view["packs"]))
        seen: list[int] = [*self.hand, *(c for w in won_known for c in w)]
        if self.lead_cards is not None:
            seen += self.lead_cards
        for _, _, cs in self.challenges:
            if cs is not None:
                seen += cs
        pack.subtract(seen)
        self.unseen = sorted(pack.elements())
        self.sizes: list[int] = list(view["hand_sizes"])
        self.stock_size: int = 0 if over else view["stock_size"]
        self.out_count: int = 0 if over else view["out_of_play"]
        # The challenges to a flaunt that must beat it, with their possible card sets.
        self.constrained: list[tuple[int, list[tuple[tuple[int, ...], int]]]] = []
        if (
            lead is not None
            and lead["kind"] == "flaunt"
            and self.rules.flaunt_challenges == "must_beat"
        ):
            assert self.lead_cards is not None
            options = _beaters(self.lead_cards, self.unseen)
            for s, _, cs in self.challenges:
                if cs is None:
                    self.constrained.append((s, options))
        self.events = [_split_event(e, seat) for e in events]


def _split_event(event: dict[str, Any], seat: int) -> list[Any]:
    key = _PRIVATE.get(event["type"])
    if event["type"] == "won" and event.get("kind") == "sneak":
        key = "cards"
    if key is not None and key in event:
        public = {k: v for k, v in event.items() if k != key}
        value = event[key]
        return [public, [[seat, {key: list(value) if isinstance(value, list) else value}]]]
    return [event]


def _beaters(lead: list[int], pool: list[int]) -> list[tuple[tuple[int, ...], int]]:
    """Every card set from ``pool`` that beats the flaunted ``lead``, with the number of ways
    to take it from the pool's card instances (two packs repeat cards)."""
    counts = Counter(pool)
    found = cb.flaunt_beaters(pool if len(lead) == 1 else sorted(pool), lead)
    out = []
    for combo in found:
        ways = 1
        for card, m in Counter(combo).items():
            ways *= math.comb(counts[card], m)
        out.append((combo, ways))
    return out


_known = ViewMemo(_Known)


# ====================================================================== determinization
def determinize(view: View, rng: random.Random) -> Game:
    """A full game whose public state and this seat's cards are the view's, with the unseen
    cards spread uniformly over the places they may be."""
    k = _known(view)
    pool = list(k.unseen)
    fixed: dict[int, list[int]] = {}
    if k.constrained:
        fixed, pool = _draw_constrained(k, rng)
    rng.shuffle(pool)
    at = 0

    def take(n: int) -> list[int]:
        nonlocal at
        out = pool[at : at + n]
        at += n
        return out

    n = view["players"]
    hands = [list(k.hand) if s == k.seat else sorted(take(k.sizes[s])) for s in range(n)]
    stock = take(k.stock_size)
    won = [[*k.won_known[s], *take(k.won_hidden[s])] for s in range(n)]
    lead: dict[str, Any] | None = None
    if k.lead_seat is not None:
        cards = k.lead_cards if k.lead_cards is not None else sorted(take(k.lead_count))
        lead = {"seat": k.lead_seat, "kind": k.lead_kind, "cards": list(cards)}
    challenges: list[list[Any]] = []
    for s, count, cs in k.challenges:
        if cs is None:
            cs = fixed[s] if s in fixed else sorted(take(count))
        challenges.append([s, list(cs)])
    out = sorted(take(k.out_count))
    assert at == len(pool), "the view's counts do not add up"

    g = SneakGame.__new__(SneakGame)
    g.game_id = lookup(view["game"]).id
    g.rules = k.rules
    g.players = n
    g.seed = rng.getrandbits(63)
    g.rng = random.Random(g.seed)
    g.events = list(k.events)
    g.version = view["version"]
    g._act = list(view["to_act"])
    g._result = view["result"]
    g.hands = hands
    g.stock = stock
    g.won = won
    g.out = out
    g.scores = list(view["scores"])
    g.dealer = view["dealer"]
    g.deal_no = view["deal"]
    g.phase = view["phase"]
    g.turn = view["turn"] if view["turn"] is not None else (k.lead_seat or 0)
    g.started = list(view["started"])
    g.lead = lead
    g.challenges = challenges
    g.window = list(view["to_act"]) if view["phase"] == "window" else []
    g.declined = list(view["declined"])
    g.deal_scores = [list(d) for d in view["deal_scores"]]
    g._derive()
    g.__dict__["_search_seat"] = k.seat
    return g


def _draw_constrained(k: _Known, rng: random.Random) -> tuple[dict[int, list[int]], list[int]]:
    """The hidden challenges to a flaunt, each a uniform draw among the card-instance sets that
    beat it, redrawn until no instance is used twice (so the joint draw is uniform)."""
    instances: dict[int, list[int]] = {}
    for i, c in enumerate(k.unseen):
        instances.setdefault(c, []).append(i)
    for _ in range(10_000):
        used: set[int] = set()
        fixed: dict[int, list[int]] = {}
        clash = False
        for seat, options in k.constrained:
            combo = rng.choices([c for c, _ in options], weights=[w for _, w in options])[0]
            for card, m in Counter(combo).items():
                picked = rng.sample(instances[card], m)
                if used.intersection(picked):
                    clash = True
                used.update(picked)
            fixed[seat] = sorted(combo)
            if clash:
                break
        if not clash:
            rest = [c for i, c in enumerate(k.unseen) if i not in used]
            return fixed, rest
    raise AssertionError("no consistent challenges found")  # pragma: no cover


# ====================================================================== card judgement
def best_of(hand: Sequence[int], size: int) -> tuple[int, ...] | None:
    """The strongest set of ``size`` cards in a sorted hand (a combo if it has one)."""
    if size > len(hand):
        return None
    if size == 1:
        return (max(hand, key=cb.value),)
    best: tuple[int, ...] | None = None
    for ctype in cb.COMBO_TYPES:
        for combo in islice(cb.combos_of(hand, size, ctype), 400):
            if best is None or cb.key(combo) > cb.key(best):
                best = combo
        if best is not None:
            return best
    return tuple(sorted(sorted(hand, key=cb.value, reverse=True)[:size]))


def _beaten_chance(cards: Sequence[int], k: Any) -> float:
    """The chance that some other seat holds a set that beats this flaunt (unseen cards
    treated as a uniform spread; the seats able to answer hold ``held`` of them)."""
    size = len(cards)
    held = sum(n for s, n in enumerate(k.sizes) if s != k.seat and n >= size)
    if held == 0 or not k.unseen:
        return 0.0
    f = min(1.0, held / len(k.unseen))
    safe = 1.0
    for _, ways in islice(_beaters(list(cards), k.unseen), 300):
        safe *= 1.0 - min(1.0, ways * f**size)
    return 1.0 - safe


def _flaunts(hand: Sequence[int], limit: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [(c,) for c in sorted(set(hand))]
    for size in range(2, min(limit, 5) + 1):
        for ctype in cb.COMBO_TYPES:
            out += list(islice(cb.combos_of(hand, size, ctype), 60))
    return out


# ====================================================================== counter
def counter(view: View, choices: Choices, rng: random.Random) -> Action:
    return decide(
        _known(view),
        view["phase"],
        view["lead_limit"] or 0,
        view["stock_size"],
        view["started"],
        rng,
    )


def decide(
    k: Any, phase: str, limit: int, stock: int, started: Sequence[bool], rng: random.Random
) -> Action:
    """The counter's move from what ``k`` knows (a :class:`_Known`, or anything with its
    ``seat``, ``hand``, ``sizes``, ``unseen`` and lead attributes: the search builds one from
    a sampled deal)."""
    seat = k.seat
    hand = k.hand
    if phase == "window":
        return _answer(k, rng)
    if stock and (not started[seat] or limit == 0):
        return DRAW
    scored = []
    for cards in _flaunts(hand, limit):
        p = _beaten_chance(cards, k)
        scored.append((len(cards) * (1 - 2 * p), -p, cb.key(cards), cards, p))
    if not stock:
        best = max(scored)
        return _act("flaunt", best[3])
    safe = [s for s in scored if s[4] <= SAFE]
    big = [s for s in safe if len(s[3]) >= 2]
    if big:
        return _act("flaunt", max(big)[3])
    top = max(hand, key=cb.value)
    others = [n for s, n in enumerate(k.sizes) if s != seat]
    if len(hand) >= 3 and max(others) >= 1:
        if cb.value(top) >= 13 and rng.random() < 0.6:
            return _act("sneak", [top])
        if safe and rng.random() < 0.5:
            return _act("flaunt", max(safe)[3])
        if len(hand) >= 5 and rng.random() < 0.2:
            low = min(hand, key=cb.value)
            return _act("sneak", [low])
    if len(hand) >= 8:
        if safe:
            return _act("flaunt", max(safe)[3])
        return _act("sneak", [top])
    return DRAW


def flaunt_answer(hand: Sequence[int], lead: Sequence[int]) -> Action:
    """The counter's answer to a flaunt: the cheapest set that beats it, else a pass."""
    beat = cb.flaunt_beaters(hand, lead, scan=2000)
    if not beat:
        return PASS
    return _act("challenge", min(beat, key=cb.key))


def _answer(k: Any, rng: random.Random) -> Action:
    size = k.lead_count
    hand = k.hand
    if k.lead_kind == "flaunt":
        assert k.lead_cards is not None
        return flaunt_answer(hand, k.lead_cards)
    mine = best_of(hand, size)
    if mine is None:
        return PASS
    if k.lead_cards is not None:  # not ours to answer, but be safe
        return PASS
    my_key = cb.key(mine)
    pool = k.unseen
    if len(pool) < size:
        return PASS
    wins = 0
    for _ in range(CHALLENGE_SAMPLES):
        lead = rng.sample(pool, size)
        if my_key > cb.key(lead):
            wins += 1
    if wins / CHALLENGE_SAMPLES >= CHALLENGE_ODDS:
        return _act("challenge", mine)
    return PASS


# ====================================================================== honest
def honest(view: View, choices: Choices, rng: random.Random) -> Action:
    """Never sneaks (a face-down lead may be a lie) and never challenges: draws while it can,
    flaunts a safe combo when it has one, and flaunts its strongest set once the stock is
    empty."""
    if view["phase"] == "window":
        return PASS
    k = _known(view)
    limit: int = view["lead_limit"] or 0
    stock: int = view["stock_size"]
    if stock and (not view["started"][k.seat] or limit == 0):
        return DRAW
    if limit >= 2:
        for size in range(min(limit, 4), 1, -1):
            combo = best_of(k.hand, size)
            if (
                combo is not None
                and cb.kind(combo) != cb.NOTHING
                and _beaten_chance(combo, k) <= SAFE
            ):
                return _act("flaunt", combo)
    if stock:
        return DRAW
    return _act("flaunt", [max(k.hand, key=cb.value)])


# ====================================================================== search hooks
def _limit(state: SneakGame, seat: int) -> int:
    hands = state.hands
    others = max((len(h) for s, h in enumerate(hands) if s != seat), default=0)
    return min(len(hands[seat]), others)


def own_moves(state: SneakGame, seat: int) -> list[Action]:
    """A handful of moves for the searching seat: pass or its best answer in a challenge
    window; draw, lead its best or worst card, or its best combo on its turn."""
    hand = state.hands[seat]
    out: list[Action] = []
    if state.phase == "window":
        lead = state.lead
        assert lead is not None
        cards: list[int] = lead["cards"]
        size = len(cards)
        out.append(PASS)
        if lead["kind"] == "flaunt" and state.rules.flaunt_challenges == "must_beat":
            beat = cb.flaunt_beaters(hand, cards, scan=500)
            if beat:
                out.append(_act("challenge", min(beat, key=cb.key)))
                out.append(_act("challenge", max(beat, key=cb.key)))
        else:
            mine = best_of(hand, size)
            if mine is not None:
                out.append(_act("challenge", mine))
        return _unique(out)
    if state.stock:
        out.append(DRAW)
        if not state.started[seat]:
            return out
    limit = _limit(state, seat)
    if limit >= 1:
        top = max(hand, key=cb.value)
        low = min(hand, key=cb.value)
        out += [_act("flaunt", [top]), _act("flaunt", [low])]
        if state.stock:
            out += [_act("sneak", [top]), _act("sneak", [low])]
        for size in range(2, min(limit, 3) + 1):
            combo = best_of(hand, size)
            if combo is not None:
                if cb.kind(combo) != cb.NOTHING:
                    out.append(_act("flaunt", combo))
                if state.stock:
                    out.append(_act("sneak", combo))
    return _unique(out) or state.legal_actions(seat)


def _unique(actions: list[Action]) -> list[Action]:
    seen: set[str] = set()
    out = []
    for a in actions:
        text = repr(a)
        if text not in seen:
            seen.add(text)
            out.append(a)
    return out
