"""Surveys on a real Dask cluster: a ``dask scheduler`` and two ``dask worker`` processes on
loopback; a worker killed mid-run, Ctrl-C, the rows equal to the local run's, bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from distributed import Client, LocalCluster

from golf_solitaire import Limit, Rules
from golf_solitaire.cli import survey_commands
from golf_solitaire.solver import survey_cluster
from golf_solitaire.solver.survey import SurveyRow, read_rows, survey
from golf_solitaire.solver.survey_cluster import ClusterError, cluster_source
from tests.solver.test_survey import GOLF, SOURCE, golf

DEALS = range(1, 301)
"""Deals surveyed on the cluster: 300, each cut at 3000 positions so that the run is short
and gives every status (43 solved, 120 unsolvable, 137 intractable)."""

LIMIT = Limit(nodes=3000)

SURVEY = ("survey", "--deals", "1-300", "--quick", "--limit-nodes", "3000", "--batch", "5")

ENV = {**os.environ, "PYTHONPATH": SOURCE}
"""The cluster's processes import the code under test, wherever its folder."""


@dataclass
class Cluster:
    """A scheduler and its workers, each a process of its own."""

    address: str
    scheduler: subprocess.Popen[bytes]
    workers: list[subprocess.Popen[bytes]]

    def client(self) -> Client:
        return Client(self.address, timeout=30, set_as_default=False)


def _start(command: list[str], log: Path) -> subprocess.Popen[bytes]:
    with log.open("wb") as stream:
        return subprocess.Popen(command, stdout=stream, stderr=stream, env=ENV)


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """``dask scheduler`` on a free loopback port and two one-thread ``dask worker``s."""
    logs = tmp_path / "cluster-logs"
    logs.mkdir()
    file = logs / "scheduler.json"
    scheduler = _start(
        [
            sys.executable,
            "-m",
            "distributed.cli.dask_scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(file),
        ],
        logs / "scheduler.log",
    )
    processes = [scheduler]
    try:
        deadline = time.monotonic() + 60
        while not file.exists() and time.monotonic() < deadline:
            assert scheduler.poll() is None, (logs / "scheduler.log").read_text()
            time.sleep(0.1)
        time.sleep(0.2)  # the file is written whole just after it appears
        address = json.loads(file.read_text())["address"]
        for n in range(2):
            processes.append(
                _start(
                    [
                        sys.executable,
                        "-m",
                        "distributed.cli.dask_worker",
                        address,
                        "--host",
                        "127.0.0.1",
                        "--nthreads",
                        "1",
                        "--no-nanny",
                        "--no-dashboard",
                        "--death-timeout",
                        "60",
                    ],
                    logs / f"worker-{n}.log",
                )
            )
        found = Cluster(address, scheduler, processes[1:])
        with found.client() as client:
            client.wait_for_workers(2, timeout=60)
        yield found
    finally:
        for process in reversed(processes):  # the workers first: they close with the scheduler
            process.terminate()
        for process in reversed(processes):
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _rows_without_time(rows: dict[int, SurveyRow] | list[SurveyRow]) -> list[list[str]]:
    """The rows by deal, every field but the seconds (the time differs from run to run)."""
    listed = rows.values() if isinstance(rows, dict) else rows
    cells = [row.as_csv() for row in sorted(listed, key=lambda row: row.deal)]
    return [[*row[:6], *row[7:]] for row in cells]


@pytest.fixture(scope="module")
def local_rows() -> list[list[str]]:
    """The rows of the same survey on this machine's cores."""
    return _rows_without_time(survey(DEALS, Rules(), jobs=2, optimal=False, limit=LIMIT))


