"""The ``golf`` command: one Click group; each module of this package adds its commands.

Errors are printed to stderr as one line with a non-zero exit, never as a traceback; so is
a failure to write standard output (a full disk, a closed pipe).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from typing import Any

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


class StdoutError(OSError):
    """Standard output could not be written (told apart from the files a command writes)."""


class _StdoutFile(io.FileIO):
    """Standard output's file descriptor, raising ``StdoutError`` when a write fails."""

    def write(self, data: Any) -> int:
        """Write as ``FileIO`` does; a failure is a ``StdoutError``."""
        try:
            return super().write(data)
        except OSError as error:
            raise StdoutError(error.errno, error.strerror) from None


PLAIN_ERRORS = "golf-plain"
"""The encoding error handler that writes a card's suit as its letter (Latin-1 terminals)."""
_PLAIN = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "★": "JK"}  # the card texts' own letters
_PLAIN.update({"→": "->", "←": "<-", "…": "...", "–": "-", "—": "-", "’": "'", "œ": "oe"})


def _plain(error: UnicodeError) -> tuple[str, int]:
    """Replace what the terminal cannot show: suits by their letters, anything else by ?."""
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(_PLAIN.get(char, "?") for char in bad), error.end


codecs.register_error(PLAIN_ERRORS, _plain)


def _errors(stream: io.TextIOWrapper, default: str) -> str | None:
    """``stream``'s error handler, or ours where Python's ``default`` is in place: a terminal
    whose encoding has no suit symbols then reads ``10H``, not an error or ``10\\u2665``."""
    return PLAIN_ERRORS if stream.errors == default else stream.errors


def _checked_stdout() -> None:
    """Make ``sys.stdout`` raise ``StdoutError`` on a failed write, keeping its encoding and
    buffering; a stdout that is not a file descriptor (a test's capture) is left alone."""
    stream = sys.stdout
    if not isinstance(stream, io.TextIOWrapper):
        return
    try:
        descriptor = stream.fileno()
        stream.flush()
    except (OSError, ValueError):
        return
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_StdoutFile(descriptor, "w", closefd=False)),
        encoding=stream.encoding,
        errors=_errors(stream, "strict"),
        line_buffering=stream.line_buffering,
        write_through=stream.write_through,
    )


def _drop_stdout() -> None:
    """Send what is left for standard output to /dev/null, so exiting does not try again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


NEGATIVE = re.compile(r"-[0-9]+")
"""A negative number, which click takes for an unknown option."""


def usage_text(error: click.UsageError) -> str:
    """A usage error in words; ``golf deal -1`` names the bad deal number, not an option."""
    if isinstance(error, click.NoSuchOption) and NEGATIVE.fullmatch(error.option_name):
        return f"{error.option_name!r} is not a deal number (1 to 10**20)"
    return error.format_message()


def main() -> None:
    """Run ``golf``; turn our errors into a one-line message and exit status 2."""
    _checked_stdout()
    if isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(errors=_errors(sys.stderr, "backslashreplace"))
    try:
        golf.main(standalone_mode=False)
        if sys.stdout is not None:  # None when the command was started with stdout closed
            sys.stdout.flush()
    except StdoutError as error:
        _drop_stdout()
        click.echo(f"golf: error: could not write to standard output: {error.strerror}", err=True)
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("aborted", err=True)
        sys.exit(130)
    except click.exceptions.NoArgsIsHelpError as error:
        error.show()  # `golf` alone: the help itself
        sys.exit(error.exit_code)
    except click.UsageError as error:
        command = error.ctx.command_path if error.ctx is not None else "golf"
        click.echo(f"golf: error: {usage_text(error)} (see {command} --help)", err=True)
        sys.exit(2)
    except click.ClickException as error:
        click.echo(f"golf: error: {error.format_message()}", err=True)
        sys.exit(2)
    except (CliError, ValueError, OSError) as error:
        click.echo(f"golf: error: {error}", err=True)
        sys.exit(2)
