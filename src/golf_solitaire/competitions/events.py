"""Live board updates across processes: one poller per process watches version counters.

Each board (a competition or a day) has a version in the database, bumped in the same
transaction as the change it shows. A process polls the versions of the boards its clients
watch, in one query every ``interval`` seconds, and wakes those clients; so any number of
server processes sharing one database push updates within about ``interval``. The board
itself is rebuilt at most once every ``REBUILD_SECONDS`` per process (``BoardTexts``), so a
change shows within about ``interval + REBUILD_SECONDS``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

KEEPALIVE_SECONDS: Final = 15.0
REBUILD_SECONDS: Final = 0.4
"""The least time between two rebuilds of one board in a process. A busy board changes many
times a second; rebuilding hundreds of lines (read, ranked, serialized) on every change
would take the CPU, and the interpreter, from the moves being played."""

ReadVersions = Callable[[Sequence[str]], dict[str, int]]
ReadBoard = Callable[[], dict[str, Any]]


def event_text(board: dict[str, Any]) -> str:
    """A board as one server-sent event (its version as the event id)."""
    return f"event: board\nid: {int(board['version'])}\ndata: {json.dumps(board)}\n\n"


def _read_text(read: ReadBoard) -> tuple[int, str]:
    board = read()
    return int(board["version"]), event_text(board)


@dataclass(frozen=True, slots=True)
class _Built:
    version: int
    text: str
    at: float


class BoardTexts:
    """The newest event text of each board, shared by every watcher in the process.

    A board is read and serialized once per version for all its watchers, and at most once
    every ``min_interval`` seconds: changes that come faster are shown together.
    """

    def __init__(self, min_interval: float = REBUILD_SECONDS, size: int = 64) -> None:
        self.min_interval = min_interval
        self._built: OrderedDict[str, _Built] = OrderedDict()
        self._locks: dict[str, asyncio.Lock] = {}
        self._size = size

    async def newest(self, key: str, version: int, read: ReadBoard) -> tuple[int, str]:
        """(version, event text) of board ``key`` at ``version`` or later; ``read`` gives
        the board as it is now (it runs in a worker thread)."""
        lock = self._locks.setdefault(key, asyncio.Lock())
        async with lock:
            built = self._built.get(key)
            if built is not None and built.version >= version:
                return built.version, built.text
            if built is not None:
                wait = built.at + self.min_interval - time.monotonic()
                if wait > 0:
                    await asyncio.sleep(wait)
            shown, text = await asyncio.to_thread(_read_text, read)
            built = _Built(shown, text, time.monotonic())
            self._built[key] = built
            self._built.move_to_end(key)
            while len(self._built) > self._size:
                old, _ = self._built.popitem(last=False)
                self._locks.pop(old, None)
            return built.version, built.text


class BoardWatcher:
    """Wakes the watchers of a board when its version changes (whoever changed it)."""

    def __init__(self, read_versions: ReadVersions, interval: float = 0.2) -> None:
        self._read = read_versions
        self.interval = interval
        self._versions: dict[str, int] = {}
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._task: asyncio.Task[None] | None = None

    async def watch(self, key: str) -> AsyncIterator[int | None]:
        """Yield the board's version now and after each change; ``None`` as a keep-alive."""
        event = asyncio.Event()
        self._waiters.setdefault(key, set()).add(event)
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._poll())
        try:
            if key not in self._versions:
                found = await asyncio.to_thread(self._read, [key])
                self._versions.setdefault(key, found[key])
            last: int | None = None
            while True:
                event.clear()
                version = self._versions[key]
                if version != last:
                    last = version
                    yield version
                    continue
                try:
                    await asyncio.wait_for(event.wait(), timeout=KEEPALIVE_SECONDS)
                except TimeoutError:
                    yield None
        finally:
            waiters = self._waiters.get(key)
            if waiters is not None:
                waiters.discard(event)
                if not waiters:
                    del self._waiters[key]
                    self._versions.pop(key, None)

    async def _poll(self) -> None:
        while self._waiters:
            await asyncio.sleep(self.interval)
            keys = list(self._waiters)
            if not keys:
                break
            with contextlib.suppress(Exception):
                found = await asyncio.to_thread(self._read, keys)
                for key, version in found.items():
                    if key in self._waiters and self._versions.get(key) != version:
                        self._versions[key] = version
                        for event in self._waiters[key]:
                            event.set()
