"""How hard a deal is, by the solver: how much stock the best line keeps, how narrow the way is.

A deal nobody can clear is ``unwinnable``. For a clearable one, two exact figures rate it:
``stock_kept``, the stock cards left by the best clear (more is easier), and how narrow the
way is: of the ``choices`` along that best line (positions with several legal moves), the
``narrow`` ones, where just one move keeps a clear possible. The level follows from both,
by thresholds of the layout's family (``thresholds_for``): Golf's put, of strict deals 1-300
that can be cleared, 33 hard, 22 medium, 16 easy; TriPeaks' own put its deals near the same
shares.

>>> from golf_solitaire import Deal
>>> rating = rate(Deal.numbered(2))
>>> rating.level, rating.stock_kept, rating.narrow, rating.choices
('medium', 0, 14, 34)
>>> rate(Deal.numbered(1)).level
'unwinnable'
"""

from __future__ import annotations

import dataclasses
import threading
import time
from dataclasses import dataclass
from typing import Final, NamedTuple

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require
from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.moves import Move
from golf_solitaire.rules import Rules
from golf_solitaire.solver.board import Board, top_code
from golf_solitaire.solver.cover_search import AnySearch, search_for
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import NO_LIMIT, Bracket, Limit, bracket_of, moves_of
from golf_solitaire.solver.winnable import clearable_numbers
from golf_solitaire.state import State

LEVELS: Final = ("easy", "medium", "hard", "unwinnable")
CLEARABLE_LEVELS: Final = LEVELS[:3]
HARD_SHARE: Final = 0.7
"""Hard (Golf): this share of the choices or more are narrow (or half of them, with no stock
kept)."""
EASY_SHARE: Final = 0.6
EASY_STOCK: Final = 2
"""Easy (Golf): fewer narrow choices than ``EASY_SHARE``, and this many stock cards kept or
more."""


@dataclass(frozen=True, slots=True)
class Thresholds:
    """Where a clearable deal's two figures put it: hard, easy, or else medium.

    Hard: ``hard_share`` of the choices or more are narrow, or at most ``hard_stock`` stock
    cards are kept with ``hard_stock_share`` or more narrow. Easy: fewer than ``easy_share``
    narrow, and ``easy_stock`` stock cards kept or more.

    >>> GOLF_THRESHOLDS.level(0, 0.5), GOLF_THRESHOLDS.level(3, 0.2), PEAKS_THRESHOLDS.level(9, 0)
    ('hard', 'easy', 'hard')
    """

    hard_share: float
    hard_stock: int
    hard_stock_share: float
    easy_share: float
    easy_stock: int

    def level(self, stock_kept: int, share: float) -> str:
        """The level of a clearable deal that keeps ``stock_kept`` and has ``share`` narrow."""
        if share >= self.hard_share or (
            stock_kept <= self.hard_stock and share >= self.hard_stock_share
        ):
            return "hard"
        if share < self.easy_share and stock_kept >= self.easy_stock:
            return "easy"
        return "medium"


GOLF_THRESHOLDS: Final = Thresholds(HARD_SHARE, 0, 0.5, EASY_SHARE, EASY_STOCK)
"""Golf's columns (two decks too) and the pyramids: of strict deals 1-300 that can be
cleared, 33 hard, 22 medium, 16 easy; of Elevator's (and Escalator's) 1-150, 24 can be
cleared: 7 hard, 8 medium, 9 easy."""
PEAKS_THRESHOLDS: Final = Thresholds(0.5, 9, 0.0, 0.25, 13)
"""TriPeaks clears keep many stock cards with few narrow choices, so Golf's thresholds found
its deals nearly all easy (1-99: 91 easy, 5 medium, 1 hard of 97 clearable). Hard here is 9
stock cards kept or fewer, or half the choices narrow; easy, 13 kept or more and under a
quarter narrow: 42 hard, 31 medium, 24 easy, near Golf's shares."""


