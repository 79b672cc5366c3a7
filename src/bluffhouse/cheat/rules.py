"""The options of the Cheat family (Bluff, Popcorn, Bullsh*t and all its variations)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from ..cards import RANK_INDEX, parse_rank_set
from ..errors import RuleError
from ..rules import Rules, option

SEQUENCES = ("up", "down", "up_or_down", "fork", "round", "free")
CALLERS = ("anyone", "next", "turn", "anytime")
TURN_PASS = ("none", "round", "pickup", "open")
LEADERS = ("loser", "winner", "next", "chinese")
AFTER_RANK = ("same", "next", "free")
FIRST_PLAYER = ("left_of_dealer", "ace_of_hearts", "first_jack", "bidding")
#: The default of ``stall_limit`` (measured: see docs/rules/cheat.md, "Games that stall").
STALL_LIMIT = 1000


@dataclass(frozen=True)
class CheatRules(Rules):
    """Every rule of the Cheat family as data; presets are sets of values for these fields."""

    GROUPS: ClassVar[Mapping[str, str]] = {
        "cards": "The cards",
        "claims": "Playing and claiming",
        "calls": "Calling a bluff",
        "turns": "Turns and table habits",
        "ending": "How it ends",
        "extras": "Extras",
    }
    WORDS: ClassVar[Mapping[str, tuple[str, str]]] = {
        "decks": ("cards", "Packs shuffled together"),
        "jokers": ("cards", "Jokers in the packs"),
        "jokers_as": ("cards", "What a joker is"),
        "deck_ranks": ("cards", "Ranks in the packs"),
        "claim_ranks": ("claims", "Ranks that may be claimed"),
        "sequence": ("claims", "How the claimed rank moves"),
        "first_rank": ("claims", "The first claim"),
        "max_cards": ("claims", "Most cards in one play"),
        "count_lies": ("claims", "The count may be a lie too"),
        "max_laid": ("claims", "Most cards laid in one play"),
        "claim_suit": ("claims", "Claim a suit as well"),
        "callers": ("calls", "Who may call"),
        "reveal": ("calls", "What a call turns over"),
        "believe": ("calls", "'I believe' is a move"),
        "check": ("calls", "Check a play privately"),
        "after_call_leader": ("calls", "Who leads after a call"),
        "after_call_rank": ("calls", "The rank after a call"),
        "final_call": ("calls", "The last card may be called"),
        "last_card_truthful": ("calls", "The last card must be true"),
        "lie_out_takes_pile": ("calls", "Going out on a lie takes the pile"),
        "call_answer": ("calls", "A called player may answer"),
        "call_word": ("calls", "What a call is called"),
        "turn_pass": ("turns", "Passing your turn"),
        "first_player": ("turns", "Who plays first"),
        "jump_in": ("turns", "No turns: anyone plays any time"),
        "table_cheats": ("turns", "Cheating at the table is allowed"),
        "discard_sets": ("turns", "Four of a kind leave play"),
        "suit_lead_loses": ("turns", "Leading many of one suit loses"),
        "end": ("ending", "When the game ends"),
        "turn_limit": ("ending", "Plays before the game stops (fewest cards win)"),
        "stall_limit": ("ending", "Moves without progress before the game stops"),
        "kings_cup": ("extras", "King's cup (a drinking game)"),
    }
    RANK_INPUTS: ClassVar[Mapping[str, str]] = {
        "deck_ranks": "ranks",
        "claim_ranks": "ranks",
        "first_rank": "rank",
    }

    FAMILY: ClassVar[str] = "cheat"

    decks: int = option(
        1, "Packs shuffled together (two packs hold 8 of every card).", low=1, high=2
    )
    jokers: int = option(0, "Jokers added to the packs.", choices=(0, 1, 2, 3, 4))
    jokers_as: str = option(
        "wild",
        "wild: a joker is any rank when a call checks a play; rank: jokers are a rank of their "
        "own, claimed between K and A in the sequence (Joker's Top).",
        choices=("wild", "rank"),
    )
    deck_ranks: str = option(
        "all",
        "Ranks in the packs: 'all', 'auto' (as many ranks as players plus two, the highest ones "
        "with aces high: A K Q J ... (four players: 9 T J Q K A); Eightsh*t's 'a couple more "
        "ranks than players'), or rank letters such as '5789TJK'.",
    )
    claim_ranks: str = option(
        "all",
        "Ranks that may be claimed: 'all' (every rank in the packs) or rank letters; cards of "
        "other ranks must be bluffed out (Royals Cheat: 'A23456789T').",
    )
    sequence: str = option(
        "up",
        "How the claimed rank moves: up (A,2..K,A), down (A,K,Q..), up_or_down (one above or "
        "below the last claim), fork (the same or one either side), round (the leader of a round "
        "names any rank and everyone follows it until the round ends), free (any rank, any time).",
        choices=SEQUENCES,
    )
    first_rank: str = option(
        "A", "The rank the very first play must claim, or 'any' (the first player chooses)."
    )
    max_cards: int = option(
        4,
        "Most cards in one play (0: no limit). Exactly one card a play is max_cards=1.",
        low=0,
        high=12,
    )
    count_lies: bool = option(
        False,
        "The claimed count may differ from the cards laid (Liar Liar, Eightsh*t, Free-for-All); "
        "a call then checks the count too.",
    )
    max_laid: int = option(
        0,
        "Most cards laid in one play where counts may lie (count_lies), when it differs from "
        "max_cards, which then limits only the claimed count (0: as max_cards). Popcorn's "
        "bluff card count: claim 1-4, lay up to 5 ('four cards, or five if you really want "
        "to risk it').",
        low=0,
        high=12,
    )
    claim_suit: bool = option(
        False,
        "Plays claim a suit too, the same suit as the previous play (Specificity); a call "
        "checks it.",
    )
    callers: str = option(
        "anyone",
        "Who may call a play: anyone (a window after each play), next (only the next player), turn "
        "(the next player, as a choice of their turn: Chinese Bluff), anytime (anyone, until the "
        "next play is made: Hawaiian).",
        choices=CALLERS,
    )
    reveal: str = option(
        "all",
        "What a call turns over: all the cards, or one of them at random (Only One).",
        choices=("all", "one"),
    )
    turn_pass: str = option(
        "none",
        "What a player may do instead of playing: none; round (pass; when everyone else has "
        "passed the pile is discarded unseen and the last passer leads a new round: Bluff, "
        "Chinese Bluff's skip); pickup (take the pile and its penalty: Bullsh*t); open (a "
        "house rule, with callers='turn': pass, leaving the last play open to a call by the "
        "next player on their turn; when everyone else has passed, the last player to have "
        "played leads a new round and the pile stays).",
        choices=TURN_PASS,
    )
    believe: bool = option(
        False,
        "Chinese Bluff's 'I believe': right, the pile leaves the game and the believer leads; "
        "wrong, the believer takes the pile and the next player leads.",
    )
    check: bool = option(
        False,
        "A player who may call may instead look privately at the last play, and then may "
        "not call it (Check).",
    )
    after_call_leader: str = option(
        "loser",
        "Who plays next after a call: loser (who took the pile), winner, next (the player after "
        "the one called), chinese (the caller if right, else the player after the caller).",
        choices=LEADERS,
    )
    after_call_rank: str = option(
        "same",
        "The rank after a call: same (the called rank again), next (the sequence goes on), free "
        "(a new round: the leader names any rank).",
        choices=AFTER_RANK,
    )
    final_call: bool = option(
        True,
        "A play that empties a hand can be called; a player goes out only when it stands.",
    )
    lie_out_takes_pile: bool = option(
        False,
        "A house rule: a play that empties a hand and stands uncalled is turned over; a lie, "
        "and its player takes the pile instead of going out.",
    )
    last_card_truthful: bool = option(
        False,
        "A player may go out only with a truthful play, which ends their game at once (Bluff).",
    )
    discard_sets: bool = option(
        False,
        "A player who holds every natural card of a rank (4 a pack) puts them aside, out of play "
        "(Eightsh*t).",
    )
    suit_lead_loses: int = option(
        0,
        "A player who leads this many or more cards all of one suit loses at once (Eightsh*t: 8; "
        "0: never).",
        low=0,
        high=13,
    )
    first_player: str = option(
        "left_of_dealer",
        "Who plays first: left_of_dealer (seat 0), ace_of_hearts (its holder), first_jack (deal "
        "face up until a jack shows: Canadian), bidding (a bidding war over who holds most of the "
        "highest rank, which can be called: Spanish).",
        choices=FIRST_PLAYER,
    )
    end: str = option(
        "first_out",
        "first_out: the game ends when one player is out; ranking: play on until one player "
        "holds cards (Higherarchy, Sinner's Bluff, Eightsh*t).",
        choices=("first_out", "ranking"),
    )
    turn_limit: int = option(
        0,
        "A cap on the game: once this many plays have been made and the last of them is "
        "settled (let stand or called), the game ends, ranked by the cards held, fewest "
        "first (several sharing the fewest: no winner); result 'end': 'turn_limit' (0: no "
        "cap).",
        low=0,
    )
    stall_limit: int = option(
        STALL_LIMIT,
        "The no-progress rule: after this many actions in a row without progress (no hand "
        "smaller than its smallest yet, nobody out, no cards out of play) the game ends, "
        "ranked by cards held, fewest first; result 'end': 'stalled' (0: never). Normal "
        "games never come near it (docs/rules/cheat.md, 'Games that stall').",
        low=0,
    )
    kings_cup: bool = option(
        False,
        "Variation B: every King picked up with a pile pours a sip into the cup; after the "
        "fourth King the next player to pick up a pile drinks the cup.",
    )
    jump_in: bool = option(False, "No turns: any player may play or call at any time (Jump-in).")
    table_cheats: bool = option(
        False,
        "British Cheat: hiding a card, slipping a card to another player, peeking at a "
        "neighbour's card and playing out of turn are actions; any player may accuse a cheat "
        "until the next player takes their turn, and a caught cheat takes the pile.",
    )
    call_answer: bool = option(
        False,
        "Cheat (variation H): a called player answers the call: 'show' turns the laid cards "
        "over, or a show naming other cards lies about them, matching cards of the hand "
        "slipped in place of laid ones. Needs table_cheats: until the next turn anyone but "
        "the caller may accuse a show that stood, the pile the caller took being the stake.",
    )
    call_word: str = option("Bullsh*t", "What a call is called at this table (shown to players).")

    # ---------------------------------------------------------------- derived
    def deck_rank_list(self, players: int) -> list[int]:
        if self.deck_ranks == "all":
            return list(range(13))
        if self.deck_ranks == "auto":
            # the players + 2 highest ranks, aces high: A K Q J .. (all 13 from 11 players)
            high_first = [0, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]
            return sorted(high_first[: min(13, players + 2)])
        return parse_rank_set(self.deck_ranks, "deck_ranks")

    def claim_rank_list(self, players: int) -> list[int]:
        """Claimable ranks in sequence order (jokers, as a rank, sit between K and A)."""
        deck = self.deck_rank_list(players)
        if self.claim_ranks == "all":
            ranks = list(deck)
        else:
            ranks = parse_rank_set(self.claim_ranks, "claim_ranks")
        if self.jokers and self.jokers_as == "rank":
            ranks.append(13)
        return ranks

    def validate(self, players: int) -> None:
        if self.jokers > 2 * self.decks:
            raise RuleError(
                f"option jokers: {self.decks} pack(s) have at most {2 * self.decks} jokers"
            )
        deck = self.deck_rank_list(players)
        claims = self.claim_rank_list(players)
        if self.first_rank != "any":
            if self.first_rank not in RANK_INDEX:
                raise RuleError(f"option first_rank: {self.first_rank!r} is not a rank or 'any'")
            if RANK_INDEX[self.first_rank] not in claims:
                raise RuleError(
                    f"option first_rank: {self.first_rank} cannot be claimed in this game"
                )
        if self.first_player == "first_jack" and 10 not in deck:
            raise RuleError("option first_player: first_jack needs jacks in the packs")
        if self.first_player == "ace_of_hearts" and 0 not in deck:
            raise RuleError("option first_player: ace_of_hearts needs aces in the packs")
        if self.claim_suit and self.max_cards != 1:
            raise RuleError("option claim_suit: a suit claim needs one card a play (max_cards=1)")
        if self.turn_pass == "open" and self.callers != "turn":
            raise RuleError(
                "option turn_pass: 'open' leaves a play open to the next player's call on their "
                "turn; it needs callers='turn'"
            )
        if self.lie_out_takes_pile and (self.last_card_truthful or not self.final_call):
            raise RuleError(
                "option lie_out_takes_pile: a last play must be one that can be a lie and can "
                "stand uncalled (last_card_truthful off, final_call on)"
            )
        if self.believe and self.callers != "turn":
            raise RuleError("option believe: 'I believe' is a turn choice; it needs callers='turn'")
        if self.jump_in and (self.callers not in ("anyone",) or self.table_cheats):
            raise RuleError(
                "option jump_in: with no turns, callers must be 'anyone' and table cheats are off"
            )
        if self.jump_in and self.first_player == "bidding":
            raise RuleError("option jump_in: a game without turns has no bidding for first player")
        if self.call_answer and not (
            self.table_cheats and self.reveal == "all" and not self.believe
        ):
            raise RuleError(
                "option call_answer: a swapped show is a table cheat; it needs "
                "table_cheats=true, reveal='all' and believe=false"
            )
        if self.max_laid and not self.count_lies:
            raise RuleError(
                "option max_laid: laying more (or fewer) cards than the claim may "
                "name needs count_lies=true"
            )
        if self.reveal == "one" and self.count_lies:
            raise RuleError(
                "option reveal: turning over one card cannot check a count lie; "
                "set count_lies=false"
            )
