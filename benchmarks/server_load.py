"""Server load: simulated players play whole games against a real `golf serve` on loopback.

Each run starts the server (``golf serve``: uvicorn, one process, as ``make play`` runs it)
on a fresh temporary SQLite file, or on ``--database-url``, and lets ``--players`` simulated
players loose on it at once. A player gets a player id, starts a game of a random numbered
deal, plays random legal moves until the hand is over, starts the next game, and so on. Every
move is a real HTTP request, committed to the database before the server answers it.

Two loads, each run ``--runs`` times on a fresh server; the figures are medians over the runs.

- paced: a player thinks between moves, a random pause of mean ``--think`` seconds
  (exponentially distributed, so moves arrive in bursts, as people's do). The latency of a
  move request is what the person feels. The target: p99 under 10 ms at 200 players.
- saturation: no pause at all; every player sends its next move as soon as the last one is
  answered. Its moves/s is the most the server does on this machine; its latencies are
  mostly waiting in line behind the other players' moves.

Latency is timed by the players, from sending the request to reading the whole answer; the
server's own part of it (its Server-Timing header) is printed beside it. Each
player keeps one keep-alive connection, as a browser does, and speaks HTTP/1.1 itself over
asyncio streams: httpx (which the tests use) costs about 2 ms of CPU a request here, and on
a two-core machine shared with the server the figures would then measure the load
generator. Its CPU time is printed beside the server's, and the machine's load average
before and after (other work on the machine shows in the tail latencies).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from golf_solitaire.store.database import SYNCHRONOUS_VARIABLE, sqlite_synchronous
from tests.web.live import live_server  # the tests start a real server the same way

TARGET_P99_MS = 10.0
KEEP_ALIVE_SECONDS = 4.0
"""Reconnect after this long idle: uvicorn closes a keep-alive connection after 5 s."""


class HttpConnection:
    """One keep-alive HTTP/1.1 connection that posts JSON and reads JSON answers."""

    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self._streams: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
        self._used = 0.0

    async def post(
        self, path: str, body: dict[str, Any] | None = None, token: str | None = None
    ) -> tuple[int, Any, float]:
        """Send ``POST path`` with a JSON body; returns the status, the decoded answer, and
        the server's own time on it in seconds (its ``Server-Timing`` header)."""
        if self._streams is None or time.monotonic() - self._used > KEEP_ALIVE_SECONDS:
            await self.close()
            self._streams = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._streams
        payload = b"" if body is None else json.dumps(body).encode()
        head = f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\n"
        if token:
            head += f"X-Golf-Token: {token}\r\n"
        head += f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
        writer.write(head.encode() + payload)
        status_and_headers = await reader.readuntil(b"\r\n\r\n")
        lines = status_and_headers.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        fields = dict(line.lower().split(":", 1) for line in lines[1:] if ":" in line)
        answer = json.loads(await reader.readexactly(int(fields["content-length"])))
        self._used = time.monotonic()
        server_ms = float(fields.get("server-timing", "dur=nan").split("dur=")[1])
        return status, answer, server_ms / 1000

    async def close(self) -> None:
        """Close the connection if it is open."""
        if self._streams is not None:
            writer = self._streams[1]
            writer.close()
            await writer.wait_closed()
            self._streams = None


@dataclass
class Tally:
    """What one run measured: move latencies inside the measured window, games, requests."""

    latencies: list[float] = field(default_factory=list)
    server_times: list[float] = field(default_factory=list)
    games_finished: int = 0
    requests: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class RunResult:
    """One run's figures."""

    moves_per_second: float
    p50_ms: float
    p95_ms: float
    p99_ms: float
    max_ms: float
    server_p50_ms: float
    server_p99_ms: float
    moves: int
    games_finished: int
    server_cpu: float
    client_cpu: float
    server_ms_per_request: float


@contextmanager
def real_server(database_url: str) -> Iterator[tuple[int, psutil.Process]]:
    """Run ``golf serve`` on a free port until the block ends; yields its port and process."""
    with live_server(database_url) as base:
        (server,) = psutil.Process().children()
        yield int(base.rsplit(":", 1)[1]), server


