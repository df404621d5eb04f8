"""The solver's answers for the terminal, in the player's language, from the service's analyst.

Without the solver the game says plainly that hints and analysis are unavailable; it never
guesses. Hints only use what the player sees (no peeking at the stock order).
"""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Move
from golf_solitaire.service import Analyst


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the move to make (``None`` when no move can help) and the solver's reason."""

    move: Move | None
    reason: str


class Analysis(Analyst):
    """The analyst, with its hints and reviews put in words for the terminal."""

    def suggest(self, game: Game, language: str) -> Suggestion | None:
        """A fair hint for ``game`` (no stock order used), or ``None`` without a solver."""
        found = self.hint(game)
        if found is None:
            return None
        reason = found.text(language)
        if not reason or reason.startswith("solver."):
            reason = found.reason
        return Suggestion(found.move, reason)

    def review_text(self, game: Game, language: str) -> str | None:
        """The solver's review of a finished hand (its first mistake, if any), or ``None``."""
        found = self.review(game)
        if found is None:
            return None
        text = translate(language, f"solver.{found.code}", **found.params)
        if text.startswith("solver."):
            text = found.summary
        return text[:1].upper() + text[1:]
