"""Surveys on a Dask cluster: batches of deals sent to a running ``dask scheduler``, each
batch's rows handed back as soon as it is solved.

Imported only by ``golf survey --scheduler``, as it needs the ``cluster`` extra
(``pip install 'golf-solitaire[cluster]'``). A batch is solved whole on one worker and its
rows come back together, so a worker that dies takes no finished row with it: the scheduler
gives its batch to another worker. When the survey stops (an error, Ctrl-C, SIGTERM), the
batches not yet back are cancelled and the cluster goes on serving others.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable, Generator, Iterator
from typing import Final

from distributed import CancelledError, Client, Future, KilledWorker, as_completed
from distributed.comm.addressing import get_address_host_port
from distributed.comm.core import CommClosedError

from golf_solitaire.rules import Rules
from golf_solitaire.solver.solution import Limit
from golf_solitaire.solver.survey import RowSource, SurveyRow, solve_numbered

DEFAULT_BATCH: Final = 20
"""Deals a batch: about two seconds of optimal solving, so a lost batch costs little."""

CONNECT_SECONDS: Final = 20.0
"""How long to try reaching the scheduler before giving up."""

BATCHES_PER_THREAD: Final = 2
"""Batches sent ahead for each worker thread, so no worker waits for the next one."""


class ClusterError(RuntimeError):
    """The cluster cannot go on with the survey: names what went wrong and what to do."""


def solve_batch(
    numbers: tuple[int, ...], rules: Rules, optimal: bool, limit: Limit, fair: bool = False
) -> list[SurveyRow]:
    """The rows of a batch of deals, solved in turn (runs on a worker)."""
    return [solve_numbered(number, rules, optimal, limit, fair) for number in numbers]


def cluster_source(
    scheduler: str,
    *,
    batch: int = DEFAULT_BATCH,
    connect_seconds: float = CONNECT_SECONDS,
    on_note: Callable[[str], None] | None = None,
) -> RowSource:
    """A row source for ``survey``: its deals solved on the cluster of ``scheduler``."""
    if isinstance(batch, bool) or not isinstance(batch, int) or batch < 1:
        raise ValueError(f"survey on a cluster: batch must be 1 deal or more, not {batch!r}")
    check_address(scheduler)

    def solve_there(
        numbers: Iterator[int], rules: Rules, optimal: bool, limit: Limit, fair: bool
    ) -> Generator[SurveyRow, None, None]:
        return solve_on_cluster(
            numbers,
            rules,
            optimal,
            limit,
            fair,
            scheduler=scheduler,
            batch=batch,
            connect_seconds=connect_seconds,
            on_note=on_note,
        )

    return solve_there


def solve_on_cluster(
    numbers: Iterator[int],
    rules: Rules,
    optimal: bool,
    limit: Limit,
    fair: bool = False,
    *,
    scheduler: str,
    batch: int = DEFAULT_BATCH,
    connect_seconds: float = CONNECT_SECONDS,
    on_note: Callable[[str], None] | None = None,
) -> Generator[SurveyRow, None, None]:
    """Rows of ``numbers`` in the order their batches finish on the cluster of ``scheduler``.

    Only a few batches a worker thread are out at a time, so a survey of millions of deals
    keeps the scheduler small and takes in workers that join while it runs.
    """
    client = _connect(scheduler, connect_seconds)
    run = uuid.uuid4().hex[:12]
    out: set[Future[list[SurveyRow]]] = set()
    try:
        _note_workers(client, scheduler, on_note)
        batches = _batches(numbers, batch)
        done = as_completed(loop=client.loop)

        def send_more() -> None:
            wanted = max(BATCHES_PER_THREAD, BATCHES_PER_THREAD * _threads(client))
            for numbers in itertools.islice(batches, max(0, wanted - len(out))):
                future: Future[list[SurveyRow]] = client.submit(
                    solve_batch,
                    numbers,
                    rules,
                    optimal,
                    limit,
                    fair,
                    key=f"golf-survey-{numbers[0]}-{numbers[-1]}-{run}",
                    pure=False,
                    retries=0,
                )
                out.add(future)
                done.add(future)

        send_more()
        for future in done:
            try:
                rows = future.result()
                out.discard(future)
                send_more()
            except KilledWorker as error:
                raise ClusterError(
                    f"every worker that took one batch died ({error}); the rows found so far "
                    "are kept, and a rerun goes on"
                ) from None
            except (CancelledError, CommClosedError):
                raise ClusterError(
                    f"lost the scheduler at {scheduler} (its batches were cancelled); the rows "
                    "found so far are kept, and a rerun goes on"
                ) from None
            yield from rows
    finally:
        try:
            if out:  # the batches still out: the cluster drops them
                client.cancel(list(out))
        finally:
            client.close()


def check_address(scheduler: str) -> None:
    """Refuse, before any connection, an address no scheduler can have.

    >>> check_address("tcp://10.0.0.5")
    Traceback (most recent call last):
    ...
    golf_solitaire.solver.survey_cluster.ClusterError: not a scheduler address (missing port \
number in address '10.0.0.5'); give tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786
    """
    try:
        host, _ = get_address_host_port(scheduler)
    except ValueError as error:
        reason = str(error)
    else:
        if host:
            return
        reason = "no host"
    raise ClusterError(
        f"not a scheduler address ({reason}); give tcp://HOST:PORT, e.g. tcp://10.0.0.5:8786"
    )


def _connect(scheduler: str, seconds: float) -> Client:
    """A client of the scheduler, or a ``ClusterError`` saying why there is none."""
    try:
        return Client(scheduler, timeout=seconds, set_as_default=False)
    except (OSError, TimeoutError) as error:
        raise ClusterError(
            f"cannot reach a Dask scheduler there within {seconds:g} s ({error}); start one "
            "with `dask scheduler` and give the address it prints, e.g. tcp://10.0.0.5:8786"
        ) from None


def _threads(client: Client) -> int:
    """Worker threads the cluster has now (workers come and go while a survey runs)."""
    return sum(client.nthreads().values())


def _note_workers(client: Client, scheduler: str, on_note: Callable[[str], None] | None) -> None:
    """Tell of a cluster with no worker yet, and of workers running several threads (the
    solver is pure Python: the threads of one process share a single core)."""
    if on_note is None:
        return
    threads = client.nthreads()
    if not threads:
        on_note(
            f"the scheduler at {scheduler} has no worker yet; the survey starts when one joins "
            "(`dask worker ADDRESS --nworkers auto --nthreads 1` on each machine)"
        )
    shared = sorted(address for address, count in threads.items() if count > 1)
    if shared:
        on_note(
            f"{len(shared)} of {len(threads)} workers run several threads, which share one "
            "core (the solver is pure Python); start workers with --nworkers auto --nthreads 1"
        )


def _batches(numbers: Iterator[int], size: int) -> Iterator[tuple[int, ...]]:
    """``numbers`` in tuples of ``size`` (the last one shorter)."""
    while chunk := tuple(itertools.islice(numbers, size)):
        yield chunk
