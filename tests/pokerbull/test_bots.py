"""Poker Bull bots: determinism, legality, no leaks, and the sampler behind ISMCTS."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from typing import Any

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.base import Bot
from bluffhouse.bots.pokerbull import counter as pb
from bluffhouse.bots.pokerbull import search as pbs
from bluffhouse.cards import build_deck, cards_text
from bluffhouse.pokerbull import PokerBullGame
from bot_games import Check, play_bots, small_bot


def _bot(name: str, seed: int) -> Bot:
    return small_bot(name, seed, iterations=25)


def _play(names: list[str], seed: int, check: Check | None = None, limit: int = 400) -> bh.Game:
    return play_bots("poker_bull", names, seed, limit=limit, check=check, iterations=25)


def test_bots_are_deterministic_and_legal() -> None:
    names = ["counter", "ismcts", "honest", "random"]
    a = _play(names, 3, limit=60)
    b = _play(names, 3, limit=60)
    assert a.to_json() == b.to_json()


def test_counter_beats_random() -> None:
    wins = 0
    for seed in range(4):
        state = _play(["counter", "random", "random", "random"], seed)
        wins += state.result is not None and state.result["winner"] == 0
    assert wins >= 3


def test_honest_never_calls_and_bids_what_it_holds() -> None:
    state = bh.new_game(
        "poker_bull", players=3, seed=1, deal=[["7S", "7H", "2C", "9D", "KD"], ["3S"], ["4S"]]
    )
    state.apply(0, {"type": "bid", "bid": "high K"})
    state.apply(1, {"type": "bid", "bid": "pair 2"})
    action = make_bot("honest").act(None, Choices(state, 2))
    assert action["type"] == "bid"
    state.apply(2, action)
    action = make_bot("honest").act(None, Choices(state, 0))
    assert action == {"type": "bid", "bid": "pair 7"}


def test_every_sample_is_consistent_with_the_view() -> None:
    rng = random.Random(5)
    full = Counter(build_deck(1, 2))

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        for _ in range(3):
            sample = pb.determinize(view, rng)
            assert sample.view(seat) == view
            assert sample.view(None) == state.view(None)
            held = Counter(c for h in sample.hands for c in h)  # type: ignore[attr-defined]
            assert not held - full, "a card is dealt more often than the deck holds it"
            if sample.legal_actions(seat):
                sample.apply(seat, sample.sample_action(seat, rng))  # it plays on

    _play(["counter", "random", "counter", "honest"], 7, check=check, limit=80)


def test_samples_are_uniform_on_a_small_case() -> None:
    """One card each (the rising game): seat 0 holds the ace of spades; seats 1 and 2 get an
    ordered pair of distinct cards from the other 53 (two equal jokers)."""
    state = bh.new_game("poker_bull_rising", players=3, seed=1, deal=[["AS"], ["KS"], ["QS"]])
    view = state.view(0)
    rng = random.Random(0)
    draws = 10_600
    first: Counter[str] = Counter()
    same = 0
    suits: Counter[tuple[str, str]] = Counter()
    for _ in range(draws):
        sample = pb.determinize(view, rng)
        one = cards_text(sample.hands[1])[0]  # type: ignore[attr-defined]
        two = cards_text(sample.hands[2])[0]  # type: ignore[attr-defined]
        first[one] += 1
        same += one == two
        suits[(one[1], two[1])] += 1
    pool = Counter(cards_text(build_deck(1, 2)))
    pool["AS"] -= 1
    pool += Counter()
    assert set(first) == set(pool)
    chi2 = sum((first[c] - draws * n / 53) ** 2 / (draws * n / 53) for c, n in pool.items())
    assert chi2 < 52 + 4 * (2 * 52) ** 0.5  # 52 degrees of freedom, about 4 sigma
    assert same < 20  # only the two jokers can repeat: 2/(53*52) of the draws, about 8
    # Suits of the two cards, against the exact joint distribution.
    by_suit = Counter(c[1] for c in pool.elements())
    chi2 = 0.0
    for (x, y), seen in suits.items():
        pair = by_suit[x] * (by_suit[y] - (x == y))
        expected = draws * pair / (53 * 52)
        chi2 += (seen - expected) ** 2 / expected
    assert chi2 < 24 + 4 * (2 * 24) ** 0.5


def _first_hand(name: str, deal: list[list[str]]) -> list[dict[str, Any]]:
    """Seat 0 is the bot; the others always bid the lowest legal bid (whatever they hold)."""
    state = bh.new_game("poker_bull", players=4, seed=2, deal=deal)
    bot = _bot(name, 99)
    decisions: list[dict[str, Any]] = []
    while state.view(None)["hand_number"] == 1 and len(decisions) < 6:
        seat = state.to_act[0]
        if seat == 0:
            action = bot.act(state.view(0), Choices(state, 0))
            decisions.append(action)
        else:
            action = state.legal_actions(seat)[0]
        state.apply(seat, action)
    return decisions


def test_nothing_leaks_from_the_other_hands() -> None:
    mine = ["7S", "7H", "KD", "2C", "9H"]
    a = [
        mine,
        ["AS", "AH", "AD", "AC", "KS"],
        ["QS", "QH", "QD", "QC", "JK"],
        ["5S", "5H", "5D", "5C", "JK"],
    ]
    b = [
        mine,
        ["2S", "3H", "4D", "6C", "8S"],
        ["TS", "JH", "3D", "4C", "6S"],
        ["8D", "TC", "JC", "3S", "4H"],
    ]
    for name in ("counter", "ismcts", "honest", "random"):
        assert _first_hand(name, a) == _first_hand(name, b), name


def test_bots_decide_the_same_on_a_swapped_state() -> None:
    """At every decision of a game, a state with the other hands redrawn (same view) gets the
    same decision from a bot with the same seed: the real state never reaches it."""
    rng = random.Random(11)

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        other = pb.determinize(view, rng)
        assert other.view(seat) == view
        for name in ("counter", "ismcts", "honest"):
            got = [_bot(name, 5).act(s.view(seat), Choices(s, seat)) for s in (state, other)]
            assert got[0] == got[1], name

    _play(["counter", "random", "counter", "random"], 4, check=check, limit=25)


def test_search_samples_are_consistent_with_the_view() -> None:
    """The search's deals (uniform deals kept by the odds of the bids made) hold the view."""
    rng = random.Random(6)
    full = Counter(build_deck(1, 2))

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        for _ in range(3):
            sample = pbs.determinize(view, rng)
            assert sample.view(seat) == view
            assert sample.view(None) == state.view(None)
            held = Counter(c for h in sample.hands for c in h)  # type: ignore[attr-defined]
            assert not held - full

    _play(["counter", "counter", "random", "counter"], 8, check=check, limit=60)


