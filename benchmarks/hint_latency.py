"""A fair hint's CPU time on the same positions, one setting against another.

Positions come from numbered deals of a preset, played by a beginner who makes the greedy move
seven times in ten and a random legal move otherwise (seeded by the deal); every position with
a choice is kept. Each setting (the hint as it stands, and each ``--variant``) runs in a
process of its own over all the positions in deal order, as a game asks one hint after
another (so the rollout policies kept between a hand's hints are as warm as in play). The
settings run one at a time, taking turns from run to run, so that none shares the cores with
another. For each it prints the CPU time a hint, median, p95 and mean: the median of
``--runs`` runs. The hint's allowance is a median under 200 ms and a p95 under 1 s.

    python benchmarks/hint_latency.py --deals 11001-11012
    python benchmarks/hint_latency.py --deals 9001-9006 --rules jokers --variant r16:rollouts=16
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from golf_solitaire import Deal, Game, Move, Rules, hint
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.solver.survey import parse_deal_range

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_play import parse_variant, percentile

GREEDY_SHARE = 0.7
"""How often the beginner who makes the positions plays its greedy move (else a random one)."""

Position = tuple[int, tuple[Move, ...]]
"""A deal's number and the moves that lead from its start to the position."""


def positions(numbers: range, rules: Rules) -> list[Position]:
    """Every position with a choice on the beginner's way through each deal, in deal order."""
    found: list[Position] = []
    for number in numbers:
        rng = random.Random(number)
        game = Game(Deal.numbered(number, rules))
        while not game.is_over:
            legal = game.legal_moves()
            if len(legal) > 1:
                found.append((number, game.moves))
            greedy = rng.random() < GREEDY_SHARE
            game.apply(greedy_move(game) if greedy else rng.choice(legal))
    return found


def time_setting(task: tuple[str, dict[str, Any], list[Position]]) -> list[float]:
    """The CPU seconds of ``hint(game, **options)`` at each position (in a fresh process)."""
    preset, options, where = task
    rules = Rules.named(preset)
    seconds = []
    for number, moves in where:
        game = Game(Deal.numbered(number, rules))
        for move in moves:
            game.apply(move)
        started = time.process_time()
        hint(game, **options)
        seconds.append(time.process_time() - started)
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="11001-11012", help="numbered deals, e.g. 1-20")
    parser.add_argument("--rules", default="strict", help="a rules preset, e.g. jokers")
    parser.add_argument("--runs", type=int, default=1, help="runs of every setting")
    parser.add_argument(
        "--variant", type=parse_variant, action="append", default=[], help="NAME:k=v,..."
    )
    arguments = parser.parse_args()
    where = positions(parse_deal_range(arguments.deals), Rules.named(arguments.rules))
    settings: dict[str, dict[str, Any]] = {"as it stands": {}}
    settings.update(dict(arguments.variant))
    figures: dict[str, list[tuple[float, float, float]]] = {name: [] for name in settings}
    spawn = multiprocessing.get_context("spawn")
    for run in range(arguments.runs):
        names = list(settings) if run % 2 == 0 else list(reversed(settings))
        for name in names:
            with spawn.Pool(1) as pool:
                seconds = pool.map(time_setting, [(arguments.rules, settings[name], where)])[0]
            figures[name].append(
                (statistics.median(seconds), percentile(seconds, 0.95), statistics.mean(seconds))
            )
    print(
        f"{arguments.rules} deals {arguments.deals}: {len(where)} positions with a choice, "
        f"{arguments.runs} run(s); CPU a hint, median of runs"
    )
    for name, runs in figures.items():
        median, p95, mean = (1000 * statistics.median(run[k] for run in runs) for k in range(3))
        print(f"  {name}: median {median:.0f} ms, p95 {p95:.0f} ms, mean {mean:.0f} ms")


if __name__ == "__main__":
    main()
