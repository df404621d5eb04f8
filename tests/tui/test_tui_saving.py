"""The terminal game keeps its games in the store: every move, undo and redo, the end,
the round, and ``--resume`` rebuilding the exact position."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game, Move, Play, Rules
from golf_solitaire.rounds import Round
from golf_solitaire.store import Store, open_store
from golf_solitaire.tui.saving import RoundPlay, Saver, terminal_player
from golf_solitaire.tui.screens import EndScreen, StatsScreen
from golf_solitaire.tui.widgets import Board
from tests.reference import verdicts
from tests.tui.tui_helpers import deal_2_solution, line_text, play_to_the_end, saving_app


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}") as opened:
        yield opened


def test_the_terminal_player_is_created_once_and_remembered(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "config" / "terminal-player.json"
    first = terminal_player(store, path)
    assert terminal_player(store, path) == first
    assert path.stat().st_mode & 0o077 == 0
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["players"][store.url]["id"] == first


def test_a_player_file_for_another_database_gets_a_new_player(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "terminal-player.json"
    path.write_text(json.dumps({"players": {store.url: {"id": "x", "token": "y"}}}))
    player = terminal_player(store, path)
    assert player != "x"
    assert store.player_by_token(json.loads(path.read_text())["players"][store.url]["token"])


def test_a_broken_player_file_is_refused_by_name(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "terminal-player.json"
    path.write_text("[1, 2]")
    with pytest.raises(ValueError, match="not a player file"):
        terminal_player(store, path)


@pytest.mark.asyncio
async def test_resume_restores_the_exact_position_and_the_redo_list(store: Store) -> None:
    player = store.create_player().id
    app = saving_app(store, player)
    async with app.run_test() as pilot:
        await pilot.press("5", "d", "2", "2", "1", "u", "u")
        played = app.game.copy()
    assert [str(move) for move in played.moves] == ["4", "d", "1"]
    saver = Saver(store, player)
    resumed = saver.resume()
    assert resumed is not None
    game, round_play = resumed
    assert round_play is None
    assert game.state == played.state
    assert game.moves == played.moves
    twin = game.copy()
    assert twin.redo() == Move.parse("1") and twin.redo() == Move.parse("0")

    again = saving_app(store, player, game=game, saver=saver)
    async with again.run_test() as pilot:
        assert "Moves 3" in line_text(again, "status")
        assert again.query_one(Board).state == played.state
        await pilot.press("r")
        assert again.game.move_count == 4
    latest = store.latest_game(player)
    assert latest is not None and latest.id == saver.game_id
    assert latest.record["moves"] == ["4", "d", "1", "1"]
    assert latest.redo == ("0",)


@pytest.mark.asyncio
async def test_a_finished_hand_is_stored_and_counted_in_the_statistics(store: Store) -> None:
    player = store.create_player().id
    app = saving_app(store, player)
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution())
        assert isinstance(app.screen, EndScreen)
        await pilot.press("escape", "s")
        assert isinstance(app.screen, StatsScreen)
        body = str(app.screen.query_one("#stats-body").render())
        assert "Strict" in body and "Cleared" in body and "1 (100%)" in body
    stored = store.latest_game(player)
    assert stored is not None and stored.termination == "cleared" and stored.strokes == 0
    assert Saver(store, player).resume() is None
    assert store.statistics(player)["strict"].wins == 1


@pytest.mark.asyncio
async def test_a_round_scores_each_hole_and_resumes_on_the_next(store: Store) -> None:
    player = store.create_player().id
    rules = Rules()
    round_play = RoundPlay(Round(holes=9), first_deal=2, rules=rules)
    app = saving_app(store, player, game=Game(round_play.deal(1)), round_play=round_play)
    async with app.run_test() as pilot:
        assert "Hole 1 of 9" in line_text(app, "title")
        await play_to_the_end(app, pilot, deal_2_solution())
        assert isinstance(app.screen, EndScreen)
        card = str(app.screen.query_one("#end-card").render())
        assert card.splitlines()[1].split() == ["1", "2", "5", "0"]
        assert "-5 to par" in card
        await pilot.press("escape", "u")
        assert line_text(app, "message").startswith("This hole is scored")
        await pilot.press("n")
        assert app.game.deal == Deal.numbered(3)
        assert "Hole 2 of 9" in line_text(app, "title")
        assert "Round 0 (-5)" in line_text(app, "status")
        await pilot.press("g")
        assert line_text(app, "message").startswith("A round plays its own deals")
        await pilot.press("d")
        second_hole = app.game.moves
    assert [str(move) for move in second_hole] == ["d"]
    resumed = Saver(store, player).resume()
    assert resumed is not None
    game, resumed_round = resumed
    assert resumed_round is not None
    assert resumed_round.round.strokes == [0]
    assert resumed_round.round.current_hole == 2
    assert game.deal == Deal.numbered(3) and game.moves == second_hole


@pytest.mark.asyncio
async def test_new_deal_in_a_round_waits_for_the_hole_to_end(store: Store) -> None:
    player = store.create_player().id
    round_play = RoundPlay(Round(holes=9), first_deal=2, rules=Rules())
    app = saving_app(store, player, game=Game(round_play.deal(1)), round_play=round_play)
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert app.game.deal.number == 2
        assert line_text(app, "message").startswith("Finish this hole first")
        assert app.game.moves == ()
        await pilot.press("5")
        assert app.game.moves == (Play(4),)


@pytest.mark.asyncio
async def test_the_last_hole_shows_the_whole_card_and_n_starts_a_new_round(
    store: Store,
) -> None:
    player = store.create_player().id
    round_play = RoundPlay(Round(holes=9, strokes=[5, 4, 6, 3, 5, 5, 2, 7]), 4, Rules())
    assert round_play.deal_number(9) == 12
    app = saving_app(store, player, game=Game(round_play.deal(9)), round_play=round_play)
    async with app.run_test() as pilot:
        assert "Hole 9 of 9" in line_text(app, "title")
        await play_to_the_end(app, pilot, list(verdicts("strict")[12].solution))
        assert app.game.is_won
        assert isinstance(app.screen, EndScreen)
        card = str(app.screen.query_one("#end-card").render()).splitlines()
        assert len(card) == 11
        assert card[9].split() == ["9", "12", "5", str(app.game.score)]
        total = 37 + app.game.score
        assert card[10].split()[:3] == ["Total", "45", str(total)]
        hint = str(app.screen.query("Static.dialog-hint").last().render())
        assert hint.startswith("n new round")
        await pilot.press("n")
        assert "Hole 1 of 9" in line_text(app, "title")
        assert app.round_play is not None and app.round_play.round.strokes == []
        assert (
            app.round_play.round_id is not None and app.round_play.round_id != round_play.round_id
        )
