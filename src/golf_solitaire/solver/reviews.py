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

import time
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Draw, Move
from golf_solitaire.solver.board import Board, top_code
from golf_solitaire.solver.cover_search import AnySearch, search_for
from golf_solitaire.solver.frames import roomy
from golf_solitaire.solver.hints import decimal, hint
from golf_solitaire.solver.search import LimitReached
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
    fair_loss: float | None = None
    """Expected strokes the move gave away against the best move for what the player could
    see then (the fair hint's judgement; 0 for the fair hint's own move or the only move;
    ``None`` when there was no time to judge it)."""

    @property
    def is_fair_mistake(self) -> bool:
        """True when the move gave away at least ``FAIR_MISTAKE`` expected strokes.

        >>> from golf_solitaire import Play
        >>> ReviewEntry(3, Play(5), "9♠", True, False, 0, 3, 0.5).is_fair_mistake
        True
        """
        return self.fair_loss is not None and self.fair_loss >= FAIR_MISTAKE

    @property
    def is_mistake(self) -> bool:
        """True when the move made the best reachable score worse.

        >>> from golf_solitaire import Play
        >>> ReviewEntry(3, Play(5), "9♠", True, False, 0, 3).is_mistake
        True
        """
        return self.best_score_after > self.best_score_before


class JudgedMove(Protocol):
    """A move as a review judges it: its number, the card it put on the waste, whether a
    clear was in reach before and after it (``None``: not settled), and the expected strokes
    it gave away by what the player saw (a ``ReviewEntry`` or a partial review's entry)."""

    @property
    def number(self) -> int: ...
    @property
    def move(self) -> Move: ...
    @property
    def card(self) -> str: ...
    @property
    def clearable_before(self) -> bool | None: ...
    @property
    def clearable_after(self) -> bool | None: ...
    @property
    def fair_loss(self) -> float | None: ...
    @property
    def is_fair_mistake(self) -> bool: ...


class ReviewTexts:
    """What the exact review and the partial one share: the fair judgement in words
    (``fair_code`` and ``fair_params``; it does not need the best scores), the hindsight
    judgement's template, and the JSON fields of both and of each move."""

    __slots__ = ()
    summary: str
    code: str
    params: dict[str, Any]
    first_fair_mistake: JudgedMove | None
    fair_code: str
    fair_params: dict[str, Any]

    @property
    def fair_summary(self) -> str:
        """The fair judgement in English: the first mistake the player could have seen."""
        return render(self.fair_code, **self._fair_figures("en"))

    def fair_text(self, language: str = "en") -> str:
        """The fair judgement in ``language`` (say it first: it judges what the player saw)."""
        return translate(language, f"solver.{self.fair_code}", **self._fair_figures(language))

    def hindsight_text(self, language: str = "en") -> str:
        """The judgement with the stock known, in ``language``, said apart from the fair one."""
        summary = translate(language, f"solver.{self.code}", **self.params)
        return translate(language, "solver.review.hindsight", summary=summary)

    def _fair_figures(self, language: str) -> dict[str, Any]:
        return {key: decimal(language, value) for key, value in self.fair_params.items()}

    def _judgements(self) -> dict[str, Any]:
        """The JSON fields of both judgements."""
        first = self.first_fair_mistake
        return {
            "summary": self.summary,
            "first_fair_mistake": None if first is None else first.number,
            "fair_summary": self.fair_summary,
            "fair_code": self.fair_code,
            "fair_params": self.fair_params,
            "code": self.code,
            "params": self.params,
        }


def entry_fields(entry: JudgedMove, middle: dict[str, Any]) -> dict[str, Any]:
    """A move's JSON fields, ``middle`` (each review's own) between those both give."""
    return {
        "number": entry.number,
        "move": str(entry.move),
        "card": entry.card,
        "clearable_before": entry.clearable_before,
        "clearable_after": entry.clearable_after,
        **middle,
        "fair_loss": entry.fair_loss,
        "is_fair_mistake": entry.is_fair_mistake,
    }


@dataclass(frozen=True, slots=True)
class Review(ReviewTexts):
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
    first_fair_mistake: ReviewEntry | None = None
    fair_code: str = "review.fair_none"
    fair_params: dict[str, Any] = field(default_factory=dict)

    partial: ClassVar[bool] = False
    """Every best score is exact (a ``PartialReview`` says what was proved when they were not)."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form for faces.

        >>> from golf_solitaire import Deal, Game
        >>> data = review(Game(Deal.numbered(2))).to_dict()
        >>> data["first_mistake"], data["code"], data["entries"]
        (None, 'review.no_mistake', [])
        """
        return {
            "partial": self.partial,
            "best_score_start": self.best_score_start,
            "final_score": self.final_score,
            "first_mistake": None if self.first_mistake is None else self.first_mistake.number,
            "best_line_from_mistake": [str(move) for move in self.best_line_from_mistake],
            **self._judgements(),
            "entries": [
                entry_fields(
                    entry,
                    {
                        "best_score_before": entry.best_score_before,
                        "best_score_after": entry.best_score_after,
                        "is_mistake": entry.is_mistake,
                    },
                )
                for entry in self.entries
            ],
        }


def review(
    game_or_record: Game | dict[str, Any] | str,
    *,
    limit: Limit = NO_LIMIT,
    fair_seconds: float | None = None,
) -> Review:
    """Judge every move of a game (or of a record, as a dict or JSON text).

    The fair judgement stops after ``fair_seconds`` (or ``limit``'s seconds): moves not
    judged by then have ``fair_loss`` ``None`` and the summary says how many.

    Raises ``LimitReached`` when ``limit`` runs out; ``RecordError`` for a bad record, and
    ``ValueError`` for a competitive game whose hand is not over (its stock order is hidden).

    >>> from golf_solitaire import Deal, Game
    >>> game = Game(Deal.numbered(2))
    >>> _ = game.play(4)
    >>> review(game.record()).summary
    'no mistake: every move kept the best score reachable (0)'
    """
    game = game_to_review(game_or_record, limit)
    states = states_of(game)
    return exact_review(game, states, search_of(game, limit), limit, fair_seconds)


