"""The Cheat family's encodings: its action codec (plays as card multisets x claims) and its
observation encoder."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import CARD_INDEX, CARD_TEXT, JOKER, JOKER_RANK, RANK_INDEX, RANK_TEXT, SUITS
from ..errors import IllegalAction, RuleError, quote
from ..game import Game
from .base import (
    CARDS,
    CLAIM_RANKS,
    UNLIMITED_PLAY,
    Action,
    ActionCodec,
    GameConfig,
    Ids,
    LegalIds,
    Multisets,
    Segment,
    Vector,
    View,
    bounded_multisets,
    ids_of,
    relative,
    spread_suits,
)
from .observation import (
    Memory,
    ObservationEncoder,
    squash,
)


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
                raise RuleError(
                    f"play_limit must be a whole number from 1, not {quote(play_limit)}"
                )
            limit = min(limit, play_limit) if laid else play_limit
        self.play_limit = min(limit, sum(caps))
        self.complete = bool(laid) and self.play_limit >= laid
        wild = r.jokers > 0 and r.jokers_as == "wild"
        self.count_slots = (
            r.max_cards or max(1, 4 * r.decks + (r.jokers if wild else 0)) if r.count_lies else 1
        )
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
            self._segment(
                "show_cards",
                len(self.multisets),
                "show these cards in place of the laid ones (a multiset of card "
                "groups, as many as were laid)",
            )
        per_set = self.claim_slots * self.count_slots * self.suit_slots
        parts = [
            f"{len(self.multisets)} card multisets",
            f"{self.claim_slots} claim choice{'s' if self.claim_slots > 1 else ''}",
        ]
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
            return self._encode_play(action.get("cards"), action.get("claim"), self._slots(view))
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
            card = (
                CARD_INDEX.get(cards[0])
                if type(cards) is list and len(cards) == 1 and type(cards[0]) is str
                else None
            )
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

    def _play_id(
        self, at: int, size: int, claim: Mapping[str, Any], slots: Mapping[str, int]
    ) -> int | None:
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
        return (
            self._by_kind["play"].start
            + ((at * self.claim_slots + slot) * self.count_slots + c) * self.suit_slots
            + s
        )

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
                if (
                    slot is not None
                    and slot < choices
                    and (
                        (counts == 1 and count == last_size)
                        or (counts > 1 and type(count) is int and 1 <= count <= counts)
                    )
                ):
                    i: int | None = (
                        base
                        + (last_at * choices + slot) * counts
                        + (count - 1 if counts > 1 else 0)
                    )
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
        return np.concatenate(
            [
                ids_of(i for i in ids if i < seg.start),
                found,
                ids_of(i for i in ids if i >= seg.stop),
            ]
        )

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
        slots = sorted(
            {s for t in plays.claims if (s := slots_of.get(t)) is not None and s < self.claim_slots}
        )
        counts = (
            [c - 1 for c in range(1, plays.counts + 1) if c <= self.count_slots]
            if self.count_slots > 1
            else [0]
        )
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
        rest = [
            (slot * count_slots + c) * suit_slots + s
            for slot in slots
            for c in counts
            for s in suits
        ]
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
            bad = np.stack(
                [
                    np.stack([np.packbits(counts[:, g] > k) for k in range(top + 1)])
                    for g in range(pad)
                ]
            )
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
                raise IllegalAction(
                    f"action id {seg.start + offset} claims choice {slot + 1} of "
                    f"the ranks the play may claim, but there "
                    f"{'is' if len(allowed) == 1 else 'are'} {len(allowed)}"
                )
            cards = self._choose(ms, view.get("hand") or [], first=())
            claim: dict[str, Any] = {
                "rank": allowed[slot],
                "count": c + 1 if self.count_slots > 1 else len(ms),
            }
            if self.by_suit:
                claim["suit"] = SUITS[s]
            return {"type": "play", "cards": cards, "claim": claim}
        if seg.kind == "show":
            return {"type": "show"}
        if seg.kind == "show_cards":
            laid = _own_last_play(view)
            ms = self.multisets.items[offset]
            return {"type": "show", "cards": self._choose(ms, view.get("hand") or [], first=laid)}
        if seg.kind == "bid":
            return {"type": "bid", "count": offset + 1, "rank": self.top_rank}
        if type(seat) is not int:
            raise IllegalAction("a spectator takes no actions")
        if seg.kind == "hide":
            return {"type": "cheat", "cheat": "hide", "cards": [CARD_TEXT[offset]]}
        if seg.kind == "give":
            off, card = divmod(offset, CARDS)
            return {
                "type": "cheat",
                "cheat": "give",
                "seat": (seat + off + 1) % n,
                "cards": [CARD_TEXT[card]],
            }
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
                what = (
                    CARD_TEXT[self.groups[g]]
                    if self.by_suit
                    else "joker"
                    if g == self.joker_group
                    else RANK_TEXT[self.groups[g]]
                )
                raise IllegalAction(
                    f"this action lays {need[g]} x {what}, more than the hand holds"
                )
        firsts = [
            pools[g][: len([c for c in first if self.group_of.get(CARD_INDEX[c]) == g])]
            for g in order
        ]
        picked: list[int] = []
        # cards laid first (a show keeps what it can of the play), then the suits spread
        rest_need = []
        for g, own in zip(order, firsts, strict=True):
            keep = own[: need[g]]
            picked.extend(keep)
            rest_need.append(need[g] - len(keep))
        rest_pools = [pools[g][len(own) :] for g, own in zip(order, firsts, strict=True)]
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
    if (
        rules.first_rank == "any"
        or rules.after_call_rank == "free"
        or rules.turn_pass == "round"
        or rules.believe
        or rules.sequence == "free"
    ):
        return claimable
    return min(claimable, {"up_or_down": 2, "fork": 3}.get(rules.sequence, 1))


def _offset(target: Any, seat: Any, players: int) -> int | None:
    """A target seat as a distance to the left (0 for the next seat), None if it is no other
    seat."""
    if (
        type(target) is not int
        or type(seat) is not int
        or not 0 <= target < players
        or target == seat
    ):
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


# ---------------------------------------------------------------------- Cheat observations
CHEAT_PHASES = ("turn", "window", "jump", "bid", "bid_window", "answer", "over")


class CheatObservation(ObservationEncoder):
    """Cheat family.  Known places: a card the seat has seen (its own plays, cards turned over
    by calls and checks, peeks, slips) is followed to where it went next (the pile, a seat
    that took the pile, out of play); a card later played from a hand unseen keeps its last
    known place."""

    EVENT_TYPES = (
        "play",
        "call",
        "believe",
        "decline",
        "pass",
        "take",
        "discard",
        "removed",
        "set_aside",
        "out",
        "lost",
        "check",
        "called",
        "bid",
        "bid_pass",
        "first_player",
        "cheat_private",
        "accuse",
        "cup",
        "pour",
        "deal",
        "game_over",
    )

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
        self.s_seats = lay.add(
            "seats",
            n * self.seat_width,
            "per seat from the viewer's left (the viewer first): cards held "
            "/ deck, out, lost at once, to act, on turn, in the call window, "
            "declined, checked, sips, calls made, bluffs caught, hidden cards",
        )
        self.s_table = lay.add(
            "table",
            6,
            "pile / deck, cards out of play / deck, the King's "
            "cup, actions without progress / stall limit, leading, over",
        )
        self.s_phase = lay.add("phase", len(CHEAT_PHASES) + 1, "phase one-hot")
        self.s_allowed = lay.add("claim_ranks", CLAIM_RANKS, "ranks the next play may claim")
        self.s_claim = lay.add("claim_rank", CLAIM_RANKS + 1, "the rank it must claim, or none")
        self.s_suit = lay.add("claim_suit", 5, "the suit it must claim, or none (Specificity)")
        self.s_last = lay.add(
            "last_play",
            1 + n + CLAIM_RANKS + 2 + n + 1,
            "the play that may be called: present, seat, claimed rank, "
            "claimed count and cards laid / most, the caller (or none)",
        )
        self.s_bid = lay.add("bid", 1 + n + 1, "Spanish bidding: present, bidder, count / 8")
        self.s_known = lay.add(
            "known",
            CARDS * (n + 1),
            "per card, copies last seen in the pile, out of play, and in "
            "each other seat's hand (from the viewer's left)",
        )
        self.row_size = len(self.EVENT_TYPES) + 1 + 2 * (n + 1) + CLAIM_RANKS + 1 + 5
        self._history_slice = lay.add(
            "history",
            self.history * self.row_size,
            f"the last {self.history} events, newest first: type, seat, target, rank, count "
            "/ most, truthful, caller right, pick-up, caught",
        )

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
            out[self.s_hidden.start + c] += 1.0 / (self.joker_copies if c == JOKER else self.copies)
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
            out[at : at + w] = (
                min(1.0, sizes[s] / total),
                s in finished,
                s in lost,
                s in to_act,
                s == turn,
                s in window,
                s in declined,
                s in checked,
                squash(sips[s], total),
                squash(calls[s], 10.0),
                squash(caught[s], 10.0),
                min(1.0, hidden[s] / total),
            )
        at = self.s_table.start
        out[at : at + 6] = (
            min(1.0, (view.get("pile_size") or 0) / total),
            min(1.0, (view.get("discarded") or 0) / total),
            squash(view.get("cup") or 0, 4.0),
            min(1.0, (table.get("quiet") or 0) / self.stall),
            bool(view.get("leading")),
            bool(view.get("over")),
        )
        phase = view.get("phase")
        out[
            self.s_phase.start
            + (CHEAT_PHASES.index(phase) if phase in CHEAT_PHASES else len(CHEAT_PHASES))
        ] = 1.0
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
        lines = [
            f"phase {view.get('phase')} | turn {view.get('turn')} | pile "
            f"{view.get('pile_size')} | out of play {view.get('discarded')} | claim "
            f"{view.get('claim_rank') or ' or '.join(view.get('claim_ranks') or []) or '-'}"
            + (f" {view['claim_suit']}" if view.get("claim_suit") else "")
        ]
        last = view.get("last_play")
        if last:
            lines.append(
                f"last play: seat {last['seat']} claimed {last['count']} x "
                f"{last['rank']} ({last['laid']} laid)"
                + (f", called by seat {last['caller']}" if "caller" in last else "")
            )
        if view.get("finished") or view.get("lost"):
            lines.append(f"out: {view.get('finished')} lost: {view.get('lost')}")
        return lines


def _clean(counter: Counter[int]) -> None:
    for c in [c for c, k in counter.items() if k <= 0]:
        del counter[c]
