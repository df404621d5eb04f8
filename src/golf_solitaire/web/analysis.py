"""The solver's answers for the browser, in the player's language: hints, end-of-hand verdicts
and game reviews, as the service's one analyst gives them.

Without the solver every answer says honestly that analysis is unavailable.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, Final, cast

from golf_solitaire.game import Game
from golf_solitaire.i18n import sentence, translate
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.service import Analyst, unproved_words
from golf_solitaire.web.models import Analysis

if TYPE_CHECKING:
    from golf_solitaire.solver import PartialEntry, PartialReview, Review, ReviewEntry

ANALYST: Final = Analyst.installed()
"""The server's analyst by default (its verdicts are kept: a deal is asked about again and
again); an app can be given its own (``create_app``)."""


def unavailable(lang: str) -> Analysis:
    """The honest answer without a solver."""
    return Analysis(available=False, detail=translate(lang, "web.analysis.unavailable"))


def move_words(lang: str, game: Game, move: Move) -> str:
    """A move in words: "play column 3 (7♦)" or "draw"."""
    if isinstance(move, Draw):
        return translate(lang, "web.move.draw")
    assert isinstance(move, Play)
    card = game.exposed(move.column)
    return translate(
        lang, "web.move.play", column=move.column + 1, card=card.pretty if card else "?"
    )


def hint(lang: str, game: Game, analyst: Analyst = ANALYST) -> Analysis:
    """A fair hint (from what the player sees only) for the current position."""
    if not analyst.available:
        return unavailable(lang)
    if game.is_over:
        return Analysis(available=True, detail=translate(lang, "reason.game_over"))
    answer = analyst.hint(game)
    assert answer is not None
    if answer.move is None:
        return Analysis(
            available=True,
            detail=translate(lang, "web.hint.lost"),
            data={"move": None, "reason": answer.reason},
        )
    # The solver's reason in the player's language: what the move does and how it fares.
    reason = answer.text(lang)
    if not reason or reason.startswith("solver."):
        reason = move_words(lang, game, answer.move)
    return Analysis(
        available=True, detail=reason, data={"move": str(answer.move), "reason": answer.reason}
    )


def verdict(lang: str, game: Game, analyst: Analyst = ANALYST) -> Analysis:
    """After the hand: was the deal clearable, and the best score possible; when the time ran
    out first, what was proved of a clear, the best line found and the score no line beats
    (``found_score``, ``found_line`` and ``floor``, never ``best_score``)."""
    if not analyst.available:
        return unavailable(lang)
    if not game.is_over:
        return Analysis(available=True, detail=translate(lang, "web.verdict.not_yet"))
    found = analyst.verdict(game.deal)
    assert found is not None
    if found.status == "intractable":
        detail = unproved_words(lang, found) or translate(lang, "web.verdict.intractable")
    elif found.clearable:
        detail = translate(lang, "web.verdict.clearable", best=found.best_score)
        if found.level is not None:  # None: the best clear was proved, its rating ran out
            detail += " " + translate(lang, f"difficulty.{found.level}")
    else:
        detail = translate(lang, "web.verdict.unclearable", best=found.best_score)
    data = {
        "status": found.status,
        "clearable": found.clearable,
        "clears": found.clears,
        "best_score": found.best_score,
        "level": found.level,
        "line": list(found.line),
        "found_score": found.found,
        "found_line": list(found.found_line),
        "floor": found.floor,
    }
    return Analysis(available=True, detail=detail, data=data)


def review(lang: str, game: Game, analyst: Analyst = ANALYST) -> Analysis:
    """After the hand: the solver's review, with the first move that threw strokes away; when
    the best scores were not proved in time, what was (``partial``: the move that lost the
    last clear, if settled, and no best score)."""
    if not analyst.available:
        return unavailable(lang)
    if not game.is_over:
        return Analysis(available=True, detail=translate(lang, "web.verdict.not_yet"))
    found = analyst.review(game)
    assert found is not None
    # The fair judgement (what the player could see) first, the hindsight one apart.
    fair = sentence(found.fair_text(lang))
    said = {"fair": fair, "hindsight": sentence(found.hindsight_text(lang))}
    if found.partial:  # the solver is optional: its types are told apart by this mark
        partial = cast("PartialReview", found)
        return Analysis(available=True, detail=fair, data={**said, **_partial(partial)})
    found = cast("Review", found)
    first = found.first_mistake
    if first is None:
        detail = translate(lang, "web.review.clean")
    else:
        detail = translate(lang, "web.review.mistake", number=first.number)
    data = {
        "partial": False,
        "entries": [_entry(entry) for entry in found.entries],
        "first_mistake": None if first is None else _entry(first),
        "better_line": better_line(game, found),
        **said,
        "mistake": detail,
    }
    return Analysis(available=True, detail=fair, data=data)


def _partial(found: PartialReview) -> dict[str, Any]:
    """A partial review's own figures: its entries (no best scores), and what was proved of
    a clear along the game (``clear_kept``/``clear_lost``: positions by moves made)."""
    lost = found.lost_clear
    entries = [{**_entry(entry), "lost_the_clear": entry.lost_the_clear} for entry in found.entries]
    return {
        "partial": True,
        "entries": entries,
        "first_mistake": None,
        "better_line": [],
        "lost_clear": None if lost is None else entries[lost.number - 1],
        "clear_kept": found.span.kept,
        "clear_lost": found.span.lost,
        "clear_settled": found.span.settled,
    }


def better_line(game: Game, result: Review) -> list[dict[str, str]]:
    """The solver's best line from just before the first mistake, each move ("d" or a column)
    with the card it puts on the waste; empty when no move was a mistake."""
    first = result.first_mistake
    if first is None:
        return []
    replay = Game(game.deal)
    for move in game.moves[: first.number - 1]:
        replay.apply(move)
    line = []
    for move in result.best_line_from_mistake:
        replay.apply(move)
        top = replay.waste_top
        line.append({"move": str(move), "card": top.pretty if top else "?"})
    return line


def _entry(entry: ReviewEntry | PartialEntry) -> dict[str, Any]:
    """A review entry as JSON, its move as the move's text ("3", "d")."""
    values = {field.name: getattr(entry, field.name) for field in fields(entry)}
    return {**values, "move": str(entry.move), "is_fair_mistake": entry.is_fair_mistake}
