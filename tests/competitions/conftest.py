"""Fixtures for competition tests: the game's app on SQLite or on a real PostgreSQL server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from golf_solitaire.store import open_store
from golf_solitaire.web import create_app


@pytest.fixture
def client(store_url: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """A client of the app on each kind of database, with generous rate limits."""
    monkeypatch.setenv(
        "GOLF_COMPETITION_RATES", "create=1000/second,join=1000/second,move=5000/second"
    )
    with open_store(store_url) as store, TestClient(create_app(store=store)) as test_client:
        yield test_client
