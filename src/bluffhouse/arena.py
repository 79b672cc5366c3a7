"""Tournaments between bots: seats rotated so that seat order cannot favour a bot, games run in
parallel processes, win rates with 95% intervals, placings, lengths, decision times, and
openskill ratings that can accumulate across runs.

The same seed, bots and game count give the same results whatever the number of workers:
every game's seed and seating depend only on its index, and results are merged in order.
"""

from __future__ import annotations

import csv
import json
import math
import time
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .api import new_game
from .bots import Bot, Choices, make_bot
from .cluster import ClusterLost, RayRunner, RayTarget
from .game import Game
from .registry import lookup

#: A game still running after this many actions is stopped and counted as unfinished.
MAX_ACTIONS = 20_000


#: How a game ended: played to its normal end, ended by the engine's no-progress rule (ranked
#: by cards held), or stopped unfinished at MAX_ACTIONS.
ENDS = ("finished", "stalled", "unfinished")


@dataclass
class GameRecord:
    """One game: who sat where, the ranking by seat, length and decision times.  ``finished``
    is True only for a normal end; the bots' statistics and ratings count those games.
    ``lies``, ``caught`` and ``taken``, by seat, in the Cheat family (empty elsewhere): the
    plays that were lies, those of them called, and the cards picked up (piles taken)."""

    index: int
    seating: list[str]
    ranking: list[int]
    winner: int | None
    length: int
    think: list[float]
    decisions: list[int]
    finished: bool
    end: str = "finished"
    lies: list[int] = field(default_factory=list)
    caught: list[int] = field(default_factory=list)
    taken: list[int] = field(default_factory=list)


def seating_for(index: int, lineup: list[str], players: int) -> list[str]:
    """Bot names by seat for game ``index``: the lineup rotated one seat a game."""
    shift = index % players
    return [lineup[(seat + shift) % players] for seat in range(players)]


def game_of(
    game_id: str, lineup: list[str], players: int, seed: int, index: int, options: dict[str, Any]
) -> tuple[Game, list[Bot], list[str]]:
    """Game ``index`` of a run seeded ``seed``, as :func:`play_one` plays it: the new game,
    its bots by seat (each seeded apart) and their names by seat (the lineup rotated)."""
    seating = seating_for(index, lineup, players)
    state = new_game(game_id, players=players, seed=seed + index, **options)
    bots = [make_bot(name, seed=(seed + index) * 1009 + s) for s, name in enumerate(seating)]
    return state, bots, seating


def play_one(
    game_id: str, lineup: list[str], players: int, seed: int, index: int, options: dict[str, Any]
) -> GameRecord:
    state, bots, seating = game_of(game_id, lineup, players, seed, index, options)
    think = [0.0] * players
    decisions = [0] * players
    steps = 0
    clock = time.perf_counter
    while not state.over and steps < MAX_ACTIONS:
        seat = state.to_act[0]
        bot = bots[seat]
        start = clock()
        view = state.view(seat) if bot.wants_view else None
        action = bot.act(view, Choices(state, seat))
        think[seat] += clock() - start
        decisions[seat] += 1
        state.apply(seat, action)
        steps += 1
    result = state.result
    lies = bluffing(state)
    if result is None:
        ranking, winner, end = list(range(players)), None, "unfinished"
    else:
        ranking, winner = list(result["ranking"]), result["winner"]
        end = "stalled" if result.get("end") == "stalled" else "finished"
    return GameRecord(
        index, seating, ranking, winner, steps, think, decisions, end == "finished", end, *lies
    )


def bluffing(state: Game) -> tuple[list[int], list[int], list[int]]:
    """By seat, in a Cheat-family game (else three empty lists): its lies (called or let
    stand, as the game counts them), the lies of it that were called, and the cards it
    picked up, read from the public record."""
    if state.FAMILY != "cheat":
        return [], [], []
    n = state.players
    caught = [0] * n
    taken = [0] * n
    for event in state.events_for(None):
        kind = event["type"]
        if kind == "call" and event["truthful"] is False:
            caught[int(event["target"])] += 1
        elif kind == "take":
            taken[int(event["seat"])] += int(event["count"])
    survived = list(getattr(state, "bluffs_survived", [0] * n))
    return [c + s for c, s in zip(caught, survived, strict=True)], caught, taken


