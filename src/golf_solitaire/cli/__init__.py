"""The ``golf`` command: one Click group; each module of this package adds its commands.

Errors are printed to stderr as one line with a non-zero exit, never as a traceback.
"""

from __future__ import annotations

import sys

import click

from golf_solitaire.cli import (
    deal_commands,
    play_commands,
    serve_commands,
    solve_commands,
    survey_commands,
)
from golf_solitaire.cli.common import CliError


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="golf-solitaire")
def golf() -> None:
    """Golf Solitaire: deals, rules, records, and the games."""


deal_commands.register(golf)
solve_commands.register(golf)
serve_commands.register(golf)
play_commands.register(golf)
survey_commands.register(golf)


def main() -> None:
    """Run ``golf``; turn our errors into a one-line message and exit status 2."""
    try:
        golf.main(standalone_mode=False)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.exceptions.NoArgsIsHelpError as error:
        error.show()  # `golf` alone: the help itself
        sys.exit(error.exit_code)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx is not None else "golf"
        click.echo(f"golf: error: {error.format_message()} (see {command} --help)", err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(f"golf: error: {error.format_message()}", err=True)
        sys.exit(2)
    except (CliError, ValueError, OSError) as error:
        click.echo(f"golf: error: {error}", err=True)
        sys.exit(2)
