"""``golf survey``: solve a range of deals on every core, or on a Dask cluster, into a
resumable CSV file."""

from __future__ import annotations

import logging
import signal
from collections.abc import Callable
from pathlib import Path
from types import FrameType

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from golf_solitaire.cli.common import (
    POSITIONS,
    CliError,
    counted,
    parse_rules,
    preset_option,
)
from golf_solitaire.solver.solution import Limit
from golf_solitaire.solver.survey import (
    JOBS_PER_CORE,
    RowSource,
    SurveySummary,
    default_jobs,
    parse_deal_range,
    summarize,
    survey,
)
from golf_solitaire.solver.survey_file import SurveyFileError, SurveyRow, check_writable

_CLUSTER_BATCH = 20
"""Deals a batch on a cluster (``survey_cluster.DEFAULT_BATCH``, kept here so that the help
is written without importing Dask)."""

_UNWRAPPED = 10_000
"""Columns of piped output: wider than any line of the report, so none is wrapped."""


_EPILOG = """\b
On a Dask cluster (pip install 'golf-solitaire[cluster]' on every machine):
  dask scheduler --host 10.0.0.5 --port 8786        # one machine; prints its address
  dask worker tcp://10.0.0.5:8786 --nworkers auto --nthreads 1   # each machine
  golf survey --deals 1-1000000 --scheduler tcp://10.0.0.5:8786 --out r.csv
Rows come back a batch at a time; a batch on a worker that dies is solved again.
"""


