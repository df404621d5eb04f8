"""The solver's answers for the terminal, in the player's language, from the service's analyst.

Without the solver the game says plainly that hints and analysis are unavailable; it never
guesses. Hints only use what the player sees (no peeking at the stock order).
"""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.game import Game
from golf_solitaire.i18n import sentence
from golf_solitaire.moves import Move
from golf_solitaire.service import Analyst


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the move to make (``None`` when no move can help) and the solver's reason."""

    move: Move | None
    reason: str


@dataclass(frozen=True, slots=True)
class ReviewWords:
    """A review in words: ``fair`` judges what the player could see (said first),
    ``hindsight`` what the stock known would have allowed."""

    fair: str
    hindsight: str


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

    def review_text(self, game: Game, language: str) -> ReviewWords | None:
        """The solver's review of a finished hand, or ``None`` without a solver: the fair
        judgement (a mistake the player could have seen) and, apart, the one with the stock
        known (when the best scores were not proved in time, what was: the move that lost the
        last clear, as far as settled)."""
        found = self.review(game)
        if found is None:
            return None
        return ReviewWords(
            sentence(found.fair_text(language)), sentence(found.hindsight_text(language))
        )
