"""The competition HTTP API and pages: create, join, play, boards, live server-sent events.

Include ``router`` in any FastAPI app: the service is taken from ``app.state.competitions``,
else built on the store of ``app.state.sessions`` (the browser game's) on first use.
Errors are JSON ``{"detail": ..., "reason": ...}``, as the game's, the reason also in the
``X-Golf-Reason`` header.
"""

from __future__ import annotations

import threading
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Annotated, Any, Final, TypeVar

from fastapi import APIRouter, Depends, Header, HTTPException, Query, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, JSONResponse, StreamingResponse
from pydantic import BaseModel, ValidationError

from golf_solitaire.competitions.events import BoardTexts, BoardWatcher
from golf_solitaire.competitions.holes import NeedsSolverError
from golf_solitaire.competitions.ratelimit import RateLimiter
from golf_solitaire.competitions.requests import (
    CompetitionMove,
    CompetitionUndo,
    NewCompetition,
    NewDailyEntry,
    NewEntry,
)
from golf_solitaire.competitions.service import CompetitionService, UnknownPlayerError
from golf_solitaire.i18n import LANGUAGES, catalog, refusal_text
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.store import NotFoundError, StaleMoveError
from golf_solitaire.store.competitions import EntryError, FinishedError, daily_board
from golf_solitaire.web.errors import REASON_HEADER, error_responses, validation_detail
from golf_solitaire.web.pages import static_folder

TOKEN_HEADER: Final = "X-Golf-Token"
_setup_lock = threading.RLock()

router = APIRouter(tags=["competitions"], responses=error_responses(400, 404, 413, 422, 429, 503))
PLAYER_ERRORS: Final = error_responses(401, 409)
"""The errors of the routes that act for a player: no valid token, or a game moved on."""
T = TypeVar("T")


def _shared(request: Request, name: str, make: Callable[[], T]) -> T:
    """The app-wide object ``name`` on ``app.state``, made once (even under threads)."""
    state = request.app.state
    found: T | None = getattr(state, name, None)
    if found is None:
        with _setup_lock:
            found = getattr(state, name, None)
            if found is None:
                found = make()
                setattr(state, name, found)
    return found


def _service(request: Request) -> CompetitionService:
    return _shared(
        request, "competitions", lambda: CompetitionService(request.app.state.sessions.store)
    )


async def get_service(request: Request) -> CompetitionService:
    """The app's competition service (made on the browser game's store if not set).

    The dependencies are ``async``: they only look up objects, so they run on the event
    loop instead of costing a trip through the thread pool on every request."""
    return _service(request)


async def get_limiter(request: Request) -> RateLimiter:
    """The app's rate limiter (per process)."""
    return _shared(request, "competition_limits", RateLimiter.from_environment)


def get_watcher(request: Request) -> BoardWatcher:
    """The app's board watcher (one poller per process)."""
    return _shared(
        request, "competition_watcher", lambda: BoardWatcher(_service(request).data.versions)
    )


ServiceDep = Annotated[CompetitionService, Depends(get_service)]
TokenDep = Annotated[str | None, Header(alias=TOKEN_HEADER, max_length=200)]


def _fail(status: int, reason: str, detail: str) -> HTTPException:
    return HTTPException(status, detail, headers={REASON_HEADER: reason})


def _run(action: Callable[[], T], lang: str | None = None) -> T:
    """Run a service call, turning our errors into clear HTTP replies."""
    try:
        return action()
    except UnknownPlayerError as error:
        raise _fail(401, "token", str(error)) from None
    except NotFoundError as error:
        raise _fail(404, "not_found", str(error.args[0])) from None
    except EntryError as error:
        raise _fail(409, error.reason, str(error)) from None
    except FinishedError as error:
        raise _fail(409, "finished", str(error)) from None
    except StaleMoveError as error:
        raise _fail(409, "stale", str(error)) from None
    except IllegalMoveError as error:
        language = lang if lang in LANGUAGES else "en"
        raise _fail(422, error.reason.value, refusal_text(language, error.refusal)) from None
    except NeedsSolverError as error:
        raise _fail(400, "needs_solver", str(error)) from None
    except ValueError as error:
        raise _fail(400, "bad_request", str(error)) from None


def _client(request: Request) -> str:
    return request.client.host if request.client else "unknown"


