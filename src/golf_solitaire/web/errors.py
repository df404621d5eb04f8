"""Error replies, one style for every route: JSON ``{"detail": ..., "reason": ...}``.

``detail`` names the field or the rule broken, in words; ``reason`` is a short code a
client can branch on, the same for games and competitions, and is also sent in the
``X-Golf-Reason`` header.
"""

from __future__ import annotations

from typing import Any, Final

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from golf_solitaire.i18n import negotiate, refusal_text
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.records import RecordError
from golf_solitaire.store import NotFoundError, RankedDealError, StoreError
from golf_solitaire.web.sessions import (
    BadRequestError,
    CompetitionGameError,
    StaleRequestError,
)

REASON_HEADER: Final = "X-Golf-Reason"
"""The header that repeats an error's reason code."""

REASONS: Final[dict[int, str]] = {
    400: "bad_request",
    401: "token",
    404: "not_found",
    405: "method_not_allowed",
    409: "conflict",
    413: "too_large",
    422: "invalid",
    429: "rate_limited",
    503: "busy",
}
"""The reason code of an error status when nothing more precise is known."""

_MEANINGS: Final[dict[int, str]] = {
    400: "The request asks for something impossible; `detail` names the field.",
    401: "No player token, or one the server does not know (`X-Golf-Token`).",
    404: "No such thing, or not this player's.",
    409: "The game or competition has moved on: stale, finished, or not allowed now.",
    413: "The request body is larger than any request of the API (`too_large`).",
    422: "A field is missing or of the wrong type or range (`invalid`), or an illegal move "
    "(its reason code, e.g. `not_adjacent`).",
    429: "Too many requests from this address: slow down (`rate_limited`).",
    503: "The database did not answer in time (`busy`): try again in a moment.",
}


class ErrorReply(BaseModel):
    """What every error reply carries."""

    detail: str = Field(description="what is wrong, naming the field or the rule broken")
    reason: str = Field(description="a short code for the kind of error, e.g. invalid, stale")


def error_responses(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` of these error statuses, all of the shape ``ErrorReply``."""
    return {status: {"model": ErrorReply, "description": _MEANINGS[status]} for status in statuses}


def error_response(
    status: int, detail: str, reason: str | None = None, headers: dict[str, str] | None = None
) -> JSONResponse:
    """The JSON reply of an error: ``detail`` and ``reason``, the reason in a header too."""
    code = reason or REASONS.get(status, "error")
    return JSONResponse(
        {"detail": detail, "reason": code},
        status_code=status,
        headers={**(headers or {}), REASON_HEADER: code},
    )


def _language(request: Request) -> str:
    lang = request.query_params.get("lang")
    return lang if lang else negotiate(request.headers.get("accept-language"))


def validation_detail(errors: Any) -> str:
    """Pydantic's errors as one line naming each field: ``index: Input should be ...``."""
    problems = []
    for item in errors:
        location = [str(part) for part in item.get("loc", ()) if part != "body"]
        where = ".".join(location) or "body"
        problems.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(problems)


def install_error_handlers(app: FastAPI) -> None:
    """Map our exceptions, and the framework's, to clear 4xx replies of one shape."""

    @app.exception_handler(IllegalMoveError)
    async def illegal_move(request: Request, error: IllegalMoveError) -> JSONResponse:
        text = refusal_text(_language(request), error.refusal)
        return error_response(422, text, error.reason.value)

    @app.exception_handler(NotFoundError)
    async def not_found(request: Request, error: NotFoundError) -> JSONResponse:
        return error_response(404, str(error.args[0]))

    @app.exception_handler(StaleRequestError)
    async def stale(request: Request, error: StaleRequestError) -> JSONResponse:
        return error_response(409, str(error), "stale")

    @app.exception_handler(CompetitionGameError)
    async def competition_game(request: Request, error: CompetitionGameError) -> JSONResponse:
        return error_response(409, str(error), "competition_game")

    @app.exception_handler(RankedDealError)
    async def ranked_deal(request: Request, error: RankedDealError) -> JSONResponse:
        return error_response(409, str(error), "ranked_deal")

    @app.exception_handler(BadRequestError)
    async def bad_request(request: Request, error: BadRequestError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(RecordError)
    async def bad_record(request: Request, error: RecordError) -> JSONResponse:
        return error_response(400, str(error))

    @app.exception_handler(StoreError)
    async def busy(request: Request, error: StoreError) -> JSONResponse:
        return error_response(503, str(error), headers={"Retry-After": "1"})

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, error: StarletteHTTPException) -> JSONResponse:
        headers = dict(error.headers or {})
        reason = headers.pop(REASON_HEADER, None)
        return error_response(error.status_code, str(error.detail), reason, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, validation_detail(error.errors()))
