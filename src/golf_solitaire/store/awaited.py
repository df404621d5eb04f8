"""PostgreSQL statements awaited on an event loop, through connections of that loop's own.

A request handler that awaits its one statement needs no worker thread: the hop to a thread
and back, and the wait for the interpreter lock on the way back, cost more than the
statement itself on a busy server. The connections come from a ``psycopg_pool`` pool of the
loop's: opened as needed up to ``size``, each checked with the server before it is lent (a
broken one is replaced), waited for at most ``wait_seconds``; closed with ``close`` (the
app's shutdown, on the same loop).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import psycopg
from psycopg_pool import AsyncConnectionPool

from golf_solitaire.store.database import StoreError, pool_errors, pool_settings


class AwaitedPool:
    """A few autocommit PostgreSQL connections for one event loop."""

    def __init__(self, url: str, size: int, wait_seconds: float = 10.0) -> None:
        self.url = url
        self.wait_seconds = wait_seconds
        self._pool: AsyncConnectionPool[psycopg.AsyncConnection[Any]] = AsyncConnectionPool(
            url,
            check=AsyncConnectionPool.check_connection,
            open=False,
            **pool_settings(size, wait_seconds),
        )
        self._opened = False
        self._closed = False

    async def statement(self, sql: str, params: Sequence[Any]) -> int:
        """Run one statement (``%s`` placeholders) as its own transaction; rows changed."""
        if self._closed:
            raise StoreError("database: the store is closed")
        if not self._opened:
            self._opened = True
            await self._pool.open()
        with pool_errors(self.wait_seconds):
            async with self._pool.connection() as connection, connection.cursor() as cursor:
                await cursor.execute(sql, tuple(params))
                return max(0, cursor.rowcount)

    async def close(self) -> None:
        """Close every connection; one still lent out closes when it is given back."""
        self._closed = True
        if self._opened:
            await self._pool.close()
