"""A stored game restores at its exact position, redo list and move times included, whichever
face stored it and whichever face or process reads it back (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import Deal, Game
from golf_solitaire.moves import Move
from golf_solitaire.service import restore
from golf_solitaire.store import open_store
from golf_solitaire.tui.saving import Saver
from golf_solitaire.web import Settings, create_app

ISSUE_LINE = ["d", "3", "d", "1", "d", "5"]


def redo_line(game: Game) -> list[str]:
    """The moves ``game`` would redo, in the order redo makes them (the game is unchanged)."""
    copy = game.copy()
    line = []
    while copy.can_redo:
        line.append(str(copy.redo()))
    return line


def codes(columns: list[list[dict[str, Any]]]) -> list[list[str]]:
    """The card codes of the API's columns."""
    return [[card["code"] for card in column] for column in columns]


def game_after(line: list[str]) -> Game:
    """A live game of deal 1 after ``line``."""
    game = Game(Deal.numbered(1))
    for text in line:
        game.apply(Move.parse(text))
    return game


def test_the_browser_game_reopens_after_undos_and_a_restart(store_url: str) -> None:
    """Deal 1, `d 3 d 1 d 5`, three undos, a new server on the same database: the game opens
    where it was and redoes the same moves (it answered 422 "10♦ cannot go on 2♣")."""
    with TestClient(create_app(Settings(database_url=store_url))) as client:
        player = {"X-Golf-Token": client.post("/api/players").json()["token"]}
        game = client.post("/api/games", json={"deal": 1}, headers=player).json()
        url = f"/api/games/{game['id']}"
        for index, text in enumerate(ISSUE_LINE):
            reply = client.post(f"{url}/moves", json={"move": text, "index": index}, headers=player)
            assert reply.status_code == 200, reply.text
        for index in (6, 5, 4):
            reply = client.post(f"{url}/undo", json={"index": index}, headers=player)
            assert reply.status_code == 200, reply.text
    with TestClient(create_app(Settings(database_url=store_url))) as client:
        reopened = client.get(url, headers=player)
        assert reopened.status_code == 200, reopened.text
        assert reopened.json()["move_count"] == 3
        assert codes(reopened.json()["columns"]) == [
            [str(card) for card in column] for column in game_after(ISSUE_LINE[:3]).columns
        ]
        for index in (3, 4, 5):
            reply = client.post(f"{url}/redo", json={"index": index}, headers=player)
            assert reply.status_code == 200, reply.text
        assert codes(reply.json()["columns"]) == [
            [str(card) for card in column] for column in game_after(ISSUE_LINE).columns
        ]
        refused = client.post(f"{url}/redo", json={"index": 6}, headers=player)
        assert refused.status_code == 422


def test_the_terminal_game_resumes_after_undos_with_its_redo_list(store_url: str) -> None:
    """The terminal's saver, a new store on the same database (a new `golf play --resume`)."""
    store = open_store(store_url)
    player = store.create_player().id
    saver = Saver(store, player)
    game = Game(Deal.numbered(1))
    saver.start(game)
    for text in ISSUE_LINE:
        game.apply(Move.parse(text))
        saver.moved(game)
    for _ in range(3):
        game.undo()
        saver.repositioned(game)
    game.redo()
    saver.repositioned(game)
    store.close()
    again = open_store(store_url)
    try:
        resumed = Saver(again, player).resume()
        assert resumed is not None
        assert resumed.game.state == game.state
        assert redo_line(resumed.game) == redo_line(game) == ["d", "5"]
    finally:
        again.close()


@given(st.lists(st.integers(min_value=0, max_value=9), min_size=1, max_size=40))
def test_any_line_of_moves_undos_and_redos_restores_exactly(
    tmp_path_factory: Any, choices: list[int]
) -> None:
    """Random moves, undos and redos, stored as the faces store them: the restored game has
    the live game's state, redo list and move times, in order."""
    path: Path = tmp_path_factory.mktemp("restore") / "golf.sqlite3"
    store = open_store(f"sqlite:///{path}")
    try:
        player = store.create_player().id
        game = Game(Deal.numbered(7))
        game_id = store.create_game(player, game.record())
        stamps: list[str] = []
        redo_stamps: list[str] = []
        for choice in choices:
            if game.is_over:
                break
            if choice == 0 and game.can_undo:
                game.undo()
                redo_stamps.append(stamps.pop())
                store.set_position(game_id, game.move_count)
            elif choice == 1 and game.can_redo:
                game.redo()
                stamps.append(redo_stamps.pop())
                store.set_position(game_id, game.move_count)
            else:
                moves = game.legal_moves()
                move = moves[choice % len(moves)]
                stamps.append(store.append_move(game_id, str(move), game.move_count))
                redo_stamps.clear()
                game.apply(move)
        restored = restore(store.load_game(game_id, player))
        assert restored.game.state == game.state
        assert restored.game.moves == game.moves
        assert redo_line(restored.game) == redo_line(game)
        assert restored.stamps == stamps
        assert restored.redo_stamps == redo_stamps
    finally:
        store.close()
