"""The longest chain of plays a player can see: a stock-blind beginner's move, and a hint's
best guess when its search found nothing in time.

>>> from golf_solitaire import Deal, Game
>>> greedy_move(Game(Deal.numbered(2)))
Play(column=2)
"""

from __future__ import annotations

from golf_solitaire import state as rules_of_play
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.state import State


def greedy_move(game: Game) -> Move:
    """A stock-blind baseline: the first play of the longest chain from the waste, else a draw.

    It plays while it can and draws only when nothing can be played, as a beginner does.
    """
    return longest_chain_move(game.deal, game.state)


Lengths = dict[tuple[tuple[int, ...], bool, int | None], int]


def longest_chain_move(deal: Deal, state: State) -> Move:
    """The first play of the longest chain from the waste top, else a draw. A chain stops at a
    card face down now: the player cannot see it, so cannot count on it."""
    best: Move | None = None
    most = 0
    lengths: Lengths = {}
    hidden = frozenset(rules_of_play.face_down(deal, state))
    for move in rules_of_play.legal_moves(deal, state):
        if isinstance(move, Play):
            after = rules_of_play.apply_unchecked(deal, state, move)
            length = 1 + _longest(deal, after, lengths, hidden)
            if length > most:
                best, most = move, length
    if best is not None:
        return best
    return Draw()


def _longest(deal: Deal, state: State, lengths: Lengths, hidden: frozenset[int]) -> int:
    """The most cards one chain of plays can take from ``state`` (no draw), never playing a
    position of ``hidden`` (face down when the chain was planned)."""
    top = state.waste_top
    key = (state.heights, state.dead_end, None if top is None else top.rank)
    known = lengths.get(key)
    if known is not None:
        return known
    most = 0
    for move in rules_of_play.legal_moves(deal, state):
        if isinstance(move, Play) and move.column not in hidden:
            after = rules_of_play.apply_unchecked(deal, state, move)
            most = max(most, 1 + _longest(deal, after, lengths, hidden))
    lengths[key] = most
    return most