def _play_chunk(
    args: tuple[str, list[str], int, int, list[int], dict[str, Any]],
) -> list[GameRecord]:
    game_id, lineup, players, seed, indices, options = args
    return [play_one(game_id, lineup, players, seed, i, options) for i in indices]


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotStats:
    games: int = 0
    wins: int = 0
    place_sum: float = 0.0
    think: float = 0.0
    decisions: int = 0

    def as_dict(self, players: int) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(1 / players, 4),
            "mean_place": round(self.place_sum / self.games + 1, 3) if self.games else None,
            "ms_per_decision": round(1000 * self.think / self.decisions, 3)
            if self.decisions
            else None,
        }


@dataclass
class ArenaResult:
    game: str
    players: int
    lineup: list[str]
    seed: int
    records: list[GameRecord] = field(default_factory=list)
    seconds: float = 0.0
    ratings: dict[str, dict[str, float]] = field(default_factory=dict)
    #: The game's no-progress limit (its ``stall_limit`` option), None where it has none.
    stall_limit: int | None = None
    #: The Ray nodes the games ran on (0: not on Ray).
    nodes: int = 0

    def stats(self) -> dict[str, BotStats]:
        out: dict[str, BotStats] = {name: BotStats() for name in self.lineup}
        for rec in self.records:
            if not rec.finished:
                continue
            place = {seat: i for i, seat in enumerate(rec.ranking)}
            for seat, name in enumerate(rec.seating):
                s = out[name]
                s.games += 1
                s.wins += int(rec.winner == seat)
                s.place_sum += place.get(seat, len(rec.ranking))
                s.think += rec.think[seat]
                s.decisions += rec.decisions[seat]
        return out

    def count(self, end: str) -> int:
        return sum(r.end == end for r in self.records)

    def as_dict(self) -> dict[str, Any]:
        """Counts of each kind of end; the bots' figures and the mean length are over the games
        that finished normally (``stats_over``), None where there are none."""
        finished = [r for r in self.records if r.finished]
        stalled = [r for r in self.records if r.end == "stalled"]
        return {
            "game": self.game,
            "players": self.players,
            "lineup": self.lineup,
            "seed": self.seed,
            "games": len(self.records),
            "finished": len(finished),
            "stalled": len(stalled),
            "unfinished": self.count("unfinished"),
            "stall_limit": self.stall_limit,
            "max_actions": MAX_ACTIONS,
            "stats_over": "finished",
            "seconds": round(self.seconds, 3),
            "mean_length": _mean([r.length for r in finished]),
            "mean_length_stalled": _mean([r.length for r in stalled]),
            "bots": {name: s.as_dict(self.players) for name, s in self.stats().items()},
            "ratings": self.ratings,
            **({"ray_nodes": self.nodes} if self.nodes else {}),
        }


