"""Every bluffhouse game as the OpenSpiel game ``python_bluffhouse``.

Importing this module registers it with ``pyspiel.register_game``::

    import pyspiel
    import bluffhouse.interop.openspiel  # noqa: F401  (registers python_bluffhouse)

    game = pyspiel.load_game("python_bluffhouse", {"game": "bullshit", "players": 4})
    game = pyspiel.load_game("python_bluffhouse(game=poker_bull,players=3,jokers=0)")

Parameters: ``game`` (a game id), ``players`` (-1: the game's usual number), every rules
option of every family (left at its "not given" value, an option is not passed: -1 for whole
numbers, "" for text, the family default for true/false, which therefore can only be switched
away from the family default), the action-space limits ``play_limit``, ``any_limit`` and
``combo_limit`` (-1: the defaults), ``reward`` (``win`` or ``rank``), ``history`` (events in
the observation's recent history) and the chance parameters:

- ``chance="deal"``: the first deal is explicit chance, one card at a time (Cheat and Poker
  Bull: each seat's hand in turn, in increasing card order where the pack has one copy of each
  card, so every hand is one chance path; Sneak: the stock, top card first).  ``deal_size``
  (-1: as the game deals) deals that many cards to each seat instead and ``deal_from`` (card texts,
  e.g. ``ASAHKSKH``; "": the game's pack) draws them from those cards only: the cards not
  dealt are out of play (the contract's ``deal=``).  Randomness the engine draws after the
  first deal (Poker Bull's later hands, Sneak's later deals, a card turned over at random) comes
  from its generator seeded by ``seed``, so deal mode models one-deal games exactly.
- ``chance="sampled"``: one chance node picks one of ``seeds`` (65,536 by default) equally
  likely engine seeds, ``seed * seeds + outcome``, and the game starts from it: the deal and
  every later random draw are the engine's own.  Formally the game then has ``seeds`` deals,
  a sample of all of them (OpenSpiel's "sampled stochastic" mode cannot serialise a Python
  game's generator, so the sample is explicit).
- ``chance="auto"`` (the default): ``deal`` where at most 24 cards are dealt, else ``sampled``.

Information-state strings are exact (the seat's whole view, its redacted log included);
observation strings and both tensors are the encodings of :mod:`bluffhouse.encodings` (the
tensors hold a recent history of ``history`` events: perfect recall only for games no longer
than that).
Utilities are zero-sum (``encodings.rewards``).

For speed, read tensors through the observer (``open_spiel.python.observation.make_observation``
and ``set_from``: the encoder writes into its numpy ``tensor``): ``observation_tensor`` must
hand back a list of Python floats, which for Sneak's 575 values costs about 90,000 instructions,
about a quarter of a step (measured with valgrind).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
from array import array
from bisect import bisect_left
from collections import Counter
from functools import lru_cache
from math import comb
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from ..cards import CARD_TEXT
from ..encodings import (
    ActionCodec,
    GameConfig,
    Memory,
    ObservationEncoder,
    check_reward,
    reward_bounds,
    rewards,
)
from ..errors import RuleError, quote
from ..game import FrozenList, Game
from ..registry import presets
from .spiel_families import FamilyAdapter, adapter_for
from .table import acting_seat, apply_listed, build, listed_sets

__all__ = ["GAME_TYPE", "SHORT_NAME", "BluffhouseGame", "BluffhouseState", "to_efg"]

SHORT_NAME = "python_bluffhouse"
_CHANCE = int(pyspiel.PlayerId.CHANCE)
_TERMINAL = int(pyspiel.PlayerId.TERMINAL)
#: ``chance="auto"`` deals explicitly up to this many cards.
DEAL_LIMIT = 24
CHANCE_MODES = ("auto", "deal", "sampled")
#: Parameters of the interop itself (the rest are rules options).
BASE_PARAMETERS: dict[str, Any] = {
    "game": "bullshit",
    "players": -1,
    "chance": "auto",
    "seed": 0,
    "seeds": 1 << 16,
    "deal_size": -1,
    "deal_from": "",
    "reward": "win",
    "history": 8,
    "play_limit": -1,
    "any_limit": -1,
    "combo_limit": -1,
}


def _option_parameters() -> dict[str, Any]:
    """Every rules option of every family, at its "not given" value."""
    out: dict[str, Any] = {}
    kinds: dict[str, type] = {}
    for preset in presets():
        for info in preset.family.RULES.options():
            if info.name in BASE_PARAMETERS:  # pragma: no cover - a clash made by a new option
                raise RuntimeError(f"rules option {info.name!r} clashes with a parameter")
            known = kinds.setdefault(info.name, info.type)
            if known is not info.type:  # pragma: no cover
                raise RuntimeError(f"option {info.name!r} has two types across families")
            if info.type is bool:
                out.setdefault(info.name, bool(info.default))
            elif info.type is int:
                out[info.name] = -1
            else:
                out[info.name] = ""
    return out


OPTION_PARAMETERS = _option_parameters()

GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="bluffhouse: Cheat family, Poker Bull and Sneak",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=10,
    min_num_players=2,
    provides_information_state_string=True,
    # (the observation tensor reads the last few events: no perfect recall, so no
    # information-state tensor; the information-state string is perfect recall)
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={**BASE_PARAMETERS, **OPTION_PARAMETERS},
)


def _rules_options(params: dict[str, Any], family_rules: Any) -> dict[str, Any]:
    """The options given in ``params`` (not at their "not given" value) that this family has."""
    defaults = {f.name: f.default for f in dataclasses.fields(family_rules)}
    out: dict[str, Any] = {}
    for name, unset in OPTION_PARAMETERS.items():
        if name not in params or name not in defaults:
            continue
        value = params[name]
        if type(unset) is bool:
            if value != defaults[name]:
                out[name] = value
        elif value != unset:
            out[name] = value
    foreign = [
        n
        for n, u in OPTION_PARAMETERS.items()
        if n in params and n not in defaults and params[n] != u and type(u) is not bool
    ]
    if foreign:
        raise RuleError(f"option {foreign[0]!r} is not an option of this game")
    return out


class _Shared:
    """A game's configuration, codec and encoder, shared by all its states: copied by
    reference, pickled by its parameters (rebuilt from the cache)."""

    def __init__(
        self, game: str, players: int | None, options: dict[str, Any], history: int
    ) -> None:
        self.args = (game, players, dict(options), history)
        self.config: GameConfig
        self.codec: ActionCodec
        self.encoder: ObservationEncoder
        self.config, self.codec, self.encoder = build(game, players, history, **options)
        #: the codec's card sets where the engine takes a legal id back unchecked
        self.sets = listed_sets(self.codec)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Shared, self.args)


@dataclasses.dataclass(frozen=True)
class _Setup:
    """What a game's parameters fix for all its states (shared by copies, pickled by value)."""

    chance: str
    pack: list[int]
    sizes: list[int]
    sorted_deal: bool
    engine_seed: int
    reward: str
    seeds: int
    adapter: FamilyAdapter

    def __deepcopy__(self, memo: dict[int, Any]) -> _Setup:
        return self


