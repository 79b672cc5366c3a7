"""The words for the engine's events, once, as data: the terminal game renders them here and
the browser table renders the same data (served as JSON at ``/api/narration``) with its own
small renderer in ``static/words.js``.  Neither has a sentence of its own; a test checks both
renderers give the same line for every case in ``tests/js/narration_cases.json``.

A phrase is a template.  ``{fmt:key}`` fills in a value of the event; ``[?cond|text]`` keeps
``text`` only where ``cond`` holds.  Formats:

- ``name:K`` the seat ``event[K]`` by the viewer's name for it ("you" for the viewer's own);
  ``whose:K`` its possessive ("your", "Counter 2's"); ``v:K:third|second`` the verb form for
  that seat as the subject ("plays" / "play");
- ``val:K`` the value as it is; ``join:K`` a list joined by " / "; ``n:K:word`` a count
  with its noun ("1 card", "3 cards"); ``yes:K:this|that`` by whether the value holds;
- ``card:K``, ``cards:K`` card texts (``TS`` -> "10♠"); ``rank:K``, ``suit:K`` ("10",
  "spades"); ``bid:K`` a Poker Bull bid in words ("two pair K 9"); ``hands:K`` each seat's
  shown hand; ``plays:K`` a Sneak reveal's plays; ``words:K`` a list of words.

A condition is ``K`` (present, not null, not false, not an empty list; 0 counts), ``!K`` (not
so), ``K=text`` (equal to the text) or ``K!=@J`` (differs from key ``J``'s value).  An event
type has one or more variants; the first whose ``if`` conditions all hold is said.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypedDict

from .cards import SUIT_NAMES, SUITS


class Variant(TypedDict, total=False):
    #: conditions that must all hold (see the module docstring); none: always
    when: list[str]
    say: str


_SEAT_VERB = "{name:seat} {v:seat:%s|%s}"


def _s(third: str, second: str) -> str:
    """``{name:seat} {v:seat:third|second}``: the subject and its verb."""
    return _SEAT_VERB % (third, second)


_SHOWN = "[?cards| ({cards:cards})]"

#: Every family's phrases, by event type.
PHRASES: dict[str, list[Variant]] = {
    "deal": [
        {
            "when": ["sizes"],
            "say": "hand {val:hand} dealt ({join:sizes} cards)[?cards|; you hold {cards:cards}]",
        },
        {"say": "cards dealt[?cards|; you hold {cards:cards}]"},
    ],
    "first_player": [{"say": _s("starts", "start") + "[?why| ({val:why})]"}],
    "play": [
        {
            "say": _s("plays", "play") + " {val:count} × {rank:rank}[?suit| of {suit:suit}]"
            "[?laid!=@count| (laying {val:laid})]" + _SHOWN
        }
    ],
    "call": [
        {
            "when": ["caller"],
            "say": "{name:caller} {v:caller:calls|call} {whose:bidder} {bid:bid}: it "
            "{yes:exists:is there|is not there}, the best hand being {bid:best}"
            "[?best_cards| ({cards:best_cards})]; "
            "{name:loser} {v:loser:loses|lose} the call. Hands: {hands:hands}",
        },
        {
            "when": ["target"],
            "say": _s("calls", "call")
            + " \u201c{val:word}!\u201d on {name:target}: the cards"
            + _SHOWN
            + " were {yes:truthful:true|a bluff}",
        },
        {"say": _s("calls", "call")},
    ],
    "believe": [
        {
            "say": _s("believes", "believe")
            + " {name:target}: the cards"
            + _SHOWN
            + " were {yes:truthful:true|a bluff}"
        }
    ],
    "called": [
        {
            "say": _s("calls", "call") + " \u201c{val:word}!\u201d on {name:target}, "
            "who shows the cards"
        }
    ],
    "check": [{"say": _s("checks", "check") + " {whose:target} play" + _SHOWN}],
    "take": [
        {
            "when": ["from"],
            "say": _s("takes", "take") + " the call's pile ({n:count:card}) "
            "from {name:from}[?cards|: {cards:cards}]",
        },
        {"say": _s("takes", "take") + " the pile ({n:count:card})[?cards|: {cards:cards}]"},
    ],
    "decline": [{"say": _s("lets", "let") + " it go"}],
    "turned_over": [
        {
            "say": "{whose:seat} last cards are turned over: {cards:cards}, a lie; "
            + "{name:seat} {v:seat:takes|take} the pile instead of going out"
        }
    ],
    "pass": [{"say": _s("passes", "pass") + "[?pickup| and {v:seat:picks|pick} up the pile]"}],
    "discard": [{"say": "everyone passed: {n:count:card} discarded unseen"}],
    "removed": [{"say": "the called pile leaves play ({n:count:card})"}],
    "set_aside": [{"say": _s("puts", "put") + " a set aside: {cards:cards}"}],
    "lost": [{"say": _s("is", "are") + " out of the game[?why|: {val:why}]" + _SHOWN}],
    "cup": [{"say": _s("drinks", "drink") + " the King's cup ({n:sips:sip})"}],
    "pour": [
        {"say": _s("pours", "pour") + " into the King's cup for {n:kings:king} ({n:cup:sip} in it)"}
    ],
    "out": [
        {"when": ["place"], "say": _s("is", "are") + " out of cards (place {val:place})"},
        {"say": _s("is", "are") + " out"},
    ],
    "game_over": [{"say": "game over[?winner|: {name:winner} won][!winner|: a shared win]"}],
    "bid": [
        {"when": ["bid"], "say": _s("bids", "bid") + " {bid:bid}"},
        {"say": _s("bids", "bid") + " {val:count}[?rank| × {rank:rank}]"},
    ],
    "bid_pass": [{"say": _s("passes", "pass") + " on the bidding"}],
    "lose": [{"say": _s("loses", "lose") + " the call: {n:cards_next:card} next hand"}],
    "recharge": [{"say": "recharge: everyone still in gets one more card"}],
    "jokers_leave": [{"say": "the jokers leave the game"}],
    "draw": [
        {"say": _s("draws", "draw") + "[?card| {card:card}]; {val:stock_size} left in the stock"}
    ],
    "sneak": [{"say": _s("sneaks", "sneak") + " {n:count:card} face down" + _SHOWN}],
    "flaunt": [{"say": _s("flaunts", "flaunt") + " {cards:cards}[?combo| ({val:combo})]"}],
    "challenge": [{"say": _s("challenges", "challenge") + " with {n:count:card}" + _SHOWN}],
    "won": [{"say": _s("wins", "win") + " {n:count:card} unchallenged" + _SHOWN}],
    "reveal": [
        {
            "say": "challenge turned up: {plays:plays}; {name:winner} "
            "{v:winner:wins|win} {n:count:card}"
        }
    ],
    "uncontested": [{"say": _s("keeps", "keep") + " the last {n:count:card} uncontested"}],
    "deal_start": [{"say": "deal {val:deal} begins: {val:stock_size} cards in the stock"}],
    "deal_end": [{"say": "deal {val:deal} over: won {join:won}, scores {join:scores}"}],
    "cheat_private": [
        {"when": ["cheat=hide"], "say": _s("hides", "hide") + " {cards:cards} (a table cheat)"},
        {
            "when": ["cheat=give"],
            "say": _s("slips", "slip") + " {cards:cards} into {whose:to} hand (a table cheat)",
        },
        {
            "when": ["cheat=given"],
            "say": _s("slips", "slip") + " {cards:cards} into your hand (a table cheat)",
        },
        {
            "when": ["cheat=peek"],
            "say": _s("peeks", "peek") + " at a card of {name:at}: {cards:cards}",
        },
        {
            "say": _s("does", "do") + " something under the table (a table cheat, open to "
            "accusation until the next turn)"
        },
    ],
    "accuse": [
        {
            "say": _s("accuses", "accuse") + " {name:target} of cheating: [?caught|caught]"
            "[?cheats| ({words:cheats})][!caught|a false accusation]"
        }
    ],
}

#: Where a family says an event its own way.
FAMILY_PHRASES: dict[str, dict[str, list[Variant]]] = {
    # Sneak: a pass declines a challenge
    "sneak": {"pass": [{"say": _s("lets", "let") + " it go"}]},
    "poker_bull": {"out": [{"say": _s("is", "are") + " out of the game (place {val:place})"}]},
}

#: What a rank and a suit are called on the table (``T`` is written 10).
RANK_WORDS = {"T": "10", "JK": "joker"}
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_WORDS = dict(zip(SUITS, SUIT_NAMES, strict=True))


def _bid_categories() -> dict[str, str]:
    from .pokerbull.bids import CATEGORIES

    return {str(c): str(c).replace("_", " ") for c in CATEGORIES}


def vocabulary() -> dict[str, Any]:
    """All the data a renderer needs, as JSON: each family's phrases (``PHRASES`` with its
    own in place), rank words, suit symbols and names, and the Poker Bull bid categories'
    words."""
    families: dict[str, dict[str, list[Variant]]] = {"cheat": {}, "poker_bull": {}, "sneak": {}}
    families |= FAMILY_PHRASES
    return {
        "format": "bluffhouse-narration/1",
        "families": {f: {**PHRASES, **own} for f, own in families.items()},
        "ranks": RANK_WORDS,
        "suit_symbols": SUIT_SYMBOLS,
        "suit_names": SUIT_WORDS,
        "bid_categories": _bid_categories(),
    }


# ---------------------------------------------------------------------- the renderer
_TOKEN = re.compile(r"\[([?!])([^|\]]+)\|([^\]]*)\]|\{([^}]*)\}")


def card_words(card: str) -> str:
    """A card as players write it.

    >>> card_words("TS"), card_words("QH"), card_words("JK")
    ('10♠', 'Q♥', 'Joker')
    """
    if card == "JK":
        return "Joker"
    return RANK_WORDS.get(card[0], card[0]) + SUIT_SYMBOLS.get(card[1], "?")


def bid_words(bid: str) -> str:
    """A Poker Bull bid in words: suits as symbols, T as 10.

    >>> bid_words("two_pair K T natural"), bid_words("flush H")
    ('two pair K 10 (natural)', 'flush ♥')
    """
    parts = str(bid).split(" ")
    natural = parts[-1] == "natural"
    if natural:
        parts.pop()
    cat, *rest = parts
    shown = [SUIT_SYMBOLS.get(t) or RANK_WORDS.get(t, t) for t in rest]
    return (
        cat.replace("_", " ")
        + (" " + " ".join(shown) if shown else "")
        + (" (natural)" if natural else "")
    )


def _holds(value: Any) -> bool:
    return value is not None and value is not False and value != []


def _met(cond: str, event: Mapping[str, Any]) -> bool:
    if cond.startswith("!"):
        return not _holds(event.get(cond[1:]))
    if "!=@" in cond:
        key, other = cond.split("!=@")
        return _holds(event.get(key)) and event.get(key) != event.get(other)
    if "=" in cond:
        key, text = cond.split("=", 1)
        return str(event.get(key)) == text
    return _holds(event.get(cond))


def render(
    template: str, event: Mapping[str, Any], name: Callable[[int], str], me: int | None
) -> str:
    """Fill a phrase in for ``event`` as the seat ``me`` sees it (None: a spectator)."""

    def fill(spec: str) -> str:
        fmt, key, *rest = spec.split(":")
        arg = rest[0] if rest else ""
        value: Any = event.get(key, "")
        if fmt == "name":
            return name(int(value))
        if fmt == "whose":
            return "your" if value == me else f"{name(int(value))}'s"
        if fmt == "v":
            third, second = arg.split("|")
            return second if value == me else third
        if fmt == "yes":
            this, that = arg.split("|")
            return this if _holds(value) else that
        if fmt == "n":
            count = int(value)
            return f"{count} {arg}{'' if count == 1 else 's'}"
        if fmt == "join":
            return " / ".join(str(v) for v in value)
        if fmt == "card":
            return card_words(str(value))
        if fmt == "cards":
            return " ".join(card_words(c) for c in value)
        if fmt == "rank":
            return RANK_WORDS.get(str(value), str(value))
        if fmt == "suit":
            return SUIT_WORDS.get(str(value), str(value))
        if fmt == "bid":
            return bid_words(str(value))
        if fmt == "words":
            return ", ".join(str(w).replace("_", " ") for w in value)
        if fmt == "hands":
            return "; ".join(
                f"{name(s)}: {' '.join(card_words(c) for c in h) or '-'}"
                for s, h in enumerate(value)
            )
        if fmt == "plays":
            return ", ".join(
                f"{name(p['seat'])} {' '.join(card_words(c) for c in p['cards'])}"
                + (f" ({p['combo']})" if p.get("combo") else "")
                for p in value
            )
        return str(value)

    def token(m: re.Match[str]) -> str:
        if m.group(4) is not None:
            return fill(m.group(4))
        cond = m.group(2) if m.group(1) == "?" else "!" + m.group(2)
        if not _met(cond, event):
            return ""
        return re.sub(r"\{([^}]*)\}", lambda inner: fill(inner.group(1)), m.group(3))

    return _TOKEN.sub(token, template)


def describe(
    event: Mapping[str, Any],
    name: Callable[[int], str],
    me: int | None = None,
    family: str = "cheat",
) -> str:
    """One line for an event as seat ``me`` saw it: its family's phrase, filled in (an
    event type with no phrase: its type and values, so nothing is ever left unsaid).

    >>> name = lambda seat: "you" if seat == 0 else f"Seat {seat + 1}"
    >>> describe({"type": "play", "seat": 2, "rank": "T", "count": 3}, name, 0)
    'Seat 3 plays 3 × 10'
    >>> describe({"type": "pass", "seat": 0, "pickup": True}, name, 0)
    'you pass and pick up the pile'
    """
    kind = str(event.get("type"))
    variants = FAMILY_PHRASES.get(family, {}).get(kind) or PHRASES.get(kind)
    for variant in variants or []:
        if all(_met(c, event) for c in variant.get("when", [])):
            return render(variant["say"], event, name, me)
    rest = ", ".join(
        f"{k.replace('_', ' ')} {v}" for k, v in event.items() if k not in ("type", "seat")
    )
    who = f"{name(int(event['seat']))} " if isinstance(event.get("seat"), int) else ""
    return f"{who}{kind.replace('_', ' ')}" + (f" ({rest})" if rest else "")


def cases() -> list[dict[str, Any]]:
    """Events from whole games of every family, each with the line it must read as (for
    seat 0, named "you", the others "Seat N"): the corpus both renderers are checked on."""
    import bluffhouse as bh

    from .bots import Choices, make_bot

    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for preset in bh.presets():
        game = bh.new_game(preset.id, seed=5)
        family = type(game).FAMILY
        bots = [make_bot("counter", seed=s) for s in range(game.players)]
        steps = 0
        while not game.over and steps < 300:
            seat = game.to_act[0]
            game.apply(seat, bots[seat].act(game.view(seat), Choices(game, seat)))
            steps += 1
        for viewer in (0, None):
            for event in game.events_for(viewer):
                held = sorted(k for k, v in event.items() if _holds(v))
                key = json.dumps(
                    [family, viewer is None, event.get("seat") == viewer, held, event.get("cheat")],
                    sort_keys=True,
                )
                if key in seen:
                    continue
                seen.add(key)
                out.append(
                    {
                        "family": family,
                        "me": viewer,
                        "event": dict(event),
                        "line": describe(event, _case_name(viewer), viewer, family),
                    }
                )
    return out


def _case_name(me: int | None) -> Callable[[int], str]:
    return lambda seat: "you" if seat == me else f"Seat {seat + 1}"


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m bluffhouse.narration [CASES.json]``: write the checked cases (default
    ``tests/js/narration_cases.json``)."""
    parser = argparse.ArgumentParser(
        prog="python -m bluffhouse.narration",
        description="Write the narration cases the browser's tests check against the "
        "server's own narration.",
    )
    parser.add_argument(
        "cases",
        nargs="?",
        default="tests/js/narration_cases.json",
        help="the file to write (default: tests/js/narration_cases.json)",
    )
    path = parser.parse_args(list(sys.argv[1:] if argv is None else argv)).cases
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"vocabulary": vocabulary(), "cases": cases()}, f, ensure_ascii=False, indent=1)
        f.write("\n")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
