"""An integer-action engine for the Cheat family, for bots and bulk simulation.

The reference engine (:mod:`.engine`) speaks dicts, validates everything and logs every event;
this one keeps the state as plain ints and lists and acts on ints:

* a hand is 14 counts per seat (ranks A..K, then jokers in slot 13) -- suits never matter in
  the rules it covers, so two plays of equal ranks are the same play;
* an action is an int: :data:`PASS` (pass the turn, or decline a call), :data:`CALL`, or a play
  ``((claim + 1) << 56) | packed`` where ``packed`` holds the count laid of each rank slot in
  4 bits (:func:`encode_play`, :func:`decode_play`).

Two ways in:

* :class:`FastCheat`, step by step: ``to_act``, ``legal_actions(seat)`` (ints),
  ``step(action, seat)`` (no validation), ``apply(seat, action)`` (validated),
  ``random_action(seat, rng)`` (the policy of :class:`~bluffhouse.bots.simple.RandomBot`);
* :func:`simulate_random`, whole games of random bots in one call: compiled with numba
  (``pip install bluffhouse[fast]``) when it is installed, the same code run as plain Python
  otherwise (identical results, slower).

Only some rules are covered (:func:`supports`, :func:`supported_presets`); callers fall back to
the reference engine for the rest.  :func:`replay_check` plays a game of this engine through
the reference engine move for move and asserts that both agree at every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..cards import CARD_TEXT, JOKER, RANK_INDEX, build_deck, rank_text
from ..registry import lookup, presets
from .rules import CheatRules

_numba: Any
_np: Any
try:  # the optional fast extra
    import numba as _numba
    import numpy as _np

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    _numba = None
    _np = None
    HAVE_NUMBA = False

__all__ = [
    "CALL",
    "HAVE_NUMBA",
    "PASS",
    "FastCheat",
    "FastSpec",
    "SimResult",
    "decode_play",
    "encode_play",
    "replay_check",
    "simulate_random",
    "spec_for",
    "supported_presets",
    "supports",
    "unsupported_reason",
]

PASS = 0
CALL = 1
SLOTS = 14  # ranks A..K (0..12) and the joker slot (13)
JOKER_SLOT = 13
PLAY_SHIFT = 56
PACK_MASK = (1 << PLAY_SHIFT) - 1
#: A game still running after this many actions is stopped (as in ``bluffhouse simulate``).
MAX_ACTIONS = 20_000
#: RandomBot keeps a challenge it drew with this probability (bots/simple.py).
KEEP_CHALLENGE = 0.2

# rule codes shared by the class and the compiled kernel
SEQ_CODES = {"up": 0, "down": 1, "up_or_down": 2, "fork": 3, "round": 4, "free": 5}
CALLER_CODES = {"anyone": 0, "next": 1, "turn": 2, "anytime": 3}
LEADER_CODES = {"loser": 0, "winner": 1, "next": 2, "chinese": 3}
AFTER_CODES = {"same": 0, "next": 1, "free": 2}
TURN_PASS_CODES = {"none": 0, "pickup": 1}
FIRST_CODES = {"left_of_dealer": 0, "ace_of_hearts": 1}

TURN, WINDOW, OVER = 0, 1, 2
PHASE_NAMES = ("turn", "window", "over")


# ====================================================================== which rules
def unsupported_reason(rules: CheatRules) -> str | None:
    """Why this engine cannot play ``rules`` (None: it can)."""
    checks: list[tuple[bool, str]] = [
        (not 1 <= rules.max_cards <= 6, "max_cards must be 1..6"),
        (rules.count_lies, "count_lies"),
        (rules.max_laid not in (0, rules.max_cards), "max_laid"),
        (rules.claim_suit, "claim_suit"),
        (rules.reveal != "all", "reveal=one"),
        (rules.turn_pass not in TURN_PASS_CODES, f"turn_pass={rules.turn_pass}"),
        (rules.believe, "believe"),
        (rules.check, "check"),
        (not rules.final_call, "final_call=false"),
        (rules.last_card_truthful, "last_card_truthful"),
        (rules.discard_sets, "discard_sets"),
        (rules.suit_lead_loses != 0, "suit_lead_loses"),
        (rules.first_player not in FIRST_CODES, f"first_player={rules.first_player}"),
        (rules.jump_in, "jump_in"),
        (rules.table_cheats, "table_cheats"),
    ]
    for bad, why in checks:
        if bad:
            return why
    return None


def supports(rules: CheatRules) -> bool:
    """Whether :class:`FastCheat` and :func:`simulate_random` play these rules exactly."""
    return isinstance(rules, CheatRules) and unsupported_reason(rules) is None


def supported_presets() -> list[str]:
    """The preset ids of the Cheat family this engine plays (aliases not listed)."""
    out = []
    for preset in presets():
        if preset.family.FAMILY == "cheat":
            rules = preset.family.RULES.build(preset.options)
            if isinstance(rules, CheatRules) and supports(rules):
                out.append(preset.id)
    return out


# ====================================================================== rules as ints
@dataclass(frozen=True)
class FastSpec:
    """The rules in force, reduced to the ints both paths use."""

    game_id: str
    players: int
    claimable: tuple[int, ...]
    first_claims: tuple[int, ...]  # empty: the first player names any rank
    seq: int
    max_cards: int
    wild: bool
    callers: int
    turn_pass: int
    leader: int
    after_rank: int
    ranking: bool
    kings_cup: bool
    first_player: int
    deck: tuple[int, ...]  # the cards in play (reference card ints)
    options: tuple[tuple[str, Any], ...]  # options given on top of the preset
    stall_limit: int = 0  # the no-progress rule (CheatRules.stall_limit; 0: off)

    def params(self, first: int = -1, max_steps: int = MAX_ACTIONS, trace: int = 0) -> list[int]:
        return [
            self.players, self.seq, self.max_cards, int(self.wild), self.callers,
            self.turn_pass, self.leader, self.after_rank, int(self.ranking),
            int(self.kings_cup), self.first_player, len(self.claimable),
            len(self.first_claims), len(self.deck), first, max_steps, trace, self.stall_limit,
        ]

    def ranks_after(self, rank: int) -> list[int]:
        return _ranks_after(self.claimable, self.seq, rank)


def spec_for(game_id: str, players: int | None = None, **options: Any) -> FastSpec:
    """The :class:`FastSpec` of a preset (and options), or ValueError when not supported."""
    preset = lookup(game_id)
    rules = preset.family.RULES.build(preset.options, options)
    if players is None:
        players = preset.players
    if not isinstance(rules, CheatRules):
        raise ValueError(f"{game_id} is not a Cheat-family game")
    rules.validate(players)
    why = unsupported_reason(rules)
    if why is not None:
        raise ValueError(f"the fast Cheat engine does not play {game_id} ({why})")
    first = () if rules.first_rank == "any" else (RANK_INDEX[rules.first_rank],)
    return FastSpec(
        game_id=preset.id,
        players=players,
        claimable=tuple(rules.claim_rank_list(players)),
        first_claims=first,
        seq=SEQ_CODES[rules.sequence],
        max_cards=rules.max_cards,
        wild=rules.jokers > 0 and rules.jokers_as == "wild",
        callers=CALLER_CODES[rules.callers],
        turn_pass=TURN_PASS_CODES[rules.turn_pass],
        leader=LEADER_CODES[rules.after_call_leader],
        after_rank=AFTER_CODES[rules.after_call_rank],
        ranking=rules.end == "ranking",
        kings_cup=rules.kings_cup,
        first_player=FIRST_CODES[rules.first_player],
        deck=tuple(build_deck(rules.decks, rules.jokers, rules.deck_rank_list(players))),
        options=tuple(sorted(options.items())),
        stall_limit=rules.stall_limit,
    )


def _ranks_after(claimable: tuple[int, ...], seq: int, rank: int) -> list[int]:
    if seq == 5:
        return list(claimable)
    if seq == 4:
        return [rank]
    if rank in claimable:
        i = claimable.index(rank)
        up = claimable[(i + 1) % len(claimable)]
        down = claimable[(i - 1) % len(claimable)]
    else:
        up = down = claimable[0]
    if seq == 0:
        return [up]
    if seq == 1:
        return [down]
    out = [up, down] if seq == 2 else [rank, up, down]
    uniq: list[int] = []
    for x in out:
        if x not in uniq:
            uniq.append(x)
    return uniq


# ====================================================================== actions
def encode_play(counts: Sequence[int], claim: int) -> int:
    """The action id of laying ``counts[slot]`` cards of each rank slot, claiming ``claim``."""
    packed = 0
    for slot, c in enumerate(counts):
        if c:
            packed |= c << (4 * slot)
    return ((claim + 1) << PLAY_SHIFT) | packed


def decode_play(action: int) -> tuple[list[int], int]:
    """(counts per rank slot, claimed rank) of a play id."""
    packed = action & PACK_MASK
    return [(packed >> (4 * s)) & 15 for s in range(SLOTS)], (action >> PLAY_SHIFT) - 1


def slot_of(card: int) -> int:
    return JOKER_SLOT if card == JOKER else card >> 2


@lru_cache(maxsize=65536)
def _plays_of(hand: tuple[int, ...], most: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Every multiset of 1..most cards of ``hand`` (counts per slot): packed, and sizes."""
    groups = [(s, c) for s, c in enumerate(hand) if c]
    packed: list[int] = []
    sizes: list[int] = []

    def rec(i: int, left: int, acc: int, k: int) -> None:
        if i == len(groups):
            if k:
                packed.append(acc)
                sizes.append(k)
            return
        slot, cap = groups[i]
        for t in range(min(cap, left) + 1):
            rec(i + 1, left - t, acc | (t << (4 * slot)), k + t)

    rec(0, most, 0, 0)
    return tuple(packed), tuple(sizes)


