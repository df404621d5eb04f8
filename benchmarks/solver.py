"""Solver speed: solve a range of numbered deals, winnable and optimal, one process each.

For each question (``winnable``: can the tableau be cleared; ``optimal``: the fewest strokes)
it prints the total and per-deal seconds (median, p99, slowest), the positions searched, the
peak memory of the process that did the solving, and whether every verdict agrees with the
independent solver's table in ``tests/data`` (for the deals it covers). Each question runs in
a fresh process, so its peak memory is its own.

A baseline runs in the same invocation: a plain depth-first search that only remembers the
positions it has seen (no bounds: the way black-hole-solver works) on the first few deals,
beside this solver on the same deals.

    python benchmarks/solver.py                       # strict deals 1-1000, both questions
    python benchmarks/solver.py --deals 1-200 --mode winnable --rules putt-putt
    python benchmarks/solver.py --deals 1-20 --rules double-golf --seconds 60 --baseline 0

``--seconds`` gives each deal a time limit (two-deck optimal scores can take minutes a deal);
deals that run out are counted apart and their time is in the figures.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import sys
import time
from pathlib import Path

from golf_solitaire import Deal, Rules, State, solve
from golf_solitaire.solver import Limit
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.pruning import Pruning
from golf_solitaire.solver.survey import parse_deal_range

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.reference import verdicts  # noqa: E402

Row = tuple[int, str, int | None, int, float]
"""Deal number, status, best score, positions searched, seconds."""


def solve_range(
    numbers: list[int], rules_name: str, optimal: bool, seconds: float | None = None
) -> tuple[list[Row], float]:
    """Solve each deal (within ``seconds`` each, if given); return the rows and the peak
    resident memory in MB."""
    rules = Rules.named(rules_name)
    limit = Limit(seconds=seconds)
    rows: list[Row] = []
    for number in numbers:
        deal = Deal.numbered(number, rules)
        started = time.perf_counter()
        solution = solve(deal, optimal=optimal, limit=limit)
        seconds = time.perf_counter() - started
        rows.append((number, solution.status, solution.best_score, solution.nodes, seconds))
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return rows, peak


def plain_search(deal: Deal) -> tuple[bool, int]:
    """The baseline: depth-first over every position, remembering those seen, no bounds."""
    board = Board.from_position(deal, State.start(deal))
    columns, stock = board.columns, board.stock
    next_codes = Pruning(board).next_codes
    seen: set[tuple[tuple[int, ...], int, int]] = set()
    stack = [(tuple(board.heights), 0, board.top)]
    while stack:
        heights, drawn, top = stack.pop()
        if (heights, drawn, top) in seen:
            continue
        seen.add((heights, drawn, top))
        if not any(heights):
            return True, len(seen)
        if drawn < len(stock):
            stack.append((heights, drawn + 1, stock[drawn]))
        for column, height in enumerate(heights):
            code = next_codes[top][columns[column][height - 1]] if height else -1
            if code >= 0:
                child = (*heights[:column], height - 1, *heights[column + 1 :])
                stack.append((child, drawn, code))
    return False, len(seen)


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    index = max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))
    return ordered[index]


def report(question: str, rules_name: str, rows: list[Row], peak: float, wall: float) -> None:
    """Print one question's figures."""
    seconds = [row[4] for row in rows]
    nodes = [row[3] for row in rows]
    solved = sum(1 for row in rows if row[1] == "solved")
    out_of_time = sum(1 for row in rows if row[1] not in ("solved", "unsolvable"))
    known = ("strict", "pysolfc-golf", "putt-putt", "black-hole")
    reference = verdicts(rules_name) if rules_name in known else {}
    checked = [row for row in rows if row[0] in reference]
    agree = sum(1 for row in checked if (row[1] == "solved") == reference[row[0]].solved)
    slowest = max(rows, key=lambda row: row[4])
    print(f"{question}: {len(rows)} {rules_name} deals, {solved} cleared")
    if out_of_time:
        print(f"  {out_of_time} ran out of time (counted at their limit)")
    print(f"  total {sum(seconds):.1f} s (wall {wall:.1f} s)")
    print(
        f"  per deal: median {statistics.median(seconds) * 1000:.1f} ms, "
        f"p99 {percentile(seconds, 0.99) * 1000:.0f} ms, "
        f"slowest {slowest[4] * 1000:.0f} ms (deal {slowest[0]})"
    )
    print(f"  positions: {sum(nodes):,} in all, median {statistics.median(nodes):,.0f} a deal")
    print(f"  peak memory {peak:.0f} MB")
    if checked:
        print(f"  verdicts agreeing with black-hole-solver: {agree}/{len(checked)}")
    if question == "optimal":
        scores = [row[2] for row in rows if row[2] is not None]
        if scores:
            print(f"  mean best score {statistics.fmean(scores):+.2f} (of the deals solved)")


def baseline(numbers: list[int], rules_name: str) -> None:
    """This solver against the plain search on the same deals (winnable question)."""
    rules = Rules.named(rules_name)
    ours_seconds = plain_seconds = 0.0
    ours_nodes = plain_nodes = 0
    for number in numbers:
        deal = Deal.numbered(number, rules)
        started = time.perf_counter()
        solution = solve(deal)
        ours_seconds += time.perf_counter() - started
        ours_nodes += solution.nodes
        started = time.perf_counter()
        cleared, seen = plain_search(deal)
        plain_seconds += time.perf_counter() - started
        plain_nodes += seen
        if cleared != solution.is_solved:
            raise SystemExit(f"deal {number}: the plain search and the solver disagree")
    print(f"baseline, winnable, deals {numbers[0]}-{numbers[-1]} ({rules_name}):")
    print(f"  plain search {plain_seconds:.1f} s, {plain_nodes:,} positions")
    print(f"  this solver  {ours_seconds:.1f} s, {ours_nodes:,} positions")
    print(
        f"  {plain_seconds / ours_seconds:.0f}x faster, "
        f"{plain_nodes / max(ours_nodes, 1):.0f}x fewer positions"
    )


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-1000", help="a range such as 1-1000")
    parser.add_argument("--rules", default="strict")
    parser.add_argument("--mode", choices=("winnable", "optimal", "both"), default="both")
    parser.add_argument(
        "--baseline", type=int, default=10, help="deals for the plain-search baseline (0: none)"
    )
    parser.add_argument("--seconds", type=float, default=None, help="a time limit per deal")
    arguments = parser.parse_args()
    numbers = list(parse_deal_range(arguments.deals))
    questions = ["winnable", "optimal"] if arguments.mode == "both" else [arguments.mode]
    context = multiprocessing.get_context("spawn")
    for question in questions:
        started = time.perf_counter()
        with context.Pool(1) as pool:
            rows, peak = pool.apply(
                solve_range,
                (numbers, arguments.rules, question == "optimal", arguments.seconds),
            )
        report(question, arguments.rules, rows, peak, time.perf_counter() - started)
    if arguments.baseline:
        baseline(numbers[: arguments.baseline], arguments.rules)
    print("targets (strict 1-1000): winnable under 60 s, optimal under 120 s, memory under 500 MB")


if __name__ == "__main__":
    main()
