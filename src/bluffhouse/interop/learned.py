"""The ``learned`` bot: a policy trained with masked policy gradients (sb3-contrib's
MaskablePPO, ``python -m bluffhouse.interop.train``) for a seat of 4-player ``bullshit``,
played with a numpy-only forward pass over weights shipped in the package
(``learned_bullshit.npz``: two tanh layers and the logits over the fixed action space of
``bluffhouse.interop.encodings``).  Torch is needed only to train.

It sees what any bot sees: the seat's view is encoded as the environments encode it (one
:class:`~bluffhouse.interop.encodings.Memory` per game, so each event is read once) and the
legal actions become the action mask; it draws a legal id with the policy's probabilities
(softmax of the logits over the legal ids) from its seeded generator, as it was trained: a
greedy policy repeats itself into endless loops.  Numpy is needed (the ``fast`` or ``research``
extra).  It knows only the game and table it was trained for (4-player ``bullshit`` with the
preset's rules); anywhere else it plays as ``counter`` does, so that a table offering every bot
by name never breaks.
"""

from __future__ import annotations

import ast
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


@lru_cache(maxsize=4)
def _preset_rules(game: str, players: int) -> Any:
    from .table import build

    return build(game, players)[0].new_game(seed=0).view(0).get("rules")


def _softmax(x: Any) -> Any:
    import numpy as np

    e = np.exp(x - x.max())
    return e / e.sum()
