"""The rules the integer Cheat engine plays, reduced to ints, and its action ids.

Shared by both paths of :mod:`.fast` (the step-by-step :class:`~.fast_game.FastCheat` and the
bulk kernel of :mod:`.fast_kernel`) and by its check against the reference engine: which rules
it covers (:func:`supports`), the rules in force as ints (:class:`FastSpec`), and the int form
of an action (:data:`PASS`, :data:`CALL`, :func:`encode_play`, :func:`decode_play`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import JOKER, RANK_INDEX, build_deck
from ..registry import lookup, presets
from .rules import CheatRules

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


# ====================================================================== which rules
def unsupported_reason(rules: CheatRules) -> str | None:
    """Why this engine cannot play ``rules`` (None: it can)."""
    checks: list[tuple[bool, str]] = [
        (not 1 <= rules.max_cards <= 8, "max_cards must be 1..8"),
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
        (rules.turn_limit != 0, "turn_limit"),
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
            self.players,
            self.seq,
            self.max_cards,
            int(self.wild),
            self.callers,
            self.turn_pass,
            self.leader,
            self.after_rank,
            int(self.ranking),
            int(self.kings_cup),
            self.first_player,
            len(self.claimable),
            len(self.first_claims),
            len(self.deck),
            first,
            max_steps,
            trace,
            self.stall_limit,
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
    """The rank slot a card counts in (jokers apart, in slot 13)."""
    return JOKER_SLOT if card == JOKER else card >> 2
