r"""Along a finished game, the last position from which some line could still clear the
tableau (with the stock known), and the first from which none could: what a review can prove
when the best scores take too long.

Clearing is much cheaper to settle than a best score, and it only ever goes one way: a
position that cannot clear leads to none that can. So a move lost the clear exactly when the
position before it could clear and the one after it could not. The search proves positions
on either side of that move, the cheap ones first, under growing budgets; what it proved when
its limit runs out stays true.

>>> from golf_solitaire import Deal, Game, Rules
>>> from golf_solitaire.solver.chains import greedy_move
>>> from golf_solitaire.solver.reviews import search_of, states_of
>>> game = Game(Deal.numbered(4, Rules.named("double-golf")))
>>> while not game.is_over:
...     _ = game.apply(greedy_move(game))
>>> span = clear_span(game.deal, search_of(game, NO_LIMIT), states_of(game))
>>> span.kept, span.lost, span.settled
(2, 3, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Final

from golf_solitaire import state as rules_of_play
from golf_solitaire.deals import Deal
from golf_solitaire.solver.board import top_code
from golf_solitaire.solver.cover_search import AnySearch, CoverSearch
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import NO_LIMIT
from golf_solitaire.state import State

__all__ = ["NO_LIMIT", "ClearSpan", "clear_span"]

FIRST_TRY_NODES: Final = 1000
"""Positions one question may search in the first round; each round without an answer
allows ``GROWTH`` times more (a proof near the move that lost the clear often takes a few
dozen positions, one far from it millions)."""
GROWTH: Final = 4


@dataclass(frozen=True, slots=True)
class ClearSpan:
    """What was proved of a clear along a game of ``moves`` moves, its positions numbered by
    the moves made before them (0: the deal's start, ``moves``: the end).

    ``kept``: the last position proved to clear (so every one before it could too), or
    ``None`` when none was; ``lost``: the first position proved not to (so none after it
    could either), or ``None`` when none was (the tableau was cleared).

    >>> ClearSpan(40, 12, 13).settled, ClearSpan(40, None, 40).settled
    (True, False)
    """

    moves: int
    kept: int | None
    lost: int | None

    @property
    def settled(self) -> bool:
        """True when every position was proved one way or the other."""
        below = -1 if self.kept is None else self.kept
        above = self.moves + 1 if self.lost is None else self.lost
        return above == below + 1

    def clearable(self, position: int) -> bool | None:
        """Whether a line could clear the tableau from ``position``; ``None``: not proved.

        >>> span = ClearSpan(40, 12, 20)
        >>> span.clearable(3), span.clearable(15), span.clearable(20)
        (True, None, False)
        """
        if self.kept is not None and position <= self.kept:
            return True
        if self.lost is not None and position >= self.lost:
            return False
        return None


def clear_span(deal: Deal, search: AnySearch, states: list[State]) -> ClearSpan:
    """What ``search`` (of ``deal``, from its start) proves of a clear at each of ``states``
    (a game's positions) before its limit runs out."""
    moves = len(states) - 1
    last = states[-1]
    if not any(last.heights):
        return ClearSpan(moves, moves, None)  # the game cleared the tableau: so could all
    # A hand over with cards left cannot clear; a hand going on is asked like the others.
    kept, lost = -1, moves if rules_of_play.is_over(deal, last) else moves + 1
    budget = FIRST_TRY_NODES
    try:
        while lost - kept > 1:
            answered = False
            for position in dict.fromkeys((lost - 1, kept + 1)):
                clears = _clears_within(search, states[position], budget)
                if clears is not None:
                    if clears:
                        kept = position
                    else:
                        lost = position
                    answered = True
                    break
            if not answered:
                budget *= GROWTH
    except LimitReached:
        pass
    return ClearSpan(moves, None if kept < 0 else kept, None if lost > moves else lost)


def _clears_within(search: AnySearch, state: State, nodes: int) -> bool | None:
    """Whether some line clears from ``state``, or ``None`` when ``nodes`` more positions do
    not settle it (``LimitReached`` when the search's own limit runs out first). What the
    search proved stays in its table for the next question."""
    cap = search.max_nodes
    search.allow(nodes if cap is None else max(min(nodes, cap - search.nodes), 1))
    try:
        heights, top = list(state.heights), top_code(state)
        if isinstance(search, CoverSearch):
            return search.clears(heights, state.drawn, top)
        return search.clears_from(heights, state.drawn, top)
    except LimitReached:
        if (cap is not None and search.nodes >= cap) or (
            search.deadline is not None and time.perf_counter() >= search.deadline
        ):
            raise  # the search's own limit, not this question's
        return None
    finally:
        search.allow(1 if cap is None else max(cap - search.nodes, 1))
        search.max_nodes = cap  # with no cap, the next check only looks at the clock
