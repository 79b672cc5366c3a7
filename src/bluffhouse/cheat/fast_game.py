"""The integer Cheat engine step by step: :class:`FastCheat`, one game on ints.

For bots and searches that act one step at a time: ``legal_actions`` lists plays once per
rank multiset and claim, ``count_actions`` and ``random_action`` count them without listing
(:func:`_ways`), and the transitions mirror the reference engine's exactly for the rules
:func:`~.fast_spec.supports` accepts (checked move for move by :func:`.fast.replay_check`).
The bulk kernel (:mod:`.fast_kernel`) plays the same games, many at a time.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from .fast_spec import (
    CALL,
    JOKER_SLOT,
    KEEP_CHALLENGE,
    MAX_ACTIONS,
    PACK_MASK,
    PASS,
    PLAY_SHIFT,
    SLOTS,
    FastSpec,
    decode_play,
    slot_of,
    spec_for,
)

#: The phases of a :class:`FastCheat` (``phase``); ``PHASE_NAMES`` are the reference engine's.
TURN, WINDOW, OVER = 0, 1, 2
PHASE_NAMES = ("turn", "window", "over")


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
        "act",
        "allowed",
        "cup",
        "cup_full",
        "end",
        "finished",
        "gone",
        "hands",
        "last_rank",
        "last_seat",
        "last_true",
        "lead",
        "low",
        "n",
        "phase",
        "pile",
        "pile_size",
        "pours",
        "prev_rank",
        "quiet",
        "ranking",
        "sips",
        "sizes",
        "spec",
        "stall_at",
        "turn",
        "window",
        "winner",
    )

    def __init__(
        self, spec: FastSpec, deal: Sequence[Sequence[int]], first: int | None = None
    ) -> None:
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
    def new(
        cls,
        game_id: str,
        players: int | None = None,
        seed: int | None = None,
        first: int | None = None,
        **options: Any,
    ) -> FastCheat:
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
            self.act = [s for s in self.window if s != self.turn] + [self.turn]
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
        rest = self.ranking[len(self.finished) :]
        if not self.finished and len(rest) > 1 and self.sizes[rest[0]] == self.sizes[rest[1]]:
            self.winner = -1

    def _end_game(self) -> None:
        rest = sorted(
            (s for s in range(self.n) if not self.gone[s]), key=lambda s: (self.sizes[s], s)
        )
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


def play_random_game(game: FastCheat, rng: random.Random, max_actions: int = MAX_ACTIONS) -> int:
    """Random bots to the end (the first seat to act decides); the number of actions."""
    steps = 0
    while game.phase != OVER and steps < max_actions:
        seat = game.act[0]
        game.step(game.random_action(seat, rng), seat)
        steps += 1
    return steps
