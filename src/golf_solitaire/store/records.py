"""The plain values the store hands out: players, stored games, rounds and statistics."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Final

ABANDONED: Final = "abandoned"
"""The termination of a hand the player left unfinished: a loss."""
ABANDONED_UNWINNABLE: Final = "abandoned_unwinnable"
"""A hand left unfinished whose deal was proved unwinnable: not counted at all."""


@dataclass(frozen=True, slots=True)
class Player:
    """A player: a public id, and the secret token that proves who they are (given once)."""

    id: str
    token: str


@dataclass(frozen=True, slots=True)
class StoredGame:
    """A game as stored: its record (moves up to the current position) and the redo list.

    ``redo`` holds the moves undone, the next one to redo first; ``termination`` and
    ``strokes`` are set once the hand is finished.
    """

    id: str
    player_id: str
    record: dict[str, Any]
    redo: tuple[str, ...]
    created_at: str
    updated_at: str
    finished_at: str | None
    termination: str | None
    strokes: int | None
    round_id: str | None
    hole: int | None
    redo_times: tuple[str, ...] = ()
    """When each move of ``redo`` was first made, in the same order."""
    on_a_board: bool = False
    """True for a game of a competition or a daily board: only the competitions service may
    change it (it keeps the scores and the boards), never a casual face."""

    @property
    def is_finished(self) -> bool:
        """True once ``finish_game`` recorded the hand's end."""
        return self.finished_at is not None


@dataclass(frozen=True, slots=True)
class StoredRound:
    """A round of 9 or 18 holes: its rules, first deal number, and the games of its holes."""

    id: str
    player_id: str
    holes: int
    rules: dict[str, Any]
    rules_label: str
    first_deal: int
    created_at: str
    games: tuple[StoredGame, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class PresetStatistics:
    """A player's results under one rules preset (finished hands only; lower strokes win)."""

    rules: str
    games: int
    wins: int
    best: int | None
    average: float | None
    current_streak: int
    best_streak: int
    abandoned: int = 0
    """Hands left unfinished (counted as losses; those of unwinnable deals are not here)."""

    @property
    def win_rate(self) -> float:
        """Wins divided by games (0.0 before any game)."""
        return self.wins / self.games if self.games else 0.0

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible form."""
        return {
            "rules": self.rules,
            "games": self.games,
            "wins": self.wins,
            "win_rate": round(self.win_rate, 4),
            "best": self.best,
            "average": None if self.average is None else round(self.average, 2),
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "abandoned": self.abandoned,
        }


def summarize(rules: str, results: list[tuple[str, int]]) -> PresetStatistics:
    """Statistics from finished hands in time order, each as (termination, strokes)."""
    wins = 0
    streak = 0
    best_streak = 0
    for termination, _ in results:
        if termination == "cleared":
            wins += 1
            streak += 1
            best_streak = max(best_streak, streak)
        else:
            streak = 0
    strokes = [value for termination, value in results if termination != ABANDONED]
    return PresetStatistics(
        rules=rules,
        games=len(results),
        wins=wins,
        best=min(strokes) if strokes else None,
        average=sum(strokes) / len(strokes) if strokes else None,
        current_streak=streak,
        best_streak=best_streak,
        abandoned=sum(1 for termination, _ in results if termination == ABANDONED),
    )


@dataclass(frozen=True, slots=True)
class DailyResult:
    """A player's casual games of one day's daily deal under one rules preset."""

    date: str
    deal: int
    rules: str
    games: int
    best: int | None
    cleared: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-compatible form."""
        return {
            "date": self.date,
            "deal": self.deal,
            "rules": self.rules,
            "games": self.games,
            "best": self.best,
            "cleared": self.cleared,
        }


def daily_results(rows: list[tuple[Any, ...]]) -> list[DailyResult]:
    """One result per (day, preset) from rows of (deal JSON, rules label, termination, strokes),
    newest day first; the best is the fewest strokes of a hand played to its end."""
    grouped: dict[tuple[str, str], list[tuple[int, str | None, int | None]]] = {}
    for deal_json, label, termination, strokes in rows:
        deal = json.loads(deal_json)
        grouped.setdefault((str(deal["daily"]), str(label)), []).append(
            (int(deal["number"]), termination, strokes)
        )
    results = []
    for (day, label), games in grouped.items():
        played = [int(s) for _, t, s in games if t in ("cleared", "stuck") and s is not None]
        results.append(
            DailyResult(
                date=day,
                deal=games[0][0],
                rules=label,
                games=len(games),
                best=min(played) if played else None,
                cleared=any(t == "cleared" for _, t, _ in games),
            )
        )
    by_rules = sorted(results, key=lambda result: result.rules)
    return sorted(by_rules, key=lambda result: result.date, reverse=True)