def thresholds_for(rules: Rules) -> Thresholds:
    """The level thresholds of the layout family of ``rules``.

    >>> thresholds_for(Rules.named("tripeaks")) is PEAKS_THRESHOLDS
    True
    """
    return PEAKS_THRESHOLDS if rules.layout == "tri_peaks" else GOLF_THRESHOLDS


@dataclass(frozen=True, slots=True)
class Difficulty:
    """A deal's rating: its level, the best score, and the two figures the level rests on.

    >>> Difficulty("easy", -6, 6, 3, 18, 1200).narrow_share
    0.16666666666666666
    """

    level: str
    best_score: int
    stock_kept: int
    narrow: int
    choices: int
    nodes: int
    line: tuple[Move, ...] = ()
    """A best line: the best clear, or for an unwinnable deal the way to its best score."""

    @property
    def narrow_share(self) -> float:
        """The share of the choices where only one move keeps the clear (0 without choices).

        >>> Difficulty("hard", 0, 0, 7, 10, 900).narrow_share
        0.7
        """
        return self.narrow / self.choices if self.choices else 0.0


class Rated(NamedTuple):
    """A deal and its rating."""

    deal: Deal
    rating: Difficulty


def rate(deal: Deal, *, limit: Limit = NO_LIMIT) -> Difficulty:
    """Rate ``deal`` from its start (raises ``LimitReached`` when ``limit`` runs out).

    >>> rate(Deal.numbered(5)).level
    'easy'
    """
    rating = rate_within(deal, limit=limit)
    if isinstance(rating, Bracket):
        raise LimitReached(rating.found)
    return rating


def rate_within(deal: Deal, *, limit: Limit = NO_LIMIT) -> Difficulty | Bracket:
    """Rate ``deal`` from its start; when ``limit`` runs out first, what the search knew of
    the best score instead: the ``Bracket`` of the line it had found and the scores it had
    ruled out (settled when the best score was proved but not yet how narrow its way is).

    >>> from golf_solitaire import Rules
    >>> rate_within(Deal.numbered(2, Rules.named("double-golf")), limit=Limit(nodes=20_000))
    Bracket(floor=-17, found=-16, found_line=(...))
    """
    require(deal, Deal, "deal")
    require(limit, Limit, "limit")
    start = State.start(deal)
    search = search_for(
        Board.from_position(deal, start), max_nodes=limit.nodes, max_seconds=limit.seconds
    )
    try:
        best = search.optimum()
    except LimitReached:
        return bracket_of(search)
    try:
        line = tuple(moves_of(search.first_best_line()))
    except LimitReached:  # the best score is proved: only a line to it is missing
        return dataclasses.replace(bracket_of(search), floor=best)
    if best > 0:
        return Difficulty("unwinnable", best, 0, 0, 0, search.nodes, line)
    narrow = choices = 0
    state = start
    try:
        for move in line:
            moves = rules_of_play.legal_moves(deal, state)
            if len(moves) > 1:
                choices += 1
                keeping = sum(
                    _clearable(search, rules_of_play.apply(deal, state, m)) for m in moves
                )
                narrow += keeping == 1
            state = rules_of_play.apply(deal, state, move)
    except LimitReached:
        return Bracket(best, best, line)
    rating = Difficulty("medium", best, -best, narrow, choices, search.nodes, line)
    level = thresholds_for(deal.rules).level(rating.stock_kept, rating.narrow_share)
    return dataclasses.replace(rating, level=level)


RATINGS_KEPT: Final = 4096
"""Ratings of numbered deals kept per process (a few hundred bytes each)."""

_RATINGS: dict[tuple[int, Rules], Difficulty] = {}
_RATINGS_LOCK = threading.Lock()


def cached_rating(number: int, rules: Rules) -> Difficulty | None:
    """The rating ``first_rated`` gave deal ``number`` under ``rules`` in this process, if any:
    searches for a level from neighbouring numbers rate the same deals, so each is rated once.

    >>> cached_rating(999_983, Rules()) is None
    True
    """
    return _RATINGS.get((number, rules))


