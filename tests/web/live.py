"""A real server for tests: ``golf serve`` in a child process on a free port."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx2 as httpx

from tests.postgres import free_port


@contextmanager
def live_server(database_url: str, port: int | None = None) -> Iterator[str]:
    """Run ``golf serve`` until the block ends (killed hard); yields its base URL."""
    port = port or free_port()
    command = [
        sys.executable,
        "-c",
        "from golf_solitaire.cli import main; main()",
        "serve",
        "--port",
        str(port),
        "--database",
        database_url,
    ]
    server = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=dict(os.environ)
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            try:
                if httpx.get(f"{base}/api/meta/languages", timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if server.poll() is not None or time.monotonic() > deadline:
                output = server.stdout.read().decode() if server.stdout else ""
                raise RuntimeError(f"the server did not start: {output}")
            time.sleep(0.05)
        yield base
    finally:
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()
