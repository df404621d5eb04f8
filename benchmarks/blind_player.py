"""How strong the stock-blind rollout player is by itself, one setting against another.

The fair hint mixes hands played out by ``BlindPolicy`` into its values, so a stronger blind
player may make a better hint. This plays every deal of a range from its start in ``--orders``
seeded stock orders (the same orders for every setting) with each setting of the policy
(``NAME:lookahead=2,refine=3``), and prints the mean strokes a hole, each setting against the
first hand by hand (the mean difference with its 95% interval) and the CPU time a hand.

    python benchmarks/blind_player.py --deals 1201-1400 --orders 2 \\
        --setting l2:lookahead=2 --setting l2r3:lookahead=2,refine=3
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from golf_solitaire import Deal, Rules, State
from golf_solitaire.solver.blind_policy import BlindPolicy
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.survey import parse_deal_range

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_play import interval, parse_variant

OPTIONS = {"lookahead", "refine", "beam"}
OPTIONS_TEXT = ", ".join(sorted(OPTIONS))


def play(numbers: Sequence[int], rules: Rules, orders: int, options: dict[str, Any]) -> list[int]:
    """The strokes of every (deal, seeded order) hand played by a policy with ``options``."""
    strokes = []
    for number in numbers:
        deal = Deal.numbered(number, rules)
        board = Board.from_position(deal, State.start(deal))
        policy = BlindPolicy(board, **options)
        rng = random.Random(number)
        for _ in range(orders):
            stock = rng.sample(board.stock, len(board.stock))
            strokes.append(policy.rollout(list(board.heights), stock[0], stock[1:]))
    return strokes


def main() -> None:
    """Play the range with every setting and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1201-1400", help="numbered deals, e.g. 1201-1400")
    parser.add_argument("--rules", default="strict", help="a rules preset, e.g. putt-putt")
    parser.add_argument("--orders", type=int, default=2, help="seeded stock orders a deal")
    parser.add_argument(
        "--setting",
        type=parse_variant,
        action="append",
        default=[],
        help="NAME:lookahead=k,refine=n (the first is the baseline)",
    )
    arguments = parser.parse_args()
    numbers = parse_deal_range(arguments.deals)
    rules = Rules.named(arguments.rules)
    for name, options in arguments.setting:
        unknown = sorted(set(options) - OPTIONS)
        if unknown:
            parser.error(f"setting {name}: unknown option {', '.join(unknown)} (of {OPTIONS_TEXT})")
    settings = arguments.setting or [
        ("l2", {"lookahead": 2}),
        ("l2r3", {"lookahead": 2, "refine": 3}),
    ]
    print(f"{arguments.rules} deals {arguments.deals}, {arguments.orders} orders a deal")
    baseline: list[int] | None = None
    for name, options in settings:
        started = time.process_time()
        strokes = play(numbers, rules, arguments.orders, options)
        each = (time.process_time() - started) / len(strokes) * 1000
        line = f"{name:10} {statistics.fmean(strokes):6.2f} strokes a hole  {each:6.1f} ms a hand"
        if baseline is None:
            baseline = strokes
        else:
            differences = [a - b for a, b in zip(strokes, baseline, strict=True)]
            line += f"  {statistics.fmean(differences):+.2f} ± {interval(differences):.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
