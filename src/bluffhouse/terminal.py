"""The terminal game behind ``bluffhouse play`` and ``bluffhouse replay``.

It reads only ``view(seat)`` and calls ``apply``, like every other front end.  Input is a line:
cards to play (``7h 7d``, optionally ``as Q`` or ``as 2 Q``), a command (``call``, ``pass``,
``draw``, ``bid flush S J`` ...), or the number of an action from ``list``.

A record (``--record FILE``) is JSON: the starting state, every action applied since, and the
current state; it is rewritten atomically after every move, so nothing is lost on a crash,
and it is what ``--resume`` continues and ``replay`` steps through.
"""

from __future__ import annotations

import json
import os
import select
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from .api import SaveError, load
from .bots import Choices, make_bot
from .bots.base import Bot
from .cards import CARD_INDEX, CARD_TEXT
from .errors import IllegalAction
from .game import Game

RECORD_FORMAT = "bluffhouse-record/1"
SUIT_STYLE = {"S": ("♠", "bold white"), "C": ("♣", "bold green"),
              "H": ("♥", "bold red"), "D": ("♦", "bold magenta")}
WORDS = {"call", "pass", "check", "believe", "draw"}
BID_WORDS = ("high", "pair", "two_pair", "trips", "straight", "flush", "full_house", "quads",
             "straight_flush", "royal_flush", "five")
#: Actions that answer a challenge window (a countdown may decline for a silent player).
WINDOW_KINDS = {"call", "pass", "check", "believe", "challenge"}


def card_markup(card: str) -> Text:
    if card == "JK":
        return Text("JK", style="bold yellow")
    rank = "10" if card[0] == "T" else card[0]
    symbol, style = SUIT_STYLE.get(card[1], ("?", ""))
    return Text(rank + symbol, style=style)


def cards_markup(cards: list[str]) -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(" ")
        out.append_text(card_markup(c))
    return out


def describe(event: dict[str, Any], name: Callable[[int], str]) -> str:
    """One line for an event, as the viewer saw it."""
    kind = event.get("type")
    who = name(event["seat"]) if isinstance(event.get("seat"), int) else ""
    cards = event.get("cards")
    shown = f" [{' '.join(cards)}]" if cards else ""
    if kind == "play":
        claim = f"{event.get('count')} x {event.get('rank')}"
        if event.get("suit"):
            claim += f" of {event['suit']}"
        extra = f" (laid {event['laid']})" if "laid" in event else ""
        return f"{who} plays {claim}{extra}{shown}"
    if kind == "call" and "caller" in event:  # Poker Bull's showdown
        hands = "; ".join(f"{name(s)}: {' '.join(h) or '-'}" for s, h in
                          enumerate(event.get("hands", [])))
        made = "is there" if event.get("exists") else "is not there"
        return (f"{name(event['caller'])} calls {name(event['bidder'])}'s {event.get('bid')}: "
                f"it {made} (best hand: {event.get('best')}). Hands: {hands}")
    if kind == "lose":
        return f"{who} loses the call and gets {event.get('cards_next')} card(s) next hand"
    if kind == "recharge":
        return "recharge: everyone still in gets one more card"
    if kind == "jokers_leave":
        return "the jokers leave the game"
    if kind == "draw":
        card = f" ({event['card']})" if event.get("card") else ""
        return f"{who} draws{card}; {event.get('stock_size')} left in the stock"
    if kind in ("sneak", "flaunt"):
        return f"{who} {kind}s {event.get('count')} card(s){shown}"
    if kind == "challenge":
        return f"{who} challenges with {event.get('count')} card(s){shown}"
    if kind == "won":
        return f"{who} wins {event.get('count')} card(s) unchallenged{shown}"
    if kind == "reveal":
        plays = "; ".join(f"{name(p['seat'])}: {' '.join(p['cards'])} ({p.get('combo')})"
                          for p in event.get("plays", []))
        return (f"challenges turned up - {plays}: {name(event['winner'])} wins "
                f"{event.get('count')} cards")
    if kind == "uncontested":
        return f"{who} keeps the last {event.get('count')} card(s) uncontested"
    if kind == "deal_end":
        won, scores = event.get("won"), event.get("scores")
        return f"deal {event.get('deal')} over: won {won}, scores {scores}"
    if kind in ("call", "believe") and "target" in event and "truthful" in event:
        verdict = "truthful" if event.get("truthful") else "a bluff"
        word = event.get("word", kind)
        return (f"{who}: \"{word}!\" on {name(event['target'])}: the cards{shown} were "
                f"{verdict}")
    if kind == "take":
        return f"{who} takes the pile ({event.get('count')} cards){shown}"
    if kind == "decline":
        return f"{who} lets it go"
    if kind == "pass":
        return f"{who} passes" + (" and picks up the pile" if event.get("pickup") else "")
    if kind == "discard":
        return f"everyone passed: {event.get('count')} cards discarded unseen"
    if kind == "out":
        return f"{who} is out of cards (place {event.get('place')})"
    if kind == "game_over":
        winner = event.get("winner")
        return "game over" + (f": {name(winner)} won" if isinstance(winner, int) else "")
    if kind == "deal":
        return "cards dealt" + (f": you hold {' '.join(cards)}" if cards else "")
    if kind == "check":
        return f"{who} checks the last play{shown}"
    if kind == "bid" and "bid" in event:
        return f"{who} bids {event['bid']}"
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "seat"))
    return f"{who} {kind}{': ' + rest if rest else ''}".strip()


