"""A database that does not answer in time is a clear 503 ``busy``, not a hang or a 500."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from golf_solitaire.store import open_store
from golf_solitaire.web import create_app
from tests.store.test_pools import held


def test_a_busy_database_is_a_503_that_says_so(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}") as store:
        store.database.wait_seconds = 0.2
        with TestClient(create_app(store=store)) as client:
            with held(store.database):
                reply = client.post("/api/players")
            assert reply.status_code == 503
            assert reply.json() == {
                "detail": "database: busy for more than 0.2 s, try again",
                "reason": "busy",
            }
            assert reply.headers["Retry-After"] == "1"
            assert client.post("/api/players").status_code == 201
