"""Room for a deep recursion on CPython's frame stack, so that it never crosses a chunk edge.

CPython (3.11 to 3.14) carves call frames out of 16 KB chunks and frees a chunk as soon as the
call at its base returns. The search recurses one call per card played or drawn (up to about
55 deep, each frame about 700 bytes), so its depth keeps crossing a chunk edge: every crossing
maps and unmaps a chunk, and that kernel time was a quarter of a solve. ``roomy``
calls through a frame so large that CPython gives it a chunk of 128 KB with 64 KB to spare
above it: the whole search then runs inside that one chunk. Setting up that frame costs
about 45 µs, so a call already inside one (a line walked by many short searches) runs at once.

The cyclic garbage collector is paused for the same span. The search's tables (a few hundred
thousand small lists and tuples) hold no reference cycles, yet every collector pass walked
them: 11% of the time of a first-clear search, 15% of an optimal one. What the search drops
is freed by reference counting as it goes; the collector runs again once the search is over.

>>> roomy(sum, [1, 2, 3])
6
"""

from __future__ import annotations

import gc
import threading
from collections.abc import Callable
from typing import ParamSpec, TypeVar

_P = ParamSpec("_P")
_R = TypeVar("_R")

SLOTS = 8300
"""Local variable slots of the calling frame: 8 bytes each, a little over 64 KB in all."""


def _roomy_caller() -> Callable[..., object]:
    # The locals are never assigned: they only size the frame.
    names = " = ".join(f"slot{index}" for index in range(SLOTS))
    source = (
        "def roomy(call, *args, **kwargs):\n"
        "    if call is None:\n"
        f"        {names} = None\n"
        "    return call(*args, **kwargs)\n"
    )
    namespace: dict[str, Callable[..., object]] = {}
    exec(compile(source, "<golf_solitaire.solver.frames>", "exec"), namespace)
    return namespace["roomy"]


_caller = _roomy_caller()
_thread = threading.local()


def roomy(call: Callable[_P, _R], *args: _P.args, **kwargs: _P.kwargs) -> _R:
    """``call(*args, **kwargs)`` with 64 KB of frame stack free above it in one chunk.

    Within such a call (on the same thread) it calls at once: the room is already there. The
    garbage collector is paused meanwhile, unless something else had already paused it.
    """
    if getattr(_thread, "inside", False):
        return call(*args, **kwargs)
    _thread.inside = True
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _caller(call, *args, **kwargs)  # type: ignore[return-value]
    finally:
        _thread.inside = False
        if collecting:
            gc.enable()
