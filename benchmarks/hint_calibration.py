"""How honest the fair hint's stated expectation is: the strokes it says, against those a hand gets.

Every hint states the expected strokes of its move (``Hint.expected_strokes``, the figure its
reason gives). A player who follows the hint from there gets, on average, what the hint would
get; so over many hands, the strokes each hand ends with less what each of its hints said
measure how far the stated figure runs from the truth, by the stock cards still unseen. Where
the hint weighs every order exactly (few unseen cards) the difference must be zero within the
noise; earlier it says how much the estimates made from sampled orders and stock-blind hands
run high or low. Hints of one hand share its ending, so each interval is over deals: a
deal's mean difference at that count of unseen cards, then their mean.

    python benchmarks/hint_calibration.py --deals 25001-25040
    python benchmarks/hint_calibration.py --deals 25001-25040 --variant mix=0.25
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from pathlib import Path

from golf_solitaire import Deal, Game, Rules
from golf_solitaire.solver import hint

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fair_play import HandTask, interval, played_range

Said = tuple[int, float]
"""One hint's stock cards unseen and the expected strokes it stated for its move."""


def play(task: HandTask) -> tuple[int, int, list[Said]]:
    """Play one deal following the fair hint (``options`` go to ``hint``): its number, the
    strokes it ended with, and what every hint with a choice said (a worker's unit of work)."""
    rules_name, number, options = task
    game = Game(Deal.numbered(number, Rules.named(rules_name)))
    said: list[Said] = []
    while not game.is_over:
        moves = game.legal_moves()
        if len(moves) == 1:
            game.apply(moves[0])
            continue
        advice = hint(game, **options)
        if advice.move is None:
            raise ValueError(f"deal {number}: the hint gave no move with {len(moves)} legal")
        if advice.expected_strokes is not None:
            said.append((game.stock_count, advice.expected_strokes))
        game.apply(advice.move)
    return number, game.score, said


def mean_and_interval(values: list[float]) -> str:
    """``mean ± half a 95% interval`` of ``values`` (no interval for fewer than two)."""
    mean = f"{statistics.fmean(values):+7.2f}"
    return mean if len(values) < 2 else f"{mean} ± {interval(values):.2f}"


def table(hands: list[tuple[int, int, list[Said]]]) -> list[str]:
    """The stated and the real strokes by cards unseen, and their difference over deals."""
    by_deal: dict[int, dict[int, list[float]]] = defaultdict(lambda: defaultdict(list))
    stated: dict[int, list[float]] = defaultdict(list)
    for number, strokes, said in hands:
        for unseen, expected in said:
            by_deal[unseen][number].append(strokes - expected)
            stated[unseen].append(expected)
    finals = [strokes for _, strokes, _ in hands]
    lines = [
        f"{len(hands)} deals: the fair hint's player {statistics.fmean(finals):.2f} strokes a hole",
        f"{'unseen':>6} {'hints':>6} {'deals':>6} {'stated':>7}"
        f" {'got less stated (over deals)':>29}",
    ]
    for unseen in sorted(by_deal, reverse=True):
        means = [statistics.fmean(values) for values in by_deal[unseen].values()]
        lines.append(
            f"{unseen:6} {len(stated[unseen]):6} {len(means):6}"
            f" {statistics.fmean(stated[unseen]):7.2f} {mean_and_interval(means):>29}"
        )
    return lines


def main() -> None:
    """Play the range and print how far the hint's stated strokes ran from the real ones."""
    hands = played_range(__doc__.splitlines()[0], "25001-25040", play)
    print("\n".join(table(hands)))


if __name__ == "__main__":
    main()