def test_search_reads_the_bids() -> None:
    """After seat 1 bids four sevens, the search's deals give seat 1 more sevens (and jokers)
    than uniform deals do."""
    mine = ["2S", "3H", "9D", "JC", "KH"]
    state = bh.new_game(
        "poker_bull",
        players=3,
        seed=2,
        deal=[mine, ["4S", "5H", "6D", "8C", "TH"], ["AS", "AH", "QD", "QC", "TS"]],
    )
    state.apply(0, {"type": "bid", "bid": "pair 9"})
    state.apply(1, {"type": "bid", "bid": "quads 7"})
    state.apply(2, {"type": "bid", "bid": "quads 8"})
    view = state.view(0)
    rng = random.Random(3)

    def sevens(sample: bh.Game) -> int:
        assert isinstance(sample, PokerBullGame)
        return len([c for c in cards_text(sample.hands[1]) if c[0] == "7" or c == "JK"])

    uniform = sum(sevens(pb.determinize(view, rng)) for _ in range(600))
    judged = sum(sevens(pbs.determinize(view, rng)) for _ in range(600))
    assert judged > 1.3 * uniform


def test_ismcts_weighs_the_call_and_sensible_raises() -> None:
    state = bh.new_game("poker_bull", players=4, seed=3)
    state.apply(0, {"type": "bid", "bid": "pair 7"})
    view = state.view(1)
    got = pbs._root_candidates(view, random.Random(0))
    assert got[0] == {"type": "call"}
    assert 2 <= len(got) <= 1 + pbs.ROOT_RAISES
    assert all(state.is_legal(1, a) for a in got)


def test_hypergeometric_odds_match_counting() -> None:
    for pool in range(1, 8):
        for good in range(pool + 1):
            for drawn in range(pool + 1):
                for need in range(5):
                    picks = list(itertools.combinations(range(pool), drawn))
                    hits = sum(1 for p in picks if sum(1 for i in p if i < good) >= need)
                    assert abs(pbs._at_least(pool, good, drawn, need) - hits / len(picks)) < 1e-9
