"""The exact stock-blind value against an independent brute force over stock orders.

The brute force knows the rules only through the engine: it keeps the stock orders the player
cannot tell apart (every order of the unseen cards that agrees with the cards drawn so far),
tries every legal move, and at a draw splits the orders by the card that turns up, weighting
each part by its share. Its value is the expected strokes of the best play that never looks
at the stock, which ``fair_value`` must equal for every preset.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import strategies as st

from golf_solitaire import Deal, Draw, Game, Move, Rules, hint, review
from golf_solitaire import state as engine
from golf_solitaire.cards import Card
from golf_solitaire.i18n import LANGUAGES
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.fair_value import (
    MAX_UNSEEN,
    Expectimax,
    TooManyUnseenError,
    exact_key,
    fair_value,
    fair_values,
    move_values,
)
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.state import State
from tests.solver.test_brute_force import COLUMN_RULE_SETS, by_rules, small_game

Order = tuple[Card, ...]

BRUTE_UNSEEN = 5
"""The most unseen cards the brute force weighs (120 orders)."""


class BlindBruteForce:
    """Expected strokes of the best play that cannot see the stock, by trying every line."""

    def __init__(self, deal: Deal, state: State) -> None:
        self.deal = deal
        self.before = deal.stock[: state.drawn]
        self.memo: dict[tuple[State, tuple[Order, ...]], float] = {}

    def deal_of(self, order: Order) -> Deal:
        """The deal with the undrawn stock in ``order``."""
        deal = self.deal
        return Deal(deal.rules, deal.columns, self.before + order, deal.waste, deal.origin)

    def orders(self, state: State) -> tuple[Order, ...]:
        """Every distinct order of the cards not drawn yet at ``state``."""
        unseen = self.deal.stock[state.drawn :]
        return tuple(sorted(set(itertools.permutations(unseen))))

    def best(self, state: State, orders: tuple[Order, ...]) -> float:
        """The fewest expected strokes over ``orders`` (all equally likely) from ``state``."""
        # Only the waste's top card matters to what follows (the orders name the cards drawn).
        state = State(state.heights, state.drawn, state.waste[-1:], state.dead_end)
        key = (state, orders)
        known = self.memo.get(key)
        if known is None:
            known = min(self.after(state, orders, move) for move in self.moves(state, orders))
            self.memo[key] = known
        return known

    def moves(self, state: State, orders: tuple[Order, ...]) -> list[Move]:
        return engine.legal_moves(self.deal_of(orders[0]), state)

    def after(self, state: State, orders: tuple[Order, ...], move: Move) -> float:
        """The fewest expected strokes once ``move`` is made (a finished hand: its strokes)."""
        if not isinstance(move, Draw):
            return self.settle(engine.apply(self.deal_of(orders[0]), state, move), orders)
        drawn = state.drawn - len(self.before)
        parts: dict[Card, list[Order]] = {}
        for order in orders:
            parts.setdefault(order[drawn], []).append(order)
        total = 0.0
        for part in parts.values():
            following = engine.apply(self.deal_of(part[0]), state, Draw())
            total += len(part) * self.settle(following, tuple(part))
        return total / len(orders)

    def settle(self, state: State, orders: tuple[Order, ...]) -> float:
        finished = engine.outcome(self.deal_of(orders[0]), state)
        return float(finished.strokes) if finished is not None else self.best(state, orders)


# The blind brute force permutes the stock alone: the covering layouts' face-down cards are
# weighed by the fair hint's sampling (tests/solver/test_covering_solver.py).
@by_rules(examples=15, rule_sets=COLUMN_RULE_SETS)
def test_fair_value_matches_the_blind_brute_force(rules: Rules, data: st.DataObject) -> None:
    deal, game = small_game(data, rules, 4)
    state = game.state
    if len(deal.stock) - state.drawn > BRUTE_UNSEEN:
        game.apply(Draw())  # one draw fewer to weigh keeps the brute force quick
        state = game.state
    brute = BlindBruteForce(deal, state)
    orders = brute.orders(state)
    if game.is_over:
        assert fair_value(game) == game.score
        assert fair_values(game) == {}
        return
    assert fair_value(game) == pytest.approx(brute.best(state, orders))
    values = fair_values(game)
    assert set(values) == set(game.legal_moves())
    for move, value in values.items():
        assert value == pytest.approx(brute.after(state, orders, move))
    assert fair_value((deal, state)) == pytest.approx(min(values.values()))


@by_rules(examples=12, rule_sets=COLUMN_RULE_SETS)
def test_the_fair_hint_makes_an_expectimax_best_move(rules: Rules, data: st.DataObject) -> None:
    """On small positions the fair hint weighs every stock order exactly (no peeking): its
    move is one of the best for what the player sees, and it says what it expects."""
    deal, game = small_game(data, rules, 3)
    if game.is_over or len(game.legal_moves()) < 2 or game.stock_count > BRUTE_UNSEEN:
        return
    state = game.state
    brute = BlindBruteForce(deal, state)
    orders = brute.orders(state)
    truth = {move: brute.after(state, orders, move) for move in game.legal_moves()}
    advice = hint(game)
    assert advice.move is not None
    assert truth[advice.move] == pytest.approx(min(truth.values()))
    assert advice.expected_strokes == pytest.approx(truth[advice.move])
    assert advice.move_values == pytest.approx(truth)
    assert advice.compare_code in ("compare.better", "compare.tie")


@by_rules(examples=12, rule_sets=COLUMN_RULE_SETS)
def test_a_turn_chosen_blind_is_exact_once_two_cards_are_unseen(
    rules: Rules, data: st.DataObject
) -> None:
    """With two unseen cards the last one is known once the next is drawn, so a hint that
    chooses its plays before that draw without seeing it (``turn=1``, sampling: ``exact=0``)
    plays and values every move as the blind brute force does."""
    deal, game = small_game(data, rules, 3)
    while game.stock_count > 2 and not game.is_over:
        game.apply(Draw())
    if game.is_over or len(game.legal_moves()) < 2 or not game.stock_count:
        return
    state = game.state
    brute = BlindBruteForce(deal, state)
    orders = brute.orders(state)
    truth = {move: brute.after(state, orders, move) for move in game.legal_moves()}
    advice = hint(game, exact=0, turn=1)
    assert advice.move is not None and advice.code != "hint.exact"
    assert truth[advice.move] == pytest.approx(min(truth.values()))
    assert advice.move_values == pytest.approx(truth)


@by_rules(examples=6, rule_sets=COLUMN_RULE_SETS)
def test_the_fair_review_charges_what_the_blind_brute_force_says(
    rules: Rules, data: st.DataObject
) -> None:
    """Each move's fair loss is its expected strokes against the best blind move then; the
    fair hint's own move is never a fair mistake."""
    deal, game = small_game(data, rules, 8)
    verdict = review(game)
    replayed = Game(deal)
    for entry, move in zip(verdict.entries, game.moves, strict=True):
        state = replayed.state
        moves = replayed.legal_moves()
        unseen = len(deal.stock) - state.drawn
        if len(moves) > 1 and entry.fair_loss is not None and unseen <= BRUTE_UNSEEN:
            brute = BlindBruteForce(deal, state)
            orders = brute.orders(state)
            values = {option: brute.after(state, orders, option) for option in moves}
            assert entry.fair_loss == pytest.approx(values[move] - min(values.values()))
        if hint(replayed).move == move or len(moves) == 1:
            assert entry.fair_loss == 0.0 and not entry.is_fair_mistake
        replayed.apply(move)
    mistakes = [entry for entry in verdict.entries if entry.is_fair_mistake]
    assert verdict.first_fair_mistake == (mistakes[0] if mistakes else None)
    assert (verdict.fair_code == "review.fair_mistake") == bool(mistakes)


