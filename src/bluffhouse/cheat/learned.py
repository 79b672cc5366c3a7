"""The ``learned`` bot: a policy trained with masked policy gradients (sb3-contrib's
MaskablePPO, ``python -m bluffhouse.interop.train``) for a seat of 4-player ``bullshit``,
played with a numpy-only forward pass over weights shipped in the package
(``learned_bullshit.npz`` next to this module: two tanh layers and the logits over its
actions).  Torch is needed only to train; numpy is needed to play (the ``fast`` or
``research`` extra): without numpy the bot is not offered, and asking for it says why.

Its actions are the 16 abstract ones of :data:`ABSTRACT`: pass, call, or a play of ``t`` true
and ``b`` bluff cards, the cards picked as ``counter`` picks them.  The abstraction is this
bot's own, not the research environments' default encoding.

It sees what any bot sees: the seat's view as a vector (:class:`Observation`, the research
environments' Cheat observation of this table, kept here so that the bot needs no
interface package and the weights keep the inputs they were trained on; a test checks that the
two agree) with :func:`belief_features` appended (``counter``'s card counting: the chance the
last play is true, each seat's call rate), and the legal actions become the action mask; it
draws a legal id with the policy's probabilities (softmax of the logits over the legal ids)
from its seeded generator, as it was trained: a greedy policy repeats itself into endless
loops.

It knows only the table it was trained for: 4-player ``bullshit`` with that game's own rules
(options that change no rule are fine).  Anywhere else it refuses to sit
(:meth:`LearnedBot.refuses`: the lobby, the terminal game, ``simulate`` and ``arena`` say so
before a game starts), and a game that seats it anyway gets a ``ValueError`` naming the
table at its first move, never a silent stand-in.
"""

from __future__ import annotations

import ast
import importlib.util
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from ..bots.base import Action, Bot, Choices, View, register_bot, unavailable_bot

#: The weights shipped in the package.
WEIGHTS = Path(__file__).with_name("learned_bullshit.npz")
#: The one table the shipped weights were trained for (their notes say the same).
GAME = "bullshit"
PLAYERS = 4


