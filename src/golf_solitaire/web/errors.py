"""Error replies: always JSON ``{"detail": ...}`` naming the field or the rule broken."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse

from golf_solitaire.i18n import negotiate, refusal_text
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.records import RecordError
from golf_solitaire.store import NotFoundError, RankedDealError
from golf_solitaire.web.sessions import (
    BadRequestError,
    CompetitionGameError,
    StaleRequestError,
)


def _language(request: Request) -> str:
    lang = request.query_params.get("lang")
    return lang if lang else negotiate(request.headers.get("accept-language"))


def install_error_handlers(app: FastAPI) -> None:
    """Map our exceptions to clear 4xx replies."""

    @app.exception_handler(IllegalMoveError)
    async def illegal_move(request: Request, error: IllegalMoveError) -> JSONResponse:
        text = refusal_text(_language(request), error.refusal)
        return JSONResponse({"detail": text, "reason": error.reason.value}, status_code=422)

    @app.exception_handler(NotFoundError)
    async def not_found(request: Request, error: NotFoundError) -> JSONResponse:
        return JSONResponse({"detail": str(error.args[0])}, status_code=404)

    @app.exception_handler(StaleRequestError)
    async def stale(request: Request, error: StaleRequestError) -> JSONResponse:
        return JSONResponse({"detail": str(error), "reason": "stale"}, status_code=409)

    @app.exception_handler(CompetitionGameError)
    async def competition_game(request: Request, error: CompetitionGameError) -> JSONResponse:
        return JSONResponse({"detail": str(error), "reason": "competition_game"}, status_code=409)

    @app.exception_handler(RankedDealError)
    async def ranked_deal(request: Request, error: RankedDealError) -> JSONResponse:
        return JSONResponse({"detail": str(error), "reason": "ranked_deal"}, status_code=409)

    @app.exception_handler(BadRequestError)
    async def bad_request(request: Request, error: BadRequestError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(RecordError)
    async def bad_record(request: Request, error: RecordError) -> JSONResponse:
        return JSONResponse({"detail": str(error)}, status_code=400)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        problems = []
        for item in error.errors():
            location = [str(part) for part in item.get("loc", ()) if part != "body"]
            where = ".".join(location) or "body"
            problems.append(f"{where}: {item.get('msg', 'invalid')}")
        return JSONResponse({"detail": "; ".join(problems)}, status_code=422)
