"""The one solver adapter: typed answers, one time limit for every face."""

from __future__ import annotations

from golf_solitaire import Deal, Game, Rules, solver
from golf_solitaire.moves import Move
from golf_solitaire.service import ANALYSIS_SECONDS, Analyst
from golf_solitaire.tui import GolfApp
from golf_solitaire.web import analysis as web_analysis
from tests.reference import verdicts


def test_both_faces_ask_with_the_same_time_limit() -> None:
    """The browser rated and reviewed without a limit, the terminal with 10 s: now one."""
    assert web_analysis.ANALYST.seconds == ANALYSIS_SECONDS
    assert GolfApp(Game(Deal.numbered(2))).analysis.seconds == ANALYSIS_SECONDS


def test_a_verdict_out_of_time_says_so_instead_of_waiting() -> None:
    """Strict deal 12's best score is proved within the first 2048 positions (when the clock
    is first looked at), so its verdict is rated but for its level; Double Golf deal 3 finds
    no clear in as many."""
    hurried = Analyst(solver, seconds=1e-6)
    verdict = hurried.verdict(Deal.numbered(3, Rules.named("double-golf")))
    assert verdict is not None and verdict.status == "intractable"
    assert verdict.best_score is None and not verdict.clearable and verdict.clears is None
    proved = hurried.verdict(Deal.numbered(12))
    assert proved is not None and (proved.status, proved.best_score) == ("solved", -1)


def _score_of(deal: Deal, line: tuple[str, ...]) -> int:
    game = Game(deal)
    for move in line:
        game.apply(Move.parse(move))
    assert game.is_over
    return game.score


def test_a_verdict_out_of_time_keeps_the_line_it_found_apart_from_a_proved_best() -> None:
    """Double Golf deal 2 (best score -16, proved only in millions of positions): at 20 000
    the line found clears it, so it is proved clearable; its best score is not."""
    deal = Deal.numbered(2, Rules.named("double-golf"))
    analyst = Analyst(solver, seconds=None, nodes=20_000)
    verdict = analyst.verdict(deal)
    assert verdict is not None and verdict.status == "intractable"
    assert verdict.clears is True and verdict.clearable
    assert (verdict.best_score, verdict.level, verdict.line) == (None, None, ())
    assert (verdict.found, verdict.floor) == (-16, -17)
    assert _score_of(deal, verdict.found_line) == -16
    assert analyst.known_verdict(deal) is verdict  # kept: played again, judged at once


def test_a_verdict_out_of_time_says_what_it_proved_of_a_clear() -> None:
    # Double Golf deal 3 at 2000 positions: no line found yet, clearing not settled.
    early = Analyst(solver, seconds=None, nodes=2000).verdict(
        Deal.numbered(3, Rules.named("double-golf"))
    )
    assert early is not None and early.status == "intractable"
    assert (early.clears, early.found, early.found_line, early.floor) == (None, None, (), -40)
    # Strict deal 1 at 50 positions: no clear exists, proved; the best score (6) is not.
    lost = Analyst(solver, seconds=None, nodes=50).verdict(Deal.numbered(1))
    assert lost is not None and lost.status == "intractable"
    assert (lost.clears, lost.clearable, lost.found, lost.floor) == (False, False, 10, 1)
    assert lost.best_score is None and lost.level is None


def test_a_best_score_proved_before_the_rating_ran_out_is_given_without_a_level() -> None:
    """Double Putt deal 4: -19 is proved in 64 positions, its level takes some 58 000."""
    deal = Deal.numbered(4, Rules.named("double-putt"))
    verdict = Analyst(solver, seconds=None, nodes=1000).verdict(deal)
    assert verdict is not None
    assert (verdict.status, verdict.best_score, verdict.level) == ("solved", -19, None)
    assert verdict.clearable and verdict.found is None and verdict.floor is None
    assert _score_of(deal, verdict.line) == -19
    rated = Analyst(solver, seconds=None).verdict(deal)
    assert rated is not None and (rated.best_score, rated.level) == (-19, "easy")


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