@lru_cache(maxsize=4)
def load_policy(path: str) -> tuple[list[tuple[Any, Any]], dict[str, Any]]:
    """The layers (weights, bias) as float32 arrays and the training notes of a weights file."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - depends on the install
        raise ValueError(NEEDS_NUMPY) from None
    with np.load(path) as data:
        count = sum(1 for name in data.files if name.startswith("w"))
        layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                  for i in range(count)]
        meta = ast.literal_eval(str(data["meta"]))
    return layers, meta


def forward(layers: list[tuple[Any, Any]], x: Any) -> Any:
    """The logits of an observation vector: tanh after every layer but the last."""
    import numpy as np

    for w, b in layers[:-1]:
        x = np.tanh(x @ w + b)
    w, b = layers[-1]
    return x @ w + b


def _softmax(x: Any) -> Any:
    import numpy as np

    e = np.exp(x - x.max())
    return e / e.sum()


NEEDS_NUMPY = ("the learned bot needs numpy, which is not installed: "
               "pip install 'bluffhouse[fast]' (or the research extra)")


class LearnedBot(Bot):
    """The trained policy (see the module notes)."""

    name: ClassVar[str] = "learned"
    summary: ClassVar[str] = ("a policy trained by imitating counter, then masked PPO; plays "
                              "only 4-player bullshit with its own rules")
    wants_view: ClassVar[bool] = True
    only: ClassVar[Mapping[str, Any] | None] = {"game": GAME, "players": PLAYERS}

    def __init__(self, seed: int | None = None, weights: str | Path | None = None) -> None:
        super().__init__(seed)
        self.weights = str(weights if weights is not None else WEIGHTS)
        self._layers: list[tuple[Any, Any]] | None = None
        self._encoder: Observation | None = None
        self._memory: Memory | None = None
        self._first: Any = None

    def _setup(self, view: View) -> tuple[list[tuple[Any, Any]], Observation]:
        """The policy and the encoder of its table, or a ValueError naming the difference."""
        layers, meta = load_policy(self.weights)
        if meta.get("actions") != "abstract":
            raise ValueError(f"{self.weights} holds a policy over {meta.get('actions')!r} "
                             "actions; the learned bot plays policies over its abstract "
                             "actions only (python -m bluffhouse.interop.train --actions "
                             "abstract)")
        game, players = meta.get("game"), meta.get("players")
        where = f"{view.get('players')}-player {view.get('game')}"
        if view.get("game") != game or view.get("players") != players:
            raise ValueError(f"the learned bot plays only {players}-player {game}, not "
                             f"{where}: pick another bot for this table")
        if view.get("rules") != preset_rules(str(game), int(players or 0)):
            raise ValueError(f"the learned bot plays {game} with that game's own rules only; "
                             f"this {where} changes them: pick another bot for this table")
        self._layers, self._encoder = layers, Observation(dict(view["rules"]), int(players or 0))
        return self._layers, self._encoder

    def act(self, view: View | None, legal: Choices) -> Action:
        import numpy as np

        if view is None:
            raise ValueError("the learned bot needs its view")
        if self._layers is None or self._encoder is None:
            layers, encoder = self._setup(view)
        else:
            layers, encoder = self._layers, self._encoder
        events = view.get("events") or []
        first = events[0] if events else None
        if self._memory is None or self._memory.seat != view.get("seat") \
                or first != self._first or self._memory.count > len(events):
            self._memory = encoder.memory(view.get("seat"))
            self._first = first
        k = knowledge(view)
        ids = abstract_actions(view, k, legal)
        if not ids:  # nothing the abstraction names (never with these rules): a legal action
            return legal.all()[0]
        vector = np.concatenate([encoder.encode(view, self._memory), belief_features(view, k)])
        logits = forward(layers, vector)
        keys = list(ids)
        weights = _softmax(logits[keys])
        pick = self.rng.choices(range(len(keys)), weights=weights.tolist())[0]
        return ids[keys[pick]]

    @classmethod
    def refuses(cls, game: str, players: int, options: Mapping[str, Any]) -> str | None:
        """Why the bot cannot sit at this table: another game, player count or rules."""
        from ..errors import RuleError
        from ..registry import lookup

        try:
            preset = lookup(game)
        except (RuleError, KeyError, ValueError):
            return None  # the table itself is refused elsewhere, with its own message
        if preset.id != GAME or players != PLAYERS:
            return (f"the learned bot plays only {PLAYERS}-player {GAME}, not {players}-player "
                    f"{preset.id}: pick another bot")
        if options:
            try:
                rules = _table_rules(preset.id, players, tuple(sorted(options.items())))
            except (RuleError, TypeError, ValueError):
                return None
            if rules != preset_rules(GAME, PLAYERS):
                return (f"the learned bot plays {GAME} with that game's own rules only; "
                        f"these options change them ({', '.join(sorted(options))}): pick "
                        f"another bot")
        return None


@lru_cache(maxsize=4)
def preset_rules(game: str, players: int) -> Any:
    """The rules in force at a table of ``game`` with no option changed."""
    return _table_rules(game, players, ())


@lru_cache(maxsize=64)
def _table_rules(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Any:
    from ..api import new_game

    return new_game(game, players=players, seed=0, **dict(options)).view(0).get("rules")


if importlib.util.find_spec("numpy") is None:  # pragma: no cover - depends on the install
    unavailable_bot(LearnedBot.name, NEEDS_NUMPY)
else:
    register_bot(LearnedBot)


# ---------------------------------------------------------------------- the observation
#: Card identities (the 52 natural cards and the joker), claimable ranks (A..K and the
#: jokers' rank) and the recent events kept: the research encodings' constants.
CARDS = 53
CLAIM_RANKS = 14
HISTORY = 8
PHASES = ("turn", "window", "jump", "bid", "bid_window", "answer", "over")
EVENT_TYPES = ("play", "call", "believe", "decline", "pass", "take", "discard", "removed",
               "set_aside", "out", "lost", "check", "called", "bid", "bid_pass", "first_player",
               "cheat_private", "accuse", "cup", "pour", "deal", "game_over")


class Memory:
    """What the encoder keeps for one seat of one game between calls, so each call reads only
    the events new since the last one: the events read, the cards' last known places, the
    recent-history rows."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.count = 0
        self.rows: list[Any] = []
        self.known: dict[str, Counter[int]] = {}

    def place(self, name: str) -> Counter[int]:
        got = self.known.get(name)
        if got is None:
            got = self.known[name] = Counter()
        return got


