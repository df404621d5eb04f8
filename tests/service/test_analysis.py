"""The one solver adapter: typed answers, one time limit for every face."""

from __future__ import annotations

from golf_solitaire import Deal, Game, solver
from golf_solitaire.service import ANALYSIS_SECONDS, Analyst
from golf_solitaire.tui import GolfApp
from golf_solitaire.web import analysis as web_analysis
from tests.reference import verdicts


def test_both_faces_ask_with_the_same_time_limit() -> None:
    """The browser rated and reviewed without a limit, the terminal with 10 s: now one."""
    assert web_analysis.ANALYST.seconds == ANALYSIS_SECONDS
    assert GolfApp(Game(Deal.numbered(2))).analysis.seconds == ANALYSIS_SECONDS


def test_a_verdict_out_of_time_says_so_instead_of_waiting() -> None:
    hurried = Analyst(solver, seconds=1e-6)
    verdict = hurried.verdict(Deal.numbered(12))
    assert verdict is not None and verdict.status == "intractable"
    assert verdict.best_score is None and not verdict.clearable


def test_verdicts_and_proofs_agree_with_the_reference_solver() -> None:
    analyst = Analyst(solver)
    for number in (1, 2, 3):
        clearable = verdicts("strict")[number].solved
        verdict = analyst.verdict(Deal.numbered(number))
        assert verdict is not None and verdict.clearable == clearable
        assert verdict.status == ("solved" if clearable else "unsolvable")
        assert analyst.proved_unwinnable(Deal.numbered(number)) == (not clearable)
    assert analyst.verdict(Deal.numbered(2)) is analyst.verdict(Deal.numbered(2))  # kept


def test_without_the_solver_every_answer_is_none() -> None:
    absent = Analyst(None)
    game = Game(Deal.numbered(2))
    assert not absent.available
    assert absent.hint(game) is None and absent.verdict(game.deal) is None
    assert absent.review(game) is None and not absent.proved_unwinnable(game.deal)
