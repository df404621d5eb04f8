r"""Surveys: solve a range of numbered deals exactly, on every core, into a resumable CSV file.

Each deal gives one row (number, rules, status, best score, nodes, seconds, and the floor
of a best-score search the limit stopped), written and flushed as it arrives, so an
interrupted survey keeps what it found and a rerun skips the deals already in the file.
``summarize`` turns rows into the win rate with its 95% Wilson interval and the
distribution of best scores.

>>> rows = survey(parse_deal_range("1-4"), Rules(), jobs=1)
>>> [(row.deal, row.status, row.best_score) for row in rows]
[(1, 'unsolvable', 6), (2, 'solved', 0), (3, 'unsolvable', 1), (4, 'unsolvable', 1)]
>>> print(summarize(rows).win_rate_text)
1 of 4 cleared: 25.0% (95% interval 4.6% to 69.9%)
"""

from __future__ import annotations

import contextlib
import functools
import math
import multiprocessing
import os
import re
import signal
import threading
import time
from collections import Counter
from collections.abc import Callable, Container, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from golf_solitaire.deals import MAX_DEAL_NUMBER, Deal
from golf_solitaire.reasons import cut
from golf_solitaire.rules import Rules
from golf_solitaire.solver.fair_player import fair_move, play_hole
from golf_solitaire.solver.solution import NO_LIMIT, Limit, solve
from golf_solitaire.solver.survey_file import (
    COLUMNS,
    SurveyFile,
    SurveyFileError,
    SurveyRow,
    read_rows,
)

__all__ = [
    "COLUMNS",
    "RowSource",
    "SurveyFileError",
    "SurveyRow",
    "SurveySummary",
    "default_jobs",
    "mean_interval",
    "parse_deal_range",
    "read_rows",
    "summarize",
    "survey",
    "wilson_interval",
]

MAX_SURVEY_SIZE: Final = 10_000_000
"""The most deals one survey may ask for (a guard against a mistyped range)."""

_RANGE: Final = re.compile(r"\s*([0-9]+)\s*(?:-\s*([0-9]+)\s*)?")

RowSource = Callable[[Iterator[int], Rules, bool, Limit, bool], Generator[SurveyRow, None, None]]
"""Solves deals somewhere else (a cluster): the numbers, the rules, the question asked
(``optimal``), the limit and whether the fair hint's player plays each deal too (``fair``)
in; rows out in the order they are found."""

JOBS_PER_CORE: Final = 4
"""More worker processes than this many per core only slow a survey down."""


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
    shown = cut(text)
    found = _RANGE.fullmatch(text)
    if found is None:
        raise ValueError(
            f"deal range {shown!r}: expected N or FIRST-LAST with whole numbers, e.g. 1-1000"
        )
    first_text, last_text = found.group(1), found.group(2) or found.group(1)
    if max(len(first_text), len(last_text)) > len(str(MAX_DEAL_NUMBER)):
        raise ValueError(f"deal range {shown!r}: a deal number is not between 1 and 10**20")
    first, last = int(first_text), int(last_text)
    for number in (first, last):
        if not 1 <= number <= MAX_DEAL_NUMBER:
            raise ValueError(f"deal range {shown!r}: deal {number} is not between 1 and 10**20")
    if first > last:
        raise ValueError(
            f"deal range {shown!r}: the first deal {first} is after the last deal {last}"
        )
    if last - first + 1 > MAX_SURVEY_SIZE:
        raise ValueError(
            f"deal range {shown!r}: {last - first + 1} deals is more than one survey's "
            f"{MAX_SURVEY_SIZE}"
        )
    return range(first, last + 1)


