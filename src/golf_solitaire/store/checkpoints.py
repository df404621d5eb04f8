"""SQLite checkpoints in a thread of their own, so that no commit waits for one.

In WAL mode a commit only appends to the log; now and then the log is copied back into the
database file (a checkpoint), with an fsync. By default the commit that fills the log does
that work itself, and a player's move would wait for it. A server hands it to this thread.
"""

from __future__ import annotations

import sqlite3
import threading
from typing import Final

CHECKPOINT_SECONDS: Final = 0.5
"""How often the log is copied back: often enough that it stays a few hundred pages long."""


class Checkpointer:
    """A daemon thread that checkpoints the SQLite file ``path`` every ``interval`` seconds."""

    def __init__(self, path: str, interval: float = CHECKPOINT_SECONDS) -> None:
        self.path = path
        self.interval = interval
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="sqlite-checkpoints", daemon=True)

    def start(self) -> None:
        """Begin checkpointing."""
        self._thread.start()

    def stop(self) -> None:
        """Stop the thread after one last checkpoint (idempotent)."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()

    def _run(self) -> None:
        connection = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            connection.execute("PRAGMA busy_timeout=5000")
            while not self._stop.wait(self.interval):
                self._checkpoint(connection)
            self._checkpoint(connection)
        finally:
            connection.close()

    @staticmethod
    def _checkpoint(connection: sqlite3.Connection) -> None:
        try:
            connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:
            return  # busy or locked: the next turn copies what this one could not
