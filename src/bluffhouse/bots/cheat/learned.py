"""The Cheat family's side of the ``learned`` bot (:mod:`bluffhouse.bots.learned`): its
table (4-player ``bullshit``), its weights, and its abstract actions and belief features,
read from the seat's view (the research environments' ``actions="abstract"`` and
``beliefs=True`` take them from here, so the bot and its training see the same thing).

Its actions are the 16 abstract ones of :data:`ABSTRACT`: pass, call, or a play of ``t`` true
and ``b`` bluff cards, the cards picked as ``counter`` picks them.  Its beliefs
(:func:`belief_features`) are ``counter``'s card counting: the chance the last play is true,
each seat's call rate, its cards of the coming claims.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..base import Action, Choices, View

#: The weights shipped for the bot's Cheat table.
WEIGHTS = Path(__file__).with_name("learned_bullshit.npz")
#: The table they were trained for (their notes say the same).
GAME = "bullshit"
PLAYERS = 4


# ---------------------------------------------------------------------- the action abstraction
#: The abstract actions: let the moment go by (decline a call, or take the pile instead of
#: playing), call, or play ``t`` cards of the rank to claim and ``b`` bluff cards (1 to 4
#: cards in all).  Which cards is not the policy's choice: suits do not matter, and the bluff
#: cards are those it will not need soon (``counter``'s choice).
ABSTRACT: tuple[tuple[str, int, int], ...] = (
    ("pass", 0, 0),
    ("call", 0, 0),
    *(("play", t, b) for t in range(5) for b in range(5) if 1 <= t + b <= 4),
)
_PLAY_AT = {(t, b): i for i, (kind, t, b) in enumerate(ABSTRACT) if kind == "play"}
#: Belief features appended to the observation vector (see :func:`belief_features`).
BELIEFS = 24
_SCALE = 26.0  # hand and pile sizes are divided by this (two hands' worth) and clipped at 1


def knowledge(view: View) -> Any:
    """``counter``'s card counting of the view (folded over the log incrementally)."""
    from .knowledge import Knowledge

    return Knowledge.from_view(view)


def _rank_of(card: str) -> str:
    return card[0]


def _next_rank(view: View, k: Any) -> tuple[str | None, list[int]]:
    """The rank this seat must claim now (on turn) or will claim next (in a window, if the
    play stands), and the rank indexes of its next three claims after that."""
    from ...cards import RANK_INDEX, rank_text

    order = k.rules.claim_rank_list(k.players)
    claims = view.get("claim_ranks") or []
    n = k.players
    if view.get("phase") == "turn" and claims:
        now = RANK_INDEX[claims[0]]
        pos = order.index(now) if now in order else 0
    else:
        last = view.get("last_play") or {}
        if not last.get("rank"):
            return None, []
        pos = order.index(RANK_INDEX[last["rank"]]) if RANK_INDEX[last["rank"]] in order else 0
        pos += (view["seat"] - int(last["seat"])) % n
    step = -1 if k.rules.sequence == "down" else 1
    ranks = [order[(pos + step * n * i) % len(order)] for i in range(4)]
    return rank_text(ranks[0]), ranks[1:]


def belief_features(view: View, k: Any) -> Any:
    """What ``counter`` reads of the table, as ``BELIEFS`` numbers in [0, 1]: the phase, its
    cards of the rank to claim now or next and of its next three claims, hand and pile sizes,
    each other seat's hand and call rate (from the public record: an always-caller shows at
    once), the last play (claimed count, its player's cards left, the chance it is true by
    the count of cards, whether that player's called plays were mostly lies), and the
    no-progress count."""
    import numpy as np

    from ...cards import RANK_INDEX
    from .counter import is_liar
    from .knowledge import call_rates, p_truthful

    out = np.zeros(BELIEFS, dtype=np.float32)
    n = k.players
    me = view["seat"]
    hand = view.get("hand") or []
    sizes = view.get("hand_sizes") or [0] * n
    phase = view.get("phase")
    out[0] = phase == "turn"
    out[1] = phase == "window"
    rank, upcoming = _next_rank(view, k)
    held = Counter(RANK_INDEX[_rank_of(c)] for c in hand if c != "JK")
    if rank is not None:
        out[2] = held[RANK_INDEX[rank]] / 4
    for i, r in enumerate(upcoming[:3]):
        out[3 + i] = held[r] / 4
    out[6] = min(1.0, len(hand) / _SCALE)
    out[7] = min(1.0, int(view.get("pile_size") or 0) / _SCALE)
    rates = call_rates(k)
    for d in range(1, min(n, 4)):
        s = (me + d) % n
        out[6 + 2 * d] = min(1.0, sizes[s] / _SCALE)
        out[7 + 2 * d] = rates[s]
    last = view.get("last_play") or {}
    if last and phase == "window":
        player = int(last["seat"])
        out[14] = 1.0
        out[15] = int(last.get("count") or 0) / 4
        out[16] = min(1.0, sizes[player] / _SCALE)
        out[17] = sizes[player] == 0
        out[18] = p_truthful(k, view)
        out[19] = is_liar(k, player)
        out[20] = (player - me) % n / max(1, n - 1)
        claimed = RANK_INDEX[last["rank"]]
        out[21] = held[claimed] + int(last.get("count") or 0) > k.rank_total(claimed)
    table = view.get("table") or {}
    out[22] = min(1.0, int(table.get("quiet") or 0) / 1000)
    low = table.get("low") or []
    out[23] = bool(low) and len(hand) <= int(low[me])
    return out


def abstract_actions(view: View, k: Any, choices: Choices) -> dict[int, Action]:
    """The legal abstract actions now, each with the concrete action it stands for."""
    from ...cards import CARD_INDEX, CARD_TEXT, RANK_INDEX
    from .counter import _upcoming, _useless

    out: dict[int, Action] = {}
    for i, kind in ((0, "pass"), (1, "call")):
        if choices.is_legal({"type": kind}):
            out[i] = {"type": kind}
    claims = view.get("claim_ranks") or []
    if view.get("phase") != "turn" or not claims:
        return out
    rank = claims[0]
    hand = [CARD_INDEX[c] for c in view.get("hand") or []]
    true = [c for c in hand if k.matches(c, RANK_INDEX[rank])]
    future = set(_upcoming(k, view)[1:])
    for (t, b), i in _PLAY_AT.items():
        if t > len(true) or t + b > len(hand):
            continue
        spare = _useless(k, hand, true[:t], RANK_INDEX[rank], future)
        if b > len(spare):
            continue
        cards = [*true[:t], *spare[:b]]
        action = {
            "type": "play",
            "cards": [CARD_TEXT[c] for c in cards],
            "claim": {"rank": rank, "count": t + b},
        }
        if choices.is_legal(action):
            out[i] = action
    return out


def abstract_of(action: Action, view: View) -> int | None:
    """The abstract id of a concrete action (None: one the abstraction has no id for)."""
    kind = action.get("type")
    if kind == "pass":
        return 0
    if kind == "call":
        return 1
    claim = action.get("claim") or {}
    if kind != "play" or "cards" not in action or not claim.get("rank"):
        return None
    cards: Sequence[str] = list(action["cards"])
    t = sum(1 for c in cards if c != "JK" and _rank_of(c) == claim["rank"])
    return _PLAY_AT.get((t, len(cards) - t))
