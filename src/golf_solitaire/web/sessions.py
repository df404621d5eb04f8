"""The server's games: replayed from the store, kept in memory, every change committed first.

A move is checked by the engine, appended to the store in its own transaction, and only
then applied to the game in memory and answered; a restart replays the stored record.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Move
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal
from golf_solitaire.rules import Rules
from golf_solitaire.service import Analyst
from golf_solitaire.service.play import Abandonments, GamePlay, start_game
from golf_solitaire.service.rounds import RoundError, next_hole, start_round
from golf_solitaire.store import (
    NotFoundError,
    PresetStatistics,
    StaleMoveError,
    Store,
    StoredRound,
)
from golf_solitaire.web.analysis import ANALYST

CACHE_SIZE: Final = 20_000


class BadRequestError(ValueError):
    """A request that names a field wrongly; the message names the field."""


class StaleRequestError(ValueError):
    """A move or undo sent for a position the game is no longer at."""


class CompetitionGameError(ValueError):
    """A casual request for the player's game of a competition or a daily board: those are
    played through the competitions API, which keeps their scores and boards."""

    def __init__(self, game_id: str) -> None:
        super().__init__(
            f"game {game_id!r} belongs to a competition or a daily board: play it there "
            f"(/api/competition-games/{game_id}), not in the casual game"
        )


@dataclass(slots=True)
class Session:
    """A game in play on the server: the service's game and what the store knows about it."""

    id: str
    player_id: str
    play: GamePlay
    started_at: str
    round_id: str | None
    hole: int | None

    @property
    def game(self) -> Game:
        """The engine's game."""
        return self.play.game

    @property
    def last_move_at(self) -> str | None:
        """When the last move of the current line was made."""
        return self.play.stamps[-1] if self.play.stamps else None


def rules_named(name: str) -> Rules:
    """The preset ``name``, or a BadRequestError naming the field."""
    try:
        return Rules.named(name)
    except ValueError as error:
        raise BadRequestError(f"rules: {error}") from None


