"""Fixed-size encodings of a game configuration, for learning agents and game solvers.

Two things are encoded, both from the public surface only (``legal_actions``, or the same in
compact form, and ``view(seat)``), so nothing a seat may not know can reach an encoding:

- **Actions**: a fixed integer action space per configuration (game id, players, options),
  with a codec both ways (:class:`ActionCodec`): ``encode`` gives an action of
  ``legal_actions(seat)`` its id, ``decode`` turns an id back into an action ``apply``
  accepts, and ``mask`` marks the legal ids.  Plays that lay cards are *multisets of card
  groups*: ranks where the rules make suits irrelevant (the contract lets ``legal_actions``
  list such plays once), single cards where suits matter (Specificity, Sneak); decoding picks
  the concrete cards deterministically from the hand, spreading suits.
- **Observations**: a fixed-length numeric vector of ``view(seat)`` (:class:`ObservationEncoder`:
  own hand, hand sizes, pile, claims, cards seen revealed and where they went, recent history,
  scores; every value in [0, 1], seats counted from the viewer's left) and a string form.

docs/research.md has the tables: every block, and the size of each action space and why.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from ..api import new_game
from ..cards import CARD_INDEX, CARD_TEXT, JOKER, JOKER_RANK, RANK_INDEX, RANK_TEXT, SUITS
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
    return GameConfig(preset.id, probe.players, dict(options), probe.FAMILY, dict(rules),
                      type(probe))


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
            best = min(range(len(rest)),
                       key=lambda i: (suits[rest[i] & 3] if rest[i] != JOKER else -1, i))
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
        return ValueError(f"the action space of {self.config.label} has no place for "
                          f"{quote(action)}")

    def decode(self, index: int, view: View) -> Action:
        """The action of id ``index`` for the seat of ``view`` (concrete cards chosen from its
        hand).  IllegalAction when the id cannot be an action of that seat now."""
        i = as_id(index)
        if not 0 <= i < self.size:
            raise IllegalAction(f"action id {i} is outside the action space of "
                                f"{self.config.label} (0 to {self.size - 1})")
        seg = self.segment_of(i)
        if seg.size == 1 and seg.kind in self._simple_set():
            return {"type": seg.kind}
        return self._decode(seg, i - seg.start, view)

    def _simple_set(self) -> set[str]:
        return set(self._simple_types())

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
        bids) compute them without a dict per action, which would cost as much as the rest of
        an environment step; the others list and look up."""
        return ids_of(self.legal(game.legal_actions(seat), view))

    def mask_of(self, ids: Ids) -> Mask:
        """The int8 mask with a 1 at each of ``ids``."""
        out = np.zeros(self.size, dtype=np.int8)
        out[ids] = 1
        return out

    def describe(self, index: int) -> str:
        """A short unique text for the id (OpenSpiel's action strings)."""
        seg = self.segment_of(index)
        if seg.size == 1:
            return seg.kind
        return f"{seg.kind} {self._describe(seg, index - seg.start)}"

    def _describe(self, seg: Segment, offset: int) -> str:
        return str(offset)

    def table(self) -> list[tuple[str, int, str]]:
        """(kind, ids, meaning) per segment, for the docs."""
        return [(s.kind, s.size, s.meaning) for s in self.segments]


