r"""Fair hints: the best move for what the player can see, with a reason a player understands.

A fair hint knows the tableau, the waste and the *set* of unseen cards, never their order. With
few unseen cards it weighs every order exactly (``fair_value``); otherwise it draws stock
orders consistent with that set (seeded, so the same position and seed give the same hint),
values every legal move in every order (exactly where its search finishes within the budget,
else by the best play it found: an upper bound), optionally mixes in the mean strokes of hands
a stock-blind player plays out after each move (``BlindPolicy``), and picks the move with the
fewest expected strokes; when the best moves are close, it searches them further.
``peek=True`` solves the true order instead, and its reason always says so; a competitive
game refuses it (its stock order stays hidden).

>>> from golf_solitaire import Deal, Game
>>> board = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
>>> game = Game(Deal.from_text(board, partial=True))
>>> advice = hint(game)
>>> advice.move
Play(column=0)
>>> advice.code, advice.expected_strokes  # two unseen cards: every order weighed exactly
('hint.exact', -2.0)
>>> print(advice.reason.split("; ")[-1])
on average this ends at -2.0 strokes, the next best move (playing 6♥) at -0.5
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require, require_whole
from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.rules import QueensOnKings, Rules
from golf_solitaire.solver.blind_policy import BlindPolicy, PolicyShelf
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.cover_search import AnySearch, search_for
from golf_solitaire.solver.fair_value import (
    MAX_UNSEEN,
    ExactKey,
    Expectimax,
    exact_key,
    move_values,
)
from golf_solitaire.solver.frames import roomy
from golf_solitaire.solver.pruning import rank_tables
from golf_solitaire.solver.search import INFINITY, LimitReached
from golf_solitaire.solver.shelf import Shelf
from golf_solitaire.solver.texts import render
from golf_solitaire.state import State

DEFAULT_SAMPLES = 32
"""Stock orders a fair hint solves (fewer when the stock has fewer orders)."""

FEW_ORDERS = 5
"""Below this many stock orders solved, a hint gives counts, not a share of all orders."""

DEFAULT_BUDGET = 40_000
"""Search positions a hint spends on every move of every stock order (about 0.15 s on one core)."""

DEFAULT_CLOSE_BUDGET = 120_000
"""Positions a hint may add when its best moves are within ``CLOSE`` strokes (0: never)."""

RICH_BUDGETS: Final = (20_000, 60_000)
"""The budget and close-call budget on Golf's seven columns under rules with more plays to a
card (King and Ace neighbours, jokers): a position there costs more, and the usual budgets
passed the hint's latency allowance. Pure Python, CPU a hint median and p95, putt-putt deals
9001-9040: 226 ms and 1.37 s with the usual budgets, 168 ms and 776 ms with these (0.15 and
-0.75 strokes a hole); jokers 9001-9020: 229 ms and 1.47 s, 163 ms and 826 ms (0.70, -0.40)."""


DEFAULT_TURN = 0
"""1: choose the plays before the next draw as a stock-blind player must (every sampled order
valued after that draw), 0: let each order choose them with its stock in sight."""

DEFAULT_SPREAD = 0
"""1: every unseen card comes first in an equal share of the sampled orders; 0: as drawn."""

DEFAULT_ROLLOUTS: Final = 16
"""Stock orders in which a stock-blind player (``BlindPolicy``) plays the hand out after each
move, where the rules allow it (``default_rollouts``); its mean strokes are mixed into every
move's value by ``DEFAULT_MIX``. 16 such hands gained about 0.24 strokes a hole over 600
held-out strict deals (from -0.49 on 10001-10160 to +0.13 on 12001-12160,
``docs/solver-ideas.md``)."""


def default_rollouts(rules: Rules) -> int:
    """The stock orders a hint plays out by default under ``rules``: ``DEFAULT_ROLLOUTS`` on
    Golf's seven columns where a card has at most two neighbours, none elsewhere. Where wrap,
    jokers, Queens on Kings or an empty start give a position more plays, the rollouts took
    a hint past its latency allowance in pure Python (jokers' p95 993 -> 2,065 ms; putt-putt,
    empty-start and Queens on Kings past 1 s); covering layouts and two decks have none. Again
    with the hands kept between hints (deals 9001-9040, 28,000 positions): Queens on Kings p95
    944 ms, empty-start 1,233 ms, and the strokes within the noise (``docs/solver-ideas.md``)."""
    plain = not (rules.wrap or rules.jokers or rules.empty_start)
    if rules.layout == "golf" and plain and rules.queens_on_kings is QueensOnKings.OFF:
        return DEFAULT_ROLLOUTS
    return 0


BLENDED_BUDGETS: Final = (28_000, DEFAULT_CLOSE_BUDGET)
"""The budgets where a hint also plays hands out (``default_rollouts``): the hands' time is
taken from the search. With the hands refined (``DEFAULT_REFINE``), 28,000 positions cost about
what 36,000 did with plain hands (latency median 229 ms against 223, p95 955 against 939 on
strict 11001-11012) and played better on fresh strict deals: 4.40 strokes a hole against 4.96
on 16001-16080, 4.41 against 4.58 on 15001-15080 (``docs/solver-ideas.md``)."""


def default_budgets(rules: Rules) -> tuple[int, int]:
    """The positions a hint spends on ``rules`` by default, and those it may add on a close
    call: fewer where each position has more plays, so that every preset's hints come as fast
    (peaks and pyramids, which wrap, come within the allowance with the usual budgets), and
    fewer where stock-blind hands are played out too."""
    if rules.layout == "golf" and (rules.wrap or rules.jokers):
        return RICH_BUDGETS
    if default_rollouts(rules):
        return BLENDED_BUDGETS
    return DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET


DEFAULT_MIX = 0.5
"""The share of a move's value that its rollouts give (the rest: the sampled orders' search).
A third or two thirds played within the noise of it on fresh strict 22041-22080 (5.22 and
5.58 strokes a hole against 5.25, ``docs/solver-ideas.md``)."""

DEFAULT_LOOKAHEAD = 2
"""Draws the rollout player looks ahead over when it chooses the tableau to leave."""

DEFAULT_REFINE = 2
"""Tableaux the rollout player judges again one draw further ahead (``BlindPolicy``'s
``refine``; 0: none). Two make the hands' player 0.43 strokes a hand stronger at twice its
CPU (strict 1201-1400, ``benchmarks/blind_player.py``)."""

SHELF: Final = PolicyShelf()
"""The rollout policies kept between one hand's hints (its tableaux recur from hint to hint)."""

