"""Surveys: ranges, rows that agree with the reference verdicts, resuming, bad files, Wilson."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import resource
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import golf_solitaire
from golf_solitaire import Deal, Limit, Rules
from golf_solitaire.rules import PRESETS
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
from golf_solitaire.solver.survey_file import FLOORLESS_HEADER, HEADER, SurveyFile, score_range
from tests.reference import verdicts

SOURCE = str(Path(golf_solitaire.__file__).resolve().parents[1])
"""The code under test: the command run in a subprocess imports it, whatever its folder."""

GOLF = [
    sys.executable,
    "-c",
    f"import sys; sys.path.insert(0, {SOURCE!r}); from golf_solitaire.cli import main; main()",
]


def golf(*args: str, cwd: Path, **options: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*GOLF, *args], capture_output=True, text=True, timeout=60, check=False, cwd=cwd, **options
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
    kept_at_start: list[int] = []
    rows = survey(
        range(1, 7),
        Rules(),
        jobs=1,
        out=out,
        optimal=False,
        on_row=lambda r: solved.append(r.deal),
        on_start=kept_at_start.append,
    )
    assert kept_at_start == [3] and solved == [4, 5, 6]
    assert [row.deal for row in rows] == [1, 2, 3, 4, 5, 6]
    kept = read_rows(out, Rules(), optimal=False)
    assert sorted(kept) == [1, 2, 3, 4, 5, 6]
    assert kept[int(cells[0])].nodes == 7


IMPOSSIBLE_ROWS = [
    ("1,strict,solved,3,yes,5,0.1000", "line 2: best_score is 3 but the status is solved"),
    ("1,strict,unsolvable,0,yes,5,0.1000", "line 2: best_score is 0 but the status is unsolvable"),
    ("1,strict,unsolvable,-4,yes,5,0.1000", "line 2: best_score is -4 but the status is unsolv"),
    ("1,strict,solved,-17,yes,5,0.1000", "line 2: best_score -17 is not a score of rules strict"),
    ("1,strict,unsolvable,36,yes,5,0.1000", "line 2: best_score 36 is not a score of rules strict"),
    ("1,strict,unsolvable," + "9" * 30 + ",yes,5,0.1000", "(-16 to 35: 16 stock cards, 35 tab"),
    ("1,strict,solved,-" + "9" * 31 + ",yes,5,0.1000", "line 2: best_score '-99999"),
    ("1,strict,unsolvable,07,yes,5,0.1000", "line 2: best_score '07' is not a whole number"),
    ("1,strict,solved,-1,yes,5,1_000", "line 2: seconds '1_000' is not a time written as"),
    ("1,strict,solved,-1,yes,5,1e3", "line 2: seconds '1e3' is not"),
    ("1,strict,solved,-1,yes,5,inf", "line 2: seconds 'inf' is not"),
    ("1,strict,solved,-1,yes,5,+1.0000", "line 2: seconds '+1.0000' is not"),
    ("1,strict,solved,-1,yes,5,-0.1000", "line 2: seconds '-0.1000' is not"),
    ("1,strict,solved,-1,yes,5, 1.0000", "line 2: seconds ' 1.0000' is not"),
    ("1,strict,solved,-1,yes,5,\uff11.0000", "line 2: seconds '\uff11.0000' is not"),
    ("1,strict,solved,-1,yes,5,0.1", "line 2: seconds '0.1' is not"),
    ("1,strict,solved,-1,yes,5," + "9" * 16 + ".0000", "line 2: seconds '9999"),
    ("1,strict,solved,-1,yes,1_000,0.1000", "line 2: nodes '1_000' is not a whole number"),
    ("1,strict,solved,-1,yes,+5,0.1000", "line 2: nodes '+5' is not"),
    ("1,strict,solved,-1,yes,\uff15,0.1000", "line 2: nodes '\uff15' is not"),
    ("1_0,strict,solved,-1,yes,5,0.1000", "line 2: deal '1_0' is not"),
]
"""Rows the survey never writes, each refused with its line and field (with the floor
column, or in a file written before it)."""

BRACKET_ROWS = [
    ("1,strict,solved,0,yes,5,0.1000,-2", "line 2: floor is -2 but the row is not a best-score"),
    ("1,strict,unsolvable,3,yes,5,0.1000,1", "line 2: floor is 1 but the row is not"),
    ("1,strict,intractable,3,yes,5,0.1000,", "line 2: floor is empty but the status is intract"),
    ("1,strict,intractable,,yes,5,0.1000,", "line 2: floor is empty but the status is intract"),
    ("1,strict,intractable,3,yes,5,0.1000,4", "line 2: floor 4 is above best_score 3"),
    ("1,strict,intractable,3,yes,5,0.1000,-17", "line 2: floor -17 is not a score of rules strict"),
    ("1,strict,intractable,3,yes,5,0.1000,x", "line 2: floor 'x' is not a whole number"),
    ("1,strict,intractable,3,yes,5,0.1000,+1", "line 2: floor '+1' is not a whole number"),
    ("1,strict,intractable,,yes,5,0.1000", "line 2: expected 8 fields, found 7"),
    ("1,strict,solved,0,yes,5,0.1000,,", "line 2: expected 8 fields, found 9"),
]
"""Rows of a file with the floor column that the survey never writes: a floor where no
search was stopped, a stopped search without one, one above the line found."""


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("deal,verdict\n1,solved\n", "line 1: expected the header"),
        (
            FLOORLESS_HEADER
            + "\n1,strict,unsolvable,6,yes,10,0.1000\n2,strict,won,0,yes,1,0.1000\n",
            "line 3: status 'won' is not one of",
        ),
        (FLOORLESS_HEADER + "\nx,strict,solved,0,yes,1,0.1000\n", "line 2: deal 'x' is not"),
        (FLOORLESS_HEADER + "\n1,strict,solved\n", "line 2: expected 7 fields, found 3"),
        (
            FLOORLESS_HEADER + "\n1,putt-putt,solved,0,yes,1,0.1000\n",
            "line 2: deal 1 was solved under rules 'putt-putt', not 'strict'",
        ),
        (
            FLOORLESS_HEADER
            + "\n1,strict,solved,0,yes,1,0.1000\n1,strict,unsolvable,3,yes,1,0.1000\n",
            "line 3: deal 1 appears again with another result than on line 2",
        ),
        (FLOORLESS_HEADER + "\n1,strict,solved,0,yes,-5,0.1000\n", "line 2: nodes -5 is negative"),
        (FLOORLESS_HEADER + "\n1,strict,solved,0,yes,5,nan\n", "line 2: seconds 'nan' is not"),
        (FLOORLESS_HEADER + "\n0,strict,solved,0,yes,5,1\n", "line 2: deal 0 is not between"),
        (FLOORLESS_HEADER + "\n1,strict,intractable,4,yes,5,1\n", "line 2: best_score is 4"),
        (FLOORLESS_HEADER + '\n1,strict,"solved,0,yes,5,1\n2,x\n', "line 2: expected 7 fields"),
        (FLOORLESS_HEADER + "\n1,strict,solved,,yes,1,0.1000\n", "line 2: best_score is empty"),
        (FLOORLESS_HEADER + "\n1,strict,solved,0,no,1,0.1000\n", "line 2: this file holds clears"),
        (FLOORLESS_HEADER + "\n1,strict,solved,0,yes,many,0.1000\n", "line 2: nodes 'many'"),
        *[(FLOORLESS_HEADER + f"\n{row}\n", fragment) for row, fragment in IMPOSSIBLE_ROWS],
        *[(HEADER + f"\n{row},\n", fragment) for row, fragment in IMPOSSIBLE_ROWS],
        *[(HEADER + f"\n{row}\n", fragment) for row, fragment in BRACKET_ROWS],
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


DOUBLE_GOLF = Rules.named("double-golf")
BRACKET_LIMIT = Limit(nodes=20_000)
"""Double Golf's deal 2 is not settled within it: its best score is bracketed, -17 to -16."""