def test_the_fair_hint_never_makes_a_fair_mistake_on_a_real_deal() -> None:
    """Deal 2 played by the fair hint: the review finds no mistake the player could have seen
    (the same hint judges it), while the hindsight verdict may still blame a move."""
    deal = Deal.numbered(2)
    game = Game(deal)
    for _ in range(6):
        if game.is_over:
            break
        move = hint(game).move
        assert move is not None
        game.apply(move)
    verdict = review(game)
    assert verdict.first_fair_mistake is None
    assert all(entry.fair_loss in (0.0, None) for entry in verdict.entries)
    for language in LANGUAGES:
        assert verdict.fair_text(language) and verdict.hindsight_text(language)


def test_fair_value_equals_the_known_outcome_when_nothing_is_unseen() -> None:
    board = "Talon:\nFoundations: 7D\n7C 8S\n6H\n-\n-\n-\n-\n-\n"
    game = Game(Deal.from_text(board, partial=True))
    assert fair_value(game) == 0.0  # 8S, 7C, 6H: cleared with no stock left


def test_too_many_unseen_cards_are_refused_by_name() -> None:
    deal = Deal.numbered(1)
    with pytest.raises(TooManyUnseenError, match=r"16 unseen cards is more than the 8"):
        fair_value(deal)
    with pytest.raises(TooManyUnseenError, match="16 unseen cards is more than the 12"):
        fair_values(Game(deal), max_unseen=12)
    assert MAX_UNSEEN == 8


def test_fair_value_refuses_a_covering_layout_by_name() -> None:
    game = Game(Deal.numbered(1, Rules.named("escalator")))
    with pytest.raises(ValueError, match="fair value: escalator is a covering layout"):
        fair_value(game)
    with pytest.raises(ValueError, match="fair value: escalator is a covering layout"):
        fair_values(game)


def test_a_kept_search_values_as_a_new_one_even_after_running_out() -> None:
    """A search kept between a hand's hints values every move as a new search does, and, once
    it forgets its values, opens as many draws: along a real hand from 8 unseen cards, one
    search (run out of half the allowance it needs at each position, then made to forget) fits an
    allowance exactly when a new search does, so a hint's choice between exact and sampled
    play never depends on the hints asked before it."""
    deal = Deal.numbered(1005)
    game = Game(deal)
    while game.stock_count > 8:
        game.apply(Draw())
    kept = Expectimax(Board.from_position(deal, game.state))
    ran_out = 0
    while not game.is_over:
        board = Board.from_position(deal, game.state)
        assert exact_key(board) == kept.key  # one hand, one search
        unseen = tuple(sorted(board.stock))
        moves = game.legal_moves()
        new = Expectimax(board)
        expected = move_values(new, board, unseen, moves)
        kept.allow(new.nodes // 2)  # half what a new one needs, on top of what it kept
        try:
            move_values(kept, board, unseen, moves)
        except LimitReached:
            ran_out += 1
        kept.forget()
        assert move_values(kept, board, unseen, moves) == expected
        assert kept.nodes == new.nodes
        game.apply(min(moves, key=expected.__getitem__))
    assert ran_out >= 1


def test_a_hints_kept_search_serves_its_own_deal_only() -> None:
    """The exact searches kept for the next hint are the deal's own: another deal's columns,
    or the same columns under other rules, never get them."""
    boards = [
        Board.from_position(deal, State.start(deal))
        for deal in (Deal.numbered(1), Deal.numbered(2), Deal.numbered(1, Rules.named("putt-putt")))
    ]
    assert len({exact_key(board) for board in boards}) == 3
