"""The store: players by token, games as records with one transaction per move, rounds, stats.

Every method is one transaction, committed before it returns: a move appended is on disk
before the caller answers anybody, so a crash or a restart loses nothing already shown.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import secrets
from typing import Any

from golf_solitaire.moves import Move
from golf_solitaire.reasons import shown
from golf_solitaire.records import RecordError, load_record, replay_record
from golf_solitaire.store.database import (
    Database,
    Row,
    Transaction,
    database_url,
    optional_int,
    optional_text,
)
from golf_solitaire.store.ranked import RankedDeals
from golf_solitaire.store.records import (
    ABANDONED,
    ABANDONED_UNWINNABLE,
    DailyResult,
    Player,
    PresetStatistics,
    StoredGame,
    StoredRound,
    daily_results,
    summarize,
)
from golf_solitaire.store.schema import migrate


class NotFoundError(LookupError):
    """No such game or round for this player (another player's game is not found either)."""


class StaleMoveError(ValueError):
    """A move sent for a position that is not the game's current one (a duplicate or stale)."""


_GAME_COLUMNS = (
    "id, player_id, rules_json, deal_json, competitive, meta_json, position, round_id, hole, "
    "created_at, updated_at, finished_at, termination, strokes"
)
_ON_A_BOARD = (
    "(EXISTS (SELECT 1 FROM competition_games cg WHERE cg.game_id = games.id) "
    "OR EXISTS (SELECT 1 FROM daily_entries de WHERE de.game_id = games.id))"
)
"""True for a game of a competition or a daily board: the competitions service keeps those
(scores, board versions), so the casual faces never list, resume or change them."""


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


class Store:
    """Persistence for every face: open with ``open_store``; every call commits."""

    def __init__(self, database: Database) -> None:
        self.database = database
        self.schema_version = migrate(database)
        self.ranked = RankedDeals(database)

    @property
    def url(self) -> str:
        """The database URL this store writes to."""
        return self.database.url

    # Players ----------------------------------------------------------------------

    def create_player(self) -> Player:
        """A new player with an unguessable token (keep it: only its hash is stored)."""
        player = Player(secrets.token_urlsafe(9), secrets.token_urlsafe(24))
        with self.database.transaction() as tx:
            tx.execute(
                "INSERT INTO players (id, token_hash, created_at) VALUES (?, ?, ?)",
                (player.id, _token_hash(player.token), _now()),
            )
        return player

    def player_by_token(self, token: str) -> str | None:
        """The id of the player holding ``token``, or ``None``."""
        if not isinstance(token, str) or not token:
            return None
        with self.database.transaction() as tx:
            row = tx.one("SELECT id FROM players WHERE token_hash = ?", (_token_hash(token),))
        return None if row is None else str(row[0])

    # Games ------------------------------------------------------------------------

    def create_game(
        self,
        player_id: str,
        record: dict[str, Any],
        *,
        round_id: str | None = None,
        hole: int | None = None,
    ) -> str:
        """Store a new game from its record (replayed first: a bad record raises RecordError).

        A casual game is refused a ranked deal still hidden (RankedDealError)."""
        label = replay_record(record).rules.label
        data = load_record(record)
        if not data.get("competitive", False):
            self.ranked.refuse_hidden(data["deal"])
        game_id = secrets.token_urlsafe(12)
        now = _now()
        moves: list[str] = list(data["moves"])
        stamps = data.get("timestamps") or [now] * len(moves)
        for number, stamp in enumerate(stamps, start=1):
            if not isinstance(stamp, str):
                raise RecordError(
                    "timestamps: the store keeps the date and time each move was played; the "
                    f"time of move {number} is {shown(stamp)} seconds (give ISO 8601 times, "
                    "or none)"
                )
        with self.database.transaction() as tx:
            if tx.one("SELECT id FROM players WHERE id = ?", (player_id,)) is None:
                raise NotFoundError(f"player {player_id!r} not found")
            tx.execute(
                f"INSERT INTO games (rules_label, {_GAME_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)",
                (
                    label,
                    game_id,
                    player_id,
                    json.dumps(data["rules"]),
                    json.dumps(data["deal"]),
                    int(bool(data.get("competitive", False))),
                    json.dumps(data.get("meta", {})),
                    len(moves),
                    round_id,
                    hole,
                    now,
                    now,
                ),
            )
            for index, (move, stamp) in enumerate(zip(moves, stamps, strict=True)):
                tx.execute(
                    "INSERT INTO moves (game_id, idx, move, played_at) VALUES (?, ?, ?, ?)",
                    (game_id, index, move, str(stamp)),
                )
        return game_id

    def append_move(self, game_id: str, move_text: str, index: int) -> str:
        """Record move number ``index`` (from 0); refused unless it follows the current position.

        Moves undone beyond the position are dropped, as a new move clears the redo list.
        Returns the time stored with the move (ISO 8601, UTC).
        """
        text = str(Move.parse(move_text))
        with self.database.transaction() as tx:
            position = self._position(tx, game_id)
            if index != position:
                raise StaleMoveError(
                    f"index: move {index} is stale, the game is at move {position}"
                )
            tx.execute("DELETE FROM moves WHERE game_id = ? AND idx >= ?", (game_id, index))
            now = _now()
            tx.execute(
                "INSERT INTO moves (game_id, idx, move, played_at) VALUES (?, ?, ?, ?)",
                (game_id, index, text, now),
            )
            tx.execute(
                "UPDATE games SET position = ?, updated_at = ? WHERE id = ?",
                (index + 1, now, game_id),
            )
        return now

    def set_position(self, game_id: str, position: int, *, expected: int | None = None) -> None:
        """Move the game to ``position`` along its stored line (undo goes back, redo on).

        ``expected`` guards against stale requests: the current position it must have.
        """
        with self.database.transaction() as tx:
            current = self._position(tx, game_id)
            if expected is not None and expected != current:
                raise StaleMoveError(
                    f"position: expected move {expected}, the game is at move {current}"
                )
            row = tx.one("SELECT COUNT(*) FROM moves WHERE game_id = ?", (game_id,))
            length = int(row[0]) if row else 0
            if not 0 <= position <= length:
                raise StaleMoveError(f"position: {position} is outside 0..{length}")
            tx.execute(
                "UPDATE games SET position = ?, updated_at = ? WHERE id = ?",
                (position, _now(), game_id),
            )

    def finish_game(self, game_id: str, *, termination: str, strokes: int) -> None:
        """Record how the hand ended (``cleared`` or ``stuck``) and its strokes."""
        if termination not in ("cleared", "stuck"):
            raise ValueError(f"termination: expected cleared or stuck, not {termination!r}")
        self._end_game(game_id, termination, strokes)

    def abandon_game(self, game_id: str, *, strokes: int, proved_unwinnable: bool) -> None:
        """Record that the player left the hand unfinished (a game still in play only).

        It counts as a loss, unless the deal was proved unwinnable: then it does not count.
        """
        termination = ABANDONED_UNWINNABLE if proved_unwinnable else ABANDONED
        self._end_game(game_id, termination, strokes, only_in_play=True)

    def unfinished_games(self, player_id: str) -> list[str]:
        """The ids of the player's casual games in play with at least one move made."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT id FROM games WHERE player_id = ? AND finished_at IS NULL "
                "AND competitive = 0 AND position > 0 ORDER BY updated_at",
                (player_id,),
            )
        return [str(row[0]) for row in rows]

    def _end_game(
        self, game_id: str, termination: str, strokes: int, *, only_in_play: bool = False
    ) -> None:
        condition = " AND finished_at IS NULL" if only_in_play else ""
        with self.database.transaction() as tx:
            self._position(tx, game_id)
            now = _now()
            tx.execute(
                "UPDATE games SET finished_at = COALESCE(finished_at, ?), termination = ?, "
                f"strokes = ?, updated_at = ? WHERE id = ?{condition}",
                (now, termination, int(strokes), now, game_id),
            )

    def merge_meta(self, game_id: str, values: dict[str, Any]) -> str:
        """Merge ``values`` into the game's ``meta`` (the terminal's play time, for one).

        The game counts as changed now; returns that time (ISO 8601, UTC).
        """
        with self.database.transaction() as tx:
            meta_json = tx.text("SELECT meta_json FROM games WHERE id = ?", (game_id,))
            if meta_json is None:
                raise NotFoundError(f"game {game_id!r} not found")
            meta = {**json.loads(meta_json), **values}
            now = _now()
            tx.execute(
                "UPDATE games SET meta_json = ?, updated_at = ? WHERE id = ?",
                (json.dumps(meta), now, game_id),
            )
        return now

    def load_game(self, game_id: str, player_id: str) -> StoredGame:
        """The game ``game_id`` of ``player_id``; NotFoundError for anyone else's."""
        with self.database.transaction() as tx:
            row = tx.one(
                f"SELECT {_GAME_COLUMNS}, {_ON_A_BOARD} FROM games WHERE id = ? AND player_id = ?",
                (game_id, player_id),
            )
            if row is None:
                raise NotFoundError(f"game {game_id!r} not found")
            moves = tx.all(
                "SELECT move, played_at FROM moves WHERE game_id = ? ORDER BY idx", (game_id,)
            )
        return _stored_game(row, moves)

    def latest_game(self, player_id: str, *, unfinished: bool = False) -> StoredGame | None:
        """The player's most recently changed casual game (``unfinished``: still in play), or
        None. Games of a competition or a daily board are never resumed here: they are played
        through the competitions service, which keeps their scores."""
        condition = " AND finished_at IS NULL" if unfinished else ""
        with self.database.transaction() as tx:
            row = tx.one(
                f"SELECT id FROM games WHERE player_id = ?{condition} AND NOT {_ON_A_BOARD} "
                "ORDER BY updated_at DESC, created_at DESC LIMIT 1",
                (player_id,),
            )
        return None if row is None else self.load_game(str(row[0]), player_id)

    def _position(self, tx: Transaction, game_id: str) -> int:
        row = tx.one("SELECT position FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise NotFoundError(f"game {game_id!r} not found")
        return int(row[0])

    # Rounds -----------------------------------------------------------------------

    def create_round(
        self, player_id: str, *, holes: int, rules: dict[str, Any], first_deal: int
    ) -> str:
        """A new round of ``holes`` (9 or 18) deals from ``first_deal`` on, by ``rules``;
        refused (RankedDealError) when ``first_deal`` is a ranked deal still hidden, before
        anything is stored, whichever face asks."""
        if holes not in (9, 18):
            raise ValueError(f"holes: a round has 9 or 18 holes, not {holes!r}")
        self.ranked.refuse_hidden({"number": first_deal})
        from golf_solitaire.rules import Rules

        try:
            label = Rules.from_dict(rules).label
        except (TypeError, ValueError) as error:
            raise RecordError(f"rules: {error}") from None
        round_id = secrets.token_urlsafe(12)
        with self.database.transaction() as tx:
            if tx.one("SELECT id FROM players WHERE id = ?", (player_id,)) is None:
                raise NotFoundError(f"player {player_id!r} not found")
            tx.execute(
                "INSERT INTO rounds (id, player_id, holes, rules_label, rules_json, first_deal, "
                "created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (round_id, player_id, holes, label, json.dumps(rules), first_deal, _now()),
            )
        return round_id

    def load_round(self, round_id: str, player_id: str) -> StoredRound:
        """The round with the games of the holes played so far, in hole order."""
        with self.database.transaction() as tx:
            row = tx.one(
                "SELECT id, player_id, holes, rules_json, rules_label, first_deal, created_at "
                "FROM rounds WHERE id = ? AND player_id = ?",
                (round_id, player_id),
            )
            if row is None:
                raise NotFoundError(f"round {round_id!r} not found")
            game_ids = tx.all("SELECT id FROM games WHERE round_id = ? ORDER BY hole", (round_id,))
        games = tuple(self.load_game(str(game_row[0]), player_id) for game_row in game_ids)
        return StoredRound(
            id=str(row[0]),
            player_id=str(row[1]),
            holes=int(row[2]),
            rules=json.loads(row[3]),
            rules_label=str(row[4]),
            first_deal=int(row[5]),
            created_at=str(row[6]),
            games=games,
        )

    # Statistics -------------------------------------------------------------------

    def statistics(self, player_id: str) -> dict[str, PresetStatistics]:
        """Per rules preset: games, wins, win rate, best and average strokes, streaks.

        A hand left unfinished counts as a loss, unless its deal was proved unwinnable.
        """
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT rules_label, termination, strokes FROM games "
                "WHERE player_id = ? AND finished_at IS NOT NULL AND termination <> ? "
                "ORDER BY finished_at, id",
                (player_id, ABANDONED_UNWINNABLE),
            )
        grouped: dict[str, list[tuple[str, int]]] = {}
        for label, termination, strokes in rows:
            grouped.setdefault(str(label), []).append((str(termination), int(strokes)))
        return {label: summarize(label, results) for label, results in sorted(grouped.items())}

    def daily_results(self, player_id: str) -> list[DailyResult]:
        """The player's casual games of daily deals, one result per day and preset, newest
        day first: how many games, the best finished one's strokes, whether one was cleared."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT deal_json, rules_label, termination, strokes FROM games "
                "WHERE player_id = ? AND competitive = 0 AND deal_json LIKE ?",
                (player_id, '{"daily":%'),
            )
        return daily_results(rows)

    def close(self) -> None:
        """Close the database connection."""
        self.database.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


def _stored_game(row: Row, moves: list[Row]) -> StoredGame:
    (game_id, player_id, rules_json, deal_json, competitive, meta_json, position) = row[:7]
    (round_id, hole, created_at, updated_at, finished_at, termination, strokes) = row[7:14]
    position = int(position)
    line = [str(move) for move, _ in moves]
    record: dict[str, Any] = {
        "format": "golf-solitaire-record",
        "version": 1,
        "rules": json.loads(rules_json),
        "deal": json.loads(deal_json),
        "competitive": bool(competitive),
        "moves": line[:position],
        "timestamps": [str(stamp) for _, stamp in moves[:position]],
    }
    meta = json.loads(meta_json)
    if meta:
        record["meta"] = meta
    return StoredGame(
        id=str(game_id),
        player_id=str(player_id),
        record=record,
        redo=tuple(reversed(line[position:])),
        created_at=str(created_at),
        updated_at=str(updated_at),
        finished_at=optional_text(finished_at),
        termination=optional_text(termination),
        strokes=optional_int(strokes),
        round_id=optional_text(round_id),
        hole=optional_int(hole),
        redo_times=tuple(reversed([str(stamp) for _, stamp in moves[position:]])),
        on_a_board=bool(row[14]),
    )


def open_store(url: str | None = None) -> Store:
    """Open (creating or migrating) the store at ``url``, ``$GOLF_DATABASE_URL`` or the default."""
    return Store(Database(database_url(url)))
