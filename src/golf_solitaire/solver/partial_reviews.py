r"""A review within a limit: the exact review when its best scores come in time, else what was
proved (``PartialReview``): the fair judgement as ever, and with the stock known, which move
lost the last clear, as far as the search settled it.

The clear is settled first, in the same search table the best scores then use (it is much
cheaper, and the table it leaves speeds them up), so both fit in the one limit.

>>> from golf_solitaire import Deal, Game, Rules
>>> from golf_solitaire.solver.chains import greedy_move
>>> game = Game(Deal.numbered(4, Rules.named("double-golf")))
>>> while not game.is_over:
...     _ = game.apply(greedy_move(game))
>>> found = review_within(game, limit=Limit(nodes=5000), fair_seconds=0)
>>> found.partial, found.lost_clear.number, found.code
(True, 3, 'review.clear_lost')
>>> found.summary
'move 3 (2♦) lost the clear: a line could still clear the tableau before it, none after'

"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

from golf_solitaire import state as rules_of_play
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Draw, Move
from golf_solitaire.solver.clear_span import ClearSpan, clear_span
from golf_solitaire.solver.reviews import (
    FAIR_MISTAKE,
    Review,
    ReviewTexts,
    card_of,
    entry_fields,
    exact_review,
    fair_losses,
    fair_verdict,
    game_to_review,
    search_of,
    states_of,
)
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import NO_LIMIT, Limit
from golf_solitaire.solver.texts import render


@dataclass(frozen=True, slots=True)
class PartialEntry:
    """One move of a game whose best scores were not proved: whether a clear was still in
    reach before and after it (``None``: not settled in time), and its fair judgement.

    >>> from golf_solitaire import Play
    >>> PartialEntry(3, Play(5), "9♠", True, False, 0.5).is_fair_mistake
    True
    """

    number: int
    move: Move
    card: str
    clearable_before: bool | None
    clearable_after: bool | None
    fair_loss: float | None = None
    """As ``ReviewEntry.fair_loss``: expected strokes given away by what the player saw."""

    @property
    def is_fair_mistake(self) -> bool:
        """True when the move gave away at least ``FAIR_MISTAKE`` expected strokes."""
        return self.fair_loss is not None and self.fair_loss >= FAIR_MISTAKE

    @property
    def lost_the_clear(self) -> bool:
        """True when the move was proved to lose the last clear: one could be reached before
        it, none after."""
        return self.clearable_before is True and self.clearable_after is False


@dataclass(frozen=True, slots=True)
class PartialReview(ReviewTexts):
    """A review whose best scores were not proved within the limit: only proved facts.

    ``span`` is what was proved of a clear along the game; ``entries`` each move with it and
    its fair judgement; ``summary`` (English) and ``code``/``params`` the hindsight judgement
    for a face to translate (``scores_unproved`` is said after it); ``nodes`` the positions
    searched.
    """

    entries: list[PartialEntry]
    span: ClearSpan
    final_score: int
    summary: str
    code: str
    params: dict[str, Any]
    nodes: int
    first_fair_mistake: PartialEntry | None = None
    fair_code: str = "review.fair_none"
    fair_params: dict[str, Any] = field(default_factory=dict)

    partial: ClassVar[bool] = True
    """The best scores were not proved: no move is called a mistake by them."""

    @property
    def lost_clear(self) -> PartialEntry | None:
        """The move proved to lose the last clear, or ``None`` (none did, or not settled)."""
        return next((entry for entry in self.entries if entry.lost_the_clear), None)

    def hindsight_text(self, language: str = "en") -> str:
        """The judgement with the stock known, in ``language``: what was proved of a clear,
        then that the best scores were not."""
        said = ReviewTexts.hindsight_text(self, language)
        return f"{said}. {translate(language, 'solver.review.scores_unproved')}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-compatible form for faces: ``partial`` true, no best scores, and the clear's
        span (``clear_kept``: the last position, by moves made, proved to clear; ``clear_lost``
        the first proved not to; ``clear_settled``)."""
        return {
            "partial": True,
            "final_score": self.final_score,
            "clear_kept": self.span.kept,
            "clear_lost": self.span.lost,
            "clear_settled": self.span.settled,
            **self._judgements(),
            "entries": [
                entry_fields(entry, {"lost_the_clear": entry.lost_the_clear})
                for entry in self.entries
            ],
        }


def review_within(
    game_or_record: Game | dict[str, Any] | str,
    *,
    limit: Limit = NO_LIMIT,
    fair_seconds: float | None = None,
) -> Review | PartialReview:
    """``review`` within ``limit``: the exact review when its best scores come in time (as
    ``review`` gives it, but for ``nodes``, which count the clear's search too), else a
    ``PartialReview`` of what was proved. ``fair_seconds`` as for ``review``."""
    game = game_to_review(game_or_record, limit)
    states = states_of(game)
    search = search_of(game, limit)
    span = clear_span(game.deal, search, states)
    try:
        return exact_review(game, states, search, limit, fair_seconds)
    except LimitReached:
        pass
    losses = fair_losses(game, states, limit, fair_seconds)
    entries = [
        PartialEntry(
            index + 1,
            move,
            card_of(states[index + 1]),
            span.clearable(index),
            span.clearable(index + 1),
            losses[index],
        )
        for index, move in enumerate(game.moves)
    ]
    code, params = _clear_verdict(span, entries)
    fair = next((entry for entry in entries if entry.is_fair_mistake), None)
    fair_code, fair_params = fair_verdict(fair, losses)
    return PartialReview(
        entries,
        span,
        rules_of_play.strokes(game.deal, states[-1]),
        render(code, **params),
        code,
        params,
        search.nodes,
        fair,
        fair_code,
        fair_params,
    )


def _clear_verdict(span: ClearSpan, entries: list[PartialEntry]) -> tuple[str, dict[str, Any]]:
    """The hindsight judgement's template and figures: what was proved of a clear, and only
    that (a position the search did not settle is never called either way)."""
    if span.lost == 0:
        return "review.clear_none", {}
    if span.settled:
        if span.lost is None:
            return "review.clear_kept", {}
        lost = entries[span.lost - 1]
        code = "review.clear_lost_draw" if isinstance(lost.move, Draw) else "review.clear_lost"
        return code, {"number": lost.number, "move": lost.card}
    kept = span.kept or None  # a clear from the start alone is said with the move that lost it
    if span.lost is None or (kept is None and span.lost == span.moves):
        if kept is None:  # nothing proved but, perhaps, that the finished hand was stuck
            return "review.clear_undecided", {}
        return "review.clear_kept_until", {"kept": kept}
    if span.kept is None:
        return "review.clear_lost_by", {"lost": span.lost}
    if kept is None:
        return "review.clear_between_start", {"lost": span.lost}
    return "review.clear_between", {"kept": kept, "lost": span.lost}
