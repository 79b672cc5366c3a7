"""Short how-to-play texts and in-game command help, one per game family.

``bluffhouse rules GAME`` and ``rules`` at the terminal's prompt open with :func:`how_to_play`
(before the option table); ``help`` at the prompt prints :func:`command_help` for the game
being played.  Both read the rules in force, so a variation's own syntax (claimed suits,
counts that may lie, a call word) is what the player is shown.
"""

from __future__ import annotations

from typing import Any

from .registry import Preset

_SEQUENCE = {
    "up": "the claimed rank goes up one each play (A, 2, 3 .. K, then A again)",
    "down": "the claimed rank goes down one each play (A, K, Q .. 2, then A again)",
    "up_or_down": "each claim is one rank above or below the last (A neighbours 2 and K)",
    "fork": "each claim is the same rank as the last, or one either side",
    "round": "the leader of a round names any rank and everyone claims it until the round ends",
    "free": "any rank may be claimed at any time",
}


def _rules(preset: Preset) -> Any:
    return preset.family.RULES.build(preset.options)


def how_to_play(preset: Preset, front: str = "terminal") -> str:
    """A few lines that let a newcomer start: the aim, a turn, and how to make a move in the
    front end they are shown in: ``terminal`` (the typed syntax, with examples) or
    ``browser`` (the cards to click and the buttons and menus the table offers)."""
    family = preset.family.FAMILY
    rules = _rules(preset)
    if front == "browser":
        if family == "poker_bull":
            return _poker_bull_browser(rules)
        if family == "sneak":
            return _sneak_browser()
        return _cheat_browser(rules)
    if family == "poker_bull":
        return _poker_bull(rules)
    if family == "sneak":
        return _sneak()
    return _cheat(rules)


def _cheat_browser(r: Any) -> str:
    word = getattr(r, "call_word", "") or "Cheat"
    lines = [
        "How to play",
        "  Be the first to get rid of your cards. On your turn pick cards of your hand (click",
        "  or tap them, or type their numbers) and press Play: they go face down, claimed as",
        "  the rank you must play, and the claim may be a lie.",
    ]
    if getattr(r, "sequence", "up") in _SEQUENCE:
        lines.append(f"  Here {_SEQUENCE[r.sequence]}.")
    lines.append("  Where you may choose what to claim, menus offer the count and the rank.")
    if getattr(r, "count_lies", False):
        lines.append("  The count may lie too: claim more or fewer cards than you lay.")
    if getattr(r, "claim_suit", False):
        lines.append("  Claims name a suit as well.")
    lines += [
        f"  After a play, whoever may call presses \u201c{word}!\u201d (you say it was a lie) or",
        "  Let it go. The call turns the cards face up on the table: a lie sends the pile to",
        "  the player who laid it, a true play sends it to the caller.",
    ]
    if getattr(r, "turn_pass", "none") == "pickup":
        lines.append("  On your turn you may also pass, and pick up the pile (its own button).")
    if getattr(r, "max_cards", 0):
        most = r.max_cards
        lines.append(f"  At most {most} card{'' if most == 1 else 's'} a play.")
    if getattr(r, "call_answer", False):
        lines.append(
            "  Called, you answer: show the cards you laid, or swap cards of your hand in."
        )
    return "\n".join(lines)


def _poker_bull_browser(r: Any) -> str:
    lines = _poker_bull(r).split("\n")
    keep = [line for line in lines if not line.startswith("    bid ")]
    keep = [
        line
        for line in keep
        if "'bid' may be left out" not in line
        and "ranks and suits named" not in line
        and "out mean 'some'" not in line
        and "Add 'natural'" not in line
        and "the same hand with jokers" not in line
    ]
    keep += [
        "  Build your bid with the menus: the kind of hand (high card, pair, two pair, trips,",
        "  straight, flush, full house, quads, straight flush, royal flush"
        + (", five of a kind" if getattr(r, "jokers", 0) else "")
        + "), then its ranks or suit;",
        "  a part left on 'any' means some rank or suit. Bid, or call the standing bid.",
    ]
    if getattr(r, "jokers", 0):
        keep.append("  Tick 'natural' for a hand made without jokers.")
    return "\n".join(keep)


def _sneak_browser() -> str:
    lines = _sneak().split("\n")
    out = []
    for line in lines:
        if line.startswith("    draw "):
            out.append(
                "    Draw              take the top card of the stock (all you may do at first)"
            )
        elif line.startswith("    sneak "):
            out.append(
                "    Sneak             pick cards and lead them face down: a bluff if you like"
            )
        elif line.startswith("    flaunt "):
            out.append("    Flaunt            lead one card or one combo face up: a show of force")
        elif "('challenge 9s 9d'" in line:
            out.append("  (pick as many cards and Challenge) or Let it go; the best cards win")
        else:
            out.append(line)
    return "\n".join(out)


