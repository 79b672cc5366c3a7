"""The part every environment shares: one game of a configuration with its action codec and
observation encoder, stepped seat by seat through the public surface.

A challenge window (several seats in ``to_act``) is taken one seat at a time, in turn order from
the seat on turn (:func:`acting_seat`); each seat's observation is built from its own view only
and its memory reads each logged event once.
"""

from __future__ import annotations

import random
import secrets
import sys
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from ..encodings import (
    ActionCodec,
    GameConfig,
    Ids,
    Mask,
    Memory,
    ObservationEncoder,
    SneakCodec,
    Vector,
    action_codec,
    as_id,
    check_reward,
    configure,
    observation_encoder,
    rewards,
)
from ..errors import IllegalAction, RuleError, quote
from ..game import Game
from ..sneak.engine import SneakGame
from .abstract import Abstraction, PokerBullAbstraction, abstraction, check_actions, illegal

#: No legal ids (a seat not asked now).
NO_IDS: Ids = np.zeros(0, dtype=np.intp)
#: Masks a table keeps for reuse (one is held by the observation just handed out, one by the
#: caller's previous observation until it lets it go, one is free).
MASK_POOL = 4


def _no_refcount(array: object) -> int:
    """An interpreter without reference counts: every mask counts as held (never reused)."""
    return 1 << 30


#: The reference count of an object (read twice a step: the function itself, not a wrapper).
_refcount = getattr(sys, "getrefcount", _no_refcount)


def _new_slot(size: int) -> list[Any]:
    """A pool slot: [the read-only mask handed out, the writeable array under it, the bytes of
    that array (to test an id without numpy's indexing), the ids marked]."""
    base = np.zeros(size, dtype=np.int8)
    mask = base.view()
    mask.flags.writeable = False
    return [mask, base, memoryview(base.data), NO_IDS]


def _free_counts() -> tuple[int, int]:
    """The reference counts of a slot's mask and array that only a table's pool holds, as
    :meth:`Table.mask` reads them (measured, not assumed: interpreters count a call's
    references differently)."""
    pool = [_new_slot(1)]
    return _refcount(pool[0][0]), _refcount(pool[0][1])


#: The counts of a free slot's mask and array (``_refcount`` of ``pool[i][0]``, ``pool[i][1]``:
#: anything derived from a handed-out mask, a slice or a ``view(bool)``, holds the array).
_FREE, _FREE_BASE = _free_counts()

#: What ``Table._observed`` keeps of a view where acting reads its phase only, by phase.
_PHASES = {phase: {"phase": phase} for phase in ("turn", "window", "over")}

#: Keywords of the environments that are not rules options.
LIMIT_KEYS = ("play_limit", "any_limit", "combo_limit")


