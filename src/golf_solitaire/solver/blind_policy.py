r"""A stock-blind player fast enough to play thousands of hands a second: rollouts for a hint.

A stock-blind player's whole choice between two draws is which tableau to leave: no card is
revealed while it plays. ``BlindPolicy`` lists every tableau the plays before the next draw can
leave and keeps the one an evaluation likes best, from what the player sees (the tableau and
how many cards of each rank are still unseen, never their order):

- the cards left, less the chain the next draw is expected to start (over every unseen rank,
  weighted by how many of it are unseen, the longest chain of plays from it: ``lookahead=1``),
- or only the plays open to the next draw, counted (``lookahead=0``, cheaper and weaker);
- with ``refine=n``, the ``n`` tableaux that judgement likes best are judged again one draw
  further ahead, each draw in between keeping only the ``REFINE_BEAM`` tableaux with the best
  static judgement: most of a deeper look's strength at a fraction of its cost.

With the stock empty no draw is to come, so it simply leaves the fewest cards. Heights are
packed in one int (``BITS`` a column) so that the positions it lists are cheap to keep.
``rollout`` plays a hand to its end against one stock order, which the policy never looks
into: only the draw turns its next card.

>>> from golf_solitaire import Deal, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(2)
>>> board = Board.from_position(deal, State.start(deal))
>>> policy = BlindPolicy(board)
>>> policy.rollout(board.heights, board.top, board.stock)
8
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from golf_solitaire.rules import Rules
from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.pruning import rank_tables
from golf_solitaire.solver.shelf import Shelf

BITS: Final = 4
"""Bits a column's height takes in a packed tableau (up to 15 cards a column)."""

MASK: Final = (1 << BITS) - 1

REFINE_BEAM: Final = 2
"""Tableaux kept after each draw inside a ``refine`` judgement (by the static judgement)."""


def rank_counts(ranks: Iterable[int]) -> list[int]:
    """How many of each rank code ``ranks`` holds (what the policy sees of the unseen cards)."""
    counts = [0] * RANKS
    for rank in ranks:
        counts[rank] += 1
    return counts


