"""Rounds, competitions and match play: golf's scoring over several deals, as pure logic.

A round is 9 or 18 holes (one deal each) scored by total strokes against par (5 a hole;
expert par 4). A competition ranks players on the same deals, ties for first broken by
playoff holes; it may also be a quick 3 holes. Match play counts holes won.

>>> round_ = Round(holes=9)
>>> round_.record(4); round_.record(-3)
>>> round_.total, round_.to_par_text
(1, '-9')
>>> match = MatchPlay("Ann", "Bob", holes=9)
>>> for ann, bob in [(3, 5), (2, 6), (4, 4)]:
...     match.record(ann, bob)
>>> match.status().text
'Ann 2 up with 6 to play'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, NamedTuple

from golf_solitaire.deals import MAX_DEAL_NUMBER

if TYPE_CHECKING:
    from golf_solitaire.deals import Deal
    from golf_solitaire.rules import Rules

ROUND_LENGTHS: Final = (9, 18)
COMPETITION_LENGTHS: Final = (3, 9, 18)
"""A competition or a match may also be a quick 3 holes."""
PAR_PER_HOLE: Final = 5
EXPERT_PAR_PER_HOLE: Final = 4


def _check_holes(holes: int, lengths: tuple[int, ...] = ROUND_LENGTHS) -> None:
    if holes not in lengths:
        choices = ", ".join(map(str, lengths[:-1])) + f" or {lengths[-1]}"
        raise ValueError(f"holes: expected {choices} holes, not {holes!r}")


def _check_strokes(strokes: int) -> None:
    if not isinstance(strokes, int) or isinstance(strokes, bool) or not -54 <= strokes <= 54:
        raise ValueError(f"strokes: expected a whole number from -54 to 54, not {strokes!r}")


LAST_ROUND_START: Final = MAX_DEAL_NUMBER - 100
"""The highest first deal of a round: its holes (and a competition's playoff holes) follow it."""


def hole_numbers(rules: Rules, first: int, holes: int) -> list[int]:
    """The deal numbers of holes 1 to ``holes`` of a round that starts at deal ``first``: the
    numbers that follow it; with winnable deals only, each hole the first winnable deal after
    the hole before (so no deal comes twice). One walk; verdicts are cached, so it is cheap
    to ask again.

    >>> from golf_solitaire import Rules
    >>> hole_numbers(Rules(), 3, 2), hole_numbers(Rules(winnable_only=True), 3, 2)
    ([3, 4], [5, 12])
    """
    if not rules.winnable_only:
        return list(range(first, first + holes))
    from golf_solitaire.deals import Deal

    numbers: list[int] = []
    number = first
    for _ in range(holes):
        found = Deal.numbered(number, rules).number
        assert found is not None  # a numbered deal knows its number
        numbers.append(found)
        number = found + 1
    return numbers


def hole_deal(rules: Rules, first: int, hole: int) -> Deal:
    """The deal of ``hole`` (from 1) of a round that starts at deal number ``first``
    (``hole_numbers`` says which).

    >>> from golf_solitaire import Rules
    >>> hole_deal(Rules(), 3, 2).number, hole_deal(Rules(winnable_only=True), 3, 2).number
    (4, 12)
    """
    from golf_solitaire.deals import Deal

    if hole < 1:
        raise ValueError(f"hole: {hole} is not a hole number (from 1)")
    return Deal.numbered(hole_numbers(rules, first, hole)[-1], rules)


def to_par_text(difference: int) -> str:
    """Golf's way of writing a score against par: ``E``, ``+3``, ``-2``."""
    if difference == 0:
        return "E"
    return f"{difference:+d}"


@dataclass(slots=True)
class Round:
    """One player's 9- or 18-hole round: strokes per hole, running total, par."""

    holes: int = 9
    strokes: list[int] = field(default_factory=list)
    expert: bool = False

    def __post_init__(self) -> None:
        _check_holes(self.holes)
        if len(self.strokes) > self.holes:
            raise ValueError(
                f"strokes: {len(self.strokes)} holes recorded, the round has {self.holes}"
            )
        for value in self.strokes:
            _check_strokes(value)

    @property
    def par_per_hole(self) -> int:
        """Par of one hole: 5, or 4 for experts."""
        return EXPERT_PAR_PER_HOLE if self.expert else PAR_PER_HOLE

    @property
    def par(self) -> int:
        """Par of the whole round: 45 or 90 (36 or 72 for experts)."""
        return self.par_per_hole * self.holes

    @property
    def played(self) -> int:
        """Holes played so far."""
        return len(self.strokes)

    @property
    def current_hole(self) -> int | None:
        """The number (from 1) of the hole to play next, or ``None`` when complete."""
        return None if self.is_complete else self.played + 1

    @property
    def is_complete(self) -> bool:
        """True when every hole has been played."""
        return self.played == self.holes

    @property
    def total(self) -> int:
        """Strokes over the holes played."""
        return sum(self.strokes)

    @property
    def to_par(self) -> int:
        """Total against par for the holes played (negative is under par)."""
        return self.total - self.par_per_hole * self.played

    @property
    def to_par_text(self) -> str:
        """``to_par`` as golfers write it."""
        return to_par_text(self.to_par)

    def record(self, strokes: int) -> None:
        """Add the strokes of the next hole."""
        if self.is_complete:
            raise ValueError(f"the round is complete: all {self.holes} holes are played")
        _check_strokes(strokes)
        self.strokes.append(strokes)

    def card(self) -> list[tuple[int, int | None, int]]:
        """The score card: (hole, strokes or ``None`` if unplayed, running total) per hole."""
        rows: list[tuple[int, int | None, int]] = []
        running = 0
        for hole in range(1, self.holes + 1):
            value = self.strokes[hole - 1] if hole <= self.played else None
            running += value or 0
            rows.append((hole, value, running))
        return rows


class Standing(NamedTuple):
    """One line of a leaderboard; ``tied`` when another player shares the position.

    A named tuple: a board of hundreds of lines is made several times a second, and a
    tuple is made in a fraction of a frozen dataclass's time."""

    position: int
    player: str
    holes_played: int
    total: int
    to_par: int
    card: tuple[int, ...]
    tied: bool = False

    @property
    def position_text(self) -> str:
        """``1``, or ``T2`` for a shared position."""
        return f"T{self.position}" if self.tied else str(self.position)


@dataclass(slots=True)
class Competition:
    """Players on the same deals: the lowest total wins, ties for first go to playoff holes."""

    players: Sequence[str]
    holes: int = 9
    scores: dict[str, list[int]] = field(default_factory=dict)
    playoffs: list[dict[str, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        _check_holes(self.holes, COMPETITION_LENGTHS)
        if len(set(self.players)) != len(self.players) or not self.players:
            raise ValueError("players: give at least one player, each name once")
        self.players = tuple(self.players)
        for player in self.players:
            self.scores.setdefault(player, [])

    def _known(self, player: str) -> None:
        if player not in self.scores:
            raise ValueError(f"player: {player!r} is not in this competition")

    def record(self, player: str, strokes: int) -> None:
        """Add ``player``'s strokes on their next hole."""
        self._known(player)
        _check_strokes(strokes)
        if len(self.scores[player]) >= self.holes:
            raise ValueError(f"{player} has played all {self.holes} holes")
        self.scores[player].append(strokes)

    @property
    def is_complete(self) -> bool:
        """True when every player has played every hole (playoffs aside)."""
        return all(len(card) == self.holes for card in self.scores.values())

    def standings(self) -> list[Standing]:
        """Players by score against par (the total, once all have finished); ties share a
        position, and a playoff's winner stands first alone."""
        winner = self.winner
        # Each player's figures once, sorted as plain tuples (names are unique, so the cards
        # are never compared): a board of hundreds of players is rebuilt while others play.
        rows = []
        for player in self.players:
            card = tuple(self.scores[player])
            total = sum(card)
            rank = (player != winner, total - PAR_PER_HOLE * len(card))
            rows.append((rank, -len(card), player, total, card))
        rows.sort()
        shared = Counter(row[0] for row in rows)
        first: dict[tuple[bool, int], int] = {}
        lines = []
        for index, (rank, _, player, total, card) in enumerate(rows, start=1):
            position = first.setdefault(rank, index)
            lines.append(
                Standing(position, player, len(card), total, rank[1], card, shared[rank] > 1)
            )
        return lines

    def tied_leaders(self) -> list[str]:
        """The players level on the lowest total once all holes are played (empty otherwise)."""
        if not self.is_complete:
            return []
        best = min(sum(card) for card in self.scores.values())
        leaders = [player for player in self.players if sum(self.scores[player]) == best]
        return leaders if len(leaders) > 1 else []

    def playoff_players(self) -> list[str]:
        """Who plays the next playoff hole: the leaders still level (empty when decided)."""
        contenders = self.tied_leaders()
        for hole in self.playoffs:
            if not contenders:
                break
            best = min(hole[player] for player in contenders)
            contenders = [player for player in contenders if hole[player] == best]
        return contenders if len(contenders) > 1 else []

    @property
    def needs_playoff(self) -> bool:
        """True when the round is over and first place is still shared."""
        return bool(self.playoff_players())

    def record_playoff(self, strokes: dict[str, int]) -> None:
        """Add one playoff hole: strokes for exactly the players still level."""
        expected = self.playoff_players()
        if not expected:
            raise ValueError("no playoff is needed: first place is decided")
        if sorted(strokes) != sorted(expected):
            raise ValueError(f"playoff: strokes are needed for exactly {', '.join(expected)}")
        for value in strokes.values():
            _check_strokes(value)
        self.playoffs.append(dict(strokes))

    @property
    def winner(self) -> str | None:
        """The winner once decided, by total or by playoff."""
        if not self.is_complete:
            return None
        leaders = self.tied_leaders()
        if not leaders:
            return min(self.players, key=lambda player: sum(self.scores[player]))
        if self.playoff_players():
            return None
        contenders = leaders
        for hole in self.playoffs:
            best = min(hole[player] for player in contenders)
            contenders = [player for player in contenders if hole[player] == best]
        return contenders[0]

    @property
    def decided_by(self) -> str | None:
        """How first place was decided: ``total``, ``playoff after N holes``, or ``None``."""
        if self.winner is None:
            return None
        if not self.tied_leaders():
            return "total"
        holes = len(self.playoffs)
        return f"playoff after {holes} hole{'s' if holes > 1 else ''}"


@dataclass(frozen=True, slots=True)
class MatchStatus:
    """Where a match stands: who leads, by how many holes, with how many to play."""

    leader: str | None
    lead: int
    to_play: int
    finished: bool

    @property
    def code(self) -> str:
        """A catalog key for faces: ``all_square``, ``up``, ``dormie``, ``won``, ``won_up``,
        ``halved``."""
        if self.finished:
            if self.leader is None:
                return "halved"
            return "won" if self.to_play else "won_up"
        if self.leader is None:
            return "all_square"
        return "dormie" if self.lead == self.to_play else "up"

    @property
    def text(self) -> str:
        """English: ``2 up with 3 to play``, ``all square``, ``won 3 & 2``, ``won 1 up``."""
        code = self.code
        if code == "all_square":
            return "all square" + (f" with {self.to_play} to play" if self.to_play else "")
        if code == "halved":
            return "match halved"
        if code == "won":
            return f"{self.leader} won {self.lead} & {self.to_play}"
        if code == "won_up":
            return f"{self.leader} won {self.lead} up"
        if code == "dormie":
            return f"{self.leader} dormie {self.lead}"
        return f"{self.leader} {self.lead} up with {self.to_play} to play"


@dataclass(slots=True)
class MatchPlay:
    """Two players hole by hole: fewer strokes wins the hole; the match ends when decided."""

    player_a: str
    player_b: str
    holes: int = 18
    results: list[tuple[int, int]] = field(default_factory=list)

    def __post_init__(self) -> None:
        _check_holes(self.holes, COMPETITION_LENGTHS)
        if self.player_a == self.player_b:
            raise ValueError("players: match play needs two different players")

    def record(self, strokes_a: int, strokes_b: int) -> None:
        """Add one hole's strokes for both players."""
        if self.status().finished:
            raise ValueError("the match is decided: no more holes are played")
        _check_strokes(strokes_a)
        _check_strokes(strokes_b)
        self.results.append((strokes_a, strokes_b))

    def holes_won(self) -> tuple[int, int]:
        """Holes won by each player (halved holes count for neither)."""
        won_a = sum(1 for a, b in self.results if a < b)
        won_b = sum(1 for a, b in self.results if b < a)
        return won_a, won_b

    def status(self) -> MatchStatus:
        """The match standing now."""
        won_a, won_b = self.holes_won()
        to_play = self.holes - len(self.results)
        lead = abs(won_a - won_b)
        leader = None if lead == 0 else (self.player_a if won_a > won_b else self.player_b)
        finished = lead > to_play or to_play == 0
        return MatchStatus(leader, lead, to_play, finished)