@lru_cache(maxsize=65536)
def _ways(caps: tuple[int, ...], most: int) -> tuple[list[list[int]], int]:
    """(suffix DP table ways[i][k]: multisets of k cards from groups i.., total multisets of
    1..most cards) for groups of the given sizes.  Keyed by the sorted sizes, so the few shapes
    a hand can have are counted once."""
    g = len(caps)
    ways = [[0] * (most + 1) for _ in range(g + 1)]
    ways[g][0] = 1
    for i in range(g - 1, -1, -1):
        row, nxt, cap = ways[i], ways[i + 1], caps[i]
        for k in range(most + 1):
            row[k] = sum(nxt[k - t] for t in range(min(cap, k) + 1))
    return ways, sum(ways[0][1:])


# ====================================================================== step by step
class FastCheat:
    """One game, step by step, on ints.  Mirrors the reference engine's flow exactly for the
    rules :func:`supports` accepts (checked move for move by :func:`replay_check`)."""

    __slots__ = (
        "act", "allowed", "cup", "cup_full", "end", "finished", "gone", "hands", "last_rank",
        "last_seat", "last_true", "lead", "low", "n", "phase", "pile", "pile_size", "pours",
        "prev_rank", "quiet", "ranking", "sips", "sizes", "spec", "stall_at", "turn", "window",
        "winner",
    )

    def __init__(self, spec: FastSpec, deal: Sequence[Sequence[int]],
                 first: int | None = None) -> None:
        n = spec.players
        if len(deal) != n:
            raise ValueError(f"deal must hold {n} hands")
        self.spec = spec
        self.n = n
        self.hands = [[0] * SLOTS for _ in range(n)]
        for seat, cards in enumerate(deal):
            for c in cards:
                self.hands[seat][slot_of(c)] += 1
        self.sizes = [len(h) for h in deal]
        # the no-progress rule, as the reference engine counts it (smallest hand yet per
        # seat; actions since the last progress); ``end`` is "stalled" once it ended a game
        self.low = list(self.sizes)
        self.quiet = 0
        self.stall_at = spec.stall_limit or 1 << 62

        self.end: str | None = None
        self.pile = [0] * SLOTS
        self.pile_size = 0
        self.gone = [False] * n
        self.finished: list[int] = []
        self.window: list[int] = []
        self.last_seat = -1
        self.last_rank = -1
        self.last_true = False
        self.prev_rank = -1
        self.sips = [0] * n
        self.cup = self.pours = 0
        self.cup_full = False
        self.winner = -1
        self.ranking: list[int] = []
        self.act: list[int] = []
        if first is None:
            first = 0
            if spec.first_player == 1:
                holders = [s for s in range(n) if 1 in deal[s]]  # 1 == AH
                first = holders[0] if holders else 0
        self.phase = TURN
        self.turn = first
        self.lead = True
        self.allowed = list(spec.first_claims or spec.claimable)
        self._refresh()

    # ------------------------------------------------------------------ construction
    @classmethod
    def new(cls, game_id: str, players: int | None = None, seed: int | None = None,
            first: int | None = None, **options: Any) -> FastCheat:
        """A shuffled deal (``random.Random(seed)``); see also :meth:`deal_for`."""
        spec = spec_for(game_id, players, **options)
        return cls(spec, cls.deal_for(spec, random.Random(seed)), first)

    @staticmethod
    def deal_for(spec: FastSpec, rng: random.Random) -> list[list[int]]:
        cards = list(spec.deck)
        rng.shuffle(cards)
        return [sorted(cards[i :: spec.players]) for i in range(spec.players)]

    def copy(self) -> FastCheat:
        other = FastCheat.__new__(FastCheat)
        for name in FastCheat.__slots__:
            value = getattr(self, name)
            if type(value) is list:
                value = [v.copy() if type(v) is list else v for v in value]
            setattr(other, name, value)
        return other

    # ------------------------------------------------------------------ queries
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_act(self) -> list[int]:
        return list(self.act)

    def _refresh(self) -> None:
        if self.phase == OVER:
            self.act = []
        elif self.phase == WINDOW:
            self.act = list(self.window)
        elif self.spec.callers == 3:
            self.act = [self.turn] + [s for s in self.window if s != self.turn]
        else:
            self.act = [self.turn]

    def may_call(self, seat: int) -> bool:
        if self.last_seat < 0 or self.last_seat == seat:
            return False
        if self.phase == WINDOW:
            return seat in self.window
        if self.phase == TURN:
            callers = self.spec.callers
            if callers == 2:
                return seat == self.turn
            if callers == 3:
                return seat == self.turn or seat in self.window
        return False

    def may_pass(self, seat: int) -> bool:
        """Pass the turn (pickup rules) or decline a call."""
        if self.phase == OVER or seat not in self.act:
            return False
        if self.phase == TURN and seat == self.turn:
            return self.spec.turn_pass == 1
        return True

    def may_play(self, seat: int) -> bool:
        return self.phase == TURN and seat == self.turn and self.sizes[seat] > 0

    def most(self, seat: int) -> int:
        return min(self.spec.max_cards, self.sizes[seat])

    def legal_actions(self, seat: int) -> list[int]:
        """Every legal action of ``seat`` (plays once per rank multiset and claim)."""
        if self.phase == OVER or seat not in self.act:
            return []
        out = []
        if self.may_call(seat):
            out.append(CALL)
        if self.may_pass(seat):
            out.append(PASS)
        if self.may_play(seat):
            packed, _ = _plays_of(tuple(self.hands[seat]), self.most(seat))
            for claim in self.allowed:
                high = (claim + 1) << PLAY_SHIFT
                out.extend(high | p for p in packed)
        return out

    def count_actions(self, seat: int) -> tuple[int, int, int]:
        """(calls, passes, plays) legal for ``seat`` now, without listing the plays."""
        if self.phase == OVER or seat not in self.act:
            return 0, 0, 0
        plays = 0
        if self.may_play(seat):
            caps = tuple(sorted(self.hands[seat], reverse=True))
            plays = _ways(caps, self.most(seat))[1] * len(self.allowed)
        return int(self.may_call(seat)), int(self.may_pass(seat)), plays

    def is_legal(self, seat: int, action: int) -> bool:
        if self.phase == OVER or seat not in self.act:
            return False
        if action == CALL:
            return self.may_call(seat)
        if action == PASS:
            return self.may_pass(seat)
        if action < (1 << PLAY_SHIFT) or not self.may_play(seat):
            return False
        counts, claim = decode_play(action)
        if claim not in self.allowed:
            return False
        k = sum(counts)
        hand = self.hands[seat]
        return 1 <= k <= self.most(seat) and all(c <= h for c, h in zip(counts, hand, strict=True))

    def claim_rank(self) -> int | None:
        """The rank the next play must claim, None when its player chooses (as the view's)."""
        if self.phase == OVER or not (not self.lead or len(self.allowed) == 1):
            return None
        if self.phase == WINDOW:
            after = self.spec.ranks_after(self.last_rank)
            return after[0] if len(after) == 1 else None
        return self.allowed[0] if len(self.allowed) == 1 else None

    # ------------------------------------------------------------------ acting
    def apply(self, seat: int, action: int) -> None:
        """Validate, then :meth:`step`; ValueError when illegal."""
        if not self.is_legal(seat, action):
            raise ValueError(f"action {action} is not legal for seat {seat} now")
        self.step(action, seat)

    def step(self, action: int, seat: int | None = None) -> None:
        """Apply a legal action of ``seat`` (default: the first seat to act), unchecked."""
        if seat is None:
            seat = self.act[0]
        self.quiet += 1  # progress in the transition sets it back to 0
        if action == CALL:
            self._call(seat)
        elif action == PASS:
            if self.phase == TURN and seat == self.turn:
                self._pass_turn(seat)
            else:
                self._decline(seat)
        else:
            self._play(seat, action)
        if self.quiet >= self.stall_at and self.phase != OVER:
            self._stall()
        self._refresh()

    def random_action(self, seat: int, rng: random.Random) -> int:
        """RandomBot's choice: uniform over the legal actions; a call drawn is kept with
        probability 0.2, else redrawn (up to 64 times) until something else comes."""
        calls = passes = plays = 0
        hand: list[int] = []
        most = 0
        if self.phase == WINDOW:
            passes = 1
            calls = int(self.last_seat >= 0 and self.last_seat != seat and seat in self.window)
        else:
            if seat == self.turn:
                passes = self.spec.turn_pass
                hand = self.hands[seat]
                size = self.sizes[seat]
                if size:
                    most = self.spec.max_cards if self.spec.max_cards < size else size
                    plays = _ways(tuple(sorted(hand, reverse=True)), most)[1] * len(self.allowed)
            else:
                passes = 1
            calls = int(self.may_call(seat))
        other = calls + passes
        total = other + plays
        if total == 0:
            raise ValueError(f"seat {seat} has nothing to do")
        pick = rng.randrange(total)
        if pick < calls:
            if rng.random() < KEEP_CHALLENGE:
                return CALL
            for _ in range(64):
                pick = rng.randrange(total)
                if pick >= calls:
                    break
            else:
                return CALL
        if pick < other:
            return PASS
        return self._sample_play(hand, most, rng)

    def _sample_play(self, hand: list[int], most: int, rng: random.Random) -> int:
        """A multiset of 1..most cards of ``hand``, uniformly, and a claim, uniformly."""
        order = sorted(range(SLOTS), key=hand.__getitem__, reverse=True)
        ways, total = _ways(tuple(hand[s] for s in order), most)
        pick = rng.randrange(total)
        size = 1
        top = ways[0]
        while pick >= top[size]:
            pick -= top[size]
            size += 1
        packed = 0
        left = size
        for i, slot in enumerate(order):
            nxt = ways[i + 1]
            for t in range(min(hand[slot], left), -1, -1):
                here = nxt[left - t]
                if pick < here:
                    packed |= t << (4 * slot)
                    left -= t
                    break
                pick -= here
            if left == 0:
                break
        claim = self.allowed[rng.randrange(len(self.allowed))]
        return ((claim + 1) << PLAY_SHIFT) | packed

    # ------------------------------------------------------------------ transitions
    def _next_active(self, seat: int) -> int:
        n, gone = self.n, self.gone
        for step in range(1, n + 1):
            s = (seat + step) % n
            if not gone[s]:
                return s
        return seat

    def _begin_turn(self, seat: int) -> None:
        self.phase = TURN
        self.turn = seat

    def _next_turn_after_play(self, player: int) -> None:
        nxt = self._next_active(player)
        self.allowed = self.spec.ranks_after(self.prev_rank)
        self.lead = False
        self._begin_turn(nxt)

    def _open_round(self, seat: int, ranks: list[int]) -> None:
        self.lead = True
        self.allowed = ranks
        self._begin_turn(seat)

    def _play(self, seat: int, action: int) -> None:
        self.window = []
        self._stand_last()
        if self.phase == OVER:
            return
        packed = action & PACK_MASK
        claim = (action >> PLAY_SHIFT) - 1
        hand, pile = self.hands[seat], self.pile
        wild = self.spec.wild
        truthful = True
        k = 0
        slot = 0
        while packed:
            c = packed & 15
            if c:
                hand[slot] -= c
                pile[slot] += c
                k += c
                if slot != claim and not (slot == JOKER_SLOT and wild):
                    truthful = False
            packed >>= 4
            slot += 1
        self.sizes[seat] -= k
        if self.sizes[seat] < self.low[seat]:
            self.low[seat] = self.sizes[seat]
            self.quiet = 0
        self.pile_size += k
        self.last_seat, self.last_rank, self.last_true = seat, claim, truthful
        self.prev_rank = claim
        self.lead = False
        self._open_window(seat)

    def _open_window(self, player: int) -> None:
        n, gone = self.n, self.gone
        others = [s for s in ((player + k) % n for k in range(1, n)) if not gone[s]]
        callers = self.spec.callers
        if callers <= 1:
            self.phase = WINDOW
            self.turn = player
            self.window = others if callers == 0 else others[:1]
            return
        self.window = others if callers == 3 else others[:1]
        self._next_turn_after_play(player)

    def _stand_last(self) -> None:
        p = self.last_seat
        if p < 0:
            return
        self.last_seat = -1
        if self.sizes[p] == 0 and not self.gone[p]:
            self._go_out(p)

    def _go_out(self, seat: int) -> None:
        self.quiet = 0
        self.finished.append(seat)
        self.gone[seat] = True
        if not self.spec.ranking or self.gone.count(False) <= 1:
            self._end_game()

    def _stall(self) -> None:
        """The no-progress rule ended the game: ranked as ever; the winner is the first out,
        else the one seat holding the fewest cards (-1 when several share the fewest)."""
        self._end_game()
        self.end = "stalled"
        rest = self.ranking[len(self.finished):]
        if not self.finished and len(rest) > 1 and self.sizes[rest[0]] == self.sizes[rest[1]]:
            self.winner = -1


    def _end_game(self) -> None:
        rest = sorted((s for s in range(self.n) if not self.gone[s]),
                      key=lambda s: (self.sizes[s], s))
        self.ranking = self.finished + rest
        self.winner = self.ranking[0]
        self.phase = OVER

    def _take_pile(self, seat: int) -> None:
        taken = self.pile_size
        hand = self.hands[seat]
        for slot, c in enumerate(self.pile):
            if c:
                hand[slot] += c
        self.sizes[seat] += taken
        self.sips[seat] += taken
        if self.spec.kings_cup and taken:
            if self.cup_full:
                self.sips[seat] += self.cup
                self.cup, self.pours, self.cup_full = 0, 0, False
            kings = self.pile[12]
            if kings:
                self.cup += kings
                self.pours += kings
                if self.pours >= 4:
                    self.cup_full = True
        self.pile = [0] * SLOTS
        self.pile_size = 0

    def _decline(self, seat: int) -> None:
        if seat in self.window:
            self.window.remove(seat)
        if self.phase == WINDOW and not self.window:
            player = self.last_seat
            self._stand_last()
            if self.phase != OVER:
                self._next_turn_after_play(player)

    def _call(self, caller: int) -> None:
        spec = self.spec
        player, truthful, rank = self.last_seat, self.last_true, self.last_rank
        self.last_seat = -1
        self.window = []
        loser = caller if truthful else player
        self._take_pile(loser)
        if self.sizes[player] == 0 and truthful:
            self._go_out(player)
            if self.phase == OVER:
                return
        winner = player if loser == caller else caller
        how = spec.leader
        if how == 0:
            leader = loser
        elif how == 1:
            leader = winner if winner not in self.finished else self._next_active(winner)
        elif how == 2:
            leader = self._next_active(player)
        else:
            leader = caller if not truthful else self._next_active(caller)
        if spec.after_rank == 0:
            self._open_round(leader, [rank])
        elif spec.after_rank == 1:
            self._open_round(leader, spec.ranks_after(rank))
            self.lead = False
        else:
            self._open_round(leader, list(spec.claimable))

    def _pass_turn(self, seat: int) -> None:
        self._stand_last()
        self.window = []  # the passed-over play can no longer be called (as the engine)
        if self.phase == OVER:
            return
        if self.pile_size:
            self._take_pile(seat)
        rank = self.allowed[0] if self.allowed else self.prev_rank
        self.prev_rank = rank
        self.lead = False
        self.allowed = self.spec.ranks_after(rank)
        self._begin_turn(self._next_active(seat))