class BlindPolicy:
    """The stock-blind rollout player of one board (its columns and rules)."""

    def __init__(
        self, board: Board, *, lookahead: int = 1, refine: int = 0, beam: int = REFINE_BEAM
    ) -> None:
        if any(len(column) > MASK for column in board.columns):
            raise ValueError(f"blind policy: a column holds more than {MASK} cards")
        self.columns: list[list[int]] = [list(column) for column in board.columns]
        self.key = shelf_key(board, lookahead, refine, beam)
        """What the policy's choices depend on: the columns, the rules, ``lookahead``,
        ``refine`` and ``beam``."""
        self.refine = refine
        self.beam = beam
        """Tableaux kept after each draw inside a ``refine`` judgement."""
        self.width = len(board.columns)
        self.next_codes: list[list[int]] = rank_tables(board.rules).next_codes
        self.lookahead = lookahead
        self.takers: list[list[int]] = [
            [rank for rank in range(RANKS) if self.next_codes[rank][card] >= 0]
            for card in range(len(self.next_codes[0]))
        ]
        """``takers[card]``: the drawn ranks ``card`` may be played on."""
        self.chains: dict[int, int] = {}
        """The longest chain from a (packed tableau, top code) key, shared while one hand's
        tableaux repeat."""
        self.lengths: dict[int, list[int]] = {}
        """The longest chain from a packed tableau for each rank drawn."""
        self.reach: dict[int, dict[int, int]] = {}
        """The tableaux the plays can leave from a (packed tableau, top code) key."""
        self.choices: dict[tuple[int, int, tuple[int, ...]], int] = {}
        """The tableau chosen from a (packed tableau, top code, unseen counts) position."""
        self.weighed: dict[int, int] = {}
        """Each tableau's chains for every rank, weighed by ``weighed_counts`` and summed."""
        self.weighed_counts: tuple[int, ...] = ()

    def pack(self, heights: list[int]) -> int:
        """``heights`` as one int."""
        packed = 0
        for column in range(self.width - 1, -1, -1):
            packed = (packed << BITS) | heights[column]
        return packed

    def unpack(self, packed: int) -> list[int]:
        """The heights of a packed tableau."""
        return [(packed >> (BITS * column)) & MASK for column in range(self.width)]

    def ends(self, packed: int, top: int) -> dict[int, int]:
        """Every tableau the plays from ``packed`` with waste top ``top`` can leave (itself
        included), with the cards it holds (kept: rollouts from one position meet the same
        tableaux again and again)."""
        known = self.reach.get((packed << BITS) | top)
        if known is not None:
            return known
        columns = self.columns
        next_codes = self.next_codes
        width = self.width
        found: dict[int, int] = {packed: self.cards(packed)}
        seen: set[int] = set()
        stack = [(packed, top)]
        while stack:
            here, code = stack.pop()
            row = next_codes[code]
            left = found[here] - 1
            for column in range(width):
                shift = BITS * column
                height = (here >> shift) & MASK
                if height:
                    after_code = row[columns[column][height - 1]]
                    if after_code >= 0:
                        after = here - (1 << shift)
                        key = (after << BITS) | after_code
                        if key not in seen:
                            seen.add(key)
                            found[after] = left
                            stack.append((after, after_code))
        self.reach[(packed << BITS) | top] = found
        return found

    def cards(self, packed: int) -> int:
        """The cards a packed tableau holds."""
        total = 0
        while packed:
            total += packed & MASK
            packed >>= BITS
        return total

    def longest(self, packed: int, top: int) -> int:
        """The most cards one chain of plays takes from ``packed`` with waste top ``top``."""
        key = (packed << BITS) | top
        chains = self.chains
        known = chains.get(key)
        if known is not None:
            return known
        columns = self.columns
        row = self.next_codes[top]
        most = 0
        for column in range(self.width):
            shift = BITS * column
            height = (packed >> shift) & MASK
            if height:
                after_code = row[columns[column][height - 1]]
                if after_code >= 0:
                    after = packed - (1 << shift)
                    length = chains.get((after << BITS) | after_code)  # inline: most are kept
                    if length is None:
                        length = self.longest(after, after_code)
                    if length >= most:
                        most = length + 1
        chains[key] = most
        return most

    def score(
        self, packed: int, left: int, counts: list[int], unseen: int, depth: int, beam: int = 0
    ) -> float:
        """How good leaving ``packed`` (``left`` cards) before a draw from ``unseen`` cards of
        rank ``counts`` is judged, looking ``depth`` draws ahead (after each draw but the last,
        only the ``beam`` tableaux best by the static judgement, when ``beam``): lower is
        better."""
        if not left:
            return -float(unseen) - 1000.0
        if not unseen:
            return float(left)
        if depth > 1:
            return self.deeper(packed, counts, unseen, depth - 1, beam)
        if depth:
            return self.leaf(packed, left, counts, unseen)
        expected = 0
        columns = self.columns
        next_codes = self.next_codes
        for rank in range(RANKS):
            count = counts[rank]
            if count:
                row = next_codes[rank]
                for column in range(self.width):
                    height = (packed >> (BITS * column)) & MASK
                    if height and row[columns[column][height - 1]] >= 0:
                        expected += count
        return left - expected / unseen

    def deeper(
        self, packed: int, counts: list[int], unseen: int, depth: int, beam: int = 0
    ) -> float:
        """The expected score after the next draw, every unseen rank weighed, when the best
        tableau is then left (judged ``depth`` draws further on; of the ``beam`` best by the
        static judgement only, when ``beam``)."""
        if depth == 1:
            return self.deeper_leaf(packed, counts, unseen)
        total = 0.0
        rest = unseen - 1
        for rank in range(RANKS):
            count = counts[rank]
            if count:
                counts[rank] -= 1
                reach = self.ends(packed, rank)
                ends: Iterable[tuple[int, int]] = reach.items()
                if beam and rest and len(reach) > beam:
                    ends = sorted(ends, key=lambda end: self.score(end[0], end[1], counts, rest, 1))
                    del ends[beam:]
                best = 0.0
                first = True
                for end, left in ends:
                    value = self.score(end, left, counts, rest, depth, beam)
                    if first or value < best:
                        best, first = value, False
                counts[rank] += 1
                total += count * best
        return total / unseen

    def deeper_leaf(self, packed: int, counts: list[int], unseen: int) -> float:
        """``deeper`` one draw from its leaves, the same value by the same sums, faster: a
        tableau's chains weighed by the unseen counts are summed once for every rank drawn
        (the drawn rank's chain taken off), not once for each."""
        key = tuple(counts)
        if key != self.weighed_counts:
            self.weighed_counts = key
            self.weighed.clear()
        weighed = self.weighed
        rest = unseen - 1
        total = 0.0
        for rank in range(RANKS):
            count = counts[rank]
            if count:
                best = 0.0
                first = True
                for end, left in self.ends(packed, rank).items():
                    if not left:
                        value = -float(rest) - 1000.0
                    elif not rest:
                        value = float(left)
                    else:
                        lengths = self.lengths.get(end)
                        if lengths is None:
                            lengths = self.chain_lengths(end)
                        sum_all = weighed.get(end)
                        if sum_all is None:
                            sum_all = 0
                            for other in range(RANKS):
                                sum_all += counts[other] * lengths[other]
                            weighed[end] = sum_all
                        value = left - (sum_all - lengths[rank]) / rest
                    if first or value < best:
                        best, first = value, False
                total += count * best
        return total / unseen

    def chain_lengths(self, packed: int) -> list[int]:
        """The longest chain from ``packed`` for each rank drawn (kept): ``longest`` for every
        rank at once, each column's first play walked once for all the ranks it takes."""
        chains = self.chains
        columns = self.columns
        next_codes = self.next_codes
        takers = self.takers
        lengths = [0] * RANKS
        for column in range(self.width):
            shift = BITS * column
            height = (packed >> shift) & MASK
            if height:
                card = columns[column][height - 1]
                after = packed - (1 << shift)
                for rank in takers[card]:
                    after_code = next_codes[rank][card]
                    length = chains.get((after << BITS) | after_code)
                    if length is None:
                        length = self.longest(after, after_code)
                    if length >= lengths[rank]:
                        lengths[rank] = length + 1
        for rank in range(RANKS):
            chains[(packed << BITS) | rank] = lengths[rank]
        self.lengths[packed] = lengths
        return lengths

    def leaf(self, packed: int, left: int, counts: list[int], unseen: int) -> float:
        """The static judgement of a tableau before a draw: its cards, less the chain the
        draw is expected to start."""
        return left - self.expected_chain(packed, counts, unseen)

    def expected_chain(self, packed: int, counts: list[int], unseen: int) -> float:
        """The longest chain the next draw starts, on average over the unseen ranks."""
        lengths = self.lengths.get(packed)
        if lengths is None:
            lengths = self.chain_lengths(packed)
        expected = 0
        for rank in range(RANKS):
            expected += counts[rank] * lengths[rank]
        return expected / unseen

    def choose(self, packed: int, top: int, counts: list[int], unseen: int) -> int:
        """The tableau (packed) the policy leaves before the next draw (or at the end); kept
        for the next rollout that meets the same position and unseen cards."""
        key = (packed, top, tuple(counts))
        known = self.choices.get(key)
        if known is not None:
            return known
        judged = [
            (self.score(end, left, counts, unseen, self.lookahead), end, left)
            for end, left in self.ends(packed, top).items()
        ]
        judged.sort()
        best = judged[0][1]
        if self.refine and len(judged) > 1 and unseen > self.lookahead:
            depth = self.lookahead + 1
            again = [
                (self.score(end, left, counts, unseen, depth, self.beam), end)
                for _, end, left in judged[: self.refine]
            ]
            best = min(again)[1]
        self.choices[key] = best
        return best

    def rollout(
        self, heights: list[int], top: int, stock: list[int], trace: list[int] | None = None
    ) -> int:
        """The strokes of a hand played from ``heights`` and waste top ``top`` to its end by
        this policy, the stock turning up in the order ``stock`` (never looked into); each
        tableau it leaves (packed) is added to ``trace`` when given."""
        counts = rank_counts(stock)
        packed = self.pack(heights)
        drawn = 0
        total = len(stock)
        while True:
            packed = self.choose(packed, top, counts, total - drawn)
            if trace is not None:
                trace.append(packed)
            if not packed:
                return drawn - total
            if drawn == total:
                return self.cards(packed)
            top = stock[drawn]
            counts[top] -= 1
            drawn += 1

    def first_play(self, packed: int, top: int, target: int) -> int | None:
        """The column of a first play on a way from ``packed`` to the tableau ``target``
        (``None`` when ``target`` is ``packed`` itself: nothing to play)."""
        if target == packed:
            return None
        columns = self.columns
        next_codes = self.next_codes
        seen: set[int] = set()
        stack = [(packed, top, -1)]
        while stack:
            here, code, first = stack.pop()
            row = next_codes[code]
            for column in range(self.width):
                shift = BITS * column
                height = (here >> shift) & MASK
                if height and (target >> shift) & MASK < height:
                    after_code = row[columns[column][height - 1]]
                    if after_code >= 0:
                        after = here - (1 << shift)
                        start = column if first < 0 else first
                        if after == target:
                            return start
                        key = (after << BITS) | after_code
                        if key not in seen:
                            seen.add(key)
                            stack.append((after, after_code, start))
        raise ValueError("blind policy: the target tableau cannot be reached by plays")

    def move(self, heights: list[int], top: int, unseen: list[int]) -> int | None:
        """The policy's move from ``heights`` and ``top`` with the ``unseen`` ranks: the
        column to play, or ``None`` to draw (or to stop, when no draw is left)."""
        counts = rank_counts(unseen)
        packed = self.pack(heights)
        target = self.choose(packed, top, counts, len(unseen))
        return self.first_play(packed, top, target)


