"""Competitions as a service: create with a join code, join, play the holes, the boards.

The server owns every game: a player sends moves, never scores. Strokes come from
replaying the player's own stored moves through the engine in competitive mode (no undo
of a draw, no hints, the stock order never shown).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections import Counter, OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from golf_solitaire.competitions.holes import DEAL_SOURCES, NeedsSolverError, hole_deal, round_deals
from golf_solitaire.competitions.leaderboard import build_board
from golf_solitaire.competitions.names import clean_name
from golf_solitaire.competitions.reveal import revealed_daily, revealed_holes
from golf_solitaire.game import Game
from golf_solitaire.moves import Move
from golf_solitaire.reasons import IllegalMoveError
from golf_solitaire.rounds import COMPETITION_LENGTHS, LAST_ROUND_START, to_par_text
from golf_solitaire.rules import PRESETS, Rules
from golf_solitaire.secret_deals import new_secret
from golf_solitaire.service import restore_line
from golf_solitaire.store import NotFoundError, Store
from golf_solitaire.store.competitions import (
    Change,
    CompetitionRow,
    CompetitionStore,
    GameLine,
    competition_board,
    daily_board,
)
from golf_solitaire.store.schema import BIGINT_MAX

MAX_COMPETITION_NAME: Final = 60
LAST_FIRST: Final = min(LAST_ROUND_START, BIGINT_MAX)
"""The highest deal number a request may name (a BIGINT column): the range a client's
``deal_number`` is checked against before it is refused (deals are secret)."""
CREATE_DEFAULTS: Final[Mapping[str, object]] = {
    "name": None,
    "holes": 9,
    "rules": "strict",
    "deals": "number",
    "match_play": False,
}
"""The settings of a new competition and their defaults."""
GAME_CACHE_SIZE: Final = 5000

__all__ = ["CompetitionService", "NeedsSolverError", "UnknownPlayerError"]


@dataclass(slots=True)
class _Cached:
    """A game as the server last saw it: whose it is, at which stored revision."""

    player_id: str
    revision: int
    game: Game


class UnknownPlayerError(LookupError):
    """A request without a valid player token."""


def _today() -> dt.date:
    return dt.datetime.now(dt.UTC).date()


def _withheld(summary: dict[str, Any]) -> bool:
    """Whether a finished competition still withholds a hole's deal (a ranked daily deal)."""
    return any(hole["number"] is None for hole in summary["hole_deals"] or ())


def _preset(name: object) -> Rules:
    if not isinstance(name, str) or name not in PRESETS:
        raise ValueError(f"rules: unknown preset {name!r} (choose {', '.join(PRESETS)})")
    return Rules.named(name)


