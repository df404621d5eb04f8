"""Exact search of the covering layouts (TriPeaks, Elevator, Escalator): a depth-first
branch and bound with a table of settled positions.

A position is the set of tableau positions still holding a card (a bitmask), the cards
drawn, and the waste-top code; the search sees every card, face down or not (it is
clairvoyant, like the Golf search that sees the stock). ``value_of`` is the fewest strokes
reachable (minus the stock left after a clear, else the cards left), found exactly when below
the target it is given and otherwise bounded from below; settled values and bounds are kept,
so every later question on the same board (a review, a hint, a line) reuses them. It answers
the same questions as ``search.Search`` with the same move codes (positions, ``DRAW``).

>>> from golf_solitaire import Deal, Rules, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(1, Rules.named("tripeaks"))
>>> search = CoverSearch(Board.from_position(deal, State.start(deal)))
>>> search.optimum(), len(search.best_line())
(-8, 43)
"""

from __future__ import annotations

import random

from golf_solitaire.layouts import layout_named
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.search import DRAW, INFINITY, Child, LimitReached, Search, SearchBase


class CoverSearch(SearchBase):
    """Searches one board of a covering layout: ``first_clear()``, ``optimum()``,
    ``value_of(...)``, ``children(...)`` and lines."""

    CLOCK_EVERY = 1024

    def _prepare(self) -> None:
        """Ranks and cover masks by position, the tables of settled positions."""
        board = self.board
        layout = layout_named(board.rules.layout)
        self._size = len(board.columns)
        self._ranks = [column[0] if column else 0 for column in board.columns]
        self._under = layout.under
        self._cover_masks = [
            sum(1 << cover for cover in layout.covers_of(position))
            for position in range(self._size)
        ]
        self.exact: dict[int, int] = {}
        self.lower: dict[int, int] = {}
        self.dead: set[int] = set()
        self._optimum: int | None = None
        self._found = INFINITY  # the fewest strokes reached by the running ``value_of``

    # Positions ------------------------------------------------------------------------

    def _mask(self, heights: list[int]) -> int:
        return sum(1 << position for position, height in enumerate(heights) if height)

    def _heights(self, mask: int) -> list[int]:
        return [(mask >> position) & 1 for position in range(self._size)]

    def _plays(self, mask: int, top: int) -> list[int]:
        """The uncovered positions of ``mask`` whose card ``top`` accepts."""
        accepts = self.board.accepts[top]
        ranks = self._ranks
        covers = self._cover_masks
        return [
            position
            for position in range(self._size)
            if (mask >> position) & 1 and not mask & covers[position] and accepts[ranks[position]]
        ]

    def _frees(self, mask: int, position: int) -> int:
        """How many cards ``position``'s removal (``mask`` is the cards left after it) frees."""
        covers = self._cover_masks
        return sum(1 for below in self._under[position] if not mask & covers[below])

    def root_bound(self) -> int:
        """A lower bound on the board's final strokes: every stock card kept."""
        return -len(self.board.stock)

    def rollouts(
        self, count: int, start: tuple[list[int], int, int] | None = None
    ) -> tuple[int, list[int]]:
        """The best score of ``count`` seeded random plays-first games, and its line.

        Each game plays an uncovered card that fits whenever there is one (a random one of
        them), and draws only when none fits: a score some line surely reaches, so a search
        stopped by its budget is judged by it rather than by every card left. ``start``
        (heights, cards drawn, waste-top code) plays from a position of this board instead of
        the board's own.
        """
        board = self.board
        stock = board.stock
        ranks = self._ranks
        rng = random.Random(1)
        first_heights, first_drawn, first_top = start or (board.heights, 0, board.top)
        first_mask = self._mask(first_heights)
        least = first_mask.bit_count()
        best_line = [DRAW] * (len(stock) - first_drawn)
        for _ in range(count):
            mask, drawn, top = first_mask, first_drawn, first_top
            line: list[int] = []
            while mask:
                plays = self._plays(mask, top)
                if plays:
                    position = plays[rng.randrange(len(plays))] if len(plays) > 1 else plays[0]
                    mask &= ~(1 << position)
                    top = ranks[position]
                    line.append(position)
                elif drawn < len(stock):
                    top = stock[drawn]
                    drawn += 1
                    line.append(DRAW)
                else:
                    break
            score = mask.bit_count() if mask else drawn - len(stock)
            if score < least:
                least, best_line = score, line
        return least, best_line

    # The searches ---------------------------------------------------------------------

    def value_of(self, heights: list[int], drawn: int, top: int, beta: int = INFINITY) -> int:
        """Exact minimum strokes of a position if below ``beta``, else a bound at least
        ``beta``; ``drawn`` counts draws from this board's stock, ``top`` is a code.
        ``LimitReached.found`` carries the fewest strokes reached when the budget stops it."""
        mask = self._mask(heights)
        stock_size = len(self.board.stock)
        if not mask:
            return drawn - stock_size
        self._found = INFINITY
        try:
            line: list[int] = []
            if beta <= 0 or not self._clear(mask, drawn, top, line):
                return self._value(mask, drawn, top, beta)
            # A clear is known: a better line must beat its score (the cut that makes it quick).
            score = drawn + line.count(DRAW) - stock_size
            self._found = score
            return min(self._value(mask, drawn, top, score), score)
        except LimitReached as stop:
            stop.found = self._found if self._found < beta else None
            raise

    def clears(self, heights: list[int], drawn: int, top: int) -> bool:
        """True when the position can clear the tableau (the cheap question)."""
        return self._clear(self._mask(heights), drawn, top, [])

    def _value(self, mask: int, drawn: int, top: int, beta: int) -> int:
        stock = self.board.stock
        left = len(stock) - drawn
        if not mask:
            self._found = min(self._found, -left)
            return -left
        key = ((mask << 5) | drawn) << 4 | top
        known = self.exact.get(key)
        if known is not None:
            if known < self._found:
                self._found = known
            return known
        floor = max(self.lower.get(key, -left), -left, 1 if key in self.dead else -left)
        if floor >= beta:
            return floor
        self.nodes += 1
        if self.nodes >= self._budget:
            self._tick()
        # Drawing out from here ends with every card left: a score always reachable.
        best = mask.bit_count()
        if best < self._found:
            self._found = best
        target = min(beta, best)
        ranks = self._ranks
        for position in self._plays(mask, top):
            value = self._value(mask & ~(1 << position), drawn, ranks[position], target)
            if value < target:
                best = target = value
                if best <= floor:
                    break
        if left and best > floor:
            value = self._value(mask, drawn + 1, stock[drawn], target)
            if value < target:
                best = value
        if best < beta:
            self.exact[key] = best
            if best < self._found:  # every position searched is reachable: so is its score
                self._found = best
            return best
        self.lower[key] = max(floor, beta)
        return max(floor, beta)

    def first_clear(self) -> list[int] | None:
        """A line that clears the tableau, or ``None`` when none exists (exact): a depth-first
        search that stops at the first clear, plays before the draw, remembering the
        positions proved not to clear."""
        board = self.board
        line: list[int] = []
        if not self._clear(self._mask(board.heights), 0, board.top, line):
            return None
        return line[::-1]

    def _clear(self, mask: int, drawn: int, top: int, line: list[int]) -> bool:
        """True when ``mask`` clears from here; the line's moves are added last move first."""
        if not mask:
            return True
        key = ((mask << 5) | drawn) << 4 | top
        if key in self.dead:
            return False
        left = mask.bit_count()  # drawing out from here: a score always reachable
        if left < self._found:
            self._found = left
        self.nodes += 1
        if self.nodes >= self._budget:
            self._tick()
        ranks = self._ranks
        plays = self._plays(mask, top)
        if len(plays) > 1:  # the play that frees most cards first: clears come much sooner
            plays.sort(key=lambda position: -self._frees(mask & ~(1 << position), position))
        for position in plays:
            if self._clear(mask & ~(1 << position), drawn, ranks[position], line):
                line.append(position)
                return True
        stock = self.board.stock
        if drawn < len(stock) and self._clear(mask, drawn + 1, stock[drawn], line):
            line.append(DRAW)
            return True
        self.dead.add(key)
        return False

    def optimum(self) -> int:
        """The minimum strokes from the board's position (exact; found once per search): the
        first clear's score is the target that a better line must beat."""
        if self._optimum is None:
            board = self.board
            self._optimum = self.value_of(board.heights, 0, board.top)
        return self._optimum

    def best_line(self) -> list[int]:
        """A line from the board's position that reaches ``optimum()`` strokes."""
        return self._walk_line(self.optimum())

    def first_best_line(self) -> list[int]:
        """The first line in move order (positions in order, then the draw) that reaches
        ``optimum()``."""
        return self._walk_line(self.optimum())

    def children(self, heights: list[int], drawn: int, top: int) -> list[Child]:
        """Every legal move of a position and the position it leads to."""
        mask = self._mask(heights)
        if not mask:
            return []
        result: list[Child] = []
        for position in self._plays(mask, top):
            result.append(
                (position, (self._heights(mask & ~(1 << position)), drawn, self._ranks[position]))
            )
        stock = self.board.stock
        if drawn < len(stock):
            result.append((DRAW, (list(heights), drawn + 1, stock[drawn])))
        return result


AnySearch = Search | CoverSearch
"""A search of either kind: columns (``Search``) or a covering layout (``CoverSearch``)."""


def search_for(
    board: Board, *, max_nodes: int | None = None, max_seconds: float | None = None
) -> AnySearch:
    """The search that fits the board's layout: ``CoverSearch`` for a covering layout, the
    column search (with its packed heights and bounds) for every other."""
    if layout_named(board.rules.layout).is_covering:
        return CoverSearch(board, max_nodes=max_nodes, max_seconds=max_seconds)
    return Search(board, max_nodes=max_nodes, max_seconds=max_seconds)
