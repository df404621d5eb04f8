"""Moves: play a column's exposed card, or draw from the stock; their text forms.

>>> Move.parse("3"), Move.parse("d")
(Play(column=3), Draw())
>>> str(Play(3)), str(Draw())
('3', 'd')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from golf_solitaire.arguments import require


class Move:
    """A move of either kind; ``Move.parse`` reads its text form."""

    __slots__ = ()
    DRAW_WORDS: ClassVar[frozenset[str]] = frozenset({"d", "draw", "t", "talon", "stock"})

    @staticmethod
    def parse(text: str) -> Move:
        """Read ``"3"``, ``"d"``/``"draw"``, or black-hole-solver's ``"3:7S"``/``"T:8H"``."""
        require(text, str, "text")
        word = text.strip().lower()
        word = word.split(":", 1)[0] if ":" in word else word
        if word in Move.DRAW_WORDS:
            return Draw()
        if word.isdigit() and word.isascii() and len(word) <= 3:
            return Play(int(word))
        raise ValueError(f"not a move: {text!r} (expected a column number from 0, or 'd' to draw)")


@dataclass(frozen=True, slots=True)
class Play(Move):
    """Play the exposed card of ``column`` (counted from 0) onto the waste."""

    column: int

    def __post_init__(self) -> None:
        require(self.column, int, "column")

    def __str__(self) -> str:
        return str(self.column)


@dataclass(frozen=True, slots=True)
class Draw(Move):
    """Turn the stock's top card onto the waste."""

    def __str__(self) -> str:
        return "d"
