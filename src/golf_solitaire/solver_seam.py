"""The solver as an optional part, seen from the games: is it installed, and the deal of a level.

Both faces (browser and terminal) reach ``golf_solitaire.solver`` through here, so that a game
without it says the same thing in both instead of failing on an import.

>>> from golf_solitaire import Rules
>>> deal_of_level(installed_solver(), 1, Rules(), "hard").number
12
>>> deal_of_level(None, 1, Rules(), "hard")
Traceback (most recent call last):
ValueError: level: picking a deal by level needs the solver, which is not installed
"""

from __future__ import annotations

import importlib
from types import ModuleType

from golf_solitaire.deals import Deal
from golf_solitaire.rules import Rules

NO_SOLVER_FOR_LEVEL = "level: picking a deal by level needs the solver, which is not installed"


def installed_solver() -> ModuleType | None:
    """The solver package, or ``None`` when it is not installed."""
    try:
        return importlib.import_module("golf_solitaire.solver")
    except ImportError:
        return None


def deal_of_level(solver: ModuleType | None, number: int, rules: Rules, level: str) -> Deal:
    """The first deal numbered ``number`` or more that ``solver`` rates ``level`` (easy, medium
    or hard), dealt under ``rules``; ``ValueError`` when none is found within the solver's
    budget for the games, or when there is no solver to rate deals."""
    if solver is None:
        raise ValueError(NO_SOLVER_FOR_LEVEL)
    deal: Deal = solver.deal_of_level(number, rules, level)
    return deal
