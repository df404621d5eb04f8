"""Strokes a hole when a player follows the fair hint, beside the peeking hint and the optimum.

Each player plays every deal of a range from its start to the end of the hand: the fair hint's
player (``hint(game).move`` at every position with a choice, the only move otherwise), the
peeking hint's, the exact optimum (``solve(deal, optimal=True)``: what a player who knew the
stock could reach) and a greedy stock-blind beginner (the longest chain it can see, drawing
only when nothing plays); ``blind`` and ``blind0`` are the stock-blind rollout player
(``BlindPolicy``, one draw ahead, or counting the next draw's plays only). For each it
prints the mean strokes a hole with a 95% interval and the deals cleared, and for the fair
hint the median and p95 seconds of its hints (at positions with a choice; run with
``--jobs 1`` for latency that is not shared with other workers).
Strokes do not change from run to run (hints are seeded); latency is the median of ``--runs``.
Beside the fair hint, every other player is also compared with it deal by deal (the mean
difference with its 95% interval, and the deals each played better).

``--variant NAME:key=value,...`` adds a fair player whose ``hint`` gets those options
(``samples=64,budget=400000``), so ideas are measured side by side in one run.

The hint was tuned on strict deals 1001-1200; figures quoted in the README and in
``docs/solver-ideas.md`` come from held-out deals (3001-3200 and every range listed under
"Following the fair hint, range by range" there, the newest 23001-26080).

    python benchmarks/fair_play.py                          # strict 3001-3200, 2 jobs
    python benchmarks/fair_play.py --deals 1-50 --rules putt-putt --jobs 1
    python benchmarks/fair_play.py --players fair --variant big:samples=64,budget=400000
"""

from __future__ import annotations

import argparse
import csv
import functools
import inspect
import math
import multiprocessing
import statistics
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, TypeVar

from golf_solitaire import Deal, Rules, solve
from golf_solitaire.solver import hint
from golf_solitaire.solver.fair_player import (
    Hole,
    Player,
    blind_move,
    fair_move,
    greedy_move,
    peeking_move,
    play_hole,
)
from golf_solitaire.solver.survey import default_jobs, parse_deal_range

PLAYERS = ("fair", "peeking", "optimum", "greedy", "blind", "blind0")

HandTask = tuple[str, int, dict[str, Any]]
"""One deal to follow the hint through: the rules preset, the deal's number, ``hint`` options."""

Played = TypeVar("Played")
Task = TypeVar("Task")


def optimum_hole(deal: Deal, number: int) -> Hole:
    """The exact optimum of a deal, as a hole (no choices timed)."""
    solution = solve(deal, optimal=True)
    assert solution.best_score is not None
    return Hole(number, solution.best_score, solution.best_score <= 0, ())


def run_one(task: tuple[str, dict[str, Any], str, int]) -> tuple[str, Hole]:
    """Play one deal with one player (a worker's unit of work)."""
    name, options, rules_name, number = task
    deal = Deal.numbered(number, Rules.named(rules_name))
    if name == "optimum":
        return name, optimum_hole(deal, number)
    players: dict[str, Player] = {
        "peeking": peeking_move,
        "greedy": greedy_move,
        "blind": blind_move,
        "blind0": functools.partial(blind_move, lookahead=0),
    }
    player: Callable[[Any], Any] = players.get(name) or functools.partial(fair_move, **options)
    return name, play_hole(deal, player, number)


def parse_variant(text: str) -> tuple[str, dict[str, Any]]:
    """``NAME:key=value,...`` as a name and ``hint`` options (ints, floats or words)."""
    name, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, equals, value = item.partition("=")
        if not equals:
            raise argparse.ArgumentTypeError(f"variant {text!r}: expected key=value, not {item!r}")
        for kind in (int, float):
            try:
                options[key] = kind(value)
                break
            except ValueError:
                continue
        else:
            options[key] = {"true": True, "false": False}.get(value, value)
    if not name:
        raise argparse.ArgumentTypeError(f"variant {text!r}: give it a name before ':'")
    return name, options


