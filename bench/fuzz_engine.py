"""Fuzz the engine's public surface with hostile input, on every core, for as long as asked.

    python bench/fuzz_engine.py [--seconds N] [--workers K] [--seed S] [--out DIR] [--json]

Each worker plays random games of every preset (random table sizes, many states reached) and
at random moments throws at them what a stranger on the network might send: actions of any
JSON-like shape (nested thousands deep, huge numbers, floats, NaN, bools, long text, unknown
keys, legal actions bent out of shape) for any seat; views, legal-action lists and event logs
of seats that do not exist; options for ``new_game``; and, for ``bh.load``, damaged saves
and saves mixed from two states of one game (each field plausible, the whole a state play may
never reach).  The values are built by bench/hostile_values.py (shared with the tests).  It
checks the contract on each input:

- only ``IllegalAction`` (``RuleError`` for new_game, ``SaveError`` for load) is raised, with
  a short message (at most MESSAGE_LIMIT characters);
- a refused action leaves the state exactly as it was (``to_json`` unchanged), and
  ``is_legal`` says no exactly when ``apply`` refuses;
- views are JSON-serialisable, and a client changing its copy changes nothing in the game;
- a damaged or mixed save is refused, or loads as an equal game that plays on (25 random
  actions, each seat to act drawing an action first);
- no input takes longer than ``--budget`` seconds (a hang is cut off by a timer and reported).

It prints the number of inputs tried and each finding (deduplicated) with a reproducer: a
Python script written under ``--out`` (a temporary folder if not given), with the state it
needs in a JSON file beside it.  The exit status is 1 when anything was found.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hostile_values import (  # (this directory)
    Chooser,
    Made,
    RandomChooser,
    bent,
    damage,
    plays_on,
    transplant,
    value,
)

import bluffhouse as bh
from bluffhouse.registry import presets

MESSAGE_LIMIT = 600  # the longest fixed texts (the Cheat family's option list) are ~450
MAX_STEPS = 700  # actions per game before another game is started


# ====================================================================== hostile values
# (built in hostile_values.py, shared with the tests' hypothesis strategies)
def hostile_seat(c: Chooser, game: bh.Game) -> Made:
    """Mostly a seat that may act, sometimes any seat or one past the table, sometimes any
    value at all."""
    pick = c.integer(0, 9)
    if pick < 6 and game.to_act:
        s = c.pick(game.to_act)
        return s, repr(s)
    if pick < 8:
        s = c.integer(-1, game.players)
        return s, repr(s)
    return value(c)


# ====================================================================== checks
class Hang(Exception):
    """An input took longer than its budget (raised by the timer)."""


@dataclass
class Finding:
    kind: str  # what broke: "exception", "changed state", "hang", ...
    detail: str
    game_id: str
    save: str  # the state before the input ("" for new_game)
    code: str  # the Python that triggers it, given ``game`` (loaded from the save)
    count: int = 1

    def signature(self) -> str:
        return f"{self.kind}|{self.game_id}|{self.detail[:80]}"


@dataclass
class Worker:
    rng: random.Random
    budget: float
    findings: dict[str, Finding] = field(default_factory=dict)
    inputs: int = 0
    games: int = 0
    states: int = 0
    choose: Chooser = field(init=False)  # the hostile values' choices, from ``rng``
    #: saves of earlier states of the game being played (donors for ``transplant``)
    donors: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.choose = RandomChooser(self.rng)

    def report(self, kind: str, detail: str, game_id: str, save: str, code: str) -> None:
        finding = Finding(kind, detail, game_id, save, code)
        known = self.findings.get(finding.signature())
        if known is None:
            self.findings[finding.signature()] = finding
        else:
            known.count += 1

    def timed(self, run: Callable[[], Any]) -> Any:
        """``run()`` under the per-input budget (a Hang if it runs past it)."""
        self.inputs += 1
        signal.setitimer(signal.ITIMER_REAL, self.budget)
        try:
            return run()
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)

    # ------------------------------------------------------------------ probes
    def probe_action(self, game: bh.Game, game_id: str) -> bh.Game:
        """A hostile (or bent) action for some seat: refused as the contract says, or legal
        and applied (then the game goes on from there)."""
        rng = self.rng
        seat, seat_code = hostile_seat(self.choose, game)
        legal: list[dict[str, Any]] = []
        if type(seat) is int and 0 <= seat < game.players:
            legal = game.legal_actions(seat)
        action, code = bent(self.choose, legal) if rng.random() < 0.7 else value(self.choose)
        before = game.to_json()
        script = (
            f"seat = {seat_code}\naction = {code}\n"
            "print(game.is_legal(seat, action))\ngame.apply(seat, action)\n"
        )
        try:
            said = self.timed(lambda: game.is_legal(seat, action))
            if game.to_json() != before:
                self.report("is_legal changed the state", "", game_id, before, script)
                return bh.load(before)
            self.timed(lambda: game.apply(seat, action))
        except bh.IllegalAction as exc:
            message = str(exc)
            if said:
                self.report(
                    "is_legal said yes, apply refused", message[:100], game_id, before, script
                )
            if len(message) > MESSAGE_LIMIT:
                self.report(
                    "long message",
                    f"{len(message)} characters: {message[:60]}",
                    game_id,
                    before,
                    script,
                )
            if game.to_json() != before:
                self.report(
                    "a refused action changed the state", message[:100], game_id, before, script
                )
                return bh.load(before)
            return game
        except Hang:
            self.report("hang", "an action took too long", game_id, before, script)
            return bh.load(before)
        except Exception as exc:
            self.report("exception", _describe(exc), game_id, before, script)
            return bh.load(before)
        if not said:
            self.report("is_legal said no, apply accepted", "", game_id, before, script)
        return game

    def probe_view(self, game: bh.Game, game_id: str) -> None:
        """Views, legal actions and event logs of any seat; a client tampering with its
        copies changes nothing."""
        rng = self.rng
        seat: Any
        if rng.random() < 0.5:
            seat, seat_code = hostile_seat(self.choose, game)
        elif rng.random() < 0.3:
            seat, seat_code = None, "None"
        else:
            seat = rng.randrange(game.players)
            seat_code = repr(seat)
        since, since_code = value(self.choose) if rng.random() < 0.2 else (0, "0")
        before = game.to_json()
        script = (
            f"seat = {seat_code}\nview = game.view(seat)\nprint(game.legal_actions(seat))"
            f"\nprint(len(game.events_for(seat, {since_code})))\n"
        )

        def run() -> None:
            try:
                view = game.view(seat)
            except bh.IllegalAction as exc:
                if len(str(exc)) > MESSAGE_LIMIT:
                    self.report("long message", str(exc)[:60], game_id, before, script)
            else:
                json.dumps(view)
                if rng.random() < 0.8:  # the log is most of a view: tampered with less often
                    view.pop("events", None)
                _tamper(view)
            listed = game.legal_actions(seat)
            _tamper(listed)
            try:
                events = game.events_for(seat, since)
                _tamper(events[-20:] if rng.random() < 0.8 else events)
            except bh.IllegalAction:
                pass
            _tamper(game.result)

        try:
            self.timed(run)
        except Hang:
            self.report("hang", "a view took too long", game_id, before, script)
        except Exception as exc:
            self.report("exception", _describe(exc), game_id, before, script)
        if game.to_json() != before:
            self.report("a client's copy was shared with the game", "", game_id, before, script)

    def probe_load(self, game: bh.Game, game_id: str) -> None:
        """A damaged save, or one mixed from two states of the game: refused with SaveError,
        or an equal game that plays on."""
        rng = self.rng
        save = game.to_json()
        if self.donors and rng.random() < 0.4:
            text = transplant(self.choose, save, rng.choice(self.donors))
        else:
            text = damage(self.choose, save)
        if len(self.donors) < 30:
            self.donors.append(save)
        else:
            self.donors[rng.randrange(30)] = save
        script = (
            "import pathlib\ntext = pathlib.Path(__file__).with_suffix('.json')"
            ".read_text()\nloaded = bh.load(text)\n"
        )
        try:
            loaded = self.timed(lambda: bh.load(text))
        except bh.SaveError as exc:
            if len(str(exc)) > MESSAGE_LIMIT:
                self.report("long message", str(exc)[:60], game_id, text, script)
            return
        except Hang:
            self.report("hang", "a load took too long", game_id, text, script)
            return
        except Exception as exc:
            self.report("exception", _describe(exc), game_id, text, script)
            return
        try:
            plays_on(text, loaded, random.Random(rng.random()), 25, self.timed)
        except Hang:
            self.report("hang", "a loaded game hung", game_id, text, script + "# then play it on\n")
        except Exception as exc:
            self.report(
                "accepted save does not play",
                _describe(exc),
                game_id,
                text,
                script + "# then play it on with random legal actions\n",
            )

    def probe_new_game(self) -> None:
        """new_game with hostile arguments: RuleError, or a game that saves and loads."""
        rng = self.rng
        game_id = rng.choice(PRESET_IDS)
        args: dict[str, Made] = {}
        for name in ("players", "seed", "first", "deal", "stock"):
            if rng.random() < 0.3:
                args[name] = value(self.choose)
        names = [i.name for i in bh.lookup(game_id).family.RULES.options()] + ["nope", "x" * 99]
        for _ in range(rng.randrange(3)):
            args[rng.choice(names)] = value(self.choose)
        code = (
            f"game = bh.new_game({game_id!r}"
            + "".join(f", **{{{k!r}: {c}}}" for k, (_, c) in args.items())
            + ")\n"
        )
        try:
            made = self.timed(lambda: bh.new_game(game_id, **{k: v for k, (v, _) in args.items()}))
            json.dumps(made.view(None))
            text = made.to_json()
            if bh.load(text).to_json() != text:
                raise AssertionError("save and load differ")
        except bh.RuleError as exc:
            if len(str(exc)) > MESSAGE_LIMIT:
                self.report("long message", str(exc)[:60], game_id, "", code)
        except Hang:
            self.report("hang", "new_game took too long", game_id, "", code)
        except Exception as exc:
            self.report("exception", _describe(exc), game_id, "", code)

    # ------------------------------------------------------------------ the loop
    def play(self, deadline: float) -> None:
        rng = self.rng
        while time.monotonic() < deadline:
            preset = rng.choice(PRESETS)
            low = preset.min_players or preset.family.MIN_PLAYERS
            high = preset.max_players or preset.family.MAX_PLAYERS
            try:
                game = bh.new_game(
                    preset.id, players=rng.randint(low, min(high, 7)), seed=rng.randrange(2**32)
                )
            except bh.RuleError:
                game = bh.new_game(preset.id, seed=rng.randrange(2**32))
            self.games += 1
            self.donors = []
            for _ in range(MAX_STEPS):
                if time.monotonic() >= deadline:
                    return
                self.states += 1
                roll = rng.random()
                if roll < 0.25:
                    game = self.probe_action(game, preset.id)
                elif roll < 0.32:
                    self.probe_view(game, preset.id)
                elif roll < 0.38:
                    self.probe_load(game, preset.id)
                elif roll < 0.40:
                    self.probe_new_game()
                if game.over:
                    break
                seat = rng.choice(game.to_act)
                try:
                    game.apply(seat, game.sample_action(seat, rng))
                except Exception as exc:
                    self.report(
                        "a legal action failed",
                        _describe(exc),
                        preset.id,
                        game.to_json(),
                        "# play on with random legal actions\n",
                    )
                    break


def _tamper(value: Any) -> None:
    """Change everything a client could in its copy (read-only parts refuse: fine)."""
    refused = contextlib.suppress(TypeError, AttributeError)
    if isinstance(value, list):
        for i in range(len(value)):
            _tamper(value[i])
            with refused:
                value[i] = "<changed>"
        with refused:
            value.append("<changed>")
    elif isinstance(value, dict):
        for k in list(value):
            _tamper(value[k])
            with refused:
                value[k] = "<changed>"
        with refused:
            value["added"] = 1


def _describe(exc: BaseException) -> str:
    frames = traceback.extract_tb(exc.__traceback__)
    where = f"{os.path.basename(frames[-1].filename)}:{frames[-1].lineno}" if frames else "?"
    return f"{type(exc).__name__} at {where}: {str(exc)[:100]}"


PRESETS = presets()
PRESET_IDS = [p.id for p in PRESETS]


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hang


def run_worker(job: tuple[int, float, float]) -> dict[str, Any]:
    seed, seconds, budget = job
    previous = signal.signal(signal.SIGALRM, _on_alarm)
    worker = Worker(random.Random(seed), budget)
    try:
        worker.play(time.monotonic() + seconds)
    finally:
        signal.signal(signal.SIGALRM, previous)
    return {
        "inputs": worker.inputs,
        "games": worker.games,
        "states": worker.states,
        "findings": [f.__dict__ for f in worker.findings.values()],
    }


# ====================================================================== main
def write_reproducer(folder: str, n: int, f: dict[str, Any]) -> str:
    base = os.path.join(folder, f"finding-{n}")
    lines = [
        '"""Fuzz finding: ' + f["kind"] + " (" + f["game_id"] + ")\n\n" + f["detail"] + '\n"""',
        "import pathlib",
        "import bluffhouse as bh",
        "",
        "def nest(depth, leaf=None, kind='list'):",
        "    value = leaf",
        "    for _ in range(depth):",
        "        value = [value] if kind == 'list' else {'type': value}",
        "    return value",
        "",
    ]
    if f["save"]:
        with open(base + ".json", "w", encoding="utf-8") as out:
            out.write(f["save"])
        lines.append("game = bh.load(pathlib.Path(__file__).with_suffix('.json').read_text())")
    lines.append(f["code"])
    with open(base + ".py", "w", encoding="utf-8") as out:
        out.write("\n".join(lines))
    return base + ".py"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=60.0, help="how long each worker runs")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument(
        "--budget",
        type=float,
        default=5.0,
        help="seconds one input may take before it counts as a hang",
    )
    ap.add_argument("--out", help="folder for the reproducers (default: a new temporary one)")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if args.seconds <= 0 or args.workers < 1 or args.budget <= 0:
        ap.error("--seconds and --budget must be positive and --workers at least 1")
    jobs = [(args.seed * 1_000_003 + w, args.seconds, args.budget) for w in range(args.workers)]
    started = time.monotonic()
    if args.workers == 1:
        results = [run_worker(jobs[0])]
    else:
        with multiprocessing.get_context("fork").Pool(args.workers) as pool:
            results = pool.map(run_worker, jobs)
    merged: dict[str, dict[str, Any]] = {}
    for result in results:
        for f in result["findings"]:
            sig = Finding(**f).signature()
            if sig in merged:
                merged[sig]["count"] += f["count"]
            else:
                merged[sig] = f
    totals = {k: sum(r[k] for r in results) for k in ("inputs", "games", "states")}
    found = []
    if merged:
        folder = args.out or tempfile.mkdtemp(prefix="bluffhouse-fuzz-")
        os.makedirs(folder, exist_ok=True)
        for n, f in enumerate(merged.values(), 1):
            found.append(
                {
                    **{k: f[k] for k in ("kind", "detail", "game_id", "count")},
                    "reproducer": write_reproducer(folder, n, f),
                }
            )
    elapsed = time.monotonic() - started
    if args.json:
        print(
            json.dumps(
                {
                    **totals,
                    "workers": args.workers,
                    "seconds": round(elapsed, 1),
                    "seed": args.seed,
                    "findings": found,
                }
            )
        )
    else:
        print(
            f"{totals['inputs']} hostile inputs tried ({totals['games']} games, "
            f"{totals['states']} states) by {args.workers} workers in {elapsed:.0f} s, "
            f"seed {args.seed}: {len(found)} finding(s)"
        )
        for f in found:
            print(
                f"- {f['kind']} in {f['game_id']} (x{f['count']}): {f['detail']}\n"
                f"  reproducer: {f['reproducer']}"
            )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
