"""The terminal game keeps its games in the store: every move, undo and redo, the end,
the round, and ``--resume`` rebuilding the exact position."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game, Move, Play, Rules
from golf_solitaire.rounds import Round, to_par_text
from golf_solitaire.store import Store, StoredGame, open_store
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.saving import RoundPlay, Saver, played_seconds, terminal_player
from golf_solitaire.tui.screens import EndScreen, StatsScreen
from golf_solitaire.tui.widgets import Board
from tests.reference import verdicts
from tests.tui.tui_helpers import (
    HandClock,
    deal_2_solution,
    keys_for,
    line_text,
    play_to_the_end,
    saving_app,
)


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
    game = resumed.game
    assert resumed.round_play is None
    assert game.state == played.state
    assert game.moves == played.moves
    twin = game.copy()
    assert twin.redo() == Move.parse("1") and twin.redo() == Move.parse("0")

    again = saving_app(store, player, game=game, saver=saver)
    async with again.run_test() as pilot:
        assert "Moves 3" in line_text(again, "status")
        assert line_text(again, "message") == "Resumed where you left off"
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
        card = str(app.screen.query_one("#end-card").render()).splitlines()
        assert card[0] == "Deals 2–10"
        assert card[1].split() == ["Hole", *map(str, range(1, 10)), "Total"]
        assert card[2].split() == ["Par", *["5"] * 9, "45"]
        assert card[3].split() == ["Strokes", "0", *["—"] * 8, "0"]
        assert card[4] == "Round total: 0, par 5: -5"
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
    game, resumed_round = resumed.game, resumed.round_play
    assert resumed_round is not None
    assert resumed_round.round.strokes == [0]
    assert resumed_round.round.current_hole == 2
    assert game.deal == Deal.numbered(3) and game.moves == second_hole


@pytest.mark.asyncio
async def test_a_winnable_round_plays_the_next_winnable_deal_each_hole(store: Store) -> None:
    player = store.create_player().id
    round_play = RoundPlay(Round(holes=9), first_deal=1, rules=Rules(winnable_only=True))
    clearable = [number for number, verdict in verdicts("strict").items() if verdict.solved]
    assert round_play.deal_numbers() == clearable[:9]
    app = saving_app(store, player, game=Game(round_play.deal(1)), round_play=round_play)
    async with app.run_test() as pilot:
        assert "Strict (winnable only)" in line_text(app, "status")
        await play_to_the_end(app, pilot, deal_2_solution())
        await pilot.press("escape", "n")
        await app.workers.wait_for_complete()  # the next winnable deal is found off-screen
        await pilot.pause()
        assert app.game.deal.number == clearable[1]
        assert app.game.rules.winnable_only
    resumed = Saver(store, player).resume()
    assert resumed is not None and resumed.round_play is not None
    assert resumed.round_play.rules == Rules(winnable_only=True)
    assert resumed.game.deal == Deal.numbered(clearable[1], Rules(winnable_only=True))


@pytest.mark.asyncio
async def test_new_deal_in_a_round_waits_for_the_hole_to_end(store: Store) -> None:
    player = store.create_player().id
    round_play = RoundPlay(Round(holes=9), first_deal=2, rules=Rules())
    app = saving_app(store, player, game=Game(round_play.deal(1)), round_play=round_play)
    async with app.run_test() as pilot:
        await pilot.press("n")
        assert app.game.deal.number == 2
        assert line_text(app, "message").startswith("Finish this hole first")
        assert not app.game.moves
        await pilot.press("5")
        assert app.game.moves == (Play(4),)


@pytest.mark.asyncio
async def test_the_last_hole_shows_the_whole_card_and_n_starts_a_new_round(
    store: Store,
) -> None:
    player = store.create_player().id
    round_play = RoundPlay(Round(holes=9, strokes=[5, 4, 6, 3, 5, 5, 2, 7]), 4, Rules())
    assert round_play.deal_numbers()[8] == 12
    app = saving_app(store, player, game=Game(round_play.deal(9)), round_play=round_play)
    async with app.run_test() as pilot:
        assert "Hole 9 of 9" in line_text(app, "title")
        await play_to_the_end(app, pilot, list(verdicts("strict")[12].solution))
        assert app.game.is_won
        assert isinstance(app.screen, EndScreen)
        card = str(app.screen.query_one("#end-card").render()).splitlines()
        assert len(card) == 5 and card[0] == "Deals 4–12"
        strokes = ["5", "4", "6", "3", "5", "5", "2", "7", str(app.game.score)]
        total = 37 + app.game.score
        assert card[3].split() == ["Strokes", *strokes, str(total)]
        assert card[4] == f"Round total: {total}, par 45: {to_par_text(total - 45)}"
        assert str(app.screen.query_one("#end-box").border_subtitle).startswith("n new round")
        await pilot.press("n")
        assert "Hole 1 of 9" in line_text(app, "title")
        assert app.round_play is not None and app.round_play.round.strokes == []
        assert (
            app.round_play.round_id is not None and app.round_play.round_id != round_play.round_id
        )


def timed_app(store: Store) -> tuple[str, HandClock, GolfApp]:
    """A new player, a clock the test moves, and an app saving that player's strict deal 2."""
    player = store.create_player().id
    clock = HandClock()
    return player, clock, saving_app(store, player, clock=clock)