def _tasks_on_scheduler(client: Client) -> int:
    def count(dask_scheduler: Any) -> int:
        return len(dask_scheduler.tasks)

    found: int = client.run_on_scheduler(count)
    return found


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_no_row_and_the_file_equals_the_local_run(
    cluster: Cluster, tmp_path: Path, local_rows: list[list[str]]
) -> None:
    out = tmp_path / "r.csv"
    killed: list[str] = []
    with cluster.client() as watcher:
        pids: dict[str, int] = watcher.run(os.getpid)

        def kill_a_busy_worker(row: SurveyRow) -> None:
            if killed:
                return
            busy = [address for address, keys in watcher.processing().items() if keys]
            if busy:  # a worker in the middle of a batch: its rows are not back yet
                os.kill(pids[busy[0]], signal.SIGKILL)
                killed.append(busy[0])

        rows = survey(
            DEALS,
            Rules(),
            out=out,
            optimal=False,
            limit=LIMIT,
            on_row=kill_a_busy_worker,
            source=cluster_source(cluster.address, batch=5),
        )
        assert len(killed) == 1
        deadline = time.monotonic() + 30
        while killed[0] in watcher.nthreads() and time.monotonic() < deadline:
            time.sleep(0.1)
        assert killed[0] not in watcher.nthreads() and len(watcher.nthreads()) == 1
    assert _rows_without_time(rows) == local_rows
    assert _rows_without_time(read_rows(out, Rules(), optimal=False)) == local_rows
    lines = out.read_text(encoding="utf-8").splitlines()
    assert len(lines) == 1 + len(DEALS)  # every deal written once: none lost, none twice


def _lines(path: Path) -> int:
    return len(path.read_bytes().splitlines()) if path.exists() else 0


