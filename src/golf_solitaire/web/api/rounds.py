"""Rounds: 9 or 18 holes, one deal each, with a score card (strokes per hole, total, par)."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from golf_solitaire.rounds import hole_numbers
from golf_solitaire.rules import Rules
from golf_solitaire.store import StoredRound
from golf_solitaire.web.deps import PlayerDep, SessionsDep
from golf_solitaire.web.models import HoleScore, NewRound, PublicRound
from golf_solitaire.web.sessions import PAR_PER_HOLE, rules_named

router = APIRouter(prefix="/api/rounds", tags=["rounds"])

RoundId = Annotated[str, Path(min_length=1, max_length=64)]


def score_card(stored: StoredRound) -> PublicRound:
    """The public score card of a stored round."""
    card = []
    by_hole = {game.hole: game for game in stored.games}
    numbers = hole_numbers(Rules.from_dict(stored.rules), stored.first_deal, stored.holes)
    for hole, number in enumerate(numbers, start=1):
        game = by_hole.get(hole)
        card.append(
            HoleScore(
                hole=hole,
                deal=number,
                game_id=None if game is None else game.id,
                strokes=None if game is None else game.strokes,
                finished=game is not None and game.is_finished,
            )
        )
    played = sum(1 for entry in card if entry.finished)
    current = next((entry.game_id for entry in card if entry.game_id and not entry.finished), None)
    return PublicRound(
        id=stored.id,
        holes=stored.holes,
        rules=stored.rules_label,
        par=PAR_PER_HOLE * stored.holes,
        total=sum(entry.strokes or 0 for entry in card if entry.finished),
        played=played,
        finished=played == stored.holes,
        current_game_id=current,
        card=card,
    )


@router.post("", status_code=201)
def create_round(request: NewRound, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """Start a round; its first hole's game is ready to play (never on a ranked deal still
    hidden: refused before the round is stored)."""
    rules = rules_named(request.rules)
    if request.first_deal is not None:
        sessions.store.ranked.refuse_hidden({"number": request.first_deal})
    return score_card(sessions.create_round(player_id, request.holes, rules, request.first_deal))


@router.get("/{round_id}")
def read_round(round_id: RoundId, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """The round's score card."""
    return score_card(sessions.store.load_round(round_id, player_id))


@router.post("/{round_id}/holes", status_code=201)
def create_hole(round_id: RoundId, player_id: PlayerDep, sessions: SessionsDep) -> PublicRound:
    """Start the next hole once the current one is finished."""
    return score_card(sessions.next_hole(player_id, round_id))
