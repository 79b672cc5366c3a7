"""The Cheat family's search hooks: the determinization sampler (consistent with the view,
unbiased), bots that cannot see hidden cards, determinism and legal decisions."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.bots.cheat import sampling, search
from bluffhouse.bots.ismcts import rollout_action
from bluffhouse.cards import CARD_TEXT, build_deck
from bluffhouse.cheat.engine import CheatGame

PRESETS = [
    "bullshit",
    "bluff",
    "check",
    "liar_liar",
    "jokers_wild",
    "eightshit",
    "chinese_bluff",
    "british_cheat",
    "jump_in",
    "specificity",
    "popcorn",
]
KEYS = [
    "hand",
    "hand_sizes",
    "pile_size",
    "claim_rank",
    "claim_ranks",
    "claim_suit",
    "phase",
    "to_act",
    "turn",
    "last_play",
    "leading",
    "finished",
    "lost",
    "discarded",
    "table",
    "events",
    "hidden",
    "hidden_sizes",
]


def _advance(game_id: str, seed: int, steps: int, players: int = 4) -> CheatGame:
    g = bh.new_game(game_id, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.over:
            break
        seat = g.to_act[0]
        g.apply(seat, rollout_action(g, seat, rng))
    assert isinstance(g, CheatGame)
    return g


def _all_cards(g: CheatGame) -> Counter[int]:
    out: Counter[int] = Counter(g.pile) + Counter(g.discarded)
    for h in g.hands:
        out.update(h)
    for h in g.hidden:
        out.update(h)
    return out


@pytest.mark.parametrize("game_id", PRESETS)
def test_samples_match_the_view_and_the_packs(game_id: str) -> None:
    rng = random.Random(5)
    for seed, steps in ((1, 9), (2, 40), (3, 90)):
        g = _advance(game_id, seed, steps)
        if g.over:
            continue
        deck = Counter(build_deck(g.rules.decks, g.rules.jokers, g.rules.deck_rank_list(g.players)))
        assert _all_cards(g) == deck
        for seat in range(g.players):
            view = g.view(seat)
            for _ in range(8):
                for sample in (
                    sampling.determinize(view, rng),
                    sampling.search_determinize(view, rng),
                ):
                    seen = sample.view(seat)
                    for key in KEYS:
                        assert seen.get(key) == view.get(key), (game_id, seed, seat, key)
                    assert _all_cards(sample) == deck
                    assert sample.legal_actions(seat) == g.legal_actions(seat)


def test_known_cards_stay_where_they_went() -> None:
    """A pile taken after a call holds cards the others saw: they stay in the taker's hand."""
    g = bh.new_game(
        "bullshit",
        players=3,
        seed=0,
        deal=[["AS", "2S", "3S"], ["4H", "5H", "6H"], ["7D", "8D", "9D", "TD"]],
    )
    g.apply(0, {"type": "play", "cards": ["2S"], "claim": {"rank": "A"}})
    g.apply(1, {"type": "call"})  # seat 0 lied: it takes back 2S, everyone saw it
    view = g.view(1)
    rng = random.Random(1)
    for _ in range(50):
        sample = sampling.determinize(view, rng)
        assert CARD_TEXT.index("2S") in sample.hands[0]
        assert sorted(sample.hands[1]) == sorted(g.hands[1])  # type: ignore[attr-defined]


def test_sampler_is_unbiased_on_a_small_deal() -> None:
    """Seat 0 holds two cards; the other two seats hold two each of the 50 unseen cards and the
    rest are out of play: each unseen card lies in seat 1's hand with chance 2/50."""
    g = bh.new_game("bullshit", players=3, seed=0, deal=[["AS", "2S"], ["3S", "4S"], ["5S", "6S"]])
    view = g.view(0)
    rng = random.Random(7)
    counts: Counter[int] = Counter()
    draws = 2500
    for _ in range(draws):
        sample = sampling.determinize(view, rng)
        assert len(sample.hands[1]) == 2 and len(sample.hands[2]) == 2
        counts.update(sample.hands[1])
    unseen = [c for c in range(52) if CARD_TEXT[c] not in ("AS", "2S")]
    expected = draws * 2 / len(unseen)
    chi2 = sum((counts[c] - expected) ** 2 / expected for c in unseen)
    assert set(counts) <= set(unseen)
    assert chi2 < 90, chi2  # 49 degrees of freedom: p < 0.001 above 85.4


