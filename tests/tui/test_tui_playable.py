"""The terminal marks the cards that can go on the waste now, as the browser does: a gold,
underlined cell; an exposed card that cannot go stays plain reversed."""

from __future__ import annotations

import pytest
from rich.text import Text

from golf_solitaire import Play
from golf_solitaire.tui.widgets import PLAYABLE, ColumnView
from tests.tui.tui_helpers import make_app

pytestmark = pytest.mark.asyncio


def exposed_style(app_column: ColumnView) -> str:
    """The style of the column's exposed card cell (its last line)."""
    text: Text = app_column.render()
    last = text.plain.rstrip("\n").split("\n")[-1]
    start = len(text.plain) - len(last)
    styles = {str(span.style) for span in text.spans if span.start >= start}
    return " | ".join(sorted(styles))


async def test_playable_cards_are_marked_and_the_marks_follow_the_play() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        playable = {move.column for move in app.game.legal_moves() if isinstance(move, Play)}
        assert playable == {2, 4}  # deal 2: A♣ and A♥ go on the 2♠
        for column in range(7):
            style = exposed_style(app.query_one(f"#column-{column + 1}", ColumnView))
            assert (PLAYABLE in style) == (column in playable), (column, style)
        await pilot.press("5")  # A♥ goes: now only the 2s and kings could follow
        await pilot.pause()
        playable = {move.column for move in app.game.legal_moves() if isinstance(move, Play)}
        for column in range(7):
            style = exposed_style(app.query_one(f"#column-{column + 1}", ColumnView))
            assert (PLAYABLE in style) == (column in playable), (column, style)


async def test_black_hole_marks_its_playable_fans() -> None:
    app = make_app(3, rules="black-hole")
    async with app.run_test(size=(100, 30)):
        playable = {move.column for move in app.game.legal_moves() if isinstance(move, Play)}
        assert playable
        for column in range(17):
            style = exposed_style(app.query_one(f"#column-{column + 1}", ColumnView))
            assert (PLAYABLE in style) == (column in playable), (column, style)
