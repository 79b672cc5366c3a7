"""Property tests over every Cheat-family preset: conservation of cards, what views may show,
legality (listed actions apply, illegal ones are refused without a trace), save/load and copy."""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from typing import Any

import pytest
from cheat_props import (
    check_conserved,
    check_deal_events,
    check_new_events,
    check_view_shape,
    choose,
    choose_listed,
    hurry,
    new_random,
    player_range,
)
from cheat_util import PRESET_IDS, all_cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.cards import CARD_TEXT, JOKER, RANKS, SUITS

#: CHEAT_EXAMPLES=50 runs a deeper search locally; the suite keeps to a few fixed examples.
SETTINGS = settings(
    max_examples=int(os.environ.get("CHEAT_EXAMPLES", "3")),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize="CHEAT_EXAMPLES" not in os.environ,
)
STEPS = 40


def game_strategy(game_id: str) -> st.SearchStrategy:
    low, high = player_range(game_id)
    return st.tuples(st.integers(0, 2**32), st.integers(low, high), st.booleans())


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_random_play_keeps_every_invariant(game_id: str) -> None:
    """Cards are conserved; every view is what its seat may know; every listed action is legal
    and applies; a game that is not over always has a seat with something to do."""

    @SETTINGS
    @given(game_strategy(game_id))
    def run(args: tuple[int, int, bool]) -> None:
        seed, players, small = args
        rng = random.Random(seed)
        s = new_random(game_id, seed, players, small)
        start = all_cards(s)
        check_conserved(s, None if not small else start)
        check_deal_events(s)
        for _ in range(STEPS):
            if s.over:
                assert s.to_act == [] and s.result is not None
                assert sorted(s.result["ranking"]) == list(range(players))
                assert s.result is not None
                assert s.result["winner"] == s.result["ranking"][0]
                break
            assert s.to_act and s.result is None
            seat, action, listed = choose_listed(rng, s)
            for a in rng.sample(listed, min(8, len(listed))):
                assert s.is_legal(seat, a), a
            before = s.copy()
            s.apply(seat, action)
            check_conserved(s, start)
            check_new_events(before, s, seat, action)
            for viewer in [None, *range(players)]:
                check_view_shape(s, viewer)

    run()


def bad_actions(s: Any, seat: int, rng: random.Random) -> list[tuple[Any, str]]:
    """(action, words the message must contain) for a seat that may act now."""
    out: list[tuple[Any, str]] = [
        (None, "dict"),
        ("play", "dict"),
        ({}, "type"),
        ({"type": 7}, "type"),
        ({"type": "fly"}, "unknown action"),
    ]
    kinds = {a["type"] for a in s.legal_actions(seat)}
    if "play" in kinds and s.view(None)["phase"] != "bid":
        mine = s.view(seat)["hand"]
        allowed = s.view(seat)["claim_ranks"] or []
        rank = allowed[0]
        claim: dict[str, Any] = {"rank": rank}
        if s.rules.claim_suit:
            claim["suit"] = s.view(seat)["claim_suit"] or "S"
        out += [
            ({"type": "play"}, "one or more cards"),
            ({"type": "play", "cards": "7H", "claim": claim}, "one or more cards"),
            ({"type": "play", "cards": ["ZZ"], "claim": claim}, "not a card"),
            ({"type": "play", "cards": [mine[0]]}, "claim"),
            ({"type": "play", "cards": [mine[0]], "claim": {"rank": "Z"}}, "not a rank"),
            ({"type": "play", "cards": [mine[0]], "claim": {**claim, "count": "two"}}, "count"),
        ]
        packs = Counter(CARD_TEXT[c] for c in s.hands[seat])
        absent = [c for c in CARD_TEXT if c not in packs]
        out.append(({"type": "play", "cards": [rng.choice(absent)], "claim": claim}, "do not hold"))
        wrong = [r for r in "A23456789TJQK" if r not in allowed]
        if wrong:
            bad = {**claim, "rank": rng.choice(wrong)}
            out.append(({"type": "play", "cards": [mine[0]], "claim": bad}, "must claim"))
        if not s.rules.count_lies:
            out.append(
                ({"type": "play", "cards": [mine[0]], "claim": {**claim, "count": 2}}, "count")
            )
    return out


