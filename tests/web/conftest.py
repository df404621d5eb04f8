"""Fixtures for the web tests: an app on a fresh SQLite file, a client, a player's headers."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from golf_solitaire.web import Settings, create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A client of an app whose database is a fresh SQLite file."""
    app = create_app(Settings(database_url=f"sqlite:///{tmp_path / 'golf.sqlite3'}"))
    with TestClient(app) as test_client:
        yield test_client


def new_player(client: TestClient) -> dict[str, str]:
    """Headers that prove a newly created player."""
    reply = client.post("/api/players")
    assert reply.status_code == 201
    return {"X-Golf-Token": reply.json()["token"]}


@pytest.fixture
def player(client: TestClient) -> dict[str, str]:
    """The headers of a new player."""
    return new_player(client)
