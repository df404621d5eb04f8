"""Where a player who follows the fair hint loses strokes: in hindsight, by cards unseen.

The fair hint's player plays each deal of a range to its end. Before and after every move the
exact optimum of the rest of the hand with the true stock is solved (what a player who knew
the stock could still reach); a move's loss in hindsight is how much it raised that optimum.
The losses add up to the gap between the player's strokes and the deal's optimum, so the
table says at which point of a hand (how many stock cards were still unseen) the strokes go,
and whether plays or draws made while a play was open lost them. Hindsight is not what a fair
player can avoid: ``benchmarks/blind_price.py`` gives what the best stock-blind play still
loses from ``k`` unseen cards, the floor for the "from here on" column.

    python benchmarks/hindsight_losses.py --deals 1001-1160
    python benchmarks/hindsight_losses.py --deals 1001-1040 --variant samples=64
"""

from __future__ import annotations

import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from golf_solitaire import Deal, Game, Rules, solve
from golf_solitaire.moves import Draw
from golf_solitaire.solver.fair_player import fair_move

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_play import HandTask, played_range


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a played hand: the stock cards unseen before it, whether it was chosen
    among several legal moves, whether it drew, and the optimum before and after it."""

    unseen: int
    chosen: bool
    drew: bool
    before: int
    after: int

    @property
    def loss(self) -> int:
        """The strokes the move gave away in hindsight (never negative: an optimum)."""
        return self.after - self.before


def optimum(game: Game) -> int:
    """The fewest strokes the rest of the hand allows with the stock known."""
    best = solve(game, optimal=True).best_score
    assert best is not None
    return best


def play(task: HandTask) -> tuple[int, int, list[Step]]:
    """Play one deal with the fair hint (``options`` go to ``hint``): its number, the
    player's strokes and every move's step (a worker's unit of work)."""
    rules_name, number, options = task
    game = Game(Deal.numbered(number, Rules.named(rules_name)))
    steps = []
    best = optimum(game)
    while not game.is_over:
        moves = game.legal_moves()
        move = moves[0] if len(moves) == 1 else fair_move(game, **options)
        unseen = game.stock_count
        game.apply(move)
        after = optimum(game)
        steps.append(Step(unseen, len(moves) > 1, isinstance(move, Draw), best, after))
        best = after
    return number, game.score, steps


def table(hands: list[tuple[int, int, list[Step]]]) -> list[str]:
    """The losses a deal by cards unseen, plays and draws apart, and from there on."""
    count = len(hands)
    plays: Counter[int] = Counter()
    draws: Counter[int] = Counter()
    chosen_draws: Counter[int] = Counter()
    for _, _, steps in hands:
        for step in steps:
            (draws if step.drew else plays)[step.unseen] += step.loss
            chosen_draws[step.unseen] += step.chosen and step.drew
    start = sum(steps[0].before for _, _, steps in hands if steps) / count
    final = sum(score for _, score, _ in hands) / count
    lines = [
        f"{count} deals: optimum {start:.2f}, fair hint {final:.2f} strokes a hole"
        f" (gap {final - start:.2f})",
        f"{'unseen':>6} {'play loss':>10} {'draw loss':>10} {'draws by choice':>16}"
        f" {'from here on':>13}",
    ]
    rest = sum(plays.values()) + sum(draws.values())  # whole strokes: no rounding drift
    for unseen in sorted(set(plays) | set(draws), reverse=True):
        lines.append(
            f"{unseen:6} {plays[unseen] / count:10.3f} {draws[unseen] / count:10.3f}"
            f" {chosen_draws[unseen] / count:16.2f} {rest / count:13.2f}"
        )
        rest -= plays[unseen] + draws[unseen]
    return lines


def main() -> None:
    """Play the range and print where the strokes went."""
    hands = played_range(__doc__.splitlines()[0], "1001-1040", play)
    print("\n".join(table(hands)))


if __name__ == "__main__":
    main()