def test_last_play_sampled_uniformly_from_the_unseen() -> None:
    """Exact count: another's one-card play is each unseen card equally often."""
    g = bh.new_game("bullshit", players=2, seed=0, deal=[["AS", "2S", "3S"], ["4H", "5H"]])
    g.apply(0, {"type": "play", "cards": ["3S"], "claim": {"rank": "A"}})
    g.apply(1, {"type": "pass"})
    g.apply(1, {"type": "play", "cards": ["5H"], "claim": {"rank": "2"}})
    view = g.view(0)
    rng = random.Random(3)
    seen: Counter[int] = Counter()
    draws = 2000
    for _ in range(draws):
        sample = sampling.determinize(view, rng)
        assert sample.last is not None and len(sample.last["cards"]) == 1
        assert sample.pile[:1] == [CARD_TEXT.index("3S")]
        seen[sample.last["cards"][0]] += 1
    assert len(seen) == 49  # any card but seat 0's three
    expected = draws / 49
    chi2 = sum((n - expected) ** 2 / expected for n in seen.values())
    assert chi2 < 90, chi2


@pytest.mark.parametrize("bot_name", ["counter", "ismcts"])
@pytest.mark.parametrize("game_id", ["bullshit", "bluff", "check"])
def test_bots_cannot_see_hidden_cards(bot_name: str, game_id: str) -> None:
    """The same view with the other seats' cards dealt differently: the same decision."""
    for seed, steps in ((4, 0), (5, 30), (6, 70)):
        g = _advance(game_id, seed, steps)
        if g.over:
            continue
        seat = g.to_act[0]
        view = g.view(seat)
        other = sampling.determinize(view, random.Random(seed))
        assert other.view(seat) == view
        assert other.hands != g.hands or not any(g.hands[s] for s in range(4) if s != seat)
        decisions = []
        for state in (g, other):
            bot = make_bot(bot_name, seed=11)
            if bot_name == "ismcts":
                bot.iterations = 40  # type: ignore[attr-defined]
                bot.time_limit = 60.0  # type: ignore[attr-defined]
            decisions.append(bot.act(state.view(seat), Choices(state, seat)))
        assert decisions[0] == decisions[1]


def test_swapped_deal_same_decisions() -> None:
    """Seat 0's opening with the other hands swapped around (deal=): the same decision."""
    deck = [CARD_TEXT[c] for c in range(52)]
    rng = random.Random(2)
    rng.shuffle(deck)
    hands = [sorted(deck[i::4]) for i in range(4)]
    swapped = [hands[0], hands[2], hands[3], hands[1]]
    for name in ("counter", "ismcts"):
        out = []
        for deal in (hands, swapped):
            g = bh.new_game("bullshit", players=4, seed=9, deal=deal)
            bot = make_bot(name, seed=3)
            if name == "ismcts":
                bot.iterations = 40  # type: ignore[attr-defined]
                bot.time_limit = 60.0  # type: ignore[attr-defined]
            out.append(bot.act(g.view(0), Choices(g, 0)))
        assert out[0] == out[1]


def test_ismcts_is_deterministic_for_a_seed() -> None:
    g = _advance("bullshit", 8, 25)
    seat = g.to_act[0]
    picks = []
    for _ in range(2):
        bot = make_bot("ismcts", seed=21)
        bot.iterations = 60  # type: ignore[attr-defined]
        bot.time_limit = 60.0  # type: ignore[attr-defined]
        picks.append(bot.act(g.view(seat), Choices(g, seat)))
    assert picks[0] == picks[1]


@pytest.mark.parametrize(
    "game_id", ["bullshit", "bluff", "liar_liar", "british_cheat", "chinese_bluff", "eightshit"]
)
def test_every_decision_is_legal(game_id: str) -> None:
    names = ["ismcts", "counter", "random", "counter"]
    bots = [make_bot(n, seed=s) for s, n in enumerate(names)]
    bots[0].iterations = 12  # type: ignore[attr-defined]
    g = bh.new_game(game_id, players=4, seed=13)
    for _ in range(70):
        if g.over:
            break
        seat = g.to_act[0]
        bot = bots[seat]
        action = bot.act(g.view(seat) if bot.wants_view else None, Choices(g, seat))
        assert g.is_legal(seat, action), (game_id, names[seat], action)
        g.apply(seat, action)


