"""Fixtures shared by every test folder: a real PostgreSQL server, started once per session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.postgres import fresh_database, postgres_server


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """The admin URL of a throwaway PostgreSQL server shared by the session."""
    with postgres_server() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> str:
    """The URL of a fresh, empty PostgreSQL database for one test."""
    return fresh_database(postgres_admin_url)