DEFAULT_EXACT = 20_000
"""Draws the exact stock-blind expectimax may value in one hint before the hint samples instead
(0: never): about 0.1 s of CPU at most. Three times as many, tried up to 9 unseen cards,
played no better beyond the noise and cost beginners' hints a tenth more
(``docs/solver-ideas.md``)."""

DEFAULT_EXACT_UNSEEN = MAX_UNSEEN
"""The most unseen cards at which a hint tries the exact expectimax before sampling."""

EXACT_SHELF: Final[Shelf[ExactKey, Expectimax]] = Shelf(
    lambda search: len(search.turns.reach), 2, 300_000
)
"""The exact searches kept between one hand's hints for the tableaux each turn can leave (the
board's alone); their values start afresh at every hint (``Expectimax.forget``), so whether a
hint is exact depends on its position alone, as the review that asks it again needs."""


@dataclass(frozen=True, slots=True)
class Hint:
    """A suggested move and why.

    ``reason`` is the English line; ``code``/``params`` (with ``move_code``/``move_params``)
    let a face translate it (``text(lang)``). ``clear_chance`` is the share of stock orders
    (0..1) in which the move leads to a cleared tableau, ``expected_strokes`` the mean best
    strokes after it, ``samples`` the stock orders solved (1 with ``peek``), ``nodes`` the
    positions this hint opened: work, not advice, so hints that advise alike are equal whatever
    each cost.
    """

    move: Move | None
    reason: str
    code: str
    params: dict[str, Any] = field(default_factory=dict)
    move_code: str | None = None
    move_params: dict[str, Any] = field(default_factory=dict)
    clear_chance: float | None = None
    expected_strokes: float | None = None
    samples: int = 0
    peek: bool = False
    nodes: int = field(default=0, compare=False)
    compare_code: str | None = None
    compare_params: dict[str, Any] = field(default_factory=dict)
    other_code: str | None = None
    other_params: dict[str, Any] = field(default_factory=dict)
    move_values: dict[Move, float] = field(default_factory=dict)
    """The expected strokes after each move compared (empty when they were not counted)."""

    def text(self, language: str = "en") -> str:
        """The reason in ``language`` (one of ``golf_solitaire.i18n.LANGUAGES``)."""
        params = dict(self.params)
        if self.move_code is not None:
            params["move"] = translate(language, f"solver.{self.move_code}", **self.move_params)
        text = translate(language, f"solver.{self.code}", **params)
        if self.compare_code is None:
            return text
        compared = {key: decimal(language, value) for key, value in self.compare_params.items()}
        if self.other_code is not None:
            compared["other"] = translate(
                language, f"solver.{self.other_code}", **self.other_params
            )
        return text + translate(language, f"solver.{self.compare_code}", **compared)


