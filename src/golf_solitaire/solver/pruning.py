"""Proofs that a position of one board can no longer reach a score, computed from tables.

``Pruning`` holds what the search asks of a position: the matching bound (every card to play
needs its own predecessor, see ``bounds``), and the windows (each chain of plays stays in one
rank island and can only enter the islands its waste top or drawn card touches, so each card
has a range of chains it can be played in: a card with none can never be played, and a clear
needs as many draws as the deepest card's first chain). The rank tables are built once per
rule set and the board tables once per board; the windows of each column are cached.

>>> from golf_solitaire import Deal, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(2)
>>> pruning = Pruning(Board.from_position(deal, State.start(deal)))
>>> pruning.root_bound() <= 0
True
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from golf_solitaire.rules import Rules
from golf_solitaire.solver.board import (
    DEAD_TOP,
    NO_TOP,
    RANKS,
    TOP_CODES,
    Board,
    acceptance_table,
    dead_after,
)
from golf_solitaire.solver.bounds import MatchingPlan
from golf_solitaire.solver.walks import WalkCheck


@dataclass(frozen=True, slots=True)
class RankTables:
    """What the ranks alone decide under one rule set; built once per rule set and shared."""

    next_codes: list[list[int]]
    """``next_codes[top][rank]``: the top code after playing ``rank`` on ``top``, -1 if refused."""
    successors: list[int]
    """``successors[top]``: bit mask of the ranks that may be played on that top code."""
    accepted: list[list[int]]
    """``accepted[top]``: the ranks that may be played on that top code."""
    predecessors: list[list[int]]
    """``predecessors[rank]``: the top codes of real cards that accept ``rank``."""
    links: list[int]
    """``links[rank]``: ranks that may go on ``rank`` or that ``rank`` may go on."""
    missing: Callable[[list[int], list[int]], int]
    """The compiled matching bound (``bounds.MatchingPlan.compile``)."""
    islands: dict[int, list[int]] = field(default_factory=dict)
    """The islands of each set of ranks present, filled as the search meets them."""


@functools.cache
def rank_tables(rules: Rules) -> RankTables:
    """The ``RankTables`` of ``rules``."""
    accepts = acceptance_table(rules)
    codes = []
    for top in range(TOP_CODES):
        row = []
        for rank in range(RANKS):
            if not accepts[top][rank]:
                row.append(-1)
            else:
                row.append(DEAD_TOP if dead_after(rules, top, rank) else rank)
        codes.append(row)
    successors = [
        sum(1 << rank for rank in range(RANKS) if codes[top][rank] >= 0) for top in range(TOP_CODES)
    ]
    predecessors = [[p for p in range(RANKS) if accepts[p][rank]] for rank in range(RANKS)]
    return RankTables(
        next_codes=codes,
        successors=successors,
        accepted=[
            [rank for rank in range(RANKS) if codes[top][rank] >= 0] for top in range(TOP_CODES)
        ],
        predecessors=predecessors,
        links=[successors[rank] | sum(1 << p for p in predecessors[rank]) for rank in range(RANKS)],
        missing=matching_bound(MatchingPlan.for_rules(rules)),
    )


def _probe() -> None:
    """A function whose type tells whether this module runs compiled."""


COMPILED = type(_probe).__name__ != "function"
"""True when this module runs as a mypyc-compiled extension (``make compiled``)."""


class LoopedMatching:
    """The matching bound as a plain loop over ``MatchingPlan``'s tables: what a compiled
    build runs fastest (the unrolled code of ``MatchingPlan.compile`` stays interpreted)."""

    def __init__(self, plan: MatchingPlan) -> None:
        self.slot_ranks = list(plan.slot_ranks)
        self.ranks = [rank for rank, _, _ in plan.demands]
        self.lefts = [left for _, left, _ in plan.demands]
        self.rights = [right for _, _, right in plan.demands]

    def __call__(self, demand: list[int], supply: list[int]) -> int:
        """``MatchingPlan.compile``'s ``missing``: the tableau's own cards are supply too, and
        wild supply (index 0: jokers, an empty waste) each meet one demand."""
        left_over = [demand[rank] + supply[rank] for rank in self.slot_ranks]
        lefts = self.lefts
        rights = self.rights
        short = 0
        for index, rank in enumerate(self.ranks):
            need = demand[rank]
            if not need:
                continue
            for side in (lefts[index], rights[index]):
                if side >= 0:
                    have = left_over[side]
                    if have >= need:
                        left_over[side] = have - need
                        need = 0
                        break
                    need -= have
                    left_over[side] = 0
            short += need
        short -= demand[0] + supply[0]
        return short if short > 0 else 0


def matching_bound(plan: MatchingPlan) -> Callable[[list[int], list[int]], int]:
    """``missing(demand, supply)`` of ``plan``: unrolled code when interpreted, the loop when
    compiled (the two give the same counts; the tests hold them to it)."""
    return LoopedMatching(plan) if COMPILED else plan.compile()


_T = TypeVar("_T")

ColumnWindows = tuple[int, bool, int, tuple[tuple[int, int], ...]]
"""One column's windows: cards stuck, blocks a clear, chain of its deepest card, claims."""


