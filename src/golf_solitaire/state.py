"""The immutable position of a hand and the pure rules that move it on.

A ``State`` is tiny: cards left per column, cards drawn, the waste pile, and whether its
top is a dead-end Queen. The cards themselves live in the ``Deal``; every function here
takes both, so the game, the solver and the hints share one move generator.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from golf_solitaire.arguments import require
from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.layouts import COVERING_LAYOUTS, Layout
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal


@dataclass(frozen=True, slots=True)
class State:
    """Cards left in each column, cards drawn from the stock, the waste pile (top last)."""

    heights: tuple[int, ...]
    drawn: int
    waste: tuple[Card, ...]
    dead_end: bool = False

    def __post_init__(self) -> None:
        # Made at every move: the containers' types only, not each item's.
        require(self.heights, tuple, "heights")
        require(self.drawn, int, "drawn")
        require(self.waste, tuple, "waste")
        require(self.dead_end, bool, "dead_end")

    @classmethod
    def start(cls, deal: Deal) -> State:
        """The position as dealt."""
        require(deal, Deal, "deal")
        return cls(tuple(len(column) for column in deal.columns), 0, deal.waste)

    @property
    def waste_top(self) -> Card | None:
        """The card played on next, or ``None`` for an empty waste (``empty_start``)."""
        return self.waste[-1] if self.waste else None

    @property
    def tableau_count(self) -> int:
        """Cards left in the tableau."""
        return sum(self.heights)

    def key(self) -> int:
        """One int naming the position (heights, drawn, dead end); the waste top follows."""
        value = self.drawn
        for height in self.heights:
            value = value * 8 + height
        return value * 2 + self.dead_end


class Termination(StrEnum):
    """How a hand ended."""

    CLEARED = "cleared"
    STUCK = "stuck"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a hand: how it ended and its strokes (negative: stock cards left)."""

    termination: Termination
    strokes: int

    def __post_init__(self) -> None:
        require(self.termination, Termination, "termination")
        require(self.strokes, int, "strokes")

    @property
    def is_won(self) -> bool:
        """True when the tableau was cleared."""
        return self.termination is Termination.CLEARED


def stock_left(deal: Deal, state: State) -> int:
    """Cards still in the stock."""
    return len(deal.stock) - state.drawn


def exposed(deal: Deal, state: State, column: int) -> Card | None:
    """The exposed card of ``column``, or ``None`` when it is empty (or, in a covering
    layout, when a card still lies on that position)."""
    height = state.heights[column]
    if not height:
        return None
    covering = COVERING_LAYOUTS.get(deal.rules.layout)
    if covering is not None and not uncovered(covering, state.heights, column):
        return None
    return deal.columns[column][height - 1]


def uncovered(layout: Layout, heights: tuple[int, ...], position: int) -> bool:
    """True when no card lies on ``position`` of a covering layout."""
    return not any(heights[cover] for cover in layout.covers_of(position))


def face_down(deal: Deal, state: State) -> tuple[int, ...]:
    """The positions whose card is face down now: dealt so and still covered."""
    covering = COVERING_LAYOUTS.get(deal.rules.layout)
    if covering is None or not covering.face_down:
        return ()
    heights = state.heights
    return tuple(
        position
        for position in sorted(covering.face_down)
        if heights[position] and not uncovered(covering, heights, position)
    )


def refusal(deal: Deal, state: State, move: Move) -> Refusal | None:
    """Why ``move`` is illegal in ``state``, or ``None`` when it is legal."""
    if not any(state.heights):
        return Refusal(Reason.GAME_OVER)
    problem = _move_refusal(deal, state, move)
    if problem is not None and is_over(deal, state):
        return Refusal(Reason.GAME_OVER)
    return problem


def _move_refusal(deal: Deal, state: State, move: Move) -> Refusal | None:
    """Why ``move`` breaks a rule of its own, the end of the hand aside."""
    if isinstance(move, Draw):
        if stock_left(deal, state) <= 0:
            return Refusal(Reason.STOCK_EMPTY)
        return None
    if not isinstance(move, Play):
        raise TypeError(f"not a move: {move!r}")
    column = move.column
    if not 0 <= column < len(state.heights):
        return Refusal(Reason.NO_SUCH_COLUMN, column=column, count=len(state.heights))
    covering = COVERING_LAYOUTS.get(deal.rules.layout)
    if covering is not None:
        problem = _position_refusal(covering, deal, state, column)
        if problem is not None:
            return problem
    card = exposed(deal, state, column)
    if card is None:
        return Refusal(Reason.EMPTY_COLUMN, column=column)
    return deal.rules.refusal(state.waste_top, card, top_is_dead_end=state.dead_end)


