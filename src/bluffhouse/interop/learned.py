"""The ``learned`` bot: a policy trained with masked policy gradients (sb3-contrib's
MaskablePPO, ``python -m bluffhouse.interop.train``) for a seat of 4-player ``bullshit``,
played with a numpy-only forward pass over weights shipped in the package
(``learned_bullshit.npz``: two tanh layers and the logits over its actions).  Torch is needed
only to train.

Its actions are those its weights' notes name: the 16 abstract ones of :data:`ABSTRACT` (the
shipped policy: pass, call, or a play of ``t`` true and ``b`` bluff cards, the cards picked as
``counter`` picks them) or the full action space of ``bluffhouse.interop.encodings``.  The
abstraction is this bot's option, not the environments' default encoding.

It sees what any bot sees: the seat's view is encoded as the environments encode it (one
:class:`~bluffhouse.interop.encodings.Memory` per game, so each event is read once), with the
abstract policy :func:`belief_features` appended (``counter``'s card counting: the chance
the last play is true, each seat's call rate), and the legal actions become the action mask;
it draws a legal id with the policy's probabilities (softmax of the logits over the legal
ids) from its seeded generator, as it was trained: a greedy policy repeats itself into
endless loops.  Numpy is needed (the ``fast`` or ``research``
extra).  It knows only the game and table it was trained for (4-player ``bullshit`` with the
preset's rules); anywhere else it plays as ``counter`` does, so that a table offering every bot
by name never breaks.
"""

from __future__ import annotations

import ast
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, ClassVar

from ..bots.base import Action, Bot, Choices, View, make_bot, register_bot

#: The weights shipped in the package.
WEIGHTS = Path(__file__).with_name("learned_bullshit.npz")


@lru_cache(maxsize=4)
def load_policy(path: str) -> tuple[list[tuple[Any, Any]], dict[str, Any]]:
    """The layers (weights, bias) as float32 arrays and the training notes of a weights file."""
    try:
        import numpy as np
    except ImportError:  # pragma: no cover - depends on the install
        raise ValueError("the learned bot needs numpy: pip install 'bluffhouse[research]'") \
            from None
    with np.load(path) as data:
        count = sum(1 for name in data.files if name.startswith("w"))
        layers = [(data[f"w{i}"].astype(np.float32), data[f"b{i}"].astype(np.float32))
                  for i in range(count)]
        meta = ast.literal_eval(str(data["meta"]))
    return layers, meta


def forward(layers: list[tuple[Any, Any]], x: Any) -> Any:
    """The logits of an observation vector: tanh after every layer but the last."""
    for w, b in layers[:-1]:
        x = _tanh(x @ w + b)
    w, b = layers[-1]
    return x @ w + b


def _tanh(x: Any) -> Any:
    import numpy as np

    return np.tanh(x)


@register_bot
class LearnedBot(Bot):
    """The trained policy (see the module notes)."""

    name: ClassVar[str] = "learned"
    summary: ClassVar[str] = ("a policy trained by imitating counter, then masked PPO, for "
                              "4-player bullshit (elsewhere it plays as counter)")
    wants_view: ClassVar[bool] = True

    def __init__(self, seed: int | None = None, weights: str | Path | None = None) -> None:
        super().__init__(seed)
        self.weights = str(weights if weights is not None else WEIGHTS)
        self._tools: tuple[Any, Any, Any] | None = None
        self._stand_in: Bot | None = None
        self._memory: Any = None
        self._first: Any = None
        self._abstract = False

    def _setup(self, view: View) -> tuple[Any, Any, Any] | None:
        """The policy and the encodings of its table; None where this table is another."""
        layers, meta = load_policy(self.weights)
        game, players = meta.get("game"), meta.get("players")
        if view.get("game") != game or view.get("players") != players:
            return None
        if view.get("rules") != _preset_rules(str(game), int(players or 0)):
            return None
        from .table import build

        _, codec, encoder = build(str(game), int(players or 0))
        self._abstract = meta.get("actions") == "abstract"
        self._tools = (layers, codec, encoder)
        return self._tools

    def act(self, view: View | None, legal: Choices) -> Action:
        if view is None:
            raise ValueError("the learned bot needs its view")
        if self._stand_in is not None:
            return self._stand_in.act(view, legal)
        tools = self._tools or self._setup(view)
        if tools is None:  # another game or table: play as counter
            self._stand_in = make_bot("counter", seed=self.seed)
            return self._stand_in.act(view, legal)
        layers, codec, encoder = tools
        events = view.get("events") or []
        first = events[0] if events else None
        if self._memory is None or self._memory.seat != view.get("seat") \
                or first != self._first or self._memory.count > len(events):
            self._memory = encoder.memory(view.get("seat"))
            self._first = first
        vector = encoder.encode(view, self._memory)
        if self._abstract:
            import numpy as np

            k = knowledge(view)
            ids = abstract_actions(view, k, legal)
            vector = np.concatenate([vector, belief_features(view, k)])
        else:
            ids = codec.legal(legal.all(), view)
        if not ids:  # every listed action lies outside the space (never with the preset)
            return legal.all()[0]
        logits = forward(layers, vector)
        keys = list(ids)
        chosen = logits[keys]
        weights = _softmax(chosen)
        pick = self.rng.choices(range(len(keys)), weights=weights.tolist())[0]
        action: Action = ids[keys[pick]]
        return action


# ---------------------------------------------------------------------- the action abstraction
#: The abstract actions of the shipped policy (``actions: "abstract"`` in its notes): let the
#: moment go by (decline a call, or take the pile instead of playing), call, or play ``t``
#: cards of the rank to claim and ``b`` bluff cards (1 to 4 cards in all).  Which cards is not
#: the policy's choice: suits do not matter, and the bluff cards are those it will not need
#: soon (``counter``'s choice).  A separate option from the full action space of
#: ``bluffhouse.interop.encodings`` (2,383 ids for this table), which is the default there.
ABSTRACT: tuple[tuple[str, int, int], ...] = (
    ("pass", 0, 0), ("call", 0, 0),
    *(("play", t, b) for t in range(5) for b in range(5) if 1 <= t + b <= 4))
_PLAY_AT = {(t, b): i for i, (kind, t, b) in enumerate(ABSTRACT) if kind == "play"}
#: Belief features appended to the observation vector (see :func:`belief_features`).
BELIEFS = 24
_SCALE = 26.0  # hand and pile sizes are divided by this (two hands' worth) and clipped at 1


def knowledge(view: View) -> Any:
    """``counter``'s card counting of the view (folded over the log incrementally)."""
    from ..cheat.bots import Knowledge

    return Knowledge.from_view(view)


def _rank_of(card: str) -> str:
    return card[0]


def _next_rank(view: View, k: Any) -> tuple[str | None, list[int]]:
    """The rank this seat must claim now (on turn) or will claim next (in a window, if the
    play stands), and the rank indexes of its next three claims after that."""
    from ..cards import RANK_INDEX

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
    from ..cards import rank_text

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
    from ..cheat.bots import call_rates, is_liar, p_truthful

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
    from ..cheat.bots import _upcoming, _useless

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
    cards = list(action["cards"])
    t = sum(1 for c in cards if c != "JK" and _rank_of(c) == claim["rank"])
    return _PLAY_AT.get((t, len(cards) - t))


@lru_cache(maxsize=4)
def _preset_rules(game: str, players: int) -> Any:
    from .table import build

    return build(game, players)[0].new_game(seed=0).view(0).get("rules")


def _softmax(x: Any) -> Any:
    import numpy as np

    e = np.exp(x - x.max())
    return e / e.sum()