def _squash(x: float, scale: float) -> float:
    return x / (x + scale) if x > 0 else 0.0


def _clean(counter: Counter[int]) -> None:
    for c in [c for c, k in counter.items() if k <= 0]:
        del counter[c]


class Observation:
    """The view of a Cheat seat as the policy's input vector (float32 in [0, 1]): the same
    numbers, block for block, as ``bluffhouse.interop.encodings``' Cheat observation
    (docs/research.md has its table) for the rules given.  Kept here, frozen, because the
    weights were trained on it."""

    def __init__(self, rules: Mapping[str, Any], players: int) -> None:
        from .rules import CheatRules

        r = CheatRules.build(rules)
        n = self.players = players
        self.total = len(r.deck_rank_list(n)) * 4 * r.decks + r.jokers
        self.copies = float(r.decks)
        self.joker_copies = float(max(1, r.jokers))
        self.max_count = float(max(1, r.max_cards or r.max_laid or 4 * r.decks + r.jokers))
        self.stall = float(r.stall_limit or 1000)
        self.seat_width = 12
        self.row_size = len(EVENT_TYPES) + 1 + 2 * (n + 1) + CLAIM_RANKS + 1 + 5
        sizes = [("hand", CARDS), ("hidden", CARDS), ("seats", n * self.seat_width),
                 ("table", 6), ("phase", len(PHASES) + 1), ("claim_ranks", CLAIM_RANKS),
                 ("claim_rank", CLAIM_RANKS + 1), ("claim_suit", 5),
                 ("last_play", 1 + n + CLAIM_RANKS + 2 + n + 1), ("bid", 1 + n + 1),
                 ("known", CARDS * (n + 1)), ("history", HISTORY * self.row_size)]
        self.at: dict[str, int] = {}
        self.size = 0
        for name, size in sizes:
            self.at[name] = self.size
            self.size += size

    def memory(self, seat: int | None) -> Memory:
        return Memory(seat)

    def encode(self, view: View, memory: Memory) -> Any:
        """The vector of ``view``, reading the events new since ``memory`` last saw them (a
        view of another seat or with fewer events starts the memory afresh)."""
        import numpy as np

        seat = view.get("seat")
        events = view.get("events") or []
        if memory.seat != seat or memory.count > len(events):
            memory.__dict__.update(Memory(seat).__dict__)
        for event in events[memory.count:]:
            self._read_event(memory, event)
        memory.count = len(events)
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(out, view, memory)
        if memory.rows:
            rows = np.concatenate(memory.rows[::-1])
            start = self.at["history"]
            out[start: start + rows.size] = rows
        return out

    def _hot(self, out: Any, at: int, seat: int | None, other: Any) -> None:
        """A one-hot of ``other`` counted from ``seat``'s left, at ``out[at:at+players]``."""
        n = self.players
        if type(other) is int and 0 <= other < n:
            out[at + ((other - seat) % n if seat is not None else other)] = 1.0

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        import numpy as np

        from ..cards import CARD_INDEX, RANK_INDEX

        n = self.players
        seat = memory.seat
        kind = event.get("type")
        pile = memory.place("pile")
        out = memory.place("out")
        actor = event.get("seat")
        target = event.get("target")
        if kind == "play" and "cards" in event:
            pile.update(CARD_INDEX[c] for c in event["cards"])
        elif kind in ("call", "believe") and "cards" in event:
            shown = Counter(CARD_INDEX[c] for c in event["cards"])
            if type(target) is int:
                held = memory.place(f"seat{target}")
                held.subtract(shown)
                _clean(held)
            for c, k in shown.items():
                pile[c] = max(pile[c], k)
        elif kind == "check" and "cards" in event:
            for c, k in Counter(CARD_INDEX[x] for x in event["cards"]).items():
                pile[c] = max(pile[c], k)
        elif kind == "take":
            giver = event.get("from")
            if giver is None:
                if actor != seat and type(actor) is int:
                    memory.place(f"seat{actor}").update(pile)
                pile.clear()
            elif "cards" in event and type(actor) is int:
                moved = Counter(CARD_INDEX[c] for c in event["cards"])
                if actor == seat:
                    memory.place(f"seat{giver}").subtract(moved)
                    _clean(memory.place(f"seat{giver}"))
                else:
                    memory.place(f"seat{actor}").update(moved)
        elif kind in ("discard", "removed"):
            out.update(pile)
            pile.clear()
        elif kind in ("set_aside", "lost") and "cards" in event:
            gone = Counter(CARD_INDEX[c] for c in event["cards"])
            out.update(gone)
            if type(actor) is int:
                held = memory.place(f"seat{actor}")
                held.subtract(gone)
                _clean(held)
        elif kind == "cheat_private":
            how = event.get("cheat")
            cards = [CARD_INDEX[c] for c in event.get("cards", [])]
            if how == "give" and type(event.get("to")) is int:
                memory.place(f"seat{event['to']}").update(cards)
            elif how == "peek" and type(event.get("at")) is int:
                held = memory.place(f"seat{event['at']}")
                for c in cards:
                    held[c] = max(held[c], 1)
        row = np.zeros(self.row_size, dtype=np.float32)
        row[EVENT_TYPES.index(kind) if kind in EVENT_TYPES else len(EVENT_TYPES)] = 1.0
        at = len(EVENT_TYPES) + 1
        self._hot(row, at, seat, actor)
        if not (type(actor) is int and 0 <= actor < n):
            row[at + n] = 1.0
        at += n + 1
        self._hot(row, at, seat, target)
        if not (type(target) is int and 0 <= target < n):
            row[at + n] = 1.0
        at += n + 1
        rank = event.get("rank")
        ri = RANK_INDEX.get(rank) if type(rank) is str else None
        row[at + (ri if ri is not None else CLAIM_RANKS)] = 1.0
        at += CLAIM_RANKS + 1
        count = event.get("count")
        if type(count) is int:
            row[at] = min(1.0, count / max(self.max_count, 1.0))
        row[at + 1] = event.get("truthful") is True
        row[at + 2] = event.get("right") is True
        row[at + 3] = event.get("pickup") is True
        row[at + 4] = event.get("caught") is True
        memory.rows.append(row)
        if len(memory.rows) > HISTORY:
            del memory.rows[0]

    def _fill(self, out: Any, view: View, memory: Memory) -> None:
        from ..cards import CARD_INDEX, JOKER, RANK_INDEX, SUITS

        n = self.players
        seat = view.get("seat")
        total = float(max(1, self.total))
        for block in ("hand", "hidden"):
            for text in view.get(block) or []:
                c = CARD_INDEX[text]
                out[self.at[block] + c] += 1.0 / (self.joker_copies if c == JOKER
                                                  else self.copies)
        table = view.get("table") or {}
        sizes = view.get("hand_sizes") or [0] * n
        finished = set(view.get("finished") or [])
        lost = set(view.get("lost") or [])
        to_act = set(view.get("to_act") or [])
        window = set(table.get("window") or [])
        declined = set(table.get("declined") or [])
        checked = set(table.get("checked") or [])
        sips = view.get("sips") or [0] * n
        calls = table.get("calls") or [0] * n
        caught = table.get("bluffs_caught") or [0] * n
        hidden = view.get("hidden_sizes") or [0] * n
        turn = view.get("turn")
        w = self.seat_width
        for s in range(n):
            at = self.at["seats"] + ((s - seat) % n if seat is not None else s) * w
            out[at: at + w] = (
                min(1.0, sizes[s] / total), s in finished, s in lost, s in to_act, s == turn,
                s in window, s in declined, s in checked, _squash(sips[s], total),
                _squash(calls[s], 10.0), _squash(caught[s], 10.0), min(1.0, hidden[s] / total))
        at = self.at["table"]
        out[at: at + 6] = (
            min(1.0, (view.get("pile_size") or 0) / total),
            min(1.0, (view.get("discarded") or 0) / total),
            _squash(view.get("cup") or 0, 4.0),
            min(1.0, (table.get("quiet") or 0) / self.stall),
            bool(view.get("leading")), bool(view.get("over")))
        phase = view.get("phase")
        out[self.at["phase"] + (PHASES.index(phase) if phase in PHASES else len(PHASES))] = 1
        for rank in view.get("claim_ranks") or []:
            out[self.at["claim_ranks"] + RANK_INDEX[rank]] = 1.0
        claim = view.get("claim_rank")
        out[self.at["claim_rank"] + (RANK_INDEX[claim] if claim is not None
                                     else CLAIM_RANKS)] = 1.0
        suit = view.get("claim_suit")
        out[self.at["claim_suit"] + (SUITS.index(suit) if suit is not None else 4)] = 1.0
        last = view.get("last_play")
        if last:
            at = self.at["last_play"]
            out[at] = 1.0
            self._hot(out, at + 1, seat, last.get("seat"))
            at += 1 + n
            out[at + RANK_INDEX[last["rank"]]] = 1.0
            at += CLAIM_RANKS
            out[at] = min(1.0, last.get("count", 0) / self.max_count)
            out[at + 1] = min(1.0, last.get("laid", 0) / self.max_count)
            at += 2
            if "caller" in last:
                self._hot(out, at, seat, last["caller"])
            else:
                out[at + n] = 1.0
        bid = view.get("bid")
        if bid:
            at = self.at["bid"]
            out[at] = 1.0
            self._hot(out, at + 1, seat, bid.get("seat"))
            out[at + 1 + n] = min(1.0, (bid.get("count") or 0) / 8.0)
        at = self.at["known"]
        places = ["pile", "out"] + [f"seat{((seat or 0) + k) % n}" for k in range(1, n)]
        for p, name in enumerate(places):
            for c, k in memory.known.get(name, Counter()).items():
                if k > 0:
                    copies = self.joker_copies if c == JOKER else self.copies
                    out[at + c * (n + 1) + p] = min(1.0, k / copies)


