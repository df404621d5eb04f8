"""Which deal each hole of a competition uses: numbered, the daily deals, or winnable only.

Every player gets the same deal on the same hole; playoff holes continue the sequence,
so the tied players share a deal nobody has seen in the round.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Any, Final

from golf_solitaire.deals import Deal, daily_number
from golf_solitaire.rules import Rules

DEAL_SOURCES: Final = ("number", "daily", "winnable")
"""How a competition picks its deals."""


class NeedsSolverError(ValueError):
    """Winnable deals were asked for but the solver is not installed."""


def _winnable(number: int, rules: Rules) -> Deal:
    try:
        return Deal.numbered(number, dataclasses.replace(rules, winnable_only=True))
    except ValueError as error:
        if "solver" in str(error):
            raise NeedsSolverError(
                "deals: winnable deals only needs the solver, which is not installed here"
            ) from None
        raise


def first_number(source: str, number: int | None, day: dt.date) -> int:
    """The number of hole 1's deal (the daily deal's number for ``daily``)."""
    if source == "daily":
        return daily_number(day)
    if number is None:
        raise ValueError("deal_number: needed for numbered and winnable deals")
    return number


def hole_deal(
    source: str,
    rules: Rules,
    first: int,
    day: str | None,
    hole: int,
    previous: dict[str, Any] | None,
) -> dict[str, Any]:
    """The deal identity of ``hole`` (from 1), given the identity of the hole before it."""
    if source == "daily" and hole == 1:
        assert day is not None
        return Deal.daily(day, rules).identity()
    if source == "winnable":
        start = first if previous is None else int(previous["number"]) + 1
        return {"number": _winnable(start, rules).number}
    return Deal.numbered(first + hole - 1, rules).identity()


def round_deals(
    source: str, rules: Rules, first: int, day: str | None, holes: int
) -> list[dict[str, Any]]:
    """The deal identities of every hole of the round, in order."""
    deals: list[dict[str, Any]] = []
    for hole in range(1, holes + 1):
        deals.append(hole_deal(source, rules, first, day, hole, deals[-1] if deals else None))
    return deals
