"""The terminal game: a Textual app over the core engine (``golf play`` starts it).

Importing this package pulls in Textual; the core never imports it.
"""

from golf_solitaire.tui.app import GolfApp

__all__ = ["GolfApp"]
