"""Ranked deals drawn from a secret, so no player can look one up before playing it.

A numbered deal is public (anyone can deal PySolFC game ``n``), so a ranked deal is a deal
number picked by HMAC-SHA256 of a label (a competition's hole, a UTC date) under a key the
server keeps. The numbers spread over nearly 2**53 deals (PySolFC deals each of them with a
Mersenne Twister seeded by the number): a player who sees the columns dealt would have to
deal some 9 * 10**15 candidates to find the number, and with it the stock. 2**53 is where
the browser's numbers stop being exact, so a revealed number works in its links and games.

>>> key = "k" * 32
>>> hole_number(key, 1) == hole_number(key, 1) != hole_number(key, 2)
True
>>> 1 <= ranked_daily_number(key, dt.date(2026, 1, 5)) <= RANKED_RANGE
True
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from typing import Final

RANKED_RANGE: Final = 2**53 - 2**20
"""Ranked deals are numbered 1 to this: exact in JavaScript (below 2**53) even after a
winnable competition's search goes on past the number drawn (at most 10,000 further)."""

SECRET_BYTES: Final = 32
"""The length of a competition's secret and of the server's daily key, in bytes."""

MIN_KEY_LENGTH: Final = 16
"""The shortest key the server accepts when given one (characters)."""

DAILY_GRACE: Final = dt.timedelta(days=1)
"""How long after its UTC day a ranked daily hand may still be finished; its deal is
revealed when that time is over (and the hand then refuses moves)."""


def new_secret() -> str:
    """A fresh secret (hex) for a competition's deals or the server's daily key."""
    return secrets.token_hex(SECRET_BYTES)


def secret_number(key: str, label: str) -> int:
    """The deal number (1 to ``RANKED_RANGE``) that ``label`` names under ``key``."""
    digest = hmac.new(key.encode(), label.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % RANKED_RANGE + 1


def hole_number(secret: str, hole: int) -> int:
    """The deal number of a competition's ``hole`` (from 1; playoff holes follow the round)."""
    return secret_number(secret, f"hole {hole}")


def ranked_daily_number(key: str, day: dt.date) -> int:
    """The deal number of the ranked daily deal of ``day`` under the server's daily key."""
    return secret_number(key, f"daily {day.isoformat()}")


def daily_revealed(day: dt.date, today: dt.date) -> bool:
    """Whether the ranked deal of ``day`` is shown to everyone on ``today`` (UTC)."""
    return day + DAILY_GRACE < today


def first_revealed_day(day: dt.date) -> dt.date:
    """The first UTC day the ranked deal of ``day`` is shown."""
    return day + DAILY_GRACE + dt.timedelta(days=1)


def hidden_days(today: dt.date) -> tuple[dt.date, ...]:
    """The days whose ranked deals are still hidden on ``today`` (and tomorrow's, so a clock
    a little ahead changes nothing)."""
    return tuple(today + dt.timedelta(days=offset) for offset in (-1, 0, 1))
