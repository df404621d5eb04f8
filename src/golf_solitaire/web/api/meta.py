"""Meta: the rules presets, the translations, today's casual daily deal, whether analysis is
on."""

from __future__ import annotations

import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path

from golf_solitaire.deals import daily_number
from golf_solitaire.i18n import LANGUAGE_NAMES, LANGUAGES, catalog, translate
from golf_solitaire.rules import PRESETS
from golf_solitaire.web.analysis import ANALYST
from golf_solitaire.web.deps import LanguageDep
from golf_solitaire.web.errors import error_responses

router = APIRouter(prefix="/api/meta", tags=["meta"], responses=error_responses(404, 413, 422))


@router.get("/presets")
def read_presets(lang: LanguageDep) -> list[dict[str, Any]]:
    """Every rules preset: name, title and summary in the reply language, options."""
    return [
        {
            "name": name,
            "title": translate(lang, f"preset.{name}.title"),
            "summary": translate(lang, f"preset.{name}.summary"),
            "elsewhere": translate(lang, f"preset.{name}.elsewhere"),
            "options": preset.rules.to_dict(),
        }
        for name, preset in PRESETS.items()
    ]


@router.get("/languages")
def read_languages() -> list[dict[str, str]]:
    """The languages every text is available in."""
    return [{"code": code, "name": LANGUAGE_NAMES[code]} for code in LANGUAGES]


@router.get("/translations/{language}")
def read_translations(
    language: Annotated[str, Path(max_length=8)],
) -> dict[str, str]:
    """Every text of the game in ``language`` (core and web catalogs merged)."""
    if language not in LANGUAGES:
        raise HTTPException(
            404, f"language: unknown language {language!r} (choose {', '.join(LANGUAGES)})"
        )
    return catalog(language)


@router.get("/daily")
def read_daily() -> dict[str, Any]:
    """Today's casual daily deal (UTC date): the same public deal number for everyone, to
    play and replay freely. It is not the ranked daily board's deal, which stays secret
    until the day is over (``/api/daily/{day}``)."""
    today = dt.datetime.now(dt.UTC).date()
    return {"date": today.isoformat(), "deal": daily_number(today)}


@router.get("/analysis")
def read_analysis() -> dict[str, bool]:
    """Whether the solver is installed (hints, verdicts and reviews)."""
    return {"available": ANALYST.available}
