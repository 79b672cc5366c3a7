"""N Cheat-family games stepped in lockstep in compiled code: the batched environment.

pgx's interface, on numpy arrays: every seat is stepped by the caller, one action per game a
call, and each call returns the whole batch at once (:class:`Batch`): the observation of the
seat asked next in each game, its legal-action mask, that seat, every seat's reward and the
done flags.  A game that ends is dealt anew in the same call (its last observation is in
``final_obs``), so every game of a batch always has a seat to act and a mask with something
legal.  Observations and masks are exactly those of the PettingZoo and Gymnasium
environments for the same configuration (the same encoder and action space; a differential
test plays the same deals and actions through both and compares every value)::

    from bluffhouse.interop.batched import BatchedCheat

    env = BatchedCheat("bullshit", num_envs=1024, seed=0)
    batch = env.reset()
    while ...:
        actions = policy(batch.obs, batch.mask)      # one legal id per game
        batch = env.step(actions)

It covers the Cheat-family presets (and options) whose rules the integer engine plays
(:func:`bluffhouse.cheat.fast_spec.supports`: ``bluffhouse.cheat.fast_spec.supported_presets()``
lists them); any other game is refused with the rule that stands in the way.  Poker Bull
has its own, with the same interface (:mod:`.batched_poker`); :func:`.batched_games.batched_env`
picks the family's.  The Cheat family's abstract actions and belief features
(``actions="abstract"``, ``beliefs=True``) are those of the PettingZoo and Gymnasium
environments, in compiled code too (:mod:`.batched_abstract`, :mod:`.batched_beliefs`).
Compiled with numba (``pip install bluffhouse[fast]``); without it the same code runs as
plain Python.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from ..cards import CARD_TEXT, JOKER
from ..cheat.engine import LIST_LIMIT
from ..cheat.fast_spec import FastSpec, spec_for, supported_presets, unsupported_reason
from ..encodings import (
    ActionCodec,
    CheatCodec,
    CheatObservation,
    GameConfig,
    ObservationEncoder,
    check_reward,
)
from ..errors import IllegalAction, RuleError, quote
from . import batched_kernel as k
from . import batched_steps as steps
from .abstract import check_actions
from .batched_abstract import ABSTRACT_NAMES, ABSTRACT_SIZE, AbstractTables, abstract_batch
from .batched_beliefs import BELIEFS, block_size
from .table import build

__all__ = ["Batch", "BatchedCheat", "BatchedGames", "EngineSeededGames"]

FAMILY_NAMES = {"poker_bull": "Poker Bull", "sneak": "Sneak"}


@dataclass(frozen=True)
class Batch:
    """What a call returns for every game of the batch (first axis: the game).

    ``obs``: float32 (N, observation size), the observation of ``seat``; ``mask``: int8
    (N, actions), its legal ids; ``seat``: int (N,), the seat asked next; ``rewards``: float32
    (N, players), every seat's reward for a game that ended at this call (else 0);
    ``terminated``/``truncated``: bool (N,), the game ended by its rules / was cut at
    ``max_steps`` at this call (it has been dealt anew: ``obs`` and ``mask`` are the new
    game's); ``final_obs``: float32 (N, observation size), for those games the last
    observation of ``final_seat``, the seat whose action ended it (-1 elsewhere);
    ``stalled``: bool (N,), a game that ended by the no-progress rule (ranked by cards held,
    the winner the seat holding the fewest) rather than its normal end."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.int8]
    seat: npt.NDArray[np.int64]
    rewards: npt.NDArray[np.float32]
    terminated: npt.NDArray[np.bool_]
    truncated: npt.NDArray[np.bool_]
    final_obs: npt.NDArray[np.float32]
    final_seat: npt.NDArray[np.int64]
    stalled: npt.NDArray[np.bool_]


class BatchedGames:
    """What every batched environment shares: its settings checked, its buffers, the
    validation of a step's actions and the read-only :class:`Batch`.  A family's class sets
    ``config``, ``codec``, ``encoder`` and the row width, and writes ``_step`` and
    ``_observe_into`` over its kernel."""

    config: GameConfig
    codec: ActionCodec
    encoder: ObservationEncoder
    #: numbers appended to the encoder's observation (the belief features)
    _extra_obs = 0

    def _settings(
        self, num_envs: object, history: object, max_steps: object, reward: object
    ) -> None:
        for name, value in (("num_envs", num_envs), ("history", history)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise RuleError(f"{name} must be a whole number from 1, not {quote(value)}")
        if max_steps is not None and (
            isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1
        ):
            raise RuleError(f"max_steps must be a whole number from 1, not {quote(max_steps)}")
        self.reward = check_reward(reward)
        self.num_envs: int = num_envs  # type: ignore[assignment]
        self.history: int = history  # type: ignore[assignment]
        self.max_steps: int | None = max_steps

    def _buffers(
        self, row: int, seed: int | None, mask: npt.NDArray[np.int8] | None = None
    ) -> None:
        """The games' rows (``row`` ints each), generators and what a call returns."""
        n = self.num_envs
        self.players = self.config.players
        self.observation_size = self.encoder.size + self._extra_obs
        self.num_actions = self.codec.size
        self._rows = np.zeros((n, row), dtype=np.int32)
        self._rng = np.zeros(n, dtype=np.uint64)
        self._obs = np.zeros((n, self.observation_size), dtype=np.float32)
        self._mask = mask if mask is not None else np.zeros((n, self.num_actions), dtype=np.int8)
        self._seat = np.zeros(n, dtype=np.int64)
        self._rewards = np.zeros((n, self.players), dtype=np.float32)
        self._terminated = np.zeros(n, dtype=np.bool_)
        self._truncated = np.zeros(n, dtype=np.bool_)
        self._stalled = np.zeros(n, dtype=np.bool_)
        self._final_obs = np.zeros((n, self.observation_size), dtype=np.float32)
        self._final_seat = np.full(n, -1, dtype=np.int64)
        self._seed = seed
        self._started = False
        self._views: Batch | None = None

    def step(self, actions: Any) -> Batch:
        """One action id per game, each legal for the seat asked (``Batch.seat``); an id the
        mask does not mark raises ``bh.IllegalAction`` naming the game, with nothing changed."""
        if not self._started:
            raise RuntimeError("no games yet: call reset() first")
        acts = np.asarray(actions)
        if acts.shape != (self.num_envs,) or not np.issubdtype(acts.dtype, np.integer):
            raise IllegalAction(
                f"actions must be {self.num_envs} whole numbers (one action id per game), "
                f"not an array of shape {acts.shape} and type {acts.dtype}"
            )
        acts = acts.astype(np.int64, copy=False)
        legal = (acts >= 0) & (acts < self.num_actions)
        legal[legal] = self._mask[np.flatnonzero(legal), acts[legal]] == 1
        if not legal.all():
            e = int(np.flatnonzero(~legal)[0])
            a = int(acts[e])
            what = self.describe(a) if 0 <= a < self.num_actions else "out of range"
            raise IllegalAction(
                f"game {e}: action id {a} ({what}) is not legal for seat {int(self._seat[e])} "
                "now; choose an id the mask marks"
            )
        return self._step(acts)

    def describe(self, action: int) -> str:
        """A short text of an action id of this batch's space."""
        return self.codec.describe(action)

    def observe(self, seats: Any) -> npt.NDArray[np.float32]:
        """The observation of any seat of each game now (``seats``: one per game)."""
        s = np.asarray(seats, dtype=np.int64)
        if s.shape != (self.num_envs,) or (s < 0).any() or (s >= self.players).any():
            raise RuleError(f"seats must be {self.num_envs} seats from 0 to {self.players - 1}")
        out = np.zeros((self.num_envs, self.observation_size), dtype=np.float32)
        self._observe_into(s, out)
        return out

    def _step(self, actions: npt.NDArray[np.int64]) -> Batch:
        raise NotImplementedError

    def _observe_into(self, seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
        raise NotImplementedError

    def _batch(self) -> Batch:
        """The read-only views of the buffers (made once: every call rewrites what they show)."""
        if self._views is None:
            self._views = self._make_views()
        return self._views

    def _make_views(self) -> Batch:
        return Batch(
            *(
                _read_only(a)
                for a in (
                    self._obs,
                    self._mask,
                    self._seat,
                    self._rewards,
                    self._terminated,
                    self._truncated,
                    self._final_obs,
                    self._final_seat,
                    self._stalled,
                )
            )
        )


class EngineSeededGames(BatchedGames):
    """A batch whose games are dealt as the Python engine deals them for a seed: each game
    has its own Mersenne Twister, seeded as ``random.Random`` is, so ``new_game(seed=...)``
    replays it (Poker Bull's and Sneak's batches)."""

    def _engine_seeds(self) -> None:
        """Each game's Mersenne Twister and seed (call after ``_buffers``)."""
        self._mt = np.zeros((self.num_envs, 625), dtype=np.int64)
        self._game_seeds = np.zeros(self.num_envs, dtype=np.int64)

    def reset(self, seed: int | None = None) -> Batch:
        """Every game dealt anew (``seed``: as :meth:`BatchedCheat.reset`)."""
        self._seed, self._started = _seeded(self._rng, seed, self._seed, self._started)
        return self._step(np.full(self.num_envs, -1, dtype=np.int64))

    def game_seeds(self) -> npt.NDArray[np.int64]:
        """Each game's seed: ``new_game(game, seed=...)`` with the same options deals the very
        same cards, hand after hand (its ``random.Random`` draws as this game's generator)."""
        return self._game_seeds.copy()


class BatchedCheat(BatchedGames):
    """``num_envs`` games of one Cheat-family configuration (see the module notes).

    ``game``, ``players`` and ``**options`` as for :func:`bluffhouse.new_game`; ``seed``
    seeds the deals (None: from the operating system); ``reward`` is ``"win"`` or
    ``"rank"`` (as the other environments); ``history`` the events in an observation;
    ``max_steps`` cuts a game after that many actions (``truncated``; None: never, the
    rules' own no-progress limit ends every game); ``actions="abstract"`` gives the 16 ids of
    :mod:`.abstract` instead of the full action space (``mask`` then marks those, and each
    stands for the concrete id :meth:`concrete_ids` gives); ``beliefs=True`` appends the 24
    belief features of :mod:`.abstract` to each observation (``counter``'s card counting, kept
    in each game's row: :mod:`.batched_beliefs`)."""

    codec: CheatCodec
    encoder: CheatObservation

    def __init__(
        self,
        game: str = "bullshit",
        num_envs: int = 1,
        players: int | None = None,
        seed: int | None = None,
        reward: str = "win",
        history: int = 8,
        max_steps: int | None = None,
        actions: str = "full",
        beliefs: bool = False,
        **options: Any,
    ) -> None:
        self._settings(num_envs, history, max_steps, reward)
        self.actions = check_actions(actions)
        if type(beliefs) is not bool:
            raise RuleError(f"beliefs must be true or false, not {quote(beliefs)}")
        self.beliefs = beliefs
        config, codec, encoder = build(game, players, history, **options)
        if config.family != "cheat":
            family = FAMILY_NAMES.get(config.family, config.family)
            player = {"poker_bull": "BatchedPokerBull", "sneak": "BatchedSneak"}.get(config.family)
            also = f" ({player} plays it)" if player else ""
            raise RuleError(
                f"BatchedCheat plays the Cheat family; {config.game} is a {family} game{also}"
            )
        why = unsupported_reason(config.rules_object())
        if why is not None:
            raise RuleError(
                f"the batched environment does not cover {config.label}: its rules use {why} "
                f"(covered presets: {', '.join(supported_presets())})"
            )
        spec = spec_for(config.game, config.players, **options)
        assert isinstance(codec, CheatCodec) and isinstance(encoder, CheatObservation)
        self.config = config
        self.codec = codec
        self.encoder = encoder
        self.spec = spec
        self._tables(spec, codec, encoder)
        #: the claim order and the abstract plays' ids (the belief features read the order)
        self._abstract_tables = AbstractTables(codec, self._group_of)
        if beliefs:
            self._cfg[k.C_KNOW] = self._cfg[k.C_ROWLEN]
            self._cfg[k.C_ROWLEN] += block_size(config.players)
            self._extra_obs = BELIEFS
        self._known = np.zeros((config.players, k.NCARDS), dtype=np.int64)
        self._bscratch = np.zeros((8, k.NCARDS), dtype=np.int64)
        mask, self._mask64 = _mask_buffers(num_envs, codec.size, self._cfg)
        self._buffers(int(self._cfg[k.C_ROWLEN]), seed, mask)
        #: the full space's mask (the kernel's), and the abstract one where asked
        self._concrete_mask = mask
        if self.actions == "abstract":
            self.num_actions = ABSTRACT_SIZE
            self._mask = np.zeros((num_envs, ABSTRACT_SIZE), dtype=np.int8)
            self._abstract_ids = np.full((num_envs, ABSTRACT_SIZE), -1, dtype=np.int64)

    # ------------------------------------------------------------------ tables
    def _tables(self, spec: FastSpec, codec: CheatCodec, encoder: CheatObservation) -> None:
        """The rules, the action space and the observation's layout as the kernel's arrays."""
        n = spec.players
        r = codec.rules
        if codec.count_slots != 1 or codec.suit_slots != 1 or not codec.complete:
            raise RuleError(  # pragma: no cover - the rules fast_spec accepts never get here
                f"the batched environment does not cover {self.config.label}'s action space"
            )
        blocks = {name: (start, size) for name, start, size, _ in encoder.layout.blocks}
        expected = {
            "seats": n * 12,
            "table": 6,
            "phase": 8,
            "claim_ranks": 14,
            "claim_rank": 15,
            "claim_suit": 5,
            "last_play": 1 + n + 14 + 2 + n + 1,
            "known": 53 * (n + 1),
            "history": self.history * encoder.row_size,
        }
        for name, size in expected.items():
            if blocks[name][1] != size:  # pragma: no cover - a changed encoder
                raise RuntimeError(
                    f"the observation's {name} block is not the one the kernel writes"
                )
        lay = k.row_layout(n, self.history)
        cfg = np.zeros(k.N_CONFIG, dtype=np.int64)
        cfg[k.C_N] = n
        cfg[k.C_MAXC] = spec.max_cards
        cfg[k.C_WILD] = int(spec.wild)
        cfg[k.C_CALLERS] = spec.callers
        cfg[k.C_TURNPASS] = spec.turn_pass
        cfg[k.C_LEADER] = spec.leader
        cfg[k.C_AFTER] = spec.after_rank
        cfg[k.C_RANKING] = int(spec.ranking)
        cfg[k.C_KCUP] = int(spec.kings_cup)
        cfg[k.C_FIRSTP] = spec.first_player
        cfg[k.C_STALL] = spec.stall_limit or 1 << 62
        cfg[k.C_MAXSTEPS] = self.max_steps or 0
        cfg[k.C_NCL] = len(spec.claimable)
        cfg[k.C_NFIRST] = len(spec.first_claims)
        cfg[k.C_NDECK] = len(spec.deck)
        cfg[k.C_NGROUPS] = len(codec.groups)
        cfg[k.C_CALL_ID] = codec._by_kind["call"].start
        cfg[k.C_PASS_ID] = codec._by_kind["pass"].start
        cfg[k.C_PLAY_START] = codec._by_kind["play"].start
        cfg[k.C_CLAIM_SLOTS] = codec.claim_slots
        cfg[k.C_HIST] = self.history
        cfg[k.C_ROW] = encoder.row_size
        cfg[k.C_NTYPES] = len(encoder.EVENT_TYPES)
        for slot, name in (
            (k.C_O_HAND, "hand"),
            (k.C_O_SEATS, "seats"),
            (k.C_O_TABLE, "table"),
            (k.C_O_PHASE, "phase"),
            (k.C_O_ALLOWED, "claim_ranks"),
            (k.C_O_CLAIM, "claim_rank"),
            (k.C_O_SUIT, "claim_suit"),
            (k.C_O_LAST, "last_play"),
            (k.C_O_KNOWN, "known"),
            (k.C_O_HIST, "history"),
        ):
            cfg[slot] = blocks[name][0]
        if not cfg[k.C_O_HAND] + 53 <= cfg[k.C_O_KNOWN]:  # pragma: no cover - a changed encoder
            raise RuntimeError("the kernel writes the observation's hand before its known cards")
        for slot, name in (
            (k.C_ALLOW, "allow"),
            (k.C_WIN, "win"),
            (k.C_FIN, "fin"),
            (k.C_GONE, "gone"),
            (k.C_SIZE, "size"),
            (k.C_LOW, "low"),
            (k.C_SIPS, "sips"),
            (k.C_CALLS, "calls"),
            (k.C_CAUGHT, "caught"),
            (k.C_RANK, "rank"),
            (k.C_HAND, "hand"),
            (k.C_PILE, "pile"),
            (k.C_LASTC, "lastc"),
            (k.C_KNOWN, "known"),
            (k.C_EVENTS, "events"),
            (k.C_ROWLEN, "rowlen"),
        ):
            cfg[slot] = lay[name]
        cfg[k.C_REWARD_RANK] = int(self.reward == "rank")
        cfg[k.C_LIST_LIMIT] = LIST_LIMIT
        self._cfg = cfg
        self._fcfg = np.concatenate(
            [
                [
                    float(encoder.total),
                    encoder.copies,
                    encoder.joker_copies,
                    encoder.max_count,
                    encoder.stall,
                ],
                _hand_values(encoder.copies),
                _hand_values(encoder.joker_copies),
            ]
        ).astype(np.float64)
        self._deck = np.array(spec.deck, dtype=np.int64)
        self._claimable = np.array(spec.claimable, dtype=np.int64)
        self._first_claims = np.array(spec.first_claims or (0,), dtype=np.int64)
        after = np.zeros((15, 14), dtype=np.int64)
        after_n = np.zeros(15, dtype=np.int64)
        for rank in range(-1, 14):
            ranks = spec.ranks_after(rank)
            after_n[rank + 1] = len(ranks)
            after[rank + 1, : len(ranks)] = ranks
        self._after, self._after_n = after, after_n
        groups = codec.groups
        group_cards = np.full((len(groups), 4), -1, dtype=np.int64)
        group_of = np.full(53, -1, dtype=np.int64)
        for g, key in enumerate(groups):
            cards = [JOKER] if g == codec.joker_group else [key * 4 + s for s in range(4)]
            group_cards[g, : len(cards)] = cards
            for c in cards:
                group_of[c] = g
        self._group_cards, self._group_of = group_cards, group_of
        items = codec.multisets.items
        counts = np.zeros((len(items), len(groups)), dtype=np.int64)
        for i, ms in enumerate(items):
            for g in ms:
                counts[i, g] += 1
        self._ms_counts = counts
        self._bad, self._big = _bit_rows(counts)
        self._scratch = np.zeros(len(groups) + 8 + k.NCARDS, dtype=np.int64)
        self._words = np.zeros(self._bad.shape[2], dtype=np.uint64)
        if r.max_cards > 15:  # pragma: no cover - fast_spec refuses plays of more than 8
            raise RuleError("the batched environment lays at most 15 cards of a group")

    # ------------------------------------------------------------------ the interface
    def reset(self, seed: int | None = None, deals: Any = None) -> Batch:
        """Every game dealt anew (``seed``: the deals' seed from here on, None keeps the
        sequence going or seeds from the operating system at first).  ``deals``: exact
        starting hands instead, one list of card texts per seat for each game (as
        ``new_game(deal=...)`` takes them)."""
        self._seed, self._started = _seeded(self._rng, seed, self._seed, self._started)
        if deals is not None:
            self._deal_exactly(deals)
            self._terminated[:] = False
            self._truncated[:] = False
            self._stalled[:] = False
            self._rewards[:] = 0.0
            self._final_seat[:] = -1
            steps.observe_batch(
                self._rows,
                self._cfg,
                self._fcfg,
                self._after_n,
                self._after,
                self._seats(),
                self._obs,
                self._abstract_tables.cfg,
            )
            steps.mask_batch(
                self._rows,
                self._cfg,
                self._bad,
                self._big,
                self._group_of,
                self._seat,
                self._concrete_mask,
                self._mask64,
                self._scratch,
                self._words,
            )
            self._abstract_masks()
            return self._batch()
        return self._step(np.full(self.num_envs, -1, dtype=np.int64))

    def _observe_into(self, seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
        steps.observe_batch(
            self._rows,
            self._cfg,
            self._fcfg,
            self._after_n,
            self._after,
            seats,
            out,
            self._abstract_tables.cfg,
        )

    def hands(self, game: int) -> list[list[str]]:
        """The hands of one game now, as card texts (for tests and debugging: no seat may
        read the others')."""
        lay = self._cfg[k.C_HAND]
        row = self._rows[game]
        out = []
        for s in range(self.players):
            held = row[lay + s * 53 : lay + (s + 1) * 53]
            out.append([CARD_TEXT[c] for c in range(53) for _ in range(int(held[c]))])
        return out

    # ------------------------------------------------------------------ inside
    def _seats(self) -> npt.NDArray[np.int64]:
        for e in range(self.num_envs):
            self._seat[e] = k.acting_seat(self._rows[e], self._cfg)
        return self._seat

    def _deal_exactly(self, deals: Any) -> None:
        from ..cards import parse_deal  # (the engine's own parsing: the same errors)

        if not isinstance(deals, list | tuple) or len(deals) != self.num_envs:
            raise RuleError(f"deals must hold one deal per game ({self.num_envs} games)")
        hands = [parse_deal(deal, self.players, list(self.spec.deck), "deck") for deal in deals]
        cfg = self._cfg
        self._rows[:] = 0
        for e, deal in enumerate(hands):
            row = self._rows[e]
            for s, cards in enumerate(deal):
                for c in cards:
                    row[cfg[k.C_HAND] + s * 53 + c] += 1
                row[cfg[k.C_SIZE] + s] = len(cards)
        steps.start_dealt(self._rows, cfg, self._claimable, self._first_claims)

    def describe(self, action: int) -> str:
        if self.actions == "abstract":
            return ABSTRACT_NAMES[action]
        return self.codec.describe(action)

    def concrete_ids(self) -> npt.NDArray[np.int64]:
        """``actions="abstract"``: the concrete id (of the full action space) each abstract
        id of each game stands for now, (N, 16), -1 where it is not legal."""
        if self.actions != "abstract":
            raise RuleError("concrete_ids() is for actions='abstract'; these ids are concrete")
        return self._abstract_ids.copy()

    def _abstract_masks(self) -> None:
        if self.actions != "abstract":
            return
        t = self._abstract_tables
        abstract_batch(
            self._rows,
            self._cfg,
            t.cfg,
            t.group_of,
            t.ids,
            t.plays,
            self._seat,
            self._concrete_mask,
            self._mask,
            self._abstract_ids,
        )

    def _step(self, actions: npt.NDArray[np.int64]) -> Batch:
        if self.actions == "abstract" and actions[0] >= 0:  # (reset: every id is -1)
            actions = self._abstract_ids[np.arange(self.num_envs), actions]
        steps.step_batch(
            self._rows,
            self._rng,
            actions,
            self._cfg,
            self._fcfg,
            self._deck,
            self._claimable,
            self._first_claims,
            self._after,
            self._after_n,
            self._group_cards,
            self._group_of,
            self._ms_counts,
            self._bad,
            self._big,
            self._obs,
            self._concrete_mask,
            self._mask64,
            self._seat,
            self._rewards,
            self._terminated,
            self._truncated,
            self._stalled,
            self._final_obs,
            self._final_seat,
            self._scratch,
            self._words,
            self._abstract_tables.cfg,
            self._known,
            self._bscratch,
        )
        self._abstract_masks()
        return self._batch()


def _hand_values(copies: float) -> npt.NDArray[np.float64]:
    """The observation's value of 0, 1, 2... copies of a card in a hand, exactly as the encoder
    writes it: it adds ``1 / copies`` per card in float32 (a known place's value, ``min(1, k /
    copies)`` rounded once, the kernel works out itself)."""
    out = np.zeros(k.VALUES, dtype=np.float64)
    acc = np.float32(0.0)
    for held_copies in range(1, k.VALUES):
        acc = np.float32(acc + 1.0 / copies)
        out[held_copies] = float(acc)
    return out


def _mask_buffers(
    games: int, actions: int, cfg: npt.NDArray[np.int64]
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.uint64]]:
    """The masks (games, actions) and the same memory as 64-bit words: each row padded so
    that the first play id starts a word (the kernel writes eight ids at once there), its
    padding kept in ``cfg``.  On a big-endian machine the words are left out (bytes only)."""
    start = int(cfg[k.C_PLAY_START])
    pad = -start % 8
    stride = -(-(pad + actions) // 8) * 8
    buffer = np.zeros((games, stride), dtype=np.int8)
    cfg[k.C_MASK_PAD] = pad
    mask = buffer[:, pad : pad + actions]
    if sys.byteorder != "little":  # pragma: no cover - every machine CI runs on is little
        return mask, np.zeros((games, 0), dtype=np.uint64)
    return mask, buffer.view(np.uint64)


def _bit_rows(
    counts: npt.NDArray[np.int64],
) -> tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]:
    """The action table's multisets (``counts[i, g]``: cards of group ``g`` in multiset ``i``)
    as bit rows, bit ``i`` of word ``i // 64`` (past the last multiset every bit is set, so
    no play is read there): ``bad[g, k]`` marks the multisets with more than ``k`` cards of
    group ``g``, ``big[m]`` those of more than ``m`` cards."""
    size, ngroups = counts.shape
    words = -(-size // 64)
    top = int(counts.max()) if size else 0
    sizes = counts.sum(axis=1)

    def pack(marked: npt.NDArray[np.bool_]) -> npt.NDArray[np.uint64]:
        bits = np.ones(words * 64, dtype=np.bool_)
        bits[:size] = marked
        return np.packbits(bits, bitorder="little").view(np.uint64)

    bad = np.zeros((ngroups, top + 1, words), dtype=np.uint64)
    for g in range(ngroups):
        for most_held in range(top + 1):
            bad[g, most_held] = pack(counts[:, g] > most_held)
    most = int(sizes.max()) if size else 0
    big = np.stack([pack(sizes > m) for m in range(most + 1)])
    return bad, big


def _seeded(
    rng: npt.NDArray[np.uint64], seed: Any, current: int | None, started: bool
) -> tuple[int | None, bool]:
    """Seeds every game's generator where ``seed`` is given, or at the first reset (from
    ``current``, the seed given at construction, or the operating system); returns the seed
    in force and that the batch has started."""
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
            raise RuleError(f"seed must be a whole number, not {quote(seed)}")
        current = int(seed)
    if seed is not None or not started:
        base = (
            current
            if current is not None
            else int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> 1)
        )
        steps.seed_batch(rng, base & ((1 << 63) - 1))
    return current, True


def _read_only(array: Any) -> Any:
    """A read-only view of one of the batch's buffers (the next call rewrites them)."""
    view = array.view()
    view.flags.writeable = False
    return view