def _cheat(r: Any) -> str:
    word = getattr(r, "call_word", "") or "Cheat"
    lines = [
        "How to play",
        "  Be the first to get rid of your cards. On your turn lay cards face down and claim",
        "  what they are; the claim may be a lie. Type the cards, e.g. '7h 7d' (or 'play 7h 7d'):",
        "  the claim is the rank you must play, two cards claim two of it.",
    ]
    if getattr(r, "sequence", "up") in _SEQUENCE:
        lines.append(f"  Here {_SEQUENCE[r.sequence]}.")
    lines += [
        "  Where you may choose the rank, add it: '7h 7d as Q' claims two queens.",
    ]
    if getattr(r, "count_lies", False):
        lines.append(
            "  The count may lie too: '7h 7d as 3 Q' lays two cards and claims three queens."
        )
    if getattr(r, "claim_suit", False):
        lines.append("  Claims name a suit as well: '7h as Q S' (or 'as Q of spades').")
    lines += [
        f"  After a play, whoever may call answers 'call' (\"{word}!\": you say it was a lie)",
        "  or 'pass'. The call turns the cards over: a lie sends the pile to the player who",
        "  laid it, a true play sends it to the caller.",
        "  Cards are rank then suit: A 2 .. 9 T (or 10) J Q K and S H D C, in any case:",
        "  'AS' and 'as' are both the ace of spades; 'as' followed by a rank is a claim.",
    ]
    laid = getattr(r, "max_laid", 0)
    if laid and laid != getattr(r, "max_cards", 0):
        most = (
            f"at most {r.max_cards} card{'' if r.max_cards == 1 else 's'}"
            if r.max_cards
            else "any number of cards"
        )
        lines.append(f"  A claim names {most}; you may lay up to {laid}.")
    elif getattr(r, "max_cards", 0):
        lines.append(f"  At most {r.max_cards} card{'' if r.max_cards == 1 else 's'} a play.")
    if getattr(r, "call_answer", False):
        lines += [
            "  Called, you answer: 'show' turns your cards over; 'show AS AH' shows",
            "  cards of your hand in their place instead (a swap: anyone but the caller",
            "  may accuse you of it until the next turn).",
        ]
    return "\n".join(lines)


def _poker_bull(r: Any) -> str:
    jokers = getattr(r, "jokers", 0)
    wild = f"{jokers} joker{'' if jokers == 1 else 's'} wild" if jokers else "no jokers"
    if getattr(r, "mode", "shrink") == "grow":
        loss = (
            f"the loser gets one card more next hand (losing while holding "
            f"{getattr(r, 'grow_limit', 5)}: out)"
        )
    else:
        loss = "the loser plays the next hand with one card fewer (none left: out)"
    lines = [
        "How to play",
        "  Everyone holds a few cards. A bid names a poker hand that you say can be made from",
        f"  all the cards on the table together (every player's hand, {wild}). In turn each",
        "  player bids higher, or calls the standing bid. On a call every hand is shown: if",
        "  the hand is there the caller loses, otherwise the bidder does; then",
        f"  {loss}. The last player in wins.",
        "  Bids, lowest category first; ranks and suits named from the left, and any left",
        "  out mean 'some' ('pair' is any pair, and lower than 'pair 2'):",
        "    bid high A              a card of that rank",
        "    bid pair 7              two sevens",
        "    bid two_pair K 9        higher pair first",
        "    bid trips 4",
        "    bid straight 9          by its top card; 'straight 5' is 5-4-3-2-A",
        "    bid flush C             or 'flush S J 6 4': suit, then ranks highest first",
        "    bid full_house 3 2      three threes and two twos",
        "    bid quads 6",
        "    bid straight_flush H 9",
        "    bid royal_flush S",
    ]
    if jokers:
        lines += [
            "    bid five 6              five of a kind (needs the jokers)",
            "  Add 'natural' for a hand made without jokers ('pair 7 natural'): it ranks",
            "  "
            + ("below" if getattr(r, "jokers_high", False) else "above")
            + " the same hand with jokers.",
        ]
    lines += [
        "  The word 'bid' may be left out ('pair 7'); 'call' calls; tab completes a bid.",
        f"  Suits rank {' > '.join(getattr(r, 'suit_order', 'SHCD'))} for flushes.",
    ]
    return "\n".join(lines)


def _sneak() -> str:
    return "\n".join(
        [
            "How to play",
            "  Win more cards than anyone else. Everyone draws from one stock. On your turn:",
            "    draw              take the top card of the stock (all you may do at first)",
            "    sneak 7h 7d       lead cards face down: a bluff if you like",
            "    flaunt 7h 8h      lead one card or one combo face up: a show of force",
            "  Anyone holding as many cards may challenge a lead with the same number of cards",
            "  ('challenge 9s 9d', or just '9s 9d' when asked) or 'pass'; the best cards win",
            "  everything on the table. Combos, highest first:",
            "    match             same rank (4-4, J-J-J)",
            "    straight flush    in sequence and one suit",
            "    straight          in sequence (the ace is high or low, never both)",
            "    flush             one suit",
            "  A single card: after a sneak the highest card wins; after a flaunt only a higher",
            "  card of the same suit beats it. Each card won scores a point.",
        ]
    )


