"""The database schema as numbered migrations, applied in order at start.

The table ``schema_version`` holds the last version applied. A feature that needs tables
adds a migration at the end of ``MIGRATIONS`` (never edits an applied one); ``migrate``
brings any database up to date in one transaction per migration. The SQL is portable
between SQLite and PostgreSQL: TEXT and BIGINT columns, ids made by the program.
"""

from __future__ import annotations

from typing import Final

from golf_solitaire.store.database import Database, StoreError, Transaction

BIGINT_MAX: Final = 2**63 - 1
"""The largest whole number a BIGINT column holds (SQLite's INTEGER and PostgreSQL's)."""

MIGRATIONS: Final[list[tuple[int, tuple[str, ...]]]] = [
    (
        1,
        (
            """CREATE TABLE players (
                id TEXT PRIMARY KEY,
                token_hash TEXT NOT NULL UNIQUE,
                created_at TEXT NOT NULL
            )""",
            """CREATE TABLE rounds (
                id TEXT PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES players(id),
                holes BIGINT NOT NULL,
                rules_label TEXT NOT NULL,
                rules_json TEXT NOT NULL,
                first_deal BIGINT NOT NULL,
                created_at TEXT NOT NULL
            )""",
            """CREATE TABLE games (
                id TEXT PRIMARY KEY,
                player_id TEXT NOT NULL REFERENCES players(id),
                rules_label TEXT NOT NULL,
                rules_json TEXT NOT NULL,
                deal_json TEXT NOT NULL,
                competitive BIGINT NOT NULL,
                meta_json TEXT NOT NULL,
                position BIGINT NOT NULL,
                round_id TEXT REFERENCES rounds(id),
                hole BIGINT,
                created_at TEXT NOT NULL,
                updated_at TEXT NOT NULL,
                finished_at TEXT,
                termination TEXT,
                strokes BIGINT
            )""",
            "CREATE INDEX games_by_player ON games (player_id, created_at)",
            "CREATE INDEX games_by_round ON games (round_id, hole)",
            """CREATE TABLE moves (
                game_id TEXT NOT NULL REFERENCES games(id),
                idx BIGINT NOT NULL,
                move TEXT NOT NULL,
                played_at TEXT NOT NULL,
                PRIMARY KEY (game_id, idx)
            )""",
        ),
    ),
    (
        2,
        (
            """CREATE TABLE competitions (
                id TEXT PRIMARY KEY,
                code TEXT NOT NULL UNIQUE,
                name TEXT NOT NULL,
                holes BIGINT NOT NULL,
                rules_json TEXT NOT NULL,
                rules_label TEXT NOT NULL,
                deals TEXT NOT NULL,
                first_deal BIGINT NOT NULL,
                day TEXT,
                match_play BIGINT NOT NULL,
                created_at TEXT NOT NULL,
                finished_at TEXT,
                decided_by TEXT
            )""",
            """CREATE TABLE competition_holes (
                competition_id TEXT NOT NULL REFERENCES competitions(id),
                hole BIGINT NOT NULL,
                deal_json TEXT NOT NULL,
                PRIMARY KEY (competition_id, hole)
            )""",
            """CREATE TABLE competition_players (
                competition_id TEXT NOT NULL REFERENCES competitions(id),
                player_id TEXT NOT NULL REFERENCES players(id),
                name TEXT NOT NULL,
                name_key TEXT NOT NULL,
                joined_at TEXT NOT NULL,
                PRIMARY KEY (competition_id, player_id),
                UNIQUE (competition_id, name_key)
            )""",
            """CREATE TABLE competition_games (
                competition_id TEXT NOT NULL REFERENCES competitions(id),
                player_id TEXT NOT NULL REFERENCES players(id),
                hole BIGINT NOT NULL,
                game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
                strokes BIGINT,
                PRIMARY KEY (competition_id, player_id, hole)
            )""",
            """CREATE TABLE daily_entries (
                day TEXT NOT NULL,
                rules_label TEXT NOT NULL,
                player_id TEXT NOT NULL REFERENCES players(id),
                name TEXT NOT NULL,
                game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
                strokes BIGINT,
                finished_at TEXT,
                PRIMARY KEY (day, rules_label, player_id)
            )""",
            """CREATE TABLE board_versions (
                board TEXT PRIMARY KEY,
                version BIGINT NOT NULL
            )""",
        ),
    ),
    (
        3,
        (
            # Counts the changes of a competition or daily game: a server that cached the
            # game at revision N may add a move with one statement ``WHERE revision = N``.
            "ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0",
        ),
    ),
    (
        4,
        (
            # Ranked deals come from secrets: each competition's own (drawn when it is
            # created; older competitions get one for their playoff holes when needed) and
            # the server's daily key, made once and shared by every server process.
            "ALTER TABLE competitions ADD COLUMN deal_secret TEXT",
            """CREATE TABLE server_keys (
                name TEXT PRIMARY KEY,
                value TEXT NOT NULL,
                created_at TEXT NOT NULL
            )""",
            # A casual game is refused a deal still hidden in a competition: looked up by deal.
            "CREATE INDEX competition_holes_by_deal ON competition_holes (deal_json)",
        ),
    ),
]
"""(version, statements): the whole history of the schema, oldest first."""

LATEST_VERSION: Final = MIGRATIONS[-1][0]


MIGRATION_LOCK: Final = 7_246_531
"""The PostgreSQL advisory lock key that makes servers starting together migrate in turn."""


def _serialize(database: Database, tx: Transaction) -> None:
    """Wait for any other process migrating the same PostgreSQL database (SQLite locks itself)."""
    if database.kind == "postgresql":
        tx.execute("SELECT pg_advisory_xact_lock(?)", (MIGRATION_LOCK,))


def schema_version(database: Database) -> int:
    """The version the database is at (0 for an empty database)."""
    with database.transaction() as tx:
        _serialize(database, tx)
        tx.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
        row = tx.one("SELECT MAX(version) FROM schema_version")
    return int(row[0]) if row and row[0] is not None else 0


def migrate(database: Database) -> int:
    """Apply every migration the database lacks; returns the version reached."""
    current = schema_version(database)
    if current > LATEST_VERSION:
        raise StoreError(
            f"database schema is version {current}, newer than this program's "
            f"{LATEST_VERSION}: upgrade golf-solitaire"
        )
    for version, statements in MIGRATIONS:
        if version <= current:
            continue
        with database.transaction() as tx:
            _serialize(database, tx)
            row = tx.one("SELECT MAX(version) FROM schema_version")
            if row and row[0] is not None and int(row[0]) >= version:
                continue
            for statement in statements:
                tx.execute(statement)
            tx.execute("INSERT INTO schema_version (version) VALUES (?)", (version,))
        current = version
    return current
