"""``golf deal``, ``golf rules`` and ``golf replay``: look at deals, presets and records."""

from __future__ import annotations

import textwrap

import click

from golf_solitaire.cli.common import (
    DAILY_NOT_FILTERED,
    DEAL_NUMBER,
    CliError,
    chosen_language,
    counted,
    dump_json,
    language_option,
    parse_rules,
    pretty_board,
    read_record,
    rules_option,
    today_utc,
)
from golf_solitaire.deals import Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import translate
from golf_solitaire.rules import PRESETS, WINNABLE_ONLY


@click.command("deal")
@click.argument("number", type=DEAL_NUMBER, required=False)
@click.option(
    "--daily",
    is_flag=True,
    help=(
        "The casual daily deal (public, not the ranked daily board's): today's (UTC date), "
        "or with --date that day's."
    ),
)
@click.option(
    "--date",
    "date_text",
    metavar="YYYY-MM-DD",
    help="The day of the daily deal (--daily may be given too).",
)
@rules_option
@click.option(
    "--format",
    "output_format",
    type=click.Choice(["pretty", "board", "json"]),
    default="pretty",
    show_default=True,
    help="pretty: columns in suit symbols; board: black-hole-solver text; json: a record.",
)
def deal_command(
    number: int | None, daily: bool, date_text: str | None, rules_name: str, output_format: str
) -> None:
    """Show deal NUMBER (PySolFC's Golf game numbers), or the daily deal."""
    rules = parse_rules(rules_name)
    if number is not None and (daily or date_text is not None):
        raise CliError(f"give a deal NUMBER or {'--daily' if daily else '--date'}, not both")
    if number is None and not (daily or date_text is not None):
        raise CliError("give a deal NUMBER, or --daily, or --date YYYY-MM-DD")
    if number is not None:
        deal = Deal.numbered(number, rules)
        title = f"Deal {deal.number}"
    else:
        if rules.winnable_only:
            raise CliError(DAILY_NOT_FILTERED)
        day = today_utc().isoformat() if date_text is None else date_text
        try:
            deal = Deal.daily(day, rules)
        except ValueError as error:
            raise CliError(f"--date: {error}") from None
        title = f"Daily deal {day} (deal {deal.number})"
    game = Game(deal)
    if output_format == "board":
        click.echo(deal.to_text(), nl=False)
    elif output_format == "json":
        click.echo(dump_json(game.record()))
    else:
        click.echo(f"{title} - {rules.label}")
        click.echo(pretty_board(game))


@click.command("rules")
@language_option
def rules_command(language: str | None) -> None:
    """List the rules presets, their aliases and what they change, then the modifier."""
    language = chosen_language(language)
    for preset in PRESETS.values():
        key = f"preset.{preset.name}"
        click.echo(f"{preset.name}: {translate(language, f'{key}.title')}")
        click.echo(indented(translate(language, f"{key}.summary")))
        aliases = ", ".join(preset.aliases)
        click.echo(indented(translate(language, "rules_list.aliases", names=aliases)))
        click.echo(indented(translate(language, f"{key}.elsewhere")))
    click.echo(f"+{WINNABLE_ONLY}")
    example = f"--rules strict+{WINNABLE_ONLY}"
    click.echo(indented(translate(language, "rules_list.modifier", example=example)))
    click.echo(indented(translate(language, "rules_list.never")))


def indented(text: str, width: int = 88) -> str:
    """``text`` wrapped to ``width`` columns, every line indented under its heading."""
    return textwrap.fill(text, width, initial_indent="    ", subsequent_indent="    ")


@click.command("replay")
@click.argument("record")
@click.option("--format", "output_format", type=click.Choice(["pretty", "json"]), default="pretty")
def replay_command(record: str, output_format: str) -> None:
    """Replay the game record in file RECORD (- for stdin): final board and score."""
    game = read_record(record)
    if output_format == "json":
        click.echo(dump_json(game.observation().to_dict()))
        return
    click.echo(pretty_board(game))
    outcome = game.outcome
    moves = counted(game.move_count, "move")
    if outcome is None:
        click.echo(f"in progress after {moves}: {counted(game.score, 'stroke')} so far")
    else:
        click.echo(
            f"{outcome.termination.value} after {moves}: {counted(outcome.strokes, 'stroke')}"
        )


def register(group: click.Group) -> None:
    """Add this module's commands to ``golf``."""
    group.add_command(deal_command)
    group.add_command(rules_command)
    group.add_command(replay_command)
