"""The solver seam: hints and end-of-hand verdicts when ``golf_solitaire.solver`` is there.

Without the solver the game says plainly that hints and analysis are unavailable; it never
guesses. Hints only use what the player sees (no peeking at the stock order).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Any

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Move
from golf_solitaire.rules import Rules
from golf_solitaire.solver_seam import deal_of_level, installed_solver

VERDICT_SECONDS = 10.0
"""The longest the end-of-hand screen waits for the solver's verdict on a deal."""


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the move to make (``None`` when no move can help) and the solver's reason."""

    move: Move | None
    reason: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver says of a whole deal: could it be cleared, and the best score.

    ``best_score`` is ``None`` when the search ran out of time before it could tell;
    ``level`` is the solver's rating: easy, medium, hard or unwinnable.
    """

    clearable: bool
    best_score: int | None
    level: str | None = None


class Analysis:
    """Hints and verdicts from ``solver`` (a module), or none at all when it is ``None``."""

    def __init__(self, solver: ModuleType | None) -> None:
        self.solver = solver

    @classmethod
    def installed(cls) -> Analysis:
        """The analysis the installed solver gives (unavailable without one)."""
        return cls(installed_solver())

    @property
    def available(self) -> bool:
        """True when hints and verdicts can be given."""
        return self.solver is not None

    def suggest(self, game: Game, language: str) -> Suggestion | None:
        """A fair hint for ``game`` (no stock order used), or ``None`` without a solver."""
        if self.solver is None:
            return None
        found: Any = self.solver.hint(game, peek=False)
        move = found.move if isinstance(found.move, Move) else None
        reason = str(found.text(language)) if hasattr(found, "text") else ""
        if not reason or reason.startswith("solver."):
            reason = str(found.reason)
        return Suggestion(move, reason)

    def verdict(self, deal: Deal) -> Verdict | None:
        """Whether ``deal`` could be cleared and its best score, or ``None`` without a solver."""
        if self.solver is None:
            return None
        limit = self.solver.Limit(seconds=VERDICT_SECONDS)
        try:
            rating: Any = self.solver.rate(deal, limit=limit)
        except self.solver.LimitReached:
            return Verdict(clearable=False, best_score=None)
        best = int(rating.best_score)
        return Verdict(clearable=best <= 0, best_score=best, level=str(rating.level))

    def deal_of_level(self, number: int, rules: Rules, level: str) -> Deal:
        """The first deal numbered ``number`` or more that the solver rates ``level``;
        ``ValueError`` when there is none in reach (within the solver's budget for the games)
        or no solver to rate deals."""
        return deal_of_level(self.solver, number, rules, level)

    def review(self, game: Game, language: str) -> str | None:
        """The solver's review of a finished hand (its first mistake, if any), or ``None``."""
        if self.solver is None:
            return None
        limit = self.solver.Limit(seconds=VERDICT_SECONDS)
        try:
            found: Any = self.solver.review(game, limit=limit)
        except self.solver.LimitReached:
            return None
        text = translate(language, f"solver.{found.code}", **found.params)
        if text.startswith("solver."):
            text = str(found.summary)
        return text[:1].upper() + text[1:]
