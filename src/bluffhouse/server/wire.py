"""JSON on the wire: what the server accepts from clients and what it sends them.

Python's ``json`` reads ``NaN``, ``Infinity`` and ``1e999`` (which are not JSON) and recurses
once per level of nesting, so a few kilobytes of brackets raise ``RecursionError``.  Everything
a client sends goes through ``loads`` (strict: finite numbers only, bounded nesting), and
everything the server sends through ``dumps`` (``allow_nan=False``: a frame is always JSON).
"""

from __future__ import annotations

import json
import math
from typing import Any

#: The deepest nesting of arrays and objects a client message may have (actions are 3 deep).
MAX_DEPTH = 32


class BadJSON(ValueError):
    """Text a client sent that is not acceptable JSON; the message says why, for people."""


def _no_constant(name: str) -> Any:
    raise BadJSON(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadJSON(f"the number {text[:20]} is too large")
    return value


def _too_deep(text: str | bytes, limit: int) -> bool:
    """Whether brackets nest deeper than ``limit`` (counted outside strings), before any
    parsing: the parser itself recurses per level."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    if text.count("[") + text.count("{") <= limit:
        return False  # (most messages: too few brackets to nest that deep, counted in C)
    depth = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > limit:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """Parse a client's JSON; raises ``BadJSON`` (a message for people) on anything else."""
    if _too_deep(text, max_depth):
        raise BadJSON(f"the JSON nests deeper than {max_depth} levels")
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except BadJSON:
        raise
    except (ValueError, UnicodeDecodeError, RecursionError):
        raise BadJSON("that is not JSON") from None


def dumps(value: Any) -> str:
    """A frame or body the server sends: always valid JSON (no NaN or Infinity)."""
    return json.dumps(value, allow_nan=False)
