"""A beam search for a clear that keeps many stock cards: a first score for the optimum.

The draws split a hand into chains of plays. From each position kept after a number of draws,
every position its chain can reach is found (plays only, each reached position may draw
next); of all those, the ``width`` ranked best (fewest cards left) go on to the next draw. The
first level that clears gives the clear with the fewest draws the beam saw: a real line, so a
score the exact search may start from, not a bound.

>>> from golf_solitaire import Deal, Rules, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(2, Rules.named("double-golf"))
>>> score, line = beam_clear(Board.from_position(deal, State.start(deal)), 256)
>>> score < 0 and line.count(-1) == score + len(deal.stock)
True
"""

from __future__ import annotations

from golf_solitaire.solver.board import Board
from golf_solitaire.solver.pruning import Pruning

DRAW = -1
"""The move code of a draw (as in ``search``)."""

Reached = dict[tuple[tuple[int, ...], int], list[int]]
"""Positions of one chain (heights, waste-top code) and a line that reaches each."""


def beam_clear(board: Board, width: int, by_draws: bool = False) -> tuple[int, list[int]]:
    """The best score the beam finds from the board's position, and its line (cards left when
    no kept position clears: then the line draws the stock out from the one with fewest).

    ``by_draws`` ranks the positions after each draw by the fewest draws the matching bound
    says they still need (ties: fewest cards left) instead of by cards left alone; neither
    ranking wins on every deal (Double Golf 1-8), so the search runs both.
    """
    columns = board.columns
    stock = board.stock
    pruning = Pruning(board)
    next_codes = pruning.next_codes
    needed = _DrawsNeeded(pruning)
    level: list[tuple[tuple[int, ...], int, list[int]]] = [(tuple(board.heights), board.top, [])]
    for drawn in range(len(stock) + 1):
        reached: Reached = {}
        for heights, top, line in level:
            _chain(columns, next_codes, heights, top, line, reached)
        cleared = [line for (heights, _), line in reached.items() if not any(heights)]
        if cleared:
            return drawn - len(stock), min(cleared, key=len)
        # The heights alone matter after a draw: keep one line per heights, fewest cards first.
        after: dict[tuple[int, ...], list[int]] = {}
        for (heights, _), line in reached.items():
            after.setdefault(heights, line)
        ranked = sorted(after.items(), key=lambda item: (sum(item[0]), item[0]))
        if drawn == len(stock):
            heights, line = ranked[0]
            return sum(heights), line
        if by_draws:
            ranked.sort(key=lambda item: needed(item[0], drawn + 1))
        top = stock[drawn]
        level = [(heights, top, [*line, DRAW]) for heights, line in ranked[:width]]
    raise AssertionError("the last level returns")


class _DrawsNeeded:
    """The fewest draws after which the matching bound lets every card be played, for heights
    just after ``drawn`` draws (the waste top is the last card drawn); cached by ranks left."""

    def __init__(self, pruning: Pruning) -> None:
        self.pruning = pruning
        self.known: dict[tuple[tuple[int, ...], int], int] = {}

    def __call__(self, heights: tuple[int, ...], drawn: int) -> int:
        pruning = self.pruning
        tableau = pruning.tableau(list(heights))
        key = (tuple(tableau), drawn)
        known = self.known.get(key)
        if known is None:
            top = pruning.board.stock[drawn - 1]
            known = self.known[key] = pruning.draws_to_match(tableau, drawn, top, 0)
        return known


def _chain(
    columns: list[list[int]],
    next_codes: list[list[int]],
    heights: tuple[int, ...],
    top: int,
    line: list[int],
    reached: Reached,
) -> None:
    """Adds every position one chain of plays reaches from ``heights`` and ``top``."""
    if (heights, top) in reached:
        return
    reached[heights, top] = line
    row = next_codes[top]
    for column, height in enumerate(heights):
        if height:
            after = row[columns[column][height - 1]]
            if after >= 0:
                child = (*heights[:column], height - 1, *heights[column + 1 :])
                _chain(columns, next_codes, child, after, [*line, column], reached)
