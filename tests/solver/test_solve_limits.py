"""What an optimal search stopped by its limit still tells: a line it found and the scores
it ruled out, which must hold the true best score between them."""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Game, Limit, Rules, solve


def _replayed(deal: Deal, solution_line: list[object]) -> int:
    game = Game(deal)
    for move in solution_line:
        game.apply(move)  # type: ignore[arg-type]
    assert game.is_over
    return game.score


@pytest.mark.parametrize("preset", ["strict", "putt-putt", "jokers", "black-hole"])
@pytest.mark.parametrize("nodes", [50, 400, 3000, 20000])
@pytest.mark.parametrize("number", [2, 4, 7])
def test_a_stopped_search_brackets_the_best_score(preset: str, nodes: int, number: int) -> None:
    deal = Deal.numbered(number, Rules.named(preset))
    stopped = solve(deal, optimal=True, limit=Limit(nodes=nodes))
    if stopped.status != "intractable":
        return  # settled within the limit: nothing to bracket
    best = solve(deal, optimal=True).best_score
    assert best is not None and stopped.best_score is None and stopped.floor is not None
    assert stopped.floor <= best
    if stopped.found is not None:
        assert best <= stopped.found == _replayed(deal, list(stopped.found_line))
    else:
        assert stopped.found_line == []


def test_double_golf_deal_2_is_bracketed_tightly_and_a_winnable_search_brackets_nothing() -> None:
    deal = Deal.numbered(2, Rules.named("double-golf"))
    stopped = solve(deal, optimal=True, limit=Limit(nodes=20000))
    assert (stopped.status, stopped.found, stopped.floor) == ("intractable", -16, -17)
    assert solve(deal, optimal=True).best_score == -16
    first = solve(deal, limit=Limit(nodes=10))
    assert (first.status, first.found, first.found_line, first.floor) == (
        "intractable",
        None,
        [],
        None,
    )
