"""``golf survey --fair``: the fair hint's player's strokes beside each verdict, kept apart in
its own kind of file, checked against the optimum when read back."""

from __future__ import annotations

from pathlib import Path

import pytest

from golf_solitaire import Deal, Rules
from golf_solitaire.solver.fair_player import fair_move, play_hole
from golf_solitaire.solver.survey import SurveyFileError, read_rows, summarize, survey
from golf_solitaire.solver.survey_file import FAIR_HEADER, FLOORLESS_FAIR_HEADER, HEADER
from tests.solver.test_survey import golf

DEALS = (1, 3)
"""Deals the fair player ends quickly (about 1.3 s each)."""


@pytest.fixture(scope="module")
def fair_strokes() -> dict[int, int]:
    """What following the fair hint scores on each deal, played here directly."""
    return {number: play_hole(Deal.numbered(number), fair_move).strokes for number in DEALS}


@pytest.mark.early
def test_fair_rows_hold_the_fair_players_strokes_and_never_beat_the_optimum(
    tmp_path: Path, fair_strokes: dict[int, int]
) -> None:
    out = tmp_path / "fair.csv"
    rows = survey(DEALS, Rules(), jobs=2, out=out, fair=True)
    assert {row.deal: row.fair_strokes for row in rows} == fair_strokes
    assert all(row.best_score is not None and row.fair_strokes is not None for row in rows)
    assert all(row.fair_strokes >= row.best_score for row in rows)  # type: ignore[operator]
    assert out.read_text("utf-8").splitlines()[0] == FAIR_HEADER
    kept = read_rows(out, Rules(), optimal=True, fair=True)
    assert {deal: row.as_csv() for deal, row in kept.items()} == {
        row.deal: row.as_csv() for row in rows
    }
    summary = summarize(rows)
    assert sum(summary.fair_scores.values()) == len(DEALS)
    assert summary.fair_text is not None and "strokes a hole on average" in summary.fair_text


def test_the_command_writes_and_reports_fair_strokes_and_resumes(
    tmp_path: Path, fair_strokes: dict[int, int]
) -> None:
    result = golf("survey", "--deals", "3", "--fair", "--jobs", "1", "--out", "f.csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    strokes = fair_strokes[3]
    assert f"the fair hint's player: {strokes:.1f} strokes a hole on average" in result.stdout
    lines = (tmp_path / "f.csv").read_text("utf-8").splitlines()
    assert lines[0] == FAIR_HEADER and lines[1].split(",")[-1] == str(strokes)
    again = golf("survey", "--deals", "3", "--fair", "--out", "f.csv", cwd=tmp_path)
    assert again.returncode == 0 and (tmp_path / "f.csv").read_text("utf-8").splitlines() == lines


@pytest.mark.parametrize(("written", "resumed"), [(False, True), (True, False)])
def test_a_file_of_the_other_kind_is_refused_and_left_as_it_was(
    tmp_path: Path, written: bool, resumed: bool
) -> None:
    out = tmp_path / "r.csv"
    survey(range(3, 4), Rules(), jobs=1, out=out, optimal=False, fair=written)
    before = out.read_bytes()
    flag = ["--fair"] if resumed else []
    result = golf("survey", "--deals", "1-3", "--quick", *flag, "--out", "r.csv", cwd=tmp_path)
    assert result.returncode != 0
    assert "fair_strokes" in result.stderr and "--fair" in result.stderr
    assert "line 1" in result.stderr
    assert out.read_bytes() == before


@pytest.mark.parametrize(
    ("header", "first", "row", "message"),
    [
        (FAIR_HEADER, "3,strict,unsolvable,1,yes,10,0.0100,,4", *bad)
        for bad in [
            ("2,strict,solved,-2,yes,10,0.0100,,-3", "fair_strokes -3 is below the best score -2"),
            ("2,strict,intractable,-1,yes,10,0.0100,-3,-4", "fair_strokes -4 is below the floor"),
            ("2,strict,solved,-2,yes,10,0.0100,-3", "expected 9 fields, found 8"),
        ]
    ]
    + [
        (FLOORLESS_FAIR_HEADER, "3,strict,unsolvable,1,yes,10,0.0100,4", *bad)
        for bad in [
            ("2,strict,solved,-2,yes,10,0.0100,-3", "fair_strokes -3 is below the best score -2"),
            (
                "2,strict,solved,-2,yes,10,0.0100,36",
                "fair_strokes 36 is not a score of rules strict",
            ),
            ("2,strict,solved,-2,yes,10,0.0100,x", "fair_strokes 'x' is not a whole number"),
            ("2,strict,solved,-2,yes,10,0.0100", "expected 8 fields, found 7"),
        ]
    ],
)
def test_bad_fair_rows_are_named_with_their_line(
    tmp_path: Path, header: str, first: str, row: str, message: str
) -> None:
    """In files with the floor column and in files written before it."""
    out = tmp_path / "r.csv"
    out.write_text(f"{header}\n{first}\n{row}\n", "utf-8")
    with pytest.raises(SurveyFileError, match="line 3: " + message):
        read_rows(out, Rules(), optimal=True, fair=True)


def test_a_plain_file_read_as_fair_names_the_flag(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    out.write_text(f"{HEADER}\n2,strict,solved,-2,yes,10,0.0100\n", "utf-8")
    with pytest.raises(SurveyFileError, match=r"line 1: this file has no .*without --fair"):
        read_rows(out, Rules(), optimal=True, fair=True)
