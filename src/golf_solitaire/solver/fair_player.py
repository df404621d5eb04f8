"""Players that finish a hand on their own: the fair hint's, the peeking hint's, a greedy one.

A player is a function from a game to the move it makes. ``play_hole`` lets one play a deal to
its end and times the choices that had more than one legal move, so a benchmark (or a survey)
can say how many strokes following the fair hint costs and how long its hints take. The fair
and greedy players never see the stock order; the peeking player does.

>>> from golf_solitaire import Deal
>>> hole = play_hole(Deal.numbered(2), greedy_move)
>>> hole.strokes, hole.cleared
(5, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.solver.blind_policy import BlindPolicy
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.hints import hint

__all__ = ["Hole", "Player", "blind_move", "fair_move", "greedy_move", "peeking_move", "play_hole"]

Player = Callable[[Game], Move]
"""Chooses the move to make in a game that is not over (it may be the only legal move)."""


@dataclass(frozen=True, slots=True)
class Hole:
    """One deal played to its end: the strokes, whether the tableau cleared, and the seconds
    (wall clock, and CPU: steadier on a shared machine) each choice between two or more legal
    moves took."""

    deal: int | None
    strokes: int
    cleared: bool
    choice_seconds: tuple[float, ...]
    choice_cpu_seconds: tuple[float, ...] = ()


def fair_move(game: Game, **options: Any) -> Move:
    """The fair hint's move (it never sees the stock order); ``options`` go to ``hint``."""
    move = hint(game, **options).move
    if move is None:
        raise ValueError("fair_move: the hand is over, there is no move to make")
    return move


def peeking_move(game: Game) -> Move:
    """The peeking hint's move (it solves the true stock order; casual games only)."""
    move = hint(game, peek=True).move
    if move is None:
        raise ValueError("peeking_move: the hand is over, there is no move to make")
    return move


def play_hole(deal: Deal, player: Player, number: int | None = None) -> Hole:
    """Play ``deal`` from its start to the end of the hand, ``player`` choosing every move.

    Only a choice between two or more legal moves asks the player (and is timed); a position
    with one legal move makes it.
    """
    game = Game(deal)
    seconds: list[float] = []
    cpu_seconds: list[float] = []
    while not game.is_over:
        moves = game.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        else:
            started, started_cpu = time.perf_counter(), time.process_time()
            move = player(game)
            seconds.append(time.perf_counter() - started)
            cpu_seconds.append(time.process_time() - started_cpu)
            if move not in moves:
                raise ValueError(f"play_hole: the player chose {move}, which is not legal here")
        game.apply(move)
    return Hole(number, game.score, game.is_won, tuple(seconds), tuple(cpu_seconds))


def blind_move(game: Game, lookahead: int = 1, refine: int = 0) -> Move:
    """The move of the stock-blind rollout policy (``BlindPolicy``: the tableau to leave
    before the next draw chosen by the chain the draw is expected to start, ``lookahead``
    draws ahead, its ``refine`` best judged one draw further); the greedy beginner's where
    face-down cards are in play (it does not weigh them)."""
    deal, state = game.deal, game.state
    if deal.layout.is_covering:
        return greedy_move(game)
    board = Board.from_position(deal, state)
    policy = BlindPolicy(board, lookahead=lookahead, refine=refine)
    column = policy.move(board.heights, board.top, board.stock)
    return Draw() if column is None else Play(column)
