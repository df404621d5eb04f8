"""A casual game: no score, no clock, no statistics and nothing saved; the play is the same."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from golf_solitaire import Deal, Game, solver
from golf_solitaire.store import open_store
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.analysis import Analysis
from golf_solitaire.tui.saving import Saver
from golf_solitaire.tui.screens import EndScreen, StatsScreen
from tests.tui.tui_helpers import (
    NO_SOLVER,
    HandClock,
    deal_2_solution,
    line_text,
    play_to_the_end,
)

pytestmark = pytest.mark.asyncio


def casual_app(analysis: Analysis = NO_SOLVER, clock: HandClock | None = None) -> GolfApp:
    """A casual game of strict deal 2."""
    return GolfApp(
        Game(Deal.numbered(2)),
        clock=clock or HandClock(),
        rng=random.Random(7),
        analysis=analysis,
        casual=True,
    )


async def test_the_status_line_has_no_score_and_no_clock() -> None:
    clock = HandClock()
    app = casual_app(clock=clock)
    async with app.run_test() as pilot:
        clock.now += 65
        await pilot.press("5")
        status = line_text(app, "status")
        assert status == "Moves 1 · Strict · Casual: no score, nothing saved"
        assert line_text(app, "message") == "Played A♥"


async def test_s_says_a_casual_game_keeps_no_statistics() -> None:
    app = casual_app()
    async with app.run_test() as pilot:
        await pilot.press("s")
        assert isinstance(app.screen, StatsScreen)
        assert str(app.screen.query_one("#stats-note").render()) == (
            "A casual game keeps no statistics"
        )


async def test_the_end_says_cleared_and_clearable_without_scores_or_review() -> None:
    app = casual_app(Analysis(solver))
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution())
        assert isinstance(app.screen, EndScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert str(app.screen.query_one("#end-outcome").render()) == "Cleared!"
        moves = str(app.screen.query_one("#end-moves").render())
        assert moves == f"{len(deal_2_solution())} moves"
        assert str(app.screen.query_one("#end-verdict").render()) == (
            "This deal could be cleared. By the solver's rating, a medium deal."
        )
        assert not app.screen.query_one("#end-review").display


async def test_a_casual_game_cannot_be_saved_or_part_of_a_round(tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}") as store:
        saver = Saver(store, store.create_player().id)
        with pytest.raises(ValueError, match="casual"):
            GolfApp(Game(Deal.numbered(2)), saver=saver, casual=True)