def _as_a_terminal_would() -> None:
    """Ctrl+C's signal at its default in the child, as in a terminal's foreground job: a
    job started in the background by a shell script inherits SIGINT ignored, and so would
    the survey when the tests themselves run in the background."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.slow
def test_the_command_stops_on_ctrl_c_cancels_its_batches_and_a_rerun_ends_it(
    cluster: Cluster, tmp_path: Path, local_rows: list[list[str]]
) -> None:
    command = [*GOLF, *SURVEY, "--scheduler", cluster.address, "--out", "r.csv"]
    process = subprocess.Popen(
        command,
        cwd=tmp_path,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_as_a_terminal_would,
    )
    out = tmp_path / "r.csv"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _lines(out) < 6:  # the header and a batch
        time.sleep(0.01)
    process.send_signal(signal.SIGINT)  # SIGTERM takes the same way out (tested locally)
    _, stderr = process.communicate(timeout=30)
    assert process.returncode == 130, stderr
    assert "survey stopped; the rows found so far are in r.csv, and a rerun goes on" in stderr
    kept = read_rows(out, Rules(), optimal=False)
    assert 5 <= len(kept) < len(DEALS), "stopped mid-run"
    with cluster.client() as watcher:  # the survey's batches are dropped, not left running
        deadline = time.monotonic() + 30
        while _tasks_on_scheduler(watcher) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert _tasks_on_scheduler(watcher) == 0
    again = golf(*SURVEY, "--scheduler", cluster.address, "--out", "r.csv", cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith("rules strict: 43 of 163 cleared: 26.4% ")
    assert _rows_without_time(read_rows(out, Rules(), optimal=False)) == local_rows


@pytest.mark.slow
def test_a_lost_scheduler_stops_the_command_with_one_line_and_keeps_the_rows(
    cluster: Cluster, tmp_path: Path
) -> None:
    command = [*GOLF, *SURVEY, "--scheduler", cluster.address, "--out", "r.csv"]
    process = subprocess.Popen(
        command, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    out = tmp_path / "r.csv"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and _lines(out) < 6:
        time.sleep(0.05)
    cluster.scheduler.kill()
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 2 and stdout == ""
    assert stderr == (
        f"golf: error: --scheduler {cluster.address}: lost the scheduler at {cluster.address} "
        "(its batches were cancelled); the rows found so far are kept, and a rerun goes on\n"
    )
    kept = read_rows(out, Rules(), optimal=False)
    assert len(kept) == _lines(out) - 1 >= 5


def test_without_a_scheduler_dask_is_never_imported(tmp_path: Path) -> None:
    code = (
        f"import sys; sys.path.insert(0, {SOURCE!r}); from golf_solitaire.cli import golf\n"
        "golf.main(['survey', '--deals', '1-3', '--jobs', '1', '--quick', '--out', 'r.csv'],"
        " standalone_mode=False)\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('dask', 'distributed')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == "[]"
    assert sorted(read_rows(tmp_path / "r.csv", Rules(), optimal=False)) == [1, 2, 3]


def test_a_missing_dask_is_named_with_the_extra_to_install(tmp_path: Path) -> None:
    code = (
        f"import sys; sys.path.insert(0, {SOURCE!r}); sys.modules['distributed'] = None\n"
        "sys.argv = ['golf', 'survey', '--deals', '1-3', '--scheduler', 'tcp://127.0.0.1:1']\n"
        "from golf_solitaire.cli import main; main()"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=tmp_path
    )
    assert result.returncode == 2
    assert result.stderr.startswith("golf: error: --scheduler needs Dask, which is not installed")
    assert result.stderr.endswith("install it with: pip install 'golf-solitaire[cluster]'\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("--scheduler", "tcp://127.0.0.1:1", "--jobs", "2"),
            "--jobs: with --scheduler the cluster's workers do the solving; leave --jobs out",
        ),
        (("--batch", "5"), "--batch: batches are sent to a cluster; give --scheduler too"),
        (("--scheduler", " "), "--scheduler: the value is empty; give tcp://HOST:PORT"),
        (("--scheduler", "tcp://127.0.0.1:1", "--batch", "0"), "'--batch': 0 is not in the"),
        (
            ("--scheduler", "tcp://127.0.0.1"),
            "--scheduler tcp://127.0.0.1: not a scheduler address (",
        ),
        (
            ("--scheduler", "carrier-pigeon://loft"),
            "--scheduler carrier-pigeon://loft: not a scheduler address (",
        ),
    ],
)
def test_bad_cluster_options_are_one_line(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    result = golf("survey", "--deals", "1-3", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_a_scheduler_nobody_runs_is_named_after_the_wait() -> None:
    source = cluster_source("tcp://127.0.0.1:9", connect_seconds=1)  # port 9: discard, unused
    with pytest.raises(ClusterError, match=r"^cannot reach a Dask scheduler there within 1 s"):
        survey(range(1, 3), Rules(), source=source)


def test_the_help_says_how_to_start_a_cluster_and_use_it(tmp_path: Path) -> None:
    result = golf("survey", "--help", cwd=tmp_path)
    assert result.returncode == 0
    assert "dask scheduler" in result.stdout and "dask worker tcp://" in result.stdout
    assert "--scheduler tcp://HOST:PORT" in result.stdout
    assert f"(default {survey_cluster.DEFAULT_BATCH})" in " ".join(result.stdout.split())
    assert survey_commands._CLUSTER_BATCH == survey_cluster.DEFAULT_BATCH


def _local_cluster(workers: int, threads: int) -> LocalCluster:
    """A cluster inside this process (threads, no processes): quick to start, for the notes."""
    return LocalCluster(
        n_workers=workers,
        threads_per_worker=threads,
        processes=False,
        protocol="tcp://",
        host="127.0.0.1",
        scheduler_port=0,
        dashboard_address=None,
    )


def test_workers_with_several_threads_get_a_note() -> None:
    notes: list[str] = []
    with _local_cluster(workers=1, threads=2) as local:
        source = cluster_source(local.scheduler_address, on_note=notes.append)
        rows = survey(range(1, 3), Rules(), optimal=False, source=source)
    assert [(row.deal, row.status) for row in rows] == [(1, "unsolvable"), (2, "solved")]
    assert notes == [
        "1 of 1 workers run several threads, which share one core (the solver is pure Python); "
        "start workers with --nworkers auto --nthreads 1"
    ]


def test_a_scheduler_without_workers_gets_a_note_and_the_survey_waits_for_one() -> None:
    notes: list[str] = []
    with _local_cluster(workers=0, threads=1) as local:

        def note_and_add_a_worker(text: str) -> None:
            notes.append(text)
            local.scale(1)

        source = cluster_source(local.scheduler_address, on_note=note_and_add_a_worker)
        rows = survey(range(2, 3), Rules(), optimal=False, source=source)
    assert [(row.deal, row.status) for row in rows] == [(2, "solved")]
    assert notes == [
        f"the scheduler at {local.scheduler_address} has no worker yet; the survey starts "
        "when one joins (`dask worker ADDRESS --nworkers auto --nthreads 1` on each machine)"
    ]


def test_fair_strokes_come_back_from_the_cluster_as_from_this_machine() -> None:
    here = survey(range(3, 4), Rules(), jobs=1, optimal=False, fair=True)
    with _local_cluster(workers=1, threads=1) as local:
        rows = survey(
            range(3, 4),
            Rules(),
            optimal=False,
            fair=True,
            source=cluster_source(local.scheduler_address),
        )
    assert [row.fair_strokes for row in rows] == [row.fair_strokes for row in here]
    assert rows[0].fair_strokes is not None