def action_text(action: dict[str, Any]) -> str:
    kind = str(action["type"])
    if kind == "play":
        claim = action["claim"]
        suit = f" of {claim['suit']}" if "suit" in claim else ""
        return f"play {' '.join(action['cards'])} as {claim['count']} x {claim['rank']}{suit}"
    if kind == "bid":
        return f"bid {action.get('bid', action.get('count'))}"
    if "cards" in action:
        return f"{kind} {' '.join(action['cards'])}"
    extra = {k: v for k, v in action.items() if k != "type"}
    return kind + (f" {extra}" if extra else "")


def _card(word: str) -> str:
    card = CARD_INDEX.get(word)
    if card is None:
        card = CARD_INDEX.get(word.upper())
    if card is None:
        raise IllegalAction(f"{word!r} is not a card: write rank then suit, like 7h, TD, QS")
    return str(CARD_TEXT[card])


class Record:
    """The start of a game and every action since: enough to resume or replay it."""

    def __init__(self, start: str, humans: list[int], bots: list[str],
                 actions: list[list[Any]] | None = None) -> None:
        self.start = start
        self.humans = humans
        self.bots = bots
        self.actions: list[list[Any]] = actions or []

    def save(self, path: str, state: Game) -> None:
        data = {"format": RECORD_FORMAT, "game": state.game_id, "humans": self.humans,
                "bots": self.bots, "start": json.loads(self.start), "actions": self.actions,
                "state": json.loads(state.to_json())}
        tmp = path + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, path)

    @classmethod
    def read(cls, path: str) -> tuple[Record, Game]:
        """The record in ``path`` and the game at its last move (SaveError if unreadable)."""
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except OSError as exc:
            raise SaveError(f"cannot read {path}: {exc.strerror}") from None
        except ValueError:
            raise SaveError(f"{path} is not a bluffhouse record (not JSON)") from None
        if not isinstance(data, dict):
            raise SaveError(f"{path} is not a bluffhouse record")
        if data.get("format") != RECORD_FORMAT:
            # A bare saved state (Game.to_json) can be resumed too, without its history.
            state = load(json.dumps(data))
            return cls(state.to_json(), [0], ["random"] * state.players), state
        try:
            record = cls(json.dumps(data["start"]), list(data["humans"]), list(data["bots"]),
                         list(data["actions"]))
            state = load(json.dumps(data["state"]))
        except (KeyError, TypeError) as exc:
            raise SaveError(f"{path} is a damaged record (missing {exc})") from None
        return record, state


