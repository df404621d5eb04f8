"""The game in real Chromium (Debian's /usr/bin/chromium) against a real server.

Screenshots of the main screens are saved under tests/artifacts/ (ignored by git).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from golf_solitaire import Deal, Rules
from golf_solitaire.solver import first_rated
from tests.reference import verdicts
from tests.web.chromium import column_codes, held_new_game, moves, open_deal, open_menu, shot

pytestmark = pytest.mark.browser


def test_win_a_known_deal_by_clicking_the_reference_line(page: Page) -> None:
    line = verdicts("strict")[2].solution
    assert line
    open_deal(page, 2)
    shot(page, "start")
    for count, token in enumerate(line, start=1):
        where = token.split(":")[0]
        if where == "T":
            page.click("#stock")
        else:
            page.click(f'.card.exposed[data-column="{where}"]')
        moves(page).to_have_text(str(count))
    dialog = page.locator("#end-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#end-title")).to_contain_text("Cleared!")
    expect(page.locator("#end-verdict")).not_to_have_text(
        "Asking the solver about this deal…", timeout=30_000
    )
    shot(page, "won")
    page.click("#end-review-btn")
    # A perfect game with the stock known: no mistakes, no better line, its moves folded
    # away; the fair judgement (what the player could see) comes first, the hindsight apart.
    expect(page.locator("#end-review p.hindsight")).to_have_text(
        re.compile(r"^With the stock known: no mistake"), timeout=30_000
    )
    expect(page.locator("#end-review ol.mistakes")).to_have_count(0)
    expect(page.locator("#end-review details.review-all li").first).to_be_hidden()
    page.click("#end-close")
    open_menu(page)
    page.click("#btn-stats")
    expect(page.locator("#stats-body table")).to_contain_text("Strict")
    shot(page, "statistics")


def test_drag_a_card_to_the_waste(page: Page) -> None:
    open_deal(page, 2)
    page.drag_and_drop('.card.exposed[data-column="4"]', "#waste")
    moves(page).to_have_text("1")
    expect(page.locator("#waste .card").last).to_have_attribute("data-code", "AH")
    page.drag_and_drop('.card.exposed[data-column="1"]', "#tableau .column >> nth=3")
    moves(page).to_have_text("1")


def test_an_illegal_click_shows_the_reason(page: Page) -> None:
    open_deal(page, 2)
    page.click('.card.exposed[data-column="0"]')
    message = page.locator("#message")
    expect(message).to_have_text(
        "6♠ cannot go on 2♠: a card must be one rank above or below the waste card"
    )
    expect(message).to_have_class("message error")
    moves(page).to_have_text("0")
    page.click('.card[data-column="0"][data-row="0"]', position={"x": 12, "y": 10})
    expect(message).to_contain_text("Q♦ is covered")
    shot(page, "refused")


def test_undo_and_redo_by_buttons_and_keys(page: Page) -> None:
    open_deal(page, 2)
    page.keyboard.press("5")
    moves(page).to_have_text("1")
    page.keyboard.press("Space")
    moves(page).to_have_text("2")
    expect(page.locator("#stock-count")).to_have_text("15")
    page.keyboard.press("u")
    moves(page).to_have_text("1")
    page.keyboard.press("Control+z")
    moves(page).to_have_text("0")
    page.click("#btn-redo")
    moves(page).to_have_text("1")
    page.keyboard.press("y")
    moves(page).to_have_text("2")
    expect(page.locator("#btn-redo")).to_be_disabled()
    page.click("#btn-undo")
    moves(page).to_have_text("1")


def test_reload_resumes_the_game(page: Page) -> None:
    open_deal(page, 2)
    for key in ["5", "Space", "2"]:
        page.keyboard.press(key)
    moves(page).to_have_text("3")
    before = column_codes(page)
    page.reload()
    moves(page).to_have_text("3")
    assert column_codes(page) == before
    expect(page.locator("#stock-count")).to_have_text("15")


def test_a_first_visit_and_a_return_ask_nothing_that_fails(page: Page) -> None:
    failed: list[str] = []
    page.on(
        "response",
        lambda reply: failed.append(f"{reply.status} {reply.url}") if reply.status >= 400 else None,
    )
    page.goto("/")
    expect(page.locator("body.ready")).to_be_attached()
    moves(page).to_have_text("0")
    page.keyboard.press("Space")
    moves(page).to_have_text("1")
    page.reload()
    expect(page.locator("body.ready")).to_be_attached()
    moves(page).to_have_text("1")
    assert not failed, failed


JOIN_AND_MOVE = """async (token) => {
  const call = async (path, body) => {
    const reply = await fetch(path, {method: "POST", body: JSON.stringify(body || {}),
      headers: {"Content-Type": "application/json", "X-Golf-Token": token}});
    if (!reply.ok) throw new Error(`${path}: ${reply.status} ${await reply.text()}`);
    return reply.json();
  };
  const {code} = await call("/api/competitions", {name: "Same token", holes: 3});
  await call(`/api/competitions/${code}/players`, {name: "Ann"});
  const {game} = await call(`/api/competitions/${code}/play`);
  await call(`/api/competition-games/${game.game_id}/moves`, {move: "d", index: 0});
  return game.game_id;
}"""


def test_a_competition_game_is_never_resumed(page: Page) -> None:
    """The same token in a competition, its game's id kept as the page's game: a reload
    resumes the casual game, never the competition's."""
    open_deal(page, 2)
    page.keyboard.press("5")
    moves(page).to_have_text("1")
    token = page.evaluate("localStorage.getItem('golf.token')")
    game_id = page.evaluate(JOIN_AND_MOVE, token)
    page.evaluate("id => localStorage.setItem('golf.game', id)", game_id)
    page.reload()
    expect(page.locator("#status-deal")).to_have_text("Deal 2")
    moves(page).to_have_text("1")