def test_search_hooks_are_registered() -> None:
    from bluffhouse.bots.search import hooks_for_game

    hooks = hooks_for_game("bullshit")
    assert hooks.determinize is not None and hooks.candidates is not None
    assert hooks.rollout is not None and hooks.evaluate is not None
    assert hooks.time_limit is not None and hooks.time_limit <= 1.0


def test_counter_finishes_games_and_beats_random() -> None:
    """Regression: a counter that called every lie of a player leading the same rank again
    stalled the table for ever (the pile held only that player's own cards)."""
    from bluffhouse.arena import run_arena

    result = run_arena("bullshit", ["counter", "random", "random", "random"], 8, seed=0)
    data = result.as_dict()
    assert data["unfinished"] == 0
    assert max(r.length for r in result.records) < 3000
    assert data["bots"]["counter"]["wins"] >= 5  # a fair share would be 2


def test_counter_beats_honest() -> None:
    """counter 'clearly beats honest' (it learns from calls that a player only claims
    what it holds, instead of calling its true sets)."""
    from bluffhouse.arena import run_arena

    data = run_arena("bullshit", ["counter", "honest", "honest", "honest"], 8, seed=0).as_dict()
    assert data["unfinished"] == 0
    assert data["bots"]["counter"]["wins"] >= 5  # a fair share would be 2


# ---------------------------------------------------------------------- knowledge and styles
@pytest.mark.parametrize("game_id", ["bullshit", "british_cheat", "eightshit", "check"])
def test_knowledge_read_step_by_step_equals_read_at_once(game_id: str) -> None:
    """The tracker keeps its fold over the log between decisions: reading only the new events
    must give exactly what reading the whole log from the start gives."""
    from bluffhouse.bots.cheat import knowledge

    g = bh.new_game(game_id, players=4, seed=3)
    bots = [make_bot("counter", seed=s) for s in range(4)]
    for _ in range(220):
        if g.over:
            break
        seat = g.to_act[0]
        view = g.view(seat)
        stepwise = knowledge.Knowledge.from_view(view)
        kept = dict(knowledge._FOLDS)
        knowledge._FOLDS.clear()
        assert knowledge.Knowledge.from_view(view) == stepwise
        knowledge._FOLDS.clear()
        knowledge._FOLDS.update(kept)
        g.apply(seat, bots[seat].act(view, Choices(g, seat)))


def test_a_card_seen_going_to_a_player_who_played_since_may_have_moved() -> None:
    """Seat 0 takes back 2H after a call (all see it), then lays it face down; seat 2 takes
    that pile after a wrong call, and claims all four 2s.  Seat 3 must not hold 2H to be in
    seat 0's hand for sure: the claim is possible (a counter that trusted stale knowledge
    called such true sets, and four counters could cycle for thousands of actions)."""
    from bluffhouse.bots.cheat.knowledge import Knowledge, p_truthful

    g = bh.new_game(
        "bullshit",
        players=4,
        seed=0,
        first=0,
        deal=[
            ["2H", "5S", "5H", "5D"],
            ["2C", "9C", "9D", "9H"],
            ["2S", "2D", "3H", "3D", "4C"],
            ["KS", "KH", "KD", "QS"],
        ],
    )
    g.apply(0, {"type": "play", "cards": ["2H"], "claim": {"rank": "A"}})
    g.apply(1, {"type": "call"})  # a lie: seat 0 takes back 2H, seen by all
    g.apply(0, {"type": "play", "cards": ["2H"], "claim": {"rank": "A"}})
    for seat in list(g.to_act):
        g.apply(seat, {"type": "pass"})
    g.apply(1, {"type": "play", "cards": ["2C"], "claim": {"rank": "2"}})
    g.apply(2, {"type": "call"})  # wrong: seat 2 takes 2C and, unseen, 2H
    g.apply(
        2, {"type": "play", "cards": ["2S", "2D", "2H", "2C"], "claim": {"rank": "2", "count": 4}}
    )
    view = g.view(3)
    k = Knowledge.from_view(view)
    two_h = CARD_TEXT.index("2H")
    assert k.known[0][two_h] == 1 and k.maybe_moved(0)[two_h] == 1
    assert k.certain(0)[two_h] == 0
    assert p_truthful(k, view) > 0
    # Its sampler deals 2H like any unseen card: sometimes in the pile.
    rng = random.Random(4)
    assert any(two_h in sampling.determinize(view, rng).pile for _ in range(60))


