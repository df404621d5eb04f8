"""A stored game restores at its exact position, redo list and move times included, whichever
face stored it and whichever face or process reads it back (SQLite and PostgreSQL)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import Deal, Game
from golf_solitaire.moves import Move, Play
from golf_solitaire.service import restore
from golf_solitaire.service.play import GamePlay
from golf_solitaire.store import open_store
from golf_solitaire.tui.saving import Saver
from golf_solitaire.web import Settings, create_app
from tests.competitions.helpers import create_where, headers, hole_deals, join
from tests.tui.tui_helpers import saving_app

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


@pytest.mark.asyncio
async def test_the_terminal_game_resumes_after_undos_and_redos_across_restarts(
    store_url: str,
) -> None:
    """The terminal game (keys `d 4 d 2 d 6`: the same moves), three undos and a redo, then
    twice a new store on the same database and `golf play --resume`: each time the game is
    where it was, with the same redo list."""
    store = open_store(store_url)
    player = store.create_player().id
    app = saving_app(store, player, game=Game(Deal.numbered(1)))
    async with app.run_test() as pilot:
        await pilot.press("d", "4", "d", "2", "d", "6", "u", "u", "u", "r")
    live = app.game.copy()
    assert redo_line(live) == ["d", "5"]
    store.close()
    steps = [(("u", "u", "r", "u"), ["d", "1", "d", "5"]), (("r", "r"), ["d", "5"])]
    for keys, redo_after in steps:
        again = open_store(store_url)
        saver = Saver(again, player)
        resumed = saver.resume()
        assert resumed is not None
        assert resumed.game.state == live.state and resumed.game.moves == live.moves
        assert redo_line(resumed.game) == redo_line(live)
        app = saving_app(again, player, game=resumed.game, saver=saver)
        async with app.run_test() as pilot:
            await pilot.press(*keys)
        live = app.game.copy()
        assert redo_line(live) == redo_after
        saver.close()
    last = open_store(store_url)
    try:
        resumed = Saver(last, player).resume()
        assert resumed is not None
        assert resumed.game.state == live.state and redo_line(resumed.game) == ["d", "5"]
    finally:
        last.close()


def undoable_line(deal: Deal) -> list[str] | None:
    """A competitive line of ``deal`` (the first legal play, else a draw) that ends in two
    plays after a draw with the hand still on, or ``None``."""
    game = Game(deal, competitive=True)
    line: list[str] = []
    found = None
    while not game.is_over and len(line) < 40:
        moves = game.legal_moves()
        move = next((move for move in moves if isinstance(move, Play)), moves[-1])
        game.apply(move)
        line.append(str(move))
        if not game.is_over and len(line) >= 3 and line[-3] == "d" and "d" not in line[-2:]:
            found = list(line)
    return found


def test_a_competition_game_reopens_after_undos_across_restarts(
    store_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A competitive hand, its two last plays taken back, then twice a new server on the same
    database: the game opens at the same move with the same table, refuses to take back a
    draw as before, and goes on from there."""
    monkeypatch.setenv("GOLF_COMPETITION_RATES", "off")  # one client plays fast here
    with TestClient(create_app(Settings(database_url=store_url))) as client:
        code = create_where(
            client, store_url, lambda deals: undoable_line(deals[0]) is not None, holes=3
        )["code"]
        deal = hole_deals(store_url, code, 3)[0]
        line = undoable_line(deal)
        assert line is not None
        player = headers(join(client, code, "Ann")["token"])
        view = client.post(f"/api/competitions/{code}/play", headers=player).json()["game"]
        url = f"/api/competition-games/{view['game_id']}"

        def change(action: str, move: str | None = None) -> dict[str, Any]:
            body: dict[str, Any] = {"index": view["index"]}
            if move is not None:
                body["move"] = move
            reply = client.post(f"{url}/{action}", json=body, headers=player)
            assert reply.status_code == 200, reply.text
            return dict(reply.json())

        for text in line:
            view = change("moves", text)
        for _ in range(2):
            view = change("undo")
    kept = len(line) - 2
    assert view["index"] == kept
    for restart in range(2):
        with TestClient(create_app(Settings(database_url=store_url))) as client:
            reopened = client.get(url, headers=player)
            assert reopened.status_code == 200, reopened.text
            assert reopened.json() == view
            if restart == 0:
                refused = client.post(f"{url}/undo", json={"index": kept}, headers=player)
                assert refused.status_code == 422, refused.text  # a draw is never taken back
                view = change("moves", line[kept])
                view = change("undo")
    table = Game(deal, competitive=True)
    for text in line[:kept]:
        table.apply(Move.parse(text))
    assert view["index"] == kept
    assert view["table"]["waste"] == table.observation().to_dict()["waste"]


@given(st.lists(st.integers(min_value=0, max_value=9), min_size=1, max_size=40))
def test_any_line_of_moves_undos_and_redos_restores_exactly(
    tmp_path_factory: Any, choices: list[int]
) -> None:
    """Random moves, undos and redos made through the service, beside the same on a plain
    engine game: the restored game has the live game's state, redo list and move times."""
    path: Path = tmp_path_factory.mktemp("restore") / "golf.sqlite3"
    store = open_store(f"sqlite:///{path}")
    try:
        player = store.create_player().id
        live = Game(Deal.numbered(7))
        play = GamePlay(Game(live.deal), store, store.create_game(player, live.record()))
        for choice in choices:
            if live.is_over:
                break
            if choice == 0 and live.can_undo:
                live.undo()
                play.undo(play.game.move_count)
            elif choice == 1 and live.can_redo:
                live.redo()
                play.redo(play.game.move_count)
            else:
                moves = live.legal_moves()
                move = moves[choice % len(moves)]
                live.apply(move)
                play.move(move, play.game.move_count)
        assert play.game.state == live.state and redo_line(play.game) == redo_line(live)
        assert play.game_id is not None
        stored = store.load_game(play.game_id, player)
        restored = restore(stored)
        assert restored.game.state == live.state
        assert restored.game.moves == live.moves
        assert redo_line(restored.game) == redo_line(live)
        assert restored.stamps == play.stamps and len(play.stamps) == live.move_count
        assert restored.redo_stamps == play.redo_stamps
        assert stored.is_finished == live.is_over
    finally:
        store.close()
