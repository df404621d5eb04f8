"""Rounds: 9 or 18 holes, one deal each, with a score card (strokes per hole, total, par)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from golf_solitaire.service.rounds import score_card
from golf_solitaire.store import StoredRound
from golf_solitaire.web.deps import PlayerDep, SessionsDep
from golf_solitaire.web.errors import error_responses
from golf_solitaire.web.models import HoleScore, NewRound, PublicRound
from golf_solitaire.web.sessions import rules_named

router = APIRouter(
    prefix="/api/rounds",
    tags=["rounds"],
    responses=error_responses(400, 401, 404, 409, 413, 422, 503),
)

RoundId = Annotated[str, Path(min_length=1, max_length=64)]


def public_round(stored: StoredRound) -> PublicRound:
    """The public score card of a stored round, as the service scores it."""
    scored = score_card(stored)
    return PublicRound(
        id=stored.id,
        holes=stored.holes,
        rules=stored.rules_label,
        par=scored.round.par,
        total=scored.round.total,
        played=scored.round.played,
        finished=scored.round.is_complete,
        current_game_id=scored.current_game_id,
        card=[
            HoleScore(
                hole=hole.hole,
                deal=hole.deal,
                game_id=hole.game_id,
                strokes=hole.strokes,
                finished=hole.finished,
            )
            for hole in scored.holes
        ],
    )


@router.post("", status_code=201)
def create_round(request: NewRound, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """Start a round; its first hole's game is ready to play (never on a ranked deal still
    hidden: refused before the round is stored)."""
    rules = rules_named(request.rules)
    return public_round(sessions.create_round(player_id, request.holes, rules, request.first_deal))


@router.get("/{round_id}")
def read_round(round_id: RoundId, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """The round's score card."""
    return public_round(sessions.store.load_round(round_id, player_id))


@router.post("/{round_id}/holes", status_code=201)
def create_hole(round_id: RoundId, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """Start the next hole once the current one is finished."""
    return public_round(sessions.next_hole(player_id, round_id))
