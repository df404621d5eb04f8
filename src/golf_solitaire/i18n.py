"""Translations: one JSON catalog per language and domain, shared by every face.

Catalogs live in ``locales/<lang>/<domain>.json`` (domains: ``core`` for cards, rules and
refusals; each face adds its own). Keys are dotted; values are ``str.format`` templates. A
whole number in a template chooses its words by the language's plural rule:
``{count:card|cards}`` is the first form for one (in French, for zero too), else the second.

>>> translate("it", "card.name", rank=translate("it", "rank.7"), suit=translate("it", "suit.D"))
'sette di quadri'
>>> refusal_text("fr", Refusal(Reason.STOCK_EMPTY))
'la pioche est vide : elle ne se distribue qu’une fois'
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, Final

from golf_solitaire.cards import Card
from golf_solitaire.reasons import Reason, Refusal

LANGUAGES: Final = ("en", "it", "nl", "es", "fr")
"""Every face speaks these; English is the source and the fallback."""

LANGUAGE_NAMES: Final = {
    "en": "English",
    "it": "Italiano",
    "nl": "Nederlands",
    "es": "Español",
    "fr": "Français",
}


@cache
def catalog(language: str) -> dict[str, str]:
    """Every key of ``language`` merged over all domains (unknown languages: English)."""
    if language not in LANGUAGES:
        language = "en"
    merged: dict[str, str] = {}
    folder = resources.files("golf_solitaire") / "locales" / language
    for entry in sorted(folder.iterdir(), key=lambda item: item.name):
        if entry.name.endswith(".json"):
            data = json.loads(entry.read_text(encoding="utf-8"))
            merged.update(_flatten(data))
    return merged


def _flatten(data: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for key, value in data.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(_flatten(value, name + "."))
        else:
            flat[name] = str(value)
    return flat


def translate(language: str, key: str, **params: Any) -> str:
    """The text of ``key`` in ``language``, falling back to English, then to the key."""
    language = language if language in LANGUAGES else "en"
    template = catalog(language).get(key) or catalog("en").get(key) or key
    return fill(language, template, params) if params else template


SINGULAR: Final = {"en": {1}, "it": {1}, "nl": {1}, "es": {1}, "fr": {0, 1}}
"""The whole numbers that take the singular in each language (the CLDR rule "one")."""


@dataclass(frozen=True, slots=True)
class Count:
    """A whole number in a template: ``{n}`` prints it, ``{n:card|cards}`` picks the singular
    or the plural words for it in ``language``.

    >>> "{n} {n:card|cards}".format(n=Count("en", 1)), "{n:carte|cartes}".format(n=Count("fr", 0))
    ('1 card', 'carte')
    """

    language: str
    value: int

    def __str__(self) -> str:
        """The number alone, as ``{n!s}`` would print a plain number."""
        return str(self.value)

    def __format__(self, spec: str) -> str:
        """The number (in ``spec``'s format), or the singular or plural words of ``one|other``."""
        if "|" not in spec:
            return format(self.value, spec)
        one, other = spec.split("|", 1)
        return one if self.value in SINGULAR[self.language] else other


def fill(language: str, template: str, params: dict[str, Any]) -> str:
    """``template`` filled with ``params``, whole numbers as ``Count`` so they choose plurals.

    >>> fill("it", "{move}; lascia {n} {n:carta|carte}", {"move": "pesca", "n": 1})
    'pesca; lascia 1 carta'
    """
    values = {
        name: Count(language, value) if type(value) is int else value
        for name, value in params.items()
    }
    return template.format(**values)


def negotiate(accept_language: str | None) -> str:
    """The best of our languages for an HTTP ``Accept-Language`` value or a locale name."""
    if not accept_language:
        return "en"
    choices: list[tuple[float, int, str]] = []
    for index, part in enumerate(accept_language.replace("_", "-").split(",")):
        tag, _, quality = part.strip().partition(";q=")
        try:
            weight = float(quality) if quality else 1.0
        except ValueError:
            weight = 0.0
        choices.append((-weight, index, tag.strip().lower()[:2]))
    for _, _, code in sorted(choices):
        if code in LANGUAGES:
            return code
    return "en"


def sentence(text: str) -> str:
    """``text`` as a sentence on its own: a capital first letter and a full stop at the end
    (catalog phrases are written to fit inside other sentences, so they carry neither).

    >>> sentence("move 3 was a mistake")
    'Move 3 was a mistake.'
    >>> sentence("¿de verdad?")
    '¿De verdad?'
    """
    start = next((index for index, char in enumerate(text) if char.isalpha()), 0)
    text = text[:start] + text[start : start + 1].upper() + text[start + 1 :]
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def card_name(language: str, card: Card) -> str:
    """A card's spoken name, e.g. ``seven of diamonds`` / ``sette di quadri``."""
    if card.is_joker:
        return translate(language, "card.joker")
    return translate(
        language,
        "card.name",
        rank=translate(language, f"rank.{card.rank}"),
        suit=translate(language, f"suit.{card.suit.value if card.suit else ''}"),
    )


def refusal_text(language: str, refusal: Refusal) -> str:
    """A refused move's reason in ``language``."""
    return translate(language, f"reason.{refusal.reason.value}", **refusal.params)


def reason_keys() -> list[str]:
    """Every catalog key a refusal can need (checked by the tests in all languages)."""
    return [f"reason.{reason.value}" for reason in Reason]
