"""The shared base of the encodings: game configurations, the tables of card multisets,
and the action codec every family's codec builds on."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..api import new_game
from ..cards import JOKER
from ..errors import IllegalAction, RuleError, quote
from ..game import Game
from ..registry import lookup

Action = dict[str, Any]
View = Mapping[str, Any]
Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

#: Card identities in an encoding: the 52 natural cards and the joker (``cards.py`` order).
CARDS = 53
#: Claimable ranks in the Cheat family: A..K and the jokers' own rank (Joker's Top).
CLAIM_RANKS = 14
#: The largest play laid in one action where the rules set no limit (``max_cards=0``), unless a
#: configuration asks for another: larger plays are outside the action space (docs/research.md).
UNLIMITED_PLAY = 4
#: Sneak: the most cards of a face-down lead or of an arbitrary challenge in the action space,
#: and of a flaunt (or a challenge that is a combination).
SNEAK_ANY = 3
SNEAK_COMBO = 5
#: Events kept in the recent-history block of an observation.
HISTORY = 8


# ====================================================================== configurations
@dataclass(frozen=True)
class GameConfig:
    """A game configuration: preset id, players and the options given on top of the preset.

    ``rules`` is the full option set in force, as the seated views show it."""

    game: str
    players: int
    options: Mapping[str, Any]
    family: str
    rules: Mapping[str, Any]
    game_class: type[Game] = field(repr=False, compare=False)

    def new_game(self, seed: int | None = None, **setup: Any) -> Game:
        """A fresh game of this configuration (``setup``: ``deal``, ``stock``, ``first``)."""
        return new_game(self.game, players=self.players, seed=seed, **setup, **self.options)

    def rules_object(self) -> Any:
        """The family's frozen rules dataclass for these options."""
        return self.game_class.RULES.build(self.rules)

    @property
    def label(self) -> str:
        extra = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        return f"{self.game}/{self.players}p" + (f"({extra})" if extra else "")


def configure(game: str, players: int | None = None, **options: Any) -> GameConfig:
    """The configuration of ``game`` (a game id or alias), checked by making a game of it:
    an unknown game, a bad player count or option raises ``bh.RuleError`` naming it."""
    preset = lookup(game)
    probe = new_game(preset.id, players=players, seed=0, **options)
    rules = probe.view(0).get("rules")
    if not isinstance(rules, Mapping):  # pragma: no cover - every family shows its rules
        raise RuleError(f"{preset.id}: its views do not show the rules in force")
    return GameConfig(
        preset.id, probe.players, dict(options), probe.FAMILY, dict(rules), type(probe)
    )


def camel_case(game_id: str) -> str:
    """``poker_bull`` -> ``PokerBull``: the Gymnasium name of a game id."""
    return "".join(part[:1].upper() + part[1:] for part in game_id.split("_"))


def relative(seat: int | None, other: int, players: int) -> int:
    """``other`` counted from ``seat``'s left: 0 is the seat itself, 1 the next seat."""
    return (other - (seat or 0)) % players


# ====================================================================== multisets
class Multisets:
    """An indexed table of multisets of group indices (sorted tuples), for the card sets of
    one kind of action: index <-> multiset, in the order they were added."""

    def __init__(self) -> None:
        self.items: list[tuple[int, ...]] = []
        self.index: dict[tuple[int, ...], int] = {}

    def add(self, items: Iterable[tuple[int, ...]]) -> None:
        for item in items:
            if item not in self.index:
                self.index[item] = len(self.items)
                self.items.append(item)

    def __len__(self) -> int:
        return len(self.items)


def bounded_multisets(caps: Sequence[int], sizes: Iterable[int]) -> Iterator[tuple[int, ...]]:
    """Every multiset of group indices with ``caps[g]`` copies of group ``g`` at most, of each
    size in ``sizes``, sizes in order and each size in lexicographic order."""
    groups = range(len(caps))
    single = all(c == 1 for c in caps)
    for size in sizes:
        if single:
            yield from itertools.combinations(groups, size)
            continue
        for combo in itertools.combinations_with_replacement(groups, size):
            if size == 1 or all(combo.count(g) <= caps[g] for g in set(combo)):
                yield combo


def spread_suits(pools: Sequence[list[int]], takes: Sequence[int]) -> list[int]:
    """``takes[i]`` cards from each pool, chosen so the suits are as even as possible (a lead of
    many cards all of one suit can lose at once: Eightsh*t); deterministic."""
    suits = [0, 0, 0, 0]
    out: list[int] = []
    for pool, k in zip(pools, takes, strict=True):
        rest = list(pool)
        for _ in range(k):
            best = min(
                range(len(rest)), key=lambda i: (suits[rest[i] & 3] if rest[i] != JOKER else -1, i)
            )
            card = rest.pop(best)
            if card != JOKER:
                suits[card & 3] += 1
            out.append(card)
    return out


# ====================================================================== action codecs
#: The ids of a seat's legal actions, each with the action listed for it.
LegalIds = dict[int, Mapping[str, Any]]
#: Action ids in increasing order.
Ids = npt.NDArray[np.intp]


def ids_of(ids: Iterable[int]) -> Ids:
    """Distinct action ids as an increasing array."""
    return np.array(sorted(set(ids)), dtype=np.intp)