def test_a_deal_link_opens_that_deal(page: Page) -> None:
    page.goto("/?deal=1234&rules=putt-putt")
    expect(page.locator("#status-deal")).to_have_text("Deal 1234")
    expect(page.locator("#status-rules")).to_have_text("Putt-Putt")
    deal = Deal.numbered(1234, Rules.named("putt-putt"))
    assert column_codes(page) == [[str(card) for card in column] for column in deal.columns]
    expect(page.locator("#select-rules")).to_have_value("putt-putt")
    page.click("#btn-new")
    expect(page.locator("#status-deal")).to_have_text("Deal 1235")
    assert "deal=1235" in page.url and "rules=putt-putt" in page.url


def test_winnable_deals_only(page: Page) -> None:
    """Ticking the box deals the first winnable deal from the current number; New game goes
    on to the next winnable one; the link carries the option, and a typed "+" works too."""
    clearable = [number for number, verdict in verdicts("strict").items() if verdict.solved]
    open_deal(page, 3)
    open_menu(page)
    page.check("#check-winnable")
    expect(page.locator("#status-deal")).to_have_text("Deal 5")
    expect(page.locator("#status-rules")).to_have_text("Strict (winnable only)")
    assert "rules=strict%2Bwinnable_only" in page.url
    # While the server looks for the next winnable deal, the page says so (the answer is held).
    with held_new_game(page):
        page.click("#btn-new")
        expect(page.locator("#message")).to_have_text("Looking for a deal the solver can clear…")
    expect(page.locator("#status-deal")).to_have_text(f"Deal {clearable[clearable.index(5) + 1]}")
    expect(page.locator("#message")).to_be_empty()
    page.goto("/?deal=1&rules=putt-putt+winnable_only")
    expect(page.locator("#status-rules")).to_have_text("Putt-Putt (winnable only)")
    expect(page.locator("#select-rules")).to_have_value("putt-putt")
    expect(page.locator("#check-winnable")).to_be_checked()
    open_menu(page)
    page.uncheck("#check-winnable")
    expect(page.locator("#status-rules")).to_have_text("Putt-Putt")
    shot(page, "winnable")


def test_replay_before_the_first_game_has_come_does_nothing(page: Page) -> None:
    """A click on Replay while the first game is still on its way is no error (the page
    fixture fails on any script error)."""
    with held_new_game(page):
        page.goto("/?deal=7&rules=strict")
        page.click("#btn-replay")
    expect(page.locator("#status-deal")).to_have_text("Deal 7")


def test_deals_of_a_chosen_level(page: Page) -> None:
    """With a difficulty chosen, New game deals the first deal from the next number that the
    solver rates so, saying meanwhile that it is looking; the choice outlives a reload, and a
    replay keeps the deal in hand."""
    open_deal(page, 1)
    open_menu(page)
    page.select_option("#select-level", "hard")
    expect(page.locator("#status-deal")).to_have_text("Deal 1")
    with held_new_game(page):
        page.click("#btn-new")
        expect(page.locator("#message")).to_have_text("Looking for a deal the solver rates hard…")
    expect(page.locator("#status-deal")).to_have_text("Deal 12")
    expect(page.locator("#message")).to_be_empty()
    page.reload()
    expect(page.locator("#select-level")).to_have_value("hard")
    expect(page.locator("#status-deal")).to_have_text("Deal 12")
    page.click("#btn-replay")
    expect(page.locator("#status-deal")).to_have_text("Deal 12")
    open_menu(page)
    page.select_option("#select-lang", "fr")
    open_menu(page)
    page.select_option("#select-level", "easy")
    expect(page.locator("#select-level option:checked")).to_have_text("Facile")
    easy = first_rated(13, Rules(), "easy").deal.number
    page.click("#btn-new")
    expect(page).to_have_url(re.compile(rf"[?&]deal={easy}(&|$)"))
    shot(page, "level")


