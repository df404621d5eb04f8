"""The one way every face and the competitions ask the solver about a game: typed answers,
one time limit.

The solver is an optional part (``golf_solitaire.solver``): without it every question
answers ``None`` (or ``False``), and a face says plainly that analysis is unavailable.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Final, Literal, Self

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.rules import Rules
from golf_solitaire.solver_seam import deal_of_level, installed_solver

if TYPE_CHECKING:
    from golf_solitaire.solver import Bracket, Difficulty, Hint, PartialReview, Review, Solution

ANALYSIS_SECONDS: Final = 10.0
"""The longest the solver searches for any one answer about a game: the end-of-hand verdict
and review, and the proof that an abandoned deal is unwinnable. Past it the answer is
"too hard to tell", never a wait without end."""
FAIR_REVIEW_SECONDS: Final = 5.0
"""Of that, how long a review may judge moves by what the player could see (the rest are
said to be not judged)."""

VERDICT_CACHE_SIZE: Final = 4096
"""Verdicts kept per analyst (a deal's verdict never changes; the same deal is asked often)."""

Status = Literal["solved", "unsolvable", "intractable"]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What the solver says of a whole deal from its start.

    ``status``: ``solved`` (it can be cleared), ``unsolvable`` (proved not to) or
    ``intractable`` (the time limit ran out before the best score was proved: then
    ``best_score`` and ``level`` are ``None``). ``best_score`` is only ever a proved best, and
    ``line`` a line to it; ``level`` is the rating (easy, medium, hard or unwinnable), ``None``
    when the best clear was proved but not yet rated.

    When the best score was not proved, what the stopped search still knew: ``found``, the
    best score of a line it found (``found_line``, moves from the deal's start; ``None`` when
    it found none), and ``floor``, a score no line beats. A found line that clears proves the
    deal clearable, a floor above 0 proves it not (``clears``).
    """

    status: Status
    best_score: int | None = None
    level: str | None = None
    line: tuple[str, ...] = ()
    found: int | None = None
    found_line: tuple[str, ...] = ()
    floor: int | None = None

    @property
    def clears(self) -> bool | None:
        """True when the deal was proved clearable, False when proved not to be, ``None``
        when the time ran out before either."""
        if self.status != "intractable":
            return self.status == "solved"
        if self.found is not None and self.found <= 0:
            return True
        return False if self.floor is not None and self.floor > 0 else None

    @property
    def clearable(self) -> bool:
        """True when the deal was proved clearable (its best score may not be)."""
        return self.clears is True


class Analyst:
    """The solver behind one typed adapter: hints, verdicts, reviews and proofs, each within
    ``seconds`` (and ``nodes`` positions, if given: a budget that does not hang on the
    machine's speed). ``solver`` is the solver package, or ``None`` when it is not installed."""

    def __init__(
        self,
        solver: ModuleType | None,
        seconds: float | None = ANALYSIS_SECONDS,
        *,
        nodes: int | None = None,
    ) -> None:
        self.solver = solver
        self.seconds = seconds
        self.nodes = nodes
        self._verdicts: dict[Deal, Verdict] = {}
        self._lock = threading.Lock()

    @classmethod
    def installed(cls) -> Self:
        """The analyst of the installed solver (unavailable without one)."""
        return cls(installed_solver())

    @property
    def available(self) -> bool:
        """True when the solver is there to answer."""
        return self.solver is not None

    def hint(self, game: Game) -> Hint | None:
        """A fair hint for ``game`` (from what the player sees: no stock order), or ``None``
        without a solver. A hint's search is bounded by its own node budget."""
        if self.solver is None:
            return None
        found: Hint = self.solver.hint(game, peek=False)
        return found

    def verdict(self, deal: Deal) -> Verdict | None:
        """The solver's verdict on ``deal`` from its start, or ``None`` without a solver. It
        is kept, also when the time ran out (so a deal played again is judged at once, the
        same way)."""
        if self.solver is None:
            return None
        known = self.known_verdict(deal)
        if known is not None:
            return known
        rating = self.solver.rate_within(deal, limit=self._limit())  # a Difficulty or a Bracket
        found = _bracketed(rating) if isinstance(rating, self.solver.Bracket) else _rated(rating)
        with self._lock:
            if len(self._verdicts) >= VERDICT_CACHE_SIZE:
                self._verdicts.clear()
            self._verdicts[deal] = found
        return found

    def known_verdict(self, deal: Deal) -> Verdict | None:
        """The verdict on ``deal`` if it was found already (no search), else ``None``."""
        with self._lock:
            return self._verdicts.get(deal)

    def review(self, game: Game) -> Review | PartialReview | None:
        """The solver's review of ``game``'s moves within the time limit, or ``None`` without
        a solver. When its best scores are not proved in time, the ``PartialReview`` of what
        was: which move lost the last clear, as far as settled. The fair judgement of each
        move (by what the player could see) gets ``FAIR_REVIEW_SECONDS`` either way; the
        moves not judged by then say so."""
        if self.solver is None:
            return None
        found: Review | PartialReview = self.solver.review_within(
            game, limit=self._limit(), fair_seconds=FAIR_REVIEW_SECONDS
        )
        return found

    def proved_unwinnable(self, deal: Deal) -> bool:
        """True when the solver proves that no line clears ``deal``; False when it can be
        cleared, when the time limit ran out first, or without a solver."""
        if self.solver is None:
            return False
        solution: Solution = self.solver.solve(deal, limit=self._limit())
        return solution.status == "unsolvable"

    def deal_of_level(self, number: int, rules: Rules, level: str) -> Deal:
        """The first deal numbered ``number`` or more that the solver rates ``level``;
        ``ValueError`` when there is none in reach or no solver to rate deals."""
        return deal_of_level(self.solver, number, rules, level)

    def _limit(self) -> object:
        assert self.solver is not None
        limit: object = self.solver.Limit(nodes=self.nodes, seconds=self.seconds)
        return limit


def _rated(rating: Difficulty) -> Verdict:
    """The verdict of a deal the solver rated in time."""
    return Verdict(
        "unsolvable" if rating.level == "unwinnable" else "solved",
        best_score=int(rating.best_score),
        level=str(rating.level),
        line=tuple(str(move) for move in rating.line),
    )


def _bracketed(bracket: Bracket) -> Verdict:
    """The verdict of a deal whose rating the time limit stopped: its best score if that was
    proved (without a level, unless no clear: unwinnable), else what the search knew."""
    line = tuple(str(move) for move in bracket.found_line)
    if bracket.settled:
        best = bracket.floor
        if best > 0:
            return Verdict("unsolvable", best_score=best, level="unwinnable", line=line)
        return Verdict("solved", best_score=best, line=line)
    return Verdict("intractable", found=bracket.found, found_line=line, floor=bracket.floor)