def split_options(options: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(rules options, action-space limits) from an environment's keyword arguments."""
    rules = {k: v for k, v in options.items() if k not in LIMIT_KEYS}
    limits = {k: v for k, v in options.items() if k in LIMIT_KEYS}
    return rules, limits


def check_settings(render_mode: object, render_modes: Sequence[str], max_steps: object) -> None:
    """The checks every environment makes of its own keywords (RuleError naming the value)."""
    if render_mode is not None and render_mode not in render_modes:
        raise RuleError(
            f"render_mode must be one of {list(render_modes)} or None, not {quote(render_mode)}"
        )
    if max_steps is not None and (type(max_steps) is not int or max_steps < 1):
        raise RuleError(f"max_steps must be a whole number from 1, not {quote(max_steps)}")


def _key(value: Any) -> Any:
    return tuple(sorted(value.items())) if isinstance(value, Mapping) else value


@lru_cache(maxsize=64)
def _built(
    game: str,
    players: int | None,
    options: tuple[tuple[str, Any], ...],
    limits: tuple[tuple[str, Any], ...],
    history: int,
) -> tuple[GameConfig, ActionCodec, ObservationEncoder]:
    config = configure(game, players, **dict(options))
    return config, action_codec(config, **dict(limits)), observation_encoder(config, history)


def build(
    game: str, players: int | None = None, history: int = 8, **options: Any
) -> tuple[GameConfig, ActionCodec, ObservationEncoder]:
    """The configuration, codec and encoder of a game (cached: a Sneak action table takes a
    second to build).  ``options``: rules options and the action-space limits."""
    rules, limits = split_options(options)
    try:
        return _built(game, players, _key(rules), _key(limits), history)
    except TypeError as exc:  # an unhashable option value
        raise RuleError(f"options must be plain values: {exc}") from None


def acting_seat(game: Game, view: Mapping[str, Any] | None = None) -> int:
    """The seat an environment asks next: the only seat in ``to_act``, or, in a window of
    several, the first of them in turn order from the seat on turn (read from ``view``, any
    seat's view of the game now; the spectator's if not given).  Under a Cheat game's
    ``callers="anytime"`` the seat on turn comes last: its next play closes the others'
    chance to call the last one."""
    act = game.to_act
    if len(act) == 1:
        return act[0]
    turn = (view if view is not None else game.view(None)).get("turn")
    if type(turn) is int:
        n = game.players
        last = getattr(getattr(game, "rules", None), "callers", None) == "anytime"
        return min(act, key=lambda s: (last and s == turn, (s - turn) % n))
    return act[0]


def listed_sets(codec: ActionCodec) -> Any:
    """The card sets by segment of a codec whose legal ids the engine can take back as the
    compact actions it listed (``SneakGame._apply_listed``: Sneak), or None (the others)."""
    return codec.tables if isinstance(codec, SneakCodec) else None


def apply_listed(
    game: Game,
    codec: ActionCodec,
    sets: Any,
    seat: int,
    index: int,
    view: Mapping[str, Any],
    version: int,
) -> None:
    """The seat takes the action of id ``index``, which the caller has found among the legal
    ids of ``seat`` at game version ``version`` (``view``: the seat's view then), as the
    engine listed it: no decoding into an action dict, no validating it again (Sneak: a
    tenth of an environment step).  Only for ids checked against the legal ids: an id that
    was not legal corrupts the game."""
    seg = codec.segment_of(index)
    if seg.size == 1:
        kind, cards = seg.kind, ()
    else:  # (a card set: a challenge's shares the id of a lead, see SneakCodec)
        kind = "challenge" if view["phase"] == "window" else seg.kind
        cards = sets[seg.kind].items[index - seg.start]
    sneak: SneakGame = game  # type: ignore[assignment]
    sneak._apply_listed(seat, kind, cards, version)


class Table:
    """One game at a time of a configuration, with a memory per seat."""

    def __init__(
        self,
        game: str = "bullshit",
        players: int | None = None,
        reward: str = "win",
        history: int = 8,
        actions: str = "full",
        beliefs: bool = False,
        **options: Any,
    ) -> None:
        self.config, self.codec, self.encoder = build(game, players, history, **options)
        self.players = self.config.players
        self.reward = check_reward(reward)
        if type(beliefs) is not bool:
            raise RuleError(f"beliefs must be true or false, not {quote(beliefs)}")
        #: the abstract action space (actions="abstract"), and where the beliefs come from
        self.abstract: Abstraction | None = (
            abstraction(self.config) if check_actions(actions) == "abstract" else None
        )
        self.believer: Abstraction | None = (
            (self.abstract or abstraction(self.config)) if beliefs else None
        )
        #: the action space's size and the observation's length
        self.action_size = self.abstract.size if self.abstract is not None else self.codec.size
        self.observation_size = self.encoder.size + (
            self.believer.beliefs if self.believer is not None else 0
        )
        #: the abstract ids legal now with their actions: (version, seat, {id: action})
        self._options: tuple[int, int, dict[int, Any]] | None = None
        self.game: Game | None = None
        self.memories: list[Memory] = []
        self._rng = random.Random(secrets.randbits(63))
        #: the last observation: (version, seat, vector, mask, ids, view, the mask's bytes)
        self._cache: tuple[int, int, Vector, Mask, Ids, Any, memoryview] | None = None
        self._acting: tuple[Game, int, int] | None = None
        self._view: tuple[Game, int, int, Any, int] | None = None
        #: the mask slots made (see ``mask`` and ``_new_slot``)
        self._masks: list[list[Any]] = []
        #: the codec's card sets where the engine takes a legal id back unchecked (see ``act``)
        self._sets = listed_sets(self.codec)

    # ------------------------------------------------------------------ games
    def seed(self, seed: object) -> None:
        """Seeds the sequence of games (None: from the operating system)."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | np.integer)):
            raise RuleError(f"seed must be a whole number, not {quote(seed)}")
        self._rng = random.Random(secrets.randbits(63) if seed is None else int(seed))
        for source in (self.abstract, self.believer):
            if isinstance(source, PokerBullAbstraction):
                source.seed(self._rng.getrandbits(63))

    def new(self) -> Game:
        self.game = self.config.new_game(seed=self._rng.getrandbits(63))
        self.memories = [self.encoder.memory(s) for s in range(self.players)]
        self._cache = None
        return self.game

    def acting(self) -> int:
        """``acting_seat`` of the game now (asked twice a step: kept per game version)."""
        return self._acting_in(self.current())

    def _acting_in(self, game: Game) -> int:
        """``acting`` for ``game``, the table's game now."""
        known = self._acting
        if known is not None and known[0] is game and known[1] == game.version:
            return known[2]
        return self._find_acting(game)

    def _find_acting(self, game: Game) -> int:
        """``acting`` worked out (and kept) for the game now."""
        act = game.to_act
        if len(act) == 1:
            seat = act[0]
        else:  # the first seat's view tells the turn; that seat is most often the one asked,
            # so its view is kept for its observation
            view = None
            if act:
                since = self._since(act[0])
                view = game.view(act[0], since)
                self._view = (game, game.version, act[0], view, since)
            seat = acting_seat(game, view)
        self._acting = (game, game.version, seat)
        return seat

    def current(self) -> Game:
        if self.game is None:
            raise RuntimeError("no game yet: call reset() first")
        return self.game

    # ------------------------------------------------------------------ observing
    def observe(self, seat: int) -> tuple[Vector, Mask, Ids]:
        """The seat's observation vector, its action mask (all 0 unless the seat is the one
        asked now; read-only, see :meth:`mask`) and its legal ids (increasing)."""
        cache = self._observed(seat)
        return cache[2], cache[3], cache[4]

    def _observed(self, seat: int) -> tuple[int, int, Vector, Mask, Ids, Any, memoryview]:
        """The seat's observation now with what made it (built once per game version)."""
        game = self.game
        if game is None:
            game = self.current()  # (its error)
        cache = self._cache
        version = game.version
        if cache is not None and cache[0] == version and cache[1] == seat:
            return cache
        kept = self._view
        if kept is not None and kept[0] is game and kept[1] == version and kept[2] == seat:
            view, since = kept[3], kept[4]
            self._view = None  # (used: see below)
        else:
            since = self._since(seat)
            view = game.view(seat, since)
        vector = self.encoder.encode(view, self.memories[seat], since)
        if self.believer is not None:
            vector = np.concatenate([vector, self.believer.features(game, seat, view)])
        if view["over"] or seat != self._acting_in(game):
            legal = NO_IDS
        elif self.abstract is not None:
            options = self.abstract.options(game, seat, view)
            self._options = (version, seat, options)
            legal = np.array(sorted(options), dtype=np.intp)
        else:
            legal = self.codec.legal_ids(game, seat, view)
        slot = self._slot(legal)
        if self._sets is not None:
            # Where the engine takes an id back as listed, acting reads the view's phase only
            # (see apply_listed): the table keeps that, not the view, whose log of a thousand
            # events the garbage collector would otherwise traverse in every collection
            # while the agent decides (a few microseconds a Sneak step, measured)
            view = _PHASES.get(view["phase"]) or {"phase": view["phase"]}
        cache = self._cache = (version, seat, vector, slot[0], legal, view, slot[2])
        return cache

    def _since(self, seat: int) -> int:
        """The event number from which the table asks ``seat``'s view: where its memory has
        read up to, where the codec reads no log from the view (Sneak's: the view's log then
        holds the few new events, not a copy of the whole log, which a long game's step
        would pay for twice, copying it and the garbage collector traversing it); else 0."""
        return self.memories[seat].count if self._sets is not None else 0

    def mask(self, ids: Ids) -> Mask:
        """The action mask of ``ids``, read-only.  A large space's mask costs more to fill
        than the rest of a step, so the table reuses a mask it made before when nothing but
        the table holds it any more (no observation, view, slice or copy of the array is left:
        reference counts say so), clearing only the ids it marked."""
        mask: Mask = self._slot(ids)[0]
        return mask

    def _slot(self, ids: Ids) -> list[Any]:
        """A pool slot marking ``ids`` (see :meth:`mask`): a read-only mask over a writeable
        array, so that refilling needs no switch of numpy's flags."""
        pool = self._masks
        for slot in pool:  # a mask of these very ids (kept by legal key) as is, held or not:
            if slot[3] is ids:  # it is not changed
                return slot
        for slot in pool:
            if _refcount(slot[0]) <= _FREE and _refcount(slot[1]) <= _FREE_BASE:
                base = slot[1]
                base[slot[3]] = 0
                base[ids] = 1
                slot[3] = ids
                return slot
        slot = _new_slot(self.action_size)
        slot[1][ids] = 1
        slot[3] = ids
        if len(pool) < MASK_POOL:
            pool.append(slot)
        return slot

    def text(self, seat: int | None) -> str:
        return self.encoder.text(self.current().view(seat))

    # ------------------------------------------------------------------ acting
    def act(self, seat: int, index: Any) -> int:
        """The seat takes the action of id ``index`` (IllegalAction, naming it, when the id is
        not legal now); returns the seat asked next (:meth:`acting`; -1 once the game is
        over)."""
        cache = self._cache
        game = self.game
        if cache is None or game is None or cache[0] != game.version or cache[1] != seat:
            cache = self._observed(seat)
            game = self.current()
        i = index if type(index) is int else as_id(index)
        size = self.action_size
        if self.abstract is not None:
            kept = self._options
            if kept is None or kept[:2] != (cache[0], seat) or i not in kept[2]:
                raise illegal(i, self.abstract, seat)
            game.apply(seat, kept[2][i])
            self._cache = self._options = None
            return self._find_acting(game) if game.to_act else -1
        if not 0 <= i < size or not cache[6][i]:
            what = self.codec.describe(i) if 0 <= i < size else "out of range"
            raise IllegalAction(
                f"action id {i} ({what}) is not legal for seat {seat} now; "
                "choose an id the action mask marks"
            )
        view = cache[5]
        if self._sets is not None:  # (the id is legal for the seat at this version: checked)
            apply_listed(game, self.codec, self._sets, seat, i, view, cache[0])
            self._cache = None
        else:
            self._apply(game, seat, i, view)
        return self._find_acting(game) if game.to_act else -1

    def _apply(self, game: Game, seat: int, i: int, view: Any) -> None:
        """The seat takes the legal action of id ``i``, decoded and applied as any action."""
        try:
            action = self.codec.decode(i, view)
            game.apply(seat, action)
        except IllegalAction:  # the listed action of that id (never expected)
            game.apply(seat, self.codec.legal(game.legal_actions(seat), view)[i])
        self._cache = None

    def rewards(self) -> list[float]:
        game = self.current()
        return rewards(game.result, self.players, self.reward)
