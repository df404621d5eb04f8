"""Helpers for the browser tests: Chromium's switches, screenshots, opening a deal.

Screenshots of the main screens are saved under tests/artifacts/ (ignored by git).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def shot(page: Page, name: str) -> None:
    """Save a screenshot of ``page`` as tests/artifacts/NAME.png."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_deal(page: Page, number: int, rules: str = "strict") -> None:
    """Open deal ``number`` by its link and wait for its table."""
    page.goto(f"/?deal={number}&rules={rules}")
    expect(page.locator("#status-deal")).to_have_text(f"Deal {number}")
    expect(page.locator("#status-moves")).to_have_text("0")


@contextmanager
def held_new_game(page: Page) -> Iterator[None]:
    """Hold the server's answer to the page's next new game until the block ends, so that the
    test can see what the page shows while the solver looks for the deal."""
    held: list[Route] = []
    new_game = re.compile(r"/api/games\?")
    page.route(
        new_game,
        lambda route: held.append(route) if route.request.method == "POST" else route.continue_(),
    )
    try:
        yield
        for _ in range(250):
            if held:
                break
            page.wait_for_timeout(20)
        assert held, "the new game's request never came"
        held[0].continue_()
    finally:
        page.unroute(new_game)


def moves(page: Page) -> Any:
    """An expectation on the move counter."""
    return expect(page.locator("#status-moves"))


def column_codes(page: Page) -> list[list[str]]:
    """The cards of every column as codes, deepest first."""
    codes: list[list[str]] = page.eval_on_selector_all(
        "#tableau .column",
        "columns => columns.map(c => [...c.querySelectorAll('.card')].map(x => x.dataset.code))",
    )
    return codes


def open_menu(page: Page) -> None:
    """Open the game's menu (folded behind one button), if it is not open."""
    if page.locator("#menu-panel").is_hidden():
        page.click("#btn-menu")
