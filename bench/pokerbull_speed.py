"""Poker Bull speed: bid-existence checks and random games, with baselines from the same run.

Usage: python bench/pokerbull_speed.py [--checks N] [--games N] [--bulk-games N] [--seed S]

Prints
- bid-existence checks per second over random 30-card sets of the 54-card deck, against a
  baseline in the same run: trying every 5-card subset of the 30 cards (itertools);
- random 5-player games of ``poker_bull`` (exact rules: every guaranteed bid refused, every
  call decided exactly, jokers wild) per second, each turn one action drawn uniformly from
  what ``legal_actions`` lists:
  * through the public API with ``sample_action`` (draws without listing) and ``apply``
    (validates every action); also the RandomBot via ``bluffhouse.simulate``;
  * through the public API listing every turn (``random.choice(legal_actions(seat))``, the
    loop this benchmark timed before ``sample_action`` existed; the same games);
  * a naive baseline: the same games by a loop that scans every bid each turn;
  * the integer path (``bluffhouse.pokerbull.fast``): step by step in Python, and whole
    games in one numba-compiled loop (the same games again, move for move);
- ratios against the listing loop and the naive baseline, and against the figures the issue
  quotes for a public card Liar's Poker engine (1,785 random matches/s with loose rules,
  35/s with exact ones: measured elsewhere, on other hardware).
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
    print(
        f"bid existence, 30 cards: {1 / fast:,.0f} checks/s ({fast * 1e6:.2f} us/check, "
        f"cards summarised each time); {1 / core:,.0f} checks/s ({core * 1e6:.2f} us) on a "
        f"ready summary; {hits / checks:.0%} of random bids present"
    )
    # Baseline: rare hands make it walk all 142,506 subsets, so time a few of each kind.
    sample = [
        parse_bid(t)
        for t in (
            "pair",
            "flush S A K",
            "straight 9",
            "quads 7",
            "full_house K 2",
            "straight_flush H 9",
        )
    ]
    t0 = time.perf_counter()
    for i, bid in enumerate(sample):
        _brute_exists(bid, sets[i])
    slow = (time.perf_counter() - t0) / len(sample)
    print(
        f"  baseline (every 5-card subset, itertools): {1 / slow:,.1f} checks/s "
        f"({slow * 1e3:.1f} ms/check); ratio {slow / fast:,.0f}x faster"
    )
    return fast, slow


# ---------------------------------------------------------------- games
OTHER_LOOSE, OTHER_EXACT = 1_785, 35


def _rate(games: int, seconds: float, actions: int) -> str:
    return f"{games / seconds:,.1f} games/s, {actions / seconds:,.0f} actions/s"


def _sampled(g_seed: int) -> int:
    rng = random.Random(g_seed)
    g = bh.new_game("poker_bull", players=5, seed=g_seed)
    actions = 0
    while not g.over:
        seat = g.to_act[0]
        g.apply(seat, g.sample_action(seat, rng))
        actions += 1
    return actions


def _listed(g_seed: int) -> int:
    rng = random.Random(g_seed)
    g = bh.new_game("poker_bull", players=5, seed=g_seed)
    actions = 0
    while not g.over:
        seat = g.to_act[0]
        g.apply(seat, rng.choice(g.legal_actions(seat)))
        actions += 1
    return actions


def bench_games(
    games: int, listed_games: int, baseline_games: int, bulk_games: int, seed: int
) -> None:
    from bluffhouse.pokerbull import fast
    from bluffhouse.simulate import simulate

    seeds = range(seed, seed + games)
    t0 = time.perf_counter()
    actions = sum(_sampled(s) for s in seeds)
    api = time.perf_counter() - t0
    api_rate = games / api
    print(
        f"random 5-player games, exact rules, uniform over the listed actions ({games} games, "
        f"{actions / games:.0f} actions a game):"
    )
    print(f"  public API, sample_action + apply (validated):  {_rate(games, api, actions)}")
    stats = simulate("poker_bull", games, ["random"] * 5, 5, seed=seed)
    print(
        f"  public API, RandomBot via bluffhouse.simulate:  "
        f"{_rate(stats.games, stats.seconds, stats.actions)} (calls kept one time in five: "
        f"{stats.actions / stats.games:.0f} actions a game)"
    )
    t0 = time.perf_counter()
    listed_actions = sum(_listed(s) for s in seeds[:listed_games])
    listed = (time.perf_counter() - t0) / listed_games
    print(
        f"  public API, random.choice(legal_actions) + apply, first {listed_games}: "
        f"{_rate(1, listed, listed_actions // listed_games)}"
    )
    t0 = time.perf_counter()
    for s in seeds[:baseline_games]:
        _baseline_game(s)
    naive = (time.perf_counter() - t0) / baseline_games
    print(
        f"  naive baseline (scans every bid each turn), first {baseline_games}:  "
        f"{1 / naive:,.2f} games/s"
    )
    t0 = time.perf_counter()
    step_actions = sum(fast.play_random(5, s, choice_seed=s).actions for s in seeds)
    step = time.perf_counter() - t0
    assert step_actions == actions  # the same games, move for move
    print(f"  integer path, step by step (Python):            {_rate(games, step, actions)}")
    fast.simulate_random(4, 5, seed=seed)  # compile (or load the numba cache) outside the timing
    t0 = time.perf_counter()
    bulk_stats = fast.simulate_random(bulk_games, 5, seed=seed)
    bulk = time.perf_counter() - t0
    bulk_actions = sum(bulk_stats["lengths"])
    how = "numba-compiled" if fast.COMPILED else "plain Python: numba not installed"
    print(
        f"  integer path, bulk ({how}, {bulk_games} games): {_rate(bulk_games, bulk, bulk_actions)}"
    )
    bulk_rate = bulk_games / bulk
    print("ratios (games/s):")
    print(
        f"  sample_action API vs listing API:   {api_rate * listed:,.1f}x   "
        f"vs naive baseline: {api_rate * naive:,.0f}x"
    )
    print(
        f"  bulk integer path vs listing API:   {bulk_rate * listed:,.0f}x   "
        f"vs naive baseline: {bulk_rate * naive:,.0f}x"
    )
    print(
        f"  against the issue's figures for another engine (other hardware): public API "
        f"{api_rate / OTHER_EXACT:,.1f}x its exact rules, {api_rate / OTHER_LOOSE:.2f}x its "
        f"loose rules; bulk {bulk_rate / OTHER_EXACT:,.0f}x exact, "
        f"{bulk_rate / OTHER_LOOSE:,.1f}x loose"
    )


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
        listed = [
            t
            for b, t in zip(space.bids, space.texts, strict=True)
            if may_follow(standing, b) and not guaranteed(b, total, FULL, 2)
        ]
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
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument(
        "--listed-games", type=int, default=10, help="games for the listing loop (slow)"
    )
    ap.add_argument(
        "--baseline-games", type=int, default=1, help="games for the naive baseline (very slow)"
    )
    ap.add_argument("--bulk-games", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    bid_space(FULL, DEFAULT_ORDER, 2)  # build the cached bid space outside the timings
    bench_exists(args.checks, args.seed)
    games = max(args.games, 1)
    bench_games(
        games,
        min(max(args.listed_games, 1), games),
        min(max(args.baseline_games, 1), games),
        max(args.bulk_games, 1),
        args.seed,
    )


if __name__ == "__main__":
    main()