# ---------------------------------------------------------------------- the action abstraction
#: The abstract actions: let the moment go by (decline a call, or take the pile instead of
#: playing), call, or play ``t`` cards of the rank to claim and ``b`` bluff cards (1 to 4
#: cards in all).  Which cards is not the policy's choice: suits do not matter, and the bluff
#: cards are those it will not need soon (``counter``'s choice).
ABSTRACT: tuple[tuple[str, int, int], ...] = (
    ("pass", 0, 0), ("call", 0, 0),
    *(("play", t, b) for t in range(5) for b in range(5) if 1 <= t + b <= 4))
_PLAY_AT = {(t, b): i for i, (kind, t, b) in enumerate(ABSTRACT) if kind == "play"}
#: Belief features appended to the observation vector (see :func:`belief_features`).
BELIEFS = 24
_SCALE = 26.0  # hand and pile sizes are divided by this (two hands' worth) and clipped at 1


def knowledge(view: View) -> Any:
    """``counter``'s card counting of the view (folded over the log incrementally)."""
    from .knowledge import Knowledge

    return Knowledge.from_view(view)


def _rank_of(card: str) -> str:
    return card[0]


def _next_rank(view: View, k: Any) -> tuple[str | None, list[int]]:
    """The rank this seat must claim now (on turn) or will claim next (in a window, if the
    play stands), and the rank indexes of its next three claims after that."""
    from ..cards import RANK_INDEX, rank_text

    order = k.rules.claim_rank_list(k.players)
    claims = view.get("claim_ranks") or []
    n = k.players
    if view.get("phase") == "turn" and claims:
        now = RANK_INDEX[claims[0]]
        pos = order.index(now) if now in order else 0
    else:
        last = view.get("last_play") or {}
        if not last.get("rank"):
            return None, []
        pos = order.index(RANK_INDEX[last["rank"]]) if RANK_INDEX[last["rank"]] in order else 0
        pos += (view["seat"] - int(last["seat"])) % n
    step = -1 if k.rules.sequence == "down" else 1
    ranks = [order[(pos + step * n * i) % len(order)] for i in range(4)]
    return rank_text(ranks[0]), ranks[1:]


