"""Statements awaited on the event loop: the same rows as in a thread, a bounded number of
connections, the pool usable after a failed statement, closed with the loop."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest

from golf_solitaire.store import StoreError
from golf_solitaire.store.awaited import AwaitedPool
from golf_solitaire.store.database import AWAITED_POOL_SIZE, Database


def backends(url: str) -> int:
    """How many connections the test's database has open (other than this one)."""
    with psycopg.connect(url, autocommit=True) as connection:
        row = connection.execute(
            "SELECT COUNT(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    assert row is not None
    return int(row[0])


def settled_backends(url: str) -> int:
    """The connection count once it holds still for a tenth of a second (a pool may still be
    opening its first connections in the background), or as it stands after two seconds."""
    deadline = time.monotonic() + 2
    found = backends(url)
    while time.monotonic() < deadline:
        time.sleep(0.1)
        if (again := backends(url)) == found:
            break
        found = again
    return found


def backends_become(url: str, count: int) -> int:
    """The connection count once it is ``count`` (a closed one's server process ends a
    moment later), or as it stands after two seconds."""
    deadline = time.monotonic() + 2
    while (found := backends(url)) != count and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def test_statements_on_either_database(store_url: str) -> None:
    database = Database(store_url)
    with database.transaction() as tx:
        tx.execute("CREATE TABLE marks (n BIGINT NOT NULL)")

    async def scenario() -> list[int]:
        try:
            return list(
                await asyncio.gather(
                    *(
                        database.awaited_statement("INSERT INTO marks (n) VALUES (?)", (n,))
                        for n in range(20)
                    )
                )
            )
        finally:
            await database.close_awaited()

    assert asyncio.run(scenario()) == [1] * 20
    with database.transaction() as tx:
        assert tx.one("SELECT COUNT(*), SUM(n) FROM marks") == (20, sum(range(20)))
    database.close()


@pytest.mark.postgres
def test_connections_are_bounded_and_a_failed_statement_leaves_the_pool_usable(
    postgres_url: str,
) -> None:
    database = Database(postgres_url)
    with database.transaction() as tx:
        tx.execute("CREATE TABLE marks (n BIGINT NOT NULL)")
    opened_before = settled_backends(postgres_url)

    async def scenario() -> tuple[int, int]:
        slow = "INSERT INTO marks (n) SELECT ? FROM pg_sleep(0.05)"
        await asyncio.gather(*(database.awaited_statement(slow, (n,)) for n in range(12)))
        busiest = backends(postgres_url) - opened_before
        with pytest.raises(psycopg.errors.UndefinedTable):
            await database.awaited_statement("INSERT INTO no_such_table VALUES (?)", (1,))
        assert await database.awaited_statement("INSERT INTO marks (n) VALUES (?)", (99,)) == 1
        await database.close_awaited()
        return busiest, backends_become(postgres_url, opened_before) - opened_before

    busiest, after_close = asyncio.run(scenario())
    assert 2 <= busiest <= AWAITED_POOL_SIZE
    assert after_close == 0
    with database.transaction() as tx:
        assert tx.one("SELECT COUNT(*) FROM marks") == (13,)
    database.close()


@pytest.mark.postgres
def test_a_closed_pool_refuses_clearly(postgres_url: str) -> None:
    async def scenario() -> None:
        pool = AwaitedPool(postgres_url, size=2)
        assert await pool.statement("SELECT 1", ()) == 1
        await pool.close()
        with pytest.raises(StoreError, match="the store is closed"):
            await pool.statement("SELECT 1", ())

    asyncio.run(scenario())
