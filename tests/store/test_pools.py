"""Nothing waits on the database forever, a dead connection is never lent, and SQLite's
blocking calls stay off the event loop."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest

from golf_solitaire.store import StoreError
from golf_solitaire.store.database import Database


@contextmanager
def held(database: Database, seconds: float = 5.0) -> Iterator[None]:
    """A transaction held open in another thread (its connection or lock taken) while the
    block runs, for ``seconds`` at most."""
    taken, done = threading.Event(), threading.Event()

    def hold() -> None:
        with database.transaction() as tx:
            tx.execute("SELECT 1")
            taken.set()
            done.wait(seconds)

    holder = threading.Thread(target=hold)
    holder.start()
    assert taken.wait(5)
    try:
        yield
    finally:
        done.set()
        holder.join(10)


def test_sqlite_waits_a_bounded_time_for_its_lock(tmp_path: Path) -> None:
    database = Database(f"sqlite:///{tmp_path / 'golf.sqlite3'}", wait_seconds=0.2)
    with held(database):
        started = time.monotonic()
        with pytest.raises(StoreError, match=r"busy for more than 0\.2 s"), database.transaction():
            pass
        assert time.monotonic() - started < 2
    with database.transaction() as tx:
        assert tx.one("SELECT 1") == (1,)
    database.close()


def test_an_awaited_sqlite_statement_leaves_the_event_loop_free(tmp_path: Path) -> None:
    """While another thread holds SQLite's lock, the loop goes on serving other work: the
    statement waits in a worker thread, not on the loop."""
    database = Database(f"sqlite:///{tmp_path / 'golf.sqlite3'}")
    with database.transaction() as tx:
        tx.execute("CREATE TABLE marks (n BIGINT NOT NULL)")

    async def scenario() -> int:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.01)
                ticks += 1

        running = asyncio.create_task(ticker())
        await database.awaited_statement("INSERT INTO marks (n) VALUES (?)", (1,))
        running.cancel()
        return ticks

    with held(database, seconds=0.5):
        ticks = asyncio.run(scenario())
    assert ticks >= 10  # about 50 in the half second the lock was held
    database.close()


@pytest.mark.postgres
def test_a_full_pool_answers_within_its_wait(postgres_url: str) -> None:
    database = Database(postgres_url, pool_size=1, wait_seconds=0.3)
    with held(database):
        started = time.monotonic()
        with pytest.raises(StoreError, match=r"no connection free within 0\.3 s"):
            database.statement("SELECT 1")
        assert time.monotonic() - started < 3
    assert database.statement("SELECT 1") == 1
    database.close()


def backend_of(database: Database) -> int:
    with database.transaction() as tx:
        row = tx.one("SELECT pg_backend_pid()")
    assert row is not None
    return int(row[0])


def terminate(postgres_url: str, pid: int) -> None:
    """End a server process as a restart or a network cut would."""
    with psycopg.connect(postgres_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    time.sleep(0.1)


@pytest.mark.postgres
def test_a_dead_connection_is_replaced_before_it_is_lent(postgres_url: str) -> None:
    database = Database(postgres_url, pool_size=1)
    first = backend_of(database)
    terminate(postgres_url, first)
    second = backend_of(database)  # the health check finds it dead and opens another
    assert second != first
    database.close()

    async def awaited() -> None:
        found = Database(postgres_url)
        try:
            assert await found.awaited_statement("SELECT 1") == 1
            with psycopg.connect(postgres_url, autocommit=True) as admin:
                admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> "
                    "pg_backend_pid() AND datname = current_database() AND application_name = ''"
                )
            await asyncio.sleep(0.1)
            assert await found.awaited_statement("SELECT 1") == 1
        finally:
            await found.close_awaited()
            found.close()

    asyncio.run(awaited())
