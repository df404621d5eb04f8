"""The game in real Chromium as a player handles it: keys act on the focused control, a hand
in play is never thrown away without asking, a dragged card stays in sight, and no message
outlives the game it was about. Desktop with the mouse and keys, a phone with touch."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.chromium import moves, open_deal, open_menu

pytestmark = pytest.mark.browser


def test_space_and_enter_act_on_the_focused_control(page: Page) -> None:
    """Space on a focused card plays that card, on New game starts one; only with nothing
    focused does Space draw."""
    open_deal(page, 2)
    page.focus('.card.exposed[data-column="4"]')
    page.keyboard.press("Space")
    moves(page).to_have_text("1")
    expect(page.locator("#waste .card").last).to_have_attribute("data-code", "AH")
    expect(page.locator("#stock-count")).to_have_text("16")
    page.focus("#btn-undo")
    page.keyboard.press("Space")
    moves(page).to_have_text("0")
    expect(page.locator("#stock-count")).to_have_text("16")
    page.focus("#btn-new")
    page.keyboard.press("Space")
    expect(page.locator("#status-deal")).to_have_text("Deal 3")
    moves(page).to_have_text("0")
    expect(page.locator("#stock-count")).to_have_text("16")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Space")
    moves(page).to_have_text("1")
    expect(page.locator("#stock-count")).to_have_text("15")


def test_a_hand_in_play_is_kept_unless_the_player_gives_it_up(page: Page) -> None:
    """New game, the daily deal, a rules change or a deal link ask first when moves are made;
    keeping the hand changes nothing, giving it up starts the new one."""
    open_deal(page, 2)
    page.keyboard.press("5")
    moves(page).to_have_text("1")
    ask = page.locator("#leave-dialog")
    starts: list[Callable[[], None]] = [
        lambda: page.click("#btn-new"),
        lambda: page.click("#btn-daily"),
        lambda: other_rules(page),
    ]
    for start in starts:
        start()
        expect(ask).to_be_visible()
        expect(ask).to_contain_text("counts as a loss")
        page.click("#leave-keep")
        expect(ask).to_be_hidden()
        expect(page.locator("#status-deal")).to_have_text("Deal 2")
        moves(page).to_have_text("1")
        expect(page.locator("#select-rules")).to_have_value("strict")
    # A deal link opened mid-hand asks too; keeping the hand keeps its address.
    page.goto("/?deal=40&rules=strict")
    expect(ask).to_be_visible()
    page.click("#leave-keep")
    expect(page.locator("#status-deal")).to_have_text("Deal 2")
    moves(page).to_have_text("1")
    assert "deal=2" in page.url
    # A bad link changes nothing and says what is wrong, in words.
    page.goto("/?deal=-5")
    expect(page.locator("#message")).to_have_text("This link's deal number is not one: -5.")
    expect(page.locator("#status-deal")).to_have_text("Deal 2")
    moves(page).to_have_text("1")
    expect(ask).to_be_hidden()
    page.click("#btn-new")
    page.click("#leave-give-up")
    expect(page.locator("#status-deal")).to_have_text("Deal 3")
    open_menu(page)
    page.click("#btn-stats")
    expect(page.locator("#stats-body table")).to_contain_text("Strict")
    abandoned = page.locator("#stats-body table tr").nth(1).locator("td").last
    expect(abandoned).to_have_text("1")


def other_rules(page: Page) -> None:
    """Choose other rules in the menu."""
    open_menu(page)
    page.select_option("#select-rules", "putt-putt")


def test_no_message_outlives_its_game(page: Page) -> None:
    """A refusal or a hint goes when a new game or other rules come."""
    open_deal(page, 2)
    page.click('.card.exposed[data-column="0"]')
    expect(page.locator("#message")).to_contain_text("cannot go on")
    page.click("#btn-new")
    expect(page.locator("#status-deal")).to_have_text("Deal 3")
    expect(page.locator("#message")).to_be_empty()
    page.click('.card.exposed[data-column="0"]')
    expect(page.locator("#message")).not_to_be_empty()
    open_menu(page)
    page.select_option("#select-rules", "black-hole")
    expect(page.locator("#status-rules")).to_have_text("Black Hole")
    expect(page.locator("#message")).to_be_empty()


SEEN_AT = """([x, y]) => {
  const element = document.elementFromPoint(x, y);
  const card = element && element.closest(".card");
  return card ? card.dataset.code : (element ? element.id || element.className : null);
}"""


def drag_path(page: Page, code: str) -> list[tuple[float, float]]:
    """Points from the card ``code`` down past the tableau's bottom edge and onto the waste."""
    card = page.locator(f'.card.exposed[data-code="{code}"]').bounding_box()
    tableau = page.locator("#tableau").bounding_box()
    waste = page.locator("#waste .card").last.bounding_box()
    assert card and tableau and waste
    start = (card["x"] + card["width"] / 2, card["y"] + card["height"] / 2)
    below = (start[0], tableau["y"] + tableau["height"] + 12)
    onto = (waste["x"] + waste["width"] / 2, waste["y"] + waste["height"] / 2)
    return [start, below, onto]


def test_a_dragged_card_follows_the_mouse_above_everything(page: Page) -> None:
    open_deal(page, 2)
    start, below, onto = drag_path(page, "AH")
    page.mouse.move(*start)
    page.mouse.down()
    for point in (below, onto):
        page.mouse.move(*point, steps=8)
        assert page.evaluate(SEEN_AT, list(point)) == "AH", point
    page.screenshot(path="/tmp/shots/drag-desktop.png")
    page.mouse.up()
    moves(page).to_have_text("1")
    expect(page.locator("#waste .card").last).to_have_attribute("data-code", "AH")
    expect(page.locator(".card.lifted")).to_have_count(0)


def test_a_dragged_card_follows_the_finger(phone: Page) -> None:
    open_deal(phone, 2)
    start, below, onto = drag_path(phone, "AH")
    cdp = phone.context.new_cdp_session(phone)

    def touch(kind: str, point: tuple[float, float] | None) -> None:
        points = [] if point is None else [{"x": point[0], "y": point[1]}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", start)
    for point in (below, onto):
        for step in range(1, 7):
            touch(
                "touchMove",
                (
                    start[0] + (point[0] - start[0]) * step / 6,
                    start[1] + (point[1] - start[1]) * step / 6,
                ),
            )
        start = point
        assert phone.evaluate(SEEN_AT, list(point)) == "AH", point
    phone.screenshot(path="/tmp/shots/drag-phone.png")
    touch("touchEnd", None)
    moves(phone).to_have_text("1")
    expect(phone.locator("#waste .card").last).to_have_attribute("data-code", "AH")
