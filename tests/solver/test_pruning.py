"""The stuck cards (cards no chain can ever play) on small positions of every rule set.

The search asks ``Pruning.stuck`` where it needs only the stuck cards and ``Pruning.windows``
where it needs more; both must name the same cards, and no line of play may ever play one of
them (checked by walking every position the engine can reach).
"""

from __future__ import annotations

from hypothesis import strategies as st

from golf_solitaire import Deal, Rules
from golf_solitaire import state as engine
from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.pruning import Pruning
from golf_solitaire.state import State
from tests.solver.test_brute_force import by_rules, small_game


def lowest_heights(deal: Deal, start: State) -> list[int]:
    """Per column, the fewest cards any line of play from ``start`` leaves in it."""
    lowest = list(start.heights)
    seen: set[State] = set()
    todo = [start]
    while todo:
        state = todo.pop()
        key = State(state.heights, state.drawn, state.waste[-1:], state.dead_end)
        if key in seen:
            continue
        seen.add(key)
        lowest = [min(a, b) for a, b in zip(lowest, state.heights, strict=True)]
        if engine.outcome(deal, state) is None:
            todo.extend(engine.apply(deal, state, move) for move in engine.legal_moves(deal, state))
    return lowest


def stuck_by_column(pruning: Pruning, board: Board, present: int) -> list[int]:
    """How many cards at the bottom of each column ``Pruning.stuck`` says stay forever
    (``present``: the ranks left in the whole tableau)."""
    counts = []
    for column, height in enumerate(board.heights):
        alone = [height if index == column else 0 for index in range(len(board.heights))]
        counts.append(len(pruning.stuck(alone, present, 0, board.top)))
    return counts


@by_rules(examples=20)
def test_stuck_cards_are_never_played_and_match_the_windows(
    rules: Rules, data: st.DataObject
) -> None:
    deal, game = small_game(data, rules, 4)
    board = Board.from_position(deal, game.state)
    pruning = Pruning(board)
    tableau = pruning.tableau(board.heights)
    present = sum(1 << rank for rank in range(RANKS) if tableau[rank])

    stuck = pruning.stuck(board.heights, present, 0, board.top)
    assert stuck == pruning.windows(board.heights, present, 0, board.top)[0]

    counts = stuck_by_column(pruning, board, present)
    assert sum(counts) == len(stuck)
    for column, (count, lowest) in enumerate(
        zip(counts, lowest_heights(deal, game.state), strict=True)
    ):
        assert lowest >= count, f"column {column}: {count} stuck, yet a line leaves {lowest}"