def belief_features(view: View, k: Any) -> Any:
    """What ``counter`` reads of the table, as ``BELIEFS`` numbers in [0, 1]: the phase, its
    cards of the rank to claim now or next and of its next three claims, hand and pile sizes,
    each other seat's hand and call rate (from the public record: an always-caller shows at
    once), the last play (claimed count, its player's cards left, the chance it is true by
    the count of cards, whether that player's called plays were mostly lies), and the
    no-progress count."""
    import numpy as np

    from ..cards import RANK_INDEX
    from .bots import is_liar
    from .knowledge import call_rates, p_truthful

    out = np.zeros(BELIEFS, dtype=np.float32)
    n = k.players
    me = view["seat"]
    hand = view.get("hand") or []
    sizes = view.get("hand_sizes") or [0] * n
    phase = view.get("phase")
    out[0] = phase == "turn"
    out[1] = phase == "window"
    rank, upcoming = _next_rank(view, k)
    held = Counter(RANK_INDEX[_rank_of(c)] for c in hand if c != "JK")
    if rank is not None:
        out[2] = held[RANK_INDEX[rank]] / 4
    for i, r in enumerate(upcoming[:3]):
        out[3 + i] = held[r] / 4
    out[6] = min(1.0, len(hand) / _SCALE)
    out[7] = min(1.0, int(view.get("pile_size") or 0) / _SCALE)
    rates = call_rates(k)
    for d in range(1, min(n, 4)):
        s = (me + d) % n
        out[6 + 2 * d] = min(1.0, sizes[s] / _SCALE)
        out[7 + 2 * d] = rates[s]
    last = view.get("last_play") or {}
    if last and phase == "window":
        player = int(last["seat"])
        out[14] = 1.0
        out[15] = int(last.get("count") or 0) / 4
        out[16] = min(1.0, sizes[player] / _SCALE)
        out[17] = sizes[player] == 0
        out[18] = p_truthful(k, view)
        out[19] = is_liar(k, player)
        out[20] = (player - me) % n / max(1, n - 1)
        claimed = RANK_INDEX[last["rank"]]
        out[21] = held[claimed] + int(last.get("count") or 0) > k.rank_total(claimed)
    table = view.get("table") or {}
    out[22] = min(1.0, int(table.get("quiet") or 0) / 1000)
    low = table.get("low") or []
    out[23] = bool(low) and len(hand) <= int(low[me])
    return out


