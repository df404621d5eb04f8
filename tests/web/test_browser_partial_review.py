"""The end screen's review in real Chromium when the best scores are not proved in time: the
fair judgement first, the proved hindsight apart, every move listed without best scores and
the one that lost the last clear marked; on a desktop and on a phone."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from playwright.sync_api import Page, expect

from golf_solitaire import Deal, Game, Rules, solver
from golf_solitaire.moves import Draw, Play
from golf_solitaire.service import Analyst
from golf_solitaire.solver.chains import greedy_move
from golf_solitaire.web import Settings, create_app
from tests.postgres import free_port
from tests.web.chromium import moves, open_deal, shot

pytestmark = pytest.mark.browser

HINDSIGHT = (
    "With the stock known: move 3 (2♦) lost the clear: a line could still clear the tableau "
    "before it, none after. The best score after each move was not proved in the time there was."
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """This module's real server (the ``page`` and ``phone`` fixtures open it): in this
    process, its solver stopping at 150 positions (not at a time, so that what it proves does
    not hang on the machine's load)."""
    database = tmp_path_factory.mktemp("partial") / "golf.sqlite3"
    app = create_app(
        Settings(database_url=f"sqlite:///{database}"),
        analyst=Analyst(solver, seconds=None, nodes=150),
    )
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


def greedy_keys() -> list[str]:
    """The keys of the greedy stock-blind player's moves on Double Golf deal 4."""
    game = Game(Deal.numbered(4, Rules.named("double-golf")))
    keys = []
    while not game.is_over:
        move = greedy_move(game)
        assert isinstance(move, Draw | Play)
        keys.append("d" if isinstance(move, Draw) else str(move.column + 1))
        game.apply(move)
    return keys


def play_and_review(page: Page) -> None:
    """Play Double Golf deal 4 as the greedy player does, then open the review."""
    open_deal(page, 4, "double-golf")
    for number, key in enumerate(greedy_keys(), start=1):
        page.keyboard.press(key)
        moves(page).to_have_text(str(number))
    expect(page.locator("#end-dialog")).to_be_visible()
    page.click("#end-review-btn")


def check_review(page: Page) -> None:
    """The partial review as the end screen shows it."""
    review = page.locator("#end-review")
    expect(review.locator("p.hindsight")).to_have_text(HINDSIGHT, timeout=60_000)
    fair = review.locator("p").first
    expect(fair).to_have_text(re.compile(r"^(Move \d+|No mistake you could have seen)"))
    assert review.locator("ol.mistakes").count() == 0
    assert review.locator("ol.better-line").count() == 0
    folded = review.locator("details.review-all")
    folded.locator("summary").click()
    third = folded.locator("li").nth(2)
    expect(third).to_have_text(
        re.compile(r"^3\. 2♦ from column \d — .*after it, no line could clear the tableau$")
    )
    expect(third).to_have_class(re.compile(r"\blost-clear\b"))
    expect(folded.locator("li").first).to_have_text(re.compile(r"^1\. [^:]+( — .+)?$"))
    assert folded.locator("li.lost-clear").count() == 1


def test_the_end_screen_gives_the_partial_review_on_a_desktop(page: Page) -> None:
    play_and_review(page)
    check_review(page)
    shot(page, "partial-review-desktop")


def test_the_end_screen_gives_the_partial_review_on_a_phone(phone: Page) -> None:
    play_and_review(phone)
    check_review(phone)
    shot(phone, "partial-review-phone")
