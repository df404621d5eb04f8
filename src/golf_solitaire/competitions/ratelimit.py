"""Rate limits: a moving window per action and client address, in each server process.

The key is what the server knows for itself, the client's address, never a token the client
sends (made-up tokens would each get a fresh allowance). The windows are kept by the
``limits`` library in memory: each key's window expires on its own, so many keys cost
memory for a while but never reset anyone else's count.

With ``uvicorn --workers N`` a client may get up to N times the rate; that bounds abuse
without a shared store. ``GOLF_COMPETITION_RATES`` changes the limits, e.g.
``join=12/minute,move=30/second,create=5/minute``, or ``off`` to disable them (load tests).
"""

from __future__ import annotations

import os
from typing import Final

from limits import RateLimitItem, parse
from limits.aio.storage import MemoryStorage
from limits.aio.strategies import MovingWindowRateLimiter

RATES_VARIABLE: Final = "GOLF_COMPETITION_RATES"
DEFAULT_RATES: Final = {"create": "5/minute", "join": "12/minute", "move": "30/second"}


class RateLimiter:
    """Moving windows by action and client key; ``allow`` counts a request if it fits."""

    def __init__(self, rates: dict[str, RateLimitItem] | None) -> None:
        self.rates = rates
        self._windows = MovingWindowRateLimiter(MemoryStorage())

    @classmethod
    def from_environment(cls) -> RateLimiter:
        """Limits from ``$GOLF_COMPETITION_RATES`` over the defaults."""
        return cls(parse_rates(os.environ.get(RATES_VARIABLE, "")))

    async def allow(self, action: str, key: str) -> bool:
        """True if ``key`` may do ``action`` now (and count it)."""
        if self.rates is None or action not in self.rates:
            return True
        return await self._windows.hit(self.rates[action], action, key)


def parse_rates(text: str) -> dict[str, RateLimitItem] | None:
    """Limits from ``action=N/period,...`` (``off``: none); ValueError naming the part."""
    text = text.strip()
    if text == "off":
        return None
    chosen = dict(DEFAULT_RATES)
    for part in filter(None, (piece.strip() for piece in text.split(","))):
        action, _, value = part.partition("=")
        action = action.strip()
        if action not in DEFAULT_RATES:
            raise ValueError(
                f"{RATES_VARIABLE}: unknown action {action!r} (choose {', '.join(DEFAULT_RATES)})"
            )
        chosen[action] = value.strip()
    rates = {}
    for action, value in chosen.items():
        try:
            rates[action] = parse(value)
        except ValueError:
            raise ValueError(
                f"{RATES_VARIABLE}: {action}={value!r} is not a rate like 30/second"
            ) from None
    return rates