def command_help(preset: Preset, view: dict[str, Any], kinds: list[str]) -> str:
    """What can be typed at the prompt of this game, and what may be done right now."""
    family = preset.family.FAMILY
    r = _rules(preset)
    if family == "poker_bull":
        lines = [
            f"{preset.title} commands:",
            "  bid pair 7       a bid ('bid' may be left out; 'flush S J', 'two_pair K 9',",
            "                   'straight 9', add 'natural' for no jokers; tab completes)",
            "  call             call the standing bid: you say it is not there",
        ]
    elif family == "sneak":
        lines = [
            f"{preset.title} commands:",
            "  draw             take the top card of the stock",
            "  sneak 7h 7d      lead face down",
            "  flaunt 7h 8h     lead face up (one card or a combo)",
            "  challenge 9s 9d  challenge a lead with as many cards ('9s 9d' alone works)",
            "  pass             let a lead go unchallenged",
        ]
    else:
        word = str(view.get("call_word") or getattr(r, "call_word", "") or "")
        call = f"call (or '{word.lower()}')" if word and word.lower() != "call" else "call"
        lines = [
            f"{preset.title} commands:",
            "  7h 7d            lay these cards, claiming the rank to play ('play 7h 7d' too)",
            "  7h 7d as Q       choose the claimed rank where you may ('as 2 Q': two queens"
            + (", the count may lie" if getattr(r, "count_lies", False) else "")
            + ")",
        ]
        if getattr(r, "claim_suit", False):
            lines.append("  7h as Q S        claim a suit as well ('as Q of spades')")
        lines += [
            "  AS, as           the ace of spades ('as' before a rank is a claim)",
            f"  {call:<16} say the last play was a lie",
        ]
        turn_pass = getattr(r, "turn_pass", "none")
        if turn_pass == "pickup":
            lines.append(
                "  pass             in a call window: let the play stand; on your own turn: "
                "pick up the pile (asked to confirm once a game)"
            )
        elif turn_pass == "none":
            lines.append("  pass             let the play stand")
        else:
            lines.append("  pass             let the play stand, or pass your turn")
        if getattr(r, "check", False):
            lines.append("  check            look at the last play privately instead of calling")
        if getattr(r, "believe", False):
            lines.append("  believe          say 'I believe' (see 'rules')")
        if getattr(r, "first_player", "") == "bidding":
            lines.append("  bid 2            the bidding for who plays first: how many you hold")
        if getattr(r, "table_cheats", False):
            lines.append("  accuse 2         accuse seat 2 of cheating; cheats are in 'list'")
        if getattr(r, "call_answer", False):
            lines.append("  show, show AS AH when called: your cards, or others in their place")
    lines += [
        "  a number         the action with that number in 'list'",
        "  list, hand, rules, help, quit (offers to save; Ctrl-D too)",
        f"Now you may: {', '.join(kinds)}",
    ]
    return "\n".join(lines)


def rules_text(preset: Preset, markdown: bool = False) -> str:
    """The rules of a game id: its summary, source and every option with type, default, meaning."""
    rules_cls = preset.family.RULES
    values = rules_cls.build(preset.options)
    lines: list[str] = []
    head = "# " if markdown else ""
    lines.append(f"{head}{preset.title} ({preset.id})")
    lines.append("")
    lines.append(preset.summary)
    if preset.aliases:
        lines.append(f"Also: {', '.join(preset.aliases)}.")
    lines.append(f"Family: {preset.family.FAMILY}. Source: {preset.source or 'bluffhouse'}.")
    low = preset.min_players or preset.family.MIN_PLAYERS
    high = preset.max_players or preset.family.MAX_PLAYERS
    lines.append(f"Players: {low} to {high} (default {preset.players}).")
    lines.append(f"Readings of the rule text: docs/rules/{preset.family.FAMILY}.md.")
    lines.append("")
    how = how_to_play(preset)
    if markdown:
        head_line, *body = how.splitlines()
        lines += [f"## {head_line}", "", "```", *(b[2:] for b in body), "```"]
    else:
        lines.append(how)
    lines.append("")
    lines.append(("## " if markdown else "") + "Options (change with --option KEY=VALUE)")
    lines.append("")
    if markdown:
        lines.append("| option | type | this game | default | values | meaning |")
        lines.append("|---|---|---|---|---|---|")
    for info in rules_cls.options():
        here = getattr(values, info.name)
        mark = "" if here == info.default else " *"
        if markdown:
            values_text = info.describe_values().replace(" | ", ", ")
            lines.append(
                f"| `{info.name}` | {info.type_name} | `{here!r}`{mark} | "
                f"`{info.default!r}` | {values_text} | {info.doc} |"
            )
        else:
            lines.append(f"  {info.name} ({info.type_name}, {info.describe_values()})")
            lines.append(f"      this game: {here!r}{mark}   default: {info.default!r}")
            lines.append(f"      {info.doc}")
    lines.append("")
    lines.append("(* differs from the family default)")
    return "\n".join(lines)
