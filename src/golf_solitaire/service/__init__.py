"""The application layer: what every face and the competitions ask of a stored game.

A face turns input into a call here and the result into pixels or text; the rules of
restoring a stored game live here once, so the browser and the terminal cannot drift.
"""

from golf_solitaire.service.restore import Restored, restore

__all__ = ["Restored", "restore"]
