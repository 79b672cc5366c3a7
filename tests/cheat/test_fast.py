"""The integer-action Cheat engine (bluffhouse.cheat.fast), checked move for move against the
reference engine: the step-by-step API, the bulk kernel as plain Python and compiled."""

from __future__ import annotations

import random
import statistics

import pytest

import bluffhouse as bh
from bluffhouse.cheat import fast as F
from bluffhouse.cheat.rules import CheatRules

REQUIRED = [
    "bullshit",
    "cheat",
    "higherarchy",
    "popcorn",
    "popcorn_reverse",
    "popcorn_up_or_down",
    "popcorn_two_decks",
    "rank_fork",
    "flying_solo",
    "sinners_bluff",
    "royals_cheat",
    "jokers_wild",
    "jokers_top",
    "hawaiian_bluff",
]
UNSUPPORTED = [
    "bluff",
    "liar_liar",
    "specificity",
    "free_for_all",
    "anything_goes_cheat",
    "check",
    "eightshit",
    "fourshit",
    "spanish_bluff",
    "canadian_bluff",
    "jump_in",
    "only_one",
    "chinese_bluff",
    "british_cheat",
    "popcorn_count_bluff",
]
SUPPORTED = F.supported_presets()
needs_numba = pytest.mark.skipif(not F.HAVE_NUMBA, reason="numba is not installed")


def _rules(game_id: str) -> CheatRules:
    rules = bh.new_game(game_id, seed=1).rules
    assert isinstance(rules, CheatRules)
    return rules


def test_supported_presets_cover_the_required_ones() -> None:
    for game_id in REQUIRED:
        assert F.supports(_rules(game_id)), game_id
        assert bh.lookup(game_id).id in SUPPORTED
    for game_id in UNSUPPORTED:
        assert not F.supports(_rules(game_id)), game_id
        with pytest.raises(ValueError):
            F.spec_for(game_id)
    assert not F.supports(_rules("bullshit").__class__.build({"max_cards": 0}))


def test_play_ids_round_trip() -> None:
    counts = [0] * F.SLOTS
    counts[3], counts[13] = 2, 1
    action = F.encode_play(counts, 13)
    assert action not in (F.PASS, F.CALL)
    assert F.decode_play(action) == (counts, 13)
    assert F.action_id(F.action_dict(action, ["4S", "4H", "4D", "JK"])) == action


def _random_game(
    spec: F.FastSpec, rng: random.Random, any_seat: bool, limit: int = 4000
) -> tuple[list[list[int]], list[int], list[int]]:
    """A game played with RandomBot's policy by the first seat to act (with any_seat: by a
    random seat among those to act, and one time in four a uniformly random legal action);
    its deal, actions and acting seats."""
    deal = F.FastCheat.deal_for(spec, rng)
    game = F.FastCheat(spec, deal)
    actions: list[int] = []
    seats: list[int] = []
    while not game.over and len(actions) < limit:
        seat = rng.choice(game.to_act) if any_seat else game.to_act[0]
        if any_seat and rng.random() < 0.25:
            action = rng.choice(game.legal_actions(seat))
        else:
            action = game.random_action(seat, rng)
        actions.append(action)
        seats.append(seat)
        game.step(action, seat)
    return deal, actions, seats


@pytest.mark.parametrize("game_id", SUPPORTED)
def test_step_api_matches_the_reference(game_id: str) -> None:
    spec = F.spec_for(game_id)
    for seed in range(4):
        rng = random.Random(seed)
        deal, actions, _ = _random_game(spec, rng, any_seat=False)
        fast = F.replay_check(spec, deal, actions, check_legal=seed == 0 and spec.max_cards <= 4)
        assert fast.over


@pytest.mark.parametrize(
    "game_id",
    [
        "bullshit",
        "hawaiian_bluff",
        "popcorn",
        "higherarchy",
        "egyptian_bluff",
        "jokers_top",
        "popcorn_two_decks",
    ],
)
def test_any_seat_any_action_matches_the_reference(game_id: str) -> None:
    spec = F.spec_for(game_id)
    for seed in range(3):
        rng = random.Random(1000 + seed)
        deal, actions, seats = _random_game(spec, rng, any_seat=True, limit=600)
        F.replay_check(spec, deal, actions, seats=seats, check_legal=seed == 0)


def test_other_table_sizes_and_options() -> None:
    cases: list[tuple[str, int, dict[str, object]]] = [
        ("bullshit", 2, {}),
        ("bullshit", 6, {}),
        ("higherarchy", 5, {}),
        ("popcorn", 3, {"decks": 2}),
        ("bullshit", 4, {"sequence": "down", "jokers": 2}),
        ("hawaiian_bluff", 3, {"end": "ranking"}),
        ("bullshit", 4, {"callers": "next"}),
        ("bullshit", 4, {"callers": "turn", "after_call_leader": "chinese"}),
        ("popcorn", 4, {"first_rank": "any", "after_call_rank": "free"}),
    ]
    for game_id, players, options in cases:
        spec = F.spec_for(game_id, players, **options)
        for seed in range(3):
            deal, actions, seats = _random_game(
                spec, random.Random(seed), any_seat=seed == 2, limit=600
            )
            F.replay_check(spec, deal, actions, seats=seats, check_legal=seed == 0)