async def _check_limit(request: Request, action: str) -> None:
    """429 when the client's address is over ``action``'s rate. The address is the key, and
    it is checked before any token is looked up: a made-up token changes nothing."""
    if not await (await get_limiter(request)).allow(action, _client(request)):
        raise _fail(429, "rate_limited", f"too many requests: slow down ({action})")


def limit(action: str) -> Any:
    """A route dependency: the rate limit of ``action`` per client address."""

    async def check(request: Request) -> None:
        await _check_limit(request, action)

    return Depends(check)


Body = TypeVar("Body", bound=BaseModel)


def _body(model: type[Body], text: bytes) -> Body:
    """The request body read as ``model``; 422 naming each field that is wrong."""
    try:
        return model.model_validate_json(text)
    except ValidationError as error:
        raise _fail(422, "invalid", validation_detail(error.errors())) from None


def _documented(model: type[BaseModel]) -> dict[str, Any]:
    """The OpenAPI text of a JSON body that the route reads itself."""
    schema = {"application/json": {"schema": model.model_json_schema()}}
    return {"requestBody": {"required": True, "content": schema}}


async def _token(request: Request) -> str | None:
    """The token header of a move, once the client's address is within the move rate."""
    await _check_limit(request, "move")
    token = request.headers.get(TOKEN_HEADER)
    if token is not None and len(token) > 200:
        raise _fail(422, "invalid", f"{TOKEN_HEADER}: at most 200 characters")
    return token


@router.post(
    "/api/competition-games/{game_id}/moves",
    openapi_extra=_documented(CompetitionMove),
    responses=PLAYER_ERRORS,
)
async def competition_move(game_id: str, request: Request) -> JSONResponse:
    """A move (``{"move": "3", "index": 12}``) in the player's own game. The player's token
    is in the ``X-Golf-Token`` header; ``?lang=`` is the language of a refusal.

    The busiest route: it reads its header, query and body itself (the framework's
    parameter checking cost more than the move). The usual move, on a game this process
    has cached, is awaited on the event loop; anything else goes to a worker thread."""
    token = await _token(request)
    body = _body(CompetitionMove, await request.body())
    service = _service(request)
    player_id = service.known_player(token)
    if player_id is not None:
        quick = await service.quick_move(game_id, player_id, body.move, body.index)
        if quick is not None:
            return JSONResponse(quick)
    change = partial(service.move, game_id, move=body.move, index=body.index)
    return await _changed(request, service, token, change)


@router.post(
    "/api/competition-games/{game_id}/undo",
    openapi_extra=_documented(CompetitionUndo),
    responses=PLAYER_ERRORS,
)
async def competition_undo(game_id: str, request: Request) -> JSONResponse:
    """Take back the last play (``{"index": 12}``; a draw cannot be taken back)."""
    token = await _token(request)
    body = _body(CompetitionUndo, await request.body())
    service = _service(request)
    return await _changed(request, service, token, partial(service.undo, game_id, index=body.index))


async def _changed(
    request: Request,
    service: CompetitionService,
    token: str | None,
    change: Callable[..., dict[str, Any]],
) -> JSONResponse:
    """Make ``change`` for the player of ``token`` in a worker thread; the new view."""
    lang = request.query_params.get("lang")
    view = await run_in_threadpool(_run, lambda: change(player_id=service.player(token)), lang)
    return JSONResponse(view)


@router.post(
    "/api/competitions", status_code=201, dependencies=[limit("create")], responses=PLAYER_ERRORS
)
def create_competition(
    payload: NewCompetition, request: Request, service: ServiceDep
) -> dict[str, Any]:
    """Create a competition; the reply has its join code and link."""
    summary = _run(lambda: service.create(payload.model_dump(exclude_unset=True)))
    return {**summary, "link": str(request.base_url) + "c/" + summary["code"]}


@router.get("/api/competitions/{code}")
def competition_board(code: str, service: ServiceDep) -> dict[str, Any]:
    """The competition and its leaderboard."""
    return _run(lambda: service.board(code))


@router.post(
    "/api/competitions/{code}/players",
    status_code=201,
    dependencies=[limit("join")],
    responses=PLAYER_ERRORS,
)
def join_competition(
    code: str, payload: NewEntry, service: ServiceDep, token: TokenDep = None
) -> dict[str, Any]:
    """Join with a display name; a new player token comes back unless one was sent."""
    return _run(lambda: service.join(code, payload.name, token))


