"""Can one chain still play every card? Degree counting on the ranks (an Euler-walk argument).

With no stock left, the rest of the hand is one chain from the waste top: a walk over the
ranks, one step up or down a card. A walk that visits rank ``r`` exactly ``n[r]`` times
crosses each edge between neighbouring ranks a fixed number of times, which the visit counts
decide once the walk's last rank is chosen: ``2 n[r] = e[r-1] + e[r]`` plus one for the
walk's first and one for its last rank. If for no last rank those crossings are whole,
non-negative and connect every rank present, no order of the cards clears the tableau. The
column order is ignored, so a "possible" answer proves nothing; "impossible" is a proof.

The rank graph is a path (A to K), or a cycle when K and A wrap. Under strict ends a King
accepts nothing, so it can only be the walk's last card. Rules with wild jokers or a
dead-end Queen have no such simple graph, and ``WalkCheck.for_rules`` gives ``None``.

>>> from golf_solitaire.rules import Rules
>>> check = WalkCheck.for_rules(Rules())
>>> counts = [0] * 14
>>> counts[8] = 1; counts[9] = 1          # an 8 and a 9 to play, the waste top is a 7
>>> check.possible(counts, 7)
True
>>> counts[5] = 1                         # and a 5: 7-8-9 never reaches it
>>> check.possible(counts, 7)
False
"""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.rules import QueensOnKings, Rules
from golf_solitaire.solver.board import DEAD_TOP, KING, NO_TOP

RANK_RANGE = range(1, KING + 1)


@dataclass(frozen=True, slots=True)
class WalkCheck:
    """The single-chain check of one rule set: ranks on a cycle (``wrap``) or on a path."""

    cycle: bool
    king_ends: bool
    """True when a King accepts nothing (strict ends): it can only be the last card."""

    @classmethod
    def for_rules(cls, rules: Rules) -> WalkCheck | None:
        """The check for ``rules``, or ``None`` when their ranks do not form a plain graph."""
        if rules.jokers or rules.queens_on_kings is QueensOnKings.DEAD_END:
            return None
        if rules.wrap:
            return cls(cycle=True, king_ends=False)
        return cls(cycle=False, king_ends=rules.queens_on_kings is QueensOnKings.OFF)

    def possible(self, tableau: list[int], top: int) -> bool:
        """False when no single chain from waste top ``top`` can play every tableau card."""
        if not any(tableau):
            return True
        if top == NO_TOP or tableau[0]:
            return True
        if top == DEAD_TOP or top == 0:
            return top == 0
        counts = list(tableau)
        counts[top] += 1
        if self.king_ends:
            if top == KING:
                return False
            if counts[KING] > 1:
                return False
            if counts[KING] == 1:
                return self._walks(counts, top, KING)
        return any(self._walks(counts, top, last) for last in RANK_RANGE if counts[last])

    def _walks(self, counts: list[int], first: int, last: int) -> bool:
        """Do whole, non-negative crossings connecting every rank present exist?"""
        demand = [0] * (KING + 1)
        for rank in RANK_RANGE:
            demand[rank] = 2 * counts[rank] - (rank == first) - (rank == last)
        crossings = [0] * (KING + 1)
        """crossings[r]: times the walk crosses between rank r and the next one up."""
        if self.cycle:
            # Around an odd cycle the crossings are unique: e[K] = (alternating sum) / 2.
            alternating = 0
            sign = 1
            for rank in RANK_RANGE:
                alternating += sign * demand[rank]
                sign = -sign
            if alternating % 2:
                return False
            previous = alternating // 2
        else:
            previous = 0
        for rank in RANK_RANGE:
            crossing = demand[rank] - previous
            if crossing < 0:
                return False
            crossings[rank] = crossing
            previous = crossing
        if not self.cycle and crossings[KING]:
            return False
        return self._connected(counts, crossings)

    def _connected(self, counts: list[int], crossings: list[int]) -> bool:
        """Every rank present is reached from every other across crossed edges."""
        present = [rank for rank in RANK_RANGE if counts[rank]]
        if self.cycle:
            # On a cycle the ranks present stay connected when at most one gap of uncrossed
            # edges lies between them.
            gaps = 0
            for index, rank in enumerate(present):
                following = present[(index + 1) % len(present)]
                step = rank
                while step != following:
                    if not crossings[step]:
                        gaps += 1
                        break
                    step = step % KING + 1
            return gaps <= 1
        return all(crossings[rank] for rank in range(present[0], present[-1]))