def _position_refusal(layout: Layout, deal: Deal, state: State, position: int) -> Refusal | None:
    """Why a covering layout's ``position`` cannot be played, whatever the waste: played
    already, face down (its card is not named: it is hidden), or covered."""
    if not state.heights[position]:
        return Refusal(Reason.GONE, column=position)
    if uncovered(layout, state.heights, position):
        return None
    if position in layout.face_down:
        return Refusal(Reason.FACE_DOWN, column=position)
    return Refusal(Reason.LIES_UNDER, card=deal.columns[position][0], column=position)


def covered_refusal(deal: Deal, state: State, column: int, row: int) -> Refusal | None:
    """Why the card at (column, row) cannot be played: covered, gone, or the waste refuses it."""
    if deal.rules.layout in COVERING_LAYOUTS:
        return refusal(deal, state, Play(column))
    height = state.heights[column]
    if row >= height:
        return Refusal(Reason.EMPTY_COLUMN, column=column)
    if row < height - 1:
        return Refusal(Reason.COVERED, card=deal.columns[column][row], column=column)
    return refusal(deal, state, Play(column))


def _playable_columns(deal: Deal, state: State) -> list[int]:
    """The columns whose exposed card may go on the waste now."""
    top = state.waste_top
    if state.dead_end:
        return []
    columns = deal.columns
    covering = COVERING_LAYOUTS.get(deal.rules.layout)
    if covering is not None:
        return _playable_positions(covering, deal, state)
    if top is None:
        return [column for column, height in enumerate(state.heights) if height]
    accepted = deal.rules.acceptance[top.rank]
    return [
        column
        for column, height in enumerate(state.heights)
        if height and accepted[columns[column][height - 1].rank]
    ]


def _playable_positions(layout: Layout, deal: Deal, state: State) -> list[int]:
    """The uncovered positions of a covering layout whose card may go on the waste now."""
    top = state.waste_top
    heights = state.heights
    accepted = deal.rules.acceptance[top.rank] if top is not None else None
    covers = layout.covers or ()
    cards = deal.columns
    playable = []
    for position, height in enumerate(heights):
        if not height:
            continue
        for cover in covers[position]:  # a loop, not any(): this runs at every move
            if heights[cover]:
                break
        else:
            if accepted is None or accepted[cards[position][0].rank]:
                playable.append(position)
    return playable


def can_play(deal: Deal, state: State) -> bool:
    """True when some column's exposed card may go on the waste."""
    return bool(_playable_columns(deal, state))


def is_over(deal: Deal, state: State) -> bool:
    """True when the tableau is clear, or the stock is empty and no play is legal."""
    if not any(state.heights):
        return True
    return stock_left(deal, state) <= 0 and not can_play(deal, state)


def legal_moves(deal: Deal, state: State) -> list[Move]:
    """Every legal move: plays by column, then the draw."""
    if not any(state.heights):
        return []
    moves: list[Move] = [Play(column) for column in _playable_columns(deal, state)]
    if state.drawn < len(deal.stock):
        moves.append(Draw())
    return moves


def apply(deal: Deal, state: State, move: Move) -> State:
    """The state after ``move``; raises ``IllegalMoveError`` naming the rule it breaks."""
    problem = refusal(deal, state, move)
    if problem is not None:
        raise IllegalMoveError(problem)
    return apply_unchecked(deal, state, move)


def apply_unchecked(deal: Deal, state: State, move: Move) -> State:
    """The state after a move already known to be legal (for search loops)."""
    if isinstance(move, Play):
        column = move.column
        heights = list(state.heights)
        card = deal.columns[column][heights[column] - 1]
        heights[column] -= 1
        dead = deal.rules.makes_dead_end(state.waste_top, card)
        return State(tuple(heights), state.drawn, (*state.waste, card), dead)
    card = deal.stock[state.drawn]
    return State(state.heights, state.drawn + 1, (*state.waste, card), False)


def strokes(deal: Deal, state: State) -> int:
    """Strokes by the rule book: cards left, or minus the stock left once the tableau is clear."""
    left = state.tableau_count
    return left if left else -stock_left(deal, state)


def outcome(deal: Deal, state: State) -> Outcome | None:
    """The end of the hand, or ``None`` while it goes on."""
    if not any(state.heights):
        return Outcome(Termination.CLEARED, strokes(deal, state))
    if is_over(deal, state):
        return Outcome(Termination.STUCK, strokes(deal, state))
    return None
