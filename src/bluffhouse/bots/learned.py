"""The ``learned`` bot: a policy trained by self-play for each table it is offered at (masked
PPO on the batched environment against itself, a league of its past versions and fixed
styles: ``python -m bluffhouse.interop.selfplay train --actions abstract --beliefs``, then
``selfplay export``), played with a numpy-only forward pass over weights shipped in the
package (:data:`TABLES`: tanh layers, then the logits over the table's abstract actions).
numpy is needed to play (the ``fast`` or ``research`` extra): without numpy the bot is not
offered, and asking for it says why.

It sees what any bot sees: the seat's view as a vector (:func:`observation`: the research
environments' observation of the table, from :mod:`bluffhouse.encodings`, the layer below
the bots) with the family's belief features appended (``counter``'s reading of the table:
:mod:`.cheat.learned`, :mod:`.pokerbull.learned`), and the legal abstract actions become the
action mask; it draws a legal id with the policy's probabilities (softmax of the logits over
the legal ids) from its seeded generator, as it was trained: a greedy policy repeats itself.

It knows only the tables it was trained for, each with that game's own rules (options that
change no rule are fine).  Anywhere else it refuses to sit (:meth:`LearnedBot.refuses`: the
lobby, the terminal game, ``simulate`` and ``arena`` say so before a game starts), and a game
that seats it anyway gets a ``ValueError`` naming the table at its first move, never a silent
stand-in.
"""

from __future__ import annotations

import ast
import importlib.util
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar

from .base import Action, Bot, Choices, View, register_bot, unavailable_bot
from .cheat import learned as cheat
from .pokerbull import learned as pokerbull

if TYPE_CHECKING:
    from ..encodings import ObservationEncoder
    from ..encodings.observation import Memory

#: What a family gives the policy at a decision: (the legal abstract ids with the action each
#: stands for, the belief features), from the view, the legal actions and the bot's generator.
Reader = Callable[[View, Choices, random.Random], tuple[dict[int, Action], Any]]


def _read_cheat(view: View, legal: Choices, rng: random.Random) -> tuple[dict[int, Action], Any]:
    k = cheat.knowledge(view)
    return cheat.abstract_actions(view, k, legal), cheat.belief_features(view, k)


def _read_poker_bull(
    view: View, legal: Choices, rng: random.Random
) -> tuple[dict[int, Action], Any]:
    judgement = pokerbull.judged(view, rng)
    return pokerbull.abstract_actions(view, judgement), pokerbull.belief_features(judgement)


@dataclass(frozen=True)
class Table:
    """A table the bot is offered at: its family's module (the game, the seats and the
    weights trained for them: ``GAME``, ``PLAYERS``, ``WEIGHTS``) and its reading of a view."""

    home: ModuleType
    read: Reader

    @property
    def game(self) -> str:
        return str(self.home.GAME)

    @property
    def players(self) -> int:
        return int(self.home.PLAYERS)

    @property
    def weights(self) -> Path:
        """Read when a bot sits (a measuring tool may point the module at other weights)."""
        return Path(self.home.WEIGHTS)

    @property
    def label(self) -> str:
        return f"{self.players}-player {self.game}"


#: The tables the shipped weights were trained for (their notes say the same).
TABLES: tuple[Table, ...] = (
    Table(cheat, _read_cheat),
    Table(pokerbull, _read_poker_bull),
)


def _tables_text() -> str:
    return " or ".join(t.label for t in TABLES)


def table_of(game: str, players: int) -> Table | None:
    return next((t for t in TABLES if t.game == game and t.players == players), None)


