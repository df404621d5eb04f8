"""The solver's answers for the browser: hints, end-of-hand verdicts and game reviews.

The solver is an optional part (``golf_solitaire.solver``); without it every answer says
honestly that analysis is unavailable instead of inventing one.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Draw, Play
from golf_solitaire.solver_seam import installed_solver
from golf_solitaire.web.models import Analysis


def unavailable(lang: str) -> Analysis:
    """The honest answer without a solver."""
    return Analysis(available=False, detail=translate(lang, "web.analysis.unavailable"))


def move_words(lang: str, game: Game, text: str) -> str:
    """A move in words: "play column 3 (7♦)" or "draw"."""
    from golf_solitaire.moves import Move

    move = Move.parse(text)
    if isinstance(move, Draw):
        return translate(lang, "web.move.draw")
    assert isinstance(move, Play)
    card = game.exposed(move.column)
    return translate(
        lang, "web.move.play", column=move.column + 1, card=card.pretty if card else "?"
    )


def hint(lang: str, game: Game) -> Analysis:
    """A fair hint (from what the player sees only) for the current position."""
    solver = installed_solver()
    if solver is None:
        return unavailable(lang)
    if game.is_over:
        return Analysis(available=True, detail=translate(lang, "reason.game_over"))
    answer: Any = solver.hint(game, peek=False)
    move = getattr(answer, "move", None)
    if move is None:
        return Analysis(
            available=True,
            detail=translate(lang, "web.hint.lost"),
            data={"move": None, "reason": str(getattr(answer, "reason", ""))},
        )
    text = str(move)
    # The solver's reason in the player's language: what the move does and how it fares.
    reason = str(answer.text(lang)) if hasattr(answer, "text") else ""
    if not reason or reason.startswith("solver."):
        reason = move_words(lang, game, text)
    return Analysis(
        available=True,
        detail=reason,
        data={"move": text, "reason": str(getattr(answer, "reason", ""))},
    )


@lru_cache(maxsize=4096)
def _verdict(record_key: str) -> dict[str, Any]:
    solver = installed_solver()
    assert solver is not None
    game = Game.from_record(record_key)
    # The rating costs a tenth more than the best score alone, and says how hard the deal is.
    rating: Any = solver.rate(game.deal)
    clearable = rating.level != "unwinnable"
    return {
        "status": "solved" if clearable else "unsolvable",
        "clearable": clearable,
        "best_score": rating.best_score,
        "level": str(rating.level),
        "line": [str(move) for move in rating.line],
    }


PROOF_SECONDS: Final = 20.0
"""How long the solver may search for a proof that an abandoned deal is unwinnable."""


def proved_unwinnable(deal: Deal) -> bool:
    """True when the solver proves that no line clears ``deal`` (False: winnable or unknown)."""
    solver = installed_solver()
    if solver is None:
        return False
    solution: Any = solver.solve(deal, limit=solver.Limit(seconds=PROOF_SECONDS))
    return bool(solution.status == "unsolvable")


def verdict(lang: str, game: Game) -> Analysis:
    """After the hand: was the deal clearable, and the best score possible."""
    if installed_solver() is None:
        return unavailable(lang)
    if not game.is_over:
        return Analysis(available=True, detail=translate(lang, "web.verdict.not_yet"))
    import json

    start = Game(game.deal)
    data = _verdict(json.dumps(start.record(), sort_keys=True))
    if data["status"] == "intractable":
        detail = translate(lang, "web.verdict.intractable")
    elif data["clearable"]:
        detail = translate(lang, "web.verdict.clearable", best=data["best_score"])
        detail += " " + translate(lang, f"difficulty.{data['level']}")
    else:
        detail = translate(lang, "web.verdict.unclearable", best=data["best_score"])
    return Analysis(available=True, detail=detail, data=data)


FAIR_REVIEW_SECONDS = 5.0
"""How long the review may judge moves by what the player could see (the rest: not judged)."""


def review(lang: str, game: Game) -> Analysis:
    """After the hand: the solver's review, with the first move that threw strokes away."""
    solver = installed_solver()
    if solver is None:
        return unavailable(lang)
    if not game.is_over:
        return Analysis(available=True, detail=translate(lang, "web.verdict.not_yet"))
    result: Any = solver.review(game, fair_seconds=FAIR_REVIEW_SECONDS)
    entries = []
    for entry in getattr(result, "entries", None) or []:
        entries.append({key: _plain(value) for key, value in _fields(entry).items()})
    first = getattr(result, "first_mistake", None)
    if first is None:
        detail = translate(lang, "web.review.clean")
    else:
        detail = translate(lang, "web.review.mistake", number=_mistake_number(first))
    data: dict[str, Any] = {"entries": entries, "first_mistake": _plain(first)}
    if hasattr(result, "fair_text"):
        # The fair judgement (what the player could see) first, the hindsight one apart.
        data["fair"] = _sentence(str(result.fair_text(lang)))
        data["hindsight"] = _sentence(str(result.hindsight_text(lang)))
        detail = data["fair"]
    return Analysis(available=True, detail=detail, data=data)


def _sentence(text: str) -> str:
    """``text`` with a capital first letter."""
    return text[:1].upper() + text[1:]


def _fields(entry: Any) -> dict[str, Any]:
    if isinstance(entry, dict):
        return entry
    slots = getattr(entry, "__dataclass_fields__", None)
    if slots:
        return {name: getattr(entry, name) for name in slots}
    return {"text": str(entry)}


def _plain(value: Any) -> Any:
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    if isinstance(value, dict):
        return {str(key): _plain(item) for key, item in value.items()}
    if hasattr(value, "__dataclass_fields__"):
        return {name: _plain(getattr(value, name)) for name in value.__dataclass_fields__}
    return str(value)


def _mistake_number(first: Any) -> Any:
    if isinstance(first, int):
        return first + 1
    for name in ("index", "number", "move_number"):
        if hasattr(first, name):
            number = getattr(first, name)
            return number + 1 if name == "index" else number
    return first
