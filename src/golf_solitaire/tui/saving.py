"""Keeping the terminal's games in the store the browser game uses, one write per move.

A game is stored as its record (the service stores each move, undo and redo), so
``golf play --resume`` rebuilds the exact position, redo list included, by replaying moves.
The time played is kept in the game's meta when the player leaves a hand, so the clock
goes on from the same second. The terminal's player is remembered in a small file in the
user's config folder.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.rounds import Round, hole_deal, hole_numbers
from golf_solitaire.rules import Rules
from golf_solitaire.service import Analyst
from golf_solitaire.service.play import Abandonments, GamePlay, start_game
from golf_solitaire.service.rounds import next_hole, score_card, start_round
from golf_solitaire.store import PresetStatistics, Store, StoredGame

ELAPSED = "elapsed"
"""The meta key of the seconds a hand has been played in the terminal."""

ELAPSED_AT = "elapsed_at"
"""The meta key of when ``ELAPSED`` was written (ISO 8601, UTC)."""

PLAYER_FILE = "terminal-player.json"
"""The file, in the user's config folder, naming the terminal's player in each store."""


def player_file() -> Path:
    """Where the terminal's player id and token are kept (``user_config_dir``)."""
    return Path(platformdirs.user_config_dir("golf-solitaire")) / PLAYER_FILE


def _read_players(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        raise ValueError(f"{path}: cannot read the terminal's player file ({error})") from None
    players = data.get("players") if isinstance(data, dict) else None
    if not isinstance(players, dict):
        raise ValueError(f"{path}: not a player file (expected an object with 'players')")
    return players


def terminal_player(store: Store, path: Path | None = None) -> str:
    """The id of this terminal's player in ``store``, created and remembered on first use."""
    path = path or player_file()
    players = _read_players(path)
    known = players.get(store.url)
    if isinstance(known, dict):
        token = known.get("token")
        if isinstance(token, str) and store.player_by_token(token) == known.get("id"):
            return str(known["id"])
    player = store.create_player()
    players[store.url] = {"id": player.id, "token": player.token}
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_suffix(".tmp")
    temporary.write_text(json.dumps({"players": players}, indent=2), encoding="utf-8")
    os.chmod(temporary, 0o600)
    temporary.replace(path)
    return player.id


@dataclass(slots=True)
class RoundPlay:
    """A round being played: the core's ``Round``, its first deal, rules and stored id."""

    round: Round
    first_deal: int
    rules: Rules
    round_id: str | None = None

    def deal_numbers(self) -> list[int]:
        """The deal number of every hole: the first deal, then the next numbers (the next
        winnable ones with winnable deals only)."""
        return hole_numbers(self.rules, self.first_deal, self.round.holes)

    def deal(self, hole: int) -> Deal:
        """The deal of hole ``hole`` by the round's rules."""
        return hole_deal(self.rules, self.first_deal, hole)


@dataclass(frozen=True, slots=True)
class Resumed:
    """An unfinished game taken up again: the game in play, its round, the seconds played."""

    play: GamePlay
    round_play: RoundPlay | None
    elapsed: float

    @property
    def game(self) -> Game:
        """The engine's game, at its exact position."""
        return self.play.game


class Saver:
    """Keeps a player's games in the store through the service: starts them (abandoning the
    hand left in play, judged as the browser's are), resumes the last, counts statistics."""

    def __init__(self, store: Store, player_id: str, analyst: Analyst | None = None) -> None:
        self.store = store
        self.player_id = player_id
        self.game_id: str | None = None
        self.abandonments = Abandonments(store, analyst or Analyst.installed())

    def start(self, game: Game, *, round_play: RoundPlay | None = None) -> GamePlay:
        """Store a new game, or the current hole of ``round_play`` (its first creates the
        round): the game in play."""
        if round_play is None:
            play, _ = start_game(self.store, self.abandonments, self.player_id, game)
        elif round_play.round_id is None:
            round_play.round_id, play = start_round(
                self.store,
                self.abandonments,
                self.player_id,
                holes=round_play.round.holes,
                rules=round_play.rules,
                first_deal=round_play.first_deal,
                hole=round_play.round.current_hole or 1,
                game=game,
            )
        else:
            play = next_hole(self.store, self.abandonments, self.player_id, round_play.round_id)
        self.game_id = play.game_id
        return play

    def timed(self, seconds: float) -> None:
        """Store the seconds the hand has been played so far (when the player leaves it)."""
        if self.game_id is not None:
            now = dt.datetime.now(dt.UTC).isoformat(timespec="microseconds")
            self.store.merge_meta(self.game_id, {ELAPSED: round(seconds, 3), ELAPSED_AT: now})

    def statistics(self) -> dict[str, PresetStatistics]:
        """The player's statistics per rules preset, as the store counts them for every face."""
        return self.abandonments.statistics(self.player_id)

    def resume(self) -> Resumed | None:
        """The last unfinished game, at its exact position with its redo list, or ``None``."""
        stored = self.store.latest_game(self.player_id, unfinished=True)
        if stored is None:
            return None
        self.game_id = stored.id
        play = GamePlay.restored(self.store, stored)
        return Resumed(play, self._round_of(stored), played_seconds(stored))

    def close(self) -> None:
        """Finish judging the hands abandoned, then close the store."""
        self.abandonments.close()
        self.store.close()

    def _round_of(self, stored: StoredGame) -> RoundPlay | None:
        if stored.round_id is None:
            return None
        saved = self.store.load_round(stored.round_id, self.player_id)
        return RoundPlay(
            score_card(saved, leaving_out=stored.id).round,
            first_deal=saved.first_deal,
            rules=Rules.from_dict(saved.rules),
            round_id=saved.id,
        )


def played_seconds(stored: StoredGame) -> float:
    """The seconds a stored hand has been played.

    The time written when the player left it, exactly; plus, should the terminal have died
    without writing it, the time from then (or from the start) to the last move made.
    """
    meta = stored.record.get("meta") or {}
    elapsed, since = meta.get(ELAPSED), meta.get(ELAPSED_AT)
    if not isinstance(elapsed, int | float) or not isinstance(since, str):
        elapsed, since = 0.0, stored.created_at
    stamps = [*stored.record.get("timestamps", ()), *stored.redo_times]
    try:
        start = dt.datetime.fromisoformat(since)
        last = max((dt.datetime.fromisoformat(str(stamp)) for stamp in stamps), default=start)
    except ValueError:
        return float(elapsed)
    return float(elapsed) + max(0.0, (last - start).total_seconds())
