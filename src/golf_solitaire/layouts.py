"""Layouts as data: columns of stacked positions, which position covers which, the stock.

A card is exposed when every position covering it is empty. Golf is 7 columns of 5 with a
stock; Double Golf is 9 columns of 7 dealt from two decks, with a stock; Black Hole is 17
fans of 3 around the A♠ and has no stock; All in a Row is 13 columns of 4 played onto an
empty foundation, with no stock.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True, slots=True)
class Layout:
    """A tableau of ``columns`` stacks, each ``depth`` cards deep, dealt across the rows from
    ``decks`` shuffled decks (two decks hold every card twice)."""

    name: str
    columns: int
    depth: int
    has_stock: bool
    decks: int = 1

    @property
    def tableau_size(self) -> int:
        """How many cards the tableau holds when dealt."""
        return self.columns * self.depth

    def positions(self) -> list[tuple[int, int]]:
        """Every position as (column, row), row 0 deepest, in dealing order (across rows)."""
        return [(column, row) for row in range(self.depth) for column in range(self.columns)]

    def covered_by(self, column: int, row: int) -> list[tuple[int, int]]:
        """The positions lying on (column, row): every card dealt after it in its column."""
        return [(column, above) for above in range(row + 1, self.depth)]


GOLF: Final = Layout("golf", columns=7, depth=5, has_stock=True)
BLACK_HOLE: Final = Layout("black_hole", columns=17, depth=3, has_stock=False)
ALL_IN_A_ROW: Final = Layout("all_in_a_row", columns=13, depth=4, has_stock=False)
DOUBLE_GOLF: Final = Layout("double_golf", columns=9, depth=7, has_stock=True, decks=2)
LAYOUTS: Final = {layout.name: layout for layout in (GOLF, BLACK_HOLE, ALL_IN_A_ROW, DOUBLE_GOLF)}
LAYOUT_CHOICES: Final = ", ".join(LAYOUTS)


def layout_named(name: str) -> Layout:
    """The layout called ``name`` (``golf``, ``black_hole``, ``all_in_a_row``, ``double_golf``)."""
    try:
        return LAYOUTS[name]
    except KeyError:
        raise ValueError(f"unknown layout {name!r} (choose {LAYOUT_CHOICES})") from None