def game_to_review(game_or_record: Game | dict[str, Any] | str, limit: Limit) -> Game:
    """The game a review judges (a record read); ``ValueError`` for a competitive game whose
    hand is not over, since its stock order stays hidden until the hand ends."""
    require(game_or_record, (Game, dict, str, bytes), "game_or_record")
    require(limit, Limit, "limit")
    game = game_or_record if isinstance(game_or_record, Game) else Game.from_record(game_or_record)
    if game.competitive and not game.is_over:
        raise ValueError(
            "review: the game is competitive and its hand is not over: the stock order stays "
            "hidden until the hand ends"
        )
    return game


def states_of(game: Game) -> list[State]:
    """Every position of ``game``: the deal's start, then one after each move."""
    states = [State.start(game.deal)]
    for move in game.moves:
        states.append(rules_of_play.apply(game.deal, states[-1], move))
    return states


def search_of(game: Game, limit: Limit) -> AnySearch:
    """The one search (and table) that judges every position of ``game``, within ``limit``."""
    board = Board.from_position(game.deal, State.start(game.deal))
    return search_for(board, max_nodes=limit.nodes, max_seconds=limit.seconds)


def exact_review(
    game: Game,
    states: list[State],
    search: AnySearch,
    limit: Limit,
    fair_seconds: float | None,
) -> Review:
    """The review with every best score exact, from ``search``'s table (``LimitReached`` when
    it runs out first: the fair judgement, which comes after, is then not begun)."""
    deal = game.deal
    best = roomy(_bests, search, states)
    losses = fair_losses(game, states, limit, fair_seconds)
    entries = []
    for index, move in enumerate(game.moves):
        entries.append(
            ReviewEntry(
                index + 1,
                move,
                card_of(states[index + 1]),
                best[index] <= 0,
                best[index + 1] <= 0,
                best[index],
                best[index + 1],
                losses[index],
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
    fair = next((entry for entry in entries if entry.is_fair_mistake), None)
    fair_code, fair_params = fair_verdict(fair, [entry.fair_loss for entry in entries])
    return Review(
        entries,
        best[0],
        final,
        first,
        line,
        render(code, **params),
        code,
        params,
        search.nodes,
        fair,
        fair_code,
        fair_params,
    )


def card_of(state: State) -> str:
    """The card a move put on the waste, as the player reads it (``state`` is after it)."""
    return state.waste[-1].pretty


FAIR_MISTAKE = 0.25
"""Expected strokes a move must give away to be called a mistake the player could have seen
(smaller differences are within what sampled stock orders can tell apart)."""


def fair_losses(
    game: Game, states: list[State], limit: Limit, fair_seconds: float | None
) -> list[float | None]:
    """Each move's expected strokes lost against the fair hint's best move at that position.

    The fair hint (default settings, seeded, so the same as the player was offered) judges
    every position with a choice; a move it would make loses nothing, and so does the only
    move. Past ``fair_seconds`` (``None``: ``limit``'s seconds) the rest are ``None`` (not
    judged)."""
    seconds = limit.seconds if fair_seconds is None else fair_seconds
    deal = game.deal
    deadline = None if seconds is None else time.perf_counter() + seconds
    losses: list[float | None] = []
    current = Game(deal)
    for state, move in zip(states, game.moves, strict=False):
        losses.append(_fair_loss(current, state, move, deadline))
        current.apply(move)
    return losses


def _fair_loss(game: Game, state: State, move: Move, deadline: float | None) -> float | None:
    """The expected strokes ``move`` gave away at ``game`` (at ``state``), as the fair hint
    judges it (``None``: past the deadline, or the hint did not count both moves)."""
    if len(rules_of_play.legal_moves(game.deal, state)) == 1:
        return 0.0
    if deadline is not None and time.perf_counter() >= deadline:
        return None
    advice = hint(game)
    values = advice.move_values
    if advice.move == move:
        return 0.0
    if advice.move is not None and advice.move in values and move in values:
        return max(0.0, values[move] - values[advice.move])
    return None


def fair_verdict(
    first: JudgedMove | None, losses: list[float | None]
) -> tuple[str, dict[str, Any]]:
    """The fair judgement's template and figures: the first fair mistake, else how many
    moves (of ``losses``, each move's) were not judged."""
    if first is not None:
        assert first.fair_loss is not None
        return "review.fair_mistake", {
            "number": first.number,
            "move": first.card,
            "loss": first.fair_loss,
        }
    unjudged = sum(loss is None for loss in losses)
    if unjudged:
        return "review.fair_partial", {"count": unjudged}
    return "review.fair_none", {}


def _bests(search: AnySearch, states: list[State]) -> list[int]:
    """``_best`` of each state, in one frame chunk for all (see ``frames.roomy``)."""
    return [_best(search, state) for state in states]


def _best(search: AnySearch, state: State) -> int:
    """The exact best strokes reachable from ``state`` (a position of the search's deal)."""
    if not any(state.heights):
        return -(len(search.board.stock) - state.drawn)
    return search.value_of(list(state.heights), state.drawn, top_code(state))


def _line_from(deal: Any, state: State, limit: Limit) -> list[Move]:
    search = search_for(
        Board.from_position(deal, state), max_nodes=limit.nodes, max_seconds=limit.seconds
    )
    try:
        return moves_of(search.best_line())
    except LimitReached:
        return []
