"""The server's JSON on its own: whatever text a client sends is either standard JSON of bounded
depth with finite numbers, or refused with ``BadJSON`` (never another exception); what the
server sends is always standard JSON."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bluffhouse.server.wire import MAX_DEPTH, BadJSON, dumps, loads


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max((_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_depth(v) for v in value), default=0)
    return 0


def _finite(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, dict):
        return all(_finite(v) for v in value.values())
    if isinstance(value, list):
        return all(_finite(v) for v in value)
    return True


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='[]{}":,0123456789.eE-+ aNInfinitytrul\\\x00', max_size=200))
def test_any_text_parses_or_is_refused_cleanly(text: str) -> None:
    try:
        value = loads(text)
    except BadJSON as exc:
        assert str(exc)
        return
    assert _finite(value) and _depth(value) <= MAX_DEPTH
    assert json.loads(dumps(value)) == value


@pytest.mark.parametrize(
    "text",
    [
        "NaN",
        "[Infinity]",
        '{"a": -Infinity}',
        "1e999",
        "[-1e400]",
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
        '{"a":' * 5000 + "1" + "}" * 5000,
        "\x00",
        "{'a': 1}",
    ],
)
def test_what_is_not_standard_json_is_refused(text: str) -> None:
    with pytest.raises(BadJSON):
        loads(text)


def test_brackets_inside_strings_do_not_count_as_nesting() -> None:
    text = json.dumps({"chat": "[" * 500 + '\\"{' * 100})
    assert loads(text) == json.loads(text)
    assert loads("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


def test_what_the_server_sends_is_standard_json() -> None:
    with pytest.raises(ValueError):
        dumps({"at": math.nan})
    with pytest.raises(ValueError):
        dumps([math.inf])
    assert dumps({"at": 1.5}) == '{"at": 1.5}'