async def player(
    port: int, tally: Tally, window: tuple[float, float], think: float, rules: str, seed: int
) -> None:
    """One simulated player: game after game of random legal moves until ``window`` ends."""
    choose = random.Random(seed)
    start, stop = window
    connection = HttpConnection("127.0.0.1", port)
    try:
        if think:
            await asyncio.sleep(choose.uniform(0, think))
        status, answer, _ = await connection.post("/api/players")
        tally.requests += 1
        if status != 201:
            tally.errors.append(f"new player: {status} {answer}")
            return
        token = answer["token"]
        while time.perf_counter() < stop:
            body = {"deal": choose.randrange(1, 1_000_000), "rules": rules}
            status, game, _ = await connection.post("/api/games", body, token)
            tally.requests += 1
            if status != 201:
                tally.errors.append(f"new game: {status} {game}")
                return
            while not game["is_over"] and time.perf_counter() < stop:
                if think:
                    await asyncio.sleep(choose.expovariate(1 / think))
                move = {"move": choose.choice(game["legal_moves"]), "index": game["move_count"]}
                sent = time.perf_counter()
                path = f"/api/games/{game['id']}/moves"
                status, game, server_time = await connection.post(path, move, token)
                answered = time.perf_counter()
                tally.requests += 1
                if status != 200:
                    tally.errors.append(f"move: {status} {game}")
                    return
                if start <= sent and answered <= stop:
                    tally.latencies.append(answered - sent)
                    tally.server_times.append(server_time)
            if game["is_over"]:
                tally.games_finished += 1
    finally:
        await connection.close()


async def load(
    port: int, players: int, think: float, warmup: float, seconds: float, rules: str
) -> Tally:
    """Run ``players`` players for ``warmup + seconds``; measure the last ``seconds``."""
    tally = Tally()
    now = time.perf_counter()
    window = (now + warmup, now + warmup + seconds)
    await asyncio.gather(
        *(player(port, tally, window, think, rules, seed) for seed in range(players))
    )
    return tally


def percentile(ordered: list[float], share: float) -> float:
    """The value below which ``share`` of the sorted values lie (nearest rank)."""
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered), max(1, round(share * len(ordered)))) - 1]


def one_run(arguments: argparse.Namespace, think: float) -> RunResult:
    """Start a server on a fresh database, load it, and return the run's figures."""
    with tempfile.TemporaryDirectory(prefix="golf-load-") as folder:
        url = arguments.database_url or f"sqlite:///{Path(folder) / 'golf.sqlite3'}"
        with real_server(url) as (port, server):
            server_before = sum(server.cpu_times()[:2])
            client_before = sum(os.times()[:2])
            tally = asyncio.run(
                load(
                    port,
                    arguments.players,
                    think,
                    arguments.warmup,
                    arguments.seconds,
                    arguments.rules,
                )
            )
            server_cpu = sum(server.cpu_times()[:2]) - server_before
            client_cpu = sum(os.times()[:2]) - client_before
    if tally.errors:
        raise SystemExit(
            f"server_load: {len(tally.errors)} requests failed, the first: {tally.errors[0]}"
        )
    ordered = sorted(tally.latencies)
    elapsed = arguments.warmup + arguments.seconds
    return RunResult(
        moves_per_second=len(ordered) / arguments.seconds,
        p50_ms=percentile(ordered, 0.50) * 1000,
        p95_ms=percentile(ordered, 0.95) * 1000,
        p99_ms=percentile(ordered, 0.99) * 1000,
        max_ms=ordered[-1] * 1000 if ordered else float("nan"),
        server_p50_ms=percentile(sorted(tally.server_times), 0.50) * 1000,
        server_p99_ms=percentile(sorted(tally.server_times), 0.99) * 1000,
        moves=len(ordered),
        games_finished=tally.games_finished,
        server_cpu=server_cpu / elapsed,
        client_cpu=client_cpu / elapsed,
        server_ms_per_request=server_cpu / max(1, tally.requests) * 1000,
    )


