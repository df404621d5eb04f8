"""The table's widgets: columns of cards, the stock, the waste, the status and key lines.

Attributes down, messages up: each widget renders from the deal and the immutable ``State``
the app hands it, and posts a message (``ColumnView.Chosen``, ``StockView.Clicked``) when the
player clicks; the app decides what the click means.
"""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget
from textual.widgets import Static

from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.moves import Play
from golf_solitaire.state import State, face_down, legal_moves, uncovered
from golf_solitaire.tui.texts import card_label, card_style

WASTE_SHOWN = 8
"""How many of the waste's top cards the waste pile shows."""


PLAYABLE = "bold underline #15181c on #ffd54f"
"""The style of an exposed card that can go on the waste now: gold, as in the browser, and
underlined for a terminal without colours."""


def card_cell(card: Card, *, exposed: bool, width: int, playable: bool = False) -> Text:
    """One card as a cell of ``width`` characters; the exposed card is bracketed and bold, in
    gold when it can go on the waste now."""
    label = card_label(card)
    style = card_style(card)
    if exposed:
        body = f"[{label:>3}]" if width >= 5 else f"{label:>3}"
        text = Text(body.center(width), style=PLAYABLE if playable else style + " bold reverse")
    else:
        body = f" {label:>3} " if width >= 5 else f"{label:>3}"
        text = Text(body.center(width), style=style)
    return text