def solve_numbered(
    number: int, rules: Rules, optimal: bool, limit: Limit, fair: bool = False
) -> SurveyRow:
    """Solve deal ``number`` under ``rules``: the survey's unit of work (runs in a worker).

    The row's ``optimal`` is the question asked, also when the limit ran out first; a
    best-score search stopped so keeps the best line it found and its floor. With
    ``fair``, a player who follows the fair hint at every choice (it never sees the stock)
    also plays the deal to its end, and the row keeps its strokes.

    >>> solve_numbered(2, Rules(), False, Limit()).status
    'solved'
    >>> row = solve_numbered(2, Rules(), True, Limit(), fair=True)
    >>> row.best_score <= row.fair_strokes  # never better than the optimum
    True
    >>> stopped = solve_numbered(2, Rules.named("double-golf"), True, Limit(nodes=20000))
    >>> stopped.status, stopped.best_score, stopped.floor
    ('intractable', -16, -17)
    """
    deal = Deal.numbered(number, rules)
    solution = solve(deal, optimal=optimal, limit=limit)
    fair_strokes = play_hole(deal, fair_move, number).strokes if fair else None
    return SurveyRow(
        number,
        rules.label,
        solution.status,
        solution.found if solution.status == "intractable" else solution.best_score,
        optimal,
        solution.nodes,
        solution.seconds,
        fair_strokes,
        solution.floor,
    )


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
    numbers: Iterable[int], rules: Rules, optimal: bool, limit: Limit, fair: bool, jobs: int
) -> Generator[SurveyRow, None, None]:
    """Rows of ``numbers`` in the order they finish; ``jobs`` worker processes (1: here).

    The workers stop with the survey however it ends (an error, Ctrl-C, SIGTERM), and on
    their own if the survey's process is killed outright.
    """
    if jobs == 1:
        for number in numbers:
            yield solve_numbered(number, rules, optimal, limit, fair)
        return
    work = functools.partial(solve_numbered, rules=rules, optimal=optimal, limit=limit, fair=fair)
    context = multiprocessing.get_context("spawn")
    with context.Pool(jobs, initializer=_start_worker, initargs=(os.getpid(),)) as pool:
        yield from pool.imap_unordered(work, numbers, chunksize=1)
    # leaving the block terminates the workers, also when the caller stops early


