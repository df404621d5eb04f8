"""What the boards show of ranked deals: nothing while they are in play, then each deal's
number and a link to play it casually (and so review and solve it).

A competition's deals are shown once it is finished; a ranked daily deal once its day and
the grace after it are over (``golf_solitaire.secret_deals.daily_revealed``). A daily
competition's first hole is that day's ranked deal: it waits for the day, whatever the
competition does.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from typing import Any
from urllib.parse import urlencode

from golf_solitaire.rules import Rules
from golf_solitaire.secret_deals import daily_revealed, first_revealed_day
from golf_solitaire.store.competitions import CompetitionRow


def deal_link(number: int, rules: Rules) -> str:
    """The browser game's link that deals ``number`` under ``rules`` as a casual game."""
    return "/?" + urlencode({"deal": number, "rules": rules.label})


def _shown(number: int | None, rules: Rules, shown_from: dt.date | None) -> dict[str, Any]:
    return {
        "number": number,
        "link": None if number is None else deal_link(number, rules),
        "shown_from": None if shown_from is None else shown_from.isoformat(),
    }


def revealed_holes(
    row: CompetitionRow, deals: Sequence[tuple[int, dict[str, Any]]], today: dt.date
) -> list[dict[str, Any]]:
    """Each hole of a finished competition: its deal number and link, or (for a daily
    competition's first hole, before its day is revealed) the day it will be shown."""
    rules = Rules.from_dict(row.rules)
    holes = []
    for hole, identity in deals:
        number = identity.get("number")
        if not isinstance(number, int):  # a deal named otherwise (never made today)
            number = None
        if row.deals == "daily" and hole == 1 and row.day is not None:
            day = dt.date.fromisoformat(row.day)
            if not daily_revealed(day, today):
                holes.append({"hole": hole, **_shown(None, rules, first_revealed_day(day))})
                continue
        holes.append({"hole": hole, **_shown(number, rules, None)})
    return holes


def revealed_daily(
    day: dt.date,
    today: dt.date,
    played: Callable[[], dict[str, Any] | None],
    ranked: Callable[[], int],
    rules: Rules,
) -> dict[str, Any]:
    """A day's board's deal: ``deal_number`` and ``deal_link`` once revealed (the deal its
    games were dealt, else the ranked deal of the day), else ``None`` and ``shown_from``."""
    if not daily_revealed(day, today):
        return {
            "deal_number": None,
            "deal_link": None,
            "shown_from": first_revealed_day(day).isoformat(),
        }
    identity = played()
    found = None if identity is None else identity.get("number")
    number = found if isinstance(found, int) else ranked()
    return {"deal_number": number, "deal_link": deal_link(number, rules), "shown_from": None}
