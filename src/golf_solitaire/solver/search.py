"""Exact depth-first branch and bound over compiled boards: first clear, or the fewest strokes.

A position's value is the fewest strokes any play from it can end with (a clear scores minus
the stock left; otherwise the cards left, and a position's own count is a score it can reach
by drawing out). The search looks for a score below a target; every score it finds lowers the
target, and a position whose bound (``pruning``, ``walks``) reaches the target is cut.
Because the target only ever falls, a position cut or fully searched under one target stays
settled: ``bounds`` keeps proved lower bounds and ``exact`` proved values, and every later call
on the same board reuses them (a review or a hint asks about many positions of one board).

A position is its column heights (packed three bits each: a column holds at most seven
cards), the cards drawn (six bits: a stock holds at most 40), and the set of
columns whose exposed card may be played now: two waste tops that allow the same plays have
the same futures, so the set stands in for the top. A bound proved for a position also holds
with more cards drawn (the position could have drawn its way there) and with fewer plays
open, so ``bounds`` keeps, per heights, the (drawn, plays, bound) triples no other covers.
Every move removes a tableau card or draws, so positions form a DAG. A position with no play
is not searched on its own: the draws it forces are made at once, to the first position that
opens a play or empties the stock.

Moves are column numbers, or ``DRAW`` (-1).

>>> from golf_solitaire import Deal, State
>>> from golf_solitaire.solver.board import Board
>>> deal = Deal.numbered(2)
>>> search = Search(Board.from_position(deal, State.start(deal)))
>>> search.first_clear() is not None
True
>>> search.optimum()
0
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from typing import Final

from mypy_extensions import mypyc_attr

from golf_solitaire.solver.beam import beam_clear
from golf_solitaire.solver.board import RANKS, Board
from golf_solitaire.solver.frames import roomy
from golf_solitaire.solver.pruning import Pruning
from golf_solitaire.solver.walks import WalkCheck

DRAW = -1
"""The move code of a draw."""


def _spent(
    packed: int,
    drawn: int,
    top: int,
    left: int,
    fresh: bool,
    present: int,
    shape: int,
    ceiling: int,
) -> None:
    """Stands in for a finished search's visit (see ``Search._explore``)."""


def _no_chain(packed: int, top: int, most: int) -> int:
    """Stands in for a finished search's ``longest`` (see ``Search._explore``)."""
    return 0


INFINITY = 1 << 20

EMPTY = RANKS
"""The ``at_rank`` slot of empty columns: no waste top accepts it."""

Child = tuple[int, tuple[list[int], int, int]]
"""A move code and the position it leads to: heights, cards drawn, waste-top code."""


class _Restart(Exception):
    """An attempt of the first-clear search used up its own budget."""


class _Found(Exception):
    """The first-clear search found a clear: ``moves`` is its line, last move first (each
    position the exception leaves adds the move that led to it)."""

    def __init__(self, move: int, draws: int) -> None:
        super().__init__()
        self.moves = [move] + [DRAW] * draws

    @classmethod
    def along(cls, columns: list[int], draws: int) -> _Found:
        """A clear made by playing ``columns`` in turn after ``draws`` forced draws."""
        found = cls(columns[-1], 0)
        found.moves.extend(reversed(columns[:-1]))
        found.moves.extend([DRAW] * draws)
        return found


class LimitReached(Exception):
    """The node or time budget ran out before the search finished.

    ``found`` is the fewest strokes the search had reached when it stopped (an upper bound on
    the value it was after), or ``None`` when it had found nothing below its target.
    """

    def __init__(self, found: int | None = None) -> None:
        # Set here, not as a class attribute: a compiled build gives its instances none.
        super().__init__()
        self.found = found


