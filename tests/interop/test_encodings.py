"""The encodings: the action codec both ways and its mask, the observation vector and text, and
the leak property (another deal of the cards a seat has not seen leaves its observation as it
was)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

np = pytest.importorskip("numpy")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from interop_util import FAMILY_SAMPLE, leak_case  # noqa: E402

import bluffhouse as bh  # noqa: E402
from bluffhouse.cards import CARD_INDEX  # noqa: E402
from bluffhouse.encodings import (  # noqa: E402
    CheatCodec,
    GameConfig,
    SneakCodec,
    action_codec,
    camel_case,
    configure,
    observation_encoder,
    reward_bounds,
    rewards,
    size_table,
)
from bluffhouse.sneak.combos import is_flauntable  # noqa: E402

DOCS = Path(__file__).resolve().parents[2] / "docs" / "research.md"


def _walk(config: GameConfig, codec: Any, seed: int, steps: int, check_ids: int = 12) -> bh.Game:
    """Random masked play through a game, checking the codec at every step: every legal
    action has an id (or is a play larger than the space holds), a sample of legal ids decode
    to actions the engine accepts that encode back to the same id."""
    rng = random.Random(seed)
    game = config.new_game(seed=seed)
    for _ in range(steps):
        if game.over:
            break
        seat = game.to_act[rng.randrange(len(game.to_act))]
        view = game.view(seat)
        legal = game.legal_actions(seat)
        ids = codec.legal(legal, view)
        for action in legal:
            if codec.encode(action, view) is None:
                assert _outside(codec, action), (config.label, action)
        assert ids, (config.label, legal[:3])
        for i in rng.sample(sorted(ids), min(check_ids, len(ids))):
            action = codec.decode(i, view)
            assert game.is_legal(seat, action), (config.label, codec.describe(i), action)
            assert codec.encode(action, view) == i
        game.apply(seat, codec.decode(rng.choice(sorted(ids)), view))
    return game


def _outside(codec: Any, action: dict[str, Any]) -> bool:
    """An action the space documents as outside it: a play (or show) larger than its limit;
    in Sneak a sneak larger than ``any_limit``, a flaunt larger than ``combo_limit``, a
    challenge larger than ``any_limit`` that is no combination of ``combo_limit`` at most."""
    size = len(action.get("cards") or [])
    if isinstance(codec, SneakCodec):
        kind = action["type"]
        if kind == "sneak":
            return size > codec.any_limit
        if kind == "flaunt":
            return size > codec.combo_limit
        return (
            kind == "challenge"
            and size > codec.any_limit
            and (
                size > codec.combo_limit
                or not is_flauntable([CARD_INDEX[c] for c in action["cards"]])
            )
        )
    return isinstance(codec, CheatCodec) and not codec.complete and size > codec.play_limit


@pytest.mark.parametrize("game_id", FAMILY_SAMPLE)
def test_codec_round_trip(game_id: str) -> None:
    config = configure(game_id)
    _walk(config, action_codec(config), seed=3, steps=30, check_ids=6)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", [p.id for p in bh.presets()])
def test_codec_round_trip_every_preset(game_id: str) -> None:
    config = configure(game_id)
    # One long walk a preset (CI time); the family samples above walk other seeds.
    _walk(config, action_codec(config), seed=0, steps=150, check_ids=20)


@pytest.mark.parametrize(
    "game_id, players", [("bullshit", 2), ("bullshit", 6), ("poker_bull", 5), ("sneak", 6)]
)
def test_codec_other_table_sizes(game_id: str, players: int) -> None:
    config = configure(game_id, players)
    _walk(config, action_codec(config), seed=1, steps=40)


def test_every_legal_action_has_an_id_where_the_space_is_complete() -> None:
    """Where the rules limit plays (every preset but the unlimited ones), no legal action is
    outside the space; in an unlimited one only plays larger than the limit are."""
    config = configure("bullshit")
    codec: Any = action_codec(config)
    assert codec.complete
    game = config.new_game(seed=5)
    view = game.view(0)
    legal = game.legal_actions(0)
    assert len(codec.legal(legal, view)) == len(legal)  # one claim each: ids are distinct
    free: Any = action_codec(configure("free_for_all"))
    assert not free.complete and free.play_limit == 4
    big: Any = action_codec(configure("free_for_all"), play_limit=6)
    assert big.play_limit == 6 and big.size > free.size


def test_plays_are_rank_multisets_with_claim_choices() -> None:
    codec = action_codec(configure("bullshit"))
    game = bh.new_game(
        "bullshit", players=4, seed=1, deal=[["AS", "AH", "7D", "7C"], ["2S"], ["3S"], ["4S"]]
    )
    view = game.view(0)
    one = codec.encode({"type": "play", "cards": ["AS", "7D"], "claim": {"rank": "A"}}, view)
    two = codec.encode(
        {"type": "play", "cards": ["AH", "7C"], "claim": {"rank": "A", "count": 2}}, view
    )
    assert one == two is not None  # suits do not matter: one id for either pair
    assert one is not None
    assert codec.decode(one, view)["claim"] == {"rank": "A", "count": 2}
    assert codec.encode({"type": "play", "cards": ["AS"], "claim": {"rank": "K"}}, view) is None
    fork: Any = action_codec(configure("rank_fork"))
    assert fork.claim_slots == 3  # the same rank, one above, one below


def test_decoding_spreads_suits() -> None:
    """A many-card lead decodes to suits as even as the hand allows (Eightsh*t: a lead of 8
    cards all of one suit loses at once)."""
    config = configure("eightshit")
    codec = action_codec(config, play_limit=8)
    hand = [
        "AS",
        "AS",
        "AH",
        "AH",
        "KS",
        "KS",
        "KH",
        "KH",
        "QS",
        "QS",
        "QH",
        "QH",
        "JS",
        "JS",
        "JH",
        "JH",
    ]
    game = bh.new_game("eightshit", seed=1, deal=[hand, ["TS"], ["TH"], ["TD"]])
    view = game.view(0)
    target = {
        "type": "play",
        "cards": ["AS", "AS", "KS", "KS", "QS", "QS", "JS", "JS"],
        "claim": {"rank": "A", "count": 8},
    }
    assert game.is_legal(0, target)  # legal, and lost at once: eight spades led
    i = codec.encode(target, view)
    assert i is not None
    cards = codec.decode(i, view)["cards"]
    assert sorted(c[0] for c in cards) == sorted(c[0] for c in target["cards"])
    assert {c[1] for c in cards} == {"S", "H"}
    assert game.is_legal(0, codec.decode(i, view))


def test_decode_refuses_what_cannot_be() -> None:
    config = configure("bullshit")
    codec = action_codec(config)
    view = config.new_game(seed=2).view(0)
    with pytest.raises(bh.IllegalAction, match="outside the action space"):
        codec.decode(codec.size, view)
    with pytest.raises(bh.IllegalAction, match="whole number"):
        codec.decode("3", view)  # type: ignore[arg-type]
    hand = view["hand"]
    missing = next(r for r in "A23456789TJQK" if sum(c[0] == r for c in hand) < 4)
    four = codec.encode(
        {"type": "play", "cards": [f"{missing}{s}" for s in "SHDC"], "claim": {"rank": "A"}},
        {**view, "claim_ranks": ["A"]},
    )
    assert four is not None
    with pytest.raises(bh.IllegalAction, match="more than the hand holds"):
        codec.decode(four, view)


def test_unknown_action_types_are_named() -> None:
    codec = action_codec(configure("bullshit"))
    with pytest.raises(ValueError, match="no place for"):
        codec.encode({"type": "juggle"}, {"seat": 0})


def test_poker_bull_ids_follow_the_bid_order() -> None:
    codec = action_codec(configure("poker_bull"))
    view = {"seat": 0}
    low = codec.encode({"type": "bid", "bid": "pair 7"}, view)
    high = codec.encode({"type": "bid", "bid": "PAIR 8"}, view)  # any spelling
    assert low is not None and high is not None and low < high
    assert codec.decode(high, view) == {"type": "bid", "bid": "pair 8"}
    assert codec.encode({"type": "bid", "bid": "no such bid"}, view) is None
    assert codec.size == 19_725


def test_sneak_space() -> None:
    codec = action_codec(configure("sneak"))
    view = {"seat": 0}
    assert (
        codec.encode({"type": "flaunt", "cards": ["7H", "8H", "9H", "TH", "JH"]}, view) is not None
    )
    assert codec.encode({"type": "flaunt", "cards": ["7H", "8S", "KD"]}, view) is None
    assert codec.encode({"type": "sneak", "cards": ["7H", "8S", "KD"]}, view) is not None
    assert codec.encode({"type": "challenge", "cards": ["7H", "8S", "KD", "2C"]}, view) is None
    assert codec.size == 2 + 23_478 + 23_507  # (challenges share the leads' ids)


def _sneak_window() -> tuple[bh.Game, dict[str, Any]]:
    """Seat 0 flaunts a straight flush of 5; seat 1 may challenge with a higher one."""
    game = bh.new_game(
        "sneak",
        players=4,
        seed=1,
        deal=[
            ["7H", "8H", "9H", "TH", "JH", "2C"],
            ["9S", "TS", "JS", "QS", "KS", "KD"],
            ["AD", "2D", "3D", "4D", "5D", "QC"],
            ["AS", "9D", "9C", "KH", "QH", "8C"],
        ],
        stock=["2S", "3H", "4H", "5H", "6H", "7D", "8D"],
    )
    for _ in range(4):
        game.apply(game.to_act[0], {"type": "draw"})
    turn = game.view(0)
    game.apply(0, {"type": "flaunt", "cards": ["7H", "8H", "9H", "TH", "JH"]})
    return game, turn


def test_sneak_challenges_share_the_lead_ids() -> None:
    """A challenge takes the id of the sneak of its cards (up to ``any_limit``), a larger one
    that of the flaunt of its combination; the view's phase says which reading is in force,
    in the decoded action and in ``describe``."""
    codec = action_codec(configure("sneak"))
    game, turn = _sneak_window()
    window = game.view(1)
    five = ["9S", "TS", "JS", "QS", "KS"]
    flaunt = codec.encode({"type": "flaunt", "cards": five}, turn)
    challenge = {"type": "challenge", "cards": five}
    assert codec.encode(challenge, window) == flaunt is not None
    assert codec.legal(game.legal_actions(1), window) == {flaunt: challenge, 1: {"type": "pass"}}
    assert codec.decode(flaunt, window) == challenge and game.is_legal(1, challenge)
    assert codec.decode(flaunt, turn) == {"type": "flaunt", "cards": five}
    assert codec.describe(flaunt) == "flaunt or challenge 9S TS JS QS KS"
    assert codec.describe(flaunt, window) == "challenge 9S TS JS QS KS"
    assert codec.describe(flaunt, turn) == "flaunt 9S TS JS QS KS"
    pair = codec.encode({"type": "sneak", "cards": ["KD", "9S"]}, turn)
    assert pair is not None
    assert codec.encode({"type": "challenge", "cards": ["9S", "KD"]}, window) == pair
    assert codec.decode(pair, window) == {"type": "challenge", "cards": ["9S", "KD"]}
    assert codec.describe(pair) == "sneak or challenge 9S KD"
    single = codec.encode({"type": "flaunt", "cards": ["KD"]}, turn)
    assert single is not None
    assert codec.describe(single) == codec.describe(single, window) == "flaunt KD"
    with pytest.raises(bh.IllegalAction, match=r"is no challenge.*takes the id of its sneak"):
        codec.decode(single, window)


@pytest.mark.slow
def test_sneak_descriptions_are_unique() -> None:
    for packs in (1, 2):
        codec = action_codec(configure("sneak", packs=packs))
        assert len({codec.describe(i) for i in range(codec.size)}) == codec.size


@st.composite
def _sneak_options(draw: st.DrawFn) -> dict[str, Any]:
    players = draw(st.integers(2, 7))
    packs = draw(
        st.sampled_from([0, 1, 2] if players == 4 else ([0, 1] if players < 4 else [0, 2]))
    )
    return {
        "players": players,
        "packs": packs,
        "flaunt_challenges": draw(st.sampled_from(["must_beat", "any"])),
    }


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=_sneak_options(), seed=st.integers(0, 10_000), steps=st.integers(1, 60))
def test_sneak_codec_invariants(options: dict[str, Any], seed: int, steps: int) -> None:
    """On random Sneak states and options, at every decision: every listed action has an id
    (but those the space documents as outside it), the ids are one per action, the mask and
    ``legal_ids`` mark exactly them, and each decodes to the action listed for it (a lead or a
    challenge, as the phase says), which the engine accepts, described uniquely."""
    config = configure("sneak", **options)
    codec = action_codec(config)  # (quick after the first of as many packs)
    rng = random.Random(seed)
    game = config.new_game(seed=seed)
    for _ in range(steps):
        if game.over:
            break
        for seat in game.to_act:
            view = game.view(seat)
            listed = game.legal_actions(seat)
            inside = [a for a in listed if not _outside(codec, a)]
            ids = codec.legal(listed, view)
            assert len(ids) == len(inside) and None not in ids
            assert np.flatnonzero(codec.mask(listed, view)).tolist() == sorted(ids)
            assert codec.legal_ids(game, seat, view).tolist() == sorted(ids)
            names = {codec.describe(i, view) for i in ids}
            assert len(names) == len(ids)
            for i in rng.sample(sorted(ids), min(6, len(ids))):
                action, got = ids[i], codec.decode(i, view)
                assert got["type"] == action["type"]
                assert sorted(got.get("cards", []), key=CARD_INDEX.__getitem__) == sorted(
                    action.get("cards", []), key=CARD_INDEX.__getitem__
                )
                assert game.is_legal(seat, got)
                assert codec.describe(i, view).split()[0] == action["type"]
        seat = game.to_act[rng.randrange(len(game.to_act))]
        game.apply(seat, game.sample_action(seat, rng))


def test_observations_fixed_length_bounded_and_incremental() -> None:
    """Every value lies in [0, 1]; the length never changes; an encoder that keeps a memory
    of the seat's events gives exactly what reading the whole view afresh gives."""
    for game_id in ("bullshit", "anything_goes_cheat", "poker_bull", "sneak"):
        config = configure(game_id)
        enc = observation_encoder(config)
        rng = random.Random(4)
        game = config.new_game(seed=4)
        memories = {s: enc.memory(s) for s in range(config.players)}
        for _ in range(60):
            if game.over:
                break
            for s in range(config.players):
                view = game.view(s)
                kept = enc.encode(view, memories[s])
                fresh = enc.encode(view)
                assert kept.shape == (enc.size,) and kept.dtype == np.float32
                assert np.array_equal(kept, fresh), game_id
                assert kept.min() >= 0.0 and kept.max() <= 1.0
            seat = game.to_act[0]
            game.apply(seat, game.sample_action(seat, rng))
        assert "hand:" in enc.text(game.view(0))


