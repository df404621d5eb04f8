"""Pieces every ``golf`` subcommand shares: rules and deal options, record files, pretty boards."""

from __future__ import annotations

import datetime as dt
import json
import os
import sys
from pathlib import Path
from typing import Any

import click

from golf_solitaire.covering import HIDDEN_MARK, pretty_rows
from golf_solitaire.deals import MAX_DEAL_NUMBER
from golf_solitaire.game import Game
from golf_solitaire.i18n import LANGUAGES, negotiate
from golf_solitaire.moves import Move, Play
from golf_solitaire.reasons import cut
from golf_solitaire.rules import Rules

DAILY_NOT_FILTERED = (
    "the daily deal is the same for everyone, so never winnable_only: give the rules without it"
)


class CliError(Exception):
    """A user-facing failure: printed as one line, exit status 2."""


def today_utc() -> dt.date:
    """Today's date in UTC: the daily deal is the same everywhere."""
    return dt.datetime.now(dt.UTC).date()


def default_language() -> str:
    """The language the terminal's locale asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value and value not in ("C", "POSIX"):
            return negotiate(value.split(".")[0])
    return "en"


def language_option(function: Any) -> Any:
    """``--lang CODE``: the language of what the command prints (default: the locale's)."""
    return click.option(
        "--lang", "language", help=f"Language: {', '.join(LANGUAGES)} (default: locale)."
    )(function)


def chosen_language(language: str | None) -> str:
    """The ``--lang`` code if given (a clear error when it is not one), else the locale's."""
    if language is None:
        return default_language()
    if language not in LANGUAGES:
        raise CliError(f"--lang: unknown language {language!r} (choose {', '.join(LANGUAGES)})")
    return language


class DealNumber(click.ParamType[int]):
    """A deal number on the command line: digits only, and never thousands of them."""

    name = "number"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        """The number, or a usage error that names the parameter and shows a short value."""
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not text.isascii() or not text.isdigit() or len(text) > len(str(MAX_DEAL_NUMBER)):
            self.fail(f"{cut(text, 30)!r} is not a deal number (1 to 10**20)", param, ctx)
        return int(text)


DEAL_NUMBER = DealNumber()

POSITIONS = click.IntRange(min=1)
"""A search budget in positions: 1 or more."""

SECONDS = click.FloatRange(min=0, min_open=True)
"""A time budget: more than 0 seconds."""


def rules_option(function: Any) -> Any:
    """``--rules NAME``: a preset name or alias (default strict), with ``+winnable_only`` or not."""
    return _rules_option(
        "Rules preset, or preset+winnable_only for winnable deals only (see `golf rules`)."
    )(function)


def preset_option(function: Any) -> Any:
    """``--rules NAME`` for a command that takes every deal as it comes (no ``+winnable_only``)."""
    return _rules_option("Rules preset (see `golf rules`).")(function)


def _rules_option(text: str) -> Any:
    """The ``--rules`` option with its help ``text``."""
    return click.option("--rules", "rules_name", default="strict", show_default=True, help=text)


def parse_rules(name: str) -> Rules:
    """The preset named on the command line, or a one-line error."""
    try:
        return Rules.named(name)
    except ValueError as error:
        raise CliError(f"--rules: {error}") from None


def read_record(path: str) -> Game:
    """Replay the record in file ``path`` (``-`` for stdin)."""
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise CliError(f"cannot read record {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise CliError(
            f"{path}: not UTF-8 text (byte {error.start + 1}); a record is JSON in UTF-8"
        ) from None
    try:
        return Game.from_record(text)
    except ValueError as error:
        raise CliError(f"{path}: {error}") from None


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """``count`` and the noun, plural unless the count is one.

    >>> counted(1, "deal"), counted(3, "position"), counted(2, "match", "matches")
    ('1 deal', '3 positions', '2 matches')
    """
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def move_words(move: Move) -> str:
    """A move for people (columns from 1) with its record text (columns from 0).

    >>> from golf_solitaire.moves import Draw
    >>> move_words(Play(3)), move_words(Draw())
    ('column 4 (record move "3")', 'draw (record move "d")')
    """
    return f'{column_words(move)} (record move "{move}")'


def column_words(move: Move) -> str:
    """``draw``, or the column a play takes its card from, counted from 1 as people count.

    >>> from golf_solitaire.moves import Draw
    >>> column_words(Play(0)), column_words(Draw())
    ('column 1', 'draw')
    """
    return f"column {move.column + 1}" if isinstance(move, Play) else "draw"


LINE_NOTE = "record moves: columns from 0, d draws"
"""What the moves of a printed line mean (lines are in record notation, to paste or replay)."""


def pretty_board(game: Game) -> str:
    """The tableau as 7 (or 17) columns in suit symbols, or a covering layout's rows with
    ``##`` for a face-down card, then the waste and the stock count. Drawn from what a
    player sees (the observation): no face-down card, no stock order."""
    seen = game.observation()
    columns = seen.columns
    lines: list[str] = []
    if game.deal.layout.is_covering:
        places: list[str | None] = [
            HIDDEN_MARK if index in seen.face_down else column[0].pretty if column else None
            for index, column in enumerate(columns)
        ]
        lines = pretty_rows(game.deal.layout, places)
    depth = 0 if lines else max((len(column) for column in columns), default=0)
    width = 4
    if not lines:
        lines.append("".join(f"{index + 1:>{width}}" for index in range(len(columns))))
    for row in range(depth):
        cells = []
        for column in columns:
            cells.append(f"{column[row].pretty:>{width}}" if row < len(column) else " " * width)
        lines.append("".join(cells).rstrip())
    top = game.waste_top.pretty if game.waste_top else "-"
    status = f"waste {top}"
    if game.deal.layout.has_stock:
        status += f"   stock {game.stock_count}"
    status += f"   rules {game.rules.label}   strokes {game.score}"
    lines.append("")
    lines.append(status)
    return "\n".join(lines)


def dump_json(data: Any) -> str:
    """JSON for people and programs: indented, UTF-8 kept."""
    return json.dumps(data, ensure_ascii=False, indent=2)
