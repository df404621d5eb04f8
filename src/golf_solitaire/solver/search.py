"""Exact depth-first search over compiled boards: first clear, or the minimum strokes.

A position is one int (heights packed three bits a column, cards drawn, waste-top code).
Every move removes a tableau card or draws, so the positions form a DAG and a visited set
never hides a better line from the first-clear search. The optimal search is a memoised
minimisation whose table keeps exact values and lower bounds, so its values can be reused
between calls on the same board (reviews and hints ask about many positions).

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

import random
import time

from golf_solitaire.solver.board import (
    DEAD_TOP,
    NO_TOP,
    RANKS,
    TOP_CODES,
    Board,
    dead_after,
)
from golf_solitaire.solver.bounds import MatchingPlan

DRAW = -1
"""The move code of a draw."""

INFINITY = 1 << 20

Child = tuple[int, tuple[list[int], int, int]]
"""A move code and the position it leads to: heights, cards drawn, waste-top code."""


class _Restart(Exception):
    """An attempt of the first-clear search used up its own budget."""


class LimitReached(Exception):
    """The node or time budget ran out before the search finished."""


def _next_codes(board: Board) -> list[list[int]]:
    """``table[top][rank]``: the top code after playing ``rank`` on ``top``, -1 if refused."""
    table = []
    for top in range(TOP_CODES):
        row = []
        for rank in range(RANKS):
            if not board.accepts[top][rank]:
                row.append(-1)
            else:
                row.append(DEAD_TOP if dead_after(board.rules, top, rank) else rank)
        table.append(row)
    return table


class Search:
    """Searches one board: ``first_clear()``, ``optimum()``, ``value_of(...)`` and lines."""

    CLOCK_EVERY = 2048
    RESTARTS = 8
    RESTART_NODES = 2000

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
        self.missing = MatchingPlan.for_rules(board.rules).compile()
        self.next_codes = _next_codes(board)
        # successors[code]: bit mask of the ranks that may be played on that top code.
        self.successors = [
            sum(1 << rank for rank in range(RANKS) if self.next_codes[top][rank] >= 0)
            for top in range(TOP_CODES)
        ]
        stock = board.stock
        suffix = [[0] * RANKS for _ in range(len(stock) + 1)]
        for index in range(len(stock) - 1, -1, -1):
            row = list(suffix[index + 1])
            row[stock[index]] += 1
            suffix[index] = row
        # rows[drawn][top]: supply besides the tableau: the stock left and a live top.
        self.rows: list[list[list[int]]] = []
        for counts in suffix:
            per_top = []
            for top in range(TOP_CODES):
                row = list(counts)
                if top == NO_TOP:
                    row[0] += 1
                elif top != DEAD_TOP:
                    row[top] += 1
                per_top.append(row)
            self.rows.append(per_top)
        # Cards that some card deeper in their own column could precede: such a deeper card
        # is played later, so it can never be this card's predecessor.
        accepts = board.accepts
        self.predecessors = [[p for p in range(RANKS) if accepts[p][rank]] for rank in range(RANKS)]
        self.blocked: list[list[tuple[int, int, int]]] = []
        for column in board.columns:
            cards = []
            for index, rank in enumerate(column):
                if rank == 0:
                    continue
                deeper = sum(1 for below in column[:index] if accepts[below][rank])
                if deeper:
                    cards.append((index, rank, deeper))
            self.blocked.append(cards)
        self.links = [
            self.successors[rank] | sum(1 << p for p in self.predecessors[rank])
            for rank in range(RANKS)
        ]
        self.stock_successors = [0] * (len(stock) + 1)
        for index in range(len(stock) - 1, -1, -1):
            self.stock_successors[index] = (
                self.stock_successors[index + 1] | self.successors[stock[index]]
            )
        self._island_cache: dict[int, tuple[list[int], list[int]]] = {}
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

    def bound(self, tableau: list[int], drawn: int, top: int) -> int:
        """Admissible lower bound on the final strokes (``tableau``: cards left by rank).

        Positive: the tableau can no longer be cleared (that many cards can never be played).
        Otherwise minus the stock cards that may still be left at the clear.
        """
        missing = self.missing(tableau, self.rows[drawn][top])
        if missing > 0:
            return missing
        stock_left = len(self.board.stock) - drawn
        needed = self.draws_needed(tableau, drawn, top)
        if needed > stock_left:
            return 1
        return needed - stock_left

    def column_dead(self, tableau: list[int], heights: list[int], drawn: int, top: int) -> bool:
        """True when some card's only possible predecessors all lie deeper in its column."""
        row = self.rows[drawn][top]
        wild = tableau[0] + row[0]
        predecessors = self.predecessors
        for column, cards in enumerate(self.blocked):
            height = heights[column]
            for index, rank, deeper in cards:
                if index >= height:
                    break
                supply = wild
                for p in predecessors[rank]:
                    supply += tableau[p] + row[p]
                if supply <= deeper:
                    return True
        return False

    def _islands(self, present: int) -> tuple[list[int], list[int]]:
        """The rank islands of a set of ranks, and its ranks that nothing present may follow.

        Ranks are linked when a card of one may go on the other (either way). No tableau card
        outside an island can precede a card inside it, so the first card played from each
        island follows the waste top or a drawn card.
        """
        known = self._island_cache.get(present)
        if known is not None:
            return known
        links = self.links
        left = present
        islands: list[int] = []
        while left:
            island = left & -left
            grown = island
            while True:
                reach = grown
                rank = 0
                bits = grown
                while bits:
                    if bits & 1:
                        reach |= links[rank] & present
                    bits >>= 1
                    rank += 1
                if reach == grown:
                    break
                grown = reach
            islands.append(grown)
            left &= ~grown
        successors = self.successors
        ends = [
            rank for rank in range(RANKS) if present >> rank & 1 and not successors[rank] & present
        ]
        known = (islands, ends)
        self._island_cache[present] = known
        return known

    def draws_needed(self, tableau: list[int], drawn: int, top: int) -> int:
        """Fewest draws before the tableau can clear (more than the stock left: never).

        Each rank island needs its own entry from the waste top or a drawn card. A card that
        no tableau card may follow ends its chain: a draw must come after it, unless it is
        the last card of all. Successors only ever disappear, so both hold for the rest of the
        hand; and a drawn card that no tableau card may follow is wasted.
        """
        present = 0
        for rank in range(RANKS):
            if tableau[rank]:
                present |= 1 << rank
        stock = self.board.stock
        impossible = len(stock) - drawn + 1
        islands, end_ranks = self._islands(present)
        successors = self.successors
        top_follows = successors[top]
        reachable = self.stock_successors[drawn] | top_follows
        for island in islands:
            if not reachable & island:
                return impossible
        needed = len(islands) - (1 if top_follows & present else 0)
        ends = 0
        for rank in end_ranks:
            ends += tableau[rank]
        if ends:
            ends -= 1
        if not top_follows & present:
            ends += 1
        if ends > needed:
            needed = ends
        if needed <= 0:
            return 0
        index = drawn
        while needed:
            if index == len(stock):
                return impossible
            if successors[stock[index]] & present:
                needed -= 1
            index += 1
        return index - drawn

    def _tableau(self, heights: list[int]) -> list[int]:
        tableau = [0] * RANKS
        for column, height in zip(self.board.columns, heights, strict=True):
            for rank in column[:height]:
                tableau[rank] += 1
        return tableau

    def root_bound(self) -> int:
        """The lower bound on the final strokes of the board's own position."""
        board = self.board
        if not any(board.heights):
            return -len(board.stock)
        return self.bound(self._tableau(board.heights), 0, board.top)

    # The searches --------------------------------------------------------------------

    def first_clear(self) -> list[int] | None:
        """A line that clears the tableau, or ``None`` when none exists.

        Clears are often found fast in one move order and slowly in another, so the search
        restarts with shuffled orders under growing node budgets, keeping every position it
        proved dead; the last attempt has no budget of its own, so the answer is exact.
        """
        dead: set[int] = set()
        rng = random.Random(0)
        budget = self.RESTART_NODES
        for _ in range(self.RESTARTS):
            try:
                return self._first_clear(
                    dead, rng if budget != self.RESTART_NODES else None, self.nodes + budget
                )
            except _Restart:
                budget *= 2
        return self._first_clear(dead, rng, None)

    def _first_clear(
        self, dead: set[int], rng: random.Random | None, give_up: int | None
    ) -> list[int] | None:
        board = self.board
        columns = board.columns
        heights = list(board.heights)
        next_codes = self.next_codes
        stock = board.stock
        stock_size = len(stock)
        order = range(len(columns))
        powers = [8**i for i in range(len(columns))]
        tableau = self._tableau(heights)
        rows = self.rows
        missing = self.missing
        draws_needed = self.draws_needed
        column_dead = self.column_dead
        shuffle = rng.shuffle if rng is not None else None
        line: list[int] = []
        shift = len(columns)
        no_stock = not stock
        limit = INFINITY * INFINITY if give_up is None else give_up

        def visit(packed: int, drawn: int, top: int, left: int, fresh: bool) -> bool:
            # Two tops that allow the same plays have the same futures: key on the plays.
            row = next_codes[top]
            playable = 0
            plays = []
            for column in order:
                height = heights[column]
                if height:
                    rank = columns[column][height - 1]
                    code = row[rank]
                    if code >= 0:
                        playable |= 1 << column
                        plays.append((column, height, rank, code))
            key = ((packed << 5 | drawn) << shift) | playable
            if key in dead:
                return False
            self.nodes += 1
            if self.nodes >= self._budget:
                self._tick()
            if self.nodes >= limit:
                raise _Restart
            if missing(tableau, rows[drawn][top]) > 0 or (
                fresh
                and (
                    draws_needed(tableau, drawn, top) > stock_size - drawn
                    or column_dead(tableau, heights, drawn, top)
                )
            ):
                dead.add(key)
                return False
            if shuffle is not None and len(plays) > 1:
                shuffle(plays)
            for column, height, rank, code in plays:
                line.append(column)
                if left == 1:
                    return True
                heights[column] = height - 1
                tableau[rank] -= 1
                if visit(packed - powers[column], drawn, code, left - 1, no_stock):
                    return True
                tableau[rank] += 1
                heights[column] = height
                line.pop()
            if drawn < stock_size:
                line.append(DRAW)
                if visit(packed, drawn + 1, stock[drawn], left, True):
                    return True
                line.pop()
            dead.add(key)
            return False

        packed = sum(h * p for h, p in zip(heights, powers, strict=True))
        if not any(heights) or visit(packed, 0, board.top, sum(heights), True):
            return line
        return None

    def optimum(self) -> int:
        """The minimum strokes from the board's position (exact)."""
        return self.value_of(self.board.heights, 0, self.board.top)

    def value_of(self, heights: list[int], drawn: int, top: int, beta: int = INFINITY) -> int:
        """Exact minimum strokes of a position of this board if below ``beta``, else a bound
        at least ``beta``. ``drawn`` counts draws from this board's stock; ``top`` is a code."""
        board = self.board
        columns = board.columns
        heights = list(heights)
        next_codes = self.next_codes
        stock = board.stock
        stock_size = len(stock)
        order = range(len(columns))
        powers = [8**i for i in range(len(columns))]
        tableau = self._tableau(heights)
        bound = self.bound
        exact = self.exact
        lower = self.lower

        def value(packed: int, drawn: int, top: int, left: int, beta: int) -> int:
            if left == 0:
                return drawn - stock_size
            key = (packed << 5 | drawn) << 4 | top
            known = exact.get(key)
            if known is not None:
                return known
            floor = lower.get(key)
            if floor is not None and floor >= beta:
                return floor
            self.nodes += 1
            if self.nodes >= self._budget:
                self._tick()
            least = bound(tableau, drawn, top)
            if floor is not None and floor > least:
                least = floor
            if least >= beta:
                lower[key] = least
                return least
            best = INFINITY
            moved = False
            row = next_codes[top]
            for column in order:
                height = heights[column]
                if height:
                    rank = columns[column][height - 1]
                    code = row[rank]
                    if code >= 0:
                        moved = True
                        heights[column] = height - 1
                        tableau[rank] -= 1
                        found = value(
                            packed - powers[column],
                            drawn,
                            code,
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
                found = value(packed, drawn + 1, stock[drawn], left, beta if beta < best else best)
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
        return value(packed, drawn, top, sum(heights), beta)

    def best_line(self) -> list[int]:
        """A line from the board's position that reaches ``optimum()`` strokes."""
        board = self.board
        position = (list(board.heights), 0, board.top)
        target = self.optimum()
        line: list[int] = []
        while True:
            for move, child in self.children(*position):
                heights, drawn, top = child
                if not any(heights):
                    found = drawn - len(board.stock)
                else:
                    found = self.value_of(heights, drawn, top, target + 1)
                if found == target:
                    line.append(move)
                    position = child
                    break
            else:
                return line

    def children(self, heights: list[int], drawn: int, top: int) -> list[Child]:
        """Every legal move of a position and the position it leads to."""
        board = self.board
        result: list[Child] = []
        if not any(heights):
            return result
        row = self.next_codes[top]
        for column, height in enumerate(heights):
            if height:
                code = row[board.columns[column][height - 1]]
                if code >= 0:
                    child = list(heights)
                    child[column] -= 1
                    result.append((column, (child, drawn, code)))
        if drawn < len(board.stock):
            result.append((DRAW, (list(heights), drawn + 1, board.stock[drawn])))
        return result
