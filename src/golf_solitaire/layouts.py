"""Layouts as data: columns of stacked positions, which position covers which, the stock.

A card is exposed when every position covering it is empty. Golf is 7 columns of 5 with a
stock; Double Golf is 9 columns of 7 dealt from two decks, with a stock; Black Hole is 17
fans of 3 around the A♠ and has no stock; All in a Row is 13 columns of 4 played onto an
empty foundation, with no stock. In a column each card is covered by the one dealt after it.
In the covering layouts (TriPeaks, Elevator, Escalator) every position holds one card,
covered by the two positions that overlap it in the row below, and some positions start face
down until nothing covers them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final


@dataclass(frozen=True, slots=True)
class Layout:
    """A tableau of ``columns`` stacks, each ``depth`` cards deep, dealt across the rows from
    ``decks`` shuffled decks (two decks hold every card twice).

    A covering layout (``covers`` set) has one card per position (``depth`` 1): ``covers[p]``
    lists the positions lying on position ``p``, ``face_down`` the positions dealt face down,
    and ``rows`` the positions of each row of the picture, top row first, with ``offsets`` the
    horizontal place of each position in half card widths (for the faces).
    """

    name: str
    columns: int
    depth: int
    has_stock: bool
    covers: tuple[tuple[int, ...], ...] | None = None
    face_down: frozenset[int] = frozenset()
    rows: tuple[tuple[int, ...], ...] = ()
    offsets: tuple[int, ...] = ()
    under: tuple[tuple[int, ...], ...] = field(default=(), compare=False)
    decks: int = 1

    def __post_init__(self) -> None:
        if self.covers is not None and not self.under:
            under: list[list[int]] = [[] for _ in range(self.columns)]
            for position, above in enumerate(self.covers):
                for cover in above:
                    under[cover].append(position)
            object.__setattr__(self, "under", tuple(tuple(below) for below in under))

    @property
    def is_covering(self) -> bool:
        """True when a card may be covered by two (one card per position)."""
        return self.covers is not None

    @property
    def tableau_size(self) -> int:
        """How many cards the tableau holds when dealt."""
        return self.columns * self.depth

    @property
    def width(self) -> int:
        """The picture's width in half card widths (covering layouts; 0 otherwise)."""
        return max(self.offsets) + 2 if self.offsets else 0

    def positions(self) -> list[tuple[int, int]]:
        """Every position as (column, row), row 0 deepest, in dealing order (across rows)."""
        return [(column, row) for row in range(self.depth) for column in range(self.columns)]

    def covered_by(self, column: int, row: int) -> list[tuple[int, int]]:
        """The positions lying on (column, row): every card dealt after it in its column, or
        the covering positions of a covering layout."""
        if self.covers is not None:
            return [(above, 0) for above in self.covers[column]]
        return [(column, above) for above in range(row + 1, self.depth)]

    def covers_of(self, position: int) -> tuple[int, ...]:
        """The positions lying on ``position`` of a covering layout (none for columns)."""
        return self.covers[position] if self.covers is not None else ()

    def row_of(self, position: int) -> int:
        """The picture row (from 0 at the top) of a covering layout's ``position``."""
        for index, row in enumerate(self.rows):
            if position in row:
                return index
        raise ValueError(f"no position {position} in {self.name}")


def _pyramid(name: str, face_down_rows: int) -> Layout:
    """A pyramid of 28: rows of 1 to 7, each card covered by the two below it (Elevator,
    Escalator); positions numbered row by row from the top, left to right, as PySolFC deals."""
    rows: list[tuple[int, ...]] = []
    offsets: list[int] = []
    covers: list[tuple[int, ...]] = []
    for row in range(7):
        first = row * (row + 1) // 2
        rows.append(tuple(range(first, first + row + 1)))
        for index in range(row + 1):
            offsets.append(6 - row + 2 * index)
            below = first + row + 1 + index
            covers.append((below, below + 1) if row < 6 else ())
    face_down = frozenset(range(face_down_rows * (face_down_rows + 1) // 2))
    return Layout(name, 28, 1, True, tuple(covers), face_down, tuple(rows), tuple(offsets))


def _tri_peaks() -> Layout:
    """Three peaks of 6 on a shared bottom row of 10 (rows of 3, 6, 9, 10), numbered as
    PySolFC deals them: each peak top, its row of 2, its row of 3, then the bottom row."""
    covers: list[tuple[int, ...]] = []
    offsets: list[int] = []
    rows: list[list[int]] = [[], [], [], []]
    for peak in range(3):
        first = 6 * peak
        shape = ((3, 0), (2, 1), (4, 1), (1, 2), (3, 2), (5, 2))
        for index, (offset, row) in enumerate(shape):
            offsets.append(6 * peak + offset)
            rows[row].append(first + index)
        covers.extend(
            [
                (first + 1, first + 2),
                (first + 3, first + 4),
                (first + 4, first + 5),
            ]
        )
        covers.extend((18 + 3 * peak + index, 19 + 3 * peak + index) for index in range(3))
    for index in range(10):
        offsets.append(2 * index)
        rows[3].append(18 + index)
        covers.append(())
    return Layout(
        "tri_peaks",
        28,
        1,
        True,
        tuple(covers),
        frozenset(range(18)),
        tuple(tuple(row) for row in rows),
        tuple(offsets),
    )


GOLF: Final = Layout("golf", columns=7, depth=5, has_stock=True)
BLACK_HOLE: Final = Layout("black_hole", columns=17, depth=3, has_stock=False)
ALL_IN_A_ROW: Final = Layout("all_in_a_row", columns=13, depth=4, has_stock=False)
TRI_PEAKS: Final = _tri_peaks()
ELEVATOR: Final = _pyramid("elevator", face_down_rows=6)
ESCALATOR: Final = _pyramid("escalator", face_down_rows=0)
DOUBLE_GOLF: Final = Layout("double_golf", columns=9, depth=7, has_stock=True, decks=2)
LAYOUTS: Final = {
    layout.name: layout
    for layout in (GOLF, BLACK_HOLE, ALL_IN_A_ROW, TRI_PEAKS, ELEVATOR, ESCALATOR, DOUBLE_GOLF)
}
LAYOUT_CHOICES: Final = ", ".join(LAYOUTS)
COVERING: Final = frozenset(name for name, layout in LAYOUTS.items() if layout.is_covering)
"""The names of the layouts where a card may be covered by two."""
COVERING_LAYOUTS: Final = {name: LAYOUTS[name] for name in sorted(COVERING)}
"""The covering layouts by name (the move generator looks its layout up here)."""


def layout_named(name: str) -> Layout:
    """The layout called ``name`` (``golf``, ``black_hole``, ``all_in_a_row``, ``tri_peaks``,
    ``elevator``, ``escalator`` or ``double_golf``)."""
    try:
        return LAYOUTS[name]
    except KeyError:
        raise ValueError(f"unknown layout {name!r} (choose {LAYOUT_CHOICES})") from None