ShelfKey = tuple[tuple[tuple[int, ...], ...], Rules, int, int, int]


def shelf_key(board: Board, lookahead: int, refine: int = 0, beam: int = REFINE_BEAM) -> ShelfKey:
    """What a policy's choices and kept tableaux depend on: the board's columns (whole, as
    dealt: the heights say what is left), its rules, the draws it looks ahead, the tableaux it
    judges again one draw further and those it keeps after each draw there."""
    columns = tuple(tuple(column) for column in board.columns)
    return columns, board.rules, lookahead, refine, beam


class PolicyShelf:
    """Policies kept between the hints of one hand: the next hint's rollouts meet the same
    tableaux again, so what the last hint's policy worked out saves most of the work. A policy
    is taken off the shelf while it is used (two threads never share one) and put back after;
    the shelf keeps the ``size`` last deals' policies, and drops one that has kept more than
    ``most_chains`` chains (its memory)."""

    def __init__(self, size: int = 2, most_chains: int = 500_000) -> None:
        self.shelf: Shelf[ShelfKey, BlindPolicy] = Shelf(
            lambda policy: len(policy.chains), size, most_chains
        )
        self.policies = self.shelf.kept

    def take(self, board: Board, lookahead: int, refine: int = 0) -> BlindPolicy:
        """The kept policy of ``board``'s columns and rules (off the shelf), else a new one."""
        return self.shelf.take(
            shelf_key(board, lookahead, refine),
            lambda: BlindPolicy(board, lookahead=lookahead, refine=refine),
        )

    def put_back(self, policy: BlindPolicy) -> None:
        """Keep ``policy`` for the next hint of its deal (the oldest kept past ``size``)."""
        self.shelf.put_back(policy.key, policy)
