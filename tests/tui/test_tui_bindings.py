"""Every key binding of the terminal game, driven through Textual's pilot."""

from __future__ import annotations

import re

import pytest
from textual.screen import Screen

from golf_solitaire import Card, Deal, Play
from golf_solitaire.i18n import LANGUAGES, refusal_text
from golf_solitaire.tui.screens import GoToDealScreen, HelpScreen, StatsScreen
from golf_solitaire.tui.texts import core, tr
from tests.tui.tui_helpers import line_text, make_app

pytestmark = pytest.mark.asyncio


async def test_a_number_key_plays_that_column() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("5")
        assert app.game.moves == (Play(4),)
        assert app.game.waste_top == Card.parse("AH")
        assert line_text(app, "message") == "Played A♥"
        assert "Moves 1" in line_text(app, "status")
        assert "Strokes 34" in line_text(app, "status")


async def test_an_illegal_play_shows_the_engines_reason_and_changes_nothing() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("1")
        assert app.game.move_count == 0
        refusal = app.game.refusal(Play(0))
        assert refusal is not None
        assert line_text(app, "message") == refusal_text("en", refusal)
        assert "6♠ cannot go on 2♠" in line_text(app, "message")


@pytest.mark.parametrize("key", ["space", "d"])
async def test_space_and_d_draw(key: str) -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press(key)
        assert app.game.stock_count == 15
        assert app.game.waste_top == Card.parse("3S")
        assert line_text(app, "message") == "Drew 3♠"


async def test_u_undoes_and_r_redoes() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("5", "d", "u")
        assert [str(move) for move in app.game.moves] == ["4"]
        assert app.game.stock_count == 16
        await pilot.press("r")
        assert [str(move) for move in app.game.moves] == ["4", "d"]
        await pilot.press("r")
        assert line_text(app, "message") == "there is nothing to redo"


async def test_undo_with_nothing_to_undo_says_so() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("u")
        assert line_text(app, "message") == "there is nothing to undo"


async def test_h_says_plainly_that_hints_are_unavailable_without_the_solver() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("h")
        assert line_text(app, "message") == tr("en", "hint.unavailable")
        assert app.game.move_count == 0


async def test_n_deals_a_new_numbered_deal_by_the_same_rules() -> None:
    app = make_app(2, rules="putt-putt")
    async with app.run_test() as pilot:
        await pilot.press("5", "n")
        assert app.game.deal.number != 2
        assert app.game.move_count == 0
        assert app.game.rules.name == "putt-putt"
        assert app.game.deal == Deal.numbered(app.game.deal.number or 0, app.game.rules)
        assert f"Deal {app.game.deal.number}" in line_text(app, "title")


async def test_g_goes_to_the_typed_deal() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("g")
        assert isinstance(app.screen, GoToDealScreen)
        await pilot.press("7", "enter")
        assert app.game.deal.number == 7
        assert not isinstance(app.screen, GoToDealScreen)


async def test_g_refuses_text_that_is_not_a_deal_number_and_asks_again() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("g", "x", "enter")
        assert isinstance(app.screen, GoToDealScreen)
        error = str(app.screen.query_one("#goto-error").render())
        assert "x is not a deal number" in error
        await pilot.press("escape")
        assert app.game.deal.number == 2


@pytest.mark.parametrize(
    ("key", "screen", "part", "text"),
    [
        ("question_mark", HelpScreen, "#help-rules", "one above or one below"),
        ("s", StatsScreen, "#stats-note", "Statistics are not available"),
    ],
    ids=["help", "statistics"],
)
async def test_question_mark_and_s_open_their_screen_and_escape_q_or_the_key_close_it(
    key: str, screen: type[Screen[None]], part: str, text: str
) -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        for closing in ("escape", "q", key):
            await pilot.press(key)
            assert isinstance(app.screen, screen)
            assert text in str(app.screen.query_one(part).render())
            await pilot.press(closing)
            assert not isinstance(app.screen, screen)
        assert app.is_running


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_help_is_in_the_chosen_language_and_fits_80_by_24(language: str) -> None:
    app = make_app(2, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        rules = str(app.screen.query_one("#help-rules").render())
        assert rules == tr(language, "help.rules.golf")
        about = str(app.screen.query_one("#help-preset").render())
        assert about.endswith(core(language, "preset.strict.elsewhere"))
        assert "Dead King Golf" in about
        assert app.screen.query_one("#help-box").max_scroll_y == 0, "no scrolling needed"


@pytest.mark.parametrize("language", LANGUAGES)
async def test_the_key_line_and_the_help_name_the_space_bar_in_the_language(language: str) -> None:
    app = make_app(2, language=language)
    space = tr(language, "key.space")
    async with app.run_test(size=(80, 24)) as pilot:
        assert line_text(app, "keys").startswith(f"{space} d ")
        await pilot.press("question_mark")
        keys = str(app.screen.query_one("#help-keys").render())
        assert f"{space} d" in keys
        if language != "en":
            assert not re.search(r"\bspace\b", keys + line_text(app, "keys"))


async def test_q_quits() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running


async def test_arrows_and_enter_choose_and_play_a_column() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.press("left", "left", "left")
        assert app.cursor == 4
        await pilot.press("enter")
        assert app.game.moves == (Play(4),)


async def test_black_hole_fans_past_seven_are_reached_with_the_arrows() -> None:
    app = make_app(1, rules="black-hole")
    async with app.run_test(size=(80, 24)) as pilot:
        target = next(
            move.column
            for move in app.game.legal_moves()
            if isinstance(move, Play) and move.column >= 7
        )
        await pilot.press(*["right"] * target, "enter")
        assert app.game.moves == (Play(target),)
        await pilot.press("d")
        assert line_text(app, "message") == "the stock is empty: it is dealt only once"


@pytest.mark.parametrize("row", [5, 0], ids=["exposed card", "column number"])
async def test_clicking_an_exposed_card_or_its_column_number_plays_it(row: int) -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#column-5", offset=(3, row))
        assert app.game.moves == (Play(4),)
        assert line_text(app, "message") == "Played A♥"


async def test_clicking_a_covered_card_says_why_it_cannot_be_played() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#column-5", offset=(3, 2))
        assert app.game.moves == ()
        assert (
            line_text(app, "message")
            == "6♥ is covered: only the exposed card at the bottom of a column can be played"
        )


async def test_clicking_the_stock_draws() -> None:
    app = make_app(2)
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.click("#stock", offset=(2, 1))
        assert app.game.stock_count == 15
        assert line_text(app, "message") == "Drew 3♠"
