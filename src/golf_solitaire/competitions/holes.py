"""Which deal each hole of a competition uses: secret numbered deals, the ranked daily deal,
or winnable only.

Every player gets the same deal on the same hole, and nobody can learn it first: hole ``n``
is the deal number ``hole_number(secret, n)`` under the competition's own secret (see
``golf_solitaire.secret_deals``). Playoff holes follow, so the tied players share a deal
nobody has seen in the round. A ``daily`` competition opens on the ranked daily deal; a
``winnable`` one plays the first deal from each hole's secret number on that the solver
proves clearable.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Final

from golf_solitaire.deals import Deal
from golf_solitaire.rules import Rules
from golf_solitaire.secret_deals import hole_number

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


def hole_deal(
    source: str, rules: Rules, secret: str, hole: int, daily_number: int | None = None
) -> dict[str, Any]:
    """The deal identity of ``hole`` (from 1) of a competition with deal ``secret``.

    ``daily_number`` is the ranked daily deal a ``daily`` competition opens with."""
    if source == "daily" and hole == 1:
        if daily_number is None:
            raise ValueError("daily_number: a daily competition opens on the ranked daily deal")
        return {"number": daily_number}
    number = hole_number(secret, hole)
    if source == "winnable":
        found = _winnable(number, rules).number
        assert found is not None  # a winnable deal is found by number
        number = found
    return {"number": number}


def round_deals(
    source: str, rules: Rules, secret: str, holes: int, daily_number: int | None = None
) -> list[dict[str, Any]]:
    """The deal identities of every hole of the round, in order."""
    return [hole_deal(source, rules, secret, hole, daily_number) for hole in range(1, holes + 1)]
