"""The covering layouts in the terminal: rows with backs for face-down cards (never their
cards), played by key, cursor and click, within 80x24."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf_solitaire import Play
from golf_solitaire.tui.widgets import PeaksView
from tests.tui.tui_helpers import line_text, make_app

pytestmark = pytest.mark.asyncio

ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def shown_text(app: object) -> str:
    """Everything the peaks widget draws, as plain text."""
    from golf_solitaire.tui.app import GolfApp

    assert isinstance(app, GolfApp)
    return str(app.query_one(PeaksView).render().plain)


async def test_tripeaks_draws_rows_with_backs_and_never_a_face_down_card() -> None:
    app = make_app(1, rules="tripeaks")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        drawn = shown_text(app)
        lines = drawn.splitlines()
        assert len(lines) == 8 and lines[1].split() == ["▒▒▒"] * 3
        assert max(len(line) for line in lines) <= 80
        for position in app.game.face_down:
            assert app.game.deal.columns[position][0].pretty not in drawn
        ARTIFACTS.mkdir(exist_ok=True)
        app.save_screenshot(str(ARTIFACTS / "tui-tripeaks.svg"))
        # key 6: the sixth free card from the left, 3♣ (position 24)
        await pilot.press("6")
        assert app.game.moves == (Play(23),)
        assert line_text(app, "message") == "Played 3♣"
        # the cursor walks free cards only; Enter plays the chosen one (4♣ beside it)
        await pilot.press("right")
        await pilot.press("enter")
        assert app.game.moves[-1] == Play(24)
        assert 11 not in app.game.face_down
        assert app.game.deal.columns[11][0].pretty in shown_text(app)


async def test_a_face_down_card_clicked_says_why_and_names_no_card() -> None:
    app = make_app(2, rules="elevator")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.click(PeaksView, offset=(19, 1))  # the top card, face down
        assert app.game.move_count == 0
        message = line_text(app, "message")
        assert "face down" in message and app.game.deal.columns[0][0].pretty not in message
        app.save_screenshot(str(ARTIFACTS / "tui-elevator.svg"))
