"""The OpenSpiel game ``python_bluffhouse``: loading with parameters, OpenSpiel's own random
simulation test (with serialisation) for every family, the explicit deal, observations, and
OpenSpiel's CFR on a small configuration."""

from __future__ import annotations

import math
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from interop_util import flaunt_twins  # noqa: E402

import bluffhouse as bh  # noqa: E402
from bluffhouse.cards import CARD_TEXT  # noqa: E402
from bluffhouse.interop import openspiel as bos  # noqa: E402

#: A Bullsh*t deal of one card each from four (two aces, two kings): small enough to solve.
TINY = "python_bluffhouse(game=bullshit,players=2,deal_from=ASAHKSKH,deal_size=1,stall_limit=4)"

#: Heads-up Poker Bull, one hand, one card each from KS KH AS AH (a reduced pack).
HEADS_UP = (
    "python_bluffhouse(game=poker_bull_rising,players=2,lowest_rank=K,suits=2,jokers=0,"
    "grow_limit=1)"
)

SMALL = [
    TINY,
    HEADS_UP,
    "python_bluffhouse(game=flying_solo,players=2,deck_ranks=AK,deal_size=2,stall_limit=6)",
    "python_bluffhouse(game=anything_goes_cheat,players=3,deck_ranks=A2K,stall_limit=8)",
    "python_bluffhouse(game=specificity,players=2,deck_ranks=A2,stall_limit=10)",
    "python_bluffhouse(game=poker_bull_rising,players=2,grow_limit=1)",
    "python_bluffhouse(game=poker_bull_rising,players=3,grow_limit=2,chance=sampled)",
    "python_bluffhouse(game=sneak,players=2,target=8)",
    "python_bluffhouse(game=sneak,players=2,target=8,chance=deal)",
]


@pytest.mark.parametrize("spec", SMALL)
def test_random_sim_small(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(
    "spec",
    [
        "python_bluffhouse(game=bluff)",
        "python_bluffhouse(game=bullshit)",
        "python_bluffhouse(game=eightshit)",
        "python_bluffhouse(game=poker_bull)",
        "python_bluffhouse(game=sneak,players=4)",
    ],
)
def test_random_sim_defaults(spec: str) -> None:
    """OpenSpiel's own random simulation, with serialisation, on the default games at full
    size (Bullsh*t plays thousands of random actions; OpenSpiel keeps a copy of every state)."""
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_by_dict_and_string() -> None:
    game = pyspiel.load_game("python_bluffhouse", {"game": "poker_bull", "players": 3, "jokers": 0})
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 9_856
    again = pyspiel.load_game(str(game))
    assert again.num_distinct_actions() == 9_856
    default = pyspiel.load_game("python_bluffhouse")
    assert default.num_players() == 4 and default.num_distinct_actions() == 2_383
    checked = pyspiel.load_game("python_bluffhouse(game=bullshit,check=true)")
    state = checked.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    state.apply_action(state.legal_actions()[-1])
    assert "check" in [state.action_to_string(a) for a in state.legal_actions()]


def test_bad_parameters_are_named() -> None:
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_bluffhouse", {"colour": "red"})
    with pytest.raises(bh.RuleError, match="not an option of this game"):
        pyspiel.load_game("python_bluffhouse", {"game": "sneak", "decks": 2})
    with pytest.raises(bh.RuleError, match="chance"):
        pyspiel.load_game("python_bluffhouse", {"chance": "dice"})
    with pytest.raises(bh.RuleError, match="stall_limit"):
        pyspiel.load_game("python_bluffhouse", {"stall_limit": 0})
    with pytest.raises(bh.RuleError, match="deal_from"):
        pyspiel.load_game("python_bluffhouse", {"players": 2, "deal_from": "ASXX", "deal_size": 1})


def test_the_explicit_deal_is_uniform() -> None:
    """Every pair of hands of the tiny game comes out with the probability of a fair deal, and
    each is one chance path (hands dealt in card order)."""
    game = pyspiel.load_game(
        "python_bluffhouse(game=bullshit,players=2,deal_from=ASAHKSKH,deal_size=2,stall_limit=4)"
    )
    seen: dict[tuple[tuple[int, ...], ...], float] = {}

    def walk(state: Any, p: float) -> None:
        if not state.is_chance_node():
            hands = tuple(tuple(state.engine.game.view(s)["hand"]) for s in range(2))
            assert hands not in seen
            seen[hands] = p
            return
        outcomes = state.chance_outcomes()
        assert math.isclose(sum(q for _, q in outcomes), 1.0)
        for action, q in outcomes:
            walk(state.child(action), p * q)

    walk(game.new_initial_state(), 1.0)
    assert len(seen) == math.comb(4, 2) * math.comb(2, 2)
    assert all(math.isclose(p, 1 / 6) for p in seen.values())


def test_sampled_chance() -> None:
    game = pyspiel.load_game("python_bluffhouse(game=bullshit,seeds=16)")
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(i, 1 / 16) for i in range(16)]
    # one read-only list for every state (a fresh one of 65,536 pairs costs a game 2 ms)
    outcomes = state.chance_outcomes()
    assert game.new_initial_state().chance_outcomes() is outcomes
    for change in (
        lambda: outcomes.append((16, 0.0)),
        lambda: outcomes.pop(),
        lambda: outcomes.__setitem__(0, (0, 1.0)),
        outcomes.clear,
    ):
        with pytest.raises(TypeError, match=r"copy it first: list\(state.chance_outcomes"):
            change()
    assert outcomes == [(i, 1 / 16) for i in range(16)]
    assert pyspiel.State.chance_outcomes(state) == outcomes  # (what C++ callers get)
    state.apply_action(5)
    assert not state.is_chance_node()
    other = game.new_initial_state()
    other.apply_action(5)
    assert state.information_state_string(0) == other.information_state_string(0)


