"""Leaderboards from stored scores, through the pure rounds logic (standings, playoffs, match).

The result is plain JSON for every face: positions, names, per-hole cards, the playoff in
progress, the match status as a catalog code with its numbers, and how it was decided.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from golf_solitaire.rounds import Competition, MatchPlay, to_par_text
from golf_solitaire.store.competitions import CompetitionRow


def _cards(
    holes: int, scores: Sequence[tuple[str, int, int | None]]
) -> tuple[dict[str, list[int]], dict[int, dict[str, int]], dict[str, int]]:
    round_cards: dict[str, dict[int, int]] = {}
    playoffs: dict[int, dict[str, int]] = {}
    playing: dict[str, int] = {}
    for player, hole, strokes in scores:
        if strokes is None:
            playing[player] = hole
        elif hole <= holes:
            round_cards.setdefault(player, {})[hole] = strokes
        else:
            playoffs.setdefault(hole - holes, {})[player] = strokes
    cards = {}
    for player, by_hole in round_cards.items():
        line: list[int] = []
        for hole in range(1, holes + 1):
            if hole not in by_hole:
                break
            line.append(by_hole[hole])
        cards[player] = line
    return cards, playoffs, playing


def _match(
    competition: CompetitionRow, members: Sequence[tuple[str, str]], cards: dict[str, list[int]]
) -> dict[str, Any] | None:
    if not competition.match_play or len(members) != 2:
        return None
    (id_a, name_a), (id_b, name_b) = members
    match = MatchPlay(name_a, name_b, holes=competition.holes)
    for strokes_a, strokes_b in zip(cards.get(id_a, []), cards.get(id_b, []), strict=False):
        if match.status().finished:
            break
        match.record(strokes_a, strokes_b)
    status = match.status()
    return {
        "players": [name_a, name_b],
        "holes_won": list(match.holes_won()),
        "holes_played": len(match.results),
        "code": status.code,
        "leader": status.leader,
        "lead": status.lead,
        "to_play": status.to_play,
        "finished": status.finished,
        "text": status.text,
    }


def build_board(
    competition: CompetitionRow,
    members: Sequence[tuple[str, str]],
    scores: Sequence[tuple[str, int, int | None]],
) -> dict[str, Any]:
    """The leaderboard of ``competition`` from its members and (player, hole, strokes) rows.

    ``phase`` is ``waiting`` (nobody yet), ``playing``, ``playoff`` or ``finished``;
    ``decided`` says how the winner was found (``total``, ``playoff``, ``match``).
    """
    names = dict(members)
    cards, playoff_scores, playing = _cards(competition.holes, scores)
    board: dict[str, Any] = {
        "standings": [],
        "playoff": None,
        "match": None,
        "winner": None,
        "decided": None,
        "playoff_holes": 0,
        "phase": "waiting",
    }
    if not members:
        return board
    rounds = Competition(
        players=[player for player, _ in members],
        holes=competition.holes,
        scores={player: list(cards.get(player, [])) for player, _ in members},
    )
    while rounds.needs_playoff:
        contenders = rounds.playoff_players()
        hole = playoff_scores.get(len(rounds.playoffs) + 1, {})
        if not all(player in hole for player in contenders):
            break
        rounds.record_playoff({player: hole[player] for player in contenders})
    standings = []
    playoff_holes = [playoff_scores[number] for number in sorted(playoff_scores)]
    for line in rounds.standings():
        standings.append(
            {
                "position": line.position,
                "position_text": line.position_text,
                "player_id": line.player,
                "name": names[line.player],
                "holes_played": line.holes_played,
                "total": line.total,
                "to_par": line.to_par,
                "to_par_text": to_par_text(line.to_par),
                "card": list(line.card),
                "playing_hole": playing.get(line.player),
                "playoff": [hole[line.player] for hole in playoff_holes if line.player in hole],
            }
        )
    board["standings"] = standings
    board["phase"] = "playing"
    board["playoff_holes"] = len(rounds.playoffs)
    match = _match(competition, members, cards)
    board["match"] = match
    if match is not None and match["finished"]:
        board["phase"] = "finished"
        board["decided"] = "match"
        board["winner"] = match["leader"]
        return board
    if competition.match_play:
        return board
    contenders = rounds.playoff_players()
    if contenders:
        board["phase"] = "playoff"
        board["playoff"] = {
            "hole": competition.holes + len(rounds.playoffs) + 1,
            "number": len(rounds.playoffs) + 1,
            "players": [names[player] for player in contenders],
            "player_ids": contenders,
        }
    elif rounds.winner is not None:
        board["phase"] = "finished"
        board["winner"] = names[rounds.winner]
        board["decided"] = "total" if rounds.decided_by == "total" else "playoff"
    return board
