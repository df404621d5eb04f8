r"""Surveys: solve a range of numbered deals exactly, on every core, into a resumable CSV file.

Each deal gives one row (number, rules, status, best score, nodes, seconds), written and
flushed as it arrives, so an interrupted survey keeps what it found and a rerun skips the
deals already in the file. ``summarize`` turns rows into the win rate with its 95% Wilson
interval and the distribution of best scores.

>>> rows = survey(parse_deal_range("1-4"), Rules(), jobs=1)
>>> [(row.deal, row.status, row.best_score) for row in rows]
[(1, 'unsolvable', 6), (2, 'solved', 0), (3, 'unsolvable', 1), (4, 'unsolvable', 1)]
>>> print(summarize(rows).win_rate_text)
1 of 4 cleared: 25.0% (95% interval 4.6% to 69.9%)
"""

from __future__ import annotations

import csv
import math
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TextIO

from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.rules import Rules
from golf_solitaire.solver.solution import NO_LIMIT, Limit, solve

COLUMNS: Final = ("deal", "rules", "status", "best_score", "optimal", "nodes", "seconds")
"""The header of a survey file, in order."""

STATUSES: Final = ("solved", "unsolvable", "intractable")

MAX_SURVEY_SIZE: Final = 10_000_000
"""The most deals one survey may ask for (a guard against a mistyped range)."""


class SurveyFileError(ValueError):
    r"""An existing survey file that cannot be resumed: names the file, the line and the fault.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "survey.csv"
    ...     _ = path.write_text("deal,status\n", encoding="utf-8")
    ...     try:
    ...         read_rows(path, Rules(), optimal=True)
    ...     except SurveyFileError as error:
    ...         print(str(error).partition("survey.csv, ")[2])  # doctest: +ELLIPSIS
    line 1: expected the header deal,rules,...,seconds, found 'deal,status'
    """


@dataclass(frozen=True, slots=True)
class SurveyRow:
    """One solved deal: its verdict, best score (``None`` when intractable) and cost.

    ``optimal`` tells whether ``best_score`` is the proved best (else the first clear found).

    >>> SurveyRow(2, "strict", "solved", 0, True, 1200, 0.01).as_csv()
    ['2', 'strict', 'solved', '0', 'yes', '1200', '0.0100']
    """

    deal: int
    rules: str
    status: str
    best_score: int | None
    optimal: bool
    nodes: int
    seconds: float

    def as_csv(self) -> list[str]:
        """The row's cells as written to the file.

        >>> SurveyRow(4, "strict", "intractable", None, False, 200000, 2.5).as_csv()[2:5]
        ['intractable', '', 'no']
        """
        return [
            str(self.deal),
            self.rules,
            self.status,
            "" if self.best_score is None else str(self.best_score),
            "yes" if self.optimal else "no",
            str(self.nodes),
            f"{self.seconds:.4f}",
        ]


def parse_deal_range(text: str) -> range:
    """The deal numbers of ``"N"`` or ``"FIRST-LAST"`` (both ends included).

    >>> parse_deal_range("1-100000")
    range(1, 100001)
    >>> parse_deal_range("7")
    range(7, 8)
    >>> parse_deal_range("9-3")
    Traceback (most recent call last):
    ...
    ValueError: deal range '9-3': the first deal 9 is after the last deal 3
    """
    first_text, dash, last_text = text.strip().partition("-")
    if not dash:
        last_text = first_text
    try:
        first, last = int(first_text), int(last_text)
    except ValueError:
        raise ValueError(
            f"deal range {text!r}: expected N or FIRST-LAST with whole numbers, e.g. 1-1000"
        ) from None
    for number in (first, last):
        if not 1 <= number <= MAX_DEAL_NUMBER:
            raise ValueError(f"deal range {text!r}: deal {number} is not between 1 and 10**20")
    if first > last:
        raise ValueError(
            f"deal range {text!r}: the first deal {first} is after the last deal {last}"
        )
    if last - first + 1 > MAX_SURVEY_SIZE:
        raise ValueError(
            f"deal range {text!r}: {last - first + 1} deals is more than one survey's "
            f"{MAX_SURVEY_SIZE}"
        )
    return range(first, last + 1)


def solve_numbered(number: int, rules: Rules, optimal: bool, limit: Limit) -> SurveyRow:
    """Solve deal ``number`` under ``rules``: the survey's unit of work (runs in a worker).

    >>> solve_numbered(2, Rules(), False, Limit()).status
    'solved'
    """
    solution = solve(Deal.numbered(number, rules), optimal=optimal, limit=limit)
    return SurveyRow(
        number,
        rules.label,
        solution.status,
        solution.best_score,
        solution.optimal,
        solution.nodes,
        solution.seconds,
    )


