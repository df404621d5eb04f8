"""The solver seam: hints and end-of-hand verdicts when ``golf_solitaire.solver`` is there.

Without the solver the game says plainly that hints and analysis are unavailable; it never
guesses. Hints only use what the player sees (no peeking at the stock order).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Move


@dataclass(frozen=True, slots=True)
class Suggestion:
    """A hint: the move to make (``None`` when no move can help) and the solver's reason."""

    move: Move | None
    reason: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver says of a whole deal: could it be cleared, and the best score.

    A cleared hand scores zero or less and a stuck one at least a stroke, so the best score
    alone tells whether the deal was clearable.
    """

    clearable: bool
    best_score: int


def _solver() -> ModuleType | None:
    try:
        return importlib.import_module("golf_solitaire.solver")
    except ImportError:
        return None


def available() -> bool:
    """True when the solver is installed, so hints and verdicts can be given."""
    return _solver() is not None


def suggest(game: Game) -> Suggestion | None:
    """A fair hint for ``game`` (no stock order used), or ``None`` without a solver."""
    solver = _solver()
    if solver is None:
        return None
    found: Any = solver.hint(game, peek=False)
    move = found.move
    return Suggestion(move if isinstance(move, Move) else None, str(found.reason))


def verdict(deal: Deal) -> Verdict | None:
    """Whether ``deal`` could be cleared and its best score, or ``None`` without a solver."""
    solver = _solver()
    if solver is None:
        return None
    solution: Any = solver.solve(deal, optimal=True)
    best = int(solution.best_score)
    return Verdict(clearable=best <= 0, best_score=best)