class _Engine:
    """The bluffhouse game inside a state, copied on write: a copied state shares the game
    until either of them acts (OpenSpiel copies states far more often than it changes both
    copies), then ``Game.copy`` makes it its own."""

    __slots__ = ("_game", "_owners")

    def __init__(self, game: Game, owners: list[int] | None = None) -> None:
        self._game = game
        self._owners = owners if owners is not None else [1]

    @property
    def game(self) -> Game:
        """The game, to read (views, legal actions)."""
        return self._game

    def mutable(self) -> Game:
        """The game, to change: this state's own."""
        if self._owners[0] > 1:
            self._owners[0] -= 1
            self._game = self._game.copy()
            self._owners = [1]
        return self._game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Engine:
        self._owners[0] += 1
        return _Engine(self._game, self._owners)

    def __del__(self) -> None:
        self._owners[0] -= 1

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Engine, (self._game,))


class _Kept:
    """What a state has read of its game at one version: the seat asked and the seats' views
    (OpenSpiel asks for the current player several times a step, and the legal actions, the
    observation and the action applied each read a view).  A copied state shares them while at
    the same version (views are never changed); pickled empty."""

    __slots__ = ("acting", "short", "version", "views")

    def __init__(
        self,
        version: int = -1,
        acting: int = -1,
        views: dict[int | None, dict[str, Any]] | None = None,
        short: dict[int | None, tuple[dict[str, Any], int]] | None = None,
    ) -> None:
        self.version = version
        self.acting = acting
        self.views = views if views is not None else {}
        #: views whose log starts where the seat's memory had read up to, with that event
        #: number (see ``BluffhouseState._step_view``)
        self.short = short if short is not None else {}

    def renew(self, version: int) -> None:
        """Afresh for the game at ``version`` (new dicts of views: a copy may share the old
        ones; this object is the state's own, copies get another)."""
        self.version = version
        self.acting = -1
        self.views = {}
        self.short = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Kept:
        # The seat to act is kept; the views are not: a copy read at this version builds its
        # own (cheap: the game's events are built once), and the many copies OpenSpiel keeps
        # in a history and never reads again hold no views of a long log.
        return _Kept(self.version, self.acting)

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Kept, ())


