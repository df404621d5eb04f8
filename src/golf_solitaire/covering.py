"""Board text of the covering layouts (TriPeaks, Elevator, Escalator): one line per row.

The rows come top row first, cards in the order they lie from left to right; a face-down
card is written in brackets (``[7D]``), and a position already played is ``-`` (in partial
positions only)::

    Talon: 8H 2C JH ...            the stock, next card to draw first
    Foundations: TH                the start card
             [KS]              [2C]              [9D]
          [4H]  [5C]        [AS]  [7D]        [QC]  [TS]
       ...
    6C    JD    3H    ...          the bottom row, face up

Brackets are optional when reading (the layout says which positions start face down), but
a bracket on a position that starts face up is refused, naming its line and column.
"""

from __future__ import annotations

import re
from typing import Final

from golf_solitaire.cards import Card
from golf_solitaire.layouts import Layout, layout_named
from golf_solitaire.notation import Board, BoardSyntaxError, parse_board

_TOKEN: Final = re.compile(r"\S+")
_HALF: Final = 3
"""Characters of board text per half card width."""

HIDDEN_MARK: Final = "##"
"""How a player's view writes a face-down card it does not know."""

_HEADER: Final = re.compile(r"\s*(talon|stock|foundations?|waste)\s*:", re.IGNORECASE)


def _row_lines(text: str) -> list[tuple[int, str]]:
    """The (line number, text) of each row line: not blank, not a comment, not a header."""
    lines = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.replace("\t", " ")
        stripped = line.strip()
        if not stripped or stripped.startswith("#") or _HEADER.match(line):
            continue
        lines.append((number, line))
    return lines


def layout_of_text(text: str) -> str | None:
    """The covering layout whose row lengths the text's rows have, or ``None`` (another
    layout): rows of 3, 6, 9, 10 are TriPeaks; rows of 1 to 7 a pyramid, Elevator when any
    card is marked face down, else Escalator."""
    rows = _row_lines(text)
    lengths = tuple(len(_TOKEN.findall(line)) for _, line in rows)
    if lengths == (3, 6, 9, 10):
        return "tri_peaks"
    if lengths == tuple(range(1, 8)):
        return "elevator" if any("[" in line for _, line in rows) else "escalator"
    return None


def parse_rows(text: str, layout: Layout, *, partial: bool) -> Board:
    """Read covering board text: the stock, the waste, and one column of one card (or none,
    for a position played) per position of ``layout``."""
    rows = _row_lines(text)
    if len(rows) != len(layout.rows):
        last = rows[-1][0] if rows else len(text.splitlines()) or 1
        raise BoardSyntaxError(
            last, 1, f"found {len(rows)} rows, {layout.name} has {len(layout.rows)}"
        )
    cards: dict[int, tuple[Card, ...]] = {}
    for (number, line), positions in zip(rows, layout.rows, strict=True):
        tokens = list(_TOKEN.finditer(line))
        if len(tokens) != len(positions):
            where = tokens[min(len(tokens), len(positions)) - 1].start() + 1 if tokens else 1
            raise BoardSyntaxError(
                number,
                where,
                f"row {layout.rows.index(positions) + 1} has {len(tokens)} cards, "
                f"{layout.name} has {len(positions)} there",
            )
        for token, position in zip(tokens, positions, strict=True):
            cards[position] = _read_position(token, number, layout, position, partial=partial)
    # The headers, the cards' spelling and repeats: the common reader, brackets blanked so
    # that its columns still point into the text as given.
    plain = parse_board(text.replace("[", " ").replace("]", " "))
    return Board(plain.stock, plain.waste, tuple(cards[p] for p in range(layout.columns)))


def _read_position(
    token: re.Match[str], line: int, layout: Layout, position: int, *, partial: bool
) -> tuple[Card, ...]:
    word = token.group()
    column = token.start() + 1
    if word == "-":
        if not partial:
            raise BoardSyntaxError(line, column, "a deal has a card at every position")
        return ()
    marked = word.startswith("[") and word.endswith("]") and len(word) > 2
    if marked:
        if position not in layout.face_down:
            raise BoardSyntaxError(
                line, column, f"{word} is marked face down, but {layout.name} deals it face up"
            )
        word = word[1:-1]
    try:
        return (Card.parse(word),)
    except ValueError as error:
        raise BoardSyntaxError(line, column + marked, str(error)) from None


def format_rows(
    layout: Layout,
    cards: list[str | None],
    *,
    stock: tuple[Card, ...] | None,
    waste: tuple[Card, ...],
) -> str:
    """Board text of a covering layout: ``cards[p]`` is the text at position ``p`` (a card,
    a bracketed card, ``HIDDEN_MARK``), or ``None`` for a position played."""
    lines = []
    if stock is not None:
        lines.append(("Talon: " + " ".join(str(card) for card in stock)).rstrip())
    lines.append("Foundations: " + (" ".join(str(card) for card in waste) if waste else "-"))
    for row in layout.rows:
        line = ""
        for position in row:
            word = cards[position] or "-"
            place = layout.offsets[position] * _HALF
            line = line.ljust(place) + (" " if line and len(line) >= place else "") + word
        lines.append(line.rstrip())
    return "\n".join(lines) + "\n"


def pretty_rows(layout: Layout, cells: list[str | None], *, half: int = 3) -> list[str]:
    """The picture of a covering layout for a terminal: for each row a line of position
    numbers (from 1) and a line of ``cells`` (``None``: played, left blank), each placed at its
    position's offset, ``half`` characters a half card."""
    lines = []
    for row in layout.rows:
        numbers = cards = ""
        for position in row:
            place = layout.offsets[position] * half
            numbers = numbers.ljust(place) + f"{position + 1:>{2 * half - 1}}"
            cards = cards.ljust(place) + f"{cells[position] or '':>{2 * half - 1}}"
        lines.extend([numbers.rstrip(), cards.rstrip()])
    return lines


def deal_words(layout: Layout, columns: tuple[tuple[Card, ...], ...]) -> list[str | None]:
    """Each position's text in a deal's board text: its card, bracketed when dealt face down."""
    words: list[str | None] = []
    for position, column in enumerate(columns):
        if not column:
            words.append(None)
        elif position in layout.face_down:
            words.append(f"[{column[0]}]")
        else:
            words.append(str(column[0]))
    return words


def face_down_now(layout: Layout, heights: tuple[int, ...]) -> list[bool]:
    """Per position: True while its card is face down (dealt so, and still covered)."""
    return [
        bool(height)
        and position in layout.face_down
        and any(heights[cover] for cover in layout.covers_of(position))
        for position, height in enumerate(heights)
    ]


def layout_for(name: str) -> Layout:
    """The covering layout called ``name``; ``ValueError`` for a layout of columns."""
    layout = layout_named(name)
    if not layout.is_covering:
        raise ValueError(f"{name} is not a covering layout")
    return layout