def _mean(values: list[int]) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def rate(
    records: Iterable[GameRecord], prior: dict[str, dict[str, float]] | None = None
) -> dict[str, dict[str, float]]:
    """Openskill (Plackett-Luce) ratings by bot name over the games, in game order."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for name, r in (prior or {}).items():
        ratings[name] = model.rating(mu=r["mu"], sigma=r["sigma"], name=name)
    for rec in records:
        if not rec.finished:
            continue
        names = [rec.seating[seat] for seat in rec.ranking]
        if len(set(names)) < 2:
            continue
        # Several seats of one bot in a game: rate each seat as a team of one with a shared
        # identity; the update of the last seat wins, which keeps the model's assumptions
        # simple (one rating per name) at a small cost in precision.
        teams = [[ratings.setdefault(n, model.rating(name=n))] for n in names]
        new = model.rate(teams, ranks=list(range(1, len(teams) + 1)))
        for n, team in zip(names, new, strict=True):
            ratings[n] = team[0]
    return {
        n: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "ordinal": round(r.ordinal(), 4)}
        for n, r in sorted(ratings.items())
    }


def run_arena(
    game_id: str,
    lineup: list[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    prior_ratings: dict[str, dict[str, float]] | None = None,
    progress: Callable[[int], None] | None = None,
    ray: RayTarget | None = None,
    on_records: Callable[[list[GameRecord]], None] | None = None,
) -> ArenaResult:
    """Plays the games in this process (``workers`` 1), in ``workers`` processes, or as Ray
    tasks (``ray``); the same seed gives the same records whichever.  ``on_records`` gets
    each batch of finished games as it comes (in the order they finish), ``progress`` their
    number.  A Ray cluster that stops answering raises ClusterLost, its ``partial`` the
    result of the games that finished."""
    preset = lookup(game_id)
    players = players or len(lineup) or preset.players
    if len(lineup) != players:
        raise ValueError(f"{len(lineup)} bots named for {players} seats")
    options = options or {}
    probe = new_game(preset.id, players=players, seed=seed, **options)  # fail fast on options
    result = ArenaResult(
        preset.id,
        players,
        list(lineup),
        seed,
        stall_limit=getattr(probe.rules, "stall_limit", None),
    )
    start = time.perf_counter()
    indices = list(range(games))

    def absorb(recs: list[GameRecord]) -> None:
        result.records.extend(recs)
        if on_records:
            on_records(recs)
        if progress:
            progress(len(recs))

    def finish() -> ArenaResult:
        result.records.sort(key=lambda r: r.index)
        result.seconds = time.perf_counter() - start
        try:
            result.ratings = rate(result.records, prior_ratings)
        except ImportError:
            result.ratings = {}
        return result

    if ray is not None:
        size = max(1, min(10, games // 64 or 1))
        chunks = [indices[i : i + size] for i in range(0, games, size)]
        jobs = [(preset.id, lineup, players, seed, chunk, options) for chunk in chunks]
        runner: RayRunner[Any, list[GameRecord]] = RayRunner(ray)
        with runner:
            try:
                for _, recs in runner.run(_play_chunk, jobs):
                    absorb(recs)
            except ClusterLost as lost:
                lost.partial = finish()
                raise
        result.nodes = len(runner.nodes)
    elif workers <= 1:
        for i in indices:
            absorb([play_one(preset.id, lineup, players, seed, i, options)])
    else:
        size = max(1, min(25, games // (workers * 4) or 1))
        chunks = [indices[i : i + size] for i in range(0, games, size)]
        with ProcessPoolExecutor(max_workers=workers) as pool:
            jobs = [(preset.id, lineup, players, seed, chunk, options) for chunk in chunks]
            for recs in pool.map(_play_chunk, jobs):
                absorb(recs)
    return finish()


def record_of(data: dict[str, Any]) -> GameRecord:
    """A game from its line of JSON (:func:`record_line`, parsed): the record a run kept, for
    a run that plays on from it.  A line that is not one raises ValueError."""
    try:
        end = str(data.get("end", "finished"))
        if end not in ENDS:
            raise ValueError(f"unknown end {end!r}")
        return GameRecord(
            index=int(data["game"]),
            seating=[str(name) for name in data["seating"]],
            ranking=[int(seat) for seat in data["ranking"]],
            winner=None if data["winner"] is None else int(data["winner"]),
            length=int(data["length"]),
            think=[float(t) for t in data["think"]],
            decisions=[int(n) for n in data["decisions"]],
            finished=end == "finished",
            end=end,
            lies=[int(n) for n in data.get("lies", [])],
            caught=[int(n) for n in data.get("caught", [])],
            taken=[int(n) for n in data.get("taken", [])],
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"not a game's record: {exc}") from None


def record_line(rec: GameRecord) -> str:
    """One game as a line of JSON (the arena's stream of finished games)."""
    return json.dumps(
        {
            "game": rec.index,
            "seating": rec.seating,
            "ranking": rec.ranking,
            "winner": rec.winner,
            "length": rec.length,
            "end": rec.end,
            "think": [round(t, 6) for t in rec.think],
            "decisions": rec.decisions,
            **({"lies": rec.lies, "caught": rec.caught, "taken": rec.taken} if rec.lies else {}),
        }
    )


def stream_path(game: str, seed: int, out_dir: str) -> Path:
    """Where the arena writes each finished game as it comes (one JSON line a game)."""
    return Path(out_dir) / f"arena-{game}-{seed}.games.jsonl"


def output_paths(game: str, seed: int, out_dir: str) -> list[Path]:
    """Where ``save_outputs`` writes: the JSON summary, the CSV of games and the PNG chart."""
    stem = Path(out_dir) / f"arena-{game}-{seed}"
    return [stem.with_suffix(".json"), stem.with_suffix(".csv"), stem.with_suffix(".png")]


def save_outputs(result: ArenaResult, out_dir: str) -> list[Path]:
    """JSON summary, CSV of every game, and a PNG chart of ratings and win rates (the chart
    only where matplotlib is installed: see ``missing_extras``)."""
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    paths = output_paths(result.game, result.seed, out_dir)
    png = paths.pop()
    paths[0].write_text(json.dumps(result.as_dict(), indent=2), encoding="utf-8")
    with paths[1].open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh)
        writer.writerow(
            [
                "game",
                "seat",
                "bot",
                "place",
                "won",
                "length",
                "decisions",
                "think_seconds",
                "finished",
                "end",
            ]
        )
        for rec in result.records:
            # An unfinished game has no places; a stalled one is placed by cards held.
            place = (
                {}
                if rec.end == "unfinished"
                else {seat: i + 1 for i, seat in enumerate(rec.ranking)}
            )
            for seat, name in enumerate(rec.seating):
                writer.writerow(
                    [
                        rec.index,
                        seat,
                        name,
                        place.get(seat, ""),
                        int(rec.finished and rec.winner == seat),
                        rec.length,
                        rec.decisions[seat],
                        round(rec.think[seat], 6),
                        int(rec.finished),
                        rec.end,
                    ]
                )
    chart = plot(result, png)
    if chart is not None:
        paths.append(chart)
    return paths