class _Infos(dict[int, tuple[int, str]]):
    """Each seat's log read into its information-state digest so far: (events read, the
    digest chained over them).  Copied with the state (two numbers a seat)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Infos:
        return _Infos(self)


class BluffhouseGame(pyspiel.Game):  # type: ignore[misc,unused-ignore]
    """``python_bluffhouse`` with its parameters (see the module notes)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        full = {**GAME_TYPE.parameter_specification, **params}
        game_id = str(full["game"])
        players = None if int(full["players"]) < 0 else int(full["players"])
        from ..registry import lookup

        family = lookup(game_id).family
        options = _rules_options(full, family.RULES)
        for name in ("play_limit", "any_limit", "combo_limit"):
            if int(full[name]) >= 0:
                options[name] = int(full[name])
        self.reward = check_reward(full["reward"])
        history = int(full["history"])
        self.shared = _Shared(game_id, players, options, history)
        config = self.shared.config
        n = config.players
        chance = str(full["chance"])
        if chance not in CHANCE_MODES:
            raise RuleError(f"chance must be one of {', '.join(CHANCE_MODES)}, not {quote(chance)}")
        self.engine_seed = int(full["seed"])
        adapter = self.adapter = adapter_for(config)
        self.pack, self.sizes = adapter.first_deal(
            config, int(full["deal_size"]), str(full["deal_from"])
        )
        dealt = adapter.dealt_count(self.pack, self.sizes)
        if chance == "auto":
            chance = "deal" if dealt <= DEAL_LIMIT else "sampled"
        self.chance = chance
        self.seeds = int(full["seeds"])
        if not 1 <= self.seeds <= 1 << 24:
            raise RuleError(f"seeds must be from 1 to {1 << 24}, not {quote(self.seeds)}")
        #: cards of a pack with one copy of each are dealt to a seat in increasing order
        self.sorted_deal = max(Counter(self.pack).values(), default=1) == 1
        low, high = reward_bounds(n, self.reward)
        self.setup = _Setup(
            chance,
            self.pack,
            self.sizes,
            self.sorted_deal,
            self.engine_seed,
            self.reward,
            self.seeds,
            adapter,
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=self.shared.codec.size,
            max_chance_outcomes=len(CARD_TEXT) if chance == "deal" else self.seeds,
            num_players=n,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=adapter.max_length(config, self.shared.codec),
        )
        super().__init__(GAME_TYPE, info, params)

    def new_initial_state(self, *args: Any) -> BluffhouseState:
        return BluffhouseState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        return Observer(self, iig_obs_type)


class _Outcomes(FrozenList):
    """The chance outcomes every state of a sampled game shares: a list that refuses changes."""

    __slots__ = ()
    REFUSAL = (
        "chance_outcomes() of a sampled game is one list shared by every state, and "
        "read-only; copy it first: list(state.chance_outcomes())"
    )


@lru_cache(maxsize=8)
def _uniform(count: int) -> _Outcomes:
    """``count`` equally likely chance outcomes, one read-only list shared by every state and
    every call: a fresh list of the 65,536 pairs of the sampled chance node costs 65,536
    reference-count updates (scattered over 4 MB: about 2 ms a game, cold) to make and again
    to drop, and the garbage collector traverses a young one, while a caller holds it,
    in every collection of the first two generations (a few microseconds an action of a
    Sneak game, measured); the shared one is old and touched by no one."""
    return _Outcomes((i, 1.0 / count) for i in range(count))


