"""The terminal's help tells how to play the family of the preset in play, in every language:
its own layout's rules, the preset's own rule, and keys that reach its cards."""

from __future__ import annotations

import pytest

from golf_solitaire.i18n import LANGUAGES
from golf_solitaire.layouts import LAYOUTS
from golf_solitaire.rules import Rules
from golf_solitaire.tui.app import PILES
from golf_solitaire.tui.screens import HelpScreen
from golf_solitaire.tui.texts import core, tr
from tests.tui.tui_helpers import make_app

pytestmark = pytest.mark.asyncio

FAMILIES = {
    # a preset of each family, what its digit keys reach and how many of them there are
    "putt-putt": ("key.play", "1-7"),
    "double-putt": ("key.play", "1-9"),
    "black-hole": ("key.play_fan", "1-9"),
    "all-in-a-row": ("key.play", "1-9"),
    "tripeaks": ("key.play_free", "1-9"),
    "elevator": ("key.play_free", "1-9"),
    "escalator": ("key.play_free", "1-9"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("preset", FAMILIES)
async def test_the_help_tells_how_to_play_the_preset_in_play(preset: str, language: str) -> None:
    layout = Rules.named(preset).layout
    app = make_app(2, rules=preset, language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
        rules = str(app.screen.query_one("#help-rules").render())
        assert rules == tr(language, f"help.rules.{layout}")
        pile = PILES.get(layout, "waste")  # the rules name the pile as the table does
        assert core(language, f"pile.{pile}").lower() in rules.lower()
        if pile != "waste":
            assert core(language, "pile.waste").lower() not in rules.lower()
        for other in LAYOUTS:  # no other family's rules, Golf's included
            if other != layout:
                assert rules != tr(language, f"help.rules.{other}")
        about = str(app.screen.query_one("#help-preset").render())
        assert core(language, f"preset.{preset}.summary") in about
        keys = str(app.screen.query_one("#help-keys").render())
        reached, digits = FAMILIES[preset]
        assert f"{digits}  {tr(language, reached)}" in keys
        if reached != "key.play":
            assert tr(language, "key.play") not in keys  # no column to play in this layout
        await pilot.press("escape")
        assert not isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("language", LANGUAGES)
async def test_a_digit_past_the_free_cards_says_so_in_the_layouts_words(language: str) -> None:
    """Elevator starts with seven free cards: 9 plays nothing and says there is no ninth free
    card (not a column, which a pyramid has none of)."""
    app = make_app(2, rules="elevator", language=language)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("9")
        assert app.game.move_count == 0
        message = str(app.query_one("#message").render())
        assert message == tr(language, "message.no_free", column=9)