def missing_extras() -> list[str]:
    """The packages of the ``arena`` extra that cannot be imported: openskill (ratings) and
    matplotlib (the chart). The arena runs without them and says what it could not do."""
    out = []
    for module in ("openskill", "matplotlib"):
        try:
            __import__(module)
        except ImportError:
            out.append(module)
    return out


def plot(result: ArenaResult, path: Path) -> Path | None:
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    data = result.as_dict()["bots"]
    names = list(data)
    rates = [data[n]["win_rate"] for n in names]
    lows = [data[n]["win_rate"] - data[n]["ci95"][0] for n in names]
    highs = [data[n]["ci95"][1] - data[n]["win_rate"] for n in names]
    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    axes[0].bar(names, rates, yerr=[lows, highs], capsize=6, color="#4477aa")
    axes[0].axhline(1 / result.players, color="grey", linestyle="--", label="fair share")
    axes[0].set_ylabel("win rate (95% interval)")
    axes[0].set_title(
        f"{result.game}: {sum(r.finished for r in result.records)} finished "
        f"of {len(result.records)} games"
    )
    axes[0].legend()
    if result.ratings:
        rated = [n for n in names if n in result.ratings]
        mus = [result.ratings[n]["mu"] for n in rated]
        sig = [2 * result.ratings[n]["sigma"] for n in rated]
        axes[1].bar(rated, mus, yerr=sig, capsize=6, color="#cc6677")
        axes[1].set_ylabel("openskill mu (+- 2 sigma)")
        axes[1].set_title("ratings")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path


