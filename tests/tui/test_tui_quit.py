"""Quitting the terminal game never waits for the solver's search for the next deal."""

from __future__ import annotations

import subprocess
import sys

GAME = """
import asyncio, random, threading
from golf_solitaire import Deal, Game, solver
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.analysis import Analysis

class Endless(Analysis):
    def deal_of_level(self, number, rules, level):
        threading.Event().wait()  # a search for the next deal that never ends
        raise AssertionError

async def main():
    app = GolfApp(
        Game(Deal.numbered(6)), analysis=Endless(solver), rng=random.Random(1), level="hard"
    )
    async with app.run_test() as pilot:
        app.start(Deal.numbered(6))  # a deal of a level: the next one is looked for at once
        await pilot.pause()
        await pilot.press("q")
    print("quit")

asyncio.run(main())
"""


def test_quitting_does_not_wait_for_the_deal_being_found_ahead() -> None:
    # Were the search a thread the program waits for, it would never end: the timeout fails.
    done = subprocess.run(
        [sys.executable, "-c", GAME], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "quit"
