"""The batched Cheat environment's calls over the whole batch: one action per game (a game
that ends is dealt anew at once), the observations and masks of any seats, fresh generators
and dealt rows; each loops over the rows with :mod:`.batched_kernel`'s transitions and
observation and :mod:`.batched_masks`'s masks."""

from __future__ import annotations

from typing import Any

import numpy as np

from .batched_beliefs import BELIEFS, beliefs, beliefs_of
from .batched_jit import _jit
from .batched_kernel import (
    C_KNOW,
    OVER,
    S_PHASE,
    S_STALLED,
    S_TRUNC,
    _apply,
    _deal,
    _next_random,
    _start,
    acting_seat,
    observe,
    result_rewards,
)
from .batched_masks import legal_mask


@_jit
def step_batch(
    rows: Any,
    rng: Any,
    actions: Any,
    cfg: Any,
    fcfg: Any,
    deck: Any,
    claimable: Any,
    first_claims: Any,
    after: Any,
    after_n: Any,
    group_cards: Any,
    group_of: Any,
    ms_counts: Any,
    bad: Any,
    big: Any,
    obs: Any,
    mask: Any,
    mask64: Any,
    seat_out: Any,
    rewards: Any,
    terminated: Any,
    truncated: Any,
    stalled: Any,
    final_obs: Any,
    final_seat: Any,
    scratch: Any,
    words: Any,
    acfg: Any,
    known: Any,
    bscratch: Any,
) -> None:
    """One action per game (``actions[e] < 0``: a fresh game instead); a game that ends is
    dealt anew at once, its rewards and last observation (of the seat that acted) kept in
    ``rewards``, ``final_obs`` and ``final_seat``.  Writes each game's acting seat, its
    observation and its mask."""
    for e in range(rows.shape[0]):
        r = rows[e]
        a = actions[e]
        terminated[e] = False
        truncated[e] = False
        stalled[e] = False
        for s in range(rewards.shape[1]):
            rewards[e, s] = 0.0
        final_seat[e] = -1
        if a < 0:
            _deal(r, rng, e, cfg, deck, claimable, first_claims)
        else:
            acted = acting_seat(r, cfg)
            _apply(r, cfg, claimable, after, after_n, group_cards, ms_counts, a, scratch)
            if r[S_PHASE] == OVER or r[S_TRUNC]:
                if r[S_PHASE] == OVER:
                    terminated[e] = True
                    stalled[e] = r[S_STALLED] == 1
                    result_rewards(r, cfg, rewards[e])
                else:
                    truncated[e] = True
                final_seat[e] = acted
                observe(r, cfg, fcfg, after_n, after, acted, final_obs[e])
                if cfg[C_KNOW] > 0:
                    at = final_obs.shape[1] - BELIEFS
                    beliefs(r, cfg, acfg, acted, final_obs[e, at:], known, bscratch)
                _deal(r, rng, e, cfg, deck, claimable, first_claims)
        seat = acting_seat(r, cfg)
        seat_out[e] = seat
        observe(r, cfg, fcfg, after_n, after, seat, obs[e])
        if cfg[C_KNOW] > 0:
            beliefs(r, cfg, acfg, seat, obs[e, obs.shape[1] - BELIEFS :], known, bscratch)
        legal_mask(r, cfg, bad, big, group_of, seat, mask[e], mask64[e], scratch, words)


@_jit
def seed_batch(rng: Any, seed: int) -> None:
    """Each game's generator from one seed (splitmix64 of seed and game number)."""
    for e in range(rng.shape[0]):
        rng[e] = np.uint64(seed) * np.uint64(0x100000001B3) + np.uint64(e) * np.uint64(
            0x9E3779B97F4A7C15
        )
        _next_random(rng, e)


@_jit
def observe_batch(
    rows: Any, cfg: Any, fcfg: Any, after_n: Any, after: Any, seats: Any, out: Any, acfg: Any
) -> None:
    for e in range(rows.shape[0]):
        observe(rows[e], cfg, fcfg, after_n, after, seats[e], out[e])
        if cfg[C_KNOW] > 0:
            beliefs_of(rows[e], cfg, acfg, seats[e], out[e, out.shape[1] - BELIEFS :])


@_jit
def mask_batch(
    rows: Any,
    cfg: Any,
    bad: Any,
    big: Any,
    group_of: Any,
    seats: Any,
    out: Any,
    out64: Any,
    scratch: Any,
    words: Any,
) -> None:
    for e in range(rows.shape[0]):
        legal_mask(rows[e], cfg, bad, big, group_of, seats[e], out[e], out64[e], scratch, words)


@_jit
def start_dealt(rows: Any, cfg: Any, claimable: Any, first_claims: Any) -> None:
    """Each row's first turn after its hands were written (``BatchedCheat.reset(deals=)``)."""
    for e in range(rows.shape[0]):
        _start(rows[e], cfg, claimable, first_claims)
