"""A whole hand played through the keys: strict deal 2 cleared by the solver's line."""

from __future__ import annotations

import pytest

from golf_solitaire import Game, Move
from golf_solitaire.tui.screens import EndScreen
from golf_solitaire.tui.widgets import Board
from tests.tui.tui_helpers import (
    deal_2_solution,
    keys_for,
    line_text,
    make_app,
    play_to_the_end,
)

pytestmark = pytest.mark.asyncio


async def test_strict_deal_2_is_cleared_by_key_presses() -> None:
    tokens = deal_2_solution()
    expected = Game(make_app(2).game.deal)
    for token in tokens:
        expected.apply(Move.parse(token))
    assert expected.is_won
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press(*keys_for(tokens))
        assert app.game.is_won
        assert app.game.state == expected.state
        assert isinstance(app.screen, EndScreen)
        outcome = str(app.screen.query_one("#end-outcome").render())
        assert outcome == f"Cleared! {expected.score} strokes"
        assert f"{len(tokens)} moves" in str(app.screen.query_one("#end-moves").render())
        await pilot.press("escape")
        assert not isinstance(app.screen, EndScreen)
        assert app.query_one(Board).outer_size.height == 2, "the emptied table shrinks"
        assert f"Moves {len(tokens)}" in line_text(app, "status")
        await pilot.press("5")
        assert line_text(app, "message").startswith("The hand is over")


async def test_n_on_the_end_screen_deals_a_new_hand() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution())
        assert isinstance(app.screen, EndScreen)
        await pilot.press("n")
        assert not isinstance(app.screen, EndScreen)
        assert app.game.move_count == 0
        assert app.game.deal.number != 2


async def test_q_on_the_end_screen_quits() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await play_to_the_end(app, pilot, deal_2_solution(), pressed=1)
        assert isinstance(app.screen, EndScreen)
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running
