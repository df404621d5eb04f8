"""Competitions: a group plays the same deals; live leaderboards, playoffs, match play.

>>> from golf_solitaire.store import open_store
>>> service = CompetitionService(open_store("sqlite://:memory:"))
>>> created = service.create({"name": "Club night", "holes": 9, "deals": "number"})
>>> ann = service.join(created["code"], "Ann", None)
>>> service.play(created["code"], ann["player_id"])["hole"]
1
"""

from golf_solitaire.competitions.holes import DEAL_SOURCES, NeedsSolverError
from golf_solitaire.competitions.names import MAX_NAME_LENGTH, BadNameError, clean_name
from golf_solitaire.competitions.service import CompetitionService, UnknownPlayerError

__all__ = [
    "DEAL_SOURCES",
    "MAX_NAME_LENGTH",
    "BadNameError",
    "CompetitionService",
    "NeedsSolverError",
    "UnknownPlayerError",
    "clean_name",
]
