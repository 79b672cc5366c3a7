"""Shared helpers of the interop tests: random game states, and the alternative deals of the
leak property (another deal of the cards a seat has not seen, replayed with the same actions)."""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import bluffhouse as bh
from bluffhouse.encodings import GameConfig
from bluffhouse.game import Game

#: Presets covering every family and the Cheat variations whose information differs (one card
#: a play, suits claimed, counts lied, jokers, table cheats and answered calls, private checks,
#: one card revealed, full sets set aside, bidding, believing, anytime calls, jump-in).
FAMILY_SAMPLE = [
    "bluff",
    "bullshit",
    "popcorn_count_bluff",
    "liar_liar",
    "specificity",
    "jokers_wild",
    "anything_goes_cheat",
    "british_cheat",
    "check",
    "only_one",
    "eightshit",
    "spanish_bluff",
    "chinese_bluff",
    "hawaiian_bluff",
    "jump_in",
    "kings_cup",
    "poker_bull",
    "poker_bull_rising",
    "sneak",
]


def setup_of(config: GameConfig, seed: int) -> dict[str, Any]:
    """The exact start (``deal=`` or ``stock=``) of a seeded game of ``config``, so that a game
    and its alternative both start from an explicit one (and draw the same randomness later)."""
    game = config.new_game(seed=seed)
    if config.family == "sneak":
        stock = json.loads(game.to_json())["state"]["stock"]
        return {"stock": [_text(c) for c in reversed(stock)]}
    first = game.events_all()[0]
    private = first.get("private", {})
    return {"deal": [list(private.get(str(s), {}).get("cards", [])) for s in range(config.players)]}


def _text(card: int) -> str:
    from bluffhouse.cards import CARD_TEXT

    return CARD_TEXT[card]


def random_history(
    config: GameConfig, seed: int, steps: int, setup: dict[str, Any] | None = None
) -> tuple[Game, list[tuple[int, Any]]]:
    """A game of ``config`` after up to ``steps`` random actions, and those actions."""
    rng = random.Random(seed)
    game = config.new_game(seed=seed, **(setup or {}))
    done: list[tuple[int, Any]] = []
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        action = game.sample_action(seat, rng)
        game.apply(seat, action)
        done.append((seat, action))
    return game, done


def seen_by(game: Game, seat: int) -> Counter[str]:
    """Every card string the seat's view shows (its hand and its log), most copies at once."""
    view = game.view(seat)
    found: Counter[str] = Counter()

    def walk(value: Any) -> None:
        if isinstance(value, str):
            return
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            strings = [v for v in value if isinstance(v, str) and len(v) == 2]
            for card, k in Counter(strings).items():
                if card in _CARDS:
                    found[card] = max(found[card], k)
            for v in value:
                walk(v)

    walk(view)
    return found


def _all_cards() -> set[str]:
    from bluffhouse.cards import CARD_TEXT

    return set(CARD_TEXT)


_CARDS = _all_cards()


def relabel(seen: Counter[str], pack: Counter[str], rng: random.Random) -> dict[str, str]:
    """A random relabelling of the card strings none of whose copies was seen, among strings
    held as many times in the pack (jokers kept): another consistent deal."""
    free: dict[int, list[str]] = {}
    for card, copies in pack.items():
        if card != "JK" and card not in seen:
            free.setdefault(copies, []).append(card)
    out: dict[str, str] = {}
    for cards in free.values():
        shuffled = list(cards)
        rng.shuffle(shuffled)
        out.update(zip(sorted(cards), shuffled, strict=True))
    return out


def map_cards(value: Any, mapping: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: (map_cards(v, mapping) if k in ("cards",) else v) for k, v in value.items()}
    if isinstance(value, list):
        return [mapping.get(v, v) if isinstance(v, str) else map_cards(v, mapping) for v in value]
    return value


