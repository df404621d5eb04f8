"""``golf serve``: run the browser game on this machine and say where to open it."""

from __future__ import annotations

import errno
import socket

import click

from golf_solitaire.cli.common import CliError
from golf_solitaire.store import StoreError, open_store


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--database",
    "database",
    default=None,
    metavar="URL",
    help="sqlite:///PATH or postgresql://... (default: $GOLF_DATABASE_URL, else a file in "
    "your data folder).",
)
def serve_command(host: str, port: int, database: str | None) -> None:
    """Serve the browser game (open the address it prints)."""
    import uvicorn

    from golf_solitaire.web import Settings, create_app
    from golf_solitaire.web.protocol import NoDelayHttpTools

    settings = Settings(database_url=database, host=host, port=port)
    url = settings.resolved_database_url
    try:
        open_store(url).close()
    except StoreError as error:
        raise click.ClickException(str(error)) from None
    listening = listen(host, port)
    click.echo(f"Golf Solitaire is served at {settings.address}  (database: {url})")
    click.echo("Press Ctrl+C to stop.")
    config = uvicorn.Config(
        create_app(settings), host=host, port=port, http=NoDelayHttpTools, log_level="warning"
    )
    uvicorn.Server(config).run(sockets=[listening])


def listen(host: str, port: int) -> socket.socket:
    """A socket listening on (host, port), so the address is known to work before it is said."""
    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        listening = socket.socket(family, socket.SOCK_STREAM)
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((host, port))
        listening.listen(2048)
    except socket.gaierror as error:
        raise CliError(
            f"--host {host}: no such address here ({error.strerror}); "
            "give a name or address of this machine, e.g. 127.0.0.1 or 0.0.0.0"
        ) from None
    except OSError as error:
        if error.errno == errno.EADDRNOTAVAIL:
            raise CliError(
                f"--host {host}: not an address of this machine ({error.strerror})"
            ) from None
        raise CliError(
            f"cannot listen on {host}:{port}: {error.strerror} "
            "(is the game already running? choose another --port)"
        ) from None
    return listening


def register(group: click.Group) -> None:
    """Add ``golf serve`` to the ``golf`` group."""
    group.add_command(serve_command)
