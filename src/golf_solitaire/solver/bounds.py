"""Proofs that a position is dead, and admissible bounds on the strokes still to come.

Every tableau card still to be played needs a predecessor: a card of an accepted rank that
lies on the waste just before it (the current top, a card drawn later, or another tableau
card played earlier). Each card is the predecessor of at most one card. So the number of
tableau cards that can still be played is at most a maximum matching between the cards still
to be played (demand, by rank) and the cards that may precede them (supply, by rank). The
ranks form a path (or, with wrap, a cycle cut open at the King by counting Kings twice, which
only adds supply), and on a path the greedy matching from one end is maximum. Cards left
unmatched can never be played: they are a lower bound on the strokes of any ending.

>>> from golf_solitaire.rules import Rules
>>> plan = MatchingPlan.for_rules(Rules())
>>> demand = [0] * 14; demand[13] = 2          # two Kings to play
>>> supply = [0] * 14; supply[12] = 1          # one Queen left that may precede them
>>> plan.unmatched(demand, supply)
1
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from golf_solitaire.rules import Rules
from golf_solitaire.solver.board import KING, RANKS, acceptance_table


@dataclass(frozen=True, slots=True)
class MatchingPlan:
    """The rank path of a rule set: supply slots and, per demand rank, its two supply slots."""

    slot_ranks: tuple[int, ...]
    demands: tuple[tuple[int, int, int], ...]
    """``(demand rank, left supply slot, right supply slot)``; a slot is -1 without an edge."""

    @classmethod
    def for_rules(cls, rules: Rules) -> MatchingPlan:
        """Lay the ranks out as paths along which the greedy matching is maximum."""
        accepts = acceptance_table(rules)
        if rules.wrap:
            # Cycle K(s) - A(d) - 2(s) - ... - K(d) - A(s) - 2(d) - ... - Q(d) - K(s), cut at
            # the King supply, which appears at both ends.
            order = [("s", KING)]
            rank = 1
            for step in range(26):
                order.append(("d" if step % 2 == 0 else "s", rank))
                rank = rank % 13 + 1
            order[-1] = ("s", KING)
            paths = [order]
        else:
            odd = [("d" if rank % 2 else "s", rank) for rank in range(1, 14)]
            even = [("s" if rank % 2 else "d", rank) for rank in range(1, 14)]
            paths = [odd, even]
        slot_ranks: list[int] = []
        demands: list[tuple[int, int, int]] = []
        for path in paths:
            slots: list[int] = []
            for kind, rank in path:
                if kind == "s":
                    slots.append(len(slot_ranks))
                    slot_ranks.append(rank)
                else:
                    slots.append(-1)
            for index, (kind, rank) in enumerate(path):
                if kind != "d":
                    continue
                left = slots[index - 1] if index > 0 else -1
                right = slots[index + 1] if index + 1 < len(path) else -1
                if left >= 0 and not accepts[slot_ranks[left]][rank]:
                    left = -1
                if right >= 0 and not accepts[slot_ranks[right]][rank]:
                    right = -1
                demands.append((rank, left, right))
        return cls(tuple(slot_ranks), tuple(demands))

    def unmatched(self, demand: list[int], supply: list[int]) -> int:
        """Demand (cards to play, by rank) that no supply (possible predecessors) can meet."""
        left_over = [supply[rank] for rank in self.slot_ranks]
        missing = 0
        for rank, left, right in self.demands:
            need = demand[rank]
            if not need:
                continue
            if left >= 0:
                have = left_over[left]
                if have >= need:
                    left_over[left] = have - need
                    continue
                need -= have
                left_over[left] = 0
            if right >= 0:
                have = left_over[right]
                if have >= need:
                    left_over[right] = have - need
                    continue
                need -= have
                left_over[right] = 0
            missing += need
        return missing

    def compile(self) -> Callable[[list[int], list[int]], int]:
        """``missing(demand, supply)``: ``unmatched`` as unrolled code, minus the jokers.

        ``supply`` holds the cards that may precede besides the tableau itself (stock left and
        waste top); index 0 counts wild supply (jokers, an empty waste). The tableau's own
        cards are supply too, so a slot of rank ``r`` starts at ``demand[r] + supply[r]``.
        """
        ranks = range(RANKS)
        lines = [
            "def missing(demand, supply):",
            f"    {', '.join(f'd{rank}' for rank in ranks)}, = demand",
            f"    {', '.join(f's{rank}' for rank in ranks)}, = supply",
            "    m = 0",
        ]
        for slot, rank in enumerate(self.slot_ranks):
            lines.append(f"    a{slot} = d{rank} + s{rank}")
        for rank, left, right in self.demands:
            lines.append(f"    need = d{rank}")
            lines.append("    if need:")
            for side in (left, right):
                if side < 0:
                    continue
                lines.append(f"        if a{side} >= need:")
                lines.append(f"            a{side} -= need")
                lines.append("            need = 0")
                lines.append("        else:")
                lines.append(f"            need -= a{side}")
                lines.append(f"            a{side} = 0")
            lines.append("        m += need")
        lines.append("    m -= d0 + s0")
        lines.append("    return m if m > 0 else 0")
        namespace: dict[str, Callable[[list[int], list[int]], int]] = {}
        exec("\n".join(lines), namespace)
        return namespace["missing"]
