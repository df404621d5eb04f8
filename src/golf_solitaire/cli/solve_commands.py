"""``golf solve``, ``golf hint``, ``golf review`` and ``golf survey``: the solver's commands."""

from __future__ import annotations

from dataclasses import asdict

import click

from golf_solitaire.cli.common import (
    DEAL_NUMBER,
    LINE_NOTE,
    POSITIONS,
    SECONDS,
    CliError,
    column_words,
    counted,
    dump_json,
    move_words,
    parse_rules,
    read_record,
    rules_option,
)
from golf_solitaire.deals import Deal
from golf_solitaire.solver import (
    Limit,
    LimitReached,
    PartialReview,
    Review,
    Solution,
    first_rated,
    hint,
    rate,
    review,
    review_within,
    solve,
)
from golf_solitaire.solver.difficulty import CLEARABLE_LEVELS
from golf_solitaire.solver.hints import BLENDED_BUDGETS, DEFAULT_BUDGET, RICH_BUDGETS


def _limit(nodes: int | None, seconds: float | None) -> Limit:
    try:
        return Limit(nodes=nodes, seconds=seconds)
    except ValueError as error:
        raise CliError(str(error)) from None


@click.command("solve")
@click.argument("number", type=DEAL_NUMBER)
@rules_option
@click.option("--optimal", is_flag=True, help="Find the best score, not just a clear.")
@click.option("--line", "show_line", is_flag=True, help="Print the moves of the line found.")
@click.option("--limit-nodes", type=POSITIONS, default=None, help="Give up after K positions.")
@click.option("--limit-seconds", type=SECONDS, default=None, help="Give up after S seconds.")
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
def solve_command(
    number: int,
    rules_name: str,
    optimal: bool,
    show_line: bool,
    limit_nodes: int | None,
    limit_seconds: float | None,
    as_json: bool,
) -> None:
    """Solve deal NUMBER exactly: can it be cleared, and (with --optimal) its best score."""
    rules = parse_rules(rules_name)
    limit = _limit(limit_nodes, limit_seconds)
    deal = Deal.numbered(number, rules)
    solution = solve(deal, optimal=optimal, limit=limit)
    if as_json:
        click.echo(
            dump_json(
                {
                    "deal": deal.number,
                    "rules": rules.label,
                    "status": solution.status,
                    "best_score": solution.best_score,
                    "proved_optimal": solution.optimal,
                    "asked_optimal": optimal,
                    "optimal": solution.optimal,
                    "line": [str(move) for move in solution.line],
                    "nodes": solution.nodes,
                    "seconds": round(solution.seconds, 4),
                    "found_score": solution.found,
                    "found_line": [str(move) for move in solution.found_line],
                    "floor": solution.floor,
                }
            )
        )
        return
    words = {
        "solved": "can be cleared",
        "unsolvable": "cannot be cleared",
        "intractable": "not decided: the limit ran out",
    }
    click.echo(f"deal {deal.number} ({rules.label}): {words[solution.status]}")
    if solution.best_score is not None:
        kind = "best score" if solution.optimal else "score of the line found"
        click.echo(f"{kind}: {solution.best_score}")
    if solution.floor is not None:
        click.echo(_bracket_text(solution))
    click.echo(f"{counted(solution.nodes, 'position')} searched in {solution.seconds:.3f} s")
    if show_line:
        click.echo(_line_text(solution))


def _bracket_text(solution: Solution) -> str:
    """Where an optimal search stopped by its limit left the best score."""
    ruled_out = f"no line scores below {solution.floor}"
    if solution.found is None:
        return f"best score not proved: {ruled_out}"
    cleared = " (it clears the tableau)" if solution.found <= 0 else ""
    return (
        f"best score not proved: the best line found scores {solution.found}{cleared}, "
        f"and {ruled_out}"
    )


def _line_text(solution: Solution) -> str:
    """The ``--line`` output: the moves in record notation, or why there are none."""
    if solution.line:
        return f"line ({LINE_NOTE}): " + " ".join(str(move) for move in solution.line)
    if solution.found_line:
        moves = " ".join(str(move) for move in solution.found_line)
        return f"best line found, to {solution.found} ({LINE_NOTE}): {moves}"
    if solution.status == "intractable":
        return "line: none, the limit ran out first"
    if solution.status == "unsolvable" and not solution.optimal:
        return "line: none clears the tableau (--optimal gives the line to the best score)"
    return "line: none, the hand is already over"


@click.command("hint")
@click.argument("record")
@click.option("--peek", is_flag=True, help="Use the true stock order (not fair play).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the stock orders.")
@click.option(
    "--budget",
    type=POSITIONS,
    default=None,
    help=(
        f"Search positions the hint may spend [default: {DEFAULT_BUDGET:,}; "
        f"{BLENDED_BUDGETS[0]:,} for strict, whose hints also play stock-blind hands out; "
        f"{RICH_BUDGETS[0]:,} for putt-putt or jokers; as in the games: about 0.2 s]."
    ),
)
@click.option("--json", "as_json", is_flag=True, help="Print the hint as JSON.")
def hint_command(record: str, peek: bool, seed: int, budget: int | None, as_json: bool) -> None:
    """Suggest the next move of the game in file RECORD (- for stdin), with the reason."""
    game = read_record(record)
    if peek and game.competitive:
        raise CliError("--peek is not allowed in a competitive game: the stock order is hidden")
    advice = hint(game, peek=peek, seed=seed, budget=budget)
    if as_json:
        click.echo(
            dump_json(
                {
                    "move": None if advice.move is None else str(advice.move),
                    "reason": advice.reason,
                    "code": advice.code,
                    "params": advice.params,
                    "move_code": advice.move_code,
                    "move_params": advice.move_params,
                    "clear_chance": advice.clear_chance,
                    "expected_strokes": advice.expected_strokes,
                    "samples": advice.samples,
                    "peek": advice.peek,
                    "nodes": advice.nodes,
                }
            )
        )
        return
    if advice.move is not None:
        click.echo(f"move: {move_words(advice.move)}")
    click.echo(advice.reason)


