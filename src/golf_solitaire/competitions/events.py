"""Live board updates across processes: one poller per process watches version counters.

Each board (a competition or a day) has a version in the database, bumped in the same
transaction as the change it shows. A process polls the versions of the boards its clients
watch, in one query every ``interval`` seconds, and wakes those clients; so any number of
server processes sharing one database push updates within about ``interval``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Final

KEEPALIVE_SECONDS: Final = 15.0

ReadVersions = Callable[[Sequence[str]], dict[str, int]]


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