class CompetitionService:
    """Competitions and daily boards on one store; safe to share between threads."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.data = CompetitionStore(store.database)
        self._lock = threading.Lock()
        self._games: OrderedDict[str, _Cached] = OrderedDict()
        self._tokens: OrderedDict[str, str] = OrderedDict()
        self._boards: dict[str, tuple[int, dict[str, Any]]] = {}
        self._building: dict[str, threading.Lock] = {}

    # Players ----------------------------------------------------------------------

    def player(self, token: str | None) -> str:
        """The player id proven by ``token``; UnknownPlayerError otherwise."""
        if not token:
            raise UnknownPlayerError("X-Golf-Token: missing (join a competition first)")
        with self._lock:
            known = self._tokens.get(token)
        if known is not None:
            return known
        player_id = self.store.player_by_token(token)
        if player_id is None:
            raise UnknownPlayerError("X-Golf-Token: unknown player token")
        with self._lock:
            self._tokens[token] = player_id
            while len(self._tokens) > 100_000:
                self._tokens.popitem(last=False)
        return player_id

    def known_player(self, token: str | None) -> str | None:
        """The player id of ``token`` if this process has seen it, else ``None``."""
        with self._lock:
            return self._tokens.get(token) if token else None

    def _player_or_new(self, token: str | None) -> tuple[str, str | None]:
        if token:
            return self.player(token), None
        created = self.store.create_player()
        return created.id, created.token

    # Competitions -----------------------------------------------------------------

    def create(
        self, settings: Mapping[str, object], *, today: dt.date | None = None
    ) -> dict[str, Any]:
        """A new competition from ``settings`` (the fields of ``CREATE_DEFAULTS``, each
        optional but the name); returns its public view with the join code."""
        if "deal_number" in settings:
            raise ValueError(
                "deal_number: a competition's deals are drawn in secret by the server and "
                "shown once it is finished (to play a numbered deal, start a casual game)"
            )
        unknown = sorted(set(settings) - set(CREATE_DEFAULTS))
        if unknown:
            raise ValueError(
                f"{unknown[0]}: unknown field (expected {', '.join(sorted(CREATE_DEFAULTS))})"
            )
        fields = {**CREATE_DEFAULTS, **settings}
        title, _ = clean_name(fields["name"], "name")
        if len(title) > MAX_COMPETITION_NAME:
            raise ValueError(f"name: at most {MAX_COMPETITION_NAME} characters")
        holes = fields["holes"]
        if type(holes) is not int or holes not in COMPETITION_LENGTHS:
            raise ValueError(f"holes: a competition has 3, 9 or 18 holes, not {holes!r}")
        play_rules = _preset(fields["rules"])
        deals = fields["deals"]
        if deals not in DEAL_SOURCES:
            raise ValueError(f"deals: unknown choice {deals!r} (choose {', '.join(DEAL_SOURCES)})")
        match_play = fields["match_play"]
        if not isinstance(match_play, bool):
            raise ValueError("match_play: expected true or false")
        date = today or _today()
        day = date.isoformat() if deals == "daily" else None
        daily = self.store.ranked.daily_number(date) if deals == "daily" else None
        secret = new_secret()
        hole_deals = round_deals(str(deals), play_rules, secret, holes, daily)
        row = self.data.create(
            name=title,
            holes=holes,
            rules=play_rules.to_dict(),
            rules_label=play_rules.label,
            deals=str(deals),
            first_deal=0,  # older competitions' first deal; these come from the secret
            day=day,
            match_play=match_play,
            hole_deals=hole_deals,
            deal_secret=secret,
        )
        return self._summary(row)

    def _summary(self, row: CompetitionRow) -> dict[str, Any]:
        """The competition's public view: never a deal while it is open (``hole_deals`` is
        ``None`` until it is finished, then each hole's deal, or the day it is shown)."""
        shown = None
        if row.finished_at is not None:
            shown = revealed_holes(row, self.data.hole_deals(row.id), _today())
        return {
            "code": row.code,
            "name": row.name,
            "holes": row.holes,
            "rules": Rules.from_dict(row.rules).name,
            "rules_label": row.rules_label,
            "deals": row.deals,
            "hole_deals": shown,
            "day": row.day,
            "match_play": row.match_play,
            "created_at": row.created_at,
            "finished_at": row.finished_at,
        }

    def competition(self, code: object) -> CompetitionRow:
        """The competition with join code ``code`` (any case); NotFoundError otherwise."""
        if not isinstance(code, str) or not 1 <= len(code) <= 16:
            raise NotFoundError(f"code: no competition has the join code {code!r}")
        return self.data.by_code(code.strip().upper())

    def join(self, code: object, name: object, token: str | None) -> dict[str, Any]:
        """Join under a display name; a new player (and token) unless ``token`` is given."""
        competition = self.competition(code)
        shown, key = clean_name(name)
        player_id, new_token = self._player_or_new(token)
        self.data.join(competition, player_id, shown, key)
        reply: dict[str, Any] = {"player_id": player_id, "name": shown, "code": competition.code}
        if new_token is not None:
            reply["token"] = new_token
        return reply

    def board(self, code: object) -> dict[str, Any]:
        """The competition with its leaderboard and version (cached per version).

        One board is built at a time per competition: requests that come while it is built
        get that build when it is as new as the version they read."""
        competition = self.competition(code)
        board_key = competition_board(competition.id)
        version = self.data.versions([board_key])[board_key]
        cached = self._cached_board(board_key, version)
        if cached is not None:
            return cached
        with self._lock:
            building = self._building.setdefault(board_key, threading.Lock())
        with building:
            cached = self._cached_board(board_key, version)
            if cached is not None:
                return cached
            board = build_board(
                competition, self.data.members(competition.id), self.data.scores(competition.id)
            )
            decided = board["phase"] == "finished" and competition.finished_at is None
            if not decided:
                if board["phase"] == "playoff":
                    self._ensure_playoff_deal(competition, int(board["playoff"]["hole"]))
                summary = self._summary(competition)
                reply = {"competition": summary, "version": version, **board}
                if not _withheld(summary):  # a reveal still to come is shown when it comes
                    with self._lock:
                        self._boards[board_key] = (version, reply)
                return reply
        self.data.finish(competition.id, str(board["decided"]))
        return self.board(code)

    def _cached_board(self, board_key: str, version: int) -> dict[str, Any] | None:
        with self._lock:
            cached = self._boards.get(board_key)
        return cached[1] if cached is not None and cached[0] >= version else None

    def _ensure_playoff_deal(self, competition: CompetitionRow, hole: int) -> None:
        if self.data.hole_deal(competition.id, hole) is not None:
            return
        secret = competition.deal_secret or self.data.deal_secret(competition.id, new_secret())
        rules = Rules.from_dict(competition.rules)
        self.data.add_hole_deal(
            competition.id, hole, hole_deal(competition.deals, rules, secret, hole)
        )

    def play(self, code: object, player_id: str) -> dict[str, Any]:
        """The player's game to play now (started if needed), or why there is none.

        Only the player's own holes are read while they have round holes to play; the
        leaderboard is worked out when the round is over for them (playoff or waiting).
        """
        competition = self.competition(code)
        name, started = self.data.entry(competition.id, player_id)
        if competition.finished_at is not None:
            return {"state": "finished", "board": self.board(code)}
        playing = [hole for hole, (_, strokes) in started.items() if strokes is None]
        done = sum(
            1
            for hole, (_, strokes) in started.items()
            if hole <= competition.holes and strokes is not None
        )
        if playing:
            hole = min(playing)
        elif done < competition.holes:
            hole = done + 1
        else:
            board = self.board(code)
            if board["phase"] == "finished":
                return {"state": "finished", "board": board}
            if board["phase"] == "playoff" and player_id in board["playoff"]["player_ids"]:
                hole = int(board["playoff"]["hole"])
            else:
                return {"state": "waiting", "board": board}
        game_id = started[hole][0] if hole in started else None
        if game_id is None:
            deal = self.data.hole_deal(competition.id, hole)
            if deal is None:
                raise NotFoundError(f"hole: {hole} has no deal yet")
            daily = None
            if competition.deals == "daily" and hole == 1 and competition.day is not None:
                daily = (competition.day, competition.rules_label, name)
            game_id = self.data.start_game(
                player_id,
                rules=competition.rules,
                rules_label=competition.rules_label,
                deal=deal,
                competition_id=competition.id,
                hole=hole,
                daily=daily,
            )
        return {"state": "playing", "game": self.game_view(game_id, player_id), "hole": hole}

    # Games ------------------------------------------------------------------------

    def _take(self, game_id: str, player_id: str) -> _Cached | None:
        """The cached game, taken out of the cache while one request works on it."""
        with self._lock:
            entry = self._games.pop(game_id, None)
        return entry if entry is not None and entry.player_id == player_id else None

    def _keep(self, game_id: str, entry: _Cached) -> None:
        with self._lock:
            self._games[game_id] = entry
            while len(self._games) > GAME_CACHE_SIZE:
                self._games.popitem(last=False)

    def _replayed(self, line: GameLine, player_id: str) -> Game:
        """The game of ``line``: the cached one if it is at the same revision, else replayed
        from the stored moves. The caller keeps it (``_keep``) once done with it."""
        entry = self._take(line.id, player_id)
        if entry is not None and entry.revision == line.revision:
            return entry.game
        return restore_line(line)

    def game_view(self, game_id: str, player_id: str) -> dict[str, Any]:
        """What the player sees of their game: the table (no stock order), index, result."""
        line = self.data.game_line(game_id, player_id)
        game = self._replayed(line, player_id)
        self._keep(game_id, _Cached(player_id, line.revision, game))
        return self._view(game_id, game)

    def _view(self, game_id: str, game: Game) -> dict[str, Any]:
        outcome = game.outcome
        return {
            "game_id": game_id,
            "index": game.move_count,
            "table": {
                **game.observation().to_dict(),
                "layout": game.deal.layout.name,
                "has_stock": game.deal.layout.has_stock,
                "rows": [list(row) for row in game.deal.layout.rows],
                "offsets": list(game.deal.layout.offsets),
            },
            "can_undo": game.can_undo,
            "finished": outcome is not None,
            "strokes": None if outcome is None else outcome.strokes,
            "cleared": outcome is not None and game.is_won,
        }

    def move(self, game_id: str, player_id: str, move: object, index: object) -> dict[str, Any]:
        """Make ``move`` at move number ``index`` in the player's game; the new view."""
        if not isinstance(move, str) or len(move) > 8:
            raise ValueError('move: expected a move text like "3" or "d"')
        parsed = Move.parse(move)
        return self._change(game_id, player_id, index, parsed)

    def undo(self, game_id: str, player_id: str, index: object) -> dict[str, Any]:
        """Take back the last play (never a draw: competitive); the new view."""
        return self._change(game_id, player_id, index, None)

    def _change(
        self, game_id: str, player_id: str, index: object, move: Move | None
    ) -> dict[str, Any]:
        if not isinstance(index, int) or isinstance(index, bool) or index < 0:
            raise ValueError(f"index: expected the move number (0 or more), not {index!r}")
        if move is not None:
            quick = self._quick_move(game_id, player_id, index, move)
            if quick is not None:
                return quick
        played: list[Game] = []

        def check(line: GameLine) -> Change:
            game = self._replayed(line, player_id)
            played.append(game)
            if move is None:
                game.undo()
                return Change(None)
            game.apply(move)
            outcome = game.outcome
            if outcome is None:
                return Change(str(move))
            return Change(str(move), outcome.termination.value, outcome.strokes)

        line, change = self.data.change_game(game_id, player_id, index, check)
        self._keep(game_id, _Cached(player_id, line.revision + 1, played[0]))
        if change.termination is not None and line.competition_id is not None:
            self._settle(line.competition_id, line.hole)
        return self._view(game_id, played[0])

    def _quick_move(
        self, game_id: str, player_id: str, index: int, move: Move
    ) -> dict[str, Any] | None:
        """The usual move: checked on the cached game, written in one statement guarded by
        the game's revision. ``None`` when that cannot be done (nothing cached, a stale or
        illegal move, the hand's last move, a change made elsewhere): the full path then
        reads the game and says what is wrong, if anything."""
        checked = self._quick_check(game_id, player_id, index, move)
        if checked is None:
            return None
        added = self.data.add_move(game_id, player_id, checked.revision, index, str(move))
        return self._quick_done(game_id, checked, added)

    async def quick_move(
        self, game_id: str, player_id: str, move: object, index: object
    ) -> dict[str, Any] | None:
        """``move`` the usual way, awaited on the event loop (no worker thread): the new
        view, or ``None`` whenever the full path is needed (``move`` says what is wrong)."""
        if not isinstance(move, str) or not isinstance(index, int) or isinstance(index, bool):
            return None
        try:
            parsed = Move.parse(move)
        except ValueError:
            return None
        checked = self._quick_check(game_id, player_id, index, parsed)
        if checked is None:
            return None
        added = await self.data.add_move_awaited(
            game_id, player_id, checked.revision, index, str(parsed)
        )
        return self._quick_done(game_id, checked, added)

    def _quick_check(self, game_id: str, player_id: str, index: int, move: Move) -> _Cached | None:
        """The cached game with ``move`` made on it (taken out of the cache: ``_quick_done``
        puts it back), if the move is legal there and does not end the hand."""
        entry = self._take(game_id, player_id)
        if entry is None or entry.game.move_count != index:
            return None
        try:
            entry.game.apply(move)
        except IllegalMoveError:
            return None
        return None if entry.game.is_over else entry

    def _quick_done(self, game_id: str, entry: _Cached, added: bool) -> dict[str, Any] | None:
        """Keep the game moved on once its move is stored; ``None`` if it was not."""
        if not added:
            return None
        self._keep(game_id, _Cached(entry.player_id, entry.revision + 1, entry.game))
        return self._view(game_id, entry.game)

    def _settle(self, competition_id: str, hole: int | None) -> None:
        """After a hand ends on the round's last hole, a playoff hole, or any hole of a
        match: decide the competition or open the next playoff hole. A round is decided
        only once every member has finished its last hole: until then the board is not
        built here (a big board costs, and hundreds of players finish one by one)."""
        row = self.data.settling(competition_id)
        if row is None:
            return
        code, holes, match_play, round_over = row
        if match_play or hole is None or hole > holes or (hole == holes and round_over):
            self.board(code)

    # Daily boards -----------------------------------------------------------------

    def daily_join(
        self, name: object, rules: object, token: str | None, today: dt.date | None = None
    ) -> dict[str, Any]:
        """Play today's ranked daily deal under ``name``: put on today's board, once per
        player. The deal comes from the server's daily key (never ``Deal.daily``, which is
        public) and is shown once the day is over."""
        shown, _ = clean_name(name)
        play_rules = _preset(rules)
        date = today or _today()
        day = date.isoformat()
        player_id, new_token = self._player_or_new(token)
        game_id = self.data.daily_game(day, play_rules.label, player_id)
        if game_id is None:
            game_id = self.data.start_game(
                player_id,
                rules=play_rules.to_dict(),
                rules_label=play_rules.label,
                deal={"number": self.store.ranked.daily_number(date)},
                daily=(day, play_rules.label, shown),
            )
        reply: dict[str, Any] = {
            "player_id": player_id,
            "day": day,
            "game": self.game_view(game_id, player_id),
        }
        if new_token is not None:
            reply["token"] = new_token
        return reply

    def daily(self, day: object, rules: object, today: dt.date | None = None) -> dict[str, Any]:
        """The board of ``day`` (YYYY-MM-DD) under a preset: finished players by strokes, and
        the ranked deal once it is revealed (``deal_number`` and ``deal_link``; until then
        ``None`` and ``shown_from``, the first day it is shown). A day not yet begun has no
        board."""
        if not isinstance(day, str):
            raise ValueError("day: expected a date as YYYY-MM-DD")
        try:
            date = dt.date.fromisoformat(day)
        except ValueError:
            raise ValueError(f"day: expected a date as YYYY-MM-DD, not {day!r}") from None
        if date > (today or _today()):
            raise ValueError(f"day: {date.isoformat()} has not begun yet (UTC)")
        play_rules = _preset(rules)
        label = play_rules.label
        key = daily_board(date.isoformat(), label)
        version = self.data.versions([key])[key]
        entries = self.data.daily_entries(date.isoformat(), label)
        finished = sorted(
            (entry for entry in entries if entry.strokes is not None),
            key=lambda entry: entry.strokes if entry.strokes is not None else 0,
        )
        values = [entry.strokes for entry in finished]
        first = {value: len(values) - index for index, value in enumerate(reversed(values))}
        shared = Counter(values)
        lines = []
        for entry in finished:
            assert entry.strokes is not None
            lines.append(
                {
                    "position": first[entry.strokes],
                    "tied": shared[entry.strokes] > 1,
                    "player_id": entry.player_id,
                    "name": entry.name,
                    "strokes": entry.strokes,
                    "to_par_text": to_par_text(entry.strokes - 5),
                }
            )
        return {
            "day": date.isoformat(),
            "rules": play_rules.name,
            "rules_label": label,
            **revealed_daily(
                date,
                today or _today(),
                lambda: self.data.daily_deal(date.isoformat(), label),
                lambda: self.store.ranked.daily_number(date),
                play_rules,
            ),
            "version": version,
            "standings": lines,
            "playing": [
                {"player_id": entry.player_id, "name": entry.name}
                for entry in entries
                if entry.strokes is None
            ],
        }

    def board_key(self, code: object) -> str:
        """The version key of a competition's board (for live updates)."""
        return competition_board(self.competition(code).id)