def test_a_stopped_best_score_search_keeps_its_bracket_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "double.csv"
    rows = survey(range(1, 3), DOUBLE_GOLF, jobs=1, out=out, limit=BRACKET_LIMIT)
    assert all(row.status == "intractable" for row in rows)
    assert (rows[1].best_score, rows[1].floor) == (-16, -17)  # the true best: -16
    assert all(row.floor is not None and row.floor <= (row.best_score or 99) for row in rows)
    lines = out.read_text("utf-8").splitlines()
    assert lines[0] == HEADER and lines[2].startswith("2,double-golf,intractable,-16,yes,20000,")
    assert lines[2].endswith(",-17")
    written = [row.as_csv() for row in rows]
    assert [row.as_csv() for row in read_rows(out, DOUBLE_GOLF, optimal=True).values()] == written
    solved: list[int] = []
    again = survey(
        range(1, 3),
        DOUBLE_GOLF,
        jobs=1,
        out=out,
        limit=BRACKET_LIMIT,
        on_row=lambda r: solved.append(r.deal),
    )
    assert solved == [] and [row.as_csv() for row in again] == written  # nothing more to learn
    summary = summarize(rows)
    assert summary.scores == {} and summary.brackets == tuple((r.floor, r.best_score) for r in rows)
    assert summary.bracket_text is not None
    assert summary.bracket_text.startswith("2 best scores not proved (search budget ran out)")


