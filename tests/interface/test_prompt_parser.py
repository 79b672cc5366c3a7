"""The terminal prompt's parser: every card of the pack can be typed, in any case, with or
without the 'play' verb and an 'as RANK' claim; 'AS' (the ace of spades) and 'as' (the claim
keyword) never clash; any line gives an action or a short IllegalAction, nothing else."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bluffhouse as bh
from bluffhouse.cards import CARD_TEXT, RANKS
from bluffhouse.terminal import parse_input, split_play

PACK = [c for c in CARD_TEXT if c != "JK"]
PLAY: dict[str, Any] = {"type": "play", "cards": ["2S"], "claim": {"rank": "A", "count": 1}}
#: A view where the player may claim any rank (none fixed), as the parser sees it.
FREE = {"hand": list(PACK), "claim_rank": None, "claim_ranks": list(RANKS)}


def spellings(card: str) -> list[str]:
    out = {card, card.lower(), card[0] + card[1].lower(), card[0].lower() + card[1]}
    if card[0] == "T":
        out |= {"10" + card[1], "10" + card[1].lower()}
    return sorted(out)


def parse(
    text: str, view: dict[str, Any] | None = None, legal: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    return parse_input(text, FREE if view is None else view, [PLAY] if legal is None else legal)


@pytest.mark.parametrize("card", PACK)
def test_every_card_in_every_case_with_and_without_play_and_claims(card: str) -> None:
    for word in spellings(card):
        for verb in ("", "play ", "PLAY "):
            assert parse(f"{verb}{word} as Q") == {
                "type": "play",
                "cards": [card],
                "claim": {"rank": "Q", "count": 1},
            }
            assert parse(f"{verb}{word} AS 2 q") == {
                "type": "play",
                "cards": [card],
                "claim": {"rank": "Q", "count": 2},
            }
            assert parse(f"{verb}{word} as aces") == {
                "type": "play",
                "cards": [card],
                "claim": {"rank": "A", "count": 1},
            }
            # No claim typed: the rank the table requires.
            fixed = dict(FREE, claim_rank="7")
            assert parse(f"{verb}{word}", fixed) == {
                "type": "play",
                "cards": [card],
                "claim": {"rank": "7", "count": 1},
            }
            # Beside the ace of spades typed as 'as', before and after it.
            assert parse(f"{verb}{word} as", fixed)["cards"] == [card, "AS"]
            assert parse(f"{verb}as {word}", fixed)["cards"] == ["AS", card]
            assert parse(f"{verb}as {word} as 3 K") == {
                "type": "play",
                "cards": ["AS", card],
                "claim": {"rank": "K", "count": 3},
            }


@pytest.mark.parametrize(
    ("text", "cards", "claim"),
    [
        ("AS", ["AS"], None),
        ("as", ["AS"], None),
        ("As", ["AS"], None),
        ("play as", ["AS"], None),
        ("as as", ["AS", "AS"], None),
        ("as as as", ["AS", "AS", "AS"], None),
        ("as 7s", ["AS", "7S"], None),  # both cards: '7s' can only be a card
        ("7h AS", ["7H", "AS"], None),
        ("as as A", ["AS"], {"rank": "A", "count": 1}),
        ("AS as 2 A", ["AS"], {"rank": "A", "count": 2}),
        ("as AS as 10", ["AS", "AS"], {"rank": "T", "count": 2}),
        ("7h as 7", ["7H"], {"rank": "7", "count": 1}),
        ("7h, 7d as sixes", ["7H", "7D"], {"rank": "6", "count": 2}),
        ("10h as 3 tens", ["TH"], {"rank": "T", "count": 3}),
    ],
)
def test_ace_of_spades_and_the_claim_keyword(
    text: str, cards: list[str], claim: dict[str, Any] | None
) -> None:
    fixed = dict(FREE, claim_rank="9")
    action = parse(text, fixed)
    assert action["cards"] == cards
    assert action["claim"] == (claim or {"rank": "9", "count": len(cards)})


def test_claimed_suits() -> None:
    for text, suit in (
        ("7h as Q S", "S"),
        ("7h as Q of spades", "S"),
        ("7h as 1 Q hearts", "H"),
        ("as as q d", "D"),
    ):
        assert parse(text)["claim"]["suit"] == suit
    # A table that names the suit fills it in; a table where the player chooses asks.
    assert parse("7h as Q", dict(FREE, claim_suit="C"))["claim"]["suit"] == "C"
    legal = [{"type": "play", "cards": ["7H"], "claim": {"rank": "A", "count": 1, "suit": "S"}}]
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return "h"

    action = parse_input("7h as Q", FREE, legal, ask=ask)
    assert action["claim"] == {"rank": "Q", "count": 1, "suit": "H"}
    assert asked and "suit" in asked[0]


def test_a_missing_rank_is_asked_for_or_explained() -> None:
    seen: list[str] = []

    def ask(prompt: str) -> str:
        seen.append(prompt)
        return "k"

    assert parse_input("7h 7d", FREE, [PLAY], ask=ask)["claim"] == {"rank": "K", "count": 2}
    assert "claim which rank" in seen[0]
    with pytest.raises(bh.IllegalAction, match="add the rank you claim"):
        parse("7h 7d")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("as Q", "which cards"),
        ("7h as Z", "write the claim after 'as'"),
        ("7h as Q X", "'X' is not a suit"),
        ("play", "which cards"),
        ("ZZ", "'ZZ' is not a card"),
        ("7h ZZ", "'ZZ' is not a card"),
        ("9" * 5000, "there is no action"),
        ("0", "there is no action '0'"),
        ("7h as " + "9" * 5000 + " Q", "too large a count"),
    ],
)
def test_bad_lines_get_a_short_reason(text: str, words: str) -> None:
    with pytest.raises(bh.IllegalAction, match=words) as err:
        parse(text)
    assert len(str(err.value)) < 250


def test_as_read_as_the_ace_explains_itself_when_not_held() -> None:
    view = dict(FREE, hand=["7H", "7D"], claim_rank="7")
    with pytest.raises(bh.IllegalAction, match="'as' was read as the card AS"):
        parse("7h as 7s", view)


def test_play_is_an_optional_verb_and_refused_where_no_play_is_legal() -> None:
    window = [{"type": "call"}, {"type": "pass"}]
    with pytest.raises(bh.IllegalAction, match="you cannot play cards now; you may: call, pass"):
        parse("play 5s", legal=window)
    assert parse("play 5s", dict(FREE, claim_rank="5"))["cards"] == ["5S"]


def test_commands_numbers_and_call_words() -> None:
    legal = [{"type": "call"}, {"type": "pass"}]
    view = dict(FREE, call_word="I doubt it")
    for text in ("call", "CALL", "bullshit", "Bullsh*t!", "i doubt it", "I doubt it!"):
        assert parse(text, view, legal) == {"type": "call"}
    assert parse("2", view, legal) == {"type": "pass"}
    assert parse("pass", view, legal) == {"type": "pass"}


def test_other_families_and_variations() -> None:
    sneak_window: list[dict[str, Any]] = [{"type": "challenge", "cards": ["9S"]}, {"type": "pass"}]
    assert parse("9s 9d", {}, sneak_window) == {"type": "challenge", "cards": ["9S", "9D"]}
    assert parse("sneak as 7s", {}, [{"type": "draw"}]) == {"type": "sneak", "cards": ["AS", "7S"]}
    with pytest.raises(bh.IllegalAction, match="'sneak 7h 7d'"):
        parse("7h 7d", {}, [{"type": "sneak", "cards": ["7H"]}, {"type": "draw"}])
    bids = [{"type": "bid", "bid": "high 2"}, {"type": "call"}]
    assert parse("pair 7", {}, bids) == {"type": "bid", "bid": "pair 7"}
    assert parse("bid flush S J", {}, bids) == {"type": "bid", "bid": "flush S J"}
    cheat_bids: list[dict[str, Any]] = [{"type": "bid", "count": 1, "rank": "K"}, {"type": "pass"}]
    assert parse("bid 2", {}, cheat_bids) == {"type": "bid", "count": 2}
    assert parse("accuse 2", {}, [{"type": "accuse", "seat": 2}]) == {"type": "accuse", "seat": 2}


@pytest.mark.parametrize("card", [*PACK, "JK"])
def test_the_engine_takes_every_card_as_typed(card: str) -> None:
    """The parsed play is legal in a real game where the card is held, AS included."""
    jokers = 2 if card == "JK" else 0
    a, b, c = [x for x in ("2H", "3H", "5C", "6C") if x != card][:3]
    state = bh.new_game("bullshit", players=2, seed=1, jokers=jokers, deal=[[card, a], [b, c]])
    seat = state.to_act[0]
    assert seat == 0
    view, legal = state.view(0), state.legal_actions(0)
    for word in spellings(card) if card != "JK" else ["JK", "jk"]:
        for text in (word, f"play {word}", f"{word} as A", f"play {word} as 1 ace"):
            action = parse_input(text, view, legal)
            assert state.is_legal(0, action), (text, action)
            assert action["cards"] == [card]


words = st.sampled_from(PACK).flatmap(lambda c: st.sampled_from(spellings(c)))


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(PACK), min_size=1, max_size=5),
    case=st.lists(st.booleans(), min_size=5, max_size=5),
    verb=st.booleans(),
    count=st.none() | st.integers(1, 12),
    rank=st.none() | st.sampled_from([*RANKS, "10", "queens", "ace"]),
)
def test_any_play_round_trips(
    cards: list[str], case: list[bool], verb: bool, count: int | None, rank: str | None
) -> None:
    typed = [c.lower() if low else c for c, low in zip(cards, case, strict=False)]
    text = ("play " if verb else "") + " ".join(typed)
    if rank is not None:
        text += " as" + (f" {count}" if count else "") + f" {rank}"
    action = parse(text, dict(FREE, claim_rank="J"))
    assert action["cards"] == cards
    want = {"10": "T", "queens": "Q", "ace": "A"}.get(rank or "", rank) if rank else "J"
    assert action["claim"] == {"rank": want, "count": count if rank and count else len(cards)}


@settings(max_examples=500, deadline=None)
@given(
    st.text(max_size=60)
    | st.lists(
        words
        | st.sampled_from(
            ["as", "AS", "play", "of", "2", "Q", "S", "spades", "call", "99999999999"]
        ),
        max_size=8,
    ).map(" ".join)
)
def test_any_line_gives_an_action_or_a_short_reason(text: str) -> None:
    legal: list[dict[str, Any]] = [PLAY, {"type": "pass"}]
    try:
        action = parse(text, legal=legal)
    except bh.IllegalAction as exc:
        assert len(str(exc)) < 300
    else:
        assert isinstance(action, dict) and action["type"] in {
            "play",
            "pass",
            "call",
            "bid",
            "check",
            "believe",
            "draw",
            "accuse",
            "sneak",
            "flaunt",
            "challenge",
        }


def test_split_play_reads_as_only_before_a_non_card() -> None:
    assert split_play(["as"]) == (["as"], None)
    assert split_play(["as", "as", "Q"]) == (["as"], ["Q"])
    assert split_play(["7h", "as", "7s"]) == (["7h", "as", "7s"], None)
