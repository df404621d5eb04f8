"""The positions a fair hint spends, and the hands it plays out stock-blind, depend on the rules
by default: fewer where each position has more plays (wrap, jokers), so that every preset's hints
come within the same time."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from golf_solitaire import Deal, Game, Play, Rules
from golf_solitaire.solver.hints import (
    BLENDED_BUDGETS,
    DEFAULT_BUDGET,
    DEFAULT_CLOSE_BUDGET,
    DEFAULT_ROLLOUTS,
    RICH_BUDGETS,
    default_budgets,
    default_rollouts,
    hint,
)


@pytest.mark.parametrize(
    ("preset", "budgets"),
    [
        ("strict", BLENDED_BUDGETS),
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


@pytest.mark.parametrize(
    ("preset", "rollouts"),
    [
        ("strict", DEFAULT_ROLLOUTS),
        ("queens-on-kings", 0),
        ("pysolfc-golf", 0),
        ("empty-start", 0),
        ("putt-putt", 0),
        ("jokers", 0),
        ("double-golf", 0),
        ("tripeaks", 0),
        ("black-hole", 0),
    ],
)
def test_each_preset_plays_out_its_hands_or_not(preset: str, rollouts: int) -> None:
    assert default_rollouts(Rules.named(preset)) == rollouts
    # Winnable deals only changes which deals are dealt, not how a hint weighs a move.
    assert default_rollouts(replace(Rules.named(preset), winnable_only=True)) == rollouts


def test_a_strict_hint_mixes_in_hands_played_out_and_says_so() -> None:
    game = Game(Deal.numbered(1002))
    usual = hint(game)
    assert usual == hint(game, rollouts=DEFAULT_ROLLOUTS)
    assert usual.compare_code is not None and usual.compare_code.startswith("compare.blended_")
    assert usual.compare_params["played"] == DEFAULT_ROLLOUTS
    assert f"from {DEFAULT_ROLLOUTS} hands played out by a player who never sees" in usual.reason
    searched = hint(game, rollouts=0)
    assert searched.compare_code is not None
    assert not searched.compare_code.startswith("compare.blended_")


def test_a_putt_putt_hint_plays_no_hands_out() -> None:
    game = Game(Deal.numbered(4, Rules.named("putt-putt")))
    usual = hint(game)
    assert usual == hint(game, rollouts=0)
    assert not (usual.compare_code or "").startswith("compare.blended_")


def test_the_default_strict_hint_gives_a_cheaters_twin_the_same_advice() -> None:
    """The hint as the games ask it (sampled orders searched, stock-blind hands played out)
    never reads the stock: a twin of deal 1002 whose stock is shuffled gets the same hint,
    values and words, at the start and after the same plays."""
    deal = Deal.numbered(1002)
    stock = list(deal.stock)
    random.Random(7).shuffle(stock)
    assert tuple(stock) != deal.stock
    game, twin = Game(deal), Game(replace(deal, stock=tuple(stock)))
    for move in (None, Play(2)):
        if move is not None:
            game.apply(move)
            twin.apply(move)
        advice = hint(game)
        assert advice.compare_code is not None and advice.compare_code.startswith(
            "compare.blended_"
        )
        assert hint(twin) == advice