DECIMAL_COMMA = frozenset({"it", "nl", "es", "fr"})
"""Languages that write 3,5 for three and a half."""


def decimal(language: str, value: Any) -> Any:
    """A float with one decimal as ``language`` writes it (other values unchanged).

    >>> decimal("en", 3.46), decimal("fr", -1.5), decimal("fr", 2)
    ('3.5', '-1,5', 2)
    """
    if not isinstance(value, float):
        return value
    text = f"{value:.1f}"
    if text == "-0.0":
        text = "0.0"
    return text.replace(".", ",") if language in DECIMAL_COMMA else text


def _stock_orders(
    unseen: Sequence[Card], samples: int, rng: random.Random, spread: bool = False
) -> list[tuple[Card, ...]]:
    """Up to ``samples`` distinct rank orders of the unseen cards (all of them when few).
    With ``spread`` every unseen card comes first in as many orders as the others (one more
    at most), so the next draw is weighed in its true proportions, not by chance."""
    cards = sorted(unseen)
    orders: list[tuple[Card, ...]] = []
    seen: set[tuple[int, ...]] = set()
    tries = 0
    offset = rng.randrange(len(cards)) if spread and cards else 0
    while len(orders) < samples and tries < samples * 4:
        tries += 1
        order = list(cards)
        rng.shuffle(order)
        if spread:
            first = cards[(offset + len(orders)) % len(cards)]
            order.remove(first)
            order.insert(0, first)
        ranks = tuple(card.rank for card in order)
        if ranks in seen:
            continue
        seen.add(ranks)
        orders.append(tuple(order))
    return orders


def _move_words(deal: Deal, state: State, move: Move) -> tuple[str, dict[str, Any]]:
    """The move part of a reason: what it plays and what it frees."""
    if isinstance(move, Draw):
        return "move.draw", {}
    assert isinstance(move, Play)
    column = move.column
    height = state.heights[column]
    card = deal.columns[column][height - 1]
    if deal.layout.is_covering:  # what it uncovers may be face down: never named
        return "move.play", {"card": card.pretty}
    if height == 1:
        return "move.play_empties", {"card": card.pretty, "column": column + 1}
    freed = deal.columns[column][height - 2]
    return "move.play_frees", {"card": card.pretty, "freed": freed.pretty}


@dataclass(slots=True)
class _Estimates:
    """One sampled stock order judged move by move: the fewest strokes found after each move
    (an upper bound, exact once ``settled``) and whether a clear was proved impossible."""

    search: AnySearch
    children: list[tuple[list[int], int, int]]
    values: list[int]
    settled: list[bool]
    unclearable: list[bool]

    @classmethod
    def of(cls, search: AnySearch) -> _Estimates:
        """Every move's first estimate: the best of a few plays-first games after it."""
        board = search.board
        return cls.over(
            search, [child for _, child in search.children(board.heights, 0, board.top)]
        )

    @classmethod
    def over(cls, search: AnySearch, children: list[tuple[list[int], int, int]]) -> _Estimates:
        """The first estimates of ``children`` (positions of the search's board)."""
        board = search.board
        values, settled = [], []
        for heights, drawn, top in children:
            if not any(heights):
                values.append(drawn - len(board.stock))
                settled.append(True)
            else:
                values.append(_first_estimate(search, heights, drawn, top))
                settled.append(False)
        return cls(search, children, values, settled, [False] * len(children))

    def moves_pending(self) -> list[int]:
        """The moves whose value is not yet exact."""
        return [index for index, done in enumerate(self.settled) if not done]

    def refine(self, index: int, nodes: int) -> None:
        """Search after move ``index`` for ``nodes`` positions at most: first whether it can
        clear (a cheap question), then for fewer strokes than the best found so far."""
        search = self.search
        heights, drawn, top = self.children[index]
        known = self.values[index]
        beta = known if self.unclearable[index] or known <= 1 else 1
        search.allow(nodes)
        try:
            value = search.value_of(heights, drawn, top, beta)
        except LimitReached as stop:
            if stop.found is not None and stop.found < known:
                self.values[index] = stop.found
            return
        if value < beta:
            self.values[index], self.settled[index] = value, True
        elif beta >= known:
            self.settled[index] = True  # nothing beats the best found: it is exact
        else:
            self.unclearable[index] = True


