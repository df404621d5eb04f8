"""Two-deck optimal scores: the CPU time of each deal's exact best score, median of runs.

Double Golf and Double Putt (9 columns of 7, a stock of 40) clear nearly always; the time
goes into proving that no clear keeps more stock cards. For each preset and deal it prints
the best score, the positions searched and the median CPU seconds of ``--runs`` runs (CPU
time, not the wall clock, so that other jobs on the host do not count), then each preset's
total and median. A deal whose search passes ``--nodes`` positions counts as out of budget
(its time counts at the budget).

    python benchmarks/two_decks.py                        # deals 1-30 of both presets
    python benchmarks/two_decks.py --deals 1-5 --runs 3 --presets double-putt
"""

from __future__ import annotations

import argparse
import statistics
import time

from golf_solitaire import Deal, Rules, State
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.search import LimitReached, Search
from golf_solitaire.solver.survey import parse_deal_range

PRESETS = ("double-golf", "double-putt")


def best_score(deal: Deal, nodes: int) -> tuple[int | None, int, float]:
    """The deal's exact best score (``None`` past ``nodes`` positions), the positions
    searched and the CPU seconds taken."""
    search = Search(Board.from_position(deal, State.start(deal)), max_nodes=nodes)
    started = time.process_time()
    try:
        score: int | None = search.optimum()
    except LimitReached:
        score = None
    return score, search.nodes, time.process_time() - started


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-30", help="a range such as 1-30")
    parser.add_argument("--presets", nargs="+", default=list(PRESETS), choices=PRESETS)
    parser.add_argument("--runs", type=int, default=3, help="runs a deal (the median counts)")
    parser.add_argument("--nodes", type=int, default=20_000_000, help="positions a deal at most")
    arguments = parser.parse_args()
    numbers = list(parse_deal_range(arguments.deals))
    for preset in arguments.presets:
        rules = Rules.named(preset)
        times: list[float] = []
        over = 0
        print(f"{preset}, deals {arguments.deals}, median CPU of {arguments.runs} runs:")
        for number in numbers:
            deal = Deal.numbered(number, rules)
            runs = [best_score(deal, arguments.nodes) for _ in range(arguments.runs)]
            score, nodes, _ = runs[0]
            seconds = statistics.median(run[2] for run in runs)
            times.append(seconds)
            over += score is None
            shown = "out of budget" if score is None else f"{score:+d}"
            print(f"  deal {number:3d}: {shown:>13}  {nodes:>11,} positions  {seconds:7.2f} s")
        print(
            f"  {preset}: total {sum(times):.1f} s, median {statistics.median(times):.2f} s, "
            f"slowest {max(times):.1f} s, {over} out of budget"
        )
    print("target: each preset's deals 1-30 within 120 s in all, median a few seconds")


if __name__ == "__main__":
    main()
