"""Translations: every language has every key of English, with the same placeholders."""

import re

import pytest

from golf_solitaire import Card, Reason, Refusal
from golf_solitaire.i18n import (
    LANGUAGES,
    card_name,
    catalog,
    negotiate,
    reason_keys,
    refusal_text,
    translate,
)

PLACEHOLDER = re.compile(r"\{(\w+)\}")


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_key_is_translated_with_the_same_placeholders(language: str) -> None:
    english = catalog("en")
    translated = catalog(language)
    missing = sorted(set(english) - set(translated))
    assert not missing, f"{language} lacks {missing[:5]}"
    for key, text in english.items():
        assert set(PLACEHOLDER.findall(translated[key])) == set(PLACEHOLDER.findall(text)), key
    assert all(key in translated for key in reason_keys())


def test_card_names_in_every_language() -> None:
    seven = Card.parse("7D")
    assert [card_name(language, seven) for language in LANGUAGES] == [
        "seven of diamonds",
        "sette di quadri",
        "ruiten zeven",
        "siete de diamantes",
        "sept de carreau",
    ]
    assert card_name("es", Card.parse("JK")) == "comodín"


def test_refusals_translate_with_their_cards() -> None:
    refusal = Refusal(Reason.NOT_ADJACENT, card=Card.parse("9S"), top=Card.parse("7D"))
    assert refusal_text("en", refusal) == refusal.message
    assert refusal_text("it", refusal).startswith("9♠ non va su 7♦")


def test_negotiation_and_fallbacks() -> None:
    assert negotiate("fr-CH, fr;q=0.9, en;q=0.8") == "fr"
    assert negotiate("de-DE,de;q=0.9,nl;q=0.8") == "nl"
    assert negotiate("xx") == "en" and negotiate(None) == "en"
    assert negotiate("en;q=0.1, es;q=0.9") == "es"
    assert translate("de", "word.stock") == "Stock"
    assert translate("it", "no.such.key") == "no.such.key"
