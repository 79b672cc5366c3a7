"""N Poker Bull games stepped in lockstep in compiled code: the batched environment's Poker
Bull (see :mod:`.batched` for the interface, which this shares: :class:`~.batched.Batch`).

It covers Poker Bull on the whole pack with every option but the jokers leaving the game
(variation #5a, which changes the bids mid-game): shrinking and growing hands, recharges,
variation #4 (a higher hand makes the bid), either count of jokers, the bid orders; a reduced
pack (``lowest_rank``, ``suits``) is refused by name.  Observations and masks are exactly the
PettingZoo and Gymnasium environments' (a differential test compares them).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..encodings import PokerBullCodec, PokerBullObservation
from ..errors import RuleError
from ..pokerbull.bids import CATEGORIES, FULL, LIST_LIMIT, VALUE_OF
from ..pokerbull.fast import tables
from . import batched_poker_kernel as k
from .batched import Batch, EngineSeededGames
from .table import build

__all__ = ["BatchedPokerBull"]


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
        **options: Any,
    ) -> None:
        self._settings(num_envs, history, max_steps, reward)
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
        self._buffers(int(self._cfg[k.C_ROWLEN]), seed)
        self._engine_seeds()

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
    def _observe_into(self, seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
        k.observe_batch(self._rows, self._cfg, self._fcfg, self._cat, self._natural, seats, out)

    def hands(self, game: int) -> list[list[int]]:
        """The hands of one game now, as card ints in increasing order (for tests)."""
        at = int(self._cfg[k.C_HANDS])
        row = self._rows[game]
        return [
            [c for c in range(53) for _ in range(int(row[at + s * 53 + c]))]
            for s in range(self.players)
        ]

    def _step(self, actions: npt.NDArray[np.int64]) -> Batch:
        k.step_batch(
            self._rows, self._rng, self._mt, self._game_seeds, actions, self._cfg, self._fcfg,
            self._deck, self._value_of,
            self._cat, self._nspec, self._spec, self._natural, self._run_id, self._run_start,
            self._head, self._full, self._full_len, self._sub, self._sub_len, self._obs,
            self._mask, self._seat, self._rewards, self._terminated, self._truncated,
            self._stalled, self._final_obs, self._final_seat, self._scratch,
        )  # fmt: skip
        return self._batch()
