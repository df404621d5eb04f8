"""The store on real SQLite and a real PostgreSQL server: records, moves, rounds, statistics."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game, Rules
from golf_solitaire.records import RecordError
from golf_solitaire.store import (
    LATEST_VERSION,
    NotFoundError,
    StaleMoveError,
    Store,
    StoreError,
    database_url,
    default_database_path,
    open_store,
)


@pytest.fixture
def store(store_url: str) -> Iterator[Store]:
    """An open store on an empty database."""
    with open_store(store_url) as opened:
        yield opened


def test_schema_is_created_and_reopening_keeps_it(store_url: str) -> None:
    with open_store(store_url) as first:
        assert first.schema_version == LATEST_VERSION
        player = first.create_player()
    with open_store(store_url) as second:
        assert second.schema_version == LATEST_VERSION
        assert second.player_by_token(player.token) == player.id


def test_players_are_found_by_token_only(store: Store) -> None:
    alice = store.create_player()
    bob = store.create_player()
    assert alice.id != bob.id and alice.token != bob.token
    assert len(alice.token) >= 32
    assert store.player_by_token(alice.token) == alice.id
    assert store.player_by_token(alice.id) is None
    assert store.player_by_token("") is None


def test_a_game_is_its_record_and_each_move_is_appended(store: Store) -> None:
    player = store.create_player()
    game = Game(Deal.numbered(2))
    game_id = store.create_game(player.id, game.record())
    for index, move in enumerate(["4", "d", "d"]):
        store.append_move(game_id, move, index)
    stored = store.load_game(game_id, player.id)
    assert stored.record["moves"] == ["4", "d", "d"]
    assert len(stored.record["timestamps"]) == 3
    replayed = Game.from_record(stored.record)
    game.play(4)
    game.draw()
    game.draw()
    assert replayed.state == game.state
    assert not stored.is_finished


def test_move_times_are_kept_as_dates_and_times_and_seconds_are_refused(store: Store) -> None:
    player = store.create_player()
    game = Game(Deal.numbered(2))
    game.play(4)
    stamped = game.record() | {"timestamps": ["2026-12-04T10:00:03+00:00"]}
    game_id = store.create_game(player.id, stamped)
    loaded = store.load_game(game_id, player.id).record
    assert loaded["timestamps"] == ["2026-12-04T10:00:03+00:00"]
    assert Game.from_record(loaded).state == game.state
    with pytest.raises(RecordError, match=r"timestamps: .* move 1 is 12.5 seconds"):
        store.create_game(player.id, game.record() | {"timestamps": [12.5]})
    assert store.unfinished_games(player.id) == [game_id]


def test_stale_and_duplicate_moves_are_refused(store: Store) -> None:
    player = store.create_player()
    game_id = store.create_game(player.id, Game(Deal.numbered(2)).record())
    store.append_move(game_id, "4", 0)
    with pytest.raises(StaleMoveError, match="move 0 is stale, the game is at move 1"):
        store.append_move(game_id, "4", 0)
    with pytest.raises(StaleMoveError, match="stale"):
        store.append_move(game_id, "d", 5)
    with pytest.raises(ValueError, match="not a move"):
        store.append_move(game_id, "x", 1)
    assert store.load_game(game_id, player.id).record["moves"] == ["4"]


def test_undo_and_redo_move_the_position_and_a_new_move_drops_the_redo(store: Store) -> None:
    player = store.create_player()
    game_id = store.create_game(player.id, Game(Deal.numbered(2)).record())
    for index, move in enumerate(["4", "d", "d"]):
        store.append_move(game_id, move, index)
    store.set_position(game_id, 1, expected=3)
    stored = store.load_game(game_id, player.id)
    assert stored.record["moves"] == ["4"]
    assert stored.redo == ("d", "d")
    with pytest.raises(StaleMoveError, match="expected move 3"):
        store.set_position(game_id, 2, expected=3)
    with pytest.raises(StaleMoveError, match=r"outside 0\.\.3"):
        store.set_position(game_id, 4)
    store.append_move(game_id, "2", 1)
    stored = store.load_game(game_id, player.id)
    assert stored.record["moves"] == ["4", "2"]
    assert stored.redo == ()


def test_another_players_game_is_not_found(store: Store) -> None:
    alice = store.create_player()
    bob = store.create_player()
    game_id = store.create_game(alice.id, Game(Deal.numbered(5)).record())
    with pytest.raises(NotFoundError, match="not found"):
        store.load_game(game_id, bob.id)
    with pytest.raises(NotFoundError):
        store.load_game("no-such-game", alice.id)
    with pytest.raises(NotFoundError):
        store.append_move("no-such-game", "d", 0)
    with pytest.raises(NotFoundError, match="player"):
        store.create_game("nobody", Game(Deal.numbered(5)).record())


def test_a_bad_record_is_refused_whole(store: Store) -> None:
    player = store.create_player()
    record = Game(Deal.numbered(2)).record()
    record["moves"] = ["0"]
    with pytest.raises(RecordError, match="move 1"):
        store.create_game(player.id, record)
    assert store.latest_game(player.id) is None


def test_latest_game_and_finish(store: Store) -> None:
    player = store.create_player()
    first = store.create_game(player.id, Game(Deal.numbered(1)).record())
    second = store.create_game(player.id, Game(Deal.numbered(2)).record())
    store.append_move(first, "d", 0)
    latest = store.latest_game(player.id)
    assert latest is not None and latest.id == first
    store.finish_game(first, termination="stuck", strokes=20)
    unfinished = store.latest_game(player.id, unfinished=True)
    assert unfinished is not None and unfinished.id == second
    finished = store.load_game(first, player.id)
    assert finished.is_finished and finished.termination == "stuck" and finished.strokes == 20
    with pytest.raises(ValueError, match="termination"):
        store.finish_game(first, termination="won", strokes=0)


def test_meta_is_merged_and_marks_the_game_changed(store: Store) -> None:
    player = store.create_player()
    record = Game(Deal.numbered(1)).record(source="test")
    first = store.create_game(player.id, record)
    second = store.create_game(player.id, Game(Deal.numbered(2)).record())
    stamp = store.merge_meta(first, {"elapsed": 12.5})
    latest = store.latest_game(player.id)
    assert latest is not None and latest.id == first and latest.updated_at == stamp
    assert latest.record["meta"] == {"source": "test", "elapsed": 12.5}
    store.merge_meta(first, {"elapsed": 20.0})
    assert store.load_game(first, player.id).record["meta"]["elapsed"] == 20.0
    assert "meta" not in store.load_game(second, player.id).record
    with pytest.raises(NotFoundError, match="nope"):
        store.merge_meta("nope", {"elapsed": 1.0})


def test_statistics_per_preset_with_streaks(store: Store) -> None:
    player = store.create_player()
    results = [("cleared", -2), ("cleared", 0), ("stuck", 7), ("cleared", -1)]
    for number, (termination, strokes) in enumerate(results, start=1):
        game_id = store.create_game(player.id, Game(Deal.numbered(number)).record())
        store.finish_game(game_id, termination=termination, strokes=strokes)
    putt = store.create_game(player.id, Game(Deal.numbered(9, Rules.named("putt-putt"))).record())
    store.finish_game(putt, termination="stuck", strokes=3)
    store.create_game(player.id, Game(Deal.numbered(10)).record())
    stats = store.statistics(player.id)
    assert set(stats) == {"strict", "putt-putt"}
    strict = stats["strict"]
    assert (strict.games, strict.wins, strict.best) == (4, 3, -2)
    assert strict.win_rate == 0.75
    assert strict.average == pytest.approx(1.0)
    assert (strict.current_streak, strict.best_streak) == (1, 2)
    assert stats["putt-putt"].to_dict()["win_rate"] == 0.0
    assert store.statistics(store.create_player().id) == {}


def test_rounds_hold_their_holes_in_order(store: Store) -> None:
    player = store.create_player()
    rules = Rules.named("putt-putt").to_dict()
    round_id = store.create_round(player.id, holes=9, rules=rules, first_deal=100)
    for hole in (2, 1):
        record = Game(Deal.numbered(99 + hole, Rules.named("putt-putt"))).record()
        store.create_game(player.id, record, round_id=round_id, hole=hole)
    stored = store.load_round(round_id, player.id)
    assert stored.holes == 9 and stored.rules_label == "putt-putt"
    assert [game.hole for game in stored.games] == [1, 2]
    with pytest.raises(ValueError, match="9 or 18"):
        store.create_round(player.id, holes=7, rules=rules, first_deal=1)
    with pytest.raises(NotFoundError):
        store.load_round(round_id, store.create_player().id)


def test_database_urls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("GOLF_DATABASE_URL", raising=False)
    assert database_url() == f"sqlite:///{default_database_path()}"
    assert default_database_path().name == "golf.sqlite3"
    chosen = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    monkeypatch.setenv("GOLF_DATABASE_URL", chosen)
    assert database_url() == chosen
    assert database_url("sqlite:///other") == "sqlite:///other"
    with pytest.raises(StoreError, match="unknown scheme 'mysql'"):
        open_store("mysql://localhost/golf")
    with pytest.raises(StoreError, match="cannot connect to PostgreSQL"):
        open_store("postgresql://nobody@127.0.0.1:1/none")


def test_a_newer_schema_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    with open_store(url) as store, store.database.transaction() as tx:
        tx.execute("INSERT INTO schema_version (version) VALUES (?)", (LATEST_VERSION + 1,))
    with pytest.raises(StoreError, match="newer than this program"):
        open_store(url)
