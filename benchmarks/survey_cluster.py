"""Surveys on a Dask cluster beside this machine's cores, and what 10^6 deals would take.

Runs the same survey (best scores, strict deals 1-400 by default) several times on a local
Dask cluster of one-thread worker processes (``LocalCluster``, bound to 127.0.0.1) and on
``--jobs`` local processes of ``golf survey``, and prints the wall-clock medians, the solving
seconds a deal, how much of the workers' time went to solving, and from those the hours
10^6 deals would take on 2 to 256 workers (each worker one core as fast as this one).

    python benchmarks/survey_cluster.py                     # strict 1-400, 2 workers, 3 runs
    python benchmarks/survey_cluster.py --deals 1-200 --workers 2 --runs 5 --rules putt-putt
"""

from __future__ import annotations

import argparse
import statistics
import time

from distributed import LocalCluster

from golf_solitaire import Rules
from golf_solitaire.solver.survey import parse_deal_range, summarize, survey
from golf_solitaire.solver.survey_cluster import DEFAULT_BATCH, cluster_source

MILLION = 1_000_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-400")
    parser.add_argument("--rules", default="strict")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--batch", type=int, default=DEFAULT_BATCH)
    args = parser.parse_args()
    numbers = parse_deal_range(args.deals)
    rules = Rules.named(args.rules)
    with LocalCluster(
        n_workers=args.workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
    ) as cluster:
        source = cluster_source(cluster.scheduler_address, batch=args.batch)
        cluster_walls, solving = [], []
        local_walls = []
        for _ in range(args.runs):
            started = time.perf_counter()
            rows = survey(numbers, rules, source=source)
            cluster_walls.append(time.perf_counter() - started)
            solving.append(summarize(rows).seconds)
            started = time.perf_counter()
            survey(numbers, rules, jobs=args.workers)
            local_walls.append(time.perf_counter() - started)
    wall = statistics.median(cluster_walls)
    per_deal = statistics.median(solving) / len(numbers)
    use = per_deal * len(numbers) / (wall * args.workers)
    print(f"{args.rules} deals {args.deals}, best scores, {args.runs} runs, medians:")
    print(
        f"  Dask, {args.workers} one-thread workers, batches of {args.batch}: {wall:.1f} s "
        f"(runs: {', '.join(f'{s:.1f}' for s in cluster_walls)} s)"
    )
    print(
        f"  golf survey --jobs {args.workers}: {statistics.median(local_walls):.1f} s "
        f"(runs: {', '.join(f'{s:.1f}' for s in local_walls)} s)"
    )
    print(
        f"  solving: {1000 * per_deal:.1f} ms a deal; the workers solved {100 * use:.0f}% "
        "of the wall-clock time"
    )
    print(f"  10^6 deals, cores as fast as these and as busy ({100 * use:.0f}%):")
    for workers in (2, 8, 32, 64, 128, 256):
        hours = MILLION * per_deal / (workers * min(use, 1.0)) / 3600
        print(f"    {workers:4d} workers: {hours:6.1f} h")


if __name__ == "__main__":
    main()
