"""Helpers for the terminal game's tests: apps on known deals with a frozen clock."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from golf_solitaire import Deal, Game, Move, Rules
from golf_solitaire.store import Store
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.analysis import Analysis
from golf_solitaire.tui.playclock import Clock
from golf_solitaire.tui.saving import Saver
from golf_solitaire.tui.widgets import Line
from tests.reference import verdicts

NO_SOLVER = Analysis(None)
"""The analysis of an installation without the solver: hints and verdicts unavailable."""


def frozen_clock() -> float:
    """A clock that never moves, so the status line's time is always 0:00."""
    return 1000.0


class HandClock:
    """A clock the test moves by hand: ``clock.now += 30`` is half a minute later."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def make_app(
    number: int = 2,
    *,
    rules: str = "strict",
    language: str = "en",
    solver: ModuleType | None = None,
    analysis: Analysis | None = None,
) -> GolfApp:
    """The app on deal ``number`` with a frozen clock and a seeded generator for new deals.

    Without ``solver`` (or ``analysis``) the app has no analysis, as when the solver is not
    installed.
    """
    game = Game(Deal.numbered(number, Rules.named(rules)))
    if analysis is None:
        analysis = Analysis(solver) if solver is not None else NO_SOLVER
    return GolfApp(
        game,
        language=language,
        clock=frozen_clock,
        rng=random.Random(7),
        analysis=analysis,
    )


def deal_2_solution() -> list[str]:
    """black-hole-solver's clearing line for strict deal 2 (see tests/data/README.md)."""
    return list(verdicts("strict")[2].solution)


def keys_for(tokens: list[str]) -> list[str]:
    """The key presses that make the solver's moves: a column's number, or ``d``."""
    keys = []
    for token in tokens:
        move = Move.parse(token)
        keys.append("d" if str(move) == "d" else str(int(str(move)) + 1))
    return keys


def line_text(app: GolfApp, name: str) -> str:
    """The plain text of one of the app's lines (``message``, ``status``, ``title``)."""
    return str(app.query_one(f"#{name}", Line).render())


def saving_app(
    store: Store,
    player_id: str,
    game: Game | None = None,
    saver: Saver | None = None,
    clock: Clock = frozen_clock,
    **options: Any,
) -> GolfApp:
    """An app on strict deal 2 (or ``game``) that writes every move to ``store``."""
    return GolfApp(
        game or Game(Deal.numbered(2)),
        language="en",
        clock=clock,
        rng=random.Random(7),
        saver=saver or Saver(store, player_id),
        analysis=NO_SOLVER,
        **options,
    )


async def play_to_the_end(app: GolfApp, pilot: Any, tokens: list[str], pressed: int = 3) -> None:
    """Make ``tokens`` through the app: all but the last ``pressed`` directly, those by key.

    The full-game test presses every key; others only need the end, and a key press costs
    a pilot tens of milliseconds.
    """
    for token in tokens[: len(tokens) - pressed]:
        assert app.make(Move.parse(token)), token
    await pilot.press(*keys_for(tokens[len(tokens) - pressed :]))
