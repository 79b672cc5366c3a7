"""How a bot's plays and calls fare at a table of one style, counted from the games' logs: the
figures behind the reading of a suite cell (docs/bots.md, `popcorn_up_or_down` against
`never_lie`).

    python bench/call_record.py [--rules popcorn_up_or_down] [--bot counter]
                                [--opponent never_lie] [--games 16]

The bot plays the suite cell's own games ``0..N-1`` (seats rotated and bots seeded as
``bench/bot_suite.py`` plays them; ``--opponent`` may be a mixed table joined by ``+``).
Printed for the bot and for the opponents' seats together: plays, lies (a card laid that does
not match the claim), lies where the seat held a card of a rank it could claim (a padded
play, or a lie by choice), padded truths by the cards laid, lies by the cards laid (four or
more: "4") and the pile they went on (0-8 cards or 9+) and how many of each were called, lies
called, calls made and how many were right, piles picked up and their cards, and
the bot's wins.
"""

from __future__ import annotations

import argparse
from collections import Counter

from suite_games import suite_cell_games, turns  # (this directory)

from bluffhouse.arena import SUITE_RULES
from bluffhouse.bots import Choices
from bluffhouse.cards import CARD_INDEX, JOKER, RANK_INDEX


def record(rules: str, bot: str, opponent: str, games: int) -> Counter[str]:
    out: Counter[str] = Counter()
    for state, bots, me in suite_cell_games(rules, bot, opponent, games):
        standing = ""  # the last play's lie, by its cards and pile, until called or covered
        for seat, player, wanted in turns(state, bots, 5000):
            action = player.act(wanted, Choices(state, seat))
            view = state.view(seat) if wanted is None else wanted  # (its hand, its claims)
            who = "bot" if seat == me else "opponents"
            if action["type"] == "call" and standing:
                out[f"{standing}, called"] += 1
            if action["type"] in ("call", "play"):
                standing = ""
            if action["type"] == "play":
                rank = RANK_INDEX[action["claim"]["rank"]]
                cards = [CARD_INDEX[c] for c in action["cards"]]
                out[f"{who} plays"] += 1
                out[f"{who} cards laid"] += len(cards)
                if not all(c == JOKER or c >> 2 == rank for c in cards):
                    out[f"{who} lies"] += 1
                    # Where the table calls lies: by the cards laid and the pile they risk.
                    pile = "9+" if int(view.get("pile_size", 0)) > 8 else "0-8"
                    standing = f"{who} lies of {min(len(cards), 4)} laid on a pile of {pile}"
                    out[standing] += 1
                    if any(c == JOKER or c >> 2 == rank for c in cards):  # a padded truth
                        out[f"{who} lies padding a true card, {len(cards)} laid"] += 1
                    claimable = {RANK_INDEX[r] for r in view.get("claim_ranks") or []}
                    if any(
                        CARD_INDEX[c] >> 2 in claimable
                        for c in view["hand"]
                        if CARD_INDEX[c] != JOKER
                    ):
                        out[f"{who} lies holding a claimable card"] += 1
            state.apply(seat, action)
        for event in state.view(me)["events"]:
            if event["type"] == "call":
                who = "bot" if event["seat"] == me else "opponents"
                out[f"{who} calls"] += 1
                out[f"{who} calls right"] += bool(event.get("right"))
                if not event.get("truthful"):
                    out[f"{'bot' if event['target'] == me else 'opponents'} lies called"] += 1
            elif event["type"] == "take":
                who = "bot" if event["seat"] == me else "opponents"
                out[f"{who} piles taken"] += 1
                out[f"{who} cards taken"] += int(event.get("count", 0))
        result = state.result or {}
        out["bot wins"] += result.get("winner") == me
        out["games"] += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default="popcorn_up_or_down", choices=sorted(SUITE_RULES))
    ap.add_argument("--bot", default="counter")
    ap.add_argument("--opponent", default="never_lie")
    ap.add_argument("--games", type=int, default=16)
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    got = record(args.rules, args.bot, args.opponent, args.games)
    print(
        f"{args.rules}: {args.bot} against {args.opponent}, {got['games']} games, "
        f"{got['bot wins']} won"
    )
    for key in sorted(k for k in got if k not in ("games", "bot wins")):
        print(f"  {key:40s} {got[key]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
