"""The terminal game behind ``bluffhouse play`` and ``bluffhouse replay``.

It reads only ``view(seat)`` and calls ``apply``, like every other front end.  Input is a line
(:func:`parse_input`, pure, so every spelling is tested without a terminal): cards to play in
any case, with or without ``play`` (``7h 7d``, optionally ``as Q`` or ``as 2 Q``; ``AS`` and
``as`` are the ace of spades unless a rank follows), a command (``call``, ``pass``, ``draw``,
``bid flush S J`` ...), or the number of an action from ``list``.

Challenge windows are real ones (:meth:`TerminalGame.window_round`): every seat decides on what
it saw when the window opened, and the answers are applied in seat order from the claimant's
left, so a person is never pre-empted by bots merely because they are bots.

A record (``--record FILE``) is JSON: the starting state, every action applied since, and the
current state; it is rewritten atomically after every move, so nothing is lost on a crash,
and it is what ``--resume`` continues and ``replay`` steps through.
"""

from __future__ import annotations

import dataclasses
import json
import os
import select
import sys
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.text import Text

from .api import SaveError, load, new_game
from .bots import Choices, bot_names, make_bot
from .bots.base import Bot
from .cards import CARD_INDEX, CARD_TEXT, RANK_NAMES, RANKS, SUIT_NAMES, SUITS
from .errors import IllegalAction
from .game import Game
from .howto import command_help, rules_text
from .narration import RANK_WORDS, SUIT_WORDS, bid_words, card_words, describe
from .pokerbull.bids import CATEGORIES
from .registry import lookup

RECORD_FORMAT = "bluffhouse-record/1"
SUIT_STYLE = {
    "S": ("♠", "bold white"),
    "C": ("♣", "bold green"),
    "H": ("♥", "bold red"),
    "D": ("♦", "bold magenta"),
}
WORDS = {"call", "pass", "check", "believe", "draw", "show"}
#: Lines that mean a call, besides the table's own call word ("Bullsh*t", "I doubt it" ...).
CALL_WORDS = {"call", "bs", "bullshit", "bullsh*t", "cheat", "liar", "bluff", "doubt", "i doubt it"}
#: Actions that answer a challenge window (a countdown may decline for a silent player).
WINDOW_KINDS = {"call", "pass", "check", "believe", "challenge"}


def _count(n: int, word: str) -> str:
    """'1 card', '3 cards'."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def card_line(cards: list[str]) -> str:
    """Cards as players write them: '10♠ Q♥'."""
    return " ".join(card_words(c) for c in cards)


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


def _short(text: str, limit: int = 16) -> str:
    """A typed word for a message, cut short (a pasted page must not fill the screen)."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _card(word: str) -> str:
    card = CARD_INDEX.get(word)
    if card is None:
        card = CARD_INDEX.get(word.upper())
    if card is None:
        raise IllegalAction(
            f"{_short(word)} is not a card: write rank then suit, like 7h, TD, "
            "QS, AS (upper or lower case)"
        )
    return str(CARD_TEXT[card])


def _is_card(word: str) -> bool:
    return word in CARD_INDEX or word.upper() in CARD_INDEX


def _number(word: str) -> int | None:
    """A small whole number typed in ASCII digits, else None (never int() of a huge string)."""
    if word.isascii() and word.isdigit() and len(word) <= 6:
        return int(word)
    return None


#: Rank words a claim accepts besides the letters: 10 and the names, singular or plural.
_RANK_WORDS: dict[str, str] = {"10": "T", "joker": "JK", "jokers": "JK"}
for _i, _name in enumerate(RANK_NAMES):
    _RANK_WORDS[_name] = _RANK_WORDS[_name + "s"] = RANKS[_i]
_RANK_WORDS["sixes"] = "6"
_SUIT_WORDS: dict[str, str] = {}
for _i, _name in enumerate(SUIT_NAMES):
    _SUIT_WORDS[_name] = _SUIT_WORDS[_name[:-1]] = _SUIT_WORDS[SUITS[_i].lower()] = SUITS[_i]


def _rank_word(word: str) -> str | None:
    w = word.lower()
    if len(w) == 1 and w.upper() in RANKS:
        return w.upper()
    return _RANK_WORDS.get(w)


CLAIM_SYNTAX = (
    "write the claim after 'as': a rank ('as Q'), or a count and a rank "
    "('as 2 Q'), then a suit where suits are claimed ('as Q S')"
)


