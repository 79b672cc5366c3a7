"""What a version of ``counter`` reads of the table (:class:`Reading`, each version frozen once
published) and the value of a move read from it (:class:`Table`: every seat's distance from
going out, who may call and how likely each is to): the model the Cheat counter's choices are
weighed by (:mod:`bluffhouse.bots.cheat.counter`)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ..base import View
from .knowledge import (
    LETS_LIES_BELOW,
    LETS_LIES_SEEN,
    Knowledge,
    blind_call_rates,
    call_rates,
    exposed_call_rates,
    lie_call_rates,
    rates_by_laid,
    sure_lie_call_rates,
)

#: How sure of winning a seat is from its hand size against the others' (lower: sharper): the
#: expected value of a move weighs each player's distance from going out through it.
SHARE_TEMPERATURE = 3.0


@dataclass(frozen=True)
class Reading:
    """What a version of ``counter`` reads of the table beyond the odds of a claim, each
    version frozen once published, so a yardstick measured against one does not move when the
    bot improves.  ``by_laid``: a player's called plays of one card judged apart from its
    bigger ones (see p_claim); ``untested``: no big lie on a big pile at a table that has not
    shown it lets one stand (see _untested)."""

    name: str
    by_laid: bool
    untested: bool
    #: Reads ``lie_out_takes_pile``: a lie that empties the hand comes back with the pile as
    #: surely as if it were called (see Table.play_value).
    lie_out: bool = False
    #: Reads the lead as worth having: a call lost on a pile it can lay again at once costs
    #: only a turn and wins the lead (where the leader after a call names any rank, the
    #: pile's cards of the called rank count toward that lead), and where a pass leaves the
    #: play open (``turn_pass="open"``) a pass is not free: when the table passes too, the
    #: last player leads again (see Table.relays).  A call is made only where it is worth
    #: CALL_EDGE more than the pass.
    lead_gain: bool = False
    #: A play it may call outside its own turn is answered by value, as the calls of its
    #: turn are: the call where it is worth more than letting the play stand (the loser
    #: takes the pile), for claims true with a chance below WEIGHED_CALL_BELOW, instead of
    #: by a fixed bar on that chance.  A cheap call of a likely lie on a small pile denies
    #: its player the cards it shed.
    weighs_calls: bool = False
    #: It keeps its truths for later where a lie of cards it will not need costs no more.
    #: On a lead where it names the rank and a caught lie only comes back to it (the pile is
    #: that play alone, and the loser leads again), it leads such cards, claimed as the rank
    #: it holds most of, and keeps that truth and its wild jokers to follow on the same rank
    #: (see counter._junk_lead).  And where the rank stays for the round (``sequence`` round
    #: or free), a truth padded with such cards is laid as that many of them alone: called,
    #: either comes back whole; let stand, the truth is still in hand to lay without risk.
    keeps_truths: bool = False
    #: Off its turn where anyone may call until the next play (``callers="anytime"``), it
    #: answers the last play as a call outside its turn (by value, or by the bar), not as a
    #: choice of a turn it does not have: weighed against plays it may not make, a call
    #: looked worth more than it was, and it called true claims three times in four.
    answers_off_turn: bool = False
    #: It reads each seat's calls of plays of one card and of several apart, in the public
    #: record and on its own lies (see rates_by_laid), and weighs by them the bluffs of a
    #: hand holding none of the rank, of one to three cards (see counter.choose_play): a
    #: table that judges a claim by the odds of its count lets big lies stand that it would
    #: call as one card.
    by_size: bool = False
    #: Off its turn, at a quiet table where no one may pass (the others call almost nothing,
    #: and a seat holding none of the rank must lie), it calls a lead of a seat that has
    #: shown no truth where the claim is true with a chance below EXPLORE_CALL_BELOW and the
    #: call is worth EXPLORE_MARGIN more than letting it stand (see counter._worth_testing):
    #: a table of liars that nobody calls shows its lies only so, and its claims read as true
    #: one time in three until it does.
    tests_quiet_leads: bool = False
    #: Where a hand of a few cards goes out uncallably (``final_call=False``), the play that
    #: leaves a hand about to go out is expected to draw more calls than the others only from
    #: a seat that has called something this game (see Table.p_called).  Taken from the prior
    #: for every seat, a caller that had let every play stand still looked likely to call that
    #: one: ``counter`` put it off with smaller plays, lost tempo in the race, and met the
    #: same risk later on a bigger pile.
    reads_race: bool = False
    #: Where the pile's claims of a rank name more cards than the packs hold, a claim of
    #: several cards is judged as one draw from the real ones, as a card is, not as that many
    #: independent draws (see knowledge._crowded): where the sequence names each rank and no
    #: one may pass, the claims that overfill a rank are mostly one-card lies forced on seats
    #: holding none of it, and a seat's real cards go down together (see
    #: counter.crowds_by_play).
    crowds_by_play: bool = False
    #: Where anyone may call until the next play (``callers="anytime"``), the player on turn
    #: is asked last, after every other seat has let the play stand: on its turn it calls
    #: only a claim below the bar of its calls off its turn (see counter.call_bar), and then
    #: where the call is worth more than its best play (see counter._decide); a claim whose
    #: player is left with a card or none is weighed by value alone.  Weighed
    #: against its plays alone, a call looked better than a bluff into a pile whose rank the
    #: others could count, and it called true claims it read at 0.5-0.9.
    bars_turn_calls: bool = False
    #: Where anyone may call until the next play (``callers="anytime"``), a seat's record of
    #: called plays starts from the rates of the other seats' records together, not from a
    #: third honest and two thirds true when held (knowledge._pooled_prior): there a seat's
    #: lies are rarely called, and the record that would show them stays empty (``eightshit``:
    #: ``always_lie``'s one-card lies read at 0.7-0.8, ``liar_60``'s claims read at 0.5-0.8
    #: were true 37% of the time).
    pools_records: bool = False


#: The reading the fixed styles play with: ``counter`` before it read plays by size.
STYLES_READING = Reading("styles", by_laid=False, untested=False)
#: ``counter_v1``, frozen: the first published ``counter``.
COUNTER_V1 = Reading("counter_v1", by_laid=True, untested=True)
#: What ``counter`` plays with now: ``counter_v1``'s reading, the house rule that a lie
#: emptying the hand takes the pile, the worth of the lead, calls weighed by value, its
#: truths kept where a lie of cards it will not need costs no more, calls off its turn
#: answered as such, a quiet table's leads tested, a play that leaves it about to go out
#: uncallably feared only from a seat that calls, a big claim on a crowded rank judged as
#: one draw, and on its turn, where it is asked last, a call only below the bar of its calls
#: off its turn, and there a seat's short record read beside the others'.
COUNTER_READING = Reading(
    "counter",
    by_laid=True,
    untested=True,
    lie_out=True,
    lead_gain=True,
    weighs_calls=True,
    keeps_truths=True,
    answers_off_turn=True,
    by_size=True,
    tests_quiet_leads=True,
    reads_race=True,
    crowds_by_play=True,
    bars_turn_calls=True,
    pools_records=True,
)


@dataclass
class Table:
    """What the expected value of a move reads: hand sizes, the pile, who may call this seat's
    play and how likely each is to (from its record), who is still in."""

    me: int
    sizes: list[int]
    pile: int
    active: list[int]
    callers: list[int]
    rates: list[float]
    #: Each seat's chance of calling a lie of this seat's (see lie_call_rates).
    lie_rates: list[float] = field(default_factory=list)
    #: Whether each seat has called anything yet (one that has calls a claim it can rule out).
    has_called: list[bool] = field(default_factory=list)
    #: Where a final play cannot be called, a hand of at most this many cards goes out on its
    #: next turn (0: no such rule; see about_to_go_out).
    near_out: int = 0
    #: Each seat's chance of calling a play that goes out (see sure_lie_call_rates; empty:
    #: four times its usual rate).
    out_rates: list[float] = field(default_factory=list)
    #: Each seat's chance of calling a claim it can rule out: its record on plays anyone
    #: could see were false where it has one; else certain for a seat that has called
    #: anything (a few of this seat's lies let stand say little: a seat that calls at random
    #: lets most stand, and padding into it loses; in bullshit against calls_third,
    #: 8 of 32 with the record read, 15 of 32 without); else its record on this seat's lies
    #: it could rule out (see exposed_call_rates).  Empty: certain for a seat that has called.
    exposed_rates: list[float] = field(default_factory=list)
    #: Whether every caller's record shows it lets plays it can see are false stand: only
    #: there is a bluff of the whole hand worth weighing.
    lets_lies: bool = False
    #: Where a pass is free (``turn_pass="round"``: Bluff), each seat's chance of calling a
    #: lie of this seat's that it cannot rule out (see blind_call_rates): a lie's chance of
    #: being called is then read claim by claim, from who can rule it out.  Empty elsewhere.
    blind_rates: list[float] = field(default_factory=list)
    #: Whether a lie that empties this seat's hand takes the pile (``lie_out_takes_pile``,
    #: read where the reading does: see Reading.lie_out).
    lie_out_takes: bool = False
    #: Whether a lead with a free rank after a call counts the pile's cards (Reading.lead_gain).
    lead_gain: bool = False
    #: Where a pass leaves the last play open and an all-pass hands its player the lead again
    #: (``turn_pass="open"``, read where Reading.lead_gain is): (that player, the cards it is
    #: taken to lay again), else None.  A pass there is not free: the table moves on without
    #: this seat.
    relays: tuple[int, float] | None = None
    #: Where the reading has it (Reading.by_size, set by :meth:`by_size`): per seat, its
    #: chance of calling a play of one card laid, of several, a lie of this seat's of one card
    #: and of several (see rates_by_laid).  None: the usual rates, growing with the cards laid.
    size_rates: tuple[list[float], list[float], list[float], list[float]] | None = None
    #: Whether a play down to ``near_out`` draws more calls only from a seat that has called
    #: (Reading.reads_race; only where there is such a hand).
    reads_race: bool = False

    @classmethod
    def of(cls, k: Knowledge, view: View, reading: Reading | None = None) -> Table:
        me = k.seat
        out = set(view.get("finished") or []) | set(view.get("lost") or [])
        active = [s for s in range(k.players) if s not in out]
        others = sorted((s for s in active if s != me), key=lambda s: (s - me) % k.players)
        callers = others[:1] if k.rules.callers in ("next", "turn") else others
        rates = call_rates(k)
        r = k.rules
        near = (r.max_cards or 1) if not r.final_call and not r.last_card_truthful else 0
        sure = sure_lie_call_rates(k, rates)
        ruled = exposed_call_rates(k, rates)
        exposed = [
            sure[s] if k.sure_chances[s] else 1.0 if k.calls[s] else ruled[s]
            for s in range(k.players)
        ]
        lets = bool(callers) and all(
            k.sure_chances[s] >= LETS_LIES_SEEN and sure[s] < LETS_LIES_BELOW for s in callers
        )
        blind = blind_call_rates(k, rates) if r.turn_pass == "round" else []
        lie_rates = lie_call_rates(k, rates)
        return cls(
            me,
            list(view["hand_sizes"]),
            int(view.get("pile_size", 0)),
            active,
            callers,
            rates,
            lie_rates,
            [c > 0 for c in k.calls],
            near,
            sure,
            exposed,
            lets,
            blind,
            bool(reading is not None and reading.lie_out and r.lie_out_takes_pile),
            bool(reading is not None and reading.lead_gain),
            _relays(view, me, active, rates)
            if reading is not None and reading.lead_gain and r.turn_pass == "open"
            else None,
            reads_race=bool(reading is not None and reading.reads_race and near),
        )

    def by_size(self, k: Knowledge) -> Table:
        """This table with each seat's calls read by the cards laid (``size_rates``, see
        Reading.by_size)."""
        return replace(self, size_rates=rates_by_laid(k, self.rates, self.lie_rates))

    def value(self, sizes: list[int] | list[float]) -> float:
        """This seat's chance of winning from hand sizes alone: 1 with an empty hand, else its
        share of exp(-cards / SHARE_TEMPERATURE) among the seats still in.  A hand that goes
        out on its next turn whatever it lays (``near_out``) counts as almost empty."""
        if sizes[self.me] <= 0:
            return 1.0
        weights = {
            s: math.exp(-(0.5 if 0 < sizes[s] <= self.near_out else sizes[s]) / SHARE_TEMPERATURE)
            for s in self.active
        }
        return weights[self.me] / sum(weights.values())

    def p_called(
        self, laid: int, going_out: bool, lie: bool = False, exposed: dict[int, float] | None = None
    ) -> float:
        """The chance a play of ``laid`` cards is called (a ``lie``: at the seats' rates of
        calling this seat's lies): big claims and a play that would go out draw more calls
        than the seats' usual rate (a last play: as readily as a play the seat could see was
        false, see sure_lie_call_rates; with Reading.reads_race, a play down to a hand about
        to go out only from a seat that has called something).  ``exposed``: per seat, the
        chance it can rule the claim out from its own cards (see claim_exposure); it calls
        such a claim at its rate of calling plays it can see are false (``exposed_rates``)."""
        growth = 1 + 0.1 * (laid - 1)
        if lie and exposed is not None and self.blind_rates:
            rates = self.blind_rates
        elif self.size_rates is not None:
            rates = self.size_rates[2 * lie + (laid > 1)]
            growth = 1 + 0.1 * max(0, laid - 2)
        else:
            rates = self.lie_rates if lie and self.lie_rates else self.rates
        stay = 1.0
        for s in self.callers:
            rate = rates[s] * growth
            if going_out and not (self.reads_race and self.has_called and not self.has_called[s]):
                rate = max(rate, self.out_rates[s]) if self.out_rates else 4 * rate
            if exposed and self.exposed_rates:
                rate = rate + exposed.get(s, 0.0) * max(0.0, self.exposed_rates[s] - rate)
            elif exposed and self.has_called and self.has_called[s]:
                rate = rate + exposed.get(s, 0.0) * (1 - min(1.0, rate))
            stay *= 1 - min(1.0, rate)
        return 1 - stay

    def play_value(
        self,
        laid: int,
        true: bool,
        exposed: dict[int, float] | None = None,
        gift: dict[int, float] | None = None,
        kept: float = 0.0,
        led: float = 0.0,
    ) -> float:
        """The expected value of laying ``laid`` cards, a true or a false claim (``exposed``:
        see p_called).  ``gift``: per caller, the cards it puts aside on taking the pile (a
        set this play completes, see sets_on_taking); ``kept``: those this seat puts aside
        on taking it back; ``led``: those it lays at once when a lie called makes it lead
        (see lead_after_call)."""
        me = self.me
        after = list(self.sizes)
        after[me] -= laid
        going_out = after[me] <= 0
        stands = self.value(after)
        # A play that leaves a hand about to go out draws calls like a last play; a lie that
        # empties it is turned over whatever the table does where that takes the pile.
        pc = self.p_called(laid, after[me] <= self.near_out, lie=not true, exposed=exposed)
        if going_out and not true and self.lie_out_takes:
            pc = 1.0
        if pc <= 0:  # (no caller, or none would call)
            return stands
        if true:
            if going_out:
                return 1.0
            # The caller takes the pile (weighed by who is likelier to call).
            total = sum(self.rates[s] for s in self.callers) or 1.0
            called = 0.0
            for s in self.callers:
                taken = [float(n) for n in after]
                taken[s] += self.pile + laid - (gift or {}).get(s, 0.0)
                called += self.rates[s] / total * self.value(taken)
        else:
            back = [float(n) for n in self.sizes]
            back[me] += self.pile - kept - led
            called = self.value(back)
        return (1 - pc) * stands + pc * called

    def call_value(
        self,
        p: float,
        player: int,
        kept: float = 0.0,
        led: tuple[float, float] = (0.0, 0.0),
        relead: float = 0.0,
    ) -> float:
        """The expected value of calling ``player``'s play, true with chance ``p``: the
        loser of the call takes the pile (``kept``: the cards this seat then puts aside;
        ``led``: those it lays at once where the rules make it lead after a wrong call, and
        after a right one; ``relead``: those the caught player lays again at once where it
        leads, so that a pile of its play alone makes no progress)."""
        mine, theirs = [float(n) for n in self.sizes], [float(n) for n in self.sizes]
        mine[self.me] += self.pile - kept - led[0]
        theirs[self.me] -= led[1]
        theirs[player] += self.pile - relead
        return p * self.value(mine) + (1 - p) * self.value(theirs)

    def pass_value(self, pickup: bool) -> float:
        after = [float(n) for n in self.sizes]
        if pickup:
            after[self.me] += self.pile
        if self.relays is not None:
            seat, laid = self.relays
            after[seat] = max(0.0, after[seat] - laid)
        return self.value(after)


def _relays(view: View, me: int, active: list[int], rates: list[float]) -> tuple[int, float] | None:
    """The last play's player and the cards it is expected to lay again when the table
    passes it back the lead: as many as its last play (no more than it holds), times the
    chance that every seat between this one and it lets the play stand at its call rate
    (see Table.relays)."""
    last = view.get("last_play") or {}
    if not last or int(last["seat"]) == me:
        return None
    seat = int(last["seat"])
    players = len(view["hand_sizes"])
    stands = 1.0
    for s in active:
        if 0 < (s - me) % players < (seat - me) % players:
            stands *= 1 - rates[s]
    return seat, stands * min(int(last.get("laid", 0) or 0), int(view["hand_sizes"][seat]))