ROLLOUTS = 2
"""Plays-first games that give each move of each stock order its first estimate."""


def _first_estimate(search: AnySearch, heights: list[int], drawn: int, top: int) -> int:
    """A score some play reaches after a move: the best of a few plays-first games."""
    return search.rollouts(ROLLOUTS, (heights, drawn, top))[0]


FIRST_SHARE = 256
"""Positions each (order, move) pair may search in the first round; each round doubles it."""


def _estimate(orders: list[_Estimates], budget: int, close_budget: int) -> int:
    """Refine every (order, move) estimate in rounds, each with twice the positions of the
    last, until ``budget`` positions are spent or every value is exact; then, while the best
    moves are within ``CLOSE`` strokes of each other, up to ``close_budget`` more on those
    moves alone. Every move keeps a value in every order, so the moves are always compared
    on the same orders. Returns the positions searched (deterministic: budgets are counted
    in positions)."""
    everything = range(len(orders[0].values))
    spent, share = _rounds(orders, lambda: everything, 0, budget, FIRST_SHARE)
    if close_budget:
        spent, _ = _rounds(
            orders, lambda: _close_moves(orders), spent, budget + close_budget, share
        )
    return spent


def _rounds(
    orders: list[_Estimates],
    wanted: Callable[[], Sequence[int]],
    spent: int,
    limit: int,
    share: int,
) -> tuple[int, int]:
    """Rounds over the unsettled pairs of the ``wanted`` moves (asked again each round), each
    pair searching ``share`` positions, doubled each round, until ``spent`` reaches ``limit``.
    Returns the positions spent and the next round's share."""
    while spent < limit:
        moves = wanted()
        pending = [
            (order, index) for order in orders for index in order.moves_pending() if index in moves
        ]
        if len(moves) < 2 or not pending:
            break
        for order, index in pending:
            before = order.search.nodes
            order.refine(index, min(share, limit - spent))
            spent += order.search.nodes - before
            if spent >= limit:
                break
        share *= 2
    return spent, share


CLOSE = 1.0
"""Expected strokes within which the best moves get the close call's extra positions."""


def _close_moves(orders: list[_Estimates]) -> list[int]:
    """The moves whose mean strokes are within ``CLOSE`` of the best move's."""
    totals = [
        sum(order.values[index] for order in orders) for index in range(len(orders[0].values))
    ]
    least = min(totals)
    return [index for index, total in enumerate(totals) if total - least <= CLOSE * len(orders)]


