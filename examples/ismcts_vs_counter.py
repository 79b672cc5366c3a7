"""OpenSpiel's ISMCTS against bluffhouse's ``counter``: seat 0 is OpenSpiel's Python
``ISMCTSBot`` (it deals the cards it cannot see afresh through ``resample_from_infostate``),
the other seats are ``counter``, on a small Cheat table (three seats, aces to threes).

    python examples/ismcts_vs_counter.py [--games 20] [--simulations 100] [SPEC]

Prints each game's winner and seat 0's share of the wins (a fair share is 1/players).
"""

from __future__ import annotations

import argparse

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import bluffhouse.interop.openspiel  # noqa: F401  (registers python_bluffhouse)
from bluffhouse.bots import Choices, make_bot

SMALL = "python_bluffhouse(game=bullshit,players=3,deck_ranks=A23,stall_limit=30)"


def counter_action(state: pyspiel.State, bot: object) -> int:
    """``counter``'s move in ``state``, as the game's action id."""
    seat = state.current_player()
    game = state.engine.game
    view = game.view(seat)
    action = bot.act(view, Choices(game, seat))  # type: ignore[attr-defined]
    index = state.shared.codec.encode(action, view)
    if index is None or index not in state.legal_actions():
        raise RuntimeError(f"counter chose {action}, outside the action space")
    return int(index)


def main(argv: list[str] | None = None) -> float:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", nargs="?", default=SMALL)
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)

    game = pyspiel.load_game(args.spec)
    rng = np.random.RandomState(args.seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=args.simulations, random_state=rng
    )
    others = {s: make_bot("counter", seed=args.seed + s) for s in range(1, game.num_players())}
    wins = 0
    for g in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randint(len(outcomes))][0])
            elif state.current_player() == 0:
                state.apply_action(searcher.step(state))
            else:
                state.apply_action(counter_action(state, others[state.current_player()]))
        returns = state.returns()
        winner = int(np.argmax(returns)) if max(returns) > 0 else None
        wins += winner == 0
        print(f"game {g + 1}: winner {winner}, returns {[round(r, 2) for r in returns]}")
    share = wins / int(args.games)
    print(f"ISMCTS (seat 0) won {wins} of {args.games} games ({share:.0%}) against counter")
    return share


if __name__ == "__main__":
    main()