def _start_worker(survey_pid: int) -> None:
    """In each worker: leave Ctrl-C to the survey, and exit if the survey's process dies."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == survey_pid:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="survey-watch", daemon=True).start()


def survey(
    numbers: Sequence[int],
    rules: Rules,
    *,
    jobs: int | None = None,
    out: Path | None = None,
    optimal: bool = True,
    limit: Limit = NO_LIMIT,
    fair: bool = False,
    on_row: Callable[[SurveyRow], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    on_mend: Callable[[str], None] | None = None,
    source: RowSource | None = None,
) -> list[SurveyRow]:
    """Solve every deal of ``numbers`` under ``rules`` and return their rows, by deal.

    With ``out``, rows already in that file are kept and not solved again (an
    ``intractable`` row is, when ``limit`` allows more positions than it spent), and each
    new row is appended and flushed as soon as it is found; while the survey runs, the file
    is locked against a second survey. ``on_start`` is told how many rows were kept from the
    file, ``on_row`` is called for every new row (a progress bar), and ``on_mend`` is told
    (file and line named) when a last line cut short is dropped. ``optimal=False``
    only decides clears (faster; scores of the first clear). ``fair`` also plays each deal
    with the fair hint's player and keeps its strokes (about a hundred hints a deal: much
    slower than solving; its own kind of file). Winnable deals only does not
    apply: a survey solves the deals it is given. ``source`` solves the deals instead of
    ``jobs`` local processes (``survey_cluster.cluster_source``: on a Dask cluster); it is
    not called when every deal is already in the file.

    >>> [(row.deal, row.status) for row in survey(range(1, 3), Rules(), jobs=1, optimal=False)]
    [(1, 'unsolvable'), (2, 'solved')]
    """
    if jobs is None:
        jobs = default_jobs()
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise ValueError(f"survey: jobs must be a whole number of 1 or more, not {jobs!r}")
    rules = rules.with_options(winnable_only=False)
    with contextlib.ExitStack() as stack:
        file = (
            stack.enter_context(SurveyFile(out, rules, optimal, on_mend, fair=fair))
            if out is not None
            else None
        )
        # A range answers "in" at once and holds no numbers: a survey may ask for millions.
        wanted: Sequence[int] = numbers
        members: Container[int] = numbers
        if not isinstance(numbers, range):
            members = set(numbers)
            wanted = sorted(members)
        known = file.rows if file is not None else {}
        rows = {
            deal: row
            for deal, row in known.items()
            if deal in members and not _worth_retrying(row, limit)
        }
        todo = (number for number in wanted if number not in rows)
        if on_start is not None:
            on_start(len(rows))
        left = len(wanted) - len(rows)
        if source is None:
            source = functools.partial(_solve_many, jobs=max(1, min(jobs, left)))
        # Closed as the survey ends, however it ends: the workers stop at once.
        found = stack.enter_context(contextlib.closing(source(todo, rules, optimal, limit, fair)))
        for row in found if left else ():
            rows[row.deal] = row
            if file is not None:
                file.append(row)
            if on_row is not None:
                on_row(row)
    return [rows[number] for number in sorted(rows)]


def _worth_retrying(row: SurveyRow, limit: Limit) -> bool:
    """True for an undecided row that ``limit`` gives a bigger search budget than it had."""
    if row.status != "intractable":
        return False
    return limit.nodes is None or limit.nodes > row.nodes or limit.seconds is not None


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
    fair_scores: dict[int, int] = field(default_factory=dict)
    """The fair hint's player's strokes and how many deals it ended on each (``--fair``)."""
    brackets: tuple[tuple[int, int | None], ...] = ()
    """Each best score not proved within the limit: its floor and the best line found
    (``None``: none), the optimum lying between them; not in ``scores``."""

    @property
    def bracket_text(self) -> str | None:
        """One line on the best scores not proved (``None`` when every one was).

        >>> brackets = ((-5, -2), (-3, 1))
        >>> summary = SurveySummary(2, 0, 0, 2, (0.0, 1.0), {}, 0, 0.0, brackets=brackets)
        >>> print(summary.bracket_text)  # doctest: +NORMALIZE_WHITESPACE
        2 best scores not proved (search budget ran out): each lies from the fewest strokes
        not ruled out to the best line found, on average -4.00 to -0.50
        """
        if not self.brackets:
            return None
        floors = [floor for floor, _ in self.brackets]
        found = [line for _, line in self.brackets if line is not None]
        count = len(self.brackets)
        text = (
            f"{count} best score{'s' if count != 1 else ''} not proved (search budget ran "
            "out): each lies "
            f"from the fewest strokes not ruled out to the best line found, on average "
            f"{sum(floors) / len(floors):+.2f}"
        )
        if not found:
            return text + " to unknown (no line found)"
        text += f" to {sum(found) / len(found):+.2f}"
        if len(found) < len(floors):
            text += f" ({len(floors) - len(found)} with no line found, not in that mean)"
        return text

    @property
    def fair_text(self) -> str | None:
        """One line on the fair hint's player (``None`` when no deal was played so).

        >>> summary = SurveySummary(2, 1, 1, 0, (0.0, 1.0), {}, 0, 0.0, {-1: 1, 3: 1})
        >>> print(summary.fair_text)  # doctest: +NORMALIZE_WHITESPACE
        the fair hint's player: 1.0 strokes a hole on average (95% interval -2.9 to 4.9),
        1 of 2 deals cleared
        >>> one = SurveySummary(1, 0, 1, 0, (0.0, 1.0), {}, 0, 0.0, {3: 1})
        >>> print(one.fair_text)  # doctest: +NORMALIZE_WHITESPACE
        the fair hint's player: 3.0 strokes a hole on average (one deal: no interval),
        0 of 1 deals cleared
        """
        played = sum(self.fair_scores.values())
        if not played:
            return None
        mean, half = mean_interval(self.fair_scores)
        cleared = sum(count for score, count in self.fair_scores.items() if score <= 0)
        spread = (
            "one deal: no interval"
            if math.isinf(half)
            else f"95% interval {mean - half:.1f} to {mean + half:.1f}"
        )
        return (
            f"the fair hint's player: {mean:.1f} strokes a hole on average ({spread}), "
            f"{cleared} of {played} deals cleared"
        )

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
    fair_scores: Counter[int] = Counter()
    brackets: list[tuple[int, int | None]] = []
    nodes = 0
    seconds = 0.0
    for row in rows:
        statuses[row.status] += 1
        if row.is_bracket and row.floor is not None:
            brackets.append((row.floor, row.best_score))
        elif row.best_score is not None and row.status != "intractable":
            scores[row.best_score] += 1
        if row.fair_strokes is not None:
            fair_scores[row.fair_strokes] += 1
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
        fair_scores=dict(sorted(fair_scores.items())),
        brackets=tuple(brackets),
    )


def mean_interval(counts: dict[int, int], z: float = 1.959964) -> tuple[float, float]:
    """The mean of values given as ``{value: how many}`` and the half width of its 95%
    interval (normal approximation; infinite below two values).

    >>> mean_interval({2: 50, 4: 50})
    (3.0, 0.19698...)
    """
    n = sum(counts.values())
    if n == 0:
        raise ValueError("mean_interval: no values")
    mean = sum(value * count for value, count in counts.items()) / n
    if n < 2:
        return mean, math.inf
    variance = sum(count * (value - mean) ** 2 for value, count in counts.items()) / (n - 1)
    return mean, z * math.sqrt(variance / n)