@click.command("review")
@click.argument("record")
@click.option("--limit-nodes", type=POSITIONS, default=None, help="Give up after K positions.")
@click.option("--json", "as_json", is_flag=True, help="Print the review as JSON.")
def review_command(record: str, limit_nodes: int | None, as_json: bool) -> None:
    """Judge every move of the game in file RECORD (- for stdin) and name the first mistake;
    when --limit-nodes stops the best scores, say what was proved of a clear instead."""
    game = read_record(record)
    verdict: Review | PartialReview
    try:
        if limit_nodes is None:
            verdict = review(game)
        else:
            verdict = review_within(game, limit=_limit(limit_nodes, None))
    except ValueError as error:  # a competitive hand not yet over: its stock order is hidden
        raise CliError(str(error)) from None
    if as_json:
        click.echo(dump_json(verdict.to_dict()))
        return
    if isinstance(verdict, PartialReview):
        _echo_partial(verdict)
        return
    if verdict.entries:
        click.echo(" no. column card  clearable  best score")
    for entry in verdict.entries:
        mark = "  <- mistake" if entry.is_mistake else ""
        clearable = "yes" if entry.clearable_after else "no"
        column = column_words(entry.move).removeprefix("column ")
        click.echo(
            f"{entry.number:>4} {column:>6} {entry.card:>4}  {clearable:>9}  "
            f"{entry.best_score_before:>4} -> {entry.best_score_after}{mark}"
        )
    click.echo(verdict.summary)
    if verdict.best_line_from_mistake:
        line = " ".join(str(move) for move in verdict.best_line_from_mistake)
        start = f" from before move {verdict.first_mistake.number}" if verdict.first_mistake else ""
        click.echo(f"best line{start} ({LINE_NOTE}): {line}")


def _echo_partial(verdict: PartialReview) -> None:
    """A review whose best scores the limit stopped: whether a clear was in reach after each
    move ("?" where not settled), the move that lost it, and that the scores are unproved."""
    if verdict.entries:
        click.echo(" no. column card  clearable")
    for entry in verdict.entries:
        mark = "  <- lost the clear" if entry.lost_the_clear else ""
        after = entry.clearable_after
        clearable = "?" if after is None else "yes" if after else "no"
        column = column_words(entry.move).removeprefix("column ")
        click.echo(f"{entry.number:>4} {column:>6} {entry.card:>4}  {clearable:>9}{mark}")
    click.echo(verdict.summary)
    click.echo(f"the best score after each move was not proved within {verdict.nodes:,} positions")


@click.command("rate")
@click.argument("number", type=DEAL_NUMBER)
@rules_option
@click.option(
    "--find",
    "level",
    type=click.Choice(CLEARABLE_LEVELS),
    default=None,
    help="Rate deals from NUMBER on and show the first of this level.",
)
@click.option("--limit-nodes", type=POSITIONS, default=None, help="Give up after K positions.")
@click.option("--json", "as_json", is_flag=True, help="Print the rating as JSON.")
def rate_command(
    number: int, rules_name: str, level: str | None, limit_nodes: int | None, as_json: bool
) -> None:
    """Rate deal NUMBER: easy, medium, hard or unwinnable, and the figures behind it."""
    rules = parse_rules(rules_name)
    if level is not None:
        if limit_nodes is not None:
            raise CliError("rate: --find rates every deal in full; it takes no --limit-nodes")
        try:
            deal, rating = first_rated(number, rules, level)
        except ValueError as error:
            raise CliError(f"rate: {error}") from None
    else:
        deal = Deal.numbered(number, rules)
        try:
            rating = rate(deal, limit=_limit(limit_nodes, None))
        except LimitReached:
            raise CliError("rate: the search limit ran out before the deal was rated") from None
    if as_json:
        figures = asdict(rating) | {"line": [str(move) for move in rating.line]}
        click.echo(dump_json({"deal": deal.number, "rules": rules.label, **figures}))
        return
    found = f", the first from deal {number}" if level is not None else ""
    click.echo(f"deal {deal.number} ({rules.label}): {rating.level}{found}")
    if rating.level == "unwinnable":
        click.echo(f"no line clears the tableau; the best score is {rating.best_score}")
        return
    if not deal.layout.has_stock:
        best = f"the best clear scores {rating.best_score}"
    elif rating.stock_kept == 0:
        best = f"the best clear keeps no stock cards (score {rating.best_score})"
    else:
        kept = counted(rating.stock_kept, "stock card")
        best = f"the best clear keeps {kept} (score {rating.best_score})"
    click.echo(
        f"{best}; along it, {rating.narrow} of {rating.choices} choices have one move alone "
        "that keeps the clear"
    )


def register(group: click.Group) -> None:
    """Add the solver's commands to ``golf``."""
    group.add_command(solve_command)
    group.add_command(rate_command)
    group.add_command(hint_command)
    group.add_command(review_command)
