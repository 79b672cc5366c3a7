"""The terminal game behind ``bluffhouse play``: a person (or several, hot-seat) against bots.

It reads only ``view(seat)`` and calls ``apply``, like every other front end.  Input is a line:
cards to play (``7h 7d``, optionally ``as Q`` or ``as 2 Q``), a command (``call``, ``pass``,
``draw``, ``bid flush S J`` ...), or the number of an action from ``list``.
"""

from __future__ import annotations

import json
import os
import time
from typing import Any

from rich.console import Console
from rich.text import Text

from .bots import Choices, make_bot
from .bots.base import Bot
from .cards import CARD_INDEX, CARD_TEXT
from .errors import IllegalAction
from .game import Game

SUIT_STYLE = {"S": ("♠", "bold white"), "C": ("♣", "bold green"),
              "H": ("♥", "bold red"), "D": ("♦", "bold magenta")}
WORDS = {"call", "pass", "check", "believe", "draw"}


def card_markup(card: str) -> Text:
    if card == "JK":
        return Text("🃏JK", style="bold yellow")
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


def describe(event: dict[str, Any], name: Any) -> str:
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
    if kind in ("call", "believe"):
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
        return f"game over: {name(event['winner']) if event.get('winner') is not None else ''} wins"
    if kind == "deal":
        return f"cards dealt{': you hold ' + ' '.join(cards) if cards else ''}"
    if kind == "check":
        return f"{who} checks the last play{shown}"
    rest = ", ".join(f"{k}={v}" for k, v in event.items() if k not in ("type", "seat"))
    return f"{who} {kind}{': ' + rest if rest else ''}".strip()


class TerminalGame:
    def __init__(self, state: Game, humans: list[int], bots: list[str], delay: float = 0.6,
                 record: str | None = None, seed: int | None = None,
                 console: Console | None = None) -> None:
        self.state = state
        self.humans = humans
        self.bot_names = bots
        self.delay = delay
        self.record = record
        self.console = console or Console(highlight=False)
        self.bots: dict[int, Bot] = {
            seat: make_bot(bots[seat], seed=(seed or 0) * 100 + seat)
            for seat in range(state.players)
            if seat not in humans and bots[seat] != "human"
        }
        self.seen = 0  # events already printed
        self.last_human: int | None = None
        self.start = list(state.events)

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
        if view.get("sips") and any(view["sips"]):
            c.print("sips: " + "  ".join(f"{self.name(s)} {n}" for s, n in
                                         enumerate(view["sips"])))
        if view.get("scores"):
            c.print("scores: " + "  ".join(f"{self.name(s)} {n}" for s, n in
                                           enumerate(view["scores"])))
        line = Text("your hand: ")
        line.append_text(cards_markup(view["hand"]))
        c.print(line)

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
                self.save_record()
            self.show_events()
            self.summary()
            return 0
        except (KeyboardInterrupt, EOFError):
            c.print()
            return 0 if self.offer_save() else 130

    def next_seat(self) -> int:
        act = self.state.to_act
        for seat in act:
            if seat not in self.humans:
                return seat
        return act[0]

    def bot_turn(self, seat: int) -> None:
        bot = self.bots[seat]
        view = self.state.view(seat) if bot.wants_view else None
        action = bot.act(view, Choices(self.state, seat))
        if self.delay:
            time.sleep(self.delay)
        self.state.apply(seat, action)

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
        while True:
            text = input(f"[{'/'.join(kinds)}] > ").strip()
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
                self.state.apply(seat, action)
                return True
            except IllegalAction as exc:
                self.console.print(f"[red]{exc}[/red]")

    def print_list(self, legal: list[dict[str, Any]]) -> None:
        for i, action in enumerate(legal[:40], 1):
            self.console.print(f"  {i:>2}. {action_text(action)}")
        if len(legal) > 40:
            self.console.print(f"  ... {len(legal) - 40} more; type the cards instead")

    def help(self, kinds: list[str]) -> None:
        self.console.print(
            "Commands: cards to play ('7h 7d', add 'as Q' or 'as 2 Q' to choose the claim), "
            "call, pass, check, believe, draw, 'bid <hand>' (e.g. 'bid flush S J'), "
            "'sneak 7h 7d', 'flaunt 7h', 'challenge 7h', a number from 'list', "
            "'hand', 'rules', 'quit'.\n"
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
        if head in ("high", "pair", "two_pair", "trips", "straight", "flush", "full_house",
                    "quads", "straight_flush", "royal_flush", "five"):
            return {"type": "bid", "bid": text}
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
            answer = input(f"claim which rank? ({' '.join(options)}) > ").strip().upper()
            rank = answer
        rank = "T" if rank == "10" else rank
        claim: dict[str, Any] = {"rank": rank, "count": count}
        if view.get("claim_suit") is not None:
            claim["suit"] = view["claim_suit"]
        elif any("suit" in a.get("claim", {}) for a in legal if a["type"] == "play"):
            claim["suit"] = input("claim which suit? (S H D C) > ").strip().upper()
        return {"type": "play", "cards": cards, "claim": claim}

    # ------------------------------------------------------------ saving
    def save_record(self) -> None:
        if not self.record:
            return
        data = {"format": "bluffhouse-record/1", "humans": self.humans, "bots": self.bot_names,
                "state": json.loads(self.state.to_json())}
        tmp = self.record + ".tmp"
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
        os.replace(tmp, self.record)

    def offer_save(self) -> bool:
        try:
            answer = input("Save the game before leaving? [Y/n] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            answer = "y"
        if answer in ("", "y", "yes"):
            path = self.record or "bluffhouse-save.json"
            self.record = path
            self.save_record()
            self.console.print(f"saved to {path}; continue with: bluffhouse play --resume {path}")
            return True
        return True

    def summary(self) -> None:
        result = self.state.result or {}
        c = self.console
        c.rule("game over")
        winner = result.get("winner")
        if winner is not None:
            verb = "win" if winner in self.humans and len(self.humans) == 1 else "wins"
            c.print(f"[bold]{self.name(winner)} {verb}[/bold]")
        ranking = result.get("ranking") or []
        c.print("ranking: " + ", ".join(self.name(s) for s in ranking))
        calls = [0] * self.state.players
        bluffs = [0] * self.state.players
        for event in self.state.events_for(None):
            if event.get("type") == "call" and isinstance(event.get("seat"), int):
                calls[event["seat"]] += 1
            if event.get("type") == "call" and not event.get("truthful", True):
                pass
        survived = getattr(self.state, "bluffs_survived", None)
        if isinstance(survived, list):
            bluffs = survived
        c.print("calls: " + ", ".join(f"{self.name(s)} {n}" for s, n in enumerate(calls)))
        c.print("bluffs that got away: " + ", ".join(
            f"{self.name(s)} {n}" for s, n in enumerate(bluffs)))


def _card(word: str) -> str:
    card = CARD_INDEX.get(word) or CARD_INDEX.get(word.upper())
    if card is None:
        raise IllegalAction(f"{word!r} is not a card: write rank then suit, like 7h, TD, QS")
    return str(CARD_TEXT[card])


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
