"""`golf serve` (what `make play` runs) says where the game is, or why it cannot serve it."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx2 as httpx
import pytest

from tests.postgres import free_port

GOLF = [sys.executable, "-c", "from golf_solitaire.cli import main; main()"]


@contextmanager
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str, str]]:
    """`golf serve` on a free port and a fresh database: the process, its first line and
    the address; killed at the end if still running."""
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
        yield server, server.stdout.readline(), f"http://127.0.0.1:{port}/"
    finally:
        if server.poll() is None:
            server.kill()
            server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()


def test_serve_says_the_address_and_serves_the_game_there(tmp_path: Path) -> None:
    with served(tmp_path) as (_, first, address):
        assert first.startswith(f"Golf Solitaire is served at {address}"), first
        assert str(tmp_path / "golf.sqlite3") in first
        page = httpx.get(address, timeout=10)
        assert page.status_code == 200 and "Golf Solitaire" in page.text


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


@pytest.mark.parametrize(
    ("host", "fragment"),
    [
        ("no.such.host.invalid", "--host no.such.host.invalid: no such address here"),
        ("192.0.2.7", "--host 192.0.2.7: not an address of this machine"),
    ],
)
def test_a_host_that_is_not_here_is_named_not_the_port(
    tmp_path: Path, host: str, fragment: str
) -> None:
    done = subprocess.run(
        [*GOLF, "serve", "--host", host, "--database", f"sqlite:///{tmp_path}/g.db"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert fragment in done.stderr and "--port" not in done.stderr, done.stderr


def test_ctrl_c_stops_the_server_without_waiting_for_a_deal_found_ahead(tmp_path: Path) -> None:
    """After a Black Hole game of a level starts, the server looks for the next such deal
    (each takes seconds to rate, up to 20 s in all); Ctrl+C must not wait for that search.

    Deal 6 is the first hard one, so the game opens after rating it alone (about a second),
    not after rating deals 1 to 6 against the games' 20 s wall-clock budget, which a busy
    machine can overrun; the search ahead, deals 7 to 18, takes about 18 s."""
    with served(tmp_path) as (server, first, address):
        assert first.startswith("Golf Solitaire is served at")
        token = httpx.post(f"{address}api/players", json={}, timeout=10).json()["token"]
        game = httpx.post(
            f"{address}api/games",
            json={"deal": 6, "rules": "black-hole", "level": "hard"},
            headers={"X-Golf-Token": token},
            timeout=60,
        )
        assert game.status_code == 201, game.text
        assert game.json()["deal"] == 6, game.text
        server.send_signal(signal.SIGINT)
        # The search ahead (deals 7 on) would take well over 10 s; the server is gone before.
        assert server.wait(timeout=10) in (0, 130)  # 130: ended by SIGINT