def readable(message: str) -> bool:
    return (
        isinstance(message, str)
        and len(message) >= 10
        and "object at 0x" not in message
        and "Traceback" not in message
        and "KeyError" not in message
    )


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_illegal_actions_are_refused_and_change_nothing(game_id: str) -> None:
    """Malformed actions, cards not in hand, wrong claims, acting out of turn and acting after
    the end raise bh.IllegalAction with a readable message naming the problem; the state is
    exactly as before."""

    @SETTINGS
    @given(game_strategy(game_id))
    def run(args: tuple[int, int, bool]) -> None:
        seed, players, small = args
        rng = random.Random(seed)
        s = new_random(game_id, seed, players, small)
        for step in range(24):
            if s.over:
                break
            if step % 3 == 0:
                frozen = s.to_json()
                seat = rng.choice(s.to_act)
                for action, words in bad_actions(s, seat, rng):
                    with pytest.raises(bh.IllegalAction) as err:
                        s.apply(seat, action)
                    assert readable(str(err.value)), str(err.value)
                    assert words in str(err.value), (action, str(err.value))
                    assert not s.is_legal(seat, action)
                idle = [x for x in range(players) if x not in s.to_act]
                for x in idle:
                    for action in ({"type": "pass"}, {"type": "call"}):
                        with pytest.raises(bh.IllegalAction, match="may not act now"):
                            s.apply(x, action)
                    assert s.legal_actions(x) == []
                bad_seats: tuple[Any, ...] = (-1, players, "0", True)
                for x in bad_seats:
                    with pytest.raises(bh.IllegalAction, match="no seat"):
                        s.apply(x, {"type": "pass"})
                assert s.to_json() == frozen
            seat, action = choose(rng, s)
            s.apply(seat, action)
        # Play on to the end and check that nothing is accepted afterwards.
        hurry(s)
        assert s.over, "a game where nobody calls must end"
        if s.over:
            frozen = s.to_json()
            for x in range(players):
                assert s.legal_actions(x) == []
                for action in (
                    {"type": "pass"},
                    {"type": "call"},
                    {"type": "play", "cards": ["AS"], "claim": {"rank": "A"}},
                ):
                    with pytest.raises(bh.IllegalAction, match="over"):
                        s.apply(x, action)
            assert s.to_json() == frozen

    run()


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_save_load_continues_identically_and_copy_is_independent(game_id: str) -> None:
    """to_json / bh.load round-trips the whole state, RNG included; copy() shares nothing."""

    @SETTINGS
    @given(game_strategy(game_id), st.integers(0, 30))
    def run(args: tuple[int, int, bool], cut: int) -> None:
        seed, players, small = args
        rng = random.Random(seed)
        s = new_random(game_id, seed, players, small)
        for _ in range(cut):
            if s.over:
                break
            s.apply(*choose(rng, s))
        text = s.to_json()
        loaded = bh.load(text)
        assert loaded.to_json() == text
        twin = s.copy()
        assert twin.to_json() == text
        # Mutating the copy leaves the original alone.
        if not twin.over:
            twin.apply(*choose(random.Random(seed + 1), twin))
            twin.hands[0].append(JOKER)
        for h in twin.hands:
            h.clear()
        assert s.to_json() == text
        for _ in range(25):
            if s.over:
                break
            seat, action = choose(rng, s)
            s.apply(seat, action)
            loaded.apply(seat, json.loads(json.dumps(action)))
            assert loaded.view(seat) == s.view(seat)
        assert loaded.to_json() == s.to_json()

    run()


def normal(s: Any, action: dict[str, Any]) -> Any:
    """A play with equal-rank cards made interchangeable where suits are irrelevant."""
    if s.rules.claim_suit:
        cards = tuple(sorted(action["cards"]))
    else:
        cards = tuple(sorted(c if c == "JK" else c[0] for c in action["cards"]))
    claim = action["claim"]
    return cards, claim["rank"], claim.get("count", len(action["cards"])), claim.get("suit")


@pytest.mark.parametrize("game_id", PRESET_IDS)
def test_is_legal_agrees_with_the_listed_plays(game_id: str) -> None:
    """legal_actions lists every legal play (up to equal-rank cards): a random candidate play is
    legal exactly when it is listed, whenever the list is complete."""

    @SETTINGS
    @given(game_strategy(game_id))
    def run(args: tuple[int, int, bool]) -> None:
        seed, players, small = args
        rng = random.Random(seed)
        s = new_random(game_id, seed, players, small)
        for _ in range(20):
            if s.over:
                break
            seat = rng.choice(s.to_act)
            listed = s.legal_actions(seat)
            plays = [a for a in listed if a["type"] == "play"]
            if plays and len(listed) < 10_000:
                index = {normal(s, a) for a in plays}
                mine = s.view(seat)["hand"]
                top = s.rules.max_cards or len(mine)
                for _ in range(12):
                    cards = rng.sample(mine, rng.randint(1, min(len(mine), top + 1)))
                    claim = {
                        "rank": rng.choice(RANKS),
                        "count": rng.choice([len(cards), rng.randint(1, 13)]),
                    }
                    if rng.random() < 0.5 and s.view(seat)["claim_ranks"]:
                        claim["rank"] = rng.choice(s.view(seat)["claim_ranks"])
                    if s.rules.claim_suit:
                        claim["suit"] = rng.choice(SUITS)
                    action = {"type": "play", "cards": cards, "claim": claim}
                    assert s.is_legal(seat, action) == (normal(s, action) in index), action
            kinds = sorted({a["type"] for a in listed})
            kind = rng.choice(kinds)
            s.apply(seat, rng.choice([a for a in listed if a["type"] == kind]))

    run()
