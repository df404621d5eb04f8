"""``golf play``: the terminal game (a Textual app), on a numbered, daily or random deal."""

from __future__ import annotations

import os
import random

import click

from golf_solitaire.cli.common import CliError, parse_rules, rules_option, today_utc
from golf_solitaire.deals import DAILY_RANGE, MAX_DEAL_NUMBER, Deal
from golf_solitaire.game import Game
from golf_solitaire.i18n import LANGUAGES, negotiate


def default_language() -> str:
    """The language the terminal's locale asks for (``LC_ALL``, ``LC_MESSAGES``, ``LANG``)."""
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(name)
        if value and value not in ("C", "POSIX"):
            return negotiate(value.split(".")[0])
    return "en"


def choose_deal(number: int | None, daily: bool, rules_name: str) -> Deal:
    """The deal the options name: ``--deal N``, ``--daily``, or a random numbered deal."""
    rules = parse_rules(rules_name)
    if number is not None and daily:
        raise CliError("give --deal N or --daily, not both")
    if number is not None:
        if not 1 <= number <= MAX_DEAL_NUMBER:
            raise CliError(f"--deal: {number} is not a deal number (1 to {MAX_DEAL_NUMBER})")
        return Deal.numbered(number, rules)
    if daily:
        return Deal.daily(today_utc(), rules)
    return Deal.numbered(random.randint(1, DAILY_RANGE), rules)


@click.command("play")
@click.option("--deal", "number", type=int, help="Play deal N (PySolFC's Golf game numbers).")
@click.option("--daily", is_flag=True, help="Play today's daily deal (UTC date).")
@rules_option
@click.option("--lang", "language", help=f"Language: {', '.join(LANGUAGES)} (default: locale).")
def play_command(number: int | None, daily: bool, rules_name: str, language: str | None) -> None:
    """Play Golf Solitaire in the terminal."""
    if language is not None and language not in LANGUAGES:
        raise CliError(f"--lang: unknown language {language!r} (choose {', '.join(LANGUAGES)})")
    deal = choose_deal(number, daily, rules_name)
    from golf_solitaire.tui import GolfApp

    GolfApp(Game(deal), language=language or default_language()).run()


def register(group: click.Group) -> None:
    """Add ``golf play`` to ``golf``."""
    group.add_command(play_command)
