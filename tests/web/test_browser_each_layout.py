"""Each layout drawn as players know it, in real Chromium: Double Golf's 9 columns of 7, All in
a Row's 13 columns of 4, Black Hole's 17 fans around the hole; every card in sight and as large
as the window allows, on a desktop (1280×800) and a phone (390×844), with keys and
screen-reader labels that fit the layout."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from golf_solitaire import Deal, Rules
from tests.web.chromium import column_codes, moves, open_deal, shot
from tests.web.test_browser_layout import BOX

pytestmark = pytest.mark.browser


@pytest.fixture
def desktop(browser: Browser, server: str) -> Iterator[Page]:
    """A desktop window of 1280×800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server)
    yield context.new_page()
    context.close()


def whole_deal_in_sight(page: Page, width: int, height: int, columns: int) -> float:
    """Assert every card of the first row down to each exposed card lies in the window, with
    no scrolling either way; return the cards' width."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    widths = []
    for column in range(columns):
        box = page.evaluate(BOX, f'.card.exposed[data-column="{column}"]')
        assert box["x"] >= 0 and box["right"] <= width, column
        assert box["bottom"] <= height, column
        widths.append(box["width"])
    stock = page.evaluate(BOX, "#stock")
    assert stock["bottom"] <= height
    return float(min(widths))


def test_double_golf_on_a_desktop_fills_the_window_and_plays_by_keys(desktop: Page) -> None:
    deal = Deal.numbered(1, Rules.named("double-golf"))
    open_deal(desktop, 1, "double-golf")
    assert [len(column) for column in column_codes(desktop)] == [7] * 9
    # Nine columns of seven and the stock below them fit 800 pixels: the cards are sized by
    # the window's height, larger than a width of 980 pixels shared by nine gave (90).
    assert whole_deal_in_sight(desktop, 1280, 800, 9) >= 94
    expect(desktop.locator(".keys")).to_contain_text("1–9 play a column")
    expect(desktop.locator("#stock-count")).to_have_text("40")
    # A card is in the deal twice: the labels still name the one meant, by its column.
    ninth = desktop.locator('.card.exposed[data-column="8"]')
    label = f"{deal.columns[8][-1].name}, column 9, exposed, cannot go on the waste now"
    expect(ninth).to_have_attribute("aria-label", label)
    desktop.keyboard.press("2")  # 9♠ on the 10♦
    moves(desktop).to_have_text("1")
    expect(desktop.locator("#waste .card").last).to_have_attribute("data-code", "9S")
    desktop.keyboard.press("d")
    moves(desktop).to_have_text("2")
    expect(desktop.locator("#stock-count")).to_have_text("39")
    shot(desktop, "double-golf")


def test_double_golf_on_a_phone_shows_all_nine_columns(phone: Page) -> None:
    open_deal(phone, 1, "double-putt")
    assert whole_deal_in_sight(phone, 390, 844, 9) >= 38
    shot(phone, "phone-double-golf")


def test_all_in_a_row_has_its_own_key_line_and_phone_layout(desktop: Page, phone: Page) -> None:
    open_deal(desktop, 2, "all-in-a-row")
    keys = desktop.locator(".keys")
    expect(keys).to_contain_text("the first nine columns")
    expect(keys).not_to_contain_text("fans")
    assert whole_deal_in_sight(desktop, 1280, 800, 13) >= 70
    # The pile is the foundation, named on the table and in words; it starts empty.
    expect(desktop.locator("#waste .pile-label")).to_have_text("Foundation")
    expect(desktop.locator("#waste")).to_have_attribute(
        "aria-label", "Foundation, empty: any free card may start it"
    )
    shot(desktop, "all-in-a-row")
    # On a phone, 7 columns over 6 as PySolFC lays them out: larger cards than 9 over 4.
    open_deal(phone, 2, "all-in-a-row")
    assert whole_deal_in_sight(phone, 390, 844, 13) >= 50
    first, eighth = (phone.evaluate(BOX, f'.card[data-column="{c}"]') for c in (0, 7))
    assert eighth["x"] == first["x"] and eighth["y"] > first["bottom"]
    shot(phone, "phone-all-in-a-row")


def test_black_hole_lays_its_fans_around_the_hole(desktop: Page, phone: Page) -> None:
    for page, width, height, least in ((desktop, 1280, 800, 75), (phone, 390, 844, 55)):
        open_deal(page, 2, "black-hole")
        # The cards are larger than in one row of 17 (41 px) or two of 9 on a phone (39 px).
        assert whole_deal_in_sight(page, width, height, 17) >= least
        # The hole is named as the hole, on the table and in words; no card speaks of a waste.
        expect(page.locator("#waste .pile-label")).to_have_text("Hole")
        expect(page.locator("#waste")).to_have_attribute(
            "aria-label", "The hole, top card ace of spades"
        )
        spoken = page.eval_on_selector_all(
            "#tableau .card.exposed", "cards => cards.map(card => card.ariaLabel)"
        )
        blocked = [label for label in spoken if not label.endswith(", playable")]
        assert blocked and all(label.endswith("cannot go into the hole now") for label in blocked)
        assert not [label for label in spoken if "waste" in label]
        hole = page.evaluate(BOX, "#waste")
        assert page.locator("#tableau #waste").count() == 1
        middle_x = hole["x"] + hole["width"] / 2
        middle_y = hole["y"] + hole["height"] / 2
        fans = [page.evaluate(BOX, f"#tableau .column:nth-child({n + 1})") for n in range(17)]
        assert any(fan["right"] <= hole["x"] for fan in fans)  # fans left of the hole,
        assert any(fan["x"] >= hole["right"] for fan in fans)  # right of it,
        assert any(
            fan["bottom"] <= middle_y and fan["x"] <= middle_x <= fan["right"] for fan in fans
        )
        assert any(fan["y"] >= middle_y and fan["x"] <= middle_x <= fan["right"] for fan in fans)
        # A fan's cards spread sideways, each one's rank in sight.
        first, second = (
            page.evaluate(BOX, f'.card[data-column="0"][data-row="{r}"]') for r in (0, 1)
        )
        assert second["y"] == first["y"] and second["x"] - first["x"] >= 0.35 * first["width"]
        page.keyboard.press("2")  # the 2♠ of fan 2 on the A♠
        moves(page).to_have_text("1")
        expect(page.locator("#waste .card").last).to_have_attribute("data-code", "2S")
    shot(desktop, "black-hole")
    shot(phone, "phone-black-hole-around")


@pytest.mark.parametrize("preset", ["elevator", "escalator", "tripeaks"])
def test_peaks_and_pyramids_fit_a_desktop_window_with_their_stock(
    desktop: Page, preset: str
) -> None:
    """The seven rows of a pyramid (or TriPeaks' four), the stock and the waste all lie in a
    window of 1280×800 with no scrolling, the stock and waste at the table's card size."""
    open_deal(desktop, 3, preset)
    assert desktop.evaluate("document.documentElement.scrollHeight") <= 800
    cards = desktop.eval_on_selector_all(
        ".peaks .card", "cards => cards.map(card => card.getBoundingClientRect().bottom)"
    )
    assert len(cards) == 28
    stock, waste = (desktop.evaluate(BOX, selector) for selector in ("#stock", "#waste .card"))
    assert max(cards) <= stock["y"] and stock["bottom"] <= 800 and waste["bottom"] <= 800
    card = desktop.evaluate(BOX, ".peaks .card")
    assert card["width"] >= 74 and abs(stock["width"] - card["width"]) <= 1
    shot(desktop, f"{preset}-desktop")
