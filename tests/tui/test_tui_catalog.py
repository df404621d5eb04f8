"""The terminal game's words, and the solver's hints and reviews it shows, exist in every
language with the same placeholders."""

from __future__ import annotations

import string

import pytest

from golf_solitaire.i18n import LANGUAGES, catalog
from golf_solitaire.solver.texts import TEMPLATES


def keys_under(language: str, prefix: str) -> dict[str, str]:
    return {key: text for key, text in catalog(language).items() if key.startswith(prefix)}


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("prefix", ["tui.", "solver."])
@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
def test_every_key_is_translated_with_the_same_placeholders(language: str, prefix: str) -> None:
    english = keys_under("en", prefix)
    other = keys_under(language, prefix)
    assert set(other) == set(english)
    for key, text in english.items():
        assert placeholders(other[key]) == placeholders(text), key
    translated = sum(other[key] != text for key, text in english.items())
    assert translated >= len(english) * 0.8


def test_the_english_solver_texts_are_the_solvers_own_templates() -> None:
    english = keys_under("en", "solver.")
    assert english == {f"solver.{key}": text for key, text in TEMPLATES.items()}
