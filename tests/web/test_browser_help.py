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


def follow_the_games_link(page: Page, server: str, preset: str) -> None:
    """Open deal 2 of ``preset`` and follow the menu's how-to-play link (it names the preset)."""
    open_deal(page, 2, preset)
    open_menu(page)
    page.click("#link-rules")
    expect(page).to_have_url(f"{server}/how-to-play/en?rules={preset}")


def test_how_to_play_is_illustrated_in_every_language(
    page: Page, browser: Browser, server: str
) -> None:
    follow_the_games_link(page, server, "strict")
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


FAMILIES = {
    # a preset of each family: its page's title key and a text that only its family's page has
    "putt-putt": ("web.howto.title", "web.howto.draw"),
    "double-putt": ("web.howto.double_golf.title", "web.howto.double_golf.chain"),
    "black-hole": ("web.howto.black_hole.title", "web.howto.black_hole.play"),
    "all-in-a-row": ("web.howto.all_in_a_row.title", "web.howto.all_in_a_row.play"),
    "tripeaks": ("web.howto.tri_peaks.title", "web.howto.covering.play"),
    "elevator": ("web.howto.elevator.title", "web.howto.covering.play"),
    "escalator": ("web.howto.escalator.title", "web.howto.escalator.play"),
}


@pytest.mark.parametrize("preset", FAMILIES)
def test_how_to_play_describes_the_family_of_the_preset_in_play(
    page: Page, server: str, preset: str
) -> None:
    """The game's link leads to its own family's page, in every language, naming the preset;
    no family's page speaks of another's layout (Golf's seven columns, a stock where there is
    none, the strict King where King and Ace wrap)."""
    title, own = FAMILIES[preset]
    follow_the_games_link(page, server, preset)
    for lang in LANGUAGES:
        texts = catalog(lang)
        page.goto(f"/how-to-play/{lang}?rules={preset}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("h1")).to_have_text(texts[title])
        assert page.title() == texts[title]
        main = page.locator("main")
        expect(main).to_contain_text(texts[own])
        named = texts["web.howto.preset"].format(
            title=texts[f"preset.{preset}.title"], summary=texts[f"preset.{preset}.summary"]
        )
        expect(page.locator("#howto-preset")).to_have_text(named)
        shown = main.inner_text()
        if preset != "putt-putt":
            assert texts["web.howto.goal"] not in shown  # Golf's seven columns
        if preset in ("putt-putt", "double-putt"):
            assert texts["web.howto.chain_wrap"] not in shown
        else:
            assert texts["web.howto.chain"] not in shown  # nothing wraps in strict Golf
        has_stock = preset not in ("black-hole", "all-in-a-row")
        assert (texts["web.howto.draw"] in shown) is has_stock
        assert (texts["web.howto.no_stock"] in shown) is not has_stock
        languages = page.locator("#languages a")
        expect(languages.nth(LANGUAGES.index(lang))).to_have_attribute(
            "href", f"/how-to-play/{lang}?rules={preset}"
        )
    shot(page, f"how-to-play-{preset}-fr")


def test_how_to_play_without_a_known_preset_is_golf(page: Page) -> None:
    """No preset, or one the server does not know, shows Golf's page and names no preset."""
    texts = catalog("nl")
    for query in ("", "?rules=no-such-game", "?rules=%3Cb%3E"):
        page.goto(f"/how-to-play/nl{query}")
        expect(page.locator("body.ready")).to_be_attached()
        expect(page.locator("h1")).to_have_text(texts["web.howto.title"])
        expect(page.locator("main")).to_contain_text(texts["web.howto.goal"])
        expect(page.locator("#howto-preset")).to_be_hidden()
