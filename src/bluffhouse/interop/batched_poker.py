"""N Poker Bull games stepped in lockstep in compiled code: the batched environment's Poker
Bull (see :mod:`.batched` for the interface, which this shares: :class:`~.batched.Batch`).

It covers Poker Bull on the whole pack with every option but the jokers leaving the game
(variation #5a, which changes the bids mid-game): shrinking and growing hands, recharges,
variation #4 (a higher hand makes the bid), either count of jokers, the bid orders; a reduced
pack (``lowest_rank``, ``suits``) is refused by name.  Observations and masks are exactly the
PettingZoo and Gymnasium environments' (a differential test compares them), and so are the
abstract actions and belief features (``actions="abstract"``, ``beliefs=True``:
:mod:`.batched_poker_abstract`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..encodings import PokerBullCodec, PokerBullObservation
from ..errors import RuleError, quote
from ..pokerbull.bids import CATEGORIES, FULL, LIST_LIMIT, VALUE_OF
from ..pokerbull.fast import tables
from . import batched_poker_kernel as k
from .abstract import check_actions
from .batched import Batch, EngineSeededGames
from .batched_poker_abstract import (
    POKER_ABSTRACT_SIZE,
    POKER_NAMES,
    PokerAbstractTables,
    poker_abstract_batch,
    seed_games,
)
from .table import build

__all__ = ["BatchedPokerBull"]


def _most_bids(codec: PokerBullCodec) -> int:
    """The most bids a hand can hold (every bid of the space, each higher than the last)."""
    return len(codec.space.bids) + 1


class BatchedPokerBull(EngineSeededGames):
    """``num_envs`` games of one Poker Bull configuration; the keywords and methods of
    :class:`~.batched.BatchedCheat`."""

    codec: PokerBullCodec
    encoder: PokerBullObservation

    def __init__(
        self,
        game: str = "poker_bull",
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
        if config.family != "poker_bull":
            raise RuleError(f"BatchedPokerBull plays Poker Bull; {config.game} is not Poker Bull")
        rules = config.rules_object()
        if rules.jokers_leave_at:
            raise RuleError(
                f"the batched environment does not cover {config.label}: its rules use "
                "jokers_leave_at (the jokers leaving changes the bids mid-game)"
            )
        if rules.universe != FULL:
            raise RuleError(
                f"the batched environment does not cover {config.label}: it plays the whole "
                "pack only (lowest_rank=2, suits=4)"
            )
        assert isinstance(codec, PokerBullCodec) and isinstance(encoder, PokerBullObservation)
        self.config, self.codec, self.encoder, self.rules = config, codec, encoder, rules
        self._tables()
        #: the abstraction's tables and each game's generator (abstract ids or beliefs)
        self._judging: PokerAbstractTables | None = None
        if self.actions == "abstract" or beliefs:
            most = rules.stall_limit or _most_bids(codec)
            self._judging = PokerAbstractTables(
                codec.space, rules.pack(rules.jokers), num_envs, most
            )
            self._extra_obs = POKER_ABSTRACT_SIZE if beliefs else 0
        self._buffers(int(self._cfg[k.C_ROWLEN]), seed)
        self._engine_seeds()
        self._concrete_mask = self._mask
        if self._judging is not None:
            self._abstract_mask = np.zeros((num_envs, POKER_ABSTRACT_SIZE), dtype=np.int8)
            self._abstract_ids = np.full((num_envs, POKER_ABSTRACT_SIZE), -1, dtype=np.int64)
            self._features = np.zeros((num_envs, POKER_ABSTRACT_SIZE), dtype=np.float32)
            self._fresh = np.ones(num_envs, dtype=np.bool_)
            if self.actions == "abstract":
                self._mask = self._abstract_mask
                self.num_actions = POKER_ABSTRACT_SIZE

    def _tables(self) -> None:
        r, codec, encoder = self.rules, self.codec, self.encoder
        n = self.config.players
        space = codec.space
        t = tables(r, True)
        if t.n != len(space.bids):  # pragma: no cover - one bid table for both
            raise RuntimeError("the integer engine's bid table is not the codec's")
        blocks = {name: start for name, start, _, _ in encoder.layout.blocks}
        lay = k.row_layout(n, self.history)
        cfg = np.zeros(k.N_CONFIG, dtype=np.int64)
        values = {
            k.C_N: n,
            k.C_HIST: self.history,
            k.C_GROW: int(r.mode == "grow"),
            k.C_GROW_LIMIT: r.grow_limit,
            k.C_RECHARGE: r.recharge_at,
            k.C_STALL: r.stall_limit,
            k.C_HIGHER: int(r.higher_hand_counts),
            k.C_LIST_LIMIT: LIST_LIMIT,
            k.C_NBIDS: t.n,
            k.C_START_SIZE: r.start_size(n),
            k.C_NDECK: len(r.pack(r.jokers)),
            k.C_JOKERS: r.jokers,
            k.C_MAXSTEPS: self.max_steps or 0,
            k.C_CALL_ID: codec._by_kind["call"].start,
            k.C_BID_START: codec._by_kind["bid"].start,
            k.C_NTYPES: len(encoder.EVENT_TYPES),
            k.C_NCATS: len(CATEGORIES),
            k.C_REWARD_RANK: int(self.reward == "rank"),
            k.C_O_HAND: blocks["hand"],
            k.C_O_SEATS: blocks["seats"],
            k.C_O_BID: blocks["bid"],
            k.C_O_BIDS: blocks["bids"],
            k.C_O_MISC: blocks["misc"],
            k.C_O_SHOW: blocks["showdown"],
            k.C_O_HIST: blocks["history"],
            k.C_SIZES: lay["sizes"],
            k.C_OUT: lay["out"],
            k.C_HANDS: lay["hands"],
            k.C_BIDHIST: lay["bidhist"],
            k.C_SHOWN: lay["shown"],
            k.C_EVENTS: lay["events"],
            k.C_RANK: lay["rank"],
            k.C_ROWLEN: lay["rowlen"],
        }
        for slot, value in values.items():
            cfg[slot] = value
        self._cfg = cfg
        self._fcfg = np.array([encoder.bids], dtype=np.float64)
        self._deck = np.array(r.pack(r.jokers), dtype=np.int64)
        self._value_of = np.array([*VALUE_OF, 0], dtype=np.int64)  # (the joker: unused)
        self._cat, self._nspec, self._spec, self._natural = t.cat, t.nspec, t.spec, t.natural
        self._full = np.asarray(t.full).reshape(-1, t.n)
        self._full_len = np.asarray(t.full_len)
        self._sub = np.asarray(t.sub).reshape(-1, t.n)
        self._sub_len = np.asarray(t.sub_len)
        # the runs of bids sharing a level and the start of their specification (best hand)
        runs = space._runs()
        run_ids = {run: i for i, run in enumerate(runs)}
        run_id = np.zeros((t.n, 6), dtype=np.int64)
        run_start = np.zeros((t.n, 6), dtype=np.int64)
        for i, b in enumerate(space.bids):
            for depth in range(len(b.spec)):
                run = (space.keys[i][0], b.cat, b.spec[:depth])
                run_id[i, depth] = run_ids[run]
                run_start[i, depth] = runs[run][0]
        head = np.full((len(runs), 9), -1, dtype=np.int64)
        for run, i in run_ids.items():
            bid = runs[run][1]
            head[i, :3] = (bid.cat, len(bid.spec), int(bid.natural))
            head[i, 3 : 3 + len(bid.spec)] = bid.spec
        self._run_id, self._run_start, self._head = run_id, run_start, head
        self._scratch = np.zeros(17 + len(runs), dtype=np.int64)

    # ------------------------------------------------------------------ the interface
    def reset(self, seed: int | None = None) -> Batch:
        """Every game dealt anew (``seed``: as :meth:`BatchedCheat.reset`); with the
        abstraction, each game's generator of imagined deals seeded from it too
        (:meth:`abstraction_seeds`)."""
        first = not self._started
        batch = super().reset(seed)
        if self._judging is not None:
            if seed is not None or first:
                state = np.random.SeedSequence(self._seed).generate_state(self.num_envs, np.uint64)
                seed_games(self._judging, (state >> np.uint64(1)).astype(np.int64))
            self._judge(np.full(self.num_envs, -1, dtype=np.int64))
        return batch

    def abstraction_seeds(self) -> npt.NDArray[np.int64]:
        """Each game's seed of its imagined deals: ``PokerBullAbstraction(config, seed)``
        (the Python environments' abstraction) judges its decisions alike."""
        if self._judging is None:
            raise RuleError("abstraction_seeds() is for actions='abstract' or beliefs=True")
        return self._judging.seeds.copy()

    def concrete_ids(self) -> npt.NDArray[np.int64]:
        """``actions="abstract"``: the concrete id each abstract id of each game stands for
        now, (N, 7), -1 where it is not legal."""
        if self.actions != "abstract":
            raise RuleError("concrete_ids() is for actions='abstract'; these ids are concrete")
        return self._abstract_ids.copy()

    def describe(self, action: int) -> str:
        if self.actions == "abstract":
            return POKER_NAMES[action]
        return self.codec.describe(action)

    def _observe_into(self, seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
        k.observe_batch(self._rows, self._cfg, self._fcfg, self._cat, self._natural, seats, out)
        if self.beliefs:  # the seat asked has its judgement; the others have none to make
            asked = seats == self._seat
            out[asked, self.encoder.size :] = self._features[asked]

    def hands(self, game: int) -> list[list[int]]:
        """The hands of one game now, as card ints in increasing order (for tests)."""
        at = int(self._cfg[k.C_HANDS])
        row = self._rows[game]
        return [
            [c for c in range(53) for _ in range(int(row[at + s * 53 + c]))]
            for s in range(self.players)
        ]

    def _step(self, actions: npt.NDArray[np.int64]) -> Batch:
        if self.actions == "abstract" and actions[0] >= 0:
            actions = self._abstract_ids[np.arange(self.num_envs), actions]
        k.step_batch(
            self._rows, self._rng, self._mt, self._game_seeds, actions, self._cfg, self._fcfg,
            self._deck, self._value_of,
            self._cat, self._nspec, self._spec, self._natural, self._run_id, self._run_start,
            self._head, self._full, self._full_len, self._sub, self._sub_len, self._obs,
            self._concrete_mask, self._seat, self._rewards, self._terminated, self._truncated,
            self._stalled, self._final_obs, self._final_seat, self._scratch,
        )  # fmt: skip
        if self._judging is not None and actions[0] >= 0:  # (reset judges once seeded)
            self._judge(actions)
        return self._batch()

    def _judge(self, actions: npt.NDArray[np.int64]) -> None:
        """The abstraction's judgement of each game's decision now (after every step)."""
        t = self._judging
        assert t is not None
        self._fresh |= self._terminated | self._truncated | (actions < 0)
        poker_abstract_batch(
            self._rows, self._cfg, self._cat, self._nspec, self._spec, self._natural,
            self._run_id, self._run_start, self._head, self._full, self._full_len,
            self._concrete_mask, self._fresh, t.support, t.pack, t.value_of, t.levels, t.mt,
            t.bids, t.cap, self._abstract_mask, self._abstract_ids, self._features,
        )  # fmt: skip
        self._fresh[:] = False
        if self.beliefs:
            size = self.encoder.size
            self._obs[:, size:] = self._features
            self._final_obs[:, size:] = 0.0