def read_rows(path: Path, rules: Rules, optimal: bool) -> dict[int, SurveyRow]:
    """The rows of an existing survey file by deal; ``SurveyFileError`` names a bad line.

    A missing or empty file has no rows. Rows must be for ``rules`` and of the same kind
    (``optimal`` or not) as the survey that resumes them.

    >>> import pathlib, tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / "survey.csv"
    ...     empty = read_rows(path, Rules(), optimal=True)
    ...     _ = survey([2], Rules(), jobs=1, out=path)
    ...     rows = read_rows(path, Rules(), optimal=True)
    >>> empty, rows[2].status, rows[2].best_score
    ({}, 'solved', 0)
    """
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise SurveyFileError(f"{path}: cannot read it: {error.strerror}") from None
    except UnicodeDecodeError:
        raise SurveyFileError(f"{path}: not a text file (not UTF-8)") from None
    rows: dict[int, SurveyRow] = {}
    lines = text.splitlines()
    if not lines:
        return rows
    header = next(csv.reader([lines[0]]))
    if tuple(header) != COLUMNS:
        raise SurveyFileError(
            f"{path}, line 1: expected the header {','.join(COLUMNS)}, found {lines[0]!r}"
        )
    for number, cells in enumerate(csv.reader(lines[1:]), start=2):
        if not cells:
            continue
        row = _parse_row(cells, f"{path}, line {number}")
        if row.rules != rules.label:
            raise SurveyFileError(
                f"{path}, line {number}: deal {row.deal} was solved under rules {row.rules!r}, "
                f"not {rules.label!r}; use another --out file for other rules"
            )
        if row.optimal != optimal:
            kind = "best scores" if row.optimal else "clears only"
            raise SurveyFileError(
                f"{path}, line {number}: this file holds {kind}; resume it the same way "
                "or use another --out file"
            )
        if row.deal in rows:
            raise SurveyFileError(f"{path}, line {number}: deal {row.deal} appears twice")
        rows[row.deal] = row
    return rows


def _parse_row(cells: list[str], where: str) -> SurveyRow:
    if len(cells) != len(COLUMNS):
        raise SurveyFileError(f"{where}: expected {len(COLUMNS)} fields, found {len(cells)}")
    deal_text, rules, status, score_text, optimal_text, nodes_text, seconds_text = cells
    try:
        deal = int(deal_text)
    except ValueError:
        raise SurveyFileError(f"{where}: deal {deal_text!r} is not a whole number") from None
    if status not in STATUSES:
        raise SurveyFileError(
            f"{where}: status {status!r} is not one of {', '.join(STATUSES)}"
        ) from None
    best_score: int | None = None
    if score_text:
        try:
            best_score = int(score_text)
        except ValueError:
            raise SurveyFileError(
                f"{where}: best_score {score_text!r} is not a whole number"
            ) from None
    if optimal_text not in ("yes", "no"):
        raise SurveyFileError(f"{where}: optimal {optimal_text!r} is not yes or no")
    if not score_text and (
        status == "solved" or (status == "unsolvable" and optimal_text == "yes")
    ):
        raise SurveyFileError(f"{where}: best_score is empty but the status is {status}")
    try:
        nodes = int(nodes_text)
        seconds = float(seconds_text)
    except ValueError:
        raise SurveyFileError(
            f"{where}: nodes {nodes_text!r} and seconds {seconds_text!r} must be numbers"
        ) from None
    return SurveyRow(deal, rules, status, best_score, optimal_text == "yes", nodes, seconds)


def default_jobs() -> int:
    """Worker processes to use: every core this process may run on.

    >>> default_jobs() >= 1
    True
    """
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - platforms without affinity masks
        return max(1, os.cpu_count() or 1)


def _solve_many(
    numbers: Sequence[int], rules: Rules, optimal: bool, limit: Limit, jobs: int
) -> Iterator[SurveyRow]:
    """Rows of ``numbers`` in the order they finish; ``jobs`` worker processes (1: here)."""
    if jobs == 1:
        for number in numbers:
            yield solve_numbered(number, rules, optimal, limit)
        return
    window = jobs * 4
    pending = iter(numbers)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: set[Future[SurveyRow]] = set()
        try:
            while True:
                for number in pending:
                    running.add(pool.submit(solve_numbered, number, rules, optimal, limit))
                    if len(running) >= window:
                        break
                if not running:
                    return
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            for future in running:
                future.cancel()


