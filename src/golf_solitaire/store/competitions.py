"""Competitions in the database: join codes, members, hole deals, games, daily boards.

Every method is one transaction (then a board version bump). A move is checked and written
in the same transaction as the position it follows (``UPDATE ... WHERE position = ?``), so a
replayed or concurrent request for the same move fails cleanly on SQLite and PostgreSQL
alike, whatever process sent it. Every change a board shows bumps that board's version in
``board_versions`` as soon as it commits: the servers watch those counters to push live
updates.
"""

from __future__ import annotations

import datetime as dt
import json
import secrets
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final

from golf_solitaire.secret_deals import hidden_days
from golf_solitaire.store.database import (
    Database,
    Row,
    Transaction,
    optional_int,
    optional_text,
)
from golf_solitaire.store.store import NotFoundError, StaleMoveError

CODE_ALPHABET: Final = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH: Final = 6


class EntryError(ValueError):
    """A join refused: the name is taken, the player is in already, or entries are closed."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason


class FinishedError(ValueError):
    """A change asked of a game or competition that is already finished."""


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")


def _first_hidden_day() -> str:
    """The earliest day whose ranked daily deal is still hidden (its hands may still move)."""
    return min(hidden_days(dt.datetime.now(dt.UTC).date())).isoformat()


def competition_board(competition_id: str) -> str:
    """The ``board_versions`` key of a competition's leaderboard."""
    return f"c:{competition_id}"


def daily_board(day: str, rules_label: str) -> str:
    """The ``board_versions`` key of a day's board under one rules preset."""
    return f"d:{day}:{rules_label}"


@dataclass(frozen=True, slots=True)
class CompetitionRow:
    """A competition as stored: its settings and, once decided, when and how."""

    id: str
    code: str
    name: str
    holes: int
    rules: dict[str, Any]
    rules_label: str
    deals: str
    first_deal: int
    day: str | None
    match_play: bool
    created_at: str
    finished_at: str | None
    decided_by: str | None
    deal_secret: str | None = None


@dataclass(frozen=True, slots=True)
class GameLine:
    """What a move needs to know about a game: its deal, moves, and where it belongs."""

    id: str
    rules: dict[str, Any]
    deal: dict[str, Any]
    moves: tuple[str, ...]
    revision: int
    finished: bool
    competition_id: str | None
    competition_finished: bool
    hole: int | None
    daily: tuple[str, str] | None


@dataclass(frozen=True, slots=True)
class Change:
    """What a checked move does: add ``move`` (or undo the last one), maybe end the hand."""

    move: str | None
    termination: str | None = None
    strokes: int | None = None


@dataclass(frozen=True, slots=True)
class DailyEntry:
    """One line of a daily board: a player's name and strokes (``None`` while playing)."""

    player_id: str
    name: str
    game_id: str
    strokes: int | None


_COMPETITION_COLUMNS: Final = (
    "id, code, name, holes, rules_json, rules_label, deals, first_deal, day, match_play, "
    "created_at, finished_at, decided_by, deal_secret"
)


def _competition(row: Row) -> CompetitionRow:
    return CompetitionRow(
        id=str(row[0]),
        code=str(row[1]),
        name=str(row[2]),
        holes=int(row[3]),
        rules=json.loads(row[4]),
        rules_label=str(row[5]),
        deals=str(row[6]),
        first_deal=int(row[7]),
        day=optional_text(row[8]),
        match_play=bool(row[9]),
        created_at=str(row[10]),
        finished_at=optional_text(row[11]),
        decided_by=optional_text(row[12]),
        deal_secret=optional_text(row[13]),
    )


_BUMP: Final = (
    "INSERT INTO board_versions (board, version) VALUES (?, 1) "
    "ON CONFLICT (board) DO UPDATE SET version = board_versions.version + 1"
)


_HOLE_GAME: Final = (
    "SELECT game_id FROM competition_games WHERE competition_id = ? AND player_id = ? AND hole = ?"
)
_DAILY_GAME: Final = (
    "SELECT game_id FROM daily_entries WHERE day = ? AND rules_label = ? AND player_id = ?"
)


