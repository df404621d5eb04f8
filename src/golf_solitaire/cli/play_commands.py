"""``golf play``: the terminal game (a Textual app), on a numbered, daily or random deal.

Games are kept in the same store as the browser game's (``GOLF_DATABASE_URL`` or the
default SQLite file), so ``golf play --resume`` goes on with the last unfinished game;
``--casual`` plays without score, clock, statistics or store.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import click

from golf_solitaire.cli.common import (
    DAILY_NOT_FILTERED,
    DEAL_NUMBER,
    CliError,
    chosen_language,
    language_option,
    parse_rules,
    rules_option,
    today_utc,
)
from golf_solitaire.deals import DAILY_RANGE, MAX_DEAL_NUMBER, Deal, daily_number
from golf_solitaire.game import Game
from golf_solitaire.rounds import LAST_ROUND_START, Round
from golf_solitaire.rules import Rules
from golf_solitaire.solver.difficulty import CLEARABLE_LEVELS

if TYPE_CHECKING:
    from golf_solitaire.tui.saving import RoundPlay, Saver


def first_deal_number(number: int | None, daily: bool) -> int:
    """The deal number the options name: ``--deal N``, ``--daily``, or a random one."""
    if number is not None and daily:
        raise CliError("give --deal N or --daily, not both")
    if number is not None:
        if not 1 <= number <= MAX_DEAL_NUMBER:
            raise CliError(f"--deal: {number} is not a deal number (1 to {MAX_DEAL_NUMBER})")
        return number
    if daily:
        return daily_number(today_utc())
    return random.randint(1, DAILY_RANGE)


def play_rules(rules_name: str, winnable: bool) -> Rules:
    """The ``--rules`` preset, with winnable deals only if ``--winnable`` asks for them."""
    rules = parse_rules(rules_name)
    return rules.with_options(winnable_only=True) if winnable else rules


def choose_deal(number: int | None, daily: bool, rules: Rules) -> Deal:
    """The deal the options name, by ``rules``."""
    if daily and number is None:
        return Deal.daily(today_utc(), rules)
    return Deal.numbered(first_deal_number(number, daily), rules)


def first_deal(
    number: int | None, daily: bool, rules: Rules, level: str | None, language: str
) -> Deal:
    """The deal the game opens with: the one the options name or, with ``--level``, the first
    from that number (or a random one) on that the solver rates at that level."""
    if level is None:
        return choose_deal(number, daily, rules)
    from golf_solitaire.service import Analyst
    from golf_solitaire.tui.texts import tr

    click.echo(tr(language, f"deal.finding_{level}"), err=True)
    try:
        return Analyst.installed().deal_of_level(first_deal_number(number, daily), rules, level)
    except ValueError as error:
        raise CliError(str(error)) from None


def open_saver() -> Saver:
    """The store (same as the browser game's) and this terminal's player in it."""
    from golf_solitaire.store import StoreError, open_store
    from golf_solitaire.tui.saving import Saver, terminal_player

    try:
        store = open_store()
        return Saver(store, terminal_player(store))
    except (StoreError, ValueError, OSError) as error:
        raise CliError(f"cannot open the game store: {error}") from None


@click.command("play")
@click.option(
    "--deal", "number", type=DEAL_NUMBER, help="Play deal N (PySolFC's Golf game numbers)."
)
@click.option(
    "--daily", is_flag=True, help="Play today's casual daily deal (UTC date; public, unranked)."
)
@rules_option
@click.option(
    "--round",
    "holes",
    type=click.Choice(["9", "18"]),
    help="Play a round of 9 or 18 holes (deals in a row from the first).",
)
@click.option(
    "--winnable",
    is_flag=True,
    help="Winnable deals only: each deal is the first from its number on that the solver "
    "can clear.",
)
@click.option(
    "--level",
    type=click.Choice(CLEARABLE_LEVELS),
    help="Deals the solver rates at this level only: each new deal is the first from its "
    "number on that rates so.",
)
@click.option("--resume", is_flag=True, help="Go on with the last unfinished game.")
@click.option(
    "--casual", is_flag=True, help="Just play: no score, no clock, no statistics, nothing saved."
)
@language_option
def play_command(
    number: int | None,
    daily: bool,
    rules_name: str,
    holes: str | None,
    winnable: bool,
    level: str | None,
    resume: bool,
    casual: bool,
    language: str | None,
) -> None:
    """Play Golf Solitaire in the terminal."""
    from golf_solitaire.tui import GolfApp
    from golf_solitaire.tui.saving import RoundPlay

    language = chosen_language(language)
    if resume and (number is not None or daily or holes or winnable):
        raise CliError(
            "--resume goes on with the saved game: give no --deal, --daily, --round or --winnable"
        )
    if daily and winnable:
        raise CliError("--daily is the same deal for everyone: give no --winnable with it")
    if daily and parse_rules(rules_name).winnable_only:
        raise CliError(f"--daily: {DAILY_NOT_FILTERED}")
    if holes is not None and number is not None and number > LAST_ROUND_START:
        raise CliError(
            f"--deal: a round starts at deal {LAST_ROUND_START} at the latest, so that its "
            f"holes are deals too, not at {number}"
        )
    if level is not None and (daily or holes or resume):
        raise CliError(
            "--level picks each new deal by its rating: give no --daily, --round or --resume "
            "with it"
        )
    if casual and (resume or holes):
        raise CliError("--casual keeps no score and saves nothing: give no --resume or --round")
    if casual:
        game = Game(first_deal(number, daily, play_rules(rules_name, winnable), level, language))
        GolfApp(game, language=language, casual=True, level=level).run()
        return
    saver = open_saver()
    round_play: RoundPlay | None = None
    elapsed = 0.0
    if resume:
        found = saver.resume()
        if found is None:
            raise CliError("no unfinished game to resume: start one with `golf play`")
        game, round_play, elapsed = found.game, found.round_play, found.elapsed
    elif holes is not None:
        rules = play_rules(rules_name, winnable)
        round_play = RoundPlay(
            Round(holes=int(holes)), first_deal=first_deal_number(number, daily), rules=rules
        )
        game = Game(round_play.deal(1))
    else:
        game = Game(first_deal(number, daily, play_rules(rules_name, winnable), level, language))
    app = GolfApp(
        game,
        language=language,
        saver=saver,
        round_play=round_play,
        elapsed=elapsed,
        level=level,
    )
    try:
        app.run()
    finally:
        saver.close()


def register(group: click.Group) -> None:
    """Add ``golf play`` to ``golf``."""
    group.add_command(play_command)
