"""The batched Sneak environment's calls over the whole batch: a step of every game (each
game's action applied, an ended game dealt anew, the observation and mask of the seat asked
next written) and the observations of any seats."""

from __future__ import annotations

from typing import Any

from ..pokerbull.fast import _seed
from .batched_jit import _jit
from .batched_kernel import _next_random
from .batched_sneak_kernel import (
    C_MAXSTEPS,
    C_N,
    C_ROWLEN,
    OVER,
    S_DEALER,
    S_PHASE,
    S_STEPS,
    S_TRUNC,
    S_WINNER,
    _start_deal,
    acting_seat,
    apply,
    observe,
    result_rewards,
)
from .batched_sneak_masks import legal_mask


@_jit
def _deal(r: Any, rng: Any, e: int, mt: Any, seeds: Any, cfg: Any, deck: Any) -> None:
    """A new game: its seed drawn from the batch's generator, and dealt as the engine's
    ``new_game(seed=that seed)`` deals (its ``random.Random`` seeded alike)."""
    seeds[e] = (_next_random(rng, e) << 31) | _next_random(rng, e)
    _seed(mt, seeds[e])
    for i in range(cfg[C_ROWLEN]):
        r[i] = 0
    r[S_DEALER] = cfg[C_N] - 1
    r[S_WINNER] = -1
    _start_deal(r, mt, cfg, deck)


@_jit
def step_batch(
    rows: Any,
    rng: Any,
    mt: Any,
    seeds: Any,
    actions: Any,
    cfg: Any,
    deck: Any,
    tables: Any,
    obs: Any,
    mask: Any,
    marks: Any,
    seat_out: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    final_obs: Any,
    final_seat: Any,
) -> None:
    """As the Cheat kernel's ``step_batch``: one action per game (< 0: a fresh game)."""
    for e in range(rows.shape[0]):
        r = rows[e]
        a = actions[e]
        terminated[e] = False
        truncated[e] = False
        for s in range(rewards.shape[1]):
            rewards[e, s] = 0.0
        final_seat[e] = -1
        if a < 0:
            _deal(r, rng, e, mt[e], seeds, cfg, deck)
        else:
            acted = acting_seat(r, cfg)
            apply(r, mt[e], cfg, deck, tables, acted, a)
            r[S_STEPS] += 1
            if r[S_PHASE] != OVER and cfg[C_MAXSTEPS] > 0 and r[S_STEPS] >= cfg[C_MAXSTEPS]:
                r[S_TRUNC] = 1
            if r[S_PHASE] == OVER or r[S_TRUNC]:
                if r[S_PHASE] == OVER:
                    terminated[e] = True
                    result_rewards(r, cfg, rewards[e])
                else:
                    truncated[e] = True
                final_seat[e] = acted
                observe(r, cfg, acted, final_obs[e])
                _deal(r, rng, e, mt[e], seeds, cfg, deck)
        seat = acting_seat(r, cfg)
        seat_out[e] = seat
        observe(r, cfg, seat, obs[e])
        legal_mask(r, cfg, tables, seat, mask[e], marks[e])


@_jit
def observe_batch(rows: Any, cfg: Any, seats: Any, out: Any) -> None:
    for e in range(rows.shape[0]):
        observe(rows[e], cfg, seats[e], out[e])
