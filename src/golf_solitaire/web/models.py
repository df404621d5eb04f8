"""The API's models: what a client may send (input) and what it is shown (public output).

The public game is built only from ``Game.observation()``: tableau, waste and stock count,
never the stock order, so no response can reveal an undrawn card.
"""

from __future__ import annotations

import datetime as dt
from functools import cache
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field

from golf_solitaire.cards import Card
from golf_solitaire.game import Game
from golf_solitaire.rules import Rules

Language = Literal["en", "it", "nl", "es", "fr"]
MAX_MOVE_INDEX: Final = 1000
"""The highest move number a request may name (a hand has far fewer moves)."""


class StrictInput(BaseModel):
    """Input models refuse unknown fields, so a typo is named instead of ignored."""

    model_config = ConfigDict(extra="forbid")


class NewGame(StrictInput):
    """Start a game: a deal number, or today's (or a date's) daily deal, under a preset; with
    ``level``, the first deal from the number on that the solver rates at that level."""

    deal: int | None = Field(default=None, ge=1, le=10**20, description="PySolFC deal number")
    daily: bool | dt.date = Field(default=False, description="true for today's deal, or a date")
    rules: str = Field(default="strict", max_length=40, description="rules preset name")
    level: Literal["easy", "medium", "hard"] | None = Field(
        default=None,
        description="only a deal the solver rates at this level: the first from the number on",
    )


class NewMove(StrictInput):
    """A move at a position: ``move`` is a column from 0 or ``d``; ``index`` the move number."""

    move: str = Field(max_length=8, description='a column number from 0, or "d" to draw')
    index: int = Field(
        ge=0, le=MAX_MOVE_INDEX, description="how many moves the game has before this one"
    )


class PositionChange(StrictInput):
    """Undo or redo from a known position (``index``: the game's move count now)."""

    index: int = Field(ge=0, le=MAX_MOVE_INDEX)


class NewRound(StrictInput):
    """Start a round of 9 or 18 holes from a deal number (default: a random one)."""

    holes: Literal[9, 18] = 9
    rules: str = Field(default="strict", max_length=40)
    first_deal: int | None = Field(default=None, ge=1, le=10**18)


class PublicCard(BaseModel):
    """A card in view: its code (``7D``) and rank/suit for drawing it."""

    code: str
    rank: int
    suit: str | None


class PublicOutcome(BaseModel):
    """How the hand ended."""

    termination: Literal["cleared", "stuck"]
    strokes: int


class PublicGame(BaseModel):
    """A game as the player at the table sees it."""

    id: str
    rules: str
    rules_options: dict[str, Any]
    deal: int | None
    daily: bool
    daily_date: str | None
    columns: list[list[PublicCard]]
    face_down: list[int] = Field(
        default_factory=list,
        description="Positions holding a face-down card (its column is empty here: the card "
        "is never sent until it is uncovered).",
    )
    rows: list[list[int]] = Field(
        default_factory=list,
        description="A covering layout's rows of positions, top row first (empty for columns).",
    )
    offsets: list[int] = Field(
        default_factory=list,
        description="Each position's place across the picture, in half card widths.",
    )
    waste: list[PublicCard]
    stock_count: int
    has_stock: bool
    depth: int
    dead_end: bool
    legal_moves: list[str]
    move_count: int
    score: int
    is_over: bool
    outcome: PublicOutcome | None
    can_undo: bool
    can_redo: bool
    started_at: str
    last_move_at: str | None
    round_id: str | None
    hole: int | None

    @classmethod
    def of(
        cls,
        game_id: str,
        game: Game,
        *,
        started_at: str,
        last_move_at: str | None,
        round_id: str | None = None,
        hole: int | None = None,
    ) -> PublicGame:
        """The public view of ``game``, built from its observation only."""
        seen = game.observation()
        outcome = seen.outcome
        is_over = outcome is not None
        return cls(
            id=game_id,
            rules=seen.rules.label,
            rules_options=_rules_options(seen.rules),
            deal=game.deal.number,
            daily=game.deal.origin.kind == "daily",
            daily_date=game.deal.origin.date,
            columns=[[public_card(card) for card in column] for column in seen.columns],
            face_down=list(seen.face_down),
            rows=[list(row) for row in game.deal.layout.rows],
            offsets=list(game.deal.layout.offsets),
            waste=[public_card(card) for card in seen.waste],
            stock_count=seen.stock_count,
            has_stock=game.deal.layout.has_stock,
            depth=game.deal.layout.depth,
            dead_end=seen.dead_end,
            legal_moves=[str(move) for move in seen.legal_moves],
            move_count=seen.move_count,
            score=seen.score,
            is_over=is_over,
            outcome=None
            if outcome is None
            else PublicOutcome(termination=outcome.termination.value, strokes=outcome.strokes),
            can_undo=game.can_undo and not is_over,
            can_redo=game.can_redo and not is_over,
            started_at=started_at,
            last_move_at=last_move_at,
            round_id=round_id,
            hole=hole,
        )


@cache
def public_card(card: Card) -> PublicCard:
    """The public model of ``card`` (made once per card: there are only 54)."""
    return PublicCard(code=str(card), rank=card.rank, suit=card.suit.value if card.suit else None)


@cache
def _rules_options(rules: Rules) -> dict[str, Any]:
    return rules.to_dict()


class PublicPlayer(BaseModel):
    """A player: the id, and the token only when it is first made."""

    id: str
    token: str | None = None


class Analysis(BaseModel):
    """A solver answer, or why there is none (``available`` false: no solver installed)."""

    available: bool
    detail: str
    data: dict[str, Any] = Field(default_factory=dict)


class HoleScore(BaseModel):
    """One hole of a score card."""

    hole: int
    deal: int
    game_id: str | None
    strokes: int | None
    finished: bool


class PublicRound(BaseModel):
    """A round's score card: strokes per hole, total, par."""

    id: str
    holes: int
    rules: str
    par: int
    total: int
    played: int
    finished: bool
    current_game_id: str | None
    card: list[HoleScore]
