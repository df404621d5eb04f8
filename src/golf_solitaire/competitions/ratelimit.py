"""Rate limits: a token bucket per client (address, and token for moves), in each process.

The buckets live in the server process, so with ``uvicorn --workers N`` a client may get up
to N times the rate; that bounds abuse without a shared store. ``GOLF_COMPETITION_RATES``
changes the limits, e.g. ``join=10:0.2,move=30:15,create=5:0.05`` (burst:refill per second),
or ``off`` to disable them (load tests).
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass
from typing import Final

RATES_VARIABLE: Final = "GOLF_COMPETITION_RATES"
DEFAULT_RATES: Final = {"create": (5.0, 0.05), "join": (10.0, 0.2), "move": (30.0, 15.0)}
MAX_CLIENTS: Final = 50_000


@dataclass(slots=True)
class _Bucket:
    tokens: float
    stamp: float


class RateLimiter:
    """Token buckets by action and client key; ``allow`` spends one token if there is one."""

    def __init__(self, rates: dict[str, tuple[float, float]] | None) -> None:
        self.rates = rates
        self._buckets: dict[tuple[str, str], _Bucket] = {}
        self._lock = threading.Lock()

    @classmethod
    def from_environment(cls) -> RateLimiter:
        """Limits from ``$GOLF_COMPETITION_RATES`` over the defaults."""
        return cls(parse_rates(os.environ.get(RATES_VARIABLE, "")))

    def allow(self, action: str, key: str) -> bool:
        """True if ``key`` may do ``action`` now (and count it)."""
        if self.rates is None or action not in self.rates:
            return True
        burst, per_second = self.rates[action]
        now = time.monotonic()
        with self._lock:
            bucket = self._buckets.get((action, key))
            if bucket is None:
                if len(self._buckets) >= MAX_CLIENTS:
                    self._buckets.clear()
                bucket = self._buckets[(action, key)] = _Bucket(burst, now)
            bucket.tokens = min(burst, bucket.tokens + (now - bucket.stamp) * per_second)
            bucket.stamp = now
            if bucket.tokens < 1:
                return False
            bucket.tokens -= 1
            return True


def parse_rates(text: str) -> dict[str, tuple[float, float]] | None:
    """Limits from ``action=burst:per_second,...`` (``off``: none); ValueError if malformed."""
    text = text.strip()
    if text == "off":
        return None
    rates = dict(DEFAULT_RATES)
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        action, _, value = part.partition("=")
        burst, _, per_second = value.partition(":")
        if action not in DEFAULT_RATES:
            raise ValueError(f"{RATES_VARIABLE}: unknown action {action!r}")
        try:
            rates[action] = (float(burst), float(per_second))
        except ValueError:
            raise ValueError(f"{RATES_VARIABLE}: expected {action}=burst:per_second") from None
    return rates