def test_observations() -> None:
    """The tensors are written into the observer's own buffer (read back through its dict),
    equal the encoder's vector, and the strings name the seat's cards and not the others'."""
    game = pyspiel.load_game("python_bluffhouse(game=bullshit,players=2,seeds=4)")
    state = game.new_initial_state()
    state.apply_action(1)
    for _ in range(5):
        state.apply_action(state.legal_actions()[len(state.legal_actions()) // 2])
    obs = game.make_py_observer()
    obs.set_from(state, 0)
    assert np.shares_memory(obs.dict["observation"], obs.tensor)
    expected = game.shared.encoder.encode(state.engine.game.view(0))
    assert np.array_equal(obs.tensor, expected)
    assert np.allclose(state.observation_tensor(0), expected)
    # the observation tensor reads the last few events: no perfect-recall tensor is claimed
    assert not game.get_type().provides_information_state_tensor
    recall = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    with pytest.raises(bh.RuleError, match="no perfect-recall tensor"):
        recall.set_from(state, 0)
    mine = state.engine.game.view(0)["hand"]
    theirs = state.engine.game.view(1)["hand"]
    info = state.information_state_string(0)
    text = state.observation_string(0)
    assert all(card in text for card in mine[:3])
    assert not any(f'"{card}"' in info for card in set(theirs) - set(mine))
    public = game.make_py_observer(
        pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
        )
    )
    assert "hand:" not in public.string_from(state, 0)


def test_cfr_on_the_tiny_game() -> None:
    """OpenSpiel's CFR drives the NashConv of the tiny game down, run natively on its tree
    exported as EFG (1,217 nodes: pinned)."""
    game = pyspiel.load_game(TINY)
    text = bos.to_efg(game)
    assert len(text.splitlines()) == 2 + 1217
    efg = pyspiel.load_efg_game(text)
    solver = pyspiel.CFRSolver(efg)
    conv = []
    for i in range(1, 201):
        solver.evaluate_and_update_policy()
        if i in (1, 10, 200):
            conv.append(pyspiel.nash_conv(efg, solver.average_policy()))
    assert conv[0] > conv[1] > conv[2] and conv[2] < 0.01


def test_the_reduced_pack_is_dealt_and_bid_from_its_own_cards() -> None:
    game = pyspiel.load_game(HEADS_UP)
    assert game.num_distinct_actions() == 10  # the call and nine bids ('high' among them)
    state = game.new_initial_state()
    dealt = sorted(CARD_TEXT[card] for card, _ in state.chance_outcomes())
    assert dealt == ["AH", "AS", "KH", "KS"]


@pytest.mark.slow
def test_cfr_on_heads_up_poker_bull() -> None:
    """The Poker Bull configuration of docs/research.md (6,139 nodes: pinned): CFR's NashConv
    falls below 0.05 in 100 iterations."""
    efg = pyspiel.load_efg_game(bos.to_efg(pyspiel.load_game(HEADS_UP)))
    solver = pyspiel.CFRSolver(efg)
    first = None
    for _ in range(100):
        solver.evaluate_and_update_policy()
        if first is None:
            first = pyspiel.nash_conv(efg, solver.average_policy())
    last = pyspiel.nash_conv(efg, solver.average_policy())
    assert first is not None and first > 1.0 and last < 0.05


@pytest.mark.slow
def test_cfr_on_the_registered_game_matches_the_export() -> None:
    """The same CFR run straight on python_bluffhouse gives the same NashConv as on the
    exported tree after two iterations (the first's average policy is still uniform; each
    NashConv on the Python game costs about 8 s, so it is taken once)."""
    game = pyspiel.load_game(TINY)
    efg = pyspiel.load_efg_game(bos.to_efg(game))
    direct, native = pyspiel.CFRSolver(game), pyspiel.CFRSolver(efg)
    for _ in range(2):
        direct.evaluate_and_update_policy()
        native.evaluate_and_update_policy()
    assert math.isclose(
        pyspiel.nash_conv(game, direct.average_policy()),
        pyspiel.nash_conv(efg, native.average_policy()),
    )


def test_max_game_length_bounds() -> None:
    """Every family's games stay within the declared length (random_sim_test checks it too)."""
    for spec in (
        "python_bluffhouse(game=bullshit)",
        "python_bluffhouse(game=poker_bull)",
        "python_bluffhouse(game=sneak)",
    ):
        assert pyspiel.load_game(spec).max_game_length() > 500


def test_every_preset_loads() -> None:
    for preset in bh.presets():
        game = pyspiel.load_game("python_bluffhouse", {"game": preset.id})
        assert game.num_distinct_actions() > 1, preset.id
    assert bos.SHORT_NAME in [g.short_name for g in pyspiel.registered_games()]


@pytest.mark.parametrize("spec", [SMALL[2], SMALL[6], SMALL[7]])
def test_python_side_answers_are_the_cpp_ones(spec: str) -> None:
    """``legal_actions``, ``is_chance_node`` and ``observation_tensor`` asked from Python skip
    OpenSpiel's C++ round trip: on random states (chance nodes and the end included) they give
    exactly what the C++ methods give."""
    import random

    game = pyspiel.load_game(spec)
    rng = random.Random(spec)
    state = game.new_initial_state()
    n = game.num_players()
    for step in range(60):
        assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
        assert state.legal_actions() == pyspiel.State.legal_actions(state)
        for p in range(n):
            assert state.legal_actions(p) == pyspiel.State.legal_actions(state, p)
            if step % 7 == 0 or state.is_terminal():
                assert state.observation_tensor(p) == pyspiel.State.observation_tensor(state, p)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    with pytest.raises(pyspiel.SpielError):
        state.observation_tensor(n)  # (the C++ check names the bad player)


def test_a_copy_and_its_original_keep_their_own_reads() -> None:
    """A state keeps what it read of its game per version (the seat asked, the views), and a
    copy shares them until one of the two acts: after the copy acts, the original still
    answers for its own game (the C++ answers agree), and so does the copy."""
    import random

    game = pyspiel.load_game(SMALL[7])
    state = game.new_initial_state()
    state.apply_action(7)
    rng = random.Random(7)
    for _ in range(15):
        player = state.current_player()
        legal = state.legal_actions()
        seen = state.observation_tensor(player)
        copy = state.clone()
        copy.apply_action(legal[-1])
        assert state.current_player() == player
        assert state.legal_actions() == legal == pyspiel.State.legal_actions(state)
        assert state.observation_tensor(player) == seen
        assert copy.legal_actions() == pyspiel.State.legal_actions(copy)
        p = copy.current_player()
        assert copy.observation_tensor(p) == pyspiel.State.observation_tensor(copy, p)
        state.apply_action(legal[rng.randrange(len(legal))])


def test_sneak_ids_not_legal_now_are_refused_changing_nothing() -> None:
    """Sneak's legal ids (found among those listed for the seat) are taken back by the engine
    unchecked; any other id still goes through ``apply``'s validation: refused with the state
    unchanged (history, game, legal ids), whether the legal actions were listed first or not,
    in turns and in challenge windows (the flaunt id of a card set whose challenge takes the
    sneak's id).  Action strings name the reading in force, one per legal id."""
    import random

    game = pyspiel.load_game("python_bluffhouse(game=sneak,players=3,chance=sampled)")
    codec = game.shared.codec
    state = game.new_initial_state()
    state.apply_action(11)
    rng = random.Random(11)
    phases = set()
    for step in range(40):
        player = state.current_player()
        legal = state.legal_actions() if step % 2 else pyspiel.State.legal_actions(state)
        view = state.view_of(player)
        phases.add(view["phase"])
        names = [state.action_to_string(player, a) for a in legal]
        assert len(set(names)) == len(names)
        if view["phase"] == "window":
            assert all(n in ("pass",) or n.startswith("challenge ") for n in names)
        bad = [i for i in (0, 1, 2, codec.size - 1) if i not in legal]
        bad += flaunt_twins(codec, legal, 10)
        history, text = state.history(), str(state)
        for i in bad:
            if step % 4 == 1:
                state._legal = None  # (not listed: the validating path alone)
            with pytest.raises(bh.IllegalAction):
                state.apply_action(i)
            assert state.history() == history and str(state) == text
            assert state.legal_actions() == legal
        state.apply_action(legal[rng.randrange(len(legal))])
    assert phases == {"turn", "window"}
    assert state.action_to_string(pyspiel.PlayerId.TERMINAL, 0) == codec.describe(0)


def _after_deal(game: Any, seed: int) -> Any:
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randint(len(outcomes))][0])
    return state, rng


