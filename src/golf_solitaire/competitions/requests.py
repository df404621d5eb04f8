"""What a client may send to the competition API: typed, range-checked request bodies.

Ranges match the database columns (a deal number is stored as a BIGINT); unknown fields are
named instead of ignored, so a forged ``strokes`` is refused, not silently dropped.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from golf_solitaire.competitions.service import LAST_FIRST
from golf_solitaire.rounds import COMPETITION_LENGTHS
from golf_solitaire.web.models import MAX_MOVE_INDEX

NAME_TEXT = Field(max_length=200, description="a display name (trimmed; at most 24 characters)")


def _competition_length(holes: int) -> int:
    if holes not in COMPETITION_LENGTHS:
        raise ValueError(f"a competition has 3, 9 or 18 holes, not {holes}")
    return holes


class StrictBody(BaseModel):
    """A JSON body with exactly these fields, each of its own JSON type (``3.0`` is no
    whole number, ``"3"`` no number)."""

    model_config = ConfigDict(extra="forbid", strict=True)


class NewCompetition(StrictBody):
    """Create a competition: its name, length, rules preset and where its deals come from."""

    name: str = Field(max_length=200, description="the competition's name (at most 60 characters)")
    holes: Annotated[int, AfterValidator(_competition_length)] = Field(
        default=9, description="3, 9 or 18"
    )
    rules: str = Field(default="strict", max_length=40, description="rules preset name")
    deals: Literal["number", "daily", "winnable"] = "number"
    deal_number: int | None = Field(
        default=None,
        ge=1,
        le=LAST_FIRST,
        description="not accepted: a competition's deals are drawn in secret by the server",
    )
    match_play: bool = False


class NewEntry(StrictBody):
    """Join a competition under a display name."""

    name: str = NAME_TEXT


class NewDailyEntry(StrictBody):
    """Play today's daily deal under a display name and a rules preset."""

    name: str = NAME_TEXT
    rules: str = Field(default="strict", max_length=40, description="rules preset name")


class CompetitionMove(StrictBody):
    """A move (a column number from 0, or ``d`` to draw) at move number ``index``."""

    move: str = Field(max_length=8, description='a column number from 0, or "d" to draw')
    index: int = Field(ge=0, le=MAX_MOVE_INDEX, description="the game's move count now")


class CompetitionUndo(StrictBody):
    """Take back the last play from move number ``index``."""

    index: int = Field(ge=0, le=MAX_MOVE_INDEX, description="the game's move count now")
