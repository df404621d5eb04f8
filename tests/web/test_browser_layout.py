"""The pages fit the screen in real Chromium: at 1280×800 the header is one row in every
language and the key line in sight; on a phone (390×844, touch) the table comes first, with
larger cards, Black Hole's 17 fans all in sight, and the competition page no wider than it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from golf_solitaire.i18n import LANGUAGES, catalog
from tests.web.chromium import open_deal, shot

pytestmark = pytest.mark.browser

BOX = """selector => {
  const b = document.querySelector(selector).getBoundingClientRect();
  return {x: b.x, y: b.y, right: b.right, bottom: b.bottom, width: b.width, height: b.height};
}"""
"""The box of the element a selector finds, in the window's pixels."""


@pytest.fixture
def desktop(browser: Browser, server: str) -> Iterator[Page]:
    """A desktop window of 1280×800."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, base_url=server)
    yield context.new_page()
    context.close()


def test_the_header_is_one_row_in_every_language(desktop: Page) -> None:
    """…and the key line stays on the screen; the rules' notes are in the page's language."""
    for lang in LANGUAGES:
        desktop.goto(f"/?deal=2&rules=strict&lang={lang}")
        expect(desktop.locator("body.ready")).to_be_attached()
        texts = catalog(lang)
        expect(desktop.locator("#btn-undo")).to_have_text(texts["web.controls.undo"])
        assert desktop.evaluate(BOX, ".topbar")["height"] <= 60, lang
        assert desktop.evaluate(BOX, ".keys")["bottom"] <= 800, lang
        assert desktop.evaluate("document.documentElement.scrollWidth") <= 1280, lang
        strict = desktop.locator('#select-rules option[value="queens-on-kings"]')
        note = (
            f"{texts['preset.queens-on-kings.summary']} {texts['preset.queens-on-kings.elsewhere']}"
        )
        expect(strict).to_have_attribute("title", note)
        shot(desktop, f"header-{lang}")


def test_a_phone_shows_the_table_first(phone: Page) -> None:
    for lang in LANGUAGES:
        phone.goto(f"/?deal=2&rules=strict&lang={lang}")
        expect(phone.locator("body.ready")).to_be_attached()
        assert phone.evaluate(BOX, ".topbar")["height"] <= 56, lang
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390, lang
    card = phone.evaluate(BOX, '.card.exposed[data-column="6"]')
    assert card["width"] >= 50 and card["right"] <= 390
    assert phone.evaluate(BOX, "#stock")["bottom"] <= 844 / 2 + 40
    # The menu opens by touch over the table, inside the screen, and closes on a tap outside.
    phone.tap("#btn-menu")
    panel = phone.locator("#menu-panel")
    expect(panel).to_be_visible()
    box = phone.evaluate(BOX, "#menu-panel")
    assert box["x"] >= 0 and box["right"] <= 390
    shot(phone, "phone-menu")
    phone.touchscreen.tap(195, box["bottom"] + 30)
    expect(panel).to_be_hidden()
    shot(phone, "phone-table")


def test_black_hole_on_a_phone_shows_all_seventeen_fans(phone: Page) -> None:
    open_deal(phone, 3, "black-hole")
    for column in range(17):
        box = phone.evaluate(BOX, f'.card.exposed[data-column="{column}"]')
        assert box["x"] >= 0 and box["right"] <= 390, column
        assert box["bottom"] <= 844, column
        assert box["width"] >= 34, column
    tableau = phone.locator("#tableau")
    assert tableau.evaluate("t => t.scrollWidth <= t.clientWidth")
    shot(phone, "phone-black-hole")


def test_the_competition_page_fits_a_phone(phone: Page) -> None:
    phone.goto("/competition")
    phone.fill("#create-name", "Phone")
    phone.select_option("#create-holes", "18")
    phone.click("#create-form button[type=submit]")
    expect(phone.locator("#comp-code")).not_to_be_empty()
    phone.fill("#join-name", "Ann with a long name")
    phone.click("#join-form button[type=submit]")
    expect(phone.locator("#play-hole")).to_have_text("Hole 1 of 18")
    expect(phone.locator("#board-table tbody tr")).to_have_count(1)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.evaluate(BOX, ".board")["right"] <= 390
    assert phone.evaluate(BOX, '#tableau .column[data-index="6"]')["right"] <= 390
    shot(phone, "phone-competition")
