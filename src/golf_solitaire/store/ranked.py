"""The server's daily key and the guard that keeps ranked deals out of casual play.

The daily key is made on first use and kept in ``server_keys``, so every server process on
the database deals the same ranked daily deal; ``GOLF_DAILY_KEY`` sets it instead (servers
on separate databases then agree too). A casual game (or a round's hole, or an uploaded
record) may not start on a deal that is still hidden: a hole of a competition in play, or a
ranked daily deal not yet revealed.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import threading
from typing import Any, Final

from golf_solitaire.secret_deals import (
    MIN_KEY_LENGTH,
    hidden_days,
    new_secret,
    ranked_daily_number,
)
from golf_solitaire.store.database import Database, StoreError

DAILY_KEY_VARIABLE: Final = "GOLF_DAILY_KEY"
"""The environment variable that sets the server's daily key (at least 16 characters)."""

_DAILY_KEY_NAME: Final = "daily"

_HIDDEN_HOLE: Final = (
    "SELECT 1 FROM competition_holes h JOIN competitions c ON c.id = h.competition_id "
    "WHERE h.deal_json = ? AND c.finished_at IS NULL"
)


class RankedDealError(ValueError):
    """A casual game asked for a ranked deal that is still hidden."""


def _today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def key_from_environment() -> str | None:
    """The daily key ``GOLF_DAILY_KEY`` gives, or ``None``; StoreError when it is too short."""
    value = os.environ.get(DAILY_KEY_VARIABLE)
    if not value:
        return None
    if len(value) < MIN_KEY_LENGTH:
        raise StoreError(
            f"{DAILY_KEY_VARIABLE}: at least {MIN_KEY_LENGTH} characters, "
            f"not {len(value)} (a short key can be guessed)"
        )
    return value


class RankedDeals:
    """The server's secrets on one database: its daily key and which deals are hidden."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self._key: str | None = None
        self._lock = threading.Lock()

    def daily_key(self) -> str:
        """The server's daily key: ``GOLF_DAILY_KEY``, else the one stored (made once)."""
        with self._lock:
            if self._key is None:
                self._key = key_from_environment() or self._stored_key()
            return self._key

    def _stored_key(self) -> str:
        with self.database.transaction() as tx:
            tx.execute(
                "INSERT INTO server_keys (name, value, created_at) VALUES (?, ?, ?) "
                "ON CONFLICT (name) DO NOTHING",
                (_DAILY_KEY_NAME, new_secret(), dt.datetime.now(dt.UTC).isoformat()),
            )
            key = tx.text("SELECT value FROM server_keys WHERE name = ?", (_DAILY_KEY_NAME,))
        assert key is not None
        return key

    def daily_number(self, day: dt.date) -> int:
        """The deal number of the ranked daily deal of ``day``."""
        return ranked_daily_number(self.daily_key(), day)

    def refuse_hidden(self, deal: Any, today: dt.date | None = None) -> None:
        """RankedDealError when the deal identity ``deal`` names a ranked deal still hidden."""
        number = deal.get("number") if isinstance(deal, dict) else None
        if not isinstance(number, int) or isinstance(number, bool):
            return
        days = hidden_days(today or _today())
        if number in {self.daily_number(day) for day in days}:
            raise RankedDealError(
                f"deal: {number} is a ranked daily deal not yet revealed; "
                "it can be played once its day is over"
            )
        with self.database.transaction() as tx:
            hidden = tx.one(_HIDDEN_HOLE, (json.dumps({"number": number}),))
        if hidden is not None:
            raise RankedDealError(
                f"deal: {number} is a hole of a competition in play; "
                "it can be played once the competition is finished"
            )
