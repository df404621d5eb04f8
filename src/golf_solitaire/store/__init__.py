"""Persistence for every face: players by token, games as records, rounds and statistics.

SQLite by default (``golf.sqlite3`` in the user's data folder); ``GOLF_DATABASE_URL`` or
``open_store(url)`` chooses another database, ``postgresql://...`` included.

>>> from golf_solitaire import Deal, Game
>>> store = open_store("sqlite://:memory:")
>>> player = store.create_player()
>>> game_id = store.create_game(player.id, Game(Deal.numbered(2)).record())
>>> stamp = store.append_move(game_id, "4", 0)
>>> store.load_game(game_id, player.id).record["moves"]
['4']
>>> store.close()
"""

from golf_solitaire.store.database import (
    DATABASE_URL_VARIABLE,
    StoreError,
    database_url,
    default_database_path,
)
from golf_solitaire.store.ranked import DAILY_KEY_VARIABLE, RankedDealError
from golf_solitaire.store.records import Player, PresetStatistics, StoredGame, StoredRound
from golf_solitaire.store.schema import LATEST_VERSION, MIGRATIONS, migrate
from golf_solitaire.store.store import NotFoundError, StaleMoveError, Store, open_store

__all__ = [
    "DAILY_KEY_VARIABLE",
    "DATABASE_URL_VARIABLE",
    "LATEST_VERSION",
    "MIGRATIONS",
    "NotFoundError",
    "Player",
    "PresetStatistics",
    "RankedDealError",
    "StaleMoveError",
    "Store",
    "StoreError",
    "StoredGame",
    "StoredRound",
    "database_url",
    "default_database_path",
    "migrate",
    "open_store",
]
