"""Winnable deals only: how long ``Deal.numbered(n, Rules(winnable_only=True))`` takes.

For each n of a range it times the call (which solves deals n, n+1, ... until one is proved
clearable) and counts the numbers skipped on the way. "Cold" clears the verdict cache before
every call (a fresh process); "warm" asks for n = 1, 2, 3, ... in one process, as a server
does, so each deal is solved once. The figures are medians over the runs, in wall-clock and
in CPU time (CPU time is steadier on a shared machine). Target: median under 50 ms.

    python benchmarks/winnable_only.py                   # n = 1..200, strict, 3 runs
    python benchmarks/winnable_only.py --rules pysolfc-golf --runs 1
"""

from __future__ import annotations

import argparse
import statistics
import time

from golf_solitaire import Deal, Rules
from golf_solitaire.solver.survey import parse_deal_range
from golf_solitaire.solver.winnable import proved_clearable


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, round(share * len(ordered)) - 1))]


def one_run(numbers: range, rules: Rules, cold: bool) -> tuple[list[float], list[float], list[int]]:
    """Wall and CPU seconds of each call, and the numbers each skipped."""
    proved_clearable.cache_clear()
    wall: list[float] = []
    cpu: list[float] = []
    skipped: list[int] = []
    for number in numbers:
        if cold:
            proved_clearable.cache_clear()
        started, started_cpu = time.perf_counter(), time.process_time()
        deal = Deal.numbered(number, rules)
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
        assert deal.number is not None
        skipped.append(deal.number - number)
    return wall, cpu, skipped


def main() -> None:
    """Time every n over several runs, cold and warm, and print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="the values of n, e.g. 1-200")
    parser.add_argument("--rules", default="strict", help="a rules preset")
    parser.add_argument("--runs", type=int, default=3, help="runs to take the median of")
    arguments = parser.parse_args()
    numbers = parse_deal_range(arguments.deals)
    rules = Rules.named(arguments.rules).with_options(winnable_only=True)
    print(
        f"Deal.numbered(n, winnable_only) for n = {arguments.deals}, {arguments.rules} rules, "
        f"medians of {arguments.runs} runs (target: median under 50 ms)"
    )
    skipped: list[int] = []
    for cold in (True, False):
        figures: dict[str, list[float]] = {}
        for _ in range(arguments.runs):
            wall, cpu, skipped = one_run(numbers, rules, cold)
            for name, seconds in (("wall", wall), ("cpu", cpu)):
                figures.setdefault(f"{name} median", []).append(statistics.median(seconds))
                figures.setdefault(f"{name} p95", []).append(percentile(seconds, 0.95))
                figures.setdefault(f"{name} max", []).append(max(seconds))
        ms = {name: statistics.median(values) * 1000 for name, values in figures.items()}
        print(
            f"  {'cold' if cold else 'warm'}: median {ms['wall median']:.1f} ms "
            f"(CPU {ms['cpu median']:.1f} ms), p95 {ms['wall p95']:.0f} ms "
            f"(CPU {ms['cpu p95']:.0f} ms), slowest {ms['wall max']:.0f} ms"
        )
    print(
        f"  numbers skipped: {sum(skipped)} over {len(skipped)} calls, "
        f"mean {statistics.fmean(skipped):.1f}, most {max(skipped)}; "
        f"{sum(1 for count in skipped if count == 0)} calls found n itself winnable"
    )


if __name__ == "__main__":
    main()