def _kept_rating(deal: Deal, deadline: float | None) -> Difficulty:
    """The rating of a numbered deal: the one kept, or a new one (kept in turn), rated before
    the ``perf_counter`` time ``deadline`` if given (``LimitReached`` once it has passed)."""
    assert deal.number is not None
    rating = cached_rating(deal.number, deal.rules)
    if rating is not None:
        return rating
    limit = NO_LIMIT
    if deadline is not None:
        left = deadline - time.perf_counter()
        if left <= 0:
            raise LimitReached
        limit = Limit(seconds=left)
    rating = rate(deal, limit=limit)
    with _RATINGS_LOCK:  # the games rate ahead on a thread of their own
        _RATINGS[deal.number, deal.rules] = rating
        while len(_RATINGS) > RATINGS_KEPT:
            del _RATINGS[next(iter(_RATINGS))]
    return rating


def first_rated(
    number: int, rules: Rules, level: str, *, tries: int = 1000, seconds: float | None = None
) -> Rated:
    """The first deal numbered ``number`` or more that rates ``level``, with its rating.

    Only clearable levels can be asked, and easy only under rules with a stock (an easy deal
    keeps stock cards). Deals the solver does not prove clearable (within the budget of
    winnable deals only) are passed over without a rating, so a search costs one rating for
    each clearable deal on the way; it gives up after ``tries`` numbers or, if given,
    ``seconds`` (a Black Hole deal takes seconds to rate), with a ``ValueError`` that says so.

    >>> deal, rating = first_rated(1, Rules(), "easy")
    >>> deal.number, rating.level
    (5, 'easy')
    """
    if level not in CLEARABLE_LEVELS:
        raise ValueError(f"level: {level!r} is not one of {', '.join(CLEARABLE_LEVELS)}")
    plain = rules.with_options(winnable_only=False)
    stock = len(Deal.numbered(number, plain).stock)
    easy_stock = thresholds_for(rules).easy_stock
    if level == "easy" and stock < easy_stock:
        dealt = f"their stock has {stock}" if stock else "they deal no stock"
        raise ValueError(
            f"level: no deal rates easy under these rules: an easy deal keeps {easy_stock} stock "
            f"cards or more, and {dealt}"
        )
    deadline = None if seconds is None else time.perf_counter() + seconds
    for candidate in clearable_numbers(number, plain, tries):
        deal = Deal.numbered(candidate, plain)
        try:
            rating = _kept_rating(deal, deadline)
        except LimitReached:
            raise ValueError(
                f"level: no deal from {number} to {candidate} rates {level} under these rules "
                f"(the search for one stopped after {seconds:g} s)"
            ) from None
        if rating.level == level:
            return Rated(deal, rating)
    last = min(number + tries - 1, MAX_DEAL_NUMBER)
    raise ValueError(f"level: no deal from {number} to {last} rates {level} under these rules")


LEVEL_SECONDS: Final = 20.0
"""The longest the games look for a deal of a level (a Black Hole deal takes seconds to rate)."""


def deal_of_level(
    number: int, rules: Rules, level: str, *, seconds: float | None = LEVEL_SECONDS
) -> Deal:
    """The deal of ``first_rated`` (found within ``seconds``: by default the games' budget),
    dealt under ``rules`` themselves (so a preset with winnable deals only keeps that option):
    what the games open when a player asks for a level.

    >>> deal = deal_of_level(1, Rules(winnable_only=True), "hard")
    >>> deal.number, deal.rules.winnable_only
    (12, True)
    """
    found = first_rated(number, rules, level, seconds=seconds).deal.number
    assert found is not None  # first_rated deals by number
    return Deal.numbered(found, rules)


def _clearable(search: AnySearch, state: State) -> bool:
    """Whether the tableau can still be cleared from ``state`` (a position of the deal)."""
    return search.clears_from(list(state.heights), state.drawn, top_code(state))
