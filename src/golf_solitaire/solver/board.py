"""A position compiled for search: ranks as small ints, an acceptance table, the stock as ranks.

Suits never matter in play, so the search sees ranks only (0 is a joker). The waste top is a
code: its rank, ``NO_TOP`` for the empty waste of ``empty_start``, or ``DEAD_TOP`` for a Queen
that went on a King under the ``dead_end`` rules (nothing may follow it). The stock is the list of
cards still to draw, so a hint can search a stock order it made up.

>>> from golf_solitaire import Deal, State
>>> deal = Deal.numbered(2)
>>> board = Board.from_position(deal, State.start(deal))
>>> board.heights, board.top
([5, 5, 5, 5, 5, 5, 5], 2)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field

from golf_solitaire.cards import Card, Suit
from golf_solitaire.deals import Deal
from golf_solitaire.rules import QueensOnKings, Rules
from golf_solitaire.state import State

NO_TOP = 14
"""The waste-top code of an empty waste (anything may be played on it)."""

DEAD_TOP = 15
"""The waste-top code of a dead-end Queen (nothing may be played on it)."""

TOP_CODES = 16

KING = 13
QUEEN = 12
RANKS = 14
"""Rank codes 0 (joker) to 13 (King)."""


def _card_of(rank: int) -> Card:
    return Card(rank, None) if rank == 0 else Card(rank, Suit.SPADES)


@functools.cache
def acceptance_table(rules: Rules) -> list[list[bool]]:
    """``table[top][rank]``: may a card of ``rank`` go on a waste top of code ``top``?"""
    table: list[list[bool]] = []
    for top in range(TOP_CODES):
        if top in (NO_TOP, DEAD_TOP):
            table.append([top == NO_TOP] * RANKS)
            continue
        top_card = _card_of(top)
        table.append([rules.accepts(top_card, _card_of(rank)) for rank in range(RANKS)])
    return table


def top_code(state: State) -> int:
    """The waste-top code of a position."""
    if state.dead_end:
        return DEAD_TOP
    top = state.waste_top
    return NO_TOP if top is None else top.rank


def dead_after(rules: Rules, top: int, rank: int) -> bool:
    """True when playing ``rank`` on top code ``top`` leaves a dead-end Queen."""
    return rules.queens_on_kings is QueensOnKings.DEAD_END and top == KING and rank == QUEEN


@dataclass(slots=True)
class Board:
    """The search's view of a position: column ranks, heights, stock ranks, waste top."""

    rules: Rules
    columns: list[list[int]]
    heights: list[int]
    stock: list[int]
    top: int
    accepts: list[list[bool]] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.accepts:
            self.accepts = acceptance_table(self.rules)

    @classmethod
    def from_position(cls, deal: Deal, state: State) -> Board:
        """The board of ``state`` in ``deal``, stock in its true order."""
        return cls.with_stock(deal, state, deal.stock[state.drawn :])

    @classmethod
    def with_stock(cls, deal: Deal, state: State, stock: Sequence[Card]) -> Board:
        """The board of ``state`` in ``deal`` with the undrawn stock in the order ``stock``."""
        return cls(
            rules=deal.rules,
            columns=[[card.rank for card in column] for column in deal.columns],
            heights=list(state.heights),
            stock=[card.rank for card in stock],
            top=top_code(state),
        )

    @property
    def count_bits(self) -> int:
        """Bits that hold how many cards of one rank the tableau has (three for one deck,
        four for two: eight of a rank), so a search packs the counts of all ranks in one int."""
        counts = [0] * RANKS
        for column in self.columns:
            for rank in column:
                counts[rank] += 1
        return max(3, max(counts).bit_length())

    @property
    def tableau_count(self) -> int:
        """Cards left in the tableau."""
        return sum(self.heights)

    @property
    def strict_kings(self) -> bool:
        """True when a King ends every chain (strict ends, no jokers)."""
        rules = self.rules
        return not rules.wrap and rules.queens_on_kings is QueensOnKings.OFF and not rules.jokers
