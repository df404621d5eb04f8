"""A real multi-process server for tests and benchmarks, and clients that know their worker.

``worker_server`` runs ``uvicorn --factory ... --workers N`` on one database. A
``WorkerClient`` keeps one HTTP connection open and finds, through the operating system's
socket table, which worker process accepted it: so a test can send one player's moves
through one worker and read the live board from the other.
"""

from __future__ import annotations

import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import psutil

from golf_solitaire.web.protocol import HTTP_PROTOCOL
from tests.postgres import free_port

APP_FACTORY = "golf_solitaire.web.app:create_app"


@contextmanager
def worker_server(
    database_url: str, workers: int = 2, rates: str = "off", port: int | None = None
) -> Iterator[tuple[int, list[int]]]:
    """Run the competition app under ``uvicorn --workers``; yields (port, worker pids)."""
    port = port or free_port()
    env = {**os.environ, "GOLF_DATABASE_URL": database_url, "GOLF_COMPETITION_RATES": rates}
    command = [
        sys.executable,
        *("-m", "uvicorn", "--factory", APP_FACTORY, "--host", "127.0.0.1"),
        *("--port", str(port), "--workers", str(workers), "--log-level", "warning"),
        *("--no-access-log", "--http", HTTP_PROTOCOL),
    ]
    server = subprocess.Popen(
        command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True
    )
    try:
        pids = _wait_ready(server, port, workers)
        yield port, pids
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=10)
        if server.stdout:
            server.stdout.close()


def _wait_ready(server: subprocess.Popen[bytes], port: int, workers: int) -> list[int]:
    """Wait until every worker has answered a request; their process ids."""
    deadline = time.monotonic() + 60
    seen: set[int] = set()
    while len(seen) < workers:
        if server.poll() is not None or time.monotonic() > deadline:
            output = server.stdout.read().decode() if server.stdout else ""
            raise RuntimeError(f"the server did not start ({len(seen)} workers up): {output}")
        try:
            client = WorkerClient(port, worker_pids(server.pid))
        except (OSError, LookupError):
            time.sleep(0.1)
            continue
        seen.add(client.worker)
        client.close()
    return sorted(seen)


def worker_pids(server_pid: int) -> list[int]:
    """The process ids of uvicorn's workers: its children, or itself when it has none."""
    children = psutil.Process(server_pid).children(recursive=True)
    return [child.pid for child in children] or [server_pid]


def _owner(pids: list[int], server_port: int, client_port: int) -> int | None:
    for pid in pids:
        try:
            connections = psutil.Process(pid).net_connections(kind="tcp")
        except psutil.Error:
            continue
        for connection in connections:
            if (
                connection.raddr
                and connection.laddr.port == server_port
                and connection.raddr.port == client_port
            ):
                return pid
    return None


class WorkerClient:
    """One kept-alive connection to the server, and the worker process that serves it."""

    def __init__(self, port: int, pids: list[int]) -> None:
        self.port = port
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.connection.connect()
        self.local_port = int(self.connection.sock.getsockname()[1])
        status, _ = self.call("GET", "/api/competition-texts/en")
        if status != 200:
            raise LookupError(f"the server answered {status}")
        owner = _owner(pids, port, self.local_port)
        if owner is None:
            raise LookupError("no worker holds this connection")
        self.worker = owner

    def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str | None = None
    ) -> tuple[int, Any]:
        """Send one request on this connection; (status, decoded JSON body)."""
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Golf-Token"] = token
        payload = None if body is None else json.dumps(body)
        self.connection.request(method, path, body=payload, headers=headers)
        reply = self.connection.getresponse()
        data = reply.read()
        sock = self.connection.sock
        if sock is None or int(sock.getsockname()[1]) != self.local_port:
            raise RuntimeError("the connection was reopened: its worker may have changed")
        return reply.status, json.loads(data) if data else None

    def stream(self, path: str) -> http.client.HTTPResponse:
        """Open a server-sent event stream on this connection (read it with ``events``)."""
        self.connection.request("GET", path, headers={"Accept": "text/event-stream"})
        return self.connection.getresponse()

    def close(self) -> None:
        """Close the connection."""
        self.connection.close()


def events(reply: http.client.HTTPResponse) -> Iterator[dict[str, Any]]:
    """The boards sent on an event stream, as they come."""
    data: list[str] = []
    while True:
        line = reply.readline()
        if not line:
            return
        text = line.decode("utf-8").rstrip("\r\n")
        if text.startswith("data:"):
            data.append(text[5:].strip())
        elif not text and data:
            yield json.loads("\n".join(data))
            data = []


def spread_clients(port: int, pids: list[int], per_worker: int) -> list[WorkerClient]:
    """``per_worker`` connections on each worker (more are opened and closed to get there)."""
    kept: dict[int, list[WorkerClient]] = {pid: [] for pid in pids}
    for _ in range(per_worker * len(pids) * 20):
        client = WorkerClient(port, pids)
        if len(kept[client.worker]) < per_worker:
            kept[client.worker].append(client)
        else:
            client.close()
        if all(len(group) == per_worker for group in kept.values()):
            return [client for group in zip(*kept.values(), strict=True) for client in group]
    raise RuntimeError(f"could not reach every worker: {[len(g) for g in kept.values()]}")
