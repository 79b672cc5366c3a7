"""The batched Cheat environment's arrays: the config array's slots, the row's scalars and
the offsets of its blocks.  Shared by the kernel (:mod:`.batched_kernel`), its masks and the
card counting of the belief features (:mod:`.batched_beliefs`)."""

from __future__ import annotations

JOKER = 52
NCARDS = 53
KING = 12
#: phases of a row (the view's "turn", "window", "over")
TURN, WINDOW, OVER = 0, 1, 2
#: the phase's slot in the observation's phase one-hot (CHEAT_PHASES order)
PHASE_SLOT = (0, 1, 6)

# event types, as CheatObservation.EVENT_TYPES numbers them
EV_PLAY, EV_CALL, EV_DECLINE, EV_PASS, EV_TAKE, EV_OUT = 0, 1, 3, 4, 5, 9
EV_FIRST, EV_CUP, EV_POUR, EV_DEAL, EV_OVER = 15, 18, 19, 20, 21
#: fields of a logged event: type, seat, target, rank, count, truthful, right, pickup
EVENT_WIDTH = 8

# ---------------------------------------------------------------------- the config array
(
    C_N,
    C_MAXC,
    C_WILD,
    C_CALLERS,
    C_TURNPASS,
    C_LEADER,
    C_AFTER,
    C_RANKING,
    C_KCUP,
    C_FIRSTP,
    C_STALL,
    C_MAXSTEPS,
    C_NCL,
    C_NFIRST,
    C_NDECK,
    C_NGROUPS,
    C_CALL_ID,
    C_PASS_ID,
    C_PLAY_START,
    C_CLAIM_SLOTS,
    C_HIST,
    C_ROW,
    C_NTYPES,
    # observation block starts
    C_O_HAND,
    C_O_SEATS,
    C_O_TABLE,
    C_O_PHASE,
    C_O_ALLOWED,
    C_O_CLAIM,
    C_O_SUIT,
    C_O_LAST,
    C_O_KNOWN,
    C_O_HIST,
    # row offsets
    C_ALLOW,
    C_WIN,
    C_FIN,
    C_GONE,
    C_SIZE,
    C_LOW,
    C_SIPS,
    C_CALLS,
    C_CAUGHT,
    C_RANK,
    C_HAND,
    C_PILE,
    C_LASTC,
    C_KNOWN,
    C_EVENTS,
    C_ROWLEN,
    C_REWARD_RANK,
    C_LIST_LIMIT,
    C_MASK_PAD,
    C_WORDS,
    # where a row's card counting starts (0: no beliefs, see batched_beliefs)
    C_KNOW,
) = range(54)
N_CONFIG = 54
# float config: total cards, copies of a card, copies of the joker, the most cards of a
# claim, the stall limit as the observation scales it
F_TOTAL, F_COPIES, F_JCOPIES, F_MAXCOUNT, F_STALL = range(5)
#: then two tables of VALUES entries: a hand's value of k copies of a card (of the joker), as
#: the encoder sums them (k past the table: its last entry)
F_HAND, F_HAND_JOKER = 5, 5 + 64
VALUES = 64

# ---------------------------------------------------------------------- the row's scalars
(
    S_PHASE,
    S_TURN,
    S_LAST,
    S_LRANK,
    S_LTRUE,
    S_LCOUNT,
    S_PREV,
    S_LEAD,
    S_NALLOW,
    S_PILE,
    S_NFIN,
    S_CUP,
    S_POURS,
    S_CUPFULL,
    S_QUIET,
    S_NWIN,
    S_WINNER,
    S_STALLED,
    S_STEPS,
    S_NEV,
    S_TRUNC,
    S_MASKED,
) = range(22)
N_SCALARS = 24
#: S_MASKED: what the row's last mask marked: anything (clear the whole row), or a window's
#: two ids
MASK_ANY, MASK_WINDOW = 0, 1
NO_WINNER = -1


def row_layout(players: int, history: int) -> dict[str, int]:
    """The offsets of a game's row for ``players`` seats and ``history`` events kept."""
    n = players
    at = N_SCALARS
    out: dict[str, int] = {}
    for name, size in (
        ("allow", 14),
        ("win", n),
        ("fin", n),
        ("gone", n),
        ("size", n),
        ("low", n),
        ("sips", n),
        ("calls", n),
        ("caught", n),
        ("rank", n),
        ("hand", n * NCARDS),
        ("pile", NCARDS),
        ("lastc", NCARDS),
        ("known", n * (n + 1) * NCARDS),
        ("events", history * EVENT_WIDTH),
    ):
        out[name] = at
        at += size
    out["rowlen"] = at
    return out


# ---------------------------------------------------------------------- the abstract config
#: The small config of the abstract actions and the belief features (batched_abstract's
#: AbstractTables): the sequence (1 up, -1 down, 0 other), wild jokers, the claim order's
#: length, the groups' key base, the pass and call ids, then the claim order from A_ORDER.
A_SEQ, A_WILD, A_NORDER, A_BASE, A_PASS, A_CALL, A_ORDER = range(7)
