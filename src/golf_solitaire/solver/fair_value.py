r"""The exact value of stock-blind play: expected strokes when every unseen card is equally likely.

A player who cannot see the stock knows the tableau, the waste and the *set* of cards still
face down (every card not in sight), never their order. The best such player chooses each move
by the expected strokes it leads to, where a draw turns up each unseen card with equal chance.
That is an expectimax over the tableaux left at each draw and the multiset of unseen ranks
(suits never matter); it is exact, and its size grows with the unseen cards' subsets, so it
is offered up to ``MAX_UNSEEN`` of them and refused beyond. It is the oracle the fair hint is
tested against, and the fair hint itself uses it once few unseen cards remain.

>>> from golf_solitaire import Deal, Game
>>> board = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
>>> game = Game(Deal.from_text(board, partial=True))
>>> fair_value(game)
-2.0
>>> {str(move): value for move, value in fair_values(game).items()}
{'0': -2.0, '1': -0.5, 'd': -0.5}
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Final

from golf_solitaire import state as rules_of_play
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.rules import Rules
from golf_solitaire.solver.blind_policy import BITS, BlindPolicy
from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import Position, position_of

MAX_UNSEEN: Final = 8
"""The most unseen cards whose every order the exact fair value takes into account."""


class TooManyUnseenError(ValueError):
    """The position has more unseen cards than the exact fair value can weigh."""


Unseen = tuple[int, ...]
"""The unseen cards' ranks, sorted (a multiset)."""

ExactKey = tuple[tuple[tuple[int, ...], ...], Rules, int]


def exact_key(board: Board) -> ExactKey:
    """What an ``Expectimax``'s tables depend on: the board's columns as dealt, its rules and
    the bits a rank's count among the unseen takes (four, unless a rank has more than 15 unseen
    copies); positions of one hand share it, so one search's tables serve all its hints."""
    count_bits = max(4, max(Counter(board.stock).values(), default=1).bit_length())
    return tuple(tuple(column) for column in board.columns), board.rules, count_bits


