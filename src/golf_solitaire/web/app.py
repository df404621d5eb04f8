"""The FastAPI application: the API routers, error replies, then the static client."""

from __future__ import annotations

import gc
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Final

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from fastapi_offline import FastAPIOffline

from golf_solitaire.competitions import api as competitions_api
from golf_solitaire.competitions.ratelimit import RateLimiter
from golf_solitaire.service import Analyst
from golf_solitaire.store import Store, open_store
from golf_solitaire.web import pages
from golf_solitaire.web.analysis import ANALYST
from golf_solitaire.web.api import games, meta, players, rounds
from golf_solitaire.web.bodies import BodyLimits
from golf_solitaire.web.errors import install_error_handlers
from golf_solitaire.web.sessions import Sessions
from golf_solitaire.web.settings import Settings
from golf_solitaire.web.timing import ServerTiming

SWITCH_INTERVAL: Final = 0.001
"""Seconds a thread runs before another waiting for the interpreter gets its turn."""


def create_app(
    settings: Settings | None = None, *, store: Store | None = None, analyst: Analyst = ANALYST
) -> FastAPI:
    """The application; it opens (and migrates) the store at start unless one is given.
    ``analyst`` answers the hints, verdicts and reviews of its games (by default the
    server's: ten seconds an answer)."""
    settings = settings or Settings()
    # Read at start: a bad GOLF_COMPETITION_RATES stops the server with its message, never
    # a 500 on the first competition request.
    limiter = RateLimiter.from_environment()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store or open_store(settings.resolved_database_url)
        if store is None:
            opened.database.checkpoint_in_background()
        app.state.sessions = sessions = Sessions(opened, analyst)
        app.state.competition_limits = limiter
        # The routes that touch the database run in worker threads: one whose row has come
        # takes the interpreter back within a millisecond instead of Python's five.
        sys.setswitchinterval(SWITCH_INTERVAL)
        gc.collect()
        gc.freeze()  # the code and app made at start: the collector's full passes skip them
        try:
            yield
        finally:
            await opened.database.close_awaited()
            sessions.close()
            if store is None:
                opened.close()

    # The /docs page loads its scripts from this server, never a CDN: it works offline. (ReDoc
    # would still fetch its logo from its makers' site, so it is left out.)
    app = FastAPIOffline(
        redoc_url=None,
        title="Golf Solitaire",
        summary="Play Golf Solitaire: the server owns every game and shows only the table.",
        version="0.1.0",
        lifespan=lifespan,
        favicon_url="/static/favicon.svg",
    )
    install_error_handlers(app)
    app.add_middleware(BodyLimits)
    app.add_middleware(ServerTiming)
    # The busiest routers first: a request is matched against the routes in order, and
    # every route passed over costs a little on every move.
    for router in (
        games.router,
        competitions_api.router,
        players.router,
        rounds.router,
        meta.router,
        pages.router,
    ):
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=pages.static_folder()), name="static")
    return app