def map_setup(setup: dict[str, Any], mapping: dict[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in setup.items():
        if key == "deal":
            out[key] = [[mapping.get(c, c) for c in hand] for hand in value]
        else:
            out[key] = [mapping.get(c, c) for c in value]
    return out


def pack_of(config: GameConfig, setup: dict[str, Any]) -> Counter[str]:
    """The cards a relabelling may use: Poker Bull deals from the whole deck, the others deal
    (or stock) every card."""
    if config.family == "poker_bull":
        pack = Counter(_text(c) for c in range(52))
        pack["JK"] = int(config.rules.get("jokers", 0))
        return pack
    if "deal" in setup:
        return Counter(c for hand in setup["deal"] for c in hand)
    return Counter(setup["stock"])


def alternative(
    config: GameConfig,
    seed: int,
    setup: dict[str, Any],
    actions: list[tuple[int, Any]],
    mapping: dict[str, str],
) -> Game | None:
    """The game replayed from the relabelled start with the relabelled actions; None when that
    is not another consistent history (an action became illegal)."""
    game = config.new_game(seed=seed, **map_setup(setup, mapping))
    for seat, action in actions:
        try:
            game.apply(seat, map_cards(action, mapping))
        except bh.IllegalAction:
            return None
    return game


def peeked(actions: list[tuple[int, Any]], seat: int) -> bool:
    """Whether the seat peeked at a card (a card drawn at random from a hand the relabelling
    reorders: the alternative may show it another card, rightly)."""
    return any(
        s == seat and a.get("type") == "cheat" and a.get("cheat") == "peek" for s, a in actions
    )


def leak_case(
    config: GameConfig,
    seed: int,
    steps: int,
    seat: int,
    observe: Callable[[Game, int], Any],
    tries: int = 6,
) -> tuple[bool, bool] | None:
    """Checks the leak property once: for a random state and another deal of the cards
    ``seat`` has not seen that replays to the same public history, ``observe(game, seat)`` is
    unchanged.  Returns (checked, others_changed), or None when no consistent alternative was
    found in ``tries``.  Raises AssertionError on a leak."""
    setup = setup_of(config, seed)
    game, actions = random_history(config, seed, steps, setup)
    seat %= config.players
    if peeked(actions, seat):
        return None
    rng = random.Random(seed * 7919 + seat)
    pack = pack_of(config, setup)
    seen = seen_by(game, seat)
    for _ in range(tries):
        mapping = relabel(seen, pack, rng)
        alt = alternative(config, seed, setup, actions, mapping)
        if alt is None or alt.view(None) != game.view(None):
            continue
        mine, theirs = observe(game, seat), observe(alt, seat)
        assert _same(mine, theirs), (
            f"{config.label} seed {seed} after {len(actions)} actions: seat {seat}'s "
            "observation changed when only cards it has not seen were dealt differently"
        )
        changed = any(
            alt.view(s)["hand"] != game.view(s)["hand"] for s in range(config.players) if s != seat
        )
        return True, changed
    return None


def _same(a: Any, b: Any) -> bool:
    import numpy as np

    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, tuple | list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, np.ndarray):
        return bool(np.array_equal(a, b))
    return bool(a == b)


def walk_without_listing(table: Any, seed: int, steps: int, monkeypatch: Any) -> None:
    """Plays ``steps`` random masked actions on a fresh game of ``table`` with its family's
    ``legal_actions`` made to fail: the environments' legal ids must come without listing."""
    table.seed(seed)
    game = table.new()

    def refuse(self: Game, seat: int) -> list[Any]:
        raise AssertionError("legal_actions listed")

    monkeypatch.setattr(type(game), "legal_actions", refuse)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        seat = table.acting()
        _, mask, ids = table.observe(seat)
        assert ids.size and mask.sum() == ids.size
        table.act(seat, int(ids[rng.randrange(len(ids))]))


def flaunt_twins(codec: Any, legal: list[int], first: int) -> list[int]:
    """Sneak: for the sneak ids among the first ``first`` legal ids, the flaunt ids of the same
    card sets that are not legal themselves (in a challenge window, the id a challenge of those
    cards does not take: refused)."""
    flaunts = codec.tables["flaunt"].index
    first_flaunt = next(s for s in codec.segments if s.kind == "flaunt").start
    out = []
    for i in legal[:first]:
        seg = codec.segment_of(i)
        if seg.kind == "sneak":
            at = flaunts.get(codec.tables["sneak"].items[i - seg.start])
            if at is not None and first_flaunt + at not in legal:
                out.append(first_flaunt + at)
    return out