def hint(
    game: Game,
    *,
    peek: bool = False,
    seed: int = 0,
    samples: int = DEFAULT_SAMPLES,
    budget: int | None = None,
    exact: int = DEFAULT_EXACT,
    exact_unseen: int = DEFAULT_EXACT_UNSEEN,
    close_budget: int | None = None,
    turn: int = DEFAULT_TURN,
    spread: int = DEFAULT_SPREAD,
    rollouts: int | None = None,
    mix: float = DEFAULT_MIX,
    lookahead: int = DEFAULT_LOOKAHEAD,
    refine: int = DEFAULT_REFINE,
) -> Hint:
    r"""The best move now for what the player sees (or, with ``peek``, for the true stock).

    Stock orders are drawn from the unseen cards (seeded by ``seed`` and the position, so the
    same position gives the same hint). Every move of every order starts from the best of two
    plays-first games after it and is searched in rounds, as far as ``budget`` positions
    allow: first whether it can still clear the tableau, then for fewer strokes; then, while
    the best moves are within ``CLOSE`` strokes, up to ``close_budget`` more positions on
    them alone (``None``, for either: ``default_budgets`` of the rules). Then, in
    ``rollouts`` more sampled orders, a stock-blind player
    (``BlindPolicy``, looking ``lookahead`` draws ahead and its ``refine`` best tableaux one
    more, never into the stock) plays the hand
    out after each move, and a move's value is ``mix`` times the mean of those hands plus the
    rest times the searched orders' mean (each searched order is played with its stock in
    sight, which overrates moves that need the next card known; the blind hands correct for
    it; ``None``: ``default_rollouts`` of the rules). The move with the fewest expected
    strokes wins, and the reason says how its values were made. With ``peek`` the true order
    is solved exactly (first which moves clear, then the strokes), else the first legal move
    is called a guess. Without ``peek``, with ``exact_unseen`` or fewer cards unseen, it first
    tries the exact stock-blind expectimax (``fair_value``), valuing at most ``exact`` draws
    afresh at each hint (0: never). ``ValueError`` for ``peek`` in a
    competitive game: its stock order stays hidden. Two ways of sampling measured against
    this one, off by default (``docs/solver-ideas.md``): ``turn=1`` chooses the plays before
    the next draw without seeing it, ``spread=1`` puts every unseen card first in an equal
    share of the orders.

    >>> from golf_solitaire import Deal, Game
    >>> board = "Talon: 5H 9C\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
    >>> print(hint(Game(Deal.from_text(board, partial=True)), peek=True).reason)
    peeking at the stock: plays 8♠ and frees 7♣; this clears the tableau with 2 stock cards to spare
    """
    require(game, Game, "game")
    require(peek, bool, "peek")
    require(seed, int, "seed")
    if peek and game.competitive:
        raise ValueError(
            "hint: peek is not allowed in a competitive game: the stock order is hidden"
        )
    usual_budget, usual_close = default_budgets(game.deal.rules)
    budget = usual_budget if budget is None else budget
    close_budget = usual_close if close_budget is None else close_budget
    rollouts = default_rollouts(game.deal.rules) if rollouts is None else rollouts
    require_whole(samples, 1, "hint: samples")
    require_whole(budget, 1, "hint: budget")
    for name, value in (
        ("close_budget", close_budget),
        ("rollouts", rollouts),
        ("lookahead", lookahead),
        ("refine", refine),
        ("exact_unseen", exact_unseen),
    ):
        require_whole(value, 0, f"hint: {name}")
    if isinstance(mix, bool) or not isinstance(mix, (int, float)) or not 0 <= mix <= 1:
        raise ValueError(f"hint: mix must be a number from 0 to 1, not {mix!r}")
    deal, state = game.deal, game.state
    if rules_of_play.is_over(deal, state):
        return Hint(None, render("hint.over"), "hint.over")
    moves = rules_of_play.legal_moves(deal, state)
    if len(moves) == 1:
        move_code, move_params = _move_words(deal, state, moves[0])
        code = "hint.peek_only" if peek else "hint.only"
        reason = render(code, move=render(move_code, **move_params))
        return Hint(moves[0], reason, code, {}, move_code, move_params, peek=peek)
    unseen = deal.stock[state.drawn :]
    hidden = () if peek else rules_of_play.face_down(deal, state)
    if hidden:  # face-down cards are unknown like the stock: sampled along with it
        unseen += tuple(deal.columns[position][0] for position in hidden)
    if not peek and exact and len(unseen) <= exact_unseen and not deal.layout.is_covering:
        found = _exact_hint(deal, state, moves, exact)
        if found is not None:
            return found
    if not peek:
        rng = random.Random(f"{seed}:{state.key()}:{state.waste_top}")
        stocks: list[tuple[Card, ...]] = (
            _stock_orders(unseen, samples, rng, bool(spread)) if unseen else [()]
        )
        possible = _order_count(unseen)
        boards = [_sampled_board(deal, state, stock, hidden) for stock in stocks]
        if turn and unseen and not hidden:
            found = _turn_hint(deal, state, moves, boards, (budget, close_budget), possible)
            if found is not None:
                return found
        played_out = None
        extra: list[tuple[Card, ...]] = []
        if rollouts and unseen and not hidden and not deal.layout.is_covering:
            extra = _stock_orders(unseen, rollouts, random.Random(f"rollouts:{rng.random()}"))
            played_out = _rollout_values(deal, state, moves, extra, lookahead, refine)
        return _sampled_hint(
            deal,
            state,
            moves,
            boards,
            (budget, close_budget),
            possible,
            played_out,
            mix,
            len(extra) if played_out is not None else 0,
        )
    return _peeking_hint(deal, state, moves, budget)


def _peeking_hint(deal: Deal, state: State, moves: list[Move], budget: int) -> Hint:
    """The hint for the true stock order: first whether each move can still clear, then the
    fewest strokes after each, as far as ``budget`` positions allow; the first legal move,
    called a guess, when not even the clears were settled in time."""
    search = search_for(Board.from_position(deal, state))
    board = search.board
    children = [child for _, child in search.children(board.heights, 0, board.top)]
    search.allow(budget)
    values: list[int] | None = None
    try:
        clears = roomy(_values, search, children, 1)
    except LimitReached:
        return _guess(deal, state, moves, search.nodes)
    try:
        values = roomy(_values, search, children, INFINITY)
    except LimitReached:
        values = None
    best = min(
        range(len(moves)),
        key=lambda index: (0 if values is None else values[index], clears[index] > 0, index),
    )
    expected = None if values is None else float(values[best])
    chance = float(clears[best] <= 0)
    return _judged(
        deal,
        state,
        moves[best],
        (True, chance, expected, 1, True),
        samples=1,
        nodes=search.nodes,
        move_values={} if values is None else dict(zip(moves, map(float, values), strict=True)),
    )


