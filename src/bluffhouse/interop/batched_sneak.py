"""N Sneak games stepped in lockstep in compiled code: the batched environment's Sneak (see
:mod:`.batched` for the interface, which this shares: :class:`~.batched.Batch`).

It covers every Sneak option (one or two packs, 2 to 7 players, the target score, either
reading of a challenge to a flaunt) and the action space's limits (``any_limit``,
``combo_limit``).  Observations and masks are exactly the PettingZoo and Gymnasium
environments' (a differential test compares them): the mask is the engine's own listing of a
turn, capped as the engine caps it for a big hand, made again in compiled code.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from ..cards import build_deck
from ..encodings import SneakCodec, SneakObservation
from ..errors import RuleError
from ..sneak.engine import LIST_LIMIT
from . import batched_sneak_kernel as k
from . import batched_sneak_steps as steps
from .batched import Batch, EngineSeededGames
from .table import build

__all__ = ["BatchedSneak"]

#: The ids of a mask noted to be cleared one by one; a mask of more is cleared whole.
MARKS = 1024


class SetTables(NamedTuple):
    """The codec's card sets as the kernel reads them: every set packed in an int64 (six bits
    a card, ``card + 1``), sorted, with its id, for the sneaks, the flaunts and the challenges
    (``offsets`` where each table starts, ``most`` its largest set); and each id's cards."""

    keys: npt.NDArray[np.int64]
    ids: npt.NDArray[np.int64]
    offsets: npt.NDArray[np.int64]
    most: npt.NDArray[np.int64]
    set_size: npt.NDArray[np.int64]
    set_cards: npt.NDArray[np.int8]


def _packed(cards: tuple[int, ...]) -> int:
    key = 0
    for i, c in enumerate(cards):
        key |= (c + 1) << (6 * i)
    return key


def set_tables(codec: SneakCodec) -> SetTables:
    """The kernel's tables of ``codec``'s card sets (see :class:`SetTables`)."""
    places = codec._ids
    keys: list[np.ndarray] = []
    ids: list[np.ndarray] = []
    offsets = [0]
    for kind in ("sneak", "flaunt", "challenge"):
        table = sorted((_packed(cards), i) for cards, i in places[kind].items())
        keys.append(np.array([key for key, _ in table], dtype=np.int64))
        ids.append(np.array([i for _, i in table], dtype=np.int64))
        offsets.append(offsets[-1] + len(table))
    most = max(codec.any_limit, codec.combo_limit)
    set_size = np.zeros(codec.size, dtype=np.int64)
    set_cards = np.zeros((codec.size, most), dtype=np.int8)
    for kind in ("sneak", "flaunt"):
        for cards, i in places[kind].items():
            set_size[i] = len(cards)
            set_cards[i, : len(cards)] = cards
    return SetTables(
        np.concatenate(keys),
        np.concatenate(ids),
        np.array(offsets, dtype=np.int64),
        np.array([codec.any_limit, codec.combo_limit, most], dtype=np.int64),
        set_size,
        set_cards,
    )


class BatchedSneak(EngineSeededGames):
    """``num_envs`` games of one Sneak configuration; the keywords and methods of
    :class:`~.batched.BatchedCheat` (and the action-space limits ``any_limit`` and
    ``combo_limit``, as the other environments take them)."""

    codec: SneakCodec
    encoder: SneakObservation

    def __init__(
        self,
        game: str = "sneak",
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
        if config.family != "sneak":
            raise RuleError(f"BatchedSneak plays Sneak; {config.game} is not Sneak")
        assert isinstance(codec, SneakCodec) and isinstance(encoder, SneakObservation)
        self.config, self.codec, self.encoder = config, codec, encoder
        self.rules = config.rules_object()
        n = config.players
        packs = int(self.rules.pack_count(n))
        self._deck = np.array(build_deck(packs), dtype=np.int64)
        self._set_tables = set_tables(codec)
        blocks = {name: start for name, start, _, _ in encoder.layout.blocks}
        lay = k.row_layout(n, self.history, packs)
        cfg = np.zeros(k.N_CONFIG, dtype=np.int64)
        values = {
            k.C_N: n,
            k.C_HIST: self.history,
            k.C_PACKS: packs,
            k.C_TARGET: int(self.rules.target_score(n)),
            k.C_MUST_BEAT: int(self.rules.flaunt_challenges == "must_beat"),
            k.C_LIST_LIMIT: LIST_LIMIT,
            k.C_MAXSTEPS: self.max_steps or 0,
            k.C_REWARD_RANK: int(self.reward == "rank"),
            k.C_DRAW_ID: codec._by_kind["draw"].start,
            k.C_PASS_ID: codec._by_kind["pass"].start,
            k.C_SNEAK_START: codec._by_kind["sneak"].start,
            k.C_FLAUNT_START: codec._by_kind["flaunt"].start,
            k.C_NIDS: codec.size,
            k.C_NTYPES: len(encoder.EVENT_TYPES),
            k.C_O_HAND: blocks["hand"],
            k.C_O_SEATS: blocks["seats"],
            k.C_O_MISC: blocks["misc"],
            k.C_O_LEAD: blocks["lead"],
            k.C_O_OWN: blocks["own_challenge"],
            k.C_O_WON: blocks["won"],
            k.C_O_HIST: blocks["history"],
            k.C_HANDS: lay["hands"],
            k.C_SIZES: lay["sizes"],
            k.C_STOCK: lay["stock"],
            k.C_WON: lay["won"],
            k.C_SCORES: lay["scores"],
            k.C_STARTED: lay["started"],
            k.C_LEAD: lay["lead"],
            k.C_CHAL: lay["chal"],
            k.C_CHALLENGED: lay["challenged"],
            k.C_DECLINED: lay["declined"],
            k.C_WINDOW: lay["window"],
            k.C_SEEN: lay["seen"],
            k.C_EVENTS: lay["events"],
            k.C_RANK: lay["rank"],
            k.C_SHARED: lay["shared"],
            k.C_ROWLEN: lay["rowlen"],
        }
        for slot, value in values.items():
            cfg[slot] = value
        self._cfg = cfg
        self._buffers(int(cfg[k.C_ROWLEN]), seed)
        self._engine_seeds()
        #: each game's ids its mask marks, noted to be cleared alone (see the kernel's _mark)
        self._marks = np.zeros((num_envs, MARKS + 1), dtype=np.int64)

    # ------------------------------------------------------------------ the interface
    def _observe_into(self, seats: npt.NDArray[np.int64], out: npt.NDArray[np.float32]) -> None:
        steps.observe_batch(self._rows, self._cfg, seats, out)

    def hands(self, game: int) -> list[list[int]]:
        """The hands of one game now, as card ints in increasing order (for tests)."""
        at = int(self._cfg[k.C_HANDS])
        row = self._rows[game]
        return [
            [c for c in range(52) for _ in range(int(row[at + s * 52 + c]))]
            for s in range(self.players)
        ]

    def _step(self, actions: npt.NDArray[np.int64]) -> Batch:
        steps.step_batch(
            self._rows, self._rng, self._mt, self._game_seeds, actions, self._cfg, self._deck,
            self._set_tables, self._obs, self._mask, self._marks, self._seat, self._rewards,
            self._terminated, self._truncated, self._final_obs, self._final_seat,
        )  # fmt: skip
        return self._batch()
