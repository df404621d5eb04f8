"""End-of-hand reviews within the game's time limit: how many are exact, how many partial (and
of those, how many name the move that lost the last clear), and how long the player waits.

Plays each deal with the greedy stock-blind player (``chains.greedy_move``), then asks the
service's analyst for its review as both faces do (``Analyst.review``: 10 s for the solver,
5 s of them at most for the fair judgement). Prints one line a game and, per preset, the
count of each kind and the median and largest seconds of each (one run a game: the deals
differ, so the median is over games).

    python benchmarks/reviews.py                                   # Double Golf, Double Putt 1-10
    python benchmarks/reviews.py --presets strict --deals 1-20 --seconds 10
    python benchmarks/reviews.py --exact-only        # the exact review alone, as before
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from golf_solitaire import Deal, Game, Rules, solver
from golf_solitaire.service import ANALYSIS_SECONDS, Analyst
from golf_solitaire.service.analysis import FAIR_REVIEW_SECONDS
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.survey import parse_deal_range


@dataclass(frozen=True, slots=True)
class Reviewed:
    """One game's review: its kind (``exact``, ``settled``: partial with the move that lost
    the clear or its keeping proved, ``unsettled``: partial, not that, ``none``: no review),
    and its cost."""

    preset: str
    deal: int
    moves: int
    kind: str
    said: str
    nodes: int
    seconds: float


def reviewed(preset: str, number: int, analyst: Analyst, exact_only: bool) -> Reviewed:
    """Play deal ``number`` of ``preset`` greedily and time the analyst's review of it (with
    ``exact_only``, the exact review alone within the same limit, as the games gave it before
    the partial one: ``none`` when it runs out)."""
    game = Game(Deal.numbered(number, Rules.named(preset)))
    while not game.is_over:
        game.apply(greedy_move(game))
    started = time.perf_counter()
    if exact_only:
        limit = solver.Limit(seconds=analyst.seconds)
        try:
            found: solver.Review | solver.PartialReview | None = solver.review(
                game, limit=limit, fair_seconds=FAIR_REVIEW_SECONDS
            )
        except solver.LimitReached:
            found = None
    else:
        found = analyst.review(game)
    seconds = time.perf_counter() - started
    if found is None:
        return Reviewed(preset, number, len(game.moves), "none", "-", 0, seconds)
    if isinstance(found, solver.PartialReview):
        kind = "settled" if found.span.settled else "unsettled"
    else:
        kind = "exact"
    return Reviewed(preset, number, len(game.moves), kind, found.code, found.nodes, seconds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default="double-golf,double-putt")
    parser.add_argument("--deals", default="1-10", help="deal numbers, e.g. 1-10")
    parser.add_argument("--seconds", type=float, default=ANALYSIS_SECONDS)
    parser.add_argument(
        "--exact-only", action="store_true", help="the exact review alone (none past the limit)"
    )
    args = parser.parse_args()
    analyst = Analyst(solver, args.seconds)
    numbers = parse_deal_range(args.deals)
    for preset in args.presets.split(","):
        games = []
        for number in numbers:
            game = reviewed(preset, number, analyst, args.exact_only)
            games.append(game)
            print(
                f"{preset} deal {number}: {game.moves} moves, {game.kind} ({game.said}), "
                f"{game.nodes:,} positions, {game.seconds:.2f} s",
                flush=True,
            )
        for kind in ("exact", "settled", "unsettled", "none"):
            times = [game.seconds for game in games if game.kind == kind]
            if times:
                print(
                    f"{preset}: {len(times)} of {len(games)} {kind}, median "
                    f"{statistics.median(times):.2f} s, largest {max(times):.2f} s"
                )
            else:
                print(f"{preset}: 0 of {len(games)} {kind}")


if __name__ == "__main__":
    main()
