"""Game records: rules, deal identity and moves as JSON, replayed through the engine.

A record is refused whole when anything in it is wrong (an unknown field, a deal that does
not exist, an illegal move): the error names the field or the move and the rule it breaks.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Final

from golf_solitaire.deals import Deal
from golf_solitaire.moves import Move, Play
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.rules import Rules

if TYPE_CHECKING:
    from golf_solitaire.game import Game

RECORD_FORMAT: Final = "golf-solitaire-record"
RECORD_VERSION: Final = 1
_FIELDS: Final = frozenset(
    {"format", "version", "rules", "deal", "competitive", "moves", "timestamps", "meta"}
)


class RecordError(ValueError):
    """A record that cannot be replayed; the message names the field or move at fault."""


def make_record(game: Game, *, timestamps: list[str] | None = None, **meta: Any) -> dict[str, Any]:
    """The record of ``game``: format, rules, deal identity, competitive flag and moves."""
    record: dict[str, Any] = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": game.rules.to_dict(),
        "deal": game.deal.identity(),
        "competitive": game.competitive,
        "moves": [str(move) for move in game.moves],
    }
    if timestamps is not None:
        if len(timestamps) != game.move_count:
            raise ValueError("timestamps: one per move is needed")
        record["timestamps"] = list(timestamps)
    if meta:
        record["meta"] = meta
    return record


def load_record(record: dict[str, Any] | str) -> dict[str, Any]:
    """The record as a dict, from a dict or its JSON text, with its fields checked."""
    if isinstance(record, str | bytes):
        try:
            data = json.loads(record)
        except json.JSONDecodeError as error:
            raise RecordError(
                f"record: not JSON (line {error.lineno}, column {error.colno}: {error.msg})"
            ) from None
        except RecursionError:
            raise RecordError("record: nested too deeply to be a game record") from None
        except ValueError:  # a number too long for Python to read
            raise RecordError("record: holds a number with thousands of digits") from None
    else:
        data = record
    if not isinstance(data, dict):
        raise RecordError("record: expected a JSON object")
    unknown = sorted(set(data) - _FIELDS)
    if unknown:
        raise RecordError(f"record: unknown field {unknown[0]!r}")
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, found {data.get('format')!r}")
    if data.get("version") != RECORD_VERSION:
        raise RecordError(f"version: this program reads version {RECORD_VERSION}")
    for name in ("rules", "deal", "moves"):
        if name not in data:
            raise RecordError(f"{name}: missing")
    if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError('moves: expected a list of move texts like "3" or "d"')
    if not isinstance(data.get("competitive", False), bool):
        raise RecordError("competitive: expected true or false")
    timestamps = data.get("timestamps")
    if timestamps is not None and (
        not isinstance(timestamps, list)
        or len(timestamps) != len(data["moves"])
        or not all(isinstance(stamp, str | int | float) for stamp in timestamps)
    ):
        raise RecordError("timestamps: expected one time per move")
    if "meta" in data and not isinstance(data["meta"], dict):
        raise RecordError("meta: expected an object")
    return data


def deal_of_record(record: dict[str, Any] | str) -> Deal:
    """The deal a record names, with its rules."""
    data = load_record(record)
    try:
        rules = Rules.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        message = str(error)
        raise RecordError(message if message.startswith("rules") else f"rules: {message}") from None
    try:
        return Deal.from_identity(data["deal"], rules)
    except ValueError as error:
        message = str(error)
        prefix = "" if message.startswith("deal") else "deal: "
        raise RecordError(prefix + message) from None


def replay_record(record: dict[str, Any] | str) -> Game:
    """A game rebuilt by replaying every move of ``record``; refused whole on any fault."""
    from golf_solitaire.game import Game

    data = load_record(record)
    game = Game(deal_of_record(data), competitive=data.get("competitive", False))
    for number, text in enumerate(data["moves"], start=1):
        try:
            move = Move.parse(text)
            game.apply(move)
        except IllegalMoveError as error:
            where = f", column {move.column + 1}" if isinstance(move, Play) else ""
            raise RecordError(f"move {number} ({text!r}{where}) is illegal: {error}") from None
        except ValueError as error:
            raise RecordError(f"move {number}: {error}") from None
    return game