def play_random_game(game: FastCheat, rng: random.Random,
                     max_actions: int = MAX_ACTIONS) -> int:
    """Random bots to the end (the first seat to act decides); the number of actions."""
    steps = 0
    while game.phase != OVER and steps < max_actions:
        seat = game.act[0]
        game.step(game.random_action(seat, rng), seat)
        steps += 1
    return steps


# ====================================================================== the bulk kernel
def _plain(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


_jit: Callable[[Callable[..., Any]], Any] = (
    _numba.njit(cache=True, nogil=True) if HAVE_NUMBA else _plain
)

# kernel parameter slots (FastSpec.params)
(P_N, P_SEQ, P_MAX, P_WILD, P_CALLERS, P_TURNPASS, P_LEADER, P_AFTER, P_END, P_KCUP,
 P_FIRSTP, P_NCL, P_NFIRST, P_NDECK, P_FIRST, P_MAXSTEPS, P_TRACE, P_STALL) = range(18)
# scalar state slots
(S_PHASE, S_TURN, S_WLEN, S_LAST, S_LRANK, S_LTRUE, S_PREV, S_NALLOW, S_PILE, S_NFIN,
 S_CUP, S_POURS, S_FULL, S_NACTIVE, S_RS1, S_RS2, S_G, S_QUIET) = range(18)
N_STATE = 18
#: out_end codes: how each game of the kernel ended
END_OUT, END_STALLED, END_UNFINISHED = 0, 1, 2
_M1 = 2147483563
_M2 = 2147483399


@_jit
def _sim_kernel(prm: Any, claimable: Any, first_claims: Any, deck: Any, seeds: Any,
                out_winner: Any, out_steps: Any, out_rank: Any, out_sips: Any, out_end: Any,
                low: Any, hands: Any,
                size: Any, pile: Any, gone: Any, fin: Any, win: Any, allowed: Any, ways: Any,
                grp: Any, play: Any, cards: Any, st: Any, tr_deck: Any, tr_act: Any) -> int:
    """Whole games of random bots.  Runs compiled (numba, arrays) or as plain Python (lists)
    with identical results: integer arithmetic only, and its own generator (L'Ecuyer's
    combined LCG, seeded per game)."""
    n: int = prm[P_N]
    seq = prm[P_SEQ]
    max_cards = prm[P_MAX]
    wild = prm[P_WILD]
    callers = prm[P_CALLERS]
    turn_pass = prm[P_TURNPASS]
    leader_rule = prm[P_LEADER]
    after_rule = prm[P_AFTER]
    ranking_end = prm[P_END]
    kcup = prm[P_KCUP]
    first_player = prm[P_FIRSTP]
    ncl = prm[P_NCL]
    nfirst = prm[P_NFIRST]
    ndeck = prm[P_NDECK]
    first_fixed = prm[P_FIRST]
    max_steps = prm[P_MAXSTEPS]
    trace = prm[P_TRACE]
    stall = prm[P_STALL]
    R = 14
    span = 2147483562  # values rnd() returns: 0 .. span-1
    keep_below = span // 5  # RandomBot keeps a challenge with probability 0.2

    def rnd() -> int:
        s1 = (st[S_RS1] * 40014) % 2147483563
        s2 = (st[S_RS2] * 40692) % 2147483399
        st[S_RS1] = s1
        st[S_RS2] = s2
        z: int = s1 - s2
        if z < 1:
            z += 2147483562
        return z - 1

    def below(k: int) -> int:
        lim = span - span % k
        z = rnd()
        while z >= lim:
            z = rnd()
        return z % k

    def next_active(seat: int) -> int:
        for step in range(1, n + 1):
            s = (seat + step) % n
            if gone[s] == 0:
                return s
        return seat

    def set_after(rank: int) -> None:
        if seq == 5:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
            return
        if seq == 4:
            allowed[0] = rank
            st[S_NALLOW] = 1
            return
        i = -1
        for j in range(ncl):
            if claimable[j] == rank:
                i = j
        up = claimable[0]
        down = claimable[0]
        if i >= 0:
            up = claimable[(i + 1) % ncl]
            down = claimable[(i - 1 + ncl) % ncl]
        na = 1
        if seq == 0:
            allowed[0] = up
        elif seq == 1:
            allowed[0] = down
        elif seq == 2:
            allowed[0] = up
            if down != up:
                allowed[1] = down
                na = 2
        else:
            allowed[0] = rank
            if up != rank:
                allowed[na] = up
                na += 1
            if down != rank and down != up:
                allowed[na] = down
                na += 1
        st[S_NALLOW] = na

    def end_game() -> None:
        off = st[S_G] * n
        nf = st[S_NFIN]
        for i in range(nf):
            out_rank[off + i] = fin[i]
        k = nf
        for s in range(n):
            if gone[s] == 0:
                j = k
                while j > nf and (size[out_rank[off + j - 1]] > size[s]):
                    out_rank[off + j] = out_rank[off + j - 1]
                    j -= 1
                out_rank[off + j] = s
                k += 1
        st[S_PHASE] = 2

    def go_out(p: int) -> None:
        st[S_QUIET] = 0
        fin[st[S_NFIN]] = p
        st[S_NFIN] += 1
        gone[p] = 1
        st[S_NACTIVE] -= 1
        if ranking_end == 0 or st[S_NACTIVE] <= 1:
            end_game()

    def stand_last() -> None:
        p = st[S_LAST]
        if p < 0:
            return
        st[S_LAST] = -1
        if size[p] == 0 and gone[p] == 0:
            go_out(p)

    def take_pile(seat: int) -> None:
        ps = st[S_PILE]
        b = seat * R
        for r in range(R):
            hands[b + r] += pile[r]
        size[seat] += ps
        out_sips[st[S_G] * n + seat] += ps
        if kcup != 0 and ps > 0:
            if st[S_FULL] != 0:
                out_sips[st[S_G] * n + seat] += st[S_CUP]
                st[S_CUP] = 0
                st[S_POURS] = 0
                st[S_FULL] = 0
            kings = pile[12]
            if kings > 0:
                st[S_CUP] += kings
                st[S_POURS] += kings
                if st[S_POURS] >= 4:
                    st[S_FULL] = 1
        for r in range(R):
            pile[r] = 0
        st[S_PILE] = 0

    def next_turn_after_play(player: int) -> None:
        nxt = next_active(player)
        set_after(st[S_PREV])
        st[S_PHASE] = 0
        st[S_TURN] = nxt

    def open_window(player: int) -> None:
        k = 0
        for step in range(1, n):
            s = (player + step) % n
            if gone[s] == 0:
                win[k] = s
                k += 1
        if callers <= 1:
            st[S_PHASE] = 1
            st[S_TURN] = player
            st[S_WLEN] = k if callers == 0 else min(k, 1)
            return
        st[S_WLEN] = k if callers == 3 else min(k, 1)
        next_turn_after_play(player)

    def do_play(seat: int, k: int, claim: int) -> None:
        st[S_WLEN] = 0
        stand_last()
        if st[S_PHASE] == 2:
            return
        b = seat * R
        truthful = 1
        for r in range(R):
            c = play[r]
            if c > 0:
                hands[b + r] -= c
                pile[r] += c
                if r != claim and not (r == 13 and wild != 0):
                    truthful = 0
        size[seat] -= k
        if size[seat] < low[seat]:
            low[seat] = size[seat]
            st[S_QUIET] = 0
        st[S_PILE] += k
        st[S_LAST] = seat

        st[S_LRANK] = claim
        st[S_LTRUE] = truthful
        st[S_PREV] = claim
        open_window(seat)

    def decline(seat: int) -> None:
        wl = st[S_WLEN]
        j = 0
        for i in range(wl):
            if win[i] != seat:
                win[j] = win[i]
                j += 1
        st[S_WLEN] = j
        if st[S_PHASE] == 1 and j == 0:
            player = st[S_LAST]
            stand_last()
            if st[S_PHASE] != 2:
                next_turn_after_play(player)

    def do_call(caller: int) -> None:
        p = st[S_LAST]
        truthful = st[S_LTRUE]
        rank = st[S_LRANK]
        st[S_LAST] = -1
        st[S_WLEN] = 0
        loser = caller if truthful != 0 else p
        take_pile(loser)
        if size[p] == 0 and truthful != 0:
            go_out(p)
            if st[S_PHASE] == 2:
                return
        winner = p if loser == caller else caller
        if leader_rule == 0:
            lead = loser
        elif leader_rule == 1:
            lead = winner
            for i in range(st[S_NFIN]):
                if fin[i] == winner:
                    lead = next_active(winner)
        elif leader_rule == 2:
            lead = next_active(p)
        else:
            lead = caller if truthful == 0 else next_active(caller)
        if after_rule == 0:
            allowed[0] = rank
            st[S_NALLOW] = 1
        elif after_rule == 1:
            set_after(rank)
        else:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
        st[S_PHASE] = 0
        st[S_TURN] = lead

    def pass_turn(seat: int) -> None:
        stand_last()
        st[S_WLEN] = 0
        if st[S_PHASE] == 2:
            return
        if st[S_PILE] > 0:
            take_pile(seat)
        rank = allowed[0] if st[S_NALLOW] > 0 else st[S_PREV]
        st[S_PREV] = rank
        set_after(rank)
        st[S_PHASE] = 0
        st[S_TURN] = next_active(seat)

    games = len(seeds)
    for g in range(games):
        st[S_G] = g
        gs = seeds[g]
        st[S_RS1] = 1 + gs % 2147483562
        st[S_RS2] = 1 + (gs // 2147483562 + gs % 2147483398 * 7 + 12345) % 2147483398
        for _ in range(8):
            rnd()
        # deal: Fisher-Yates, then round the table as the reference deals
        for i in range(ndeck):
            cards[i] = deck[i]
        for i in range(ndeck - 1, 0, -1):
            j = below(i + 1)
            c = cards[i]
            cards[i] = cards[j]
            cards[j] = c
        if trace != 0:
            for i in range(ndeck):
                tr_deck[g * ndeck + i] = cards[i]
        for i in range(n * R):
            hands[i] = 0
        for s in range(n):
            size[s] = 0
            gone[s] = 0
            out_sips[g * n + s] = 0
        for r in range(R):
            pile[r] = 0
        starter = 0
        found = n
        for i in range(ndeck):
            c = cards[i]
            s = i % n
            hands[s * R + (13 if c == 52 else c >> 2)] += 1
            size[s] += 1
            if c == 1 and s < found:
                found = s
        if first_fixed >= 0:
            starter = first_fixed
        elif first_player == 1 and found < n:
            starter = found
        if nfirst > 0:
            for j in range(nfirst):
                allowed[j] = first_claims[j]
            st[S_NALLOW] = nfirst
        else:
            for j in range(ncl):
                allowed[j] = claimable[j]
            st[S_NALLOW] = ncl
        st[S_PHASE] = 0
        st[S_TURN] = starter
        st[S_WLEN] = 0
        st[S_LAST] = -1
        st[S_LRANK] = -1
        st[S_LTRUE] = 0
        st[S_PREV] = -1
        st[S_PILE] = 0
        st[S_NFIN] = 0
        st[S_CUP] = 0
        st[S_POURS] = 0
        st[S_FULL] = 0
        st[S_NACTIVE] = n
        st[S_QUIET] = 0
        for s in range(n):
            low[s] = size[s]
        stalled = 0
        steps = 0
        while st[S_PHASE] != 2 and steps < max_steps:
            phase = st[S_PHASE]
            st[S_QUIET] += 1  # progress in the transition sets it back to 0
            seat = win[0] if phase == 1 else st[S_TURN]
            last = st[S_LAST]
            can_call = 0
            if last >= 0 and last != seat and (phase == 1 or callers >= 2):
                can_call = 1
            can_pass = 1 if (phase == 1 or turn_pass == 1) else 0
            nplay = 0
            most = 0
            ng = 0
            if phase == 0 and size[seat] > 0:
                most = min(max_cards, size[seat])
                b = seat * R
                for r in range(R):
                    if hands[b + r] > 0:
                        grp[ng] = r
                        ng += 1
                w = most + 1
                for k in range(w):
                    ways[ng * w + k] = 0
                ways[ng * w] = 1
                for i in range(ng - 1, -1, -1):
                    cap = hands[b + grp[i]]
                    for k in range(w):
                        tot = 0
                        for t in range(min(cap, k) + 1):
                            tot += ways[(i + 1) * w + k - t]
                        ways[i * w + k] = tot
                total = 0
                for k in range(1, w):
                    total += ways[k]
                nplay = total * st[S_NALLOW]
            nother = can_call + can_pass
            ntot = nother + nplay
            pick = below(ntot)
            if pick < can_call and rnd() >= keep_below:
                for _ in range(64):
                    p2 = below(ntot)
                    if p2 >= can_call:
                        pick = p2
                        break
            if pick < can_call:
                action = 1
                do_call(seat)
            elif pick < nother:
                action = 0
                if phase == 0:
                    pass_turn(seat)
                else:
                    decline(seat)
            else:
                w = most + 1
                pick = below(nplay // st[S_NALLOW])
                k = 1
                while pick >= ways[k]:
                    pick -= ways[k]
                    k += 1
                for r in range(R):
                    play[r] = 0
                left = k
                packed = 0
                b = seat * R
                for i in range(ng):
                    if left == 0:
                        break
                    cap = hands[b + grp[i]]
                    t = min(cap, left)
                    while t >= 0:
                        here = ways[(i + 1) * w + left - t]
                        if pick < here:
                            play[grp[i]] = t
                            packed |= t << (4 * grp[i])
                            left -= t
                            break
                        pick -= here
                        t -= 1
                claim = allowed[below(st[S_NALLOW])]
                action = ((claim + 1) << 56) | packed
                do_play(seat, k, claim)
            if trace != 0 and steps < trace:
                tr_act[g * trace + steps] = action
            steps += 1
            if stall > 0 and st[S_QUIET] >= stall and st[S_PHASE] != 2:
                end_game()  # the no-progress rule: ranked as ever, the winner below
                stalled = 1
        out_steps[g] = steps
        if st[S_PHASE] == 2:
            out_winner[g] = out_rank[g * n]
            out_end[g] = END_OUT
            if stalled != 0:
                out_end[g] = END_STALLED
                if (st[S_NFIN] == 0 and st[S_NACTIVE] > 1
                        and size[out_rank[g * n]] == size[out_rank[g * n + 1]]):
                    out_winner[g] = -1  # several share the fewest cards: no winner
        else:
            out_winner[g] = -1
            out_end[g] = END_UNFINISHED
    return 0



@dataclass
class SimResult:
    """What :func:`simulate_random` returns: per game, the winner (-1: stopped unfinished, or
    a stalled game where several share the fewest cards), how it ended (None: a player went
    out; "stalled": the no-progress rule; "unfinished": stopped at ``max_actions``), the
    number of actions, the ranking and the sips; with ``trace``, the shuffled packs and the
    actions (for :func:`replay_check`)."""

    spec: FastSpec
    seeds: list[int]
    winners: list[int]
    ends: list[str | None]
    steps: list[int]
    rankings: list[list[int]]
    sips: list[list[int]]
    seconds: float
    compiled: bool
    decks: list[list[int]] | None = None
    actions: list[list[int]] | None = None

    @property
    def games(self) -> int:
        return len(self.seeds)

    def deal(self, g: int) -> list[list[int]]:
        """The hands game ``g`` was dealt (needs ``trace``)."""
        assert self.decks is not None
        cards = self.decks[g]
        n = self.spec.players
        return [sorted(cards[i::n]) for i in range(n)]

    def as_dict(self) -> dict[str, Any]:
        n = self.spec.players
        wins = [0] * n
        for w in self.winners:
            if w >= 0:
                wins[w] += 1
        total = sum(self.steps)
        return {
            "game": self.spec.game_id,
            "players": n,
            "games": self.games,
            "unfinished": sum(1 for e in self.ends if e == "unfinished"),
            "stalled": sum(1 for e in self.ends if e == "stalled"),

            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "actions_per_second": round(total / self.seconds, 1) if self.seconds else None,
            "mean_length": round(total / self.games, 2) if self.games else 0,
            "wins": wins,
            "compiled": self.compiled,
        }


def simulate_random(
    game_id: str | FastSpec,
    games: int,
    players: int | None = None,
    seed: int = 0,
    *,
    compiled: bool | None = None,
    trace: int = 0,
    first: int | None = None,
    max_actions: int = MAX_ACTIONS,
    **options: Any,
) -> SimResult:
    """``games`` games of random bots (RandomBot's policy), game ``g`` seeded ``seed + g``.

    ``compiled``: None uses numba when it is installed; False runs the same kernel as plain
    Python (identical results).  ``trace``: record the deal and up to that many actions of each
    game (for :func:`replay_check`)."""
    import time

    spec = game_id if isinstance(game_id, FastSpec) else spec_for(game_id, players, **options)
    if compiled is None:
        compiled = HAVE_NUMBA
    if compiled and not HAVE_NUMBA:
        raise RuntimeError("numba is not installed: pip install 'bluffhouse[fast]'")
    n = spec.players
    seeds = [seed + g for g in range(games)]
    if any(not 0 <= s < 2**53 for s in seeds):
        raise ValueError("seeds must be from 0 to 2**53")
    prm = spec.params(-1 if first is None else first, max_actions, trace)
    ndeck = len(spec.deck)
    sizes = {
        "out_winner": games, "out_steps": games, "out_rank": games * n, "out_sips": games * n,
        "out_end": games, "low": n, "hands": n * SLOTS, "size": n, "pile": SLOTS, "gone": n,
        "fin": n, "win": n,

        "allowed": SLOTS, "ways": (SLOTS + 1) * (spec.max_cards + 2), "grp": SLOTS,
        "play": SLOTS, "cards": ndeck, "st": N_STATE,
        "tr_deck": games * ndeck if trace else 1, "tr_act": games * trace if trace else 1,
    }
    bufs: dict[str, Any]
    if compiled:
        np = _np

        def arr(values: Sequence[int]) -> Any:
            return np.asarray(values, dtype=np.int64) if len(values) else np.zeros(1, np.int64)

        bufs = {k: np.zeros(v, dtype=np.int64) for k, v in sizes.items()}
        if trace:
            bufs["tr_act"][:] = -1
        kernel: Any = _sim_kernel
        args = [arr(prm), arr(spec.claimable), arr(spec.first_claims), arr(spec.deck),
                arr(seeds)]
    else:
        bufs = {k: [0] * v for k, v in sizes.items()}
        if trace:
            bufs["tr_act"] = [-1] * sizes["tr_act"]
        kernel = getattr(_sim_kernel, "py_func", _sim_kernel)
        args = [list(prm), list(spec.claimable), list(spec.first_claims), list(spec.deck),
                list(seeds)]
    start = time.perf_counter()
    kernel(*args, *bufs.values())
    seconds = time.perf_counter() - start

    def rows(flat: Any, width: int) -> list[list[int]]:
        values = [int(x) for x in flat]
        return [values[i * width:(i + 1) * width] for i in range(games)]

    ends = (None, "stalled", "unfinished")
    result = SimResult(
        spec=spec, seeds=seeds, winners=[int(x) for x in bufs["out_winner"]],
        ends=[ends[int(x)] for x in bufs["out_end"]],
        steps=[int(x) for x in bufs["out_steps"]], rankings=rows(bufs["out_rank"], n),
        sips=rows(bufs["out_sips"], n), seconds=seconds, compiled=compiled,
    )
    if trace:
        result.decks = rows(bufs["tr_deck"], ndeck)
        result.actions = [[a for a in row if a >= 0] for row in rows(bufs["tr_act"], trace)]
    return result


def warm_up() -> None:
    """Compile the kernel now (numba caches it on disk after the first time)."""
    if HAVE_NUMBA:
        simulate_random("bullshit", 1, compiled=True)


# ====================================================================== move-for-move check
def action_dict(action: int, hand: Sequence[str]) -> dict[str, Any]:
    """The reference engine's action for an int action, laying cards from ``hand`` (texts)."""
    if action == PASS:
        return {"type": "pass"}
    if action == CALL:
        return {"type": "call"}
    counts, claim = decode_play(action)
    cards: list[str] = []
    for slot, k in enumerate(counts):
        if k:
            key = "JK" if slot == JOKER_SLOT else rank_text(slot)
            mine = [c for c in hand if (c == "JK" if slot == JOKER_SLOT else c != "JK"
                                        and c[0] == key)]
            if len(mine) < k:
                raise AssertionError(f"hand {hand} lacks {k} x {key}")
            cards.extend(mine[:k])
    return {"type": "play", "cards": cards, "claim": {"rank": rank_text(claim),
                                                      "count": len(cards)}}


def action_id(action: dict[str, Any]) -> int:
    """The int action of a reference engine action (plays by rank counts)."""
    kind = action["type"]
    if kind == "pass":
        return PASS
    if kind == "call":
        return CALL
    if kind != "play":
        raise ValueError(f"no int action for {kind!r}")
    counts = [0] * SLOTS
    for text in action["cards"]:
        counts[JOKER_SLOT if text == "JK" else RANK_INDEX[text[0]]] += 1
    return encode_play(counts, RANK_INDEX[action["claim"]["rank"]])


def replay_check(
    spec: FastSpec,
    deal: Sequence[Sequence[int]],
    actions: Sequence[int],
    first: int | None = None,
    check_legal: bool = False,
    seats: Sequence[int] | None = None,
) -> FastCheat:
    """Play ``actions`` (each by the first seat to act, or by ``seats[i]``) through this engine
    and through the reference engine dealt the same hands, asserting after every step the
    same seats to act, phase, hand sizes, pile size, claims and, at the end, result.  With
    ``check_legal`` the legal actions are compared too (as int sets).  Returns the final game."""
    from ..api import new_game
    from .engine import LIST_LIMIT

    options = dict(spec.options)
    ref: Any = new_game(spec.game_id, players=spec.players, seed=0,
                        deal=[[CARD_TEXT[c] for c in hand] for hand in deal], first=first,
                        **options)
    fast = FastCheat(spec, deal, first)

    def compare(where: str) -> None:
        # the spectator's view without its event log (which grows with the game)
        view = {"hand_sizes": ref._hand_sizes(), **ref._view_extra(None)}
        assert fast.to_act == ref.to_act, f"{where}: to_act {fast.to_act} != {ref.to_act}"
        assert PHASE_NAMES[fast.phase] == view["phase"], f"{where}: phase {view['phase']}"
        assert fast.sizes == view["hand_sizes"], (
            f"{where}: hand sizes {fast.sizes} != {view['hand_sizes']}")
        assert fast.pile_size == view["pile_size"], f"{where}: pile size"
        claims = None if fast.phase != TURN else [rank_text(r) for r in fast.allowed]
        if fast.phase == OVER:
            claims = view["claim_ranks"]
        assert claims == view["claim_ranks"], f"{where}: claims {claims} != {view['claim_ranks']}"
        cr = fast.claim_rank()
        assert (None if cr is None else rank_text(cr)) == view["claim_rank"], (
            f"{where}: claim_rank {cr} != {view['claim_rank']}")
        assert fast.over == ref.over, f"{where}: over"
        if ref.over:
            result = ref.result
            winner = None if fast.winner < 0 else fast.winner
            assert winner == result["winner"], f"{where}: winner"
            assert fast.ranking == result["ranking"], f"{where}: ranking"
            assert fast.sips == result["sips"], f"{where}: sips"
            assert fast.end == result.get("end"), f"{where}: end {fast.end}"

        if check_legal and not fast.over:
            for seat in fast.to_act:
                mine = fast.legal_actions(seat)
                theirs = [action_id(a) for a in ref.legal_actions(seat)]
                assert len(mine) == len(set(mine)), f"{where}: duplicate legal actions"
                if len(theirs) >= LIST_LIMIT:  # the reference lists a capped subset
                    assert set(theirs) <= set(mine), f"{where}: legal actions of seat {seat}"
                else:
                    assert sorted(mine) == sorted(theirs), f"{where}: legal actions of seat {seat}"

    compare("start")
    for i, action in enumerate(actions):
        seat = fast.act[0] if seats is None else seats[i]
        assert fast.is_legal(seat, action), f"step {i}: action {action} illegal for seat {seat}"
        move = action_dict(action, ref.view(seat)["hand"])
        ref.apply(seat, move)
        fast.step(action, seat)
        compare(f"step {i} (seat {seat}, {move})")
    return fast
