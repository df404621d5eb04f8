"""Winnable deals only: the first deal number at or after ``n`` that the solver can clear.

``Deal.numbered(n, rules)`` with ``rules.winnable_only`` calls ``first_winnable`` through the
seam ``golf_solitaire.deals.register_winnable_finder``; ``deal.number`` tells which deal it is.
Verdicts are cached per deal and rules, so neighbouring or repeated requests (the next
winnable deal, everyone's daily deal) solve each deal once per process.

>>> from golf_solitaire import Rules
>>> first_winnable(1, Rules(winnable_only=True)).number
2
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from typing import Final

from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.rules import Rules
from golf_solitaire.solver.solution import Limit, solve

PROOF_LIMIT: Final = Limit(nodes=200_000)
"""A deal whose clear is not found within this budget is skipped as not proved winnable."""

MAX_TRIES: Final = 10_000

CACHE_SIZE: Final = 65_536
"""Verdicts kept per process (a few bytes each)."""


@functools.lru_cache(maxsize=CACHE_SIZE)
def proved_clearable(number: int, rules: Rules) -> bool:
    """True when the solver finds a clear of deal ``number`` within ``PROOF_LIMIT`` (cached).

    >>> proved_clearable(1, Rules()), proved_clearable(2, Rules())
    (False, True)
    """
    plain = rules.with_options(winnable_only=False)
    if plain != rules:
        return proved_clearable(number, plain)
    return solve(Deal.numbered(number, plain), limit=PROOF_LIMIT).status == "solved"


def clearable_numbers(number: int, rules: Rules, tries: int = MAX_TRIES) -> Iterator[int]:
    """The deal numbers from ``number`` on, ``tries`` of them at most, that the solver proves
    clearable, in order.

    >>> list(clearable_numbers(1, Rules(), tries=12))
    [2, 5, 12]
    """
    for candidate in range(number, min(number + tries, MAX_DEAL_NUMBER + 1)):
        if proved_clearable(candidate, rules):
            yield candidate


def first_winnable(number: int, rules: Rules) -> Deal:
    """The first deal numbered ``number`` or more that the solver proves clearable.

    >>> first_winnable(3, Rules(winnable_only=True)).number
    5
    """
    for candidate in clearable_numbers(number, rules):
        return Deal.from_identity({"number": candidate}, rules)
    last = min(number + MAX_TRIES - 1, MAX_DEAL_NUMBER)
    raise ValueError(
        f"winnable_only: no deal from {number} to {last} could be proved "
        "clearable under these rules"
    )
