"""The bot interface: a bot sees its seat's view and the legal actions, never the state.

A new bot is a small class with a ``name`` and an ``act`` method, registered with
:func:`register_bot`; given the same seed and the same inputs it decides the same.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

Action = dict[str, Any]
View = dict[str, Any]


class Choices:
    """The legal actions of one seat at one moment: listed only when a bot asks for them, or
    drawn uniformly at random without listing (Cheat hands have hundreds of plays)."""

    __slots__ = (
        "_checker",
        "_list",
        "_lister",
        "_sample",
        "_sample_other",
        "_viewer",
        "game",
        "seat",
    )

    def __init__(self, state: Any, seat: int) -> None:
        self.seat = seat
        #: The game id (None for fixed lists): lets a bot that skipped the view find its family.
        self.game: str | None = state.game_id
        self._list: list[Action] | None = None
        self._sample = state.sample_action
        self._sample_other = state.sample_action_other
        self._lister = state.legal_actions
        self._checker: Callable[[int, Any], bool] | None = state.is_legal
        self._viewer: Callable[[int], View] | None = state.view

    def all(self) -> list[Action]:
        if self._list is None:
            self._list = self._lister(self.seat)
        return self._list

    def sample(self, rng: random.Random) -> Action:
        if self._list is not None:
            return self._list[rng.randrange(len(self._list))]
        return self._sample(self.seat, rng)  # type: ignore[no-any-return]

    def sample_other(self, rng: random.Random, skip: frozenset[str]) -> Action | None:
        """An action whose type is not in ``skip``, drawn uniformly among those (None if there
        is none): what drawing again until one comes would give, in one draw."""
        if self._list is None:
            return self._sample_other(self.seat, rng, skip)  # type: ignore[no-any-return]
        rest = [a for a in self._list if a["type"] not in skip]
        return rest[rng.randrange(len(rest))] if rest else None

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now, by the rules' own check and without listing the
        others: a bot that builds the few moves worth weighing from its hand asks this of each
        instead of listing hundreds of plays.  Over a fixed list: whether the list holds it
        (cards in any order)."""
        if self._checker is not None:
            return self._checker(self.seat, action)
        key = _action_key(action)
        return any(_action_key(a) == key for a in self.all())

    def view(self) -> View:
        """The seat's own view (what ``act`` gets when the bot wants it), built on demand."""
        if self._viewer is None:
            raise ValueError("these choices were made from a list: there is no view")
        return self._viewer(self.seat)

    @classmethod
    def of(cls, actions: list[Action], seat: int = -1) -> Choices:
        """Choices over a fixed list (tests, replays, bots driving bots)."""
        self = cls.__new__(cls)
        self.seat = seat
        self.game = None
        self._list = list(actions)
        self._viewer = None
        self._checker = None
        return self


def _action_key(action: Any) -> Any:
    """An action as compared by ``Choices.is_legal`` over a fixed list: the cards as a sorted
    list, since the order cards are laid in does not change a play."""
    if not isinstance(action, dict):
        return action
    return {
        k: sorted(v, key=repr) if k == "cards" and isinstance(v, list) else v
        for k, v in action.items()
    }


class Bot:
    """Base class.  ``act`` gets ``view(seat)`` (None when ``wants_view`` is False) and the legal
    actions, and returns one of them (or any action the rules accept)."""

    name: ClassVar[str] = ""
    summary: ClassVar[str] = ""
    #: Bots that decide from the legal actions alone skip the cost of building a view.
    wants_view: ClassVar[bool] = True
    #: The tables a specialist bot plays (each ``{"game": id, "players": n}``, with that
    #: game's own rules), for lists such as the server lobby's; None: every game and table.
    only: ClassVar[tuple[Mapping[str, Any], ...] | None] = None
    #: For people: the level it is offered as ("Easy", "Normal", "Hard"; "" for a character
    #: with one habit), what it is like in a few words, and the names it sits under at a table
    #: (the first for the first such bot at a table, and so on).  The internal ``name`` is
    #: what records and the API keep.
    level: ClassVar[str] = ""
    character: ClassVar[str] = ""
    personas: ClassVar[tuple[str, ...]] = ()

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed
        self.rng = random.Random(seed)

    def act(self, view: View | None, legal: Choices) -> Action:
        raise NotImplementedError

    @classmethod
    def refuses(cls, game: str, players: int, options: Mapping[str, Any]) -> str | None:
        """Why this bot cannot sit at a table of ``game`` (an id or alias) with ``players``
        and these rules ``options``, in words for the player; None: it can (most bots play
        every game)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


_BOTS: dict[str, type[Bot]] = {}
#: Bots this install cannot offer, with the reason (a missing optional dependency).
_UNAVAILABLE: dict[str, str] = {}


def register_bot(cls: type[Bot]) -> type[Bot]:
    if not cls.name:
        raise ValueError("a bot class needs a name")
    _BOTS[cls.name] = cls
    return cls


def unavailable_bot(name: str, reason: str) -> None:
    """Note a bot this install cannot offer: asking for it by name gives ``reason``."""
    _UNAVAILABLE[name] = reason


def bot_names() -> list[str]:
    return list(_BOTS)


def persona(name: str, index: int = 0) -> str:
    """The name bot ``name`` sits under as the ``index``-th such bot at a table (from 0):
    its personas in turn, numbered once they run out; the bot's name if it has none."""
    cls = _BOTS.get(name)
    names = cls.personas if cls is not None else ()
    if not names:
        return name.replace("_", " ").capitalize() + ("" if index == 0 else f" {index + 1}")
    base = names[index % len(names)]
    return base if index < len(names) else f"{base} {index // len(names) + 1}"


def bot_label(name: str) -> str:
    """How a lobby offers bot ``name``: 'Normal: Cass, counts every card', or for a character
    'Callum: calls every claim'."""
    cls = _BOTS.get(name)
    if cls is None:
        return name
    who = persona(name)
    said = f"{who}, {cls.character}" if cls.character else who
    return f"{cls.level}: {said}" if cls.level else said


def bot_refusal(
    name: str, game: str, players: int, options: Mapping[str, Any] | None = None
) -> str | None:
    """Why bot ``name`` cannot sit at this table (see :meth:`Bot.refuses`); None: it can."""
    return bot_class(name).refuses(game, players, dict(options or {}))


def check_bots_fit(
    names: Iterable[str], game: str, players: int, options: Mapping[str, Any] | None = None
) -> None:
    """A ValueError with the first bot's reason if one of ``names`` cannot sit at the table."""
    for name in dict.fromkeys(n.strip().lower() for n in names):
        reason = bot_refusal(name, game, players, options)
        if reason is not None:
            raise ValueError(reason)


def bot_class(name: str) -> type[Bot]:
    cls = _BOTS.get(name.strip().lower())
    if cls is None and name.strip().lower() in _UNAVAILABLE:
        raise ValueError(_UNAVAILABLE[name.strip().lower()])
    if cls is None:
        raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(_BOTS)}")
    return cls


def make_bot(name: str, seed: int | None = None) -> Bot:
    return bot_class(name)(seed=seed)


def parse_bot_list(text: str, players: int) -> list[str]:
    """'random,counter' -> one name per seat; a shorter list repeats its last name."""
    names = [n.strip().lower() for n in text.split(",") if n.strip()]
    if not names:
        raise ValueError("--bots needs at least one bot name")
    for n in names:
        bot_class(n)
    if len(names) > players:
        raise ValueError(f"{len(names)} bots named for {players} seats")
    return names + [names[-1]] * (players - len(names))


BotFactory = Callable[[int], Bot]
