"""Surveys: ranges, rows that agree with the reference verdicts, resuming, bad files, Wilson."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from golf_solitaire import Rules
from golf_solitaire.solver.survey import (
    COLUMNS,
    SurveyFileError,
    SurveyRow,
    parse_deal_range,
    read_rows,
    summarize,
    survey,
    wilson_interval,
)
from tests.reference import verdicts

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


def golf(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLF, *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd
    )


def test_ranges() -> None:
    assert parse_deal_range("1-100000") == range(1, 100_001)
    assert parse_deal_range(" 42 ") == range(42, 43)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("abc", "expected N or FIRST-LAST"),
        ("1-2-3", "expected N or FIRST-LAST"),
        ("0-5", "deal 0 is not between 1 and 10**20"),
        ("9-3", "the first deal 9 is after the last deal 3"),
        ("1-99999999", "more than one survey's"),
    ],
)
def test_bad_ranges_are_named(text: str, fragment: str) -> None:
    with pytest.raises(ValueError, match=r"deal range .*") as caught:
        parse_deal_range(text)
    assert fragment in str(caught.value)


# Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I,
# method 3 (Wilson score interval without continuity correction).
@pytest.mark.parametrize(
    ("successes", "trials", "low", "high"),
    [
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
        (5, 10, 0.2366, 0.7634),
    ],
)
def test_wilson_interval_matches_published_values(
    successes: int, trials: int, low: float, high: float
) -> None:
    found = wilson_interval(successes, trials)
    assert found == pytest.approx((low, high), abs=5e-5)


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError, match="successes <= trials"):
        wilson_interval(3, 2)


def test_survey_on_two_processes_agrees_with_the_reference(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    rows = survey(range(1, 25), Rules(), jobs=2, out=out, optimal=False)
    reference = verdicts("strict")
    assert [row.deal for row in rows] == list(range(1, 25))
    for row in rows:
        assert (row.status == "solved") == reference[row.deal].solved, row
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == ",".join(COLUMNS)
    assert sorted(int(line.split(",")[0]) for line in lines[1:]) == list(range(1, 25))
    summary = summarize(rows)
    expected = sum(reference[n].solved for n in range(1, 25))
    assert (summary.solved, summary.decided) == (expected, 24)


def test_optimal_rows_carry_best_scores(tmp_path: Path) -> None:
    rows = survey(range(1, 4), Rules(), jobs=1, out=tmp_path / "r.csv")
    assert [(row.status, row.best_score, row.optimal) for row in rows] == [
        ("unsolvable", 6, True),
        ("solved", 0, True),
        ("unsolvable", 1, True),
    ]


def test_resume_skips_deals_already_in_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    survey(range(1, 4), Rules(), jobs=1, out=out, optimal=False)
    # Mark a kept row so that re-solving it would show.
    lines = out.read_text(encoding="utf-8").splitlines()
    cells = lines[2].split(",")
    cells[5] = "7"
    lines[2] = ",".join(cells)
    out.write_text("\n".join(lines), encoding="utf-8")  # no final newline, as if cut short
    solved: list[int] = []
    rows = survey(
        range(1, 7), Rules(), jobs=1, out=out, optimal=False, on_row=lambda r: solved.append(r.deal)
    )
    assert solved == [4, 5, 6]
    assert [row.deal for row in rows] == [1, 2, 3, 4, 5, 6]
    kept = read_rows(out, Rules(), optimal=False)
    assert sorted(kept) == [1, 2, 3, 4, 5, 6]
    assert kept[int(cells[0])].nodes == 7


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("deal,verdict\n1,solved\n", "line 1: expected the header"),
        (
            ",".join(COLUMNS) + "\n1,strict,unsolvable,6,yes,10,0.1\n2,strict,won,0,yes,1,0.1\n",
            "line 3: status 'won' is not one of",
        ),
        (",".join(COLUMNS) + "\nx,strict,solved,0,yes,1,0.1\n", "line 2: deal 'x' is not"),
        (",".join(COLUMNS) + "\n1,strict,solved\n", "line 2: expected 7 fields, found 3"),
        (
            ",".join(COLUMNS) + "\n1,putt-putt,solved,0,yes,1,0.1\n",
            "line 2: deal 1 was solved under rules 'putt-putt', not 'strict'",
        ),
        (
            ",".join(COLUMNS) + "\n1,strict,solved,0,yes,1,0.1\n1,strict,solved,0,yes,1,0.1\n",
            "line 3: deal 1 appears twice",
        ),
        (",".join(COLUMNS) + "\n1,strict,solved,,yes,1,0.1\n", "line 2: best_score is empty"),
        (",".join(COLUMNS) + "\n1,strict,solved,0,no,1,0.1\n", "line 2: this file holds clears"),
        (",".join(COLUMNS) + "\n1,strict,solved,0,yes,many,0.1\n", "line 2: nodes 'many'"),
    ],
)
def test_bad_survey_files_are_refused_with_the_line(
    tmp_path: Path, content: str, fragment: str
) -> None:
    out = tmp_path / "results.csv"
    out.write_text(content, encoding="utf-8")
    with pytest.raises(SurveyFileError) as caught:
        survey(range(1, 3), Rules(), jobs=1, out=out)
    assert str(caught.value).startswith(f"{out}, line ")
    assert fragment in str(caught.value)
    assert out.read_text(encoding="utf-8") == content


def test_summary_counts_undecided_apart() -> None:
    rows = [
        SurveyRow(1, "strict", "solved", -3, True, 5, 0.1),
        SurveyRow(2, "strict", "unsolvable", 4, True, 5, 0.1),
        SurveyRow(3, "strict", "intractable", None, False, 5, 0.1),
    ]
    summary = summarize(rows)
    assert summary.win_rate == 0.5 and summary.intractable == 1
    assert summary.scores == {-3: 1, 4: 1}
    assert "1 undecided" in summary.win_rate_text


def test_survey_command_prints_rate_and_table_then_resumes(tmp_path: Path) -> None:
    result = golf("survey", "--deals", "1-6", "--jobs", "1", "--out", "r.csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "rules strict: 2 of 6 cleared: 33.3% (95% interval 9.7% to 70.0%)" in result.stdout
    assert "best scores" in result.stdout and "share" in result.stdout
    written = (tmp_path / "r.csv").read_text(encoding="utf-8")
    again = golf("survey", "--deals", "1-6", "--out", "r.csv", cwd=tmp_path)
    assert again.returncode == 0
    assert again.stdout.splitlines()[:-1] == result.stdout.splitlines()[:-1]
    assert (tmp_path / "r.csv").read_text(encoding="utf-8") == written


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (("--deals", "5-1"), "the first deal 5 is after the last deal 1"),
        (("--deals", "1-3", "--rules", "nope"), "unknown rules preset 'nope'"),
        (("--deals", "1-3", "--jobs", "0"), "--jobs must be 1 or more"),
        (("--deals", "1-3", "--limit-nodes", "0"), "limit nodes"),
        (("--deals", "1-3", "--out", "bad.csv"), "bad.csv, line 1: expected the header"),
        (("--deals", "1-3", "--out", "nowhere/r.csv"), "the folder nowhere does not exist"),
        (("--out", "r.csv"), "Missing option '--deals'"),
    ],
)
def test_survey_command_errors_are_one_line(
    tmp_path: Path, args: tuple[str, ...], fragment: str
) -> None:
    (tmp_path / "bad.csv").write_text("number;status\n", encoding="utf-8")
    result = golf("survey", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
