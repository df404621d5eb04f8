"""Fixtures for competition tests: an app on SQLite or on a real PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from golf_solitaire.competitions.app import create_app
from golf_solitaire.store import open_store


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL: a SQLite file, or a PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
def client(database: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client of the competition app with generous rate limits."""
    monkeypatch.setenv("GOLF_COMPETITION_RATES", "create=100:10,join=100:10,move=5000:1000")
    store = open_store(database)
    with TestClient(create_app(store=store)) as test_client:
        yield test_client
    store.close()
