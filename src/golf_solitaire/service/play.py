"""A game in play and its stored copy: start, move, undo, redo, finish and abandon, one way for
every face.

Each change is judged by the engine, stored in its own transaction, and only then made on
the game in memory, so what a face shows was stored first. A game without a store (the
terminal's casual game) is played the same way, unsaved.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TypeVar

from golf_solitaire.cards import Card
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Move
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.service.analysis import Analyst
from golf_solitaire.service.restore import restore
from golf_solitaire.store import PresetStatistics, Store, StoredGame

T = TypeVar("T")

StoreError = Callable[[Exception], None]
"""What a face does when a write fails and play goes on unsaved (the terminal shows it)."""


@dataclass(slots=True)
class GamePlay:
    """A game, where it is stored (``store`` and ``game_id``, or neither) and the times of its
    moves: ``stamps`` oldest first, ``redo_stamps`` a stack like the game's redo list.

    ``unsaved``: without it a failed write raises and the game stays as it was (the server's
    answer says what is stored); with it the failure is handed over and play goes on (the
    terminal, whose hand on the screen is never lost to a database).
    """

    game: Game
    store: Store | None = None
    game_id: str | None = None
    stamps: list[str] = field(default_factory=list)
    redo_stamps: list[str] = field(default_factory=list)
    finished: bool = False
    unsaved: StoreError | None = None

    @classmethod
    def restored(cls, store: Store, stored: StoredGame) -> GamePlay:
        """The stored game at its exact position, redo list and move times included."""
        found = restore(stored)
        return cls(
            found.game, store, stored.id, found.stamps, found.redo_stamps, stored.is_finished
        )

    def move(self, move: Move, index: int | None = None) -> Card:
        """Make ``move`` (as move number ``index``, when the caller knows which it meant):
        refused with the engine's reason, stored, then made; the card it moved."""
        problem = self.game.refusal(move)
        if problem is not None:
            raise IllegalMoveError(problem)
        at = self.game.move_count if index is None else index
        stamp = self._write(lambda store, game_id: store.append_move(game_id, str(move), at))
        card = self.game.apply(move)
        self.stamps.append(stamp or "")
        self.redo_stamps.clear()
        self._finish()
        return card

    def undo(self, index: int | None = None) -> None:
        """Take back the last move (refused with the engine's reason), stored first."""
        problem = self.game.undo_refusal()
        if problem is not None:
            raise IllegalMoveError(problem)
        self._reposition(self.game.move_count - 1, index)
        self.game.undo()
        self.finished = False  # the hand goes on: its end is stored again when it comes
        if self.stamps:
            self.redo_stamps.append(self.stamps.pop())

    def redo(self, index: int | None = None) -> None:
        """Make again the last move undone (refused with the engine's reason), stored first."""
        problem = self.game.redo_refusal()
        if problem is not None:
            raise IllegalMoveError(problem)
        self._reposition(self.game.move_count + 1, index)
        self.game.redo()
        if self.redo_stamps:
            self.stamps.append(self.redo_stamps.pop())
        self._finish()

    def _reposition(self, position: int, index: int | None) -> None:
        def write(store: Store, game_id: str) -> None:
            store.set_position(game_id, position, expected=index)

        self._write(write)

    def _finish(self) -> None:
        """Store the hand's end once the game is over (a cleared or a stuck tableau)."""
        outcome = self.game.outcome
        if outcome is None or self.finished:
            return

        def write(store: Store, game_id: str) -> None:
            store.finish_game(
                game_id, termination=outcome.termination.value, strokes=outcome.strokes
            )

        self._write(write)
        self.finished = True

    def _write(self, write: Callable[[Store, str], T]) -> T | None:
        """Run one store write (none without a store); a failure raises, or with ``unsaved``
        is handed over and play goes on."""
        if self.store is None or self.game_id is None:
            return None
        if self.unsaved is None:
            return write(self.store, self.game_id)
        try:
            return write(self.store, self.game_id)
        except Exception as error:  # the driver's own errors too: a locked or closed database
            self.unsaved(error)
            return None


class Abandonments:
    """The rule for a hand left unfinished when its player starts another: it counts as a
    loss, unless the solver proves its deal unwinnable (then it does not count). Judged on
    one worker thread, so starting a game never waits for the solver; the player's
    statistics wait for their own judgements."""

    def __init__(self, store: Store, analyst: Analyst) -> None:
        self.store = store
        self.analyst = analyst
        self._lock = threading.Lock()
        self._judges = ThreadPoolExecutor(max_workers=1, thread_name_prefix="abandoned-games")
        self._pending: dict[str, list[Future[None]]] = {}

    def abandon_unfinished(self, player_id: str) -> list[str]:
        """Abandon the player's casual games in play (with a move made); their ids."""
        game_ids = self.store.unfinished_games(player_id)
        for game_id in game_ids:
            game = restore(self.store.load_game(game_id, player_id)).game
            judgement = self._judges.submit(self._judge, game_id, game.deal, game.score)
            with self._lock:
                self._pending.setdefault(player_id, []).append(judgement)
        return game_ids

    def _judge(self, game_id: str, deal: Deal, strokes: int) -> None:
        unwinnable = self.analyst.proved_unwinnable(deal)
        self.store.abandon_game(game_id, strokes=strokes, proved_unwinnable=unwinnable)

    def statistics(self, player_id: str) -> dict[str, PresetStatistics]:
        """The player's statistics per rules preset, once their abandoned games are judged."""
        with self._lock:
            pending = self._pending.pop(player_id, [])
        for judgement in pending:
            judgement.result()
        return self.store.statistics(player_id)

    def close(self) -> None:
        """Finish judging the games abandoned so far (the store stays open)."""
        self._judges.shutdown(wait=True)


def start_game(
    store: Store,
    abandonments: Abandonments,
    player_id: str,
    game: Game,
    *,
    round_id: str | None = None,
    hole: int | None = None,
) -> tuple[GamePlay, list[str]]:
    """Store a new game for the player, after abandoning the ones they leave in play: the
    game, and the ids of those abandoned."""
    abandoned = abandonments.abandon_unfinished(player_id)
    game_id = store.create_game(player_id, game.record(), round_id=round_id, hole=hole)
    return GamePlay(game, store, game_id), abandoned
