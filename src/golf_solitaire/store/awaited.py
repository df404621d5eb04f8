"""PostgreSQL statements awaited on an event loop, through connections of that loop's own.

A request handler that awaits its one statement needs no worker thread: the hop to a thread
and back, and the wait for the interpreter lock on the way back, cost more than the
statement itself on a busy server. Connections are opened as needed, up to ``size``, and
closed with ``close`` (the app's shutdown, on the same loop).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import psycopg

from golf_solitaire.store.database import StoreError
from golf_solitaire.store.lending import Lending


class AwaitedPool:
    """A few autocommit PostgreSQL connections for one event loop."""

    def __init__(self, url: str, size: int) -> None:
        self.url = url
        self._lending: Lending[psycopg.AsyncConnection[Any]] = Lending(size)
        self._returned = asyncio.Condition()

    async def statement(self, sql: str, params: Sequence[Any]) -> int:
        """Run one statement (``%s`` placeholders) as its own transaction; rows changed."""
        async with self._connection() as connection, connection.cursor() as cursor:
            await cursor.execute(sql, tuple(params))
            return max(0, cursor.rowcount)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[psycopg.AsyncConnection[Any]]:
        async with self._returned:
            while self._lending.must_wait():
                await self._returned.wait()
            if self._lending.closed:
                raise StoreError("database: the store is closed")
            connection = self._lending.take()
        if connection is None:
            try:
                connection = await psycopg.AsyncConnection.connect(self.url, autocommit=True)
            except BaseException as error:
                await self._give_back(None)
                if isinstance(error, psycopg.Error):
                    raise StoreError(f"database: cannot connect to PostgreSQL: {error}") from None
                raise
        healthy = False
        try:
            yield connection
            healthy = True
        finally:
            # A statement cut short (an error, a cancelled request) may leave the connection
            # mid-exchange with the server: close it rather than lend it again.
            await self._give_back(connection if healthy else None, drop=connection)

    async def _give_back(
        self,
        connection: psycopg.AsyncConnection[Any] | None,
        drop: psycopg.AsyncConnection[Any] | None = None,
    ) -> None:
        async with self._returned:
            kept = self._lending.give_back(connection)
            stale = None if kept else connection or drop
            self._returned.notify()
        if stale is not None and not stale.closed:
            await stale.close()

    async def close(self) -> None:
        """Close every idle connection; one still lent out closes when it is given back."""
        async with self._returned:
            idle = self._lending.close()
            self._returned.notify_all()
        for connection in idle:
            await connection.close()
