"""Request dependencies: the sessions, the player from their token, the reply language.

They are coroutines on purpose: FastAPI runs a plain function dependency in a worker thread,
and these are too quick to be worth a hop between threads on every request. A token this
process has not seen yet is looked up in the database in a worker thread: never on the loop.
"""

from __future__ import annotations

from typing import Annotated, Final

from fastapi import Cookie, Depends, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool

from golf_solitaire.i18n import LANGUAGES, negotiate
from golf_solitaire.web.sessions import Sessions

TOKEN_HEADER: Final = "X-Golf-Token"
TOKEN_COOKIE: Final = "golf_token"


async def get_sessions(request: Request) -> Sessions:
    """The application's games."""
    sessions: Sessions = request.app.state.sessions
    return sessions


SessionsDep = Annotated[Sessions, Depends(get_sessions)]


async def get_language(
    lang: Annotated[str | None, Query(max_length=8, description="reply language")] = None,
    accept_language: Annotated[str | None, Header(max_length=500)] = None,
) -> str:
    """The language of texts in the reply: ``?lang=``, else the Accept-Language header."""
    if lang is not None:
        if lang not in LANGUAGES:
            raise HTTPException(
                422, f"lang: unknown language {lang!r} (choose {', '.join(LANGUAGES)})"
            )
        return lang
    return negotiate(accept_language)


LanguageDep = Annotated[str, Depends(get_language)]


async def get_player(
    sessions: SessionsDep,
    x_golf_token: Annotated[str | None, Header(max_length=200)] = None,
    golf_token: Annotated[str | None, Cookie(max_length=200)] = None,
) -> str:
    """The player proven by the token header (or cookie); 401 without a valid one."""
    token = x_golf_token or golf_token
    if not token:
        raise HTTPException(
            401, f"{TOKEN_HEADER}: missing (create a player with POST /api/players)"
        )
    player_id = sessions.known_player(token)
    if player_id is None:
        player_id = await run_in_threadpool(sessions.player, token)
    if player_id is None:
        raise HTTPException(401, f"{TOKEN_HEADER}: unknown player token")
    return player_id


PlayerDep = Annotated[str, Depends(get_player)]