_GUARDED_POSITION: Final = (
    "UPDATE games SET position = ?, revision = revision + 1, updated_at = ? "
    "WHERE id = ? AND player_id = ? AND revision = ? AND position = ? "
    "AND finished_at IS NULL AND NOT EXISTS (SELECT 1 FROM competition_games cg "
    "JOIN competitions c ON c.id = cg.competition_id "
    "WHERE cg.game_id = games.id AND c.finished_at IS NOT NULL) "
    "AND NOT EXISTS (SELECT 1 FROM daily_entries d WHERE d.game_id = games.id AND d.day < ?)"
)
"""Move a game on by one move, if it is at the revision and position the caller checked, its
competition is not finished and its ranked daily deal (if any) not revealed (the last
parameter: the earliest day whose deal is still hidden)."""
_ADD_MOVE: Final = (
    f"WITH changed AS ({_GUARDED_POSITION} RETURNING id) INSERT INTO moves "
    "(game_id, idx, move, played_at) SELECT id, ?, ?, ? FROM changed"
)
"""``_GUARDED_POSITION`` and the move's row in one statement (PostgreSQL)."""


def _drop_for(tx: Transaction, game_id: str, existing: str, params: tuple[Any, ...]) -> str:
    """Delete the game just made, as a concurrent call got there first: that call's game."""
    tx.execute("DELETE FROM games WHERE id = ?", (game_id,))
    found = tx.text(existing, params)
    assert found is not None
    return found


def _game_line(tx: Transaction, game_id: str, player_id: str) -> GameLine:
    """The player's competition or daily game and where it belongs; NotFoundError for anyone
    else's (and for the player's other games: those are the browser game's)."""
    row = tx.one(
        "SELECT g.rules_json, g.deal_json, g.position, g.finished_at, "
        "cg.competition_id, cg.hole, c.finished_at, d.day, d.rules_label, g.revision "
        "FROM games g "
        "LEFT JOIN competition_games cg ON cg.game_id = g.id "
        "LEFT JOIN competitions c ON c.id = cg.competition_id "
        "LEFT JOIN daily_entries d ON d.game_id = g.id "
        "WHERE g.id = ? AND g.player_id = ? AND g.competitive = 1 "
        "AND (cg.game_id IS NOT NULL OR d.game_id IS NOT NULL)",
        (game_id, player_id),
    )
    if row is None:
        raise NotFoundError(f"game {game_id!r} not found")
    moves = tx.all(
        "SELECT move FROM moves WHERE game_id = ? AND idx < ? ORDER BY idx",
        (game_id, int(row[2])),
    )
    return GameLine(
        id=game_id,
        rules=json.loads(row[0]),
        deal=json.loads(row[1]),
        moves=tuple(str(move) for (move,) in moves),
        revision=int(row[9]),
        finished=row[3] is not None,
        competition_id=optional_text(row[4]),
        competition_finished=row[6] is not None,
        hole=optional_int(row[5]),
        daily=None if row[7] is None else (str(row[7]), str(row[8])),
    )