class BluffhouseState(pyspiel.State):  # type: ignore[misc,unused-ignore]
    """One game in progress: the chance deal, then the bluffhouse game."""

    def __init__(self, game: BluffhouseGame) -> None:
        super().__init__(game)
        self.shared = game.shared
        self.setup = game.setup
        self.dealt: list[int] = []
        self.engine: _Engine | None = None
        self.memories: dict[int | None, Memory] = {}
        self.infos = _Infos()
        #: (game version, seat, its legal ids in increasing order) last listed
        self._legal: tuple[int, int, array[int]] | None = None
        self._kept = _Kept()
        #: A digest of the game's parameters and every action so far, chained action by
        #: action: the state's name (see __str__), at a cost that does not grow with the game.
        self.trail = _chain(str(game), "start")

    def _now(self) -> _Kept:
        """What this state has read of its game now (afresh after an action)."""
        assert self.engine is not None
        kept = self._kept
        version = self.engine._game.version
        if kept.version != version:
            kept.renew(version)
        return kept

    def _view(self, seat: int | None) -> dict[str, Any]:
        """The seat's view now, read once per game version (asked several times a step: the
        reads of ``_now`` written out)."""
        engine = self.engine
        assert engine is not None
        game = engine._game
        kept = self._kept
        if kept.version == game.version:
            view = kept.views.get(seat)
            if view is not None:
                return view
        else:
            kept.renew(game.version)
        view = kept.views[seat] = game.view(seat)
        return view

    def _step_view(self, seat: int | None) -> tuple[dict[str, Any], int]:
        """(the seat's view for a step's work, the event number its log starts at): the full
        view where this version has one, else, where the codec reads no log from a view
        (Sneak's), a view from the events the seat's memory has not read (kept for this
        version), which the encoder reads as the rest of the log: no copy of a long log each
        step; else the full view."""
        engine = self.engine
        assert engine is not None
        game = engine._game
        kept = self._kept
        if kept.version != game.version:
            kept.renew(game.version)
        view = kept.views.get(seat)
        if view is not None:
            return view, 0
        if self.shared.sets is None:
            return self._view(seat), 0
        short = kept.short.get(seat)
        if short is None:
            since = self.memory_of(seat).count
            short = kept.short[seat] = (game.view(seat, since), since)
        return short

    def _acting(self) -> int:
        """``acting_seat`` now (in a window of several seats, read from the first one's view,
        which is most often the one asked)."""
        kept = self._now()
        if kept.acting < 0:
            assert self.engine is not None
            game = self.engine._game
            act = game.to_act
            kept.acting = act[0] if len(act) == 1 else acting_seat(game, self._step_view(act[0])[0])
        return kept.acting

    # ------------------------------------------------------------------ chance
    def _dealing(self) -> bool:
        return self.engine is None

    def _deal_slot(self) -> tuple[int, int]:
        """(seat, card number in its hand) of the next card dealt."""
        k = len(self.dealt)
        for seat, size in enumerate(self.setup.sizes):
            if k < size:
                return seat, k
            k -= size
        return -1, k

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.setup.chance == "sampled":
            return _uniform(self.setup.seeds)  # (read-only: see _uniform)
        rest = Counter(self.setup.pack)
        rest.subtract(self.dealt)
        cards = sorted(c for c, k in rest.items() if k > 0)
        if not (self.setup.adapter.deals_hands and self.setup.sorted_deal):
            total = sum(rest[c] for c in cards)
            return [(c, rest[c] / total) for c in cards]
        # a hand in increasing order: P(next = c) = C(#above c, left - 1) / C(#above last, left)
        seat, k = self._deal_slot()
        start = sum(self.setup.sizes[:seat])
        last = self.dealt[start + k - 1] if k else -1
        left = self.setup.sizes[seat] - k
        above = [c for c in cards if c > last]
        total = comb(len(above), left)
        out = []
        for i, c in enumerate(above):
            ways = comb(len(above) - i - 1, left - 1)
            if ways:
                out.append((c, ways / total))
        return out

    def _start(self, seed: int, **setup: Any) -> None:
        self.engine = _Engine(self.shared.config.new_game(seed=seed, **setup))

    # ------------------------------------------------------------------ pyspiel.State
    def current_player(self) -> int:
        # (OpenSpiel asks this several times a step: the seat kept for this version first)
        engine = self.engine
        if engine is None:
            return _CHANCE
        kept = self._kept
        if kept.acting >= 0 and kept.version == engine._game.version:
            return kept.acting
        if engine._game.over:
            return _TERMINAL
        return self._acting()

    def _legal_actions(self, player: int) -> array[int]:
        assert self.engine is not None
        game = self.engine._game
        cached = self._legal
        if cached is not None and cached[0] == game.version and cached[1] == player:
            return cached[2]  # (OpenSpiel copies it into a vector: never changed)
        # (packed: the copies of every state OpenSpiel keeps in its tests share it, never
        # changed, at eight bytes an id)
        ids = array("q", self.shared.codec.legal_ids(game, player, self._step_view(player)[0]))
        self._legal = (game.version, player, ids)
        return ids

    def _apply_action(self, action: int) -> None:
        self._apply(action)  # (an action refused leaves the state, its name too, unchanged)
        self.trail = _chain(self.trail, str(int(action)))

    def _apply(self, action: int) -> None:
        if self.engine is None:
            if self.setup.chance == "sampled":
                self._start(self.setup.engine_seed * self.setup.seeds + int(action))
                return
            self.dealt.append(int(action))
            setup = self.setup
            if len(self.dealt) == setup.adapter.dealt_count(setup.pack, setup.sizes):
                self._start(setup.engine_seed, **setup.adapter.setup(self.dealt, setup.sizes))
            return
        engine = self.engine
        seat = self._acting()
        index = action if type(action) is int else int(action)
        view = self._step_view(seat)[0]
        shared = self.shared
        game = engine._game if engine._owners[0] == 1 else engine.mutable()
        legal = self._legal
        if shared.sets is not None and legal is not None and legal[1] == seat:
            # listed for this seat at this version (a copy of the game keeps the version):
            # an id found among them the engine takes back unchecked
            ids = legal[2]
            at = bisect_left(ids, index)
            if legal[0] == game.version and at < len(ids) and ids[at] == index:
                apply_listed(game, shared.codec, shared.sets, seat, index, view, legal[0])
                self._legal = None
                return
        game.apply(seat, shared.codec.decode(index, view))
        self._legal = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.setup.chance == "sampled":
                return f"deal {action} of {self.setup.seeds}"
            return f"deal {CARD_TEXT[action]}"
        # named as read in the player's situation now (Sneak: a lead or a challenge), where
        # the state has a view for that player; else each reading an id may have
        seat = int(player)
        view = (
            self._view(seat)
            if self.engine is not None and 0 <= seat < self.shared.config.players
            else None
        )
        return self.shared.codec.describe(int(action), view)

    def is_terminal(self) -> bool:
        engine = self.engine
        return engine is not None and engine._game.over

    # (Asked from Python, these three answer without OpenSpiel's round trip through C++, which
    # calls back into Python up to four times for the current player and, for a tensor, builds
    # a fresh initial state to learn its shape; the answers are the C++ ones, which C++ callers
    # still get.  Anything but the usual call goes the C++ way.)
    def is_chance_node(self) -> bool:
        return self.engine is None

    def legal_actions(self, *args: Any) -> list[int]:
        engine = self.engine
        if engine is None or len(args) > 1:
            return pyspiel.State.legal_actions(self, *args)  # type: ignore[no-any-return]
        if engine._game.over:
            return pyspiel.State.legal_actions(self, *args)  # type: ignore[no-any-return]
        player = self._acting()
        if args and args[0] != player:
            return pyspiel.State.legal_actions(self, *args)  # type: ignore[no-any-return]
        return list(self._legal_actions(player))

    def observation_tensor(self, *args: Any) -> list[float]:
        player = args[0] if len(args) == 1 else None
        if (
            self.engine is None
            or type(player) is not int
            or not 0 <= player < self.shared.config.players
        ):
            return pyspiel.State.observation_tensor(self, *args)  # type: ignore[no-any-return]
        view, since = self._step_view(player)
        memory = self.memories.get(player)
        if memory is None:
            memory = self.memory_of(player)
        return self.shared.encoder.encode_list(view, memory, since)

    def returns(self) -> list[float]:
        n = self.shared.config.players
        if self.engine is None or not self.engine.game.over:
            return [0.0] * n
        return rewards(self.engine.game.result, n, self.setup.reward)

    def __str__(self) -> str:
        if self.engine is None:
            if self.setup.chance == "sampled":
                return "before the deal"
            return "dealt: " + " ".join(CARD_TEXT[c] for c in self.dealt)
        # Named by the digest of its parameters and actions (the game is a function of
        # them), kept up to date action by action: a digest of the whole save would cost
        # the length of the game at every ask, and OpenSpiel asks at every step.
        game = self.engine.game
        dealt = " ".join(CARD_TEXT[c] for c in self.dealt)
        return (
            f"{game.game_id} after {game.version} actions | to act "
            f"{' '.join(map(str, game.to_act)) or '-'} | "
            + (f"dealt {dealt} | " if dealt else "")
            + f"state {self.trail}"
        )

    # ------------------------------------------------------------------ observations
    def view_of(self, seat: int | None) -> dict[str, Any] | None:
        return None if self.engine is None else self._view(seat)

    def memory_of(self, seat: int | None) -> Memory:
        mem = self.memories.get(seat)
        if mem is None:
            mem = self.memories[seat] = self.shared.encoder.memory(seat)
        return mem

    def info_state(self, seat: int) -> str:
        """All the seat knows, as text: its view now (its hand, the table) and its whole log
        as a digest chained event by event (perfect recall, at a cost that does not grow with
        the game), with the last few events written out; the seat's cards dealt so far while
        the deal goes on."""
        if self.engine is None:
            mine = self.dealt_to(seat)
            return f"p{seat} dealt " + " ".join(CARD_TEXT[c] for c in mine)
        game = self.engine.game
        count, digest = self.infos.get(seat, (0, _chain("", f"p{seat}")))
        total = len(game.events)
        if count > total:
            count, digest = 0, _chain("", f"p{seat}")
        fresh = game.events_for(seat, count)
        for event in fresh:
            digest = _chain(digest, json.dumps(event, sort_keys=True, separators=(",", ":")))
        self.infos[seat] = (total, digest)
        view = game.view(seat, total)
        view.pop("events")
        recent = game.events_for(seat, max(0, total - INFO_RECENT))
        return (
            f"p{seat} "
            + json.dumps(view, sort_keys=True, separators=(",", ":"))
            + f"\nlog of {total} events, digest {digest}; the last {len(recent)}:\n"
            + "\n".join(json.dumps(e, sort_keys=True, separators=(",", ":")) for e in recent)
        )

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> BluffhouseState:
        """A state the seat cannot tell from this one: its cards and everything it has seen
        the same, the cards hidden from it dealt afresh by the family's determinizer (the one
        the search bots use: every hand consistent with what the seat saw, the card counting
        and the claims it heard).  ``probability_sampler()`` (a number in [0, 1)) seeds the
        draw.  OpenSpiel's Python ISMCTS calls this; its C++ ``ISMCTSBot`` cannot reach it
        (OpenSpiel's bridge for Python games does not forward this method to Python)."""
        if self.engine is None:
            raise RuleError(
                "resample_from_infostate needs the deal done: during the deal nothing but "
                "the cards dealt is known, and a search starts after it"
            )
        from ..bots.search import hooks_for_game

        game = self.engine.game
        seat = int(player_id)
        if not 0 <= seat < game.players:
            raise RuleError(f"player_id must be a seat from 0 to {game.players - 1}, not {seat}")
        determinize = hooks_for_game(game.game_id).determinize
        if determinize is None:  # pragma: no cover - every family has one
            raise RuleError(f"{game.game_id} has no determinizer to resample with")
        seed = int(float(probability_sampler()) * (1 << 53))
        drawn = determinize(game.view(seat), random.Random(seed))
        other = BluffhouseState(self.get_game())
        other.dealt = list(self.dealt)
        other.engine = _Engine(drawn)
        other.trail = _chain(self.trail, f"resampled for p{seat} with {seed}")
        return other

    def dealt_to(self, seat: int) -> list[int]:
        return self.setup.adapter.dealt_to(self.dealt, self.setup.sizes, seat)


