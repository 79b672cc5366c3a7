"""Checks the Cheat-family property tests run after every step of a random game: cards are
conserved, views hold only what their seat was shown, listed actions are legal."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Set
from typing import Any

from cheat_util import all_cards

import bluffhouse as bh
from bluffhouse.cards import CARD_INDEX, CARD_TEXT, build_deck

CARD_TEXTS = set(CARD_TEXT)
#: View keys that name ranks (a rank "JK" looks like a card text but reveals nothing).
RANK_KEYS = {"rank", "claim_rank", "claim_ranks"}


def packs(state: Any) -> Counter[int]:
    r = state.rules
    return Counter(build_deck(r.decks, r.jokers, r.deck_rank_list(state.players)))


def check_conserved(state: Any, start: Counter[int] | None = None) -> None:
    """Hands + pile + discarded + hidden hold exactly the cards in play from the start (the
    whole packs unless the deal left some out)."""
    now = all_cards(state)
    if start is None:
        assert now == packs(state), "cards appeared or vanished"
    else:
        assert not start - packs(state)
        assert now == start, "cards appeared or vanished"


def card_strings(value: Any, skip: Set[str] = frozenset()) -> list[str]:
    """Every card text anywhere in a JSON value, outside the keys in ``skip``."""
    out: list[str] = []
    if isinstance(value, dict):
        for k, v in value.items():
            if k not in skip:
                out.extend(card_strings(v, skip))
    elif isinstance(value, list):
        for v in value:
            out.extend(card_strings(v, skip))
    elif isinstance(value, str) and value in CARD_TEXTS:
        out.append(value)
    return out


def sub(small: list[str], big: list[str] | Counter[str]) -> bool:
    return not Counter(small) - Counter(big)


def texts(cards: list[int]) -> list[str]:
    return [CARD_TEXT[c] for c in cards]


def check_view_shape(state: Any, viewer: int | None) -> dict[str, Any]:
    view: dict[str, Any] = state.view(viewer)
    json.dumps(view)
    assert view["seat"] == viewer
    if viewer is None:
        assert view["hand"] == []
    else:
        assert view["hand"] == texts(sorted(state.hands[viewer]))
        if "hidden" in view:
            assert view["hidden"] == texts(state.hidden[viewer])
    # Outside the event log a view holds no card but the viewer's own.
    assert card_strings(view, {"hand", "hidden", "events"} | RANK_KEYS) == []
    assert view["hand_sizes"] == [len(h) for h in state.hands]
    assert view["to_act"] == state.to_act and view["over"] == state.over
    return view


def check_new_events(before: Any, after: Any, seat: int, action: dict[str, Any]) -> None:
    """The events the step added, as each viewer sees them, show only cards that viewer saw."""
    start = len(before.events)
    given = action.get("cards")
    laid = [CARD_TEXT[CARD_INDEX[c]] for c in given] if isinstance(given, list) else []
    last = texts(before.last["cards"]) if before.last else []
    pile = texts(before.pile) + laid
    public = after.view(None)["events"][start:]
    for viewer in [None, *range(after.players)]:
        new = after.view(viewer)["events"][start:]
        assert len(new) == len(public)
        for ev, pub in zip(new, public, strict=True):
            # Cards appear only in a 'cards' (or 'face_up') entry, or in a swapped show's own
            # record of what it swapped (checked below).
            assert (
                card_strings(ev, {"cards", "face_up", "swapped_in", "swapped_out"} | RANK_KEYS)
                == []
            ), ev
            cards = ev.get("cards")
            if cards is None:
                continue
            kind = ev["type"]
            private = "cards" not in pub
            if not private:
                assert cards == pub["cards"]
            if kind == "play":
                assert private and viewer == ev["seat"] == seat and cards == laid, ev
            elif kind in ("call", "believe"):
                assert not private
                if before.phase == "bid_window":
                    assert sub(cards, texts(before.hands[ev["target"]]))
                elif before.phase == "answer":
                    # Cheat H: the cards laid, or as many matching ones from the hand instead
                    assert len(cards) == len(last)
                    assert sub(cards, last + texts(before.hands[ev["target"]]))
                    if "swapped_in" in ev:
                        assert viewer == ev["target"] == seat
                        assert sub(ev["swapped_in"], texts(before.hands[seat]))
                        assert sub(ev["swapped_out"], last)
                    elif Counter(cards) != Counter(last):
                        assert viewer != ev["target"], "the player sees its own swap"
                else:
                    assert sub(cards, last) and cards, (cards, last)
                    if before.rules.reveal == "all":
                        assert Counter(cards) == Counter(last)
                    else:
                        assert len(cards) == 1
            elif kind == "take" and "from" in ev:
                # Cheat H: a call's pile handed on from the caller's hand after an accusation
                assert private and viewer in (ev["seat"], ev["from"]), ev
                assert sub(cards, texts(before.hands[ev["from"]])) and len(cards) == ev["count"]
            elif kind == "take":
                assert private and viewer == ev["seat"], ev
                assert sub(cards, pile) and len(cards) == ev["count"]
            elif kind == "check":
                assert private and viewer == ev["seat"] == seat and cards == last
            elif kind == "cheat_private":
                assert private
                if ev["cheat"] == "given":
                    assert ev["from"] == seat and viewer == action["seat"]
                else:
                    assert viewer == seat
                if ev["cheat"] in ("hide", "give", "given"):
                    assert cards == laid
                else:
                    assert viewer == seat and sub(cards, texts(before.hands[ev["at"]]))
            elif kind == "lost":
                assert not private and cards == laid
            elif kind == "set_aside":
                assert not private
                assert sub(cards, texts(before.hands[ev["seat"]]) + pile)
            else:
                raise AssertionError(f"unexpected cards in a {kind!r} event: {ev}")


def check_deal_events(state: Any) -> None:
    for viewer in [None, *range(state.players)]:
        deal = state.view(viewer)["events"][0]
        assert deal["type"] == "deal"
        if viewer is None:
            assert "cards" not in deal
        else:
            aside = [
                c
                for e in state.view(None)["events"]
                if e["type"] == "set_aside" and e["seat"] == viewer
                for c in e["cards"]
            ]
            assert sorted(deal["cards"]) == sorted(texts(state.hands[viewer]) + aside)
        for ev in state.view(viewer)["events"][1:]:
            if ev["type"] == "set_aside":
                continue
            if ev["type"] == "first_player":
                assert card_strings(ev, {"face_up"}) == []
                continue
            assert "cards" not in ev, ev


def choose(rng: random.Random, state: Any) -> tuple[int, dict[str, Any]]:
    """A seat in to_act and one of its legal actions: first an action type, then one of it."""
    seat, action, _ = choose_listed(rng, state)
    return seat, action


def choose_listed(rng: random.Random, state: Any) -> tuple[int, dict[str, Any], list[Any]]:
    """As :func:`choose`, also returning everything listed for that seat."""
    seat = rng.choice(state.to_act)
    actions = state.legal_actions(seat)
    assert actions, f"seat {seat} is in to_act but has no legal action"
    kinds = sorted({a["type"] for a in actions})
    kind = rng.choice(kinds)
    return seat, rng.choice([a for a in actions if a["type"] == kind]), actions


def new_random(game_id: str, seed: int, players: int, small: bool = False) -> Any:
    """A shuffled game; ``small``: each seat is dealt only a few cards (the rest of the packs is
    out of play), which reaches the end game, empty hands and going out within a few steps."""
    if not small:
        return bh.new_game(game_id, players=players, seed=seed)
    probe = bh.new_game(game_id, players=players, seed=seed)
    cards = texts(sorted(packs(probe).elements()))
    rng = random.Random(seed)
    rng.shuffle(cards)
    deal = []
    for _ in range(players):
        k = rng.randint(1, 6)
        deal.append(cards[:k])
        cards = cards[k:]
    return bh.new_game(game_id, players=players, seed=seed, deal=deal)


def player_range(game_id: str) -> tuple[int, int]:
    preset = bh.lookup(game_id)
    low = preset.min_players or 2
    return low, max(low, 6)


def hurry(state: Any, limit: int = 600) -> None:
    """Play on with nobody calling: the seat first in to_act lays its biggest listed play, or
    passes (declines) when it cannot play.  Every preset must end this way."""
    for _ in range(limit):
        if state.over:
            return
        seat = state.to_act[0]
        actions = state.legal_actions(seat)
        plays = [a for a in actions if a["type"] == "play"]
        if plays:
            action = max(plays, key=lambda a: len(a["cards"]))
        elif {"type": "pass"} in actions:
            action = {"type": "pass"}
        else:
            action = actions[0]
        state.apply(seat, action)
