"""HTML pages: the game (the static client), how to play and the rules page in each language."""

from __future__ import annotations

import html
from functools import cache
from importlib import resources
from typing import Annotated

from fastapi import APIRouter, Header, HTTPException
from fastapi.responses import FileResponse, HTMLResponse, RedirectResponse
from markdown_it import MarkdownIt

from golf_solitaire.i18n import LANGUAGE_NAMES, LANGUAGES, negotiate, translate

router = APIRouter(include_in_schema=False)


def static_folder() -> str:
    """The folder of the static client files."""
    return str(resources.files("golf_solitaire") / "web" / "static")


@router.get("/")
def index() -> FileResponse:
    """The game."""
    return FileResponse(f"{static_folder()}/index.html", media_type="text/html")


@router.get("/how-to-play")
def how_to_play_redirect(
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> RedirectResponse:
    """How to play, in the browser's language."""
    return RedirectResponse(f"/how-to-play/{negotiate(accept_language)}")


@router.get("/how-to-play/{language}")
def how_to_play(language: str) -> FileResponse:
    """A short illustrated page for players (the page reads its language from the address)."""
    if language not in LANGUAGES:
        raise HTTPException(404, f"language: unknown language {language!r}")
    return FileResponse(f"{static_folder()}/how-to-play.html", media_type="text/html")


@router.get("/rules")
def rules_redirect(
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> RedirectResponse:
    """The rules page in the browser's language."""
    return RedirectResponse(f"/rules/{negotiate(accept_language)}")


@cache
def rules_html(language: str) -> str:
    """The rule book of ``language`` rendered as a page."""
    source = resources.files("golf_solitaire") / "rules" / f"RULES.{language}.md"
    if not source.is_file():
        source = resources.files("golf_solitaire") / "rules" / "RULES.en.md"
    body = MarkdownIt("commonmark").enable("table").render(source.read_text(encoding="utf-8"))
    links = " · ".join(
        f'<a href="/rules/{code}" lang="{code}">{html.escape(LANGUAGE_NAMES[code])}</a>'
        for code in LANGUAGES
    )
    back = html.escape(translate(language, "web.rules.back"))
    title = html.escape(translate(language, "web.rules.title"))
    return (
        f'<!doctype html><html lang="{language}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{title}</title><link rel="stylesheet" href="/static/cards.css">'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body class="rules-page"><nav class="rules-nav"><a href="/?lang={language}">{back}</a>'
        f'<span class="rules-languages">{links}</span></nav><main class="rules-book">{body}'
        "</main></body></html>"
    )


@router.get("/rules/{language}", response_class=HTMLResponse)
def rules_page(language: str) -> HTMLResponse:
    """The rules page in ``language``."""
    if language not in LANGUAGES:
        raise HTTPException(404, f"language: unknown language {language!r}")
    return HTMLResponse(rules_html(language))
