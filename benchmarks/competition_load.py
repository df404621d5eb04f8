"""Competition load: many players in one competition on a real server and real PostgreSQL.

The server is the game's app under ``uvicorn --workers N`` (a child process); the database
is a throwaway PostgreSQL server started here (or ``--database-url``). Players join over a
ramp and play their holes concurrently, one keep-alive connection each; between two moves a
player thinks for a random time around ``--think`` seconds (0: no pause, the saturation
test). A separate process watches the live board (server-sent events). Per run it prints
the move latency (p50/p95/p99, from sending a move to its full reply), the delay from a
hole's last move being sent until the live board shows that score (median, max), and the
throughput reached; then the medians over the runs. Rate limits are off: every player
comes from this one address.

    python benchmarks/competition_load.py                    # 500 players, think 3 s, 3 runs
    python benchmarks/competition_load.py --think 1          # a faster crowd
    python benchmarks/competition_load.py --think 0 --runs 1 # saturation: no pause at all
    python benchmarks/competition_load.py --control          # the same, to a no-op route
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.competitions.workers import events, worker_server
from tests.postgres import fresh_database, postgres_server

MOVE_TARGET_MS = 20.0
CONTROL_REQUESTS = 35
"""With ``--control``, each player sends this many requests to a route that does nothing."""
BOARD_TARGET_S = 1.0


class Connection:
    """One kept-alive HTTP/1.1 connection (a minimal client: JSON in, JSON out)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    @classmethod
    async def open(cls, port: int) -> Connection:
        connection = cls(port)
        await connection.connect()
        return connection

    async def connect(self) -> None:
        self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)

    async def call(
        self, method: str, path: str, body: dict[str, Any] | None = None, token: str = ""
    ) -> tuple[int, Any]:
        """Send one request; (status, decoded JSON reply)."""
        payload = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(payload)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if token:
            head.append(f"X-Golf-Token: {token}")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + payload
        assert self.reader is not None and self.writer is not None
        self.writer.write(request)
        status_line = await self.reader.readline()
        if not status_line:
            # The server closed a connection left idle (keep-alive timeout): as a browser
            # does, open a new one and send again.
            self.close()
            await self.connect()
            assert self.reader is not None and self.writer is not None
            self.writer.write(request)
            status_line = await self.reader.readline()
        status = int(status_line.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.strip().lower() == "content-length":
                length = int(value)
        data = await self.reader.readexactly(length)
        return status, json.loads(data) if data else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


@dataclass
class Tally:
    """What the players saw: latencies (seconds) and when each hole's last move was sent."""

    moves: list[float] = field(default_factory=list)
    starts: list[float] = field(default_factory=list)
    joins: list[float] = field(default_factory=list)
    finishes: list[tuple[str, int, float]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    first_move: float = 0.0
    last_move: float = 0.0


async def timed(tally: list[float], connection: Connection, *request: Any) -> Any:
    start = time.perf_counter()
    status, reply = await connection.call(*request)
    tally.append(time.perf_counter() - start)
    if status >= 400:
        raise RuntimeError(f"{request[0]} {request[1]}: {status} {reply}")
    return reply


async def player(
    port: int, code: str, number: int, arguments: argparse.Namespace, tally: Tally
) -> None:
    """Join after a random wait within the ramp, then play every hole, thinking between."""
    chance = random.Random(number)
    await asyncio.sleep(chance.uniform(0, arguments.ramp))
    connection = await Connection.open(port)
    name = f"Player {number}"
    try:
        joined = await timed(
            tally.joins, connection, "POST", f"/api/competitions/{code}/players", {"name": name}
        )
        token = joined["token"]
        for _ in range(CONTROL_REQUESTS if arguments.control else 0):
            await asyncio.sleep(chance.uniform(0.5, 1.5) * arguments.think)
            tally.first_move = tally.first_move or time.perf_counter()
            await timed(tally.moves, connection, "GET", "/api/meta/languages")
            tally.last_move = time.perf_counter()
        for hole in range(1, 0 if arguments.control else arguments.play + 1):
            state = await timed(
                tally.starts, connection, "POST", f"/api/competitions/{code}/play", None, token
            )
            view = state["game"]
            while not view["finished"]:
                if arguments.think > 0:
                    await asyncio.sleep(chance.uniform(0.5, 1.5) * arguments.think)
                legal = view["table"]["legal_moves"]
                plays = [move for move in legal if move != "d"]
                move = chance.choice(plays) if plays else "d"
                sent = time.perf_counter()
                tally.first_move = tally.first_move or sent
                view = await timed(
                    tally.moves,
                    connection,
                    "POST",
                    f"/api/competition-games/{view['game_id']}/moves",
                    {"move": move, "index": view["index"]},
                    token,
                )
                tally.last_move = time.perf_counter()
            tally.finishes.append((name, hole, sent))
    except Exception as error:
        tally.errors.append(f"{name}: {error}")
    finally:
        connection.close()


def watch_board(port: int, code: str, seen: Any, ready: Any) -> None:
    """In a process of its own: read the live board, note when each line changes."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=600)
    connection.request("GET", f"/api/competitions/{code}/events")
    reply = connection.getresponse()
    ready.set()
    holes: dict[str, int] = {}
    for board in events(reply):
        now = time.perf_counter()
        for line in board["standings"]:
            if line["holes_played"] > holes.get(line["name"], 0):
                holes[line["name"]] = line["holes_played"]
                seen.put((line["name"], line["holes_played"], now))
        if board["phase"] == "finished":
            seen.put(None)
            return


def percentile(values: list[float], share: float) -> float:
    if not values:
        return math.nan
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextlib.contextmanager
def database(url: str | None) -> Iterator[str]:
    """The database to load: the one given, or a fresh one on a throwaway server."""
    if url:
        yield url
        return
    with postgres_server() as admin:
        yield fresh_database(admin)


def database_processes(url: str) -> list[psutil.Process]:
    """The PostgreSQL server listening on the URL's port, and its backends (if local)."""
    port = urlsplit(url).port or 5432
    for connection in psutil.net_connections(kind="tcp"):
        address = connection.laddr
        if connection.status == psutil.CONN_LISTEN and address and address.port == port:
            if connection.pid is None:
                return []
            server = psutil.Process(connection.pid)
            return [server, *server.children(recursive=True)]
    return []


def cpu_seconds(processes: list[psutil.Process]) -> float:
    total = 0.0
    for process in processes:
        with contextlib.suppress(psutil.Error):
            times = process.cpu_times()
            total += times.user + times.system + times.children_user + times.children_system
    return total


def one_run(arguments: argparse.Namespace, url: str) -> dict[str, float]:
    """Start the server on ``url``, run the players, return this run's figures (with the
    CPU time each part used: the server's workers, PostgreSQL, this load generator)."""
    with worker_server(url, workers=arguments.workers) as (port, pids):
        workers = [psutil.Process(pid) for pid in pids]
        me = [psutil.Process()]
        before = [cpu_seconds(group) for group in (workers, database_processes(url), me)]
        machine = psutil.cpu_times()
        started = time.perf_counter()
        figures = asyncio.run(load(arguments, port))
        wall = time.perf_counter() - started
        after = [cpu_seconds(group) for group in (workers, database_processes(url), me)]
        busy = psutil.cpu_times()
    used = [(end - start) / wall for start, end in zip(before, after, strict=True)]
    idle = (busy.idle - machine.idle) / wall
    figures |= {"cpu_server": used[0], "cpu_database": used[1], "cpu_load": used[2]}
    print(
        f"  cores busy on average: server {used[0]:.2f}, PostgreSQL {used[1]:.2f}, load "
        f"generator {used[2]:.2f}; the machine's {psutil.cpu_count()} cores were idle "
        f"{idle:.2f} (load average {os.getloadavg()[0]:.1f}: other work shares them)",
        flush=True,
    )
    return figures


async def load(arguments: argparse.Namespace, port: int) -> dict[str, float]:
    setup = await Connection.open(port)
    body = {"name": "Load test", "holes": arguments.holes}
    status, created = await setup.call("POST", "/api/competitions", body)
    assert status == 201, created
    code = created["code"]
    context = multiprocessing.get_context("spawn")
    seen = context.Queue()
    ready = context.Event()
    watcher = context.Process(target=watch_board, args=(port, code, seen, ready), daemon=True)
    watcher.start()
    await asyncio.to_thread(ready.wait, 30)
    tally = Tally()
    started = time.perf_counter()
    await asyncio.gather(
        *(player(port, code, number, arguments, tally) for number in range(arguments.players))
    )
    elapsed = time.perf_counter() - started
    setup.close()
    shown: dict[tuple[str, int], float] = {}
    deadline = time.monotonic() + 30
    while len(shown) < len(tally.finishes) and time.monotonic() < deadline:
        item = await asyncio.to_thread(seen.get, True, 30)
        if item is None:
            break
        name, holes, when = item
        shown.setdefault((name, holes), when)
    watcher.kill()
    delays = [
        shown[(name, hole)] - sent for name, hole, sent in tally.finishes if (name, hole) in shown
    ]
    if tally.errors:
        print(f"  {len(tally.errors)} players failed, e.g. {tally.errors[0]}")
    missing = len(tally.finishes) - len(delays)
    busy = max(tally.last_move - tally.first_move, 1e-9)
    figures = {
        "moves": len(tally.moves),
        "moves_per_s": len(tally.moves) / busy,
        "p50": percentile(tally.moves, 0.50) * 1000,
        "p95": percentile(tally.moves, 0.95) * 1000,
        "p99": percentile(tally.moves, 0.99) * 1000,
        "max": max(tally.moves) * 1000,
        "start_p99": percentile(tally.starts, 0.99) * 1000,
        "join_p99": percentile(tally.joins, 0.99) * 1000,
        "board_median": statistics.median(delays) if delays else math.nan,
        "board_max": max(delays, default=math.nan),
        "board_missing": missing,
        "elapsed": elapsed,
    }
    print(
        f"  run: {figures['moves']:,.0f} moves in {elapsed:.0f} s, "
        f"{figures['moves_per_s']:,.0f} moves/s; move p50 {figures['p50']:.1f} ms, "
        f"p95 {figures['p95']:.1f} ms, p99 {figures['p99']:.1f} ms, max {figures['max']:.0f} ms; "
        f"hole start p99 {figures['start_p99']:.1f} ms, join p99 {figures['join_p99']:.1f} ms; "
        f"board delay median {figures['board_median'] * 1000:.0f} ms, "
        f"max {figures['board_max'] * 1000:.0f} ms ({missing} scores never shown)",
        flush=True,
    )
    return figures


def main() -> None:
    """Run the benchmark and print its figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--holes", type=int, choices=(3, 9, 18), default=3)
    parser.add_argument(
        "--play", type=int, default=1, help="holes each player plays (default 1: quicker runs)"
    )
    parser.add_argument(
        "--think",
        type=float,
        default=3.0,
        help="mean seconds a player thinks before each move (uniform from half to 1.5 times "
        "it; a person takes about two minutes over a hand of some 35 moves); 0: none",
    )
    parser.add_argument("--ramp", type=float, default=10.0, help="seconds over which all join")
    parser.add_argument("--workers", type=int, default=2, help="uvicorn worker processes")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument(
        "--control",
        action="store_true",
        help="the same players and pace, but each 'move' is a request to a route that does "
        "nothing (GET /api/meta/languages): what the machine and framework alone cost",
    )
    parser.add_argument(
        "--database-url", default=None, help="a PostgreSQL database to use (it is written to)"
    )
    arguments = parser.parse_args()
    offered = arguments.players / arguments.think if arguments.think else float("inf")
    print(
        f"competition load: {arguments.players} players, {arguments.holes}-hole competition "
        f"(each plays {arguments.play}), think "
        f"{arguments.think} s (offered at most ~{offered:,.0f} moves/s once all play), "
        f"{arguments.workers} workers, PostgreSQL, {arguments.runs} runs"
        + (", CONTROL: 'moves' go to a route that does nothing" if arguments.control else ""),
        flush=True,
    )
    results = []
    for _ in range(arguments.runs):
        with database(arguments.database_url) as url:
            results.append(one_run(arguments, url))

    def median(key: str) -> float:
        return statistics.median(result[key] for result in results)

    print(f"medians of {len(results)} runs:")
    print(
        f"  move latency p50 {median('p50'):.1f} ms, p95 {median('p95'):.1f} ms, "
        f"p99 {median('p99'):.1f} ms (target under {MOVE_TARGET_MS:.0f} ms)"
    )
    print(
        f"  live board delay median {median('board_median') * 1000:.0f} ms, "
        f"max {median('board_max') * 1000:.0f} ms (target under {BOARD_TARGET_S:.0f} s)"
    )
    print(
        f"  throughput {median('moves_per_s'):,.0f} moves/s; hole start p99 "
        f"{median('start_p99'):.1f} ms; join p99 {median('join_p99'):.1f} ms"
    )


if __name__ == "__main__":
    main()
