"""The compiled build against pure Python, side by side in one run: positions a second for
the winnable and the optimal question, and the CPU time of a fair hint.

It copies the sources twice to a temporary folder, builds one copy with mypyc (``make
compiled``'s ``setup.py``), and then, for each of ``--runs`` rounds, runs one worker process
per build in turn (so both see the same load): each solves the deals (first clear, then best
score) and asks the default fair hint at the start of each hint deal, timing CPU. It prints
the medians over the rounds and the compiled build's speed-up. Both builds search the same
positions (``tests/solver/test_compiled.py``), so positions a second compare directly.

    python benchmarks/compiled.py                       # strict 1-40, hints on 1001-1010, 3 runs
    python benchmarks/compiled.py --deals 1-100 --runs 5 --rules putt-putt
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.compiled_build import build_missing, compiled_copy, pure_copy  # noqa: E402


def worker(deals: str, hint_deals: str, rules_name: str) -> dict[str, Any]:
    """One build's figures: positions and CPU seconds per question, CPU ms per hint."""
    from golf_solitaire import Deal, Game, Rules, hint, solve
    from golf_solitaire.solver import pruning
    from golf_solitaire.solver.survey import parse_deal_range

    rules = Rules.named(rules_name)
    figures: dict[str, Any] = {"compiled": pruning.COMPILED}
    for question, optimal in (("winnable", False), ("optimal", True)):
        nodes = 0
        started = time.process_time()
        for number in parse_deal_range(deals):
            nodes += solve(Deal.numbered(number, rules), optimal=optimal).nodes
        figures[question] = (nodes, time.process_time() - started)
    hints = []
    for number in parse_deal_range(hint_deals):
        game = Game(Deal.numbered(number, rules))
        started = time.process_time()
        hint(game)
        hints.append((time.process_time() - started) * 1000)
    figures["hint_ms"] = hints
    return figures


def run_worker(source: Path, arguments: argparse.Namespace) -> dict[str, Any]:
    """``worker`` in a fresh process that imports the package copy under ``source``."""
    command = [sys.executable, __file__, "--worker", "--deals", arguments.deals]
    command += ["--hint-deals", arguments.hint_deals, "--rules", arguments.rules]
    env = {**os.environ, "PYTHONPATH": str(source)}
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    figures: dict[str, Any] = json.loads(done.stdout)
    return figures


def main() -> None:
    """Build, run both builds in turn, print the medians."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-40", help="deals solved by each question")
    parser.add_argument("--hint-deals", default="1001-1010", help="deals whose start is hinted")
    parser.add_argument("--rules", default="strict", help="a rules preset")
    parser.add_argument("--runs", type=int, default=3, help="rounds of both builds")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.worker:
        print(json.dumps(worker(arguments.deals, arguments.hint_deals, arguments.rules)))
        return
    missing = build_missing()
    if missing is not None:
        parser.exit(1, f"cannot build: {missing}\n")
    with tempfile.TemporaryDirectory() as folder:
        sources = {
            "pure": pure_copy(Path(folder) / "pure"),
            "compiled": compiled_copy(Path(folder) / "compiled", sys.executable),
        }
        rounds: dict[str, list[dict[str, Any]]] = {name: [] for name in sources}
        for _ in range(max(1, arguments.runs)):
            for name, source in sources.items():
                rounds[name].append(run_worker(source, arguments))
    assert [figures["compiled"] for figures in rounds["compiled"]] == [True] * len(
        rounds["compiled"]
    ), "the compiled copy did not import its extensions"
    print(
        f"{arguments.rules}: solved deals {arguments.deals}, hints at the start of deals "
        f"{arguments.hint_deals}; medians of {max(1, arguments.runs)} runs (CPU time)"
    )
    print(f"{'':28} {'pure':>12} {'compiled':>12} {'speed-up':>9}")
    medians: dict[str, dict[str, float]] = {name: {} for name in sources}
    for name, figures in rounds.items():
        for question in ("winnable", "optimal"):
            medians[name][question] = statistics.median(
                nodes / seconds for nodes, seconds in (run[question] for run in figures)
            )
        medians[name]["hint"] = statistics.median(
            statistics.median(run["hint_ms"]) for run in figures
        )
    for question in ("winnable", "optimal"):
        pure, compiled = medians["pure"][question], medians["compiled"][question]
        label = f"{question}: positions a second"
        print(f"{label:28} {pure:12,.0f} {compiled:12,.0f} {compiled / pure:8.2f}x")
    pure, compiled = medians["pure"]["hint"], medians["compiled"]["hint"]
    label = "fair hint: median CPU ms"
    print(f"{label:28} {pure:12.0f} {compiled:12.0f} {pure / compiled:8.2f}x")


if __name__ == "__main__":
    main()