def test_memory_starts_afresh_for_another_game() -> None:
    config = configure("bullshit")
    enc = observation_encoder(config)
    memory = enc.memory(0)
    long_game = config.new_game(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        seat = long_game.to_act[0]
        long_game.apply(seat, long_game.sample_action(seat, rng))
    enc.encode(long_game.view(0), memory)
    other = config.new_game(seed=2)
    assert np.array_equal(enc.encode(other.view(0), memory), enc.encode(other.view(0)))


def test_sneak_decodes_each_logged_event_once_for_every_seat() -> None:
    """Sneak's encoder decodes an event object once, whichever seats read it (an environment's
    seats read the same log); each seat still gets its own values (rows counted from it, the
    cards seen won by its own view: a sneak won unchallenged reaches the leader's only)."""
    config = configure("sneak", players=4)
    enc: Any = observation_encoder(config)
    decoded: list[Any] = []
    decode = enc._decode

    def counted(event: Any) -> Any:
        decoded.append(event)
        return decode(event)

    enc._decode = counted
    plain = observation_encoder(config)  # (its own cache: each view read afresh)
    rng, game = random.Random(6), config.new_game(seed=6)
    memories = [enc.memory(s) for s in range(4)]
    for step in range(61):
        if step:
            seat = game.to_act[0]
            game.apply(seat, game.sample_action(seat, rng))
        for s in range(4):
            view = game.view(s)
            assert np.array_equal(enc.encode(view, memories[s]), plain.encode(view)), s
    logs = [game.events_for(s) for s in range(4)]
    objects = {id(e) for log in logs for e in log}
    assert len(decoded) == len(objects) < 4 * len(logs[0]) - len(logs[0])


def test_sneak_reads_plain_dict_events_afresh() -> None:
    """Only read-only events (the engine's) are kept by identity: a view of plain dicts that
    its caller changes between calls is read as it is now."""
    config = configure("sneak", players=2)
    enc = observation_encoder(config)
    rng, game = random.Random(2), config.new_game(seed=2)
    for _ in range(3):
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
    view = json.loads(json.dumps(game.view(0)))
    before = enc.encode(view)
    event = next(e for e in reversed(view["events"]) if type(e.get("seat")) is int)
    event["seat"] = 1 - event["seat"]
    after = enc.encode(view)
    assert not np.array_equal(before, after)
    assert np.array_equal(after, observation_encoder(config).encode(json.loads(json.dumps(view))))


def test_sneak_values_outside_the_tables_are_worked_out() -> None:
    """The seats and misc values come from tables of counts; a view with values outside them
    (a score past the table, a fraction, keys left out) gets the plain reading's values."""
    from sneak_reference import ReferenceSneakObservation

    config = configure("sneak", players=3)
    enc, ref = observation_encoder(config), ReferenceSneakObservation(config)
    rng, game = random.Random(4), config.new_game(seed=4)
    for _ in range(9):
        seat = game.to_act[0]
        game.apply(seat, game.sample_action(seat, rng))
    view = json.loads(json.dumps(game.view(1)))
    odd = [
        {**view, "scores": [500, -3, 7.5]},
        {**view, "hand_sizes": [2.5, 0, 1]},
        {**view, "deal": 1000, "stock_size": -1, "lead_limit": 0.5},
        {k: v for k, v in view.items() if k not in ("won", "turn", "lead")},
    ]
    for case in odd:
        assert np.array_equal(enc.encode(case), ref.encode(case))


# ---------------------------------------------------------------------- the leak property
def _observe(config: GameConfig) -> Callable[[bh.Game, int], Any]:
    enc = observation_encoder(config)
    codec = action_codec(config)

    def observe(game: bh.Game, seat: int) -> Any:
        view = game.view(seat)
        mask = codec.mask(game.legal_actions(seat), view) if seat in game.to_act else None
        return view, enc.encode(view), enc.text(view), mask

    return observe


_CONFIGS = {g: configure(g) for g in FAMILY_SAMPLE}
_OBSERVERS = {g: _observe(c) for g, c in _CONFIGS.items()}


def _leak_examples(examples: int) -> Callable[[], None]:
    @settings(max_examples=examples, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        game_id=st.sampled_from(FAMILY_SAMPLE),
        seed=st.integers(0, 10_000),
        steps=st.integers(0, 160),
        seat=st.integers(0, 9),
    )
    def check(game_id: str, seed: int, steps: int, seat: int) -> None:
        leak_case(_CONFIGS[game_id], seed, steps, seat, _OBSERVERS[game_id])

    return check


def test_leak_property() -> None:
    _leak_examples(40)()


@pytest.mark.slow
def test_leak_property_at_length() -> None:
    _leak_examples(400)()


@pytest.mark.parametrize("game_id", FAMILY_SAMPLE)
def test_leak_property_each_family_member(game_id: str) -> None:
    """Every sampled game gets checked, and the alternatives really deal the others other
    cards (the property is not vacuous)."""
    config = _CONFIGS[game_id]
    checked = changed = 0
    for seed in range(5):
        steps = (1, 4, 9, 16, 40)[seed]  # (Poker Bull: within the first hand, mostly)
        result = leak_case(config, seed, steps, seed, _OBSERVERS[game_id])
        if result is not None:
            checked += 1
            changed += result[1]
    assert checked >= 3 and changed >= 1, (game_id, checked, changed)


def test_a_leaky_observation_is_caught() -> None:
    """The property test has teeth: an observation that reads the others' hands fails it."""
    config = configure("bullshit")

    def leaky(game: bh.Game, seat: int) -> Any:
        return [game.view(s)["hand"] for s in range(game.players)]

    with pytest.raises(AssertionError, match="observation changed"):
        for seed in range(10):
            leak_case(config, seed, 20, 0, leaky)


# ---------------------------------------------------------------------- rewards, names, docs
def test_rewards_are_zero_sum_and_bounded() -> None:
    for n in (2, 3, 4, 7):
        for how in ("win", "rank"):
            low, high = reward_bounds(n, how)
            for result in (
                {"winner": 1, "ranking": [1, 0, *range(2, n)]},
                {"winner": None, "shared": [0, 1], "ranking": list(range(n))},
            ):
                got = rewards(result, n, how)
                assert abs(sum(got)) < 1e-9
                assert all(low - 1e-9 <= r <= high + 1e-9 for r in got)
    assert rewards({"winner": 2, "ranking": [2, 0, 1, 3]}, 4) == pytest.approx(
        [-1 / 3, -1 / 3, 1.0, -1 / 3]
    )
    assert rewards(None, 3) == [0.0, 0.0, 0.0]


def test_camel_case_names() -> None:
    assert camel_case("poker_bull") == "PokerBull"
    assert camel_case("bullshit_a") == "BullshitA"
    assert camel_case("sneak") == "Sneak"


def test_bad_configurations_are_named() -> None:
    with pytest.raises(bh.RuleError, match="unknown game"):
        configure("chess")
    with pytest.raises(bh.RuleError, match="max_cards"):
        configure("bullshit", max_cards="lots")
    with pytest.raises(bh.RuleError, match="play_limit"):
        action_codec(configure("free_for_all"), play_limit=0)


def test_docs_list_the_sizes() -> None:
    """docs/research.md carries the table of action-space and observation sizes as
    ``size_table()`` makes it (regenerate it with ``python -m bluffhouse.encodings``)."""
    text = DOCS.read_text()
    block = re.search(r"<!-- sizes -->\n(.*?)<!-- /sizes -->", text, re.S)
    assert block is not None, "docs/research.md lacks the <!-- sizes --> block"
    assert block.group(1).strip() == size_table().strip()