def test_the_information_state_string_is_perfect_recall_at_a_constant_cost() -> None:
    """Two states that differ only in an event past the last few written out still differ
    (the digest of the whole log); a copy reads the same; the string does not grow with the
    log."""
    game = pyspiel.load_game("python_bluffhouse(game=bullshit,players=3,stall_limit=2000)")
    state, rng = _after_deal(game, 1)
    lengths = []
    for step in range(400):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randint(len(actions))])
        info = state.information_state_string(0)
        assert info == state.clone().information_state_string(0)
        lengths.append(len(info))
        if step == 20:
            fork = state.clone()
    assert max(lengths) < 4 * min(lengths)  # (the last few events and the view: bounded)
    # the same public moves after a different early move: the strings differ
    a, b = fork.clone(), fork.clone()
    first = a.legal_actions()
    a.apply_action(first[0])
    b.apply_action(first[-1])
    assert a.information_state_string(0) != b.information_state_string(0)
    assert str(a) != str(b)


@pytest.mark.parametrize(
    "spec",
    [
        "python_bluffhouse(game=bullshit,players=3,deck_ranks=A23,stall_limit=30)",
        "python_bluffhouse(game=poker_bull,players=3,hand_size=2)",
        "python_bluffhouse(game=sneak,players=3,target=4)",
    ],
)
def test_resample_from_infostate_keeps_what_the_seat_knows(spec: str) -> None:
    game = pyspiel.load_game(spec)
    state, rng = _after_deal(game, 2)
    for _ in range(6):
        if state.is_terminal():
            break
        actions = state.legal_actions()
        state.apply_action(actions[rng.randint(len(actions))])
    seat = state.current_player()
    draws = iter(np.random.RandomState(3).rand(20))
    differ = False
    for _ in range(8):
        other = state.resample_from_infostate(seat, lambda: next(draws))
        assert other.information_state_string(seat) == state.information_state_string(seat)
        assert other.current_player() == seat
        assert sorted(other.legal_actions()) == sorted(state.legal_actions())
        mine = other.engine.game.view(seat)
        theirs = [other.engine.game.view(s)["hand"] for s in range(game.num_players())]
        assert mine["hand"] == state.engine.game.view(seat)["hand"]
        differ |= theirs != [state.engine.game.view(s)["hand"] for s in range(game.num_players())]
        other.apply_action(other.legal_actions()[0])  # a world that plays on
    assert differ  # the hidden cards were drawn afresh
    with pytest.raises(bh.RuleError, match="deal done"):
        game.new_initial_state().resample_from_infostate(0, lambda: 0.5)


@pytest.mark.parametrize(
    "spec",
    [
        "python_bluffhouse(game=bullshit,players=3,deck_ranks=A23,stall_limit=30)",
        "python_bluffhouse(game=poker_bull,players=3,hand_size=2)",
        "python_bluffhouse(game=sneak,players=3,target=4)",
    ],
)
def test_openspiels_python_ismcts_plays_every_family(spec: str) -> None:
    """OpenSpiel's own ISMCTS (its Python bot: resample_from_infostate is what it needs; its
    C++ ISMCTSBot cannot reach a Python game's method) plays seat 0 to the end."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(spec)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rng)
    state, rng = _after_deal(game, 4)
    moves = 0
    while not state.is_terminal() and moves < 12:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            continue
        actions = state.legal_actions()
        if state.current_player() == 0:
            action = bot.step(state)
            assert action in actions
            moves += 1
        else:
            action = actions[rng.randint(len(actions))]
        state.apply_action(action)
    assert moves >= 3
