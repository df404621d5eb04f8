"""How the terminal game looks at 80×24: the table, the help screen and the end screen."""

from __future__ import annotations

from typing import Any

from golf_solitaire import Move
from tests.tui.tui_helpers import deal_2_solution, keys_for, make_app

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
