"""Deals found ahead: the next deal of a winnable-only or levelled game, found while it is played.

The solver's verdicts and ratings are kept per process, so once the next deal has been found
here, the player's "Next deal" (the browser) or ``n`` (the terminal) is answered at once. The
work runs on one daemon thread, one request at a time: a server stopped with Ctrl+C, or a
terminal game quit, does not wait for a search (a Black Hole deal takes seconds to rate).
``find`` must only fill those in-memory caches, never write what a sudden end could cut short.

>>> ahead = Ahead(lambda number: None)
>>> ahead.submit(7)
>>> ahead.wait()
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Request = TypeVar("Request")

LOG = logging.getLogger(__name__)

WAITING = 16
"""Requests that may wait; more are dropped (the deal is then found when it is asked for)."""


class Ahead(Generic[Request]):
    """Runs ``find`` on requests in one daemon thread, in order (``find`` handles a deal that
    cannot be found; anything else it raises is logged)."""

    def __init__(self, find: Callable[[Request], object]) -> None:
        self.find = find
        self.requests: queue.Queue[Request] = queue.Queue(maxsize=WAITING)
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def submit(self, request: Request) -> None:
        """Find ``request``'s deal when the thread is free (dropped if too many wait)."""
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="deals-ahead", daemon=True)
                self._thread.start()
        with contextlib.suppress(queue.Full):
            self.requests.put_nowait(request)

    def wait(self) -> None:
        """Return once every request submitted so far has been dealt with (for tests)."""
        self.requests.join()

    def _work(self) -> None:
        while True:
            request = self.requests.get()
            try:
                self.find(request)
            except Exception:  # a fault here must not stop the thread: say it and go on
                LOG.exception("finding a deal ahead failed for %r", request)
            finally:
                self.requests.task_done()
