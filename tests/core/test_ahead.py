"""The thread that finds deals ahead: in order, one at a time, and never stopped by a fault."""

from __future__ import annotations

import logging

import pytest

from golf_solitaire.ahead import Ahead


def test_requests_are_found_in_order_and_a_fault_is_logged_not_fatal(
    caplog: pytest.LogCaptureFixture,
) -> None:
    found: list[int] = []

    def find(number: int) -> None:
        if number == 2:
            raise RuntimeError("a fault in the solver")
        found.append(number)

    ahead = Ahead(find)
    with caplog.at_level(logging.ERROR, logger="golf_solitaire.ahead"):
        for number in (1, 2, 3):
            ahead.submit(number)
        ahead.wait()
    assert found == [1, 3]
    assert "finding a deal ahead failed for 2" in caplog.text
    assert "a fault in the solver" in caplog.text
