"""Exact depth-first search over compiled boards: first clear, or the minimum strokes.

A position is one int (heights packed three bits a column, cards drawn, waste-top code,
dead-end flag). Every move removes a tableau card or draws, so the positions form a DAG and
a visited set never hides a better line from the first-clear search. The optimal search is a
memoised minimisation whose table keeps exact values and lower bounds, so its values can be
reused between calls on the same board (reviews and hints ask about many positions).

Moves are column numbers, or ``DRAW`` (-1).

>>> from golf_solitaire import Deal, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(2)
>>> search = Search(Board.from_position(deal, State.start(deal)))
>>> search.first_clear() is not None
True
>>> search.optimum()
0
"""

from __future__ import annotations

import time
from collections.abc import Callable

from golf_solitaire.solver.board import KING, NO_TOP, RANKS, Board
from golf_solitaire.solver.bounds import MatchingPlan

DRAW = -1
"""The move code of a draw."""

INFINITY = 1 << 20


class LimitReached(Exception):
    """The node or time budget ran out before the search finished."""


class Search:
    """Searches one board: ``first_clear()``, ``optimum()``, ``value_of(...)`` and lines."""

    CLOCK_EVERY = 2048

    def __init__(
        self,
        board: Board,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> None:
        self.board = board
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.nodes = 0
        self.plan = MatchingPlan.for_rules(board.rules)
        stock = board.stock
        self.suffix = [[0] * RANKS for _ in range(len(stock) + 1)]
        for index in range(len(stock) - 1, -1, -1):
            row = list(self.suffix[index + 1])
            row[stock[index]] += 1
            self.suffix[index] = row
        self.exact: dict[int, int] = {}
        self.lower: dict[int, int] = {}
        self._budget = self._next_check()

    # Budget --------------------------------------------------------------------------

    def _next_check(self) -> int:
        step = self.CLOCK_EVERY
        if self.max_nodes is not None:
            step = min(step, max(self.max_nodes - self.nodes, 1))
        return self.nodes + step

    def _tick(self) -> None:
        """Called when ``nodes`` reaches the budget mark: stop, or set the next mark."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise LimitReached
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise LimitReached
        self._budget = self._next_check()

    # Bounds --------------------------------------------------------------------------

    def _bound_function(self, tableau: list[int]) -> Callable[[int, int, bool, int], int]:
        """``bound(drawn, top, dead, left)``: admissible lower bound on the final strokes."""
        suffix = self.suffix
        unmatched = self.plan.unmatched
        stock_size = len(self.board.stock)
        kings_end_chains = self.board.strict_kings

        def bound(drawn: int, top: int, dead: bool, left: int) -> int:
            supply = list(tableau)
            universal = supply[0]
            if not dead:
                if top == NO_TOP:
                    universal += 1
                else:
                    supply[top] += 1
                    if top == 0:
                        universal += 1
            # Draws needed: cards the tableau and the top cannot precede must follow a draw.
            needed = unmatched(tableau, supply) - universal
            stock_left = stock_size - drawn
            if needed > stock_left:
                return 1
            with_stock = [a + b for a, b in zip(supply, suffix[drawn], strict=True)]
            missing = unmatched(tableau, with_stock) - universal - suffix[drawn][0]
            if missing > 0:
                return missing
            if kings_end_chains:
                kings = tableau[KING]
                kings_need = kings + (top == KING) - (1 if kings else 0)
                if kings_need > needed:
                    needed = kings_need
                if needed > stock_left:
                    return 1
            return (needed if needed > 0 else 0) - stock_left

        return bound

    def root_bound(self) -> int:
        """The lower bound on the final strokes of the board's own position."""
        board = self.board
        tableau = [0] * RANKS
        for column, height in zip(board.columns, board.heights, strict=True):
            for rank in column[:height]:
                tableau[rank] += 1
        if not any(board.heights):
            return -len(board.stock)
        bound = self._bound_function(tableau)
        return bound(0, board.top, board.dead_end, sum(board.heights))

    # The searches --------------------------------------------------------------------

    def first_clear(self) -> list[int] | None:
        """A line that clears the tableau, or ``None`` when none exists."""
        board = self.board
        columns = board.columns
        heights = list(board.heights)
        accepts = board.accepts
        stock = board.stock
        stock_size = len(stock)
        ncols = len(columns)
        powers = [8**i for i in range(ncols)]
        makes_dead = board.rules.queens_on_kings.value == "dead_end"
        tableau = [0] * RANKS
        for column, height in zip(columns, heights, strict=True):
            for rank in column[:height]:
                tableau[rank] += 1
        bound = self._bound_function(tableau)
        seen: set[int] = set()
        line: list[int] = []
        packed = sum(h * p for h, p in zip(heights, powers, strict=True))
        left_total = sum(heights)

        def visit(packed: int, drawn: int, top: int, dead: bool, left: int) -> bool:
            if left == 0:
                return True
            key = (((packed << 5) | drawn) << 4 | top) << 1 | dead
            if key in seen:
                return False
            seen.add(key)
            self.nodes += 1
            if self.nodes >= self._budget:
                self._tick()
            if bound(drawn, top, dead, left) > 0:
                return False
            if not dead:
                row = accepts[top]
                for column in range(ncols):
                    height = heights[column]
                    if height:
                        rank = columns[column][height - 1]
                        if row[rank]:
                            heights[column] = height - 1
                            tableau[rank] -= 1
                            line.append(column)
                            if visit(
                                packed - powers[column],
                                drawn,
                                rank,
                                makes_dead and top == KING and rank == 12,
                                left - 1,
                            ):
                                return True
                            line.pop()
                            tableau[rank] += 1
                            heights[column] = height
            if drawn < stock_size:
                line.append(DRAW)
                if visit(packed, drawn + 1, stock[drawn], False, left):
                    return True
                line.pop()
            return False

        if visit(packed, 0, board.top, board.dead_end, left_total):
            return line
        return None

    def optimum(self) -> int:
        """The minimum strokes from the board's position (exact)."""
        return self.value_of(self.board.heights, 0, self.board.top, self.board.dead_end)

    def value_of(
        self, heights: list[int], drawn: int, top: int, dead: bool, beta: int = INFINITY
    ) -> int:
        """Exact minimum strokes of a position of this board if below ``beta``, else a bound
        at least ``beta``. ``drawn`` counts draws from this board's stock."""
        board = self.board
        columns = board.columns
        heights = list(heights)
        accepts = board.accepts
        stock = board.stock
        stock_size = len(stock)
        ncols = len(columns)
        powers = [8**i for i in range(ncols)]
        makes_dead = board.rules.queens_on_kings.value == "dead_end"
        tableau = [0] * RANKS
        for column, height in zip(columns, heights, strict=True):
            for rank in column[:height]:
                tableau[rank] += 1
        bound = self._bound_function(tableau)
        exact = self.exact
        lower = self.lower

        def value(packed: int, drawn: int, top: int, dead: bool, left: int, beta: int) -> int:
            if left == 0:
                return drawn - stock_size
            key = (((packed << 5) | drawn) << 4 | top) << 1 | dead
            known = exact.get(key)
            if known is not None:
                return known
            floor = lower.get(key)
            if floor is not None and floor >= beta:
                return floor
            self.nodes += 1
            if self.nodes >= self._budget:
                self._tick()
            least = bound(drawn, top, dead, left)
            if floor is not None and floor > least:
                least = floor
            if least >= beta:
                lower[key] = least
                return least
            best = INFINITY
            moved = False
            if not dead:
                row = accepts[top]
                for column in range(ncols):
                    height = heights[column]
                    if height:
                        rank = columns[column][height - 1]
                        if row[rank]:
                            moved = True
                            heights[column] = height - 1
                            tableau[rank] -= 1
                            found = value(
                                packed - powers[column],
                                drawn,
                                rank,
                                makes_dead and top == KING and rank == 12,
                                left - 1,
                                beta if beta < best else best,
                            )
                            tableau[rank] += 1
                            heights[column] = height
                            if found < best:
                                best = found
                                if best <= least:
                                    exact[key] = best
                                    return best
            if drawn < stock_size:
                moved = True
                found = value(
                    packed, drawn + 1, stock[drawn], False, left, beta if beta < best else best
                )
                if found < best:
                    best = found
            if not moved:
                best = left
            if best < beta:
                exact[key] = best
            else:
                lower[key] = best
            return best

        packed = sum(h * p for h, p in zip(heights, powers, strict=True))
        return value(packed, drawn, top, dead, sum(heights), beta)

    def best_line(self) -> list[int]:
        """A line from the board's position that reaches ``optimum()`` strokes."""
        board = self.board
        heights = list(board.heights)
        drawn, top, dead = 0, board.top, board.dead_end
        target = self.optimum()
        makes_dead = board.rules.queens_on_kings.value == "dead_end"
        line: list[int] = []
        while True:
            children = self._children(heights, drawn, top, dead, makes_dead)
            if not children:
                return line
            for move, child in children:
                child_heights, child_drawn, child_top, child_dead = child
                if sum(child_heights) == 0:
                    found = child_drawn - len(board.stock)
                else:
                    found = self.value_of(
                        child_heights, child_drawn, child_top, child_dead, target + 1
                    )
                if found == target:
                    line.append(move)
                    heights, drawn, top, dead = child
                    break
            else:  # pragma: no cover - the table guarantees a child reaching the value
                raise AssertionError("no child reaches the optimum")
            if sum(heights) == 0:
                return line

    def _children(
        self, heights: list[int], drawn: int, top: int, dead: bool, makes_dead: bool
    ) -> list[tuple[int, tuple[list[int], int, int, bool]]]:
        board = self.board
        result: list[tuple[int, tuple[list[int], int, int, bool]]] = []
        if sum(heights) == 0:
            return result
        if not dead:
            row = board.accepts[top]
            for column, height in enumerate(heights):
                if height:
                    rank = board.columns[column][height - 1]
                    if row[rank]:
                        child = list(heights)
                        child[column] -= 1
                        dead_child = makes_dead and top == KING and rank == 12
                        result.append((column, (child, drawn, rank, dead_child)))
        if drawn < len(board.stock):
            result.append((DRAW, (list(heights), drawn + 1, board.stock[drawn], False)))
        return result