#: Events written out at the end of an information-state string (the rest are in its digest).
INFO_RECENT = 8


def _chain(digest: str, text: str) -> str:
    """The next link of a digest chain: the digest of the previous one and ``text``."""
    return hashlib.sha1(f"{digest}|{text}".encode()).hexdigest()[:24]


class Observer:
    """OpenSpiel's Python observer: ``tensor`` (written in place) and ``dict`` views of it,
    from a seat's view (or the spectator's, for observation types without private
    information)."""

    def __init__(self, game: BluffhouseGame, iig_obs_type: Any = None) -> None:
        self.encoder = game.shared.encoder
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise RuleError(
                "python_bluffhouse observes one seat's information (or the "
                "public information), not every seat's"
            )
        self.private = private == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(getattr(iig_obs_type, "perfect_recall", False))

    def set_from(self, state: BluffhouseState, player: int) -> None:
        if self.perfect_recall and self.private:
            raise RuleError(
                "python_bluffhouse has no perfect-recall tensor (its observation tensor reads "
                "the last few events): use the information-state string, or the observation"
            )
        if state.engine is None:  # (also OpenSpiel's probe of the tensor's shape: a fresh
            self.tensor.fill(0.0)  # initial state at every observation_tensor call)
            return
        seat = player if self.private else None
        view, since = state._step_view(seat)
        self.encoder.encode_into(self.tensor, view, state.memory_of(seat), since)

    def string_from(self, state: BluffhouseState, player: int) -> str:
        if self.perfect_recall and self.private:
            return state.info_state(player)
        seat = player if self.private else None
        view = state.view_of(seat)
        if view is None:
            if seat is None:
                return "dealing"
            return f"p{seat} dealt " + " ".join(CARD_TEXT[c] for c in state.dealt_to(seat))
        return self.encoder.text(view)


