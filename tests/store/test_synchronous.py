"""SQLite's synchronous setting: FULL (a log synced at every commit, so an answered move
survives a power cut) unless NORMAL is chosen; nothing else is accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf_solitaire.store import StoreError
from golf_solitaire.store.database import SYNCHRONOUS_VARIABLE, Database

FULL, NORMAL = 2, 1  # what PRAGMA synchronous reads back


def synchronous_of(database: Database) -> int:
    with database.transaction() as tx:
        row = tx.one("PRAGMA synchronous")
    assert row is not None
    return int(row[0])


def test_full_is_the_default_and_normal_can_be_chosen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(SYNCHRONOUS_VARIABLE, raising=False)
    database = Database(f"sqlite:///{tmp_path / 'full.sqlite3'}")
    assert synchronous_of(database) == FULL
    database.close()
    monkeypatch.setenv(SYNCHRONOUS_VARIABLE, "normal")
    database = Database(f"sqlite:///{tmp_path / 'normal.sqlite3'}")
    assert synchronous_of(database) == NORMAL
    database.close()
    monkeypatch.setenv(SYNCHRONOUS_VARIABLE, "OFF")
    with pytest.raises(StoreError, match="GOLF_SQLITE_SYNCHRONOUS: expected FULL or NORMAL"):
        Database(f"sqlite:///{tmp_path / 'off.sqlite3'}")
