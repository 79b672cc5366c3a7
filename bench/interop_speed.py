"""Environment steps per second through each research interface, against the engine in the
same run.

For each game, these paths play random games, each action drawn uniformly among the legal
ones (the environments: a uniform legal id of the action mask):

- ``simulate``: the engine's own bot loop (``bluffhouse.simulate``) with ``random`` bots, which
  draw an action without listing them all (the baseline of the ratio);
- ``engine``: what any agent needs from the engine each step, with no wrapping: the seat's
  ``view``, its ``legal_actions``, a uniform choice, ``apply``;
- ``pettingzoo``: the AEC env (``last()``: observation vector and action mask; ``step``);
- ``gymnasium``: one learning seat, the others ``random`` bots (every action counted, the bots'
  too; the learner's steps per second are printed beside);
- ``openspiel``: ``python_bluffhouse`` (``legal_actions``, the current player's
  ``observation_tensor``, ``apply_action``);
- ``openspiel_observer``: the same, the observation read through OpenSpiel's observer API
  (``open_spiel.python.observation.make_observation(game).set_from(state, player)``, the
  vector written into its numpy ``tensor``), as OpenSpiel's Python algorithms read it:
  ``observation_tensor`` must build a list of Python floats (575 for Sneak).

The environments' random agents read the mask with ``np.flatnonzero(mask.view(bool))`` (numpy's
``nonzero`` of an int8 array is 25 times slower than of the same bytes seen as bool: 350 us for
Sneak's then 91,458 ids) and draw among its ids with ``random.Random.randrange``, as the ``engine``
path draws among its list (numpy's ``Generator.choice`` costs more than a Sneak engine step's
listing).  Each path first plays one game uncounted (building environments and
their tables), then the paths take turns in slices of ``--slice`` seconds until each has run
``--seconds``, so a machine whose speed drifts treats them alike.  Printed: actions per second
per path, and each path's time per action as a multiple of ``simulate``'s and of ``engine``'s
(the wrapping overhead: the environments' own cost over the engine's step).

Usage: python bench/interop_speed.py [--games bullshit,poker_bull,sneak] [--seconds 6]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Iterator

import numpy as np

import bluffhouse as bh
from bluffhouse.bots import make_bot
from bluffhouse.simulate import play_game


def engine_sim(game_id: str, seed: int, players: int | None = None) -> Iterator[int]:
    """The engine's own loop: ``random`` bots (one game per yield: its actions)."""
    while True:
        state = bh.new_game(game_id, players, seed=seed)
        bots = [make_bot("random", seed=seed * 10 + s) for s in range(state.players)]
        yield play_game(state, bots)
        seed += 1


def engine_loop(game_id: str, seed: int, players: int | None = None) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        state = bh.new_game(game_id, players, seed=seed)
        steps = 0
        while not state.over and steps < 20_000:
            seat = state.to_act[0]
            state.view(seat)
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
            steps += 1
        yield steps
        seed += 1


def pettingzoo_loop(game_id: str, seed: int, players: int | None = None) -> Iterator[int]:
    from bluffhouse.interop.pettingzoo import raw_env

    env = raw_env(game=game_id, players=players)
    rng = random.Random(seed)
    env.reset(seed=seed)
    while True:
        steps = 0
        for _agent in env.agent_iter(20_000 * env.num_agents):
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"].view(bool))
            env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        yield steps
        env.reset()


def gymnasium_loop(
    game_id: str, seed: int, learner_steps: list[int], players: int | None = None
) -> Iterator[int]:
    from bluffhouse.interop.gymnasium import BluffhouseEnv

    env = BluffhouseEnv(game=game_id, players=players, bots="random")
    rng = random.Random(seed)
    _, info = env.reset(seed=seed)
    while True:
        before = env.table.current().version
        done = False
        steps = 0
        while not done and steps < 20_000:
            legal = np.flatnonzero(info["action_mask"].view(bool))
            _, _, terminated, truncated, info = env.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
            done = terminated or truncated
        learner_steps.append(steps)
        yield env.table.current().version - before
        _, info = env.reset()


def openspiel_loop(
    game_id: str, seed: int, players: int | None = None, observer: bool = False
) -> Iterator[int]:
    """``observer``: read the observation through OpenSpiel's observer API
    (``make_observation(game).set_from(state, player)``: the encoder writes into a numpy
    ``tensor`` in place) rather than ``state.observation_tensor(player)``, which must hand back
    a list of Python floats."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import bluffhouse.interop.openspiel  # noqa: F401  (registers python_bluffhouse)

    game = pyspiel.load_game(
        "python_bluffhouse",
        {"game": game_id, "chance": "sampled", "players": -1 if players is None else players},
    )
    set_from = make_observation(game).set_from if observer else None
    rng = random.Random(seed)
    while True:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            legal = state.legal_actions()
            if set_from is None:
                state.observation_tensor(state.current_player())
            else:
                set_from(state, state.current_player())
            state.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
        yield steps


def path_makers(
    game_id: str, seed: int, learner: list[int]
) -> dict[str, Callable[[], Iterator[int]]]:
    """Every path by name, each a maker of its games (``learner``: where the Gymnasium path
    adds its learner's steps)."""
    return {
        "simulate": lambda: engine_sim(game_id, seed),
        "engine": lambda: engine_loop(game_id, seed),
        "pettingzoo": lambda: pettingzoo_loop(game_id, seed),
        "gymnasium": lambda: gymnasium_loop(game_id, seed, learner),
        "openspiel": lambda: openspiel_loop(game_id, seed),
        "openspiel_observer": lambda: openspiel_loop(game_id, seed, observer=True),
    }


def run(
    paths: dict[str, Iterator[int]], seconds: float, slice_s: float
) -> dict[str, tuple[int, float]]:
    """Each path in turn for ``slice_s`` (whole games), until each has run ``seconds``."""
    done = {name: [0, 0.0] for name in paths}
    for games in paths.values():
        next(games)  # one game each first, uncounted: environments built, tables cached
    while min(t for _, t in done.values()) < seconds:
        for name, games in paths.items():
            if done[name][1] >= seconds:
                continue
            start = time.perf_counter()
            actions = 0
            while time.perf_counter() - start < slice_s:
                actions += next(games)
            done[name][0] += actions
            done[name][1] += time.perf_counter() - start
    return {name: (int(a), float(t)) for name, (a, t) in done.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default="bullshit,poker_bull,sneak")
    ap.add_argument("--seconds", type=float, default=6.0)
    ap.add_argument("--slice", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    for game_id in args.games.split(","):
        learner: list[int] = []
        makers = path_makers(game_id, args.seed, learner)
        results = run({name: make() for name, make in makers.items()}, args.seconds, args.slice)
        base = results["simulate"][1] / max(1, results["simulate"][0])
        loop = results["engine"][1] / max(1, results["engine"][0])
        print(f"{game_id}: random games, every action uniform among the legal ones")
        for name, (actions, secs) in results.items():
            per = secs / max(1, actions)
            extra = ""
            if name == "gymnasium" and learner:
                extra = f" (learner steps {sum(learner) / secs:,.0f}/s)"
            print(
                f"  {name:18s} {actions / secs:10,.0f} actions/s  {per / base:6.2f} x simulate"
                f"  {per / loop:5.2f} x engine{extra}"
            )


if __name__ == "__main__":
    main()
