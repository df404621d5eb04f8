"""Conformance over every preset: random play never raises, legal moves are exactly the moves
that succeed, every card is accounted for, undo restores exactly, and the record replays."""

import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from golf_solitaire import PRESETS, Deal, Draw, Game, IllegalMoveError, Move, Play, Rules
from golf_solitaire.state import State

COMBINATIONS = [
    *(preset.rules for preset in PRESETS.values()),
    Rules(wrap=True, jokers=True),
    Rules(jokers=True, empty_start=True),
    Rules(queens_on_kings=Rules.named("queens-on-kings").queens_on_kings, jokers=True),
    Rules(wrap=True, empty_start=True),
    Rules(layout="black_hole"),
]


def candidate_moves(game: Game) -> list[Move]:
    """Every move one could try: each column (and one past the end), and a draw."""
    return [Play(column) for column in range(len(game.state.heights) + 1)] + [Draw()]


def accounted(game: Game) -> Counter[object]:
    """The cards in the tableau, on the waste and in the stock."""
    cards: Counter[object] = Counter(game.waste)
    cards.update(game.stock)
    for column in game.columns:
        cards.update(column)
    return cards


def check_position(game: Game) -> None:
    legal = game.legal_moves()
    succeeding = []
    for move in candidate_moves(game):
        twin = game.copy()
        try:
            twin.apply(move)
        except IllegalMoveError:
            assert not game.is_legal(move)
        else:
            succeeding.append(move)
    assert legal == succeeding
    assert accounted(game) == game.deal.cards
    assert game.is_over == (not legal)


@pytest.mark.parametrize("rules", COMBINATIONS, ids=lambda rules: rules.label)
def test_random_play_conforms(rules: Rules) -> None:
    generator = random.Random(rules.label)
    for number in range(1, 13):
        deal = Deal.numbered(generator.randrange(1, 10**9), rules)
        game = Game(deal)
        states: list[State] = [game.state]
        while not game.is_over:
            check_position(game)
            game.apply(generator.choice(game.legal_moves()))
            states.append(game.state)
        check_position(game)
        replayed = Game.from_record(game.record())
        assert replayed.state == game.state and replayed.moves == game.moves
        for expected in reversed(states[:-1]):
            game.undo()
            assert game.state == expected
        assert number


@given(seed=st.integers(min_value=0, max_value=2**64), choices=st.lists(st.integers(0, 99)))
def test_undo_restores_and_records_replay(seed: int, choices: list[int]) -> None:
    game = Game(Deal.random(seed, Rules.named("putt-putt")))
    for choice in choices:
        moves = game.legal_moves()
        if not moves:
            break
        before = game.state
        game.apply(moves[choice % len(moves)])
        game.undo()
        assert game.state == before
        game.redo()
    assert Game.from_record(game.record()).state == game.state
    assert sum(game.deal.cards.values()) == 52
