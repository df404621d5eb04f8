"""What the fair hint gives away against perfect stock-blind play, by cards unseen.

The fair hint's player plays each deal of a range to its end. At every choice it makes while
``--unseen`` or fewer stock cards are unseen, the exact stock-blind value of every legal move
is computed (``Expectimax``: every unseen card equally likely next), and the move's regret is
how much worse its value is than the best move's. Summed along the hands, the regrets are what
following the hint costs against perfect blind play from that point of the hand on (the
performance difference lemma: the expected shortfall of a player is the expected sum of its
one-move regrets under the best play's values). Unlike hindsight losses, a regret is what a
player who cannot see the stock could have avoided. Positions whose exact value needs more
than ``--nodes`` draws are skipped and counted, so the sums are lower bounds where any are.

    python benchmarks/blind_regret.py --deals 1001-1040 --unseen 10
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from golf_solitaire import Deal, Game, Rules, solve
from golf_solitaire.solver.board import Board
from golf_solitaire.solver.fair_player import fair_move
from golf_solitaire.solver.fair_value import Expectimax, move_values
from golf_solitaire.solver.search import LimitReached

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_play import checked_options, checked_range, on_workers, range_header, range_parser


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice the player made: the stock cards unseen before it, and its regret against
    the best blind move (``None`` when the exact value did not fit the allowance)."""

    unseen: int
    regret: float | None


Hand = tuple[int, int, int, list[Choice], float]
"""A deal played: its number, its optimum, the strokes, the judged choices, the exact values'
CPU seconds."""


def play(task: tuple[str, int, dict[str, Any], int, int]) -> Hand:
    """Play one deal with the fair hint (``options`` go to ``hint``), judging its choices
    (a worker's unit of work)."""
    rules_name, number, options, most_unseen, most_nodes = task
    deal = Deal.numbered(number, Rules.named(rules_name))
    game = Game(deal)
    best = solve(deal, optimal=True).best_score
    assert best is not None
    search: Expectimax | None = None  # one for the hand: its values hold at every position
    choices = []
    exact_seconds = 0.0
    while not game.is_over:
        moves = game.legal_moves()
        if len(moves) == 1:
            game.apply(moves[0])
            continue
        move = fair_move(game, **options)
        unseen = game.stock_count
        if unseen <= most_unseen:
            started = time.process_time()
            board = Board.from_position(deal, game.state)
            if search is None:
                search = Expectimax(board)
            search.allow(most_nodes)
            try:
                values = move_values(search, board, tuple(sorted(board.stock)), moves)
            except LimitReached:
                choices.append(Choice(unseen, None))
            else:
                choices.append(Choice(unseen, values[move] - min(values.values())))
            exact_seconds += time.process_time() - started
        game.apply(move)
    return number, best, game.score, choices, exact_seconds


def table(hands: list[Hand], most_unseen: int) -> list[str]:
    """The regret a deal by cards unseen, the choices judged and skipped, and from there on."""
    count = len(hands)
    judged: Counter[int] = Counter()
    skipped: Counter[int] = Counter()
    best_moves: Counter[int] = Counter()
    regret: dict[int, float] = {unseen: 0.0 for unseen in range(most_unseen + 1)}
    for _, _, _, choices, _ in hands:
        for choice in choices:
            if choice.regret is None:
                skipped[choice.unseen] += 1
                continue
            judged[choice.unseen] += 1
            regret[choice.unseen] += choice.regret
            best_moves[choice.unseen] += choice.regret < 1e-9
    optimum = sum(deal_best for _, deal_best, _, _, _ in hands) / count
    final = sum(score for _, _, score, _, _ in hands) / count
    seconds = sum(spent for _, _, _, _, spent in hands)
    lines = [
        f"{count} deals: the fair hint plays {final:.2f} strokes a hole, the optimum"
        f" {optimum:.2f} (gap {final - optimum:.2f}); exact values took {seconds:.0f} s of CPU",
        f"{'unseen':>6} {'choices':>8} {'skipped':>8} {'best move':>10} {'regret a choice':>16}"
        f" {'a deal':>7} {'from here on':>13}",
    ]
    rest = sum(regret.values())
    for unseen in range(most_unseen, -1, -1):
        made = judged[unseen]
        share = f"{best_moves[unseen] / made:10.0%}" if made else f"{'':10}"
        each = f"{regret[unseen] / made:16.3f}" if made else f"{'':16}"
        lines.append(
            f"{unseen:6} {made:8} {skipped[unseen]:8} {share} {each}"
            f" {regret[unseen] / count:7.3f} {rest / count:13.3f}"
        )
        rest -= regret[unseen]
    return lines


def main() -> None:
    """Play the range and print the hint's regret against perfect blind play."""
    parser = range_parser(__doc__.splitlines()[0], "1001-1040")
    parser.add_argument("--unseen", type=int, default=10, help="judge choices from this many on")
    parser.add_argument("--nodes", type=int, default=2_000_000, help="draws valued at most")
    arguments = parser.parse_args()
    if arguments.unseen < 0:
        parser.error(f"--unseen must be 0 or more, not {arguments.unseen}")
    if arguments.nodes < 1:
        parser.error(f"--nodes must be 1 or more, not {arguments.nodes}")
    numbers = checked_range(parser, arguments)
    layout = Deal.numbered(1, Rules.named(arguments.rules)).layout
    if layout.is_covering:
        parser.error(f"{layout.name} is a covering layout: its exact blind value is not weighed")
    options = checked_options(parser, arguments.variant)
    tasks = [
        (arguments.rules, number, options, arguments.unseen, arguments.nodes) for number in numbers
    ]
    hands = on_workers(play, tasks, arguments.jobs)
    print(range_header(arguments, options))
    print("\n".join(table(hands, arguments.unseen)))


if __name__ == "__main__":
    main()