def test_cards_have_spoken_names_and_a_hint_is_honest(page: Page) -> None:
    open_deal(page, 2)
    exposed = page.locator('.card.exposed[data-column="4"]')
    expect(exposed).to_have_attribute("aria-label", "ace of hearts, column 5, playable")
    expect(page.locator('.card.exposed[data-column="0"]')).to_have_attribute(
        "aria-label", "six of spades, column 1, exposed, cannot go on the waste now"
    )
    expect(page.locator("#stock")).to_have_attribute("aria-label", "Stock, 16 cards left: draw one")
    page.keyboard.press("h")
    # The hint searches stock orders for a set number of positions: slow on a busy machine.
    expect(page.locator("#message")).not_to_be_empty(timeout=30_000)
    available = page.evaluate("fetch('/api/meta/analysis').then(r => r.json())")["available"]
    if not available:
        expect(page.locator("#message")).to_contain_text("solver is not installed")


def test_switching_the_language(page: Page) -> None:
    open_deal(page, 2)
    open_menu(page)
    page.select_option("#select-lang", "it")
    expect(page.locator("#btn-undo")).to_have_text("Annulla")
    expect(page.locator("html")).to_have_attribute("lang", "it")
    expect(page.locator('.card.exposed[data-column="4"]')).to_have_attribute(
        "aria-label", "asso di cuori, colonna 5, giocabile"
    )
    page.click('.card.exposed[data-column="0"]')
    expect(page.locator("#message")).to_contain_text("6♠ non")
    shot(page, "italian")
    page.reload()
    expect(page.locator("#btn-undo")).to_have_text("Annulla")
    open_menu(page)
    page.select_option("#select-lang", "nl")
    expect(page.locator("#btn-hint")).to_have_text("Tip")
    open_menu(page)
    page.click("#link-rules")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.locator("h1")).to_have_text("Zo speel je Golf")
    page.click("#rule-book")
    expect(page.locator("h1")).to_contain_text("Golf Patience")


def test_the_browser_language_is_the_default(browser: Browser, server: str) -> None:
    context = browser.new_context(locale="es-ES", base_url=server)
    page = context.new_page()
    page.goto("/?deal=3")
    expect(page.locator("#btn-undo")).to_have_text("Deshacer")
    context.close()


def test_a_round_keeps_a_score_card_and_four_colours(page: Page) -> None:
    open_deal(page, 2)
    open_menu(page)
    page.click("#btn-round9")
    card = page.locator("#scorecard")
    expect(card).to_be_visible()
    expect(page.locator("#status-deal")).to_contain_text("Hole 1 of 9")
    expect(page.locator("#scorecard-table tr")).to_have_count(3)
    open_menu(page)
    page.check("#check-four")
    expect(page.locator("body")).to_have_class(re.compile(r"\bfour-colour\b"))
    shot(page, "round")


def test_black_holes_seventeen_fans_fit_the_screen(page: Page) -> None:
    page.goto("/?deal=3&rules=black-hole")
    expect(page.locator("#status-rules")).to_have_text("Black Hole")
    boxes = [
        page.locator(f'.card.exposed[data-column="{column}"]').bounding_box()
        for column in range(17)
    ]
    assert all(box is not None for box in boxes)
    assert min(box["x"] for box in boxes if box) >= 0
    assert max(box["x"] + box["width"] for box in boxes if box) <= 1280
    assert min(box["width"] for box in boxes if box) >= 38
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    expect(page.locator(".keys")).to_contain_text("1–9 play the first nine fans")
    expect(page.locator(".keys")).not_to_contain_text("Space draws")
    shot(page, "black-hole")
    page.goto("/?deal=3&rules=strict")
    expect(page.locator(".keys")).to_contain_text("1–7 play a column · Space draws")


def test_a_phone_in_portrait(phone: Page) -> None:
    page = phone
    open_deal(page, 2)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390
    box = page.locator('.card.exposed[data-column="6"]').bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390 and box["width"] >= 38
    page.tap('.card.exposed[data-column="4"]')
    moves(page).to_have_text("1")
    page.tap("#stock")
    moves(page).to_have_text("2")
    shot(page, "phone")
