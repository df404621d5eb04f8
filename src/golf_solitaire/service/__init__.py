"""The application layer: what every face and the competitions ask of a game.

A face turns input into a call here and the result into pixels or text; starting, restoring,
moving, finishing, abandoning and scoring a game, and asking the solver about it, live here
once, so the browser, the terminal and the competitions cannot drift apart.
"""

from golf_solitaire.service.analysis import ANALYSIS_SECONDS, Analyst, Verdict
from golf_solitaire.service.restore import Restored, restore, restore_line
from golf_solitaire.service.verdict_words import unproved_words

__all__ = [
    "ANALYSIS_SECONDS",
    "Analyst",
    "Restored",
    "Verdict",
    "restore",
    "restore_line",
    "unproved_words",
]