# ====================================================================== benchmark suites
#: Card Liar's Poker as commonly played: one starting card, a loser gets one more and is out
#: on losing with five, no jokers, a higher hand makes the bid too (variation #4).
RISING_HIGHER: dict[str, Any] = {
    "jokers": 0,
    "mode": "grow",
    "grow_limit": 5,
    "higher_hand_counts": True,
}
#: The rule sets of the bots' benchmark suite: name -> (preset, options over it, seats).
SUITE_RULES: dict[str, tuple[str, dict[str, Any], int]] = {
    # The leader names the rank (after a call too), 1-3 cards, two wild jokers, only the next
    # player may call, as a choice of their turn, the final play cannot be called, sets of
    # four are put aside.
    "turn_call_sets": (
        "bullshit",
        {
            "sequence": "round",
            "first_rank": "any",
            "max_cards": 3,
            "jokers": 2,
            "callers": "turn",
            "final_call": False,
            "discard_sets": True,
            "after_call_rank": "free",
        },
        4,
    ),
    # The leader names the rank, 1-6 cards, two wild jokers, passing allowed, out only with a
    # truthful play, three players.
    "bluff_six_jokers": ("bluff", {"max_cards": 6, "jokers": 2}, 3),
    "bullshit": ("bullshit", {}, 4),
    "bluff": ("bluff", {}, 4),
    "eightshit": ("eightshit", {}, 4),
    "popcorn_up_or_down": ("popcorn_up_or_down", {}, 4),
    # A common house rule set: the leader names the rank, 1-6 cards, two wild jokers; only
    # the next player calls, on their turn, and a pass leaves the play open to the next
    # one; when everyone has passed the last player to have played leads again on the same
    # pile; going out on a lie that stands takes the pile.
    "open_passes": (
        "bullshit",
        {
            "sequence": "round",
            "first_rank": "any",
            "after_call_rank": "free",
            "callers": "turn",
            "turn_pass": "open",
            "max_cards": 6,
            "jokers": 2,
            "lie_out_takes_pile": True,
        },
        4,
    ),
    # A common house rule: any rank may be claimed, one card a play, everyone else may call
    # (in turn), and after 60 plays the fewest cards win.
    "one_card_capped": (
        "bullshit",
        {
            "sequence": "free",
            "first_rank": "any",
            "max_cards": 1,
            "turn_pass": "none",
            "callers": "anyone",
            "turn_limit": 60,
        },
        4,
    ),
    # Poker Bull as the rule text has it, at four seats and at three (the learned bot's table).
    "poker_bull": ("poker_bull", {}, 4),
    "poker_bull_3": ("poker_bull", {}, 3),
    # A common house-rule form of card Liar's Poker: everyone starts with one card, a loser
    # gets one more and is out on losing with five, no jokers, and a bid stands when the
    # pool's best hand is at least the bid (variation #4); at three and four seats.
    "rising_higher_3": ("poker_bull", RISING_HIGHER, 3),
    "rising_higher_4": ("poker_bull", RISING_HIGHER, 4),
}
#: The rule sets of each family.
CHEAT_RULES = tuple(r for r, (game, _, _) in SUITE_RULES.items() if game != "poker_bull")
POKER_BULL_RULES = tuple(r for r, (game, _, _) in SUITE_RULES.items() if game == "poker_bull")
#: The opponents' styles: each cell seats one bot under test against the others all of it.
SUITE_OPPONENTS = (
    "always_call",
    "never_call",
    "always_lie",
    "never_lie",
    "sometimes_lie",
    "calls_third",
    "honest",
    "random",
    "counter",
    "counter_v1",
    # Mixed tables: each opponent seat its own style (with four styles named, three seats
    # take a different three each game).
    "liar_80+liar_60+calls_third+never_lie",
    "counter_v1+liar_80+liar_60",
)
#: Named suites: (rule sets, bots under test, opponents).
#: Poker Bull's opponents: threshold bidders (who know the hands but no house rule), the
#: extremes of calling, the honest bidder, random play and ``counter``.
POKER_BULL_OPPONENTS = (
    "threshold",
    "threshold_even",
    "always_call",
    "never_call",
    "honest",
    "random",
    "counter",
    "counter_v1",
)
SUITES: dict[str, tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]] = {
    "rules": (CHEAT_RULES, ("counter", "ismcts"), SUITE_OPPONENTS),
    "counter": (CHEAT_RULES, ("counter",), SUITE_OPPONENTS),
    "ismcts": (CHEAT_RULES, ("ismcts",), SUITE_OPPONENTS),
    "poker_bull": (POKER_BULL_RULES, ("counter", "ismcts"), POKER_BULL_OPPONENTS),
}


