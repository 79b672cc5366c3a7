"""Property tests of Sneak under random play: card conservation, view redaction, legality,
illegal actions changing nothing, and save/load continuing identically."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.cards import CARD_INDEX, CARD_TEXT, build_deck
from bluffhouse.sneak.engine import LIST_LIMIT, SneakGame

PROPS = settings(max_examples=20, deadline=None)
seeds = st.integers(min_value=0, max_value=2**32)


def table_cards(g: SneakGame) -> list[int]:
    out: list[int] = []
    if g.lead is not None:
        out += g.lead["cards"]
    for _, cards in g.challenges:
        out += cards
    return out


def check_conservation(g: SneakGame) -> None:
    held = [c for h in g.hands for c in h] + [c for w in g.won for c in w]
    held += g.stock + g.out + table_cards(g)
    packs = g.view(None)["packs"]
    assert Counter(held) == Counter(build_deck(packs))


def card_strings(value: Any) -> list[str]:
    """Every card text inside a JSON value (dict keys are field names, never cards)."""
    if isinstance(value, str):
        return [value] if len(value) == 2 and value in CARD_INDEX and value.upper() == value else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in card_strings(v)]
    if isinstance(value, list):
        return [c for v in value for c in card_strings(v)]
    return []


def sneak(game: bh.Game) -> SneakGame:
    assert isinstance(game, SneakGame)
    return game


@PROPS
@given(seeds, st.integers(min_value=2, max_value=7))
def test_cards_are_conserved_and_legal_actions_apply(seed: int, players: int) -> None:
    g = sneak(bh.new_game("sneak", players=players, seed=seed, target=1))
    rng = random.Random(seed)
    steps = 0
    while not g.over:
        check_conservation(g)
        assert g.to_act
        seat = rng.choice(g.to_act)
        legal = g.legal_actions(seat)
        assert legal and len(legal) <= LIST_LIMIT
        types = {a["type"] for a in legal}
        assert types <= {"draw", "sneak", "flaunt", "challenge", "pass"}
        probe = legal if len(legal) <= 25 else rng.sample(legal, 25)
        for action in probe:  # every listed action is legal and applies
            assert g.is_legal(seat, action)
            twin = g.copy()
            twin.apply(seat, action)
            check_conservation(sneak(twin))
        for other in range(players):
            if other not in g.to_act:
                assert g.legal_actions(other) == []
        g.apply(seat, rng.choice(legal))
        steps += 1
        assert steps < 20_000
    check_conservation(g)
    result = g.result
    assert result is not None and sorted(result["ranking"]) == list(range(players))


def random_action(g: SneakGame, seat: int, rng: random.Random) -> dict[str, Any]:
    kind = rng.choice(["draw", "sneak", "flaunt", "challenge", "pass", "bid", 7, None])
    action: dict[str, Any] = {"type": kind}
    roll = rng.random()
    hand = g.hands[seat]
    if roll < 0.6 and hand:
        cards = rng.sample(hand, rng.randint(1, len(hand)))
        action["cards"] = [CARD_TEXT[c] for c in cards]
    elif roll < 0.8:
        action["cards"] = [CARD_TEXT[rng.randrange(52)] for _ in range(rng.randint(0, 3))]
    elif roll < 0.9:
        action["cards"] = rng.choice(["XX", 5, ["AS", 3], "AS KS", None])
    return action


def canonical(action: dict[str, Any]) -> dict[str, Any]:
    if isinstance(action.get("cards"), list) and all(
        isinstance(c, str) and c in CARD_INDEX for c in action["cards"]
    ):
        ints = sorted(CARD_INDEX[c] for c in action["cards"])
        return {"type": action["type"], "cards": [CARD_TEXT[c] for c in ints]}
    return action


@PROPS
@given(seeds, st.integers(min_value=2, max_value=5))
def test_illegal_actions_change_nothing_and_is_legal_agrees(seed: int, players: int) -> None:
    g = sneak(bh.new_game("sneak", players=players, seed=seed, target=1))
    rng = random.Random(seed ^ 0x5EED)
    while not g.over:
        seat = rng.choice(g.to_act)
        legal = g.legal_actions(seat)
        listed = {repr(a) for a in legal}
        full = len(legal) < LIST_LIMIT
        before = g.to_json()
        for _ in range(6):
            wrong_seat = rng.randrange(-1, players + 1)
            candidate = random_action(g, seat, rng)
            for who in (seat, wrong_seat):
                ok = g.is_legal(who, candidate)
                if (
                    who == seat
                    and full
                    and candidate.get("type") in ("draw", "pass", "sneak", "flaunt", "challenge")
                ):
                    form: dict[str, Any] | None = (
                        canonical(candidate) if "cards" in candidate else candidate
                    )
                    if candidate["type"] in ("draw", "pass"):
                        # keys a draw or a pass does not have are refused
                        form = candidate if set(candidate) == {"type"} else None
                    assert ok == (form is not None and repr(form) in listed), (candidate, ok)
                if not ok:
                    try:
                        g.apply(who, candidate)
                    except bh.IllegalAction as exc:
                        assert str(exc)
                    else:
                        raise AssertionError(f"illegal {candidate} was applied")
        assert g.to_json() == before  # the refused actions changed nothing
        g.apply(seat, rng.choice(legal))


@PROPS
@given(seeds, st.integers(min_value=2, max_value=6), st.integers(min_value=0, max_value=400))
def test_save_and_load_continue_identically(seed: int, players: int, cut: int) -> None:
    g = bh.new_game("sneak", players=players, seed=seed, target=30)
    rng = random.Random(seed)
    for _ in range(cut):
        if g.over:
            break
        seat = rng.choice(g.to_act)
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    loaded = bh.load(g.to_json())
    copied = g.copy()
    assert loaded.to_json() == g.to_json()
    for viewer in [None, *range(players)]:
        assert loaded.view(viewer) == g.view(viewer)
    steps = 0
    while not g.over and steps < 600:  # past at least one new deal (RNG reshuffle) mostly
        seat = rng.choice(g.to_act)
        action = rng.choice(g.legal_actions(seat))
        assert loaded.legal_actions(seat) == g.legal_actions(seat)
        for other in (g, loaded, copied):
            other.apply(seat, action)
        steps += 1
    assert loaded.to_json() == g.to_json() == copied.to_json()


@PROPS
@given(seeds, st.integers(min_value=2, max_value=4))
def test_views_hold_only_what_each_seat_may_know(seed: int, players: int) -> None:
    g = sneak(bh.new_game("sneak", players=players, seed=seed, target=45))
    rng = random.Random(seed)
    deal = 0
    known: dict[int, list[set[int]]] = {}
    public: dict[int, set[int]] = {}
    pending: list[int] = []
    challenged = False
    steps = 0
    checked: dict[int | None, list[int]] = {v: [0, 0] for v in [None, *range(players)]}

    def start_deal() -> None:
        nonlocal deal, pending, challenged
        deal = g.view(None)["deal"]
        known[deal] = [set() for _ in range(players)]
        public[deal] = set()
        pending, challenged = [], False

    start_deal()
    while not g.over and steps < 400:
        seat = rng.choice(g.to_act)
        action = rng.choice(g.legal_actions(seat))
        cards = [CARD_INDEX[c] for c in action.get("cards", [])]
        if action["type"] == "draw":  # the drawer sees the top card (even if the deal then ends)
            known[deal][seat].add(g.stock[-1])
        if action["type"] == "flaunt":
            public[deal].update(cards)
        if action["type"] in ("sneak", "flaunt"):
            pending, challenged = list(cards), False
        if action["type"] == "challenge":
            pending += cards
            challenged = True
        g.apply(seat, action)
        steps += 1
        if g.view(None)["lead"] is None and pending:  # the window has closed
            if challenged:
                public[deal].update(pending)
            pending, challenged = [], False
        if g.view(None)["deal"] != deal and not g.over:
            start_deal()
        for s in range(players):
            known[deal][s].update(g.hands[s])
        check_new_events(g, players, known, public, checked)
        if steps % 4 == 0 or g.over:
            check_views(g, players, known, public)


def check_new_events(
    g: SneakGame,
    players: int,
    known: dict[int, list[set[int]]],
    public: dict[int, set[int]],
    checked: dict[int | None, list[int]],
) -> None:
    """The events logged since the last check, as each viewer sees them, against what that
    viewer knows now (the log only grows, so each event is checked when it first appears)."""
    for viewer in [None, *range(players)]:
        deal_and_count = checked[viewer]
        for event in g.events_for(viewer, deal_and_count[1]):
            deal_and_count[1] += 1
            if event["type"] == "deal_start":
                deal_and_count[0] = event["deal"]
                continue
            deal = deal_and_count[0]
            allowed = set(public[deal])
            if viewer is not None:
                allowed |= known[deal][viewer]
            for text in card_strings(event):
                assert CARD_INDEX[text] in allowed, (viewer, event)


def check_views(
    g: SneakGame, players: int, known: dict[int, list[set[int]]], public: dict[int, set[int]]
) -> None:
    """Everything in each view but the log (checked event by event) against what it may know."""
    for viewer in [None, *range(players)]:
        view = g.view(viewer)
        assert len(view.pop("events")) == len(g.events)
        deal = view["deal"]
        allowed = set(public.get(deal, set()))
        if viewer is not None:
            allowed |= known[deal][viewer]
            assert sorted(CARD_INDEX[c] for c in view["hand"]) == g.hands[viewer]
        else:
            assert view["hand"] == []
        for text in card_strings(view):
            assert CARD_INDEX[text] in allowed, (viewer, text)
