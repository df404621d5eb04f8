"""The browser game: a FastAPI server that owns every game, and a static client it serves.

``create_app(Settings(...))`` builds the application; ``golf serve`` runs it with uvicorn.
"""

from golf_solitaire.web.app import create_app
from golf_solitaire.web.settings import Settings

__all__ = ["Settings", "create_app"]