class Sessions:
    """Every game of the server, by id; all changes go through the store first."""

    def __init__(self, store: Store, analyst: Analyst = ANALYST) -> None:
        self.store = store
        self.analyst = analyst
        """The solver that answers questions about these games."""
        self._lock = threading.RLock()
        self._cache: OrderedDict[str, Session] = OrderedDict()
        self._players: dict[str, str] = {}
        self.abandonments = Abandonments(store, analyst)

    # Players ----------------------------------------------------------------------

    def known_player(self, token: str) -> str | None:
        """The player id of ``token`` if this process has seen it (no database read)."""
        return self._players.get(token)

    def player(self, token: str | None) -> str | None:
        """The player id of ``token``, or ``None`` for no or an unknown token.

        Known tokens are remembered (a player and their token never change), so a move does
        not read the database to learn who sent it.
        """
        if not token:
            return None
        player_id = self._players.get(token)
        if player_id is None:
            player_id = self.store.player_by_token(token)
            if player_id is not None:
                with self._lock:
                    if len(self._players) >= CACHE_SIZE:
                        self._players.clear()
                    self._players[token] = player_id
        return player_id

    # Games ------------------------------------------------------------------------

    def create(
        self,
        player_id: str,
        deal: Deal,
        *,
        round_id: str | None = None,
        hole: int | None = None,
    ) -> Session:
        """Start a new game of ``deal`` for the player and store its record (the games they
        leave in play are abandoned)."""
        with self._lock:
            play, abandoned = start_game(
                self.store, self.abandonments, player_id, Game(deal), round_id=round_id, hole=hole
            )
            for game_id in abandoned:
                self._cache.pop(game_id, None)
            assert play.game_id is not None
            return self.get(player_id, play.game_id)

    def statistics(self, player_id: str) -> dict[str, PresetStatistics]:
        """The player's statistics per preset, once their abandoned games are judged."""
        return self.abandonments.statistics(player_id)

    def close(self) -> None:
        """Finish judging abandoned games (the store stays open)."""
        self.abandonments.close()

    def get(self, player_id: str, game_id: str) -> Session:
        """The player's casual game ``game_id`` (NotFoundError for anyone else's,
        CompetitionGameError for their own game of a competition or a daily board)."""
        with self._lock:
            session = self._cache.get(game_id)
            if session is not None:
                if session.player_id != player_id:
                    raise NotFoundError(f"game {game_id!r} not found")
                self._cache.move_to_end(game_id)
                return session
            stored = self.store.load_game(game_id, player_id)
            if stored.on_a_board:
                raise CompetitionGameError(game_id)
            session = Session(
                stored.id,
                player_id,
                GamePlay.restored(self.store, stored),
                stored.created_at,
                stored.round_id,
                stored.hole,
            )
            self._remember(session)
            return session

    def latest(self, player_id: str) -> Session | None:
        """The player's most recent casual game still in play, or ``None``."""
        stored = self.store.latest_game(player_id, unfinished=True)
        return None if stored is None else self.get(player_id, stored.id)

    def move(self, player_id: str, game_id: str, text: str, index: int) -> Session:
        """Make move ``text`` as move number ``index``; refused with the engine's reason."""
        try:
            move = Move.parse(text)
        except ValueError as error:
            raise BadRequestError(f"move: {error}") from None
        with self._lock:
            session = self._in_play(player_id, game_id, index)
            with self._storing(game_id):
                session.play.move(move, index)
            return session

    def undo(self, player_id: str, game_id: str, index: int) -> Session:
        """Take back the last move (not once the hand is over)."""
        return self._step(player_id, game_id, index, back=True)

    def redo(self, player_id: str, game_id: str, index: int) -> Session:
        """Make again the last move undone."""
        return self._step(player_id, game_id, index, back=False)

    def _step(self, player_id: str, game_id: str, index: int, *, back: bool) -> Session:
        """Undo (``back``) or redo: refused with the engine's reason, stored, then made."""
        with self._lock:
            session = self._in_play(player_id, game_id, index)
            with self._storing(game_id):
                if back:
                    session.play.undo(index)
                else:
                    session.play.redo(index)
            return session

    @contextmanager
    def _storing(self, game_id: str) -> Iterator[None]:
        """Store a change; if the stored game moved on elsewhere (the terminal game shares the
        store), forget the game kept here, so that the next read replays the stored one."""
        try:
            yield
        except StaleMoveError as error:
            self._cache.pop(game_id, None)
            raise StaleRequestError(str(error)) from None

    def _in_play(self, player_id: str, game_id: str, index: int) -> Session:
        """The player's game, if it is at move ``index`` and not over (call under the lock)."""
        session = self.get(player_id, game_id)
        count = session.game.move_count
        if index != count:
            raise StaleRequestError(
                f"index: this request is for move {index}, the game is at move {count}"
            )
        if session.game.is_over:
            raise IllegalMoveError(Refusal(Reason.GAME_OVER))
        return session

    def _remember(self, session: Session) -> None:
        self._cache[session.id] = session
        self._cache.move_to_end(session.id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    # Rounds -----------------------------------------------------------------------

    def create_round(
        self, player_id: str, holes: int, rules: Rules, first_deal: int | None
    ) -> StoredRound:
        """Start a round and the game of its first hole."""
        first = first_deal if first_deal is not None else secrets.randbelow(900_000) + 1
        with self._lock:
            round_id, _ = start_round(
                self.store, self.abandonments, player_id, holes=holes, rules=rules, first_deal=first
            )
        return self.store.load_round(round_id, player_id)

    def next_hole(self, player_id: str, round_id: str) -> StoredRound:
        """Start the next hole of a round once the current one is finished."""
        with self._lock:
            try:
                next_hole(self.store, self.abandonments, player_id, round_id)
            except RoundError as error:
                raise BadRequestError(str(error)) from None
            return self.store.load_round(round_id, player_id)
