"""The ``learned`` bot: a policy trained by self-play for a seat of 4-player ``bullshit``
(masked PPO on the batched environment against itself and a league of its past versions:
``python -m bluffhouse.interop.selfplay train --actions abstract --beliefs``, then
``selfplay export``), played with a numpy-only forward pass over weights shipped in the
package (``learned_bullshit.npz`` next to this module: tanh layers, then the logits over its
actions; weights trained by imitation and sb3-contrib's MaskablePPO,
``python -m bluffhouse.interop.train``, play alike).  numpy is needed to play (the ``fast``
or ``research`` extra): without numpy the bot is not offered, and asking for it says why.

Its actions are the 16 abstract ones of :data:`ABSTRACT`: pass, call, or a play of ``t`` true
and ``b`` bluff cards, the cards picked as ``counter`` picks them.  The abstraction is this
bot's own, not the research environments' default encoding.

It sees what any bot sees: the seat's view as a vector (:func:`observation`: the research
environments' Cheat observation of this table, from :mod:`bluffhouse.encodings`, the layer
below the bots) with :func:`belief_features` appended (``counter``'s card counting: the chance the
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
from typing import TYPE_CHECKING, Any, ClassVar

from ..base import Action, Bot, Choices, View, register_bot, unavailable_bot

if TYPE_CHECKING:
    from ...encodings import ObservationEncoder
    from ...encodings.observation import Memory

#: The weights shipped in the package.
WEIGHTS = Path(__file__).with_name("learned_bullshit.npz")
#: The one table the shipped weights were trained for (their notes say the same).
GAME = "bullshit"
PLAYERS = 4


def play_fingerprint() -> str:
    """What the learned bot's published figures depend on, as a short hash: the shipped
    weights and the code of every bot (its own, ``counter``'s card counting it reads, and its
    opponents').  The docs keep the fingerprint of the code their table was measured with,
    and a test compares them."""
    import hashlib

    digest = hashlib.sha256(WEIGHTS.read_bytes())
    bots = Path(__file__).resolve().parents[1]
    for path in sorted(bots.rglob("*.py")):
        digest.update(path.relative_to(bots).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=4)
def load_policy(path: str) -> tuple[list[tuple[Any, Any]], dict[str, Any]]:
    """The layers (weights, bias) as float32 arrays and the training notes of a weights file."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - depends on the install
        raise ValueError(NEEDS_NUMPY) from None
    with np.load(path) as data:
        count = sum(1 for name in data.files if name.startswith("w"))
        layers = [
            (data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
            for i in range(count)
        ]
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


NEEDS_NUMPY = (
    "the learned bot needs numpy, which is not installed: "
    "pip install 'bluffhouse[fast]' (or the research extra)"
)


class LearnedBot(Bot):
    """The trained policy (see the module notes)."""

    character = "learned by playing thousands of games"
    personas = ("Lea",)

    name: ClassVar[str] = "learned"
    summary: ClassVar[str] = (
        "a policy trained by self-play (masked PPO); plays only 4-player "
        "bullshit with its own rules"
    )
    wants_view: ClassVar[bool] = True
    only: ClassVar[Mapping[str, Any] | None] = {"game": GAME, "players": PLAYERS}

    def __init__(self, seed: int | None = None, weights: str | Path | None = None) -> None:
        super().__init__(seed)
        self.weights = str(weights if weights is not None else WEIGHTS)
        self._layers: list[tuple[Any, Any]] | None = None
        self._encoder: ObservationEncoder | None = None
        self._memory: Memory | None = None
        self._first: Any = None

    def _setup(self, view: View) -> tuple[list[tuple[Any, Any]], ObservationEncoder]:
        """The policy and the encoder of its table, or a ValueError naming the difference."""
        layers, meta = load_policy(self.weights)
        if meta.get("actions") != "abstract":
            raise ValueError(
                f"{self.weights} holds a policy over {meta.get('actions')!r} "
                "actions; the learned bot plays policies over its abstract "
                "actions only (python -m bluffhouse.interop.train --actions "
                "abstract)"
            )
        game, players = meta.get("game"), meta.get("players")
        where = f"{view.get('players')}-player {view.get('game')}"
        if view.get("game") != game or view.get("players") != players:
            raise ValueError(
                f"the learned bot plays only {players}-player {game}, not "
                f"{where}: pick another bot for this table"
            )
        if view.get("rules") != preset_rules(str(game), int(players or 0)):
            raise ValueError(
                f"the learned bot plays {game} with that game's own rules only; "
                f"this {where} changes them: pick another bot for this table"
            )
        self._layers, self._encoder = layers, observation(str(game), int(players or 0))
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
        if (
            self._memory is None
            or self._memory.seat != view.get("seat")
            or first != self._first
            or self._memory.count > len(events)
        ):
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
        from ...errors import RuleError
        from ...registry import lookup

        try:
            preset = lookup(game)
        except (RuleError, KeyError, ValueError):
            return None  # the table itself is refused elsewhere, with its own message
        if preset.id != GAME or players != PLAYERS:
            return (
                f"the learned bot plays only {PLAYERS}-player {GAME}, not {players}-player "
                f"{preset.id}: pick another bot"
            )
        if options:
            try:
                rules = _table_rules(preset.id, players, tuple(sorted(options.items())))
            except (RuleError, TypeError, ValueError):
                return None
            if rules != preset_rules(GAME, PLAYERS):
                return (
                    f"the learned bot plays {GAME} with that game's own rules only; "
                    f"these options change them ({', '.join(sorted(options))}): pick "
                    f"another bot"
                )
        return None


@lru_cache(maxsize=4)
def preset_rules(game: str, players: int) -> Any:
    """The rules in force at a table of ``game`` with no option changed."""
    return _table_rules(game, players, ())


@lru_cache(maxsize=64)
def _table_rules(game: str, players: int, options: tuple[tuple[str, Any], ...]) -> Any:
    from ...api import new_game

    return new_game(game, players=players, seed=0, **dict(options)).view(0).get("rules")


if importlib.util.find_spec("numpy") is None:  # pragma: no cover - depends on the install
    unavailable_bot(LearnedBot.name, NEEDS_NUMPY)
else:
    register_bot(LearnedBot)


# ---------------------------------------------------------------------- the observation
@lru_cache(maxsize=4)
def observation(game: str, players: int) -> ObservationEncoder:
    """The research environments' observation encoder of a table with its game's own rules:
    the policy's input before :func:`belief_features` (the weights were trained on it; a
    test checks its size and blocks still fit them).  Imported here: the encodings need
    numpy, and without numpy the bot is only listed as unavailable."""
    from ...encodings import configure, observation_encoder

    return observation_encoder(configure(game, players))


# ---------------------------------------------------------------------- the action abstraction
#: The abstract actions: let the moment go by (decline a call, or take the pile instead of
#: playing), call, or play ``t`` cards of the rank to claim and ``b`` bluff cards (1 to 4
#: cards in all).  Which cards is not the policy's choice: suits do not matter, and the bluff
#: cards are those it will not need soon (``counter``'s choice).
ABSTRACT: tuple[tuple[str, int, int], ...] = (
    ("pass", 0, 0),
    ("call", 0, 0),
    *(("play", t, b) for t in range(5) for b in range(5) if 1 <= t + b <= 4),
)
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
    from ...cards import RANK_INDEX, rank_text

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

    from ...cards import RANK_INDEX
    from .counter import is_liar
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
    from ...cards import CARD_INDEX, CARD_TEXT, RANK_INDEX
    from .counter import _upcoming, _useless

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
        action = {
            "type": "play",
            "cards": [CARD_TEXT[c] for c in cards],
            "claim": {"rank": rank, "count": t + b},
        }
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
