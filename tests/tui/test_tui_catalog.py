"""The terminal game's words exist in every language, with the same placeholders."""

from __future__ import annotations

import string

import pytest

from golf_solitaire.i18n import LANGUAGES, catalog


def tui_keys(language: str) -> dict[str, str]:
    return {key: text for key, text in catalog(language).items() if key.startswith("tui.")}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_key_is_translated_with_the_same_placeholders(language: str) -> None:
    english = tui_keys("en")
    other = tui_keys(language)
    assert set(other) == set(english)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key
    translated = sum(other[key] != text for key, text in english.items())
    assert translated >= len(english) * 0.8
