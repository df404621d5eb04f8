"""The solver, hints and reviews on two decks, where a card's twin may lie anywhere.

A fair hint knows the unseen cards as a multiset: two decks put twins in the stock, and the
hint must not change when the stock's order does. The solver's verdicts and lines replay,
and its optima are checked by a second, independent search (``level_search``).
"""

from __future__ import annotations

import random

import pytest

from golf_solitaire import Deal, Game, Rules, State, hint, rate, review, solve
from golf_solitaire.deals import Origin
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.difficulty import GOLF_THRESHOLDS
from tests.solver.level_search import fewest_draws_to_clear

DOUBLE = ["double-golf", "double-putt"]


def played(deal: Deal, moves: int) -> Game:
    """``deal`` after its first legal move ``moves`` times (fewer if the hand ends)."""
    game = Game(deal)
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("preset", DOUBLE)
def test_verdicts_and_lines_replay_to_a_clear(preset: str) -> None:
    for number in (1, 2, 3):
        deal = Deal.numbered(number, Rules.named(preset))
        solution = solve(deal)
        assert solution.status == "solved"
        game = Game(deal)
        for move in solution.line:
            game.apply(move)
        assert game.is_won and game.score == solution.best_score


@pytest.mark.parametrize(
    ("preset", "number"), [("double-golf", 8), ("double-golf", 14), ("double-putt", 4)]
)
def test_a_full_deal_optimum_is_a_clear_and_no_clear_draws_fewer(preset: str, number: int) -> None:
    """On real deals (9 columns of 7, a stock of 40) the optimal search's best score is a
    clear its line reaches, and the search by levels of draws finds no clear with fewer
    draws. (A best score one stroke too poor fails here: on Double Golf deal 8 the levels
    find the clear of 27 draws below a limit of 28.)"""
    deal = Deal.numbered(number, Rules.named(preset))
    best = solve(deal, optimal=True)
    assert best.optimal and best.best_score is not None and best.best_score < 0
    game = Game(deal)
    for move in best.line:
        game.apply(move)
    assert game.is_won and game.score == best.best_score
    draws = best.best_score + len(deal.stock)
    assert fewest_draws_to_clear(Board.from_position(deal, State.start(deal)), draws) is None


@pytest.mark.parametrize(("preset", "moves"), [("double-golf", 30), ("double-putt", 60)])
def test_a_fair_hint_does_not_change_with_the_order_of_the_unseen_cards(
    preset: str, moves: int
) -> None:
    deal = Deal.numbered(4, Rules.named(preset))
    game = played(deal, moves)
    drawn = game.state.drawn
    unseen = list(deal.stock[drawn:])
    assert len(unseen) > len(set(unseen)) or preset == "double-putt"  # twins among them
    rng = random.Random(5)
    advice = hint(game)
    for _ in range(2):
        rng.shuffle(unseen)
        other = Deal(deal.rules, deal.columns, deal.stock[:drawn] + tuple(unseen), deal.waste)
        twin = Game(other)
        for move in game.moves:
            twin.apply(move)
        again = hint(twin)
        assert (again.move, again.reason) == (advice.move, advice.reason)


def test_an_endgame_hint_weighs_every_order_of_unseen_twins_exactly() -> None:
    text = "Talon: 9C 9D 4H\nFoundations: 8S\n7H 9H\n8D\n-\n-\n-\n-\n-\n-\n-\n"
    deal = Deal.from_text(text, Rules.named("double-golf"), partial=True)
    assert deal.origin == Origin("board")
    advice = hint(Game(deal))
    assert advice.code.startswith("hint.exact"), advice.reason
    assert "3 unseen cards" in advice.reason


@pytest.mark.early
def test_a_two_deck_deal_is_rated_and_reviewed_with_its_exact_best_score() -> None:
    """The rating and the review's hindsight verdict settle (no limit, and no word of time)
    on a two-deck deal: the best score is the optimum's, the level follows its thresholds."""
    deal = Deal.numbered(4, Rules.named("double-putt"))
    best = solve(deal, optimal=True)
    assert best.optimal and best.best_score is not None and best.best_score < 0
    rating = rate(deal)
    assert rating.best_score == best.best_score and rating.stock_kept == -best.best_score
    assert rating.level == GOLF_THRESHOLDS.level(rating.stock_kept, rating.narrow_share)
    game = played(deal, 12)
    verdict = review(game, fair_seconds=0)
    assert verdict.best_score_start == best.best_score
    assert all(entry.best_score_before <= entry.best_score_after for entry in verdict.entries)
    assert "time" not in verdict.hindsight_text()
