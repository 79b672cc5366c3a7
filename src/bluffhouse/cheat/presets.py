"""Every named game of the Cheat family: seeds 000 (Bluff), 001 (Popcorn) and 004 (Bullsh*t and
its variations A-W), each a set of option values over :class:`CheatRules`."""

from __future__ import annotations

from typing import Any

from ..registry import Preset, register
from .engine import CheatGame

SEED_BLUFF = "the Bluff rule text"
SEED_POPCORN = "the Popcorn rule text"
SEED_BS = "the Bullsh*t rule text"
#: One card a play sheds a hand slowly: normal games of those presets go up to ~6,000 actions
#: without progress (random bots), against ~730 for the rest (docs/rules/cheat.md, "Games that
#: stall"), so they get a higher no-progress limit than the family's default.
ONE_CARD_STALL_LIMIT = 10_000


BLUFF: dict[str, Any] = {
    "max_cards": 1,
    "sequence": "round",
    "first_rank": "any",
    "turn_pass": "round",
    "after_call_leader": "winner",
    "after_call_rank": "free",
    "last_card_truthful": True,
    "call_word": "Bluff",
}
POPCORN: dict[str, Any] = {
    "max_cards": 4,
    "after_call_leader": "next",
    "after_call_rank": "next",
    "call_word": "Popcorn",
}
BULLSHIT: dict[str, Any] = {
    "max_cards": 4,
    "turn_pass": "pickup",
    "after_call_leader": "loser",
    "after_call_rank": "same",
    "call_word": "Bullsh*t",
}
EIGHTSHIT: dict[str, Any] = {
    **BULLSHIT,
    "decks": 2,
    "jokers": 4,
    "deck_ranks": "auto",
    "sequence": "round",
    "first_rank": "any",
    "max_cards": 0,
    "count_lies": True,
    "callers": "anytime",
    "turn_pass": "none",
    "after_call_leader": "winner",
    "after_call_rank": "free",
    "discard_sets": True,
    "suit_lead_loses": 8,
    "end": "ranking",
}

# id, letter, title, summary, options, notes
VARIATIONS: list[tuple[str, str, str, str, dict[str, Any]]] = [
    (
        "rank_fork",
        "a",
        "Rank Fork",
        "Claim the same rank as the last play or one either side (A is both high and low).",
        {"sequence": "fork"},
    ),
    (
        "kings_cup",
        "b",
        "Pass (the King's cup)",
        "Every King picked up pours into the cup; the next to pick up after the fourth drinks it.",
        {"kings_cup": True},
    ),
    (
        "liar_liar",
        "c",
        "Liar, Liar",
        "You may lie about how many cards you laid; a call checks the count too.",
        {"count_lies": True},
    ),
    (
        "jokers_wild",
        "d",
        "Joker's Wild",
        "Two jokers in the pack, each any rank.",
        {"jokers": 2, "max_cards": 6},
    ),
    (
        "flying_solo",
        "e",
        "Flying Solo",
        "One card a play.",
        {"max_cards": 1, "stall_limit": ONE_CARD_STALL_LIMIT},
    ),
    (
        "specificity",
        "f",
        "Specificity",
        "One card a play, claiming the same suit as the previous play as well as the rank.",
        {"max_cards": 1, "claim_suit": True, "stall_limit": ONE_CARD_STALL_LIMIT},
    ),
    (
        "free_for_all",
        "g",
        "Free-for-All",
        "Any number of cards, any rank, and the count may be a lie.",
        {"sequence": "free", "first_rank": "any", "max_cards": 0, "count_lies": True},
    ),
    (
        "anything_goes_cheat",
        "h",
        "Cheat (anything goes)",
        "Get rid of cards by any means: hiding cards and the other table cheats are actions "
        "anyone may accuse until the next turn; a called player may lie about the cards laid, "
        "slipping matching cards from the hand into the show.",
        {"table_cheats": True, "call_answer": True},
    ),
    (
        "jokers_top",
        "i",
        "Joker's Top",
        "Two jokers as a rank of their own, claimed between Kings and Aces.",
        {"jokers": 2, "jokers_as": "rank"},
    ),
    (
        "check",
        "j",
        "Check",
        "Instead of calling you may look privately at the last play; then you may not call it.",
        {"check": True},
    ),
    (
        "eightshit",
        "k",
        "Eightsh*t",
        "Two packs with four wild jokers and a few ranks; the leader names the round's rank; any "
        "count, lies included; anyone calls until the next play; full sets of 8 are set aside.",
        dict(EIGHTSHIT),
    ),
    (
        "fourshit",
        "l",
        "Foursh*t",
        "Eightsh*t with one pack and two jokers (sets of 4 are set aside).",
        {**EIGHTSHIT, "decks": 1, "jokers": 2, "suit_lead_loses": 0},
    ),
    (
        "spanish_bluff",
        "m",
        "Spanish Bluff",
        "Eightsh*t that opens with a bidding war over who holds most of the highest rank.",
        {**EIGHTSHIT, "first_player": "bidding"},
    ),
    (
        "canadian_bluff",
        "n",
        "Canadian Bluff",
        "Eightsh*t where the first player to be dealt a jack face up starts.",
        {**EIGHTSHIT, "first_player": "first_jack"},
    ),
    (
        "egyptian_bluff",
        "o",
        "Egyptian Bluff",
        "The ace of hearts starts; claim the same rank or one either side; the winner of a call "
        "leads any rank.",
        {
            "first_player": "ace_of_hearts",
            "sequence": "fork",
            "after_call_leader": "winner",
            "after_call_rank": "free",
        },
    ),
    (
        "hawaiian_bluff",
        "p",
        "Hawaiian Bluff",
        "Anyone may call a play at any time until the next play is made.",
        {"callers": "anytime"},
    ),
    (
        "jump_in",
        "q",
        "Jump-in",
        "No turns: anybody may play the next rank or call at any time.",
        {"jump_in": True},
    ),
    (
        "royals_cheat",
        "r",
        "Royals Cheat",
        "Only A to 10 are claimed; jacks, queens and kings must be bluffed out.",
        {"claim_ranks": "A23456789T"},
    ),
    (
        "only_one",
        "s",
        "Only One",
        "A call turns over one of the played cards, at random.",
        {"reveal": "one"},
    ),
    (
        "chinese_bluff",
        "t",
        "Chinese Bluff",
        "On your turn: play more of the round's rank, skip, 'I doubt it' or 'I believe'.",
        {
            "sequence": "round",
            "first_rank": "any",
            "callers": "turn",
            "believe": True,
            "turn_pass": "round",
            "after_call_leader": "chinese",
            "after_call_rank": "free",
            "call_word": "I doubt it",
        },
    ),
    (
        "goes_without_saying",
        "u",
        "Goes without Saying",
        "Nobody says a word: turning an opponent's play over is the call.",
        {"call_word": "(turns the cards over)"},
    ),
    (
        "sinners_bluff",
        "v",
        "Sinner's Bluff",
        "After the first player goes out, play on for second, third and so on.",
        {"end": "ranking"},
    ),
    (
        "british_cheat",
        "w",
        "British Cheat",
        "Same rank or one either side; extra cards may be slipped into a play; hiding, slipping "
        "and peeking at cards and playing out of turn are allowed until someone accuses you "
        "before the next turn.",
        {"sequence": "fork", "count_lies": True, "table_cheats": True},
    ),
]


