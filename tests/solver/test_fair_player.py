"""The players that finish a hand on their own (the fair-play benchmark's and survey's)."""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Draw, Game, Move, Play, solve
from golf_solitaire.solver.fair_player import (
    Player,
    fair_move,
    greedy_move,
    peeking_move,
    play_hole,
)


@pytest.mark.early
@pytest.mark.parametrize("player", [fair_move, peeking_move, greedy_move])
def test_a_player_finishes_a_hand_no_better_than_the_optimum(player: Player) -> None:
    deal = Deal.numbered(2)
    hole = play_hole(deal, player, 2)
    best = solve(deal, optimal=True).best_score
    assert best is not None
    assert hole.strokes >= best
    assert hole.cleared == (hole.strokes <= 0)
    assert hole.deal == 2
    assert all(seconds >= 0 for seconds in hole.choice_seconds)


def test_the_peeking_player_reaches_the_optimum() -> None:
    deal = Deal.numbered(2)
    assert play_hole(deal, peeking_move).strokes == solve(deal, optimal=True).best_score


def test_an_illegal_choice_is_refused_by_name() -> None:
    def cheat(game: Game) -> Move:
        return Play(6) if not game.is_legal(Play(6)) else Play(5)

    with pytest.raises(ValueError, match="not legal here"):
        play_hole(Deal.numbered(1), cheat)


def test_the_greedy_player_plays_before_it_draws() -> None:
    game = Game(Deal.numbered(2))
    plays = [move for move in game.legal_moves() if isinstance(move, Play)]
    move = greedy_move(game)
    assert plays and move in plays
    game.apply(move)
    while any(isinstance(m, Play) for m in game.legal_moves()):
        game.apply(greedy_move(game))
    assert greedy_move(game) == Draw()
