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

from golf_solitaire import state as rules_of_play
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.solver.hints import hint
from golf_solitaire.state import State

Player = Callable[[Game], Move]
"""Chooses the move to make in a game that is not over (it may be the only legal move)."""


@dataclass(frozen=True, slots=True)
class Hole:
    """One deal played to its end: the strokes, whether the tableau cleared, and the seconds
    each choice between two or more legal moves took."""

    deal: int | None
    strokes: int
    cleared: bool
    choice_seconds: tuple[float, ...]


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


def greedy_move(game: Game) -> Move:
    """A stock-blind baseline: the first play of the longest chain from the waste, else a draw.

    It plays while it can and draws only when nothing can be played, as a beginner does.
    """
    deal, state = game.deal, game.state
    best: Move | None = None
    most = 0
    lengths: dict[tuple[tuple[int, ...], bool, int | None], int] = {}
    for move in rules_of_play.legal_moves(deal, state):
        if isinstance(move, Play):
            length = 1 + _longest(deal, rules_of_play.apply_unchecked(deal, state, move), lengths)
            if length > most:
                best, most = move, length
    if best is not None:
        return best
    return Draw()


def _longest(
    deal: Deal, state: State, lengths: dict[tuple[tuple[int, ...], bool, int | None], int]
) -> int:
    """The most cards one chain of plays can take from ``state`` (no draw)."""
    top = state.waste_top
    key = (state.heights, state.dead_end, None if top is None else top.rank)
    known = lengths.get(key)
    if known is not None:
        return known
    most = 0
    for move in rules_of_play.legal_moves(deal, state):
        if isinstance(move, Play):
            after = rules_of_play.apply_unchecked(deal, state, move)
            most = max(most, 1 + _longest(deal, after, lengths))
    lengths[key] = most
    return most


def play_hole(deal: Deal, player: Player, number: int | None = None) -> Hole:
    """Play ``deal`` from its start to the end of the hand, ``player`` choosing every move.

    Only a choice between two or more legal moves asks the player (and is timed); a position
    with one legal move makes it.
    """
    game = Game(deal)
    seconds: list[float] = []
    while not game.is_over:
        moves = game.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        else:
            started = time.perf_counter()
            move = player(game)
            seconds.append(time.perf_counter() - started)
            if move not in moves:
                raise ValueError(f"play_hole: the player chose {move}, which is not legal here")
        game.apply(move)
    return Hole(number, game.score, game.is_won, tuple(seconds))
