"""Poker Bull speed: bid-existence checks and random games through the public API.

Usage: python bench/pokerbull_speed.py [--checks N] [--games N] [--seed S]

Prints
- bid-existence checks per second (and microseconds per check) over random 30-card sets of
  the 54-card deck, against a simple baseline in the same run: trying every 5-card subset
  of the 30 cards (itertools, natural hands only, stopping at the first hit);
- random 5-player games of ``poker_bull`` per second through the public API (every turn calls
  ``legal_actions`` and then ``apply``, which validates the action), against a simple
  baseline in the same run: the same games (same seeds, same random choices) played by a
  straightforward loop that scans every bid for legality at each turn with no caching.
"""

from __future__ import annotations

import argparse
import itertools
import random
import time
from collections.abc import Sequence

import bluffhouse as bh
from bluffhouse.cards import JOKER, build_deck
from bluffhouse.pokerbull.bids import (
    DEFAULT_ORDER,
    FULL,
    Bid,
    bid_space,
    exists,
    guaranteed,
    may_follow,
    parse_bid,
    summarize,
)


# ---------------------------------------------------------------- existence
def _brute_exists(bid: Bid, cards: Sequence[int]) -> bool:
    """Baseline: every 5-card subset (natural cards only), the pattern checked on each."""
    natural = [c for c in cards if c != JOKER]
    nat_bid = bid._replace(natural=True)
    for five in itertools.combinations(natural, min(5, len(natural))):
        if exists(nat_bid, summarize(five)):
            return True
    return False


def bench_exists(checks: int, seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    deck = build_deck(1, 2)
    space = bid_space(FULL, DEFAULT_ORDER, 2)
    sets = [rng.sample(deck, 30) for _ in range(200)]
    bids = [rng.choice(space.bids) for _ in range(checks)]
    t0 = time.perf_counter()
    hits = 0
    for i, bid in enumerate(bids):
        hits += exists(bid, summarize(sets[i % 200]))
    fast = (time.perf_counter() - t0) / checks
    summaries = [summarize(s) for s in sets]
    t0 = time.perf_counter()
    for i, bid in enumerate(bids):
        exists(bid, summaries[i % 200])
    core = (time.perf_counter() - t0) / checks
    print(f"bid existence, 30 cards: {1 / fast:,.0f} checks/s ({fast * 1e6:.2f} us/check, "
          f"cards summarised each time); {1 / core:,.0f} checks/s ({core * 1e6:.2f} us) on a "
          f"ready summary; {hits / checks:.0%} of random bids present")
    # Baseline: rare hands make it walk all 142,506 subsets, so time a few of each kind.
    sample = [parse_bid(t) for t in ("pair", "flush S A K", "straight 9", "quads 7",
                                     "full_house K 2", "straight_flush H 9")]
    t0 = time.perf_counter()
    for i, bid in enumerate(sample):
        _brute_exists(bid, sets[i])
    slow = (time.perf_counter() - t0) / len(sample)
    print(f"  baseline (every 5-card subset, itertools): {1 / slow:,.1f} checks/s "
          f"({slow * 1e3:.1f} ms/check); ratio {slow / fast:,.0f}x faster")
    return fast, slow


# ---------------------------------------------------------------- games
def bench_games(games: int, baseline_games: int, seed: int) -> None:
    times: list[float] = []
    actions = 0
    for g_seed in range(seed, seed + games):
        t0 = time.perf_counter()
        rng = random.Random(g_seed)
        g = bh.new_game("poker_bull", players=5, seed=g_seed)
        while not g.over:
            seat = g.to_act[0]
            action = rng.choice(g.legal_actions(seat))
            g.apply(seat, action)
            actions += 1
        times.append(time.perf_counter() - t0)
    fast = sum(times)
    print(f"random 5-player games (public API, every action validated): "
          f"{games / fast:,.1f} games/s, {actions / fast:,.0f} actions/s "
          f"({actions / games:.0f} actions a game)")
    t0 = time.perf_counter()
    for g_seed in range(seed, seed + baseline_games):
        _baseline_game(g_seed)
    slow = time.perf_counter() - t0
    same = sum(times[:baseline_games])
    print(f"  baseline (the first {baseline_games} of these games again, scanning every bid "
          f"each turn, no caching): {baseline_games / slow:,.2f} games/s; "
          f"ratio {slow / same:,.1f}x faster")


def _baseline_game(g_seed: int) -> int:
    """The same random game as the engine plays with this seed, by a naive loop."""
    rng = random.Random(g_seed)
    g = bh.new_game("poker_bull", players=5, seed=g_seed)  # deals and RNG as the engine's
    space = bid_space(FULL, DEFAULT_ORDER, 2)
    actions = 0
    while not g.over:
        seat = g.to_act[0]
        view = g.view(None)
        total = view["cards_in_play"]
        standing = None if view["bid"] is None else parse_bid(view["bid"])
        limit = 10_000
        listed = [t for b, t in zip(space.bids, space.texts, strict=True)
                  if may_follow(standing, b) and not guaranteed(b, total, FULL, 2)]
        if len(listed) > limit:
            listed = [t for t in listed if parse_bid(t).cat != 5 or len(parse_bid(t).spec) <= 3]
        acts = [{"type": "bid", "bid": t} for t in listed]
        if standing is not None:
            acts.append({"type": "call"})
        action = rng.choice(acts)
        if action["type"] == "bid":
            bid = parse_bid(action["bid"])
            assert may_follow(standing, bid) and not guaranteed(bid, total, FULL, 2)
        g.apply(seat, action)
        actions += 1
    return actions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--checks", type=int, default=200_000)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--baseline-games", type=int, default=0,
                    help="games for the naive baseline (default: a tenth of --games, at least 2)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bid_space(FULL, DEFAULT_ORDER, 2)  # build the cached bid space outside the timings
    bench_exists(args.checks, args.seed)
    baseline = args.baseline_games or max(2, args.games // 10)
    bench_games(args.games, min(baseline, args.games), args.seed)


if __name__ == "__main__":
    main()
