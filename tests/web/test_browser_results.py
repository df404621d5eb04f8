"""Results in real Chromium: the verdict and review of a lost hand, fair statistics, and the
daily deals (each day's best kept, past days played again and marked unranked)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from playwright.sync_api import Page, expect

from golf_solitaire import daily_number
from tests.reference import verdicts
from tests.web.chromium import moves, open_deal, open_menu, shot

pytestmark = pytest.mark.browser


TABLE = """() => document.body.classList.contains("over") ? null : {
  moves: document.querySelector("#status-moves").textContent,
  column: document.querySelector(".card.exposed.playable")?.dataset.column ?? null,
  stock: !document.querySelector("#stock").disabled,
}"""
"""What the page shows of the hand in play (null once it is over)."""


def play_until_over(page: Page) -> None:
    """Draw while there is a stock, then play any column, until the hand is over."""
    for _ in range(60):
        table = page.evaluate(TABLE)
        if table is None:
            return
        page.keyboard.press("d" if table["stock"] else str(int(table["column"]) + 1))
        moves(page).not_to_have_text(table["moves"])
    raise AssertionError("the hand did not end")


def test_a_lost_hand_gets_the_solvers_verdict_and_a_review(page: Page) -> None:
    assert not verdicts("strict")[1].solved
    open_deal(page, 1)
    play_until_over(page)
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator("#end-title")).not_to_be_empty()
    expect(page.locator("#end-verdict")).to_contain_text(
        "No play could clear this deal", timeout=30_000
    )
    page.click("#end-review-btn")
    entries = page.locator("#end-review details.review-all li")
    expect(entries.first).to_contain_text(
        re.compile(r"^1\. .+: best score \d+ → \d+"), timeout=30_000
    )
    assert entries.count() == int(page.locator("#status-moves").inner_text())
    expect(page.locator("#end-review-btn")).to_be_hidden()  # reviewed once: no second wait
    shot(page, "lost-review")
    page.click("#end-close")
    # Undo is off once the hand is over: its key does nothing either (no red message).
    expect(page.locator("#btn-undo")).to_be_disabled()
    page.keyboard.press("u")
    page.keyboard.press("Control+z")
    expect(page.locator("#message")).to_be_empty()


def test_the_review_shows_draws_the_mistakes_and_a_better_line_with_the_rest_folded(
    page: Page,
) -> None:
    """Deal 2: two draws, then the 9♠ played on the 10♠ (move 3, the first mistake)."""
    open_deal(page, 2)
    for key in ("d", "d", "6"):
        page.keyboard.press(key)
    moves(page).to_have_text("3")
    play_until_over(page)
    expect(page.locator("#end-dialog")).to_be_visible()
    page.click("#end-review-btn")
    review = page.locator("#end-review")
    # The review judges every move by what the player saw (up to 5 s of fair hints) first.
    expect(review).to_contain_text("Move 3 was the first that threw strokes away.", timeout=30_000)
    mistakes = review.locator("ol.mistakes li")
    expect(mistakes.first).to_have_text(re.compile(r"^3\. 9♠ from column 6: best score 0 → [1-9]"))
    line = review.locator("ol.better-line li")
    expect(line.first).to_have_text("draw 9♥")
    assert line.count() > 10
    folded = review.locator("details.review-all")
    expect(folded).not_to_have_attribute("open", "")
    expect(folded.locator("li").first).to_be_hidden()
    expect(folded.locator("summary")).to_have_text(
        f"All {page.locator('#status-moves').inner_text()} moves"
    )
    folded.locator("summary").click()
    expect(folded.locator("li").first).to_have_text(
        "1. draw 3♠: best score 0 → 0 — a mistake you could have seen"
    )
    shot(page, "review-mistake")


def test_statistics_count_a_hand_left_unfinished_and_keep_daily_results(page: Page) -> None:
    open_deal(page, 2)
    page.keyboard.press("5")
    moves(page).to_have_text("1")
    page.click("#btn-new")  # deal 3 now: deal 2 was winnable, so leaving it is a loss
    page.click("#leave-give-up")
    expect(page.locator("#status-deal")).to_have_text("Deal 3")
    open_menu(page)
    page.click("#btn-stats")
    table = page.locator("#stats-body table.stats").first
    expect(table.locator("th")).to_contain_text(["Rules", "Games", "Wins"])
    row = table.locator("tr").nth(1)
    expect(row.locator("td")).to_have_text(["Strict", "1", "0", "0%", "–", "–", "0", "0", "1"])
    expect(page.locator("#stats-body")).to_contain_text("unless the solver proves")
    day = "2026-11-02"
    page.fill("#daily-date", day)
    page.click(".daily-picker button")
    expect(page.locator("#stats-dialog")).to_be_hidden()
    label = page.locator("#status-deal")
    expect(label).to_have_text(f"Daily deal of {day} · past, unranked")
    assert f"deal={daily_number(day)}" in page.url
    play_until_over(page)
    expect(page.locator("#end-dialog")).to_be_visible()
    strokes = page.locator("#status-strokes").inner_text()
    page.click("#end-close")
    open_menu(page)
    page.click("#btn-stats")
    daily_row = page.locator(".dailies-table tr").nth(1)
    expect(daily_row.locator("td").nth(0)).to_have_text(day)
    expect(daily_row.locator("td").nth(2)).to_have_text(str(daily_number(day)))
    expect(daily_row.locator("td").nth(4)).to_have_text(strokes)
    shot(page, "statistics-dailies")
    daily_row.locator("button").click()
    expect(label).to_have_text(f"Daily deal of {day} · past, unranked")
    moves(page).to_have_text("0")
    page.click("#btn-daily")
    today = dt.datetime.now(dt.UTC).date().isoformat()
    expect(label).to_have_text(f"Daily deal of {today}")