def parse_claim(words: list[str]) -> tuple[int | None, str, str | None]:
    """``[count] rank [[of] suit]`` after 'as': (count or None, rank letter, suit or None)."""
    rest = [w for w in words if w.lower() != "of"]
    count = None
    if len(rest) >= 2 and _number(rest[0]) is not None and _rank_word(rest[1]):
        count = _number(rest[0])
        rest = rest[1:]
    elif rest and rest[0].isdigit() and len(rest) >= 2:
        raise IllegalAction(f"{_short(rest[0])} is too large a count; {CLAIM_SYNTAX}")
    rank = _rank_word(rest[0]) if rest else None
    if rank is None:
        raise IllegalAction(CLAIM_SYNTAX)
    suit = None
    if len(rest) == 2:
        suit = _SUIT_WORDS.get(rest[1].lower())
        if suit is None:
            raise IllegalAction(f"{_short(rest[1])} is not a suit (S H D C); {CLAIM_SYNTAX}")
    elif len(rest) > 2:
        raise IllegalAction(CLAIM_SYNTAX)
    return count, rank, suit


def split_play(words: list[str]) -> tuple[list[str], list[str] | None]:
    """Card words and claim words of a play, ``CARD+ [as [COUNT] RANK [SUIT]]``.

    'as' (any case) is both the ace of spades and the claim keyword. It is the keyword only
    where the words after it are not all cards (a rank, a count, a suit never is one), so a
    card token is always a card where it can only be a card: 'AS', 'as as', 'as 7s' and
    '7h AS' are cards alone; '7h as 7', 'as as Q' and 'AS as 2 Q' carry a claim."""
    for i in range(len(words) - 1, -1, -1):  # the last 'as' that a non-card follows
        tail = words[i + 1 :]
        if words[i].lower() == "as" and not all(_is_card(w) for w in tail):
            if i == 0:
                raise IllegalAction("which cards? write them before the claim, like '7h 7d as Q'")
            return words[:i], tail
    return words, None


