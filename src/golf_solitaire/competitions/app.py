"""A server for competitions on their own (the browser game includes the same router).

``uvicorn --factory golf_solitaire.competitions.app:create_app --workers 2`` serves it;
the database is ``$GOLF_DATABASE_URL`` (SQLite by default), migrated at start.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from golf_solitaire.competitions.api import router, static_folder
from golf_solitaire.competitions.service import CompetitionService
from golf_solitaire.store import Store, open_store


def create_app(database_url: str | None = None, *, store: Store | None = None) -> FastAPI:
    """The competition app on ``store``, else on the database at ``database_url``."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = store or open_store(database_url)
        app.state.competitions = CompetitionService(opened)
        try:
            yield
        finally:
            if store is None:
                opened.close()

    app = FastAPI(title="Golf Solitaire competitions", lifespan=lifespan)
    app.include_router(router)
    app.mount("/static", StaticFiles(directory=static_folder()), name="static")
    return app
