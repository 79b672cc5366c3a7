"""Sneak bots: determinism, legality, no leaks, and the sampler behind ISMCTS."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from sneak_helpers import act, draw, pack_texts, stock_of

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.base import Bot
from bluffhouse.bots.sneak import counter as sk
from bluffhouse.bots.sneak import search as sks
from bluffhouse.cards import cards_text
from bluffhouse.sneak import combos as cb
from bot_games import Check, play_bots, small_bot


def _bot(name: str, seed: int) -> Bot:
    return small_bot(name, seed)


def _play(
    names: list[str], seed: int, check: Check | None = None, limit: int = 300, **options: Any
) -> bh.Game:
    return play_bots("sneak", names, seed, limit=limit, check=check, **options)


def test_bots_are_deterministic_and_legal() -> None:
    names = ["counter", "ismcts", "honest", "random"]
    a = _play(names, 3, limit=150, target=20)
    b = _play(names, 3, limit=150, target=20)
    assert a.to_json() == b.to_json()


def test_counter_beats_random() -> None:
    wins = 0
    for seed in range(3):
        state = _play(["counter", "random", "random"], seed, limit=5000, target=30)
        wins += state.result is not None and state.result["winner"] == 0
    assert wins >= 2


def test_honest_never_sneaks_or_challenges() -> None:
    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        if seat == 0:
            action = make_bot("honest", seed=1).act(None, Choices(state, 0))
            assert action["type"] in ("draw", "flaunt", "pass"), action

    _play(["honest", "random", "counter"], 2, check=check, limit=300, target=20)


def test_every_sample_is_consistent_with_the_view() -> None:
    rng = random.Random(5)

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        sample = sk.determinize(view, rng)
        assert sample.view(seat) == view
        assert sample.view(None) == state.view(None)
        every = [c for h in sample.hands for c in h] + sample.stock + sample.out  # type: ignore[attr-defined]
        every += [c for w in sample.won for c in w]  # type: ignore[attr-defined]
        lead = sample.lead  # type: ignore[attr-defined]
        if lead is not None:
            every += lead["cards"]
        every += [c for _, cs in sample.challenges for c in cs]  # type: ignore[attr-defined]
        assert sorted(cards_text(every)) == sorted(pack_texts(view["packs"]))
        sample.apply(seat, sample.legal_actions(seat)[0])  # it plays on

    _play(["counter", "random", "counter", "honest"], 7, check=check, limit=400, target=20)


def test_samples_are_uniform_on_a_small_case() -> None:
    """Two hidden challenges to a flaunted 9H must each beat it: the ordered pair is uniform
    over pairs of distinct hearts above nine (the watcher holds none); the watcher's own card
    and the known cards never move."""
    g = bh.new_game("sneak", players=4, seed=1, stock=stock_of("9H", "TH", "QH", "2C", "7C", "8C"))
    draw(g, 4)
    draw(g, 1)  # seat 0 draws the 7C
    act(g, 1, "flaunt", "TH")  # seat 1 leads TH face up; beaten only by J Q K A of hearts
    g.apply(2, {"type": "challenge", "cards": ["QH"]})
    view = g.view(3)
    assert view["challenges"][0]["cards"] is None
    rng = random.Random(0)
    draws = 4000
    seen: Counter[str] = Counter()
    for _ in range(draws):
        sample = sk.determinize(view, rng)
        assert sample.view(3) == view
        seen[cards_text(sample.challenges[0][1])[0]] += 1  # type: ignore[attr-defined]
    # Seat 3 holds 2C and knows TH (on the table); QH is hidden like J K A of hearts.
    assert set(seen) == {"JH", "QH", "KH", "AH"}
    chi2 = sum((n - draws / 4) ** 2 / (draws / 4) for n in seen.values())
    assert chi2 < 3 + 4 * 6**0.5

    # Two hidden challenges (two packs): ordered pairs of distinct card instances, uniform.
    pairs: Counter[tuple[str, str]] = Counter()
    g = bh.new_game(
        "sneak",
        players=5,
        seed=1,
        packs=2,
        stock=stock_of("9H", "TH", "QH", "KH", "2C", "7C", packs=2),
    )
    draw(g, 5)
    draw(g, 1)  # seat 0 draws the 7C
    act(g, 1, "flaunt", "TH")
    g.apply(2, {"type": "challenge", "cards": ["QH"]})
    g.apply(3, {"type": "challenge", "cards": ["KH"]})
    view = g.view(4)
    rng = random.Random(1)
    n = 6000
    for _ in range(n):
        sample = sk.determinize(view, rng)
        chal = sample.challenges  # type: ignore[attr-defined]
        pairs[(cards_text(chal[0][1])[0], cards_text(chal[1][1])[0])] += 1
    # Two packs: two of each of JH QH KH AH unseen (8 instances), ordered distinct instances.
    instances = {"JH": 2, "QH": 2, "KH": 2, "AH": 2}
    total = 8 * 7
    chi2 = 0.0
    for a, na in instances.items():
        for b, nb in instances.items():
            ways = na * (nb - (a == b))
            expected = n * ways / total
            chi2 += (pairs[(a, b)] - expected) ** 2 / expected
    assert chi2 < 15 + 4 * 30**0.5


def test_nothing_leaks_from_the_other_hands() -> None:
    """Seat 0 is the bot; the others always draw and pass.  A second stock that keeps the
    cards seat 0 drew where they were, and shuffles every other card, gets the same
    decisions."""
    for name in ("counter", "ismcts", "honest", "random"):
        stock = pack_texts(1)
        random.Random(3).shuffle(stock)
        decisions, mine = _scripted(name, stock)
        other = list(stock)
        rest = [c for i, c in enumerate(stock) if i not in mine]
        random.Random(4).shuffle(rest)
        it = iter(rest)
        other = [stock[i] if i in mine else next(it) for i in range(len(stock))]
        assert other != stock
        again, mine_again = _scripted(name, other)
        assert (again, mine_again) == (decisions, mine), name


def _scripted(name: str, stock: list[str]) -> tuple[list[dict[str, Any]], set[int]]:
    state = bh.new_game("sneak", players=3, seed=1, stock=stock, target=200)
    bot = _bot(name, 7)
    decisions: list[dict[str, Any]] = []
    mine: set[int] = set()
    drawn = 0
    while len(decisions) < 12 and state.view(None)["stock_size"] > 0:
        seat = state.to_act[0]
        if seat == 0:
            action = bot.act(state.view(0), Choices(state, 0))
            decisions.append(action)
        else:
            action = {"type": "pass"} if state.view(None)["phase"] == "window" else {"type": "draw"}
        if action["type"] == "draw":
            if seat == 0:
                mine.add(drawn)
            drawn += 1
        state.apply(seat, action)
    return decisions, mine


def test_bots_decide_the_same_on_a_swapped_state() -> None:
    rng = random.Random(11)

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        other = sk.determinize(view, rng)
        assert other.view(seat) == view
        for name in ("counter", "ismcts", "honest"):
            got = [_bot(name, 5).act(s.view(seat), Choices(s, seat)) for s in (state, other)]
            assert got[0] == got[1], name

    _play(["counter", "random", "counter", "random"], 4, check=check, limit=60, target=20)


def test_search_samples_are_consistent_with_the_view() -> None:
    """The search's deals (uniform deals kept by the odds of the sneaks and challenges on the
    table) hold the view and every card of the pack."""
    rng = random.Random(6)

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        sample = sks.determinize(view, rng)
        assert sample.view(seat) == view
        assert sample.view(None) == state.view(None)
        every = [c for h in sample.hands for c in h] + sample.stock + sample.out  # type: ignore[attr-defined]
        every += [c for w in sample.won for c in w]  # type: ignore[attr-defined]
        if sample.lead is not None:  # type: ignore[attr-defined]
            every += sample.lead["cards"]  # type: ignore[attr-defined]
        every += [c for _, cs in sample.challenges for c in cs]  # type: ignore[attr-defined]
        assert sorted(cards_text(every)) == sorted(pack_texts(view["packs"]))

    _play(["counter", "counter", "random", "counter"], 9, check=check, limit=300, target=20)


def test_search_believes_a_sneak_is_a_high_card() -> None:
    """Card counters sneak their best card (or now and then their worst): the search's deals
    put a higher card under another seat's sneak than uniform deals do."""
    g = bh.new_game(
        "sneak", players=3, seed=1, stock=stock_of("2C", "5D", "9S", "3H", "8D", "4C", "6S")
    )
    draw(g, 6)  # seats 0 1 2 0 1 2: seat 1 holds 5D 4C
    act(g, 0, "sneak", "2C")  # seat 0 (holding 2C 3H) sneaks; seat 1 answers
    view = g.view(1)
    rng = random.Random(2)

    def lead_value(sample: bh.Game) -> int:
        return cb.value(sample.lead["cards"][0])  # type: ignore[attr-defined]

    uniform = sum(lead_value(sk.determinize(view, rng)) for _ in range(300)) / 300
    judged = sum(lead_value(sks.determinize(view, rng)) for _ in range(300)) / 300
    assert judged > uniform + 1.0


def test_model_answers_like_counter() -> None:
    """The search's model of a counter answers a one-card sneak as the counter does."""
    rng = random.Random(0)
    agree = total = 0

    def check(state: bh.Game, seat: int, view: dict[str, Any]) -> None:
        nonlocal agree, total
        lead = view["lead"]
        if view["phase"] == "window" and lead["kind"] == "sneak" and lead["count"] == 1:
            mine = sks.model_answer(state, seat, rng)  # type: ignore[arg-type]
            theirs = make_bot("counter", seed=1).act(view, Choices(state, seat))
            total += 1
            agree += mine == theirs

    _play(["counter", "counter", "counter"], 5, check=check, limit=600, target=20)
    assert total >= 5 and agree >= 0.8 * total