def _register_all() -> None:
    register(
        Preset(
            "bluff",
            CheatGame,
            "Bluff",
            "One card a play; the leader names the round's rank; pass, or call 'Bluff!'.",
            BLUFF,
            players=4,
            min_players=3,
            source=SEED_BLUFF,
        )
    )
    register(
        Preset(
            "popcorn",
            CheatGame,
            "Popcorn",
            "Ranks in sequence A,2..K,A; lay 1-4 cards claiming the rank; anyone may call "
            "'Popcorn!'.",
            POPCORN,
            players=4,
            source=SEED_POPCORN,
        )
    )
    register(
        Preset(
            "popcorn_two_decks",
            CheatGame,
            "Popcorn with two decks",
            "Popcorn for bigger groups: two packs shuffled together (a play holds up to 8 "
            "cards: as many as the packs hold of a rank).",
            {**POPCORN, "decks": 2, "max_cards": 8},
            players=6,
            source=SEED_POPCORN + ", variation 1",
        )
    )
    register(
        Preset(
            "popcorn_reverse",
            CheatGame,
            "Popcorn, reverse rank",
            "Popcorn from aces backwards: A, K, Q, J ...",
            {**POPCORN, "sequence": "down"},
            players=4,
            source=SEED_POPCORN + ", variation 2",
        )
    )
    register(
        Preset(
            "popcorn_up_or_down",
            CheatGame,
            "Popcorn, up or down",
            "Popcorn where each claim is one rank above or below the last (A neighbours 2 and K).",
            {**POPCORN, "sequence": "up_or_down"},
            players=4,
            source=SEED_POPCORN + ", variation 3",
        )
    )
    register(
        Preset(
            "popcorn_count_bluff",
            CheatGame,
            "Popcorn, bluff card count",
            "Popcorn where you may lay more (or fewer) cards than you say, up to five; a call "
            "checks the count.",
            {**POPCORN, "count_lies": True, "max_laid": 5},
            players=4,
            source=SEED_POPCORN + ", variation 4",
        )
    )
    register(
        Preset(
            "bullshit",
            CheatGame,
            "Bullsh*t",
            "The classic Cheat: ranks in sequence, lay any number face down, anyone calls; pass "
            "and you pick up the pile.",
            BULLSHIT,
            aliases=("cheat",),
            players=4,
            source=SEED_BS,
        )
    )
    register(
        Preset(
            "higherarchy",
            CheatGame,
            "Higherarchy",
            "Bullsh*t played on until one player is left holding cards: a full ranking.",
            {**BULLSHIT, "end": "ranking"},
            players=4,
            source=SEED_BS + " (Higherarchy)",
        )
    )
    for game_id, letter, title, summary, options in VARIATIONS:
        register(
            Preset(
                game_id,
                CheatGame,
                title,
                summary,
                {**BULLSHIT, **options},
                aliases=(f"bullshit_{letter}",),
                players=4,
                source=f"{SEED_BS}, variation {letter.upper()}",
            )
        )


_register_all()
