"""Small helpers shared by the Cheat-family tests: scripted games and terse actions."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import bluffhouse as bh
from bluffhouse.arena import SUITE_RULES
from bluffhouse.bots import Choices, make_bot
from bluffhouse.cheat import CheatGame
from typed_games import cheat_game as cheat_game

#: Every preset id of the Cheat family (aliases are checked separately).
PRESET_IDS = [
    "bluff",
    "popcorn",
    "popcorn_two_decks",
    "popcorn_reverse",
    "popcorn_up_or_down",
    "popcorn_count_bluff",
    "bullshit",
    "higherarchy",
    "rank_fork",
    "kings_cup",
    "liar_liar",
    "jokers_wild",
    "flying_solo",
    "specificity",
    "free_for_all",
    "anything_goes_cheat",
    "jokers_top",
    "check",
    "eightshit",
    "fourshit",
    "spanish_bluff",
    "canadian_bluff",
    "egyptian_bluff",
    "hawaiian_bluff",
    "jump_in",
    "royals_cheat",
    "only_one",
    "chinese_bluff",
    "goes_without_saying",
    "sinners_bluff",
    "british_cheat",
]
#: Variation letter -> preset id (seed 004, variations A-W).
LETTERS = dict(zip("abcdefghijklmnopqrstuvw", PRESET_IDS[8:], strict=True))

#: Eightsh*t's packs (A, 9-K twice, four jokers) dealt to four seats, thirteen each.
EIGHTSHIT_DEAL = [
    ["AS", "AD", "9S", "9H", "9D", "9C", "JS", "JS", "JD", "QD", "KS", "KH", "KC"],
    ["AH", "9H", "TS", "TD", "JH", "JD", "JC", "JC", "QH", "QH", "KH", "KC", "JK"],
    ["AS", "AH", "AD", "AC", "TS", "TD", "QS", "QS", "QD", "QC", "QC", "KS", "JK"],
    ["AC", "9S", "9D", "9C", "TH", "TH", "TC", "TC", "JH", "KD", "KD", "JK", "JK"],
]


#: A common house rule set, as the bot suite plays it: the leader names the rank, 1-3 cards,
#: two wild jokers, only the next player calls (a choice of its turn), the final play cannot
#: be called, sets put aside.
TURN_CALL_SETS: dict[str, Any] = dict(SUITE_RULES["turn_call_sets"][1])


def bot_turns(g: bh.Game, bots: list[Any], limit: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Play ``g`` with ``bots`` (one a seat, the first seat to act moving) for at most
    ``limit`` actions or to its end; each ``(seat, action)`` is yielded before it is applied,
    so the caller sees the state it was chosen in."""
    for _ in range(limit):
        if g.over:
            return
        seat = g.to_act[0]
        action = bots[seat].act(g.view(seat), Choices(g, seat))
        yield seat, action
        g.apply(seat, action)


def act_as(name: str, state: bh.Game, seat: int, seed: int = 1) -> dict[str, Any]:
    """The move bot ``name`` makes in ``seat`` (checked legal)."""
    action = make_bot(name, seed=seed).act(state.view(seat), Choices(state, seat))
    assert state.is_legal(seat, action), action
    return action


def new(
    game_id: str, deal: list[list[str]], first: int | None = None, seed: int = 1, **options: Any
) -> CheatGame:
    """A game with exact starting hands (the rest of the packs is out of play)."""
    game = bh.new_game(game_id, players=len(deal), seed=seed, deal=deal, first=first, **options)
    assert isinstance(game, CheatGame)
    return game


def play(
    state: bh.Game,
    seat: int,
    cards: list[str],
    rank: str,
    count: int | None = None,
    suit: str | None = None,
) -> None:
    claim: dict[str, Any] = {"rank": rank}
    if count is not None:
        claim["count"] = count
    if suit is not None:
        claim["suit"] = suit
    state.apply(seat, {"type": "play", "cards": list(cards), "claim": claim})


def call(state: bh.Game, seat: int) -> None:
    state.apply(seat, {"type": "call"})


def pas(state: bh.Game, seat: int) -> None:
    state.apply(seat, {"type": "pass"})


def decline_all(state: bh.Game, but: tuple[int, ...] = ()) -> None:
    """Every seat in the open challenge window (except ``but``) declines."""
    view = state.view(None)
    assert view["phase"] == "window", view["phase"]
    for seat in list(state.to_act):
        if seat not in but:
            pas(state, seat)


def hand(state: bh.Game, seat: int) -> list[str]:
    return list(state.view(seat)["hand"])


def events(state: bh.Game, kind: str, viewer: int | None = None) -> list[dict[str, Any]]:
    return [e for e in state.view(viewer)["events"] if e["type"] == kind]


def last_event(state: bh.Game, viewer: int | None = None) -> dict[str, Any]:
    event: dict[str, Any] = state.view(viewer)["events"][-1]
    return event


def all_cards(state: Any) -> Counter[int]:
    """Every card the state holds anywhere: hands, pile, discarded and hidden."""
    total: Counter[int] = Counter()
    for h in state.hands:
        total.update(h)
    total.update(state.pile)
    total.update(state.discarded)
    for h in state.hidden:
        total.update(h)
    return total


def claims_listed(state: bh.Game, seat: int) -> set[str]:
    return {a["claim"]["rank"] for a in state.legal_actions(seat) if a["type"] == "play"}


def types_listed(state: bh.Game, seat: int) -> set[str]:
    return {a["type"] for a in state.legal_actions(seat)}
