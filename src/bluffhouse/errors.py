"""The two errors of the public surface; both are ValueErrors with a player-readable message."""


class IllegalAction(ValueError):
    """An action that is malformed or that the rules forbid now; the state is unchanged."""


class RuleError(ValueError):
    """A game that cannot be made: unknown game, bad option value, impossible combination."""
