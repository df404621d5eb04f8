"""Accessibility in real Chromium: keyboard focus order and visible focus, four-colour suits,
spoken card names in every language, and the rules page in each language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.chromium import moves, open_deal, open_menu, shot

pytestmark = pytest.mark.browser

FOCUS_DESCRIPTION = """() => {
  const element = document.activeElement;
  const style = getComputedStyle(element);
  return {
    id: element.id,
    column: element.dataset.column ?? null,
    outline: style.outlineStyle === "none" ? 0 : parseFloat(style.outlineWidth),
  };
}"""


def test_tab_goes_through_menu_cards_stock_and_controls_with_visible_focus(page: Page) -> None:
    open_deal(page, 2)
    page.locator("body").focus()
    seen = []
    for _ in range(40):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUS_DESCRIPTION)
        seen.append(focused["column"] if focused["column"] is not None else focused["id"])
        assert focused["outline"] >= 2, focused  # the focus ring shows on every stop
        if focused["id"] == "btn-hint":
            break
    # The header's buttons (the rest is folded behind the menu), the exposed cards in column
    # order, the stock, then the enabled controls (no undo yet).
    assert seen == [
        "btn-new",
        "btn-replay",
        "btn-daily",
        "btn-menu",
        *"0123456",
        "stock",
        "btn-hint",
    ]
    for _ in range(4):
        page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS_DESCRIPTION)["column"] == "4"
    shot(page, "focus")
    menu_by_keys(page)
    page.keyboard.press("Enter")
    moves(page).to_have_text("1")
    expect(page.locator("#waste .card").last).to_have_attribute("data-code", "AH")
    # The focus stays in its column, on the card the play exposed: Tab users keep their place.
    expect(page.locator('#tableau button[data-column="4"]')).to_be_focused()
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUS_DESCRIPTION)["column"] == "5"


def menu_by_keys(page: Page) -> None:
    """The menu opens from its button with Enter, takes the focus, lets Tab reach every
    setting, and Escape closes it with the focus back on its button."""
    page.focus("#btn-menu")
    page.keyboard.press("Enter")
    expect(page.locator("#menu-panel")).to_be_visible()
    seen = []
    for _ in range(9):
        seen.append(page.evaluate("document.activeElement.id"))
        page.keyboard.press("Tab")
    seen.append(page.evaluate("document.activeElement.id"))
    assert {"btn-stats", "select-rules", "select-lang", "check-four"} <= set(seen), seen
    page.keyboard.press("Escape")
    expect(page.locator("#menu-panel")).to_be_hidden()
    expect(page.locator("#btn-menu")).to_be_focused()
    page.focus('#tableau button[data-column="4"]')


def suit_colours(page: Page) -> dict[str, str]:
    colours: dict[str, str] = page.evaluate(
        """() => Object.fromEntries(["H", "D", "C", "S"].map((suit) => {
          const card = document.createElement("div");
          card.className = `card suit-${suit}`;
          document.getElementById("tableau").append(card);
          const colour = getComputedStyle(card).color;
          card.remove();
          return [suit, colour];
        }))"""
    )
    return colours


def test_four_colour_suits_give_every_suit_its_own_colour(page: Page) -> None:
    open_deal(page, 2)
    two = suit_colours(page)
    assert two["H"] == two["D"] and two["C"] == two["S"] and two["H"] != two["S"]
    open_menu(page)
    page.check("#check-four")
    four = suit_colours(page)
    assert len(set(four.values())) == 4
    shot(page, "four-colour")
    page.reload()
    expect(page.locator("#check-four")).to_be_checked()
    expect(page.locator(".card.exposed")).to_have_count(7)
    assert suit_colours(page) == four
    symbols = page.eval_on_selector_all(
        ".card.exposed use", "uses => uses.map(use => use.getAttribute('href'))"
    )
    assert {"#suit-H", "#suit-S"} <= set(symbols)  # each suit also has its own shape


@pytest.mark.parametrize(
    ("language", "name", "heading"),
    [
        ("en", "ace of hearts, column 5, playable", "Golf Solitaire"),
        ("it", "asso di cuori, colonna 5, giocabile", "Golf"),
        ("nl", "harten aas", "Golf Patience"),
        ("es", "as de corazones", "Golf"),
        ("fr", "as de cœur", "Golf"),
    ],
)
def test_spoken_names_and_the_rules_page_in_each_language(
    page: Page, language: str, name: str, heading: str
) -> None:
    page.goto(f"/?deal=2&rules=strict&lang={language}")
    expect(page.locator("html")).to_have_attribute("lang", language)
    card = page.locator('.card.exposed[data-column="4"]')
    expect(card).to_have_attribute("aria-label", re.compile(name))
    open_menu(page)
    page.click("#link-rules")
    expect(page).to_have_url(re.compile(f"/how-to-play/{language}\\?rules=strict$"))
    expect(page.locator("#rule-book")).to_have_attribute("href", f"/rules/{language}")
    page.click("#rule-book")
    expect(page).to_have_url(re.compile(f"/rules/{language}$"))
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("h1")).to_contain_text(heading)
    expect(page.locator("main.rules-book table").first).to_be_visible()
    shot(page, f"rules-{language}")
    page.click(".rules-nav a >> nth=0")
    expect(page.locator("#status-deal")).not_to_be_empty()