def parse_input(
    text: str,
    view: dict[str, Any],
    legal: list[dict[str, Any]],
    ask: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """The action a typed line means at this prompt (IllegalAction says why a line means none).

    ``ask`` is called for what a play leaves open and the table needs (the claimed rank or
    suit where the player may choose); without it the line must say everything."""
    words = text.replace(",", " ").split()
    if not words:
        raise IllegalAction("type an action; 'help' lists them")
    head = words[0].lower()
    kinds = sorted({str(a["type"]) for a in legal})
    if len(words) == 1 and head.isascii() and head.isdigit():
        n = _number(head)
        if n is not None and 1 <= n <= len(legal):
            return legal[n - 1]
        raise IllegalAction(
            f"there is no action {_short(head)}: 'list' numbers the {len(legal)} action(s) you have"
        )
    said = " ".join(words).lower().rstrip("!")
    if said in CALL_WORDS or said == str(view.get("call_word") or "").lower():
        return {"type": "call"}
    if len(words) == 1 and head in WORDS:
        return {"type": head}
    if head == "bid" or head.replace("-", "_") in CATEGORIES:
        rest = words[1:] if head == "bid" else words
        if not rest:
            raise IllegalAction("write the bid after 'bid', like 'bid pair 7' ('help' shows more)")
        if any("count" in a for a in legal if a["type"] == "bid"):  # Cheat's bidding
            held = _number(rest[0])
            if held is None:
                raise IllegalAction("bid how many of the highest rank you hold, like 'bid 2'")
            return {"type": "bid", "count": held}
        return {"type": "bid", "bid": " ".join(rest)}
    if head == "accuse":
        seat = _number(words[1]) if len(words) == 2 else None
        if seat is None:
            raise IllegalAction("accuse a seat by its number, like 'accuse 2'")
        return {"type": "accuse", "seat": seat}
    if head == "show" and len(words) > 1:  # Cheat H: show other cards than those laid
        return {"type": "show", "cards": [_card(w) for w in words[1:]]}
    if head in ("sneak", "flaunt", "challenge"):
        if len(words) == 1:
            raise IllegalAction(f"which cards? like '{head} 7h 7d'")
        return {"type": head, "cards": [_card(w) for w in words[1:]]}
    explicit = head == "play"
    if explicit:
        words = words[1:]
        if not words:
            raise IllegalAction("which cards? like 'play 7h 7d', or 'play 7h 7d as Q'")
    if "play" not in kinds:
        if not explicit and "challenge" in kinds and all(_is_card(w) for w in words):
            return {"type": "challenge", "cards": [_card(w) for w in words]}
        if (
            not explicit
            and ("sneak" in kinds or "flaunt" in kinds)
            and all(_is_card(w) for w in words)
        ):
            raise IllegalAction("lead face down with 'sneak 7h 7d' or face up with 'flaunt 7h 7d'")
        if not explicit and not _is_card(words[0]) and words[0].lower() != "as":
            raise IllegalAction(
                f"{_short(words[0])} is not a command here; you may: "
                f"{', '.join(kinds)} ('help' explains)"
            )
        raise IllegalAction(f"you cannot play cards now; you may: {', '.join(kinds)}")
    card_words, claim_words = split_play(words)
    if not explicit and not _is_card(card_words[0]) and len(words) == 1:
        raise IllegalAction(
            f"{_short(words[0])} is not a card or a command: play cards "
            f"like '7h 7d', or type one of: {', '.join(kinds)} ('help' explains)"
        )
    cards = [_card(w) for w in card_words]
    hand = view.get("hand") or []
    if "AS" not in hand and any(w.lower() == "as" for w in card_words):
        raise IllegalAction(
            "you do not hold the ace of spades ('as' was read as the card AS); "
            "to claim a rank put it after 'as', like '7h as 7' or '7h 7d as 2 7'"
        )
    count: int | None = None
    rank: str | None = None
    suit: str | None = None
    if claim_words is not None:
        count, rank, suit = parse_claim(claim_words)
    if rank is None:
        rank = view.get("claim_rank")
    if rank is None:
        options = view.get("claim_ranks") or []
        if len(options) == 1:
            rank = str(options[0])
        elif ask is None:
            raise IllegalAction(
                f"add the rank you claim, like '{' '.join(card_words)} as "
                f"{options[0] if options else 'Q'}'"
            )
        else:
            answer = ask(f"claim which rank? ({' '.join(options)}) > ").split()
            rank = _rank_word(answer[0]) if len(answer) == 1 else None
            if rank is None:
                raise IllegalAction("a claim is one rank, like Q or 7; type the play again")
    claim: dict[str, Any] = {"rank": rank, "count": count if count is not None else len(cards)}
    if suit is None and view.get("claim_suit") is not None:
        suit = str(view["claim_suit"])
    if suit is None and any("suit" in a.get("claim", {}) for a in legal if a["type"] == "play"):
        if ask is None:
            raise IllegalAction(f"add the suit you claim, like '... as {rank} S'")
        suit = _SUIT_WORDS.get(ask("claim which suit? (S H D C) > ").strip().lower())
        if suit is None:
            raise IllegalAction("a suit is one of S H D C; type the play again")
    if suit is not None:
        claim["suit"] = suit
    return {"type": "play", "cards": cards, "claim": claim}


class Record:
    """The start of a game and every action since: enough to resume or replay it."""

    def __init__(
        self, start: str, humans: list[int], bots: list[str], actions: list[list[Any]] | None = None
    ) -> None:
        self.start = start
        self.humans = humans
        self.bots = bots
        self.actions: list[list[Any]] = actions or []

    def save(self, path: str, state: Game) -> None:
        data = {
            "format": RECORD_FORMAT,
            "game": state.game_id,
            "humans": self.humans,
            "bots": self.bots,
            "start": json.loads(self.start),
            "actions": self.actions,
            "state": json.loads(state.to_json()),
        }
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
        except (ValueError, RecursionError):
            raise SaveError(f"{path} is not a bluffhouse record (not JSON)") from None
        if not isinstance(data, dict):
            raise SaveError(f"{path} is not a bluffhouse record")
        if data.get("format") != RECORD_FORMAT:
            # A bare saved state (Game.to_json) can be resumed too, without its history.
            state = _load(path, "", data)
            _check_seats(path, state, [0], ["counter"] * state.players)
            return cls(state.to_json(), [0], ["counter"] * state.players), state
        missing = [k for k in ("start", "humans", "bots", "actions", "state") if k not in data]
        if missing:
            raise SaveError(f"{path} is a damaged record: no {', '.join(missing)}")
        humans, bots, actions = data["humans"], data["bots"], data["actions"]
        state = _load(path, "its current game", data["state"])
        start = _load(path, "its starting game", data["start"])
        if (start.game_id, start.players) != (state.game_id, state.players):
            raise SaveError(
                f"{path} is a damaged record: it starts a game of {start.game_id} "
                f"for {start.players} and ends in {state.game_id} for "
                f"{state.players}"
            )
        _check_seats(path, state, humans, bots)
        if not isinstance(actions, list) or not all(
            isinstance(a, list) and len(a) == 2 and type(a[0]) is int and isinstance(a[1], dict)
            for a in actions
        ):
            raise SaveError(
                f"{path} is a damaged record: 'actions' must be a list of [seat, action] pairs"
            )
        return cls(start.to_json(), list(humans), list(bots), list(actions)), state


def _load(path: str, what: str, data: Any) -> Game:
    """One saved game inside a record file; SaveError names the file and the part."""
    try:
        return load(json.dumps(data))
    except SaveError as exc:
        where = f"{path} ({what})" if what else path
        raise SaveError(f"{where}: {exc}") from None
    except (ValueError, TypeError, KeyError, IndexError, RecursionError) as exc:
        # load is meant to say SaveError for every damaged save; this keeps a traceback from
        # the player even where a check is missing.
        raise SaveError(f"{path}: the saved game is damaged ({type(exc).__name__})") from None


def _check_seats(path: str, state: Game, humans: Any, bots: Any) -> None:
    """The people and bots of a record must fit its table: one bot name a seat, the human
    seats real and distinct, and every seat to act a seat of the table."""
    n = state.players
    if (
        not isinstance(humans, list)
        or not humans
        or not all(type(h) is int and 0 <= h < n for h in humans)
        or len(set(humans)) != len(humans)
    ):
        raise SaveError(
            f"{path} is a damaged record: 'humans' must list distinct seats from 0 "
            f"to {n - 1}, not {_short(json.dumps(humans), 40)}"
        )
    if not isinstance(bots, list) or len(bots) != n or not all(isinstance(b, str) for b in bots):
        raise SaveError(
            f"{path} is a damaged record: 'bots' must name one bot for each of the "
            f"{n} seats, not {_short(json.dumps(bots), 40)}"
        )
    known = set(bot_names())
    for seat, name in enumerate(bots):
        if seat not in humans and name.strip().lower() not in known:
            raise SaveError(
                f"{path} is a damaged record: seat {seat}'s bot {_short(name)} is "
                f"not a bot ({', '.join(sorted(known))})"
            )
    wrong = [s for s in state.to_act if not (type(s) is int and 0 <= s < n)]
    if wrong:
        raise SaveError(
            f"{path} is a damaged record: seat {wrong[0]} is to act, but the "
            f"table has seats 0 to {n - 1}"
        )


class TerminalGame:
    def __init__(
        self,
        state: Game,
        humans: list[int],
        bots: list[str],
        delay: float = 0.6,
        record: str | None = None,
        seed: int | None = None,
        console: Console | None = None,
        countdown: float = 0.0,
        hint: bool = False,
        history: Record | None = None,
    ) -> None:
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
        self.save_failed = False
        self.pickup_confirmed = False

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
            self.console.print(
                "  " + describe(event, self.name, self.perspective(), self.state.FAMILY)
            )
        self.seen = len(self.state.events)

    def show_table(self, seat: int) -> None:
        view = self.state.view(seat)
        c = self.console
        c.rule(f"{view['game']} - {self.name(seat)} to act")
        sizes = "  ".join(f"{self.name(s)}: {n}" for s, n in enumerate(view["hand_sizes"]))
        c.print(f"cards held  {sizes}")
        if view.get("pile_size") is not None:
            c.print(f"pile: {_count(view['pile_size'], 'card')}")
        last = view.get("last_play")
        if view.get("phase") in ("window", "jump", "answer") and isinstance(last, dict):
            # a call window: the claim being judged, not the rank that comes next
            c.print(f"judging: {self.claim_line(last)}")
        elif view.get("claim_rank") is not None:
            c.print(f"rank to claim: {RANK_WORDS.get(view['claim_rank'], view['claim_rank'])}")
        elif view.get("claim_ranks"):
            ranks = " ".join(RANK_WORDS.get(r, r) for r in view["claim_ranks"])
            c.print(f"you may claim: {ranks}")
        if isinstance(view.get("bid"), str):
            c.print(f"standing bid: {bid_words(view['bid'])}")
        if view.get("stock_size") is not None:
            c.print(f"stock: {_count(view['stock_size'], 'card')}")
        lead = view.get("lead")
        if isinstance(lead, dict):
            shown = card_line(lead["cards"]) if lead.get("cards") else "face down"
            c.print(
                f"lead: {self.name(lead['seat'])} {lead.get('kind')}ed "
                f"{_count(lead.get('count', 0), 'card')}: {shown}"
            )
        drinking = bool((view.get("rules") or {}).get("kings_cup"))
        if drinking and view.get("sips") and any(view["sips"]):
            # the drinking tally: shown at a drinking table only (King's cup)
            c.print(
                "sips (the drinking tally: one per card picked up): "
                + "  ".join(f"{self.name(s)} {n}" for s, n in enumerate(view["sips"]))
            )
        if view.get("scores"):
            c.print(
                "scores: " + "  ".join(f"{self.name(s)} {n}" for s, n in enumerate(view["scores"]))
            )
        line = Text("your hand: ")
        line.append_text(cards_markup(view["hand"]))
        c.print(line)
        if self.hint and isinstance(view.get("bid"), str):  # a Poker Bull bid
            self.show_hint(view)

    def show_hint(self, view: dict[str, Any]) -> None:
        try:
            from .pokerbull.aid import bid_probability
        except ImportError:
            return
        chance = bid_probability(view, view["bid"], samples=4000)
        margin = "" if chance.exact else f" +- {2 * chance.stderr:.0%}"
        line = f"hint: the standing bid exists with probability {chance.p:.0%}{margin}"
        if chance.stands != chance.p:  # variation #4: a higher hand also makes the bid
            line += f"; with a higher hand, a call on it fails {chance.stands:.0%} of the time"
        self.console.print(line)

    # ------------------------------------------------------------ the loop
    def run(self) -> int:
        c = self.console
        c.print(
            f"[bold]bluffhouse[/bold] {self.state.game_id}: "
            + ", ".join(f"seat {s} {self.name(s)}" for s in range(self.state.players))
        )
        c.print("Type 'help' for commands, 'rules' for how to play, 'quit' to stop.")
        try:
            if not self.play_on():
                return 0
            while self.rematch():
                if not self.play_on():
                    return 0
            return 0
        except (KeyboardInterrupt, EOFError):
            c.print()
            self.offer_save()
            return 0

    def rematch(self) -> bool:
        """At the end, at a keyboard: 'Play again?' deals a new game at the same table, with
        the same rules and seats (the finished game's record is kept: a new file)."""
        if not self.humans or not sys.stdin.isatty():
            return False
        try:
            answer = input("Play again? [y/N] ").strip().lower()
        except EOFError:
            return False
        if answer not in ("y", "yes"):
            return False
        state = self.state
        rules = dataclasses.asdict(state.rules)
        self.state = new_game(state.game_id, players=state.players, **rules)
        self.history = Record(self.state.to_json(), self.humans, self.bot_names)
        if self.record_path:
            self.record_path = fresh_path(self.record_path)
        self.seen = 0
        self.pickup_confirmed = False
        self.console.rule("a new game")
        return True

    def play_on(self) -> bool:
        """The loop of one game (after a rematch); False when a person quit."""
        while not self.state.over:
            self.show_events()
            act = list(self.state.to_act)
            if len(act) > 1 and self.is_window(act):
                if not self.window_round(act):
                    return False
            elif act[0] in self.humans:
                action = self.ask_human(act[0])
                if action is None:
                    return False
                self.apply(act[0], action)
            else:
                self.bot_turn(act[0])
            self.save()
        self.show_events()
        self.summary()
        return True

    def is_window(self, act: list[int]) -> bool:
        """Several seats answering the same play (call, pass, challenge ...), and nothing else:
        their answers do not change what the others may answer, so they can be given at once."""
        return all({a["type"] for a in self.state.legal_actions(s)} <= WINDOW_KINDS for s in act)

    def window_round(self, act: list[int]) -> bool:
        """A challenge window as a real one: every seat in it decides on what it saw when the
        window opened (the bots first, in silence; then each person, who sees none of the bots'
        answers), and the answers are then applied in seat order from the player's left, as
        ``to_act`` lists them: the first caller in that order is the one who calls. Returns
        False when a person quit."""
        decisions: dict[int, dict[str, Any]] = {}
        for seat in act:
            if seat not in self.humans:
                decisions[seat] = self.bot_decide(seat)
        for seat in act:
            if seat in self.humans:
                action = self.ask_human(seat)
                if action is None:
                    return False
                decisions[seat] = action
        if self.delay and len(decisions) > sum(s in self.humans for s in act):
            time.sleep(self.delay)
        spoke: int | None = None
        for seat in act:
            action = decisions[seat]
            if self.state.over or seat not in self.state.to_act:
                if seat in self.humans and action["type"] != "pass" and spoke is not None:
                    self.console.print(
                        f"({self.name(spoke)} answered first, from the "
                        f"player's left: the window closed)"
                    )
                continue
            if not self.state.is_legal(seat, action):  # the window changed under this answer
                if seat not in self.humans:
                    action = self.bot_decide(seat)
                else:
                    self.show_events()
                    again = self.ask_human(seat)
                    if again is None:
                        return False
                    action = again
            self.apply(seat, action)
            if action["type"] != "pass":
                spoke = seat
        return True

    def apply(self, seat: int, action: dict[str, Any]) -> None:
        self.state.apply(seat, action)
        self.history.actions.append([seat, action])

    def bot_decide(self, seat: int) -> dict[str, Any]:
        bot = self.bots[seat]
        view = self.state.view(seat) if bot.wants_view else None
        return dict(bot.act(view, Choices(self.state, seat)))

    def bot_turn(self, seat: int) -> None:
        action = self.bot_decide(seat)
        if self.delay:
            time.sleep(self.delay)
        self.apply(seat, action)

    def clear_screen(self) -> None:
        """Clear the screen AND the scrollback (a hot-seat player must not scroll up to the
        previous player's hand): ``ESC[3J`` is what erases the scrollback; rich's own clear
        sends only ``ESC[2J``, and nothing at all on a 'dumb' terminal."""
        out = self.console.file
        if getattr(out, "isatty", lambda: False)():
            out.write("\x1b[H\x1b[2J\x1b[3J")
            out.flush()

    def pass_keyboard(self, seat: int) -> None:
        """Hot-seat: a blank screen asking for the next player before their hand is shown."""
        self.clear_screen()
        input(f"Pass the keyboard to player {seat} (seat {seat}), then press Enter ")
        self.clear_screen()
        self.console.rule(f"player {seat}")

        def name(other: int) -> str:
            return "you" if other == seat else self.name(other)

        for event in self.state.events_for(seat)[-8:]:
            self.console.print("  " + describe(event, name, seat, self.state.FAMILY))

    def situation(self, seat: int, view: dict[str, Any], kinds: list[str]) -> str:
        """One line saying what is being decided: the claim, bid or lead being judged."""
        options = kinds[0] if len(kinds) == 1 else f"{', '.join(kinds[:-1])} or {kinds[-1]}"
        last = view.get("last_play")
        lead = view.get("lead")
        if (
            view.get("phase") in ("window", "jump")
            and isinstance(last, dict)
            and ("call" in kinds or "check" in kinds or "believe" in kinds)
        ):
            return f"{self.claim_line(last)}: {options}?"
        if isinstance(lead, dict) and set(kinds) <= {"challenge", "pass"}:
            shown = (
                card_line(lead["cards"]) + f" ({lead.get('combo')})"
                if lead.get("cards")
                else "face down"
            )
            answer = (
                f"challenge with {_count(lead.get('count', 0), 'card')} or pass?"
                if "challenge" in kinds
                else "you hold nothing that can beat it: pass"
            )
            return (
                f"{self.label(lead['seat'])} {lead.get('kind')}s "
                f"{_count(lead.get('count', 0), 'card')}, {shown}: {answer}"
            )
        bid = view.get("bid")
        if "bid" in kinds and isinstance(bid, str) and isinstance(view.get("bidder"), int):
            return f"{self.label(view['bidder'])} bids {bid_words(bid)}: bid higher or call?"
        if isinstance(bid, dict) and ("bid" in kinds or "call" in kinds):
            # Cheat's bidding for the first play: how many of the highest rank one holds.
            return (
                f"{self.label(bid['seat'])} bids to hold {bid['count']} of the highest "
                f"rank: {options}?"
            )
        if "bid" in kinds and bid is None:
            return (
                "you open the bidding: bid a hand, like 'pair 7'"
                if "hand_number" in view
                else f"you open the bidding: {options}"
            )
        if "play" in kinds:
            if self.pass_picks_up(view, kinds):
                pile = _count(int(view.get("pile_size", 0)), "card")
                options = f"play, or pass and pick up the pile ({pile})"
            if view.get("claim_rank"):
                rank = RANK_WORDS.get(view["claim_rank"], view["claim_rank"])
                return f"your play: claim {rank} ({options})"
            if view.get("claim_ranks"):
                ranks = " ".join(RANK_WORDS.get(r, r) for r in view["claim_ranks"])
                return f"your play: claim any of {ranks} ({options})"
        return f"you may: {options}"

    def claim_line(self, last: dict[str, Any]) -> str:
        """'always_call 3 claims 2 × 10 of hearts (laid 3)': the play being judged."""
        suit = f" of {SUIT_WORDS[last['suit']]}" if last.get("suit") in SUIT_WORDS else ""
        laid = f" (laid {last['laid']})" if last.get("laid") not in (None, last["count"]) else ""
        rank = RANK_WORDS.get(last["rank"], last["rank"])
        verb = "claim" if self.label(last["seat"]) == "you" else "claims"
        return f"{self.label(last['seat'])} {verb} {last['count']} × {rank}{suit}{laid}"

    @staticmethod
    def pass_picks_up(view: dict[str, Any], kinds: list[str]) -> bool:
        """Whether 'pass' now means taking the pile (Bullsh*t's pass on one's own turn)."""
        rules = view.get("rules") or {}
        return (
            "pass" in kinds
            and "play" in kinds
            and rules.get("turn_pass") == "pickup"
            and view.get("phase") == "turn"
            and int(view.get("pile_size", 0)) > 0
        )

    def label(self, seat: int) -> str:
        """A seat as the situation line names it: 'you', 'player 1', or 'seat 2 (counter)'."""
        if seat in self.humans:
            return self.name(seat)
        return f"seat {seat} ({self.bot_names[seat]})"

    def ask_human(self, seat: int) -> dict[str, Any] | None:
        """The action a person chooses for ``seat`` (checked, not yet applied), or None if they
        quit. Commands (help, list, rules ...) and refused lines ask again."""
        if len(self.humans) > 1 and self.last_human != seat:
            self.pass_keyboard(seat)
        self.last_human = seat
        self.show_table(seat)
        view = self.state.view(seat)
        legal = self.state.legal_actions(seat)
        kinds = sorted({str(a["type"]) for a in legal})
        if len(legal) <= 12:
            self.print_list(legal)
        _set_completer(legal)
        in_window = set(kinds) <= WINDOW_KINDS and "pass" in kinds
        self.console.print(Text(self.situation(seat, view, kinds), style="bold"))
        while True:
            prompt = f"[{'/'.join(kinds)}] > "
            if in_window and self.countdown > 0:
                text = self.timed_input(prompt, self.countdown)
                if text is None:
                    self.console.print(f"(no answer in {self.countdown:g} s: pass)")
                    return {"type": "pass"}
            else:
                text = input(prompt)
            text = text.strip()
            low = text.lower()
            if not text:
                continue
            if low in ("quit", "exit", "q"):
                self.offer_save()
                return None
            if low in ("help", "?", "h"):
                self.console.print(command_help(lookup(self.state.game_id), view, kinds))
                continue
            if low == "rules":
                self.console.print(rules_text(lookup(self.state.game_id)))
                continue
            if low in ("list", "l"):
                self.print_list(legal)
                continue
            if low in ("hand", "table"):
                self.show_table(seat)
                continue
            try:
                action = parse_input(text, view, legal, ask=input)
                self.check(seat, action)
            except IllegalAction as exc:
                self.console.print(Text(str(exc), style="red"))
                continue
            costly = action == {"type": "pass"} and self.pass_picks_up(view, kinds)
            if costly and not self.pickup_confirmed:
                pile = _count(int(view.get("pile_size", 0)), "card")
                answer = input(f"Passing picks up the pile ({pile}). Pass anyway? [y/N] ")
                if answer.strip().lower() not in ("y", "yes"):
                    continue
                self.pickup_confirmed = True  # asked once a game
            return action

    def check(self, seat: int, action: dict[str, Any]) -> None:
        """IllegalAction with the engine's own words if ``action`` is not legal; the state is
        not touched (the refusal is taken from a copy)."""
        if self.state.is_legal(seat, action):
            return
        self.state.copy().apply(seat, action)  # raises, saying why
        raise IllegalAction("that is not a legal action now; 'list' shows them")

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

    # ------------------------------------------------------------ saving
    def save(self) -> None:
        """Rewrite the record after a move; a failure is reported once and play goes on."""
        if not self.record_path:
            return
        try:
            self.history.save(self.record_path, self.state)
        except OSError as exc:
            if not self.save_failed:
                self.console.print(
                    f"[red]cannot save to {self.record_path}: "
                    f"{exc.strerror or exc}; playing on unsaved[/red]"
                )
            self.save_failed = True
        else:
            self.save_failed = False

    def offer_save(self) -> None:
        """Save on leaving. The game's own record (--record, or the file it was resumed from)
        is brought up to date; otherwise a new file is written, never over an existing one.
        With the input closed (Ctrl-D, a closed pipe) the answer is yes: nothing is lost."""
        try:
            answer = input("Save the game before leaving? [Y/n] ").strip().lower()
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            answer = "y"
        if answer not in ("", "y", "yes"):
            self.console.print("not saved")
            return
        path = self.record_path or fresh_path("bluffhouse-save.json")
        try:
            self.history.save(path, self.state)
        except OSError as exc:
            self.console.print(f"[red]cannot save to {path}: {exc.strerror or exc}[/red]")
            return
        self.record_path = path
        self.console.print(f"saved to {path}; continue with: bluffhouse play --resume {path}")

    def summary(self) -> None:
        show_summary(self.console, self.state, self.name)


def fresh_path(path: str) -> str:
    """``path``, or ``name-2.ext``, ``name-3.ext`` ... : the first that does not exist yet."""
    if not os.path.exists(path):
        return path
    stem, ext = os.path.splitext(path)
    n = 2
    while os.path.exists(f"{stem}-{n}{ext}"):
        n += 1
    return f"{stem}-{n}{ext}"


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
        console.print(
            "successful bluffs: " + ", ".join(f"{name(s)} {n}" for s, n in enumerate(survived))
        )


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
            options = sorted({b[len(done) :].split(" ")[0] for b in pool if b.startswith(done)})
        else:
            options = [w for w in words if w.startswith(text)]
        options = [o for o in options if o.startswith(text)]
        return options[state] if state < len(options) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ")
    readline.parse_and_bind("tab: complete")


def replay(
    path: str, seat: int | None, everything: bool, pause: bool, console: Console | None = None
) -> int:
    """Step through a record, showing what ``seat`` saw (or everything), and check that the
    actions reproduce the recorded end."""
    console = console or Console(highlight=False)
    record, final = Record.read(path)
    state = load(record.start)
    if seat is not None and not 0 <= seat < state.players:
        raise SaveError(f"--seat {seat}: the game in {path} has seats 0 to {state.players - 1}")

    def name(s: int) -> str:
        return f"seat {s}" + (f" ({record.bots[s]})" if s < len(record.bots) else "")

    def emit(events: list[dict[str, Any]]) -> None:
        for event in events:
            console.print("  " + describe(event, name, None, state.FAMILY))

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

    console.print(
        f"replay of {state.game_id}: {len(record.actions)} actions, seen by "
        + (
            "everyone (all cards shown)"
            if everything
            else "a spectator"
            if seat is None
            else f"seat {seat}"
        )
    )
    emit(new_events())
    for i, (who, action) in enumerate(record.actions, 1):
        if pause:
            try:
                input(f"[{i}/{len(record.actions)}] Enter for the next move ")
            except EOFError:  # stdin closed: show the rest at once rather than fail
                console.print("\n(input closed: the rest without pausing)")
                pause = False
        try:
            state.apply(who, action)
        except IllegalAction as exc:
            console.print(
                Text(
                    f"move {i} of the record ({name(who)}: "
                    f"{_short(json.dumps(action), 60)}) is not legal: {exc}; the "
                    "record was changed",
                    style="red",
                )
            )
            return 1
        emit(new_events())
    same = state.to_json() == final.to_json()
    if state.over:
        show_summary(console, state, name)
    console.print(
        "the replay reaches the recorded end"
        if same
        else "[red]the replay does not reach the recorded end[/red]"
    )
    return 0 if same else 1