def refuse_unknown_options(parser: argparse.ArgumentParser, options: dict[str, Any]) -> None:
    """Stop with a message naming the first of ``options`` that ``hint`` does not take."""
    unknown = [key for key in options if key not in inspect.signature(hint).parameters]
    if unknown:
        parser.error(f"--variant: the hint has no option {unknown[0]!r}")


def range_parser(description: str, default_deals: str) -> argparse.ArgumentParser:
    """A parser with the arguments every benchmark over a range of deals takes: ``--deals``,
    ``--rules``, ``--jobs`` and ``--variant`` (hint options, ``key=value,...``)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--deals", default=default_deals, help="numbered deals, e.g. 1001-1160")
    parser.add_argument("--rules", default="strict", help="a rules preset")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    parser.add_argument(
        "--variant", default="", help="hint options, key=value,... (as fair_play's --variant)"
    )
    return parser


def checked_range(parser: argparse.ArgumentParser, arguments: argparse.Namespace) -> range:
    """The deals of ``--deals``, once ``--jobs``, ``--rules`` and ``--deals`` are known good;
    a bad one stops the benchmark with its name before any work."""
    if arguments.jobs < 1:
        parser.error(f"--jobs must be 1 or more, not {arguments.jobs}")
    try:
        Rules.named(arguments.rules)
        return parse_deal_range(arguments.deals)
    except ValueError as error:
        parser.error(str(error))


def checked_options(parser: argparse.ArgumentParser, text: str) -> dict[str, Any]:
    """The ``hint`` options of ``--variant``'s ``text``; a malformed or unknown one stops the
    benchmark with its name before any work."""
    try:
        _, options = parse_variant(f"hint:{text}")
    except argparse.ArgumentTypeError as error:
        parser.error(f"--variant: {error}")
    refuse_unknown_options(parser, options)
    return options


def on_workers(play: Callable[[Task], Played], tasks: list[Task], jobs: int) -> list[Played]:
    """``play`` every task on ``jobs`` worker processes, the results in the tasks' order."""
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        return pool.map(play, tasks)


def range_header(arguments: argparse.Namespace, options: dict[str, Any]) -> str:
    """The line that says what a benchmark over a range played."""
    return f"{arguments.rules} deals {arguments.deals}, hint options {options or 'the default'}"


def played_range(
    description: str, default_deals: str, play: Callable[[HandTask], Played]
) -> list[Played]:
    """The frame of a benchmark that follows the hint through a range: parse ``--deals``,
    ``--rules``, ``--jobs`` and ``--variant``, refuse a bad one by name before any work,
    ``play`` every deal on worker processes, say what was played and return the results in
    deal order."""
    parser = range_parser(description, default_deals)
    arguments = parser.parse_args()
    numbers = checked_range(parser, arguments)
    options = checked_options(parser, arguments.variant)
    tasks = [(arguments.rules, number, options) for number in numbers]
    played = on_workers(play, tasks, arguments.jobs)
    print(range_header(arguments, options))
    return played


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, min(len(ordered) - 1, math.ceil(share * len(ordered)) - 1))]


def interval(values: Sequence[float]) -> float:
    """Half the width of the normal 95% interval of the mean."""
    if len(values) < 2:
        return 0.0
    return 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def paired(name: str, mine: list[Hole], fair: list[Hole]) -> str:
    """``name`` against the fair hint deal by deal: the mean difference in strokes with its
    95% interval (negative: fewer strokes), and the deals each played better."""
    differences = [a.strokes - b.strokes for a, b in zip(mine, fair, strict=True)]
    better = sum(difference < 0 for difference in differences)
    worse = sum(difference > 0 for difference in differences)
    return (
        f"{name} - fair: {statistics.fmean(differences):+.2f} ± {interval(differences):.2f} "
        f"strokes a hole, deal by deal (better on {better} deals, worse on {worse})"
    )


def write_strokes(path: Path, holes: dict[str, list[Hole]], numbers: Sequence[int]) -> None:
    """Each player's strokes deal by deal (``player,deal,strokes``), so runs of different
    code can be compared deal by deal afterwards."""
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["player", "deal", "strokes"])
        for name, played in holes.items():
            for number, hole in zip(numbers, played, strict=True):
                writer.writerow([name, number, hole.strokes])


