"""What the compiled and the pure solver must agree on, printed as JSON (run as a script).

``test_compiled`` runs it once with a pure copy of the package and once with a compiled one
(``PYTHONPATH`` picks the copy) and compares the two outputs: best scores, positions searched,
first clears, fair hints and the stock-blind rollout player's hands (``BlindPolicy``: strokes
and every tableau it left) on deals of several presets. ``compiled`` says which build ran, so
a build that silently fell back to pure Python cannot pass for a compiled one.
"""

from __future__ import annotations

import json
from typing import Any

from golf_solitaire import Deal, Game, Rules, hint, solve
from golf_solitaire.solver import blind_policy, pruning, search
from golf_solitaire.solver.blind_policy import BlindPolicy
from golf_solitaire.solver.board import Board

DEALS = {
    "strict": range(1, 7),
    "putt-putt": range(1, 4),
    "pysolfc-golf": range(1, 3),
    "queens-on-kings": range(1, 3),
    "jokers": range(1, 3),
    "empty-start": range(1, 3),
    "tripeaks": range(1, 2),  # the covering search: interpreted, on the compiled SearchBase
}
"""Deals solved in every preset (the first few of each)."""

HINT_OPTIONS: dict[str, Any] = {"samples": 8, "budget": 4_000, "close_budget": 4_000}
"""A small fair hint: every part of it runs (orders, rounds, the close call), quickly."""


def results() -> dict[str, Any]:
    """Every answer, and whether the solver modules ran compiled."""
    solved: list[list[Any]] = []
    hints: list[list[Any]] = []
    rollouts: list[list[Any]] = []
    for name, numbers in DEALS.items():
        for number in numbers:
            deal = Deal.numbered(number, Rules.named(name))
            best = solve(deal, optimal=True)
            first = solve(deal)
            solved.append([name, number, best.best_score, best.nodes, first.status, first.nodes])
            advice = hint(Game(deal), **HINT_OPTIONS)
            hints.append([name, number, str(advice.move), advice.expected_strokes, advice.nodes])
            if not deal.layout.is_covering:
                board = Board.from_position(deal, Game(deal).state)
                for lookahead in (0, 1, 2):
                    policy = BlindPolicy(board, lookahead=lookahead)
                    trace: list[int] = []
                    strokes = policy.rollout(board.heights, board.top, board.stock, trace)
                    rollouts.append([name, number, lookahead, strokes, trace])
    compiled = (
        pruning.COMPILED
        and not str(search.__file__).endswith(".py")
        and not str(blind_policy.__file__).endswith(".py")
    )
    return {"compiled": compiled, "solved": solved, "hints": hints, "rollouts": rollouts}


if __name__ == "__main__":
    print(json.dumps(results()))
