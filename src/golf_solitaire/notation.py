"""Board text in black-hole-solver's format, read with line-and-column errors, and written back.

Golf::

    Talon: 8H 2C JH ...        the stock, next card to draw first
    Foundations: TH            the waste's top card (``-`` when empty)
    JD 5H KH AS 4H             one line per column, deepest card first, exposed card last

Black Hole has no ``Talon:`` line, ``Foundations: AS`` and 17 lines of 3.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from golf_solitaire.cards import Card, format_cards


class BoardSyntaxError(ValueError):
    """Board text that cannot be read; names the line and column (both from 1)."""

    def __init__(self, line: int, column: int, problem: str) -> None:
        super().__init__(f"line {line}, column {column}: {problem}")
        self.line = line
        self.column = column
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Board:
    """The parts of a board text: stock (None without a ``Talon:`` line), waste, columns."""

    stock: tuple[Card, ...] | None
    waste: tuple[Card, ...]
    columns: tuple[tuple[Card, ...], ...]


def _read_cards(text: str, line_number: int, start: int) -> tuple[Card, ...]:
    """Cards separated by spaces; a lone ``-`` means none."""
    cards: list[Card] = []
    position = 0
    for word in text.split(" "):
        if word and word != "-":
            try:
                cards.append(Card.parse(word))
            except ValueError as error:
                raise BoardSyntaxError(line_number, start + position + 1, str(error)) from None
        position += len(word) + 1
    return tuple(cards)


_HEADERS = {
    "talon": "Talon",
    "stock": "Talon",
    "foundations": "Foundations",
    "foundation": "Foundations",
    "waste": "Foundations",
}
"""Header line labels (any case) and the name each is reported under."""


def parse_board(text: str, *, copies: int = 1) -> Board:
    """Read board text into its parts; structure only (``Deal.from_text`` checks the cards).

    A card may appear ``copies`` times (the number of decks dealt); a joker twice.
    """
    headers: dict[str, tuple[Card, ...]] = {}
    columns: list[tuple[Card, ...]] = []
    seen: dict[Card, tuple[int, int]] = {}
    counts: Counter[Card] = Counter()
    for line_number, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", " ").rstrip()
        stripped = line.lstrip()
        indent = len(line) - len(stripped)
        if not stripped or stripped.startswith("#"):
            continue
        label, colon, rest = stripped.partition(":")
        header = _HEADERS.get(label.strip().lower()) if colon else None
        if header is not None:
            if header in headers:
                raise BoardSyntaxError(line_number, indent + 1, f"a second {header}: line")
            if columns:
                raise BoardSyntaxError(
                    line_number, indent + 1, f"the {header}: line must come before the columns"
                )
            offset = indent + len(label) + 1
            cards = headers[header] = _read_cards(rest, line_number, offset)
        elif colon and label.strip() and " " not in label.strip():
            raise BoardSyntaxError(
                line_number,
                indent + 1,
                f"unknown line {label.strip()!r}: (expected Talon: "
                "or Foundations: or a column of cards)",
            )
        else:
            body = rest if colon else stripped
            offset = indent + (len(label) + 1 if colon else 0)
            cards = _read_cards(body, line_number, offset)
            columns.append(cards)
        _note_positions(cards, line_number, offset, raw, seen, counts, copies)
    if "Foundations" not in headers:
        raise BoardSyntaxError(
            len(text.splitlines()) + 1, 1, "missing the Foundations: line (the waste card)"
        )
    return Board(stock=headers.get("Talon"), waste=headers["Foundations"], columns=tuple(columns))


def _note_positions(
    cards: tuple[Card, ...],
    line_number: int,
    offset: int,
    raw: str,
    seen: dict[Card, tuple[int, int]],
    counts: Counter[Card],
    copies: int,
) -> None:
    """Refuse a card that appears more than ``copies`` times (jokers: more than twice),
    pointing at the repeat."""
    starts = [match.start() for match in _WORD.finditer(raw, offset)]
    for card, where in zip(cards, starts, strict=False):
        counts[card] += 1
        limit = 2 if card.is_joker else copies
        if counts[card] > limit:
            first_line, first_column = seen[card]
            if card.is_joker:
                what = "a third joker"
            elif copies == 1:
                what = f"{card} a second time"
            else:
                what = f"{card} {counts[card]} times in {copies} decks"
            raise BoardSyntaxError(
                line_number,
                where + 1,
                f"{what} (first at line {first_line}, column {first_column})",
            )
        seen.setdefault(card, (line_number, where + 1))


_WORD = re.compile(r"[^\s-][^\s]*")


def format_board(
    stock: tuple[Card, ...] | None,
    waste: tuple[Card, ...],
    columns: tuple[tuple[Card, ...], ...],
) -> str:
    """Board text, one line per part, ending in a newline."""
    lines = []
    if stock is not None:
        lines.append(("Talon: " + format_cards(stock)).rstrip())
    lines.append("Foundations: " + (format_cards(waste) if waste else "-"))
    lines.extend(format_cards(column) if column else "-" for column in columns)
    return "\n".join(lines) + "\n"
