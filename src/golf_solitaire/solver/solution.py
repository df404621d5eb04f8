"""``solve``: can this position be cleared, what is its best score, and the line to it.

>>> from golf_solitaire import Deal
>>> solution = solve(Deal.numbered(2))
>>> solution.status, solution.best_score is not None
('solved', True)
>>> solve(Deal.numbered(2), optimal=True).best_score
0
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Literal

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.cover_search import search_for
from golf_solitaire.solver.search import DRAW, LimitReached, SearchBase
from golf_solitaire.state import State

Status = Literal["solved", "unsolvable", "intractable"]
Position = Deal | Game | tuple[Deal, State]


@dataclass(frozen=True, slots=True)
class Limit:
    """A search budget: at most ``nodes`` positions and ``seconds`` of time (None: no limit).

    >>> Limit(nodes=100_000).nodes
    100000
    """

    nodes: int | None = None
    seconds: float | None = None

    def __post_init__(self) -> None:
        if self.nodes is not None and (
            not isinstance(self.nodes, int) or isinstance(self.nodes, bool) or self.nodes < 1
        ):
            raise ValueError(
                f"limit nodes: expected a whole number of 1 or more, not {self.nodes!r}"
            )
        if self.seconds is not None and (
            isinstance(self.seconds, bool)
            or not isinstance(self.seconds, int | float)
            or not self.seconds > 0
        ):
            raise ValueError(f"limit seconds: expected a positive number, not {self.seconds!r}")


NO_LIMIT = Limit()


@dataclass(frozen=True, slots=True)
class Bracket:
    """Where an optimal search stopped by its limit left the best score: no line scores below
    ``floor``, and ``found_line`` (from the position searched) scores ``found``, or ``None``
    when it had found no line. The best score lies from ``floor`` to ``found``.

    >>> Bracket(-17, -16).clears, Bracket(2).clears, Bracket(-40).clears is None
    (True, False, True)
    """

    floor: int
    found: int | None = None
    found_line: tuple[Move, ...] = ()

    @property
    def clears(self) -> bool | None:
        """What the search proved of a clear: True (the line found clears the tableau), False
        (no line scores 0 or below) or ``None`` (neither)."""
        if self.found is not None and self.found <= 0:
            return True
        return False if self.floor > 0 else None

    @property
    def settled(self) -> bool:
        """True when the line found reaches the floor: its score is the best, proved."""
        return self.found == self.floor


@dataclass(frozen=True, slots=True)
class Solution:
    """The answer of ``solve``.

    ``status`` is ``solved`` (the tableau can be cleared), ``unsolvable`` (it cannot) or
    ``intractable`` (the limit ran out). ``line`` is the moves from the given position to
    ``best_score`` strokes; ``optimal`` says whether that score is proved the best (always in
    optimal mode; in winnable mode the line is the first clear found). ``nodes`` counts the
    positions searched. When the limit stops an optimal search, ``found`` is the fewest
    strokes of a line it had found (that line is ``found_line``) and ``floor`` the fewest it
    had not ruled out: the best score lies from ``floor`` to ``found``.

    >>> solution = solve(Deal.numbered(1), optimal=True)
    >>> solution.status, solution.best_score, solution.optimal, len(solution.line) > 0
    ('unsolvable', 6, True, True)
    """

    status: Status
    best_score: int | None
    line: list[Move]
    nodes: int
    seconds: float
    optimal: bool
    found: int | None = None
    found_line: list[Move] = field(default_factory=list)
    floor: int | None = None

    @property
    def is_solved(self) -> bool:
        """True when the tableau can be cleared from the position.

        >>> solve(Deal.numbered(2)).is_solved
        True
        """
        return self.status == "solved"


def position_of(position: Position) -> tuple[Deal, State]:
    """The (deal, state) a deal, a game or a (deal, state) pair stands for.

    >>> deal, state = position_of(Game(Deal.numbered(2)))
    >>> state.heights, state.drawn
    ((5, 5, 5, 5, 5, 5, 5), 0)
    """
    if isinstance(position, Deal):
        return position, State.start(position)
    if isinstance(position, Game):
        return position.deal, position.state
    if (
        isinstance(position, tuple)
        and len(position) == 2
        and isinstance(position[0], Deal)
        and isinstance(position[1], State)
    ):
        return position[0], position[1]
    raise TypeError(
        f"position: expected a Deal, a Game or a (Deal, State) pair, not {type(position).__name__}"
    )


def moves_of(codes: list[int]) -> list[Move]:
    """Search move codes as engine moves.

    >>> moves_of([3, DRAW])
    [Play(column=3), Draw()]
    """
    return [Draw() if code == DRAW else Play(code) for code in codes]


def solve(position: Position, *, optimal: bool = False, limit: Limit = NO_LIMIT) -> Solution:
    """Search ``position`` exactly: the first clear, or with ``optimal`` the minimum strokes.

    ``position`` is a ``Deal`` (from its start), a ``Game`` (from where it stands) or a
    ``(deal, state)`` pair; ``limit`` bounds the work (``status`` is then ``intractable``).

    >>> solve(Deal.numbered(1)).status
    'unsolvable'
    >>> solve(Deal.numbered(1), optimal=True).best_score
    6
    >>> solve(Deal.numbered(4), limit=Limit(nodes=10)).status
    'intractable'
    """
    require(optimal, bool, "optimal")
    require(limit, Limit, "limit")
    deal, state = position_of(position)
    started = time.perf_counter()
    finished = rules_of_play.outcome(deal, state)
    if finished is not None:
        return Solution(
            "solved" if finished.is_won else "unsolvable",
            finished.strokes,
            [],
            0,
            time.perf_counter() - started,
            True,
        )
    search = search_for(
        Board.from_position(deal, state), max_nodes=limit.nodes, max_seconds=limit.seconds
    )
    try:
        if optimal:
            best = search.optimum()
            codes = search.best_line()
        else:
            found = search.first_clear()
            codes = found if found is not None else []
            best = None
    except LimitReached:
        seconds = time.perf_counter() - started
        if not optimal:
            return Solution("intractable", None, [], search.nodes, seconds, False)
        bracket = bracket_of(search)
        return Solution(
            "intractable",
            None,
            [],
            search.nodes,
            seconds,
            False,
            found=bracket.found,
            found_line=list(bracket.found_line),
            floor=bracket.floor,
        )
    line = moves_of(codes)
    if not optimal and codes:
        best = _score_after(deal, state, line)
    status: Status = "solved" if best is not None and best <= 0 else "unsolvable"
    return Solution(status, best, line, search.nodes, time.perf_counter() - started, optimal)


def bracket_of(search: SearchBase) -> Bracket:
    """What an optimal search stopped by its limit knew: the best line it had found, and the
    fewest strokes it had not ruled out (the cards no stock order plays, else a clear keeping
    every stock card, or what it proved past that)."""
    stranded = search.root_bound()
    floor = max(stranded if stranded > 0 else -len(search.board.stock), search.floor)
    if search.found is None:
        return Bracket(floor)
    score, codes = search.found
    return Bracket(floor, score, tuple(moves_of(codes)))


def _score_after(deal: Deal, state: State, line: list[Move]) -> int:
    for move in line:
        state = rules_of_play.apply_unchecked(deal, state, move)
    return rules_of_play.strokes(deal, state)
