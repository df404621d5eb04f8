"""A game session: a deal, the moves made, unlimited undo and redo, the score and the end.

>>> from golf_solitaire import Deal
>>> game = Game(Deal.numbered(2))
>>> game.legal_moves()
[Play(column=2), Play(column=4), Draw()]
>>> game.play(4).pretty, game.score
('A♥', 34)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from golf_solitaire import state as rules_of_play
from golf_solitaire.arguments import require, require_all, require_table
from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.moves import Draw, Move, Play
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal
from golf_solitaire.rules import Rules
from golf_solitaire.state import Outcome, State


@dataclass(frozen=True, slots=True)
class Observation:
    """What a player at the table sees: tableau, waste, stock size; never the stock order,
    never a face-down card.

    ``unseen`` is the sorted list of cards not in view (the stock's and the face-down cards'
    contents as a set, which a player can work out); ``to_dict`` leaves it out unless asked.
    A face-down position's column is empty here, and ``face_down`` lists those positions.
    """

    rules: Rules
    columns: tuple[tuple[Card, ...], ...]
    waste: tuple[Card, ...]
    stock_count: int
    unseen: tuple[Card, ...]
    dead_end: bool
    legal_moves: tuple[Move, ...]
    move_count: int
    score: int
    outcome: Outcome | None
    face_down: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        require_table(self.rules, self.columns, self.waste)
        require_all(self.face_down, int, "face_down")
        require_all(self.unseen, Card, "unseen")
        require_all(self.legal_moves, Move, "legal_moves")
        for name in ("stock_count", "move_count", "score"):
            require(getattr(self, name), int, name)
        require(self.dead_end, bool, "dead_end")
        require(self.outcome, (Outcome, type(None)), "outcome")

    @property
    def waste_top(self) -> Card | None:
        """The card played on next."""
        return self.waste[-1] if self.waste else None

    def to_dict(self, *, include_unseen: bool = False) -> dict[str, Any]:
        """JSON-compatible form for faces; cards in notation (``"7D"``)."""
        data: dict[str, Any] = {
            "rules": self.rules.to_dict(),
            "columns": [[str(card) for card in column] for column in self.columns],
            "face_down": list(self.face_down),
            "waste": [str(card) for card in self.waste],
            "stock_count": self.stock_count,
            "dead_end": self.dead_end,
            "legal_moves": [str(move) for move in self.legal_moves],
            "move_count": self.move_count,
            "score": self.score,
            "is_over": self.outcome is not None,
            "outcome": None
            if self.outcome is None
            else {"termination": self.outcome.termination.value, "strokes": self.outcome.strokes},
        }
        if include_unseen:
            data["unseen"] = [str(card) for card in self.unseen]
        return data


@dataclass(slots=True)
class _History:
    states: list[State]
    moves: list[Move]
    redo_moves: list[Move] = field(default_factory=list)


class Game:
    """One hand of a deal, played by the deal's rules.

    Casual games have unlimited undo and redo; a ``competitive`` game refuses to undo a draw,
    so the stock order stays hidden.
    """

    __slots__ = ("_history", "competitive", "deal")

    def __init__(self, deal: Deal, *, competitive: bool = False) -> None:
        require(deal, Deal, "deal")
        require(competitive, bool, "competitive")
        self.deal = deal
        self.competitive = competitive
        self._history = _History([State.start(deal)], [])

    # Position ---------------------------------------------------------------------

    @property
    def rules(self) -> Rules:
        """The rules the game is played by (the deal's)."""
        return self.deal.rules

    @property
    def state(self) -> State:
        """The current position."""
        return self._history.states[-1]

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made so far (undone moves excluded)."""
        return tuple(self._history.moves)

    @property
    def move_count(self) -> int:
        """How many moves have been made."""
        return len(self._history.moves)

    @property
    def columns(self) -> tuple[tuple[Card, ...], ...]:
        """The cards left in each column, deepest first."""
        heights = self.state.heights
        return tuple(
            column[:height] for column, height in zip(self.deal.columns, heights, strict=True)
        )

    @property
    def waste(self) -> tuple[Card, ...]:
        """The waste pile, top card last."""
        return self.state.waste

    @property
    def waste_top(self) -> Card | None:
        """The card played on next."""
        return self.state.waste_top

    @property
    def stock_count(self) -> int:
        """Cards left in the stock."""
        return rules_of_play.stock_left(self.deal, self.state)

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undrawn stock, next card first: hidden information, for analysis only."""
        return self.deal.stock[self.state.drawn :]

    def exposed(self, column: int) -> Card | None:
        """The exposed card of ``column`` (``None`` when empty)."""
        return rules_of_play.exposed(self.deal, self.state, column)

    # Rules ------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        """Every legal move now: plays by column (from 0), then the draw."""
        return rules_of_play.legal_moves(self.deal, self.state)

    def refusal(self, move: Move) -> Refusal | None:
        """Why ``move`` would be refused now, or ``None`` if it is legal."""
        return rules_of_play.refusal(self.deal, self.state, move)

    def is_legal(self, move: Move) -> bool:
        """True when ``move`` is legal now."""
        return self.refusal(move) is None

    def refusal_at(self, column: int, row: int) -> Refusal | None:
        """Why the card at (column, row) cannot be played now (covered, gone, or refused)."""
        if not 0 <= column < len(self.state.heights):
            return Refusal(Reason.NO_SUCH_COLUMN, column=column, count=len(self.state.heights))
        return rules_of_play.covered_refusal(self.deal, self.state, column, row)

    # Moves ------------------------------------------------------------------------

    def apply(self, move: Move) -> Card:
        """Make ``move`` and return the card it put on the waste; clears the redo list."""
        new_state = rules_of_play.apply(self.deal, self.state, move)
        history = self._history
        history.states.append(new_state)
        history.moves.append(move)
        history.redo_moves.clear()
        return new_state.waste[-1]

    def play(self, column: int) -> Card:
        """Play the exposed card of ``column`` (from 0) onto the waste."""
        return self.apply(Play(column))

    def draw(self) -> Card:
        """Turn the stock's top card onto the waste."""
        return self.apply(Draw())

    @property
    def can_undo(self) -> bool:
        """True when ``undo`` would succeed."""
        return self.undo_refusal() is None

    @property
    def can_redo(self) -> bool:
        """True when ``redo`` would succeed."""
        return bool(self._history.redo_moves)

    def redo_refusal(self) -> Refusal | None:
        """Why ``redo`` would be refused now (nothing undone to make again), or None."""
        return None if self._history.redo_moves else Refusal(Reason.NOTHING_TO_REDO)

    def undo_refusal(self) -> Refusal | None:
        """Why ``undo`` would be refused now (nothing to undo, a competitive draw), or None."""
        if not self._history.moves:
            return Refusal(Reason.NOTHING_TO_UNDO)
        if self.competitive and isinstance(self._history.moves[-1], Draw):
            return Refusal(Reason.NO_UNDO_OF_DRAW)
        if self.competitive and self._turned_over():
            return Refusal(Reason.NO_UNDO_OF_TURN)
        return None

    def _turned_over(self) -> bool:
        """True when the last move turned a face-down card over."""
        before, after = self._history.states[-2:]
        hidden = rules_of_play.face_down
        return len(hidden(self.deal, after)) < len(hidden(self.deal, before))

    def undo(self) -> Move:
        """Take back the last move and return it; refused for a draw in competitive play."""
        problem = self.undo_refusal()
        if problem is not None:
            raise IllegalMoveError(problem)
        history = self._history
        history.states.pop()
        move = history.moves.pop()
        history.redo_moves.append(move)
        return move

    def redo(self) -> Move:
        """Make again the last move undone and return it."""
        problem = self.redo_refusal()
        if problem is not None:
            raise IllegalMoveError(problem)
        history = self._history
        move = history.redo_moves.pop()
        history.states.append(rules_of_play.apply(self.deal, self.state, move))
        history.moves.append(move)
        return move

    def restart(self) -> None:
        """Back to the deal's start (casual play only)."""
        if self.competitive:
            raise IllegalMoveError(Refusal(Reason.NO_UNDO_OF_DRAW))
        self._history = _History([State.start(self.deal)], [])

    # End --------------------------------------------------------------------------

    @property
    def score(self) -> int:
        """Strokes so far: tableau cards left, or minus the stock left once cleared."""
        return rules_of_play.strokes(self.deal, self.state)

    @property
    def is_over(self) -> bool:
        """True when the tableau is clear, or the stock is empty and no play is left."""
        return rules_of_play.is_over(self.deal, self.state)

    @property
    def is_won(self) -> bool:
        """True when the tableau is clear."""
        return not any(self.state.heights)

    @property
    def outcome(self) -> Outcome | None:
        """How the hand ended, or ``None`` while it goes on."""
        return rules_of_play.outcome(self.deal, self.state)

    # Views ------------------------------------------------------------------------

    @property
    def face_down(self) -> tuple[int, ...]:
        """The positions whose card is face down now (covering layouts only)."""
        return rules_of_play.face_down(self.deal, self.state)

    def observation(self) -> Observation:
        """What a player may see now (no stock order, no face-down card)."""
        state = self.state
        hidden = self.face_down
        columns = self.columns
        if hidden:
            columns = tuple(() if index in hidden else cards for index, cards in enumerate(columns))
        turned_down = tuple(self.deal.columns[position][0] for position in hidden)
        return Observation(
            rules=self.rules,
            columns=columns,
            face_down=hidden,
            waste=state.waste,
            stock_count=self.stock_count,
            unseen=tuple(sorted(self.stock + turned_down)),
            dead_end=state.dead_end,
            legal_moves=tuple(self.legal_moves()),
            move_count=self.move_count,
            score=self.score,
            outcome=self.outcome,
        )

    def record(self, **meta: Any) -> dict[str, Any]:
        """The game as a JSON-compatible record that ``Game.from_record`` replays."""
        from golf_solitaire.records import make_record

        return make_record(self, **meta)

    @classmethod
    def from_record(cls, record: dict[str, Any] | str | bytes) -> Game:
        """Replay a record (a dict or its JSON text); refused whole, with the reason, if bad."""
        from golf_solitaire.records import replay_record

        return replay_record(record)

    def copy(self) -> Game:
        """An independent game at the same position, with the same history."""
        twin = Game(self.deal, competitive=self.competitive)
        twin._history = _History(
            list(self._history.states), list(self._history.moves), list(self._history.redo_moves)
        )
        return twin

    def __repr__(self) -> str:
        return f"<Game {self.rules.label} moves={self.move_count} score={self.score}>"
