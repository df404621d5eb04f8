"""Help for players in real Chromium: an illustrated how-to-play page in every language,
reached from the game's menu, with the rule book one link away; and the API's /docs
page working with no network but the server's own."""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from golf_solitaire.i18n import LANGUAGES, catalog
from tests.web.chromium import open_deal, open_menu, shot

pytestmark = pytest.mark.browser


def test_how_to_play_is_illustrated_in_every_language(
    page: Page, browser: Browser, server: str
) -> None:
    open_deal(page, 2)
    open_menu(page)
    page.click("#link-rules")
    expect(page).to_have_url(f"{server}/how-to-play/en")
    for lang in LANGUAGES:
        texts = catalog(lang)
        page.goto(f"/how-to-play/{lang}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("html")).to_have_attribute("lang", lang)
        expect(page.locator("h1")).to_have_text(texts["web.howto.title"])
        expect(page.locator("main")).to_contain_text(texts["web.howto.score"])
        play = page.locator("#figure-play .card")
        expect(play).to_have_count(4)  # the waste card and three beside it, two playable
        expect(page.locator("#figure-play .card.playable")).to_have_count(2)
        expect(play.first.locator(".pip svg.suit.big")).to_have_count(1)
        expect(page.locator("#figure-chain .card")).to_have_count(5)
        expect(page.locator("#rule-book")).to_have_attribute("href", f"/rules/{lang}")
        shot(page, f"how-to-play-{lang}")
    page.click("#rule-book")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator(".rules-book h1")).to_be_visible()
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, base_url=server
    )
    phone = context.new_page()
    phone.goto("/how-to-play/it")
    expect(phone.locator("body.ready")).to_be_attached()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    shot(phone, "how-to-play-phone-it")
    context.close()


@pytest.mark.parametrize(
    ("path", "drawn"), [("/docs", ".swagger-ui .info .title"), ("/redoc", "h1")]
)
def test_the_api_pages_work_offline(page: Page, server: str, path: str, drawn: str) -> None:
    """Every request to another host is refused, as with no network: the page still draws."""
    host = urlparse(server).netloc
    asked: list[str] = []

    def only_the_server(route: Route) -> None:
        if urlparse(route.request.url).netloc == host:
            route.continue_()
        else:
            asked.append(route.request.url)
            route.abort()

    page.route("**/*", only_the_server)
    page.goto("/docs")
    expect(page.locator(".swagger-ui .info .title")).to_contain_text(
        "Golf Solitaire", timeout=15_000
    )
    expect(page.get_by_text("/api/games/{game_id}/moves").first).to_be_attached()
    assert not asked, asked
    shot(page, "api-docs")
