"""Golf Solitaire: the rules engine, deals, records and rounds.

>>> from golf_solitaire import Deal, Game
>>> game = Game(Deal.numbered(42))
>>> game.is_over
False
"""

from typing import TYPE_CHECKING, Any

from golf_solitaire.cards import JOKER, Card, Rank, Suit
from golf_solitaire.deals import Deal, daily_number
from golf_solitaire.game import Game, Observation
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.notation import BoardSyntaxError
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal
from golf_solitaire.records import RecordError
from golf_solitaire.rules import PRESETS, QueensOnKings, Rules
from golf_solitaire.state import Outcome, State, Termination

if TYPE_CHECKING:
    from golf_solitaire.solver import Limit, hint, rate, review, solve

_SOLVER_NAMES = ("Limit", "hint", "rate", "review", "solve")


def __getattr__(name: str) -> Any:
    """The solver's names, imported on first use (the core never loads the solver itself)."""
    if name in _SOLVER_NAMES:
        from golf_solitaire import solver

        return getattr(solver, name)
    raise AttributeError(f"module 'golf_solitaire' has no attribute {name!r}")


__all__ = [
    "JOKER",
    "PRESETS",
    "BoardSyntaxError",
    "Card",
    "Deal",
    "Draw",
    "Game",
    "IllegalMoveError",
    "Limit",
    "Move",
    "Observation",
    "Outcome",
    "Play",
    "QueensOnKings",
    "Rank",
    "Reason",
    "RecordError",
    "Refusal",
    "Rules",
    "State",
    "Suit",
    "Termination",
    "daily_number",
    "hint",
    "rate",
    "review",
    "solve",
]
