"""The errors of the public surface, all ValueErrors with a player-readable message, and
:func:`quote`, the one way a message echoes what a client sent."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any


class IllegalAction(ValueError):
    """An action that is malformed or that the rules forbid now; the state is unchanged."""


class RuleError(ValueError):
    """A game that cannot be made: unknown game, bad option value, impossible combination."""


class SaveError(ValueError):
    """Text that is not a saved bluffhouse game (or a damaged one)."""


#: The most characters of a client's input that a message quotes (see :func:`quote`).
QUOTE_LIMIT = 60
_DEPTH = 3  # containers nested deeper than this are shown as [...] or {...}


def quote(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to at most ``limit`` characters (an ellipsis marks the cut), for
    messages that echo what a client sent.  Safe and quick on any input: nested containers are
    walked only as far as the limit (so deep nesting is no RecursionError), long text and huge
    numbers are never rendered in full, and an object of another type is named by its type."""
    out: list[str] = []
    _render(value, out, limit + 1, _DEPTH)
    text = "".join(out)
    return text if len(text) <= limit else text[: max(limit - 3, 0)] + "..."


def _render(value: object, out: list[str], room: int, depth: int) -> int:
    """Append a rendering of ``value`` to ``out``, stopping once ``room`` characters are
    used; return the room left."""
    kind = type(value)
    if kind is str:
        piece = repr(value[:room])  # type: ignore[index]
    elif kind is int:
        number: int = value  # type: ignore[assignment]
        bits = number.bit_length()
        if bits > 64:  # never rendered in full (str() refuses past 4300 digits anyway)
            digits = len(str(abs(number))) if bits < 4000 else int(bits * 0.30103) + 1
            piece = f"<a {'negative ' if number < 0 else ''}{digits}-digit number>"
        else:
            piece = repr(number)
    elif value is None or kind is bool or kind is float:
        piece = repr(value)
    elif kind is list or kind is tuple or kind is dict:
        return _render_container(value, out, room, depth)  # type: ignore[arg-type]
    else:
        piece = f"<{kind.__name__}>"
    out.append(piece[:room])
    return room - len(piece)


def _render_container(
    value: list[Any] | tuple[Any, ...] | dict[Any, Any], out: list[str], room: int, depth: int
) -> int:
    if isinstance(value, dict):
        opening, closing = "{", "}"
    else:
        opening, closing = ("(", ")") if isinstance(value, tuple) else ("[", "]")
    if depth <= 0:
        piece = opening + "..." + closing if value else opening + closing
        out.append(piece[:room])
        return room - len(piece)
    out.append(opening)
    room -= 1
    items: Iterable[Any] = value.items() if isinstance(value, dict) else value
    for i, item in enumerate(items):
        if room <= 0:
            return room
        if i:
            out.append(", ")
            room -= 2
        if isinstance(value, dict):
            room = _render(item[0], out, room, depth - 1)
            out.append(": ")
            room -= 2
            room = _render(item[1], out, room, depth - 1)
        else:
            room = _render(item, out, room, depth - 1)
    if isinstance(value, tuple) and len(value) == 1:
        out.append(",")
        room -= 1
    out.append(closing)
    return room - 1