def abstract_actions(view: View, k: Any, choices: Choices) -> dict[int, Action]:
    """The legal abstract actions now, each with the concrete action it stands for."""
    from ..cards import CARD_INDEX, CARD_TEXT, RANK_INDEX
    from .bots import _upcoming, _useless

    out: dict[int, Action] = {}
    for i, kind in ((0, "pass"), (1, "call")):
        if choices.is_legal({"type": kind}):
            out[i] = {"type": kind}
    claims = view.get("claim_ranks") or []
    if view.get("phase") != "turn" or not claims:
        return out
    rank = claims[0]
    hand = [CARD_INDEX[c] for c in view.get("hand") or []]
    true = [c for c in hand if k.matches(c, RANK_INDEX[rank])]
    future = set(_upcoming(k, view)[1:])
    for (t, b), i in _PLAY_AT.items():
        if t > len(true) or t + b > len(hand):
            continue
        spare = _useless(k, hand, true[:t], RANK_INDEX[rank], future)
        if b > len(spare):
            continue
        cards = [*true[:t], *spare[:b]]
        action = {"type": "play", "cards": [CARD_TEXT[c] for c in cards],
                  "claim": {"rank": rank, "count": t + b}}
        if choices.is_legal(action):
            out[i] = action
    return out


def abstract_of(action: Action, view: View) -> int | None:
    """The abstract id of a concrete action (None: one the abstraction has no id for)."""
    kind = action.get("type")
    if kind == "pass":
        return 0
    if kind == "call":
        return 1
    claim = action.get("claim") or {}
    if kind != "play" or "cards" not in action or not claim.get("rank"):
        return None
    cards: Sequence[str] = list(action["cards"])
    t = sum(1 for c in cards if c != "JK" and _rank_of(c) == claim["rank"])
    return _PLAY_AT.get((t, len(cards) - t))