class ColumnView(Widget):
    """One tableau column: its key number on top, then its cards, deepest first."""

    deal: reactive[Deal | None] = reactive(None, layout=True)
    state: reactive[State | None] = reactive(None, layout=True)
    cursor: reactive[int] = reactive(0)

    class Chosen(Message):
        """The player clicked column ``column`` (from 0), on card ``row`` or on its number."""

        def __init__(self, column: int, row: int | None) -> None:
            super().__init__()
            self.column = column
            self.row = row

    def __init__(self, index: int, *, cell_width: int, across: bool = False) -> None:
        super().__init__(id=f"column-{index + 1}", classes="fan" if across else "column")
        self.index = index
        self.cell_width = cell_width
        self.across = across

    def render(self) -> Text:
        """The number line, then one line per card left, the exposed card marked; a fan
        (``across``) is one line: its number, then its cards from left to right."""
        if self.across:
            return self._render_across()
        width = self.cell_width
        number = str(self.index + 1)
        chosen = self.cursor == self.index
        head = f"▼{number}" if chosen else number
        text = Text()
        text.append(head.center(width), style="bold reverse" if chosen else "bold")
        if self.deal is None or self.state is None:
            return text
        cells = self._cells(width)
        for cell in cells:
            text.append("\n")
            text.append_text(cell)
        if not cells:
            text.append("\n")
            text.append("·".center(width), style="dim")
        return text

    def _cells(self, width: int) -> list[Text]:
        """The column's cards as cells, deepest first, its exposed card marked (playable or
        not); empty before the game is set."""
        if self.deal is None or self.state is None:
            return []
        height = self.state.heights[self.index]
        cards = self.deal.columns[self.index][:height]
        playable = Play(self.index) in legal_moves(self.deal, self.state)
        return [
            card_cell(
                card,
                exposed=row == height - 1,
                width=width,
                playable=row == height - 1 and playable,
            )
            for row, card in enumerate(cards)
        ]

    def _render_across(self) -> Text:
        """A fan on one line: its number (reversed when chosen), then its cards."""
        chosen = self.cursor == self.index
        text = Text()
        text.append(f"{self.index + 1:>2}", style="bold reverse" if chosen else "bold")
        if self.deal is None or self.state is None:
            return text
        cells = self._cells(3)
        for cell in cells:
            text.append(" ")
            text.append_text(cell)
        if not cells:
            text.append("  ·", style="dim")
        return text

    def on_click(self, event: events.Click) -> None:
        """Tell the app which card (or the column number) was clicked."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        row = (offset.x - 2) // FAN_CELL if self.across else offset.y - 1
        self.post_message(self.Chosen(self.index, row if row >= 0 else None))


class PeaksView(Widget):
    """A covering layout (TriPeaks, Elevator, Escalator): each row as a line of position
    numbers over a line of cards, placed as they overlap; a face-down card is a back (its
    card is never read), a card still covered is dim, a free card bracketed."""

    deal: reactive[Deal | None] = reactive(None, layout=True)
    state: reactive[State | None] = reactive(None, layout=True)
    cursor: reactive[int] = reactive(0)

    DEFAULT_CSS = """
    PeaksView {
        width: auto;
        height: auto;
    }
    """

    HALF = 3
    """Characters a half card across."""

    def render(self) -> Text:
        """Two lines per row: numbers (the cursor's marked), then cards."""
        text = Text()
        if self.deal is None or self.state is None:
            return text
        deal, state = self.deal, self.state
        layout = deal.layout
        hidden = set(face_down(deal, state))
        legal = set(legal_moves(deal, state))
        for index, row in enumerate(layout.rows):
            if index:
                text.append("\n")
            numbers, cards = Text(), Text()
            for position in row:
                place = layout.offsets[position] * self.HALF
                numbers.append(" " * (place - len(numbers)))
                cards.append(" " * (place - len(cards)))
                chosen = self.cursor == position
                label = f"▼{position + 1}" if chosen else str(position + 1)
                numbers.append(f"{label:^5}", style="bold reverse" if chosen else "dim")
                if position in hidden:
                    cards.append(" ▒▒▒ ", style="#f4f1e8 on #1d4f91")
                elif not state.heights[position]:
                    cards.append("  ·  ", style="dim")
                else:
                    card = deal.columns[position][0]
                    free = uncovered(layout, state.heights, position)
                    cell = card_cell(card, exposed=free, width=5, playable=Play(position) in legal)
                    cards.append_text(cell if free else Text(cell.plain, style="dim"))
            text.append_text(numbers)
            text.append("\n")
            text.append_text(cards)
        return text

    def on_click(self, event: events.Click) -> None:
        """Tell the app which position was clicked (as a column of one card)."""
        offset = event.get_content_offset(self)
        if offset is None or self.deal is None:
            return
        layout = self.deal.layout
        row = offset.y // 2
        if row >= len(layout.rows):
            return
        for position in layout.rows[row]:
            place = layout.offsets[position] * self.HALF
            if place <= offset.x < place + 5:
                self.post_message(ColumnView.Chosen(position, None))
                return


FAN_CELL = 4
"""The characters a card takes in a fan drawn across: a space and three for the card."""


class HoleView(Widget):
    """Black Hole's hole in the middle of the fans: the card on top of the pile."""

    deal: reactive[Deal | None] = reactive(None)
    state: reactive[State | None] = reactive(None)

    def render(self) -> Text:
        """The pile's top card, bracketed."""
        text = Text()
        top = self.state.waste_top if self.state is not None else None
        if top is not None:
            text.append_text(card_cell(top, exposed=True, width=5))
        return text


BLACK_HOLE_ORDER = (0, 1, 2, 3, 4, 5, 6, None, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)
"""Black Hole's fans as a 5 by 4 grid fills its cells, row by row; ``None`` is the hole (two
rows high, in the middle), as PySolFC lays them out."""


WIDE_CELL = 7
"""A card cell's width with room for the exposed card's brackets."""

TABLE_WIDTH = 78
"""The columns the tableau has in an 80-column terminal (inside the table's frame)."""


class Board(Widget):
    """The tableau: one ``ColumnView`` per column of the deal's layout."""

    deal: reactive[Deal | None] = reactive(None, recompose=True)
    state: reactive[State | None] = reactive(None)
    cursor: reactive[int] = reactive(0)

    def compose(self) -> ComposeResult:
        """A column view per column, bound to the board's deal, state and cursor."""
        if self.deal is None:
            return
        layout = self.deal.layout
        if layout.is_covering:
            self.set_class(False, "-many")
            self.set_class(False, "-hole")
            yield PeaksView(id="peaks").data_bind(Board.deal, Board.state, Board.cursor)
            return
        self.set_class(layout.name == "black_hole", "-hole")
        if layout.name == "black_hole":
            for index in BLACK_HOLE_ORDER:
                if index is None:
                    yield HoleView(id="hole").data_bind(Board.deal, Board.state)
                else:
                    yield ColumnView(index, cell_width=3, across=True).data_bind(
                        Board.deal, Board.state, Board.cursor
                    )
            return
        # Wide cells (and a space between columns) whenever they fit an 80-column terminal:
        # Golf's 7 columns and Double Golf's 9; Black Hole's 17 and All in a Row's 13 are narrow.
        many = layout.columns * (WIDE_CELL + 1) > TABLE_WIDTH
        self.set_class(many, "-many")
        width = 4 if many else WIDE_CELL
        for index in range(layout.columns):
            yield ColumnView(index, cell_width=width).data_bind(
                Board.deal, Board.state, Board.cursor
            )


class StockView(Static):
    """The stock: a card back and how many cards are left; click it to draw."""

    count: reactive[int] = reactive(0)

    class Clicked(Message):
        """The player clicked the stock."""

    def render(self) -> Text:
        """A card back while cards are left, then the count."""
        back = ("▒▒▒", "#f4f1e8 on #1d4f91") if self.count else (" · ", "dim")
        text = Text()
        text.append(back[0], style=back[1])
        text.append(f" {self.count:>2}")
        return text

    def on_click(self) -> None:
        """Ask the app to draw."""
        self.post_message(self.Clicked())


class WasteView(Static):
    """The waste pile: its last few cards, the top one (played on next) marked."""

    waste: reactive[tuple[Card, ...]] = reactive(())

    def render(self) -> Text:
        """Older cards dim on the left, the top card bracketed on the right."""
        shown = self.waste[-WASTE_SHOWN:]
        text = Text()
        if not shown:
            text.append("  —  ", style="dim")
            return text
        for card in shown[:-1]:
            text.append_text(card_cell(card, exposed=False, width=4))
            text.append(" ")
        text.append_text(card_cell(shown[-1], exposed=True, width=5))
        return text


class Line(Static):
    """A one-line text area (title, message, status) set whole by the app."""
