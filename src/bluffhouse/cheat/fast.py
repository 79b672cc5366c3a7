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

The parts live in their own modules, all re-exported here: :mod:`.fast_spec` (which rules,
the rules as ints, action ids), :mod:`.fast_game` (:class:`FastCheat`) and :mod:`.fast_kernel`
(:func:`simulate_random` and its kernel); this module adds the check against the reference
engine (:func:`replay_check`, :func:`action_dict`, :func:`action_id`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import CARD_TEXT, RANK_INDEX, rank_text
from .fast_game import OVER as OVER
from .fast_game import PHASE_NAMES as PHASE_NAMES
from .fast_game import TURN as TURN
from .fast_game import WINDOW as WINDOW
from .fast_game import FastCheat
from .fast_game import play_random_game as play_random_game
from .fast_kernel import HAVE_NUMBA, SimResult, simulate_random
from .fast_kernel import warm_up as warm_up
from .fast_spec import (
    CALL,
    PASS,
    FastSpec,
    decode_play,
    encode_play,
    spec_for,
    supported_presets,
    supports,
    unsupported_reason,
)
from .fast_spec import JOKER_SLOT as JOKER_SLOT
from .fast_spec import MAX_ACTIONS as MAX_ACTIONS
from .fast_spec import PACK_MASK as PACK_MASK
from .fast_spec import PLAY_SHIFT as PLAY_SHIFT
from .fast_spec import SLOTS as SLOTS
from .fast_spec import slot_of as slot_of

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
            mine = [
                c for c in hand if (c == "JK" if slot == JOKER_SLOT else c != "JK" and c[0] == key)
            ]
            if len(mine) < k:
                raise AssertionError(f"hand {hand} lacks {k} x {key}")
            cards.extend(mine[:k])
    return {
        "type": "play",
        "cards": cards,
        "claim": {"rank": rank_text(claim), "count": len(cards)},
    }


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
    ref: Any = new_game(
        spec.game_id,
        players=spec.players,
        seed=0,
        deal=[[CARD_TEXT[c] for c in hand] for hand in deal],
        first=first,
        **options,
    )
    fast = FastCheat(spec, deal, first)

    def compare(where: str) -> None:
        # the spectator's view without its event log (which grows with the game)
        view = {"hand_sizes": ref._hand_sizes(), **ref._view_extra(None)}
        assert fast.to_act == ref.to_act, f"{where}: to_act {fast.to_act} != {ref.to_act}"
        assert PHASE_NAMES[fast.phase] == view["phase"], f"{where}: phase {view['phase']}"
        assert fast.sizes == view["hand_sizes"], (
            f"{where}: hand sizes {fast.sizes} != {view['hand_sizes']}"
        )
        assert fast.pile_size == view["pile_size"], f"{where}: pile size"
        claims = None if fast.phase != TURN else [rank_text(r) for r in fast.allowed]
        if fast.phase == OVER:
            claims = view["claim_ranks"]
        assert claims == view["claim_ranks"], f"{where}: claims {claims} != {view['claim_ranks']}"
        cr = fast.claim_rank()
        assert (None if cr is None else rank_text(cr)) == view["claim_rank"], (
            f"{where}: claim_rank {cr} != {view['claim_rank']}"
        )
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