def as_id(value: object) -> int:
    """An action id as an int (numpy integers too); IllegalAction for anything else."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise IllegalAction(f"an action id is a whole number, not {quote(value)}")
    return int(value)


@dataclass(frozen=True)
class Segment:
    """A contiguous block of action ids: ``kind`` names what its ids mean."""

    kind: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class ActionCodec:
    """The fixed integer action space of one configuration.

    ``encode`` maps an action (as ``legal_actions`` lists it, or any equivalent spelling) to
    its id, or None when the action lies outside the space (a play larger than the space's
    limit, see docs/research.md); ``decode`` maps an id back to an action that ``apply``
    accepts whenever the id is legal; ``mask`` marks the legal ids."""

    def __init__(self, config: GameConfig) -> None:
        self.config = config
        self.players = config.players
        self.segments: list[Segment] = []
        self._by_kind: dict[str, Segment] = {}
        self.size = 0
        self._simple: frozenset[str] | None = None

    # ------------------------------------------------------------------ building
    def _segment(self, kind: str, size: int, meaning: str) -> Segment:
        seg = Segment(kind, self.size, size, meaning)
        self.segments.append(seg)
        self._by_kind[kind] = seg
        self.size += size
        return seg

    def _simple_types(self) -> list[str]:
        """The family's action types that carry nothing but their type (call, pass, draw...),
        read from its declared action keys, so a new one gets an id of its own."""
        keys: Mapping[str, frozenset[str]] = self.config.game_class.ACTION_KEYS
        return [kind for kind, k in keys.items() if k == frozenset({"type"})]

    def _add_simple(self) -> None:
        for kind in self._simple_types():
            self._segment(kind, 1, f"{{'type': '{kind}'}}")

    # ------------------------------------------------------------------ the interface
    def encode(self, action: Mapping[str, Any], view: View) -> int | None:
        """The id of ``action`` by the seat of ``view`` (its view now); None when the action is
        outside the space.  An action of a type this space has no place for raises ValueError
        naming it."""
        kind = action.get("type")
        seg = self._by_kind.get(kind) if type(kind) is str else None
        if seg is not None and seg.size == 1 and len(action) == 1:
            return seg.start
        return self._encode(action, view)

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        raise self._no_place(action)

    def _no_place(self, action: Mapping[str, Any]) -> ValueError:
        return ValueError(
            f"the action space of {self.config.label} has no place for {quote(action)}"
        )

    def decode(self, index: int, view: View) -> Action:
        """The action of id ``index`` for the seat of ``view`` (concrete cards chosen from its
        hand).  IllegalAction when the id cannot be an action of that seat now."""
        i = as_id(index)
        if not 0 <= i < self.size:
            raise IllegalAction(
                f"action id {i} is outside the action space of "
                f"{self.config.label} (0 to {self.size - 1})"
            )
        seg = self.segment_of(i)
        if seg.size == 1 and seg.kind in self._simple_set():
            return {"type": seg.kind}
        return self._decode(seg, i - seg.start, view)

    def _simple_set(self) -> frozenset[str]:
        """``_simple_types`` as a set (read once: every decode asks)."""
        if self._simple is None:
            self._simple = frozenset(self._simple_types())
        return self._simple

    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        raise NotImplementedError

    def segment_of(self, index: int) -> Segment:
        for seg in self.segments:
            if seg.start <= index < seg.stop:
                return seg
        raise IllegalAction(f"action id {index} is outside the action space")

    def legal(self, actions: Iterable[Mapping[str, Any]], view: View) -> LegalIds:
        """The ids of ``actions`` (the legal actions of the seat of ``view``), each with the
        first action listed for it; actions outside the space are left out."""
        out: LegalIds = {}
        for action in actions:
            i = self.encode(action, view)
            if i is not None and i not in out:
                out[i] = action
        return out

    def mask(self, actions: Iterable[Mapping[str, Any]], view: View) -> Mask:
        """1 for every id of ``actions`` (the legal actions of the seat of ``view``), 0
        elsewhere."""
        out = np.zeros(self.size, dtype=np.int8)
        ids = list(self.legal(actions, view))
        if ids:
            out[ids] = 1
        return out

    def legal_ids(self, game: Game, seat: int, view: View) -> Ids:
        """The ids of ``game.legal_actions(seat)`` in increasing order (``view``: the seat's
        view now): exactly the ids of :meth:`legal`, the ones of :meth:`mask`.  The families
        whose engine hands its legal actions over in compact form (Cheat's plays, Poker Bull's
        bids, Sneak's card sets) compute them without a dict per action, which would cost as
        much as the rest of an environment step; the others list and look up."""
        return ids_of(self.legal(game.legal_actions(seat), view))

    def mask_of(self, ids: Ids) -> Mask:
        """The int8 mask with a 1 at each of ``ids``."""
        out = np.zeros(self.size, dtype=np.int8)
        out[ids] = 1
        return out

    def describe(self, index: int, view: View | None = None) -> str:
        """A short unique text for the id (OpenSpiel's action strings); ``view``, the seat's
        view now, names the reading in force where an id reads differently by the situation
        (Sneak's ids of card sets: a lead or a challenge)."""
        seg = self.segment_of(index)
        if seg.size == 1:
            return seg.kind
        return f"{seg.kind} {self._describe(seg, index - seg.start)}"

    def _describe(self, seg: Segment, offset: int) -> str:
        return str(offset)

    def table(self) -> list[tuple[str, int, str]]:
        """(kind, ids, meaning) per segment, for the docs."""
        return [(s.kind, s.size, s.meaning) for s in self.segments]
