"""The batched environments' compiler: the integer Cheat engine's (numba's ``njit``, cached,
without the GIL, where the ``fast`` extra is installed, else the plain Python functions: the
same results, far slower), and its inlining form for the functions of every step."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cheat.fast_kernel import HAVE_NUMBA, _jit, _numba, _plain

__all__ = ["HAVE_NUMBA", "_jit", "_jit_inline"]

#: for the functions of every step (inlined where they are called: no call, no array views)
_jit_inline: Callable[[Callable[..., Any]], Any] = (
    _numba.njit(cache=True, nogil=True, inline="always") if HAVE_NUMBA else _plain
)
