"""The exact stock-blind value's cost: CPU time and draws valued at positions with k unseen.

Along each deal's optimal line, at the moment ``k`` cards are left unseen (the positions of
``blind_price.py``), it values the position exactly (``Expectimax``) and prints, for each
``k``, the positions valued, the median and p90 CPU time (the median of ``--runs`` runs) and
the positions past ``--nodes`` draws. Run it on another checkout's source (``PYTHONPATH``) to
compare two versions on the same positions.

    python benchmarks/expectimax.py --deals 1001-1030 --unseen 6,7,8
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from golf_solitaire import Deal, Rules
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.fair_value import Expectimax
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.survey import parse_deal_range

sys.path.insert(0, str(Path(__file__).resolve().parent))

from blind_price import positions_along_best_line
from fair_play import percentile


def timed(board: Board, most: int) -> float | None:
    """CPU seconds to value ``board`` exactly, or ``None`` past ``most`` draws."""
    start = time.process_time()
    try:
        Expectimax(board, max_nodes=most).value(
            tuple(board.heights), board.top, tuple(sorted(board.stock))
        )
    except LimitReached:
        return None
    return time.process_time() - start


def main() -> None:
    """Print the cost of the exact value for each count of unseen cards."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1001-1030", help="numbered deals, e.g. 1001-1030")
    parser.add_argument("--rules", default="strict", help="a rules preset")
    parser.add_argument("--unseen", default="6,7,8", help="counts of unseen cards, e.g. 6,8")
    parser.add_argument("--nodes", type=int, default=1_000_000, help="the most draws valued")
    parser.add_argument("--runs", type=int, default=3, help="runs of each position")
    arguments = parser.parse_args()
    rules = Rules.named(arguments.rules)
    wanted = {int(k) for k in arguments.unseen.split(",")}
    boards: dict[int, list[Board]] = {k: [] for k in sorted(wanted)}
    for number in parse_deal_range(arguments.deals):
        deal = Deal.numbered(number, rules)
        for k, state in positions_along_best_line(deal, wanted).items():
            boards[k].append(Board.from_position(deal, state))
    print(f"{arguments.rules} deals {arguments.deals}, median of {arguments.runs} run(s)")
    print(f"{'unseen':>6} {'positions':>9} {'median':>9} {'p90':>9} {'past the limit':>15}")
    for k, found in boards.items():
        runs = [[timed(board, arguments.nodes) for board in found] for _ in range(arguments.runs)]
        seconds = [
            statistics.median(times) for times in zip(*runs, strict=True) if None not in times
        ]
        past = len(found) - len(seconds)
        median = statistics.median(seconds) * 1000 if seconds else 0.0
        p90 = percentile(seconds, 0.9) * 1000 if seconds else 0.0
        print(f"{k:6} {len(found):9} {median:7.0f} ms {p90:6.0f} ms {past:15}")


if __name__ == "__main__":
    main()
