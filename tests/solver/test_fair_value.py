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

from golf_solitaire import Deal, Draw, Game, Move, Rules
from golf_solitaire import state as engine
from golf_solitaire.cards import Card
from golf_solitaire.solver.fair_value import (
    MAX_UNSEEN,
    TooManyUnseenError,
    fair_value,
    fair_values,
)
from golf_solitaire.state import State
from tests.solver.test_brute_force import by_rules, small_game

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


@by_rules(examples=15)
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
