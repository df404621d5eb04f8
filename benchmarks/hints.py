"""Hint latency and quality on positions from real play.

Positions come from numbered strict deals: one after a random number of random moves, and
one part-way along the reference solution (``tests/data``, when the deal has one; otherwise
a second random game). On each, ``hint(game)`` runs with its default settings, as the games
call it, and is timed: wall clock, and CPU time (steadier on a shared machine). Quality is
judged against the truth: every legal move's exact best score with the true stock order
(``solve(..., optimal=True)`` on the position after it). A move "keeps the best" when no
other move leads to fewer strokes. The fair hint (which never sees the stock order) is set
beside the peeking hint and two baselines: the first legal move and a random legal move.

    python benchmarks/hints.py                  # deals 1-200
    python benchmarks/hints.py --deals 1-50
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from golf_solitaire import Deal, Game, Move, hint, solve
from golf_solitaire.solver.survey import parse_deal_range

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reference import verdicts  # noqa: E402

RANDOM_MOVES = 40
"""Random positions are taken after 0 to this many random moves (before the hand ends)."""


@dataclass(frozen=True, slots=True)
class Judged:
    """One position: the hint's latency and what each way of choosing a move loses."""

    seconds: float
    cpu_seconds: float
    choice: bool
    solved_an_order: bool
    lost: dict[str, int]
    """Strokes each chooser's move gives away against the best move (0: keeps the best)."""


def random_position(deal: Deal, rng: random.Random) -> Game:
    """The game after a random number of random moves, stopped before the hand is over."""
    game = Game(deal)
    for _ in range(rng.randint(0, RANDOM_MOVES)):
        moves = game.legal_moves()
        twin = game.copy()
        twin.apply(rng.choice(moves))
        if twin.is_over:
            break
        game = twin
    return game


def reference_position(deal: Deal, tokens: tuple[str, ...], rng: random.Random) -> Game:
    """The game part-way along a reference solution (never at its end)."""
    game = Game(deal)
    for token in tokens[: rng.randrange(len(tokens))]:
        game.apply(Move.parse(token))
    return game


def positions(numbers: range, seed: int) -> list[tuple[str, Game]]:
    """Two positions a deal: one from random play, one along its reference line."""
    rng = random.Random(seed)
    reference = verdicts("strict")
    found: list[tuple[str, Game]] = []
    for number in numbers:
        deal = Deal.numbered(number)
        found.append(("random", random_position(deal, rng)))
        known = reference.get(number)
        if known is not None and known.solution:
            found.append(("reference", reference_position(deal, known.solution, rng)))
        else:
            found.append(("random", random_position(deal, rng)))
    return found


def exact_after(game: Game) -> dict[Move, int]:
    """The best strokes after each legal move, with the true stock order."""
    values = {}
    for move in game.legal_moves():
        twin = game.copy()
        twin.apply(move)
        best = solve(twin, optimal=True).best_score
        assert best is not None
        values[move] = best
    return values


def judge(game: Game, rng: random.Random) -> Judged:
    """Time the fair hint and measure what every chooser's move gives away."""
    started, started_cpu = time.perf_counter(), time.process_time()
    fair = hint(game)
    seconds = time.perf_counter() - started
    cpu_seconds = time.process_time() - started_cpu
    moves = game.legal_moves()
    values = exact_after(game)
    best = min(values.values())
    choosers: dict[str, Callable[[], Move | None]] = {
        "fair hint": lambda: fair.move,
        "peeking hint": lambda: hint(game, peek=True).move,
        "first legal move": lambda: moves[0],
        "random legal move": lambda: rng.choice(moves),
    }
    lost = {}
    for name, choose in choosers.items():
        move = choose()
        assert move is not None
        lost[name] = values[move] - best
    return Judged(seconds, cpu_seconds, len(moves) > 1, fair.samples > 0, lost)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def main() -> None:
    """Build the positions, judge each, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="a range of strict deals, e.g. 1-200")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random positions")
    arguments = parser.parse_args()
    numbers = parse_deal_range(arguments.deals)
    games = positions(numbers, arguments.seed)
    rng = random.Random(arguments.seed)
    judged = [judge(game, rng) for _, game in games]
    kinds = [kind for kind, _ in games]

    with_choice = [row for row in judged if row.choice]
    print(
        f"hints on {len(judged)} positions of strict deals {arguments.deals} "
        f"({kinds.count('random')} after random moves, {kinds.count('reference')} along "
        "reference solutions)"
    )
    for label, rows in (("every position", judged), ("positions with a choice", with_choice)):
        times = [row.seconds * 1000 for row in rows]
        cpu = [row.cpu_seconds * 1000 for row in rows]
        print(
            f"fair hint latency, {label} ({len(rows)}): median {statistics.median(times):.0f} ms "
            f"(CPU {statistics.median(cpu):.0f} ms), p95 {percentile(times, 0.95):.0f} ms "
            f"(CPU {percentile(cpu, 0.95):.0f} ms), max {max(times):.0f} ms"
        )
    print("  targets: median under 200 ms, p95 under 1000 ms")
    solved = sum(row.solved_an_order for row in with_choice)
    print(
        f"fair hints (positions with a choice) that solved at least one stock order: {solved} "
        f"({100 * solved / max(len(with_choice), 1):.0f}%)"
    )
    print("move keeps the true best score (positions with a choice):")
    for name in judged[0].lost:
        kept = sum(row.lost[name] == 0 for row in with_choice)
        given_away = statistics.fmean(row.lost[name] for row in with_choice)
        print(
            f"  {name:18} {kept:4}/{len(with_choice)} ({100 * kept / len(with_choice):3.0f}%), "
            f"{given_away:.2f} strokes given away a move on average"
        )


if __name__ == "__main__":
    main()
