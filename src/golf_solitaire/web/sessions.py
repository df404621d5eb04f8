"""The server's games: replayed from the store, kept in memory, every change committed first.

A move is checked by the engine, appended to the store in its own transaction, and only
then applied to the game in memory and answered; a restart replays the stored record.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Final

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.moves import Move
from golf_solitaire.reasons import IllegalMoveError, Reason, Refusal
from golf_solitaire.rounds import hole_deal
from golf_solitaire.rules import Rules
from golf_solitaire.service import restore
from golf_solitaire.store import (
    NotFoundError,
    PresetStatistics,
    StaleMoveError,
    Store,
    StoredRound,
)
from golf_solitaire.web import analysis

CACHE_SIZE: Final = 20_000
PAR_PER_HOLE: Final = 5


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
    """A game in play: the engine's game and what the store knows about it."""

    id: str
    player_id: str
    game: Game
    started_at: str
    stamps: list[str]
    redo_stamps: list[str]
    round_id: str | None
    hole: int | None
    finished: bool

    @property
    def last_move_at(self) -> str | None:
        """When the last move of the current line was made."""
        return self.stamps[-1] if self.stamps else None


def rules_named(name: str) -> Rules:
    """The preset ``name``, or a BadRequestError naming the field."""
    try:
        return Rules.named(name)
    except ValueError as error:
        raise BadRequestError(f"rules: {error}") from None


class Sessions:
    """Every game of the server, by id; all changes go through the store first."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._lock = threading.RLock()
        self._cache: OrderedDict[str, Session] = OrderedDict()
        self._players: dict[str, str] = {}
        self._judges = ThreadPoolExecutor(max_workers=1, thread_name_prefix="abandoned-games")
        self._judgements: dict[str, list[Future[None]]] = {}

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
        """Start a new game of ``deal`` for the player and store its record."""
        game = Game(deal)
        with self._lock:
            self._abandon_unfinished(player_id)
            game_id = self.store.create_game(player_id, game.record(), round_id=round_id, hole=hole)
            return self.get(player_id, game_id)

    def _abandon_unfinished(self, player_id: str) -> None:
        """The player starts another game: those left in play are abandoned. Whether each
        counts as a loss (or its deal is proved unwinnable) is settled by a worker thread."""
        for game_id in self.store.unfinished_games(player_id):
            game = self.get(player_id, game_id).game
            self._cache.pop(game_id, None)
            judgement = self._judges.submit(
                self._judge_abandoned, game_id, game.deal, strokes=game.score
            )
            self._judgements.setdefault(player_id, []).append(judgement)

    def _judge_abandoned(self, game_id: str, deal: Deal, *, strokes: int) -> None:
        self.store.abandon_game(
            game_id, strokes=strokes, proved_unwinnable=analysis.proved_unwinnable(deal)
        )

    def statistics(self, player_id: str) -> dict[str, PresetStatistics]:
        """The player's statistics per preset, once their abandoned games are judged."""
        with self._lock:
            pending = self._judgements.pop(player_id, [])
        for judgement in pending:
            judgement.result()
        return self.store.statistics(player_id)

    def close(self) -> None:
        """Finish judging abandoned games (the store stays open)."""
        self._judges.shutdown(wait=True)

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
            restored = restore(stored)
            session = Session(
                stored.id,
                player_id,
                restored.game,
                stored.created_at,
                restored.stamps,
                restored.redo_stamps,
                stored.round_id,
                stored.hole,
                stored.is_finished,
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
            game = session.game
            problem = game.refusal(move)
            if problem is not None:
                raise IllegalMoveError(problem)
            with self._storing(game_id):
                session.stamps.append(self.store.append_move(game_id, str(move), index))
            session.redo_stamps.clear()
            game.apply(move)
            self._store_finish(session, game_id)
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
            game = session.game
            problem = game.undo_refusal() if back else game.redo_refusal()
            if problem is not None:
                raise IllegalMoveError(problem)
            with self._storing(game_id):
                self.store.set_position(
                    game_id, game.move_count + (-1 if back else 1), expected=index
                )
            if back:
                game.undo()
                session.redo_stamps.append(session.stamps.pop())
            else:
                game.redo()
                session.stamps.append(session.redo_stamps.pop())
            self._store_finish(session, game_id)
            return session

    def _store_finish(self, session: Session, game_id: str) -> None:
        """Record the hand's end in the store once the game is over."""
        outcome = session.game.outcome
        if outcome is not None:
            self.store.finish_game(
                game_id, termination=outcome.termination.value, strokes=outcome.strokes
            )
            session.finished = True

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
        round_id = self.store.create_round(
            player_id, holes=holes, rules=rules.to_dict(), first_deal=first
        )
        self.create(player_id, Deal.numbered(first, rules), round_id=round_id, hole=1)
        return self.store.load_round(round_id, player_id)

    def next_hole(self, player_id: str, round_id: str) -> StoredRound:
        """Start the next hole of a round once the current one is finished."""
        with self._lock:
            stored = self.store.load_round(round_id, player_id)
            if stored.games and not stored.games[-1].is_finished:
                raise BadRequestError(f"hole: hole {len(stored.games)} is not finished yet")
            if len(stored.games) >= stored.holes:
                raise BadRequestError(f"hole: the round's {stored.holes} holes are all played")
            hole = len(stored.games) + 1
            deal = hole_deal(Rules.from_dict(stored.rules), stored.first_deal, hole)
            self.create(player_id, deal, round_id=round_id, hole=hole)
            return self.store.load_round(round_id, player_id)
