"""The exact solver: solve a position (also stock-blind), fair hints, reviews, ratings, surveys.

>>> from golf_solitaire import Deal
>>> from golf_solitaire.solver import solve, Limit
>>> solve(Deal.numbered(2), limit=Limit(nodes=100_000)).status
'solved'

Importing this package registers the ``winnable_only`` deal finder with the core.
"""

from golf_solitaire.deals import register_winnable_finder
from golf_solitaire.solver.difficulty import (
    Difficulty,
    Rated,
    deal_of_level,
    first_rated,
    rate,
    rate_within,
)
from golf_solitaire.solver.fair_value import TooManyUnseenError, fair_value, fair_values
from golf_solitaire.solver.hints import Hint, hint
from golf_solitaire.solver.partial_reviews import PartialEntry, PartialReview, review_within
from golf_solitaire.solver.reviews import Review, ReviewEntry, review
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import Bracket, Limit, Solution, solve
from golf_solitaire.solver.winnable import first_winnable

register_winnable_finder(first_winnable)

__all__ = [
    "Bracket",
    "Difficulty",
    "Hint",
    "Limit",
    "LimitReached",
    "PartialEntry",
    "PartialReview",
    "Rated",
    "Review",
    "ReviewEntry",
    "Solution",
    "TooManyUnseenError",
    "deal_of_level",
    "fair_value",
    "fair_values",
    "first_rated",
    "first_winnable",
    "hint",
    "rate",
    "rate_within",
    "review",
    "review_within",
    "solve",
]
