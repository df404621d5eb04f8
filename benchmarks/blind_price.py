"""The price of not seeing the stock: the best stock-blind play against the clairvoyant optimum.

Along each deal's optimal line (what a player who knew the stock would play), at the moment
only ``k`` cards are left unseen, it computes the exact expected strokes of the best
stock-blind play from there (``Expectimax``: every unseen card equally likely next) and the
mean over the unseen cards' orders of the clairvoyant optimum from there (every distinct rank
order when there are at most ``--orders`` of them, else that many seeded samples). The
difference is what not seeing the last ``k`` cards costs even a perfect player, so no fair
hint can close it; how it grows with ``k`` says what the whole stock's 16 cards cost.

    python benchmarks/blind_price.py --deals 1001-1020 --unseen 2,4,6,8
"""

from __future__ import annotations

import argparse
import itertools
import random
import statistics
import time

from golf_solitaire import Deal, Game, Rules, solve
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.cover_search import search_for
from golf_solitaire.solver.fair_value import Expectimax
from golf_solitaire.solver.search import LimitReached
from golf_solitaire.solver.survey import parse_deal_range
from golf_solitaire.state import State


def positions_along_best_line(deal: Deal, wanted: set[int]) -> dict[int, State]:
    """The positions of the optimal line just after the draw that leaves ``k`` unseen cards,
    for each ``k`` in ``wanted`` the line reaches with cards left in the tableau."""
    game = Game(deal)
    found: dict[int, State] = {}
    for move in solve(deal, optimal=True).line:
        game.apply(move)
        left = len(deal.stock) - game.state.drawn
        if left in wanted and left not in found and any(game.state.heights):
            found[left] = game.state
    return found


def rank_orders(stock: list[int], most: int, rng: random.Random) -> list[list[int]]:
    """Every distinct order of ``stock``'s ranks when there are at most ``most``, else ``most``
    seeded shuffles."""
    distinct = set(itertools.permutations(sorted(stock)))
    if len(distinct) <= most:
        return [list(order) for order in sorted(distinct)]
    orders = []
    for _ in range(most):
        order = list(stock)
        rng.shuffle(order)
        orders.append(order)
    return orders


def price(
    deal: Deal, state: State, most_orders: int, most_nodes: int
) -> tuple[float, float] | None:
    """(best stock-blind expected strokes, mean clairvoyant optimum) at ``state``,
    or ``None`` when the expectimax needs more than ``most_nodes`` positions."""
    board = Board.from_position(deal, state)
    blind = Expectimax(board, max_nodes=most_nodes)
    try:
        fair = blind.value(tuple(board.heights), board.top, tuple(sorted(board.stock)))
    except LimitReached:
        return None
    scores = []
    for order in rank_orders(board.stock, most_orders, random.Random(0)):
        sampled = Board(board.rules, board.columns, list(board.heights), order, board.top)
        scores.append(search_for(sampled).optimum())
    return fair, statistics.fmean(scores)


def main() -> None:
    """Print the price of blindness for each count of unseen cards."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1001-1020", help="numbered deals, e.g. 1001-1020")
    parser.add_argument("--rules", default="strict", help="a rules preset")
    parser.add_argument("--unseen", default="2,4,6,8", help="counts of unseen cards, e.g. 4,8")
    parser.add_argument("--orders", type=int, default=2000, help="stock orders averaged at most")
    parser.add_argument("--nodes", type=int, default=3_000_000, help="expectimax positions at most")
    parser.add_argument("--verbose", action="store_true", help="print each position's figures")
    arguments = parser.parse_args()
    rules = Rules.named(arguments.rules)
    wanted = {int(text) for text in arguments.unseen.split(",") if text}
    rows: dict[int, list[tuple[float, float]]] = {k: [] for k in sorted(wanted)}
    skipped = dict.fromkeys(rows, 0)
    started = time.process_time()
    for number in parse_deal_range(arguments.deals):
        deal = Deal.numbered(number, rules)
        for left, state in positions_along_best_line(deal, wanted).items():
            measured = price(deal, state, arguments.orders, arguments.nodes)
            if measured is None:
                skipped[left] += 1
            else:
                rows[left].append(measured)
            if arguments.verbose:
                print(number, left, measured, flush=True)
    print(f"{arguments.rules} deals {arguments.deals}, positions on each deal's optimal line")
    print(f"{'unseen':>6} {'positions':>9} {'blind best':>11} {'clairvoyant':>12} {'price':>7}")
    for left, pairs in rows.items():
        if not pairs:
            print(f"{left:6} {0:9}  (skipped {skipped[left]}: too big)")
            continue
        fair = statistics.fmean(value for value, _ in pairs)
        seeing = statistics.fmean(value for _, value in pairs)
        print(
            f"{left:6} {len(pairs):9} {fair:11.2f} {seeing:12.2f} {fair - seeing:7.2f}"
            + (f"  (skipped {skipped[left]}: too big)" if skipped[left] else "")
        )
    print(f"CPU {time.process_time() - started:.0f} s")


if __name__ == "__main__":
    main()