@router.post("/api/competitions/{code}/play", responses=PLAYER_ERRORS)
def play_competition(code: str, service: ServiceDep, token: TokenDep = None) -> dict[str, Any]:
    """The player's game for the hole to play now (started if needed), or why none."""
    return _run(lambda: service.play(code, service.player(token)))


@router.get("/api/competition-games/{game_id}", responses=PLAYER_ERRORS)
def competition_game(game_id: str, service: ServiceDep, token: TokenDep = None) -> dict[str, Any]:
    """The player's own competitive game, as they see it."""
    return _run(lambda: service.game_view(game_id, service.player(token)))


@router.post(
    "/api/daily/players", status_code=201, dependencies=[limit("join")], responses=PLAYER_ERRORS
)
def join_daily(
    payload: NewDailyEntry, service: ServiceDep, token: TokenDep = None
) -> dict[str, Any]:
    """Play today's daily deal under a name, and appear on today's board."""
    return _run(lambda: service.daily_join(payload.name, payload.rules, token))


@router.get("/api/daily/{day}")
def daily_standings(
    day: str, service: ServiceDep, rules: Annotated[str, Query(max_length=40)] = "strict"
) -> dict[str, Any]:
    """Everyone who played the daily deal of ``day`` under a preset."""
    return _run(lambda: service.daily(day, rules))


def _stream(request: Request, key: str, read: Callable[[], dict[str, Any]]) -> StreamingResponse:
    watcher = get_watcher(request)
    texts = _shared(request, "competition_board_texts", BoardTexts)

    async def events() -> AsyncIterator[str]:
        yield "retry: 1000\n\n"
        sent = -1
        async for version in watcher.watch(key):
            if await request.is_disconnected():
                break
            if version is None:
                yield ": keep-alive\n\n"
                continue
            if version > sent:
                sent, text = await texts.newest(key, version, read)
                yield text

    return StreamingResponse(
        events(),
        media_type="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


EVENTS: Final[dict[int | str, dict[str, Any]]] = {
    200: {
        "description": "Server-sent events: a `data:` line of the board's JSON at each change",
        "content": {"text/event-stream": {"schema": {"type": "string"}}},
    }
}
"""How the event routes' answer is described: a stream of text, not one JSON document."""


@router.get("/api/competitions/{code}/events", response_class=StreamingResponse, responses=EVENTS)
def competition_events(code: str, request: Request, service: ServiceDep) -> StreamingResponse:
    """Server-sent events: the board now, then again each time it changes."""
    key = _run(lambda: service.board_key(code))
    return _stream(request, key, lambda: service.board(code))


@router.get("/api/daily/{day}/events", response_class=StreamingResponse, responses=EVENTS)
def daily_events(
    day: str,
    request: Request,
    service: ServiceDep,
    rules: Annotated[str, Query(max_length=40)] = "strict",
) -> StreamingResponse:
    """Server-sent events of a day's board."""
    board = _run(lambda: service.daily(day, rules))
    key = daily_board(board["day"], board["rules_label"])
    return _stream(request, key, lambda: service.daily(day, rules))


PAGE_TEXTS = (
    *("competition.", "reason.", "preset.", "outcome."),
    *("card.", "rank.", "suit.", "web.card.", "web.pile.", "web.message.offline"),
)
"""The catalog keys the competition page uses (by prefix)."""


@router.get("/api/competition-texts/{lang}")
def competition_texts(lang: str) -> dict[str, str]:
    """The competition page's texts in ``lang``: its own, the refusal reasons, and the card
    and pile names a screen reader speaks."""
    if lang not in LANGUAGES:
        raise _fail(404, "not_found", f"lang: unknown language {lang!r}")
    return {key: value for key, value in catalog(lang).items() if key.startswith(PAGE_TEXTS)}


def _page() -> FileResponse:
    return FileResponse(f"{static_folder()}/competition.html", media_type="text/html")


@router.get("/competition", include_in_schema=False)
def competition_page() -> FileResponse:
    """The page to create or join a competition."""
    return _page()


@router.get("/c/{code}", include_in_schema=False)
def competition_link(code: str) -> FileResponse:
    """The page of one competition (the link the creator shares)."""
    return _page()


@router.get("/daily", include_in_schema=False)
def daily_page() -> FileResponse:
    """The daily deal's board and game."""
    return _page()
