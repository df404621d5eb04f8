"""A throwaway PostgreSQL server for tests: started under the ``postgres`` user, on a free port.

Use the ``postgres_url`` fixture (from ``tests/conftest.py``): each test gets a fresh empty
database on a server shared by the test session, removed when the session ends.
"""

from __future__ import annotations

import os
import secrets
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    """A TCP port nobody listens on right now (for servers started by tests)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _as_postgres(*command: str) -> list[str]:
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return list(command)


@contextmanager
def postgres_server() -> Iterator[str]:
    """Run a PostgreSQL server in a temporary folder; yields the URL of its admin database."""
    if not (BIN / "initdb").exists():
        raise RuntimeError(f"PostgreSQL is not installed in {BIN} (run `make system-deps`)")
    root = Path(tempfile.mkdtemp(prefix="golf-pg-"))
    data = root / "data"
    if os.geteuid() == 0:
        shutil.chown(root, "postgres", "postgres")
    port = free_port()
    subprocess.run(
        _as_postgres(str(BIN / "initdb"), "-D", str(data), "-U", "postgres", "-A", "trust"),
        check=True,
        capture_output=True,
    )
    server = subprocess.Popen(
        _as_postgres(
            str(BIN / "postgres"),
            "-D",
            str(data),
            "-p",
            str(port),
            "-k",
            str(root),
            "-c",
            "listen_addresses=127.0.0.1",
            "-c",
            "fsync=off",
        ),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"postgresql://postgres@127.0.0.1:{port}/postgres"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                psycopg.connect(url, connect_timeout=2).close()
                break
            except psycopg.OperationalError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise RuntimeError("the test PostgreSQL server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=30)
        shutil.rmtree(root, ignore_errors=True)


def fresh_database(admin_url: str) -> str:
    """Create an empty database on the server of ``admin_url``; returns its URL."""
    name = "golf_" + secrets.token_hex(6)
    with psycopg.connect(admin_url, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return admin_url.rsplit("/", 1)[0] + "/" + name
