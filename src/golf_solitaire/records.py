"""Game records: rules, deal identity and moves as JSON, replayed through the engine.

A record is refused whole when anything in it is wrong (an unknown field, a field given twice,
a deal that does not exist, an illegal move): the error names the field (``deal.number``) or
the move and the rule it breaks.
"""

from __future__ import annotations

import datetime as dt
import json
import math
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Final

from golf_solitaire.deals import Deal, check_fields, field_path
from golf_solitaire.moves import Move, Play
from golf_solitaire.reasons import IllegalMoveError, shown
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


class _Object(dict[str, Any]):
    """A JSON object that remembers a field given twice (``json`` keeps the last, silently)."""

    twice: str | None = None


def _object(pairs: list[tuple[str, Any]]) -> _Object:
    """``json``'s hook for objects: the object, marked if a field is given twice."""
    data = _Object(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for name, _ in pairs:
            if name in seen:
                data.twice = name
                break
            seen.add(name)
    return data


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


def load_record(record: dict[str, Any] | str | bytes) -> dict[str, Any]:
    """The record as a dict, from a dict or its JSON text (str or bytes), with its fields checked.

    JSON text may start with a byte order mark, as editors on Windows write one.
    """
    if isinstance(record, str | bytes):
        if isinstance(record, str):
            record = record.removeprefix("\ufeff")
        try:
            data = json.loads(record, object_pairs_hook=_object)
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
    for parent, value in ((None, data), ("rules", data.get("rules")), ("deal", data.get("deal"))):
        if isinstance(value, _Object) and value.twice is not None:
            raise RecordError(f"{field_path(parent, value.twice)}: given twice")
    try:
        check_fields(data, _FIELDS, None)
    except ValueError as error:
        raise RecordError(str(error)) from None
    if data.get("format") != RECORD_FORMAT:
        raise RecordError(f"format: expected {RECORD_FORMAT!r}, found {shown(data.get('format'))}")
    version = data.get("version")
    if type(version) is not int or version != RECORD_VERSION:  # not true, not 1.0
        raise RecordError(
            f"version: this program reads version {RECORD_VERSION}, not {shown(version)}"
        )
    for name in ("rules", "deal", "moves"):
        if name not in data:
            raise RecordError(f"{name}: missing")
    if not isinstance(data["moves"], list) or not all(isinstance(m, str) for m in data["moves"]):
        raise RecordError('moves: expected a list of move texts like "3" or "d"')
    if not isinstance(data.get("competitive", False), bool):
        raise RecordError("competitive: expected true or false")
    if "timestamps" in data:
        _check_timestamps(data["timestamps"], len(data["moves"]))
    if "meta" in data and not isinstance(data["meta"], dict):
        raise RecordError("meta: expected an object")
    return data


def _check_timestamps(timestamps: Any, moves: int) -> None:
    """Refuse timestamps that are not one time per move: an ISO 8601 date and time (as the
    games write them) or a number of seconds of 0 or more."""
    if not isinstance(timestamps, list):
        raise RecordError(
            f"timestamps: expected a list of one time per move, not {shown(timestamps)}"
        )
    if len(timestamps) != moves:
        raise RecordError(
            f"timestamps: expected one time per move, found {len(timestamps)} for {moves} moves"
        )
    for number, stamp in enumerate(timestamps, start=1):
        if not _is_time(stamp):
            raise RecordError(
                f"timestamps: the time of move {number} is {shown(stamp)}, not a date and time "
                'like "2026-12-02T10:00:03Z"'
            )


def _is_time(stamp: Any) -> bool:
    """True for an ISO 8601 date and time, or a finite number of seconds of 0 or more."""
    if isinstance(stamp, str):
        try:
            dt.datetime.fromisoformat(stamp)
        except ValueError:
            return False
        return True
    if isinstance(stamp, int | float) and not isinstance(stamp, bool):
        return math.isfinite(stamp) and stamp >= 0
    return False


_RULE_FIELDS: Final = frozenset(field.name for field in fields(Rules))


def deal_of_record(record: dict[str, Any] | str | bytes) -> Deal:
    """The deal a record names, with its rules."""
    data = load_record(record)
    try:
        if isinstance(data["rules"], dict):
            check_fields(data["rules"], _RULE_FIELDS, "rules")
        rules = Rules.from_dict(data["rules"])
    except (TypeError, ValueError) as error:
        message = str(error)
        if message.partition(":")[0] in _RULE_FIELDS:  # the option at fault: rules.wrap
            message = f"rules.{message}"
        raise RecordError(message if message.startswith("rules") else f"rules: {message}") from None
    try:
        return Deal.from_identity(data["deal"], rules)
    except ValueError as error:
        message = str(error)
        prefix = "" if message.startswith("deal") else "deal: "
        raise RecordError(prefix + message) from None


def replay_record(record: dict[str, Any] | str | bytes) -> Game:
    """A game rebuilt by replaying every move of ``record``; refused whole on any fault."""
    from golf_solitaire.game import Game

    data = load_record(record)
    game = Game(deal_of_record(data), competitive=data.get("competitive", False))
    for number, text in enumerate(data["moves"], start=1):
        move = _record_move(number, text)
        try:
            game.apply(move)
        except IllegalMoveError as error:
            where = f", column {move.column + 1}" if isinstance(move, Play) else ""
            raise RecordError(f"move {number} ({text!r}{where}) is illegal: {error}") from None
        except ValueError as error:
            raise RecordError(f"move {number}: {error}") from None
    return game


def _record_move(number: int, text: str) -> Move:
    """Move ``number`` of a record, written exactly as records write moves: ``"3"`` or ``"d"``
    (not ``" 3"``, ``"draw"`` or ``"3:7S"``, whose card a record would not check)."""
    try:
        move = Move.parse(text)
    except ValueError:
        move = None
    if move is None or str(move) != text:
        raise RecordError(
            f"move {number}: not a move: {shown(text)} (a record move is a column counted "
            'from 0, like "3", or "d" to draw)'
        )
    return move
