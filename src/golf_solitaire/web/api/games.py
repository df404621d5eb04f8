"""Games: start one, read it, move, undo, redo; hints and the solver's verdict and review."""

from __future__ import annotations

import contextlib
import datetime as dt
from collections.abc import Callable
from typing import Annotated, Any, Final, Literal

from fastapi import APIRouter, Path

from golf_solitaire.ahead import Ahead
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.service import Analyst
from golf_solitaire.web import analysis
from golf_solitaire.web.deps import LanguageDep, PlayerDep, SessionsDep
from golf_solitaire.web.errors import error_responses
from golf_solitaire.web.models import Analysis, NewGame, NewMove, PositionChange, PublicGame
from golf_solitaire.web.sessions import BadRequestError, Session, rules_named

router = APIRouter(
    prefix="/api/games",
    tags=["games"],
    responses=error_responses(400, 401, 404, 409, 413, 422, 503),
)

GameId = Annotated[str, Path(min_length=1, max_length=64, description="the game's id")]


def public(session: Session) -> PublicGame:
    """The public view of a session's game."""
    return PublicGame.of(
        session.id,
        session.game,
        started_at=session.started_at,
        last_move_at=session.last_move_at,
        round_id=session.round_id,
        hole=session.hole,
    )


def deal_for(request: NewGame) -> Deal:
    """The deal a new-game request names (a number, the daily deal, or a fresh number)."""
    rules = rules_named(request.rules)
    if request.deal is not None and request.daily is not False:
        raise BadRequestError("deal: give a deal number or daily, not both")
    if request.daily is not False and rules.winnable_only:
        raise BadRequestError(
            "rules: the daily deal is the same for everyone, so not winnable_only"
        )
    if request.daily is not False and request.level is not None:
        raise BadRequestError("level: the daily deal is the same for everyone, so has no level")
    if request.daily is not False:
        day = dt.datetime.now(dt.UTC).date() if request.daily is True else request.daily
        return Deal.daily(day, rules)
    import secrets

    number = request.deal if request.deal is not None else secrets.randbelow(1_000_000) + 1
    try:
        if request.level is not None:
            return analysis.ANALYST.deal_of_level(number, rules, request.level)
        return Deal.numbered(number, rules)
    except ValueError as error:  # none proved clearable or of that level, or no solver here
        raise BadRequestError(str(error)) from None


def find_ahead(request: NewGame) -> None:
    """Find the deal ``request`` names for the solver's caches only (a deal that cannot be
    found is simply not ready: asked for, it gets its reason)."""
    with contextlib.suppress(BadRequestError):
        deal_for(request)


AHEAD: Final[Ahead[NewGame]] = Ahead(find_ahead)
"""Finds the deal after a game of winnable deals or of a level while it is played."""


@router.post("", status_code=201)
def create_game(request: NewGame, player_id: PlayerDep, sessions: SessionsDep) -> PublicGame:
    """Start a game of a numbered or daily deal under a rules preset (``NAME+winnable_only``:
    the first deal from that number on that the solver can clear; ``level``: the first the
    solver rates easy, medium or hard)."""
    if rules_named(request.rules).winnable_only or request.level is not None:
        # The solver may take a second or two to find the deal (in a worker thread, as
        # every route that reads or writes the database).
        deal = deal_for(request)
        if deal.number is not None:
            # While this deal is played, the solver finds the next one.
            AHEAD.submit(request.model_copy(update={"deal": deal.number + 1}))
    else:
        deal = deal_for(request)
    return public(sessions.create(player_id, deal))


@router.get("/latest")
def read_latest_game(player_id: PlayerDep, sessions: SessionsDep) -> PublicGame:
    """The player's most recent game still in play (404 when there is none)."""
    session = sessions.latest(player_id)
    if session is None:
        from golf_solitaire.store import NotFoundError

        raise NotFoundError("game: no game in play")
    return public(session)


@router.get("/{game_id}")
def read_game(game_id: GameId, player_id: PlayerDep, sessions: SessionsDep) -> PublicGame:
    """One of the player's games as the table shows it."""
    return public(sessions.get(player_id, game_id))


@router.post("/{game_id}/moves")
def create_move(
    game_id: GameId, request: NewMove, player_id: PlayerDep, sessions: SessionsDep
) -> PublicGame:
    """Play a column (from 0) or draw ("d"); committed before the answer."""
    return public(sessions.move(player_id, game_id, request.move, request.index))


@router.post("/{game_id}/undo")
def undo_move(
    game_id: GameId, request: PositionChange, player_id: PlayerDep, sessions: SessionsDep
) -> PublicGame:
    """Take back the last move."""
    return public(sessions.undo(player_id, game_id, request.index))


@router.post("/{game_id}/redo")
def redo_move(
    game_id: GameId, request: PositionChange, player_id: PlayerDep, sessions: SessionsDep
) -> PublicGame:
    """Make again the last move undone."""
    return public(sessions.redo(player_id, game_id, request.index))


@router.get("/{game_id}/record")
def read_record(game_id: GameId, player_id: PlayerDep, sessions: SessionsDep) -> dict[str, Any]:
    """The game's record (deal identity and moves), for `golf replay` and sharing."""
    return sessions.get(player_id, game_id).game.record()


Question = Literal["hint", "verdict", "review"]
ANSWERS: Final[dict[str, Callable[[str, Game, Analyst], Analysis]]] = {
    "hint": analysis.hint,
    "verdict": analysis.verdict,
    "review": analysis.review,
}


@router.get("/{game_id}/{question}")
def read_analysis(
    game_id: GameId,
    question: Annotated[Question, Path(description="hint, verdict or review")],
    player_id: PlayerDep,
    sessions: SessionsDep,
    lang: LanguageDep,
) -> Analysis:
    """The solver on this game (in a worker thread: a search can take a while).

    ``hint``: a fair hint, from what the player sees only, or why there is none.
    ``verdict``: after the hand, whether the deal was clearable, the best score possible and
    the solver's rating of the deal (easy, medium, hard or unwinnable); when the best score
    was not proved in time, ``best_score`` is null and ``found_score``, ``found_line`` and
    ``floor`` say where it lies (``clears``: whether a clear was proved, or null).
    ``review``: after the hand, the solver's review of the moves made.
    """
    return ANSWERS[question](lang, sessions.get(player_id, game_id).game, sessions.analyst)
