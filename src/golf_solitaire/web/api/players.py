"""Players: created without sign-up; the token they get is their key to their games."""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter

from golf_solitaire.web.deps import PlayerDep, SessionsDep
from golf_solitaire.web.errors import error_responses
from golf_solitaire.web.models import PublicPlayer

router = APIRouter(
    prefix="/api/players", tags=["players"], responses=error_responses(401, 404, 413, 422, 503)
)


@router.post("", status_code=201)
def create_player(sessions: SessionsDep) -> PublicPlayer:
    """A new player; keep the token and send it as the X-Golf-Token header."""
    player = sessions.store.create_player()
    return PublicPlayer(id=player.id, token=player.token)


@router.get("/me")
def read_player(player_id: PlayerDep) -> PublicPlayer:
    """The player the token names."""
    return PublicPlayer(id=player_id)


@router.get("/me/statistics")
def read_statistics(player_id: PlayerDep, sessions: SessionsDep) -> dict[str, Any]:
    """Per rules preset: games, wins, win rate, best and average strokes, streaks.

    A hand left unfinished for another game is a loss, unless its deal is proved unwinnable.
    """
    stats = sessions.statistics(player_id)
    return {"presets": [entry.to_dict() for entry in stats.values()]}


@router.get("/me/dailies")
def read_dailies(player_id: PlayerDep, sessions: SessionsDep) -> dict[str, Any]:
    """The player's daily deals, newest first: games played, best strokes, cleared or not.

    Any day's daily deal can be played again (``POST /api/games`` with ``daily``: a date);
    the casual game keeps the best result of each day and ranks nobody.
    """
    today = dt.datetime.now(dt.UTC).date().isoformat()
    days = [result.to_dict() for result in sessions.store.daily_results(player_id)]
    return {"today": today, "days": days}