@pytest.mark.asyncio
async def test_resume_goes_on_with_the_time_played_to_the_second(store: Store) -> None:
    player, clock, app = timed_app(store)
    async with app.run_test() as pilot:
        await pilot.press("5")
        clock.now += 37.4
        await pilot.press("d")
        assert "Time 0:37" in line_text(app, "status")
        clock.now += 2.2
    saver = Saver(store, player)
    resumed = saver.resume()
    assert resumed is not None
    assert resumed.elapsed == 39.6
    later = HandClock(now=50_000.0)
    again = saving_app(
        store, player, game=resumed.game, saver=saver, clock=later, elapsed=resumed.elapsed
    )
    async with again.run_test() as pilot:
        assert "Time 0:39" in line_text(again, "status")
        later.now += 20.5
        await pilot.press("2")
        assert again.game.move_count == 3
        assert "Time 1:00" in line_text(again, "status")
    stored = store.latest_game(player)
    assert stored is not None and stored.record["meta"]["elapsed"] == pytest.approx(60.1)


@pytest.mark.asyncio
async def test_the_clock_stops_with_the_hand_and_its_time_is_stored(store: Store) -> None:
    player, clock, app = timed_app(store)
    async with app.run_test() as pilot:
        tokens = deal_2_solution()
        for token in tokens[:-1]:
            assert app.make(Move.parse(token))
        clock.now += 83
        await pilot.press(*keys_for(tokens[-1:]))
        assert isinstance(app.screen, EndScreen)
        moves = str(app.screen.query_one("#end-moves").render())
        assert moves == f"{len(tokens)} moves in 1:23"
        clock.now += 600
        await pilot.press("escape")
        assert "Time 1:23" in line_text(app, "status")
        stored = store.latest_game(player)
        assert stored is not None and stored.record["meta"]["elapsed"] == 83
        await pilot.press("u")
        clock.now += 7
        await pilot.press("r")
        assert "Time 1:30" in line_text(app, "status")


def stored_game(
    stamps: list[str], meta: dict[str, object], redo_times: tuple[str, ...] = ()
) -> StoredGame:
    """A stored strict deal 2 begun at 10:00:00 with ``len(stamps)`` draws made at ``stamps``."""
    record = Game(Deal.numbered(2)).record()
    record.update(moves=["d"] * len(stamps), timestamps=stamps, meta=meta)
    return StoredGame(
        id="g",
        player_id="p",
        record=record,
        redo=("d",) * len(redo_times),
        created_at="2026-01-01T10:00:00+00:00",
        updated_at=stamps[-1] if stamps else "2026-01-01T10:00:00+00:00",
        finished_at=None,
        termination=None,
        strokes=None,
        round_id=None,
        hole=None,
        redo_times=redo_times,
    )


def test_the_time_played_counts_moves_made_after_it_was_last_written() -> None:
    at = "2026-01-01T10:{}+00:00".format
    assert played_seconds(stored_game([], {})) == 0
    assert played_seconds(stored_game([at("00:30"), at("01:15")], {})) == 75
    written = {"elapsed": 100.25, "elapsed_at": at("05:00")}
    assert played_seconds(stored_game([at("04:00"), at("04:59")], written)) == 100.25
    assert played_seconds(stored_game([at("04:00"), at("05:20")], written)) == 120.25
    assert played_seconds(stored_game([at("04:00")], written, (at("05:40"),))) == 140.25
    assert played_seconds(stored_game([at("04:00"), "later"], written)) == 100.25


@pytest.mark.asyncio
async def test_a_store_that_fails_mid_game_is_reported_and_the_hand_goes_on(
    store: Store,
) -> None:
    player = store.create_player().id
    app = saving_app(store, player)
    async with app.run_test() as pilot:
        await pilot.press("5")
        store.close()
        await pilot.press("d")
        assert line_text(app, "message").startswith("Not saved: ")
        assert "closed database" in line_text(app, "message")
        assert [str(move) for move in app.game.moves] == ["4", "d"]
        await pilot.press("s")
        note = str(app.screen.query_one("#stats-note").render())
        assert note.startswith("The statistics could not be read: ") and "closed database" in note
        await pilot.press("escape", "u")
        assert app.game.move_count == 1
