"""The covering layouts' search against the brute force, on endings of real deals; fair
hints that never name a face-down card; winnable-only and daily deals of each preset."""

from __future__ import annotations

import random

import pytest

from golf_solitaire import Deal, Game, Play, Rules, hint, review, solve
from golf_solitaire.deals import Origin
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.cover_search import CoverSearch
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.solution import moves_of
from tests.solver.test_brute_force import BruteForce, replay

COVERING = ("tripeaks", "elevator", "escalator")


def ending(preset: str, number: int, tableau: int = 9, stock: int = 6) -> Deal:
    """A small position from deal ``number``: random plays (drawing when none is legal) until
    ``tableau`` cards are left, then the stock cut to its next ``stock`` cards."""
    rng = random.Random(number)
    game = Game(Deal.numbered(number, Rules.named(preset)))
    while sum(game.state.heights) > tableau and not game.is_over:
        moves = game.legal_moves()
        plays = [move for move in moves if isinstance(move, Play)]
        game.apply(rng.choice(plays) if plays else moves[-1])
    columns = tuple(
        column[:height]
        for column, height in zip(game.deal.columns, game.state.heights, strict=True)
    )
    deal = Deal(game.rules, columns, game.stock[:stock], game.waste[-1:], Origin("board"))
    deal.check(partial=True)
    return deal


@pytest.mark.parametrize("preset", COVERING)
def test_optimal_score_and_lines_match_the_brute_force(preset: str) -> None:
    checked = 0
    for number in range(1, 40):
        deal = ending(preset, number)
        game = Game(deal)
        if game.is_over:
            continue
        truth = BruteForce(deal).best(game.state)
        best = solve(deal, optimal=True)
        assert best.best_score == truth, (preset, number)
        finished = replay(game, best.line)
        assert finished.is_over and finished.score == truth
        first = solve(deal)
        assert (first.status == "solved") == (truth <= 0), (preset, number)
        if first.line:
            assert replay(game, first.line).is_won
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("preset", COVERING)
def test_mid_game_values_match_the_brute_force(preset: str) -> None:
    """Every legal move's value from positions part way through an ending."""
    for number in range(40, 60):
        deal = ending(preset, number, tableau=11, stock=5)
        game = Game(deal)
        brute = BruteForce(deal)
        rng = random.Random(number)
        while not game.is_over:
            assert solve(game, optimal=True).best_score == brute.best(game.state)
            game.apply(rng.choice(game.legal_moves()))


@pytest.mark.parametrize("preset", COVERING)
def test_rollouts_and_a_stopped_search_report_scores_a_line_reaches(preset: str) -> None:
    """A hint's first estimate of a move: the best plays-first game's score is what its line
    reaches, never below the optimum; a search stopped by its budget reports the fewest
    strokes it reached, never below the optimum either."""
    checked = 0
    for number in range(1, 12):
        deal = ending(preset, number, tableau=12, stock=8)
        game = Game(deal)
        if game.is_over:
            continue
        truth = BruteForce(deal).best(game.state)
        board = Board.from_position(deal, game.state)
        score, line = CoverSearch(board).rollouts(4)
        finished = replay(game, moves_of(line))
        assert finished.is_over and finished.score == score >= truth, (number, score, truth)
        assert score <= sum(board.heights)
        stopped = CoverSearch(board)
        stopped.allow(20)
        try:
            assert stopped.value_of(board.heights, 0, board.top) == truth
        except LimitReached as stop:
            assert stop.found is None or stop.found >= truth
            checked += stop.found is not None
    assert checked >= 3


def test_whole_deals_solve_and_their_lines_replay() -> None:
    for preset in COVERING:
        for number in (1, 2):
            deal = Deal.numbered(number, Rules.named(preset))
            best = solve(deal, optimal=True)
            finished = replay(Game(deal), best.line)
            assert finished.is_over and finished.score == best.best_score


@pytest.mark.parametrize("preset", ["tripeaks", "elevator"])
def test_fair_hints_never_name_a_face_down_card(preset: str) -> None:
    """A fair hint samples the face-down cards with the stock: its reason, its figures and the
    move words never hold a face-down card, at the start and along a game."""
    game = Game(Deal.numbered(4, Rules.named(preset)))
    rng = random.Random(4)
    for _ in range(12):
        if game.is_over:
            break
        advice = hint(game, budget=5_000)
        hidden = [game.deal.columns[position][0] for position in game.face_down]
        text = " ".join(
            [
                advice.reason,
                repr(advice.params),
                repr(advice.move_params),
                repr(advice.other_params),
            ]
        )
        for card in hidden:
            assert card.pretty not in text and str(card) not in text, (card, text)
        assert advice.move in game.legal_moves()
        game.apply(rng.choice(game.legal_moves()))


def hidden_twin(deal: Deal, seed: int) -> Deal:
    """A cheater's twin of ``deal``: its face-down cards and stock shuffled among themselves, so
    that the player sees the same table."""
    hidden = sorted(deal.layout.face_down)
    unseen = [deal.columns[position][0] for position in hidden] + list(deal.stock)
    random.Random(seed).shuffle(unseen)
    columns = list(deal.columns)
    for position, card in zip(hidden, unseen, strict=False):
        columns[position] = (card,)
    twin = Deal(deal.rules, tuple(columns), tuple(unseen[len(hidden) :]), deal.waste)
    assert twin.columns != deal.columns
    assert Game(twin).observation().to_dict() == Game(deal).observation().to_dict()
    return twin


@pytest.mark.parametrize("preset", ["tripeaks", "elevator"])
def test_a_fair_hint_is_the_same_whatever_the_face_down_cards_are(preset: str) -> None:
    """On a twin deal the fair hint's move, figures and words must not change: it knows the
    face-down cards no better than the stock order."""
    for number in (4, 5, 6):
        deal = Deal.numbered(number, Rules.named(preset))
        twin = hidden_twin(deal, number)
        mine, theirs = hint(Game(deal), budget=5_000), hint(Game(twin), budget=5_000)
        assert mine.move == theirs.move and mine.reason == theirs.reason
        assert mine.move_values == theirs.move_values


@pytest.mark.parametrize("preset", ["tripeaks", "elevator"])
def test_the_greedy_beginner_plans_no_chain_through_a_face_down_card(preset: str) -> None:
    """The benchmark's stock-blind beginner is blind to face-down cards too: on twin deals it
    makes the same moves for as long as the twins show the same table."""
    for number in range(1, 21):
        deal = Deal.numbered(number, Rules.named(preset))
        game, twin = Game(deal), Game(hidden_twin(deal, number))
        while not game.is_over and game.observation().to_dict() == twin.observation().to_dict():
            move = greedy_move(game)
            assert greedy_move(twin) == move, number
            game.apply(move)
            twin.apply(move)


def test_a_review_of_a_covering_game_judges_its_moves() -> None:
    game = Game(Deal.numbered(2, Rules.named("escalator")))
    while not game.is_over:
        game.apply(game.legal_moves()[-1])
    judged = review(game)
    assert judged.entries and len(judged.entries) == game.move_count


@pytest.mark.parametrize("preset", COVERING)
def test_winnable_only_and_daily_deals(preset: str) -> None:
    rules = Rules.named(preset).with_options(winnable_only=True)
    deal = Deal.numbered(3, rules)
    assert deal.number is not None and deal.number >= 3
    assert solve(deal.with_rules(Rules.named(preset))).is_solved
    daily = Deal.daily("2026-01-05", Rules.named(preset))
    assert daily.origin.date == "2026-01-05" and len(daily.stock) == 23