def test_first_player() -> None:
    spec = F.spec_for("bullshit")
    deal, _, _ = _random_game(spec, random.Random(3), any_seat=False)
    game = F.FastCheat(spec, deal, first=2)
    assert game.to_act == [2]
    spec = F.spec_for("egyptian_bluff")
    deal = F.FastCheat.deal_for(spec, random.Random(5))
    holder = next(s for s, hand in enumerate(deal) if 1 in hand)
    assert F.FastCheat(spec, deal).to_act == [holder]


def test_validation() -> None:
    game = F.FastCheat.new("bullshit", seed=4)
    assert game.to_act == [0]
    assert not game.is_legal(0, F.CALL)
    assert not game.is_legal(1, F.PASS)
    assert game.is_legal(0, F.PASS)
    counts = [0] * F.SLOTS
    ace_count = game.hands[0][0]
    counts[0] = ace_count + 1
    assert not game.is_legal(0, F.encode_play(counts, 0))  # more aces than held
    other = next(s for s in range(13) if game.hands[0][s])
    counts = [0] * F.SLOTS
    counts[other] = 1
    assert game.is_legal(0, F.encode_play(counts, 0))
    assert not game.is_legal(0, F.encode_play(counts, 1))  # must claim aces
    with pytest.raises(ValueError):
        game.apply(1, F.PASS)
    legal = game.legal_actions(0)
    assert F.PASS in legal and F.CALL not in legal
    assert all(game.is_legal(0, a) for a in legal)
    copy = game.copy()
    game.apply(0, F.encode_play(counts, 0))
    assert copy.to_act == [0] and game.to_act == [1, 2, 3]


@pytest.mark.parametrize("game_id", SUPPORTED)
def test_kernel_plain_python_replays(game_id: str) -> None:
    res = F.simulate_random(game_id, 3, seed=11, compiled=False, trace=F.MAX_ACTIONS)
    for g in range(res.games):
        assert res.actions is not None
        fast = F.replay_check(res.spec, res.deal(g), res.actions[g])
        assert fast.winner == res.winners[g]
        assert fast.ranking == res.rankings[g]
        assert fast.sips == res.sips[g]


@needs_numba
@pytest.mark.usefixtures("compiled_kernels")
@pytest.mark.parametrize("game_id", SUPPORTED)
def test_kernel_compiled_replays_and_equals_plain_python(game_id: str) -> None:
    res = F.simulate_random(game_id, 6, seed=77, compiled=True, trace=F.MAX_ACTIONS)
    assert res.actions is not None
    for g in range(res.games):
        fast = F.replay_check(res.spec, res.deal(g), res.actions[g])
        assert (fast.winner, fast.ranking, fast.sips) == (
            res.winners[g],
            res.rankings[g],
            res.sips[g],
        )
    plain = F.simulate_random(game_id, 2, seed=77, compiled=False, trace=F.MAX_ACTIONS)
    assert plain.actions == (res.actions or [])[:2]
    assert plain.decks == (res.decks or [])[:2]
    assert plain.winners == res.winners[:2]


def test_kernel_without_numba_is_plain_python() -> None:
    if F.HAVE_NUMBA:
        with pytest.raises(ValueError):
            F.simulate_random("liar_liar", 1)
    else:
        with pytest.raises(RuntimeError):
            F.simulate_random("bullshit", 1, compiled=True)
    res = F.simulate_random("bullshit", 5, seed=1, compiled=False)
    assert res.as_dict()["games"] == 5 and all(w >= 0 for w in res.winners)


@pytest.mark.usefixtures("compiled_kernels")
def test_random_policy_matches_randombot_in_distribution() -> None:
    """Mean game length and first-seat win rate of the three random paths agree."""
    from bluffhouse.simulate import simulate

    public = simulate("bullshit", 200, ["random"] * 4, 4, seed=5)
    spec = F.spec_for("bullshit")
    rng = random.Random(9)
    lengths = []
    for _ in range(1500):
        game = F.FastCheat(spec, F.FastCheat.deal_for(spec, rng))
        lengths.append(F.play_random_game(game, rng))
    mean, sd = statistics.fmean(lengths), statistics.stdev(lengths)
    bulk = F.simulate_random("bullshit", 20000 if F.HAVE_NUMBA else 1500, seed=3)
    bulk_mean = statistics.fmean(bulk.steps)
    assert abs(mean - bulk_mean) < 5 * sd / len(lengths) ** 0.5
    assert abs(statistics.fmean(public.lengths) - bulk_mean) < 5 * sd / 200**0.5
    seat0 = sum(1 for w in bulk.winners if w == 0) / bulk.games
    assert 0.2 < seat0 < 0.36
