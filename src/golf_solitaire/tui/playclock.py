"""The hand's clock: the time spent playing it, which stops when the hand ends.

It counts from a time already played (a resumed hand goes on from where it was), and
reads an injected clock so that tests and snapshots can hold time still or move it.
"""

from __future__ import annotations

from collections.abc import Callable

Clock = Callable[[], float]
"""Seconds from any fixed point (``time.monotonic`` in play)."""


class PlayClock:
    """Seconds played on the current hand: ``elapsed`` grows while running."""

    def __init__(self, clock: Clock, elapsed: float = 0.0) -> None:
        self.clock = clock
        self.banked = max(0.0, elapsed)
        self.since: float | None = clock()

    @property
    def running(self) -> bool:
        """True while the clock counts."""
        return self.since is not None

    def elapsed(self) -> float:
        """Seconds played so far."""
        if self.since is None:
            return self.banked
        return self.banked + max(0.0, self.clock() - self.since)

    def stop(self) -> None:
        """Hold the time (the hand is over)."""
        self.banked = self.elapsed()
        self.since = None

    def go(self) -> None:
        """Count on from the time held (a move of a finished hand was taken back)."""
        if self.since is None:
            self.since = self.clock()

    def reset(self, elapsed: float = 0.0) -> None:
        """Count from ``elapsed`` seconds (a new hand starts at 0)."""
        self.banked = max(0.0, elapsed)
        self.since = self.clock()