class TerminalGame:
    def __init__(self, state: Game, humans: list[int], bots: list[str], delay: float = 0.6,
                 record: str | None = None, seed: int | None = None,
                 console: Console | None = None, countdown: float = 0.0, hint: bool = False,
                 history: Record | None = None) -> None:
        self.state = state
        self.humans = humans
        self.bot_names = bots
        self.delay = delay
        self.record_path = record
        self.countdown = countdown
        self.hint = hint
        self.console = console or Console(highlight=False)
        self.bots: dict[int, Bot] = {
            seat: make_bot(bots[seat], seed=(seed or 0) * 100 + seat)
            for seat in range(state.players)
            if seat not in humans and bots[seat] != "human"
        }
        self.history = history or Record(state.to_json(), humans, bots)
        self.seen = 0  # events already printed
        self.last_human: int | None = None

    # ------------------------------------------------------------ naming
    def name(self, seat: int) -> str:
        if seat in self.humans:
            return "you" if len(self.humans) == 1 else f"player {seat}"
        return f"{self.bot_names[seat]} {seat}"

    def perspective(self) -> int | None:
        return self.humans[0] if len(self.humans) == 1 else None

    # ------------------------------------------------------------ output
    def show_events(self) -> None:
        events = self.state.events_for(self.perspective(), since=self.seen)
        for event in events:
            if event.get("type") == "decline":
                continue
            self.console.print("  " + describe(event, self.name))
        self.seen = len(self.state.events)

    def show_table(self, seat: int) -> None:
        view = self.state.view(seat)
        c = self.console
        c.rule(f"{view['game']} - {self.name(seat)} to act")
        sizes = "  ".join(f"{self.name(s)}: {n}" for s, n in enumerate(view["hand_sizes"]))
        c.print(f"cards held  {sizes}")
        for key, label in (("pile_size", "pile"), ("claim_rank", "rank to claim"),
                           ("bid", "standing bid"), ("stock_size", "stock")):
            if view.get(key) is not None:
                c.print(f"{label}: {view[key]}")
        if view.get("claim_rank") is None and view.get("claim_ranks"):
            c.print(f"you may claim: {' '.join(view['claim_ranks'])}")
        lead = view.get("lead")
        if isinstance(lead, dict):
            shown = " ".join(lead["cards"]) if lead.get("cards") else "face down"
            c.print(f"lead: {self.name(lead['seat'])} {lead.get('kind')} "
                    f"{lead.get('count')} card(s): {shown}")
        if view.get("sips") and any(view["sips"]):
            c.print("sips: " + "  ".join(f"{self.name(s)} {n}" for s, n in
                                         enumerate(view["sips"])))
        if view.get("scores"):
            c.print("scores: " + "  ".join(f"{self.name(s)} {n}" for s, n in
                                           enumerate(view["scores"])))
        line = Text("your hand: ")
        line.append_text(cards_markup(view["hand"]))
        c.print(line)
        if self.hint and view.get("bid"):
            self.show_hint(view)

    def show_hint(self, view: dict[str, Any]) -> None:
        try:
            from .pokerbull.aid import bid_probability
        except ImportError:
            return
        chance = bid_probability(view, view["bid"], samples=4000)
        margin = "" if chance.exact else f" +- {2 * chance.stderr:.0%}"
        self.console.print(f"hint: the standing bid exists with probability "
                           f"{chance.p:.0%}{margin}")

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        c = self.console
        c.print(f"[bold]bluffhouse[/bold] {self.state.game_id}: "
                + ", ".join(f"seat {s} {self.name(s)}" for s in range(self.state.players)))
        c.print("Type 'help' for commands, 'rules' for the rules, 'quit' to stop.")
        try:
            while not self.state.over:
                self.show_events()
                seat = self.next_seat()
                if seat in self.humans:
                    if not self.human_turn(seat):
                        return 0
                else:
                    self.bot_turn(seat)
                self.save()
            self.show_events()
            self.summary()
            return 0
        except (KeyboardInterrupt, EOFError):
            c.print()
            self.offer_save()
            return 0

    def next_seat(self) -> int:
        act = self.state.to_act
        for seat in act:
            if seat not in self.humans:
                return seat
        return act[0]

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        self.state.apply(seat, action)
        self.history.actions.append([seat, action])

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        view = self.state.view(seat) if bot.wants_view else None
        action = bot.act(view, Choices(self.state, seat))
        if self.delay:
            time.sleep(self.delay)
        self.apply(seat, action)

    def human_turn(self, seat: int) -> bool:
        if len(self.humans) > 1 and self.last_human != seat:
            self.console.clear()
            input(f"Pass the keyboard to player {seat}, then press Enter... ")
            self.console.clear()
            for event in self.state.events_for(seat)[-8:]:
                self.console.print("  " + describe(event, self.name))
        self.last_human = seat
        self.show_table(seat)
        legal = self.state.legal_actions(seat)
        kinds = sorted({a["type"] for a in legal})
        if len(legal) <= 12:
            self.print_list(legal)
        _set_completer(legal)
        in_window = set(kinds) <= WINDOW_KINDS and "pass" in kinds
        while True:
            prompt = f"[{'/'.join(kinds)}] > "
            if in_window and self.countdown > 0:
                text = self.timed_input(prompt, self.countdown)
                if text is None:
                    self.console.print(f"(no answer in {self.countdown:g} s: pass)")
                    self.apply(seat, {"type": "pass"})
                    return True
            else:
                text = input(prompt)
            text = text.strip()
            low = text.lower()
            if not text:
                continue
            if low in ("quit", "exit", "q"):
                self.offer_save()
                return False
            if low in ("help", "?", "h"):
                self.help(kinds)
                continue
            if low == "rules":
                from .cli import rules_text
                from .registry import lookup

                self.console.print(rules_text(lookup(self.state.game_id)))
                continue
            if low in ("list", "l"):
                self.print_list(legal)
                continue
            if low in ("hand", "table"):
                self.show_table(seat)
                continue
            try:
                action = self.parse(text, seat, legal)
                self.apply(seat, action)
                return True
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")

    def timed_input(self, prompt: str, seconds: float) -> str | None:
        """A line typed within ``seconds``, or None (the window closes for a silent player)."""
        sys.stdout.write(f"({seconds:g} s) {prompt}")
        sys.stdout.flush()
        ready, _, _ = select.select([sys.stdin], [], [], seconds)
        if not ready:
            sys.stdout.write("\n")
            return None
        line = sys.stdin.readline()
        if not line:
            raise EOFError
        return line

    def print_list(self, legal: list[dict[str, Any]]) -> None:
        for i, action in enumerate(legal[:40], 1):
            self.console.print(f"  {i:>2}. {action_text(action)}")
        if len(legal) > 40:
            self.console.print(f"  ... {len(legal) - 40} more; type the cards instead")

    def help(self, kinds: list[str]) -> None:
        self.console.print(
            "Commands: cards to play ('7h 7d', add 'as Q' or 'as 2 Q' to choose the claim), "
            "call, pass, check, believe, draw, a bid ('flush S J', 'pair 7', tab completes), "
            "'sneak 7h 7d', 'flaunt 7h', 'challenge 7h', a number from 'list', "
            "'hand', 'rules', 'quit' (offers to save).\n"
            f"Now you may: {', '.join(kinds)}"
        )

    def parse(self, text: str, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any]:
        words = text.replace(",", " ").split()
        head = words[0].lower()
        if head.isdigit() and len(words) == 1:
            n = int(head)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            raise IllegalAction(f"there is no action {n}; type 'list' to see them")
        if head in WORDS and len(words) == 1:
            return {"type": head}
        if head == "bid":
            return {"type": "bid", "bid": " ".join(words[1:])}
        if head in ("sneak", "flaunt", "challenge"):
            return {"type": head, "cards": [_card(w) for w in words[1:]]}
        if head in BID_WORDS:
            return {"type": "bid", "bid": text}
        if not any(a["type"] == "play" for a in legal):
            kinds = ", ".join(sorted({a["type"] for a in legal}))
            raise IllegalAction(f"you cannot play cards now; you may: {kinds}")
        # A play: cards, then optionally "as [count] rank".
        cards: list[str] = []
        claim_words: list[str] = []
        for i, w in enumerate(words):
            if w.lower() == "as":
                claim_words = words[i + 1:]
                break
            cards.append(_card(w))
        view = self.state.view(seat)
        count = len(cards)
        if len(claim_words) == 2:
            if not claim_words[0].isdigit():
                raise IllegalAction("write the claim as 'as 2 Q' (count then rank)")
            count = int(claim_words[0])
            rank = claim_words[1].upper()
        elif len(claim_words) == 1:
            rank = claim_words[0].upper()
        elif view.get("claim_rank"):
            rank = view["claim_rank"]
        else:
            options = view.get("claim_ranks") or []
            rank = input(f"claim which rank? ({' '.join(options)}) > ").strip().upper()
        rank = "T" if rank == "10" else rank
        claim: dict[str, Any] = {"rank": rank, "count": count}
        if view.get("claim_suit") is not None:
            claim["suit"] = view["claim_suit"]
        elif any("suit" in a.get("claim", {}) for a in legal if a["type"] == "play"):
            claim["suit"] = input("claim which suit? (S H D C) > ").strip().upper()
        return {"type": "play", "cards": cards, "claim": claim}

    # ------------------------------------------------------------ saving
    def save(self) -> None:
        if self.record_path:
            self.history.save(self.record_path, self.state)

    def offer_save(self) -> None:
        try:
            answer = input("Save the game before leaving? [Y/n] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "y"
        if answer in ("", "y", "yes"):
            self.record_path = self.record_path or "bluffhouse-save.json"
            self.save()
            self.console.print(f"saved to {self.record_path}; continue with: "
                               f"bluffhouse play --resume {self.record_path}")
        else:
            self.console.print("not saved")

    def summary(self) -> None:
        show_summary(self.console, self.state, self.name)


def show_summary(console: Console, state: Game, name: Callable[[int], str]) -> None:
    """Winner, ranking, calls and bluffs that got away, from the result and the public log."""
    result = state.result or {}
    console.rule("game over")
    winner = result.get("winner")
    if winner is not None:
        console.print(f"[bold]winner: {name(winner)}[/bold]")
    ranking = result.get("ranking") or []
    console.print("ranking: " + ", ".join(name(s) for s in ranking))
    scores = result.get("scores")
    if scores:
        console.print("scores: " + ", ".join(f"{name(s)} {v}" for s, v in enumerate(scores)))
    calls = [0] * state.players
    caught = [0] * state.players
    for event in state.events_for(None):
        if event.get("type") != "call":
            continue
        caller = event.get("seat", event.get("caller"))
        target = event.get("target", event.get("bidder"))
        if isinstance(caller, int):
            calls[caller] += 1
        lie = event.get("truthful") is False or event.get("exists") is False
        if lie and isinstance(target, int):
            caught[target] += 1
    console.print("calls made: " + ", ".join(f"{name(s)} {n}" for s, n in enumerate(calls)))
    console.print("bluffs caught: " + ", ".join(f"{name(s)} {n}" for s, n in enumerate(caught)))
    stats = result.get("stats") or {}
    survived = stats.get("bluffs_survived")
    if isinstance(survived, list):
        console.print("successful bluffs: " + ", ".join(
            f"{name(s)} {n}" for s, n in enumerate(survived)))


def _set_completer(legal: list[dict[str, Any]]) -> None:
    """Tab completion of bid notation and commands, where readline is available."""
    try:
        import readline
    except ImportError:  # pragma: no cover - not on every platform
        return
    words = sorted({a["type"] for a in legal} | {"help", "rules", "list", "quit", "hand"})
    bids = [a["bid"] for a in legal if a["type"] == "bid" and isinstance(a.get("bid"), str)]

    def complete(text: str, state: int) -> str | None:
        line = readline.get_line_buffer()
        pool = [b for b in bids if b.startswith(line.lower())] if bids else []
        if pool:
            done = line[: len(line) - len(text)]
            options = sorted({b[len(done):].split(" ")[0] for b in pool if b.startswith(done)})
        else:
            options = [w for w in words if w.startswith(text)]
        options = [o for o in options if o.startswith(text)]
        return options[state] if state < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")


def replay(path: str, seat: int | None, everything: bool, pause: bool,
           console: Console | None = None) -> int:
    """Step through a record, showing what ``seat`` saw (or everything), and check that the
    actions reproduce the recorded end."""
    console = console or Console(highlight=False)
    record, final = Record.read(path)
    state = load(record.start)

    def name(s: int) -> str:
        return f"seat {s}" + (f" ({record.bots[s]})" if s < len(record.bots) else "")

    def emit(events: list[dict[str, Any]]) -> None:
        for event in events:
            console.print("  " + describe(event, name))

    viewer = None if everything else seat
    shown = 0

    def new_events() -> list[dict[str, Any]]:
        nonlocal shown
        if everything:
            out = state.events_all(since=shown)
        else:
            out = state.events_for(viewer, since=shown)
        shown = len(state.events)
        return out

    console.print(f"replay of {state.game_id}: {len(record.actions)} actions, seen by "
                  + ("everyone (all cards shown)" if everything else
                     "a spectator" if seat is None else f"seat {seat}"))
    emit(new_events())
    for i, (who, action) in enumerate(record.actions, 1):
        if pause:
            input(f"[{i}/{len(record.actions)}] Enter for the next move ")
        state.apply(who, action)
        emit(new_events())
    same = state.to_json() == final.to_json()
    if state.over:
        show_summary(console, state, name)
    console.print("the replay reaches the recorded end" if same else
                  "[red]the replay does not reach the recorded end[/red]")
    return 0 if same else 1
