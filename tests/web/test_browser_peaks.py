"""The covering layouts in the browser: peaks and pyramids as overlapping rows with backs for
face-down cards, played by click and by key, on a desktop and on a phone; no face-down card
ever reaches the page."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from golf_solitaire import Deal, Play, Rules, solve
from tests.web.chromium import moves, open_deal, shot


def hidden_codes(number: int, preset: str, shown: set[str]) -> set[str]:
    """The notation of every card of the deal's tableau not among ``shown``."""
    deal = Deal.numbered(number, Rules.named(preset))
    return {str(column[0]) for column in deal.columns} - shown


def page_codes(page: Page) -> set[str]:
    codes: list[str] = page.eval_on_selector_all(
        ".peaks .card", "cards => cards.map(card => card.dataset.code || '')"
    )
    return {code for code in codes if code}


def test_tripeaks_draws_three_peaks_with_backs_and_plays_by_click_and_key(page: Page) -> None:
    open_deal(page, 1, "tripeaks")
    expect(page.locator(".peaks .card.back")).to_have_count(18)
    expect(page.locator(".peaks button.card.exposed")).to_have_count(10)
    expect(page.locator(".keys")).to_contain_text("1–9 play the free cards from the left")
    shot(page, "tripeaks-start")
    html = page.content()
    for code in hidden_codes(1, "tripeaks", page_codes(page)):
        assert f'data-code="{code}"' not in html and f'"{code}"' not in html, code
    # 3♣ is position 24 (index 23): a click plays it; then a free card by its place from the left
    # (4♣, by key 6: the sixth free card now that 3♣ is gone) follows it.
    page.locator('.peaks button[data-column="23"]').click()
    expect(page.locator("#status-moves")).to_have_text("1")
    page.keyboard.press("6")
    expect(page.locator("#status-moves")).to_have_text("2")
    # 3♣ and 4♣ gone, the card they covered turns over: 17 backs left.
    expect(page.locator(".peaks .card.back")).to_have_count(17)
    assert moves(page) is not None
    label = page.locator(".peaks .card.back").first.get_attribute("aria-label")
    assert label is not None and label.startswith("face-down card")
    shot(page, "tripeaks-two-moves")


def test_a_face_down_card_says_why_it_cannot_be_played(page: Page) -> None:
    open_deal(page, 2, "elevator")
    expect(page.locator(".peaks .card.back")).to_have_count(21)
    page.locator(".peaks .card.back").first.click(force=True)
    expect(page.locator("#message")).to_contain_text("face down")
    shot(page, "elevator-start")


def test_the_pyramid_fits_a_phone(phone: Page) -> None:
    open_deal(phone, 3, "escalator")
    expect(phone.locator(".peaks .card")).to_have_count(28)
    box = phone.locator(".peaks").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    shot(phone, "escalator-phone")
    open_deal(phone, 3, "tripeaks")
    expect(phone.locator(".peaks .card.back")).to_have_count(18)
    box = phone.locator(".peaks").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    shot(phone, "tripeaks-phone")


def test_a_tripeaks_deal_played_to_a_clear_by_the_solvers_line_and_reviewed(page: Page) -> None:
    """The solver's best line, clicked and drawn through the page, clears the peaks; the end
    dialog says so and the review names moves by card and position."""
    deal = Deal.numbered(4, Rules.named("tripeaks"))
    line = solve(deal, optimal=True).line
    open_deal(page, 4, "tripeaks")
    for count, move in enumerate(line, start=1):
        if isinstance(move, Play):
            page.locator(f'.peaks button[data-column="{move.column}"]').click()
        else:
            page.keyboard.press("d")
        expect(page.locator("#status-moves")).to_have_text(str(count))
    expect(page.locator("#end-dialog")).to_be_visible()
    expect(page.locator(".peaks .card")).to_have_count(0)
    page.click("#end-review-btn")
    entries = page.locator("#end-review details.review-all li")
    expect(entries.first).to_contain_text("(card ", timeout=30_000)
    assert entries.count() == len(line)
    shot(page, "tripeaks-cleared-review")