def _judged(
    deal: Deal,
    state: State,
    move: Move,
    verdict: tuple[bool, float, float | None, int, bool],
    **figures: Any,
) -> Hint:
    """A hint for ``move`` with the reason of ``verdict`` (peek, clear chance, expected
    strokes, orders tried, whether every order was solved) and ``figures``."""
    peek, chance, expected, tried, complete = verdict
    code, params = _verdict(peek, chance, expected, tried, complete, deal, state)
    return _advice(
        deal,
        state,
        move,
        code,
        params,
        clear_chance=chance,
        expected_strokes=expected,
        peek=peek,
        **figures,
    )


def _values(search: AnySearch, children: list[tuple[list[int], int, int]], beta: int) -> list[int]:
    """The fewest strokes after each move if below ``beta``, else a bound of at least it."""
    return [search.value_of(heights, drawn, top, beta) for heights, drawn, top in children]


def _sampled_hint(
    deal: Deal,
    state: State,
    moves: list[Move],
    boards: list[Board],
    budgets: tuple[int, int],
    possible: int,
    played_out: list[float] | None = None,
    mix: float = DEFAULT_MIX,
    played: int = 0,
) -> Hint:
    """The fair hint from sampled stock orders: every move valued in every order (exactly
    as far as ``budget`` positions allow, else by the best play found), the fewest expected
    strokes winning; ``possible`` is how many distinct orders there are."""
    orders = [_Estimates.of(search_for(board)) for board in boards]
    nodes = roomy(_estimate, orders, *budgets)  # many short searches: one frame chunk for all
    count = len(orders)
    totals = [sum(order.values[index] for order in orders) for index in range(len(moves))]
    clears = [sum(order.values[index] <= 0 for order in orders) for index in range(len(moves))]
    judged = [total / count for total in totals]
    if played_out is not None:  # the values a move is chosen by, and the reason quotes
        judged = [
            (1 - mix) * judged[index] + mix * played_out[index] for index in range(len(moves))
        ]
    best = min(range(len(moves)), key=lambda index: (judged[index], -clears[index], index))
    expected = judged[best]
    chance = clears[best] / count
    settled = sum(all(order.settled) for order in orders)
    complete = count == possible and settled == count  # every order, every value exact
    scores = {moves[index]: judged[index] for index in range(len(moves))}
    advice = _judged(
        deal,
        state,
        moves[best],
        (False, chance, expected, count, complete),
        samples=count,
        nodes=nodes,
        move_values=scores,
    )
    blend = None if played_out is None else (round(100 * mix), played)
    return _compared(advice, deal, state, counted=settled, tried=count, blend=blend)


def _sampled_board(
    deal: Deal, state: State, order: Sequence[Card], hidden: tuple[int, ...]
) -> Board:
    """The board of ``state`` with the unseen cards in ``order``: the stock first, then one
    card for each face-down position in ``hidden``."""
    stock_size = len(order) - len(hidden)
    board = Board.with_stock(deal, state, order[:stock_size])
    for position, card in zip(hidden, order[stock_size:], strict=True):
        board.columns[position] = [card.rank]
    return board


def _verdict(
    peek: bool,
    chance: float,
    expected: float | None,
    tried: int,
    complete: bool,
    deal: Deal,
    state: State,
) -> tuple[str, dict[str, Any]]:
    """The reason's template and its figures."""
    if peek:
        if chance:
            spare = -round(expected) if expected is not None else None
            if spare is None or not deal.layout.has_stock:  # Black Hole: no stock to spare
                return "hint.peek_clears", {}
            if spare == 0:
                return "hint.peek_clear_none", {}
            return "hint.peek_clear", {"spare": spare}
        if expected is not None:
            return "hint.peek_lost", {"strokes": round(expected)}
        return "hint.peek_no_clear", {}
    assert expected is not None  # a fair hint values every move
    if chance:
        share = max(1, round(100 * chance))
        if complete and state.drawn == len(deal.stock):  # no stock order left to speak of
            return "hint.clears", {}
        if complete:
            return "hint.chance", {"chance": share}
        figures = {"cleared": round(chance * tried), "tried": tried}
        if tried < FEW_ORDERS:
            return "hint.few", figures
        return "hint.sampled", {"chance": share, **figures}
    if complete or _proved_lost(deal, state):
        return "hint.lost", {"strokes": round(expected)}
    return "hint.unlikely", {"strokes": round(expected)}


