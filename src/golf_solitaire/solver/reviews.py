r"""Game review: after each move, could the tableau still be cleared, and what was the best score?

The review knows the true stock order, so every value is exact; a competitive game is
reviewed only once its hand is over, since its stock order stays hidden until then. One
search table serves every position of the game, because a position's best score does not
depend on how it was reached.

>>> from golf_solitaire import Deal, Game
>>> board = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
>>> game = Game(Deal.from_text(board, partial=True))
>>> _ = game.draw()
>>> verdict = review(game)
>>> verdict.first_mistake.number, verdict.first_mistake.best_score_after
(1, 0)
>>> verdict.summary
'move 1 (draw 5♥) was the first mistake: the best reachable score went from -2 to 0'
>>> [str(move) for move in verdict.best_line_from_mistake]
['0', '0', '1']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require
from golf_solitaire.game import Game
from golf_solitaire.moves import Draw, Move
from golf_solitaire.solver.board import Board, top_code
from golf_solitaire.solver.frames import roomy
from golf_solitaire.solver.search import LimitReached, Search
from golf_solitaire.solver.solution import NO_LIMIT, Limit, moves_of
from golf_solitaire.solver.texts import render
from golf_solitaire.state import State


@dataclass(frozen=True, slots=True)
class ReviewEntry:
    """One move of the game, numbered from 1, with the best score before and after it.

    >>> from golf_solitaire import Deal, Game
    >>> game = Game(Deal.numbered(2))
    >>> _ = game.draw()
    >>> entry = review(game).entries[0]
    >>> entry.number, entry.card, entry.clearable_after, entry.best_score_after
    (1, '3♠', True, 0)
    """

    number: int
    move: Move
    card: str
    clearable_before: bool
    clearable_after: bool
    best_score_before: int
    best_score_after: int

    @property
    def is_mistake(self) -> bool:
        """True when the move made the best reachable score worse.

        >>> from golf_solitaire import Play
        >>> ReviewEntry(3, Play(5), "9♠", True, False, 0, 3).is_mistake
        True
        """
        return self.best_score_after > self.best_score_before


@dataclass(frozen=True, slots=True)
class Review:
    """Every move judged, the first mistake (or ``None``) and the best line from before it.

    ``summary`` is the English line; ``code``/``params`` let a face translate it.

    >>> from golf_solitaire import Deal, Game
    >>> game = Game(Deal.numbered(2))
    >>> for column in ("d", "d", "5"):
    ...     _ = game.apply(Move.parse(column))
    >>> verdict = review(game)
    >>> verdict.best_score_start, verdict.final_score, verdict.first_mistake.number
    (0, 34, 3)
    >>> verdict.summary
    'move 3 (9♠) was the first mistake: the best reachable score went from 0 to 3'
    """

    entries: list[ReviewEntry]
    best_score_start: int
    final_score: int
    first_mistake: ReviewEntry | None
    best_line_from_mistake: list[Move]
    summary: str
    code: str
    params: dict[str, Any]
    nodes: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form for faces.

        >>> from golf_solitaire import Deal, Game
        >>> data = review(Game(Deal.numbered(2))).to_dict()
        >>> data["first_mistake"], data["code"], data["entries"]
        (None, 'review.no_mistake', [])
        """
        return {
            "best_score_start": self.best_score_start,
            "final_score": self.final_score,
            "first_mistake": None if self.first_mistake is None else self.first_mistake.number,
            "best_line_from_mistake": [str(move) for move in self.best_line_from_mistake],
            "summary": self.summary,
            "code": self.code,
            "params": self.params,
            "entries": [
                {
                    "number": entry.number,
                    "move": str(entry.move),
                    "card": entry.card,
                    "clearable_before": entry.clearable_before,
                    "clearable_after": entry.clearable_after,
                    "best_score_before": entry.best_score_before,
                    "best_score_after": entry.best_score_after,
                    "is_mistake": entry.is_mistake,
                }
                for entry in self.entries
            ],
        }


def review(game_or_record: Game | dict[str, Any] | str, *, limit: Limit = NO_LIMIT) -> Review:
    """Judge every move of a game (or of a record, as a dict or JSON text).

    Raises ``LimitReached`` when ``limit`` runs out; ``RecordError`` for a bad record, and
    ``ValueError`` for a competitive game whose hand is not over (its stock order is hidden).

    >>> from golf_solitaire import Deal, Game
    >>> game = Game(Deal.numbered(2))
    >>> _ = game.play(4)
    >>> review(game.record()).summary
    'no mistake: every move kept the best score reachable (0)'
    """
    require(game_or_record, (Game, dict, str, bytes), "game_or_record")
    require(limit, Limit, "limit")
    game = game_or_record if isinstance(game_or_record, Game) else Game.from_record(game_or_record)
    if game.competitive and not game.is_over:
        raise ValueError(
            "review: the game is competitive and its hand is not over: the stock order stays "
            "hidden until the hand ends"
        )
    deal = game.deal
    start = State.start(deal)
    board = Board.from_position(deal, start)
    search = Search(board, max_nodes=limit.nodes, max_seconds=limit.seconds)
    states = [start]
    for move in game.moves:
        states.append(rules_of_play.apply(deal, states[-1], move))
    best = roomy(_bests, search, states)
    entries = []
    for index, move in enumerate(game.moves):
        card = states[index + 1].waste[-1].pretty
        entries.append(
            ReviewEntry(
                index + 1,
                move,
                card,
                best[index] <= 0,
                best[index + 1] <= 0,
                best[index],
                best[index + 1],
            )
        )
    first = next((entry for entry in entries if entry.is_mistake), None)
    line: list[Move] = []
    if first is not None:
        line = _line_from(deal, states[first.number - 1], limit)
        code = "review.mistake_draw" if isinstance(first.move, Draw) else "review.mistake"
        params: dict[str, Any] = {
            "number": first.number,
            "move": first.card,
            "before": first.best_score_before,
            "after": first.best_score_after,
        }
    elif best[0] > 0:
        code, params = "review.lost_from_start", {"best": best[0]}
    else:
        code, params = "review.no_mistake", {"best": best[0]}
    final = rules_of_play.strokes(deal, states[-1])
    return Review(
        entries, best[0], final, first, line, render(code, **params), code, params, search.nodes
    )


def _bests(search: Search, states: list[State]) -> list[int]:
    """``_best`` of each state, in one frame chunk for all (see ``frames.roomy``)."""
    return [_best(search, state) for state in states]


def _best(search: Search, state: State) -> int:
    """The exact best strokes reachable from ``state`` (a position of the search's deal)."""
    if not any(state.heights):
        return -(len(search.board.stock) - state.drawn)
    return search.value_of(list(state.heights), state.drawn, top_code(state))


def _line_from(deal: Any, state: State, limit: Limit) -> list[Move]:
    search = Search(
        Board.from_position(deal, state), max_nodes=limit.nodes, max_seconds=limit.seconds
    )
    try:
        return moves_of(search.best_line())
    except LimitReached:
        return []
