"""Why a move is refused: a code for faces to translate, and an English sentence.

Every refusal names the rule it breaks, so a player reads the reason, not an error code.
Columns are numbered from 1 in these sentences because people read them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from golf_solitaire.arguments import require
from golf_solitaire.cards import Card


class Reason(StrEnum):
    """The rule a refused move breaks; the value is the catalog key's last part."""

    NO_SUCH_COLUMN = "no_such_column"
    EMPTY_COLUMN = "empty_column"
    COVERED = "covered"
    NOT_ADJACENT = "not_adjacent"
    SAME_RANK = "same_rank"
    KING_BLOCKS = "king_blocks"
    NO_WRAP = "no_wrap"
    DEAD_END_QUEEN = "dead_end_queen"
    STOCK_EMPTY = "stock_empty"
    GAME_OVER = "game_over"
    NOTHING_TO_UNDO = "nothing_to_undo"
    NOTHING_TO_REDO = "nothing_to_redo"
    NO_UNDO_OF_DRAW = "no_undo_of_draw"
    GONE = "gone"
    FACE_DOWN = "face_down"
    LIES_UNDER = "lies_under"
    NO_UNDO_OF_TURN = "no_undo_of_turn"


_TEMPLATES: dict[Reason, str] = {
    Reason.NO_SUCH_COLUMN: "there is no column {column}: the columns are 1 to {count}",
    Reason.EMPTY_COLUMN: "column {column} is empty: empty columns are never filled",
    Reason.COVERED: "{card} is covered: only the exposed card at the bottom of a column "
    "can be played",
    Reason.NOT_ADJACENT: "{card} cannot go on {top}: a card must be one rank above or below "
    "the waste card",
    Reason.SAME_RANK: "{card} cannot go on {top}: equal ranks never match",
    Reason.KING_BLOCKS: "{card} cannot go on {top}: nothing can be played on a King",
    Reason.NO_WRAP: "{card} cannot go on {top}: King and Ace do not wrap in these rules",
    Reason.DEAD_END_QUEEN: "{card} cannot go on {top}: nothing can be played on a Queen that "
    "went on a King",
    Reason.STOCK_EMPTY: "the stock is empty: it is dealt only once",
    Reason.GAME_OVER: "the hand is over",
    Reason.NOTHING_TO_UNDO: "there is nothing to undo",
    Reason.NOTHING_TO_REDO: "there is nothing to redo",
    Reason.NO_UNDO_OF_DRAW: "a draw cannot be undone in competitive play: the stock order "
    "stays hidden",
    Reason.GONE: "card {column} has been played already",
    Reason.FACE_DOWN: "card {column} is face down: it turns over when no card lies on it",
    Reason.LIES_UNDER: "{card} is covered: a card can be played when no card lies on it",
    Reason.NO_UNDO_OF_TURN: "a play that turned a card over cannot be undone in competitive "
    "play: face-down cards stay hidden",
}


@dataclass(frozen=True, slots=True)
class Refusal:
    """A refused move: the rule broken and the cards or column it concerns."""

    reason: Reason
    card: Card | None = None
    top: Card | None = None
    column: int | None = None
    count: int | None = None

    def __post_init__(self) -> None:
        require(self.reason, Reason, "reason")
        for name in ("card", "top"):
            require(getattr(self, name), (Card, type(None)), name)
        for name in ("column", "count"):
            require(getattr(self, name), (int, type(None)), name)

    @property
    def params(self) -> dict[str, Any]:
        """The values a translated template needs, cards in display form."""
        values: dict[str, Any] = {}
        if self.card is not None:
            values["card"] = self.card.pretty
        if self.top is not None:
            values["top"] = self.top.pretty
        if self.column is not None:
            values["column"] = self.column + 1
        if self.count is not None:
            values["count"] = self.count
        return values

    @property
    def message(self) -> str:
        """The English sentence a player reads."""
        return _TEMPLATES[self.reason].format(**self.params)


def template(reason: Reason) -> str:
    """The English template of ``reason`` (the source text translations follow)."""
    return _TEMPLATES[reason]


def shown(value: Any) -> str:
    """``repr(value)`` for an error message, cut short: a file may hold a huge string.

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx..."
    """
    return cut(repr(value))


def cut(text: str, width: int = 40) -> str:
    """``text`` for an error message: its first ``width`` characters and "..." when longer.

    >>> cut("1234567", 5), cut("12345", 5)
    ('12345...', '12345')
    """
    return text if len(text) <= width else text[:width] + "..."


class IllegalMoveError(ValueError):
    """A move that the rules refuse; ``reason`` names the rule, the message says it."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.message)
        self.refusal = refusal

    @property
    def reason(self) -> Reason:
        """The rule the move breaks."""
        return self.refusal.reason