class Expectimax:
    """Expected strokes of the best stock-blind play from positions of one board.

    Between two draws a blind player's whole choice is the tableau to leave: the draw then
    puts the drawn card on the waste, whatever was on top. So values are kept only at the
    draws, one for each tableau and multiset of unseen ranks (both packed in one int), and a
    turn is the best of the tableaux its plays can reach (``BlindPolicy.ends``, kept for each
    tableau and waste top, whatever is unseen): four times fewer positions than keeping every
    play's, and about five times as fast (``benchmarks/expectimax.py``). ``max_nodes`` bounds
    the draws it may value (``LimitReached`` past it), so a hint can try it and fall back on
    sampling when a position is too big.
    """

    def __init__(self, board: Board, *, max_nodes: int | None = None) -> None:
        self.turns = BlindPolicy(board)  # its columns, rank table and turns' tableaux
        self.key = exact_key(board)
        self.count_bits = self.key[2]  # a rank's count among the unseen
        self.shift = BITS * len(board.columns)  # the unseen counts above the heights
        self.memo: dict[int, float] = {}  # packed (tableau, unseen) at a draw: its value
        self.draw_ranks: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        self.max_nodes = max_nodes
        self.nodes = 0

    def allow(self, nodes: int) -> None:
        """Let it value ``nodes`` more draws from now (what it kept already costs nothing)."""
        self.max_nodes = self.nodes + nodes

    def forget(self) -> None:
        """Drop the values, the count and the allowance, keeping the tables of the board's
        turns: a search that starts afresh opens as many draws as a new one, so whether it fits
        an allowance depends on the position alone, never on what was asked before."""
        self.memo.clear()
        self.nodes = 0
        self.max_nodes = None

    def value(self, heights: tuple[int, ...], top: int, unseen: Unseen) -> float:
        """The expected strokes of the best stock-blind play (a cleared tableau scores minus
        the unseen cards left)."""
        return self._turn(self._tableau(heights), top, self._unseen(unseen), len(unseen))

    def plays(self, heights: tuple[int, ...], top: int) -> list[tuple[int, tuple[int, ...], int]]:
        """Each legal play's column, and the heights and waste-top code after it."""
        row = self.turns.next_codes[top]
        columns = self.turns.columns
        found = []
        for column, height in enumerate(heights):
            if height:
                code = row[columns[column][height - 1]]
                if code >= 0:
                    after = list(heights)
                    after[column] -= 1
                    found.append((column, tuple(after), code))
        return found

    def draw(self, heights: tuple[int, ...], unseen: Unseen) -> float:
        """The expected value of a draw: each unseen card equally likely to turn up."""
        return self._draw(self._tableau(heights), self._unseen(unseen))

    def _tableau(self, heights: tuple[int, ...]) -> int:
        return self.turns.pack(list(heights))

    def _unseen(self, unseen: Unseen) -> int:
        return sum(1 << (self.count_bits * rank) for rank in unseen)

    def _turn(self, tableau: int, top: int, unseen: int, left: int) -> float:
        """The best of the tableaux the plays from here can leave, each then drawn on (or,
        with nothing unseen, its cards counted); a cleared one at once."""
        best = math.inf
        for end, cards in self.turns.ends(tableau, top).items():
            if not end:
                return -float(left)
            found = self._draw(end, unseen) if left else float(cards)
            if found < best:
                best = found
        return best

    def _draw(self, tableau: int, unseen: int) -> float:
        key = tableau | (unseen << self.shift)
        known = self.memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise LimitReached
        count, ranks = self._ranks(unseen)
        total = 0.0
        for rank, copies, rest in ranks:
            total += copies * self._turn(tableau, rank, rest, count - 1)
        found = total / count
        self.memo[key] = found
        return found

    def _ranks(self, unseen: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        """How many cards ``unseen`` holds, and each rank's copies and the rest without one."""
        known = self.draw_ranks.get(unseen)
        if known is None:
            mask = (1 << self.count_bits) - 1
            ranks = []
            for rank in range(RANKS):
                copies = (unseen >> (self.count_bits * rank)) & mask
                if copies:
                    ranks.append((rank, copies, unseen - (1 << (self.count_bits * rank))))
            known = (sum(copies for _, copies, _ in ranks), tuple(ranks))
            self.draw_ranks[unseen] = known
        return known


def _checked(position: Position, max_unseen: int) -> tuple[Expectimax, Board, Unseen]:
    deal, state = position_of(position)
    if deal.layout.is_covering:
        raise ValueError(
            f"fair value: {deal.layout.name} is a covering layout, whose exact blind value is "
            "not weighed here; judge it by sampling the unseen cards (hint) instead"
        )
    unseen = deal.stock[state.drawn :]
    if len(unseen) > max_unseen:
        raise TooManyUnseenError(
            f"fair value: {len(unseen)} unseen cards is more than the {max_unseen} whose every "
            "order can be weighed exactly; judge it by sampling stock orders (hint) instead"
        )
    board = Board.from_position(deal, state)
    return Expectimax(board), board, tuple(sorted(board.stock))


def fair_value(position: Position, *, max_unseen: int = MAX_UNSEEN) -> float:
    """The expected strokes of the best stock-blind play from ``position`` (a ``Deal``, a
    ``Game`` or a ``(deal, state)`` pair); ``TooManyUnseenError`` past ``max_unseen``."""
    search, board, unseen = _checked(position, max_unseen)
    return search.value(tuple(board.heights), board.top, unseen)


def fair_values(position: Position, *, max_unseen: int = MAX_UNSEEN) -> dict[Move, float]:
    """The expected strokes after each legal move of ``position``, best stock-blind play
    after it (empty when the hand is over)."""
    deal, state = position_of(position)
    search, board, unseen = _checked(position, max_unseen)
    return move_values(search, board, unseen, rules_of_play.legal_moves(deal, state))


def move_values(
    search: Expectimax, board: Board, unseen: Unseen, moves: list[Move]
) -> dict[Move, float]:
    """The expected strokes after each of ``moves`` (the position's legal moves)."""
    heights = tuple(board.heights)
    plays = {column: (after, code) for column, after, code in search.plays(heights, board.top)}
    values: dict[Move, float] = {}
    for move in moves:
        if isinstance(move, Draw):
            values[move] = search.draw(heights, unseen)
        else:
            assert isinstance(move, Play)
            after, code = plays[move.column]
            values[move] = search.value(after, code, unseen)
    return values