def _order_count(cards: Sequence[Card]) -> int:
    """How many distinct rank orders the cards have (a multinomial)."""
    counts = Counter(card.rank for card in cards)
    total = math.factorial(len(cards))
    for count in counts.values():
        total //= math.factorial(count)
    return total


def _proved_lost(deal: Deal, state: State) -> bool:
    """True when no stock order at all lets the tableau clear (an order-free bound)."""
    board = Board.from_position(deal, state)
    return search_for(board).root_bound() > 0


def _advice(
    deal: Deal, state: State, move: Move, code: str, params: dict[str, Any], **figures: Any
) -> Hint:
    """A hint for ``move`` with the reason ``code`` filled with ``params`` (and ``figures``)."""
    move_code, move_params = _move_words(deal, state, move)
    reason = render(code, move=render(move_code, **move_params), **params)
    return Hint(move, reason, code, params, move_code, move_params, **figures)


def _compared(
    advice: Hint,
    deal: Deal,
    state: State,
    *,
    counted: int,
    tried: int,
    blend: tuple[int, int] | None = None,
) -> Hint:
    """``advice`` with its comparison: the expected strokes of its move and of the next best
    (or that they tie), saying so when only ``counted`` of the ``tried`` orders were solved to
    the end (the others valued by the best play found in time), or, with ``blend`` (a share
    in percent, hands played), that the values mix that share of stock-blind play-outs into
    the searched orders'. Appended to the English reason too."""
    values = advice.move_values
    other = min(
        (move for move in values if move != advice.move), key=values.__getitem__, default=None
    )
    if advice.move is None or other is None:
        return advice
    mine, theirs = values[advice.move], values[other]
    compare_code = "compare.tie" if abs(theirs - mine) < TIED else "compare.better"
    compare_params: dict[str, Any] = {"expected": mine, "next_expected": theirs}
    if blend is not None:
        compare_code = compare_code.replace("compare.", "compare.blended_")
        compare_params.update(share=blend[0], rest=100 - blend[0], played=blend[1], tried=tried)
    elif counted < tried:
        compare_code = compare_code.replace("compare.", "compare.estimated_")
        compare_params.update(counted=counted, tried=tried)
    other_code, other_params = _other_words(deal, state, other)
    compared = {key: decimal("en", value) for key, value in compare_params.items()}
    compared["other"] = render(other_code, **other_params)
    return replace(
        advice,
        reason=advice.reason + render(compare_code, **compared),
        compare_code=compare_code,
        compare_params=compare_params,
        other_code=other_code,
        other_params=other_params,
    )


TIED = 1e-9
"""Expected strokes closer than this are a tie."""


def _other_words(deal: Deal, state: State, move: Move) -> tuple[str, dict[str, Any]]:
    """The short name of the next best move: the card it plays, or the draw."""
    if isinstance(move, Draw):
        return "other.draw", {}
    assert isinstance(move, Play)
    card = deal.columns[move.column][state.heights[move.column] - 1]
    return "other.play", {"card": card.pretty}


def _exact_hint(deal: Deal, state: State, moves: list[Move], most: int) -> Hint | None:
    """The move of the exact stock-blind expectimax, or ``None`` past ``most`` draws."""
    board = Board.from_position(deal, state)
    key = exact_key(board)
    search = EXACT_SHELF.take(key, lambda: Expectimax(board))
    search.forget()
    search.allow(most)
    try:
        values = move_values(search, board, tuple(sorted(board.stock)), moves)
    except LimitReached:
        return None
    finally:
        EXACT_SHELF.put_back(key, search)
    move = min(moves, key=values.__getitem__)
    code = "hint.exact" if board.stock else "hint.exact_known"
    advice = _advice(
        deal,
        state,
        move,
        code,
        {"unseen": len(board.stock)},
        expected_strokes=values[move],
        nodes=search.nodes,
        move_values=values,
    )
    return _compared(advice, deal, state, counted=1, tried=1)


def _guess(deal: Deal, state: State, moves: list[Move], nodes: int) -> Hint:
    """A peeking move when the true order could not be judged within the budget: the first
    legal move, which the reason calls a guess."""
    move = moves[0]
    move_code, move_params = _move_words(deal, state, move)
    code = "hint.peek_guess"
    reason = render(code, move=render(move_code, **move_params))
    return Hint(move, reason, code, {}, move_code, move_params, None, None, 0, True, nodes)


