"""The published table: docs/variants.md is what its command makes of the survey files kept in
docs/surveys/, every preset is in it at the promised size, and it agrees with the reference."""

from __future__ import annotations

import gzip
import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from golf_solitaire import Limit, Rules
from golf_solitaire.rules import PRESETS
from golf_solitaire.solver.survey import SurveyFileError, solve_numbered, survey, wilson_interval
from golf_solitaire.solver.survey_file import (
    FAIR_HEADER,
    FLOORLESS_FAIR_HEADER,
    FLOORLESS_HEADER,
    HEADER,
    SurveyRow,
)
from golf_solitaire.solver.survey_table import (
    PUBLISHED,
    PresetFigures,
    figures_of_folder,
    preset_figures,
    read_survey,
    survey_files,
    variants_page,
)

FIRST_EIGHT = {
    "strict",
    "putt-putt",
    "queens-on-kings",
    "pysolfc-golf",
    "jokers",
    "empty-start",
    "black-hole",
    "all-in-a-row",
}
"""The Golf presets, Black Hole and All in a Row: surveyed with best scores."""

DOCS = Path(__file__).resolve().parents[2] / "docs"
SCORED = 200
"""Deals solved for their best score a preset, at least (the plots need a few hundred)."""


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("variants", DOCS / "variants.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def figures() -> list[PresetFigures]:
    return figures_of_folder(DOCS / "surveys")


def test_the_page_is_what_its_command_makes_of_the_kept_surveys(
    figures: list[PresetFigures],
) -> None:
    script = _script()
    page = variants_page(
        figures, script.references(), plots=script.plot_names(figures), command=script.COMMAND
    )
    assert (DOCS / "variants.md").read_text("utf-8") == page, "run: make variants"
    for name in script.plot_names(figures).values():
        assert (DOCS / name).read_bytes().startswith(b"\x89PNG")


def test_every_preset_is_in_the_table(figures: list[PresetFigures]) -> None:
    page = (DOCS / "variants.md").read_text("utf-8")
    assert all(f"| `{name}` |" in page for name in PRESETS)
    surveyed = {item.preset for item in figures if len(item.best_scores) >= SCORED}
    assert surveyed >= FIRST_EIGHT


def test_the_verdicts_agree_with_the_reference_deal_by_deal_and_in_rate(
    figures: list[PresetFigures],
) -> None:
    references = _script().references()
    for item in figures:
        reference = references.get(item.preset, {})
        both = [deal for deal in reference if deal in item.verdicts]
        assert len(both) >= (1000 if reference else 0), item.preset
        assert all(item.verdicts[deal] == reference[deal] for deal in both), item.preset
        published = PUBLISHED.get(item.preset)
        if published is not None:
            low, high = item.interval
            assert low <= published.rate <= high, (item.preset, low, high)


def _row(deal: int, status: str, score: int | None, *, optimal: bool = True) -> SurveyRow:
    return SurveyRow(deal, "strict", status, score, optimal, 10, 0.5)


def test_files_merge_by_deal_and_the_fair_player_is_set_beside_the_optimum() -> None:
    rows = [
        _row(1, "unsolvable", 3),
        _row(2, "solved", -2),
        _row(2, "solved", -1, optimal=False),  # the clears-only file knows deal 2 too
        _row(3, "solved", 0, optimal=False),
        SurveyRow(1, "strict", "unsolvable", 3, True, 10, 0.5, 7),
        SurveyRow(4, "strict", "intractable", None, True, 10, 0.5),
    ]
    figures = preset_figures("strict", rows)
    assert figures.verdicts == {1: False, 2: True, 3: True}
    assert figures.best_scores == {1: 3, 2: -2}
    assert figures.undecided == 1 and figures.surveyed == {1, 2, 3, 4}
    assert figures.win_rate == 2 / 3
    # the undecided deal 4 may go either way: the interval spans 2 of 4 to 3 of 4 cleared
    assert figures.interval == (wilson_interval(2, 4)[0], wilson_interval(3, 4)[1])
    assert figures.fair_against_optimum() == (7.0, float("inf"), 3.0)
    # a deal played fairly with no best score (two decks): the fair mean, and no optimum
    rows.append(SurveyRow(3, "strict", "solved", 0, False, 10, 0.5, 1))
    mean, half, optimum = preset_figures("strict", rows).fair_against_optimum() or (0, 0, 0)
    assert (mean, optimum) == (4.0, None) and half == pytest.approx(1.959964 * 3)
    assert figures.best_seconds == figures.quick_seconds == 0.5


def test_files_that_disagree_are_refused() -> None:
    with pytest.raises(ValueError, match="deal 2 is cleared in one file, not in another"):
        preset_figures("strict", [_row(2, "solved", -2), _row(2, "unsolvable", 1)])
    with pytest.raises(ValueError, match="deal 2 has two best scores"):
        preset_figures("strict", [_row(2, "solved", -2), _row(2, "solved", -1)])


DOUBLE_GOLF = Rules.named("double-golf")


@pytest.fixture(scope="module")
def stopped_rows() -> list[SurveyRow]:
    """A real best-score survey of two Double Golf deals at 20 000 positions: deal 8 is
    proved (-13), deal 2 is not and keeps its bracket (-17 to -16; its best is -16)."""
    return survey([2, 8], DOUBLE_GOLF, jobs=1, limit=Limit(nodes=20_000))


def test_a_preset_with_best_scores_not_proved_gives_the_bracket_of_its_mean(
    stopped_rows: list[SurveyRow],
) -> None:
    fair = read_survey(DOCS / "surveys" / "double-golf.fair.csv.gz")  # real fair games
    fair_rows = [row for row in fair if row.deal in (2, 8)]
    figures = preset_figures("double-golf", [*stopped_rows, *fair_rows])
    assert figures.best_scores == {8: -13} and figures.brackets == {2: (-17, -16)}
    assert figures.bracket_limit == 20_000 and figures.searched == {2, 8}
    assert figures.bracket_of([2, 8]) == (-15.0, -14.5, 1)
    assert figures.bracket_of([2, 3]) is None  # deal 3 was not searched
    assert figures.verdicts == {2: True, 8: True}  # the fair file's clears-only verdicts
    plots = {"double-golf": "variants/double-golf.png"}
    page = variants_page([figures], {}, plots=plots, command="make variants")
    strokes = sum(row.fair_strokes or 0 for row in fair_rows) / 2
    assert f"| -15.00 to -14.50 (1 of 2 proved) | {strokes:+.2f} ± " in page
    assert page.split("\n")[6].endswith("| -15.00 to -14.50 |")  # the optimum beside the fair
    assert (
        "- Best scores: deals 2, 8, each searched for at most 20 000 positions; 1 of 2 proved "
        "optimal. The other 1 search stopped knowing a bracket: the fewest strokes not ruled "
        "out (on average -17.00) and the best line found (on average -16.00)"
    ) in page
    assert "it lies from -15.00 to -14.50 (sampling error apart)" in page
    assert (
        "the mean best score of the same deals lies from -15.00 to -14.50 (1 of 2 proved)" in page
    )
    assert "![best scores of double-golf](variants/double-golf.png)" in page
    assert "¹ Searches stopped at 20 000 positions when the best score was not proved" in page
    assert "| -14.50 ± " not in page  # no mean given as if it were proved


def test_a_bracket_takes_the_fewest_strokes_of_any_line_played_on_its_deal() -> None:
    stopped = solve_numbered(2, DOUBLE_GOLF, True, Limit(nodes=50))
    first_clear = solve_numbered(2, DOUBLE_GOLF, False, Limit())
    assert stopped.floor is not None and first_clear.best_score is not None
    assert stopped.best_score is None or stopped.best_score > first_clear.best_score
    figures = preset_figures("double-golf", [stopped, first_clear])
    assert figures.brackets == {2: (stopped.floor, first_clear.best_score)}


def test_a_bracket_settles_a_verdict_and_must_agree_with_the_other_files(
    stopped_rows: list[SurveyRow],
) -> None:
    bracketed = preset_figures("double-golf", stopped_rows[:1])
    assert bracketed.verdicts == {2: True} and bracketed.undecided == 0  # a clear was found
    lost = SurveyRow(2, "double-golf", "unsolvable", 1, False, 10, 0.5)
    with pytest.raises(ValueError, match="deal 2's bracket contradicts its verdict"):
        preset_figures("double-golf", [*stopped_rows, lost])
    outside = SurveyRow(2, "double-golf", "solved", -18, True, 10, 0.5)
    with pytest.raises(ValueError, match=r"deal 2's best score -18 is outside the bracket -17 to"):
        preset_figures("double-golf", [*stopped_rows, outside])
    proved = SurveyRow(2, "double-golf", "solved", -16, True, 10, 0.5)
    figures = preset_figures("double-golf", [*stopped_rows, proved])
    assert figures.brackets == {} and figures.best_scores == {2: -16, 8: -13}


def test_a_published_rate_outside_the_interval_is_said_so() -> None:
    rows = [SurveyRow(n, "black-hole", "solved", 0, True, 1, 0.1) for n in range(1, 101)]
    page = variants_page([preset_figures("black-hole", rows)], {}, command="make variants")
    assert "published 86.94% over 10⁶ deals: **outside** our 95% interval" in page


def test_survey_files_are_read_gzipped_and_checked(tmp_path: Path) -> None:
    good = tmp_path / "fair.csv.gz"
    old = f"{FLOORLESS_FAIR_HEADER}\n2,strict,solved,-2,yes,9,0.1000,0\n"  # before the floor
    good.write_bytes(gzip.compress(old.encode()))
    assert [row.fair_strokes for row in read_survey(good)] == [0]
    torn = tmp_path / "torn.csv.gz"
    torn.write_bytes(gzip.compress(good.read_bytes())[:20])
    with pytest.raises(SurveyFileError, match=r"torn\.csv\.gz: not a whole gzip file"):
        read_survey(torn)
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(f"{FLOORLESS_HEADER}\n2,strict,solved,3,yes,9,0.1000\n", "utf-8")
    with pytest.raises(SurveyFileError, match="line 2: best_score is 3 but the status is solved"):
        read_survey(wrong)
    stopped = "2,double-golf,intractable,-16,yes,20000,1.0000,-17"
    bracket = tmp_path / "double-golf.csv.gz"
    bracket.write_bytes(gzip.compress(f"{HEADER}\n{stopped}\n".encode()))
    assert [(row.best_score, row.floor) for row in read_survey(bracket)] == [(-16, -17)]
    fair = tmp_path / "double-golf.fair.csv.gz"
    fair.write_bytes(gzip.compress(f"{FAIR_HEADER}\n{stopped},-18\n".encode()))
    with pytest.raises(SurveyFileError, match="line 2: fair_strokes -18 is below the floor -17"):
        read_survey(fair)
    upside = tmp_path / "upside.csv"
    upside.write_text(f"{HEADER}\n{stopped[:-3]}-15\n", "utf-8")
    with pytest.raises(SurveyFileError, match=r"upside\.csv, line 2: floor -15 is above best_"):
        read_survey(upside)


@pytest.mark.parametrize("path", survey_files(DOCS / "surveys"), ids=lambda path: path.name)
def test_each_kept_survey_file_is_what_the_solver_says_today(path: Path) -> None:
    """The kept rows were not made up: the first deal of each file, solved again, agrees (a
    search the limit stopped: stopped again at as many positions, with the same bracket)."""
    row = read_survey(path)[0]
    rules = Rules.named(row.rules)
    limit = Limit(nodes=row.nodes) if row.status == "intractable" else Limit()
    again = solve_numbered(row.deal, rules, row.optimal, limit)
    assert (again.status, again.best_score, again.floor) == (row.status, row.best_score, row.floor)