@dataclass
class SuiteCell:
    """One cell of a suite: ``bot`` in one seat against ``opponent`` in the others."""

    rules: str
    bot: str
    opponent: str
    players: int
    games: int = 0
    finished: int = 0
    stalled: int = 0
    wins: int = 0
    #: The bot's own thinking time over every game played (its seat only).
    seconds: float = 0.0
    #: Per opponent style: the games it won, and the seats it held in the decided games (a
    #: mixed table compares the bot with each of its rivals, seat for seat).
    rival_wins: dict[str, int] = field(default_factory=dict)
    rival_seats: dict[str, int] = field(default_factory=dict)
    #: The bot's own seat over every game played: its decisions and their time, and (Cheat
    #: family) its lies, those called, and the cards it picked up.
    decisions: int = 0
    counts_lies: bool = False
    lies: int = 0
    caught: int = 0
    taken: int = 0

    @property
    def move_ms(self) -> float:
        """The bot's mean time a decision, in milliseconds."""
        return 1000 * self.seconds / self.decisions if self.decisions else 0.0

    @property
    def caught_rate(self) -> float | None:
        """The share of the bot's lies that were called (None: it told none, or no lies in
        this family)."""
        return self.caught / self.lies if self.lies else None

    @property
    def taken_per_game(self) -> float:
        return self.taken / self.games if self.games else 0.0

    def rival_share(self, style: str) -> float | None:
        """The share of its seats' games that ``style`` won (a fair share is 1 / players)."""
        seats = self.rival_seats.get(style, 0)
        return self.rival_wins.get(style, 0) / seats if seats else None

    @property
    def decided(self) -> int:
        """Games with a winner: finished, or ended by the no-progress rule (ranked by cards
        held, a rule of the game too; some styles, like four ``always_call`` seats, never
        finish otherwise)."""
        return self.finished + self.stalled

    def as_dict(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.decided)
        fair = 1 / self.players
        return {
            "rules": self.rules,
            "bot": self.bot,
            "opponent": self.opponent,
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "stalled": self.stalled,
            "wins": self.wins,
            "win_share": round(self.wins / self.decided, 4) if self.decided else None,
            "ci95": [round(low, 4), round(high, 4)],
            "fair_share": round(fair, 4),
            "verdict": "above" if low > fair else "below" if high < fair else "even",
            "rivals": {
                style: {"wins": self.rival_wins.get(style, 0), "seats": seats}
                for style, seats in sorted(self.rival_seats.items())
            },
            "move_ms": round(self.move_ms, 3),
            "lies": self.lies if self.counts_lies else None,
            "caught": self.caught,
            "caught_rate": None if self.caught_rate is None else round(self.caught_rate, 4),
            "taken_per_game": round(self.taken_per_game, 2),
        }


def table_of(bot: str, opponent: str, players: int, index: int) -> list[str]:
    """The lineup of a suite game: the bot under test, then the opponent seats.  ``opponent``
    is one style (every other seat plays it) or a mixed table, styles joined by ``+``: seat
    by seat in order, and where the table names more styles than there are seats, a
    different run of them each game (game ``index`` starts at the ``index``-th)."""
    pool = opponent.split("+")
    if len(pool) < players:
        return [bot] + [pool[j % len(pool)] for j in range(players - 1)]
    return [bot] + [pool[(index + j) % len(pool)] for j in range(players - 1)]


def _suite_chunk(
    args: tuple[int, str, dict[str, Any], tuple[str, str], int, int, list[int]],
) -> tuple[int, list[GameRecord]]:
    cell, game_id, options, (bot, opponent), players, seed, indices = args
    return cell, [
        play_one(game_id, table_of(bot, opponent, players, i), players, seed, i, options)
        for i in indices
    ]


