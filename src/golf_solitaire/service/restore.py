"""Restore a stored game: its record replayed, then its redo list rebuilt, stamps included;
and a competition's game, replayed the same way from its stored line."""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.game import Game
from golf_solitaire.moves import Move
from golf_solitaire.records import RECORD_FORMAT, RECORD_VERSION
from golf_solitaire.store import StoredGame
from golf_solitaire.store.competitions import GameLine


@dataclass(frozen=True)
class Restored:
    """A stored game at its exact position.

    ``stamps`` are the times of the moves made, oldest first; ``redo_stamps`` is a stack
    like the game's redo list: its last item is the time of the next move to redo.
    """

    game: Game
    stamps: list[str]
    redo_stamps: list[str]


def restore(stored: StoredGame) -> Restored:
    """Replay ``stored``'s record, then rebuild its redo list by redoing and undoing.

    ``stored.redo`` is a stack like the game's own (its last move is the next to redo), so
    the moves undone are replayed from its end. A competitive game keeps no redo list: its
    draws cannot be undone.
    """
    game = Game.from_record(stored.record)
    stamps = [str(stamp) for stamp in stored.record.get("timestamps") or []]
    if game.competitive:
        return Restored(game, stamps, [])
    for text in reversed(stored.redo):
        game.apply(Move.parse(text))
    for _ in stored.redo:
        game.undo()
    return Restored(game, stamps, list(stored.redo_times))


def restore_line(line: GameLine) -> Game:
    """A competition's game (competitive: no redo list, draws never undone) at its stored
    position, replayed through the same record as every other stored game."""
    record = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION,
        "rules": line.rules,
        "deal": line.deal,
        "competitive": True,
        "moves": list(line.moves),
    }
    return Game.from_record(record)