def test_a_file_without_the_floor_column_resumes_in_its_own_columns(tmp_path: Path) -> None:
    out = tmp_path / "old.csv"
    first = survey(range(1, 2), DOUBLE_GOLF, jobs=1, optimal=True, limit=Limit(nodes=2000))[0]
    out.write_bytes(FLOORLESS_HEADER.encode() + b"\n" + first.floorless().as_line(floor=False))
    rows = survey(range(1, 3), DOUBLE_GOLF, jobs=1, out=out, limit=BRACKET_LIMIT)
    lines = out.read_text("utf-8").splitlines()
    assert lines[0] == FLOORLESS_HEADER and len(lines) == 4  # deal 1 tried again: more budget
    assert [line.split(",")[2:4] for line in lines[1:]] == [["intractable", ""]] * 3
    assert all(len(line.split(",")) == 7 for line in lines)
    assert rows[1].floor == -17  # the survey's own rows know their bracket; the file has no room
    kept = read_rows(out, DOUBLE_GOLF, optimal=True)
    assert [(row.best_score, row.floor, row.nodes) for row in kept.values()] == [
        (None, None, 20_000),
        (None, None, 20_000),
    ]


def test_the_command_says_how_many_best_scores_were_not_proved(tmp_path: Path) -> None:
    result = golf(
        "survey", "--rules", "double-golf", "--deals", "2", "--jobs", "1",
        "--limit-nodes", "20000", "--out", "r.csv", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "rules double-golf: no deal decided (1 ran out of search budget)" in result.stdout
    assert (
        "1 best score not proved (search budget ran out): each lies from the fewest strokes "
        "not ruled out to the best line found, on average -17.00 to -16.00"
    ) in result.stdout


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
        (("--deals", "1-3", "--jobs", "0"), "--jobs must be from 1 to"),
        (("--deals", "1-3", "--jobs", "100000"), "more only slows the survey), not 100000"),
        (("--deals", "1-3", "--limit-nodes", "0"), "'--limit-nodes': 0 is not in the range x>=1"),
        (("--deals", "1-" + "9" * 5000), "--deals: deal range '1-99999"),
        (("--deals", "1-3", "--rules", "strict+winnable_only"), "winnable_only has no place"),
        (("--deals", "1-3", "--out", "-"), "--out -: a survey keeps its rows in a file"),
        (("--deals", "1-3", "--out", "bad.csv/r.csv"), "bad.csv is a file, not a folder"),
        (("--deals", "1-3", "--out", "long.csv"), "long.csv, line 1: expected the header"),
        (("--deals", "1-3", "--out", "bad.csv"), "bad.csv, line 1: expected the header"),
        (("--deals", "1-3", "--out", "nowhere/r.csv"), "the folder nowhere does not exist"),
        (("--deals", "1-3", "--out", ""), "--out: the value is empty; give a file name"),
        (("--deals", "1-3", "--out", "/dev/null"), "--out /dev/null: is not a regular file"),
        (("--out", "r.csv"), "Missing option '--deals'"),
    ],
)
def test_survey_command_errors_are_one_line(
    tmp_path: Path, args: tuple[str, ...], fragment: str
) -> None:
    (tmp_path / "bad.csv").write_text("number;status\n", encoding="utf-8")
    (tmp_path / "long.csv").write_text("x" * 200_000 + "\n", encoding="utf-8")
    result = golf("survey", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert fragment in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_undecided_rows_keep_the_question_and_are_tried_again_with_more_budget(
    tmp_path: Path,
) -> None:
    out = tmp_path / "results.csv"
    first = survey(range(1, 5), Rules(), jobs=1, out=out, limit=Limit(nodes=50))
    assert {row.status for row in first} == {"intractable"}
    assert all(row.optimal for row in first)  # the question asked, not a proof
    tried: list[int] = []
    same = survey(
        range(1, 5),
        Rules(),
        jobs=1,
        out=out,
        limit=Limit(nodes=50),
        on_row=lambda r: tried.append(r.deal),
    )
    assert tried == []  # the same budget would only fail again
    assert [row.as_csv() for row in same] == [row.as_csv() for row in first]
    again = survey(range(1, 5), Rules(), jobs=1, out=out, on_row=lambda r: tried.append(r.deal))
    assert tried == [1, 2, 3, 4]
    assert [(row.status, row.best_score) for row in again] == [
        ("unsolvable", 6),
        ("solved", 0),
        ("unsolvable", 1),
        ("unsolvable", 1),
    ]
    kept = read_rows(out, Rules(), optimal=True)
    assert {deal: row.as_csv() for deal, row in kept.items()} == {r.deal: r.as_csv() for r in again}
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1 + 4 + 4


def test_a_second_survey_on_the_same_file_is_refused_while_the_first_writes(
    tmp_path: Path,
) -> None:
    out = tmp_path / "results.csv"
    with SurveyFile(out, Rules(), optimal=False) as file:
        file.append(SurveyRow(2, "strict", "solved", -1, False, 10, 0.1))
        with pytest.raises(SurveyFileError, match="another survey is writing this file"):
            survey(range(1, 3), Rules(), jobs=1, out=out, optimal=False)
    written = out.read_text(encoding="utf-8")
    assert written == HEADER + "\n2,strict,solved,-1,no,10,0.1000,\n"


def test_rows_written_twice_with_one_verdict_are_read_once(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    row = "2,strict,solved,0,yes,1200,0.0100\n"
    out.write_text(FLOORLESS_HEADER + "\n" + row + row.replace("1200", "1300"), "utf-8")
    assert read_rows(out, Rules(), optimal=True)[2].nodes == 1200


@pytest.mark.parametrize("torn", ["3,strict,unsol", "3", "deal,rul"])
def test_a_last_row_cut_short_is_solved_again_and_the_file_mended(
    tmp_path: Path, torn: str
) -> None:
    out = tmp_path / "results.csv"
    head = "" if torn.startswith("deal") else HEADER + "\n2,strict,solved,0,yes,9,0.1000,\n"
    out.write_text(head + torn, encoding="utf-8")  # as a full disk or a kill leaves it
    solved: list[int] = []
    rows = survey(range(2, 5), Rules(), jobs=1, out=out, on_row=lambda r: solved.append(r.deal))
    assert solved == ([2, 3, 4] if not head else [3, 4])
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == HEADER and torn not in lines[1:]
    assert sorted(read_rows(out, Rules(), optimal=True)) == [2, 3, 4] == [r.deal for r in rows]


def test_a_header_too_long_for_csv_is_named(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    content = "d" * 200_000 + "\n1,strict,solved,0,yes,1,0.1000\n"
    out.write_text(content, encoding="utf-8")
    with pytest.raises(SurveyFileError, match=r"line 1: expected the header .*'d{60}\.\.\.'$"):
        read_rows(out, Rules(), optimal=True)
    assert out.read_text(encoding="utf-8") == content


def test_more_workers_than_deals_start_only_as_many_as_needed(tmp_path: Path) -> None:
    rows = survey(range(2, 3), Rules(), jobs=64, optimal=False)
    assert [(row.deal, row.status) for row in rows] == [(2, "solved")]


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def _children(pid: int) -> set[int]:
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rpartition(")")[2].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.mark.slow
def test_sigterm_stops_the_workers_and_leaves_the_file_whole(tmp_path: Path) -> None:
    command = [*GOLF, "survey", "--deals", "1-400", "--jobs", "2", "--out", "r.csv"]
    process = subprocess.Popen(command, cwd=tmp_path, stderr=subprocess.PIPE, text=True)
    out = tmp_path / "r.csv"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _lines(out) < 3:  # the header and two rows
        time.sleep(0.1)
    workers = _children(process.pid)
    assert len(workers) >= 2, workers
    process.send_signal(signal.SIGTERM)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 128 + signal.SIGTERM
    assert "survey stopped; the rows found so far are in r.csv" in stderr
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(_alive(pid) for pid in workers):
        time.sleep(0.1)
    assert not any(_alive(pid) for pid in workers)
    kept = read_rows(out, Rules(), optimal=True)
    assert len(kept) >= 2 and all(row.status != "intractable" for row in kept.values())


def test_deals_given_as_a_list_are_solved_once_each_in_order(tmp_path: Path) -> None:
    solved: list[int] = []
    rows = survey([3, 2, 3], Rules(), jobs=1, optimal=False, on_row=lambda r: solved.append(r.deal))
    assert solved == [2, 3] and [row.deal for row in rows] == [2, 3]


HEADER_LINE = FLOORLESS_HEADER + "\n"
"""Files written before the floor column: still read, checked and resumed as they are."""


@pytest.mark.parametrize("preset", list(PRESETS))
def test_score_range_is_minus_the_stock_to_the_tableau_of_a_real_deal(preset: str) -> None:
    rules = Rules.named(preset)
    deal = Deal.numbered(1, rules)
    tableau = sum(len(column) for column in deal.columns)
    assert score_range(rules) == (-len(deal.stock), tableau)


def test_scores_are_bounded_by_the_rules_of_the_file(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    out.write_text(HEADER_LINE + "1,jokers,solved,-18,yes,5,0.1000\n", "utf-8")
    assert read_rows(out, Rules.named("jokers"), optimal=True)[1].best_score == -18
    out.write_text(HEADER_LINE + "1,jokers,solved,-19,yes,5,0.1000\n", "utf-8")
    with pytest.raises(SurveyFileError, match=r"line 2: best_score -19 is not a score of rules"):
        read_rows(out, Rules.named("jokers"), optimal=True)
    out.write_text(HEADER_LINE + "1,black-hole,solved,-1,yes,5,0.1000\n", "utf-8")
    with pytest.raises(SurveyFileError, match=r"\(0 to 51: 0 stock cards, 51 tableau cards\)"):
        read_rows(out, Rules.named("black-hole"), optimal=True)


def test_a_line_not_utf8_in_the_middle_is_refused_with_its_line(tmp_path: Path) -> None:
    out = tmp_path / "results.csv"
    content = HEADER_LINE.encode() + b"1,strict,unsol\xff\xfe\n2,strict,solved,0,yes,9,0.1000\n"
    out.write_bytes(content)
    with pytest.raises(SurveyFileError, match=r"results\.csv, line 2: not UTF-8 text$"):
        survey(range(1, 3), Rules(), jobs=1, out=out)
    assert out.read_bytes() == content


@pytest.mark.parametrize(
    ("tail", "reason"),
    [
        (b"\x00\xff\xfe\x80garbage", "not UTF-8 text"),
        (b"3,strict,unsolvable,1,yes,100,0.01", "seconds '0.01' is not a time"),
        (b"3,strict,unsol", "expected 7 fields, found 3"),
    ],
)
def test_the_command_says_which_torn_last_line_it_dropped(
    tmp_path: Path, tail: bytes, reason: str
) -> None:
    out = tmp_path / "r.csv"
    out.write_bytes(HEADER_LINE.encode() + b"2,strict,solved,0,yes,9,0.1000\n" + tail)
    result = golf("survey", "--deals", "2-3", "--jobs", "1", "--out", "r.csv", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    note = "golf: note: --out r.csv, line 3: dropped this last line, cut short before its newline"
    assert result.stderr.startswith(f"{note} ({reason}")
    assert result.stderr.endswith("); the deal on it counts as not yet solved\n")
    assert len(result.stderr.splitlines()) == 1
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[1] == "2,strict,solved,0,yes,9,0.1000"
    assert lines[2].startswith("3,strict,unsolvable,1,yes,") and len(lines) == 3


def test_a_whole_last_row_without_its_newline_is_kept_without_a_note(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    out.write_text(HEADER_LINE + "2,strict,solved,0,yes,9,0.1000", "utf-8")
    notes: list[str] = []
    solved: list[int] = []
    rows = survey(
        range(2, 4),
        Rules(),
        jobs=1,
        out=out,
        on_mend=notes.append,
        on_row=lambda row: solved.append(row.deal),
    )
    assert notes == [] and solved == [3]
    assert rows[0].nodes == 9
    assert out.read_text("utf-8").startswith(HEADER_LINE + "2,strict,solved,0,yes,9,0.1000\n3,")


def test_a_pipe_is_refused_as_a_survey_file_instead_of_read_forever(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe.csv"
    os.mkfifo(pipe)
    with pytest.raises(SurveyFileError, match=r"pipe\.csv: is not a regular file"):
        survey(range(1, 2), Rules(), jobs=1, out=pipe)
    with pytest.raises(SurveyFileError, match=r"pipe\.csv: is not a regular file"):
        read_rows(pipe, Rules(), optimal=True)


LONG_RATE = (
    "rules strict: 2 of 4 cleared: 50.0% (95% interval 15.0% to 85.0%); "
    "2 undecided (search budget ran out)"
)
"""The win rate of deals 1-6 with 3000 positions each: longer than 80 columns."""

QUICK = ("survey", "--deals", "1-6", "--jobs", "1", "--quick", "--limit-nodes", "3000")


@pytest.mark.parametrize("columns", [None, "40"])
def test_piped_output_is_not_wrapped(tmp_path: Path, columns: str | None) -> None:
    env = {key: value for key, value in os.environ.items() if key != "COLUMNS"}
    if columns is not None:
        env["COLUMNS"] = columns
    result = golf(*QUICK, cwd=tmp_path, env=env)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == LONG_RATE and len(LONG_RATE) > 80
    assert lines[1] == "scores of the first clear found"
    assert lines[-1].startswith("6 deals, ") and lines[-1].endswith(" s of solving")
    assert result.stderr == ""


def test_terminal_output_fits_the_terminal(tmp_path: Path) -> None:
    pid, terminal = pty.fork()
    if pid == 0:  # the child: golf on a terminal of 40 columns
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
        os.chdir(tmp_path)
        env = {key: value for key, value in os.environ.items() if key not in ("COLUMNS", "LINES")}
        os.execve(sys.executable, [*GOLF, *QUICK], env)  # the size comes from the terminal
    shown = b""
    while True:
        try:
            chunk = os.read(terminal, 65536)
        except OSError:  # the child has exited
            break
        if not chunk:
            break
        shown += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0, shown
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown.decode("utf-8", errors="replace"))
    lines = text.splitlines()
    assert "scores of the first clear found" in lines and "(search budget ran out)" in lines
    assert max(len(line) for line in lines) <= 40, lines


def test_an_error_writing_stdout_is_one_line(tmp_path: Path) -> None:
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*GOLF, *QUICK],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            cwd=tmp_path,
        )
    assert result.returncode == 2
    assert result.stderr == (
        "golf: error: could not write to standard output: No space left on device\n"
    )


def _file_size_limit(size: int) -> Callable[[], None]:
    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails, as on a full disk
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_a_full_disk_names_the_file_and_the_rerun_mends_it(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    out.write_text(HEADER_LINE + "1,strict,unsolvable,,no,1,0.0010\n", "utf-8")
    size = out.stat().st_size + 50  # room for one row and part of the next
    args = ("survey", "--deals", "1-4", "--jobs", "1", "--quick", "--out", "r.csv")
    full = golf(*args, cwd=tmp_path, preexec_fn=_file_size_limit(size))
    assert full.returncode == 2
    assert (
        full.stderr == "golf: error: --out r.csv: cannot write the row of deal 3: File too large\n"
    )
    assert out.stat().st_size == size and not out.read_bytes().endswith(b"\n")
    again = golf(*args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stderr.startswith("golf: note: --out r.csv, line 4: dropped this last line")
    assert sorted(read_rows(out, Rules(), optimal=False)) == [1, 2, 3, 4]


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_read_only_survey_file_is_named(tmp_path: Path) -> None:
    out = tmp_path / "r.csv"
    out.write_text(HEADER_LINE, "utf-8")
    out.chmod(0o444)
    result = golf("survey", "--deals", "1", "--out", "r.csv", cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == "golf: error: --out r.csv: cannot open it: Permission denied\n"


def test_a_folder_that_cannot_be_written_is_named(tmp_path: Path) -> None:
    folder = tmp_path / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    if os.access(folder, os.W_OK):  # root: /sys refuses a new file to everyone
        if not Path("/sys/kernel").is_dir():
            pytest.skip("root, and no /sys here")
        folder = Path("/sys")
    result = golf("survey", "--deals", "1", "--out", str(folder / "r.csv"), cwd=tmp_path)
    assert result.returncode == 2
    assert result.stderr == (
        f"golf: error: --out {folder}/r.csv: cannot open it: Permission denied\n"
    )
