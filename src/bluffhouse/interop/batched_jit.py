"""The batched environments' compiler: numba's ``njit`` (cached, without the GIL) where the
``fast`` extra is installed, else the plain Python functions (the same results, far slower)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_numba: Any
try:  # the optional fast extra
    import numba as _numba

    HAVE_NUMBA = True
except ImportError:  # pragma: no cover - exercised where the extra is not installed
    _numba = None
    HAVE_NUMBA = False


def _plain(fn: Callable[..., Any]) -> Callable[..., Any]:
    return fn


_jit: Callable[[Callable[..., Any]], Any] = (
    _numba.njit(cache=True, nogil=True) if HAVE_NUMBA else _plain
)
#: for the functions of every step (inlined where they are called: no call, no array views)
_jit_inline: Callable[[Callable[..., Any]], Any] = (
    _numba.njit(cache=True, nogil=True, inline="always") if HAVE_NUMBA else _plain
)
