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
from golf_solitaire.solver.survey import SurveyFileError, solve_numbered, wilson_interval
from golf_solitaire.solver.survey_file import FAIR_HEADER, HEADER, SurveyRow
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


def test_a_published_rate_outside_the_interval_is_said_so() -> None:
    rows = [SurveyRow(n, "black-hole", "solved", 0, True, 1, 0.1) for n in range(1, 101)]
    page = variants_page([preset_figures("black-hole", rows)], {}, command="make variants")
    assert "published 86.94% over 10⁶ deals: **outside** our 95% interval" in page


def test_survey_files_are_read_gzipped_and_checked(tmp_path: Path) -> None:
    good = tmp_path / "fair.csv.gz"
    good.write_bytes(gzip.compress(f"{FAIR_HEADER}\n2,strict,solved,-2,yes,9,0.1000,0\n".encode()))
    assert [row.fair_strokes for row in read_survey(good)] == [0]
    torn = tmp_path / "torn.csv.gz"
    torn.write_bytes(gzip.compress(good.read_bytes())[:20])
    with pytest.raises(SurveyFileError, match=r"torn\.csv\.gz: not a whole gzip file"):
        read_survey(torn)
    wrong = tmp_path / "wrong.csv"
    wrong.write_text(f"{HEADER}\n2,strict,solved,3,yes,9,0.1000\n", "utf-8")
    with pytest.raises(SurveyFileError, match="line 2: best_score is 3 but the status is solved"):
        read_survey(wrong)


@pytest.mark.parametrize("path", survey_files(DOCS / "surveys"), ids=lambda path: path.name)
def test_each_kept_survey_file_is_what_the_solver_says_today(path: Path) -> None:
    """The kept rows were not made up: the first deal of each file, solved again, agrees."""
    row = read_survey(path)[0]
    rules = Rules.named(row.rules)
    again = solve_numbered(row.deal, rules, row.optimal, Limit())
    assert (again.status, again.best_score) == (row.status, row.best_score)
