"""The terminal game on each layout at 80×24: Double Golf's 9 columns of 7 in wide cells with
keys 1-9, and a key line that offers no draw where there is no stock."""

from __future__ import annotations

import pytest

from golf_solitaire import Play
from golf_solitaire.i18n import refusal_text
from golf_solitaire.tui.app import keys_of
from golf_solitaire.tui.widgets import ColumnView
from tests.tui.tui_helpers import line_text, make_app

pytestmark = pytest.mark.asyncio


async def test_double_golf_fits_80_by_24_in_wide_cells_and_plays_by_keys_1_to_9() -> None:
    app = make_app(1, rules="double-golf")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one("#board").region
        assert board.right <= 80 and board.height == 8  # the numbers, then 7 cards
        views = list(app.query(ColumnView))
        assert len(views) == 9 and {view.cell_width for view in views} == {7}
        assert app.query_one("#stock").region.bottom <= 22
        await pilot.press("9")  # 6♦ on the 10♦: refused by the engine, not ignored
        refusal = app.game.refusal(Play(8))
        assert refusal is not None and app.game.move_count == 0
        assert line_text(app, "message") == refusal_text("en", refusal)
        await pilot.press("2")  # 9♠ on the 10♦
        assert app.game.moves == (Play(1),)
        assert "space d draw" in line_text(app, "keys")


@pytest.mark.parametrize(("rules", "number"), [("all-in-a-row", 2), ("black-hole", 2)])
async def test_no_draw_key_where_there_is_no_stock(rules: str, number: int) -> None:
    app = make_app(number, rules=rules)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        keys = line_text(app, "keys")
        assert "draw" not in keys and "u undo" in keys
        assert [keys for keys, _ in keys_of(app.game.deal)][:2] == ["1-9", "← → ⏎"]
        assert "key.draw" not in [label for _, label in keys_of(app.game.deal)]


async def test_golf_keeps_its_keys() -> None:
    app = make_app(2)
    assert [keys for keys, _ in keys_of(app.game.deal)][:3] == ["1-7", "← → ⏎", "space d"]


async def test_black_hole_lays_its_fans_around_the_hole_and_plays_them() -> None:
    app = make_app(2, rules="black-hole")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hole = app.query_one("#hole").region
        fans = [app.query_one(f"#column-{n}").region for n in range(1, 18)]
        assert all(fan.right <= 80 and fan.height == 1 for fan in fans)
        assert {fan.y for fan in fans[:5]} == {fans[0].y} and fans[0].y < hole.y
        assert any(fan.right <= hole.x and fan.y == hole.y for fan in fans)
        assert any(fan.x >= hole.right and fan.y == hole.y for fan in fans)
        assert min(fan.y for fan in fans[13:]) > hole.y
        assert "A♠" in str(app.query_one("#hole").render())
        await pilot.click("#column-2", offset=(13, 0))  # the 2♠ exposed at the fan's end
        assert app.game.moves == (Play(1),)
        assert "2♠" in str(app.query_one("#hole").render())


@pytest.mark.parametrize(
    ("rules", "language", "title"),
    [
        ("black-hole", "en", "Hole"),
        ("black-hole", "fr", "Trou"),
        ("all-in-a-row", "en", "Foundation"),
        ("all-in-a-row", "it", "Fondazione"),
        ("tripeaks", "es", "Descarte"),
    ],
)
async def test_the_pile_is_named_as_its_layout_names_it(
    rules: str, language: str, title: str
) -> None:
    """Black Hole's cards go into the hole and All in a Row's onto the foundation: the pile's
    box says so, in the player's language; the peaks keep their waste."""
    app = make_app(2, rules=rules, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.query_one("#waste").border_title == title