def run_suite(
    name: str,
    games: int,
    search_games: int | None = None,
    workers: int = 1,
    seed: int = 0,
    bots: tuple[str, ...] | None = None,
    rules: tuple[str, ...] | None = None,
    opponents: tuple[str, ...] | None = None,
    progress: Callable[[int], None] | None = None,
    ray: RayTarget | None = None,
    on_records: Callable[[SuiteCell, list[GameRecord]], None] | None = None,
    played: Mapping[tuple[str, str, str], Mapping[int, GameRecord]] | None = None,
) -> list[SuiteCell]:
    """Plays every cell of suite ``name`` (``games`` games each; ``search_games`` for the
    ``ismcts`` cells, which cost a second a move) over ``workers`` processes, seats rotated
    every game; the same seed gives the same results whatever the number of workers (a
    search bot's time cap aside).  A bot's win share is over the games with a winner: those
    that finished normally and those ended by the no-progress rule (ranked by cards held).
    ``bots``, ``rules`` and ``opponents`` narrow the suite down; ``on_records`` gets each
    cell's games as they finish.  ``played``: games a run already played, by cell (rules,
    bot, opponent) and index: they count, and only the rest are played (``on_records``
    gets only those).  ``ray``: the games run as
    Ray tasks there instead (the same results); a cluster that stops answering raises
    ClusterLost, its ``partial`` the cells of the games that came back."""
    if name not in SUITES:
        raise ValueError(f"unknown suite {name!r}; suites: {', '.join(SUITES)}")
    rule_names, heroes, styles = SUITES[name]
    rule_names = rules or rule_names
    opponents = opponents or styles
    from .bots import bot_class

    for b in (*(bots or heroes), *(name for opp in opponents for name in opp.split("+"))):
        bot_class(b)  # an unknown name: ValueError naming the known ones
    for r in rule_names:
        if r not in SUITE_RULES:
            raise ValueError(f"unknown rule set {r!r}; rule sets: {', '.join(SUITE_RULES)}")
    cells: list[SuiteCell] = []
    jobs: list[tuple[int, str, dict[str, Any], tuple[str, str], int, int, list[int]]] = []
    kept: list[tuple[int, list[GameRecord]]] = []
    for r in rule_names:
        game_id, options, players = SUITE_RULES[r]
        for bot in bots or heroes:
            for opp in opponents:
                n = search_games if bot == "ismcts" and search_games is not None else games
                if n <= 0 or (bot == opp):
                    continue
                cell = len(cells)
                cells.append(SuiteCell(r, bot, opp, players, games=n))
                have = (played or {}).get((r, bot, opp), {})
                kept.append((cell, [have[i] for i in sorted(have) if 0 <= i < n]))
                todo = [i for i in range(n) if i not in have]
                slow = "ismcts" in (bot, *opp.split("+"))
                # Small chunks: the ismcts cells take far longer a game than the rest.
                size = 1 if slow else max(1, min(10, len(todo) // max(1, workers)))
                for i in range(0, len(todo), size):
                    jobs.append(
                        (cell, game_id, options, (bot, opp), players, seed, todo[i : i + size])
                    )
    # The slow cells first, so that no worker is left with one at the end.
    jobs.sort(key=lambda j: "ismcts" not in (j[3][0], *j[3][1].split("+")))

    def absorb(cell: int, records: list[GameRecord], new: bool = True) -> None:
        c = cells[cell]
        for rec in records:
            c.finished += rec.finished
            c.stalled += rec.end == "stalled"
            mine = -rec.index % c.players  # the seat the lineup's first name took
            c.seconds += rec.think[mine]
            c.decisions += rec.decisions[mine]
            if rec.lies:
                c.counts_lies = True
                c.lies += rec.lies[mine]
                c.caught += rec.caught[mine]
                c.taken += rec.taken[mine]
            decided = rec.finished or rec.end == "stalled"
            if not decided:
                continue
            if rec.winner == mine:
                c.wins += 1
            for seat, style in enumerate(rec.seating):
                if seat != mine:
                    c.rival_seats[style] = c.rival_seats.get(style, 0) + 1
                    if rec.winner == seat:
                        c.rival_wins[style] = c.rival_wins.get(style, 0) + 1
        if progress:
            progress(len(records))
        if on_records and new:
            on_records(c, records)

    for cell, records in kept:
        absorb(cell, records, new=False)

    if ray is not None:
        with RayRunner[Any, tuple[int, list[GameRecord]]](ray) as runner:
            try:
                for _, (cell, records) in runner.run(_suite_chunk, jobs):
                    absorb(cell, records)
            except ClusterLost as lost:
                lost.partial = cells
                raise
    elif workers <= 1:
        for job in jobs:
            absorb(*_suite_chunk(job))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for cell, records in pool.map(_suite_chunk, jobs):
                absorb(cell, records)
    return cells


def code_fingerprint() -> str:
    """What a game's result depends on, as a short hash: the package's code (its interfaces
    aside: the server, the research interop, the command line and the terminal) and the
    bots' shipped weights.  A suite run keeps it with each game it writes, so that a run
    that plays on from them refuses games another version of the code played."""
    import hashlib

    home = Path(__file__).resolve().parent
    skipped = {"server", "interop"}
    digest = hashlib.sha256()
    for path in sorted([*home.rglob("*.py"), *home.rglob("*.npz")]):
        rel = path.relative_to(home)
        if rel.parts[0] in skipped or rel.as_posix() in ("cli.py", "terminal.py"):
            continue
        digest.update(rel.as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def suite_table(cells: list[SuiteCell]) -> str:
    """The suite as text: per rule set, each opponent's row with each bot's win share, its
    95% interval, how it stands to a fair share (+ above, - below, = within) and the games
    with a winner out of those played; under it each bot's mean time a move, and in the
    Cheat family the share of its lies called and the cards it picked up a game."""
    lines: list[str] = []
    bots = list(dict.fromkeys(c.bot for c in cells))
    for r in dict.fromkeys(c.rules for c in cells):
        row_cells = [c for c in cells if c.rules == r]
        game_id, options, players = SUITE_RULES[r]
        opts = ", ".join(f"{k}={v}" for k, v in options.items()) or "as the preset"
        lines.append(f"{r}: {game_id} ({opts}), {players} players, fair share {1 / players:.1%}")
        width = max(14, *(len(c.opponent) + 1 for c in row_cells))
        lines.append(f"  {'opponents':<{width}}" + "".join(f"{b:>30}" for b in bots))
        for opp in dict.fromkeys(c.opponent for c in row_cells):
            text = f"  {opp:<{width}}"
            for b in bots:
                cell = next((c for c in row_cells if c.bot == b and c.opponent == opp), None)
                if cell is None:
                    text += f"{'':>30}"
                    continue
                d = cell.as_dict()
                mark = {"above": "+", "below": "-", "even": "="}[d["verdict"]]
                share = "n/a" if d["win_share"] is None else f"{d['win_share']:.1%}"
                low, high = d["ci95"]
                body = f"{share} [{low:.0%},{high:.0%}] {mark} {cell.decided}/{cell.games}"
                text += f"{body:>30}"
            lines.append(text)
            for style in opp.split("+") if "+" in opp else ():
                shares = [
                    f"{rival:.1%} at {b}'s tables"
                    for b in bots
                    for cell in row_cells
                    if cell.bot == b
                    and cell.opponent == opp
                    and (rival := cell.rival_share(style)) is not None
                ]
                if shares:
                    lines.append(f"    {style} won, a seat: " + "; ".join(shares))
            habits = [
                f"{cell.bot} {_habits(cell)}"
                for b in bots
                for cell in row_cells
                if cell.bot == b and cell.opponent == opp
            ]
            lines.append("    " + "; ".join(habits))
        lines.append("")
    return "\n".join(lines)


def _habits(cell: SuiteCell) -> str:
    """A cell's bot in a few words: its time a move, and how its lies and the pile went."""
    words = f"{cell.move_ms:.1f} ms a move"
    if not cell.counts_lies:
        return words
    rate = cell.caught_rate
    told = f"{rate:.0%} of {cell.lies} lies called" if rate is not None else "no lies"
    return f"{words}, {told}, {cell.taken_per_game:.1f} cards taken a game"