@click.command("survey", epilog=_EPILOG)
@click.option("--deals", "deal_range", required=True, help="Deals to solve: N or FIRST-LAST.")
@preset_option
@click.option("--jobs", type=int, default=None, help="Worker processes (default: every core).")
@click.option(
    "--scheduler",
    default=None,
    metavar="tcp://HOST:PORT",
    help="Solve on the Dask cluster of this scheduler instead of this machine's cores.",
)
@click.option(
    "--batch",
    type=click.IntRange(min=1, max=10_000),
    default=None,
    help=f"Deals a worker of the cluster solves at a time (default {_CLUSTER_BATCH}).",
)
@click.option(
    "--out",
    "out_text",
    type=click.Path(dir_okay=False),
    default=None,
    help="CSV file of results; rerunning skips the deals already in it.",
)
@click.option(
    "--limit-nodes",
    type=POSITIONS,
    default=None,
    help="Give up on a deal after K positions (a best-score search then keeps its best line "
    "found and the fewest strokes it had not ruled out, columns best_score and floor).",
)
@click.option("--quick", is_flag=True, help="Only decide clears (no best scores): faster.")
@click.option(
    "--fair",
    is_flag=True,
    help="Also play each deal following the fair hint (it never sees the stock) and write "
    "its strokes; much slower.",
)
def survey_command(
    deal_range: str,
    rules_name: str,
    jobs: int | None,
    scheduler: str | None,
    batch: int | None,
    out_text: str | None,
    limit_nodes: int | None,
    quick: bool,
    fair: bool,
) -> None:
    """Solve every deal of a range exactly; print the win rate and the score distribution."""
    rules = parse_rules(rules_name)
    if rules.winnable_only:
        raise CliError(
            "--rules: a survey solves every deal of its range, so winnable_only has no place "
            "in it; give the rules without it"
        )
    try:
        numbers = parse_deal_range(deal_range)
    except ValueError as error:
        raise CliError(f"--deals: {error}") from None
    limit = Limit(nodes=limit_nodes)
    cores = default_jobs()
    if jobs is not None and not 1 <= jobs <= JOBS_PER_CORE * cores:
        raise CliError(
            f"--jobs must be from 1 to {JOBS_PER_CORE * cores} ({JOBS_PER_CORE} for each of "
            f"the {cores} cores here; more only slows the survey), not {jobs}"
        )
    out = _check_out(out_text) if out_text is not None else None
    errors = Console(stderr=True)

    def note(text: str) -> None:
        errors.print(f"golf: note: {text}", soft_wrap=True, markup=False, highlight=False)

    source, cluster_errors = _cluster(scheduler, jobs, batch, note)
    progress = Progress(
        TextColumn("solving"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        TextColumn("{task.fields[open]}"),
        console=errors,
        transient=True,
        disable=not errors.is_terminal,  # a bar in a log file is only noise
    )
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        with progress:
            task = progress.add_task("survey", total=len(numbers), open="")
            stopped = 0
            what = "undecided" if quick else "not proved"

            def advance(row: SurveyRow) -> None:
                nonlocal stopped
                stopped += row.status == "intractable"
                progress.update(task, advance=1, open=f"{stopped} {what}" if stopped else "")

            rows = survey(
                numbers,
                rules,
                jobs=jobs or cores,
                out=out,
                optimal=not quick,
                limit=limit,
                fair=fair,
                on_row=advance,
                on_start=lambda kept: progress.update(task, completed=kept),
                on_mend=lambda text: note(f"--out {text}"),
                source=source,
            )
    except SurveyFileError as error:
        raise CliError(f"--out {error}") from None
    except cluster_errors as error:
        raise CliError(f"--scheduler {scheduler}: {error}") from None
    except (KeyboardInterrupt, SystemExit):
        kept = f"; the rows found so far are in {out}, and a rerun goes on" if out else ""
        click.echo(f"survey stopped{kept}", err=True)
        raise
    finally:
        signal.signal(signal.SIGTERM, previous)
    _report(_stdout_console(), summarize(rows), rules.label, quick)


def _cluster(
    scheduler: str | None, jobs: int | None, batch: int | None, note: Callable[[str], None]
) -> tuple[RowSource | None, tuple[type[Exception], ...]]:
    """The row source of ``--scheduler`` and the errors it raises; Dask is imported only
    here, so a survey on this machine's cores never loads it."""
    if scheduler is None:
        if batch is not None:
            raise CliError("--batch: batches are sent to a cluster; give --scheduler too")
        return None, ()
    if jobs is not None:
        raise CliError(
            "--jobs: with --scheduler the cluster's workers do the solving; "
            "leave --jobs out (start more workers instead)"
        )
    if not scheduler.strip():
        raise CliError("--scheduler: the value is empty; give tcp://HOST:PORT")
    try:
        from golf_solitaire.solver import survey_cluster
    except ImportError as error:
        raise CliError(
            f"--scheduler needs Dask, which is not installed here ({error}); install it "
            "with: pip install 'golf-solitaire[cluster]'"
        ) from None
    # Dask logs every lost connection with its traceback; golf says what went wrong itself.
    for name in ["distributed", *logging.root.manager.loggerDict]:
        if name.split(".")[0] == "distributed":  # Dask's config gives some their own level
            logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        source = survey_cluster.cluster_source(
            scheduler, batch=batch or _CLUSTER_BATCH, on_note=note
        )
    except survey_cluster.ClusterError as error:
        raise CliError(f"--scheduler {scheduler}: {error}") from None
    return source, (survey_cluster.ClusterError,)


def _exit_on_sigterm(signum: int, frame: FrameType | None) -> None:
    """SIGTERM ends the survey as Ctrl-C does: workers stopped, the file closed whole."""
    raise SystemExit(128 + signum)


def _check_out(text: str) -> Path:
    """The output path, refused if it cannot be written before any solving starts (the
    file's rows are read, and a file that cannot be resumed refused, once it is locked)."""
    if not text:
        raise CliError("--out: the value is empty; give a file name")
    if text == "-":
        raise CliError(
            "--out -: a survey keeps its rows in a file so that a rerun can resume; "
            "give a file name"
        )
    out = Path(text)
    try:
        check_writable(out)
    except SurveyFileError as error:
        raise CliError(f"--out {error}") from None
    return out


def _stdout_console() -> Console:
    """Rich output for stdout: fitted to a terminal, and never wrapped when piped or sent to a
    file (Rich would otherwise wrap every line at 80 columns)."""
    console = Console()
    if console.is_terminal:
        return console
    return Console(width=_UNWRAPPED, soft_wrap=True)


def _report(console: Console, summary: SurveySummary, rules: str, quick: bool) -> None:
    """The win rate line and the score distribution table."""
    console.print(f"rules {rules}: {summary.win_rate_text}", highlight=False)
    title = "scores of the first clear found" if quick else "best scores"
    table = Table(title=title, min_width=len(title))  # the title on one line
    table.add_column("score", justify="right")
    table.add_column("deals", justify="right")
    table.add_column("share", justify="right")
    scored = sum(summary.scores.values())
    for score, count in summary.scores.items():
        table.add_row(str(score), str(count), f"{100 * count / scored:.1f}%")
    console.print(table)
    console.print(
        f"{counted(summary.deals, 'deal')}, {counted(summary.nodes, 'position')}, "
        f"{summary.seconds:.1f} s of solving",
        highlight=False,
    )
    if summary.bracket_text is not None:
        console.print(summary.bracket_text, highlight=False)
    if summary.fair_text is not None:
        console.print(summary.fair_text, highlight=False)


def register(group: click.Group) -> None:
    """Add ``survey`` to ``golf``."""
    group.add_command(survey_command)