class CompetitionStore:
    """Competition tables on the store's database (the games themselves are store games)."""

    def __init__(self, database: Database) -> None:
        self.database = database

    @contextmanager
    def _changing(self) -> Iterator[tuple[Transaction, list[str]]]:
        """A transaction, and the boards it changes: their versions go up once it commits,
        each by a one-statement transaction of its own. Every change in a busy competition
        touches its board's counter row; so that row is locked for one short statement, not
        for the whole of each change (players would queue behind each other)."""
        boards: list[str] = []
        with self.database.transaction() as tx:
            yield tx, boards
        for board in boards:
            self.database.statement(_BUMP, (board,))

    # Competitions -----------------------------------------------------------------

    def create(
        self,
        *,
        name: str,
        holes: int,
        rules: dict[str, Any],
        rules_label: str,
        deals: str,
        first_deal: int,
        day: str | None,
        match_play: bool,
        hole_deals: Sequence[dict[str, Any]],
        deal_secret: str,
    ) -> CompetitionRow:
        """A new competition with a fresh join code, the deals of its holes and the secret
        they come from (playoff holes come from it later)."""
        competition_id = secrets.token_urlsafe(12)
        now = _now()
        with self._changing() as (tx, boards):
            while True:
                code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
                if tx.one("SELECT id FROM competitions WHERE code = ?", (code,)) is None:
                    break
            tx.execute(
                f"INSERT INTO competitions ({_COMPETITION_COLUMNS}) VALUES "
                "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?)",
                (
                    competition_id,
                    code,
                    name,
                    holes,
                    json.dumps(rules),
                    rules_label,
                    deals,
                    first_deal,
                    day,
                    int(match_play),
                    now,
                    deal_secret,
                ),
            )
            for hole, deal in enumerate(hole_deals, start=1):
                tx.execute(
                    "INSERT INTO competition_holes (competition_id, hole, deal_json) "
                    "VALUES (?, ?, ?)",
                    (competition_id, hole, json.dumps(deal)),
                )
            boards.append(competition_board(competition_id))
        return self.by_code(code)

    def by_code(self, code: str) -> CompetitionRow:
        """The competition with join code ``code``; NotFoundError otherwise."""
        with self.database.transaction() as tx:
            row = tx.one(f"SELECT {_COMPETITION_COLUMNS} FROM competitions WHERE code = ?", (code,))
        if row is None:
            raise NotFoundError(f"code: no competition has the join code {code!r}")
        return _competition(row)

    def versions(self, boards: Sequence[str]) -> dict[str, int]:
        """The current version of each board named (0 for a board never changed)."""
        found: dict[str, int] = dict.fromkeys(boards, 0)
        if not boards:
            return found
        marks = ", ".join("?" for _ in boards)
        with self.database.transaction() as tx:
            rows = tx.all(
                f"SELECT board, version FROM board_versions WHERE board IN ({marks})",
                tuple(boards),
            )
        found.update({str(board): int(version) for board, version in rows})
        return found

    def finish(self, competition_id: str, decided_by: str) -> bool:
        """Mark the competition decided (once); True if this call did it."""
        with self._changing() as (tx, boards):
            changed = tx.execute(
                "UPDATE competitions SET finished_at = ?, decided_by = ? "
                "WHERE id = ? AND finished_at IS NULL",
                (_now(), decided_by, competition_id),
            )
            if changed:
                boards.append(competition_board(competition_id))
        return bool(changed)

    def settling(self, competition_id: str) -> tuple[str, int, bool, bool] | None:
        """(join code, holes, match play, whether every member has finished the round's
        last hole) of a competition, or ``None``: what deciding it needs to know first."""
        with self.database.transaction() as tx:
            row = tx.one(
                "SELECT c.code, c.holes, c.match_play, "
                "(SELECT COUNT(*) FROM competition_players p WHERE p.competition_id = c.id), "
                "(SELECT COUNT(*) FROM competition_games g WHERE g.competition_id = c.id "
                "AND g.hole = c.holes AND g.strokes IS NOT NULL) "
                "FROM competitions c WHERE c.id = ?",
                (competition_id,),
            )
        if row is None:
            return None
        return str(row[0]), int(row[1]), bool(row[2]), int(row[4]) >= int(row[3])

    # Members ----------------------------------------------------------------------

    def join(self, competition: CompetitionRow, player_id: str, name: str, name_key: str) -> None:
        """Add a player under ``name``; EntryError when taken, in already, or closed."""
        with self._changing() as (tx, boards):
            state = tx.one("SELECT finished_at FROM competitions WHERE id = ?", (competition.id,))
            if state is None or state[0] is not None:
                raise EntryError("closed", "the competition is finished: entries are closed")
            done = tx.one(
                "SELECT COUNT(*) FROM competition_games WHERE competition_id = ? AND hole = ? "
                "AND strokes IS NOT NULL",
                (competition.id, competition.holes),
            )
            if done and int(done[0]):
                raise EntryError(
                    "closed", "entries are closed: a player has already finished the round"
                )
            members = tx.all(
                "SELECT player_id, name_key FROM competition_players WHERE competition_id = ?",
                (competition.id,),
            )
            for member, key in members:
                if member == player_id:
                    raise EntryError("joined", "you are already in this competition")
                if key == name_key:
                    raise EntryError("name_taken", f"name: {name!r} is taken in this competition")
            if competition.match_play and len(members) >= 2:
                raise EntryError("full", "match play is for two players: both have joined")
            tx.execute(
                "INSERT INTO competition_players (competition_id, player_id, name, name_key, "
                "joined_at) VALUES (?, ?, ?, ?, ?)",
                (competition.id, player_id, name, name_key, _now()),
            )
            boards.append(competition_board(competition.id))

    def entry(
        self, competition_id: str, player_id: str
    ) -> tuple[str, dict[int, tuple[str, int | None]]]:
        """The player's name in the competition and, by hole, the game started and its
        strokes (``None`` while in play); NotFoundError if they have not joined."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT p.name, g.hole, g.game_id, g.strokes FROM competition_players p "
                "LEFT JOIN competition_games g ON g.competition_id = p.competition_id "
                "AND g.player_id = p.player_id WHERE p.competition_id = ? AND p.player_id = ?",
                (competition_id, player_id),
            )
        if not rows:
            raise NotFoundError("player: you have not joined this competition")
        started = {
            int(hole): (str(game), optional_int(strokes))
            for _, hole, game, strokes in rows
            if hole is not None
        }
        return str(rows[0][0]), started

    def members(self, competition_id: str) -> list[tuple[str, str]]:
        """(player id, name) of every member, in joining order."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT player_id, name FROM competition_players WHERE competition_id = ? "
                "ORDER BY joined_at, name",
                (competition_id,),
            )
        return [(str(player), str(name)) for player, name in rows]

    def scores(self, competition_id: str) -> list[tuple[str, int, int | None]]:
        """(player id, hole, strokes or ``None`` while in play) of every game started."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT player_id, hole, strokes FROM competition_games "
                "WHERE competition_id = ? ORDER BY hole",
                (competition_id,),
            )
        return [(str(player), int(hole), optional_int(strokes)) for player, hole, strokes in rows]

    # Holes and games --------------------------------------------------------------

    def hole_deal(self, competition_id: str, hole: int) -> dict[str, Any] | None:
        """The deal identity of ``hole`` (round holes, then playoff holes), or ``None``."""
        with self.database.transaction() as tx:
            row = tx.one(
                "SELECT deal_json FROM competition_holes WHERE competition_id = ? AND hole = ?",
                (competition_id, hole),
            )
        return None if row is None else dict(json.loads(row[0]))

    def hole_deals(self, competition_id: str) -> list[tuple[int, dict[str, Any]]]:
        """(hole, deal identity) of every hole dealt so far, round then playoff, in order."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT hole, deal_json FROM competition_holes WHERE competition_id = ? "
                "ORDER BY hole",
                (competition_id,),
            )
        return [(int(hole), dict(json.loads(deal))) for hole, deal in rows]

    def deal_secret(self, competition_id: str, fresh: str) -> str:
        """The competition's deal secret; one made before secrets were kept gets ``fresh``
        (whichever process sets it first wins: all then agree)."""
        with self.database.transaction() as tx:
            tx.execute(
                "UPDATE competitions SET deal_secret = ? WHERE id = ? AND deal_secret IS NULL",
                (fresh, competition_id),
            )
            secret = tx.text("SELECT deal_secret FROM competitions WHERE id = ?", (competition_id,))
        if secret is None:
            raise NotFoundError(f"competition {competition_id!r} not found")
        return secret

    def add_hole_deal(self, competition_id: str, hole: int, deal: dict[str, Any]) -> None:
        """Add a playoff hole's deal; a concurrent identical call is harmless."""
        with self.database.transaction() as tx:
            tx.execute(
                "INSERT INTO competition_holes (competition_id, hole, deal_json) "
                "VALUES (?, ?, ?) ON CONFLICT (competition_id, hole) DO NOTHING",
                (competition_id, hole, json.dumps(deal)),
            )

    def start_game(
        self,
        player_id: str,
        *,
        rules: dict[str, Any],
        rules_label: str,
        deal: dict[str, Any],
        competition_id: str | None = None,
        hole: int | None = None,
        daily: tuple[str, str, str] | None = None,
    ) -> str:
        """The player's competitive game on a competition hole or a daily deal, started once.

        ``daily`` is (day, rules label, name) to put the game on that day's board. Two
        concurrent calls give the same game.
        """
        game_id = secrets.token_urlsafe(12)
        now = _now()
        with self._changing() as (tx, boards):
            tx.execute(
                "INSERT INTO games (rules_label, id, player_id, rules_json, deal_json, "
                "competitive, meta_json, position, round_id, hole, created_at, updated_at) "
                "VALUES (?, ?, ?, ?, ?, 1, ?, 0, NULL, ?, ?, ?)",
                (
                    rules_label,
                    game_id,
                    player_id,
                    json.dumps(rules),
                    json.dumps(deal),
                    json.dumps({"competition": competition_id} if competition_id else {}),
                    hole,
                    now,
                    now,
                ),
            )
            if competition_id is not None:
                added = tx.execute(
                    "INSERT INTO competition_games (competition_id, player_id, hole, game_id) "
                    "VALUES (?, ?, ?, ?) ON CONFLICT (competition_id, player_id, hole) "
                    "DO NOTHING",
                    (competition_id, player_id, hole, game_id),
                )
                if not added:
                    return _drop_for(tx, game_id, _HOLE_GAME, (competition_id, player_id, hole))
                boards.append(competition_board(competition_id))
            if daily is not None:
                day, label, name = daily
                added = tx.execute(
                    "INSERT INTO daily_entries (day, rules_label, player_id, name, game_id) "
                    "VALUES (?, ?, ?, ?, ?) ON CONFLICT (day, rules_label, player_id) "
                    "DO NOTHING",
                    (day, label, player_id, name, game_id),
                )
                if added:
                    boards.append(daily_board(day, label))
                elif competition_id is None:
                    return _drop_for(tx, game_id, _DAILY_GAME, (day, label, player_id))
        return game_id

    def change_game(
        self,
        game_id: str,
        player_id: str,
        index: int,
        check: Callable[[GameLine], Change],
    ) -> tuple[GameLine, Change]:
        """Apply the change ``check`` approves to the game at move ``index``, atomically.

        NotFoundError for another player's game, StaleMoveError when the game is not at
        ``index`` (a replayed or raced request), FinishedError when it is over.
        """
        with self._changing() as (tx, boards):
            line = _game_line(tx, game_id, player_id)
            position = len(line.moves)
            if line.finished:
                raise FinishedError("the game is over: it cannot be changed")
            if line.competition_finished:
                raise FinishedError("the competition is finished: it cannot be changed")
            if line.daily is not None and line.daily[0] < _first_hidden_day():
                raise FinishedError(
                    f"the ranked deal of {line.daily[0]} is revealed now: its hands are closed"
                )
            if index != position:
                raise StaleMoveError(
                    f"index: move {index} is stale, the game is at move {position}"
                )
            change = check(line)
            now = _now()
            after = index - 1 if change.move is None else index + 1
            updated = tx.execute(
                "UPDATE games SET position = ?, revision = revision + 1, updated_at = ? "
                "WHERE id = ? AND position = ?",
                (after, now, game_id, index),
            )
            if updated != 1:
                raise StaleMoveError(f"index: move {index} is stale")
            if change.move is None:
                tx.execute("DELETE FROM moves WHERE game_id = ? AND idx >= ?", (game_id, after))
            else:
                tx.execute(
                    "INSERT INTO moves (game_id, idx, move, played_at) VALUES (?, ?, ?, ?)",
                    (game_id, index, change.move, now),
                )
            if change.termination is not None:
                tx.execute(
                    "UPDATE games SET finished_at = ?, termination = ?, strokes = ? WHERE id = ?",
                    (now, change.termination, change.strokes, game_id),
                )
                if line.competition_id is not None:
                    tx.execute(
                        "UPDATE competition_games SET strokes = ? WHERE game_id = ?",
                        (change.strokes, game_id),
                    )
                    boards.append(competition_board(line.competition_id))
                if line.daily is not None:
                    tx.execute(
                        "UPDATE daily_entries SET strokes = ?, finished_at = ? WHERE game_id = ?",
                        (change.strokes, now, game_id),
                    )
                    boards.append(daily_board(*line.daily))
        return line, change

    def add_move(self, game_id: str, player_id: str, revision: int, index: int, move: str) -> bool:
        """Add a move that does not end the hand to the player's game, if the game is still
        at ``revision`` (as the caller knows it, so the move is checked) and its competition
        is not finished. False, with nothing written, otherwise: read the game again.

        On PostgreSQL this is one statement, so one round trip to the server.
        """
        now = _now()
        guard = (index + 1, now, game_id, player_id, revision, index, _first_hidden_day())
        if self.database.kind == "postgresql":
            return self.database.statement(_ADD_MOVE, (*guard, index, move, now)) == 1
        with self.database.transaction() as tx:
            if tx.execute(_GUARDED_POSITION, guard) != 1:
                return False
            tx.execute(
                "INSERT INTO moves (game_id, idx, move, played_at) VALUES (?, ?, ?, ?)",
                (game_id, index, move, now),
            )
        return True

    async def add_move_awaited(
        self, game_id: str, player_id: str, revision: int, index: int, move: str
    ) -> bool:
        """``add_move``, awaited on the running event loop rather than run in a thread (on
        PostgreSQL its one statement; SQLite's local write is made at once)."""
        if self.database.kind != "postgresql":
            return self.add_move(game_id, player_id, revision, index, move)
        now = _now()
        params = (
            *(index + 1, now, game_id, player_id, revision, index, _first_hidden_day()),
            *(index, move, now),
        )
        return await self.database.awaited_statement(_ADD_MOVE, params) == 1

    def game_line(self, game_id: str, player_id: str) -> GameLine:
        """The player's competitive game as it stands (to show it)."""
        with self.database.transaction() as tx:
            return _game_line(tx, game_id, player_id)

    # Daily boards -----------------------------------------------------------------

    def daily_entries(self, day: str, rules_label: str) -> list[DailyEntry]:
        """Everyone on the board of ``day`` under ``rules_label``, in joining order."""
        with self.database.transaction() as tx:
            rows = tx.all(
                "SELECT d.player_id, d.name, d.game_id, d.strokes FROM daily_entries d "
                "JOIN games g ON g.id = d.game_id WHERE d.day = ? AND d.rules_label = ? "
                "ORDER BY g.created_at",
                (day, rules_label),
            )
        return [DailyEntry(str(p), str(n), str(g), optional_int(s)) for p, n, g, s in rows]

    def daily_deal(self, day: str, rules_label: str) -> dict[str, Any] | None:
        """The deal identity the games on a day's board were dealt, or ``None`` if none."""
        with self.database.transaction() as tx:
            deal = tx.text(
                "SELECT g.deal_json FROM daily_entries d JOIN games g ON g.id = d.game_id "
                "WHERE d.day = ? AND d.rules_label = ? ORDER BY g.created_at LIMIT 1",
                (day, rules_label),
            )
        return None if deal is None else dict(json.loads(deal))

    def daily_game(self, day: str, rules_label: str, player_id: str) -> str | None:
        """The player's game on that day's board, or ``None``."""
        with self.database.transaction() as tx:
            return tx.text(_DAILY_GAME, (day, rules_label, player_id))
