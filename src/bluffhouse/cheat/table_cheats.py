"""British Cheat's table cheats, and variation H's answer to a call.

The third layer of the engine (see :mod:`.state`).  Table cheats (``table_cheats``: hide a
card, slip one to another player, peek at a neighbour's) stay open to accusation until the
next player takes a turn; under ``call_answer`` a called player shows its cards and may slip
matching cards of its hand in place of those it laid, and a show that stood is open to
accusation in the same way, the called pile being the stake.  Both live here, from their
listing and parsing to their resolution, since the accusation joins them.
"""

from __future__ import annotations

from typing import Any

from ..cards import CARD_INDEX, CARD_TEXT, JOKER, rank_text
from ..errors import IllegalAction, quote
from ..game import Action, unknown_keys
from .cardtools import _compositions, _minus, _parse_card_texts, _texts, _unique
from .shapes import AccuseEvent, TableCheatEvent
from .turns import CheatTurns

#: The keys of each kind of table cheat (see ``ACTION_KEYS``).
_CHEAT_KEYS = {
    "hide": frozenset({"type", "cheat", "cards"}),
    "give": frozenset({"type", "cheat", "cards", "seat"}),
    "peek": frozenset({"type", "cheat", "seat"}),
}


class CheatTableCheats(CheatTurns):
    """Table cheats, accusations and the answer to a call (see the module docstring)."""

    __slots__ = ()

    # ================================================================== table cheats
    def _do_cheat(self, seat: int, kind: str, cards: list[int], target: int) -> None:
        if kind == "hide":
            for c in cards:
                self.hands[seat].remove(c)
            self._shrank(seat)
            self.hidden[seat].extend(cards)
            self._log(
                TableCheatEvent(type="cheat_private", seat=seat),
                {seat: {"cheat": "hide", "cards": _texts(cards)}},
            )
            self.cheats.append([seat, "hide", list(cards)])
        elif kind == "give":
            for c in cards:
                self.hands[seat].remove(c)
            self._shrank(seat)
            self.hands[target].extend(cards)
            self.hands[target].sort()
            self._log(
                TableCheatEvent(type="cheat_private", seat=seat),
                {
                    seat: {"cheat": "give", "to": target, "cards": _texts(cards)},
                    target: {"cheat": "given", "from": seat, "cards": _texts(cards)},
                },
            )
            self.cheats.append([seat, "give", [target, *cards]])
        else:  # peek
            hand = self.hands[target]
            card = hand[self.rng.randrange(len(hand))]
            self._log(
                TableCheatEvent(type="cheat_private", seat=seat),
                {seat: {"cheat": "peek", "at": target, "cards": [CARD_TEXT[card]]}},
            )
            self.cheats.append([seat, "peek", [target]])
        self.declined = [s for s in self.declined if s == seat]
        self._refresh_act()

    def _do_accuse(self, accuser: int, target: int) -> None:
        mine = [c for c in self.cheats if c[0] == target]
        # A show that stood after a call (call_answer) is open to accusation without being a
        # cheat: caught only if it was a swap; either way the call's pile is the stake.
        caught = [c for c in mine if c[1] != "show"]
        stake = next((c[2] for c in mine if c[1] in ("show", "swap")), None)
        self.cheats = [c for c in self.cheats if c[0] != target]
        self._log(
            AccuseEvent(
                type="accuse",
                seat=accuser,
                target=target,
                caught=bool(caught),
                cheats=[c[1] for c in caught],
            )
        )
        if caught:
            # The cheat is undone where it can be, and the cheat takes the pile.
            for _, kind, data in caught:
                if kind == "hide":
                    for c in data:
                        self.hidden[target].remove(c)
                    self.hands[target].extend(data)
                elif kind == "give":
                    to, *given = data
                    for c in given:
                        if c in self.hands[to]:
                            self.hands[to].remove(c)
                            self.hands[target].append(c)
                    self._shrank(to)
            self.hands[target].sort()
            if stake is not None and any(c[1] == "swap" for c in caught):
                # The swap undone: the caller hands the pile it took to the player, as if the
                # cards really laid had been shown (those it slipped back are in its hand).
                self._hand_over(stake[0], target, stake[1:])
            loser = target
        else:
            if stake is not None:
                # The show was true: the false accuser takes the call's pile off the caller.
                self._hand_over(stake[0], accuser, stake[1:])
            loser = accuser
        self.last = None
        self.window = []
        self._take_pile(loser)
        # The loser goes on with the rank(s) the next play had to claim (as after a lost call);
        # a free rank here let an accusation at the very first lead skip the aces.
        self._open_round(loser, list(self.allowed))

    def _hand_over(self, giver: int, taker: int, cards: list[int]) -> None:
        """``cards`` (those still in ``giver``'s hand) go to ``taker``'s, as a pile taken."""
        moved = []
        for c in cards:
            if c in self.hands[giver]:
                self.hands[giver].remove(c)
                moved.append(c)
        self._shrank(giver)
        self.hands[taker].extend(moved)
        self.hands[taker].sort()
        self.sips[taker] += len(moved)
        texts = {"cards": _texts(moved)}
        self._log(
            {"type": "take", "seat": taker, "count": len(moved), "from": giver},
            {taker: texts, giver: texts} if moved else None,
        )
        if self.rules.discard_sets:
            self._discard_sets(taker)

    def _cheat_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        for c in _unique(hand):
            out.append({"type": "cheat", "cheat": "hide", "cards": [CARD_TEXT[c]]})
        for t in self._others_from(seat):
            for c in _unique(hand):
                out.append({"type": "cheat", "cheat": "give", "seat": t, "cards": [CARD_TEXT[c]]})
        for t in _unique([(seat + 1) % self.players, (seat - 1) % self.players]):
            if t != seat and self.hands[t]:
                out.append({"type": "cheat", "cheat": "peek", "seat": t})
        return out

    def _parse_cheat(self, seat: int, action: dict[str, Any]) -> Any:
        kind = action.get("cheat")
        if self._has_cheat(seat):
            raise IllegalAction("you have a cheat still open to accusation; wait until it is safe")
        if not self.hands[seat]:
            raise IllegalAction("you have no cards to cheat with")
        keys = _CHEAT_KEYS.get(kind) if type(kind) is str else None
        if keys is not None and not action.keys() <= keys:
            raise unknown_keys(f"cheat {kind}", action, keys)
        if kind in ("hide", "give"):
            raw = action.get("cards")
            if type(raw) is not list or len(raw) != 1:
                raise IllegalAction("a hidden or slipped card is one card: 'cards': ['7H']")
            card = CARD_INDEX.get(raw[0]) if type(raw[0]) is str else None
            if card is None or card not in self.hands[seat]:
                raise IllegalAction(f"you do not hold {quote(raw[0])}")
            target = -1
            if kind == "give":
                given = action.get("seat")
                if type(given) is not int or given not in self._others_from(seat):
                    raise IllegalAction("slip the card to another player still in the game")
                target = given
            return ("cheat", kind, [card], target)
        if kind == "peek":
            peeked = action.get("seat")
            near = {(seat + 1) % self.players, (seat - 1) % self.players} - {seat}
            if type(peeked) is not int or peeked not in near or not self.hands[peeked]:
                raise IllegalAction("you may peek only at a neighbour who holds cards")
            return ("cheat", "peek", [], peeked)
        raise IllegalAction("a table cheat is 'hide', 'give' or 'peek'")

    # ================================================================== answering a call (H)
    def _do_show(self, seat: int, shown: list[int] | None) -> None:
        """The called player turns its play over: the cards laid (``shown`` None), or
        ``shown``, matching cards of its hand slipped in place of laid ones, which go back to
        its hand; then the call is judged on what was shown."""
        play = self.last
        assert play is not None
        caller = play["caller"]
        laid = list(play["cards"])
        swap_in: list[int] = []
        swap_out: list[int] = []
        if shown is not None:
            swap_in, swap_out = _minus(shown, laid), _minus(laid, shown)
            hand = self.hands[seat]
            for c in swap_in:
                hand.remove(c)
            hand.extend(swap_out)
            hand.sort()
            for c in swap_out:
                self.pile.remove(c)
            self.pile.extend(swap_in)
            laid = list(shown)
        self.last = {k: v for k, v in play.items() if k != "caller"}
        self.last["cards"] = laid
        self._do_call(caller, answered=(swap_in, swap_out))

    def _show_actions(self, seat: int) -> list[Action]:
        """The answers to a call: the honest show, then every swapped show that makes the
        claim true, listed once per mix of naturals and jokers (which equal card is used does
        not matter), the fewest jokers first; the laid cards that match are kept."""
        out: list[Action] = [{"type": "show"}]
        play = self.last
        assert play is not None
        laid = play["cards"]
        size = len(laid)
        if play["count"] != size or self._has_cheat(seat):
            return out
        rank, suit = play["rank"], play["suit"]
        groups: dict[int, list[int]] = {}
        for c in [*laid, *self.hands[seat]]:
            if self._truthful([c], rank, 1, suit):
                groups.setdefault(99 if c == JOKER else c, []).append(c)
        if not self.rules.claim_suit:  # suits do not matter: one group per rank
            merged: dict[int, list[int]] = {}
            for key, cards in groups.items():
                merged.setdefault(99 if key == 99 else key >> 2, []).extend(cards)
            groups = merged
        pools = [groups[k] for k in sorted(groups)]
        if sum(len(p) for p in pools) < size:
            return out
        own = sorted(laid)
        for takes in _compositions([len(p) for p in pools], size):
            shown = [c for p, k in zip(pools, takes, strict=True) for c in p[:k]]
            if sorted(shown) != own:
                out.append({"type": "show", "cards": _texts(shown)})
        return out

    def _parse_show(self, seat: int, action: dict[str, Any]) -> Any:
        play = self.last
        assert play is not None
        raw = action.get("cards")
        if raw is None:
            return ("show", None)
        laid = play["cards"]
        if type(raw) is not list or len(raw) != len(laid):
            raise IllegalAction(
                f"you laid {len(laid)} card(s): show them with {{'type': "
                f"'show'}}, or name {len(laid)} card(s) to show in their place"
            )
        cards = _parse_card_texts(raw)
        if sorted(cards) == sorted(laid):
            return ("show", None)
        if self._has_cheat(seat):
            raise IllegalAction(
                "you have a cheat still open to accusation: show the cards as you laid them"
            )
        missing = _minus(_minus(cards, laid), self.hands[seat])
        if missing:
            raise IllegalAction(
                f"you do not hold {CARD_TEXT[missing[0]]}: a swapped show "
                "takes the cards it adds from your hand"
            )
        if not self._truthful(cards, play["rank"], play["count"], play["suit"]):
            claim = f"{play['count']} x {rank_text(play['rank'])}"
            raise IllegalAction(
                f"a swapped show must make your claim ({claim}) true; "
                "otherwise show the cards as you laid them"
            )
        return ("show", cards)

    def _stake_caller(self, target: int) -> int:
        """The caller whose pile is at stake on ``target``'s standing show (-1: none)."""
        for c in self.cheats:
            if c[0] == target and c[1] in ("show", "swap"):
                return int(c[2][0])
        return -1
