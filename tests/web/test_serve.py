"""`golf serve` (what `make play` runs) says where the game is, or why it cannot serve it."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import httpx2 as httpx

from tests.postgres import free_port

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


def test_serve_says_the_address_and_serves_the_game_there(tmp_path: Path) -> None:
    port = free_port()
    database = f"sqlite:///{tmp_path / 'golf.sqlite3'}"
    server = subprocess.Popen(
        [*GOLF, "serve", "--port", str(port), "--database", database],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        address = f"http://127.0.0.1:{port}/"
        assert first.startswith(f"Golf Solitaire is served at {address}"), first
        assert database in first
        page = httpx.get(address, timeout=10)
        assert page.status_code == 200 and "Golf Solitaire" in page.text
    finally:
        server.kill()
        server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()


def test_a_port_in_use_is_named_instead_of_a_false_address(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run(
            [*GOLF, "serve", "--port", str(port), "--database", f"sqlite:///{tmp_path}/g.db"],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.strip() == (
        f"golf: error: cannot listen on 127.0.0.1:{port}: Address already in use "
        "(is the game already running? choose another --port)"
    )