class Pruning:
    """The dead-position checks and bounds of one board (its columns, stock and rules)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.stock_size = len(board.stock)
        tables = rank_tables(board.rules)
        self.missing = tables.missing
        self.next_codes = tables.next_codes
        self.successors = tables.successors
        self.accepted = tables.accepted
        self.predecessors = tables.predecessors
        self.links = tables.links
        self._island_cache = tables.islands
        stock = board.stock
        suffix = [[0] * RANKS for _ in range(len(stock) + 1)]
        for index in range(len(stock) - 1, -1, -1):
            row = list(suffix[index + 1])
            row[stock[index]] += 1
            suffix[index] = row
        # rows[drawn][top]: supply besides the tableau: the stock left and a live top.
        self.rows: list[list[list[int]]] = [
            [_with_top(counts, top) for top in range(TOP_CODES)] for counts in suffix
        ]
        # entries[drawn][rank]: the chains (bit j: the chain after the j-th draw from now) whose
        # drawn card a card of ``rank`` may follow.
        self.entries = [[0] * RANKS for _ in range(len(stock) + 1)]
        for drawn in range(len(stock) - 1, -1, -1):
            follows = self.successors[stock[drawn]]
            later = self.entries[drawn + 1]
            self.entries[drawn] = [
                later[rank] << 1 | (2 if follows >> rank & 1 else 0) for rank in range(RANKS)
            ]
        self.count_bits = board.count_bits
        """Bits per rank in a packed count of the tableau's ranks (``Board.count_bits``)."""
        self._slots = max(map(len, board.columns), default=0) + 1
        """Heights a column's cached answers are kept for: 0 to its deepest dealt card."""
        self._entry_cache: dict[int, tuple[list[int], list[int]]] = {}
        self._column_cache: dict[int, list[list[ColumnWindows | None]]] = {}
        self._stuck_cache: dict[int, list[list[tuple[int, ...] | None]]] = {}
        self._prefix_rows: list[list[list[list[int]]]] | None = None

    @property
    def prefix_rows(self) -> list[list[list[list[int]]]]:
        """``[drawn][count][top]``: the supply of ``rows`` when only ``count`` more are drawn
        (made on first use and kept: a plain attribute, since a compiled build's classes have
        no instance dictionary for ``functools.cached_property`` to keep it in)."""
        if self._prefix_rows is None:
            self._prefix_rows = self._make_prefix_rows()
        return self._prefix_rows

    def _make_prefix_rows(self) -> list[list[list[list[int]]]]:
        """The table of ``prefix_rows``."""
        stock = self.board.stock
        table = []
        for drawn in range(len(stock) + 1):
            counts = [0] * RANKS
            per_count = [[_with_top(counts, top) for top in range(TOP_CODES)]]
            for index in range(drawn, len(stock)):
                counts[stock[index]] += 1
                per_count.append([_with_top(counts, top) for top in range(TOP_CODES)])
            table.append(per_count)
        return table

    def tableau(self, heights: list[int]) -> list[int]:
        """Cards left in the tableau, counted by rank."""
        tableau = [0] * RANKS
        for column, height in zip(self.board.columns, heights, strict=True):
            for rank in column[:height]:
                tableau[rank] += 1
        return tableau

    def draws_to_match(self, tableau: list[int], drawn: int, top: int, least: int) -> int:
        """Fewest draws (at least ``least``) after which every tableau card to play has a
        predecessor among the tableau, the waste top and the cards drawn by then (more draws
        only add predecessors, so the count is found by bisection)."""
        rows = self.prefix_rows[drawn]
        missing = self.missing
        low, high = least, len(rows)
        while low < high:
            middle = (low + high) // 2
            if missing(tableau, rows[middle][top]):
                low = middle + 1
            else:
                high = middle
        return low

    def root_bound(self) -> int:
        """Cards of the board's position that no stock order lets be played (0: maybe none).

        It uses only what the order of the stock cannot change: the matching bound on the
        counts of the cards, and, with no stock left, the single chain's walk count. So a
        fair hint may say "no play can clear this now" on its strength.
        """
        board = self.board
        if not any(board.heights):
            return 0
        tableau = self.tableau(board.heights)
        stranded = self.missing(tableau, self.rows[0][board.top])
        if stranded or board.stock:
            return stranded
        walks = WalkCheck.for_rules(board.rules)
        return 0 if walks is None or walks.possible(tableau, board.top) else 1

    def islands(self, present: int) -> list[int]:
        """The rank islands of a set of ranks (each a bit mask of ranks).

        Ranks are linked when a card of one may go on the other (either way). No tableau card
        outside an island can precede a card inside it, so the first card played from each
        island follows the waste top or a drawn card.
        """
        known = self._island_cache.get(present)
        if known is not None:
            return known
        links = self.links
        left = present
        islands: list[int] = []
        while left:
            grown = left & -left
            while True:
                reach = grown
                rank = 0
                bits = grown
                while bits:
                    if bits & 1:
                        reach |= links[rank] & present
                    bits >>= 1
                    rank += 1
                if reach == grown:
                    break
                grown = reach
            islands.append(grown)
            left &= ~grown
        known = islands
        self._island_cache[present] = known
        return known

    def windows(
        self, heights: list[int], present: int, drawn: int, top: int
    ) -> tuple[list[int], bool, int]:
        """Ranks of the cards never to be played, whether the tableau can no longer be cleared,
        and the fewest draws before it can.

        Cards are played in chains, one a draw, numbered from 0 (the chain on the waste top).
        A chain stays in one rank island, entered from its own waste top or drawn card, so each
        island can only be played in the chains that can enter it. Down a column the chains
        never go back, and a card of another island, or under a card nothing may follow, needs
        a later chain than the card above it. A card with no chain left can never be played,
        nor can anything under it. For a clear, every card must also be played by the last
        chain that can still reach the cards under it; and a chain that is the only one left
        for a card belongs to that card's island, so two islands cannot both need it.

        Each column's answer depends only on its height, the ranks present, the cards drawn
        and which islands the waste top enters, so it is cached on those.
        """
        follow = self.successors[top] & present
        table = self._column_table(self._column_cache, present, drawn, follow)
        stuck: list[int] = []
        dead = False
        draws = 0
        claims: dict[int, int] | None = None
        for column, height in enumerate(heights):
            if not height:
                continue
            known = table[column][height]
            if known is None:
                known = self._column_windows(column, height, present, drawn, follow)
                table[column][height] = known
            column_stuck, column_dead, column_draws, column_claims = known
            if column_stuck:
                stuck.extend(self.board.columns[column][:column_stuck])
            if column_draws > draws:
                draws = column_draws
            if column_dead:
                dead = True
            elif column_claims and not dead:
                if claims is None:
                    claims = {}
                for chain, island in column_claims:
                    if claims.setdefault(chain, island) != island:
                        dead = True
        return stuck, dead, draws

    def stuck(self, heights: list[int], present: int, drawn: int, top: int) -> list[int]:
        """The first answer of ``windows`` alone, all that most searches ask: found by the
        first pass down each column only, and cached apart."""
        follow = self.successors[top] & present
        table = self._column_table(self._stuck_cache, present, drawn, follow)
        stuck: list[int] = []
        for column, height in enumerate(heights):
            if height:
                known = table[column][height]
                if known is None:
                    known = table[column][height] = self._column_stuck(
                        column, height, present, drawn, follow
                    )
                if known:
                    stuck += known
        return stuck

    def _column_stuck(
        self, column: int, height: int, present: int, drawn: int, follow: int
    ) -> tuple[int, ...]:
        """The ranks of the cards of one column that no chain can play."""
        island_of, entry = self._island_entries(present, drawn, follow)
        earliest = self._earliest(column, height, present, island_of, entry)
        return tuple(self.board.columns[column][:earliest]) if isinstance(earliest, int) else ()

    def _earliest(
        self, column: int, height: int, present: int, island_of: list[int], entry: list[int]
    ) -> list[int] | int:
        """Down one column, the first chain each card can be played in; or, when a card has
        none, how many cards are stuck (that card and every card under it). ``island_of`` and
        ``entry`` are ``_island_entries``."""
        successors = self.successors
        cards = self.board.columns[column]
        earliest = [0] * height
        chain = 0
        above = -1
        for index in range(height - 1, -1, -1):
            rank = cards[index]
            if above >= 0 and (
                island_of[rank] != island_of[above] or not successors[above] & present
            ):
                chain += 1
            allowed = entry[rank] >> chain << chain
            if not allowed:
                return index + 1
            chain = (allowed & -allowed).bit_length() - 1
            earliest[index] = chain
            above = rank
        return earliest

    def _column_table(
        self, cache: dict[int, list[list[_T | None]]], present: int, drawn: int, follow: int
    ) -> list[list[_T | None]]:
        """``cache``'s answers for every column and height for these ranks, draws and top."""
        code = (present << 6 | drawn) << RANKS | follow
        table = cache.get(code)
        if table is None:
            table = cache[code] = [[None] * self._slots for _ in self.board.columns]
        return table

    def _column_windows(
        self, column: int, height: int, present: int, drawn: int, follow: int
    ) -> ColumnWindows:
        """``windows`` for one column: stuck cards, whether it blocks a clear, the chain its
        deepest card needs at the earliest, and its claims."""
        island_of, entry = self._island_entries(present, drawn, follow)
        earliest = self._earliest(column, height, present, island_of, entry)
        if isinstance(earliest, int):
            return earliest, True, 0, ()
        successors = self.successors
        cards = self.board.columns[column]
        claims = []
        latest = 64
        below = -1
        for index in range(height):
            rank = cards[index]
            if below >= 0 and (
                island_of[rank] != island_of[below] or not successors[rank] & present
            ):
                latest -= 1
            allowed = entry[rank] & ((2 << latest) - 1) if latest >= 0 else 0
            allowed = allowed >> earliest[index] << earliest[index]
            if not allowed:
                return 0, True, 0, ()
            latest = allowed.bit_length() - 1
            if not allowed & (allowed - 1):
                claims.append((allowed, island_of[rank]))
            below = rank
        return 0, False, earliest[0], tuple(claims)

    def _island_entries(self, present: int, drawn: int, follow: int) -> tuple[list[int], list[int]]:
        """Per rank: its island, and the chains that can enter that island."""
        code = (present << 6 | drawn) << RANKS | follow
        known = self._entry_cache.get(code)
        if known is not None:
            return known
        islands = self.islands(present)
        entries = self.entries[drawn]
        island_of = [0] * RANKS
        entry = [0] * RANKS
        for island in islands:
            mask = 1 if follow & island else 0
            for rank in range(RANKS):
                if island >> rank & 1:
                    mask |= entries[rank]
            for rank in range(RANKS):
                if island >> rank & 1:
                    island_of[rank] = island
                    entry[rank] = mask
        known = (island_of, entry)
        self._entry_cache[code] = known
        return known


def _with_top(counts: list[int], top: int) -> list[int]:
    """Stock counts by rank plus the waste top as supply (an empty waste is wild)."""
    row = list(counts)
    if top == NO_TOP:
        row[0] += 1
    elif top != DEAD_TOP:
        row[top] += 1
    return row
