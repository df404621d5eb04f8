"""Our verdicts agree with black-hole-solver's (tests/data), and our lines replay in the engine.

The full sweep of deals 1-2000 for every ruleset is ``benchmarks/verdicts.py`` (8000 deals,
about 8 minutes on two cores); here every ``STEP``-th deal of each ruleset, across the whole
range, keeps the suite within its time budget.
"""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Game, Move, Rules, solve
from tests.reference import boards, verdicts

STEP = {"strict": 4, "pysolfc-golf": 8, "putt-putt": 8, "black-hole": 25, "all-in-a-row": 25}
"""Deals 1, 1 + STEP, 1 + 2 STEP, ... of each ruleset's reference range."""


def _deal(preset: str, number: int) -> Deal:
    rules = Rules.named(preset)
    return Deal.from_text(boards(rules.layout)[number], rules)


@pytest.mark.parametrize(
    ("preset", "number"),
    [
        (preset, n)
        for preset, step in STEP.items()
        for n in range(1, len(verdicts(preset)) + 1, step)
    ],
)
def test_verdict_agrees_and_line_replays(preset: str, number: int) -> None:
    deal = _deal(preset, number)
    solution = solve(deal)
    expected = verdicts(preset)[number]
    assert (solution.status == "solved") == expected.solved
    if solution.status == "solved":
        game = Game(deal)
        for move in solution.line:
            game.apply(move)
        assert game.is_won and game.score == solution.best_score


@pytest.mark.parametrize("preset", list(STEP))
def test_reference_lines_replay_in_our_engine(preset: str) -> None:
    for number, verdict in list(verdicts(preset).items())[:200]:
        if not verdict.solved:
            continue
        game = Game(_deal(preset, number))
        for token in verdict.solution:
            game.apply(Move.parse(token))
        assert game.is_won
