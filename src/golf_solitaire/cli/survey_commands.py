"""``golf survey``: solve a range of deals on every core, into a resumable CSV file."""

from __future__ import annotations

from pathlib import Path

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from golf_solitaire.cli.common import CliError, parse_rules, rules_option
from golf_solitaire.rules import Rules
from golf_solitaire.solver.solution import Limit
from golf_solitaire.solver.survey import (
    SurveyFileError,
    SurveyRow,
    SurveySummary,
    default_jobs,
    parse_deal_range,
    read_rows,
    summarize,
    survey,
)


@click.command("survey")
@click.option("--deals", "deal_range", required=True, help="Deals to solve: N or FIRST-LAST.")
@rules_option
@click.option("--jobs", type=int, default=None, help="Worker processes (default: every core).")
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="CSV file of results; rerunning skips the deals already in it.",
)
@click.option("--limit-nodes", type=int, default=None, help="Give up on a deal after K positions.")
@click.option("--quick", is_flag=True, help="Only decide clears (no best scores): faster.")
def survey_command(
    deal_range: str,
    rules_name: str,
    jobs: int | None,
    out: Path | None,
    limit_nodes: int | None,
    quick: bool,
) -> None:
    """Solve every deal of a range exactly; print the win rate and the score distribution."""
    rules = parse_rules(rules_name)
    try:
        numbers = parse_deal_range(deal_range)
        limit = Limit(nodes=limit_nodes)
    except ValueError as error:
        raise CliError(str(error)) from None
    if jobs is not None and jobs < 1:
        raise CliError(f"--jobs must be 1 or more, not {jobs}")
    if out is not None:
        _check_out(out, rules, optimal=not quick)
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("solving"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    )
    with progress:
        task = progress.add_task("survey", total=len(numbers))

        def advance(row: SurveyRow) -> None:
            progress.advance(task)

        try:
            rows = survey(
                numbers,
                rules,
                jobs=jobs or default_jobs(),
                out=out,
                optimal=not quick,
                limit=limit,
                on_row=advance,
            )
        except OSError as error:
            raise CliError(f"--out {out}: cannot write it: {error.strerror}") from None
    _report(Console(), summarize(rows), rules.label, quick)


def _check_out(out: Path, rules: Rules, *, optimal: bool) -> None:
    """Refuse an output file that cannot be resumed or written, before any solving starts."""
    if not out.parent.is_dir():
        raise CliError(f"--out {out}: the folder {out.parent} does not exist")
    try:
        read_rows(out, rules, optimal)
    except SurveyFileError as error:
        raise CliError(f"--out {error}") from None


def _report(console: Console, summary: SurveySummary, rules: str, quick: bool) -> None:
    """The win rate line and the score distribution table."""
    console.print(f"rules {rules}: {summary.win_rate_text}", highlight=False)
    title = "scores of the first clear found" if quick else "best scores"
    table = Table(title=title)
    table.add_column("score", justify="right")
    table.add_column("deals", justify="right")
    table.add_column("share", justify="right")
    scored = sum(summary.scores.values())
    for score, count in summary.scores.items():
        table.add_row(str(score), str(count), f"{100 * count / scored:.1f}%")
    console.print(table)
    console.print(
        f"{summary.deals} deals, {summary.nodes} positions, {summary.seconds:.1f} s of solving",
        highlight=False,
    )


def register(group: click.Group) -> None:
    """Add ``survey`` to ``golf``."""
    group.add_command(survey_command)
