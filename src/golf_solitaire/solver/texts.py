"""The English templates of hint and review texts; faces translate them by key.

Keys live under ``solver.`` in ``locales/<lang>/solver.json``; the English catalog holds the
same templates as ``TEMPLATES`` (a test checks that they agree). A whole number chooses its
words by plural (``{spare:card|cards}``, see ``golf_solitaire.i18n``).

>>> render("move.draw")
'draws from the stock'
"""

from __future__ import annotations

from typing import Any, Final

from golf_solitaire.i18n import fill

BLENDED: Final = (
    " (from {played} {played:hand|hands} played out by a player who never sees the stock and "
    "{tried} stock {tried:order|orders} searched with the order in sight, weighted {share} to "
    "{rest})"
)
"""How a blended hint's values were made (its hands played out and orders searched)."""

TEMPLATES: Final[dict[str, str]] = {
    "move.play_frees": "plays {card} and frees {freed}",
    "move.play_empties": "plays {card} and empties column {column}",
    "move.play": "plays {card}",
    "move.draw": "draws from the stock",
    "hint.clears": "{move}; this clears the tableau",
    "hint.chance": "{move}; clears the tableau in {chance}% of the possible stock orders",
    "hint.sampled": "{move}; clears the tableau in about {chance}% of the possible stock "
    "orders ({cleared} of {tried} tried)",
    "hint.few": "{move}; clears the tableau in {cleared} of {tried} sampled stock "
    "{tried:order|orders}, too few to give a share",
    "hint.lost": "no play can clear this now; {move}, which leaves the fewest cards "
    "(about {strokes})",
    "hint.unlikely": "{move}, which leaves the fewest cards (about {strokes}); none of the "
    "stock orders tried clears the tableau",
    "hint.only": "{move}: the only move there is",
    "hint.peek_clear": "peeking at the stock: {move}; this clears the tableau with {spare} "
    "stock {spare:card|cards} to spare",
    "hint.peek_clear_none": "peeking at the stock: {move}; this clears the tableau with no stock "
    "cards to spare",
    "hint.peek_clears": "peeking at the stock: {move}; this clears the tableau",
    "hint.peek_lost": "peeking at the stock: no play can clear this now; {move}, which "
    "leaves {strokes} {strokes:card|cards}, the fewest",
    "hint.peek_no_clear": "peeking at the stock: no play can clear this now; {move}",
    "hint.peek_only": "peeking at the stock: {move}: the only move there is",
    "hint.peek_guess": "peeking at the stock: {move}; the position is too deep to judge in "
    "time, so this is a best guess",
    "hint.over": "the hand is over",
    "hint.exact": "{move}; counted over every order of the {unseen} unseen {unseen:card|cards}",
    "hint.exact_known": "{move}; with no card left unseen, this is exact",
    "compare.better": "; on average this ends at {expected} strokes, the next best move "
    "({other}) at {next_expected}",
    "compare.tie": "; on average this ends at {expected} strokes, the same as {other}",
    "compare.estimated_better": "; on average this ends at about {expected} strokes, the next "
    "best move ({other}) at about {next_expected} ({counted} of the {tried} orders solved to "
    "the end; in the others, the best play found in time)",
    "compare.estimated_tie": "; on average this ends at about {expected} strokes, the same as "
    "{other} ({counted} of the {tried} orders solved to the end; in the others, the best play "
    "found in time)",
    "compare.blended_better": "; on average this ends at about {expected} strokes, the next "
    "best move ({other}) at about {next_expected}" + BLENDED,
    "compare.blended_tie": "; on average this ends at about {expected} strokes, the same as "
    "{other}" + BLENDED,
    "other.play": "playing {card}",
    "other.draw": "drawing",
    "review.mistake": "move {number} ({move}) was the first mistake: the best reachable score "
    "went from {before} to {after}",
    "review.mistake_draw": "move {number} (draw {move}) was the first mistake: the best "
    "reachable score went from {before} to {after}",
    "review.lost_from_start": "this deal could not be cleared from the start; the best score "
    "was {best}",
    "review.fair_mistake": "move {number} ({move}) was a mistake you could have seen: without "
    "knowing the stock, it gave away about {loss} strokes on average",
    "review.fair_none": "no mistake you could have seen: every move was as good as the best "
    "play without knowing the stock",
    "review.fair_partial": "no mistake you could have seen among the moves judged; "
    "{count:one move|{count} moves} could not be judged (no time, or the hint could not "
    "count their strokes)",
    "review.hindsight": "with the stock known: {summary}",
    "review.no_mistake": "no mistake: every move kept the best score reachable ({best})",
    "review.clear_lost": "move {number} ({move}) lost the clear: a line could still clear the "
    "tableau before it, none after",
    "review.clear_lost_draw": "move {number} (draw {move}) lost the clear: a line could still "
    "clear the tableau before it, none after",
    "review.clear_kept": "every move kept a clear within reach",
    "review.clear_none": "no line could clear the tableau from the start",
    "review.clear_undecided": "whether a move lost the clear was not settled in the time there was",
    "review.clear_lost_by": "no line could clear the tableau after move {lost}; whether an "
    "earlier move lost the clear was not settled in the time there was",
    "review.clear_kept_until": "a line could still clear the tableau after move {kept}; "
    "whether a later move lost the clear was not settled in the time there was",
    "review.clear_between_start": "a line could clear the tableau from the start, and none "
    "after move {lost}; which move lost the clear was not settled in the time there was",
    "review.clear_between": "a line could still clear the tableau after move {kept}, and none "
    "after move {lost}; which move in between lost the clear was not settled in the time "
    "there was",
    "review.scores_unproved": "The best score after each move was not proved in the time there "
    "was.",
}


def render(key: str, **params: Any) -> str:
    """The English text of ``key`` filled with ``params``.

    >>> render("hint.only", move=render("move.play_empties", card="K♠", column=3))
    'plays K♠ and empties column 3: the only move there is'
    >>> render("hint.peek_lost", move="draws", strokes=1)
    'peeking at the stock: no play can clear this now; draws, which leaves 1 card, the fewest'
    """
    return fill("en", TEMPLATES[key], params)
