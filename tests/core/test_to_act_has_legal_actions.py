"""In every reachable state of every preset of every family (Cheat, Poker Bull, Sneak), each
seat in ``to_act`` has at least one legal action, and a game is over exactly when nobody may
act.  A seat in ``to_act`` with nothing to do is a stuck game: an Eightsh*t player whose hand
emptied when a full set was put aside, left on turn with nothing to lead, was one.  Each
state's save also loads: ``bh.load`` refuses states play never reaches, never one it does.

States are reached by random play (the ``random`` bot and the card-counting and fixed-style
bots, mixed, over several seeds; small deals for the Cheat family, which reach empty hands,
sets put aside and going out within a few actions) and by a hypothesis-driven walk that picks
the seat and the action itself.  The default run takes a few seconds; ``-m slow`` adds more
seeds, full deals and longer games (they load the save of every third state, and of the last:
loading checks the whole record, which would double their time; the default run, the random
walks of tests/core/test_load_*.py and the engine fuzzer load every state they reach).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cards import CARD_TEXT, build_deck

#: Every preset once (aliases name the same games).
GAMES = sorted({bh.lookup(g).id for g in bh.list_games()})
#: The mixes of bots that play the random games, one policy a seat, cycled.
MIXES = [
    ["random"],
    ["counter", "random", "always_call", "always_lie"],
    ["honest", "never_call", "random", "counter"],
]


def family(game_id: str) -> str:
    return bh.lookup(game_id).family.FAMILY


def players_for(game_id: str, rng: random.Random) -> int:
    preset = bh.lookup(game_id)
    low = preset.min_players or preset.family.MIN_PLAYERS
    high = min(preset.max_players or preset.family.MAX_PLAYERS, 6)
    return rng.randint(low, high)


def new_game(game_id: str, players: int, seed: int, small: bool) -> bh.Game:
    """A shuffled game; ``small`` (Cheat family only): each seat is dealt one to six cards of
    the packs, the rest out of play, so the end game comes within a few actions.  Half of
    the small deals hold only two ranks (and the jokers), so that full sets are completed and
    put aside, and hands emptied that way, within a few calls."""
    if not small or family(game_id) != "cheat":
        return bh.new_game(game_id, players=players, seed=seed)
    rules: Any = bh.new_game(game_id, players=players, seed=seed).rules
    deck = [
        CARD_TEXT[c] for c in build_deck(rules.decks, rules.jokers, rules.deck_rank_list(players))
    ]
    rng = random.Random(seed)
    if rng.random() < 0.5:
        ranks = rng.sample(sorted({c[0] for c in deck if c != "JK"}), 2)
        deck = [c for c in deck if c[0] in ranks or c == "JK"]
    rng.shuffle(deck)
    deal: list[list[str]] = []
    for _ in range(players):
        k = rng.randint(1, 6)
        deal.append(deck[:k])
        deck = deck[k:]
    return bh.new_game(game_id, players=players, seed=seed, deal=deal)


#: The slow tests load the save of one state in this many (and of the last one).
SAVE_EVERY = 3


def check(state: bh.Game, where: str, save: bool = True) -> None:
    """The property, with enough said to reproduce a failure."""
    to_act = state.to_act
    assert state.over == (to_act == []), f"{where}: over={state.over} but to_act={to_act}"
    # ... and its save loads: the load checks refuse states play never reaches (a window
    # with no play, a seat in with no cards), and must never refuse one it does.
    if save or state.over:
        try:
            bh.load(state.to_json())
        except bh.SaveError as exc:
            raise AssertionError(f"{where}: a reachable state's save is refused: {exc}") from None
    if state.over:
        assert state.result is not None, where
        return
    for seat in to_act:
        if not state.legal_actions(seat):
            view = state.view(None)
            shown = {
                k: view.get(k)
                for k in ("phase", "turn", "hand_sizes", "finished", "out", "lost", "stock_size")
                if k in view
            }
            raise AssertionError(
                f"{where}: seat {seat} is in to_act {to_act} but has no legal action; {shown}"
            )


def play_random(
    game_id: str, seed: int, mix: list[str], steps: int, small: bool, save_every: int = 1
) -> None:
    rng = random.Random(seed)
    players = players_for(game_id, rng)
    state = new_game(game_id, players, seed, small)
    bots = [make_bot(mix[s % len(mix)], seed=seed * 10 + s) for s in range(players)]
    check(state, f"{game_id} seed {seed} {players} players, start")
    for step in range(steps):
        if state.over:
            break
        # Any seat that may act, not only the first: windows are answered in every order.
        seat = rng.choice(state.to_act)
        bot = bots[seat]
        view = state.view(seat) if bot.wants_view else None
        action = bot.act(view, Choices(state, seat))
        state.apply(seat, action)
        check(
            state,
            f"{game_id} seed {seed} {players} players {mix}, after step {step} "
            f"(seat {seat}: {action})",
            save=step % save_every == 0,
        )


@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_never_leaves_a_seat_without_an_action(game_id: str) -> None:
    if family(game_id) == "poker_bull":
        # Its bots weigh every bid by its odds and it lists every bid above the standing one:
        # random seats and fewer steps keep this quick (the slow test mixes bots in).
        for seed in range(3):
            play_random(game_id, seed, MIXES[0], steps=25, small=True)
        return
    for seed, mix in enumerate(MIXES):
        play_random(game_id, seed, mix, steps=60, small=True)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_random_play_never_leaves_a_seat_without_an_action_many_seeds(game_id: str) -> None:
    # Poker Bull and Sneak bots weigh every option by its odds: shorter games keep this to
    # about a minute a family. Three seeds (CI time; the engine fuzzer, bench/fuzz_engine.py,
    # plays far more of every preset).
    steps = 250 if family(game_id) == "cheat" else 120
    for seed in range(3, 6):
        mix = MIXES[seed % len(MIXES)]
        play_random(game_id, seed, mix, steps=steps, small=seed % 2 == 0, save_every=SAVE_EVERY)


def _walk(data: Any, game_id: str, steps: int, full: bool) -> None:
    """``full``: the deal may be a whole shuffled pack (Cheat hands of a dozen cards and more
    list hundreds of plays, thousands with count lies: slow), else a small one."""
    seed = data.draw(st.integers(0, 2**32), label="seed")
    rng = random.Random(seed)
    players = players_for(game_id, rng)
    small = data.draw(st.booleans(), label="small deal") if full else True
    state = new_game(game_id, players, seed, small)
    check(state, f"{game_id} seed {seed}, start")
    for step in range(steps):
        if state.over:
            break
        seat = data.draw(st.sampled_from(state.to_act), label="seat")
        listed = state.legal_actions(seat)
        # An action type first (the rare ones are reached as often as plays), then one of it.
        kind = data.draw(st.sampled_from(sorted({a["type"] for a in listed})), label="type")
        action = data.draw(
            st.sampled_from([a for a in listed if a["type"] == kind]), label="action"
        )
        state.apply(seat, action)
        check(
            state,
            f"{game_id} seed {seed} {players} players small={small}, after step "
            f"{step} (seat {seat}: {action})",
            save=not full or step % SAVE_EVERY == 0,
        )


WALK = settings(
    max_examples=3,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@pytest.mark.parametrize("game_id", GAMES)
def test_any_walk_never_leaves_a_seat_without_an_action(game_id: str) -> None:
    @WALK
    @given(st.data())
    def run(data: Any) -> None:
        _walk(data, game_id, steps=20, full=False)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_any_walk_never_leaves_a_seat_without_an_action_deeper(game_id: str) -> None:
    @settings(WALK, max_examples=2, derandomize=False)
    @given(st.data())
    def run(data: Any) -> None:
        _walk(data, game_id, steps=80, full=True)

    run()