def median_result(results: list[RunResult]) -> RunResult:
    """Each figure's median over the runs."""
    names = RunResult.__dataclass_fields__
    medians = {
        name: statistics.median(getattr(result, name) for result in results) for name in names
    }
    return RunResult(**medians)


def report(name: str, results: list[RunResult]) -> RunResult:
    """Print a load's medians and each run's moves/s and p99; return the medians."""
    median = median_result(results)
    print(
        f"  {name}: {median.moves_per_second:,.0f} moves/s, p50 {median.p50_ms:.2f} ms, "
        f"p95 {median.p95_ms:.2f} ms, p99 {median.p99_ms:.2f} ms (max {median.max_ms:.1f} ms)"
    )
    print(
        f"    inside the server (Server-Timing): p50 {median.server_p50_ms:.2f} ms, "
        f"p99 {median.server_p99_ms:.2f} ms"
    )
    print(
        f"    a run timed {median.moves:,.0f} moves and finished {median.games_finished:,.0f} "
        f"games; CPU: server {median.server_cpu:.0%} of a core "
        f"({median.server_ms_per_request:.2f} ms a request), "
        f"load generator {median.client_cpu:.0%}"
    )
    runs = ", ".join(f"{r.moves_per_second:,.0f}/s p99 {r.p99_ms:.1f} ms" for r in results)
    print(f"    runs: {runs}")
    return median


def main() -> None:
    """Run the loads and print their figures."""
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--players", type=int, default=200, help="simulated players at once")
    parser.add_argument(
        "--think", type=float, default=1.0, help="paced load: mean seconds between moves"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="measured seconds a run")
    parser.add_argument("--warmup", type=float, default=3.0, help="unmeasured seconds before")
    parser.add_argument("--runs", type=int, default=3, help="runs of each load (medians)")
    parser.add_argument("--rules", default="strict", help="rules preset of every game")
    parser.add_argument(
        "--database-url",
        default=None,
        help="the server's database (default: a fresh temporary SQLite file each run)",
    )
    parser.add_argument(
        "--load", choices=["both", "paced", "saturation"], default="both", help="loads to run"
    )
    parser.add_argument(
        "--synchronous",
        choices=["full", "normal"],
        default=None,
        help="SQLite's synchronous setting on the server (default: the server's, NORMAL)",
    )
    arguments = parser.parse_args()
    if arguments.synchronous is not None:
        os.environ[SYNCHRONOUS_VARIABLE] = arguments.synchronous.upper()
    if arguments.players < 1 or arguments.runs < 1 or arguments.seconds <= 0:
        parser.error("--players, --runs and --seconds must be positive")
    if arguments.think <= 0 or arguments.warmup < 0:
        parser.error("--think must be positive and --warmup cannot be negative")
    database = arguments.database_url or "a fresh temporary SQLite file each run"
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(
        f"server load: {arguments.players} players, {arguments.rules} rules, {arguments.runs} "
        f"runs of {arguments.warmup:g} s warm-up + {arguments.seconds:g} s timed, "
        f"{os.cpu_count()} cores, load average before: {load_average}"
    )
    print(f"  server: golf serve (uvicorn, one process) on 127.0.0.1; database: {database}")
    print(f"  SQLite synchronous: {sqlite_synchronous()}")
    paced = None
    if arguments.load in ("both", "paced"):
        results = [one_run(arguments, arguments.think) for _ in range(arguments.runs)]
        paced = report(f"paced, {arguments.think:g} s mean think time", results)
    if arguments.load in ("both", "saturation"):
        results = [one_run(arguments, 0.0) for _ in range(arguments.runs)]
        report("saturation, no think time", results)
    load_average = ", ".join(f"{value:.1f}" for value in os.getloadavg())
    print(f"  machine load average at the end (1, 5, 15 min): {load_average}")
    if paced is not None:
        verdict = "met" if paced.p99_ms < TARGET_P99_MS else "missed"
        print(
            f"  target: paced p99 under {TARGET_P99_MS:g} ms with 200 players: {verdict} "
            f"({arguments.players} players here)"
        )


if __name__ == "__main__":
    main()
