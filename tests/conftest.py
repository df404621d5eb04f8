"""Shared test settings and fixtures: hypothesis profile, a real PostgreSQL server per session,
and an empty database of each kind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests.postgres import fresh_database, postgres_server

settings.register_profile(
    "project", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("project")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked ``early`` (the longest) run first, so that with ``-n 2`` each starts while
    the quick ones still fill the other worker, instead of running alone at the end."""
    items.sort(key=lambda item: item.get_closest_marker("early") is None)


@pytest.fixture(scope="session")
def postgres_admin_url() -> Iterator[str]:
    """The admin URL of a throwaway PostgreSQL server shared by the session."""
    with postgres_server() as url:
        yield url


@pytest.fixture
def postgres_url(postgres_admin_url: str) -> str:
    """The URL of a fresh, empty PostgreSQL database for one test."""
    return fresh_database(postgres_admin_url)


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL for an empty database of each kind: a SQLite file, a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))
