"""Background checkpoints: a server's commits leave the copying of SQLite's log to a thread."""

from __future__ import annotations

import shutil
import sqlite3
import time
from pathlib import Path

from golf_solitaire import Deal, Game
from golf_solitaire.store import open_store


def games_in_the_database_file_alone(path: Path, copy: Path) -> int:
    """How many games the database file holds without its write-ahead log."""
    shutil.copyfile(path, copy)
    connection = sqlite3.connect(copy)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.DatabaseError:
        # Not even the schema copied yet, or a copy taken while a checkpoint was writing the
        # file (torn pages read as "malformed"): not there yet, look again.
        return 0
    finally:
        connection.close()


def test_the_log_reaches_the_database_file_without_a_commit_doing_it(tmp_path: Path) -> None:
    path = tmp_path / "golf.sqlite3"
    store = open_store(f"sqlite:///{path}")
    store.database.checkpoint_in_background()
    with store.database.transaction() as tx:
        assert tx.one("PRAGMA wal_autocheckpoint") == (0,)
    player = store.create_player()
    record = Game(Deal.numbered(2)).record()
    games = [store.create_game(player.id, record) for _ in range(20)]
    for index in range(16):
        for game_id in games:
            store.append_move(game_id, "d", index)
    deadline = time.monotonic() + 10
    while games_in_the_database_file_alone(path, tmp_path / "copy.sqlite3") < len(games):
        assert time.monotonic() < deadline, "the checkpoint thread never copied the log"
        time.sleep(0.05)
    store.close()
    with open_store(f"sqlite:///{path}") as reopened:
        assert reopened.load_game(games[-1], player.id).record["moves"] == ["d"] * 16


def test_an_in_memory_database_has_no_checkpoints() -> None:
    with open_store("sqlite://:memory:") as store:
        store.database.checkpoint_in_background()
        with store.database.transaction() as tx:
            assert tx.one("PRAGMA wal_autocheckpoint") != (0,)