def play_fingerprint(game: str | None = None) -> str:
    """What the learned bot's published figures at the table of ``game`` depend on, as a
    short hash: that table's shipped weights and the code of the bots that play there (the
    bots' shared modules and its family's: the learned one's own, the counting it reads, its
    opponents), so a change to another family's bots leaves its figures standing.  None:
    every table's weights and every bot.  The docs keep the fingerprint of the code each
    table was measured with, and a test compares them."""
    import hashlib

    tables = TABLES if game is None else tuple(t for t in TABLES if t.game == game)
    if not tables:
        raise ValueError(f"no learned table for {game!r}; the tables: {_tables_text()}")
    digest = hashlib.sha256()
    for table in tables:
        digest.update(table.weights.read_bytes())
    bots = Path(__file__).resolve().parent
    families = {Path(str(t.home.__file__)).resolve().parent for t in tables}
    for path in sorted(bots.rglob("*.py")):
        if game is not None and path.parent != bots and path.parent not in families:
            continue
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
    """The trained policies (see the module notes)."""

    character = "learned by playing thousands of games"
    personas = ("Lea",)

    name: ClassVar[str] = "learned"
    summary: ClassVar[str] = (
        "a policy trained by self-play (masked PPO); plays only "
        + " and ".join(t.label for t in TABLES)
        + ", each with its own rules"
    )
    wants_view: ClassVar[bool] = True
    only: ClassVar[tuple[Mapping[str, Any], ...] | None] = tuple(
        {"game": t.game, "players": t.players} for t in TABLES
    )

    def __init__(self, seed: int | None = None, weights: str | Path | None = None) -> None:
        """``weights``: a weights file to play instead of the shipped ones (its notes name
        its table)."""
        super().__init__(seed)
        self.weights = None if weights is None else str(weights)
        self._layers: list[tuple[Any, Any]] | None = None
        self._encoder: ObservationEncoder | None = None
        self._read: Reader | None = None
        self._memory: Memory | None = None
        self._first: Any = None

    def _setup(self, view: View) -> None:
        """The policy, encoder and reading of this table, or a ValueError naming the
        difference."""
        where = f"{view.get('players')}-player {view.get('game')}"
        table = table_of(str(view.get("game")), int(view.get("players") or 0))
        path = self.weights or (str(table.weights) if table is not None else None)
        if path is None or table is None:
            raise ValueError(
                f"the learned bot plays only {_tables_text()}, not {where}: pick another "
                "bot for this table"
            )
        layers, meta = load_policy(path)
        if meta.get("actions") != "abstract":
            raise ValueError(
                f"{path} holds a policy over {meta.get('actions')!r} actions; the learned "
                "bot plays policies over its abstract actions only (python -m "
                "bluffhouse.interop.selfplay train --actions abstract --beliefs)"
            )
        game, players = meta.get("game"), meta.get("players")
        if view.get("game") != game or view.get("players") != players:
            raise ValueError(
                f"{path} was trained for {players}-player {game}, not {where}: pick another "
                "bot for this table"
            )
        if view.get("rules") != preset_rules(str(game), int(players or 0)):
            raise ValueError(
                f"the learned bot plays {game} with that game's own rules only; this "
                f"{where} changes them: pick another bot for this table"
            )
        self._layers, self._read = layers, table.read
        self._encoder = observation(str(game), int(players or 0))

    def act(self, view: View | None, legal: Choices) -> Action:
        import numpy as np

        if view is None:
            raise ValueError("the learned bot needs its view")
        if self._layers is None:
            self._setup(view)
        assert self._layers is not None and self._encoder is not None and self._read is not None
        events = view.get("events") or []
        first = events[0] if events else None
        if (
            self._memory is None
            or self._memory.seat != view.get("seat")
            or first != self._first
            or self._memory.count > len(events)
        ):
            self._memory = self._encoder.memory(view.get("seat"))
            self._first = first
        ids, beliefs = self._read(view, legal, self.rng)
        if not ids:  # nothing the abstraction names (never with these rules): a legal action
            return legal.all()[0]
        vector = np.concatenate([self._encoder.encode(view, self._memory), beliefs])
        logits = forward(self._layers, vector)
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
        if table_of(preset.id, players) is None:
            return (
                f"the learned bot plays only {_tables_text()}, not {players}-player "
                f"{preset.id}: pick another bot"
            )
        if options:
            try:
                rules = _table_rules(preset.id, players, tuple(sorted(options.items())))
            except (RuleError, TypeError, ValueError):
                return None
            if rules != preset_rules(preset.id, players):
                return (
                    f"the learned bot plays {preset.id} with that game's own rules only; "
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
    from ..api import new_game

    return new_game(game, players=players, seed=0, **dict(options)).view(0).get("rules")


@lru_cache(maxsize=4)
def observation(game: str, players: int) -> ObservationEncoder:
    """The research environments' observation encoder of a table with its game's own rules:
    the policy's input before the belief features (the weights were trained on it; a test
    checks its size and blocks still fit them).  Imported here: the encodings need numpy,
    and without numpy the bot is only listed as unavailable."""
    from ..encodings import configure, observation_encoder

    return observation_encoder(configure(game, players))


if importlib.util.find_spec("numpy") is None:  # pragma: no cover - depends on the install
    unavailable_bot(LearnedBot.name, NEEDS_NUMPY)
else:
    register_bot(LearnedBot)
