"""The positions a fair hint spends by default depend on the rules: fewer where each position
has more plays (wrap, jokers), so that every preset's hints come within the same time."""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Game, Rules
from golf_solitaire.solver.hints import (
    DEFAULT_BUDGET,
    DEFAULT_CLOSE_BUDGET,
    RICH_BUDGETS,
    default_budgets,
    hint,
)


@pytest.mark.parametrize(
    ("preset", "budgets"),
    [
        ("strict", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
        ("queens-on-kings", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
        ("empty-start", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
        ("putt-putt", RICH_BUDGETS),
        ("pysolfc-golf", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
        ("jokers", RICH_BUDGETS),
        ("double-putt", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
        ("tripeaks", (DEFAULT_BUDGET, DEFAULT_CLOSE_BUDGET)),
    ],
)
def test_each_preset_has_its_budgets(preset: str, budgets: tuple[int, int]) -> None:
    assert default_budgets(Rules.named(preset)) == budgets


def test_a_hint_without_budgets_spends_its_rules_defaults() -> None:
    game = Game(Deal.numbered(4, Rules.named("putt-putt")))
    usual = hint(game)
    assert usual == hint(game, budget=RICH_BUDGETS[0], close_budget=RICH_BUDGETS[1])
    assert usual.nodes == RICH_BUDGETS[0]  # the first budget, no close call after it
    larger = hint(game, budget=DEFAULT_BUDGET, close_budget=DEFAULT_CLOSE_BUDGET)
    assert larger.nodes == DEFAULT_BUDGET + DEFAULT_CLOSE_BUDGET  # a close call, spent
