"""The search's running conditions: one frame chunk, the garbage collector paused, both undone."""

from __future__ import annotations

import gc
import threading

import pytest

from golf_solitaire import Deal, Game, Rules, hint, review, solve
from golf_solitaire.solver import search
from golf_solitaire.solver.frames import roomy

COMPILED = not search.__file__.endswith(".py")
"""True when the search runs from a compiled build (``make compiled``)."""


def test_the_collector_is_paused_for_the_call_and_running_again_after() -> None:
    assert gc.isenabled()
    seen = roomy(gc.isenabled)
    assert seen is False and gc.isenabled()


def test_a_collector_paused_by_the_caller_stays_paused() -> None:
    gc.disable()
    try:
        roomy(sum, [1, 2])
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_error_inside_still_sets_the_collector_running() -> None:
    with pytest.raises(ZeroDivisionError):
        roomy(lambda: 1 // 0)
    assert gc.isenabled()
    assert roomy(lambda: roomy(gc.isenabled)) is False  # nested: still paused inside
    assert gc.isenabled()


@pytest.mark.skipif(
    COMPILED,
    reason="compiled, each nested function of the search and its closure refer to each other "
    "(mypyc keeps them in one environment object), so the tables go at the collector's next "
    "pass after the search rather than with it",
)
def test_searches_leave_no_garbage_for_the_collector() -> None:
    """The pause is safe because the searches' tables hold no reference cycles: a search's
    tables go with it, found clears and restarts included."""
    game = Game(Deal.numbered(5))
    game.apply(game.legal_moves()[0])
    gc.collect()
    gc.disable()  # only the collection below may find what the searches left
    try:
        solve(Deal.numbered(4), optimal=True)
        solve(Deal.numbered(2))
        solve(Deal.numbered(4, Rules.named("putt-putt")))
        hint(game)
        review(game.record())
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_searches_on_other_threads_give_the_same_answers() -> None:
    answers: list[int | None] = []
    threads = [
        threading.Thread(
            target=lambda: answers.append(solve(Deal.numbered(1), optimal=True).best_score)
        )
        for _ in range(3)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [6, 6, 6] and gc.isenabled()