# ---------------------------------------------------------------------- Cheat family
class CheatCodec(ActionCodec):
    """Cheat family: the answers with no arguments (call, pass, believe, check), then plays as
    (multiset of card groups laid) x (claimed rank) x (claimed count, where counts may lie) x
    (claimed suit, Specificity), then the variations' extra actions (show, bid, table cheats,
    accusations), each only where the rules in force have it."""

    def __init__(self, config: GameConfig, play_limit: int | None = None) -> None:
        super().__init__(config)
        r = config.rules_object()
        self.rules = r
        n = config.players
        deck_ranks: list[int] = r.deck_rank_list(n)
        self.claims: list[int] = r.claim_rank_list(n)
        self.claim_slots = claim_choices(r, len(self.claims))
        self.by_suit = bool(r.claim_suit)
        groups: list[int] = []  # a group is a rank index, or a card where suits matter
        caps: list[int] = []
        if self.by_suit:
            for rank in deck_ranks:
                for suit in range(4):
                    groups.append(rank * 4 + suit)
                    caps.append(r.decks)
        else:
            groups.extend(deck_ranks)
            caps.extend([4 * r.decks] * len(deck_ranks))
        self.joker_group = -1
        if r.jokers:
            self.joker_group = len(groups)
            groups.append(JOKER if self.by_suit else JOKER_RANK)
            caps.append(r.jokers)
        self.groups = groups
        self.group_of: dict[int, int] = {}
        for card in range(52):
            key = card if self.by_suit else card >> 2
            if key in groups:
                self.group_of[card] = groups.index(key)
        if self.joker_group >= 0:
            self.group_of[JOKER] = self.joker_group
        laid = r.max_laid or r.max_cards
        limit = laid or UNLIMITED_PLAY
        if play_limit is not None:
            if type(play_limit) is not int or play_limit < 1:
                raise RuleError(f"play_limit must be a whole number from 1, not "
                                f"{quote(play_limit)}")
            limit = min(limit, play_limit) if laid else play_limit
        self.play_limit = min(limit, sum(caps))
        self.complete = bool(laid) and self.play_limit >= laid
        wild = r.jokers > 0 and r.jokers_as == "wild"
        self.count_slots = (r.max_cards or max(1, 4 * r.decks + (r.jokers if wild else 0))
                            if r.count_lies else 1)
        self.suit_slots = 4 if self.by_suit else 1
        self.multisets = Multisets()
        self.multisets.add(bounded_multisets(caps, range(1, self.play_limit + 1)))
        self._set_cache: dict[tuple[Any, ...], int | None] = {}
        #: the groups in the order a sorted hand holds them (the jokers last): the play table's
        #: lexicographic order is then the engine's listing order (see ``_play_ids``)
        self.ordered = groups == sorted(groups)
        self._ms_bits: tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], int] | None = None
        self._group_range = np.arange(len(groups))

        self._add_simple()
        if r.call_answer:
            self._segment("show", 1, "{'type': 'show'}: turn the laid cards over")
            self._segment("show_cards", len(self.multisets),
                          "show these cards in place of the laid ones (a multiset of card "
                          "groups, as many as were laid)")
        per_set = self.claim_slots * self.count_slots * self.suit_slots
        parts = [f"{len(self.multisets)} card multisets",
                 f"{self.claim_slots} claim choice{'s' if self.claim_slots > 1 else ''}"]
        if self.count_slots > 1:
            parts.append(f"{self.count_slots} claimed counts")
        if self.suit_slots > 1:
            parts.append("4 claimed suits")
        self._segment("play", len(self.multisets) * per_set, " x ".join(parts))
        if r.first_player == "bidding":
            self._segment("bid", 4 * r.decks, "bid to hold this many of the top rank")
            top = 0 if 0 in deck_ranks else max(deck_ranks)
            self.top_rank = RANK_TEXT[top]
        if r.table_cheats:
            self._segment("hide", CARDS, "hide this card")
            self._segment("give", (n - 1) * CARDS, "slip this card to the seat this far left")
            self._segment("peek", n - 1, "peek at the seat this far left (a neighbour)")
            self._segment("accuse", n - 1, "accuse the seat this far left")

    # ------------------------------------------------------------------ encode
    def _groups_of(self, cards: Any) -> tuple[int, ...] | None:
        if type(cards) is not list and type(cards) is not tuple:
            return None
        out = []
        group_of = self.group_of
        for text in cards:
            card = CARD_INDEX.get(text) if type(text) is str else None
            g = group_of.get(card) if card is not None else None
            if g is None:
                return None
            out.append(g)
        out.sort()
        return tuple(out)

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        kind = action.get("type")
        n = self.players
        seat = view.get("seat")
        if kind == "play":
            return self._encode_play(action.get("cards"), action.get("claim"),
                                     self._slots(view))
        if kind == "show" and "show_cards" in self._by_kind:
            if action.get("cards") is None:
                return self._by_kind["show"].start
            ms = self._groups_of(action.get("cards"))
            at = self.multisets.index.get(ms) if ms is not None else None
            return None if at is None else self._by_kind["show_cards"].start + at
        if kind == "bid" and "bid" in self._by_kind:
            count = action.get("count")
            seg = self._by_kind["bid"]
            if type(count) is int and 1 <= count <= seg.size:
                return seg.start + count - 1
            return None
        if kind == "cheat" and "hide" in self._by_kind:
            how = action.get("cheat")
            if how == "peek":
                off = _offset(action.get("seat"), seat, n)
                return None if off is None else self._by_kind["peek"].start + off
            cards = action.get("cards")
            card = (CARD_INDEX.get(cards[0]) if type(cards) is list and len(cards) == 1
                    and type(cards[0]) is str else None)
            if card is None:
                return None
            if how == "hide":
                return self._by_kind["hide"].start + card
            if how == "give":
                off = _offset(action.get("seat"), seat, n)
                return None if off is None else self._by_kind["give"].start + off * CARDS + card
            return None
        if kind == "accuse" and "accuse" in self._by_kind:
            off = _offset(action.get("seat"), seat, n)
            return None if off is None else self._by_kind["accuse"].start + off
        raise self._no_place(action)

    @staticmethod
    def _slots(view: View) -> dict[str, int]:
        """Claim choice by rank text: the place of each rank in the view's ``claim_ranks``."""
        return {t: i for i, t in enumerate(view.get("claim_ranks") or ())}

    def _encode_play(self, cards: Any, claim: Any, slots: Mapping[str, int]) -> int | None:
        ms = self._groups_of(cards)
        at = self.multisets.index.get(ms) if ms is not None else None
        if at is None or not isinstance(claim, Mapping):
            return None
        return self._play_id(at, len(ms or ()), claim, slots)

    def _play_id(self, at: int, size: int, claim: Mapping[str, Any],
                 slots: Mapping[str, int]) -> int | None:
        rank = claim.get("rank")
        slot = slots.get(rank) if type(rank) is str else None
        if slot is None:
            idx = RANK_INDEX.get(rank.strip()) if type(rank) is str else None
            slot = slots.get(RANK_TEXT[idx]) if idx is not None else None
            if slot is None:
                return None
        if slot >= self.claim_slots:
            return None
        count = claim.get("count", size)
        if self.count_slots > 1:
            if type(count) is not int or not 1 <= count <= self.count_slots:
                return None
            c = count - 1
        else:
            if count != size:
                return None
            c = 0
        s = 0
        if self.by_suit:
            suit = claim.get("suit")
            if type(suit) is not str or suit.strip().upper() not in SUITS or not suit.strip():
                return None
            s = SUITS.index(suit.strip().upper())
        return (self._by_kind["play"].start
                + ((at * self.claim_slots + slot) * self.count_slots + c) * self.suit_slots + s)

    def _set_at(self, cards: Any) -> int | None:
        """The multiset index of a list of card texts (None: not in the space), remembered
        by the texts: a hand's plays recur from turn to turn."""
        if type(cards) is not list:
            return None
        key = tuple(cards)
        cache = self._set_cache
        at = cache.get(key, -1)
        if at == -1:
            ms = self._groups_of(cards)
            at = self.multisets.index.get(ms) if ms is not None else None
            if len(cache) >= 1 << 18:
                cache.clear()
            cache[key] = at
        return at

    def legal(self, actions: Iterable[Mapping[str, Any]], view: View) -> LegalIds:
        # The hot loop of every environment step (a turn lists hundreds of plays): the card
        # set of a play is looked up by its texts, once per list object (the engine lists every
        # claim of one set with the same list).
        out: LegalIds = {}
        last_cards: Any = None
        last_at: int | None = None
        last_size = 0
        slots = self._slots(view)
        play_id = self._play_id
        base = self._by_kind["play"].start
        choices, counts = self.claim_slots, self.count_slots
        plain = not self.by_suit  # (one suit slot: the id needs no suit)
        for action in actions:
            if action.get("type") == "play":
                cards = action.get("cards")
                if cards is not last_cards:
                    last_cards = cards
                    last_at = self._set_at(cards)
                    last_size = len(cards) if type(cards) is list else 0
                claim = action.get("claim")
                if last_at is None or not (type(claim) is dict or isinstance(claim, Mapping)):
                    continue
                # _play_id, inline for the canonical spelling the engine lists
                rank = claim.get("rank")
                slot = slots.get(rank) if plain and type(rank) is str else None
                count = claim.get("count", last_size)
                if slot is not None and slot < choices and (
                        (counts == 1 and count == last_size)
                        or (counts > 1 and type(count) is int and 1 <= count <= counts)):
                    i: int | None = base + (last_at * choices + slot) * counts + (
                        count - 1 if counts > 1 else 0)
                else:
                    i = play_id(last_at, last_size, claim, slots)
            else:
                i = self.encode(action, view)
            if i is not None and i not in out:
                out[i] = action
        return out

    def legal_ids(self, game: Game, seat: int, view: View) -> Ids:
        parts = getattr(game, "legal_parts", None)
        if parts is None:
            return super().legal_ids(game, seat, view)
        others, plays = parts(seat)
        ids = set()
        for action in others:
            i = self.encode(action, view)
            if i is not None:
                ids.add(i)
        if plays is None:
            return ids_of(ids)
        found = self._play_ids(plays, view)
        if found is None:  # a listing this does not reproduce: list and look up
            return super().legal_ids(game, seat, view)
        seg = self._by_kind["play"]
        return np.concatenate([ids_of(i for i in ids if i < seg.start), found,
                               ids_of(i for i in ids if i >= seg.stop)])

    def _play_ids(self, plays: Any, view: View) -> Ids | None:
        """The ids of the plays a :class:`~bluffhouse.cheat.engine.ListedPlays` lists, in
        increasing order, computed from the hand's counts per group (the multisets within them:
        a few bit rows or-ed together); None where the listing is not the one reproduced here
        (then the caller lists): a card outside the space's groups, a whole-hand play under
        ``last_card_truthful`` within the space, counts or suits of another kind."""
        group_of = self.group_of
        groups = [group_of.get(c) for c in plays.hand]
        if None in groups or bool(plays.by_card) != self.by_suit:
            return None
        if (plays.counts > 0) != (self.count_slots > 1):
            return None
        if self.by_suit != (plays.suits != [-1]):
            return None
        most = min(plays.most, self.play_limit)
        if most < 1:
            return np.zeros(0, dtype=np.intp)
        if plays.truthful_last and len(plays.hand) <= most:
            return None
        bad, big, top = self._ms_table()
        held = np.bincount(np.array(groups, dtype=np.intp), minlength=len(self.groups))
        # a multiset is out when it needs more of some group than the hand holds, or is larger
        # than ``most``: one bit row per (group, copies held) and per size, or-ed together
        out = np.bitwise_or.reduce(bad[self._group_range, np.minimum(held, top)], axis=0)
        out |= big[min(most, len(big) - 1)]
        at = np.flatnonzero(np.unpackbits(~out, count=len(self.multisets)).view(bool))
        slots_of = self._slots(view)
        slots = sorted({s for t in plays.claims
                        if (s := slots_of.get(t)) is not None and s < self.claim_slots})
        counts = ([c - 1 for c in range(1, plays.counts + 1) if c <= self.count_slots]
                  if self.count_slots > 1 else [0])
        suits = sorted(set(plays.suits)) if self.by_suit else [0]
        per = len(plays.claims) * max(1, plays.counts) * len(plays.suits)
        # the listing stops after the multiset that brings it to ``limit`` actions: with every
        # multiset listing ``per`` actions, after the first ceil(limit / per) of them (sizes in
        # order, each size lexicographic: the order of the multiset table, whose groups are in
        # the hand's order)
        first = -(-plays.limit // per) if per else len(at)
        if len(at) > first:
            if not self.ordered:
                return None
            at = at[:first]
        if not slots or not len(at):
            return np.zeros(0, dtype=np.intp)
        count_slots, suit_slots = self.count_slots, self.suit_slots
        stride = self.claim_slots * count_slots * suit_slots
        # an id is start + ((at * claim_slots + slot) * count_slots + count) * suit_slots + suit
        rest = [(slot * count_slots + c) * suit_slots + s
                for slot in slots for c in counts for s in suits]
        at = at * stride + self._by_kind["play"].start
        if len(rest) == 1:
            return at + rest[0]
        return np.add.outer(at, np.array(rest, dtype=np.intp)).ravel()

    def _ms_table(self) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint8], int]:
        """The play table's multisets as bit rows (built on first use): ``bad[g, k]`` marks
        those with more than ``k`` copies of group ``g``, ``big[m]`` those of more than ``m``
        cards; ``top``: the most copies of a group in one multiset."""
        if self._ms_bits is None:
            items = self.multisets.items
            width = max(len(ms) for ms in items)
            pad = len(self.groups)
            padded = np.array([ms + (pad,) * (width - len(ms)) for ms in items], dtype=np.intp)
            counts = np.zeros((len(items), pad + 1), dtype=np.uint8)
            rows = np.arange(len(items))
            for j in range(width):
                counts[rows, padded[:, j]] += 1
            top = int(counts[:, :pad].max())
            bad = np.stack([np.stack([np.packbits(counts[:, g] > k) for k in range(top + 1)])
                            for g in range(pad)])
            sizes = counts[:, :pad].sum(axis=1)
            big = np.stack([np.packbits(sizes > m) for m in range(width + 1)])
            self._ms_bits = (bad, big, top)
        return self._ms_bits

    # ------------------------------------------------------------------ decode
    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        seat = view.get("seat")
        n = self.players
        if seg.kind == "play":
            offset, s = divmod(offset, self.suit_slots)
            offset, c = divmod(offset, self.count_slots)
            at, slot = divmod(offset, self.claim_slots)
            ms = self.multisets.items[at]
            allowed = view.get("claim_ranks") or ()
            if slot >= len(allowed):
                raise IllegalAction(f"action id {seg.start + offset} claims choice {slot + 1} of "
                                    f"the ranks the play may claim, but there "
                                    f"{'is' if len(allowed) == 1 else 'are'} {len(allowed)}")
            cards = self._choose(ms, view.get("hand") or [], first=())
            claim: dict[str, Any] = {"rank": allowed[slot],
                                     "count": c + 1 if self.count_slots > 1 else len(ms)}
            if self.by_suit:
                claim["suit"] = SUITS[s]
            return {"type": "play", "cards": cards, "claim": claim}
        if seg.kind == "show":
            return {"type": "show"}
        if seg.kind == "show_cards":
            laid = _own_last_play(view)
            ms = self.multisets.items[offset]
            return {"type": "show", "cards": self._choose(ms, view.get("hand") or [],
                                                          first=laid)}
        if seg.kind == "bid":
            return {"type": "bid", "count": offset + 1, "rank": self.top_rank}
        if type(seat) is not int:
            raise IllegalAction("a spectator takes no actions")
        if seg.kind == "hide":
            return {"type": "cheat", "cheat": "hide", "cards": [CARD_TEXT[offset]]}
        if seg.kind == "give":
            off, card = divmod(offset, CARDS)
            return {"type": "cheat", "cheat": "give", "seat": (seat + off + 1) % n,
                    "cards": [CARD_TEXT[card]]}
        if seg.kind == "peek":
            return {"type": "cheat", "cheat": "peek", "seat": (seat + offset + 1) % n}
        if seg.kind == "accuse":
            return {"type": "accuse", "seat": (seat + offset + 1) % n}
        raise IllegalAction(f"action id {seg.start + offset} has no meaning")  # pragma: no cover

    def _choose(self, ms: tuple[int, ...], hand: Sequence[str], first: Sequence[str]) -> list[str]:
        """Concrete cards for the multiset ``ms``: from ``first`` (the cards laid, for a show)
        before the hand, the suits spread as evenly as possible."""
        pools: dict[int, list[int]] = {}
        for text in [*first, *hand]:
            card = CARD_INDEX[text]
            g = self.group_of.get(card)
            if g is not None:
                pools.setdefault(g, []).append(card)
        need = Counter(ms)
        order = sorted(need)
        for g in order:
            if len(pools.get(g, ())) < need[g]:
                what = (CARD_TEXT[self.groups[g]] if self.by_suit
                        else "joker" if g == self.joker_group else RANK_TEXT[self.groups[g]])
                raise IllegalAction(f"this action lays {need[g]} x {what}, more than the hand "
                                    "holds")
        firsts = [pools[g][: len([c for c in first if self.group_of.get(CARD_INDEX[c]) == g])]
                  for g in order]
        picked: list[int] = []
        # cards laid first (a show keeps what it can of the play), then the suits spread
        rest_need = []
        for g, own in zip(order, firsts, strict=True):
            keep = own[: need[g]]
            picked.extend(keep)
            rest_need.append(need[g] - len(keep))
        rest_pools = [pools[g][len(own):] for g, own in zip(order, firsts, strict=True)]
        picked.extend(spread_suits(rest_pools, rest_need))
        return [CARD_TEXT[c] for c in picked]

    def _describe(self, seg: Segment, offset: int) -> str:
        if seg.kind == "play":
            offset, s = divmod(offset, self.suit_slots)
            offset, c = divmod(offset, self.count_slots)
            at, slot = divmod(offset, self.claim_slots)
            ms = self.multisets.items[at]
            count = c + 1 if self.count_slots > 1 else len(ms)
            suit = f" {SUITS[s]}" if self.by_suit else ""
            which = f" (claim choice {slot + 1})" if self.claim_slots > 1 else ""
            return f"{self._ms_text(ms)} as {count}x{suit}{which}"
        if seg.kind == "show_cards":
            return self._ms_text(self.multisets.items[offset])
        if seg.kind == "bid":
            return f"{offset + 1} x {self.top_rank}"
        if seg.kind in ("hide",):
            return CARD_TEXT[offset]
        if seg.kind == "give":
            off, card = divmod(offset, CARDS)
            return f"{CARD_TEXT[card]} to +{off + 1}"
        return f"+{offset + 1}"

    def _ms_text(self, ms: tuple[int, ...]) -> str:
        if self.by_suit:
            return " ".join(CARD_TEXT[self.groups[g]] for g in ms)
        return " ".join("JK" if g == self.joker_group else RANK_TEXT[self.groups[g]] for g in ms)