def main() -> None:
    """Play every deal with every player and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="3001-3200", help="numbered deals, e.g. 3001-3200")
    parser.add_argument("--rules", default="strict", help="a rules preset, e.g. putt-putt")
    parser.add_argument("--jobs", type=int, default=default_jobs(), help="worker processes")
    parser.add_argument("--runs", type=int, default=1, help="runs of the timed fair players")
    parser.add_argument(
        "--players", default=",".join(PLAYERS), help=f"comma-separated, of {', '.join(PLAYERS)}"
    )
    parser.add_argument(
        "--variant", type=parse_variant, action="append", default=[], help="NAME:k=v,..."
    )
    parser.add_argument(
        "--strokes", type=Path, help="also write each player's strokes deal by deal to this CSV"
    )
    arguments = parser.parse_args()
    numbers = checked_range(parser, arguments)
    chosen = [name for name in arguments.players.split(",") if name]
    unknown = [name for name in chosen if name not in PLAYERS]
    if unknown:
        parser.error(f"unknown player {unknown[0]!r} (known: {', '.join(PLAYERS)})")
    variants: dict[str, dict[str, Any]] = {}
    if "fair" in chosen:
        variants["fair"] = {}
    for name, options in arguments.variant:
        refuse_unknown_options(parser, options)
        variants[name] = options
    names = [name for name in chosen if name != "fair"]
    timed = list(variants)
    tasks: list[tuple[str, dict[str, Any], str, int]] = []
    for run in range(max(1, arguments.runs)):
        for number in numbers:  # deals in turn, so every player sees the same load
            for name in timed + (names if run == 0 else []):
                tasks.append((name, variants.get(name, {}), arguments.rules, number))
    holes: dict[str, list[list[Hole]]] = {name: [] for name in timed + names}
    per_run: dict[str, list[Hole]] = {}
    results: Iterable[tuple[str, Hole]]
    if arguments.jobs == 1:
        results = map(run_one, tasks)
    else:
        pool = multiprocessing.get_context("spawn").Pool(arguments.jobs)
        results = pool.imap(run_one, tasks)
    for name, hole in results:
        per_run.setdefault(name, []).append(hole)
        if len(per_run[name]) == len(numbers):
            holes[name].append(per_run.pop(name))
    print(
        f"{arguments.rules} deals {arguments.deals} ({len(numbers)} deals), "
        f"{arguments.jobs} {'job' if arguments.jobs == 1 else 'jobs'}, "
        f"latency: median of {max(1, arguments.runs)} run(s)"
    )
    print(f"{'player':16} {'strokes a hole':>20} {'cleared':>9} {'hint median':>12} {'p95':>8}")
    for name in timed + names:
        runs = holes[name]
        strokes = [hole.strokes for hole in runs[0]]
        cleared = sum(hole.cleared for hole in runs[0])
        mean = statistics.fmean(strokes)
        line = f"{name:16} {mean:12.2f} ± {interval(strokes):4.2f} {cleared:6}/{len(strokes)}"
        if name in timed:
            figures = []
            for kind in ("choice_seconds", "choice_cpu_seconds"):
                medians, p95s = [], []
                for run_holes in runs:
                    seconds = [s * 1000 for hole in run_holes for s in getattr(hole, kind)]
                    medians.append(statistics.median(seconds))
                    p95s.append(percentile(seconds, 0.95))
                figures.append((statistics.median(medians), statistics.median(p95s)))
            (wall, wall_p95), (cpu, cpu_p95) = figures
            line += f" {wall:9.0f} ms {wall_p95:5.0f} ms  (CPU {cpu:.0f} ms, p95 {cpu_p95:.0f} ms)"
        print(line)
    if arguments.strokes:
        write_strokes(arguments.strokes, {name: runs[0] for name, runs in holes.items()}, numbers)
    if "fair" in holes:
        for name in timed + names:
            if name != "fair" and name != "optimum":
                print(paired(name, holes[name][0], holes["fair"][0]))
    print("targets for the fair hint: 4.5 strokes a hole or fewer, median under 200 ms, p95 1 s")


if __name__ == "__main__":
    main()