def _styled_game(
    style: str, game_id: str = "bullshit", seed: int = 2, steps: int = 160
) -> Iterator[tuple[int, CheatGame, dict[str, Any]]]:
    """Yields (seat, view, action) for every decision of the three ``style`` seats."""
    names = ["counter", style, style, style]
    bots = [make_bot(n, seed=s) for s, n in enumerate(names)]
    g = bh.new_game(game_id, players=4, seed=seed)
    assert isinstance(g, CheatGame)
    for _ in range(steps):
        if g.over:
            return
        seat = g.to_act[0]
        view = g.view(seat)
        action = bots[seat].act(view, Choices(g, seat))
        assert g.is_legal(seat, action), (style, action)
        if seat:
            yield seat, g, action
        g.apply(seat, action)


def _true(g: CheatGame, action: dict[str, Any]) -> bool:
    from bluffhouse.cards import RANK_INDEX

    claim = action["claim"]
    rank = RANK_INDEX[claim["rank"]]
    return claim.get("count", len(action["cards"])) == len(action["cards"]) and all(
        c != "JK" and RANK_INDEX[c[0]] == rank for c in action["cards"]
    )


def test_always_call_calls_whenever_it_may() -> None:
    seen = 0
    for seat, g, action in _styled_game("always_call"):
        if g.is_legal(seat, {"type": "call"}):
            assert action == {"type": "call"}
            seen += 1
    assert seen > 10


def test_never_call_never_calls() -> None:
    could = 0
    for seat, g, action in _styled_game("never_call"):
        could += g.is_legal(seat, {"type": "call"})
        assert action["type"] != "call"
    assert could > 10


@pytest.mark.parametrize("style", ["always_lie", "never_lie"])
def test_lying_styles_keep_to_their_style(style: str) -> None:
    plays = 0
    for seat, g, action in _styled_game(style):
        if action["type"] != "play":
            continue
        plays += 1
        held = [CARD_TEXT[c] for c in g.hands[seat]]
        claim_rank = action["claim"]["rank"]
        can_tell_truth = any(c[0] == claim_rank for c in held) or g.view(seat)["claim_rank"] is None
        if style == "never_lie" and can_tell_truth:
            assert _true(g, action), action
        if style == "always_lie" and any(c[0] != claim_rank for c in held):
            assert not _true(g, action), action
    assert plays > 5


def test_ismcts_does_not_call_a_pile_that_only_returns_to_its_player() -> None:
    """Calling a lone play hands it back to its player, who leads the same rank again: against
    a player who always lies that repeats for ever, so the search leaves it."""
    g = bh.new_game(
        "bullshit",
        players=3,
        seed=0,
        first=0,
        deal=[
            ["5S", "6S", "7S", "8S", "9S", "TS"],
            ["AS", "AH", "AD", "2C", "3C"],
            ["KS", "KH", "QD", "JD", "TC"],
        ],
    )
    g.apply(0, {"type": "play", "cards": ["5S", "6S"], "claim": {"rank": "A"}})
    assert g.to_act and 1 in g.to_act
    options = search.candidates(
        sampling.determinize(g.view(1), random.Random(0)), 1, random.Random(0)
    )
    assert {"type": "call"} not in options and {"type": "pass"} in options


def test_four_counters_finish_their_games() -> None:
    """Regression: four counters at one table called true sets back and forth for thousands
    of actions (each trusted stale knowledge of the others' hands)."""
    for seed in range(3):
        names = ["counter"] * 4
        bots = [make_bot(n, seed=seed * 7 + s) for s, n in enumerate(names)]
        g = bh.new_game("bullshit", players=4, seed=seed)
        steps = 0
        while not g.over and steps < 4000:
            seat = g.to_act[0]
            g.apply(seat, bots[seat].act(g.view(seat), Choices(g, seat)))
            steps += 1
        assert g.over, seed