MAX_TURN_ENDS = 64
"""Past this many distinct tableaux reachable before the next draw, a hint values moves per
order instead (each order's best play chosen with its stock in sight)."""


def _turn_ends(board: Board) -> dict[tuple[int, ...], set[Move]] | None:
    """Every tableau (column heights) the plays before the next draw can leave, with the first
    moves that lead to it (``Draw`` for the tableau as it is); ``None`` past ``MAX_TURN_ENDS``."""
    next_codes = rank_tables(board.rules).next_codes
    columns = board.columns

    def plays(heights: tuple[int, ...], top: int, first: int | None) -> None:
        row = next_codes[top]
        for column, height in enumerate(heights):
            if height and row[columns[column][height - 1]] >= 0:
                after = list(heights)
                after[column] -= 1
                code = row[columns[column][height - 1]]
                stack.append((tuple(after), code, column if first is None else first))

    start = tuple(board.heights)
    ends: dict[tuple[int, ...], set[Move]] = {start: {Draw()}}
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    stack: list[tuple[tuple[int, ...], int, int]] = []
    plays(start, board.top, None)
    while stack:
        item = stack.pop()
        if item in seen:
            continue
        seen.add(item)
        heights, top, first = item
        ends.setdefault(heights, set()).add(Play(first))
        if len(ends) > MAX_TURN_ENDS:
            return None
        plays(heights, top, first)
    return ends


def _turn_hint(
    deal: Deal,
    state: State,
    moves: list[Move],
    boards: list[Board],
    budgets: tuple[int, int],
    possible: int,
) -> Hint | None:
    """The fair hint that chooses the plays before the next draw without knowing that draw:
    every tableau those plays can leave is valued in every sampled order from just after the
    next card is drawn (the orders' own best play only from there on), and a move is worth the
    best tableau it leads to. ``None`` when too many tableaux can be reached."""
    ends = _turn_ends(boards[0])
    if ends is None:
        return None
    tableaux = list(ends)
    orders = []
    for board in boards:
        search = search_for(board)
        children = [
            (list(heights), 0, board.top)
            if not any(heights)
            else (list(heights), 1, board.stock[0])
            for heights in tableaux
        ]
        orders.append(_Estimates.over(search, children))
    nodes = roomy(_estimate, orders, *budgets)
    count = len(orders)
    totals = [sum(order.values[index] for order in orders) for index in range(len(tableaux))]
    clears = [sum(order.values[index] <= 0 for order in orders) for index in range(len(tableaux))]
    value: dict[Move, tuple[int, int, int]] = {}
    for index, heights in enumerate(tableaux):
        for move in ends[heights]:
            mine = (totals[index], -clears[index], index)
            if move not in value or mine < value[move]:
                value[move] = mine
    best = min(moves, key=lambda move: (value[move], moves.index(move)))
    total, cleared, _ = value[best]
    settled = sum(all(order.settled) for order in orders)
    complete = count == possible and settled == count
    advice = _judged(
        deal,
        state,
        best,
        (False, -cleared / count, total / count, count, complete),
        samples=count,
        nodes=nodes,
        move_values={move: value[move][0] / count for move in moves},
    )
    return _compared(advice, deal, state, counted=settled, tried=count)


def _rollout_values(
    deal: Deal,
    state: State,
    moves: list[Move],
    orders: list[tuple[Card, ...]],
    lookahead: int,
    refine: int,
) -> list[float]:
    """The mean strokes after each move when a stock-blind player (``BlindPolicy``) plays the
    hand out, the stock turning up in each of ``orders`` (never looked into by the player)."""
    board = Board.from_position(deal, state)
    policy = SHELF.take(board, lookahead, refine)
    try:
        return _played_out(policy, board, moves, orders)
    finally:
        SHELF.put_back(policy)


def _played_out(
    policy: BlindPolicy, board: Board, moves: list[Move], orders: list[tuple[Card, ...]]
) -> list[float]:
    """``_rollout_values`` by ``policy``, the board's own."""
    next_codes = policy.next_codes
    stocks = [[card.rank for card in order] for order in orders]
    values = []
    for move in moves:
        heights = list(board.heights)
        total = 0
        if isinstance(move, Draw):
            for stock in stocks:
                total += policy.rollout(heights, stock[0], stock[1:])
        else:
            assert isinstance(move, Play)
            heights[move.column] -= 1
            top = next_codes[board.top][board.columns[move.column][heights[move.column]]]
            for stock in stocks:
                total += policy.rollout(heights, top, stock)
        values.append(total / len(stocks))
    return values
