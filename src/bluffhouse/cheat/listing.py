"""Who may do what now, and the listing of the legal actions.

The fourth layer of the engine (see :mod:`.state`): the legality queries (may this seat
play, call, pass, decline), ``_legal`` (what ``legal_actions`` lists), the listing of plays
with its cap (:data:`LIST_LIMIT`: the contract's allowance for very large hands) and the same
listing in compact form (:class:`ListedPlays`, :meth:`CheatListing.legal_parts`) for the
research encoders, which need action ids without an action dict per play.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import CARD_TEXT, JOKER, SUITS, rank_text
from ..game import Action
from .table_cheats import CheatTableCheats

#: Above this many listed plays, ``legal_actions`` lists the smallest plays first and stops
#: (the contract's allowance for very large hands); ``is_legal`` still decides any play exactly.
LIST_LIMIT = 10_000


class ListedPlays(NamedTuple):
    """The plays ``legal_actions(seat)`` lists, in compact form (:meth:`CheatGame.legal_parts`),
    for encoders that need action ids rather than hundreds of action dicts a turn.

    Listed, in this order: for each size from 1 to ``most``, every multiset of ``hand``'s cards
    by group (a group is a rank, jokers apart; the card itself where ``by_card``: claims name a
    suit), in lexicographic order of the groups as the hand is sorted; each with every claim of
    ``claims`` (rank texts) x count (1 to ``counts``, or the number laid where ``counts`` is 0)
    x suit (``suits``: suit indices, or -1 for a claim without one).  Where ``truthful_last``,
    a play of the whole hand is listed only with the claims it makes truthfully.  The listing
    stops after the multiset that brings it to ``limit`` actions."""

    hand: list[int]
    most: int
    by_card: bool
    claims: list[str]
    counts: int
    suits: list[int]
    truthful_last: bool
    limit: int


class CheatListing(CheatTableCheats):
    """Legality queries and the listing of legal actions (see the module docstring)."""

    __slots__ = ()

    # ================================================================== legality
    def _play_may(self, seat: int) -> bool:
        """Whether ``seat`` may lay cards now (not counting an out-of-turn cheat)."""
        if self.phase == "jump":
            return bool(self.hands[seat]) and (
                self.last is None or self.last["seat"] != seat or self._act == [seat]
            )
        return self.phase == "turn" and seat == self.turn and bool(self.hands[seat])

    def _may_call(self, seat: int) -> bool:
        last = self.last
        if last is None or last["seat"] == seat or seat in self.checked:
            return False
        if self.phase == "window":
            return seat in self.window
        if self.phase == "jump":
            return True
        if self.phase == "turn":
            r = self.rules
            if r.callers == "turn":
                return seat == self.turn
            if r.callers == "anytime":
                return seat == self.turn or seat in self.window
        return False

    def _may_pass_turn(self, seat: int) -> bool:
        r = self.rules
        if self.phase != "turn" or seat != self.turn:
            return False
        if self._no_play(seat):
            return True
        if r.turn_pass == "none":
            return False
        if r.turn_pass == "round":
            return not self.lead
        return True

    def _no_play(self, seat: int) -> bool:
        """The player on turn has no legal play, so passes whatever `turn_pass` says.

        Only a last card can be unplayable: from two or more cards a one-card play never empties
        the hand. It happens where the last card must go out truthfully and the rank is not the
        player's to choose (e.g. `last_card_truthful` with `after_call_rank="same"`): without
        this the seat would be asked to act with nothing it may do.
        """
        return (
            self.rules.last_card_truthful
            and len(self.hands[seat]) == 1
            and not self._play_actions(seat)
        )

    def _may_decline(self, seat: int) -> bool:
        if self.phase in ("window", "bid_window"):
            return True
        if self.phase == "jump":
            return not (
                self._act == [seat]
                and self.turn == seat
                and seat not in self.declined
                and len(self._act) == 1
                and self._all_declined()
            )
        return self.phase == "turn" and seat != self.turn

    def _all_declined(self) -> bool:
        return all(s in self.declined for s in self._active() if s != self.turn)

    def _can_play_now(self, seat: int) -> bool:
        r = self.rules
        return self._play_may(seat) or bool(
            r.table_cheats
            and self.phase == "turn"
            and seat != self.turn
            and self.hands[seat]
            and not self._has_cheat(seat)
        )

    def _forced(self, seat: int) -> bool:
        return self.phase == "jump" and self._act == [seat] and self._everyone_declined()

    def _everyone_declined(self) -> bool:
        return all(s in self.declined for s in self._active())

    # ================================================================== listing
    def _legal(self, seat: int, with_plays: bool = True) -> list[Action]:
        r = self.rules
        out: list[Action] = []
        if self.phase in ("bid",):
            top = self._top_rank()
            low = (self.bid[1] + 1) if self.bid else 1
            most = 4 * r.decks
            out = [
                {"type": "bid", "count": k, "rank": rank_text(top)} for k in range(low, most + 1)
            ]
            out.append({"type": "pass"})
            return out
        if self.phase == "bid_window":
            return [{"type": "call"}, {"type": "pass"}]
        if self.phase == "answer":
            return self._show_actions(seat)
        if self._may_call(seat):
            out.append({"type": "call"})
            if r.check:
                out.append({"type": "check"})
            if r.believe:
                out.append({"type": "believe"})
        may_decline = (seat != self.turn or self.phase != "turn") and (
            self._may_decline(seat) and not (self.phase == "jump" and self._forced(seat))
        )
        if self._may_pass_turn(seat) or may_decline:
            out.append({"type": "pass"})
        if with_plays and self._can_play_now(seat):
            out.extend(self._play_actions(seat))
        if r.table_cheats and not self._has_cheat(seat) and self.hands[seat]:
            out.extend(self._cheat_actions(seat))
        if r.table_cheats:
            out.extend(
                {"type": "accuse", "seat": t}
                for t in self._others_from(seat)
                if self._stake_caller(t) != seat
            )
        return out

    def _listed_plays(self, seat: int, claims: list[int]) -> ListedPlays:
        """What bounds the plays ``legal_actions`` lists for ``seat`` (who may play now), with
        ``claims`` the ranks it may claim (``_claims()``): the one source of
        :meth:`_play_actions` and :meth:`legal_parts`."""
        r = self.rules
        hand = self.hands[seat]
        suits = [self._suit_required()] if r.claim_suit else [-1]
        if r.claim_suit and suits[0] < 0:
            suits = [0, 1, 2, 3]
        return ListedPlays(
            hand=list(hand),
            most=len(hand) if self._max == 0 else min(self._max, len(hand)),
            by_card=bool(r.claim_suit),
            claims=[rank_text(x) for x in claims],
            # The same bound _parse_play enforces: a claim may name up to max_cards (or every
            # card of a rank) whatever the number of cards laid.
            counts=self._count_top if r.count_lies else 0,
            suits=suits,
            truthful_last=bool(r.last_card_truthful),
            limit=LIST_LIMIT,
        )

    def _play_actions(self, seat: int) -> list[Action]:
        r = self.rules
        claims = self._claims()
        listed = self._listed_plays(seat, claims)
        hand, most, suits, count_max = listed.hand, listed.most, listed.suits, listed.counts
        by_group: list[list[int]] = []

        def key(c: int) -> int:
            return c if r.claim_suit else (c >> 2 if c != JOKER else 99)

        for c in hand:
            if by_group and key(by_group[-1][0]) == key(c):
                by_group[-1].append(c)
            else:
                by_group.append([c])
        out: list[Action] = []
        truthful_only = listed.truthful_last
        group_texts = [[CARD_TEXT[c] for c in g] for g in by_group]
        picks: list[_Pick] = [([], [], -1, 0)]
        if not count_max and not r.claim_suit and not truthful_only:
            # the common case: the true count, no suit, any play may go out; the loop below
            # without its inner choices (the same actions in the same order)
            names = listed.claims
            for size in range(1, most + 1):
                picks = _more_picks(by_group, group_texts, picks)
                for _, texts, _, _ in picks:
                    for rt in names:
                        out.append(
                            {"type": "play", "cards": texts, "claim": {"rank": rt, "count": size}}
                        )
                    if len(out) >= LIST_LIMIT:
                        return out
            return out
        for size in range(1, most + 1):
            picks = _more_picks(by_group, group_texts, picks)
            for cards, texts, _, _ in picks:
                empties = size == len(hand)

                for rank in claims:
                    rt = rank_text(rank)
                    counts = range(1, count_max + 1) if count_max else (size,)
                    for count in counts:
                        for suit in suits:
                            if (
                                empties
                                and truthful_only
                                and not self._truthful(cards, rank, count, suit)
                            ):
                                continue
                            claim: dict[str, Any] = {"rank": rt, "count": count}
                            if suit >= 0:
                                claim["suit"] = SUITS[suit]
                            out.append({"type": "play", "cards": texts, "claim": claim})
                if len(out) >= LIST_LIMIT:
                    return out
        return out

    # ================================================================== the compact listing
    def play_claim_ranks(self) -> list[str]:
        return [rank_text(x) for x in self.allowed]

    def legal_parts(self, seat: int) -> tuple[list[Action], ListedPlays | None]:
        """``legal_actions(seat)`` in two parts: every listed action that lays no cards, and
        the plays it lists as a :class:`ListedPlays` (None: it lists no play).  The research
        encoders (``bluffhouse.interop``) turn these into action ids without building a dict
        per play, which costs as much as the rest of an environment step."""
        if self._result is not None or type(seat) is not int or seat not in self._act:
            return [], None
        if self.phase in ("bid", "bid_window", "answer"):
            return self._legal(seat), None
        others = self._legal(seat, with_plays=False)
        if not self._can_play_now(seat):
            return others, None
        return others, self._listed_plays(seat, self._claims())


#: One way to take cards from a hand's groups: the cards, their texts, the group of the last
#: card and its place in that group.
_Pick = tuple[list[int], list[str], int, int]


def _more_picks(groups: list[list[int]], texts: list[list[str]], picks: list[_Pick]) -> list[_Pick]:
    """The ways to take one card more than ``picks`` (every way to take k cards, in order),
    a group's cards always from its start: every multiset of k+1 cards by group, in the order
    of :func:`_compositions` (that order is the lexicographic order of the groups taken, so
    each way extended by each later group, in order, keeps it).  Built level by level, as
    listing a big hand's plays is what a bot pays most for; cut past LIST_LIMIT (the listing
    stops there)."""
    n = len(groups)
    out: list[_Pick] = []
    for cards, txt, j, at in picks:
        if j >= 0 and at + 1 < len(groups[j]):
            out.append(([*cards, groups[j][at + 1]], [*txt, texts[j][at + 1]], j, at + 1))
        for g in range(j + 1, n):
            out.append(([*cards, groups[g][0]], [*txt, texts[g][0]], g, 0))

        if len(out) > LIST_LIMIT:
            break
    return out
