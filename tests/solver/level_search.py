"""An exact search by levels of draws: a second, independent way to a long stock's optimum.

A clear that draws ``d`` cards scores ``d`` minus the stock, so the best clear is the one with
the fewest draws. Level ``d`` holds every column heights reachable with ``d`` draws: the chain
of plays after the ``d``-th draw is followed from each of them (the waste top is that card),
and a heights reached once stays in every later level (drawing changes no heights). The first
level whose chains empty the tableau gives the fewest draws. Heights that the matching bound
says cannot clear before ``limit`` draws are dropped. It shares no table, target, move order
or first score with ``Search``: only the rules (``next_codes``) and the matching bound, whose
soundness the brute-force tests attack on their own.
"""

from __future__ import annotations

from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.pruning import Pruning


def fewest_draws_to_clear(board: Board, limit: int) -> int | None:
    """The fewest draws of a clear from the board's position when fewer than ``limit``, else
    ``None`` (no clear draws fewer)."""
    columns = board.columns
    stock = board.stock
    pruning = Pruning(board)
    next_codes = pruning.next_codes
    shifts = [3 * column for column in range(len(columns))]
    start = sum(height << shift for height, shift in zip(board.heights, shifts, strict=True))
    if not start:
        return 0
    live = [start]
    top = board.top
    for drawn in range(min(limit, len(stock) + 1)):
        if drawn:
            # Drop the heights whose cards cannot all find a predecessor by draw ``limit - 1``.
            supply = pruning.prefix_rows[drawn][min(limit - 1, len(stock)) - drawn][top]
            live = [
                packed
                for packed in live
                if not pruning.missing(_tableau(columns, shifts, packed), supply)
            ]
        seen = set(live)
        reached: set[tuple[int, int]] = set()
        stack = [(packed, top) for packed in live]
        while stack:
            packed, code = stack.pop()
            if (packed, code) in reached:
                continue
            reached.add((packed, code))
            if not packed:
                return drawn
            if packed not in seen:
                seen.add(packed)
                live.append(packed)
            row = next_codes[code]
            for cards, shift in zip(columns, shifts, strict=True):
                height = packed >> shift & 7
                if height:
                    after = row[cards[height - 1]]
                    if after >= 0:
                        stack.append((packed - (1 << shift), after))
        if drawn < len(stock):
            top = stock[drawn]
    return None


def _tableau(columns: list[list[int]], shifts: list[int], packed: int) -> list[int]:
    """The cards left under packed heights, counted by rank."""
    counts = [0] * RANKS
    for cards, shift in zip(columns, shifts, strict=True):
        for rank in cards[: packed >> shift & 7]:
            counts[rank] += 1
    return counts
