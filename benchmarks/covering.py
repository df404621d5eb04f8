"""Covering layouts (TriPeaks, Elevator, Escalator): solver seconds a deal, and engine speed.

For each preset it solves numbered deals (``winnable``: is there a clear; ``optimal``: the
fewest strokes) and prints the median, p90 and slowest seconds a deal with the positions
searched, then random games per second through the Game API (median of several runs).

    python benchmarks/covering.py                     # deals 1-30 of each preset
    python benchmarks/covering.py --deals 1-100 --presets tripeaks
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from golf_solitaire import Deal, Game, Rules, solve
from golf_solitaire.solver.survey import parse_deal_range

PRESETS = ("tripeaks", "elevator", "escalator")


def seconds_a_deal(preset: str, numbers: list[int], optimal: bool) -> tuple[list[float], int, int]:
    """Each deal's solving time; the positions searched in all; how many deals clear."""
    rules = Rules.named(preset)
    times: list[float] = []
    nodes = cleared = 0
    for number in numbers:
        deal = Deal.numbered(number, rules)
        started = time.perf_counter()
        solution = solve(deal, optimal=optimal)
        times.append(time.perf_counter() - started)
        nodes += solution.nodes
        cleared += solution.is_solved
    return times, nodes, cleared


def games_per_second(preset: str, seconds: float, seed: int) -> float:
    """Random games of ``preset`` played for about ``seconds``: games a second."""
    generator = random.Random(seed)
    deals = [Deal.numbered(number, Rules.named(preset)) for number in range(1, 101)]
    games = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        game = Game(deals[games % len(deals)])
        while not game.is_over:
            game.apply(generator.choice(game.legal_moves()))
        games += 1
    return games / elapsed


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", default="1-30")
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--runs", type=int, default=3, help="engine runs (median printed)")
    parser.add_argument("--seconds", type=float, default=1.0, help="seconds an engine run")
    arguments = parser.parse_args()
    numbers = list(parse_deal_range(arguments.deals))
    for preset in arguments.presets.split(","):
        for mode in ("winnable", "optimal"):
            times, nodes, cleared = seconds_a_deal(preset, numbers, mode == "optimal")
            ordered = sorted(times)
            p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
            print(
                f"{preset} {mode}, deals {arguments.deals}: {cleared}/{len(numbers)} clear; "
                f"seconds a deal median {statistics.median(times):.3f}, p90 {p90:.3f}, "
                f"slowest {ordered[-1]:.3f}; {nodes / len(numbers):,.0f} positions a deal"
            )
        rates = [games_per_second(preset, arguments.seconds, run) for run in range(arguments.runs)]
        print(
            f"{preset} engine: random games/s median {statistics.median(rates):,.0f} "
            f"of {arguments.runs} runs ({', '.join(f'{rate:,.0f}' for rate in rates)})"
        )


if __name__ == "__main__":
    main()
