"""How the terminal game looks at 80×24: the table, help, end of hand, a round's score card."""

from __future__ import annotations

import random
from typing import Any

from golf_solitaire import Game, Move, Rules
from golf_solitaire.rounds import Round
from golf_solitaire.tui import GolfApp
from golf_solitaire.tui.saving import RoundPlay
from tests.reference import verdicts
from tests.tui.tui_helpers import NO_SOLVER, deal_2_solution, frozen_clock, keys_for, make_app

SIZE = (80, 24)


def test_main_screen(snap_compare: Any) -> None:
    assert snap_compare(make_app(2), press=["5", "d", "1"], terminal_size=SIZE)


def test_help_screen(snap_compare: Any) -> None:
    assert snap_compare(make_app(2), press=["question_mark"], terminal_size=SIZE)


def test_end_screen(snap_compare: Any) -> None:
    app = make_app(2)
    tokens = deal_2_solution()

    async def play(pilot: Any) -> None:
        for token in tokens[:-1]:
            assert app.make(Move.parse(token))

    assert snap_compare(app, press=keys_for(tokens[-1:]), terminal_size=SIZE, run_before=play)


def test_black_hole_table(snap_compare: Any) -> None:
    assert snap_compare(make_app(1, rules="black-hole"), press=["right"] * 9, terminal_size=SIZE)


def test_round_end_screen(snap_compare: Any) -> None:
    strokes = [5, 4, 6, 3, 5, 5, 2, 7, 1, 0, -2, 4, 6, 8, 3, 2, 1]
    round_play = RoundPlay(Round(holes=18, strokes=strokes), first_deal=4, rules=Rules())
    app = GolfApp(
        Game(round_play.deal(18)),
        clock=frozen_clock,
        rng=random.Random(7),
        analysis=NO_SOLVER,
        round_play=round_play,
    )
    assert not verdicts("strict")[21].solved
    assert snap_compare(app, press=["d"] * 16, terminal_size=SIZE)
