"""What an optimal search stopped by its limit still tells: a line it found and the scores
it ruled out, which must hold the true best score between them."""

from __future__ import annotations

import pytest

from golf_solitaire import Deal, Game, Limit, Rules, solve
from golf_solitaire.solver import Bracket, LimitReached, rate, rate_within


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


def test_a_search_that_proved_no_clear_before_its_limit_rules_out_every_clear() -> None:
    """Strict deal 1 cannot be cleared (best score 6): the first-clear search says so within
    50 positions, so the floor is 1 rather than a clear keeping the whole stock."""
    stopped = solve(Deal.numbered(1), optimal=True, limit=Limit(nodes=50))
    assert (stopped.status, stopped.found, stopped.floor) == ("intractable", 10, 1)


def test_a_stopped_rating_brackets_the_best_score_as_solve_does() -> None:
    deal = Deal.numbered(2, Rules.named("double-golf"))
    bracket = rate_within(deal, limit=Limit(nodes=20000))
    stopped = solve(deal, optimal=True, limit=Limit(nodes=20000))
    assert isinstance(bracket, Bracket)
    assert (bracket.floor, bracket.found, bracket.clears, bracket.settled) == (
        -17,
        -16,
        True,
        False,
    )
    assert list(bracket.found_line) == stopped.found_line
    assert _replayed(deal, list(bracket.found_line)) == -16
    with pytest.raises(LimitReached):
        rate(deal, limit=Limit(nodes=20000))


def test_a_rating_stopped_after_its_best_score_is_proved_is_settled() -> None:
    """Double Putt deal 4's best score (-19) is proved in 64 positions; how narrow its way is
    takes some 58 000 more, so a rating stopped at 1000 knows the best score but no level."""
    deal = Deal.numbered(4, Rules.named("double-putt"))
    bracket = rate_within(deal, limit=Limit(nodes=1000))
    assert isinstance(bracket, Bracket)
    assert (bracket.floor, bracket.found, bracket.settled) == (-19, -19, True)
    assert _replayed(deal, list(bracket.found_line)) == -19
    assert rate_within(deal) == rate(deal)


def test_what_a_bracket_proves_of_a_clear() -> None:
    assert Bracket(-17, -16).clears is True
    assert Bracket(1, 10).clears is False
    assert Bracket(-40).clears is None and Bracket(-20, 3).clears is None