def claim_choices(rules: Any, claimable: int) -> int:
    """The most ranks a play may have to choose its claim from under ``rules`` (the length of
    ``claim_ranks`` in a view): every claimable rank where a round can open with a free claim,
    else what the sequence leaves (up, down, round: 1; up_or_down: 2; fork: 3)."""
    if (rules.first_rank == "any" or rules.after_call_rank == "free"
            or rules.turn_pass == "round" or rules.believe or rules.sequence == "free"):
        return claimable
    return min(claimable, {"up_or_down": 2, "fork": 3}.get(rules.sequence, 1))


def _offset(target: Any, seat: Any, players: int) -> int | None:
    """A target seat as a distance to the left (0 for the next seat), None if it is no other
    seat."""
    if type(target) is not int or type(seat) is not int or not 0 <= target < players \
            or target == seat:
        return None
    distance: int = (target - seat) % players - 1
    return distance


def _own_last_play(view: View) -> list[str]:
    """The cards of the seat's own latest play, from its log (what a show swaps from)."""
    seat = view.get("seat")
    for event in reversed(view.get("events") or []):
        if event.get("type") == "play" and event.get("seat") == seat and "cards" in event:
            return list(event["cards"])
    return []


# ---------------------------------------------------------------------- Poker Bull
class PokerBullCodec(ActionCodec):
    """Poker Bull: the call, then every bid of the configuration's deck in the bid order (the
    ids of two bids compare as the bids do)."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        from ..pokerbull.bids import bid_space, bid_text, parse_bid_cached

        r = config.rules_object()
        space = bid_space(r.universe, r.order, r.jokers)
        self.space = space
        self.texts: list[str] = list(space.texts)
        self.text_index: dict[str, int] = dict(space.text_index)
        self._parse: Callable[[object], Any] = parse_bid_cached
        self._text: Callable[[Any], str] = bid_text
        #: per listed table of an engine's bid space (kept with it: keyed by its id), the
        #: action ids of its bids (-1: a bid outside this space)
        self._tables: dict[int, tuple[Any, Ids]] = {}
        self._add_simple()
        self._segment("bid", len(self.texts), "bid this hand (every bid, in the bid order)")

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        if action.get("type") != "bid":
            raise self._no_place(action)
        text = action.get("bid")
        at = self.text_index.get(text) if type(text) is str else None
        if at is None:
            try:
                at = self.text_index.get(self._text(self._parse(text)))
            except (IllegalAction, ValueError, TypeError):
                return None
        return None if at is None else self._by_kind["bid"].start + at

    def legal(self, actions: Iterable[Mapping[str, Any]], view: View) -> LegalIds:
        # A turn lists up to 10,000 bids: their canonical texts are looked up directly (in
        # comprehensions: this is most of an environment step's cost in Poker Bull).
        listed = list(actions)
        get = self.text_index.get
        base = self._by_kind["bid"].start
        places = [get(a.get("bid"), -1) for a in listed]  # type: ignore[arg-type]
        out: LegalIds = {base + at: a for at, a in zip(places, listed, strict=True) if at >= 0}
        for at, action in zip(places, listed, strict=True):
            if at < 0:  # the call, or a bid spelt otherwise
                i = self.encode(action, view)
                if i is not None and i not in out:
                    out[i] = action
        return out

    def legal_ids(self, game: Game, seat: int, view: View) -> Ids:
        parts = getattr(game, "legal_bids", None)
        if parts is None:
            return super().legal_ids(game, seat, view)
        space, indices, start, call = parts(seat)
        bids = self._ids_table(space, indices)[start:]
        if space is not self.space:  # a deck without some jokers: its bids are ours too
            bids = np.sort(bids[bids >= 0])
        if call:
            return np.concatenate([np.array([self._by_kind["call"].start], dtype=np.intp),
                                   bids])
        return bids

    def _ids_table(self, space: Any, indices: list[int]) -> Ids:
        """The action ids of a listed table of ``space`` (its bids' places in the order), in
        increasing order as the table is: computed once per table."""
        kept = self._tables.get(id(indices))
        if kept is None or kept[0] is not indices:
            base = self._by_kind["bid"].start
            if space is self.space:
                ids = np.array(indices, dtype=np.intp) + base
            else:
                get = self.text_index.get
                texts = space.texts
                ids = np.array([base + at if (at := get(texts[i], -1)) >= 0 else -1
                                for i in indices], dtype=np.intp)
            if len(self._tables) >= 256:
                self._tables.clear()
            kept = self._tables[id(indices)] = (indices, ids)
        return kept[1]

    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        return {"type": "bid", "bid": self.texts[offset]}

    def _describe(self, seg: Segment, offset: int) -> str:
        return self.texts[offset]

    def bid_position(self, text: str | None) -> int:
        """The bid's place in the order (-1 for none or an unknown text)."""
        if text is None:
            return -1
        return self.text_index.get(text, -1)


# ---------------------------------------------------------------------- Sneak
def flauntable_sets(packs: int, most: int) -> list[tuple[int, ...]]:
    """Every set of 2..``most`` cards (``packs`` copies of each at most) that may be flaunted:
    a match, a straight (flush) or a flush, as the engine judges them; sizes in order."""
    from ..sneak.combos import is_flauntable

    found: set[tuple[int, ...]] = set()
    for size in range(2, most + 1):
        for rank in range(13):  # matches
            for suits in itertools.combinations_with_replacement(range(4), size):
                if max(Counter(suits).values()) <= packs:
                    found.add(tuple(sorted(rank * 4 + s for s in suits)))
        for low in range(1, 15 - size + 1):  # runs, ace low (1) or high (14)
            ranks = [0 if v in (1, 14) else v - 1 for v in range(low, low + size)]
            for suits in itertools.product(range(4), repeat=size):
                found.add(tuple(sorted(r * 4 + s for r, s in zip(ranks, suits, strict=True))))
        for suit in range(4):  # flushes
            for values in itertools.combinations_with_replacement(range(13), size):
                if len(set(values)) > 1 and max(Counter(values).values()) <= packs:
                    found.add(tuple(sorted(r * 4 + suit for r in values)))
    keep = [s for s in found if is_flauntable(list(s))]
    return sorted(keep, key=lambda s: (len(s), s))


class SneakCodec(ActionCodec):
    """Sneak: draw and pass, then the cards of a sneak (any set of up to ``any_limit`` cards),
    of a flaunt (one card, or a combination of up to ``combo_limit``) and of a challenge (any
    set of up to ``any_limit`` cards, or a combination of up to ``combo_limit``)."""

    def __init__(self, config: GameConfig, any_limit: int = SNEAK_ANY,
                 combo_limit: int = SNEAK_COMBO) -> None:
        super().__init__(config)
        for name, value in (("any_limit", any_limit), ("combo_limit", combo_limit)):
            if type(value) is not int or not 1 <= value <= 8:
                raise RuleError(f"{name} must be a whole number from 1 to 8, not {quote(value)}")
        packs = int(config.rules_object().pack_count(config.players))
        caps = [packs] * 52
        combos = flauntable_sets(packs, combo_limit)
        self.any_limit, self.combo_limit = any_limit, combo_limit
        self.sneaks = Multisets()
        self.sneaks.add(bounded_multisets(caps, range(1, any_limit + 1)))
        self.flaunts = Multisets()
        self.flaunts.add((c,) for c in range(52))
        self.flaunts.add(combos)
        self.challenges = Multisets()
        self.challenges.add(self.sneaks.items)
        self.challenges.add(combos)
        self.tables = {"sneak": self.sneaks, "flaunt": self.flaunts,
                       "challenge": self.challenges}
        self._add_simple()
        self._segment("sneak", len(self.sneaks), f"lead face down any {any_limit} cards at most")
        self._segment("flaunt", len(self.flaunts),
                      f"lead face up one card or a combination of {combo_limit} at most")
        self._segment("challenge", len(self.challenges),
                      f"challenge with any {any_limit} cards at most, or a combination of "
                      f"{combo_limit} at most")

    def _encode(self, action: Mapping[str, Any], view: View) -> int | None:
        kind = action.get("type")
        table = self.tables.get(kind) if type(kind) is str else None
        if table is None:
            raise self._no_place(action)
        cards = action.get("cards")
        if type(cards) is not list:
            return None
        ids = []
        for text in cards:
            card = CARD_INDEX.get(text) if type(text) is str else None
            if card is None or card == JOKER:
                return None
            ids.append(card)
        at = table.index.get(tuple(sorted(ids)))
        return None if at is None else self._by_kind[str(kind)].start + at

    def _decode(self, seg: Segment, offset: int, view: View) -> Action:
        cards = self.tables[seg.kind].items[offset]
        return {"type": seg.kind, "cards": [CARD_TEXT[c] for c in cards]}

    def _describe(self, seg: Segment, offset: int) -> str:
        return " ".join(CARD_TEXT[c] for c in self.tables[seg.kind].items[offset])


def action_codec(config: GameConfig, **limits: Any) -> ActionCodec:
    """The action codec of a configuration.  ``limits``: Cheat ``play_limit`` (the largest play
    in the space where the rules set none; default 4), Sneak ``any_limit`` and
    ``combo_limit`` (defaults 3 and 5)."""
    if config.family == "cheat":
        return CheatCodec(config, **limits)
    if config.family == "poker_bull":
        if limits:
            raise RuleError(f"Poker Bull's action space takes no limits, not {sorted(limits)}")
        return PokerBullCodec(config)
    if config.family == "sneak":
        return SneakCodec(config, **limits)
    raise RuleError(f"no action encoding for the {config.family} family")  # pragma: no cover


# ====================================================================== observations
def squash(x: float, scale: float) -> float:
    """A count of any size as a value in [0, 1): x / (x + scale)."""
    return x / (x + scale) if x > 0 else 0.0


class Layout:
    """Named blocks of a flat vector."""

    def __init__(self) -> None:
        self.blocks: list[tuple[str, int, int, str]] = []
        self.size = 0

    def add(self, name: str, size: int, meaning: str) -> slice:
        self.blocks.append((name, self.size, size, meaning))
        self.size += size
        return slice(self.size - size, self.size)


class Memory:
    """What an encoder keeps for one seat between calls, so each call reads only the events
    new since the last one: the seat, the events read, the cards' last known places and the
    recent-history rows.  Made for one game; a view with fewer events (another game) starts
    it afresh."""

    def __init__(self, seat: int | None, history: int, row: int) -> None:
        self.seat = seat
        self.count = 0
        self.rows: list[Vector] = []
        self.history = history
        self.row_size = row
        #: per card identity, known copies by place (encoder-specific places)
        self.known: dict[str, Counter[int]] = {}
        #: blocks of the vector kept between calls, by name: (what they were made from, block);
        #: like the rows, a block is never changed once made
        self.kept: dict[str, tuple[Any, Vector]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Memory:
        """A copy that shares the history rows and kept blocks (never changed once made)."""
        twin = Memory(self.seat, self.history, self.row_size)
        twin.count = self.count
        twin.rows = list(self.rows)
        twin.known = {name: Counter(c) for name, c in self.known.items()}
        twin.kept = dict(self.kept)
        return twin

    def place(self, name: str) -> Counter[int]:
        got = self.known.get(name)
        if got is None:
            got = self.known[name] = Counter()
        return got

    def push(self, row: Vector) -> None:
        self.rows.append(row)
        if len(self.rows) > self.history:
            del self.rows[0]


class ObservationEncoder:
    """A fixed-length vector (float32, every value in [0, 1]) and a string form of a view.

    ``encode(view, memory)`` reads only ``view``; give it the same :class:`Memory` for the
    same seat's successive views of one game to read each event once (without one, every
    event is read each time: the same vector, slower)."""

    #: the family's event types, one-hot in the history rows (others share one slot)
    EVENT_TYPES: tuple[str, ...] = ()

    def __init__(self, config: GameConfig, history: int = HISTORY) -> None:
        self.config = config
        self.players = config.players
        self.history = history
        self.layout = Layout()
        self.row_size = 0
        self._event_index = {t: i for i, t in enumerate(self.EVENT_TYPES)}
        self._rows: dict[tuple[Any, ...], Vector] = {}
        self._define()

    @property
    def size(self) -> int:
        return self.layout.size

    def _define(self) -> None:
        raise NotImplementedError

    def memory(self, seat: int | None) -> Memory:
        return Memory(seat, self.history, self.row_size)

    def encode(self, view: View, memory: Memory | None = None) -> Vector:
        seat = view.get("seat")
        events = view.get("events") or []
        if memory is None or memory.seat != seat or memory.count > len(events):
            fresh = self.memory(seat)
            if memory is not None:
                memory.__dict__.update(fresh.__dict__)
            else:
                memory = fresh
        for event in events[memory.count:]:
            self._read_event(memory, event)
        memory.count = len(events)
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(out, view, memory)
        if memory.rows:
            kept = memory.kept.get("history")
            if kept is None or kept[0] != memory.count:
                kept = memory.kept["history"] = (memory.count,
                                                 np.concatenate(memory.rows[::-1]))
            rows = kept[1]
            start = self._history_slice.start
            out[start: start + rows.size] = rows
        return out

    _history_slice: slice

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        raise NotImplementedError

    # ------------------------------------------------------------------ shared pieces
    def _seat_hot(self, out: Vector, at: int, seat: int | None, other: Any) -> None:
        """A one-hot of ``other`` counted from ``seat``'s left, at ``out[at:at+players]``."""
        if type(other) is int and 0 <= other < self.players:
            out[at + relative(seat, other, self.players)] = 1.0

    def _type_slot(self, kind: Any) -> int:
        return self._event_index.get(kind, len(self.EVENT_TYPES)) if type(kind) is str else \
            len(self.EVENT_TYPES)

    def _card_counts(self, out: Vector, at: int, cards: Iterable[str], copies: float) -> None:
        for text in cards:
            card = CARD_INDEX.get(text)
            if card is not None:
                out[at + card] = min(1.0, out[at + card] + 1.0 / copies)

    def _kept_cards(self, memory: Memory, name: str, cards: Sequence[str], width: int,
                    weight: Callable[[int], float]) -> Vector:
        """A block of ``width`` values, each card adding ``weight(card)`` (at most 1 in all),
        kept in ``memory`` until the cards change (a hand changes far less often than it is
        observed)."""
        kept = memory.kept.get(name)
        if kept is not None and kept[0] == cards:
            return kept[1]
        block = np.zeros(width, dtype=np.float32)
        for text in cards:
            card = CARD_INDEX.get(text)
            if card is not None and card < width:
                block[card] = min(1.0, block[card] + weight(card))
        memory.kept[name] = (list(cards), block)
        return block

    def _row(self, key: tuple[Any, ...], make: Callable[[], Vector]) -> Vector:
        """The history row of an event, shared by every event that gives the same ``key``
        (rows are never changed once made)."""
        row = self._rows.get(key)
        if row is None:
            if len(self._rows) >= 1 << 14:
                self._rows.clear()
            row = self._rows[key] = make()
        return row

    def text(self, view: View, recent: int = 6) -> str:
        """The view as a few lines of text: what the vector holds, readable (and as leak-free:
        it reads the view only)."""
        seat = view.get("seat")
        who = "spectator" if seat is None else f"seat {seat}"
        lines = [f"{view.get('game')} {who} of {view.get('players')}"
                 f"{' (over)' if view.get('over') else ''} | to act: "
                 f"{' '.join(str(s) for s in view.get('to_act') or []) or '-'}"]
        if seat is not None:
            lines.append("hand: " + (" ".join(view.get("hand") or []) or "-"))
        lines.append("hand sizes: " + " ".join(str(x) for x in view.get("hand_sizes") or []))
        lines.extend(self._text_lines(view))
        events = list(view.get("events") or [])[-recent:] if recent else []
        if events:
            lines.append("recent: " + " | ".join(event_text(e) for e in events))
        if view.get("result"):
            res = view["result"]
            lines.append(f"result: winner {res.get('winner')}, ranking "
                         f"{' '.join(str(s) for s in res.get('ranking', []))}")
        return "\n".join(lines)

    def _text_lines(self, view: View) -> list[str]:
        return []

    def blocks(self) -> list[tuple[str, int, str]]:
        """(block, length, meaning) in order, for the docs."""
        return [(name, size, meaning) for name, _, size, meaning in self.layout.blocks]


def event_text(event: Mapping[str, Any]) -> str:
    """One logged event as a short token string (the keys in order, cards joined)."""
    parts = [str(event.get("type"))]
    for key, value in event.items():
        if key == "type":
            continue
        if isinstance(value, list) and all(type(v) is str for v in value):
            value = "".join(value) if all(len(v) == 2 for v in value) else ",".join(value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


# ---------------------------------------------------------------------- Cheat observations
CHEAT_PHASES = ("turn", "window", "jump", "bid", "bid_window", "answer", "over")


class CheatObservation(ObservationEncoder):
    """Cheat family.  Known places: a card the seat has seen (its own plays, cards turned over
    by calls and checks, peeks, slips) is followed to where it went next (the pile, a seat
    that took the pile, out of play); a card later played from a hand unseen keeps its last
    known place."""

    EVENT_TYPES = ("play", "call", "believe", "decline", "pass", "take", "discard", "removed",
                   "set_aside", "out", "lost", "check", "called", "bid", "bid_pass",
                   "first_player", "cheat_private", "accuse", "cup", "pour", "deal",
                   "game_over")

    def _define(self) -> None:
        n = self.players
        r = self.config.rules_object()
        self.total = len(r.deck_rank_list(n)) * 4 * r.decks + r.jokers
        self.copies = float(r.decks)
        self.joker_copies = float(max(1, r.jokers))
        self.max_count = float(max(1, r.max_cards or r.max_laid or 4 * r.decks + r.jokers))
        self.stall = float(r.stall_limit or 1000)
        lay = self.layout
        self.s_hand = lay.add("hand", CARDS, "own cards, copies held / packs (the joker last)")
        self.s_hidden = lay.add("hidden", CARDS, "own cards hidden off the table (table cheats)")
        self.seat_width = 12
        self.s_seats = lay.add("seats", n * self.seat_width,
                               "per seat from the viewer's left (the viewer first): cards held "
                               "/ deck, out, lost at once, to act, on turn, in the call window, "
                               "declined, checked, sips, calls made, bluffs caught, hidden cards")
        self.s_table = lay.add("table", 6, "pile / deck, cards out of play / deck, the King's "
                               "cup, actions without progress / stall limit, leading, over")
        self.s_phase = lay.add("phase", len(CHEAT_PHASES) + 1, "phase one-hot")
        self.s_allowed = lay.add("claim_ranks", CLAIM_RANKS, "ranks the next play may claim")
        self.s_claim = lay.add("claim_rank", CLAIM_RANKS + 1, "the rank it must claim, or none")
        self.s_suit = lay.add("claim_suit", 5, "the suit it must claim, or none (Specificity)")
        self.s_last = lay.add("last_play", 1 + n + CLAIM_RANKS + 2 + n + 1,
                              "the play that may be called: present, seat, claimed rank, "
                              "claimed count and cards laid / most, the caller (or none)")
        self.s_bid = lay.add("bid", 1 + n + 1, "Spanish bidding: present, bidder, count / 8")
        self.s_known = lay.add("known", CARDS * (n + 1),
                               "per card, copies last seen in the pile, out of play, and in "
                               "each other seat's hand (from the viewer's left)")
        self.row_size = len(self.EVENT_TYPES) + 1 + 2 * (n + 1) + CLAIM_RANKS + 1 + 5
        self._history_slice = lay.add(
            "history", self.history * self.row_size,
            f"the last {self.history} events, newest first: type, seat, target, rank, count "
            "/ most, truthful, caller right, pick-up, caught")

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
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
        # the history row
        row = np.zeros(self.row_size, dtype=np.float32)
        row[self._type_slot(kind)] = 1.0
        at = len(self.EVENT_TYPES) + 1
        self._seat_hot(row, at, seat, actor)
        if not (type(actor) is int and 0 <= actor < n):
            row[at + n] = 1.0
        at += n + 1
        self._seat_hot(row, at, seat, target)
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
        row[at + 1] = 1.0 if event.get("truthful") is True else 0.0
        row[at + 2] = 1.0 if event.get("right") is True else 0.0
        row[at + 3] = 1.0 if event.get("pickup") is True else 0.0
        row[at + 4] = 1.0 if event.get("caught") is True else 0.0
        memory.push(row)

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        n = self.players
        seat = view.get("seat")
        total = float(max(1, self.total))
        for text in view.get("hand") or []:
            c = CARD_INDEX[text]
            out[self.s_hand.start + c] += 1.0 / (self.joker_copies if c == JOKER else self.copies)
        for text in view.get("hidden") or []:
            c = CARD_INDEX[text]
            out[self.s_hidden.start + c] += 1.0 / (self.joker_copies if c == JOKER else
                                                   self.copies)
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
            at = self.s_seats.start + relative(seat, s, n) * w
            out[at: at + w] = (
                min(1.0, sizes[s] / total), s in finished, s in lost, s in to_act, s == turn,
                s in window, s in declined, s in checked, squash(sips[s], total),
                squash(calls[s], 10.0), squash(caught[s], 10.0), min(1.0, hidden[s] / total))
        at = self.s_table.start
        out[at: at + 6] = (
            min(1.0, (view.get("pile_size") or 0) / total),
            min(1.0, (view.get("discarded") or 0) / total),
            squash(view.get("cup") or 0, 4.0),
            min(1.0, (table.get("quiet") or 0) / self.stall),
            bool(view.get("leading")), bool(view.get("over")))
        phase = view.get("phase")
        out[self.s_phase.start + (CHEAT_PHASES.index(phase) if phase in CHEAT_PHASES
                                  else len(CHEAT_PHASES))] = 1.0
        for rank in view.get("claim_ranks") or []:
            out[self.s_allowed.start + RANK_INDEX[rank]] = 1.0
        claim = view.get("claim_rank")
        out[self.s_claim.start + (RANK_INDEX[claim] if claim is not None else CLAIM_RANKS)] = 1
        suit = view.get("claim_suit")
        out[self.s_suit.start + (SUITS.index(suit) if suit is not None else 4)] = 1.0
        last = view.get("last_play")
        if last:
            at = self.s_last.start
            out[at] = 1.0
            self._seat_hot(out, at + 1, seat, last.get("seat"))
            at += 1 + n
            out[at + RANK_INDEX[last["rank"]]] = 1.0
            at += CLAIM_RANKS
            out[at] = min(1.0, last.get("count", 0) / self.max_count)
            out[at + 1] = min(1.0, last.get("laid", 0) / self.max_count)
            at += 2
            if "caller" in last:
                self._seat_hot(out, at, seat, last["caller"])
            else:
                out[at + n] = 1.0
        bid = view.get("bid")
        if bid:
            at = self.s_bid.start
            out[at] = 1.0
            self._seat_hot(out, at + 1, seat, bid.get("seat"))
            out[at + 1 + n] = min(1.0, (bid.get("count") or 0) / 8.0)
        at = self.s_known.start
        places = ["pile", "out"] + [f"seat{(((seat or 0) + k) % n)}" for k in range(1, n)]
        for p, name in enumerate(places):
            for c, k in memory.known.get(name, Counter()).items():
                if k > 0:
                    copies = self.joker_copies if c == JOKER else self.copies
                    out[at + c * (n + 1) + p] = min(1.0, k / copies)

    def _text_lines(self, view: View) -> list[str]:
        lines = [f"phase {view.get('phase')} | turn {view.get('turn')} | pile "
                 f"{view.get('pile_size')} | out of play {view.get('discarded')} | claim "
                 f"{view.get('claim_rank') or ' or '.join(view.get('claim_ranks') or []) or '-'}"
                 + (f" {view['claim_suit']}" if view.get("claim_suit") else "")]
        last = view.get("last_play")
        if last:
            lines.append(f"last play: seat {last['seat']} claimed {last['count']} x "
                         f"{last['rank']} ({last['laid']} laid)"
                         + (f", called by seat {last['caller']}" if "caller" in last else ""))
        if view.get("finished") or view.get("lost"):
            lines.append(f"out: {view.get('finished')} lost: {view.get('lost')}")
        return lines


def _clean(counter: Counter[int]) -> None:
    for c in [c for c, k in counter.items() if k <= 0]:
        del counter[c]


# ---------------------------------------------------------------------- Poker Bull observations
class PokerBullObservation(ObservationEncoder):
    """Poker Bull: the hand, the seats, the standing bid, this hand's bids and the last
    showdown (every hand shown at the last call)."""

    EVENT_TYPES = ("deal", "bid", "call", "lose", "out", "recharge", "jokers_leave",
                   "game_over")

    def _define(self) -> None:
        from ..pokerbull.bids import CATEGORIES

        n = self.players
        self.codec = PokerBullCodec(self.config)
        self.bids = float(max(1, len(self.codec.texts)))
        self.categories = {name: i for i, name in enumerate(CATEGORIES)}
        cats = len(CATEGORIES)
        self.bid_width = 2 + cats + 1
        lay = self.layout
        self.s_hand = lay.add("hand", CARDS, "own cards (the joker last)")
        self.seat_width = 7
        self.s_seats = lay.add("seats", n * self.seat_width,
                               "per seat from the viewer's left: cards dealt / 5, cards next "
                               "hand / 5, out, to act, on turn, started the bidding, bidder")
        self.s_bid = lay.add("bid", self.bid_width + n,
                             "the standing bid: present, place in the bid order, category, "
                             "natural, bidder")
        self.s_bids = lay.add("bids", self.history * (self.bid_width + n),
                              f"this hand's last {self.history} bids, newest first, each as "
                              "the standing bid")
        self.s_misc = lay.add("misc", 6, "hand number, bids this hand, cards in play / (5 x "
                              "players), jokers in the deck / 2, may call, recharged")
        self.s_show = lay.add("showdown", 4 + 3 * n + n * CARDS,
                              "the last call: present, bid existed, higher existed, best hand's "
                              "place, caller, bidder, loser, every seat's cards")
        self.row_size = len(self.EVENT_TYPES) + 1 + n
        self._history_slice = lay.add("history", self.history * self.row_size,
                                      f"the last {self.history} events, newest first: type, "
                                      "seat")

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        row = np.zeros(self.row_size, dtype=np.float32)
        row[self._type_slot(event.get("type"))] = 1.0
        self._seat_hot(row, len(self.EVENT_TYPES) + 1, memory.seat, event.get("seat"))
        memory.push(row)

    def _bid_block(self, out: Vector, at: int, seat: int | None, text: str | None,
                   bidder: Any) -> None:
        if text is None:
            return
        out[at] = 1.0
        out[at + 1] = (self.codec.bid_position(text) + 1) / self.bids
        words = text.split()
        cat = self.categories.get(words[0]) if words else None
        if cat is not None:
            out[at + 2 + cat] = 1.0
        out[at + self.bid_width - 1] = 1.0 if words and words[-1] == "natural" else 0.0
        self._seat_hot(out, at + self.bid_width, seat, bidder)

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        n = self.players
        seat = view.get("seat")
        self._card_counts(out, self.s_hand.start, view.get("hand") or [], 1.0)
        dealt = view.get("dealt") or [0] * n
        sizes = view.get("hand_sizes") or [0] * n
        gone = set(view.get("out") or [])
        to_act = set(view.get("to_act") or [])
        w = self.seat_width
        for s in range(n):
            at = self.s_seats.start + relative(seat, s, n) * w
            out[at: at + w] = (min(1.0, dealt[s] / 5), min(1.0, sizes[s] / 5), s in gone,
                               s in to_act, s == view.get("turn"), s == view.get("starter"),
                               s == view.get("bidder"))
        self._bid_block(out, self.s_bid.start, seat, view.get("bid"), view.get("bidder"))
        history = list(view.get("history") or [])[::-1][: self.history]
        width = self.bid_width + n
        for k, item in enumerate(history):
            bidder, text = (item[0], item[1]) if isinstance(item, list | tuple) else (
                item.get("seat"), item.get("bid"))
            self._bid_block(out, self.s_bids.start + k * width, seat, text, bidder)
        at = self.s_misc.start
        out[at: at + 6] = (squash(view.get("hand_number") or 0, 10.0),
                           squash(len(view.get("history") or []), 10.0),
                           min(1.0, (view.get("cards_in_play") or 0) / (5 * n)),
                           min(1.0, (view.get("jokers") or 0) / 2),
                           bool(view.get("can_call")), bool(view.get("recharged")))
        show = view.get("showdown")
        if show:
            at = self.s_show.start
            best = show.get("best")
            out[at: at + 4] = (1.0, bool(show.get("exists")), bool(show.get("higher_exists")),
                               (self.codec.bid_position(best) + 1) / self.bids if best else 0)
            at += 4
            for who in ("caller", "bidder", "loser"):
                self._seat_hot(out, at, seat, show.get(who))
                at += n
            for s, hand in enumerate(show.get("hands") or []):
                self._card_counts(out, at + relative(seat, s, n) * CARDS, hand, 1.0)

    def _text_lines(self, view: View) -> list[str]:
        lines = [f"hand {view.get('hand_number')} | bid {view.get('bid') or '-'}"
                 f" by {view.get('bidder')} | turn {view.get('turn')} | cards in play "
                 f"{view.get('cards_in_play')} | out {view.get('out')}"]
        show = view.get("showdown")
        if show:
            lines.append(f"last call: {show['bid']!r} by {show['bidder']} called by "
                         f"{show['caller']}: {'there' if show['exists'] else 'not there'}, "
                         f"seat {show['loser']} lost")
        return lines


# ---------------------------------------------------------------------- Sneak observations
SNEAK_PHASES = ("turn", "window", "over")
SNEAK_COMBOS = ("single", "match", "straight_flush", "straight", "flush", "nothing")


class SneakObservation(ObservationEncoder):
    """Sneak: the hand, the seats, the stock, the lead being answered (its cards when shown),
    the seat's own challenge, and the cards seen won this deal (flaunts, reveals) by seat."""

    EVENT_TYPES = ("deal_start", "draw", "sneak", "flaunt", "challenge", "pass", "won",
                   "reveal", "uncontested", "deal_end", "game_over")

    def _define(self) -> None:
        n = self.players
        packs = int(self.config.rules_object().pack_count(n))
        self.copies = float(packs)
        self.total = float(52 * packs)
        self.target = float(self.config.rules_object().target_score(n))
        lay = self.layout
        self.s_hand = lay.add("hand", 52, "own cards, copies / packs")
        self.seat_width = 10
        self.s_seats = lay.add("seats", n * self.seat_width,
                               "per seat from the viewer's left: cards held / 13, cards won "
                               "this deal / deck, score / target, started, to act, on turn, "
                               "dealer, leader, challenged, passed")
        self.s_misc = lay.add("misc", 5 + len(SNEAK_PHASES) + 1,
                              "stock / deck, out of play / deck, deal number, sneaking still "
                              "allowed, lead limit / 13, phase")
        self.s_lead = lay.add("lead", 3 + 52 + len(SNEAK_COMBOS) + 1,
                              "the lead being answered: present, flaunted, cards / 13, its "
                              "cards where shown, its combination where flaunted")
        self.s_own = lay.add("own_challenge", 52, "own challenge cards to the lead")
        self.s_won = lay.add("won", 52 * n, "per card, seen won this deal by each seat (from "
                             "the viewer)")
        self.row_size = len(self.EVENT_TYPES) + 1 + n + 3
        self._history_slice = lay.add("history", self.history * self.row_size,
                                      f"the last {self.history} events, newest first: type, "
                                      "seat, cards / 13, sneak, flaunt")

    def _read_event(self, memory: Memory, event: Mapping[str, Any]) -> None:
        kind = event.get("type")
        if kind == "deal_start":
            memory.known.clear()
            memory.kept.pop("won", None)
        elif kind == "won" and "cards" in event and type(event.get("seat")) is int:
            self._won(memory, event["seat"], event["cards"])
        elif kind == "reveal" and type(event.get("winner")) is int:
            self._won(memory, event["winner"],
                      [c for play in event.get("plays") or [] for c in play.get("cards") or []])
        elif kind == "uncontested" and "cards" in event and type(event.get("seat")) is int:
            self._won(memory, event["seat"], event["cards"])
        n = self.players
        who = event.get("seat", event.get("winner"))
        rel = relative(memory.seat, who, n) if type(who) is int and 0 <= who < n else -1
        count = event.get("count")
        laid = min(1.0, count / 13) if type(count) is int else 0.0
        how = event.get("kind")
        key = (self._type_slot(kind), rel, laid, how == "sneak", how == "flaunt")
        memory.push(self._row(key, lambda: self._make_row(*key)))

    def _won(self, memory: Memory, seat: int, cards: Sequence[str]) -> None:
        """``seat`` won ``cards``: counted in ``memory``, and its block of cards seen won
        brought up to date (a new block: kept blocks may be shared)."""
        won = memory.place(f"won{seat}")
        ids = [CARD_INDEX[c] for c in cards]
        won.update(ids)
        kept = memory.kept.get("won")
        block = (np.zeros(52 * self.players, dtype=np.float32) if kept is None
                 else kept[1].copy())
        at = relative(memory.seat, seat, self.players) * 52
        for c in ids:
            block[at + c] = min(1.0, won[c] / self.copies)
        memory.kept["won"] = (None, block)

    def _make_row(self, slot: int, rel: int, laid: float, sneak: bool, flaunt: bool) -> Vector:
        row = np.zeros(self.row_size, dtype=np.float32)
        row[slot] = 1.0
        at = len(self.EVENT_TYPES) + 1
        if rel >= 0:
            row[at + rel] = 1.0
        at += self.players
        row[at] = laid
        row[at + 1] = 1.0 if sneak else 0.0
        row[at + 2] = 1.0 if flaunt else 0.0
        return row

    def _fill(self, out: Vector, view: View, memory: Memory) -> None:
        n = self.players
        seat = view.get("seat")
        copies = self.copies
        out[self.s_hand] = self._kept_cards(memory, "hand", view.get("hand") or [], 52,
                                            lambda _: 1.0 / copies)
        sizes = view.get("hand_sizes") or [0] * n
        won = view.get("won") or [0] * n
        scores = view.get("scores") or [0] * n
        started = view.get("started") or [False] * n
        to_act = set(view.get("to_act") or [])
        lead = view.get("lead") or {}
        challenged = set(view.get("challenged") or [])
        declined = set(view.get("declined") or [])
        turn, dealer, leader = view.get("turn"), view.get("dealer"), lead.get("seat")
        w = self.seat_width
        seats = [0.0] * (n * w)
        for s in range(n):
            at = relative(seat, s, n) * w
            seats[at: at + w] = (min(1.0, sizes[s] / 13), min(1.0, won[s] / self.total),
                                 min(1.0, scores[s] / self.target), bool(started[s]),
                                 s in to_act, s == turn, s == dealer, s == leader,
                                 s in challenged, s in declined)
        out[self.s_seats] = seats
        limit = view.get("lead_limit")
        phase = view.get("phase")
        misc = [min(1.0, (view.get("stock_size") or 0) / self.total),
                min(1.0, (view.get("out_of_play") or 0) / self.total),
                squash(view.get("deal") or 0, 5.0), bool(view.get("sneaking")),
                min(1.0, (limit or 0) / 13)] + [0.0] * (len(SNEAK_PHASES) + 1)
        misc[5 + (SNEAK_PHASES.index(phase) if phase in SNEAK_PHASES
                  else len(SNEAK_PHASES))] = 1.0
        out[self.s_misc] = misc
        if lead:
            at = self.s_lead.start
            out[at] = 1.0
            out[at + 1] = 1.0 if lead.get("kind") == "flaunt" else 0.0
            out[at + 2] = min(1.0, (lead.get("count") or 0) / 13)
            if lead.get("cards"):
                self._card_counts(out, at + 3, lead["cards"], self.copies)
            combo = lead.get("combo")
            at += 3 + 52
            if combo is not None:
                out[at + (SNEAK_COMBOS.index(combo) if combo in SNEAK_COMBOS
                          else len(SNEAK_COMBOS))] = 1.0
        for item in view.get("challenges") or []:
            if item.get("seat") == seat and item.get("cards"):
                self._card_counts(out, self.s_own.start, item["cards"], self.copies)
        kept = memory.kept.get("won")  # (read with the events: see _won)
        if kept is not None:
            out[self.s_won] = kept[1]

    def _text_lines(self, view: View) -> list[str]:
        lines = [f"deal {view.get('deal')} | phase {view.get('phase')} | turn "
                 f"{view.get('turn')} | stock {view.get('stock_size')} | won "
                 f"{' '.join(str(x) for x in view.get('won') or [])} | scores "
                 f"{' '.join(str(x) for x in view.get('scores') or [])} / {view.get('target')}"]
        lead = view.get("lead")
        if lead:
            shown = " ".join(lead["cards"]) if lead.get("cards") else f"{lead['count']} face down"
            lines.append(f"lead: seat {lead['seat']} {lead['kind']}s {shown}"
                         + (f" ({lead['combo']})" if lead.get("combo") else ""))
        return lines


def observation_encoder(config: GameConfig, history: int = HISTORY) -> ObservationEncoder:
    """The observation encoder of a configuration."""
    kinds: dict[str, type[ObservationEncoder]] = {
        "cheat": CheatObservation, "poker_bull": PokerBullObservation,
        "sneak": SneakObservation,
    }
    kind = kinds.get(config.family)
    if kind is None:  # pragma: no cover
        raise RuleError(f"no observation encoding for the {config.family} family")
    if type(history) is not int or not 0 <= history <= 256:
        raise RuleError(f"history must be a whole number from 0 to 256, not {quote(history)}")
    return kind(config, history)


# ====================================================================== rewards
REWARDS = ("win", "rank")


def rewards(result: Mapping[str, Any] | None, players: int, how: str = "win") -> list[float]:
    """Zero-sum rewards from a game's result.

    ``win``: the winner +1, every other seat -1/(players-1); a shared win (Sneak's shared top
    score) splits it.  ``rank``: linear in the final place, +1 first to -1 last."""
    n = players
    if not result:
        return [0.0] * n
    if how == "rank":
        ranking = list(result.get("ranking") or [])
        out = [0.0] * n
        for place, s in enumerate(ranking):
            out[s] = (n - 1 - 2 * place) / (n - 1)
        return out
    winner = result.get("winner")
    won = [winner] if type(winner) is int else list(result.get("shared") or [])
    if not won:
        return [0.0] * n
    share = 1.0 / len(won)
    return [((share if s in won else 0.0) - 1.0 / n) * n / (n - 1) for s in range(n)]


def reward_bounds(players: int, how: str = "win") -> tuple[float, float]:
    """The lowest and highest reward a seat can get."""
    if how == "rank":
        return -1.0, 1.0
    return -1.0 / (players - 1), 1.0


def check_reward(how: object) -> str:
    if how not in REWARDS:
        raise RuleError(f"reward must be one of {', '.join(REWARDS)}, not {quote(how)}")
    return str(how)



# ====================================================================== the docs' table
def size_table() -> str:
    """The Markdown table of every preset's action space and observation length (at its usual
    number of players), block by block: the table of docs/research.md."""
    from ..registry import presets

    lines = ["| game | players | action ids | of which | observation |",
             "|---|---|---|---|---|"]
    for preset in presets():
        config = configure(preset.id)
        codec = action_codec(config)
        enc = observation_encoder(config)
        parts = ", ".join(f"{kind} {size:,}" for kind, size, _ in codec.table() if size > 1)
        singles = [kind for kind, size, _ in codec.table() if size == 1]
        if singles:
            each = "1 each" if len(singles) > 1 else "1"
            parts = f"{', '.join(singles)}: {each}; {parts}"
        lines.append(f"| `{preset.id}` | {config.players} | {codec.size:,} | {parts} | "
                     f"{enc.size:,} |")
    for game_id in ("bullshit", "poker_bull", "sneak"):
        config = configure(game_id)
        enc = observation_encoder(config)
        lines += ["", f"Observation blocks of `{game_id}` ({config.players} players, "
                      f"{enc.size:,} values):", "", "| block | values | meaning |",
                  "|---|---|---|"]
        lines += [f"| `{name}` | {size:,} | {meaning} |" for name, size, meaning in enc.blocks()]
    return "\n".join(lines) + "\n"


def write_docs(root: str = ".") -> int:
    """Rewrites the sizes block of ``docs/research.md`` (between ``<!-- sizes -->`` marks)."""
    import re
    from pathlib import Path

    path = Path(root) / "docs" / "research.md"
    text = path.read_text(encoding="utf-8")
    new, count = re.subn(r"<!-- sizes -->\n.*?<!-- /sizes -->",
                         lambda _: f"<!-- sizes -->\n{size_table()}<!-- /sizes -->", text,
                         flags=re.S)
    if not count:
        raise SystemExit(f"{path} has no <!-- sizes --> block")
    path.write_text(new, encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(write_docs(*sys.argv[1:]))