def to_efg(game: Any, limit: int = 500_000) -> str:
    """The whole game tree of a (small) configuration in Gambit's EFG text format, for
    ``pyspiel.load_efg_game``: OpenSpiel's solvers then run natively on the same tree (same
    chance probabilities, payoffs and information sets: one per information-state string,
    actions named by their ids ``a<id>``, chance outcomes ``c<id>``).  RuleError past
    ``limit`` nodes."""
    players = game.num_players()
    infosets: list[dict[str, int]] = [{} for _ in range(players)]
    lines = [
        f'EFG 2 R "{SHORT_NAME}" {{ ' + " ".join(f'"P{p}"' for p in range(players)) + " }",
        '""',
    ]
    count = {"nodes": 0, "chance": 0, "outcome": 0}

    def walk(state: Any) -> None:
        count["nodes"] += 1
        if count["nodes"] > limit:
            raise RuleError(f"the game tree has more than {limit} nodes: too large to tabulate")
        if state.is_terminal():
            count["outcome"] += 1
            payoffs = " ".join(repr(float(x)) for x in state.returns())
            lines.append(f't "" {count["outcome"]} "" {{ {payoffs} }}')
            return
        if state.is_chance_node():
            count["chance"] += 1
            outcomes = state.chance_outcomes()
            body = " ".join(f'"c{a}" {p!r}' for a, p in outcomes)
            lines.append(f'c "" {count["chance"]} "" {{ {body} }} 0')
            for a, _ in outcomes:
                walk(state.child(a))
            return
        player = state.current_player()
        table = infosets[player]
        number = table.setdefault(state.information_state_string(player), len(table) + 1)
        actions = state.legal_actions()
        body = " ".join(f'"a{a}"' for a in actions)
        lines.append(f'p "" {player + 1} {number} "" {{ {body} }} 0')
        for a in actions:
            walk(state.child(a))

    walk(game.new_initial_state())
    return "\n".join(lines) + "\n"


pyspiel.register_game(GAME_TYPE, BluffhouseGame)
