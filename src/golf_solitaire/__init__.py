"""Golf Solitaire: the rules engine, deals, records and rounds.

>>> from golf_solitaire import Deal, Game
>>> game = Game(Deal.numbered(42))
>>> game.is_over
False
"""

from golf_solitaire.cards import JOKER, Card, Rank, Suit
from golf_solitaire.deals import Deal, daily_number
from golf_solitaire.game import Game, Observation
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.notation import BoardSyntaxError
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal
from golf_solitaire.records import RecordError
from golf_solitaire.rules import PRESETS, QueensOnKings, Rules
from golf_solitaire.state import Outcome, State, Termination

__all__ = [
    "JOKER",
    "PRESETS",
    "BoardSyntaxError",
    "Card",
    "Deal",
    "Draw",
    "Game",
    "IllegalMoveError",
    "Move",
    "Observation",
    "Outcome",
    "Play",
    "QueensOnKings",
    "Rank",
    "Reason",
    "RecordError",
    "Refusal",
    "Rules",
    "State",
    "Suit",
    "Termination",
    "daily_number",
]
