"""The bookkeeping of a pool that lends database connections: what is idle, what is open.

Both PostgreSQL pools keep it, the threads' one (``Database``) under a lock and the event
loop's one (``AwaitedPool``) under an ``asyncio.Condition``; the waiting is theirs, the counts
are this class's.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

C = TypeVar("C")


class Lending(Generic[C]):
    """Idle connections, how many are open (idle or lent), and whether the pool is closed."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.idle: list[C] = []
        self.opened = 0
        self.closed = False

    def must_wait(self) -> bool:
        """Nothing idle and no room to open another: wait until a connection comes back."""
        return not self.idle and self.opened >= self.size and not self.closed

    def take(self) -> C | None:
        """An idle connection, or ``None`` once room is kept for the caller to open a new one
        (give ``None`` back if that fails). Not once the pool is closed."""
        assert not self.closed
        if self.idle:
            return self.idle.pop()
        self.opened += 1
        return None

    def give_back(self, connection: C | None) -> bool:
        """Keep ``connection`` for the next caller if it is fit to lend (True); otherwise
        count it closed (False: the caller closes it). ``None``: one that was never opened."""
        if connection is None or _unfit(connection) or self.closed:
            self.opened -= 1
            return False
        self.idle.append(connection)
        return True

    def close(self) -> list[C]:
        """Mark the pool closed; the idle connections, for the caller to close."""
        self.closed = True
        idle, self.idle = self.idle, []
        self.opened -= len(idle)
        return idle


def _unfit(connection: Any) -> bool:
    return bool(connection.closed or connection.broken)