@mypyc_attr(allow_interpreted_subclasses=True)  # the covering search stays interpreted
class SearchBase(ABC):
    """What the exact searches share: a budget of positions and seconds (``LimitReached`` past
    it), and walking a line along the values they prove (``value_of`` and ``children``)."""

    CLOCK_EVERY = 2048

    def __init__(
        self,
        board: Board,
        *,
        max_nodes: int | None = None,
        max_seconds: float | None = None,
    ) -> None:
        self.board = board
        self.max_nodes = max_nodes
        self.deadline = None if max_seconds is None else time.perf_counter() + max_seconds
        self.nodes = 0
        self.found: tuple[int, list[int]] | None = None
        """The best score an optimal search has reached so far, and its line: what a search
        stopped by its budget can still tell."""
        self.floor = -INFINITY
        """Fewer strokes than this the optimal search has proved out of reach."""
        self._budget = self._next_check()
        self._prepare()

    @abstractmethod
    def _prepare(self) -> None:
        """Each search's own tables, made once its board and budget are set."""

    def _next_check(self) -> int:
        step = self.CLOCK_EVERY
        if self.max_nodes is not None:
            step = min(step, max(self.max_nodes - self.nodes, 1))
        return self.nodes + step

    def _tick(self) -> None:
        """Called when ``nodes`` reaches the budget mark: stop, or set the next mark."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise LimitReached
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise LimitReached
        self._budget = self._next_check()

    def allow(self, nodes: int) -> None:
        """Let the search visit ``nodes`` more positions, from now, before ``LimitReached``."""
        self.max_nodes = self.nodes + nodes
        self._budget = self._next_check()

    @abstractmethod
    def value_of(self, heights: list[int], drawn: int, top: int, beta: int = INFINITY) -> int:
        """Exact minimum strokes of a position if below ``beta``, else a bound at least
        ``beta`` (each search has its own)."""

    def clears_from(self, heights: list[int], drawn: int, top: int) -> bool:
        """Whether some line clears the tableau from a position of this board."""
        return self.value_of(heights, drawn, top, 1) <= 0

    @abstractmethod
    def root_bound(self) -> int:
        """Strokes the board's own position must end with at least, when above 0 (cards no
        stock order lets be played); 0 or below proves nothing more than a clear."""

    @abstractmethod
    def children(self, heights: list[int], drawn: int, top: int) -> list[Child]:
        """Every legal move of a position and the position it leads to (each search's own)."""

    def _walk_line(self, target: int) -> list[int]:
        """From the board's position, the first move at each step that keeps ``target``."""
        board = self.board
        position = (list(board.heights), 0, board.top)
        line: list[int] = []
        while True:
            for move, child in self.children(*position):
                heights, drawn, top = child
                if self.value_of(heights, drawn, top, target + 1) == target:
                    line.append(move)
                    position = child
                    break
            else:
                return line


class Search(SearchBase):
    """Searches one board: ``first_clear()``, ``optimum()``, ``value_of(...)`` and lines."""

    RESTARTS: Final = 8
    RESTART_NODES: Final = 2000
    ROLLOUTS: Final = 64
    CLEAR_ROLLOUTS: Final = 4096
    CLEAR_ROLLOUT_STOCK: Final = 25
    """A clear found first on a stock this long (two decks: 40) leaves many draws unused:
    the best of ``CLEAR_ROLLOUTS`` random games starts the search lower (Double Putt 1-10: the
    first clear keeps 0 to 19 stock cards, the random games 14 to 31)."""
    BEAMS: Final = ((2048, False), (1024, True))
    """The beam searches (``beam.beam_clear``: width, ranked by draws needed) that may start
    the optimum of a long stock from a better clear than the random games'."""
    RISE_NODES: Final = 500_000
    """Positions the optimum of a long stock is sought from below before the search turns to
    pushing the best clear found down (``_rise_to``)."""

    def _prepare(self) -> None:
        """The bounds, the tables of settled positions and the answers found once."""
        board = self.board
        self.pruning = Pruning(board)
        self.exact: dict[int, int] = {}
        self._matched: dict[int, int] = {}
        self._matched_unstuck: dict[int, int] = {}
        self._draws_needed: dict[int, int] = {}
        self._chains: dict[int, int] = {}
        self.bounds: dict[int, list[tuple[int, int, int]]] = {}
        self._optimum: int | None = None
        self._optimal_line: list[int] | None = None
        self.rise_nodes = self.RISE_NODES
        self.clear_rollouts = self.CLEAR_ROLLOUTS
        self.beams: tuple[tuple[int, bool], ...] = self.BEAMS

    def root_bound(self) -> int:
        """The lower bound on the final strokes of the board's own position."""
        return self.pruning.root_bound()

    # The searches --------------------------------------------------------------------

    def first_clear(self) -> list[int] | None:
        """A line that clears the tableau, or ``None`` when none exists.

        With King and Ace wrapping (putt-putt, Black Hole), clears are often found fast in one
        move order and slowly in another, so the search restarts with shuffled orders under
        growing node budgets, keeping every position it proved dead; the last attempt has no
        budget of its own, so the answer is exact. Without wrap one attempt in the fixed order
        finds clears as fast, and restarts only walk again to where the last one stopped.
        """
        board = self.board
        if not any(board.heights):
            return []
        rng = random.Random(0)
        budget = self.RESTART_NODES
        restarts = self.RESTARTS if board.rules.wrap else 0
        for attempt in range(restarts + 1):
            give_up = None if attempt == restarts else self.nodes + budget
            try:
                self._explore(
                    board.heights, 0, board.top, 1, True, rng if attempt else None, give_up
                )
            except _Found as found:
                return found.moves[::-1]
            except _Restart:
                budget *= 2
                continue
            return None
        raise AssertionError("the last attempt has no budget of its own")

    def optimum(self) -> int:
        """The minimum strokes from the board's position (exact; found once per search).

        The first-clear search settles the sign fast (its strong cuts need a target of 1);
        then a clear's score, or the fewest cards left, is pushed down from there.
        """
        if self._optimum is None:
            # One frame chunk, and no collector pass over the tables between the searches.
            self._optimum, self._optimal_line = roomy(self._find_optimum)
        return self._optimum

    def _find_optimum(self) -> tuple[int, list[int] | None]:
        """The optimum, and the line found on the way when nothing beat it (else ``None``)."""
        board = self.board
        line = self.first_clear()
        long_clear = line is not None and len(board.stock) >= self.CLEAR_ROLLOUT_STOCK
        if line is None:
            self.floor = 1  # no line clears: no score below 1
            score, line = self.rollouts(self.ROLLOUTS)
        else:
            score = line.count(DRAW) - len(board.stock)
            if long_clear:
                played, played_line = self.rollouts(self.clear_rollouts)
                if played < score:
                    score, line = played, played_line
                for width, by_draws in self.beams:
                    found, found_line = beam_clear(board, width, by_draws)
                    if found < score:
                        score, line = found, found_line
        self.found = score, line
        if long_clear:
            risen = self._rise_to(score, line)
            if risen is not None:
                return risen
        value = self.value_of(board.heights, 0, board.top, score)
        return (score, line) if value >= score else (value, None)

    def _rise_to(self, score: int, line: list[int]) -> tuple[int, list[int] | None] | None:
        """The optimum of a board that clears, sought from below within ``rise_nodes``
        positions (``None`` past them): is there a score below each target in turn, from the
        best a clear could keep up to ``score`` (reached by ``line``)? Each search runs with
        the tightest target not yet ruled out, so it cuts hardest; the first that finds a
        score has the optimum. What the searches proved stays in the tables."""
        board = self.board
        cap, stop = self.max_nodes, self.nodes + self.rise_nodes
        self.max_nodes = stop if cap is None else min(cap, stop)
        self._budget = self._next_check()
        target = 1 - len(board.stock)
        try:
            while target <= score:
                value = self.value_of(board.heights, 0, board.top, target)
                if value < target:
                    return value, None
                self.floor = value  # no score below it: each lower target was ruled out
                target = value + 1
            return score, line
        except LimitReached:
            if self.max_nodes != stop or (
                self.deadline is not None and time.perf_counter() >= self.deadline
            ):
                raise  # the caller's own budget, not this one
            return None
        finally:
            self.max_nodes = cap
            self._budget = self._next_check()

    def rollouts(
        self, count: int, start: tuple[list[int], int, int] | None = None
    ) -> tuple[int, list[int]]:
        """The best score of ``count`` seeded random plays-first games, and its line.

        A branch and bound that starts from a good score cuts from the start, instead of
        wandering among poor endings until it finds one; when nothing beats that score, its
        line is the best line. ``start`` (heights, cards drawn, waste-top code) plays from a
        position of this board instead of the board's own.
        """
        board = self.board
        columns = board.columns
        stock = board.stock
        next_codes = self.pruning.next_codes
        rng = random.Random(1)
        first_heights, first_drawn, first_top = start or (board.heights, 0, board.top)
        least = sum(first_heights)
        best_line = [DRAW] * (len(stock) - first_drawn)
        for _ in range(count):
            heights = list(first_heights)
            top = first_top
            left = sum(heights)
            drawn = first_drawn
            line: list[int] = []
            while left:
                row = next_codes[top]
                plays = [
                    column
                    for column, height in enumerate(heights)
                    if height and row[columns[column][height - 1]] >= 0
                ]
                if plays:
                    column = plays[rng.randrange(len(plays))] if len(plays) > 1 else plays[0]
                    heights[column] -= 1
                    top = row[columns[column][heights[column]]]
                    left -= 1
                    line.append(column)
                elif drawn < len(stock):
                    top = stock[drawn]
                    drawn += 1
                    line.append(DRAW)
                else:
                    break
            score = left if left else drawn - len(stock)
            if score < least:
                least, best_line = score, line
        return least, best_line

    def value_of(self, heights: list[int], drawn: int, top: int, beta: int = INFINITY) -> int:
        """Exact minimum strokes of a position of this board if below ``beta``, else a bound
        at least ``beta``. ``drawn`` counts draws from this board's stock; ``top`` is a code."""
        if not any(heights):
            return drawn - len(self.board.stock)
        return self._explore(heights, drawn, top, beta, False, None, None)

    def clears_from(self, heights: list[int], drawn: int, top: int) -> bool:
        """Whether some line clears the tableau from a position of this board: the search stops
        at the first clear, where ``value_of(..., 1)`` goes on to the best one (on two decks,
        millions of positions more)."""
        if not any(heights):
            return True
        try:
            self._explore(heights, drawn, top, 1, True, None, None)
        except _Found:
            return True
        return False

    def _explore(
        self,
        heights: list[int],
        drawn: int,
        top: int,
        target: int,
        recording: bool,
        rng: random.Random | None,
        give_up: int | None,
    ) -> int:
        """Search for a score below ``target``: the exact value if one is found, else a bound.

        When ``recording`` (the first-clear search, ``target`` 1) the search stops at the first
        clear by raising ``_Found`` with its line; ``rng`` shuffles the plays and past
        ``give_up`` nodes it raises ``_Restart``.
        """
        board = self.board
        pruning = self.pruning
        columns = board.columns
        heights = list(heights)
        next_codes = pruning.next_codes
        stock = board.stock
        stock_size = len(stock)
        # at_rank[rank]: the columns whose exposed card has that rank (EMPTY: no card).
        at_rank = [0] * (RANKS + 2)
        for column, height in enumerate(heights):
            at_rank[columns[column][height - 1] if height else EMPTY] |= 1 << column
        accepted = pruning.accepted
        order = range(len(columns))
        columns_of: dict[int, list[int]] = {}
        count_bits = pruning.count_bits
        units = [1 << count_bits * rank for rank in range(RANKS)]
        powers = [8**i for i in range(len(columns))]
        tableau = pruning.tableau(heights)
        # pairs[top]: the ranks present that ``top`` accepts, padded to two with an empty
        # slot, or None when it accepts more (the tableau only loses ranks as play goes on).
        pairs: list[tuple[int, int] | None] = []
        for ranks in accepted:
            kept = [rank for rank in ranks if tableau[rank]] + [RANKS + 1] * 2
            pairs.append((kept[0], kept[1]) if len(kept) <= 4 else None)
        rows = pruning.rows
        links = pruning.links
        # A rank's island splits when a rank inside it runs out. With wrap (a ring of ranks)
        # or jokers (linked to every rank) that is rare, and counting again cost 1-2% there.
        splits = not (board.rules.wrap or board.rules.jokers)
        missing = pruning.missing
        windows = pruning.windows
        stuck_cards = pruning.stuck
        tallest_first = not stock
        walks = WalkCheck.for_rules(board.rules)
        walk = walks.possible if walks is not None else None
        draws_to_match = pruning.draws_to_match
        shuffle = rng.shuffle if rng is not None else None
        reorder = shuffle is not None or tallest_first
        # stacked[column][height]: the exposed card at that height (EMPTY at 0).
        stacked = [[EMPTY, *cards] for cards in columns]
        shift = len(columns)
        no_stock = not stock
        exact = self.exact
        bounds = self.bounds
        matched = self._matched
        matched_unstuck = self._matched_unstuck
        draws_needed = self._draws_needed
        chains = self._chains
        # Exact last chains where a stock ran out. A board dealt with no stock (Black Hole, whose
        # one chain is the whole game, or a position after the last draw) keeps the bounds.
        last_walks = stock_size > 0
        limit = INFINITY * INFINITY if give_up is None else give_up
        best = target
        nodes = self.nodes
        mark = min(self._budget, limit)

        def past_mark() -> None:
            # Past the budget mark: stop, give up this attempt, or set the next mark.
            nonlocal mark
            self.nodes = nodes
            self._tick()
            if nodes >= limit:
                raise _Restart
            mark = min(self._budget, limit)

        def settle(packed: int, drawn: int, playable: int, floor: int) -> None:
            # A bound holds for the same heights with more cards drawn and fewer plays open.
            entries = bounds.get(packed)
            if entries is None:
                bounds[packed] = [(drawn, playable, floor)]
                return
            kept = []
            for entry in entries:
                d0, p0, l0 = entry
                if l0 >= floor and d0 <= drawn and p0 | playable == p0:
                    return
                if l0 > floor or d0 < drawn or p0 | playable != playable:
                    kept.append(entry)
            kept.append((drawn, playable, floor))
            bounds[packed] = kept

        def longest(packed: int, top: int, most: int) -> int:
            # The most cards one chain from waste top ``top`` plays (at most ``most``, the
            # cards left): with the stock empty that is the rest of the game, whatever the
            # target, so it is kept for every later target.
            nonlocal nodes
            key = packed << 4 | top
            known = chains.get(key)
            if known is not None:
                return known
            nodes += 1
            if nodes >= mark:
                past_mark()
            row = next_codes[top]
            found = 0
            for column in order:
                height = heights[column]
                if height:
                    rank = stacked[column][height]
                    after = row[rank]
                    if after >= 0:
                        heights[column] = height - 1
                        length = 1 + longest(packed - powers[column], after, most - 1)
                        heights[column] = height
                        if length > found:
                            found = length
                            if found == most:
                                break
            chains[key] = found
            return found

        def walk_line(packed: int, top: int, left: int) -> list[int]:
            # The columns of a longest chain, read back from the lengths ``longest`` kept.
            line: list[int] = []
            while left:
                row = next_codes[top]
                for column in order:
                    height = heights[column]
                    after = row[stacked[column][height]] if height else -1
                    if after >= 0:
                        child = packed - powers[column]
                        if chains.get(child << 4 | after, -1) == left - 1:
                            line.append(column)
                            heights[column] = height - 1
                            packed, top, left = child, after, left - 1
                            break
                else:
                    raise AssertionError("a kept chain length has no child to follow")
            for column in line:
                heights[column] += 1
            return line

        def visit(
            packed: int,
            drawn: int,
            top: int,
            left: int,
            fresh: bool,
            present: int,
            shape: int,
            ceiling: int,
        ) -> None:
            # ``ceiling``: the matching bound here is at most this (the parent's plus one).
            nonlocal best, nodes
            pair = pairs[top]
            if pair is not None:
                playable = at_rank[pair[0]] | at_rank[pair[1]]
            else:
                playable = 0
                for rank in accepted[top]:
                    playable |= at_rank[rank]
            forced = 0
            if not playable and drawn < stock_size:
                # A position with no play can only draw: it is worth what the first position
                # after its draws that opens a play (or empties the stock) is worth, so it
                # is judged as that position (a draw raises the matching bound by one at most).
                first = drawn
                while True:
                    top = stock[drawn]
                    drawn += 1
                    pair = pairs[top]
                    if pair is not None:
                        playable = at_rank[pair[0]] | at_rank[pair[1]]
                    else:
                        for rank in accepted[top]:
                            playable |= at_rank[rank]
                    if playable or drawn == stock_size:
                        break
                forced = drawn - first
                fresh = True
                ceiling += forced
            if drawn == stock_size and last_walks:
                # The stock is out: the rest is one chain, its longest length kept exactly. The
                # cached matching bound first: a card with no predecessor left stays anyway
                # (and a target of zero or less cannot be beaten with no stock to keep).
                code = (shape << 6 | drawn) << 4 | top
                short = matched.get(code)
                if short is None:
                    short = matched[code] = missing(tableau, rows[drawn][top])
                if short >= best:
                    return
                value = left - longest(packed, top, left)
                if value < best:
                    best = value
                    if recording:
                        raise _Found.along(walk_line(packed, top, left), forced)
                return
            entries = bounds.get(packed)
            if entries is not None:
                for d0, p0, l0 in entries:
                    if l0 >= best and d0 <= drawn and p0 | playable == p0:
                        return
            if exact:
                known = exact.get(((packed << 6 | drawn) << shift) | playable)
                if known is not None and not (recording and known <= 0):
                    if known < best:
                        best = known
                    return
            nodes += 1
            if nodes >= mark:
                past_mark()
            entry = best
            if left < best:
                best = left
            # The matching bound depends on the ranks left, not on where they lie.
            code = (shape << 6 | drawn) << 4 | top
            short = matched.get(code)
            if short is None and ceiling < best and best > 1:
                # One move changes the matching bound by one at most: it cannot cut here.
                short = -1
            elif short is None:
                short = missing(tableau, rows[drawn][top])
                if not short and drawn == stock_size and walk and not walk(tableau, top):
                    short = 1  # the last chain cannot play every card: one at least stays
                matched[code] = short
            if short > 0 and short >= best:
                return
            # The window tables after each draw or island split (a position with no play only
            # draws again, and that draw is judged in its place; Black Hole's one chain has the
            # walk count).
            if (
                fresh and (playable or drawn == stock_size) and (stock_size or best != 1)
            ) or best <= 0:
                if best > 0:
                    # Only cards never played can cut where no clear is wanted (more than one
                    # card to beat) or none is found yet (one): a column that blocks a clear, or
                    # two islands that need one chain, saved 0.5% of the positions of
                    # first-clear searches and cost 4% of their time.
                    stuck, dead, chain_draws = stuck_cards(heights, present, drawn, top), False, 0
                else:
                    stuck, dead, chain_draws = windows(heights, present, drawn, top)
                if stuck and best <= 1:
                    # One card never played already rules a clear out: no need to count more.
                    if len(stuck) > short:
                        short = len(stuck)
                elif stuck:
                    # Cards never played are no one's predecessor: match the rest without them.
                    rest = shape
                    for rank in stuck:
                        rest -= units[rank]
                    key = (rest << 6 | drawn) << 4 | top
                    unmatched = matched_unstuck.get(key)
                    if unmatched is None:
                        for rank in stuck:
                            tableau[rank] -= 1
                        unmatched = matched_unstuck[key] = missing(tableau, rows[drawn][top])
                        for rank in stuck:
                            tableau[rank] += 1
                    unmatched += len(stuck)
                    if unmatched > short:
                        short = unmatched
                if short > 0:
                    floor = short
                elif dead:
                    floor = 1
                elif best <= 0:
                    # More draws only add predecessors: the fewest from here is cached.
                    needed = draws_needed.get(code)
                    if needed is None:
                        needed = draws_needed[code] = draws_to_match(tableau, drawn, top, 0)
                    if chain_draws > needed:
                        needed = chain_draws
                    floor = 1 if needed > stock_size - drawn else drawn + needed - stock_size
                else:
                    floor = -INFINITY
                if floor >= best:
                    if entries is None:
                        bounds[packed] = [(drawn, playable, floor)]
                    else:
                        settle(packed, drawn, playable, floor)
                    return
            above = (short if short >= 0 else ceiling) + 1
            if playable:
                row = next_codes[top]
                plays = columns_of.get(playable)
                if plays is None:
                    plays = columns_of[playable] = [
                        column for column in order if playable >> column & 1
                    ]
                if reorder and len(plays) > 1:
                    if shuffle is not None:
                        plays = list(plays)
                        shuffle(plays)
                    if tallest_first:
                        # One chain must take every card: keep the columns even (Black Hole).
                        plays = sorted(plays, key=lambda column: -heights[column])
                for column in plays:
                    bit = 1 << column
                    height = heights[column]
                    cards = stacked[column]
                    rank = cards[height]
                    if left == 1:
                        score = drawn - stock_size
                        if score < best:
                            best = score
                            if recording:
                                raise _Found(column, forced)
                        continue
                    heights[column] = height - 1
                    at_rank[rank] ^= bit
                    below = cards[height - 1]
                    at_rank[below] |= bit
                    count = tableau[rank] - 1
                    tableau[rank] = count
                    if count:
                        fresh_child, present_child = no_stock, present
                    else:
                        # The rank's last card: if it joined two ranks still present, its island
                        # splits, and the cards stuck are counted again as after a draw.
                        present_child = present ^ 1 << rank
                        near = links[rank] & present_child
                        fresh_child = no_stock or (splits and near & (near - 1) != 0)
                    try:
                        visit(
                            packed - powers[column],
                            drawn,
                            row[rank],
                            left - 1,
                            fresh_child,
                            present_child,
                            shape - units[rank],
                            above,
                        )
                    except _Found as found:
                        found.moves.append(column)
                        found.moves.extend([DRAW] * forced)
                        raise
                    tableau[rank] = count + 1
                    at_rank[below] ^= bit
                    at_rank[rank] |= bit
                    heights[column] = height
            if drawn < stock_size:
                try:
                    visit(packed, drawn + 1, stock[drawn], left, True, present, shape, above)
                except _Found as found:
                    found.moves.extend([DRAW] * (forced + 1))
                    raise
            if best < entry:
                exact[((packed << 6 | drawn) << shift) | playable] = best
            elif packed in bounds:  # a first bound is stored without a call: 2.5% of the time
                settle(packed, drawn, playable, best)
            else:
                bounds[packed] = [(drawn, playable, best)]

        packed = sum(h * p for h, p in zip(heights, powers, strict=True))
        present = sum(1 << rank for rank in range(RANKS) if tableau[rank])
        shape = sum(count * units[rank] for rank, count in enumerate(tableau))
        try:
            roomy(visit, packed, drawn, top, sum(heights), True, present, shape, INFINITY)
        except LimitReached as stop:
            stop.found = best if best < target else None
            raise
        finally:
            self.nodes = nodes
            # visit and longest refer to themselves: break those cycles so that their tables go
            # when the search does (the collector is paused while it runs).
            visit = _spent
            longest = _no_chain
        return best

    def best_line(self) -> list[int]:
        """A line from the board's position that reaches ``optimum()`` strokes."""
        target = self.optimum()
        if self._optimal_line is not None:
            return list(self._optimal_line)
        return roomy(self._walk_line, target)

    def first_best_line(self) -> list[int]:
        """The first line in move order (columns left to right, then the draw) that reaches
        ``optimum()``: the same line however the search found the optimum, so what is
        measured along it (a deal's rating) does not change with the search."""
        return roomy(self._walk_line, self.optimum())

    def children(self, heights: list[int], drawn: int, top: int) -> list[Child]:
        """Every legal move of a position and the position it leads to."""
        board = self.board
        result: list[Child] = []
        if not any(heights):
            return result
        row = self.pruning.next_codes[top]
        for column, height in enumerate(heights):
            if height:
                code = row[board.columns[column][height - 1]]
                if code >= 0:
                    child = list(heights)
                    child[column] -= 1
                    result.append((column, (child, drawn, code)))
        if drawn < len(board.stock):
            result.append((DRAW, (list(heights), drawn + 1, board.stock[drawn])))
        return result