def survey(
    numbers: Sequence[int],
    rules: Rules,
    *,
    jobs: int | None = None,
    out: Path | None = None,
    optimal: bool = True,
    limit: Limit = NO_LIMIT,
    on_row: Callable[[SurveyRow], None] | None = None,
) -> list[SurveyRow]:
    """Solve every deal of ``numbers`` under ``rules`` and return their rows, by deal.

    With ``out``, rows already in that file are kept and not solved again, and each new row
    is appended and flushed as soon as it is found. ``on_row`` is called for every new row
    (a progress bar). ``optimal=False`` only decides clears (faster; scores of the first clear).

    >>> [(row.deal, row.status) for row in survey(range(1, 3), Rules(), jobs=1, optimal=False)]
    [(1, 'unsolvable'), (2, 'solved')]
    """
    if jobs is None:
        jobs = default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"survey: jobs must be a whole number of 1 or more, not {jobs!r}")
    rules = rules.with_options(winnable_only=False)
    known = read_rows(out, rules, optimal) if out is not None else {}
    wanted = set(numbers)
    rows = {deal: row for deal, row in known.items() if deal in wanted}
    todo = [number for number in numbers if number not in rows]
    stream: TextIO | None = None
    try:
        if out is not None:
            stream = _open_for_append(out)
        writer = csv.writer(stream, lineterminator="\n") if stream is not None else None
        for row in _solve_many(todo, rules, optimal, limit, jobs):
            rows[row.deal] = row
            if writer is not None and stream is not None:
                writer.writerow(row.as_csv())
                stream.flush()
            if on_row is not None:
                on_row(row)
    finally:
        if stream is not None:
            stream.close()
    return [rows[number] for number in sorted(rows)]


def _open_for_append(path: Path) -> TextIO:
    """The survey file opened for appending, with the header when it is new or empty."""
    fresh = not path.exists() or path.stat().st_size == 0
    ends_open = False
    if not fresh:
        with path.open("rb") as existing:
            existing.seek(-1, os.SEEK_END)
            ends_open = existing.read(1) != b"\n"
    stream = path.open("a", encoding="utf-8", newline="")
    if fresh:
        stream.write(",".join(COLUMNS) + "\n")
    elif ends_open:
        stream.write("\n")
    stream.flush()
    return stream


def wilson_interval(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% with the default ``z``).

    >>> low, high = wilson_interval(81, 263)
    >>> round(low, 4), round(high, 4)
    (0.2553, 0.3662)
    >>> wilson_interval(0, 0)
    (0.0, 1.0)
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(
            f"wilson_interval: need 0 <= successes <= trials, not {successes}/{trials}"
        )
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    return max(0.0, centre - spread), min(1.0, centre + spread)


@dataclass(frozen=True, slots=True)
class SurveySummary:
    """What a survey found: clears among decided deals, the 95% interval, the scores.

    >>> rows = [SurveyRow(1, "strict", "solved", -2, True, 10, 0.1),
    ...         SurveyRow(2, "strict", "unsolvable", 3, True, 10, 0.1),
    ...         SurveyRow(3, "strict", "intractable", None, False, 10, 0.1)]
    >>> summary = summarize(rows)
    >>> summary.deals, summary.decided, summary.win_rate
    (3, 2, 0.5)
    >>> summary.win_rate_text
    '1 of 2 cleared: 50.0% (95% interval 9.5% to 90.5%); 1 undecided (search budget ran out)'
    """

    deals: int
    solved: int
    unsolvable: int
    intractable: int
    interval: tuple[float, float]
    scores: dict[int, int]
    nodes: int
    seconds: float

    @property
    def decided(self) -> int:
        """Deals the solver decided (solved or proved unsolvable)."""
        return self.solved + self.unsolvable

    @property
    def win_rate(self) -> float | None:
        """Share of decided deals that can be cleared (``None`` when none was decided)."""
        return self.solved / self.decided if self.decided else None

    @property
    def win_rate_text(self) -> str:
        """One line: clears, the rate and its interval (and the undecided, if any)."""
        if not self.decided:
            return f"no deal decided ({self.intractable} ran out of search budget)"
        low, high = self.interval
        rate = self.win_rate or 0.0
        text = (
            f"{self.solved} of {self.decided} cleared: {100 * rate:.1f}% "
            f"(95% interval {100 * low:.1f}% to {100 * high:.1f}%)"
        )
        if self.intractable:
            text += f"; {self.intractable} undecided (search budget ran out)"
        return text


def summarize(rows: Iterable[SurveyRow]) -> SurveySummary:
    """Counts, the Wilson interval of the win rate and the score distribution of ``rows``.

    >>> rows = [SurveyRow(n, "strict", "solved", -n, True, 10, 0.1) for n in (1, 2, 2)]
    >>> summary = summarize(rows)
    >>> summary.solved, summary.scores
    (3, {-2: 2, -1: 1})
    """
    statuses: Counter[str] = Counter()
    scores: Counter[int] = Counter()
    nodes = 0
    seconds = 0.0
    for row in rows:
        statuses[row.status] += 1
        if row.best_score is not None:
            scores[row.best_score] += 1
        nodes += row.nodes
        seconds += row.seconds
    solved, unsolvable = statuses["solved"], statuses["unsolvable"]
    return SurveySummary(
        deals=sum(statuses.values()),
        solved=solved,
        unsolvable=unsolvable,
        intractable=statuses["intractable"],
        interval=wilson_interval(solved, solved + unsolvable),
        scores=dict(sorted(scores.items())),
        nodes=nodes,
        seconds=seconds,
    )
