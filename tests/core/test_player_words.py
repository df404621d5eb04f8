"""The words players read: one word never names two things side by side, and a number never
takes an article that depends on how it is said."""

from __future__ import annotations

import re

import pytest

from golf_solitaire.i18n import LANGUAGES, catalog
from golf_solitaire.rules import PRESETS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_moves_strokes_replay_and_redo_are_told_apart(lang: str) -> None:
    texts = catalog(lang)
    for moves, strokes in (
        ("word.moves", "word.strokes"),
        ("web.status.moves", "web.status.strokes"),
        ("competition.play.moves", "competition.play.strokes"),
    ):
        assert not texts[moves].startswith(texts[strokes]), (moves, texts[moves])
    replay, redo = texts["web.menu.replay"], texts["web.controls.redo"]
    assert not redo.startswith(replay) and not replay.startswith(redo), (replay, redo)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_preset_says_in_the_language_where_else_it_is_played(lang: str) -> None:
    texts = catalog(lang)
    for name in PRESETS:
        note = texts[f"preset.{name}.elsewhere"]
        assert note[0].isupper() and note.endswith("."), note
        if lang != "en":
            assert note != catalog("en")[f"preset.{name}.elsewhere"], (lang, name)


def test_the_french_waste_is_the_defausse() -> None:
    texts = catalog("fr")
    assert texts["word.waste"] == "Défausse"
    assert not [key for key, text in texts.items() if re.search(r"\btalon\b", text, re.I)]


def test_no_italian_article_is_fixed_before_a_number() -> None:
    """ "il 80%" is wrong ("l'80%"), "il 10%" right: the article depends on the number said."""
    texts = catalog("it")
    assert not [
        text for text in texts.values() if re.search(r"\b(il|lo|la|l')\s*\{(chance|count)\}", text)
    ]
