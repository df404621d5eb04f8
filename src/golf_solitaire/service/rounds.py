"""Rounds of 9 or 18 holes: start one, start its next hole, and its score card, scored by the
core's ``Round`` (strokes per hole, total, par) for every face."""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.game import Game
from golf_solitaire.rounds import Round, hole_deal, hole_numbers
from golf_solitaire.rules import Rules
from golf_solitaire.service.play import Abandonments, GamePlay, start_game
from golf_solitaire.store import Store, StoredRound


class RoundError(ValueError):
    """A hole asked for out of turn; the message names what is wrong."""


@dataclass(frozen=True, slots=True)
class HoleResult:
    """One hole of a score card: its deal, its game (if started) and its strokes once over."""

    hole: int
    deal: int
    game_id: str | None
    strokes: int | None
    finished: bool


@dataclass(frozen=True, slots=True)
class ScoreCard:
    """A stored round as the core scores it: ``round`` holds the strokes of the holes played."""

    stored: StoredRound
    round: Round
    holes: tuple[HoleResult, ...]

    @property
    def current_game_id(self) -> str | None:
        """The game of the hole in play, if one is started and not over."""
        return next(
            (hole.game_id for hole in self.holes if hole.game_id and not hole.finished), None
        )


def score_card(stored: StoredRound, *, leaving_out: str | None = None) -> ScoreCard:
    """The score card of ``stored``: every hole's deal, game and strokes, and the core's
    ``Round`` of the holes finished (``leaving_out`` a game: the one being played again)."""
    by_hole = {game.hole: game for game in stored.games}
    numbers = hole_numbers(Rules.from_dict(stored.rules), stored.first_deal, stored.holes)
    holes = []
    for hole, number in enumerate(numbers, start=1):
        game = by_hole.get(hole)
        finished = game is not None and game.is_finished and game.id != leaving_out
        holes.append(
            HoleResult(
                hole=hole,
                deal=number,
                game_id=None if game is None else game.id,
                strokes=None if game is None else game.strokes,
                finished=finished,
            )
        )
    strokes = [hole.strokes for hole in holes if hole.finished and hole.strokes is not None]
    return ScoreCard(stored, Round(holes=stored.holes, strokes=strokes), tuple(holes))


def start_round(
    store: Store,
    abandonments: Abandonments,
    player_id: str,
    *,
    holes: int,
    rules: Rules,
    first_deal: int,
    hole: int = 1,
    game: Game | None = None,
) -> tuple[str, GamePlay]:
    """Store a new round and the game of its hole ``hole`` (the first, unless a face took a
    round up part-way; ``game`` when the face dealt it already): the round's id and that game."""
    Round(holes=holes)  # a ValueError naming ``holes`` for a length no round has
    round_id = store.create_round(
        player_id, holes=holes, rules=rules.to_dict(), first_deal=first_deal
    )
    game = game or Game(hole_deal(rules, first_deal, hole))
    play, _ = start_game(store, abandonments, player_id, game, round_id=round_id, hole=hole)
    return round_id, play


def next_hole(store: Store, abandonments: Abandonments, player_id: str, round_id: str) -> GamePlay:
    """Start the next hole of a round once the current one is over (``RoundError`` else)."""
    stored = store.load_round(round_id, player_id)
    if stored.games and not stored.games[-1].is_finished:
        raise RoundError(f"hole: hole {len(stored.games)} is not finished yet")
    if len(stored.games) >= stored.holes:
        raise RoundError(f"hole: the round's {stored.holes} holes are all played")
    hole = len(stored.games) + 1
    deal = hole_deal(Rules.from_dict(stored.rules), stored.first_deal, hole)
    play, _ = start_game(store, abandonments, player_id, Game(deal), round_id=round_id, hole=hole)
    return play
