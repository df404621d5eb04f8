"""The server's configuration in one object, read from arguments or the environment."""

from __future__ import annotations

from dataclasses import dataclass

from golf_solitaire.store import database_url


@dataclass(frozen=True, slots=True)
class Settings:
    """Where the server listens and which database it writes to."""

    database_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000

    @property
    def resolved_database_url(self) -> str:
        """The database actually used: given, else ``$GOLF_DATABASE_URL``, else the default."""
        return database_url(self.database_url)

    @property
    def address(self) -> str:
        """The address a browser opens."""
        host = "127.0.0.1" if self.host in ("0.0.0.0", "") else self.host
        return f"http://{host}:{self.port}/"
