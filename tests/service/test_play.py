"""The game in play: every change judged by the engine, stored first, then made."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf_solitaire import Deal, Game
from golf_solitaire.moves import Draw, Play
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.service.play import GamePlay
from golf_solitaire.store import StaleMoveError, open_store


def test_a_refused_or_unstored_change_leaves_the_game_as_it_was(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}")
    player = store.create_player().id
    game = Game(Deal.numbered(1))
    play = GamePlay(game, store, store.create_game(player, game.record()))
    illegal = next(Play(column) for column in range(7) if game.refusal(Play(column)))
    with pytest.raises(IllegalMoveError):
        play.move(illegal)
    with pytest.raises(IllegalMoveError):
        play.undo()
    play.move(Draw())
    with pytest.raises(StaleMoveError):  # a request for a position the game has left
        play.undo(index=0)
    assert play.game.move_count == 1 and len(play.stamps) == 1
    store.close()
    with pytest.raises(Exception, match="closed"):
        play.move(Draw())
    assert play.game.move_count == 1 and play.stamps[-1]


def test_unsaved_play_goes_on_and_hands_the_failure_over(tmp_path: Path) -> None:
    store = open_store(f"sqlite:///{tmp_path / 'golf.sqlite3'}")
    player = store.create_player().id
    failures: list[Exception] = []
    game = Game(Deal.numbered(1))
    play = GamePlay(game, store, store.create_game(player, game.record()), unsaved=failures.append)
    store.close()
    play.move(Draw())
    play.undo()
    assert play.game.move_count == 0 and play.game.can_redo
    assert len(failures) == 2 and all("closed" in str(error) for error in failures)
